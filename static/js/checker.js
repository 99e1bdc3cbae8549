import { callApi } from "./api.js";
import { announce } from "./dom.js";
import { renderCheckerResult } from "./checker-result.js";
import { capitalize, fmt } from "./text.js";

// The hand checker's card picker: a keyboard-operable grid of the 40 cards that fills the four text fields.
// The text fields stay the source of truth (the form works without this script, as a GET form); the picker only
// reads and writes them. All words come from the page (#picker-text, localized on the server).

const text = JSON.parse(document.getElementById("picker-text").textContent);
const picker = document.getElementById("picker");
const form = document.getElementById("checker-form");
const status = document.getElementById("picker-status");
const fields = [0, 1, 2, 3].map((seat) => document.getElementById(`h${seat}`));
const deckButtons = Array.from(picker.querySelectorAll(".picker-card"));
const rows = Array.from(picker.querySelectorAll(".picker-row")).map((row) => Array.from(row.querySelectorAll(".picker-card")));
const known = new Set(deckButtons.map((button) => button.dataset.code));
const names = Object.fromEntries(deckButtons.map((button) => [button.dataset.code, button.dataset.name]));

function tokens(seat) {
  return fields[seat].value.replace(/,/g, " ").split(/\s+/).filter(Boolean).map((code) => code.toLowerCase());
}

/** Each seat's valid cards, in the order typed; a code already taken by an earlier seat is ignored. */
function hands() {
  const taken = new Set();
  return fields.map((_field, seat) => tokens(seat).filter((code) => {
    if (!known.has(code) || taken.has(code)) return false;
    taken.add(code);
    return true;
  }));
}

function activeSeat() {
  const checked = picker.querySelector('input[name="picker-seat"]:checked');
  return checked ? Number(checked.value) : 0;
}

function setActiveSeat(seat) {
  picker.querySelector(`input[name="picker-seat"][value="${seat}"]`).checked = true;
  render();
}

// A status line starts with the card's name, which the catalogs write in lower case.
function sentence(template, params) {
  return capitalize(fmt(template, params), document.documentElement.lang);
}

function render() {
  const current = hands();
  const owner = new Map();
  current.forEach((codes, seat) => codes.forEach((code) => owner.set(code, seat)));
  for (const button of deckButtons) {
    const code = button.dataset.code;
    const label = button.querySelector(".picker-card__name");
    if (owner.has(code)) {
      button.setAttribute("aria-disabled", "true");
      label.textContent = fmt(text.taken[owner.get(code)], { card: names[code] });
    } else {
      button.removeAttribute("aria-disabled");
      label.textContent = names[code];
    }
  }
  const seat = activeSeat();
  picker.querySelectorAll(".picker-hand").forEach((box) => {
    const boxSeat = Number(box.dataset.seat);
    box.classList.toggle("picker-hand--active", boxSeat === seat);
    const list = box.querySelector(".picker-hand__cards");
    list.replaceChildren(...current[boxSeat].map((code) => removeButton(code, boxSeat)));
  });
}

function removeButton(code, seat) {
  const item = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.code = code;
  button.setAttribute("aria-label", fmt(text.remove[seat], { card: text.in_sentence[code] }));
  const image = document.createElement("img");
  image.src = picker.querySelector(`.picker-card[data-code="${code}"] img`).src;
  image.alt = "";
  button.append(image);
  button.addEventListener("click", () => {
    const remaining = tokens(seat).filter((token) => token !== code);
    fields[seat].value = remaining.join(" ");
    render();
    announce(status, sentence(text.removed[seat], { card: names[code] }));
    focusCard(picker.querySelector(`.picker-card[data-code="${code}"]`));
  });
  item.append(button);
  return item;
}

function take(button) {
  const code = button.dataset.code;
  const current = hands();
  const ownerSeat = current.findIndex((codes) => codes.includes(code));
  if (ownerSeat >= 0) {
    announce(status, sentence(text.taken[ownerSeat], { card: names[code] }));
    return;
  }
  let seat = activeSeat();
  if (current[seat].length >= 4) {
    announce(status, text.full[seat]);
    return;
  }
  fields[seat].value = [...current[seat], code].join(" ");
  const count = current[seat].length + 1;
  let message = sentence(text.added[seat], { card: names[code], count });
  if (count === 4) {
    const seats = [0, 1, 2, 3];
    const after = [...seats.slice(seat + 1), ...seats.slice(0, seat)];  // the other seats, the next one first
    const next = after.find((other) => current[other].length < 4);
    if (next !== undefined) {
      seat = next;
      picker.querySelector(`input[name="picker-seat"][value="${seat}"]`).checked = true;
      message += " " + text.next[seat];
    } else {
      message += " " + text.done;
    }
  }
  render();
  announce(status, message);
}

function focusCard(button) {
  for (const other of deckButtons) other.tabIndex = -1;
  button.tabIndex = 0;
  button.focus();
}

function onKey(event) {
  const button = event.target.closest(".picker-card");
  if (!button) return;
  const row = rows.findIndex((cards) => cards.includes(button));
  const column = rows[row].indexOf(button);
  const last = rows[row].length - 1;
  const moves = {
    ArrowRight: () => [row, column === last ? 0 : column + 1],
    ArrowLeft: () => [row, column === 0 ? last : column - 1],
    ArrowDown: () => [(row + 1) % rows.length, column],
    ArrowUp: () => [(row + rows.length - 1) % rows.length, column],
    Home: () => (event.ctrlKey ? [0, 0] : [row, 0]),
    End: () => (event.ctrlKey ? [rows.length - 1, rows[rows.length - 1].length - 1] : [row, last]),
  };
  if (!(event.key in moves)) return;
  event.preventDefault();
  const [nextRow, nextColumn] = moves[event.key]();
  focusCard(rows[nextRow][nextColumn]);
}

picker.hidden = false;
picker.addEventListener("keydown", onKey);
for (const button of deckButtons) {
  button.addEventListener("click", () => take(button));
  button.addEventListener("focus", () => { for (const other of deckButtons) other.tabIndex = other === button ? 0 : -1; });
}
picker.querySelectorAll('input[name="picker-seat"]').forEach((radio) => radio.addEventListener("change", render));
for (const field of fields) field.addEventListener("input", render);
document.getElementById("picker-clear").addEventListener("click", () => {
  for (const field of fields) field.value = "";
  setActiveSeat(0);
  announce(status, text.cleared);
});
form.addEventListener("submit", (event) => {
  // Normalise what the picker wrote (single spaces) so the shared address stays short and readable.
  for (const field of fields) field.value = field.value.trim().replace(/\s+/g, " ");
  event.preventDefault();
  check();
});

// The answer without reloading the page: the form's fields become a POST /api/explain body (with `odds`), its JSON
// answer is drawn here (the same markup as the page's template), and the address changes to the one the GET form
// would open, so the result can still be bookmarked and shared; going back and forward redraws each address's
// deal. If the API cannot be reached, the form is sent as without this script.
const words = JSON.parse(document.getElementById("result-text").textContent);
const answerBox = document.getElementById("checker-answer");
const LANCES = Array.from(form.querySelectorAll('select[id^="bet_"]'), (select) => select.id.slice("bet_".length));
const FALLBACK = { mano: "0", reyes: "8", target: "40", s0: "0", s1: "0" };  // the form's values when a field is absent
const YES = ["1", "on", "true"];
let asked = 0;  // the latest request: an answer to an earlier one that arrives later is dropped

/** The API body for a deal written as the GET form's query (the names the server's page reads). */
function apiBody(query) {
  const text = (name) => (query.get(name) ?? "").trim();
  const whole = (name, fallback) => (text(name) === "" ? fallback : Number(text(name)));
  const body = {
    hands: [0, 1, 2, 3].map((seat) => text(`h${seat}`).replace(/,/g, " ").split(/\s+/).filter(Boolean)),
    mano: whole("mano", 0), reyes: whole("reyes", 8), target: whole("target", 40),
    real: YES.includes(text("real")), odds: true,
  };
  const scores = [whole("s0", 0), whole("s1", 0)];
  if (scores.some((score) => score !== 0)) body.scores = scores;
  const bets = {};
  for (const lance of LANCES) {
    const result = text(`bet_${lance}`);
    if (!result) continue;
    const bet = { result };
    if (result === "accepted") bet.total = whole(`total_${lance}`, null);
    if (result === "refused" || result === "ordago_refused") {
      bet.team = whole(`team_${lance}`, null);
      bet.deje = whole(`deje_${lance}`, 1);
    }
    bets[lance] = bet;
  }
  if (Object.keys(bets).length) body.bets = bets;
  return body;
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** One odds cell: a bar and the number with its 95% margin. */
function oddsCell(value, text, margin) {
  const cell = element("td");
  const bar = element("meter", "odds-bar");
  Object.assign(bar, { min: 0, max: 1, value });
  bar.setAttribute("aria-hidden", "true");
  cell.append(bar, ` ${text} `, element("span", "margin", `± ${margin}`));
  return cell;
}

function oddsTable(player, odds) {
  const table = element("table", "strength");
  table.append(element("caption", null, fmt(words.caption, { player: player.label })));
  const head = element("tr");
  for (const key of ["lance", "win", "team_win", "points"]) {
    const th = element("th", null, words[key]);
    th.scope = "col";
    head.append(th);
  }
  const body = element("tbody");
  for (const row of odds.lances) {
    const tr = element("tr");
    const th = element("th", null, row.name);
    th.scope = "row";
    const points = element("td", null, `${row.points_text} `);
    points.append(element("span", "margin", `± ${row.points_margin_text}`));
    tr.append(th, oddsCell(row.win, row.win_text, row.win_margin_text),
      oddsCell(row.team_win, row.team_win_text, row.team_margin_text), points);
    body.append(tr);
  }
  table.append(element("thead"), body);
  table.tHead.append(head);
  return table;
}

function playerItem(described, player) {
  const item = element("li", "checker-player");
  item.append(element("h4", null, `${player.label} · ${player.team_label}`));
  const hand = element("ul", "hand");
  hand.setAttribute("aria-label", player.hand_label);
  for (const code of player.cards) {
    const image = element("img", "card");
    Object.assign(image, { src: described.cards[code].src, alt: described.cards[code].name, width: 70, height: 105 });
    const li = element("li");
    li.append(image);
    hand.append(li);
  }
  item.append(hand, element("p", "checker-summary", player.summary), oddsTable(player, described.odds[player.seat]));
  return item;
}

/** The answer first (lance by lance, who wins and why), then each hand's odds: templates/checker.html's markup. */
function resultSection(described) {
  const section = element("section", "checker-result");
  section.id = "result";
  section.setAttribute("aria-labelledby", "result-title");
  const title = element("h2", null, words.result);
  title.id = "result-title";
  section.append(title, element("p", "checker-share", words.share));
  section.append(renderCheckerResult(element("div"), described, { headingLevel: 3 }));
  const deal = element("ul", "checker-deal");
  deal.append(...described.players.map((player) => playerItem(described, player)));
  section.append(element("h3", null, words.odds), element("p", "checker-hint", words.odds_hint), deal);
  return [section, element("h2", "checker-again", words.again)];
}

function errorBox(message) {
  const box = element("div", "checker-error");
  box.id = "checker-error";
  box.setAttribute("role", "alert");
  box.append(element("h2", null, words.error), element("p", null, message));
  return [box];
}

/** Ask the API for the deal in `query` and draw its answer; false when the API could not answer. */
async function show(query) {
  const mine = ++asked;
  const lang = document.documentElement.lang;
  const { status, data: described } = await callApi("POST", "/api/explain", { lang, body: apiBody(query) });
  if ((status !== 200 && status !== 400) || !described) return false;
  if (mine !== asked) return true;
  answerBox.replaceChildren(...(status === 200 ? resultSection(described) : errorBox(described.error)));
  const error = document.getElementById("checker-error");
  if (error) form.setAttribute("aria-describedby", "checker-error");
  else form.removeAttribute("aria-describedby");
  showFirst(document.getElementById("result") ?? error);
  return true;
}

async function check() {
  const query = new URLSearchParams(new FormData(form));
  if (!(await show(query))) {
    form.submit();
    return;
  }
  history.pushState(null, "", `${form.action}?${query}`);
}

/** Focus the answer and bring its start to the top of the screen (a tall result would otherwise scroll to its
 * end). */
function showFirst(element) {
  element.tabIndex = -1;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "start" });
}

/** Back and forward: the form takes the address's deal again and its answer is drawn (none without a deal). */
window.addEventListener("popstate", async () => {
  const query = new URLSearchParams(window.location.search);
  for (const field of form.elements) {
    if (!field.name) continue;
    if (field.type === "checkbox") field.checked = YES.includes(query.get(field.name) ?? "");
    else field.value = query.get(field.name) ?? FALLBACK[field.name] ?? (field.name.startsWith("team_") ? "0" : "");
  }
  for (const select of form.querySelectorAll('select[id^="bet_"]')) select.dispatchEvent(new Event("change"));
  render();
  if (![0, 1, 2, 3].some((seat) => query.get(`h${seat}`)?.trim())) {
    asked++;
    answerBox.replaceChildren();
    form.removeAttribute("aria-describedby");
  } else if (!(await show(query))) {
    window.location.reload();
  }
});
// Each lance's bet shows only the fields its result needs: the tantos of an accepted bet, the team and the deje of
// a refused one (without this script every field shows, and the server ignores those the result does not use).
const NEEDS = { accepted: ["total"], refused: ["team", "deje"], ordago_refused: ["team", "deje"] };
for (const select of form.querySelectorAll('select[id^="bet_"]')) {
  const lance = select.id.slice("bet_".length);
  const update = () => {
    const needed = NEEDS[select.value] ?? [];
    for (const kind of ["total", "team", "deje"]) {
      document.getElementById(`${kind}_${lance}`).closest(".checker-field").hidden = !needed.includes(kind);
    }
  };
  select.addEventListener("change", update);
  update();
}

const result = document.getElementById("result");
if (result && window.location.search) showFirst(result);
render();

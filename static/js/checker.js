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

function format(template, values) {
  return template.replace(/%\((\w+)\)[sd]/g, (_match, key) => String(values[key]));
}

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

function announce(message) {
  status.textContent = "";
  window.setTimeout(() => { status.textContent = message; }, 50);
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
      label.textContent = format(text.taken, { card: names[code], seat: text.seats[owner.get(code)] });
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
  button.setAttribute("aria-label", format(text.remove, { card: names[code], seat: text.seats[seat] }));
  const image = document.createElement("img");
  image.src = picker.querySelector(`.picker-card[data-code="${code}"] img`).src;
  image.alt = "";
  button.append(image);
  button.addEventListener("click", () => {
    const remaining = tokens(seat).filter((token) => token !== code);
    fields[seat].value = remaining.join(" ");
    render();
    announce(format(text.removed, { card: names[code], seat: text.seats[seat] }));
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
    announce(format(text.taken, { card: names[code], seat: text.seats[ownerSeat] }));
    return;
  }
  let seat = activeSeat();
  if (current[seat].length >= 4) {
    announce(format(text.full, { seat: text.seats[seat] }));
    return;
  }
  fields[seat].value = [...current[seat], code].join(" ");
  const count = current[seat].length + 1;
  let message = format(text.added, { card: names[code], seat: text.seats[seat], count });
  if (count === 4) {
    const seats = [0, 1, 2, 3];
    const after = [...seats.slice(seat + 1), ...seats.slice(0, seat)];  // the other seats, the next one first
    const next = after.find((other) => current[other].length < 4);
    if (next !== undefined) {
      seat = next;
      picker.querySelector(`input[name="picker-seat"][value="${seat}"]`).checked = true;
      message += " " + format(text.next, { seat: text.seats[seat] });
    } else {
      message += " " + text.done;
    }
  }
  render();
  announce(message);
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
  announce(text.cleared);
});
form.addEventListener("submit", (event) => {
  // Normalise what the picker wrote (single spaces) so the shared address stays short and readable.
  for (const field of fields) field.value = field.value.trim().replace(/\s+/g, " ");
  event.preventDefault();
  check();
});

// The answer without reloading the page: the same address the GET form would open is fetched, its answer swapped
// in, and the address changes to it (so the result can still be bookmarked and shared). If the fetch fails, the
// form is sent as without this script.
async function check() {
  const query = new URLSearchParams(new FormData(form));
  const url = `${form.action}?${query}`;
  let html;
  try {
    const response = await fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" });
    if (response.status !== 200 && response.status !== 400) throw new Error(String(response.status));
    html = await response.text();
  } catch {
    form.submit();
    return;
  }
  const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("checker-answer");
  if (!fresh) {
    form.submit();
    return;
  }
  const nodes = Array.from(fresh.childNodes).map((node) => document.importNode(node, true));
  document.getElementById("checker-answer").replaceChildren(...nodes);
  history.pushState(null, "", url);
  const error = document.getElementById("checker-error");
  if (error) form.setAttribute("aria-describedby", "checker-error");
  else form.removeAttribute("aria-describedby");
  const shown = document.getElementById("result") ?? error;
  if (shown) showFirst(shown);
}

/** Focus the answer and bring its start to the top of the screen (a tall result would otherwise scroll to its
 * end). */
function showFirst(element) {
  element.tabIndex = -1;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "start" });
}
window.addEventListener("popstate", () => window.location.reload());
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

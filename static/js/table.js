// The table against the bots: talks to /api/tables, draws the learner's view, plays the bots' moves back at a
// readable pace and announces every event. The server holds the game; this script only shows what it is sent.

import { cardImage as deckCard, cardNames } from "./cards.js";

const root = document.getElementById("table-page");
const texts = JSON.parse(document.getElementById("table-texts").textContent);
const ui = texts.ui;
const api = root.dataset.api;
const names = cardNames();
const lang = root.dataset.lang;
const STORE = "escuela-mus-table";
const PACE_STORE = "escuela-mus-pace";
const LEARNER_PAUSE_CODES = new Set(["discards", "deje", "showdown", "hand_over", "game_over"]);

const $ = (id) => document.getElementById(id);
const els = {
  setup: $("table-setup"), form: $("table-options"), table: $("table"), announcer: $("announcer"),
  lastEvent: $("last-event"),
  skip: $("skip"), prompt: $("controls-prompt"), buttons: $("controls-buttons"), error: $("controls-error"),
  phase: $("table-phase"), bets: $("table-bets"), log: $("event-log"), panel: $("explain-panel"),
  explain: $("explain-container"), panelNext: $("panel-next"), dialog: $("ordago-dialog"), extra: $("score-extra"),
};

let view = null;          // the latest view from the server
let queue = [];           // events still to show
let playing = null;       // the timer of the event being shown
let busy = false;         // an action is on its way to the server
let stage = null;         // while events are being shown: the board as it stood at the event on display
const selected = new Set(); // cards chosen for the discard

function fmt(template, params = {}) {
  return template.replace(/%\((\w+)\)s/g, (_match, key) => (key in params ? String(params[key]) : ""));
}

// Mus words are lower case in the catalogs (they sit inside sentences); a button or a line starts with a capital.
function cap(text) {
  return text ? text.charAt(0).toLocaleUpperCase(lang) + text.slice(1) : text;
}

// ----- pace ------------------------------------------------------------------------------------------------

function pace() {
  const fromUrl = new URLSearchParams(location.search).get("pace");
  const value = Number(fromUrl ?? localStorage.getItem(PACE_STORE) ?? els.form.elements.pace.value);
  return Number.isFinite(value) && value >= 0 ? value : 900;
}

function initPace() {
  const select = els.form.elements.pace;
  const current = String(pace());
  if ([...select.options].some((option) => option.value === current)) select.value = current;
  select.addEventListener("change", () => localStorage.setItem(PACE_STORE, select.value));
}

// ----- talking to the server -------------------------------------------------------------------------------

async function call(method, url, body) {
  const options = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify({ ...body, lang });
  } else {
    url += `?lang=${encodeURIComponent(lang)}`;
  }
  try {
    const response = await fetch(url, options);
    const data = await response.json().catch(() => null);
    return { status: response.status, data };
  } catch {
    return { status: 0, data: null };
  }
}

function remember(id) {
  localStorage.setItem(STORE, id);
  const url = new URL(location.href);
  url.searchParams.set("table", id);
  history.replaceState(null, "", url);
}

function forget() {
  localStorage.removeItem(STORE);
  const url = new URL(location.href);
  url.searchParams.delete("table");
  history.replaceState(null, "", url);
}

async function startTable(event) {
  event.preventDefault();
  const f = els.form.elements;
  const body = {
    reyes: Number(f.reyes.value), target: Number(f.target.value), level: f.level.value,
    mus_corrido: f.mus_corrido.checked, real: f.real.checked, vacas: f.vacas.checked,
  };
  const seed = new URLSearchParams(location.search).get("seed");
  if (seed !== null && /^\d+$/.test(seed)) body.seed = Number(seed);
  localStorage.setItem(PACE_STORE, f.pace.value);
  selected.clear();
  const { status, data } = await call("POST", api, body);
  $("setup-error").textContent = status === 201 ? "" : data?.error ?? ui.error;
  if (status !== 201) return;
  remember(data.id);
  els.setup.open = false;
  els.log.replaceChildren();
  receive(data, { announce: true });
}

async function resume() {
  const id = new URLSearchParams(location.search).get("table") ?? localStorage.getItem(STORE);
  if (!id) return;
  const { status, data } = await call("GET", `${api}/${encodeURIComponent(id)}`);
  if (status === 200) {
    remember(data.id);
    els.setup.open = false;
    receive(data, { announce: false });
  } else if (status === 404) {
    forget();
    $("setup-error").textContent = ui.resumeFailed;
  }
}

async function act(action) {
  if (busy || !view) return;
  busy = true;
  setControlsDisabled(true);
  const { status, data } = await call("POST", `${api}/${encodeURIComponent(view.id)}/actions`,
    { action, version: view.version });
  busy = false;
  if (status === 200) {
    selected.clear();
    receive(data, { announce: true });
  } else if (status === 409) {
    const fresh = await call("GET", `${api}/${encodeURIComponent(view.id)}`);
    if (fresh.status === 200) receive(fresh.data, { announce: false });
    showError(ui.stale);
  } else {
    setControlsDisabled(false);
    showError(data?.error ?? ui.error);
  }
}

// ----- events, one by one ----------------------------------------------------------------------------------

function receive(data, { announce }) {
  const previous = view;
  view = data;
  els.table.hidden = false;
  root.classList.add("table-page--playing");
  els.table.dataset.ready = "false";
  els.table.dataset.version = String(data.version);
  stopPlaying();
  stage = null; // a batch still being played back (a new game dealt meanwhile) is dropped
  if (!data.last_hand) els.panel.hidden = true; // the last hand's explanation goes once the next hand is dealt
  renderBoard();
  renderControls(false);
  const events = data.events ?? [];
  if (events.some((event) => event.code === "hand_start")) els.log.replaceChildren();
  if (!announce) {
    events.forEach(showEvent);
    finish(false);
    return;
  }
  queue = events.slice();
  els.skip.hidden = queue.length === 0 || pace() === 0;
  if (queue.length && pace() > 0) {
    // The board follows the events as they are shown, not the state they end in: no bet, turn or card of the
    // future is on the table while the bots' earlier moves are still being played back.
    stage = stageFrom(previous);
    renderBoard();
    // The learner's controls are gone until the bots' moves are shown: the focus waits on "Show everything now".
    if (focusFollowsGame()) els.skip.focus();
  }
  playNext();
}

function pausesAfter(event) {
  // Declarations are made by the table, not chosen: the four of a lance are shown together, then one pause.
  if (event.code === "declare" && queue[0]?.code === "declare") return false;
  if (event.seat !== undefined && event.seat !== view.seat) return true;
  return LEARNER_PAUSE_CODES.has(event.code);
}

function playNext() {
  // Everything shown in one go is announced together, so a screen reader hears every event, not only the last.
  const shown = [];
  while (queue.length) {
    const event = queue.shift();
    showEvent(event);
    shown.push(spoken(event));
    if (pace() > 0 && queue.length && pausesAfter(event)) {
      els.announcer.textContent = shown.join(" ");
      playing = setTimeout(() => { playing = null; playNext(); }, pace());
      return;
    }
  }
  if (shown.length) els.announcer.textContent = shown.join(" ");
  finish(true);
}

function skip() {
  stopPlaying();
  const rest = queue.splice(0);
  rest.forEach(showEvent);
  if (rest.length) els.announcer.textContent = rest.map(spoken).join(" ");
  finish(true);
}

// What the live region says of an event: its sentence, except the showdown's sixteen card names (they stay in the
// log and on the seats; the explanation panel lists every hand lance by lance).
function spoken(event) {
  return event.code === "showdown" ? ui.showdown : event.text;
}

function stopPlaying() {
  if (playing) clearTimeout(playing);
  playing = null;
}

function showEvent(event) {
  logEvent(event);
  if (stage) {
    advanceStage(event);
    renderBoard();
  }
  saidBy(event);
  els.lastEvent.textContent = event.text;
}

// ----- the board while events are played back ----------------------------------------------------------------

function stageFrom(previous) {
  const from = previous ?? view;
  return {
    mano: from.mano, turn: null, lance: previous ? previous.lance : null,
    phase: previous ? previous.phase : "mus", bets: { ...(previous?.bets ?? {}) },
    live: previous ? previous.live_bet : null,
    declarations: JSON.parse(JSON.stringify(previous?.declarations ?? {})),
    discardCounts: (previous?.discard_counts ?? []).slice(),
    shown: previous?.last_hand ? previous.last_hand.hands : null,
    scoreText: (previous ?? view).score_text,
  };
}

function advanceStage(event) {
  const p = event.params;
  if (event.score_text) stage.scoreText = event.score_text;
  if (event.seat !== undefined) stage.turn = event.seat;
  switch (event.code) {
    case "hand_start":
      Object.assign(stage, { mano: p.mano, turn: null, lance: null, phase: "mus", bets: {}, live: null,
        declarations: {}, discardCounts: [], shown: null });
      break;
    case "mano_set":
      stage.mano = p.mano;
      break;
    case "discard_chosen":
      stage.phase = "discard";
      break;
    case "discards":
      stage.discardCounts.push(p.counts);
      stage.phase = "mus";
      stage.turn = null;
      break;
    case "declare":
      stage.declarations[p.lance] ??= [null, null, null, null];
      stage.declarations[p.lance][p.seat] = p.has;
      break;
    case "lance_start":
      Object.assign(stage, { lance: p.lance, phase: p.lance, live: null, turn: null });
      break;
    case "envido":
    case "ordago":
      stage.live = { lance: p.lance, bettor: event.seat, total: p.total, ordago: event.code === "ordago",
        deje: p.deje };
      break;
    case "lance_closed":
      stage.bets[p.lance] = p.result;
      stage.live = null;
      break;
    case "showdown":
      Object.assign(stage, { shown: p.hands, lance: null, phase: "hand_over", live: null, turn: null });
      break;
    default:
  }
}

function boardState() {
  if (stage) return stage;
  return {
    mano: view.mano, turn: view.turn, lance: view.lance, phase: view.phase, bets: view.bets, live: view.live_bet,
    declarations: view.declarations ?? {}, discardCounts: view.discard_counts,
    shown: view.last_hand ? view.last_hand.hands : null, scoreText: view.score_text,
  };
}

function logEvent(event) {
  const item = document.createElement("li");
  item.textContent = event.text;
  els.log.append(item);
}

function saidBy(event) {
  if (event.code === "hand_start" || event.code === "lance_start") {
    for (let seat = 0; seat < 4; seat += 1) $(`seat-${seat}-said`).textContent = "";
  }
  if (event.seat === undefined || !(event.code in texts.actions || event.code === "discard_chosen")) return;
  let said = cap(texts.actions[event.code] ?? "");
  if (event.code === "envido") {
    said = event.params.amount === event.params.total
      ? `${cap(texts.actions.envido)} ${event.params.amount}` : cap(fmt(ui.raise, { amount: event.params.amount }));
  } else if (event.code === "discard_chosen") {
    said = cap(ui.discardChosen);
  }
  $(`seat-${event.seat}-said`).textContent = said;
}

async function finish(moveFocus) {
  els.skip.hidden = true;
  if (stage) {
    stage = null;
    renderBoard();
  }
  renderControls(true, moveFocus);
  if (moveFocus && els.prompt.textContent) { // "Your turn." after the events, for screen readers
    els.announcer.textContent = `${els.announcer.textContent} ${els.prompt.textContent}`.trim();
  } else if (!moveFocus) { // a resumed table: where it stands, in one short sentence or two
    els.announcer.textContent = `${els.lastEvent.textContent} ${els.prompt.textContent}`.trim();
  }
  await renderExplanation();
  els.table.dataset.ready = "true"; // every event shown, controls ready (tests wait for this)
}

// ----- drawing the table -----------------------------------------------------------------------------------

function cardImage(code, small) {
  return deckCard(code, names, small ? { size: "small" } : {});
}

function backImage() {
  const img = deckCard("back", names, { size: "small" });
  img.classList.add("card--back");
  img.alt = ""; // the list around the backs says how many there are
  return img;
}

function handList(label, items) {
  const list = document.createElement("ul");
  list.className = "hand";
  list.setAttribute("aria-label", label);
  for (const child of items) {
    const li = document.createElement("li");
    li.append(child);
    list.append(li);
  }
  return list;
}

function renderBoard() {
  const board = boardState();
  renderScores(board);
  const { shown } = board;
  for (let seat = 0; seat < 4; seat += 1) {
    const box = $(`seat-${seat}`);
    box.classList.toggle("seat--turn", board.turn === seat || (!stage && view.turn === null
      && view.to_act.includes(seat) && view.phase === "discard"));
    box.classList.toggle("seat--mano", board.mano === seat);
    $(`seat-${seat}-badges`).textContent = badges(seat, board).join(" · ");
    const cards = $(`seat-${seat}-cards`);
    if (seat === view.seat) {
      cards.replaceChildren(learnerCards());
    } else if (shown) {
      cards.replaceChildren(handList(fmt(ui.cardsOf, { player: texts.seats[seat] }),
        shown[seat].map((code) => cardImage(code, true))));
    } else {
      cards.replaceChildren(handList(ui.hidden, [0, 1, 2, 3].map(backImage)));
    }
  }
  renderCenter(board);
}

function badges(seat, board) {
  const out = [];
  if (board.mano === seat) out.push(ui.mano);
  if (board.turn === seat) out.push(ui.turn);
  const said = board.declarations;
  for (const [lance, yes, no] of [["pares", ui.hasPares, ui.noPares], ["juego", ui.hasJuego, ui.noJuego]]) {
    const declared = said[lance]?.[seat];
    if (declared === true) out.push(yes);
    else if (declared === false) out.push(no);
  }
  if (board.discardCounts.length) {
    out.push(fmt(ui.changed, { counts: board.discardCounts.map((round) => round[seat]).join(", ") }));
  }
  return out;
}

function learnerCards() {
  const discarding = legal("discard") && !view.my_discard;
  if (!discarding) {
    return handList(ui.yourCards, view.hand.map((code) => cardImage(code, false)));
  }
  const buttons = view.hand.map((code) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "card-toggle";
    button.dataset.card = code;
    button.setAttribute("aria-pressed", selected.has(code) ? "true" : "false");
    button.append(cardImage(code, false));
    button.addEventListener("click", () => toggleCard(button, code));
    return button;
  });
  return handList(ui.yourCards, buttons);
}

function toggleCard(button, code) {
  if (selected.has(code)) selected.delete(code); else selected.add(code);
  button.setAttribute("aria-pressed", selected.has(code) ? "true" : "false");
  updateDiscardButton();
}

function updateDiscardButton() {
  const button = $("action-discard");
  if (!button) return;
  const entry = legal("discard");
  button.disabled = busy || selected.size < entry.min || selected.size > entry.max;
  $("discard-count").textContent = fmt(ui.discardCount, { count: selected.size });
}

function renderScores(board) {
  for (const team of [0, 1]) {
    const box = $(`score-${team}`);
    const name = document.createElement("strong");
    name.textContent = texts.teams[team];
    const detail = document.createElement("span");
    detail.textContent = board.scoreText[team];
    box.replaceChildren(name, " ", detail);
  }
  const extra = [];
  if (view.options.vacas) {
    extra.push(fmt(ui.gamesWon, { us: view.games_won[0], them: view.games_won[1] }));
    extra.push(fmt(ui.vacasWon, { us: view.vacas_won[0], them: view.vacas_won[1] }));
  }
  els.extra.textContent = cap(extra.join(" · "));
}

function renderCenter(board) {
  els.phase.textContent = board.lance ? fmt(ui.inPlay, { lance: texts.lances[board.lance] })
    : board.phase === "discard" ? ui.discardPhase : board.phase === "mus" ? cap(texts.actions.mus) : "";
  const items = [];
  for (const lance of texts.lanceOrder) {
    const bet = board.bets[lance];
    if (bet) items.push(`${cap(texts.lances[lance])} — ${fmt(ui.closed[bet.result] ?? bet.result, bet)}`);
  }
  const live = board.live;
  if (live) {
    const player = texts.seats[live.bettor];
    items.push(live.ordago ? fmt(ui.liveOrdago, { player, lance: texts.lances[live.lance] })
      : `${cap(texts.lances[live.lance])} — ${fmt(ui.liveBet, { player, total: live.total, deje: live.deje })}`);
  }
  els.bets.replaceChildren(...items.map((text) => {
    const li = document.createElement("li");
    li.textContent = text;
    return li;
  }));
}

// ----- the learner's controls ------------------------------------------------------------------------------

function legal(type) {
  return view.legal_actions.find((entry) => entry.type === type);
}

function button(id, label, onClick, extraClass = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.className = `button ${extraClass}`.trim();
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}

function renderControls(ready, moveFocus = false) {
  // Focus follows the game only for someone playing: lost with the old controls, or still in their own cards.
  const hadFocus = moveFocus && focusFollowsGame();
  els.buttons.replaceChildren();
  els.panelNext.hidden = !(ready && legal("next_hand"));
  els.panelNext.textContent = nextLabel();
  els.error.textContent = "";
  if (!ready) {
    els.prompt.textContent = "";
    return;
  }
  $(`seat-${view.seat}-cards`).replaceChildren(learnerCards());
  const actions = view.legal_actions;
  const usWon = view.winner_team === view.team;
  if (view.match_over) {
    if (view.options.vacas) els.prompt.textContent = usWon ? ui.matchUs : ui.matchThem;
    else els.prompt.textContent = usWon ? ui.winnerUs : ui.winnerThem;
    els.buttons.append(button("action-new", ui.newTable, newTable, "button--primary"));
  } else if (!actions.length) {
    const waitingFor = view.turn !== null ? texts.seats[view.turn] : "";
    els.prompt.textContent = fmt(ui.waiting, { player: waitingFor });
  } else {
    els.prompt.textContent = legal("discard") ? ui.chooseDiscards
      : view.phase === "hand_over" ? ui.handOver
        : view.phase === "game_over" ? (usWon ? ui.gameWonUs : ui.gameWonThem) : turnPrompt();
    for (const entry of actions) addControl(entry);
  }
  if (hadFocus) {
    const first = legal("discard") ? document.querySelector(".card-toggle") : els.buttons.querySelector("button");
    first?.focus();
  }
}

// What the learner is asked: to answer a bet (whose, how much, what refusing costs), to speak in a lance, or mus.
function turnPrompt() {
  const live = view.live_bet;
  if (live && legal("quiero")) {
    return fmt(live.ordago ? ui.answerOrdago : ui.answerBet, {
      player: texts.seats[live.bettor], total: live.total, lance: texts.lances[live.lance], deje: live.deje });
  }
  if (view.lance) return fmt(ui.yourTurnLance, { lance: texts.lances[view.lance] });
  return legal("mus") ? fmt(ui.yourTurnMus, { mus: texts.actions.mus, corto: texts.actions.corto }) : ui.yourTurn;
}

// True when the focus is where the game put it (or lost with controls that are gone): then it may follow the game.
// A learner reading the explanation or the log keeps their place.
function focusFollowsGame() {
  const active = document.activeElement;
  return !active || active === document.body || els.buttons.contains(active) || $("seat-0").contains(active)
    || active === els.panelNext || active === els.skip || (!els.setup.open && els.form.contains(active));
}

function addControl(entry) {
  const { type } = entry;
  if (type === "discard") {
    const go = button("action-discard", ui.discard, () => act({ type: "discard", cards: [...selected] }),
      "button--primary");
    const count = document.createElement("span");
    count.id = "discard-count";
    count.className = "controls__count";
    count.setAttribute("aria-live", "polite");
    els.buttons.append(go, count);
    updateDiscardButton();
  } else if (type === "envido") {
    addEnvido(entry);
  } else if (type === "ordago") {
    els.buttons.append(button("action-ordago", cap(texts.actions.ordago), confirmOrdago, "button--danger"));
  } else {
    els.buttons.append(button(`action-${type}`, type === "next_hand" ? nextLabel() : cap(texts.actions[type]),
      () => act({ type }),
      type === "next_hand" ? "button--primary" : ""));
  }
}

function addEnvido(entry) {
  const raising = Boolean(view.live_bet);
  if (entry.min <= 2 && entry.max >= 2) {
    const label = cap(raising ? fmt(ui.raise, { amount: 2 }) : texts.actions.envido);
    els.buttons.append(button("action-envido", label, () => act({ type: "envido", amount: 2 })));
  }
  const group = document.createElement("span");
  group.className = "controls__envido";
  const label = document.createElement("label");
  label.htmlFor = "envido-amount";
  label.textContent = ui.envidoAmount;
  const input = document.createElement("input");
  input.type = "number";
  input.id = "envido-amount";
  input.min = entry.min;
  input.max = entry.max;
  input.value = Math.min(entry.max, Math.max(entry.min, 5));
  input.inputMode = "numeric";
  const send = () => act({ type: "envido", amount: Number(input.value) });
  input.addEventListener("keydown", (event) => { if (event.key === "Enter") send(); });
  group.append(label, input, button("action-envido-custom", ui.envidoCustom, send));
  els.buttons.append(group);
}

// After a game won in a match of vacas, "next hand" deals the first hand of a new game: say so.
function nextLabel() {
  return view?.phase === "game_over" ? ui.nextGame : cap(texts.actions.next_hand);
}

function confirmOrdago() {
  els.dialog.returnValue = "";
  els.dialog.showModal();
}

function setControlsDisabled(disabled) {
  for (const control of els.buttons.querySelectorAll("button, input")) control.disabled = disabled;
  els.panelNext.disabled = disabled;
  if (!disabled) updateDiscardButton();
}

function showError(message) {
  els.error.textContent = message;
}

function newTable() {
  forget();
  els.setup.open = true;
  els.form.querySelector("input, select").focus();
}

// ----- after the hand: the explanation panel (the hand checker's component) --------------------------------

async function renderExplanation() {
  const described = view.last_hand?.described;
  els.panel.hidden = !described;
  if (!described) {
    els.explain.replaceChildren();
    return;
  }
  const { renderExplanation: draw } = await import("./explain.js");
  draw(els.explain, described, { headingLevel: 4 });
}

// ----- start -----------------------------------------------------------------------------------------------

els.form.addEventListener("submit", startTable);
els.skip.addEventListener("click", skip);
// The same "next hand" at the end of the explanation, so a learner who read it need not scroll back up.
els.panelNext.addEventListener("click", () => act({ type: "next_hand" }));
els.dialog.addEventListener("close", () => {
  if (els.dialog.returnValue === "yes") act({ type: "ordago" });
  else $("action-ordago")?.focus();
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && playing) skip();
});
initPace();
resume();

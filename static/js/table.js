// The table against the bots: talks to /api/tables, draws the learner's view, plays the bots' moves back at a
// readable pace and announces every event. The server holds the game; this script only shows what it is sent.
// The drawing is done by modules another table page can share: table-board.js (seats, cards, score, bets),
// table-controls.js (the prompt and the action buttons), table-live.js (live regions, log), table-playback.js
// (events at a pace), table-senas.js (signals, flashes, catches) and table-view.js (what a view says).

import { cardNames } from "./cards.js";
import { renderBoard } from "./table-board.js";
import { focusFirstControl, nextLabel, renderControls, setControlsDisabled, showError } from "./table-controls.js";
import { announce, announced, clearLog, logEvent, saidBy, spoken } from "./table-live.js";
import { createPlayback } from "./table-playback.js";
import { createSenas, renderSeatSenas } from "./table-senas.js";
import { fmt } from "./table-text.js";
import { advanceStage, boardOf, legal, stageFrom } from "./table-view.js";

const root = document.getElementById("table-page");
const texts = JSON.parse(document.getElementById("table-texts").textContent);
const ui = texts.ui;
const api = root.dataset.api;
const lang = root.dataset.lang;
const STORE = "escuela-mus-table";
const PACE_STORE = "escuela-mus-pace";
const WINDOW_STORE = "escuela-mus-window";
const OUT_OF_TURN_ACTIONS = new Set(["sena", "catch", "continue"]); // they leave the chosen discard as it is
const LEARNER_PAUSE_CODES = new Set(["discards", "deje", "showdown", "hand_over", "game_over"]);

const $ = (id) => document.getElementById(id);
const els = {
  setup: $("table-setup"), form: $("table-options"), table: $("table"), lastEvent: $("last-event"),
  skip: $("skip"), prompt: $("controls-prompt"), buttons: $("controls-buttons"),
  panel: $("explain-panel"), explain: $("explain-container"), panelNext: $("panel-next"), dialog: $("ordago-dialog"),
};

// The page's state, shared with the drawing modules: busy (an action is on its way to the server) and the cards
// chosen for the discard.
const ctx = { texts, lang, names: cardNames(), selected: new Set(), busy: false };
let view = null;          // the latest view from the server
let stage = null;         // while events are being shown: the board as it stood at the event on display
const handlers = { act, confirmOrdago, newTable };
const senas = createSenas(ctx, { act, focusFollowsGame, focusHome: () => focusFirstControl(view) });

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

// ----- the catch window: a setting of the table, remembered by the browser ----------------------------------

function initWindow() {
  const remembered = localStorage.getItem(WINDOW_STORE);
  for (const select of [els.form.elements.window, $("setting-window")]) {
    if (remembered && [...select.options].some((option) => option.value === remembered)) select.value = remembered;
  }
  els.form.elements.window.addEventListener("change", (event) => localStorage.setItem(WINDOW_STORE,
    event.target.value));
  $("setting-window").addEventListener("change", saveWindow);
}

async function saveWindow(event) {
  const seconds = event.target.value;
  localStorage.setItem(WINDOW_STORE, seconds);
  els.form.elements.window.value = seconds;
  if (!view) return;
  const status = $("setting-window-status");
  const { status: code, data } = await call("POST", `${api}/${encodeURIComponent(view.id)}/settings`,
    { window: Number(seconds) });
  if (code === 200) {
    view.version = data.version; // the game did not move: nothing to show again
    view.window = data.window;
    els.table.dataset.version = String(data.version);
    status.textContent = fmt(texts.senas.saved, { seconds: event.target.selectedOptions[0].textContent });
  } else {
    status.textContent = data?.error ?? ui.error;
  }
}

function showSettings() {
  const settings = $("table-settings");
  settings.hidden = !view.options.senas;
  if (view.options.senas && view.window !== undefined) {
    const current = [...$("setting-window").options].find((option) => Number(option.value) === view.window);
    if (current) $("setting-window").value = current.value;
  }
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
    mus_corrido: f.mus_corrido.checked, real: f.real.checked, vacas: f.vacas.checked, senas: f.senas.checked,
  };
  if (f.senas.checked) body.window = Number(f.window.value);
  const seed = new URLSearchParams(location.search).get("seed");
  if (seed !== null && /^\d+$/.test(seed)) body.seed = Number(seed);
  localStorage.setItem(PACE_STORE, f.pace.value);
  ctx.selected.clear();
  const { status, data } = await call("POST", api, body);
  $("setup-error").textContent = status === 201 ? "" : data?.error ?? ui.error;
  if (status !== 201) return;
  remember(data.id);
  els.setup.open = false;
  clearLog();
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
  if (ctx.busy || !view) return;
  ctx.busy = true;
  setDisabled(true);
  const { status, data } = await call("POST", `${api}/${encodeURIComponent(view.id)}/actions`,
    { action, version: view.version });
  ctx.busy = false;
  if (status === 200) {
    if (!OUT_OF_TURN_ACTIONS.has(action.type)) ctx.selected.clear();
    receive(data, { announce: true });
  } else if (status === 409) {
    const fresh = await call("GET", `${api}/${encodeURIComponent(view.id)}`);
    if (fresh.status === 200) receive(fresh.data, { announce: false });
    showError(ui.stale);
  } else {
    setDisabled(false);
    showError(data?.error ?? ui.error);
  }
}

// ----- events, one by one ----------------------------------------------------------------------------------

const playback = createPlayback({
  pace,
  show: showEvent,
  pausesAfter,
  // A rival's signal to catch is said at once in the assertive region (table-senas.js), not after the batch.
  say: (events) => announce(events.filter((event) => !catchable(event)).map((event) => spoken(ctx, event)).join(" ")),
  done: finish,
});

function receive(data, { announce: speak }) {
  const previous = view;
  view = data;
  els.table.hidden = false;
  root.classList.add("table-page--playing");
  els.table.dataset.ready = "false";
  els.table.dataset.version = String(data.version);
  playback.cancel();
  senas.reset(data);
  stage = null; // a batch still being played back (a new game dealt meanwhile) is dropped
  if (!data.last_hand) els.panel.hidden = true; // the last hand's explanation goes once the next hand is dealt
  drawBoard();
  drawControls(false);
  const events = data.events ?? [];
  if (events.some((event) => event.code === "hand_start")) clearLog();
  if (!speak) {
    events.forEach(showEvent);
    finish(false);
    return;
  }
  els.skip.hidden = events.length === 0 || pace() === 0;
  if (events.length && pace() > 0) {
    // The board follows the events as they are shown, not the state they end in: no bet, turn or card of the
    // future is on the table while the bots' earlier moves are still being played back.
    stage = stageFrom(previous, view);
    drawBoard();
    // The learner's controls are gone until the bots' moves are shown: the focus waits on "Show everything now".
    if (focusFollowsGame()) els.skip.focus();
  }
  playback.start(events);
}

function catchable(event) {
  return event.code === "sena_flash" && (view.catch_windows ?? []).some((window) => window.seat === event.seat
    && window.left > 0);
}

function pausesAfter(event, next) {
  // A rival's signal to catch ends the batch: its window is running, so what came before it is shown at once.
  if (view.catch_windows?.some((window) => window.left > 0)) return false;
  // Declarations are made by the table, not chosen: the four of a lance are shown together, then one pause.
  if (event.code === "declare" && next?.code === "declare") return false;
  if (event.seat !== undefined && event.seat !== view.seat) return true;
  return LEARNER_PAUSE_CODES.has(event.code);
}

function showEvent(event) {
  logEvent(event);
  if (stage) {
    advanceStage(stage, event);
    drawBoard();
  }
  saidBy(ctx, event);
}

async function finish(moveFocus) {
  els.skip.hidden = true;
  if (stage) {
    stage = null;
    drawBoard();
  }
  drawControls(true, moveFocus);
  if (moveFocus && els.prompt.textContent) { // "Your turn." after the events, for screen readers
    announce(`${announced()} ${els.prompt.textContent}`.trim());
  } else if (!moveFocus) { // a resumed table: where it stands, in one short sentence or two
    announce(`${els.lastEvent.textContent} ${els.prompt.textContent}`.trim());
  }
  showSettings();
  senas.update(view, { fresh: !moveFocus });
  await renderExplanation();
  els.table.dataset.ready = "true"; // every event shown, controls ready (tests wait for this)
}

// ----- drawing ---------------------------------------------------------------------------------------------

function drawBoard() {
  const board = stage ?? boardOf(view);
  renderBoard(ctx, view, board, Boolean(stage));
  renderSeatSenas(ctx, view, board);
}

function drawControls(ready, moveFocus = false) {
  // Focus follows the game only for someone playing: lost with the old controls, or still in their own cards.
  const hadFocus = moveFocus && focusFollowsGame();
  els.panelNext.hidden = !(ready && legal(view, "next_hand"));
  els.panelNext.textContent = nextLabel(ctx, view);
  renderControls(ctx, view, ready, handlers);
  if (ready && hadFocus) focusFirstControl(view);
}

// True when the focus is where the game put it (or lost with controls that are gone): then it may follow the game.
// A learner reading the explanation or the log keeps their place.
function focusFollowsGame() {
  const active = document.activeElement;
  return !active || active === document.body || els.buttons.contains(active) || $("seat-0").contains(active)
    || active === els.panelNext || active === els.skip || (!els.setup.open && els.form.contains(active))
    || $("senas-controls").contains(active) || active.classList.contains("flash");
}

function setDisabled(disabled) {
  setControlsDisabled(ctx, view, disabled);
  els.panelNext.disabled = disabled;
}

function confirmOrdago() {
  els.dialog.returnValue = "";
  els.dialog.showModal();
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
els.skip.addEventListener("click", () => playback.skip());
// The same "next hand" at the end of the explanation, so a learner who read it need not scroll back up.
els.panelNext.addEventListener("click", () => act({ type: "next_hand" }));
els.dialog.addEventListener("close", () => {
  if (els.dialog.returnValue === "yes") act({ type: "ordago" });
  else $("action-ordago")?.focus();
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && playback.playing) playback.skip();
});
initPace();
initWindow();
resume();

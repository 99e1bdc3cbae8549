// The table against the bots: talks to /api/tables, draws the learner's view, plays the bots' moves back at a
// readable pace and announces every event. The server holds the game; this script only shows what it is sent.
// The table itself (events at a pace, the board, the controls, the explanation) is table-game.js, which a room's
// page shares; this script is the bots' table's own flow: the options form, the stored table, the actions.

import { callApi } from "./api.js";
import { cardNames } from "./cards.js";
import { $ } from "./dom.js";
import { clearLog } from "./table-live.js";
import { createCoach } from "./table-coach.js";
import { createTableGame } from "./table-game.js";
import { createHistory } from "./table-history.js";
import { decodeReplay } from "./table-summary.js";
import { fmt } from "./text.js";

const root = document.getElementById("table-page");
const texts = JSON.parse(document.getElementById("table-texts").textContent);
const ui = texts.ui;
const api = root.dataset.api;
const lang = root.dataset.lang;
const STORE = "escuela-mus-table";
const PACE_STORE = "escuela-mus-pace";
const WINDOW_STORE = "escuela-mus-window";
const OUT_OF_TURN_ACTIONS = new Set(["sena", "catch", "continue"]); // they leave the chosen discard as it is

const els = { setup: $("table-setup"), form: $("table-options") };

// The page's state, shared with the drawing modules: busy (an action is on its way to the server) and the cards
// chosen for the discard.
const ctx = { texts, lang, names: cardNames(), selected: new Set(), busy: false };
const game = createTableGame({ ctx, pace, act, onReady, onShowing: () => coach.hide(),
  focusIsFree: (element) => !els.setup.open && els.form.contains(element) });
const tableUrl = (view) => `${api}/${encodeURIComponent(view.id)}`;
const coach = createCoach({ ctx, call, getView: () => game.view, hintUrl: (view) => `${tableUrl(view)}/hint`,
  settingsUrl: (view) => `${tableUrl(view)}/settings` });
const gameHistory = createHistory({ ctx, call, api, getView: () => game.view, newTable });

function onReady(view) {
  showSettings(view);
  coach.update(view);
  gameHistory.update(view);
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
  const { view } = game;
  if (!view) return;
  const status = $("setting-window-status");
  const { status: code, data } = await call("POST", `${api}/${encodeURIComponent(view.id)}/settings`,
    { window: Number(seconds) });
  if (code === 200) {
    view.version = data.version; // the game did not move: nothing to show again
    view.window = data.window;
    $("table").dataset.version = String(data.version);
    status.textContent = fmt(texts.senas.saved, { seconds: event.target.selectedOptions[0].textContent });
  } else {
    status.textContent = data?.error ?? ui.error;
  }
}

function showSettings(view) {
  $("table-settings").hidden = false; // the coach's switch; with señas, the catch window too
  $("setting-window-row").hidden = !view.options.senas;
  $("window-hint-table").hidden = !view.options.senas;
  if (view.options.senas && view.window !== undefined) {
    const current = [...$("setting-window").options].find((option) => Number(option.value) === view.window);
    if (current) $("setting-window").value = current.value;
  }
}

// ----- talking to the server -------------------------------------------------------------------------------

function call(method, url, body) {
  return callApi(method, url, { lang, body });
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
  const { view } = game;
  if (ctx.busy || !view) return;
  ctx.busy = true;
  game.setDisabled(true);
  const { status, data } = await call("POST", `${api}/${encodeURIComponent(view.id)}/actions`,
    { action, version: view.version });
  ctx.busy = false;
  if (status === 200) {
    if (!OUT_OF_TURN_ACTIONS.has(action.type)) ctx.selected.clear();
    receive(data, { announce: true });
  } else if (status === 409) {
    const fresh = await call("GET", `${api}/${encodeURIComponent(view.id)}`);
    if (fresh.status === 200) receive(fresh.data, { announce: false });
    game.showError(ui.stale);
  } else {
    game.setDisabled(false);
    game.showError(data?.error ?? ui.error);
  }
}

function receive(data, options) {
  root.classList.add("table-page--playing");
  game.receive(data, options);
}

function newTable(level) {
  forget();
  if (typeof level === "string" && level) els.form.elements.level.value = level;
  els.setup.open = true;
  els.form.querySelector("input, select").focus();
}

// ----- start -----------------------------------------------------------------------------------------------

// ----- a shared replay (?replay=...: a finished game's seeds and the learner's moves, played again at the pace) ---

async function replay(text) {
  const data = decodeReplay(text);
  if (!data) {
    $("setup-error").textContent = ctx.texts.coach.replayBad;
    return;
  }
  const { options } = data;
  const body = { level: data.level, seed: data.seed, bot_seed: data.bot_seed, reyes: options.reyes,
    target: options.target, mus_corrido: options.mus_corrido, real: options.real, vacas: options.vacas };
  const { status, data: view } = await call("POST", api, body);
  if (status !== 201) {
    $("setup-error").textContent = view?.error ?? ctx.texts.coach.replayBad;
    return;
  }
  remember(view.id);
  els.setup.open = false;
  clearLog();
  receive(view, { announce: true });
  for (const [index, action] of data.actions.entries()) {
    await ready();
    $("replay-status").textContent = fmt(ctx.texts.coach.replaying, { number: index + 1,
      count: data.actions.length });
    await act(action);
  }
}

function ready() {
  return new Promise((resolve) => {
    const check = () => ($("table").dataset.ready === "true" && !ctx.busy ? resolve() : setTimeout(check, 100));
    check();
  });
}

els.form.addEventListener("submit", startTable);
initPace();
initWindow();
const shared = new URLSearchParams(location.search).get("replay");
if (shared) replay(shared);
else resume();

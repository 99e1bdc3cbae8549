// A room's page: the link to share, the seats, taking a seat, the host's start, then the table seen from one's own
// seat (table-game.js, the same table as against the bots), kept up to date by the room's event stream. The server
// holds the game; this script shows what the seat's view says and sends the seat's actions.

import { cardNames } from "./cards.js";
import { callApi as callRooms } from "./api.js";
import { $ } from "./dom.js";
import { forgetSeat, savedSeat, saveSeat } from "./room-seat.js";
import { createCoach } from "./table-coach.js";
import { createSummary } from "./table-summary.js";
import { focusFirstControl } from "./table-controls.js";
import { createTableGame } from "./table-game.js";
import { decisionOf } from "./table-view.js";
import { andList, capitalize, fmt } from "./text.js";

const root = $("room-page");
const { room, lang, api } = root.dataset;
const tableTexts = JSON.parse($("table-texts").textContent);
const roomTexts = JSON.parse($("room-texts").textContent);
const ui = roomTexts.ui;
const SOUND_STORE = "escuela-mus-room-sound";
const OUT_OF_TURN = new Set(["sena", "catch"]);
const REFRESH_LOBBY_MS = 3000;   // a visitor without a seat has no stream: the free seats are asked again
const RECONNECT_MS = 3000;
const POLL_MS = 3000;            // without a live stream (refused: the server's caps), the view is asked this often
const STREAM_RETRY_MS = [15000, 30000, 60000, 120000]; // waits before trying a refused stream again, growing

const ctx = { texts: { ...tableTexts, seats: tableTexts.seats.slice(), seatsInSentence: tableTexts.seatsInSentence.slice(),
  teams: tableTexts.teams.slice() }, lang,
  names: cardNames(), selected: new Set(), busy: false };
const els = {
  notice: $("room-notice"), seatList: $("seat-list"), options: $("room-options"), join: $("room-join"),
  joinSeat: $("join-seat"), joinError: $("join-error"), wait: $("room-wait"), waitStatus: $("wait-status"),
  start: $("room-start"), leave: $("room-leave"), waitError: $("wait-error"), bar: $("room-bar"),
  clock: $("room-clock"), connection: $("room-connection"), sound: $("room-sound"), next: $("room-next"),
  nextClock: $("room-next-clock"), hints: $("room-hints"), controlsClock: $("controls-clock"),
  table: $("table"), copy: $("copy-link"), link: $("room-link"), copyStatus: $("copy-status"),
  invite: $("room-invite"), watch: $("room-watch"), watchScore: $("watch-score"), watchLog: $("watch-log"),
  watchTurn: $("watch-turn"),
};
const baseTitle = document.title;

let token = savedSeat(room)?.token ?? null;
let state = null;         // the latest view: the seat's (it has "me") or, for a visitor, the lobby's
let lastIndex = -1;       // the last engine event shown
let stream = null;        // the room's EventSource while seated
let pollTimer = null;     // asking for the view every POLL_MS while no stream can be opened
let refusals = 0;         // streams in a row that closed before they opened
let streamAfter = 0;      // no stream is opened before this moment (Date.now() scale), after a refusal
let lobbyTimer = null;
let clockTimer = null;
let nextTimer = null;     // the next hand's countdown
let nextAt = null;        // when the next hand is dealt at the latest (Date.now() scale), or null
let deadlineAt = null;    // when the turn clock runs out (Date.now() scale), or null
let myTurnBefore = false;
let loading = null;       // the view being fetched (one at a time)
let reloadAgain = false;

const game = createTableGame({ ctx, pace, act, onReady: afterTable, onShowing: () => coach.hide(),
  focusIsFree: (element) => els.bar.contains(element) });
// The coach's hint for this seat, where the host turned hints on (the view's ``coach``).
const coach = createCoach({ ctx, getView: () => game.view, hintUrl: () => `${api}/hint`,
  call: (method, url) => callRooms(method, url, { lang, token }) });
// At the end of a game, its summary for this seat (the view's ``summary``); play again is the room's rematch.
const summary = createSummary({ ctx, again: rematch });

function pace() {
  const value = Number(new URLSearchParams(location.search).get("pace") ?? 700);
  return Number.isFinite(value) && value >= 0 ? value : 700;
}

// ----- the view ------------------------------------------------------------------------------------------------

/** Ask for the room's view (the seat's with a token or cookie, else the lobby's) and show it. */
async function load() {
  if (loading) {
    reloadAgain = true;
    return loading;
  }
  loading = (async () => {
    let { status, data } = await callRooms("GET", api, { lang, token });
    if (status === 401 && token) { // a seat this browser no longer holds (the room was left or cleaned up)
      forgetSeat(room);
      token = null;
      ({ status, data } = await callRooms("GET", api, { lang }));
    }
    if (status === 200) show(data);
    else if (status === 404) closed();
    else notice(data?.error ?? ui.unreachable);
  })();
  await loading;
  loading = null;
  if (reloadAgain) {
    reloadAgain = false;
    await load();
  }
}

function show(data) {
  // Answers can cross: a view asked for before a change (the start, a seat taken, a move) may arrive after that
  // change's own answer. The room's version only grows, so an older view is dropped, never shown over a newer one.
  if (state && data.version < state.version) return;
  state = data;
  notice("");
  renderSeats(data);
  renderOptions(data);
  const seated = Boolean(data.me);
  root.classList.toggle("room-page--seated", seated);
  root.classList.toggle("room-page--playing", seated && data.started);
  root.classList.toggle("room-page--watching", Boolean(data.watching));
  els.invite.hidden = data.started; // the link invites to a seat: once the game has started there is none to take
  if (seated || data.watching) { // a spectator of a started game follows it live too, without a seat
    stopLobbyRefresh();
    openStream();
  } else {
    stopStream();
    lobbyRefresh();
  }
  renderJoin(data, seated);
  renderWait(data, seated);
  if (seated && data.started) showTable(data);
  else els.table.hidden = true;
  renderWatch(data);
}

// A visitor of a started game watches it: the score and what everyone at the table was told in this hand.
function renderWatch(data) {
  els.watch.hidden = !data.watching;
  if (!data.watching) return;
  // As a seat's scoreboard writes it: "Pareja A 22 de 40 (4 amarracos y 2 piedras)".
  els.watchScore.replaceChildren(...data.scores.map((points, team) => {
    const item = document.createElement("li");
    const name = document.createElement("strong");
    name.textContent = roomTexts.teamNames[team];
    const stones = data.score_stones[team];
    item.append(name, " ", fmt(tableTexts.ui.scoreOutOf, { score: points, target: data.options.target }),
      ...(stones ? [` (${stones})`] : []));
    return item;
  }));
  // Who the table waits for, as a seat sees it: "Ana está decidiendo.", or everyone choosing their discards.
  const turn = data.match_over || data.turn === null || data.turn === undefined ? null : data.names[data.turn];
  els.watchTurn.textContent = turn !== null ? capitalize(fmt(tableTexts.ui.waiting, { player: turn }), lang)
    : data.phase === "discard" ? tableTexts.ui.discardPhase : "";
  const events = data.events ?? [];
  const shown = new Set([...els.watchLog.children].map((item) => item.dataset.index));
  if (events.length && !shown.has(String(events[0].index))) els.watchLog.replaceChildren(); // a new hand's
  for (const event of events) {
    if (shown.has(String(event.index))) continue;
    const item = document.createElement("li");
    item.dataset.index = String(event.index);
    item.textContent = event.text;
    els.watchLog.append(item);
  }
}

let waited = false; // this page showed the lobby's waiting panel since the table was last drawn

function showTable(data) {
  els.bar.hidden = false;
  // The seat's version moves only with what the seat can see. The same decision again (a poll, the tab shown again,
  // or the room's news: "X is connected") leaves the table, its hint and an open señas menu as they are; only the
  // names on the felt, who is away, and the clocks are read again.
  if (lastIndex >= 0 && decisionOf(game.view) === decisionOf(data)) {
    nameSeats(data);
    game.adopt(data);
    startClock(data);
    return;
  }
  layOut(data.me.seat);
  nameSeats(data);
  const events = data.events ?? [];
  const newest = events.length ? events[events.length - 1].index : -1;
  const fresh = lastIndex >= 0 && newest >= lastIndex ? events.filter((event) => event.index > lastIndex) : null;
  lastIndex = newest;
  if (fresh) game.receive(data, { announce: true, events: fresh });
  else game.receive(data, { announce: false }); // first view, or a new game: where the table stands
  // The game started while this person waited in the lobby: its panel went, and the focus with it. It goes to the
  // seat's first control (or the sentence saying whom the table waits for), never left on the page's body.
  const active = document.activeElement; // still the hidden panel's button until the browser moves it to the body
  if (waited && (!active || active === document.body || active.closest("[hidden]"))) focusFirstControl(data);
  waited = false;
  startClock(data);
}

// The felt seen from one's own seat: at the bottom, the next to speak on the right, the partner at the top.
function layOut(seat) {
  const { areas } = roomTexts.layouts[seat];
  for (const [area, at] of Object.entries(areas)) {
    const box = $(`seat-${at}`);
    box.classList.remove("seat--top", "seat--left", "seat--right", "seat--bottom");
    box.classList.add(`seat--${area}`);
  }
  const myTeam = roomTexts.layouts[seat].team;
  ctx.texts.teams = [0, 1].map((team) => (team === myTeam ? roomTexts.us : roomTexts.them));
  // The scoreboard lists one's own team first, as at the bots' table (in reading order, so for screen readers too).
  const ours = $(`score-${myTeam}`);
  const theirs = $(`score-${1 - myTeam}`);
  if (ours.nextElementSibling !== theirs) ours.parentElement.insertBefore(ours, theirs);
}

// A bot is named by where it sits from the viewer ("Your partner (bot)"; inside a sentence, with ``forms`` the
// table's seatsInSentence, "the rival on your right (bot)"); a person by their own name.
function seatName(entry, forms = tableTexts.seats) {
  if (entry.kind === "bot" && !entry.stand_in) {
    const mine = state?.me?.seat;
    if (mine === undefined) return ui.bot;
    return fmt(ui.botSeat, { player: forms[roomTexts.layouts[mine].around.indexOf(entry.seat)] });
  }
  return entry.name ?? ui.free;
}

function seatNotes(entry, mySeat) {
  const notes = [];
  if (entry.seat === mySeat) notes.push(ui.you);
  if (entry.host) notes.push(ui.host);
  if (entry.stand_in) notes.push(ui.standIn);
  else if (entry.kind === "person" && !entry.connected) notes.push(ui.away);
  return notes;
}

// On the felt each seat shows its player's name (inserted as text: names are the players' own words).
function nameSeats(data) {
  for (const entry of data.seats) {
    const named = (forms) => (entry.seat === data.me.seat ? forms[0] : seatName(entry, forms));
    ctx.texts.seats[entry.seat] = named(tableTexts.seats);
    ctx.texts.seatsInSentence[entry.seat] = named(tableTexts.seatsInSentence);
    const heading = $(`seat-${entry.seat}-name`);
    const notes = seatNotes(entry, data.me.seat);
    const who = document.createElement("span");
    who.className = "seat__who";
    who.textContent = notes.length ? ` · ${notes.join(" · ")}` : "";
    heading.replaceChildren(seatName(entry), who);
    $(`seat-${entry.seat}`).classList.toggle("seat--away", entry.kind === "person" && !entry.connected);
  }
}

function renderSeats(data) {
  const mySeat = data.me?.seat;
  els.seatList.replaceChildren(...data.seats.map((entry) => {
    const item = document.createElement("li");
    item.className = `room-seat room-seat--${entry.kind ?? "free"}`;
    const number = document.createElement("strong");
    number.textContent = `${roomTexts.seatNumbers[entry.seat]} (${roomTexts.teamNames[roomTexts.teamOf[entry.seat]]})`;
    const name = document.createElement("span");
    name.className = "room-seat__name";
    name.textContent = seatName(entry);
    const notes = document.createElement("span");
    notes.className = "room-seat__notes";
    const said = seatNotes(entry, mySeat);
    // each note after a separator, as on the felt: "Ana · eres tú · dirige la sala" ("Ana eres tú" read as a clause)
    notes.textContent = said.length ? ` · ${said.join(" · ")}` : "";
    item.append(number, " ", name, notes);
    return item;
  }));
  $("room-seats").hidden = Boolean(data.me && data.started);
}

function renderOptions(data) {
  const o = data.options;
  const parts = [ui.reyes[o.reyes], fmt(ui.target, { target: o.target })];
  for (const flag of ["mus_corrido", "real", "vacas", "senas"]) if (o[flag]) parts.push(ui.flags[flag]);
  parts.push(ui.levels[data.level]);
  parts.push(data.clock ? fmt(ui.clockEach, { seconds: data.clock }) : ui.noClock);
  if (data.hints) parts.push(ui.flags.hints);
  els.options.textContent = parts.join(" · ");
  els.hints.hidden = !data.hints; // during the game too, when the seats' list is no longer shown
}

function freeSeats(data) {
  return data.seats.filter((entry) => entry.kind === null);
}

function renderJoin(data, seated) {
  const free = freeSeats(data);
  const canJoin = !seated && !data.started && free.length > 0;
  els.join.hidden = !canJoin;
  if (!seated && !canJoin) notice(data.watching ? "" : (data.started ? ui.startedAlready : ui.full));
  if (!canJoin) return;
  const chosen = els.joinSeat.value;
  const first = new Option(ui.nextFree, "");
  els.joinSeat.replaceChildren(first, ...free.map((entry) => new Option(
    `${roomTexts.seatNumbers[entry.seat]} (${roomTexts.teamNames[roomTexts.teamOf[entry.seat]]})`,
    String(entry.seat))));
  if ([...els.joinSeat.options].some((option) => option.value === chosen)) els.joinSeat.value = chosen;
}

function renderWait(data, seated) {
  const waiting = seated && !data.started;
  els.wait.hidden = !waiting;
  if (!waiting) return;
  waited = true;
  const host = data.seats.find((entry) => entry.host);
  els.start.hidden = !data.me.host;
  els.leave.hidden = false;
  const bots = freeSeats(data).length;
  const hostWords = bots ? fmt(ui.youStart, { bots }) : ui.youStartFull; // no bots to speak of in a full room
  els.waitStatus.textContent = data.me.host ? hostWords : fmt(ui.hostStarts, { host: host?.name ?? "" });
}

// ----- taking a seat, starting, leaving ----------------------------------------------------------------------

async function join(event) {
  event.preventDefault();
  if (!els.join.reportValidity()) return;
  const body = { name: els.join.elements.name.value };
  if (els.joinSeat.value !== "") body.seat = Number(els.joinSeat.value);
  const { status, data } = await callRooms("POST", `${api}/seats`, { lang, body });
  if (status !== 201) {
    els.joinError.textContent = data?.error ?? ui.unreachable;
    if (status === 409) load();
    return;
  }
  els.joinError.textContent = "";
  saveSeat(room, data.seat, data.token);
  token = data.token;
  await load();
  els.leave.focus();
}

async function start() {
  els.start.disabled = true;
  const { status, data } = await callRooms("POST", `${api}/start`, { lang, token });
  els.start.disabled = false;
  if (status !== 200) {
    els.waitError.textContent = data?.error ?? ui.unreachable;
    return;
  }
  els.waitError.textContent = "";
  show(data);
  document.querySelector("#controls-buttons button, .card-toggle")?.focus();
}

async function leave() {
  const { status, data } = await callRooms("POST", `${api}/leave`, { lang, token });
  if (status !== 200) {
    els.waitError.textContent = data?.error ?? ui.unreachable;
    return;
  }
  forgetSeat(room);
  token = null;
  await load();
  els.join.elements.name?.focus();
}

// ----- playing -------------------------------------------------------------------------------------------------

async function act(action) {
  if (ctx.busy || !state?.me) return;
  ctx.busy = true;
  game.setDisabled(true);
  const body = OUT_OF_TURN.has(action.type) ? { action } : { action, version: state.version };
  const { status, data } = await callRooms("POST", `${api}/actions`, { lang, token, body });
  ctx.busy = false;
  if (status === 200) {
    if (!OUT_OF_TURN.has(action.type)) ctx.selected.clear(); // a signal or a catch leaves the chosen discard
    show(data);
  } else if (status === 409) {
    await load();
    game.showError(ui.stale);
  } else {
    game.setDisabled(false);
    game.showError(data?.error ?? ui.unreachable);
  }
}

async function rematch() {
  const { status, data } = await callRooms("POST", `${api}/rematch`, { lang, token });
  if (status === 200) {
    lastIndex = -1;
    show(data);
  } else {
    game.showError(data?.error ?? ui.unreachable);
  }
}

function isMyTurn(view) {
  return Boolean(view?.me && view.started && view.legal_actions?.some((entry) => !OUT_OF_TURN.has(entry.type)
    && entry.type !== "next_hand"));
}

// Once the table is drawn: the page title and the sound say it is your turn, and the next hand's agreement.
function afterTable(view) {
  coach.update(view);
  summary.draw(view, view?.summary ?? null);
  const mine = isMyTurn(state);
  document.title = mine ? fmt(ui.titleTurn, { title: baseTitle }) : baseTitle;
  if (mine && !myTurnBefore && (document.hidden || !document.hasFocus())) beep();
  myTurnBefore = mine;
  // "Next hand" is a press: once made, the button waits for the others (or the 20 s after the first press).
  const next = state.next_hand;
  const pressed = next?.pressed ?? [];
  for (const id of ["action-next_hand", "panel-next"]) {
    const button = $(id);
    if (button && pressed.includes(state.me.seat)) button.disabled = true;
  }
  nextAt = pressed.length && typeof next.left === "number" ? Date.now() + next.left * 1000 : null;
  if (nextTimer) clearInterval(nextTimer);
  nextTimer = nextAt === null ? null : setInterval(tickNext, 1000);
  tickNext();
}

// The next hand's countdown, second by second, until it is dealt (the stream then brings the new hand). Who is
// ready is announced once (a status); the seconds are a timer, read when asked, not every second.
function tickNext() {
  const pressed = state?.next_hand?.pressed ?? [];
  const players = andList(pressed.map((seat) => ctx.texts.seatsInSentence[seat]), roomTexts.listPatterns);
  const ready = pressed.length ? fmt(ui.nextPressed, { players }) : "";
  if (els.next.textContent !== ready) els.next.textContent = ready;
  els.nextClock.textContent = nextAt === null ? ""
    : fmt(ui.nextIn, { seconds: Math.max(0, Math.ceil((nextAt - Date.now()) / 1000)) });
  if (nextAt !== null && nextAt <= Date.now() && nextTimer) {
    clearInterval(nextTimer);
    nextTimer = null;
  }
}

// ----- the turn clock --------------------------------------------------------------------------------------------

function startClock(view) {
  deadlineAt = typeof view.deadline === "number" ? Date.now() + view.deadline * 1000 : null;
  if (clockTimer) clearInterval(clockTimer);
  clockTimer = deadlineAt === null ? null : setInterval(tick, 500);
  tick();
}

function tick() {
  if (deadlineAt === null) {
    els.clock.textContent = "";
    els.controlsClock.textContent = "";
    return;
  }
  const seconds = Math.max(0, Math.ceil((deadlineAt - Date.now()) / 1000));
  const waiting = state.turn !== null && state.turn !== undefined ? state.turn : null;
  const text = isMyTurn(state) ? fmt(ui.clockYou, { seconds })
    : waiting !== null ? capitalize(fmt(ui.clockOf, { player: ctx.texts.seatsInSentence[waiting], seconds }), lang)
      : fmt(ui.clockAll, { seconds });
  els.clock.textContent = text;
  els.clock.classList.toggle("room-bar__clock--low", seconds <= 10);
  els.controlsClock.textContent = text; // its copy beside the controls, for a phone
  els.controlsClock.classList.toggle("room-bar__clock--low", seconds <= 10);
  if (seconds === 0 && clockTimer) {
    clearInterval(clockTimer);
    clockTimer = null;
  }
}

// ----- the sound: a short tone made in the page (WebAudio), only for someone who turned it on ---------------------

let audio = null;

function beep() {
  if (!els.sound.checked || !audio) return;
  const now = audio.currentTime;
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  tone.frequency.setValueAtTime(660, now);
  tone.frequency.setValueAtTime(880, now + 0.12);
  volume.gain.setValueAtTime(0.0001, now);
  volume.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
  volume.gain.exponentialRampToValueAtTime(0.0001, now + 0.3);
  tone.connect(volume).connect(audio.destination);
  tone.start(now);
  tone.stop(now + 0.32);
  root.dataset.beeps = String(Number(root.dataset.beeps ?? 0) + 1);
}

function soundChanged() {
  localStorage.setItem(SOUND_STORE, els.sound.checked ? "on" : "off");
  // A browser lets a page make sound once the person has acted on it: this change is that act.
  if (els.sound.checked && !audio) audio = new AudioContext();
  audio?.resume();
}

// ----- live updates ----------------------------------------------------------------------------------------------

const NEWS_ENDS = new Set(["hand_start", "game_over", "match_over"]);

function openStream() {
  if (stream || Date.now() < streamAfter) return;
  let opened = false;
  stream = new EventSource(`${api}/events?lang=${encodeURIComponent(lang)}&since=${state.version}`);
  stream.addEventListener("room", (message) => {
    let change;
    try {
      change = JSON.parse(message.data);
    } catch {
      return;
    }
    // The room's own news, but not who asked for the next hand: the next hand's status says that (said twice, a
    // screen reader heard it twice).
    const said = (change.events ?? []).filter((event) => event.index === undefined && event.text
      && event.code !== "next_hand_pressed");
    // The room's news is about that moment: a new hand or the end of the game makes older news stale.
    const turned = (change.events ?? []).some((event) => NEWS_ENDS.has(event.code));
    if (said.length) els.connection.textContent = said.map((event) => event.text).join(" ");
    else if (turned && els.connection.textContent !== ui.reconnecting) els.connection.textContent = "";
    if (change.version > (state?.version ?? -1)) load();
  });
  stream.addEventListener("open", () => {
    opened = true;
    refusals = 0;
    stopPolling();
    root.dataset.connected = "true";
    if ([ui.reconnecting, ui.polling].includes(els.connection.textContent)) els.connection.textContent = "";
  });
  stream.addEventListener("error", () => {
    root.dataset.connected = "false";
    if (stream.readyState !== EventSource.CLOSED) { // the browser reconnects by itself
      els.connection.textContent = ui.reconnecting;
      return;
    }
    stream = null;
    if (opened) { // it was open, and then refused (the seat is gone) or the server went down: ask again
      els.connection.textContent = ui.reconnecting;
      setTimeout(load, RECONNECT_MS);
      return;
    }
    // Refused before it opened: too many live connections (the server's caps), or no server. The page asks for
    // the view every few seconds meanwhile, and tries a stream again later, waiting longer each time.
    refusals += 1;
    streamAfter = Date.now() + STREAM_RETRY_MS[Math.min(refusals, STREAM_RETRY_MS.length) - 1];
    root.dataset.connected = "polling";
    els.connection.textContent = ui.polling;
    startPolling();
  });
}

function stopStream() {
  stream?.close();
  stream = null;
  stopPolling();
}

function startPolling() {
  if (!pollTimer) pollTimer = setInterval(() => { if (!document.hidden) load(); }, POLL_MS);
}

function stopPolling() {
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = null;
}

function lobbyRefresh() {
  if (!lobbyTimer) lobbyTimer = setInterval(() => { if (!document.hidden) load(); }, REFRESH_LOBBY_MS);
}

function stopLobbyRefresh() {
  if (lobbyTimer) clearInterval(lobbyTimer);
  lobbyTimer = null;
}

// ----- the rest ----------------------------------------------------------------------------------------------------

function notice(text) {
  els.notice.textContent = text;
}

function closed() {
  stopStream();
  stopLobbyRefresh();
  els.join.hidden = true;
  els.wait.hidden = true;
  notice(ui.gone);
}

async function copyLink() {
  try {
    await navigator.clipboard.writeText(els.link.value);
    els.copyStatus.textContent = ui.copied;
  } catch {
    els.link.select();
    els.copyStatus.textContent = ui.copyByHand;
  }
}

els.copy.addEventListener("click", copyLink);
els.join.addEventListener("submit", join);
els.start.addEventListener("click", start);
els.leave.addEventListener("click", leave);
els.sound.checked = localStorage.getItem(SOUND_STORE) === "on";
els.sound.addEventListener("change", soundChanged);
// Turned on in an earlier visit: the sound is ready from the person's first click or key on the page.
for (const kind of ["pointerdown", "keydown"]) {
  document.addEventListener(kind, () => { if (els.sound.checked && !audio) audio = new AudioContext(); },
    { once: true });
}
document.addEventListener("visibilitychange", () => { if (!document.hidden && state?.me) load(); });
load();

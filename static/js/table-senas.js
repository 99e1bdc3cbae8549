// Señas at a table (RULES.md section 7): the signals each seat is known to have made, shown beside it; the "Seña"
// button and its key opening a small menu of the signals true now; a rival's signal as a brief flash beside the
// signaller, caught with a click or a key inside its window (announced at once in the assertive region); and
// "continue" once the bots wait after a window that ran out. Everything comes from the view (docs/api-tables.md,
// "Señas"): ``senas`` (what the learner saw), ``catch_windows`` (whose, and the seconds left), ``bots_paused``.
//
// A page using it has seat-N-senas and seat-N-flash in each seat, #senas-controls with #sena-toggle, #sena-left
// and #sena-menu, and the live regions of table-live.js.

import { $ } from "./dom.js";
import { alertNow, clearAlert } from "./table-live.js";
import { capitalize, fmt } from "./text.js";
import { legal } from "./table-view.js";

const PER_HAND = 2;      // signals a player may make in a hand (the engine refuses a third)
const LATE_MS = 100;     // after a window's end, so the server's clock has passed it too

/** Beside each seat, the signals the learner knows it made (the partner's, its own, the rivals' it caught). */
export function renderSeatSenas(ctx, view, board) {
  const words = ctx.texts.senas;
  for (let seat = 0; seat < 4; seat += 1) {
    const made = (board.senas ?? []).filter((sena) => sena.seat === seat);
    const box = $(`seat-${seat}-senas`);
    if (!box) continue;
    if (!made.length) {
      box.textContent = "";
      continue;
    }
    const ours = seat === view.seat || seat === view.partner; // the view names the partner's seat
    const names = made.map((sena) => {
      const name = words.names[sena.sena];
      return ours && sena.caught_by.length ? fmt(words.wasCaught, { sena: name }) : name;
    }).join(", ");
    const template = seat === view.seat ? words.own : ours ? words.partner : words.caught;
    box.textContent = capitalize(fmt(template, { senas: names }), ctx.lang);
  }
}

/** The signals the menu offers: the true ones the seat has not made since its last discard (made again, a signal
 * would tell the partner nothing new). */
function offeredSenas(view) {
  const entry = legal(view, "sena");
  if (!entry) return [];
  const made = new Set(view.senas.filter((sena) => sena.seat === view.seat && sena.mus_round === view.mus_round)
    .map((sena) => sena.sena));
  return entry.senas.filter((name) => !made.has(name));
}

function isTyping(target) {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"]
    .includes(target.tagName));
}

/**
 * The señas controls of one table page. ``act(action)`` sends an action; ``focusFollowsGame()`` says whether the
 * focus may move (the learner is not reading elsewhere); ``focusHome()`` puts it back on the learner's controls.
 */
export function createSenas(ctx, { act, focusFollowsGame, focusHome }) {
  const words = ctx.texts.senas;
  const toggle = $("sena-toggle");
  const menu = $("sena-menu");
  let view = null;
  let timers = [];

  function clearFlashes() {
    timers.forEach(clearTimeout);
    timers = [];
    for (let seat = 0; seat < 4; seat += 1) $(`seat-${seat}-flash`)?.replaceChildren();
  }

  function closeMenu(focusToggle = false) {
    menu.hidden = true;
    toggle.setAttribute("aria-expanded", "false");
    if (focusToggle) toggle.focus();
  }

  function openMenu() {
    const offered = view ? offeredSenas(view) : [];
    if (!offered.length || ctx.busy) return;
    menu.replaceChildren(...offered.map((name) => {
      const item = document.createElement("button");
      item.type = "button";
      item.className = "button sena-menu__item";
      item.dataset.sena = name;
      item.textContent = capitalize(words.names[name], ctx.lang);
      item.addEventListener("click", () => {
        closeMenu();
        act({ type: "sena", sena: name });
      });
      return item;
    }));
    menu.hidden = false;
    toggle.setAttribute("aria-expanded", "true");
    menu.querySelector("button")?.focus();
  }

  function catchSignal(seat) {
    if (!ctx.busy) act({ type: "catch", seat });
  }

  // A flash beside the signaller: a button with the window's time running out as a bar.
  function flash(window, announce) {
    const box = $(`seat-${window.seat}-flash`);
    const player = ctx.texts.seats[window.seat];
    const button = document.createElement("button");
    button.type = "button";
    button.className = "flash";
    button.id = `catch-${window.seat}`;
    button.setAttribute("aria-keyshortcuts", words.catchKey.toUpperCase());
    const label = document.createElement("span");
    label.textContent = words.catch;
    const name = document.createElement("span");
    name.className = "visually-hidden";
    name.textContent = ` ${fmt(words.catchName, { player })}`;
    const key = document.createElement("kbd");
    key.textContent = words.catchKey.toUpperCase();
    const bar = document.createElement("span");
    bar.className = "flash__time";
    bar.setAttribute("aria-hidden", "true");
    button.style.setProperty("--window", `${window.left}s`); // CSSOM, allowed by the Content-Security-Policy
    button.append(label, name, " ", key, bar);
    button.addEventListener("click", () => catchSignal(window.seat));
    box.replaceChildren(button);
    if (announce) {
      const said = view.events.find((event) => event.code === "sena_flash" && event.seat === window.seat);
      alertNow(`${said ? said.text : fmt(words.catchName, { player })} ${fmt(words.catchHint,
        { key: words.catchKey.toUpperCase() })}`);
      if (focusFollowsGame()) button.focus();
    }
    timers.push(setTimeout(() => expire(window.seat), window.left * 1000 + LATE_MS));
  }

  function open() {
    return (view?.catch_windows ?? []).filter((window) => window.left > 0 && $(`catch-${window.seat}`));
  }

  function expire(seat) {
    const button = $(`catch-${seat}`);
    const hadFocus = button && button.contains(document.activeElement);
    $(`seat-${seat}-flash`).replaceChildren();
    if (!open().length) clearAlert();
    if (hadFocus) focusHome();
    goOn();
  }

  // The bots wait after a rival's signal: once no window of the learner is running, let them go on.
  function goOn() {
    if (view?.bots_paused && !open().length && !ctx.busy) act({ type: "continue" });
  }

  /** A new view arrived: nothing of the old one stays clickable until it is drawn. */
  function reset(next) {
    view = next;
    clearFlashes();
    closeMenu();
    $("senas-controls").hidden = true;
  }

  /** Every event is shown: draw the señas controls and the flashes; ``fresh`` (a resumed table) announces too. */
  function update(next, { fresh = false } = {}) {
    view = next;
    clearFlashes();
    if (!view.options.senas) return;
    const offered = offeredSenas(view).length > 0;
    $("senas-controls").hidden = !offered;
    if (offered) {
      const made = view.senas.filter((sena) => sena.seat === view.seat).length;
      $("sena-left").textContent = fmt(words.left, { count: PER_HAND - made });
    }
    for (const window of view.catch_windows) {
      if (window.left <= 0) continue;
      const flashed = view.events.some((event) => event.code === "sena_flash" && event.seat === window.seat);
      flash(window, flashed || fresh);
    }
    if (!open().length) clearAlert(); // caught, or its window closed while the view was away
    goOn();
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target) || !view?.options.senas) return;
    if (document.querySelector("dialog[open]")) return;
    const key = event.key.toLowerCase();
    if (menu.contains(event.target) && ["ArrowDown", "ArrowUp", "Escape"].includes(event.key)) {
      event.preventDefault();
      if (event.key === "Escape") {
        closeMenu(true);
        return;
      }
      const items = [...menu.querySelectorAll("button")];
      const step = event.key === "ArrowDown" ? 1 : -1;
      items[(items.indexOf(event.target) + step + items.length) % items.length]?.focus();
    } else if (key === words.catchKey) {
      const windows = open().sort((a, b) => a.left - b.left); // the one that ends first
      if (windows.length) {
        event.preventDefault();
        catchSignal(windows[0].seat);
      }
    } else if (key === words.key && offeredSenas(view).length) {
      event.preventDefault();
      openMenu();
    }
  }

  toggle.addEventListener("click", () => (menu.hidden ? openMenu() : closeMenu(true)));
  document.addEventListener("keydown", onKey);
  return { reset, update };
}

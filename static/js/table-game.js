// One table on a page, whatever serves it (the bots' table, a room): a view comes in, its new events are played
// back at the page's pace (the board follows them), then the controls of the seat are drawn, "your turn" is said
// and after a hand the explanation is shown. The page sends the actions (``act``) and says what happens once the
// game is over (``newTable``).
//
//   const game = createTableGame({ ctx, pace, act, newTable, onShowing, onReady, focusIsFree });
//   (onShowing(view): a new view came in, its events are about to be shown, the old decision is gone; onReady(view):
//   every event shown and the controls drawn, before the explanation; focusIsFree(element): the page's own places
//   the focus may leave). Señas (table-senas.js) are part of the table.
//   game.receive(view, { announce: true, events });   // events: the new ones (default: view.events)
//   game.adopt(view)   // a newer view of the decision on screen (decisionOf): kept, nothing drawn again

import { $ } from "./dom.js";
import { renderBoard } from "./table-board.js";
import { focusFirstControl, nextLabel, renderControls, setControlsDisabled, showError } from "./table-controls.js";
import { announced, announceInTurn, clearLog, logEvent, saidBy, speakNow, spoken } from "./table-live.js";
import { createPlayback } from "./table-playback.js";
import { createSenas, renderSeatSenas } from "./table-senas.js";
import { advanceStage, boardOf, legal, stageFrom } from "./table-view.js";

const PAUSE_CODES = new Set(["discards", "deje", "showdown", "hand_over", "game_over"]);

export function createTableGame({ ctx, pace, act, onShowing = () => {}, onReady = () => {},
  focusIsFree = () => false }) {
  const els = {
    table: $("table"), lastEvent: $("last-event"), skip: $("skip"), prompt: $("controls-prompt"),
    buttons: $("controls-buttons"), panel: $("checker-panel"), checker: $("checker-container"),
    panelNext: $("panel-next"), dialog: $("ordago-dialog"),
  };
  let view = null;   // the latest view from the server
  let stage = null;  // while events are being shown: the board as it stood at the event on display
  const handlers = { act, confirmOrdago };
  const senas = createSenas(ctx, { act, focusFollowsGame, focusHome: () => focusFirstControl(view) });

  const playback = createPlayback({
    pace, show: showEvent, pausesAfter,
    // A rival's signal to catch is said at once in the assertive region (table-senas.js), not after the batch.
    // At a pace each sentence is queued (table-live.js): none is cut off by the next move; with no pause, a batch is
    // said at once.
    say: (events) => {
      const sentences = events.filter((event) => !catchable(event)).map((event) => spoken(ctx, event));
      if (pace() > 0) announceInTurn(sentences);
      else speakNow(sentences.join(" "));
    },
    done: finish,
  });

  function receive(data, { announce: speak, events = data.events ?? [] }) {
    const previous = view;
    view = data;
    els.table.hidden = false;
    els.table.dataset.ready = "false";
    els.table.dataset.version = String(data.version);
    playback.cancel();
    senas.reset(data);
    onShowing(data);
    stage = null; // a batch still being played back (a new game dealt meanwhile) is dropped
    if (!data.last_hand) els.panel.hidden = true; // the last hand's explanation goes once the next hand is dealt
    drawBoard();
    drawControls(false);
    if (events.some((event) => event.code === "hand_start")) clearLog();
    if (!speak) {
      (data.events ?? []).forEach(showEvent);
      finish(false);
      return;
    }
    els.skip.hidden = events.length === 0 || pace() === 0;
    if (events.length && pace() > 0) {
      // The board follows the events as they are shown, not the state they end in: no bet, turn or card of the
      // future is on the table while the earlier moves are still being played back.
      stage = stageFrom(previous, view);
      drawBoard();
      // The seat's controls are gone until the others' moves are shown: the focus waits on "Show everything now".
      if (focusFollowsGame()) els.skip.focus();
    }
    playback.start(events);
  }

  // A room's news moved the version, not the decision: the newer view is kept (its version is the one to act on), and
  // the board, the controls, an open señas menu, a hint being read and events still being shown stay as they are.
  // Controls left disabled by a move the server refused (it came with an older version) can be used again.
  function adopt(data) {
    view = data;
    els.table.dataset.version = String(data.version);
    if (els.table.dataset.ready === "true") setDisabled(ctx.busy);
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
    return PAUSE_CODES.has(event.code);
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
    if (moveFocus && els.prompt.textContent && pace() > 0) { // "Your turn." after the queued sentences
      announceInTurn([els.prompt.textContent]);
    } else if (moveFocus && els.prompt.textContent) { // "Your turn." after the events, for screen readers
      speakNow(`${announced()} ${els.prompt.textContent}`.trim());
    } else if (!moveFocus) { // a resumed table: where it stands, in one short sentence or two
      speakNow(`${els.lastEvent.textContent} ${els.prompt.textContent}`.trim());
    }
    onReady(view);
    senas.update(view, { fresh: !moveFocus });
    await renderCheckerResult();
    els.table.dataset.ready = "true"; // every event shown, controls ready (tests wait for this)
  }

  function drawBoard() {
    const board = stage ?? boardOf(view);
    renderBoard(ctx, view, board, Boolean(stage));
    renderSeatSenas(ctx, view, board);
    copyScore();
  }

  // The scoreboard's teams and points, in its order (one's own team first), copied beside the controls.
  function copyScore() {
    $("controls-score").textContent = [...$("scoreboard").querySelectorAll(".scoreboard__team")].map((box) => {
      const points = box.querySelector(".scoreboard__points");
      return points ? `${box.querySelector("strong").textContent} ${points.textContent}` : box.textContent;
    }).join(" · ");
  }

  function drawControls(ready, moveFocus = false) {
    // Focus follows the game only for someone playing: lost with the old controls, or still in their own cards.
    const hadFocus = moveFocus && focusFollowsGame();
    els.panelNext.hidden = !(ready && legal(view, "next_hand"));
    els.panelNext.disabled = ctx.busy; // drawn afresh like the controls (an action sent before had disabled it)
    els.panelNext.textContent = nextLabel(ctx, view);
    renderControls(ctx, view, ready, handlers);
    if (ready && hadFocus) focusFirstControl(view);
  }

  // True when the focus is where the game put it (or lost with controls that are gone): then it may follow the
  // game. Someone reading the explanation or the log keeps their place.
  function focusFollowsGame() {
    const active = document.activeElement;
    return !active || active === document.body || els.buttons.contains(active) || active === els.prompt
      || $(`seat-${view.seat}`).contains(active) || active === els.panelNext || active === els.skip
      || $("senas-controls").contains(active) || active.classList.contains("flash") || focusIsFree(active);
  }

  function setDisabled(disabled) {
    setControlsDisabled(ctx, view, disabled);
    els.panelNext.disabled = disabled;
  }

  function confirmOrdago() {
    els.dialog.returnValue = "";
    els.dialog.showModal();
  }

  async function renderCheckerResult() {
    const described = view.last_hand?.described;
    els.panel.hidden = !described;
    if (!described) {
      els.checker.replaceChildren();
      return;
    }
    const { renderCheckerResult: draw } = await import("./checker-result.js");
    draw(els.checker, described, { headingLevel: 4 });
  }

  els.skip.addEventListener("click", () => playback.skip());
  // The same "next hand" at the end of the explanation, so someone who read it need not scroll back up.
  els.panelNext.addEventListener("click", () => act({ type: "next_hand" }));
  els.dialog.addEventListener("close", () => {
    if (els.dialog.returnValue === "yes") act({ type: "ordago" });
    else $("action-ordago")?.focus();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && playback.playing) playback.skip();
  });

  return {
    receive,
    adopt,
    setDisabled,
    showError,
    get view() { return view; },
  };
}

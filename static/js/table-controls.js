// The learner's controls: the prompt (what they are asked) and one button per legal action, drawn from a view.
// A page using it has #controls-prompt, #controls-buttons and #controls-error, and the seats of table-board.js.
//
// ``handlers``: { act(action) (send it), confirmOrdago() (ask first) }. Once the table is over the prompt says who
// won and the game's summary (table-summary.js) has the one "play again".

import { $ } from "./dom.js";
import { learnerCards, updateDiscardButton } from "./table-board.js";
import { capitalize, fmt } from "./text.js";
import { legal } from "./table-view.js";

// Out-of-turn actions (a signal, a catch) have controls of their own (table-senas.js), not a turn's buttons.
const OWN_CONTROLS = new Set(["sena", "catch"]);

/** Empty the controls; with ``ready``, draw the prompt and the buttons of the view's legal actions. */
export function renderControls(ctx, view, ready, handlers) {
  $("controls-buttons").replaceChildren();
  $("controls-error").textContent = "";
  if (!ready) {
    $("controls-prompt").textContent = "";
    return;
  }
  $(`seat-${view.seat}-cards`).replaceChildren(learnerCards(ctx, view));
  const { ui } = ctx.texts;
  const prompt = $("controls-prompt");
  const actions = view.legal_actions.filter((entry) => !OWN_CONTROLS.has(entry.type));
  const usWon = view.winner_team === view.team;
  if (view.match_over) {
    if (view.options.vacas) prompt.textContent = usWon ? ui.matchUs : ui.matchThem;
    else prompt.textContent = usWon ? ui.winnerUs : ui.winnerThem;
  } else if (view.limit) { // the game holds its cap of moves: nothing more can be played, the view says why
    prompt.textContent = view.limit;
  } else if (!actions.length) {
    prompt.textContent = waitingText(ctx, view);
  } else {
    prompt.textContent = legal(view, "discard") ? ui.chooseDiscards
      : view.phase === "hand_over" ? ui.handOver
        : view.phase === "game_over" ? (usWon ? ui.gameWonUs : ui.gameWonThem) : turnPrompt(ctx, view);
    for (const entry of actions) addControl(ctx, view, entry, handlers);
  }
}

// Whom the table waits for while the learner has nothing to do: the seat whose turn it is ("The rival on your right
// is deciding."), or, once the learner's discard is chosen, the others still choosing theirs (the board marks who).
function waitingText(ctx, view) {
  const { ui, seatsInSentence } = ctx.texts;
  if (view.phase === "discard") return ui.waitingDiscards;
  return view.turn === null ? "" : capitalize(fmt(ui.waiting, { player: seatsInSentence[view.turn] }), ctx.lang);
}

/** Put the focus on the learner's first control (a card while they choose a discard); with none (another seat's
 * turn), on the sentence that says whom the table waits for, so it is never lost with the controls. */
export function focusFirstControl(view) {
  const first = legal(view, "discard") ? document.querySelector(".card-toggle")
    : $("controls-buttons").querySelector("button");
  (first ?? $("controls-prompt")).focus();
}

export function setControlsDisabled(ctx, view, disabled) {
  for (const control of $("controls-buttons").querySelectorAll("button, input")) control.disabled = disabled;
  if (!disabled) updateDiscardButton(ctx, view);
}

export function showError(message) {
  $("controls-error").textContent = message;
}

// After a game won in a match of vacas, "next hand" deals the first hand of a new game: say so.
export function nextLabel(ctx, view) {
  return view?.phase === "game_over" ? ctx.texts.ui.nextGame : capitalize(ctx.texts.actions.next_hand, ctx.lang);
}

export function button(id, label, onClick, extraClass = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.id = id;
  b.className = `button ${extraClass}`.trim();
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}

// What the learner is asked: to answer a bet (whose, how much, what refusing costs), to speak in a lance, or mus.
function turnPrompt(ctx, view) {
  const { ui, seatsInSentence, lances, actions } = ctx.texts;
  const live = view.live_bet;
  if (live && legal(view, "quiero")) { // the bettor is named as a sentence names it: "The rival on your right has bet"
    return capitalize(fmt(live.ordago ? ui.answerOrdago : ui.answerBet, {
      player: seatsInSentence[live.bettor], total: live.total, lance: lances[live.lance], deje: live.deje }), ctx.lang);
  }
  if (view.lance) return fmt(ui.yourTurnLance, { lance: lances[view.lance] });
  return legal(view, "mus") ? fmt(ui.yourTurnMus, { mus: actions.mus, corto: actions.corto }) : ui.yourTurn;
}

function addControl(ctx, view, entry, handlers) {
  const { type } = entry;
  const { ui, actions } = ctx.texts;
  const buttons = $("controls-buttons");
  if (type === "discard") {
    const go = button("action-discard", ui.discard,
      () => handlers.act({ type: "discard", cards: [...ctx.selected] }), "button--primary");
    const count = document.createElement("span");
    count.id = "discard-count";
    count.className = "controls__count";
    count.setAttribute("aria-live", "polite");
    buttons.append(go, count);
    updateDiscardButton(ctx, view);
  } else if (type === "envido") {
    addEnvido(ctx, view, entry, handlers);
  } else if (type === "ordago") {
    buttons.append(button("action-ordago", capitalize(actions.ordago, ctx.lang), handlers.confirmOrdago,
      "button--danger"));
  } else {
    buttons.append(button(`action-${type}`,
      type === "next_hand" ? nextLabel(ctx, view) : capitalize(actions[type], ctx.lang),
      () => handlers.act({ type }), type === "next_hand" ? "button--primary" : ""));
  }
}

function addEnvido(ctx, view, entry, handlers) {
  const { ui, actions } = ctx.texts;
  const buttons = $("controls-buttons");
  const raising = Boolean(view.live_bet);
  if (entry.min <= 2 && entry.max >= 2) {
    const text = raising ? fmt(ui.raise, { amount: 2 }) : fmt(ui.envidoOf, { envido: actions.envido, amount: 2 });
    const label = capitalize(text, ctx.lang);
    buttons.append(button("action-envido", label, () => handlers.act({ type: "envido", amount: 2 })));
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
  const send = () => handlers.act({ type: "envido", amount: Number(input.value) });
  input.addEventListener("keydown", (event) => { if (event.key === "Enter") send(); });
  group.append(label, input, button("action-envido-custom", ui.envidoCustom, send));
  buttons.append(group);
}

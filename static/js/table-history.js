// The current game's finished hands (issue 15), from GET /api/tables/<id>/history: each hand stepped through event
// by event as the learner saw it, the board (the learner's cards, the others' backs until the showdown, the bets,
// declarations and score) redrawn at each step by the table's own drawing (table-board.js, table-view.js), its end
// (every hand at the showdown); at the end of a game, its summary (table-summary.js).
//
//   const history = createHistory({ ctx, call, api, getView, newTable });
//   history.update(view)   // after a hand or a game is over

import { $ } from "./dom.js";
import { renderBoard } from "./table-board.js";
import { createSummary } from "./table-summary.js";
import { fmt } from "./text.js";
import { advanceStage, stageFrom } from "./table-view.js";


export function createHistory({ ctx, call, api, getView, newTable }) {
  const words = ctx.texts.coach;
  let hands = [];
  let hand = 0;
  let step = 0;
  let loadedFor = null;
  const summary = createSummary({ ctx, again: () => newTable(), harderLevel: (level) => newTable(level),
    stats: true });

  async function update(view) {
    if (!view || !view.last_hand) {
      summary.draw(view, null);
      return;
    }
    const key = `${view.id}:${view.version}`;
    if (loadedFor === key) return;
    loadedFor = key;
    const { status, data } = await call("GET", `${api}/${encodeURIComponent(view.id)}/history`);
    if (status !== 200 || getView() !== view) return;
    hands = data.hands;
    drawHands();
    summary.draw(view, data.summary);
  }

  // ----- the hands, step by step ---------------------------------------------------------------------------

  function drawHands() {
    const box = $("game-history");
    box.hidden = hands.length === 0;
    const select = $("history-hand");
    select.replaceChildren(...hands.map((item, index) => {
      const option = document.createElement("option");
      option.value = String(index);
      option.textContent = fmt(words.handOption, { number: item.hand_number });
      return option;
    }));
    hand = Math.max(0, hands.length - 1);
    select.value = String(hand);
    $("history-end").dataset.hand = "";
    step = 0;
    drawStep();
  }

  function drawStep() {
    const current = hands[hand];
    if (!current) return;
    const steps = current.steps;
    step = Math.min(Math.max(step, 0), steps.length - 1);
    const event = steps[step];
    const score = event.score_text ? ` (${event.score_text.join(" – ")})` : "";
    $("history-step").textContent = fmt(words.step, { number: step + 1, count: steps.length, text: event.text })
      + score;
    $("history-prev").disabled = step === 0;
    $("history-next").disabled = step === steps.length - 1;
    drawBoardAt(current, step);
    const end = $("history-end");
    end.hidden = step !== steps.length - 1;
    if (!end.hidden && end.dataset.hand !== String(hand)) {
      end.dataset.hand = String(hand);
      drawEnd(end, current);
    }
  }

  // The board as the learner saw it once the step's event happened: the hand's events up to it played on a fresh
  // board, the learner's cards followed through their deal and replacements.
  function drawBoardAt(current, index) {
    const view = getView();
    const seat = view.seat;
    const board = stageFrom(null, { mano: null, score_text: current.score_text_before,
      score_stones: current.score_stones_before, scores: current.scores_before });
    let hand = [];
    // The games and vacas won as that hand was played, the game it ended counted from its game_over on.
    let won = { games_won: current.games_won_before, vacas_won: current.vacas_won_before };
    for (const event of current.steps.slice(0, index + 1)) {
      advanceStage(board, event);
      const p = event.params;
      if (event.code === "game_over") won = { games_won: current.games_won, vacas_won: current.vacas_won };
      if (p.seat !== seat) continue;
      if (event.code === "deal") hand = p.cards.slice();
      if (event.code === "replaced") hand = hand.filter((card) => !p.out.includes(card)).concat(p.in);
    }
    const past = { seat, hand, legal_actions: [], turn: null, to_act: [], options: view.options, ...won };
    renderBoard(ctx, past, board, true, "history-");
  }

  async function drawEnd(end, current) {
    const { renderCheckerResult } = await import("./checker-result.js");
    end.replaceChildren();
    renderCheckerResult(end, current.last_hand.described, { headingLevel: 4, idPrefix: `history-${hand}` });
    // The same hand's explanation may be in the table's panel too: here its sections are groups, not landmarks, so
    // the page keeps one region of each name.
    for (const section of end.querySelectorAll("section[aria-label], section[aria-labelledby]")) {
      section.setAttribute("role", "group");
    }
  }

  $("history-hand").addEventListener("change", (event) => {
    hand = Number(event.target.value);
    step = 0;
    drawStep();
  });
  $("history-prev").addEventListener("click", () => { step -= 1; drawStep(); });
  $("history-next").addEventListener("click", () => { step += 1; drawStep(); });

  return { update };
}

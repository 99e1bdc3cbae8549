// The current game's finished hands and the end-of-game summary (issue 15), from GET /api/tables/<id>/history:
// each hand stepped through event by event as the learner saw it, the board (the learner's cards, the others' backs
// until the showdown, the bets, declarations and score) redrawn at each step by the table's own drawing
// (table-board.js, table-view.js), its end (every hand at the showdown); at the end
// of a game, the winner, the score after each hand as an SVG chart drawn here (with the same figures in a table),
// the tantos of each lance, the review marks, play again / a harder level; statistics across games in localStorage.
//
//   const history = createHistory({ ctx, call, api, getView, newTable });
//   history.update(view)   // after a hand or a game is over

import { renderBoard } from "./table-board.js";
import { fmt } from "./table-text.js";
import { advanceStage, stageFrom } from "./table-view.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const STATS = "escuela-mus-stats";
const LEVELS = ["easy", "medium", "hard"];

/** A finished game's replay (options, seeds, the learner's moves) as a URL-safe text, and back (null if damaged). */
export function encodeReplay(replay) {
  const bytes = new TextEncoder().encode(JSON.stringify(replay));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeReplay(text) {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const replay = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    return Array.isArray(replay.actions) && replay.options ? replay : null;
  } catch {
    return null;
  }
}

export function createHistory({ ctx, call, api, getView, newTable }) {
  const words = ctx.texts.coach;
  let hands = [];
  let hand = 0;
  let step = 0;
  let loadedFor = null;

  async function update(view) {
    if (!view || !view.last_hand) {
      $("game-summary").hidden = true;
      return;
    }
    const key = `${view.id}:${view.version}`;
    if (loadedFor === key) return;
    loadedFor = key;
    const { status, data } = await call("GET", `${api}/${encodeURIComponent(view.id)}/history`);
    if (status !== 200 || getView() !== view) return;
    hands = data.hands;
    drawHands();
    if (data.summary) drawSummary(view, data.summary);
    else $("game-summary").hidden = true;
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
    const board = stageFrom(null, { mano: null, score_text: current.score_text_before, scores: current.scores_before });
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
    const { renderExplanation } = await import("./explain.js");
    end.replaceChildren();
    renderExplanation(end, current.last_hand.described, { headingLevel: 4, idPrefix: `history-${hand}` });
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

  // ----- the summary ---------------------------------------------------------------------------------------

  function drawSummary(view, summary) {
    const section = $("game-summary");
    section.hidden = false;
    const ours = summary.scores.at(-1)[summary.team];
    const theirs = summary.scores.at(-1)[1 - summary.team];
    $("summary-winner").textContent = fmt(summary.winner_team === summary.team ? words.winnerUs : words.winnerThem,
      { ours, theirs });
    drawChart(summary, ours, theirs);
    const scores = $("summary-scores").tBodies[0];
    scores.replaceChildren(...summary.scores.map((pair, index) => row(
      index === 0 ? words.start : fmt(words.handOption, { number: index }), pair)));
    const lances = $("summary-lances").tBodies[0];
    lances.replaceChildren(...ctx.texts.lanceOrder.map((lance) => row(ctx.texts.lances[lance],
      summary.per_lance[lance])));
    $("summary-marks").textContent = fmt(words.marks, summary.marks);
    const stats = remember(view, summary);
    const level = stats.levels[summary.level] ?? { played: 0, won: 0 };
    $("summary-stats").textContent = fmt(words.stats, { played: stats.played, won: stats.won,
      levelPlayed: level.played, levelWon: level.won });
    $("summary-replay").hidden = !summary.replay;
    if (summary.replay) {
      const url = new URL(location.pathname, location.href);
      url.searchParams.set("replay", encodeReplay(summary.replay));
      $("summary-replay-link").href = url.toString();
    }
    const harder = LEVELS[LEVELS.indexOf(summary.level) + 1];
    $("summary-harder").hidden = !harder;
    $("summary-harder").dataset.level = harder ?? "";
  }

  function row(label, pair) {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = label;
    tr.append(th);
    for (const value of pair) {
      const td = document.createElement("td");
      td.textContent = String(value);
      tr.append(td);
    }
    return tr;
  }

  function drawChart(summary, ours, theirs) {
    const width = 320;
    const height = 180;
    const pad = 28;
    const top = Math.max(summary.target, ...summary.scores.flat());
    const count = Math.max(summary.scores.length - 1, 1);
    const x = (i) => pad + (i * (width - 2 * pad)) / count;
    const y = (v) => height - pad - (v * (height - 2 * pad)) / top;
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("class", "score-chart__svg");
    const title = document.createElementNS(SVG, "title");
    title.textContent = fmt(words.chartLabel, { ours, theirs, hands: summary.scores.length - 1 });
    svg.append(title);
    const target = document.createElementNS(SVG, "line");
    for (const [name, value] of [["x1", pad], ["x2", width - pad], ["y1", y(summary.target)], ["y2", y(summary.target)]]) {
      target.setAttribute(name, String(value));
    }
    target.setAttribute("class", "score-chart__target");
    svg.append(target);
    for (const team of [0, 1]) {
      const line = document.createElementNS(SVG, "polyline");
      line.setAttribute("points", summary.scores.map((pair, i) => `${x(i)},${y(pair[team])}`).join(" "));
      line.setAttribute("class", `score-chart__line score-chart__line--${team === summary.team ? "us" : "them"}`);
      svg.append(line);
      const label = document.createElementNS(SVG, "text");
      label.setAttribute("x", String(x(summary.scores.length - 1) + 4));
      label.setAttribute("y", String(y(summary.scores.at(-1)[team]) + 4));
      label.textContent = String(summary.scores.at(-1)[team]);
      svg.append(label);
    }
    $("summary-chart").replaceChildren(svg);
  }

  function remember(view, summary) {
    let stats;
    try {
      stats = JSON.parse(localStorage.getItem(STATS)) ?? {};
    } catch {
      stats = {};
    }
    stats = { played: 0, won: 0, levels: {}, counted: [], ...stats };
    if (!stats.counted.includes(view.id)) {
      const won = summary.winner_team === summary.team ? 1 : 0;
      const level = stats.levels[summary.level] ?? { played: 0, won: 0 };
      stats.played += 1;
      stats.won += won;
      stats.levels[summary.level] = { played: level.played + 1, won: level.won + won };
      stats.counted = [...stats.counted, view.id].slice(-50);
      localStorage.setItem(STATS, JSON.stringify(stats));
    }
    return stats;
  }

  $("summary-again").addEventListener("click", () => newTable());
  $("summary-harder").addEventListener("click", (event) => newTable(event.currentTarget.dataset.level));
  return { update };
}

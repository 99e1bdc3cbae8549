// The summary at the end of a game (issue 15; templates/_coach_summary.html), at the bots' table and in a room: the
// winner, the score after each hand as an SVG chart drawn here (with the same figures in a table), the tantos of each
// lance, the seat's own review marks, play again (a room's rematch) and at the bots' table a harder level and the
// statistics across games in localStorage. Its "play again" is the only one: the controls then only say who won.
//
//   const summary = createSummary({ ctx, again, harderLevel, stats });   // harderLevel(level): a new table, or null
//   summary.draw(view, view.summary)   // null hides it

import { $ } from "./dom.js";
import { fmt } from "./text.js";

const SVG = "http://www.w3.org/2000/svg";
const STATS = "escuela-mus-stats";
const LEVELS = ["easy", "medium", "hard", "expert"];

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

export function createSummary({ ctx, again, harderLevel = null, stats = false }) {
  const words = ctx.texts.coach;

  function draw(view, summary) {
    const section = $("game-summary");
    const appears = section.hidden && Boolean(summary);
    section.hidden = !summary;
    if (!summary) return;
    const ours = summary.scores.at(-1)[summary.team];
    const theirs = summary.scores.at(-1)[1 - summary.team];
    $("summary-winner").textContent = fmt(summary.winner_team === summary.team ? words.winnerUs : words.winnerThem,
      { ours, theirs });
    drawChart(summary, ours, theirs);
    // The tables' columns are the reader's: "Us" then "Them" (the summary's pairs are team A's then team B's).
    const sides = (pair) => [pair[summary.team], pair[1 - summary.team]];
    const scores = $("summary-scores").tBodies[0];
    scores.replaceChildren(...summary.scores.map((pair, index) => row(
      index === 0 ? words.start : fmt(words.handOption, { number: index }), sides(pair))));
    const lances = $("summary-lances").tBodies[0];
    lances.replaceChildren(...ctx.texts.lanceOrder.map((lance) => row(ctx.texts.lances[lance],
      sides(summary.per_lance[lance]))));
    $("summary-marks").hidden = !summary.marks; // a room without its coach has no marks
    $("summary-marks").textContent = summary.marks ? summary.marks_text : ""; // the server's plural forms
    $("summary-stats").hidden = !stats;
    if (stats) {
      const kept = remember(view, summary);
      const level = kept.levels[summary.level] ?? { played: 0, won: 0 };
      $("summary-stats").textContent = fmt(words.stats, { played: kept.played, won: kept.won,
        levelPlayed: level.played, levelWon: level.won });
    }
    $("summary-replay").hidden = !summary.replay;
    if (summary.replay) {
      const url = new URL(location.pathname, location.href);
      url.searchParams.set("replay", encodeReplay(summary.replay));
      $("summary-replay-link").href = url.toString();
    }
    // Play again (and a harder level) once nothing more can be played; a game won inside a match of vacas goes on
    // with the controls' "next game".
    $("summary-again").hidden = !view.match_over;
    const harder = LEVELS[LEVELS.indexOf(summary.level) + 1];
    $("summary-harder").hidden = !view.match_over || !harder || !harderLevel;
    $("summary-harder").dataset.level = harder ?? "";
    // The end of the table takes the controls away: the focus they held (left on the prompt, or lost) goes to the
    // summary, where the game goes on.
    const active = document.activeElement;
    if (appears && view.match_over && (!active || active === document.body || active.id === "controls-prompt")) {
      $("game-summary-title").focus();
    }
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

  $("summary-again").addEventListener("click", () => again());
  if (harderLevel) $("summary-harder").addEventListener("click", (event) => harderLevel(event.currentTarget.dataset.level));
  return { draw };
}

// The felt: four seats (cards, badges), the scoreboard and the centre (lance, bets), drawn from a view and a board
// (table-view.js). A page using it has the table's elements by id (templates/_table_felt.html): seat-N,
// seat-N-badges, seat-N-cards (N = 0-3), score-0, score-1, score-extra, table-phase and table-bets, each with a
// prefix for a second felt (the history's "history-").
//
// ``ctx`` is the page's shared state: { texts (the page's client texts), lang, names (cardNames()), selected (the
// Set of cards chosen for the discard), busy (an action is on its way) }.

import { cardImage as deckCard } from "./cards.js";
import { $ } from "./dom.js";
import { capitalize, fmt } from "./text.js";
import { legal } from "./table-view.js";


function cardImage(ctx, code, small) {
  return deckCard(code, ctx.names, small ? { size: "small" } : {});
}

function backImage(ctx) {
  const img = deckCard("back", ctx.names, { size: "small" });
  img.classList.add("card--back");
  img.alt = ""; // the list around the backs says how many there are
  return img;
}

export function handList(label, items) {
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

/** Draw the seats, the score and the centre. ``staged``: the board is an event being played back; ``prefix``: of
 * the felt's ids. */
export function renderBoard(ctx, view, board, staged = false, prefix = "") {
  const { ui, seats } = ctx.texts;
  const felt = (id) => $(prefix + id);
  renderScores(ctx, view, board, felt);
  const { shown } = board;
  for (let seat = 0; seat < 4; seat += 1) {
    const box = felt(`seat-${seat}`);
    box.classList.toggle("seat--turn", board.turn === seat || (!staged && view.turn === null
      && view.to_act.includes(seat) && view.phase === "discard"));
    box.classList.toggle("seat--mano", board.mano === seat);
    // Each badge kept whole on its line ("cambió 2" never split after its word), the line wrapping between them.
    felt(`seat-${seat}-badges`).replaceChildren(...badges(ctx, seat, board).flatMap((text, index) => {
      const badge = document.createElement("span");
      badge.className = "seat__badge";
      badge.textContent = text;
      return index ? [" · ", badge] : [badge];
    }));
    const cards = felt(`seat-${seat}-cards`);
    if (seat === view.seat) {
      cards.replaceChildren(learnerCards(ctx, view));
    } else if (shown) {
      cards.replaceChildren(handList(fmt(ui.cardsOf, { player: seats[seat] }),
        shown[seat].map((code) => cardImage(ctx, code, true))));
    } else {
      cards.replaceChildren(handList(ui.hidden, [0, 1, 2, 3].map(() => backImage(ctx))));
    }
  }
  renderCenter(ctx, board, felt);
}

function badges(ctx, seat, board) {
  const { ui } = ctx.texts;
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

/** The learner's four cards: pictures, or toggle buttons while they choose a discard. */
export function learnerCards(ctx, view) {
  const { ui } = ctx.texts;
  const discarding = legal(view, "discard") && !view.my_discard;
  if (!discarding) {
    return handList(ui.yourCards, view.hand.map((code) => cardImage(ctx, code, false)));
  }
  const buttons = view.hand.map((code) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "card-toggle";
    button.dataset.card = code;
    button.setAttribute("aria-pressed", ctx.selected.has(code) ? "true" : "false");
    button.append(cardImage(ctx, code, false));
    button.addEventListener("click", () => toggleCard(ctx, view, button, code));
    return button;
  });
  return handList(ui.yourCards, buttons);
}

function toggleCard(ctx, view, button, code) {
  if (ctx.selected.has(code)) ctx.selected.delete(code); else ctx.selected.add(code);
  button.setAttribute("aria-pressed", ctx.selected.has(code) ? "true" : "false");
  updateDiscardButton(ctx, view);
}

/** "Change these cards" is enabled only for a number of chosen cards the discard allows. */
export function updateDiscardButton(ctx, view) {
  const button = $("action-discard");
  if (!button) return;
  const entry = legal(view, "discard");
  button.disabled = ctx.busy || ctx.selected.size < entry.min || ctx.selected.size > entry.max;
  $("discard-count").textContent = fmt(ctx.texts.ui.discardCount, { count: ctx.selected.size });
}

function renderScores(ctx, view, board, felt) {
  const { ui, teams } = ctx.texts;
  for (const team of [0, 1]) {
    const box = felt(`score-${team}`);
    const name = document.createElement("strong");
    name.textContent = teams[team];
    const detail = document.createElement("span");
    detail.textContent = board.scoreText[team];
    const target = view.options?.target;
    if (target && board.scores) {
      // The score out of the target ("22 de 40"), then its amarracos and piedras, from the first amarraco (below it
      // they are the tantos themselves): never the tantos twice ("22 de 40 22 tantos").
      const points = document.createElement("span");
      points.className = "scoreboard__points";
      points.textContent = fmt(ui.scoreOutOf, { score: board.scores[team], target });
      const stones = board.scoreStones?.[team];
      detail.className = "scoreboard__detail";
      detail.textContent = stones ? `(${stones})` : "";
      box.replaceChildren(name, " ", points, ...(stones ? [" ", detail] : []));
    } else {
      box.replaceChildren(name, " ", detail);
    }
  }
  const extra = [];
  if (view.options.vacas) {
    extra.push(fmt(ui.gamesWon, { us: view.games_won[0], them: view.games_won[1] }));
    extra.push(fmt(ui.vacasWon, { us: view.vacas_won[0], them: view.vacas_won[1] }));
  }
  felt("score-extra").textContent = capitalize(extra.join(" · "), ctx.lang);
}

function renderCenter(ctx, board, felt) {
  const { ui, lances, actions, seats, lanceOrder } = ctx.texts;
  const cap = (text) => capitalize(text, ctx.lang);
  felt("table-phase").textContent = board.lance ? fmt(ui.inPlay, { lance: lances[board.lance] })
    : board.phase === "discard" ? ui.discardPhase : board.phase === "mus" ? cap(actions.mus) : "";
  const items = [];
  for (const lance of lanceOrder) {
    const bet = board.bets[lance];
    if (bet) items.push(`${cap(lances[lance])} — ${fmt(ui.closed[bet.result] ?? bet.result, bet)}`);
  }
  const live = board.live;
  if (live) {
    const player = seats[live.bettor];
    items.push(live.ordago ? fmt(ui.liveOrdago, { player, lance: lances[live.lance] })
      : `${cap(lances[live.lance])} — ${fmt(ui.liveBet, { player, total: live.total, deje: live.deje })}`);
  }
  felt("table-bets").replaceChildren(...items.map((text) => {
    const li = document.createElement("li");
    li.textContent = text;
    return li;
  }));
}

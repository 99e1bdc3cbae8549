// What a table's view says, without drawing anything: the learner's legal action of a type, and the board (turn,
// mano, bets, declarations, discards, cards shown, score) as the view leaves it or, while a batch of events is
// played back, as it stood at the event on display.

// Señas happen out of turn: a signal, a flash, a catch or a window's close never marks whose turn it is.
export const OUT_OF_TURN = new Set(["sena", "sena_flash", "sena_caught", "window_closed"]);

export function legal(view, type) {
  return view.legal_actions.find((entry) => entry.type === type);
}

/** What the seat decides on in ``view``: its game, hand and the last event it saw, its legal actions, and the room's
 * parts of a decision (its seat played by a stand-in, who asked for the next hand). A room's news that the game does
 * not hear ("X is connected") moves the view's version but not its decision. */
export function decisionOf(view) {
  if (!view) return null;
  const events = view.events ?? [];
  return JSON.stringify([view.id, view.game_number, view.hand_number, events.length ? events[events.length - 1].index
    : null, view.legal_actions, view.match_over, view.me?.stand_in ?? null, view.next_hand?.pressed ?? null]);
}

/** The board at the end of ``view``: what is drawn once every event is shown. */
export function boardOf(view) {
  return {
    mano: view.mano, turn: view.turn, lance: view.lance, phase: view.phase, bets: view.bets, live: view.live_bet,
    declarations: view.declarations ?? {}, discardCounts: view.discard_counts,
    shown: view.last_hand ? view.last_hand.hands : null, scoreText: view.score_text, scoreStones: view.score_stones,
    scores: view.scores, senas: view.senas ?? [],
  };
}

/** The board before a batch of events: as the previous view left it (or a fresh hand's, with none). */
export function stageFrom(previous, view) {
  const from = previous ?? view;
  return {
    mano: from.mano, turn: null, lance: previous ? previous.lance : null,
    phase: previous ? previous.phase : "mus", bets: { ...(previous?.bets ?? {}) },
    live: previous ? previous.live_bet : null,
    declarations: JSON.parse(JSON.stringify(previous?.declarations ?? {})),
    discardCounts: (previous?.discard_counts ?? []).slice(),
    shown: previous?.last_hand ? previous.last_hand.hands : null,
    scoreText: (previous ?? view).score_text,
    scoreStones: (previous ?? view).score_stones,
    scores: (previous ?? view).scores,
    senas: JSON.parse(JSON.stringify(previous?.senas ?? [])),
  };
}

/** Move a staged board on by one event (the board changes in place). */
export function advanceStage(stage, event) {
  const p = event.params;
  if (event.score_text) stage.scoreText = event.score_text;
  if (event.score_stones) stage.scoreStones = event.score_stones;
  if (event.scores) stage.scores = event.scores;
  if (event.seat !== undefined && !OUT_OF_TURN.has(event.code)) stage.turn = event.seat;
  switch (event.code) {
    case "hand_start":
      Object.assign(stage, { mano: p.mano, turn: null, lance: null, phase: "mus", bets: {}, live: null,
        declarations: {}, discardCounts: [], shown: null, senas: [] });
      break;
    case "sena": // a signal of the learner's team
      stage.senas.push({ number: p.number, seat: p.seat, sena: p.sena, caught_by: [] });
      break;
    case "sena_caught": // the learner caught a rival's signal, or a rival caught one of the learner's team
      p.numbers.forEach((number, i) => {
        let known = stage.senas.find((sena) => sena.number === number);
        if (!known) {
          known = { number, seat: p.signaller, sena: p.senas[i], caught_by: [] };
          stage.senas.push(known);
        }
        known.caught_by.push(p.seat);
      });
      break;
    case "mano_set":
      stage.mano = p.mano;
      break;
    case "discard_chosen":
      stage.phase = "discard";
      break;
    case "discards":
      stage.discardCounts.push(p.counts);
      stage.phase = "mus";
      stage.turn = null;
      break;
    case "declare":
      stage.declarations[p.lance] ??= [null, null, null, null];
      stage.declarations[p.lance][p.seat] = p.has;
      break;
    case "lance_start":
      Object.assign(stage, { lance: p.lance, phase: p.lance, live: null, turn: null });
      break;
    case "envido":
    case "ordago":
      stage.live = { lance: p.lance, bettor: event.seat, total: p.total, ordago: event.code === "ordago",
        deje: p.deje };
      break;
    case "lance_closed":
      stage.bets[p.lance] = p.result;
      stage.live = null;
      break;
    case "showdown":
      Object.assign(stage, { shown: p.hands, lance: null, phase: "hand_over", live: null, turn: null });
      break;
    default:
  }
}

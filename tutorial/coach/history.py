"""The current game's hands after they end, and the summary of a finished game (issue 15, "History and summary").

The table's store keeps every move, so the game is replayed move by move (``storage.replay``): for each hand of
the current game that is over, the events as the learner saw them during the hand (each with its sentence and the
score it left), then the hand's end as the table showed it (every hand at the showdown, the explanation). Nothing is
given of a hand still being played. Once the game is over, the summary: the winner, the score after each hand,
the tantos each team won per lance, and the learner's review marks over the game.
"""
from __future__ import annotations

from tutorial.coach import words as coach_words
from tutorial.engine import LANCES, Game, points_per_lance, team
from tutorial.narrator import score_text, stones_text
from tutorial.store import tables as storage


def replay_of(record, full: Game | None = None) -> dict | None:
    """What replays a finished game (only once nothing more can be played, and without señas, whose catch windows
    follow the clock): its options, seed, the bots' seed and the learner's moves in order. A new table created with
    these and played with these moves is the same game."""
    game = record.game
    if not game.is_over or game.options.senas:
        return None
    full = full or storage.replay(record.id)
    if full is None:
        return None
    seat = record.meta.seat
    return {"options": game.options.to_json(), "level": record.meta.level, "seed": game.seed,
            "bot_seed": record.meta.bot_seed,
            "actions": [action.to_json() for moved, action in full.history if moved == seat]}


def hands_of_the_game(record) -> list[dict]:
    """Every finished hand of the record's current game, oldest first."""
    full = storage.replay(record.id)
    if full is None:
        return []
    seat, current = record.meta.seat, record.game.game_number
    data = full.to_json()
    game = Game.from_json(dict(data, history=[]))  # the same start (seed, set-up), no move played yet
    hands = []
    won = _won(game)  # the games and vacas won when the hand being played started
    for seat_moved, action in data["history"]:
        was_over = game.phase.hand_is_over
        game.apply(seat_moved, action)
        if was_over and not game.phase.hand_is_over:
            won = _won(game)
        if game.phase.hand_is_over and not was_over and game.game_number == current:
            hands.append(dict(_hand(game, seat), **won))
    return hands


def _won(game: Game) -> dict:
    """The games and vacas each team has won (the board's count of vacas), as the hand about to be played starts;
    a hand's history shows these, not the table's current count, until its own ``game_over``."""
    return {"games_won_before": list(game.games_won), "vacas_won_before": list(game.vacas_won)}


def _hand_start(game: Game) -> int:
    from tutorial.engine.snapshot import current_hand_start
    return current_hand_start(game)


def _hand(game: Game, seat: int) -> dict:
    from tutorial.table.views import event_json, hand_summary

    view = game.observation(seat).to_json()
    steps = [event_json(event, seat) for event in game.events_for(seat, _hand_start(game), numbered=True)]
    return {"game_number": game.game_number, "hand_number": game.hand_number,
            "scores_before": list(game.scores_before), "scores": list(game.scores),
            "score_text_before": [score_text(points) for points in game.scores_before],
            "score_text": [score_text(points) for points in game.scores],
            "score_stones_before": [stones_text(points) for points in game.scores_before],
            "games_won": list(game.games_won), "vacas_won": list(game.vacas_won),
            "steps": steps, "last_hand": hand_summary(game.last_hand, view, game.options.senas)}


def summary(record, hands: list[dict]) -> dict | None:
    """The summary of a finished game (None while it is played)."""
    game = record.game
    if not game.phase.game_is_over:
        return None
    marks = [mark for mark in record.meta.marks if mark["game"] == game.game_number]
    return game_summary(game, record.meta.seat, record.meta.level, mark_counts(marks),
                        [(hand["scores"], points_per_lance(hand["last_hand"]["explain"])) for hand in hands],
                        replay_of(record))


def mark_counts(marks: list[dict]) -> dict[str, int]:
    counts = {"good": 0, "doubtful": 0, "mistake": 0}
    for mark in marks:
        counts[mark["mark"]] += 1
    return counts


def game_summary(game: Game, seat: int, level: str, marks: dict[str, int], hands: list[tuple], replay) -> dict:
    """A finished game's summary as the bots' table and a room show it to ``seat``: the winner, the score after each
    hand, the tantos each team took per lance, that seat's own marks (``marks``: a count per mark) and the replay
    (None in a room). ``hands``: ``(scores after it, points_per_lance)`` of each hand of the game, oldest first."""
    per_lance = {lance: [0, 0] for lance in LANCES}
    for _scores, points in hands:
        for lance, pair in points.items():
            per_lance[lance] = [per_lance[lance][t] + pair[t] for t in (0, 1)]
    return {"winner_team": game.winner_team, "team": team(seat), "target": game.options.target, "level": level,
            "scores": [[0, 0]] + [list(scores) for scores, _points in hands], "per_lance": per_lance,
            "marks": marks, "marks_text": None if marks is None else coach_words.marks_text(marks), "replay": replay}

"""The review of the learner's decisions at the table: each move the learner makes is marked by the coach
(``tutorial.coach.judge``, from the learner's observation just before it) and the mark kept in the table's meta for
the current game; the table's view shows the hand's marks once it is over (``review``)."""
from __future__ import annotations

from tutorial.coach import judge, words as coach_words
from tutorial.engine import Action, Game
from tutorial.engine.snapshot import current_hand_start
from tutorial.i18n.translate import gettext as _
from tutorial.table.model import SeatRecord, TableMeta

MAX_MARKS = 400  # marks kept per game: far more decisions than a game to 40 needs


def enabled(meta: TableMeta | SeatRecord) -> bool:
    """The coach is on unless the table's settings turned it off."""
    return meta.coach


def setting(value) -> bool:
    """The table's coach setting from a request (ValueError with a localized message unless true or false)."""
    if type(value) is not bool:
        raise ValueError(_("The coach setting must be true or false."))
    return value


def hand_start(game: Game) -> int:
    return current_hand_start(game)


# ----- the review ------------------------------------------------------------------------------------------------

def before_action(game: Game, meta: TableMeta, action_json) -> tuple | None:
    """What the coach needs to judge the learner's move, taken before the move is applied (None: nothing to judge)."""
    if not enabled(meta) or not isinstance(action_json, dict):
        return None
    seat = meta.seat
    if seat not in game.to_act() or game.phase.hand_is_over:
        return None
    return game.observation(seat), game.events_for(seat, hand_start(game))


COUNTED = ("game", "hand", "kind", "mark", "lost")


def counted(mark: dict) -> dict:
    """What the game's summary needs of an earlier hand's mark (its words and numbers went with its review), so the
    table's stored meta does not grow by the coach's reasons hand after hand."""
    return {key: mark[key] for key in COUNTED}


def record_decision(meta: TableMeta, before: tuple | None, action_json: dict, game: Game) -> None:
    """Mark the learner's move (already applied: it was legal) and keep the mark in ``meta``."""
    if before is None:
        return
    seen, events = before
    mark = judge(seen, events, Action.from_json(action_json))
    if mark is None:
        return
    marks = [m if m["hand"] == seen.hand_number else counted(m)
             for m in meta.marks if m["game"] == seen.game_number]  # the current game's only
    stored = coach_words.stored_mark(mark)
    stored.update(game=seen.game_number, hand=seen.hand_number)
    meta.marks = (marks + [stored])[-MAX_MARKS:]


def review(meta: TableMeta | SeatRecord, game: Game) -> list[dict] | None:
    """The marks of the hand just over, in words (None while the hand is played or with the coach off)."""
    if not enabled(meta) or not game.phase.hand_is_over:
        return None
    return [coach_words.mark_json(mark) for mark in meta.marks
            if mark["game"] == game.game_number and mark["hand"] == game.hand_number]


def game_marks(meta: TableMeta, game: Game) -> list[dict]:
    """Every mark of the current game (the summary's count per mark)."""
    return [{"hand": m["hand"], "kind": m["kind"], "mark": m["mark"], "lost": m["lost"]}
            for m in meta.marks if m["game"] == game.game_number]

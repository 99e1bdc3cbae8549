"""Whether an action is legal for a seat now: every check ``Game.apply`` makes before it changes anything."""
from __future__ import annotations

from tutorial.engine.actions import Action, IllegalAction
from tutorial.engine.cards import Card
from tutorial.engine.phases import Phase
from tutorial.engine.seats import SEATS, team


def check(game, seat: int, action: Action) -> None:
    """Raise ``IllegalAction`` unless ``seat`` may play ``action`` in ``game`` now; nothing is changed."""
    if not isinstance(action, Action):
        raise IllegalAction("bad_action", "an action must be an Action")
    action.check()
    if seat not in SEATS:
        raise IllegalAction("bad_seat", f"there is no seat {seat!r}", seat=seat)
    if game.is_over:
        raise IllegalAction("game_over", "the game is over", phase=str(game.phase))
    legal = game._turn_legal(seat)  # señas are not turns: Game.apply hands them to tutorial/engine/senas.py
    if not legal:
        _refuse_turn(game, seat)
    entry = next((item for item in legal if item.type == action.type), None)
    if entry is None:
        types = [item.type for item in legal]
        raise IllegalAction("not_allowed", f"{action.type} is not possible now (possible: {', '.join(types)})",
                            type=action.type, phase=str(game.phase), legal=types)
    if action.type == "envido" and not entry.min <= action.amount <= entry.max:
        raise IllegalAction("bad_amount", f"envido must add {entry.min} to {entry.max} tantos, "
                            f"not {action.amount}", amount=action.amount, min=entry.min, max=entry.max)
    if action.type == "discard":
        _check_discard(game, seat, action.cards)


def _refuse_turn(game, seat: int) -> None:
    """Why a seat that may not act now is refused."""
    betting = game._betting
    if betting is not None and betting.bettor is not None and team(betting.bettor) == team(seat):
        raise IllegalAction("betting_team", f"team {team(seat)} made the bet: only team {1 - team(seat)} "
                            "answers it", seat=seat, team=team(seat))
    if game.phase == Phase.DISCARD:
        raise IllegalAction("already_discarded", f"seat {seat} has already chosen its discards", seat=seat)
    if betting is not None and seat not in betting.eligible:
        raise IllegalAction("not_eligible", f"seat {seat} does not take part in {betting.lance}",
                            seat=seat, lance=betting.lance)
    raise IllegalAction("not_your_turn", f"it is not seat {seat}'s turn", seat=seat, to_act=list(game.to_act()))


def _check_discard(game, seat: int, cards: tuple[Card, ...]) -> None:
    if not 1 <= len(cards) <= 4:
        raise IllegalAction("discard_count", f"discard 1 to 4 cards, not {len(cards)}", count=len(cards))
    if len(set(cards)) != len(cards):
        raise IllegalAction("repeated_card", "a card is listed twice", cards=[str(card) for card in cards])
    for card in cards:
        if card not in game.hands[seat]:
            raise IllegalAction("card_not_held", f"seat {seat} does not hold {card}", seat=seat, card=str(card))

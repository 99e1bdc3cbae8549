"""Señas (RULES.md section 7, option ``senas``): true signals between partners, caught or not by the rivals.

A signal is an out-of-turn action, ``Action("sena", sena="31")``, legal while it is true of the seat's four cards
and the seat has made fewer than 2 in the hand, from the deal until the betting of the last lance closes. It opens
a catch window on the signaller for each rival; a rival's ``Action("catch", seat=S)`` inside it learns the
signal. Windows close by ``Action("close", seat=S, rival=R)``, applied with no seat (the table's clock decides
when, the engine only records it), or all together when the last lance's betting closes. Time never enters the
engine: a hand with its closes in the history replays exactly.

    >>> from tutorial.engine import parse_cards
    >>> true_senas(parse_cards("12o 3c 1e 2b"), reyes=8)
    ('dos_reyes', 'dos_ases', 'duples')
    >>> true_senas(parse_cards("12o 3c 1e 2b"), reyes=4)
    ('ciego',)
"""
from __future__ import annotations

from typing import NamedTuple

from tutorial.engine.actions import SENAS, Action, IllegalAction, LegalAction
from tutorial.engine.events import to_seat
from tutorial.engine.hands import evaluate
from tutorial.engine.seats import SEATS, rivals, team

PER_HAND = 2  # signals a seat may make in one hand
REY, AS = 12, 1


def true_senas(cards, reyes: int = 8) -> tuple[str, ...]:
    """The signals true of four cards, in the order of ``SENAS`` (with 8 reyes a 3 is a rey and a 2 an as)."""
    return true_of(evaluate(cards, reyes))


def true_of(info) -> tuple[str, ...]:
    """The signals true of an evaluated hand (``HandInfo``: its ranks are value ranks already)."""
    ranks = list(info.ranks)
    play = info.pares.play if info.pares else None
    truth = {"dos_reyes": ranks.count(REY) == 2, "tres_reyes": ranks.count(REY) == 3,
             "dos_ases": ranks.count(AS) == 2, "tres_ases": ranks.count(AS) == 3, "medias": play == "medias",
             "duples": play == "duples", "31": info.points == 31, "ciego": play is None and not info.juego}
    return tuple(name for name in SENAS if truth[name])


class SeenSena(NamedTuple):
    """A signal as one seat knows it: its number in the hand, who made it, which, the rivals the seat knows
    caught it (for its own team's signals: every catch; for a rival's signal it caught: itself), and the mus round
    it was made in (a later round's discard may have changed what it says)."""

    number: int
    seat: int
    sena: str
    caught_by: tuple[int, ...]
    mus_round: int = 1

    def to_json(self) -> dict:
        return {"number": self.number, "seat": self.seat, "sena": self.sena, "caught_by": list(self.caught_by),
                "mus_round": self.mus_round}

    @classmethod
    def from_json(cls, data: dict) -> SeenSena:
        return cls(data["number"], data["seat"], data["sena"], tuple(data["caught_by"]), data["mus_round"])


class Senas:
    """One hand's signals: ``made`` (seat, sena, mus round) in order, the open ``windows`` {(signaller, rival): [numbers]}
    and the ``catches`` (rival, signaller, numbers)."""

    def __init__(self, made=(), windows=(), catches=()):
        self.made: list[tuple[int, str, int]] = [tuple(item) for item in made]
        self.windows: dict[tuple[int, int], list[int]] = {(s, r): list(numbers) for s, r, numbers in windows}
        self.catches: list[tuple[int, int, tuple[int, ...]]] = [(r, s, tuple(n)) for r, s, n in catches]

    def count(self, seat: int) -> int:
        return sum(who == seat for who, *_ in self.made)

    def to_json(self) -> dict:
        return {"made": [list(item) for item in self.made],
                "windows": [[s, r, list(numbers)] for (s, r), numbers in self.windows.items()],
                "catches": [[r, s, list(numbers)] for r, s, numbers in self.catches]}

    @classmethod
    def from_json(cls, data: dict) -> Senas:
        return cls(data["made"], data["windows"], data["catches"])


def _open(game) -> bool:
    """Signals can be made: from the deal until the last lance's betting closes (the hand is then counted)."""
    return not game.phase.hand_is_over


def legal(game, seat: int) -> tuple[LegalAction, ...]:
    """The out-of-turn actions of ``seat``: its true signals (while it may still make one) and a catch per rival
    whose window is open for it."""
    if not game.options.senas or seat not in SEATS or not _open(game):
        return ()
    found = []
    if game.senas.count(seat) < PER_HAND:
        names = true_senas(game.hands[seat], game.options.reyes)
        if names:
            found.append(LegalAction("sena", senas=names))
    found.extend(LegalAction("catch", seat=signaller) for signaller, rival in game.senas.windows if rival == seat)
    return tuple(found)


def apply(game, seat: int | None, action: Action) -> list:
    """Play a signal, a catch or a close (``Game.apply`` hands them here); returns the events it caused. A catch
    with no window open teaches nothing and is not recorded (it is not an error)."""
    action.check()
    if not game.options.senas:
        raise IllegalAction("senas_off", "this table plays without señas", type=action.type)
    if action.type == "close":
        return _close(game, seat, action)
    if seat not in SEATS:
        raise IllegalAction("bad_seat", f"there is no seat {seat!r}", seat=seat)
    if game.is_over or not _open(game):
        raise IllegalAction("sena_too_late", "signals end with the betting of the last lance", type=action.type)
    if action.type == "sena":
        return _signal(game, seat, action)
    return _catch(game, seat, action)


def _signal(game, seat: int, action: Action) -> list:
    state = game.senas
    if state.count(seat) >= PER_HAND:
        raise IllegalAction("sena_limit", f"seat {seat} has made its {PER_HAND} signals of this hand", seat=seat)
    if action.sena not in true_senas(game.hands[seat], game.options.reyes):
        raise IllegalAction("sena_false", f"{action.sena} is not true of seat {seat}'s cards", seat=seat,
                            sena=action.sena)
    start = _record(game, seat, action)
    number = len(state.made)
    state.made.append((seat, action.sena, game.mus_round))
    game._emit("sena", {"seat": seat, "sena": action.sena, "number": number}, ("team", team(seat)))
    for rival in rivals(seat):
        state.windows.setdefault((seat, rival), []).append(number)
        game._emit("sena_flash", {"seat": seat}, to_seat(rival))
    return game.events[start:]


def _catch(game, seat: int, action: Action) -> list:
    signaller = action.seat
    if team(signaller) == team(seat):
        raise IllegalAction("catch_own_team", f"seat {seat} cannot catch its own team's signals", seat=seat)
    numbers = game.senas.windows.pop((signaller, seat), None)
    if numbers is None:
        return []
    start = _record(game, seat, action)
    game.senas.catches.append((seat, signaller, tuple(numbers)))
    params = {"seat": seat, "signaller": signaller, "senas": [game.senas.made[n][1] for n in numbers],
              "numbers": list(numbers)}
    game._emit("sena_caught", params, to_seat(seat))
    game._emit("sena_caught", dict(params), ("team", team(signaller)))
    return game.events[start:]


def _close(game, seat, action: Action) -> list:
    if seat is not None:
        raise IllegalAction("close_by_seat", "a window is closed by the table's clock, not by a seat", seat=seat)
    if (action.seat, action.rival) not in game.senas.windows:
        raise IllegalAction("no_window", f"no window on seat {action.seat} is open for seat {action.rival}",
                            seat=action.seat, rival=action.rival)
    start = _record(game, None, action)
    _close_window(game, action.seat, action.rival)
    return game.events[start:]


def _record(game, seat, action: Action) -> int:
    game.history.append((seat, action))
    return len(game.events)


def _close_window(game, signaller: int, rival: int) -> None:
    del game.senas.windows[signaller, rival]
    game._emit("window_closed", {"seat": signaller, "rival": rival}, to_seat(rival))


def close_all(game) -> None:
    """The last lance's betting closed: every window closes with it (no recorded action needed: it follows)."""
    for signaller, rival in list(game.senas.windows):
        _close_window(game, signaller, rival)


def seen_by(game, seat: int) -> tuple[tuple[SeenSena, ...], tuple[int, ...]]:
    """What ``seat`` knows of the hand's signals, and the signallers whose window is open for it."""
    state = game.senas
    caught_by: dict[int, list[int]] = {}
    for rival, signaller, numbers in state.catches:
        for number in numbers:
            if team(signaller) == team(seat) or rival == seat:
                caught_by.setdefault(number, []).append(rival)
    seen = tuple(SeenSena(number, who, name, tuple(caught_by.get(number, ())), mus_round)
                 for number, (who, name, mus_round) in enumerate(state.made)
                 if team(who) == team(seat) or number in caught_by)
    return seen, tuple(signaller for signaller, rival in state.windows if rival == seat)

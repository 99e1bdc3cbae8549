"""Practice: endless exercises from seeded random deals, each judged by the engine (no Flask).

An exercise is a skill and a seed: ``exercise("grande", 7)`` deals the same four hands, reyes and mano on every call,
on every machine (``random.Random`` seeded with the string ``"practice:grande:7"``), and ``judge("grande", 7,
{"seat": 2})`` says whether that answer is right, with the right answer and the engine's facts the web layer puts
into words. Nothing here knows a rule of Mus: winners, plays, juego, the count and the deje all come from
``tutorial.engine`` (the showdown's ranking and comparison, ``count_hand``, ``Betting``).

Skills (``SKILLS``), by the answer they take:

- ``grande``, ``chica``, ``pares``, ``juego``, ``punto``: ``{"seat": n}``, the seat that wins the lance. ``juego``
  asks about the fourth lance of the deal: juego, or punto when nobody has juego (the exercise's ``lance`` says
  which); ``punto`` deals only hands where nobody has juego. About 30% of these deals are drawn again until the
  two best hands are equal, so the mano (the seat nearer it) decides; the mano itself is random.
- ``pares_play``: ``{"value": "par" | "medias" | "duples" | "none"}`` about one hand (the others are not shown);
  the play asked for is drawn first, each a quarter of the time, so medias and duples come up as often as par.
- ``juego_rank``: ``{"value": 31 | 32 | 40 | 37 | 36 | 35 | 34 | 33 | "none"}``: whether one hand has juego,
  and which (half the deals have it).
- ``count``: ``{"points": [t0, t1]}``: the tantos each team collects in a hand played en paso (nobody bets).
- ``deje``: ``{"points": [t0, t1]}``: a sequence of bets in grande or chica ends with the last one refused; what
  each team collects then (the deje). No cards: the deje does not depend on them.

Reyes are 8 or 4, half the time each. The 31 real is never on. ``daily(date)`` is the day's challenge: the same
``DAILY_LENGTH`` (skill, seed) pairs for everyone on a UTC date, seeded by the date.
"""
from __future__ import annotations

import datetime
import random
from typing import NamedTuple

from tutorial.engine import DECK, LANCES, Action, Betting, count_hand, order_from, showdown, value_rank
from tutorial.engine.hands import JUEGO_ORDER

SEAT_SKILLS = LANCES  # who wins grande, chica, pares, juego (or punto), punto
SKILLS = SEAT_SKILLS + ("pares_play", "juego_rank", "count", "deje")
PLAY_VALUES = ("par", "medias", "duples", "none")
JUEGO_VALUES = JUEGO_ORDER + ("none",)
MAX_SEED = 2 ** 31 - 1
TIE_SHARE = 0.3        # share of the seat skills' deals drawn until the two best hands are equal
TRIES = 20000          # deals drawn at most for one exercise (a tie in pares is the rarest: about 1 in 60)
DAILY_LENGTH = 10
# The rules section each skill practises (its id; tutorial.languages.anchor gives the anchor in a language).
RULES = {"grande": "grande", "chica": "chica", "pares": "pares", "juego": "juego", "punto": "punto",
         "pares_play": "pares", "juego_rank": "juego", "count": "tanteo", "deje": "deje"}


class PracticeError(ValueError):
    """Bad input (``code``: unknown_skill, bad_seed, bad_answer, bad_date, future_date), with ``params`` for the message."""

    def __init__(self, code: str, message: str, **params):
        super().__init__(message)
        self.code, self.params = code, params


class Exercise(NamedTuple):
    skill: str
    seed: int
    reyes: int
    mano: int
    hands: tuple              # four hands of Card, seats 0-3 (every card, shown or not: never sent as such)
    shown: tuple              # which seats' hands the question shows
    seat: int | None          # the seat asked about (questions about one hand)
    lance: str | None         # the lance asked about (seat skills, deje)
    bets: tuple               # deje: the words said, (seat, Action, the bet's total after it) in order
    answer: dict              # the right answer, in the API's form
    facts: dict               # what the explanation needs: engine codes and numbers

    def shown_hands(self) -> list:
        """Seats 0-3: four card codes for a hand the question shows, None for the others."""
        return [[str(card) for card in hand] if shown else None for hand, shown in zip(self.hands, self.shown)]


class Verdict(NamedTuple):
    correct: bool
    answer: dict              # the right answer
    given: dict               # the learner's, checked
    exercise: Exercise


# ------------------------------------------------------------------------------------------------ checking
def check_skill(skill) -> str:
    if not isinstance(skill, str) or skill not in SKILLS:
        raise PracticeError("unknown_skill", f"unknown skill: {skill!r}", skill=str(skill)[:24])
    return skill


def check_seed(seed) -> int:
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise PracticeError("bad_seed", f"a seed is a whole number from 0 to {MAX_SEED}", top=MAX_SEED)
    return seed


def check_answer(skill: str, answer) -> dict:
    """The answer in the form its skill takes (raises ``PracticeError("bad_answer")`` naming that form)."""
    bad = PracticeError("bad_answer", f"malformed answer for {skill}", skill=skill)
    if not isinstance(answer, dict) or len(answer) != 1:
        raise bad
    if skill in SEAT_SKILLS:
        seat = answer.get("seat")
        if type(seat) is not int or seat not in range(4):
            raise bad
        return {"seat": seat}
    if skill in ("pares_play", "juego_rank"):
        value = answer.get("value")
        allowed = PLAY_VALUES if skill == "pares_play" else JUEGO_VALUES
        if isinstance(value, bool) or value not in allowed or (isinstance(value, float)):
            raise bad
        return {"value": value}
    points = answer.get("points")
    if not isinstance(points, list) or len(points) != 2 or not all(
            type(value) is int and 0 <= value <= 99 for value in points):
        raise bad
    return {"points": list(points)}


# ------------------------------------------------------------------------------------------------- dealing
def _rng(skill: str, seed: int) -> random.Random:
    return random.Random(f"practice:{skill}:{seed}")


def _deal(rng: random.Random) -> tuple:
    cards = rng.sample(DECK, 16)
    return tuple(tuple(cards[i:i + 4]) for i in range(0, 16, 4))


def _seat_exercise(skill: str, seed: int, rng: random.Random) -> Exercise:
    reyes, mano = rng.choice((8, 4)), rng.randrange(4)
    want_tie = rng.random() < TIE_SHARE
    for _try in range(TRIES):
        hands = _deal(rng)
        if want_tie:  # another seat gets cards of the same value ranks as the best hand's: the mano decides
            dealt = showdown(hands, mano, reyes)
            first = dealt.ranking(dealt.fourth if skill in ("juego", "punto") else skill)
            hands = _copied(hands, first[0], rng.choice([s for s in range(4) if s != first[0]]), reyes, rng) \
                if first else None
            if hands is None:
                continue
        show = showdown(hands, mano, reyes)
        lance = show.fourth if skill == "juego" else skill
        if skill == "punto" and show.fourth != "punto":
            continue
        ranking = show.ranking(lance)
        if not ranking:  # nobody holds pares
            continue
        tie = len(ranking) > 1 and show.compare(lance, ranking[0], ranking[1])["decision"]["code"] == "tie_mano"
        if tie or not want_tie:
            break
    winner = show.winner(lance)
    facts = {"lance": lance, "ranking": list(ranking), "tie": tie, "winner": winner}
    return Exercise(skill, seed, reyes, mano, hands, (True,) * 4, None, lance, (), {"seat": winner}, facts)


def _copied(hands: tuple, source: int, target: int, reyes: int, rng: random.Random) -> tuple | None:
    """The deal with ``target``'s hand replaced by unused cards of the same value ranks as ``source``'s (None
    when the deck has not enough of them left)."""
    used = {card for seat, hand in enumerate(hands) if seat != target for card in hand}
    pool = [card for card in DECK if card not in used]
    rng.shuffle(pool)
    hand = []
    for rank in sorted(value_rank(card, reyes) for card in hands[source]):
        card = next((card for card in pool if value_rank(card, reyes) == rank), None)
        if card is None:
            return None
        pool.remove(card)
        hand.append(card)
    return tuple(tuple(hand) if seat == target else cards for seat, cards in enumerate(hands))


def _hand_exercise(skill: str, seed: int, rng: random.Random) -> Exercise:
    reyes, mano, seat = rng.choice((8, 4)), rng.randrange(4), rng.randrange(4)
    if skill == "pares_play":
        wanted = rng.choice(PLAY_VALUES)
    else:
        wanted = rng.choice(("juego", "none"))
    for _try in range(TRIES):
        hands = _deal(rng)
        info = showdown(hands, mano, reyes).infos[seat]
        if skill == "pares_play":
            value = info.pares.play if info.pares else "none"
            if value == wanted:
                break
        else:
            value = info.points if info.juego else "none"
            if (value == "none") == (wanted == "none"):
                break
    facts = {"points": info.points, "juego": info.juego, "play": info.pares.play if info.pares else None,
             "play_ranks": list(info.pares.ranks) if info.pares else [],
             "ranks": [card.rank for card in hands[seat]]}
    shown = tuple(s == seat for s in range(4))
    return Exercise(skill, seed, reyes, mano, hands, shown, seat, None, (), {"value": value}, facts)


def _count_exercise(skill: str, seed: int, rng: random.Random) -> Exercise:
    reyes, mano = rng.choice((8, 4)), rng.randrange(4)
    hands = _deal(rng)
    counted = count_hand(showdown(hands, mano, reyes))
    points = [0, 0]
    for step in counted.steps:
        if step.counted and step.team is not None:
            points[step.team] += step.points
    facts = {"steps": [(step.lance, step.team, step.points) for step in counted.steps if step.played]}
    return Exercise(skill, seed, reyes, mano, hands, (True,) * 4, None, None, (), {"points": points}, facts)


def _deje_exercise(skill: str, seed: int, rng: random.Random) -> Exercise:
    """A betting round that ends in a refusal: some players pass, one bets, the rivals raise or refuse, 1-4 bets."""
    mano, lance = rng.randrange(4), rng.choice(("grande", "chica"))
    betting = Betting(lance, order_from(mano), target=40)
    said = []
    passes = rng.randrange(4)  # the opening round: this many pass before someone bets
    for seat in order_from(mano)[:passes]:
        betting.play(seat, Action("paso"))
        said.append((seat, Action("paso"), betting.total))
    bets = rng.choice((1, 1, 2, 2, 3, 4))

    def bet(seat: int, last: bool) -> Action:
        room = betting.raise_max()
        if last and rng.random() < 0.25 or room < 2:
            return Action("ordago")
        return Action("envido", rng.choice([amount for amount in (2, 2, 3, 4, 5, 10) if amount <= min(room, 10)]))

    seat = order_from(mano)[passes]
    result, made = None, 0
    while result is None:
        if betting.bettor is None or (made < bets and not betting.ordago and rng.random() < 0.7) or (
                made < bets and not betting.ordago and len(betting.answering) == 1):
            action = bet(seat, made + 1 == bets)
            made += 1
        else:
            action = Action("no_quiero")
        result = betting.play(seat, action)
        said.append((seat, action, betting.total))
        if result is None:
            seat = betting.turn
    points = [0, 0]
    points[result["team"]] = result["deje"]
    facts = {"deje": result["deje"], "team": result["team"], "bets": made, "ordago": result["result"] == "ordago_refused"}
    hands = (None,) * 4
    return Exercise(skill, seed, 8, mano, hands, (False,) * 4, None, lance, tuple(said), {"points": points}, facts)


_MAKERS = {**{skill: _seat_exercise for skill in SEAT_SKILLS}, "pares_play": _hand_exercise,
           "juego_rank": _hand_exercise, "count": _count_exercise, "deje": _deje_exercise}


def exercise(skill, seed) -> Exercise:
    """The exercise of a skill and a seed: the same on every call (raises ``PracticeError`` for bad input)."""
    skill, seed = check_skill(skill), check_seed(seed)
    return _MAKERS[skill](skill, seed, _rng(skill, seed))


def judge(skill, seed, answer) -> Verdict:
    """Whether ``answer`` is right for the exercise ``(skill, seed)``, with the right answer."""
    found = exercise(skill, seed)
    given = check_answer(found.skill, answer)
    return Verdict(given == found.answer, found.answer, given, found)


def compared(found: Exercise, seat: int) -> dict | None:
    """A seat skill's winner compared with ``seat`` (the engine's ``Showdown.compare``): None when it is the winner
    or ``seat`` does not hold the lance's play."""
    show = showdown(found.hands, found.mano, found.reyes)
    winner = found.answer["seat"]
    if seat == winner or seat not in show.ranking(found.lance):
        return None
    return show.compare(found.lance, winner, seat)


def runner_up(found: Exercise) -> dict | None:
    """The winner compared with the next best hand holding the play (None when only one hand holds it)."""
    ranking = found.facts["ranking"]
    return compared(found, ranking[1]) if len(ranking) > 1 else None


def holds(found: Exercise, seat: int) -> bool:
    return seat in found.facts["ranking"]


# ------------------------------------------------------------------------------------------- the challenge
def check_date(value, latest: datetime.date | None = None) -> datetime.date:
    """A date as ``YYYY-MM-DD`` (years 2000-2999), no later than ``latest`` (today, UTC): a challenge comes out on its
    day, so nobody can practise tomorrow's in advance."""
    try:
        day = datetime.date.fromisoformat(value) if isinstance(value, str) and len(value) == 10 else None
    except ValueError:
        day = None
    if day is None or not 2000 <= day.year <= 2999:
        raise PracticeError("bad_date", f"a date is written YYYY-MM-DD, not {value!r}", date=str(value)[:16])
    latest = latest or today()
    if day > latest:
        raise PracticeError("future_date", f"the challenge of {day} is not out yet", date=day.isoformat(),
                            today=latest.isoformat())
    return day


def today() -> datetime.date:
    return datetime.datetime.now(datetime.timezone.utc).date()


def daily(day: datetime.date) -> list[tuple[str, int]]:
    """The day's challenge: ``DAILY_LENGTH`` (skill, seed), the same for everyone on that UTC date."""
    rng = random.Random(f"practice:daily:{day.isoformat()}")
    skills = list(SKILLS) + list(rng.sample(SKILLS, DAILY_LENGTH - len(SKILLS)))
    rng.shuffle(skills)
    return [(skill, rng.randrange(MAX_SEED + 1)) for skill in skills]

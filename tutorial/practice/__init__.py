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

The drills of the rules issue 36 added to the lessons (``DRILLS``):

- ``turn``: ``{"seat": n}``: a lance's betting so far (passes, bets, raises, refusals; in pares or juego only the
  players who hold it speak); who speaks now (``Betting.turn``).
- ``bets_count``: ``{"points": [t0, t1]}``: a whole hand with a bet in some lances (accepted, refused, an órdago),
  punto when nobody has juego; what each team collects in all (``explain``'s totals, dejes included).
- ``deje_lance``: ``{"points": [t0, t1]}``: in one lance of a dealt hand (any of the five) the betting ends with the
  last bet refused; what that lance pays each team in all: the deje and, at the count, the betting team's own pares
  or juego, or punto's 1.

The decision skills (``tutorial.practice.decisions``: ``DECISION_SKILLS``) take ``{"value": move}``, one of the
exercise's choices: mus or corto, which cards to change, speaking in each lance, reading the partner's signal,
which signal to make. Their positions come from games the engine plays; the learner sees only its own cards, and
the coach grades every candidate (a choice within the estimate's uncertainty of the best counts as right).

Reyes are 8 or 4, half the time each. The 31 real is never on. ``daily(date)`` is the day's challenge: the same
``DAILY_LENGTH`` (skill, seed) pairs for everyone on a UTC date, seeded by the date.
"""
from __future__ import annotations

import datetime
import random
import re
from typing import NamedTuple

from tutorial.engine import DECK, LANCES, Action, Betting, count_hand, order_from, showdown, value_rank
from tutorial.engine.explain import explain
from tutorial.engine.hands import JUEGO_ORDER
from tutorial.practice import decisions
from tutorial.practice.decisions import DECISION_SKILLS

SEAT_SKILLS = LANCES  # who wins grande, chica, pares, juego (or punto), punto
DRILLS = ("turn", "bets_count", "deje_lance")
SKILLS = SEAT_SKILLS + ("pares_play", "juego_rank", "count", "deje") + DRILLS + DECISION_SKILLS
POINTS_SKILLS = ("count", "deje", "bets_count", "deje_lance")  # answered with each team's tantos
PLAY_VALUES = ("par", "medias", "duples", "none")
JUEGO_VALUES = JUEGO_ORDER + ("none",)
MAX_SEED = 2 ** 31 - 1
TIE_SHARE = 0.3        # share of the seat skills' deals drawn until the two best hands are equal
TRIES = 20000          # deals drawn at most for one exercise (a tie in pares is the rarest: about 1 in 60)
DAILY_LENGTH = 10
# The rules section each skill practises (its id; tutorial.i18n.languages.anchor gives the anchor in a language).
RULES = {"grande": "grande", "chica": "chica", "pares": "pares", "juego": "juego", "punto": "punto",
         "pares_play": "pares", "juego_rank": "juego", "count": "tanteo", "deje": "deje", "turn": "envites",
         "bets_count": "tanteo", "deje_lance": "deje", "mus_cut": "mus", "discard_choice": "mus",
         "bet_grande": "envites", "bet_chica": "envites", "bet_pares": "envites", "bet_juego": "envites",
         "sena_read": "senas", "sena_make": "senas", "ordago": "ordago"}


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
    grade: decisions.Grade | None = None   # a decision skill's: every candidate's value, the best, the margins


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
    if skill in SEAT_SKILLS or skill == "turn":
        seat = answer.get("seat")
        if type(seat) is not int or seat not in range(4):
            raise bad
        return {"seat": seat}
    if skill in DECISION_SKILLS:  # one of the exercise's choices (``judge`` checks which)
        value = answer.get("value")
        if not isinstance(value, str) or not 0 < len(value) <= 64:
            raise bad
        return {"value": value}
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
    said, result, made = _refused_round(rng, lance, order_from(mano))
    points = [0, 0]
    points[result["team"]] = result["deje"]
    facts = {"deje": result["deje"], "team": result["team"], "bets": made, "ordago": result["result"] == "ordago_refused"}
    hands = (None,) * 4
    return Exercise(skill, seed, 8, mano, hands, (False,) * 4, None, lance, tuple(said), {"points": points}, facts)


def _refused_round(rng: random.Random, lance: str, order: tuple) -> tuple[list, dict, int]:
    """The words of a betting round among ``order`` (the lance's players, from the mano) that ends with its last
    bet refused: (said, the engine's result, how many bets were made)."""
    betting = Betting(lance, order, target=40)
    said = []
    passes = rng.randrange(len(order))  # the opening round: this many pass before someone bets
    for seat in order[:passes]:
        betting.play(seat, Action("paso"))
        said.append((seat, Action("paso"), betting.total))
    bets = rng.choice((1, 1, 2, 2, 3, 4))

    def bet(seat: int, last: bool) -> Action:
        room = betting.raise_max()
        if last and rng.random() < 0.25 or room < 2:
            return Action("ordago")
        return Action("envido", rng.choice([amount for amount in (2, 2, 3, 4, 5, 10) if amount <= min(room, 10)]))

    seat = order[passes]
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
    return said, result, made


def _players(rng: random.Random, mano: int) -> tuple:
    """Who holds pares (or juego) in a drill without cards: at least one player of each team, from the mano."""
    while True:
        held = [seat for seat in order_from(mano) if rng.random() < 0.6]
        if {seat % 2 for seat in held} == {0, 1}:
            return tuple(held)


def _turn_exercise(skill: str, seed: int, rng: random.Random) -> Exercise:
    """A lance's betting stopped at a random point before it closes; who speaks now is the engine's turn."""
    mano, lance = rng.randrange(4), rng.choice(LANCES[:4])  # the four lances a hand always has
    order = order_from(mano) if lance in ("grande", "chica") else _players(rng, mano)
    betting, said = Betting(lance, order, target=40), []
    for _word in range(rng.randrange(6)):
        seat, words = betting.turn, []
        if betting.bettor is None:
            words = [Action("envido", rng.choice((2, 3, 5)))] + (
                [Action("paso")] * 2 if betting.opening + 1 < len(order) else [])
        else:
            if len(betting.answering) > 1:
                words += [Action("no_quiero")] * 2
            if not betting.ordago:
                words.append(Action("envido", 2) if betting.raise_max() >= 2 else Action("ordago"))
        if not words:
            break
        action = rng.choice(words)
        betting.play(seat, action)
        said.append((seat, action, betting.total))
    facts = {"order": list(order), "bettor": betting.bettor, "refused": [seat for seat, action, _total in said[-1:]
                                                                         if action.type == "no_quiero"]}
    return Exercise(skill, seed, 8, mano, (None,) * 4, (False,) * 4, None, lance, tuple(said),
                    {"seat": betting.turn}, facts)


def _bet_for(rng: random.Random, lance: dict) -> dict:
    """A bet's result in a lance both teams play: en paso, accepted, refused, now and then an órdago."""
    kind = rng.choice(("paso", "paso", "accepted", "accepted", "refused", "refused", "ordago"))
    if kind == "paso":
        return {"result": "paso"}
    if kind == "accepted":
        return {"result": "accepted", "total": rng.choice((2, 2, 3, 4, 5, 10))}
    if kind == "refused":
        return {"result": "refused", "team": rng.randrange(2), "deje": rng.choice((1, 1, 2, 4))}
    if rng.random() < 0.5:
        return {"result": "ordago_accepted"}
    return {"result": "ordago_refused", "team": rng.randrange(2), "deje": rng.choice((1, 2))}


def _bets_count_exercise(skill: str, seed: int, rng: random.Random) -> Exercise:
    """A whole hand with bets: what each team collects in all (the engine's count, dejes and órdago included)."""
    reyes, mano = rng.choice((8, 4)), rng.randrange(4)
    hands = _deal(rng)
    codes = [[str(card) for card in hand] for hand in hands]
    bets = {}
    for lance in explain(codes, reyes=reyes, mano=mano)["lances"]:
        if lance["played"] and lance["bettable"]:
            bets[lance["lance"]] = _bet_for(rng, lance)
            if bets[lance["lance"]]["result"] == "ordago_accepted":
                break  # an accepted órdago ends the hand: no later lance is played
    explained = explain(codes, reyes=reyes, mano=mano, bets=bets)
    facts = {"bets": bets}
    return Exercise(skill, seed, reyes, mano, hands, (True,) * 4, None, None, (), {"points": explained["totals"]},
                    facts)


def _deje_lance_exercise(skill: str, seed: int, rng: random.Random) -> Exercise:
    """One lance of a dealt hand, its last bet refused: its deje and what it still pays at the count, by team."""
    reyes, mano = rng.choice((8, 4)), rng.randrange(4)
    for _try in range(TRIES):
        hands = _deal(rng)
        codes = [[str(card) for card in hand] for hand in hands]
        lances = [lance for lance in explain(codes, reyes=reyes, mano=mano)["lances"]
                  if lance["played"] and lance["bettable"] and lance["lance"] in ("pares", "juego", "punto")]
        if lances or rng.random() < 0.3:  # mostly the lances whose refusal still pays at the count
            break
    lances = lances or [lance for lance in explain(codes, reyes=reyes, mano=mano)["lances"] if lance["bettable"]]
    chosen = rng.choice(lances)
    order = tuple(seat for seat in order_from(mano) if seat in chosen["holders"])
    said, result, _made = _refused_round(rng, chosen["lance"], order)
    explained = explain(codes, reyes=reyes, mano=mano, bets={chosen["lance"]: result})
    points = [0, 0]
    for deje in explained["dejes"]:
        points[deje["team"]] += deje["points"]
    for lance in explained["lances"]:
        if lance["lance"] == chosen["lance"] and lance["counted"] and lance["team"] is not None:
            points[lance["team"]] += lance["points"]
    facts = {"deje": result["deje"], "team": result["team"], "lance_points": points[result["team"]] - result["deje"]}
    return Exercise(skill, seed, reyes, mano, hands, (True,) * 4, None, chosen["lance"], tuple(said),
                    {"points": points}, facts)


def _decision_exercise(skill: str, seed: int, rng: random.Random) -> Exercise:
    """A position of a real hand from the learner's seat (only its cards) and the coach's grade of its choices."""
    found = decisions.position(skill, rng)
    seen = found.seen
    grade = decisions.grade(skill, seed, found)
    hands = tuple(seen.hand if seat == seen.seat else None for seat in range(4))
    facts = {"position": found, "choices": decisions.choices(skill, found, grade)}
    return Exercise(skill, seed, seen.options.reyes, seen.mano, hands, tuple(s == seen.seat for s in range(4)),
                    seen.seat, found.lance, (), {"value": grade.best}, facts)


_MAKERS = {**{skill: _seat_exercise for skill in SEAT_SKILLS}, "pares_play": _hand_exercise,
           "juego_rank": _hand_exercise, "count": _count_exercise, "deje": _deje_exercise, "turn": _turn_exercise,
           "bets_count": _bets_count_exercise, "deje_lance": _deje_lance_exercise,
           **{skill: _decision_exercise for skill in DECISION_SKILLS}}


def exercise(skill, seed) -> Exercise:
    """The exercise of a skill and a seed: the same on every call (raises ``PracticeError`` for bad input)."""
    skill, seed = check_skill(skill), check_seed(seed)
    return _MAKERS[skill](skill, seed, _rng(skill, seed))


def judge(skill, seed, answer) -> Verdict:
    """Whether ``answer`` is right for the exercise ``(skill, seed)``, with the right answer."""
    found = exercise(skill, seed)
    given = check_answer(found.skill, answer)
    if found.skill in DECISION_SKILLS:
        if given["value"] not in found.facts["choices"]:
            raise PracticeError("bad_answer", f"not a choice of this exercise: {given['value']!r}", skill=skill)
        grade = decisions.grade(found.skill, found.seed, found.facts["position"])
        return Verdict(grade.right(given["value"]), found.answer, given, found, grade)
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
ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def check_date(value, latest: datetime.date | None = None) -> datetime.date:
    """A date as ``YYYY-MM-DD`` (years 2000-2999), no later than ``latest`` (today, UTC): a challenge comes out on its
    day, so nobody can practise tomorrow's in advance."""
    try:
        # fromisoformat also reads "2026-W01-1" (a week date): only the form the message states is a date here
        day = datetime.date.fromisoformat(value) if isinstance(value, str) and ISO_DATE.fullmatch(value) else None
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
    if len(SKILLS) >= DAILY_LENGTH:  # more skills than exercises: a different draw of them each day
        skills = rng.sample(SKILLS, DAILY_LENGTH)
    else:
        skills = list(SKILLS) + list(rng.sample(SKILLS, DAILY_LENGTH - len(SKILLS)))
    rng.shuffle(skills)
    return [(skill, rng.randrange(MAX_SEED + 1)) for skill in skills]

"""The hard bot's reading of the other players: each one a mixture over the sparring field and plain card odds.

A *style* is a likelihood model of a player's betting words given its hand: the field's profiles
(``field.PROFILES``) and the medium bot, each softened (a threshold ``t`` on the lance chance ``p`` becomes
``sigmoid((p - t) / SOFTNESS)``, every probability kept within [floor, 1 - floor], ``FLOOR`` unless the reader
asks for another), and *card odds*: words that say nothing about the hand (the same probability whatever the
hand: the mixture's own average over hands).

Per other seat the bot keeps a posterior over the styles, from the game so far: every hand that ended showed all
four hands (the engine's ``showdown`` event), so each earlier hand's words of that seat are weighed under each
style with the very hand behind them. The prior gives card odds ``CARD_ODDS`` and shares the rest among the
styles; each hand's evidence is tempered by ``TEMPER`` (a player is never exactly one of our models), so the
posterior leaves card odds only as the evidence grows: with weak evidence the reading stays near card odds. A bot
that plays again with the same people may start its next game's reading from ``carried``: the prior plus part of
what the last game's reading had learnt.

In the current hand a world's weight is, per seat, ``sum_k w_k P_k(its words so far | its hand in the world)``,
and its answers to our bets are that mixture's, each style weighted by how well it explains the seat's words so
far in that world.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import numpy as np

from tutorial.bots.field import PROFILES, Profile
from tutorial.bots.odds import TEAM_BETTABLE, table
from tutorial.engine import BET_TYPES, LANCES, SEATS, Card, position
from tutorial.engine.vectors import CARD_INDEX, hand_ids, tables

FLOOR = 0.03      # the least chance a style gives any word with any hand (the hard bot's; the expert reads closer)
SOFTNESS = 0.06
ORDAGO_STAKE = 1000
CARD_ODDS = 0.35   # the prior's share for words that say nothing about the hand
TEMPER = 0.6       # each earlier hand's log-likelihood counts this much
CARRY = 0.5        # the share of what a game taught a reading that the next game against the same players starts from

STYLES: tuple[tuple[str, Profile], ...] = (("medium", Profile("medium")), *PROFILES.items())
NAMES = ("card_odds", *(name for name, _ in STYLES))


def prior() -> np.ndarray:
    return np.array([CARD_ODDS, *[(1 - CARD_ODDS) / len(STYLES)] * len(STYLES)])


def carried(logs: dict, share: float = CARRY) -> dict:
    """other seat -> the log weights a reading of a new game against the same players starts from, given its
    reading's ``logs`` at the end of the last one: the prior plus ``share`` of what the games so far added to it.
    With a share under 1 the evidence carried is bounded (at most ``1 / (1 - share)`` games' worth), so the reading
    never stops hedging with card odds against a player it cannot place, and a player who changes is read afresh
    within a few games."""
    base = np.log(prior())
    return {other: base + share * (np.asarray(log, dtype=float) - base) for other, log in logs.items()}


def _sig(x):
    return 1 / (1 + np.exp(-np.clip(x / SOFTNESS, -40, 40)))


def _clip(p, floor: float):
    return np.clip(p, floor, 1 - floor)


class _Styles:
    """Profiles side by side: every number a column [style, 1], so that one pass of ``word_probability`` gives
    every style's probabilities at once (a style's row is what its own profile gives)."""

    def __init__(self, profiles):
        def column(values):
            return np.array(values, dtype=float)[:, None]
        self.open_at = {lance: column([s.open_at[lance] for s in profiles]) for lance in LANCES}
        self.accept_at = {lance: column([s.accept_at[lance] for s in profiles]) for lance in LANCES}
        self.bluff = {lance: column([s.bluff[lance] for s in profiles]) for lance in LANCES}
        for name in ("pot", "raise_at", "raise_cap", "big_at", "bluff_raise", "ordago_at"):
            setattr(self, name, column([getattr(s, name) for s in profiles]))
        self.ordago_open = column([s.ordago_open or 0.0 for s in profiles])
        self.opens_ordagos = column([s.ordago_open is not None for s in profiles]).astype(bool)
        self.ordago_at_near = column([s.ordago_at if s.ordago_at_near is None else s.ordago_at_near
                                      for s in profiles])
        self.sizes, self.big_sizes = [s.sizes for s in profiles], [s.big_sizes for s in profiles]

    def sized(self, amount: int, big: bool) -> tuple[np.ndarray, np.ndarray]:
        """([style, 1] whether a small, or big, bet of this style may be of ``amount``, [style, 1] among how many
        sizes)."""
        sizes = self.big_sizes if big else self.sizes
        return (np.array([float(amount in one) for one in sizes])[:, None],
                np.array([len(one) for one in sizes])[:, None])


_STACKED: dict = {}  # the profiles' ids -> (the profiles, their _Styles)


def _styles(profiles: tuple) -> _Styles:
    key = tuple(map(id, profiles))
    if key not in _STACKED or any(a is not b for a, b in zip(_STACKED[key][0], profiles)):
        _STACKED[key] = profiles, _Styles(profiles)
    return _STACKED[key][1]


def word_probability(style, word: str, p, lance: str, total: int, deje: int, amount=None, late=False,
                     floor: float = FLOOR):
    """P(word | lance chance p) for a player of this style (a ``Profile``, or a tuple of them: one row each)
    answering a bet of ``total`` (0: opening) with ``deje`` at stake; ``late``: a team is near the target by the
    style's own measure (with a tuple, one per style); no word less likely than ``floor``."""
    one = isinstance(style, Profile)
    s = _styles((style,) if one else tuple(style))
    late = np.array(late, dtype=bool).reshape(-1, 1)
    result = _word_probability(s, word, p, lance, total, deje, amount, late, floor)
    return result[0] if one else result


def _word_probability(s: _Styles, word: str, p, lance: str, total: int, deje: int, amount, late, floor):
    if total == 0:
        ordago = np.where(late & s.opens_ordagos, _sig(p - s.ordago_open), 0.0)
        big = _sig(p - s.big_at)
        opens = _sig(p - s.open_at[lance])
        small = np.maximum(opens - big, 0) + s.bluff[lance] * (1 - opens)
        rest = 1 - ordago
        if word == "paso":
            return _clip(rest * (1 - np.minimum(big + small, 1)), floor)
        if word == "ordago":
            return _clip(ordago, floor)
        if amount is None:
            return _clip(rest * np.minimum(big + small, 1), floor)
        (big_in, bigs), (small_in, smalls) = s.sized(amount, True), s.sized(amount, False)
        return _clip(rest * (big * big_in / bigs + small * small_in / smalls), floor)
    if total >= ORDAGO_STAKE:
        accept = _clip(_sig(p - np.where(late, s.ordago_at_near, s.ordago_at)), floor)
        return 1 - accept if word == "no_quiero" else accept
    raises = _sig(p - s.raise_at)
    raise_ = np.where(total < s.raise_cap, raises + s.bluff_raise * (1 - raises), 0.0)
    accept = _sig(p - (s.accept_at[lance] + s.pot * ((total - deje) / (2 * total) - 0.25)))
    if word == "no_quiero":
        return _clip((1 - raise_) * (1 - accept), floor)
    if word == "quiero":
        return _clip((1 - raise_) * accept, floor)
    if word == "ordago":
        return _clip(raise_ * floor, floor)
    return _clip(raise_, floor)  # a raise


def late_for(style: Profile, scores, target: int) -> bool:
    return max(scores) >= target - style.ordago_within


@lru_cache(maxsize=None)
def chances(reyes: int, pos: int) -> dict:
    """lance -> [hand id]: the lance chance ``p`` of every hand at this position."""
    infos, rows = tables(reyes).infos, table(reyes)
    return {lance: np.array([rows[info.ranks][pos][index][TEAM_BETTABLE] for info in infos])
            for index, lance in enumerate(LANCES)}


@lru_cache(maxsize=None)
def hand_frequency(reyes: int) -> np.ndarray:
    """[hand id]: the share of all four-card hands with that id."""
    deck = np.array(list(combinations(range(40), 4)), dtype=np.intp)
    ids = hand_ids(deck.T, reyes)
    counts = np.bincount(ids, minlength=len(tables(reyes).infos)).astype(float)
    return counts / counts.sum()


@lru_cache(maxsize=4096)
def word_table(reyes: int, pos: int, lance: str, word: str, total: int, deje: int, amount, lates: tuple,
               bounds: tuple = (0.0, 1.0), floor: float = FLOOR) -> np.ndarray:
    """[style, hand id]: P(word) for every style and hand at this position (``lates``: per style, whether the
    game is near its end by that style's measure; ``bounds``: the least and most the speaker expects its lance
    chance to be, from señas it saw: ``senas.known_bounds``; ``floor``: ``word_probability``'s)."""
    p = np.clip(chances(reyes, pos)[lance], *bounds)
    return np.broadcast_to(word_probability(tuple(style for _, style in STYLES), word, p, lance, total, deje, amount,
                                            lates, floor), (len(STYLES), len(p)))


def lates(scores, target: int) -> tuple:
    return tuple(late_for(style, scores, target) for _, style in STYLES)


def words_table(words, reyes: int, pos: int, scores, target: int, bounds=None, floor: float = FLOOR) -> np.ndarray:
    """[style, hand id]: the probability of a seat's ``words`` ((lance, word, total, deje, amount) in order)
    under each style (card odds excluded), for every hand; ``bounds``: lance -> ``word_table``'s bounds."""
    late = lates(scores, target)
    out = None
    for lance, word, total, deje, amount in words:
        table_ = word_table(reyes, pos, lance, word, total, deje, amount, late,
                            bounds[lance] if bounds else (0.0, 1.0), floor)
        out = table_ if out is None else out * table_
    return np.ones((len(STYLES), len(tables(reyes).infos))) if out is None else out


def words_likelihood(words, ids, reyes: int, pos: int, scores, target: int, bounds=None) -> np.ndarray:
    """[style, world]: ``words_table`` for the hands ``ids``."""
    return words_table(words, reyes, pos, scores, target, bounds)[:, ids]


def hand_words(events, reyes: int):
    """Per ended hand of the game so far (from a seat's events): (mano, scores at its start, {seat: its words},
    {seat: the hand ids it showed})."""
    hands, current = [], None
    state = {}
    for event in events:
        code, params = event["code"], event["params"]
        if code == "hand_start":
            current = {"mano": params["mano"], "words": {seat: [] for seat in SEATS}, "scores": None}
            state = {}
        elif current is None:
            continue
        elif code == "mano_set":
            current["mano"] = params["mano"]
        elif code in BET_TYPES and "lance" in params:
            lance = params["lance"]
            total, deje = state.get(lance, (0, 0))
            current["words"][params["seat"]].append((lance, code, total, deje, params.get("amount")))
            if code == "envido":
                state[lance] = (params["total"], params["deje"])
            elif code == "ordago":
                state[lance] = (ORDAGO_STAKE, params.get("deje", 0))
        elif code == "showdown":
            current["ids"] = {seat: int(hand_ids([[CARD_INDEX[Card.parse(c)]] for c in cards], reyes)[0])
                              for seat, cards in enumerate(params["hands"])}
        elif code == "hand_over":
            if "ids" in current:
                current["scores"] = tuple(params["scores"])
                hands.append(current)
            current = None
    return hands


class Reading:
    """One seat's reading of the other three, kept across a game and updated at each hand's end: per other seat the
    log weights of the components (``NAMES`` order), the scores the next hand starts from (the styles' "near the
    end") and ``next``, the index in the game's event log from which the hands not yet read start. Everything it
    reads is the seat's own events (``game.events_for(seat, next)``: the words said and the hands the showdowns
    showed), so it holds nothing the seat did not see; as JSON (``to_json``) it is a few dozen numbers whatever
    the game's length, which a table stores with its state instead of reading the history again."""

    def __init__(self, seat: int, next_event: int = 0, scores=(0, 0), logs: dict | None = None):
        self.seat, self.next, self.scores = seat, next_event, tuple(scores)
        self.logs = logs if logs is not None else {other: np.log(prior()) for other in SEATS if other != seat}

    def weights(self) -> dict:
        """other seat -> [component] weights (``NAMES`` order), summing to 1."""
        result = {}
        for other, log in self.logs.items():
            w = np.exp(log - log.max())
            result[other] = w / w.sum()
        return result

    def read(self, events, reyes: int, target: int, floor: float = FLOOR) -> None:
        """Take in the hands that ended in ``events`` (the seat's events from ``next`` on, in order), the styles'
        words no less likely than ``floor``."""
        past = hand_words(events, reyes)
        for hand in past:
            self.add(hand, reyes, target, floor)
        over = [event["index"] for event in events if event["code"] == "hand_over"]
        if over:
            self.next = max(self.next, over[-1] + 1)

    def add(self, hand: dict, reyes: int, target: int, floor: float = FLOOR) -> None:
        """One ended hand (``hand_words``): each other seat's words weighed under each style with the hand it
        showed, card odds by the styles' average over all hands; the log evidence counts ``TEMPER``."""
        frequency = hand_frequency(reyes)
        for other, log in self.logs.items():
            words = hand["words"][other]
            if not words:
                continue
            every = words_table(words, reyes, position(other, hand["mano"]), self.scores, target,
                                floor=floor)  # [style, id]
            shown = every[:, hand["ids"][other]]
            styles = np.exp(log[1:] - log[1:].max())
            card_odds = float(styles / styles.sum() @ (every @ frequency))
            evidence = np.log(np.maximum(np.concatenate([[card_odds], shown]), 1e-300))
            self.logs[other] = log + TEMPER * evidence
        self.scores = hand["scores"]

    def to_json(self) -> dict:
        return {"next": self.next, "scores": list(self.scores),
                "logs": {str(other): [float(x) for x in log] for other, log in self.logs.items()}}

    @classmethod
    def from_json(cls, seat: int, data: dict) -> "Reading":
        return cls(seat, data["next"], data["scores"],
                   {int(other): np.array(log, dtype=float) for other, log in data["logs"].items()})


_POSTERIORS: dict = {}


def posterior(seat: int, reyes: int, target: int, all_events) -> dict:
    """other seat -> [component] weights (``NAMES`` order), from the game's ended hands in ``all_events`` (the
    seat's events since the game started): a ``Reading`` that reads them all at once. Cached by what those hands
    showed."""
    past = hand_words(all_events, reyes)
    key = (seat, reyes, target, tuple((hand["mano"], hand["scores"], tuple(sorted(hand["ids"].items())),
                                      tuple(tuple(words) for words in hand["words"].values())) for hand in past))
    if key in _POSTERIORS:
        return _POSTERIORS[key]
    reading = Reading(seat)
    for hand in past:
        reading.add(hand, reyes, target)
    result = reading.weights()
    if len(_POSTERIORS) > 512:
        _POSTERIORS.clear()
    _POSTERIORS[key] = result
    return result

"""Guessing the hidden hands from everything public: the hard bot's sampler.

A *world* is one possible set of the other three hands. Worlds are drawn by replaying the hand forward from the
cards this seat never saw: the others' first four cards are dealt at random, and in every mus round each of them
throws away exactly as many cards as it publicly changed, keeping the cards that ``odds.best_discard`` would keep
for that many, and draws the rest. So every world agrees exactly with this seat's own cards (the ones it holds,
threw and drew) and with how many cards each player changed; worlds that contradict a declaration of pares or
juego are dropped, and so are those that contradict a signal this seat saw (señas: its partner's, the rivals' it
caught), each checked against the very hand its seat held in the mus round it was made in. Each world is then
weighted by how likely the public actions were with those hands, under a stated model of the other players (a
softened medium bot, see docs/bots.md):

- changing ``k`` cards: softmax over k of ``DISCARD_BETA`` x (expected value after keeping the best 4-k cards);
- mus / corto: P(mus) = sigmoid((gain from changing - 0.5) / 0.25);
- bets (``bet_model`` on): the medium bot's thresholds, softened: P(bet when opening) =
  sigmoid((p - min(open_at[lance], big_at)) / 0.06), of which a big bet sigmoid((p - big_at) / 0.06);
  P(accept or raise a bet of ``total`` with ``deje``) =
  sigmoid((p - accept_at[lance] - (total - deje) / (2 total) + 0.25) / 0.06); P(raise) =
  sigmoid((p - raise_at) / 0.06); P(accept an órdago) = sigmoid((p - ordago_at) / 0.06); each kept within
  [0.03, 0.97]. ``p`` is the hand's chance (with its
  partner's random hand) to win the lance when both teams hold the play, at its position.

When a reshuffle brought thrown cards back into play, the replay is not possible: worlds are then dealt
straight from the unseen cards, still checked against the declarations and weighted by the bets.

All the tries of one decision are drawn and weighed at once as numpy arrays: per distinct hand (its id in
``tutorial.engine.vectors``) and position, the model's discards, mus and lance chances are tables, so a world
costs a few array lookups instead of a Python replay.
"""
from __future__ import annotations

import math
from functools import cached_property, lru_cache
from itertools import combinations
from typing import NamedTuple

import numpy as np

from tutorial.bots import rivals
from tutorial.bots.medium import MediumBot
from tutorial.bots.odds import TEAM_BETTABLE, keep_value, odds, ranks_value, table
from tutorial.bots.senas import known_bounds, known_signals, still_true, thrown_since
from tutorial.engine import DECK, LANCES, SEATS, Card, Observation, position
from tutorial.engine.vectors import CARD_INDEX, hand_ids, tables

DISCARD_BETA = 4.0
FLOOR = 0.03
SOFTNESS = 0.06
ORDAGO_STAKE = 1000  # the total the model gives an órdago (answered by the órdago rule)
BATCH = 2000  # worlds drawn at a time
SIGNAL_DRAWS = 4  # how many hands a seat whose signals this seat saw is drawn per world tried


# The model's functions take a number or a numpy array of them (one per world).
def sigmoid(x):
    return 1 / (1 + np.exp(-np.clip(x, -40, 40)))


def _clip(p):
    return np.clip(p, FLOOR, 1 - FLOOR)


class Public:
    """This seat's knowledge of the current hand: its observation, and its own events for the cards it held."""

    def __init__(self, seen: Observation, events, shown: tuple | None = None):
        """``shown`` (a diagnostic of ``mus-tutorial tournament --partner-cards-a``, never given at a table): (seat,
        its current hand, its events of the hand): a seat whose cards this seat is told, held fixed in every world."""
        self.seat, self.reyes, self.real = seen.seat, seen.options.reyes, seen.options.real
        self.mano = seen.mano
        self.hand = seen.hand
        self.declarations = seen.declarations
        self.rounds = seen.discard_counts
        self.deal_mano = seen.deal_mano
        self.mus_round = seen.mus_round
        self.speech = seen.mus_talk
        self.reshuffled = seen.reshuffled
        self.scores, self.target = seen.scores, seen.options.target
        # (seat, lance, word, total, deje, amount) in order: the bet each word answered, an órdago as a bet of
        # the whole game
        self.bets = [(speech.seat, record.lance, speech.action.type, ORDAGO_STAKE if speech.ordago else speech.total,
                      speech.deje, speech.action.amount) for record in seen.lances for speech in record.speeches]
        held = set(self.hand)
        for event in events:
            code, params = event["code"], event["params"]
            if code == "deal" and params["seat"] == self.seat:
                held.update(Card.parse(c) for c in params["cards"])
            elif code == "replaced" and params["seat"] == self.seat:
                held.update(Card.parse(c) for c in params["in"])
        self.known = {}  # seat -> its current hand, when this seat is told it (``shown``)
        if shown is not None:
            known, cards, known_events = shown
            self.known[known] = tuple(cards)
            held.update(cards)
            for event in known_events:
                if event["code"] in ("deal", "replaced") and event["params"]["seat"] == known:
                    held.update(Card.parse(c) for c in event["params"]["cards" if event["code"] == "deal" else "in"])
        self.unseen = [card for card in DECK if card not in held]
        self.others = [s for s in SEATS if s != self.seat]
        self.hidden = [s for s in self.others if s not in self.known]  # the seats whose cards are drawn
        self.senas = seen if seen.senas else None  # the observation, when it holds signals
        self.signals = known_signals(seen)  # señas: (seat, signal, mus round), the partner's and those caught
        self.thrown = {(seat, mus_round): thrown_since(seen, seat, mus_round)
                       for seat, _, mus_round in self.signals}  # cards changed since each signal


@lru_cache(maxsize=None)
def discard_plan(ranks: tuple[int, ...], position: int, reyes: int):
    """For a hand of these value ranks: ({count: value ranks kept}, {count: P(changing count)}, gain of mus)."""
    kept, values = {}, {}
    for n in range(1, 5):
        kept[n], values[n] = max(((keep, keep_value(keep, position, reyes)) for keep in
                                  {tuple(r for i, r in enumerate(ranks) if i not in out)
                                   for out in combinations(range(4), n)}), key=lambda item: item[1])
    top = max(values.values())
    weights = {n: math.exp(DISCARD_BETA * (v - top)) for n, v in values.items()}
    total = sum(weights.values())
    return kept, {n: w / total for n, w in weights.items()}, top - ranks_value(ranks, position, reyes)


def mus_probability(gain: float) -> float:
    return _clip(sigmoid((gain - 0.5) / 0.25))


def bet_probability(word: str, p: float, lance: str, total: int, deje: int, amount: int | None = None) -> float:
    """How likely a player whose lance chance is ``p`` says ``word`` (the stated bet model); for an envido,
    ``amount`` tells a big bet from a 2 (None: any amount)."""
    m = MediumBot
    big = _clip(sigmoid((p - m.big_at) / SOFTNESS))
    if total == 0:  # opening round: paso, or a bet (envido / órdago)
        bet = _clip(sigmoid((p - min(m.open_at[lance], m.big_at)) / SOFTNESS))
        if word == "paso":
            return 1 - bet
        if word == "envido" and amount is not None:
            return big if amount >= m.big else np.maximum(bet - big, FLOOR)
        return bet
    if total >= ORDAGO_STAKE:  # an órdago is accepted or not, never raised
        accept = _clip(sigmoid((p - m.ordago_at) / SOFTNESS))
        return 1 - accept if word == "no_quiero" else accept
    needed = m.accept_at[lance] + (total - deje) / (2 * total) - 0.25
    accept = _clip(sigmoid((p - needed) / SOFTNESS))
    raise_ = np.minimum(_clip(sigmoid((p - m.raise_at) / SOFTNESS)), accept)
    if word == "no_quiero":
        return 1 - accept
    if word == "quiero":
        return np.maximum(accept - raise_, FLOOR)
    if word == "envido" and amount is not None:
        return np.minimum(big, raise_) if amount >= m.big else np.maximum(raise_ - big, FLOOR)
    return raise_  # a raise of any amount, or an órdago


@lru_cache(maxsize=2048)
def word_chances(reyes: int, position: int, lance: str, word: str, total: int, deje: int, amount: int | None = None,
                 bounds: tuple[float, float] = (0.0, 1.0)) -> np.ndarray:
    """[hand id]: ``bet_probability`` of the word for every hand at ``position``, its lance chance ``p`` within
    ``bounds`` (``senas.as_known_by``: what the signals the speaker saw add to its own hand). Worked out once per
    word, so a decision gathers it for its worlds (the same numbers as computing it world by world)."""
    p = model(reyes, position).chance[lance]
    if bounds != (0.0, 1.0):
        p = np.clip(p, *bounds)
    chances = np.asarray(bet_probability(word, p, lance, total, deje, amount), dtype=float)
    chances.flags.writeable = False  # shared by every caller
    return chances


def lance_chance(hand, seat: int, mano: int, lance: str, reyes: int) -> float:
    return odds(hand, position(seat, mano), reyes)[lance][TEAM_BETTABLE]


class Model(NamedTuple):
    """The model of a player at one position, per hand id (``tutorial.engine.vectors``)."""
    keep: np.ndarray            # [count, slot, id]: the cards kept when changing ``count``, over the hand's cards
    #                             sorted by value rank, highest first (which of equal cards is kept never matters)
    discard_weight: np.ndarray  # [count, id]: P(changing count) x P(mus)
    mus: np.ndarray             # [id]: P(mus)
    chance: dict                # lance -> [id]: the lance chance ``p`` of the bet model


@lru_cache(maxsize=None)
def model(reyes: int, position: int) -> Model:
    infos = tables(reyes).infos
    keep, discard_weight, mus = np.zeros((5, 4, len(infos)), bool), np.zeros((5, len(infos))), np.empty(len(infos))
    for number, info in enumerate(infos):
        kept, p_count, gain = discard_plan(info.ranks, position, reyes)
        mus[number] = mus_probability(gain)
        for count in range(1, 5):
            wanted = list(kept[count])
            for slot, rank in enumerate(info.ranks):
                if rank in wanted:
                    wanted.remove(rank)
                    keep[count, slot, number] = True
            discard_weight[count, number] = p_count[count] * mus[number]
    rows = table(reyes)
    chance = {lance: np.array([rows[info.ranks][position][index][TEAM_BETTABLE] for info in infos])
              for index, lance in enumerate(LANCES)}
    return Model(keep, discard_weight, mus, chance)


# The sampler holds a card as a key, value rank * 64 + card index (a 16-bit number): sorting keys sorts a hand by
# value rank, highest first, as the model's discards keep cards, and ``key & 63`` is the card.
@lru_cache(maxsize=None)
def _keys(reyes: int) -> np.ndarray:
    """[card index] -> its key."""
    return (tables(reyes).rank_codes[0] * 64 + np.arange(len(DECK))).astype(np.int16)  # rank_codes[0]: value rank


def _hand_ids(hand: list, reyes: int) -> np.ndarray:
    """The hand ids of four columns of keys (as ``hand_ids`` of their cards)."""
    arrays = tables(reyes)
    size = int(arrays.rank_codes[0].max()) + 1  # value ranks
    return arrays.code_ids[(hand[0] >> 6) + size * ((hand[1] >> 6) + size * ((hand[2] >> 6) + size * (hand[3] >> 6)))]


def _sorted(hand: list) -> list:
    """Four columns of keys (distinct in each row) sorted highest first, row by row: a sorting network of five
    compare-exchanges of whole columns."""
    a, b, c, d = hand
    a, b = np.maximum(a, b), np.minimum(a, b)
    c, d = np.maximum(c, d), np.minimum(c, d)
    a, c = np.maximum(a, c), np.minimum(a, c)
    b, d = np.maximum(b, d), np.minimum(b, d)
    b, c = np.maximum(b, c), np.minimum(b, c)
    return [a, b, c, d]


class _Shuffle:
    """Fisher-Yates shuffles of ``cards`` (their keys), one per row, drawn a few steps at a time (each step
    vectorized over the rows); ``keep`` drops rows, so cards are drawn further only for the rows still wanted. The
    decks are one flat array, position after position (every row's card at a position side by side), so that a
    step is a gather, a scatter and a read of one whole position."""

    def __init__(self, rng, cards: np.ndarray, rows: int):
        self.rng, self.size, self.step, self.rows = rng, len(cards), 0, rows
        self.deck = np.repeat(cards, rows)  # [position * rows + row]

    def take(self, need: int, numbers: np.ndarray | None = None) -> np.ndarray:
        """[need, rows]: the next ``need`` cards of every row's shuffle; ``numbers`` ([need, rows] in [0, 1)): the
        draws to use instead of the rng's (``_SeatBySeat``: the numbers of the worlds still standing)."""
        rows, size, step = self.rows, self.size, self.step
        out = np.empty((need, rows), dtype=self.deck.dtype)
        if not need:
            return out
        # One draw of need x rows numbers is the same stream as ``need`` draws of ``rows`` numbers.
        steps = np.arange(step, step + need)[:, None]
        at = ((self.rng.random((need, rows)) if numbers is None else numbers) * (size - steps)).astype(np.intp)
        at += steps
        at *= rows
        at += np.arange(rows)  # [k, row]: where step k draws in that row's deck
        by_position = self.deck.reshape(size, rows)
        for k in range(need):
            out[k] = self.deck[at[k]]
            self.deck[at[k]] = by_position[step + k]  # position step + k is never drawn again
        self.step += need
        return out

    def keep(self, rows: np.ndarray) -> None:
        self.deck = self.deck.reshape(self.size, self.rows)[:, rows].ravel()
        self.rows = len(rows)


class Worlds(NamedTuple):
    """Worlds as arrays: per seat the hand ids (this seat's: one id) and the cards (card indices), and weights."""
    seat: int
    hand: tuple             # this seat's cards
    ids: list               # [seat] -> hand ids over the worlds (this seat: one id)
    cards: dict             # other seat -> [world, 4] card indices
    weights: np.ndarray
    styles: Styles | None = None  # with a reading of the rivals: other seat -> [component, world], each
    #                               style's share in explaining that seat's words in that world (``rivals.NAMES``)

    def __len__(self) -> int:
        return len(self.weights)

    def hands(self, world: int) -> list[tuple]:
        """The four hands of one world, as cards."""
        return [self.hand if seat == self.seat else tuple(DECK[card] for card in self.cards[seat][world])
                for seat in SEATS]

    def effective(self) -> float:
        """How many equally weighted worlds these weighted ones are worth: ``(sum w)^2 / sum w^2``."""
        total = float(self.weights.sum())
        return total * total / max(float(self.weights @ self.weights), 1e-300)

    def resampled(self, size: int, rng: np.random.Generator) -> Worlds:
        """``size`` draws of these worlds in proportion to their weights (systematic resampling), each world drawn
        once or more kept once with its number of draws as its weight: as many worlds at most, each worth the same
        share of the total weight, instead of a few worlds carrying it all."""
        cumulative = np.cumsum(self.weights)
        points = (rng.random() + np.arange(size)) * (cumulative[-1] / size)
        drawn = np.minimum(np.searchsorted(cumulative, points, side="right"), len(self.weights) - 1)
        rows, counts = np.unique(drawn, return_counts=True)
        return Worlds(self.seat, self.hand, [ids if np.ndim(ids) == 0 else ids[rows] for ids in self.ids],
                      {seat: cards[rows] for seat, cards in self.cards.items()}, counts.astype(float),
                      None if self.styles is None else self.styles.rows(rows))


class Styles:
    """Per other seat, [component, world]: card odds' part and each style's part of that seat's words' likelihood in
    each world, over their sum (the mixture with card odds). Worked out for a seat when it is first read: a pool of
    worlds drawn to be resampled (``Worlds.resampled``) is read only in the few it keeps."""

    def __init__(self, parts: dict):
        # other seat -> (card odds' part [world], the likelihood [world], hand ids [world], [style, hand id] each
        # style's part: ``Sampler._styles_parts``)
        self._parts, self._each = parts, {}

    def __getitem__(self, seat: int) -> np.ndarray:
        if seat not in self._each:
            card_odds, total, ids, styles = self._parts[seat]
            self._each[seat] = np.vstack([card_odds, styles[:, ids]]) / np.maximum(total, 1e-300)
        return self._each[seat]

    def rows(self, rows: np.ndarray) -> Styles:
        """These worlds' styles in the worlds ``rows`` only (holding nothing of the others)."""
        return Styles({seat: (card_odds[rows], total[rows], ids[rows], styles)
                       for seat, (card_odds, total, ids, styles) in self._parts.items()})


class _Drawn:
    """Every hidden seat's cards drawn at once ([column, world] keys, ``Sampler._slots``): what ``_batch`` draws."""

    def __init__(self, drawn: np.ndarray, slots: dict):
        self.drawn, self.slots = drawn, slots

    def seat(self, seat: int) -> np.ndarray:
        return self.drawn[self.slots[seat]]

    def keep(self, rows: np.ndarray) -> None:
        self.drawn = self.drawn[:, rows]


class _SeatBySeat:
    """The hidden seats' cards dealt one seat after another from each world's shuffle of the unseen cards: a
    seat's deal, then what it draws in each mus round. Which steps of a shuffle go to which seat does not change how
    likely a world is, and dealing seat by seat lets ``keep`` drop the worlds a seat ruled out before the next seat
    is dealt. Each seat's random numbers are drawn for every world of the part, dropped or not, so the worlds kept
    are the ones dealing every seat in every world would give (tests/bots/test_sampler_shortcuts.py)."""

    def __init__(self, rng, cards: np.ndarray, slots: dict, rows: int):
        self.rng, self.slots, self.rows = rng, slots, rows
        self.alive = np.arange(rows)  # the part's worlds still standing
        self.shuffle = _Shuffle(None, cards, rows)

    def seat(self, seat: int) -> np.ndarray:
        need = len(self.slots[seat])
        numbers = self.rng.random((need, self.rows))
        return self.shuffle.take(need, numbers if len(self.alive) == self.rows else numbers[:, self.alive])

    def keep(self, rows: np.ndarray) -> None:
        self.alive = self.alive[rows]
        self.shuffle.keep(rows)


class _Batch(NamedTuple):
    """The worlds a batch kept: per other seat their hand ids and hands ([4, world] keys), their weights, and with
    a reading of the rivals per other seat ([world] card odds' part, [world] the mixture's likelihood)."""
    ids: dict
    hands: dict
    weight: np.ndarray
    styles: dict | None


class Sampler:
    """``reading``: other seat -> its posterior over the styles (``rivals.posterior``); the bets are then weighed
    under that mixture (no word less likely than ``floor`` under any style) instead of the one stated model."""

    def __init__(self, public: Public, rng, bet_model: bool = True, reading: dict | None = None,
                 floor: float = rivals.FLOOR):
        self.public, self.rng, self.bet_model, self.reading, self.floor = public, rng, bet_model, reading, floor
        self._parts = {}  # other seat -> ``_styles_parts``

    def sample(self, wanted: int, tries: int = 1500) -> Worlds:
        """Up to ``wanted`` worlds with positive weight, out of at most ``tries`` drawn (in batches, stopping once
        enough are found): a bound on the work rather than on the time, so that a seeded game plays the same
        however busy the machine is."""
        pub = self.public
        rng = np.random.default_rng(self.rng.getrandbits(64))
        found, left = [], tries
        if self._each_alone:
            found, left = self._in_order(rng, wanted, tries), 0
        while left > 0 and sum(len(batch.weight) for batch in found) < wanted:
            if wanted < tries:
                sizes = [min(left, BATCH)]
            else:  # every world drawn is wanted (a pool): every batch left, drawn at once
                sizes = [BATCH] * (left // BATCH) + ([left % BATCH] if left % BATCH else [])
            for drawn in self._batches(rng, sizes):
                if sum(len(batch.weight) for batch in found) >= wanted:
                    break
                kept = np.flatnonzero(drawn.weight > 0)
                found.append(_Batch({seat: drawn.ids[seat][kept] for seat in pub.others},
                                    {seat: drawn.hands[seat][:, kept] for seat in pub.others}, drawn.weight[kept],
                                    None if drawn.styles is None else
                                    {seat: (part[kept], total[kept]) for seat, (part, total) in drawn.styles.items()}))
            left -= sum(sizes)

        def joined(seat: int, part: str = "ids") -> np.ndarray:
            return np.concatenate([getattr(batch, part)[seat] for batch in found], axis=-1)[..., :wanted]

        ids = {seat: joined(seat) for seat in pub.others}
        styles = None
        if found and found[0].styles is not None:
            styles = Styles({seat: (np.concatenate([batch.styles[seat][0] for batch in found])[:wanted],
                                    np.concatenate([batch.styles[seat][1] for batch in found])[:wanted],
                                    ids[seat], self._styles_parts(seat)) for seat in pub.others})
        return Worlds(pub.seat, pub.hand,
                      [hand_ids([CARD_INDEX[card] for card in pub.hand], pub.reyes) if seat == pub.seat
                       else ids[seat] for seat in SEATS],
                      {seat: (joined(seat, "hands").T & 63).astype(np.intp) for seat in pub.others},
                      np.concatenate([batch.weight for batch in found])[:wanted], styles)

    def _batches(self, rng, sizes: list[int]) -> list[_Batch]:
        """The batches of ``sizes`` worlds that ``_batch`` draws one after another, the same worlds with the same
        weights. Unless signals were seen they are drawn and weighed together: each batch's random numbers drawn in
        turn, every shuffle and replay done once over all their worlds (fewer, larger array operations), and what
        is averaged over a batch (card odds' part of the reading) averaged over each batch's worlds alone."""
        if self._signalled_seats or self._own_weights or len(sizes) == 1:  # (own weights drop worlds as they go)
            return [self._batch(rng, rows) for rows in sizes]
        pub = self.public
        replay, slots = self._layout
        columns = sum(map(len, slots.values()))
        numbers = np.concatenate([rng.random((columns, rows)) for rows in sizes], axis=1)
        drawn = _Shuffle(None, _keys(pub.reyes)[self._unseen], len(numbers[0])).take(columns, numbers)
        ends = np.cumsum(sizes)
        parts = [slice(end - rows, end) for rows, end in zip(sizes, ends)]
        whole = self._weighed(_Drawn(drawn, slots), replay, {}, {}, np.ones(len(numbers[0])), parts)
        return [_Batch({seat: ids[part] for seat, ids in whole.ids.items()},
                       {seat: hands[:, part] for seat, hands in whole.hands.items()}, whole.weight[part],
                       None if whole.styles is None else
                       {seat: (odds[part], total[part]) for seat, (odds, total) in whole.styles.items()})
                for part in parts]

    def _batch(self, rng, rows: int) -> _Batch:
        """Up to ``rows`` worlds drawn and weighed (weight 0: impossible). The seats whose signals this seat saw
        are drawn first, ``SIGNAL_DRAWS`` times as often, and only the draws their signals are true of are completed
        with the other seats' cards: every world honours the signals, and a signal that few hands make leaves as
        many worlds as one that many do."""
        pub = self.public
        replay, slots = self._layout
        columns = sum(map(len, slots.values()))
        signalled = self._signalled_seats
        first = sorted(column for seat in signalled for column in slots[seat])
        shuffle = _Shuffle(rng, _keys(pub.reyes)[self._unseen], rows * SIGNAL_DRAWS if signalled else rows)
        drawn = np.empty((columns, shuffle.rows), dtype=np.int16)  # [column, world]: keys
        drawn[first] = shuffle.take(len(first))  # without a reshuffle the stock held them all
        weight, ids, hands = np.ones(shuffle.rows), {}, {}
        for seat in signalled:
            ids[seat], hands[seat], weight = self._replay(seat, drawn[slots[seat]], replay, weight)
        if signalled:
            kept = np.flatnonzero(weight > 0)[:rows]
            shuffle.keep(kept)
            drawn, weight = np.empty((columns, len(kept)), dtype=np.int16), weight[kept]
            ids = {seat: ids[seat][kept] for seat in signalled}
            hands = {seat: hands[seat][:, kept] for seat in signalled}
        rest = sorted(column for seat in pub.hidden if seat not in signalled for column in slots[seat])
        drawn[rest] = shuffle.take(len(rest))
        return self._weighed(_Drawn(drawn, slots), replay, ids, hands, weight)

    @cached_property
    def _signalled_seats(self) -> list[int]:
        return [seat for seat in self.public.hidden if any(signal[0] == seat for signal in self.public.signals)]

    @cached_property
    def _own_weights(self) -> bool:
        """Whether a world's weight is worked out from that world alone: not with a reading of the rivals (its card
        odds part is an average over the batch)."""
        return not (self.bet_model and self.reading is not None)

    @cached_property
    def _each_alone(self) -> bool:
        """Whether a world's weight depends on its own draws alone: its own weights and no signals (their seats are
        drawn first, more often, and the batch is made of the draws that agree with them)."""
        return self._own_weights and not self._signalled_seats

    def _in_order(self, rng, wanted: int, tries: int) -> list[_Batch]:
        """The worlds of positive weight among the first of the ``tries``, when each world's weight is its own
        (``_each_alone``), worked out a part at a time: first a few more than wanted, then as many as the share
        found so far says are still needed, so that few worlds are worked out after the ``wanted``-th one found.
        In each part the seats are drawn one after another (``_SeatBySeat``): a seat's cards are dealt only in the
        worlds the seats before it left standing."""
        pub = self.public
        replay, slots = self._layout
        cards = _keys(pub.reyes)[self._unseen]
        found, done, count = [], 0, 0
        while done < tries and count < wanted:
            size = wanted + wanted // 8 + 16 if not done else round((wanted - count) * done / max(count, 1) * 1.2)
            rows = min(tries, done + max(size, 64)) - done
            part = self._weighed(_SeatBySeat(rng, cards, slots, rows), replay, {}, {}, np.ones(rows))
            kept = np.flatnonzero(part.weight > 0)
            found.append(_Batch({seat: part.ids[seat][kept] for seat in pub.others},
                                {seat: part.hands[seat][:, kept] for seat in pub.others}, part.weight[kept], None))
            count, done = count + len(kept), done + rows
        return found

    def _weighed(self, drawn, replay: bool, ids: dict, hands: dict, weight: np.ndarray,
                 batches: list[slice] | None = None) -> _Batch:
        """The worlds of ``drawn`` (``_Drawn`` or ``_SeatBySeat``: each hidden seat's cards) replayed and weighed,
        the seats in ``ids`` (the signalled ones) already replayed; ``batches``: the worlds of each batch (what is
        averaged over a batch; default: they are one). Without a reading of the rivals a world's weight is its own
        (no average over the batch), so once a seat is replayed the worlds its declarations rule out (or of weight
        0) are dropped and the next seats replay only the others: fewer worlds come back, the same ones of positive
        weight."""
        pub = self.public
        for seat in self._replay_order:
            if seat in ids:
                continue
            ids[seat], hands[seat], weight = self._replay(seat, drawn.seat(seat), replay, weight)
            if self._own_weights and pub.declarations:
                alive = np.flatnonzero((weight > 0) & self._declared(ids))
                if len(alive) < len(weight):
                    drawn.keep(alive)
                    weight = weight[alive]
                    ids = {other: other_ids[alive] for other, other_ids in ids.items()}
                    hands = {other: other_hands[:, alive] for other, other_hands in hands.items()}
        for seat, cards in pub.known.items():  # the same hand in every world
            keys = np.array(sorted(_keys(pub.reyes)[[CARD_INDEX[card] for card in cards]], reverse=True))
            hands[seat] = np.repeat(keys[:, None], len(weight), axis=1)
            ids[seat] = np.full(len(weight), hand_ids([CARD_INDEX[card] for card in cards], pub.reyes))
        weight = weight * self._declared(ids)
        for mus_round, seat, word in pub.speech:
            if mus_round == pub.mus_round and seat != pub.seat:  # earlier rounds' "mus" is weighed with the discard
                p_mus = model(pub.reyes, position(seat, pub.deal_mano)).mus[ids[seat]]
                weight *= p_mus if word == "mus" else 1 - p_mus
        styles = None
        if self.bet_model and self.reading is not None:
            # Per other seat, each style's part in its words' likelihood (``_styles_parts``, summed: the mixture's)
            # and card odds: the same for every hand, the styles' average over the worlds as weighed so far.
            styles = {}
            for seat in pub.others:
                mixed = self._styles_parts(seat, summed=True)[ids[seat]]
                flat = np.empty(len(weight))
                for part in batches or [slice(None)]:
                    each, alike = weight[part], mixed[part]
                    weighed = each.sum() > 0  # (a batch may hold no world: none agreed with the signals)
                    flat[part] = float(each @ alike / each.sum() if weighed else alike.sum() / max(alike.size, 1))
                card_odds = self.reading[seat][0] * flat
                total = card_odds + mixed
                weight = weight * total
                styles[seat] = (card_odds, total)
        elif self.bet_model:
            for seat, lance, word, total, deje, amount in pub.bets:
                if seat != pub.seat:  # with señas, what the signals it saw of this seat's team add to its hand
                    bounds = known_bounds(pub.senas, seat, lance) if pub.senas else (0.0, 1.0)
                    chances = word_chances(pub.reyes, position(seat, pub.mano), lance, word, total, deje, amount,
                                           bounds)
                    weight *= chances[ids[seat]]
        return _Batch(ids, hands, weight, styles)

    @cached_property
    def _replay_order(self) -> list[int]:
        """The hidden seats in the order they are replayed: with declarations, the seat whose declarations fewest
        hands agree with first (``_agreeing``), so that the worlds it rules out are dropped before the others are
        replayed (the worlds kept are the same in any order)."""
        pub = self.public
        if not pub.declarations:
            return pub.hidden
        return sorted(pub.hidden, key=lambda seat: _agreeing(pub.reyes, tuple(
            (play, said[seat]) for play, said in sorted(pub.declarations.items()))))

    @cached_property
    def _unseen(self) -> np.ndarray:
        return np.array([CARD_INDEX[card] for card in self.public.unseen], dtype=np.intp)

    def _styles_parts(self, seat: int, summed: bool = False) -> np.ndarray:
        """[style, hand id]: each style's share of the reading of ``seat`` times how likely that style says the
        seat's words so far with that hand (``rivals.words_table``); ``summed``: [hand id], the styles' sum (the
        mixture without card odds). Worked out once per sampler."""
        if seat not in self._parts:
            pub = self.public
            words = [(lance, word, total, deje, amount) for s, lance, word, total, deje, amount in pub.bets
                     if s == seat]
            bounds = {lance: known_bounds(pub.senas, seat, lance) for lance in LANCES} if pub.senas else None
            likelihood = rivals.words_table(words, pub.reyes, position(seat, pub.mano), pub.scores, pub.target, bounds,
                                            self.floor)
            parts = self.reading[seat][1:, None] * likelihood
            self._parts[seat] = parts, parts.sum(axis=0)
        return self._parts[seat][summed]

    @cached_property
    def _layout(self) -> tuple[bool, dict]:
        """(whether the hidden seats' hands are replayed through the mus rounds: not after a reshuffle, hidden seat
        -> the columns of the drawn cards it gets: its four cards dealt, then (a replay) the cards it draws in each
        mus round, in the order of the deal and of the rounds)."""
        pub = self.public
        replay = bool(not pub.reshuffled and pub.rounds)
        slots = {seat: list(range(4 * i, 4 * i + 4)) for i, seat in enumerate(pub.hidden)}
        drawn = 4 * len(pub.hidden)
        for counts in (pub.rounds if replay else ()):
            for seat in pub.hidden:
                slots[seat] += range(drawn, drawn + counts[seat])
                drawn += counts[seat]
        return replay, slots

    def _replay(self, seat: int, keys: np.ndarray, replay: bool, weight: np.ndarray):
        """One seat's hand through the mus rounds from its drawn cards (``keys`` [column, world]: its deal, then what
        it draws): in each round it throws exactly as many cards as it publicly changed, keeping what the model
        keeps; the weight takes the model's chance of those discards and the agreement with its signals. Returns
        (hand ids, hands [4, world] keys sorted highest first, weight)."""
        pub = self.public
        hand = _sorted(list(keys[:4]))
        held, drawn = {}, 4  # mus round -> hand ids held in it, before its discard
        seat_model = model(pub.reyes, position(seat, pub.deal_mano))
        for number, counts in enumerate(pub.rounds if replay else (), 1):
            count = counts[seat]
            ids = held[number] = _hand_ids(hand, pub.reyes)
            weight = weight * seat_model.discard_weight[count, ids]
            if count:  # the thrown cards sort last as -1, and the drawn ones take their places
                keep = seat_model.keep[count]
                hand = _sorted([np.where(keep[slot][ids], column, -1) for slot, column in enumerate(hand)])
                hand[4 - count:] = keys[drawn:drawn + count]
                hand = _sorted(hand)
            drawn += count
        ids = _hand_ids(hand, pub.reyes)
        return ids, np.array(hand), weight * self._signalled(seat, held, ids)

    def _signalled(self, seat: int, held: dict, ids: np.ndarray):
        """Whether each world agrees with the signals of ``seat`` this seat saw (its partner's, the rivals' it
        caught). The replay knows the seat's hand in every mus round (``held``), so a signal is checked against the
        very hand it was made with; without a replay (a reshuffle), against what the seat must still hold of it
        now (``senas.still_true``: only the cards it can have kept count)."""
        pub, agree = self.public, 1.0
        for signaller, name, mus_round in pub.signals:
            if signaller != seat:
                continue
            if mus_round in held:
                agree = agree * _still_true(pub.reyes, name, 0)[held[mus_round]]
            else:
                agree = agree * _still_true(pub.reyes, name, pub.thrown[seat, mus_round])[ids]
        return agree

    def _declared(self, ids: dict) -> np.ndarray:
        """Whether each world agrees with the declarations of pares and juego of the seats in ``ids`` (other seat
        -> hand ids)."""
        pub = self.public
        agree = np.ones(len(next(iter(ids.values()))), bool)
        for play, said in pub.declarations.items():
            holds = _holds(pub.reyes, play)
            for seat in pub.others:
                if seat in ids:
                    agree &= holds[ids[seat]] == said[seat]
        return agree


@lru_cache(maxsize=None)
def _still_true(reyes: int, name: str, thrown: int) -> np.ndarray:
    """[id]: whether the hand agrees with signal ``name`` made before ``thrown`` cards were changed (0: the
    signal is true of it)."""
    return np.array([still_true(name, thrown, info) for info in tables(reyes).infos])


@lru_cache(maxsize=None)
def _agreeing(reyes: int, declared: tuple) -> float:
    """The share of the deck's four-card hands that agree with ``declared`` ((play, said) pairs)."""
    agree = np.ones(len(tables(reyes).infos), bool)
    for play, said in declared:
        agree &= _holds(reyes, play) == said
    counts = _hand_counts(reyes)
    return float(counts[agree].sum() / counts.sum())


@lru_cache(maxsize=None)
def _hand_counts(reyes: int) -> np.ndarray:
    """[hand id]: how many of the deck's four-card hands it stands for."""
    arrays = tables(reyes)
    hands = np.array(list(combinations(range(len(DECK)), 4))).T
    ids = arrays.code_ids[sum(arrays.rank_codes[slot][hands[slot]] for slot in range(4))]
    return np.bincount(ids, minlength=len(arrays.infos))


@lru_cache(maxsize=None)
def _holds(reyes: int, play: str) -> np.ndarray:
    """[id]: whether the hand holds pares, or juego."""
    return np.array([(info.pares is not None) if play == "pares" else info.juego for info in tables(reyes).infos])

"""The expert bot: every decision looked ahead to the end of the hand, with its partner, valued by the game.

It is the hard bot's sampler (``worlds.py``: worlds consistent with its cards, the public history, the discard
counts, its partner's signals and the rivals' it caught, weighed by the rivals as a mixture over the field,
``rivals.py``) with a deeper evaluation (``_Lookahead``):

- **The rest of the hand.** In every world each later lance is played out by models of all four seats, each
  acting on its own hand only (its lance chance from the odds table at its position): the first seat in speaking
  order whose chance reaches the medium bot's opening threshold bets 2, and the other team accepts when one of
  its players reaches the acceptance threshold, else refuses. The worlds that play the later lances alike are
  counted together by the engine (``vectors.count``), so every result of the current lance is valued with the
  whole hand's tantos, in the engine's counting order (a deje or a lance that ends the game ends it).
- **The game.** A result is worth the chance of winning the game from the score it leaves (``winprob.py``);
  with vacas a game won counts the same for every decision, so the chance of the game is what is maximized.
- **The answers.** A rival (or its partner) who would lose the game by refusing a bet (the deje takes the
  betting team to the target) accepts: ``forced``. An órdago is answered partly by the game
  (``RATIONAL`` of the answer: accept when the lance chance beats the chance of winning the game after
  refusing), partly by the mixture over the field. A rival may raise our bet (its style's chance); we then
  answer that raise as is best over the worlds, instead of counting the raise as an acceptance. After our paso
  the seats still to open may bet, our partner included (the rivals then answer it); a rival's opening is
  partly the game's too (``RATIONAL`` of it: an órdago when its lance chance is better than even and beats its
  chance of winning the game by playing on by ``ORDAGO_EDGE``), which we answer as is best over the worlds.
- **Mus and discards with the partner.** A lance that the partner's signals (or caught rivals' signals) already
  decide is worth less to improve: each lance's value counts ``(1 - what the partner's sure facts promise)
  x (1 - what a caught rival's promise)``, and the discard keeps the cards that maximize that team value
  (exact over every draw, from the odds table); mus is asked when that value gains more than 1 tanto
  (``CUT_MARGIN``: going to mus also lets the rivals improve; the medium bot asks above 0.5). The value of a
  hand is what it collects en paso; what it nets in play, learned from the expert's games (``played.py``,
  ``learned=True``), measured no better, and so did mus and discards looked ahead to the end of the hand
  (``mus_ahead``, ``discard_ahead``: every seat changes cards by its model and the hand is played out).
- **Signals** (``senas.HABITS["expert"]``): it tells only plays that decide a lance for its partner (31,
  duples, tres reyes, tres ases, medias), once its cards are final, at most one a hand: a weak signal (dos
  reyes, dos ases, ciego) tells the partner little and a catch tells the rivals as much.

Its effort is a budget: ``worlds`` worlds out of at most ``tries`` draws per betting decision, never a time, so
a seed gives the same decisions on any machine. When the words so far leave a few of those worlds with nearly all
the weight (worth fewer than ``ENOUGH x worlds`` equal ones), ``POOL x worlds`` are drawn and ``worlds``
resampled from them by weight: a decision read from a handful of worlds is close to a coin toss (docs/bots.md).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import numpy as np

from tutorial.bots import played, rivals
from tutorial.bots.base import MAX_MUS_ROUNDS, Seat
from tutorial.bots.hard import MIN_WORLDS, HardBot, _Evaluation, game_chance
from tutorial.bots.medium import MediumBot
from tutorial.bots.odds import NET, WIN, draws, odds, shape, table
from tutorial.bots.senas import cut_bonus, known_bounds, promised
from tutorial.bots.winprob import win_probability
from tutorial.bots.worlds import ORDAGO_STAKE, Sampler, _hand_ids, _holds, _keys, _sorted, model, sigmoid
from tutorial.engine import DECK, LANCES, Action, BetError, order_from, position, rivals as rival_seats, team
from tutorial.engine.vectors import CARD_INDEX, count_each, hand_ids, lances

WORLDS, TRIES = 2000, 20000  # the budget of a betting decision: worlds kept, out of at most this many drawn
# When the worlds kept are worth fewer than ENOUGH x worlds equal ones, POOL x worlds are drawn and the worlds
# resampled from them (32,000 and 400 for the default 2,000 worlds).
POOL, ENOUGH = 16, 0.2
THROWS = 4  # with ``discard_ahead``, the best throws by the team value weighed by the look-ahead
CUT_MARGIN = 1.0  # mus is asked when the team value gains more than this many tantos (the medium bot: 0.5)
TEMPER = 1.0  # each world's weight (the likelihood of the public words) is raised to this power
RATIONAL = 0.35  # the share of a rival's órdago answer, and of its opening after our paso, decided by the game
RATIONAL_SOFTNESS = 0.08
ORDAGO_EDGE = 0.1  # how much better than playing on its lance chance must be for an órdago opened by the game
FLOOR = 0.03  # the game's part of an órdago's answer (or opening) stays within [FLOOR, 1 - FLOOR]
# The least chance its reading of the rivals gives any word of a style with any hand (the hard bot's is
# ``rivals.FLOOR``, 0.03): a rival's big bet then says a strong hand, as the field's own players mean it.
READ_FLOOR = 0.01
BONUS_LANCES = ("pares", "juego")  # lances whose winners collect their players' own bonuses


# --- the team's value of a hand, lance by lance ---------------------------------------------------------------
@lru_cache(maxsize=None)
def _nets(reyes: int, learned: bool = False) -> dict:
    """shape -> [position, lance]: what the hand nets its team in each lance: en paso (the odds table) or,
    ``learned``, in play (``played.values``, learned from the expert's games)."""
    if learned:
        return played.values(reyes)
    return {ranks: np.array([[lance[NET] for lance in row] for row in positions])
            for ranks, positions in table(reyes).items()}


@lru_cache(maxsize=None)
def _keep_nets(reyes: int, learned: bool = False) -> dict:
    """kept value ranks (0 to 3 cards) -> [position, lance]: the expected ``_nets`` after drawing the rest, exact
    over every draw."""
    nets = _nets(reyes, learned)
    return {kept: sum(ways * nets[full] for full, ways in fulls) / total for kept, fulls, total in draws(reyes)}


def team_keep_value(kept, pos: int, reyes: int, weights: np.ndarray, learned: bool = False) -> float:
    """The team value of keeping ``kept`` (0 to 3 cards) and drawing the rest, exact over every draw, its lances
    counting ``weights`` each."""
    return float(_keep_nets(reyes, learned)[shape(kept, reyes)][pos] @ weights)


def team_hand_value(cards, pos: int, reyes: int, weights: np.ndarray, learned: bool = False) -> float:
    """The team value of a hand of four cards as it is, its lances counting ``weights`` each."""
    return float(_nets(reyes, learned)[shape(cards, reyes)][pos] @ weights)


def team_discards(cards, pos: int, reyes: int, weights: np.ndarray, learned: bool = False) -> list[tuple]:
    """[(the cards to throw, the team value after drawing)], every throw of a hand whose lances count ``weights``
    each, the best first."""
    throws = [(out, team_keep_value([card for card in cards if card not in out], pos, reyes, weights, learned))
              for n in (1, 2, 3, 4) for out in combinations(cards, n)]
    return sorted(throws, key=lambda throw: -throw[1])


def team_discard(cards, pos: int, reyes: int, weights: np.ndarray,
                 learned: bool = False) -> tuple[tuple, float, float]:
    """(the cards to throw, the team value after drawing, the team value now) of a hand whose lances count
    ``weights`` each."""
    best, best_value = team_discards(cards, pos, reyes, weights, learned)[0]
    return best, best_value, team_hand_value(cards, pos, reyes, weights, learned)


# --- the lances still to play, by the seats' models -----------------------------------------------------------
class RivalPlay:
    """The rivals' words in the lances played out, by the reading of them (``styled``): each rival opens and
    accepts a bet of 2 with its styles' chances (``rivals.word_table``, each style by its share), drawn with numbers
    kept per (seat, lance, word), so that every hand played out in one decision meets the same draws."""

    def __init__(self, team: int, shares: dict, lates: tuple, seed: int):
        self.team, self.shares, self.lates, self.seed, self._draws = team, shares, lates, seed, {}

    def says(self, seat: int, ids, pos: int, reyes: int, lance: str, word: str) -> np.ndarray:
        """[world]: whether ``seat`` opens (``word`` "envido") or accepts a bet of 2 ("quiero") with hands ``ids``."""
        if word == "envido":
            each = rivals.word_table(reyes, pos, lance, "envido", 0, 0, None, self.lates)  # [style, hand id]
            chance = self.shares[seat] @ each[:, ids]
        else:
            each = rivals.word_table(reyes, pos, lance, "no_quiero", 2, 1, None, self.lates)
            chance = 1 - self.shares[seat] @ each[:, ids]
        key = (seat, lance, word)
        if key not in self._draws:
            rng = np.random.default_rng([self.seed, seat, LANCES.index(lance), int(word == "envido")])
            self._draws[key] = rng.random(len(ids))
        return self._draws[key] < chance


def played_out(ids, rows: dict, mano: int, reyes: int, later, styled: RivalPlay | None = None
               ) -> list[tuple[np.ndarray, dict]]:
    """[(worlds, bets of the ``later`` lances)]: the worlds of ``ids`` (``rows``: their ``vectors.lances``) grouped
    by how those lances go in them under the seats' models (``later_lance``)."""
    code = np.zeros(len(rows["grande"].top), np.int64)
    for lance in later:
        code = code * 4 + later_lance(ids, rows, mano, reyes, lance, styled)
    groups = []
    kinds, inverse = np.unique(code, return_inverse=True)
    for number, kind in enumerate(kinds):
        bets, kind = {}, int(kind)
        for lance in reversed(later):
            kind, result = divmod(kind, 4)
            if result == 1:
                bets[lance] = {"result": "accepted", "total": 2}
            elif result >= 2:
                bets[lance] = {"result": "refused", "team": result - 2, "deje": 1}
        groups.append((np.flatnonzero(inverse == number), bets))
    return groups


def later_lance(ids, rows: dict, mano: int, reyes: int, lance: str, styled: RivalPlay | None = None) -> np.ndarray:
    """[world]: 0 en paso, 1 a bet of 2 accepted, 2 + the betting team when refused, under the seats' models (the
    medium bot's thresholds on each seat's own lance chance; ``styled``: the rivals by their reading)."""
    row = rows[lance]
    size = len(row.top)
    holds = (_holds(reyes, lance) if lance in ("pares", "juego") else None)
    chance, eligible = {}, {}
    for seat in range(4):
        seat_ids = np.broadcast_to(ids[seat], (size,))
        chance[seat] = rivals.chances(reyes, position(seat, mano))[lance][seat_ids]
        eligible[seat] = holds[seat_ids] if holds is not None else np.ones(size, bool)
    def says(seat: int, word: str) -> np.ndarray:
        if styled is not None and team(seat) != styled.team:
            seat_ids = np.broadcast_to(ids[seat], (size,))
            return styled.says(seat, seat_ids, position(seat, mano), reyes, lance, word)
        return chance[seat] >= (MediumBot.open_at if word == "envido" else MediumBot.accept_at)[lance]

    bettor = np.full(size, -1)
    for seat in order_from(mano):
        opens = eligible[seat] & says(seat, "envido")
        bettor = np.where((bettor < 0) & opens, team(seat), bettor)
    accepts = {side: np.zeros(size, bool) for side in (0, 1)}
    for seat in range(4):
        accepts[team(seat)] |= eligible[seat] & says(seat, "quiero")
    accepted = np.where(bettor == 0, accepts[1], accepts[0])
    result = np.where(accepted, 1, 2 + bettor)
    return np.where(row.bettable & (bettor >= 0), result, 0)


def hand_chance(ids, mano: int, me: Seat, scores, styled: RivalPlay | None = None) -> np.ndarray:
    """[world]: ``me``'s team's chance of winning the game once the hands ``ids`` are played from ``scores``, every
    lance by the seats' models (``played_out``)."""
    rows = lances(ids, mano, me.reyes, me.real)
    groups = played_out(ids, rows, mano, me.reyes, LANCES, styled)
    while True:
        try:
            counted = count_each(rows, ids, groups, scores, me.target, me.reyes, me.real)
            break
        except BetError as error:  # a deje ended the game: the lances after it are not bet
            number = error.params["group"]
            deals, bets = groups[number]
            last = max(bets, key=LANCES.index)
            groups[number] = (deals, {lance: bet for lance, bet in bets.items() if lance != last})
    ours, theirs = me.team, 1 - me.team
    return game_chance(counted, ours, me.target, win_probability(scores[ours], scores[theirs], me.target))


def changed(me: Seat, hands: dict, ids: list, stock: np.ndarray, rng, thrown=None) -> tuple[dict, list, np.ndarray]:
    """Every seat changes cards once, in every world: ``hands`` (seat -> [world, 4] card indices) and ``ids``
    (their hand ids) before, ``stock`` ([world, card]: the cards still to deal) -> the same after. ``me`` throws
    ``thrown`` (None: as the model of its seat), each other seat as the sampler models it (``worlds.model``: how
    many cards by its chances, which cards it keeps); the new cards come from the stock, then from the cards no
    one holds (a reshuffle of the discards)."""
    size, reyes = len(stock), me.reyes
    rows = np.arange(size)
    held = np.zeros((size, len(DECK)), bool)
    for cards in hands.values():
        held[rows[:, None], cards] = True
    deck = np.argsort(np.where(held, 3.0, np.where(stock, 0.0, 1.0) + rng.random((size, len(DECK)))), axis=1)
    hands, ids, dealt = dict(hands), list(ids), np.zeros(size, np.intp)
    keys = _keys(reyes)
    # this seat last, so that the others' new hands are the same whatever it throws (from the same ``rng``)
    for seat in order_from(me.seat)[1:] + ((me.seat,) if thrown is None else ()):
        seat_model = model(reyes, position(seat, me.seen.deal_mano))
        seat_ids = np.broadcast_to(ids[seat], (size,))
        chances = seat_model.discard_weight[1:, seat_ids]
        below = np.cumsum(chances / chances.sum(axis=0), axis=0)[:-1]
        count = 1 + (rng.random(size) > below).sum(axis=0)
        hand = _sorted(list(keys[hands[seat]].T))
        keep = seat_model.keep[count, :, seat_ids]  # [world, slot]
        hand = _sorted([np.where(keep[:, slot], column, -1) for slot, column in enumerate(hand)])  # thrown last
        for slot in range(4):
            new = slot - (4 - count)  # which new card takes this slot (from 0), where it is thrown
            card = deck[rows, np.clip(dealt + new, 0, len(DECK) - 1)]
            hand[slot] = np.where(new >= 0, keys[card], hand[slot])
        hand = _sorted(hand)
        hands[seat], ids[seat] = np.array(hand).T & 63, _hand_ids(hand, reyes)
        dealt = dealt + count
    if thrown is not None:
        kept = np.array([CARD_INDEX[card] for card in me.hand if card not in thrown], np.intp)
        hands[me.seat] = np.column_stack([np.broadcast_to(kept, (size, len(kept)))]
                                         + [deck[rows, dealt + k] for k in range(len(thrown))])
        ids[me.seat] = hand_ids(list(hands[me.seat].T), reyes)
        dealt = dealt + len(thrown)
    stock = stock.copy()
    for k in range(int(dealt.max())):
        stock[rows[k < dealt], deck[k < dealt, k]] = False
    return hands, ids, stock


class ExpertBot(HardBot):
    """The expert level (see the module's docstring); ``later=False`` values the later lances as passed (the hard
    bot's evaluation with the expert's answers), a diagnostic; ``rational``: the share of a rival's órdago
    answer, and of its opening after our paso, decided by the game (``RATIONAL``); ``learned``: mus and discards
    value a hand by what it nets in play (``played.py``) instead of en paso; ``mus_ahead`` and ``discard_ahead``:
    mus and discards looked ahead to the end of the hand (``mus_gain``, ``best_throw``); ``mus_styles``: that mus
    look-ahead plays the rivals by the reading of them (``RivalPlay``). The last four are diagnostics that
    measured no gain (docs/bots.md). ``floor``: the least chance its reading of the rivals gives any word of a
    style with any hand (``READ_FLOOR``); ``carry``: the share of a game's reading of the players it carries into
    its next game against them (``HardBot.next_game``, ``rivals.CARRY``)."""

    level = "expert"

    def __init__(self, seed: int = 0, worlds: int = WORLDS, tries: int = TRIES, later: bool = True,
                 temper: float = TEMPER, pool: int | None = None, enough: float | None = None,
                 cut_margin: float = CUT_MARGIN, rational: float = RATIONAL, learned: bool = False,
                 mus_ahead: bool = False, discard_ahead: bool = False, mus_styles: bool = False,
                 floor: float = READ_FLOOR, carry: float = rivals.CARRY, **options):
        super().__init__(seed, worlds=worlds, tries=tries, **options)
        self.later, self.temper, self.cut_margin, self.rational = later, temper, cut_margin, rational
        self.read_floor, self.carry = floor, carry
        self.learned, self.mus_ahead, self.discard_ahead = learned, mus_ahead, discard_ahead
        self.reads_in_mus = self.mus_styles = mus_styles
        self.pool = POOL * worlds if pool is None else pool
        self.enough = ENOUGH * worlds if enough is None else enough

    # --- mus and discards: the team's value ---------------------------------------------------------------
    def partner_promise(self, me: Seat, lance: str) -> float:
        """What the partner's cards are known to promise in ``lance`` (its signals; a diagnostic subclass is told
        the cards themselves)."""
        return promised(me.seen, me.partner, lance) if me.seen.senas else 0.0

    def lance_weights(self, me: Seat) -> np.ndarray:
        """[lance]: how much improving this hand in each lance is worth to the team: less where the partner's cards
        already win it (in pares and juego by half as much: this hand's own bonuses still count when its team
        wins), less where a caught rival's do."""
        weights = []
        for lance in LANCES:
            ours = self.partner_promise(me, lance) * (0.5 if lance in BONUS_LANCES else 1.0)
            against = max(promised(me.seen, rival, lance) for rival in rival_seats(me.seat)) if me.seen.senas else 0
            weights.append((1 - ours) * (1 - against))
        return np.array(weights)

    def cuts(self, me: Seat, events) -> bool:
        if self.mus_ahead:
            gain = self.mus_gain(me, events)
            if gain is not None:
                return gain <= 0
        _, after, now = team_discard(me.hand, me.position, me.reyes, self.lance_weights(me), self.learned)
        margin = self.cut_margin + (cut_bonus(me.seen) if me.seen.senas else 0.0)
        return after - now <= margin

    def discard(self, me: Seat, events) -> tuple:
        throws = team_discards(me.hand, me.position, me.reyes, self.lance_weights(me), self.learned)
        if self.discard_ahead:
            worlds = self.weighed_worlds(me, events)
            if len(worlds) >= MIN_WORLDS:
                return self.best_throw(me, events, worlds, [out for out, _ in throws[:THROWS]])
        return throws[0][0]

    def best_throw(self, me: Seat, events, worlds, throws) -> tuple:
        """Of ``throws``, the one whose hand, once every seat has changed cards (``changed``, the same draws of the
        others for each) and the hand is played out, gives the best chance of winning the game."""
        seed = self.rng.getrandbits(64)
        hands, stock = self.dealt(me, events, worlds)
        weights = worlds.weights / worlds.weights.sum()

        def value(thrown) -> float:
            ids = changed(me, hands, worlds.ids, stock, np.random.default_rng(seed), thrown)[1]
            return float(weights @ hand_chance(ids, me.mano, me, me.seen.scores))
        return max(throws, key=value)

    def mus_gain(self, me: Seat, events) -> float | None:
        """What asking mus gains over cutting, in the chance of winning the game, over this seat's worlds (None when
        too few agree with what it saw). Cutting plays the hand as it is; after our mus each seat still to speak
        cuts by its model's chance, and when every seat says mus each changes cards (``changed``), and once more
        with the chance that all four say mus again. Every set of hands is played out as the look-ahead of a bet
        plays the later lances (``played_out``) and valued by the game (with mus corrido, the first to cut is
        mano)."""
        worlds = self.weighed_worlds(me, events)
        if len(worlds) < MIN_WORLDS:
            return None
        seen = me.seen
        corrido = seen.options.mus_corrido and seen.hand_number == 1
        styled = None
        if self.mus_styles:
            reading = self.reading(seen)
            shares = {seat: reading[seat][1:] / reading[seat][1:].sum() for seat in rival_seats(me.seat)}
            styled = RivalPlay(me.team, shares, rivals.lates(seen.scores, me.target), self.rng.getrandbits(64))

        def play(ids, cutter: int) -> np.ndarray:
            return hand_chance(ids, cutter if corrido else seen.mano, me, seen.scores, styled)

        cut = play(worlds.ids, me.seat)
        order = order_from(seen.mano)
        mus, reach = np.zeros(len(worlds)), np.ones(len(worlds))
        for seat in order[order.index(me.seat) + 1:]:
            says_mus = model(me.reyes, position(seat, seen.deal_mano)).mus[worlds.ids[seat]]
            mus += reach * (1 - says_mus) * (play(worlds.ids, seat) if corrido else cut)
            reach = reach * says_mus
        rng = np.random.default_rng(self.rng.getrandbits(64))
        thrown = team_discard(me.hand, me.position, me.reyes, self.lance_weights(me), self.learned)[0]
        hands, stock = self.dealt(me, events, worlds)
        hands, ids, stock = changed(me, hands, worlds.ids, stock, rng, thrown)
        once = play(ids, seen.mano)
        if seen.mus_round < MAX_MUS_ROUNDS:  # every seat may say mus once more (each by its model's chance)
            again = np.prod([model(me.reyes, position(seat, seen.deal_mano)).mus[ids[seat]] for seat in order], 0)
            twice = play(changed(me, hands, ids, stock, rng)[1], seen.mano)
            once = (1 - again) * once + again * twice
        mus += reach * once
        weights = worlds.weights / worlds.weights.sum()
        return float(weights @ (mus - cut))

    def dealt(self, me: Seat, events, worlds) -> tuple[dict, np.ndarray]:
        """(seat -> [world, 4] card indices, [world, card]: the stock) of ``worlds`` now: the stock holds the cards
        this seat never saw that no other seat holds."""
        size = len(worlds)
        hands = {**worlds.cards, me.seat: np.tile([CARD_INDEX[card] for card in me.hand], (size, 1))}
        stock = np.zeros((size, len(DECK)), bool)
        stock[:, [CARD_INDEX[card] for card in self.public(me.seen, events).unseen]] = True
        for seat, cards in worlds.cards.items():
            stock[np.arange(size)[:, None], cards] = False
        return hands, stock

    # --- bets ------------------------------------------------------------------------------------------------
    def bet(self, me: Seat, actions, events):
        worlds = self.weighed_worlds(me, events)
        self.last_answer = None
        if len(worlds) < MIN_WORLDS:  # public facts this improbable: play like the medium bot
            return MediumBot.bet(self, me, actions, events)
        evaluation = _Lookahead(me, worlds, self.later)
        evaluation.rational, evaluation.floor = self.rational, self.read_floor
        values = evaluation.values(actions)
        choice = max(values, key=lambda item: item[1])[0]
        ordago = choice.type == "ordago"
        self.last_prediction = evaluation.accept_chance(choice) if ordago else None
        self.last_parts = evaluation.accept_parts(choice) if ordago else None
        if me.live is not None:
            self.last_answer = (me.lance, evaluation.lance_chance())
        return choice

    def weighed_worlds(self, me: Seat, events):
        """The worlds of a betting decision: ``worlds`` kept out of at most ``tries`` drawn, their weights raised to
        ``temper``; when the words so far make a few of them carry nearly all the weight (worth fewer than
        ``enough`` equal worlds), ``pool`` are drawn instead and ``worlds`` resampled from them by weight."""
        sampler = Sampler(self.public(me.seen, events), self.rng, self.bet_model, self.reading(me.seen),
                          self.read_floor)
        worlds = self._tempered(sampler.sample(self.worlds, self.tries))
        if self.pool > self.worlds and len(worlds) >= MIN_WORLDS and worlds.effective() < self.enough:
            pool = self._tempered(sampler.sample(self.pool, self.pool))
            worlds = pool.resampled(self.worlds, np.random.default_rng(self.rng.getrandbits(64)))
        return worlds

    def _tempered(self, worlds):
        if self.temper == 1:
            return worlds
        return type(worlds)(**dict(worlds._asdict(), weights=worlds.weights ** self.temper))

    last_prediction = None  # the predicted chance that the rivals accept the órdago just chosen (calibration)
    last_parts = None  # that chance with the answer decided by the styles alone, then by the game alone
    last_answer = None  # answering a bet: (the lance, the chance it gave its team to take it at showdown)


# --- the evaluation ------------------------------------------------------------------------------------------
class _Lookahead(_Evaluation):
    """The hard bot's evaluation, looking ahead: later lances played out by all four seats' models, answers that
    know the game (forced acceptance, órdago by the game), rivals' raises answered, our partner's opening after
    our paso."""

    rational = RATIONAL  # the share of a rival's órdago answer, and of its opening after our paso, by the game
    floor = READ_FLOOR

    def __init__(self, me: Seat, worlds, later: bool = True):
        super().__init__(me, worlds)
        self.groups = self._rollout() if later else [(np.arange(len(worlds)), {})]

    # --- the later lances ------------------------------------------------------------------------------------
    def _rollout(self) -> list[tuple[np.ndarray, dict]]:
        """[(worlds, bets of the later lances)]: the worlds grouped by how the later lances go in them."""
        me = self.me
        return played_out(self.worlds.ids, self.lances, me.mano, me.reyes, LANCES[LANCES.index(self.lance) + 1:])

    def results(self, result: dict) -> dict:
        """As the hard bot's, the later lances counted too: each group of worlds with its own later bets."""
        key = tuple(result.items())
        if key in self._cache:
            return self._cache[key]
        me, ours, theirs = self.me, self.team, 1 - self.team
        before, size = self.scores_before, len(self.worlds)
        now = win_probability(before[ours], before[theirs], me.target)
        alone = dict(self.known, **{self.lance: result})
        # After an accepted órdago no later lance is played: every world counts alike.
        groups = [(slice(None), {})] if result["result"] == "ordago_accepted" else self.groups
        bets = [dict(alone, **later) for _, later in groups]
        while True:
            parts = [(rows, bet) for (rows, _), bet in zip(groups, bets)]
            try:
                counted = count_each(self.lances, self.worlds.ids, parts, before, me.target, me.reyes, me.real)
                break
            except BetError as error:
                number = error.params.get("group")
                if bets[number] is alone:
                    self._cache[key] = {"win": np.full(size, now), "tantos": np.zeros(size),
                                        "lance": self._took(result)}
                    return self._cache[key]
                bets[number] = alone  # a deje of this lance ends the game: no later lance is played
        net = (counted.scores[ours].astype(float) - before[ours]) - (counted.scores[theirs] - before[theirs])
        self._cache[key] = {"counted": (counted, now), "tantos": np.where(counted.valid, net, 0.0),
                            "lance": self._took(result)}
        return self._cache[key]

    # --- the answers ------------------------------------------------------------------------------------------
    def forced(self, seat: int, deje: int) -> bool:
        """Whether ``seat``'s team loses the game by refusing a bet whose deje is ``deje``: the deje takes the
        betting team to the target at once."""
        return self.me.seen.scores[1 - team(seat)] + deje >= self.me.target

    def _answer(self, seat, word: str, total: int, deje: int) -> np.ndarray:
        chance = super()._answer(seat, word, total, deje)
        if word in ("quiero", "no_quiero") and total > 0:
            if total >= ORDAGO_STAKE:
                game = self._rational_acceptance(seat, deje)
                share = self.rational
                accept = (1 - share) * (chance if word == "quiero" else 1 - chance) + share * game
                chance = accept if word == "quiero" else 1 - accept
            if self.forced(seat, deje):  # refusing would lose the game: it accepts (or raises)
                raises = 0.0 if total >= ORDAGO_STAKE else self._word(seat, "envido", total, deje)
                chance = np.zeros(len(self.worlds)) if word == "no_quiero" else 1 - raises
        return chance

    def _rational_acceptance(self, seat: int, deje: int) -> np.ndarray:
        """[world]: how likely ``seat`` accepts an órdago judged by the game: when its team's chance in the lance
        (its own hand's, from the odds table, with what it knows of our signals) beats its chance of winning the
        game after refusing (our team collecting the deje)."""
        me, side = self.me, team(seat)
        after = win_probability(me.seen.scores[side], me.seen.scores[1 - side] + deje, me.target)
        return np.clip(sigmoid((self._own_chance(seat) - after) / RATIONAL_SOFTNESS), FLOOR, 1 - FLOOR)

    def _rational_opening(self, seat: int) -> np.ndarray:
        """[world]: how likely ``seat`` opens an órdago judged by the game: when its team's chance in the lance
        is better than even and beats its chance of winning the game by playing on by ``ORDAGO_EDGE``."""
        me, side = self.me, team(seat)
        playing_on = win_probability(me.seen.scores[side], me.seen.scores[1 - side], me.target)
        wanted = max(0.5, playing_on + ORDAGO_EDGE)
        return np.clip(sigmoid((self._own_chance(seat) - wanted) / RATIONAL_SOFTNESS), FLOOR, 1 - FLOOR)

    def _own_chance(self, seat: int) -> np.ndarray:
        """[world]: ``seat``'s team's chance in the lance as that seat sees it: its own hand's, from the odds table,
        bounded by what it knows of our signals."""
        me = self.me
        p = rivals.chances(me.reyes, position(seat, me.mano))[self.lance][self.worlds.ids[seat]]
        return np.clip(p, *known_bounds(me.seen, seat, self.lance)) if me.seen.senas else p

    def accept_chance(self, action) -> float:
        """The predicted chance, over the weighted worlds, that the rivals accept our ``action`` (a bet)."""
        after, _ = self.betting.what_if(self.me.seat, action)
        return float(self.weights @ self._team_accepts(after))

    def accept_parts(self, action) -> tuple[float, float]:
        """``accept_chance`` with an órdago's answer decided by the field's styles alone, then by the game alone
        (a diagnostic of the calibration, ``tournament --ordagos``); the evaluation is left as it was."""
        kept, words, parts = self.rational, self._words, []
        try:
            for share in (0.0, 1.0):
                self.rational, self._words = share, {}
                parts.append(self.accept_chance(action))
        finally:
            self.rational, self._words = kept, words
        return parts[0], parts[1]

    # --- our bets and our paso ---------------------------------------------------------------------------------
    def _bet(self, action) -> np.ndarray:
        """Our envite or órdago: each answering rival in turn accepts, refuses (the next one answers) or raises 2;
        a raise we answer as is best over the worlds."""
        after, _ = self.betting.what_if(self.me.seat, action)
        return self._answered_raising(after)

    def _answered_raising(self, after) -> np.ndarray:
        accepted, refused = self.utility(after.acceptance()), self.utility(after.refusal())
        if after.ordago or after.raise_max() < 2:
            accept = self._team_accepts(after)
            return accept * accepted + (1 - accept) * refused
        stake, deje = after.total, after.deje()
        refuse_all, raise_all, reach = 1.0, 0.0, 1.0  # reach: the chance the answer gets to this seat
        for seat in after.answering:
            raise_all = raise_all + reach * self._word(seat, "envido", stake, deje)
            reach = reach * self._word(seat, "no_quiero", stake, deje)
        refuse_all = reach
        raise_all = np.minimum(raise_all, 1 - refuse_all)
        raised, _ = after.what_if(after.answering[0], Action("envido", 2))
        on_accept, on_refuse = self.utility(raised.acceptance()), self.utility(raised.refusal())
        answer = on_accept if self.weights @ (raise_all * (on_accept - on_refuse)) > 0 else on_refuse
        return (1 - refuse_all - raise_all) * accepted + refuse_all * refused + raise_all * answer

    def _paso(self) -> np.ndarray:
        """After our paso each seat still to open may bet 2 in turn (its model's chance), a rival first going
        órdago by the game (``rational`` of its opening, ``_rational_opening``): a rival's bet or órdago we answer
        as is best over the worlds, our partner's the rivals answer (and may raise)."""
        after, _ = self.betting.what_if(self.me.seat, Action("paso"))
        quiet = self.utility(self.betting.passed())
        later = after.still_to_open()
        if not later:
            return quiet
        value, silent = 0.0, 1.0
        for seat in later:
            opens = self._word(seat, "envido", after.total, after.deje())
            if self.rational and team(seat) != self.team:  # a share of its opening is the game's: an órdago
                goes = self.rational * self._rational_opening(seat)
                reach = silent * goes
                value = value + reach * self._rival_bet_answered(after, seat, Action("ordago"), reach)
                silent = silent * (1 - goes)
            if team(seat) == self.team:
                outcome = self._answered_raising(after.what_if(seat, Action("envido", 2))[0])
            else:
                outcome = self._rival_bet_answered(after, seat, Action("envido", 2), silent * opens)
            value = value + silent * opens * outcome
            silent = silent * (1 - opens)
        return value + silent * quiet

    def _rival_bet_answered(self, after, seat: int, bet: Action, reach: np.ndarray) -> np.ndarray:
        """A rival's ``bet`` after our paso, answered as is best over the worlds where it is made (``reach``: how
        likely it is made in each)."""
        made, _ = after.what_if(seat, bet)
        accepted, refused = self.utility(made.acceptance()), self.utility(made.refusal())
        return accepted if self.weights @ (reach * (accepted - refused)) > 0 else refused


def lookahead(me: Seat, worlds, later: bool = True) -> _Lookahead:
    """The expert's evaluation of a betting decision over ``worlds`` (its ``values``, ``move``, ``accept_chance``
    and ``lance_chance``): what the coach reads its figures from."""
    return _Lookahead(me, worlds, later)


def partner_cards_promise(hand, pos: int, reyes: int, lance: str) -> float:
    """What a partner's known hand promises in ``lance``: its chance to win it alone (the bound's diagnostic)."""
    return odds(hand, pos, reyes)[lance][WIN]


__all__ = ["ExpertBot", "lookahead", "partner_cards_promise", "team_discard", "team_hand_value", "team_keep_value"]

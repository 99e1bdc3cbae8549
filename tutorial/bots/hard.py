"""The hard bot: guesses the hidden hands, then bets by simulated expected value.

For a betting decision it draws worlds (the other three hands) consistent with everything public
(``worlds.py``: own cards, how many cards each changed, declarations, and, unless ``bet_model=False``, the bets
so far under a stated likelihood model). In each world the engine shows the cards down, and for each candidate
action (paso, envido 2, a bigger envido, quiero, no quiero, órdago) the engine's ``count_hand`` counts the hand
with that lance's possible results; the rivals' answers follow the same model the sampler uses. Each result is
valued as the chance of winning the game from the score it leaves (``winprob.py``), so an órdago is worth it
exactly when the game is at stake. Mus and discards are the medium bot's.
"""
from __future__ import annotations

import numpy as np

from tutorial.bots.base import Seat, pick
from tutorial.bots.medium import MediumBot
from tutorial.bots.winprob import win_probability
from tutorial.bots.worlds import ORDAGO_STAKE, Public, Sampler, bet_probability, model
from tutorial.engine import LANCES, Action, BetError, count_hand, position, showdown, team
from tutorial.engine.vectors import lances, tables

WORLDS, TRIES = 800, 8000  # worlds kept per betting decision, out of at most this many drawn
MIN_WORLDS = 12
BIG_BET = 5  # the larger envite the hard bot considers besides 2
# Órdago is weighed only once a team is this near the target: earlier, the few órdagos the sampled worlds
# favour are the ones the rivals accept with better hands than the model expects.
ORDAGO_WITHIN = 12


class HardBot(MediumBot):
    level = "hard"
    uses_events = True

    def __init__(self, seed: int = 0, bet_model: bool = True, worlds: int = WORLDS, tries: int = TRIES):
        super().__init__(seed)
        self.bet_model, self.worlds, self.tries = bet_model, worlds, tries

    def bet(self, me: Seat, actions, events):
        public = Public(me.seen, events)
        worlds = Sampler(public, self.rng, self.bet_model).sample(self.worlds, self.tries)
        if len(worlds) < MIN_WORLDS:  # public facts this improbable: play like the medium bot
            return super().bet(me, actions, events)
        values = _Evaluation(me, worlds).values(actions)
        return max(values, key=lambda item: item[1])[0]


def _signatures(lances, ids, reyes: int, bets: dict) -> np.ndarray:
    """Per world, a number for what counting the hand with ``bets`` reads from the cards: in a lance whose bet
    was refused, the betting team's bonuses (pares, juego) whoever wins; in any other lance its winning team (or
    nobody) and that team's bonuses. Worlds with the same number count the same (``tests/bots/test_hard.py``
    checks it world by world against ``count_hand``)."""
    arrays = tables(reyes)
    code = np.zeros(len(lances["grande"].top), dtype=np.int64)
    for lance in LANCES:
        row, bet = lances[lance], bets.get(lance, {})
        bonus = {"pares": arrays.pares_bonus, "juego": arrays.juego_bonus}.get(lance)
        teams = None if bonus is None else (bonus[ids[0]] + bonus[ids[2]], bonus[ids[1]] + bonus[ids[3]], 0)
        if bet.get("result") in ("refused", "ordago_refused"):
            code = code * 7 + (teams[bet["team"]] if teams else 0)
            continue
        winner_team = np.where(row.played, row.top & 1, 2)
        code = code * 3 + winner_team
        if teams:
            code = code * 7 + np.choose(winner_team, teams)
    return code


class _Evaluation:
    """Expected game-winning chance of each candidate action, averaged over weighted worlds.

    What each word would make of the lance (the result if accepted, refused, passed; who answers) is asked of
    the engine's ``Betting`` (what-if on a copy); only the other seats' answers are the bot's own model. The
    worlds are arrays: the engine's vectorized showdown scores them all at once, and for each result weighed
    ``count_hand`` counts one world of each distinct signature (``_signatures``)."""

    def __init__(self, me: Seat, worlds):
        self.me, self.team, self.lance = me, me.team, me.lance
        self.betting = me.seen.betting()
        self.worlds = worlds
        self.weights = worlds.weights / worlds.weights.sum()
        self.lances = lances(worlds.ids, me.mano, me.reyes, me.real)
        self.known = {lance: dict(bet) for lance, bet in me.seen.bets.items()}
        self.scores_before = me.seen.scores_before  # this hand's dejes are counted again with the rest
        self._shows, self._cache = {}, {}  # world -> its showdown; result -> its value in every world

    # --- what one result of the lance is worth in each world ---------------------------------------------
    def utility(self, result: dict) -> np.ndarray:
        key = tuple(result.items())
        if key not in self._cache:
            bets = dict(self.known)
            bets[self.lance] = result
            _, first, inverse = np.unique(_signatures(self.lances, self.worlds.ids, self.me.reyes, bets),
                                          return_index=True, return_inverse=True)
            self._cache[key] = np.array([self._value(world, bets) for world in first])[inverse]
        return self._cache[key]

    def _value(self, world: int, bets: dict) -> float:
        """What counting world ``world`` with ``bets`` is worth: the chance of winning the game after it."""
        if world not in self._shows:
            self._shows[world] = showdown(self.worlds.hands(world), self.me.mano, self.me.reyes, self.me.real)
        try:
            counted = count_hand(self._shows[world], bets, self.scores_before, self.me.target)
        except BetError:  # a result the rules rule out in this world: worth no more than the score now
            counted = None
        if counted is None:
            return win_probability(self.scores_before[self.team], self.scores_before[1 - self.team], self.me.target)
        if counted.winner_team is not None:
            return 1.0 if counted.winner_team == self.team else 0.0
        return win_probability(counted.scores[self.team], counted.scores[1 - self.team], self.me.target)

    # --- the other seats' answers, under the sampler's model ---------------------------------------------
    def _chance(self, seat) -> np.ndarray:
        return model(self.me.reyes, position(seat, self.me.mano)).chance[self.lance][self.worlds.ids[seat]]

    def _team_accepts(self, betting) -> np.ndarray:
        """Chance that one of the seats still answering ``betting``'s bet accepts it (or raises: counted as
        accepting), in each world."""
        stake = ORDAGO_STAKE if betting.ordago else betting.total
        refuse = 1.0
        for seat in betting.answering:
            refuse = refuse * bet_probability("no_quiero", self._chance(seat), self.lance, stake, betting.deje())
        return 1 - refuse

    # --- candidate actions ---------------------------------------------------------------------------------
    def values(self, actions):
        me = self.me
        options = []
        if me.live is None:
            options.append((pick(actions, "paso"), self._paso()))
            for amount in (2, BIG_BET):
                action = pick(actions, "envido", amount)
                if action and action.amount == amount:
                    options.append((action, self._bet(action)))
        else:
            options.append((pick(actions, "quiero"), self.utility(self.betting.acceptance())))
            raise_ = pick(actions, "envido", 2)
            if raise_ and self.lance_chance() >= self.raise_floor(me.live.total):
                options.append((raise_, self._bet(raise_)))
            options.append((pick(actions, "no_quiero"), self._no_quiero()))
        near_end = max(me.scores) >= me.target - ORDAGO_WITHIN
        ordago = pick(actions, "ordago")
        if near_end and ordago:
            options.append((ordago, self._bet(ordago)))
        return [(action, float(self.weights @ value)) for action, value in options]

    def raise_floor(self, total: int) -> float:
        """A raise is weighed only when our team wins the lance in at least this share of the worlds: half, plus more
        as the pot nears the target. The answer model counts a rival's raise as an acceptance, so without a floor
        two hard bots that each read the other as bluffing could raise each other 2 by 2 up to the target."""
        return 0.5 + total / (2 * self.me.target)

    def lance_chance(self) -> float:
        """How often our team wins the lance at showdown, over the weighted worlds."""
        row = self.lances[self.lance]
        return float(self.weights @ (row.played & ((row.top & 1) == self.team)))

    def _answered(self, betting, accepted, refused) -> np.ndarray:
        """The value, in each world, of a bet that ``betting``'s answering seats accept or refuse."""
        accept = self._team_accepts(betting)
        return accept * self.utility(accepted) + (1 - accept) * self.utility(refused)

    def _bet(self, action) -> np.ndarray:
        """Our envite or órdago ``action``: the rivals answer it."""
        after, _ = self.betting.what_if(self.me.seat, action)
        return self._answered(after, after.acceptance(), after.refusal())

    def _no_quiero(self) -> np.ndarray:
        """Our refusal: it is final, unless our partner still answers the bet."""
        after, result = self.betting.what_if(self.me.seat, Action("no_quiero"))
        refused = self.betting.refusal()
        if result is None:
            return self._answered(after, after.acceptance(), refused)
        return self.utility(refused)

    def _paso(self) -> np.ndarray:
        """After our paso the rivals still to speak may open 2; we would then answer as is best on average."""
        after, _ = self.betting.what_if(self.me.seat, Action("paso"))
        quiet = self.utility(self.betting.passed())
        later = [s for s in after.still_to_open() if team(s) != self.team]
        if not later:
            return quiet
        rival_bet, _ = after.what_if(later[0], Action("envido", 2))
        accepted, refused = self.utility(rival_bet.acceptance()), self.utility(rival_bet.refusal())
        no_bet = 1.0
        for seat in later:
            no_bet = no_bet * (1 - bet_probability("envido", self._chance(seat), self.lance, after.total,
                                                   after.deje()))
        # Whether accepting a rival's 2 beats refusing it is decided once, across the worlds.
        answer = accepted if self.weights @ (accepted - refused) > 0 else refused
        return no_bet * quiet + (1 - no_bet) * answer

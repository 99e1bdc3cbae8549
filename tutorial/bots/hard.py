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

from tutorial.bots.base import Seat, pick
from tutorial.bots.medium import MediumBot
from tutorial.bots.winprob import win_probability
from tutorial.bots.worlds import ORDAGO_STAKE, Public, Sampler, bet_probability, lance_chance
from tutorial.engine.count import count_hand
from tutorial.engine.errors import BetError
from tutorial.engine.showdown import LANCES, showdown

MIN_WORLDS = 12
BIG_BET = 5  # the larger envite the hard bot considers besides 2
# Órdago is weighed only once a team is this near the target: earlier, the few órdagos the sampled worlds
# favour are the ones the rivals accept with better hands than the model expects.
ORDAGO_WITHIN = 12


class HardBot(MediumBot):
    level = "hard"
    uses_events = True

    def __init__(self, seed: int = 0, bet_model: bool = True, worlds: int = 200, tries: int = 3000):
        super().__init__(seed)
        self.bet_model, self.worlds, self.tries = bet_model, worlds, tries

    def bet(self, me: Seat, actions, events):
        public = Public(me.view, events)
        worlds = Sampler(public, self.rng, self.bet_model).sample(self.worlds, self.tries)
        if len(worlds) < MIN_WORLDS:  # public facts this improbable: play like the medium bot
            return super().bet(me, actions, events)
        values = _Evaluation(me, worlds).values(actions)
        return max(values, key=lambda item: item[1])[0]


def _signature(show) -> tuple:
    """What the count of a hand depends on: each lance's winner and each team's bonuses."""
    return (show.fourth,) + tuple(
        (show.winner(lance), sum(show.bonuses_of(0, lance).values()), sum(show.bonuses_of(1, lance).values()))
        for lance in LANCES)


class _Evaluation:
    """Expected game-winning chance of each candidate action, averaged over weighted worlds."""

    def __init__(self, me: Seat, worlds):
        self.me, self.team, self.lance = me, me.team, me.lance
        total = sum(weight for _, weight in worlds)
        self._signatures = {}
        self.worlds = []
        for hands, weight in worlds:
            show = showdown(hands, me.mano, me.reyes, me.real)
            self.worlds.append((show, hands, weight / total))
            self._signatures[id(show)] = _signature(show)
        self.known = {lance: dict(bet) for lance, bet in me.view["bets"].items()}
        scores = list(me.scores)
        for bet in self.known.values():  # the view's scores already hold this hand's dejes: count from before
            if "deje" in bet:
                scores[bet["team"]] -= bet["deje"]
        self.scores_before = tuple(scores)
        self._cache = {}

    # --- what one result of the lance is worth in one world ---------------------------------------------
    def utility(self, show, result: dict) -> float:
        key = (self._signatures[id(show)], tuple(result.values()))
        if key not in self._cache:
            bets = dict(self.known)
            bets[self.lance] = result
            try:
                counted = count_hand(show, bets, self.scores_before, self.me.target)
            except BetError:  # a result the rules rule out in this world: worth no more than the score now
                counted = None
            if counted is None:
                value = win_probability(self.scores_before[self.team], self.scores_before[1 - self.team],
                                        self.me.target)
            elif counted.winner_team is not None:
                value = 1.0 if counted.winner_team == self.team else 0.0
            else:
                value = win_probability(counted.scores[self.team], counted.scores[1 - self.team], self.me.target)
            self._cache[key] = value
        return self._cache[key]

    # --- the other seats' answers, under the sampler's model ---------------------------------------------
    def _eligible(self, seats):
        said = self.me.view["declarations"].get(self.lance) if self.lance in ("pares", "juego") else None
        return [s for s in seats if said is None or said[s]]

    def _chance(self, hands, seat):
        return lance_chance(hands[seat], seat, self.me.mano, self.lance, self.me.reyes)

    def _team_accepts(self, hands, seats, total, deje):
        """Chance that one of ``seats`` accepts (or raises: counted as accepting) a bet, in this world."""
        refuse = 1.0
        for seat in self._eligible(seats):
            refuse *= bet_probability("no_quiero", self._chance(hands, seat), self.lance, total, deje)
        return 1 - refuse

    def _rivals(self):
        return [(self.me.seat + 1) % 4, (self.me.seat + 3) % 4]

    # --- candidate actions ---------------------------------------------------------------------------------
    def values(self, actions):
        me = self.me
        options = []
        if me.live is None:
            options.append((pick(actions, "paso"), self._paso))
            for amount in (2, BIG_BET):
                action = pick(actions, "envido", amount)
                if action and action.amount == amount:
                    options.append((action, lambda show, hands, a=amount: self._bet(show, hands, a, 0)))
        else:
            live = me.live
            total, deje = live["total"], live["deje"]
            bettor_team = live["by_team"]
            if live["ordago"]:
                options.append((pick(actions, "quiero"), lambda show, hands: self.utility(
                    show, {"result": "ordago_accepted"})))
                refused = {"result": "ordago_refused", "team": bettor_team, "deje": deje}
            else:
                options.append((pick(actions, "quiero"), lambda show, hands: self.utility(
                    show, {"result": "accepted", "total": total})))
                refused = {"result": "refused", "team": bettor_team, "deje": deje}
                if pick(actions, "envido", 2) and self.lance_chance() >= self.raise_floor(total):
                    options.append((pick(actions, "envido", 2),
                                    lambda show, hands: self._bet(show, hands, 2, total)))
            options.append((pick(actions, "no_quiero"), lambda show, hands: self._no_quiero(show, hands, refused)))
        near_end = max(me.scores) >= me.target - ORDAGO_WITHIN
        if near_end and pick(actions, "ordago"):
            total = me.live["total"] if me.live else 0
            options.append((pick(actions, "ordago"), lambda show, hands: self._bet(show, hands, None, total)))
        return [(action, self._expected(value)) for action, value in options]

    def raise_floor(self, total: int) -> float:
        """A raise is weighed only when our team wins the lance in at least this share of the worlds: half, plus more
        as the pot nears the target. The answer model counts a rival's raise as an acceptance, so without a floor
        two hard bots that each read the other as bluffing could raise each other 2 by 2 up to the target."""
        return 0.5 + total / (2 * self.me.target)

    def lance_chance(self) -> float:
        """How often our team wins the lance at showdown, over the weighted worlds."""
        return sum(weight for show, _hands, weight in self.worlds if show.winner(self.lance) % 2 == self.team)

    def _expected(self, value) -> float:
        total = 0.0
        for show, hands, weight in self.worlds:
            total += weight * value(show, hands)
        return total

    def _bet(self, show, hands, amount, before):
        """Our envite of ``amount`` more (None: órdago) over ``before`` already on the table."""
        deje = before or 1
        stake = ORDAGO_STAKE if amount is None else before + amount
        accept = self._team_accepts(hands, self._rivals(), stake, deje)
        if amount is None:
            won, lost = {"result": "ordago_accepted"}, {"result": "ordago_refused", "team": self.team, "deje": deje}
        else:
            won, lost = {"result": "accepted", "total": stake}, {"result": "refused", "team": self.team, "deje": deje}
        return accept * self.utility(show, won) + (1 - accept) * self.utility(show, lost)

    def _no_quiero(self, show, hands, refused):
        partner = self.me.partner
        answering = self.me.live["answering"]
        if partner in answering[answering.index(self.me.seat) + 1:]:
            accept = self._team_accepts(hands, [partner], self.me.live["total"] if not self.me.live["ordago"]
                                        else ORDAGO_STAKE, self.me.live["deje"])
            result = {"result": "ordago_accepted"} if self.me.live["ordago"] else \
                {"result": "accepted", "total": self.me.live["total"]}
            return accept * self.utility(show, result) + (1 - accept) * self.utility(show, refused)
        return self.utility(show, refused)

    def _paso(self, show, hands):
        """After our paso the rivals still to speak may open 2; we would then answer as is best on average."""
        me = self.me
        order = [(me.mano + i) % 4 for i in range(4)]
        later = [s for s in order[order.index(me.seat) + 1:] if s % 2 != self.team]
        bet = 1.0
        for seat in self._eligible(later):
            bet *= 1 - bet_probability("envido", self._chance(hands, seat), self.lance, 0, 1)
        bet = 1 - bet
        quiet = self.utility(show, {"result": "paso"})
        if bet == 0:
            return quiet
        if self._accept_after_paso():
            answer = self.utility(show, {"result": "accepted", "total": 2})
        else:
            answer = self.utility(show, {"result": "refused", "team": 1 - self.team, "deje": 1})
        return (1 - bet) * quiet + bet * answer

    def _accept_after_paso(self) -> bool:
        """Whether, across the worlds, accepting a rival's 2 would beat refusing it (decided once)."""
        if "accept_after_paso" not in self._cache:
            gain = sum(weight * (self.utility(show, {"result": "accepted", "total": 2}) -
                                 self.utility(show, {"result": "refused", "team": 1 - self.team, "deje": 1}))
                       for show, hands, weight in self.worlds)
            self._cache["accept_after_paso"] = gain > 0
        return self._cache["accept_after_paso"]

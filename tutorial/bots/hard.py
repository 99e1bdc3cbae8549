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
from tutorial.engine import LANCES, Action, BetError, count_hand, showdown, team

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
        public = Public(me.seen, events)
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
    """Expected game-winning chance of each candidate action, averaged over weighted worlds.

    What each word would make of the lance (the result if accepted, refused, passed; who answers) is asked of
    the engine's ``Betting`` (what-if on a copy); only the other seats' answers are the bot's own model."""

    def __init__(self, me: Seat, worlds):
        self.me, self.team, self.lance = me, me.team, me.lance
        self.betting = me.seen.betting()
        total = sum(weight for _, weight in worlds)
        self._signatures = {}
        self.worlds = []
        for hands, weight in worlds:
            show = showdown(hands, me.mano, me.reyes, me.real)
            self.worlds.append((show, hands, weight / total))
            self._signatures[id(show)] = _signature(show)
        self.known = {lance: dict(bet) for lance, bet in me.seen.bets.items()}
        self.scores_before = me.seen.scores_before  # this hand's dejes are counted again with the rest
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
    def _chance(self, hands, seat):
        return lance_chance(hands[seat], seat, self.me.mano, self.lance, self.me.reyes)

    def _team_accepts(self, hands, betting):
        """Chance that one of the seats still answering ``betting``'s bet accepts it (or raises: counted as
        accepting), in this world."""
        stake = ORDAGO_STAKE if betting.ordago else betting.total
        refuse = 1.0
        for seat in betting.answering:
            refuse *= bet_probability("no_quiero", self._chance(hands, seat), self.lance, stake, betting.deje())
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
            accepted = self.betting.acceptance()
            options.append((pick(actions, "quiero"), lambda show, hands: self.utility(show, accepted)))
            raise_ = pick(actions, "envido", 2)
            if raise_ and self.lance_chance() >= self.raise_floor(me.live.total):
                options.append((raise_, self._bet(raise_)))
            options.append((pick(actions, "no_quiero"), self._no_quiero()))
        near_end = max(me.scores) >= me.target - ORDAGO_WITHIN
        ordago = pick(actions, "ordago")
        if near_end and ordago:
            options.append((ordago, self._bet(ordago)))
        return [(action, self._expected(value)) for action, value in options]

    def raise_floor(self, total: int) -> float:
        """A raise is weighed only when our team wins the lance in at least this share of the worlds: half, plus more
        as the pot nears the target. The answer model counts a rival's raise as an acceptance, so without a floor
        two hard bots that each read the other as bluffing could raise each other 2 by 2 up to the target."""
        return 0.5 + total / (2 * self.me.target)

    def lance_chance(self) -> float:
        """How often our team wins the lance at showdown, over the weighted worlds."""
        return sum(weight for show, _hands, weight in self.worlds if team(show.winner(self.lance)) == self.team)

    def _expected(self, value) -> float:
        total = 0.0
        for show, hands, weight in self.worlds:
            total += weight * value(show, hands)
        return total

    def _answered(self, betting, accepted, refused):
        """The value, in one world, of a bet that ``betting``'s answering seats accept or refuse."""
        def value(show, hands):
            accept = self._team_accepts(hands, betting)
            return accept * self.utility(show, accepted) + (1 - accept) * self.utility(show, refused)
        return value

    def _bet(self, action):
        """Our envite or órdago ``action``: the rivals answer it."""
        after, _ = self.betting.what_if(self.me.seat, action)
        return self._answered(after, after.acceptance(), after.refusal())

    def _no_quiero(self):
        """Our refusal: it is final, unless our partner still answers the bet."""
        after, result = self.betting.what_if(self.me.seat, Action("no_quiero"))
        refused = self.betting.refusal()
        if result is None:
            return self._answered(after, after.acceptance(), refused)
        return lambda show, hands: self.utility(show, refused)

    def _paso(self):
        """After our paso the rivals still to speak may open 2; we would then answer as is best on average."""
        after, _ = self.betting.what_if(self.me.seat, Action("paso"))
        quiet = self.betting.passed()
        later = [s for s in after.still_to_open() if team(s) != self.team]
        if not later:
            return lambda show, hands: self.utility(show, quiet)
        rival_bet, _ = after.what_if(later[0], Action("envido", 2))
        answers = (rival_bet.acceptance(), rival_bet.refusal())

        def value(show, hands):
            bet = 1.0
            for seat in later:
                bet *= 1 - bet_probability("envido", self._chance(hands, seat), self.lance, after.total, after.deje())
            bet = 1 - bet
            quiet_value = self.utility(show, quiet)
            if bet == 0:
                return quiet_value
            answer = self.utility(show, answers[0] if self._accept_after_paso(answers) else answers[1])
            return (1 - bet) * quiet_value + bet * answer
        return value

    def _accept_after_paso(self, answers) -> bool:
        """Whether, across the worlds, accepting a rival's 2 would beat refusing it (decided once)."""
        if "accept_after_paso" not in self._cache:
            accepted, refused = answers
            gain = sum(weight * (self.utility(show, accepted) - self.utility(show, refused))
                       for show, hands, weight in self.worlds)
            self._cache["accept_after_paso"] = gain > 0
        return self._cache["accept_after_paso"]

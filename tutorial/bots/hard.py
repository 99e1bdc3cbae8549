"""The hard bot: guesses the hidden hands, then bets by simulated expected value.

For a betting decision it draws worlds (the other three hands) consistent with everything public
(``worlds.py``: own cards, how many cards each changed, declarations, and, unless ``bet_model=False``, the bets
so far under a stated likelihood model). In each world the engine shows the cards down, and for each candidate
action (paso, envido 2, a bigger envido, quiero, no quiero, órdago) the engine counts the hand with that lance's
possible results (``count_hand``, vectorized over the worlds: ``tutorial.engine.vectors.count``); the rivals'
answers follow the same model the sampler uses. Each result is valued as the chance of winning the game from the
score it leaves (``winprob.py``), so an órdago is worth it exactly when the game is at stake. Mus and discards
are the medium bot's.
"""
from __future__ import annotations

import numpy as np

from tutorial.bots import rivals
from tutorial.bots.base import Seat, pick
from tutorial.bots.medium import MediumBot
from tutorial.bots.senas import known_bounds
from tutorial.bots.winprob import win_probabilities, win_probability
from tutorial.bots.worlds import ORDAGO_STAKE, Public, Sampler, word_chances
from tutorial.engine import BET_TYPES, Action, BetError, position, team
from tutorial.engine.vectors import count, lances

WORLDS, TRIES = 800, 8000  # worlds kept per betting decision, out of at most this many drawn
MIN_WORLDS = 12
BIG_BET = 5  # the larger envite the hard bot considers besides 2
# Órdago is weighed only once a team is this near the target: earlier, the few órdagos the sampled worlds
# favour are the ones the rivals accept with better hands than the model expects.
ORDAGO_WITHIN = 12


class HardBot(MediumBot):
    level = "hard"
    uses_events = True
    reads_in_mus = False  # whether its worlds in the mus and discards weigh the reading of the rivals too
    read_floor = rivals.FLOOR  # the least chance its reading gives any word of a style with any hand
    carry = 0.0  # the share of a game's reading it carries into the next game against the same players (``next_game``)

    def __init__(self, seed: int = 0, bet_model: bool = True, worlds: int = WORLDS, tries: int = TRIES,
                 robust: bool = True):
        super().__init__(seed)
        self.bet_model, self.worlds, self.tries, self.robust = bet_model, worlds, tries, robust
        self._readings: dict[tuple[int, int], rivals.Reading] = {}  # (game, seat) -> that seat's reading
        self._current = None  # the reading of the decision being made (in a lance)

    def act(self, game, seat: int):
        """As every bot; the robust reading also takes in the earlier hands of the game this bot saw (what each
        player said, and the hands the showdowns showed), one hand at a time as each ends (``rivals.Reading``):
        from the first hand it acted in, so a bot made afresh (a loaded game) starts from the prior and plays the
        same moves on a loaded game as on the replayed one, unless it is given the reading kept so far
        (``recall``: the table and rooms store it with their state, ``memory``)."""
        if not (self.robust and self.bet_model):
            return super().act(game, seat)
        events = self._hand_events(game, seat)
        reading = self._reading(game, seat, events)
        seen = game.observation(seat)
        if seen.lance is not None or self.reads_in_mus:
            self._current = reading
        try:
            return self.choose(seen, events)
        finally:
            self._current = None

    def _reading(self, game, seat: int, events=None) -> rivals.Reading:
        """The reading of ``seat`` in ``game``, brought up to date with the hands ended since it was last read
        (the current one too once it is over): it reads the seat's events from the end of the last hand it read,
        never the whole history."""
        if events is None:
            events = self._hand_events(game, seat)
        key = (id(game), seat)
        reading = self._readings.get(key)
        if not events:
            return reading or rivals.Reading(seat)
        start, end = events[0]["index"], events[-1]["index"] + 1  # the current hand's events
        if reading is None or reading.next > end:  # new here (or another game under the same id)
            if len(self._readings) > 64:
                self._readings.clear()
            reading = self._readings[key] = rivals.Reading(seat, start)
        unread = events if reading.next >= start else game.events_for(seat, reading.next)
        unread = [event for event in unread if event["index"] >= reading.next]
        if any(event["code"] == "hand_over" for event in unread):
            options = game.observation(seat).options
            reading.read(unread, options.reyes, options.target, self.read_floor)
        return reading

    def recall(self, game, memory: dict | None) -> None:
        """Take up the readings kept by ``memory(game, ...)`` (JSON, by seat) for ``game``."""
        for seat, data in (memory or {}).items():
            self._readings[id(game), int(seat)] = rivals.Reading.from_json(int(seat), data)

    def next_game(self, memory: dict | None) -> dict | None:
        """What this bot's readings at the end of a game (``memory``'s JSON, by seat) leave for the next game against
        the same players in the same seats, as ``recall`` takes it up: ``carry`` of what the games so far taught
        (``rivals.carried``), as a player who has sat with the same people before. None with ``carry`` 0 (the hard
        bot: each game read afresh)."""
        if not self.carry or not memory:
            return None
        return {seat: rivals.Reading(int(seat), logs=rivals.carried(
                    {int(other): log for other, log in data["logs"].items()}, self.carry)).to_json()
                for seat, data in memory.items()}

    def memory(self, game, seats) -> dict | None:
        """The readings of ``seats`` in ``game``, up to date, as JSON by seat (a few dozen numbers each, however
        long the game): what ``recall`` takes up in the next request. None when this bot reads no one."""
        if not (self.robust and self.bet_model):
            return None
        return {str(seat): self._reading(game, seat).to_json() for seat in seats}

    def reading(self, seen):
        if not (self.robust and self.bet_model):
            return None
        return (self._current or rivals.Reading(seen.seat)).weights()

    def public(self, seen, events) -> Public:
        """What this seat knows of the hand, for its worlds (a diagnostic subclass in ``tournament.py`` adds more)."""
        return Public(seen, events)

    def bet(self, me: Seat, actions, events):
        public = self.public(me.seen, events)
        worlds = Sampler(public, self.rng, self.bet_model, self.reading(me.seen),
                         self.read_floor).sample(self.worlds, self.tries)
        if len(worlds) < MIN_WORLDS:  # public facts this improbable: play like the medium bot
            return super().bet(me, actions, events)
        values = _Evaluation(me, worlds).values(actions)
        return max(values, key=lambda item: item[1])[0]


def estimates(observation, legal_actions, rng, events=(), worlds: int = WORLDS, tries: int = TRIES,
              bet_model: bool = True, history=None) -> list[tuple[Action, float, float]]:
    """The hard bot's estimate of each candidate action of a betting decision: ``[(action, expected_tantos,
    win_chance)]``, best first (by ``win_chance``, the one the hard bot maximizes), where ``expected_tantos`` is
    the expected net tantos of the hand to the seat's team (its tantos minus the rivals') and ``win_chance`` the
    chance of winning the game after it, both averaged over the sampled worlds.

    ``observation`` is ``game.observation(seat)``; ``legal_actions`` its ``actions()`` (or a subset of them);
    ``rng`` a ``random.Random`` (the draws of the worlds, so a seeded rng gives the same figures); ``events`` that
    seat's events of the current hand (``game.events_for(seat)``: the cards it threw, which are then not guessed
    as someone else's; without them the estimate is a little less sharp); ``history`` that seat's events since
    the game started (``game.events_for(seat, 0)``: the hard bot's reading of each player's style from the earlier
    hands; None: the one stated model of the bets). The candidates are the hard bot's
    (paso, envido 2 and 5, quiero, a raise of 2, no quiero, órdago near the end), so not every legal action gets
    a figure. Outside a lance, or when too few worlds agree with what is public, it returns ``[]``.
    """
    me = Seat(observation)
    legal = list(legal_actions)
    if not me.lance or not any(action.type in BET_TYPES for action in legal):
        return []
    public = Public(observation, events)
    reading = None if history is None or not bet_model else rivals.posterior(
        observation.seat, observation.options.reyes, observation.options.target, history)
    sampled = Sampler(public, rng, bet_model, reading).sample(worlds, tries)
    if len(sampled) < MIN_WORLDS:
        return []
    evaluation = _Evaluation(me, sampled)
    chances = evaluation.values(legal)
    evaluation.measure = "tantos"
    tantos = dict((str(action), value) for action, value in evaluation.values(legal))
    return sorted(((action, tantos[str(action)], chance) for action, chance in chances), key=lambda item: -item[2])


def game_chance(counted, side: int, target: int, now: float) -> np.ndarray:
    """[deal]: team ``side``'s chance of winning the game after the hands ``counted`` (``vectors.count``): 1 or 0
    where the hand ends it, ``now`` where the cards rule the bets out."""
    value = win_probabilities(counted.scores[side], counted.scores[1 - side], target)
    value = np.where(counted.winner_team < 0, value, counted.winner_team == side)
    return np.where(counted.valid, value, now)


class _Evaluation:
    """Expected game-winning chance of each candidate action, averaged over weighted worlds.

    What each word would make of the lance (the result if accepted, refused, passed; who answers) is asked of
    the engine's ``Betting`` (what-if on a copy); only the other seats' answers are the bot's own model. The
    worlds are arrays: the engine's vectorized showdown and count (``tutorial.engine.vectors``) score and count
    them all at once for each result weighed."""

    def __init__(self, me: Seat, worlds):
        self.me, self.team, self.lance = me, me.team, me.lance
        self.betting = me.seen.betting()
        self.worlds = worlds
        self.weights = worlds.weights / worlds.weights.sum()
        self.lances = lances(worlds.ids, me.mano, me.reyes, me.real)
        self.known = {lance: dict(bet) for lance, bet in me.seen.bets.items()}
        self.scores_before = me.seen.scores_before  # this hand's dejes are counted again with the rest
        self._cache = {}  # result -> its value in every world
        self._words = {}  # (seat, word, total, deje) -> how likely that seat says it, in every world

    floor = rivals.FLOOR  # the reading's: the least chance it gives any word of a style with any hand

    # --- what one result of the lance is worth in each world ---------------------------------------------
    measure = "win"  # what ``utility`` values: "win" (the chance of winning the game), "tantos" or "lance"

    def utility(self, result: dict) -> np.ndarray:
        """The value of counting the hand with ``result`` in this lance, in each world: by ``measure``, the chance
        of winning the game after it ("win"), the hand's net tantos to our team ("tantos") or whether our team takes
        the lance ("lance") (a result the rules rule out in a world
        is worth there the score now and no tantos)."""
        values = self.results(result)
        if self.measure not in values:  # "win": worked out only for a measure that asks for it
            counted, now = values.pop("counted")
            values["win"] = game_chance(counted, self.team, self.me.target, now)
        return values[self.measure]

    def results(self, result: dict) -> dict:
        """{"tantos": [world], "lance": [world], and "win": [world] or "counted": what it is worked out from} for
        ``result`` (see ``utility``), counted once."""
        key = tuple(result.items())
        if key not in self._cache:
            bets = dict(self.known)
            bets[self.lance] = result
            me, ours, theirs = self.me, self.team, 1 - self.team
            before = self.scores_before
            now = win_probability(before[ours], before[theirs], me.target)
            size = len(self.worlds)
            try:
                counted = count(self.lances, self.worlds.ids, bets, before, me.target, me.reyes, me.real)
            except BetError:
                self._cache[key] = {"win": np.full(size, now), "tantos": np.zeros(size), "lance": self._took(result)}
                return self._cache[key]
            net = (counted.scores[ours].astype(float) - before[ours]) - (counted.scores[theirs] - before[theirs])
            self._cache[key] = {"counted": (counted, now), "tantos": np.where(counted.valid, net, 0.0),
                                "lance": self._took(result)}
        return self._cache[key]

    def _took(self, result: dict) -> np.ndarray:
        """1 in each world where our team takes the lance with ``result`` (a refusal: the betting team), else 0."""
        if result["result"] in ("refused", "ordago_refused"):
            return np.full(len(self.worlds), float(result["team"] == self.team))
        row = self.lances[self.lance]
        return (row.played & ((row.top & 1) == self.team)).astype(float)

    # --- the other seats' answers, under the sampler's model ---------------------------------------------
    def _word(self, seat, word: str, total: int, deje: int) -> np.ndarray:
        """How likely ``seat`` says ``word`` to a bet of ``total``, in each world: under the one stated model, or
        (a reading of the rivals) each style's chance weighted by its share in that world, card odds getting
        the styles' average over the worlds. Worked out once per decision (the measures weigh the same answers)."""
        key = (seat, word, total, deje)
        if key not in self._words:
            self._words[key] = self._answer(seat, word, total, deje)
        return self._words[key]

    def _answer(self, seat, word: str, total: int, deje: int) -> np.ndarray:
        styles = self.worlds.styles
        bounds = known_bounds(self.me.seen, seat, self.lance) if self.me.seen.senas else (0.0, 1.0)
        if styles is None:
            return word_chances(self.me.reyes, position(seat, self.me.mano), self.lance, word, total, deje,
                                bounds=bounds)[self.worlds.ids[seat]]
        share = styles[seat]
        each = rivals.word_table(self.me.reyes, position(seat, self.me.mano), self.lance, word, total, deje, None,
                                 rivals.lates(self.me.scores, self.me.target), bounds,
                                 self.floor)[:, self.worlds.ids[seat]]
        average = share[1:] @ self.weights  # [style]: its share over the worlds
        card_odds = average @ (each @ self.weights) / max(float(average.sum()), 1e-300)
        return share[0] * card_odds + (share[1:] * each).sum(axis=0)

    def _team_accepts(self, betting) -> np.ndarray:
        """Chance that one of the seats still answering ``betting``'s bet accepts it (or raises: counted as
        accepting), in each world."""
        stake = ORDAGO_STAKE if betting.ordago else betting.total
        refuse = 1.0
        for seat in betting.answering:
            refuse = refuse * self._word(seat, "no_quiero", stake, betting.deje())
        return 1 - refuse

    # --- candidate actions ---------------------------------------------------------------------------------
    def values(self, actions):
        """[(action, its expected value by ``measure``)] per candidate."""
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

    def move(self, action) -> np.ndarray:
        """The value in each world of any betting move, a candidate or not."""
        if action.type in ("envido", "ordago"):
            return self._bet(action)
        if action.type == "quiero":
            return self.utility(self.betting.acceptance())
        if action.type == "no_quiero":
            return self._no_quiero()
        return self._paso()

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
            no_bet = no_bet * (1 - self._word(seat, "envido", after.total, after.deje()))
        # Whether accepting a rival's 2 beats refusing it is decided once, across the worlds.
        answer = accepted if self.weights @ (accepted - refused) > 0 else refused
        return no_bet * quiet + (1 - no_bet) * answer


def weigh_moves(observation, worlds, actions, also: Action | None = None,
                measures=("win", "tantos", "lance")) -> tuple[list[tuple[Action, dict]], float]:
    """The hard bot's figures for its candidate moves among ``actions`` (a betting decision of ``observation``'s
    seat), over ``worlds`` (a ``Sampler``'s weighted hidden hands): ``[(action, {"win": the chance of winning the
    game after it, "tantos": the expected net tantos of the hand to the seat's team, "lance": the chance that team
    takes the lance})]`` in the candidates' order, ``also`` (a legal move outside the candidates: an envido of
    another amount, an early órdago) appended, and the chance the team's cards take the lance at showdown.
    Each result of the lance is counted once for the three measures; ``measures`` names the ones wanted (the
    chance of winning the game costs the most to work out)."""
    evaluation = _Evaluation(Seat(observation), worlds)
    figures: dict[str, tuple[Action, dict]] = {}
    for measure in measures:
        evaluation.measure = measure
        for action, value in evaluation.values(actions):
            figures.setdefault(str(action), (action, {}))[1][measure] = value
    if also is not None and str(also) not in figures:
        move = {}
        for measure in measures:
            evaluation.measure = measure
            move[measure] = float(evaluation.weights @ evaluation.move(also))
        figures[str(also)] = (also, move)
    return list(figures.values()), evaluation.lance_chance()

"""The game as a state machine: deal, mus, discards, the four lances, the count, games and vacas.

    >>> game = Game(Options(target=30), seed=7)
    >>> seat = game.turn
    >>> events = game.apply(seat, Action("corto"))

Every move goes through ``apply(seat, action)``, which checks the action completely before changing
anything. Hands are judged by ``showdown`` and counted by ``count_hand``, the functions ``explain`` uses,
so the table and the explanation of a hand can never disagree. A game is its options, its seed and its
history: ``Game.replay`` rebuilds it exactly.
"""
from __future__ import annotations

import random

from tutorial.engine import senas
from tutorial.engine import snapshot as snapshots
from tutorial.engine.actions import SENA_TYPES, Action, IllegalAction, LegalAction, api_forms
from tutorial.engine.betting import Betting
from tutorial.engine.cards import DECK, Card
from tutorial.engine.count import count_hand
from tutorial.engine.errors import EngineError
from tutorial.engine.events import VIEWERS, Event, to_seat, viewer_slot
from tutorial.engine.explain import explain
from tutorial.engine.legality import check
from tutorial.engine.observation import Observation, observe
from tutorial.engine.options import Options, OptionsError, check_stock_against_hands, setup_first_hand, setup_json
from tutorial.engine.phases import LANCE_PHASES, Outcome, Phase, Termination
from tutorial.engine.seats import SEATS, next_seat, order_from, team
from tutorial.engine.showdown import showdown

WINS_NEEDED = 2  # best of 3 games makes a vaca, best of 3 vacas the match
# The turn's legal actions are a few tuples, used again and again (Betting caches its own).
MUS_OR_CORTO = (LegalAction("mus"), LegalAction("corto"))
DISCARD = (LegalAction("discard", 1, 4),)
NEXT_HAND = (LegalAction("next_hand"),)
__all__ = ["Action", "Game", "IllegalAction", "Observation", "Options", "OptionsError", "SEATS"]


def _codes(cards) -> list[str]:
    return [str(card) for card in cards]


class Game:
    """One game of Mus (or, with the option ``vacas``, a match of vacas) for four seats."""

    def __init__(self, options: Options | None = None, seed: int = 0, *, hands=None, mano: int | None = None,
                 scores=None, stock=None):
        """``hands``, ``mano``, ``scores`` and ``stock`` set up the first hand (a lesson's table, a test); by
        default the deal is random and the game starts at 0-0. ``stock`` lists the cards on top of the stock, in
        the order they are drawn; the rest of the stock follows in the seed's order. The random draws happen all
        the same, so the rest of the game still follows from the seed."""
        self.options = options or Options()
        self.seed = seed
        self.setup = setup_first_hand(self.options, hands, mano, scores, stock)
        self.rng = random.Random(seed)
        self.history: list[tuple[int, Action]] = []
        self.events: list[Event] = []
        self.first_move = 0   # a game restored from a snapshot holds its history and events from these indexes on
        self.first_event = 0
        self.first_seen = [0] * len(VIEWERS)  # how many of the events before ``first_event`` each viewer sees
        self._seen_mark = (0, tuple(self.first_seen))  # ``seen_before``'s last answer, where the next one starts
        self.games_won = [0, 0]
        self.vacas_won = [0, 0]
        self.game_number = 0
        self._last_hand = None
        self._start_game()

    def __repr__(self) -> str:
        return (f"<Game seed={self.seed} game {self.game_number} hand {self.hand_number} {self.phase} "
                f"scores {self.scores[0]}-{self.scores[1]}>")

    # ----- flow: games and hands -------------------------------------------------------------------------

    def _start_game(self) -> None:
        self.game_number += 1
        first = self.game_number == 1
        self.scores = list(self.setup["scores"]) if first and "scores" in self.setup else [0, 0]
        self.hand_number = 0
        self.winner_team = None
        self._outcome = None
        mano = self.rng.randrange(4)  # the first mano of every game is drawn
        self._start_hand(self.setup["mano"] if first and "mano" in self.setup else mano)

    def _start_hand(self, mano: int) -> None:
        self.hand_number += 1
        self.mano = self.deal_mano = mano
        self.scores_before = tuple(self.scores)
        deck = list(DECK)
        self.rng.shuffle(deck)
        first_hand = self.game_number == 1 and self.hand_number == 1
        if "hands" in self.setup and first_hand:
            self.hands = [list(hand) for hand in self.setup["hands"]]
            dealt = set().union(*self.hands)
            self.stock = [card for card in deck if card not in dealt]
        else:
            self.hands = [[], [], [], []]
            order = order_from(mano)
            for i in range(16):  # one card at a time, starting with the mano
                self.hands[order[i % 4]].append(deck[i])
            self.stock = deck[16:]  # top first
        if "stock" in self.setup and first_hand:  # the set-up cards on top, the rest in the seed's order
            top = list(self.setup["stock"])
            check_stock_against_hands(top, self.hands)
            self.stock = top + [card for card in self.stock if card not in top]
        self.pile: list[Card] = []  # discards of the rounds already dealt
        self.phase = Phase.MUS
        self.mus_round = 1
        self._speaker = mano
        self._discards: list[tuple[Card, ...] | None] = [None] * 4
        # The public talk of the hand, as plain tuples of the fields of MusSpeech and Speech (observations name
        # them): a named tuple costs several times more to build, and the game records every word.
        self.mus_talk: list[tuple] = []
        self.discard_counts: list[list[int]] = []
        self.reshuffled = False
        self.declarations: dict[str, list[bool]] = {}
        self.bets: dict[str, dict] = {}
        self.lance = None
        self.lance_log: list[tuple] = []  # (lance, players, declared, skipped) of each lance reached
        self._speeches: dict[str, list[tuple]] = {}
        self._betting: Betting | None = None
        self._showdown = None
        self._lances: list[str] = []
        self.senas = senas.Senas()
        self._emit("hand_start", {"game_number": self.game_number, "hand_number": self.hand_number, "mano": mano})
        for seat in SEATS:
            self._emit("deal", {"seat": seat, "cards": _codes(self.hands[seat])}, to_seat(seat))

    def _next_hand(self) -> None:
        if self.phase == "hand_over":
            self._start_hand(next_seat(self.mano))
            return
        if max(self.games_won) == WINS_NEEDED:  # that game finished a vaca: the next one starts a new vaca
            self.games_won = [0, 0]
        self._start_game()

    # ----- mus and discards --------------------------------------------------------------------------------

    def _mus(self, seat: int) -> None:
        self.mus_talk.append((self.mus_round, seat, "mus"))
        self._emit("mus", {"seat": seat})
        self._speaker = next_seat(seat)
        if self._speaker == self.mano:
            self.phase = Phase.DISCARD

    def _corto(self, seat: int) -> None:
        self.mus_talk.append((self.mus_round, seat, "corto"))
        self._emit("corto", {"seat": seat})
        if self.options.mus_corrido and self.hand_number == 1:
            self.mano = seat
            self._emit("mano_set", {"mano": seat})
        self._begin_lances()

    def _discard(self, seat: int, cards: tuple[Card, ...]) -> None:
        # kept in hand order, so the pile (and any reshuffle) does not depend on how the cards were listed
        self._discards[seat] = tuple(card for card in self.hands[seat] if card in cards)
        self._emit("discard_chosen", {"seat": seat})
        if None not in self._discards:
            self._replace()

    def _replace(self) -> None:
        counts = [len(cards) for cards in self._discards]
        self.discard_counts.append(counts)
        self._emit("discards", {"counts": counts, "mus_round": self.mus_round})
        thrown = []
        for seat in order_from(self.mano):
            out = self._discards[seat]
            new = []
            for _ in out:
                if not self.stock:
                    self._reshuffle()
                new.append(self.stock.pop(0))
            self.hands[seat] = [card for card in self.hands[seat] if card not in out] + new
            thrown.extend(out)
            self._emit("replaced", {"seat": seat, "out": _codes(out), "in": _codes(new)}, to_seat(seat))
        # this round's discards join the pile only now, so nobody gets back a card just thrown away
        self.pile.extend(thrown)
        self._discards = [None] * 4
        self.mus_round += 1
        self.phase = Phase.MUS
        self._speaker = self.mano

    def _reshuffle(self) -> None:
        self.stock, self.pile = self.pile, []
        self.reshuffled = True
        self.rng.shuffle(self.stock)
        self._emit("reshuffle", {"size": len(self.stock)})

    # ----- lances ---------------------------------------------------------------------------------------------

    def _begin_lances(self) -> None:
        self._showdown = showdown(tuple(map(tuple, self.hands)), self.mano, self.options.reyes, self.options.real)
        self._lances = ["grande", "chica", "pares", self._showdown.fourth]
        self._next_lance()

    def _holders(self, lance: str) -> tuple[int, ...]:
        """Who takes part in a lance, in speaking order: the holders of pares or juego, else all four."""
        order = order_from(self.mano)
        if lance == "pares" or lance == "juego":
            infos = self._showdown.infos
            return tuple(seat for seat in order if getattr(infos[seat], lance))
        return order

    def _declare(self, play: str) -> tuple[bool, ...]:
        """Automatic, true declarations of pares or juego, from the mano; returns them by seat."""
        holders = self._holders(play)
        said = self.declarations[play] = [seat in holders for seat in SEATS]
        for seat in order_from(self.mano):
            self._emit("declare", {"lance": play, "seat": seat, "has": said[seat]})
        return tuple(said)

    def _next_lance(self) -> None:
        show = self._showdown
        while self._lances:
            lance = self._lances.pop(0)
            declared = None
            if lance != "grande" and lance != "chica":
                declared = self._declare("pares" if lance == "pares" else "juego")
            winner = show.winner(lance)
            if winner is None:
                self.lance_log.append((lance, (), declared, "nobody"))
                self._emit("lance_skipped", {"lance": lance, "reason": "nobody"})
                continue
            holders = self._holders(lance)
            if not show.bettable(lance):  # only one team holds the play: it collects at the count
                self.lance_log.append((lance, holders, declared, "only_team"))
                self._emit("lance_skipped", {"lance": lance, "reason": "only_team", "team": team(winner)})
                continue
            self.lance_log.append((lance, holders, declared, None))
            self.phase, self.lance = LANCE_PHASES[lance], lance
            self._betting = Betting(lance, holders, self.options.target)
            self._speeches[lance] = []
            self._emit("lance_start", {"lance": lance, "players": list(holders)})
            return
        self._end_hand(Termination.COUNT)

    def _bet_action(self, seat: int, action: Action) -> None:
        betting = self._betting
        kind = action.type
        self._speeches[self.lance].append((seat, action, betting.total, betting.deje(), betting.ordago))
        result = betting.play(seat, action)
        params = {"seat": seat, "lance": self.lance}
        if kind == "envido":
            params.update(amount=action.amount, total=betting.total, deje=betting.deje())
        elif kind == "ordago":
            params["deje"] = betting.deje()
        self._emit(kind, params)
        if result is not None:
            self._close_lance(result)

    def _close_lance(self, result: dict) -> None:
        lance = self.lance
        self.bets[lance] = result
        self._betting = None
        self._emit("lance_closed", {"lance": lance, "result": dict(result)})
        if "deje" in result:  # the deje is paid at once, and can end the game in the middle of the hand
            collector = result["team"]
            self.scores[collector] += result["deje"]
            self._emit("deje", {"lance": lance, "team": collector, "points": result["deje"],
                                "scores": list(self.scores)})
            if self.scores[collector] >= self.options.target:
                self._end_hand(Termination.DEJE)
                return
        if result["result"] == "ordago_accepted":  # the hand stops: cards on the table
            self._end_hand(Termination.ORDAGO)
            return
        self._next_lance()

    # ----- end of a hand, a game, a vaca, the match ----------------------------------------------------------

    def _end_hand(self, termination: Termination) -> None:
        self.lance = None
        senas.close_all(self)
        counted = count_hand(self._showdown, self.bets, self.scores_before, self.options.target)
        self.scores = list(counted.scores)
        hands = [_codes(hand) for hand in self.hands]
        self._emit("showdown", {"hands": hands})
        for step in counted.steps:
            if step.kind == "lance":  # dejes were announced when paid
                self._emit("count", {"step": _step_json(step)})
        self._emit("hand_over", {"scores": list(self.scores)})
        self._last_hand = {"hands": hands, "mano": self.mano, "bets": dict(self.bets),
                           "scores_before": list(self.scores_before), "game_number": self.game_number,
                           "hand_number": self.hand_number}
        if counted.winner_team is None:
            self.phase = Phase.HAND_OVER
        else:
            self._end_game(counted.winner_team, termination)

    def _end_game(self, winner: int, termination: Termination) -> None:
        self.winner_team = winner
        self.games_won[winner] += 1
        self.phase = Phase.GAME_OVER
        self._outcome = Outcome(termination, winner, "game")
        self._emit("game_over", {"winner_team": winner, "scores": list(self.scores)})
        if not self.options.vacas or self.games_won[winner] < WINS_NEEDED:
            return
        self.vacas_won[winner] += 1
        self._outcome = Outcome(termination, winner, "vaca")
        self._emit("vaca_over", {"winner_team": winner, "vacas_won": list(self.vacas_won)})
        if self.vacas_won[winner] == WINS_NEEDED:
            self.phase = Phase.MATCH_OVER
            self._outcome = Outcome(termination, winner, "match")
            self._emit("match_over", {"winner_team": winner})

    def outcome(self) -> Outcome | None:
        """How the game just finished (and whether it ended a vaca or the match); None while one is played."""
        return self._outcome if self.phase.game_is_over else None

    @property
    def last_hand(self) -> dict | None:
        """The last finished hand: its four hands, mano, bets, scores before it, and its ``explain``.

        The explanation is built on first use (it is not needed to play, and the bench plays many hands).
        """
        hand = self._last_hand
        if hand is not None and "explain" not in hand:
            hand["explain"] = explain(hand["hands"], reyes=self.options.reyes, mano=hand["mano"],
                                      real=self.options.real, bets=hand["bets"],
                                      scores=hand["scores_before"], target=self.options.target)
        return hand

    # ----- who acts, and what is legal -----------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Nothing more can be played (the match, or the game without vacas): the one way to ask."""
        phase = self.phase  # Phase.is_final, without the call: asked on every action
        return phase.match_is_over if self.options.vacas else phase.game_is_over

    @property
    def order(self) -> tuple[int, ...]:
        """The speaking order of the hand, from the mano."""
        return order_from(self.mano)

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "mus":  # a Phase is a str: comparing it with its code is the cheapest test
            return (self._speaker,)
        if self._betting is not None:
            return (self._betting.turn,)
        if phase == "discard":
            return tuple(s for s in order_from(self.mano) if self._discards[s] is None)
        return () if self.is_over else SEATS  # next_hand: any seat

    @property
    def turn(self) -> int | None:
        if self.phase == "mus":
            return self._speaker
        return self._betting.turn if self._betting is not None else None

    def legal(self, seat: int) -> tuple[LegalAction, ...]:
        """What ``seat`` may do now (empty if it may not act), as ``LegalAction`` values: its turn's actions, and
        with señas its signals and catches, which it may make out of turn."""
        turn = self._turn_legal(seat)
        return turn + senas.legal(self, seat) if self.options.senas else turn

    def _turn_legal(self, seat: int) -> tuple[LegalAction, ...]:
        if seat not in self.to_act():
            return ()
        if self.phase == "mus":
            return MUS_OR_CORTO
        if self.phase == "discard":
            return DISCARD
        if self._betting is not None:
            return self._betting.legal()
        return NEXT_HAND

    def legal_actions(self, seat: int) -> list[dict]:
        """``legal(seat)`` in the API form."""
        if self.options.senas:
            return [legal.to_json() for legal in self.legal(seat)]
        return [dict(form) for form in api_forms(self._turn_legal(seat))]

    def concrete_actions(self, seat: int) -> list[Action]:
        return [action for legal in self.legal(seat) for action in legal.actions(self.hands[seat])]

    # ----- applying an action --------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action | dict) -> list[Event]:
        """Play ``action`` for ``seat``; returns the events it caused. Raises ``IllegalAction`` (nothing changed)."""
        if isinstance(action, dict):
            action = Action.from_json(action)
        if isinstance(action, Action) and action.type in SENA_TYPES:  # out of turn, or (a close) by no seat
            return senas.apply(self, seat, action)
        check(self, seat, action)
        start = len(self.events)
        self.history.append((seat, action))
        kind = action.type
        if kind == "mus":
            self._mus(seat)
        elif kind == "corto":
            self._corto(seat)
        elif kind == "discard":
            self._discard(seat, action.cards)
        elif kind == "next_hand":
            self._next_hand()
        else:
            self._bet_action(seat, action)
        return self.events[start:]

    # ----- what a seat may know ------------------------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """Everything ``seat`` may know now; never another seat's cards before the showdown."""
        return observe(self, seat)

    def view(self, seat: int) -> dict:
        """The observation of ``seat``, JSON-ready: what the table API sends."""
        return self.observation(seat).to_json()

    def events_for(self, seat: int | None, start: int = 0, numbered: bool = False) -> list[dict]:
        """The events ``seat`` (None: a spectator) may see, from index ``start`` of the game's event log; each
        carries its ``index`` in that log. ``numbered``: each also carries its ``number`` in the seat's own log,
        which counts only the events the seat sees (what a page shows: the engine's index would tell, by its gaps,
        that a seña was made or caught out of the seat's sight)."""
        start = max(start, self.first_event)
        found = [dict(event.to_json(), index=i) for i, event in enumerate(self.events[start - self.first_event:], start)
                 if event.visible_to(seat)]
        if numbered:
            first = self.seen_before(start)[viewer_slot(seat)]
            for number, event in enumerate(found, first):
                event["number"] = number
        return found

    def numbers_from(self, start: int) -> list[list[int | None]]:
        """For each event from index ``start`` (not below ``first_event``): its number in each viewer's own log
        (``VIEWERS``; None for a viewer who does not see it). A viewer's log counts only the events it sees, from
        the game's first, so its numbers have no gaps: they tell nothing of what it does not see."""
        start = max(start, self.first_event)
        seen = self.seen_before(start)
        numbers = []
        for event in self.events[start - self.first_event:]:
            row = []
            for slot, viewer in enumerate(VIEWERS):
                shown = event.visible_to(viewer)
                row.append(seen[slot] if shown else None)
                seen[slot] += shown
            numbers.append(row)
        return numbers

    def seen_before(self, index: int) -> list[int]:
        """How many of the events before ``index`` (not below ``first_event``) each viewer sees (``VIEWERS``). It
        counts on from its last answer when ``index`` is not before it (a room asks at every change: counting from
        the first event each time cost a third of a change's CPU in a long game)."""
        index = max(index, self.first_event)
        mark, seen = self._seen_mark
        if index < mark and mark - index > index - self.first_event:
            mark, seen = self.first_event, self.first_seen  # nearer the start: counted from there
        seen, step = list(seen), (1 if mark <= index else -1)  # on from the mark, or back from it
        for event in self.events[min(mark, index) - self.first_event:max(mark, index) - self.first_event]:
            for slot, viewer in enumerate(VIEWERS):
                seen[slot] += step * event.visible_to(viewer)
        if index >= self._seen_mark[0]:
            self._seen_mark = (index, tuple(seen))
        return seen

    @property
    def move_count(self) -> int:
        """Moves played since the start, those before a snapshot included."""
        return self.first_move + len(self.history)

    @property
    def event_count(self) -> int:
        """The index the next event will have in the game's whole event log."""
        return self.first_event + len(self.events)

    def _emit(self, code: str, params: dict, audience: str | tuple[str, int] = "all") -> None:
        self.events.append(Event(code, params, audience))

    # ----- serialisation and replay --------------------------------------------------------------------------

    def snapshot(self, shared: bool = False) -> dict:
        """The state as JSON-ready data whose size does not grow with the game (``tutorial/engine/snapshot.py``):
        ``Game.from_snapshot(game.snapshot())`` goes on exactly as ``game`` would, with the current hand's events.
        ``shared=True``: some of its lists and dicts are the game's own; write it out before the game moves on."""
        return snapshots.take(self, shared)

    @classmethod
    def from_snapshot(cls, data: dict) -> Game:
        """The game saved by ``snapshot()`` (it takes over ``data``'s lists: pass a fresh copy, as ``json.loads``
        gives); its ``history`` holds only the moves played after it. Malformed data raises ``EngineError``
        (``bad_snapshot``)."""
        game = cls.__new__(cls)
        snapshots.restore(game, data, Options)
        return game

    def to_json(self) -> dict:
        if self.first_move:
            raise ValueError("a game restored from a snapshot does not hold its whole history: replay it instead")
        data = {"options": self.options.to_json(), "seed": self.seed,
                "history": [[seat, action.to_json()] for seat, action in self.history]}
        if self.setup:
            data["setup"] = setup_json(self.setup)
        return data

    @classmethod
    def from_json(cls, data: dict) -> Game:
        """Replay a game saved by ``to_json``; malformed data raises ``OptionsError`` (``bad_game``), an action
        that is not legal at its turn raises ``IllegalAction``."""
        try:
            actions = [(seat, Action.from_json(action)) for seat, action in data["history"]]
            options, seed, setup = Options.from_json(data["options"]), data["seed"], dict(data.get("setup", {}))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            if isinstance(error, EngineError):
                raise
            raise OptionsError("bad_game", f"not a saved game: {error!r}") from error
        return cls.replay(options, seed, actions, **setup)

    @classmethod
    def replay(cls, options: Options | None, seed: int, actions, **setup) -> Game:
        """The game reached by playing ``actions`` (``[(seat, Action), ...]``) from ``seed`` (and ``setup``)."""
        game = cls(options, seed, **setup)
        for seat, action in actions:
            game.apply(seat, action)
        return game


def _step_json(step) -> dict:
    return dict(step._asdict(), scores_after=list(step.scores_after))

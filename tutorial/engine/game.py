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
from dataclasses import dataclass, fields
from itertools import combinations

from tutorial.engine.actions import Action, IllegalAction
from tutorial.engine.betting import Betting
from tutorial.engine.cards import DECK, Card, parse_cards, parse_hands
from tutorial.engine.count import count_hand
from tutorial.engine.errors import EngineError
from tutorial.engine.events import Event, to_seat
from tutorial.engine.explain import explain
from tutorial.engine.showdown import showdown

SEATS = (0, 1, 2, 3)
OVER_PHASES = ("game_over", "match_over")
WINS_NEEDED = 2  # best of 3 games makes a vaca, best of 3 vacas the match


class OptionsError(EngineError):
    """Options or a set-up first hand that the game cannot be played with."""


@dataclass(frozen=True)
class Options:
    reyes: int = 8
    mus_corrido: bool = True
    real: bool = False
    target: int = 40
    vacas: bool = False

    def __post_init__(self):
        for name, allowed in (("reyes", (8, 4)), ("target", (40, 30))):
            value = getattr(self, name)
            if isinstance(value, bool) or value not in allowed:
                raise OptionsError("bad_option", f"{name} must be one of {allowed}, not {value!r}",
                                   option=name, value=value)
        for name in ("mus_corrido", "real", "vacas"):
            if not isinstance(getattr(self, name), bool):
                raise OptionsError("bad_option", f"{name} must be true or false",
                                   option=name, value=getattr(self, name))

    def to_json(self) -> dict:
        return {field.name: getattr(self, field.name) for field in fields(self)}

    @classmethod
    def from_json(cls, data: dict) -> Options:
        known = {field.name for field in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise OptionsError("unknown_option", f"unknown options {unknown}", options=unknown)
        return cls(**data)


def _setup(options: Options, hands, mano, scores, stock) -> dict:
    """Check a set-up first hand; only the given parts are kept."""
    setup = {}
    if hands is not None:
        setup["hands"] = parse_hands(hands)
    if mano is not None:
        if mano not in SEATS:
            raise OptionsError("bad_mano", f"mano must be a seat 0-3, not {mano!r}", mano=mano)
        setup["mano"] = mano
    if scores is not None:
        scores = list(scores)
        if len(scores) != 2 or not all(type(s) is int and 0 <= s < options.target for s in scores):
            raise OptionsError("bad_scores", f"scores must be two numbers from 0 to {options.target - 1}",
                               scores=scores)
        setup["scores"] = scores
    if stock is not None:
        top = parse_cards(stock)  # a bad code: CardError
        seen = set()
        for card in top:
            if card in seen:
                raise OptionsError("stock_repeated_card", f"card {card} is twice on top of the stock",
                                   card=str(card))
            seen.add(card)
        if "hands" in setup:  # without set-up hands, the seed's deal is checked when it is dealt
            _check_stock_against_hands(top, setup["hands"])
        if top:
            setup["stock"] = top
    return setup


def _check_stock_against_hands(top, hands) -> None:
    for seat, hand in enumerate(hands):
        for card in top:
            if card in hand:
                raise OptionsError("stock_card_in_hand", f"card {card} is on top of the stock and in seat "
                                   f"{seat}'s hand", card=str(card), seat=seat)


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
        self.setup = _setup(self.options, hands, mano, scores, stock)
        self.rng = random.Random(seed)
        self.history: list[tuple[int, Action]] = []
        self.events: list[Event] = []
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
        mano = self.rng.randrange(4)  # the first mano of every game is drawn
        self._start_hand(self.setup["mano"] if first and "mano" in self.setup else mano)

    def _start_hand(self, mano: int) -> None:
        self.hand_number += 1
        self.mano = mano
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
            for i in range(16):  # one card at a time, starting with the mano
                self.hands[(mano + i) % 4].append(deck[i])
            self.stock = deck[16:]  # top first
        if "stock" in self.setup and first_hand:  # the set-up cards on top, the rest in the seed's order
            top = list(self.setup["stock"])
            _check_stock_against_hands(top, self.hands)
            self.stock = top + [card for card in self.stock if card not in top]
        self.pile: list[Card] = []  # discards of the rounds already dealt
        self.phase = "mus"
        self.mus_round = 1
        self._speaker = mano
        self._discards: list[tuple[Card, ...] | None] = [None] * 4
        self.discard_counts: list[list[int]] = []
        self.declarations: dict[str, list[bool]] = {}
        self.bets: dict[str, dict] = {}
        self.lance = None
        self._betting: Betting | None = None
        self._showdown = None
        self._lances: list[str] = []
        self._emit("hand_start", {"game_number": self.game_number, "hand_number": self.hand_number, "mano": mano})
        for seat in SEATS:
            self._emit("deal", {"seat": seat, "cards": _codes(self.hands[seat])}, to_seat(seat))

    def _next_hand(self) -> None:
        if self.phase == "hand_over":
            self._start_hand((self.mano + 1) % 4)
            return
        if max(self.games_won) == WINS_NEEDED:  # that game finished a vaca: the next one starts a new vaca
            self.games_won = [0, 0]
        self._start_game()

    # ----- mus and discards --------------------------------------------------------------------------------

    def _mus(self, seat: int) -> None:
        self._emit("mus", {"seat": seat})
        self._speaker = (seat + 1) % 4
        if self._speaker == self.mano:
            self.phase = "discard"

    def _corto(self, seat: int) -> None:
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
        for i in range(4):
            seat = (self.mano + i) % 4
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
        self.phase = "mus"
        self._speaker = self.mano

    def _reshuffle(self) -> None:
        self.stock, self.pile = self.pile, []
        self.rng.shuffle(self.stock)
        self._emit("reshuffle", {"size": len(self.stock)})

    # ----- lances ---------------------------------------------------------------------------------------------

    def _begin_lances(self) -> None:
        self._showdown = showdown(tuple(map(tuple, self.hands)), self.mano, self.options.reyes, self.options.real)
        self._lances = ["grande", "chica", "pares", self._showdown.fourth]
        self._next_lance()

    def _holders(self, lance: str) -> list[int]:
        """Who takes part in a lance, in speaking order: the holders of pares or juego, else all four."""
        order = [(self.mano + i) % 4 for i in range(4)]
        if lance == "pares" or lance == "juego":
            infos = self._showdown.infos
            return [seat for seat in order if getattr(infos[seat], lance)]
        return order

    def _declare(self, play: str) -> None:
        """Automatic, true declarations of pares or juego, from the mano."""
        holders = self._holders(play)
        self.declarations[play] = [seat in holders for seat in SEATS]
        for i in range(4):
            seat = (self.mano + i) % 4
            self._emit("declare", {"lance": play, "seat": seat, "has": seat in holders})

    def _next_lance(self) -> None:
        show = self._showdown
        while self._lances:
            lance = self._lances.pop(0)
            if lance != "grande" and lance != "chica":
                self._declare("pares" if lance == "pares" else "juego")
            winner = show.winner(lance)
            if winner is None:
                self._emit("lance_skipped", {"lance": lance, "reason": "nobody"})
            elif not show.bettable(lance):  # only one team holds the play: it collects at the count
                self._emit("lance_skipped", {"lance": lance, "reason": "only_team", "team": winner % 2})
            else:
                holders = self._holders(lance)
                self.phase = self.lance = lance
                self._betting = Betting(lance, tuple(holders), self.options.target)
                self._emit("lance_start", {"lance": lance, "players": holders})
                return
        self._end_hand()

    def _bet_action(self, seat: int, action: Action) -> None:
        betting = self._betting
        kind = action.type
        result = None
        if kind == "paso":
            self._emit("paso", {"seat": seat, "lance": self.lance})
            result = betting.paso()
        elif kind == "envido":
            betting.bet(seat, action.amount)
            self._emit("envido", {"seat": seat, "lance": self.lance, "amount": action.amount,
                                  "total": betting.total})
        elif kind == "ordago":
            betting.bet(seat, None)
            self._emit("ordago", {"seat": seat, "lance": self.lance})
        elif kind == "quiero":
            self._emit("quiero", {"seat": seat, "lance": self.lance})
            result = betting.quiero()
        else:
            self._emit("no_quiero", {"seat": seat, "lance": self.lance})
            result = betting.no_quiero()
        if result is not None:
            self._close_lance(result)

    def _close_lance(self, result: dict) -> None:
        lance = self.lance
        self.bets[lance] = result
        self._betting = None
        self._emit("lance_closed", {"lance": lance, "result": dict(result)})
        if "deje" in result:  # the deje is paid at once, and can end the game in the middle of the hand
            team = result["team"]
            self.scores[team] += result["deje"]
            self._emit("deje", {"lance": lance, "team": team, "points": result["deje"], "scores": list(self.scores)})
            if self.scores[team] >= self.options.target:
                self._end_hand()
                return
        if result["result"] == "ordago_accepted":  # the hand stops: cards on the table
            self._end_hand()
            return
        self._next_lance()

    # ----- end of a hand, a game, a vaca, the match ----------------------------------------------------------

    def _end_hand(self) -> None:
        self.lance = None
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
            self.phase = "hand_over"
        else:
            self._end_game(counted.winner_team)

    def _end_game(self, team: int) -> None:
        self.winner_team = team
        self.games_won[team] += 1
        self.phase = "game_over"
        self._emit("game_over", {"winner_team": team, "scores": list(self.scores)})
        if not self.options.vacas or self.games_won[team] < WINS_NEEDED:
            return
        self.vacas_won[team] += 1
        self._emit("vaca_over", {"winner_team": team, "vacas_won": list(self.vacas_won)})
        if self.vacas_won[team] == WINS_NEEDED:
            self.phase = "match_over"
            self._emit("match_over", {"winner_team": team})

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
        return self.phase == "match_over" or (self.phase == "game_over" and not self.options.vacas)

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "mus":
            return (self._speaker,)
        if self._betting is not None:
            return (self._betting.turn,)
        if phase == "discard":
            return tuple(s for s in ((self.mano + i) % 4 for i in range(4)) if self._discards[s] is None)
        return () if self.is_over else SEATS  # next_hand: any seat

    @property
    def turn(self) -> int | None:
        if self.phase == "mus":
            return self._speaker
        return self._betting.turn if self._betting is not None else None

    def legal_actions(self, seat: int) -> list[dict]:
        if seat not in self.to_act():
            return []
        if self.phase == "mus":
            return [{"type": "mus"}, {"type": "corto"}]
        if self.phase == "discard":
            return [{"type": "discard", "min": 1, "max": 4}]
        if self._betting is not None:
            return self._betting.legal()
        return [{"type": "next_hand"}]

    def concrete_actions(self, seat: int) -> list[Action]:
        actions = []
        for legal in self.legal_actions(seat):
            kind = legal["type"]
            if kind == "envido":
                actions.extend(Action(kind, amount) for amount in range(legal["min"], legal["max"] + 1))
            elif kind == "discard":
                hand = self.hands[seat]
                actions.extend(Action(kind, cards=cards) for n in range(1, 5) for cards in combinations(hand, n))
            else:
                actions.append(Action(kind))
        return actions

    # ----- applying an action --------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action | dict) -> list[Event]:
        """Play ``action`` for ``seat``; returns the events it caused. Raises ``IllegalAction`` (nothing changed)."""
        if isinstance(action, dict):
            action = Action.from_json(action)
        self._check(seat, action)
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

    def _check(self, seat: int, action: Action) -> None:
        if not isinstance(action, Action):
            raise IllegalAction("bad_action", "an action must be an Action")
        action.check()
        if seat not in SEATS:
            raise IllegalAction("bad_seat", f"there is no seat {seat!r}", seat=seat)
        if self.is_over:
            raise IllegalAction("game_over", "the game is over", phase=self.phase)
        legal = self.legal_actions(seat)
        if not legal:
            self._refuse_turn(seat)
        entry = next((item for item in legal if item["type"] == action.type), None)
        if entry is None:
            types = [item["type"] for item in legal]
            raise IllegalAction("not_allowed", f"{action.type} is not possible now (possible: {', '.join(types)})",
                                type=action.type, phase=self.phase, legal=types)
        if action.type == "envido" and not entry["min"] <= action.amount <= entry["max"]:
            raise IllegalAction("bad_amount", f"envido must add {entry['min']} to {entry['max']} tantos, "
                                f"not {action.amount}", amount=action.amount, min=entry["min"], max=entry["max"])
        if action.type == "discard":
            self._check_discard(seat, action.cards)

    def _refuse_turn(self, seat: int) -> None:
        betting = self._betting
        if betting is not None and betting.bettor is not None and betting.bettor % 2 == seat % 2:
            raise IllegalAction("betting_team", f"team {seat % 2} made the bet: only team {1 - seat % 2} answers it",
                                seat=seat, team=seat % 2)
        if self.phase == "discard":
            raise IllegalAction("already_discarded", f"seat {seat} has already chosen its discards", seat=seat)
        if betting is not None and seat not in betting.eligible:
            raise IllegalAction("not_eligible", f"seat {seat} does not take part in {betting.lance}",
                                seat=seat, lance=betting.lance)
        raise IllegalAction("not_your_turn", f"it is not seat {seat}'s turn", seat=seat, to_act=list(self.to_act()))

    def _check_discard(self, seat: int, cards: tuple[Card, ...]) -> None:
        if not 1 <= len(cards) <= 4:
            raise IllegalAction("discard_count", f"discard 1 to 4 cards, not {len(cards)}", count=len(cards))
        if len(set(cards)) != len(cards):
            raise IllegalAction("repeated_card", "a card is listed twice", cards=_codes(cards))
        for card in cards:
            if card not in self.hands[seat]:
                raise IllegalAction("card_not_held", f"seat {seat} does not hold {card}", seat=seat, card=str(card))

    # ----- what a seat may know ------------------------------------------------------------------------------

    def view(self, seat: int) -> dict:
        """Everything ``seat`` may know now, JSON-ready; never another seat's cards before the showdown."""
        own_discard = self._discards[seat] if self.phase == "discard" else None
        return {
            "seat": seat, "options": self.options.to_json(), "phase": self.phase, "turn": self.turn,
            "to_act": list(self.to_act()), "mano": self.mano, "game_number": self.game_number,
            "hand_number": self.hand_number, "scores": list(self.scores), "games_won": list(self.games_won),
            "vacas_won": list(self.vacas_won), "hand": _codes(self.hands[seat]),
            "my_discard": None if own_discard is None else _codes(own_discard),
            "mus_round": self.mus_round, "discard_counts": [list(c) for c in self.discard_counts],
            "stock_size": len(self.stock), "declarations": {k: list(v) for k, v in self.declarations.items()},
            "lance": self.lance, "bets": {k: dict(v) for k, v in self.bets.items()},
            "live_bet": self._betting.live() if self._betting is not None else None,
            "legal_actions": self.legal_actions(seat), "game_over": self.phase in OVER_PHASES,
            "is_over": self.is_over, "winner_team": self.winner_team, "last_hand": self.last_hand,
        }

    def events_for(self, seat: int, start: int = 0) -> list[dict]:
        """The events ``seat`` may see, from index ``start`` of the game's event log; each carries its ``index``."""
        return [dict(event.to_json(), index=i) for i, event in enumerate(self.events[start:], start)
                if event.visible_to(seat)]

    def _emit(self, code: str, params: dict, audience="all") -> None:
        self.events.append(Event(code, params, audience))

    # ----- serialisation and replay --------------------------------------------------------------------------

    def to_json(self) -> dict:
        data = {"options": self.options.to_json(), "seed": self.seed,
                "history": [[seat, action.to_json()] for seat, action in self.history]}
        if self.setup:
            data["setup"] = {key: _setup_json(key, value) for key, value in self.setup.items()}
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


def _setup_json(key: str, value):
    if key == "hands":
        return [_codes(hand) for hand in value]
    if key == "stock":
        return _codes(value)
    return value


def _step_json(step) -> dict:
    return dict(step._asdict(), scores_after=list(step.scores_after))

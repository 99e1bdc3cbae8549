"""What one seat may know of a game: the ``Observation`` (OpenSpiel's observer), built by ``Game.observation``.

Bots, lessons and the table read it; its JSON form is the table's view (``Game.view(seat)``)::

    >>> from tutorial.engine import Game, Options
    >>> game = Game(Options(), seed=7)
    >>> seen = game.observation(game.turn)
    >>> str(seen.phase), [legal.type for legal in seen.legal_actions], len(seen.hand)
    ('mus', ['mus', 'corto'], 4)
    >>> Observation.from_json(seen.to_json()) == seen
    True

It holds the cards the seat holds now and nothing of the others' before the showdown (the showdown's cards come
only in ``last_hand``, once the hand is counted); the cards it threw away are in its own events.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import NamedTuple

from tutorial.engine.actions import Action, LegalAction
from tutorial.engine.betting import Betting, LiveBet
from tutorial.engine.cards import Card, parse_cards
from tutorial.engine.options import Options
from tutorial.engine.phases import Outcome, Phase
from tutorial.engine.seats import team
from tutorial.engine.senas import SeenSena, seen_by


class MusSpeech(NamedTuple):
    """One "mus" or "corto", said in mus round ``mus_round`` (1 before the first discards)."""

    mus_round: int
    seat: int
    word: str


class Speech(NamedTuple):
    """One word of a lance's betting, and the bet it was said against: what that bet was worth if accepted
    (``total``, 0 in the opening round), what refusing it paid (``deje``) and whether it was an órdago."""

    seat: int
    action: Action
    total: int
    deje: int
    ordago: bool

    def to_json(self) -> dict:
        return {"seat": self.seat, "action": self.action.to_json(), "total": self.total, "deje": self.deje,
                "ordago": self.ordago}

    @classmethod
    def from_json(cls, data: dict) -> Speech:
        return cls(data["seat"], Action.from_json(data["action"]), data["total"], data["deje"], data["ordago"])


class LanceRecord(NamedTuple):
    """One lance of the hand as far as it went: who takes part (``players``, in speaking order), what was declared
    on reaching it (pares, or juego for juego and punto; None for grande and chica), why it was skipped
    (``"nobody"``, ``"only_team"``; None when bet), every word said, and its result once closed."""

    lance: str
    players: tuple[int, ...]
    declared: tuple[bool, ...] | None
    skipped: str | None
    speeches: tuple[Speech, ...]
    result: dict | None

    def to_json(self) -> dict:
        return {"lance": self.lance, "players": list(self.players),
                "declared": None if self.declared is None else list(self.declared), "skipped": self.skipped,
                "speeches": [speech.to_json() for speech in self.speeches],
                "result": None if self.result is None else dict(self.result)}

    @classmethod
    def from_json(cls, data: dict) -> LanceRecord:
        declared = data["declared"]
        return cls(data["lance"], tuple(data["players"]), None if declared is None else tuple(declared),
                   data["skipped"], tuple(map(Speech.from_json, data["speeches"])), data["result"])


def _cards(codes) -> tuple[Card, ...]:
    return parse_cards(list(codes))


def _codes(cards) -> list[str]:
    return [str(card) for card in cards]


@dataclass(frozen=True)
class Observation:
    """Everything ``seat`` may know now. Dict fields (``bets``, ``last_hand``) are the game's explain-format
    values: read them, do not change them."""

    seat: int
    options: Options
    phase: Phase
    turn: int | None
    to_act: tuple[int, ...]
    mano: int
    deal_mano: int                           # the mano the hand was dealt from (a mus corrido corto moves it)
    order: tuple[int, ...]                   # the speaking order, from the mano
    game_number: int
    hand_number: int
    scores_before: tuple[int, int]           # at the start of the hand
    scores: tuple[int, int]                  # now: dejes are paid at once
    games_won: tuple[int, int]
    vacas_won: tuple[int, int]
    hand: tuple[Card, ...]
    my_discard: tuple[Card, ...] | None      # own chosen discard while others still choose
    mus_round: int
    mus_talk: tuple[MusSpeech, ...]
    discard_counts: tuple[tuple[int, ...], ...]  # rounds all four chose, each (n0, n1, n2, n3)
    reshuffled: bool                         # thrown cards came back into the stock this hand
    stock_size: int
    declarations: dict                       # {"pares": (bool x4), "juego": ...} as far as made
    lances: tuple[LanceRecord, ...]          # the lances reached, in order
    lance: str | None
    bets: dict                               # closed lances of this hand, explain format
    live_bet: LiveBet | None
    legal_actions: tuple[LegalAction, ...]
    winner_team: int | None
    outcome: Outcome | None                  # how the game just finished, while the phase says it is over
    last_hand: dict | None
    senas: tuple[SeenSena, ...] = ()         # the hand's signals this seat saw (señas): its team's, those it caught
    windows: tuple[int, ...] = ()            # signallers whose catch window is open for this seat

    @property
    def team(self) -> int:
        return team(self.seat)

    @property
    def game_over(self) -> bool:
        return self.phase.game_is_over

    @property
    def is_over(self) -> bool:
        """Nothing more can be played: the match is over, or the game without vacas."""
        return self.phase.is_final(self.options.vacas)

    def actions(self) -> list[Action]:
        """Every concrete legal action, in the order of ``Game.concrete_actions``."""
        return [action for legal in self.legal_actions for action in legal.actions(self.hand)]

    def record(self, lance: str | None = None) -> LanceRecord | None:
        """The record of ``lance`` (default: the lance being bet), None when not reached."""
        lance = lance or self.lance
        return next((record for record in self.lances if record.lance == lance), None)

    def betting(self) -> Betting | None:
        """The lance being bet as a fresh ``Betting``, for what-if questions (None outside a lance)."""
        if not self.phase.is_lance:
            return None
        record = self.record()
        betting = Betting(record.lance, record.players, self.options.target)
        for speech in record.speeches:
            betting.play(speech.seat, speech.action)
        return betting

    # ----- JSON: the table's view -----------------------------------------------------------------------------

    def to_json(self) -> dict:
        return {
            "seat": self.seat, "team": self.team, "options": self.options.to_json(), "phase": str(self.phase), "turn": self.turn,
            "to_act": list(self.to_act), "mano": self.mano, "deal_mano": self.deal_mano, "order": list(self.order),
            "game_number": self.game_number, "hand_number": self.hand_number,
            "scores_before": list(self.scores_before), "scores": list(self.scores),
            "games_won": list(self.games_won), "vacas_won": list(self.vacas_won), "hand": _codes(self.hand),
            "my_discard": None if self.my_discard is None else _codes(self.my_discard),
            "mus_round": self.mus_round, "mus_talk": [speech._asdict() for speech in self.mus_talk],
            "discard_counts": [list(counts) for counts in self.discard_counts], "reshuffled": self.reshuffled,
            "stock_size": self.stock_size,
            "declarations": {play: list(said) for play, said in self.declarations.items()},
            "lances": [record.to_json() for record in self.lances], "lance": self.lance,
            "bets": {lance: dict(bet) for lance, bet in self.bets.items()},
            "live_bet": None if self.live_bet is None else self.live_bet.to_json(),
            "legal_actions": [legal.to_json() for legal in self.legal_actions], "game_over": self.game_over,
            "is_over": self.is_over, "winner_team": self.winner_team,
            "outcome": None if self.outcome is None else self.outcome.to_json(), "last_hand": self.last_hand,
            "senas": [sena.to_json() for sena in self.senas], "windows": list(self.windows),
        }

    @classmethod
    def from_json(cls, data: dict) -> Observation:
        """Read back ``to_json`` (a stored or received view)."""
        read = {
            "options": Options.from_json, "phase": Phase, "to_act": tuple, "order": tuple, "scores_before": tuple,
            "scores": tuple, "games_won": tuple, "vacas_won": tuple, "hand": _cards,
            "my_discard": lambda codes: None if codes is None else _cards(codes),
            "mus_talk": lambda talk: tuple(MusSpeech(**speech) for speech in talk),
            "discard_counts": lambda rounds: tuple(map(tuple, rounds)),
            "declarations": lambda said: {play: tuple(seats) for play, seats in said.items()},
            "lances": lambda records: tuple(map(LanceRecord.from_json, records)),
            "live_bet": lambda live: None if live is None else LiveBet.from_json(live),
            "legal_actions": lambda legal: tuple(map(LegalAction.from_json, legal)),
            "outcome": lambda outcome: None if outcome is None else Outcome.from_json(outcome),
            "senas": lambda seen: tuple(map(SeenSena.from_json, seen)), "windows": tuple,
        }
        return cls(**{field.name: read.get(field.name, lambda value: value)(data[field.name])
                      for field in fields(cls)})


def observe(game, seat: int) -> Observation:
    """``seat``'s observation of ``game`` (``Game.observation`` calls it)."""
    betting = game._betting
    own_discard = game._discards[seat] if game.phase == Phase.DISCARD else None
    speeches = game._speeches
    seen, windows = seen_by(game, seat)
    return Observation(
        seat=seat, options=game.options, phase=game.phase, turn=game.turn, to_act=game.to_act(), mano=game.mano,
        deal_mano=game.deal_mano, order=game.order, game_number=game.game_number, hand_number=game.hand_number,
        scores_before=tuple(game.scores_before), scores=tuple(game.scores), games_won=tuple(game.games_won),
        vacas_won=tuple(game.vacas_won), hand=tuple(game.hands[seat]),
        my_discard=own_discard, mus_round=game.mus_round, mus_talk=tuple(MusSpeech(*said) for said in game.mus_talk),
        discard_counts=tuple(map(tuple, game.discard_counts)), reshuffled=game.reshuffled,
        stock_size=len(game.stock), declarations={play: tuple(said) for play, said in game.declarations.items()},
        lances=tuple(LanceRecord(lance, players, declared, skipped,
                                 tuple(Speech(*said) for said in speeches.get(lance, ())), game.bets.get(lance))
                     for lance, players, declared, skipped in game.lance_log),
        lance=game.lance, bets={lance: dict(bet) for lance, bet in game.bets.items()},
        live_bet=betting.live() if betting is not None else None, legal_actions=game.legal(seat),
        winner_team=game.winner_team, outcome=game.outcome(), last_hand=game.last_hand, senas=seen, windows=windows,
    )

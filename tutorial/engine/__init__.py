"""The rules engine of Escuela de Mus: pure Python, no Flask. The contract is docs/engine-api.md.

The engine's vocabulary is exported here once: the lances (``LANCES``), the five bet results (``RESULTS``),
``Phase``, ``Outcome``, and the seat helpers (``partner``, ``team``, ``order_from`` ...).
"""
from tutorial.engine.cards import DECK, Card, card_points, parse_cards, parse_hands, value_rank
from tutorial.engine.count import RESULTS, CountResult, CountStep, count_hand
from tutorial.engine.errors import BetError, CardError, EngineError, ExplainError
# explain shadows its module's name, as issue 2 names it
from tutorial.engine.explain import deje_that_ended, explain, points_per_lance
from tutorial.engine.hands import HandInfo, Pares, evaluate
from tutorial.engine.showdown import LANCES, LanceShowdown, Showdown, showdown
from tutorial.engine.seats import SEATS, TEAMS, next_seat, order_from, partner, position, rivals, team, team_seats
from tutorial.engine.phases import Outcome, Phase, Termination
from tutorial.engine.actions import (BET_TYPES, MUS_TYPES, OUT_OF_TURN, SPOKEN_TYPES, TURN_TYPES, LegalAction,
                                     is_turn_action)
from tutorial.engine.betting import Betting, LiveBet
from tutorial.engine.observation import LanceRecord, MusSpeech, Observation, Speech
from tutorial.engine.game import Action, Event, Game, IllegalAction, Options, OptionsError

__all__ = [
    "DECK", "Card", "card_points", "parse_cards", "parse_hands", "value_rank",
    "RESULTS", "CountResult", "CountStep", "count_hand",
    "BetError", "CardError", "EngineError", "ExplainError", "deje_that_ended", "explain", "points_per_lance",
    "HandInfo", "Pares", "evaluate",
    "LANCES", "LanceShowdown", "Showdown", "showdown",
    "SEATS", "TEAMS", "next_seat", "order_from", "partner", "position", "rivals", "team", "team_seats",
    "Outcome", "Phase", "Termination",
    "BET_TYPES", "MUS_TYPES", "OUT_OF_TURN", "SPOKEN_TYPES", "TURN_TYPES", "is_turn_action",
    "LegalAction", "Betting", "LiveBet", "LanceRecord", "MusSpeech", "Observation", "Speech",
    "Action", "Event", "Game", "IllegalAction", "Options", "OptionsError",
]

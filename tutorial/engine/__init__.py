"""The rules engine of Escuela de Mus: pure Python, no Flask. The contract is docs/engine-api.md."""
from tutorial.engine.cards import DECK, Card, card_points, parse_cards, parse_hands, value_rank
from tutorial.engine.count import CountResult, CountStep, count_hand
from tutorial.engine.errors import BetError, CardError, EngineError, ExplainError
from tutorial.engine.explain import explain  # the function shadows its module's name, as issue 2 names it
from tutorial.engine.hands import HandInfo, Pares, evaluate
from tutorial.engine.showdown import LANCES, LanceShowdown, Showdown, showdown
from tutorial.engine.game import Action, Event, Game, IllegalAction, Options, OptionsError

__all__ = [
    "DECK", "Card", "card_points", "parse_cards", "parse_hands", "value_rank",
    "CountResult", "CountStep", "count_hand",
    "BetError", "CardError", "EngineError", "ExplainError", "explain",
    "HandInfo", "Pares", "evaluate",
    "LANCES", "LanceShowdown", "Showdown", "showdown",
    "Action", "Event", "Game", "IllegalAction", "Options", "OptionsError",
]

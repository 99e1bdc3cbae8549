"""A game's state as compact JSON-ready data: ``Game.snapshot()`` and ``Game.from_snapshot()`` use these.

A snapshot holds everything the game needs to go on exactly as if it had been replayed from its history: the
cards, the betting, the scores, the random generator's state, and the event log of the current hand (what the
seats' views and the bots read). Its size does not grow with the game: the history and the events of earlier
hands are left out, so a restored game starts its ``history`` and ``events`` lists at ``first_move`` and
``first_event`` (the game's ``move_count`` and ``event_count`` still count everything).
"""
from __future__ import annotations

import base64
import random
import struct

from tutorial.engine.actions import Action
from tutorial.engine.betting import Betting
from tutorial.engine.cards import parse_cards, parse_hands
from tutorial.engine.errors import EngineError
from tutorial.engine.events import VIEWERS, Event
from tutorial.engine.observation import MusSpeech, Speech
from tutorial.engine.options import setup_json
from tutorial.engine.phases import Outcome, Phase
from tutorial.engine.senas import Senas
from tutorial.engine.showdown import showdown

FORMAT = 1
_NO_SENAS = {"made": [], "windows": [], "catches": []}
_MT_WORDS = 625  # Mersenne Twister: 624 words of state and the position in them

# Attributes copied as they are (JSON-ready numbers, strings, lists of them and dicts of those).
PLAIN = ("seed", "games_won", "vacas_won", "game_number", "hand_number", "scores", "winner_team", "mano",
         "deal_mano", "mus_round", "discard_counts", "reshuffled", "declarations", "bets", "lance")
# Attributes encoded by this module (cards as codes, objects as dicts); with PLAIN, the whole state of a Game.
# (``_seen_mark`` is not written: a restored game counts again from ``first_seen``.)
ENCODED = ("options", "setup", "rng", "history", "events", "first_move", "first_event", "first_seen", "_seen_mark",
           "phase", "scores_before", "hands", "stock", "pile", "_speaker", "_discards", "mus_talk", "lance_log",
           "_speeches", "_betting", "_showdown", "_lances", "_last_hand", "_outcome", "senas")


def take(game, shared: bool = False) -> dict:
    """The snapshot of ``game``, from the start of its current hand's events; ``game`` is not changed. ``shared``:
    its plain lists and dicts (the scores, the bets, the last hand's explanation...) are the game's own, not copies,
    for a caller that writes it out before the game moves on (copying them was a third of a hand end's save)."""
    hand_start = current_hand_start(game)
    copy = (lambda value: value) if shared else copied
    betting = game._betting
    # With its explanation, built here once per hand: otherwise every request of a loaded game would build it again.
    last_hand = game.last_hand
    data = {name: copy(getattr(game, name)) for name in PLAIN}  # unless shared, nothing is the game's own
    data.update({
        "format": FORMAT, "options": game.options.to_json(), "setup": setup_json(game.setup),
        "rng": _rng_json(game.rng), "moves": game.move_count, "first_event": hand_start,
        "first_seen": game.seen_before(hand_start), "phase": str(game.phase),
        "events": [_event_json(event) for event in game.events[hand_start - game.first_event:]],
        "scores_before": list(game.scores_before), "hands": [_codes(hand) for hand in game.hands],
        "stock": _codes(game.stock), "pile": _codes(game.pile), "speaker": game._speaker,
        "discards": [None if cards is None else _codes(cards) for cards in game._discards],
        "mus_talk": [list(speech) for speech in game.mus_talk],
        "lance_log": [[lance, list(players), None if declared is None else list(declared), skipped]
                      for lance, players, declared, skipped in game.lance_log],
        "speeches": {lance: [[speech[0], speech[1].to_json(), *speech[2:]] for speech in speeches]
                     for lance, speeches in game._speeches.items()},
        "betting": None if betting is None else {name: getattr(betting, name) for name in Betting.__slots__},
        "showdown": game._showdown is not None, "lances": list(game._lances), "senas": game.senas.to_json(),
        "outcome": None if game._outcome is None else game._outcome.to_json(),
        "last_hand": copy(last_hand),
    })
    return data


def restore(game, data: dict, options_type) -> None:
    """Fill the bare ``game`` (made with ``__new__``) from ``data``, whose lists and dicts it takes over (copying
    them would cost a request more than the rest of the loading: ``json.loads`` gives fresh ones); malformed data
    raises ``EngineError``."""
    try:
        if data["format"] != FORMAT:
            raise ValueError(f"snapshot format {data['format']!r}")
        for name in PLAIN:
            setattr(game, name, data[name])
        game.options = options_type.from_json(data["options"])
        game.setup = _setup_from_json(data["setup"])
        game.rng = _rng_from_json(data["rng"])
        game.history, game.first_move = [], data["moves"]
        game.events, game.first_event = [_event_from_json(item) for item in data["events"]], data["first_event"]
        # Snapshots taken before the viewers' own numbering number from the log's index: no gap before the hand.
        game.first_seen = data.get("first_seen") or [game.first_event] * len(VIEWERS)
        game._seen_mark = (game.first_event, tuple(game.first_seen))
        game.phase = Phase(data["phase"])
        game.scores_before = tuple(data["scores_before"])
        game.hands = [list(parse_cards(hand)) for hand in data["hands"]]
        game.stock, game.pile = list(parse_cards(data["stock"])), list(parse_cards(data["pile"]))
        game._speaker = data["speaker"]
        game._discards = [None if cards is None else parse_cards(cards) for cards in data["discards"]]
        game.mus_talk = [MusSpeech(*speech) for speech in data["mus_talk"]]
        game.lance_log = [(lance, tuple(players), None if declared is None else tuple(declared), skipped)
                          for lance, players, declared, skipped in data["lance_log"]]
        game._speeches = {lance: [Speech(seat, Action.from_json(action), *rest) for seat, action, *rest in speeches]
                          for lance, speeches in data["speeches"].items()}
        game._betting = None if data["betting"] is None else _betting_from_json(data["betting"])
        game._showdown = None
        if data["showdown"]:  # the hands do not change once the lances begin: the showdown is the same
            game._showdown = showdown(tuple(map(tuple, game.hands)), game.mano, game.options.reyes,
                                      game.options.real)
        game._lances = list(data["lances"])
        game.senas = Senas.from_json(data.get("senas", _NO_SENAS))  # snapshots taken before señas have none
        game._last_hand = data["last_hand"]
        game._outcome = None if data["outcome"] is None else Outcome.from_json(data["outcome"])
    except EngineError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, struct.error) as error:
        raise EngineError("bad_snapshot", f"not a game snapshot: {error!r}") from error


def copied(value):
    """A copy of JSON-like data (lists and dicts; numbers, strings and tuples of them are immutable): cheaper than
    deepcopy (a third of its time on a hand's explanation), which a request would pay twice."""
    if isinstance(value, list):
        return [copied(item) for item in value]
    if isinstance(value, dict):
        return {key: copied(item) for key, item in value.items()}
    return value


def current_hand_start(game) -> int:
    """The index (in the whole game's log) of the current hand's ``hand_start`` event."""
    for i in range(len(game.events) - 1, -1, -1):
        if game.events[i].code == "hand_start":
            return game.first_event + i
    return game.first_event


def _codes(cards) -> list[str]:
    return [str(card) for card in cards]


def _setup_from_json(data: dict) -> dict:
    setup = dict(data)
    if "hands" in setup:
        setup["hands"] = parse_hands(setup["hands"])
    if "stock" in setup:
        setup["stock"] = parse_cards(setup["stock"])
    return setup


def _rng_json(rng: random.Random) -> dict:
    version, words, gauss = rng.getstate()
    return {"version": version, "state": base64.b64encode(struct.pack(f"<{_MT_WORDS}I", *words)).decode(),
            "gauss": gauss}


def _rng_from_json(data: dict) -> random.Random:
    rng = random.Random()
    words = struct.unpack(f"<{_MT_WORDS}I", base64.b64decode(data["state"], validate=True))
    rng.setstate((data["version"], words, data["gauss"]))
    return rng


def _event_json(event: Event) -> list:
    return [event.code, event.params, event.audience if isinstance(event.audience, str) else list(event.audience)]


def _event_from_json(item) -> Event:
    code, params, audience = item
    return Event(code, params, audience if isinstance(audience, str) else tuple(audience))


def _betting_from_json(data: dict) -> Betting:
    betting = Betting(data["lance"], tuple(data["eligible"]), data["target"])
    for name in Betting.__slots__:
        setattr(betting, name, data[name])
    betting.eligible = tuple(betting.eligible)
    return betting


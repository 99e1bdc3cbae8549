"""A started room seen by a visitor without a seat: the spectators' view and what their event stream shows
(docs/api-rooms.md, "Watching a room").

A spectator sees what everyone at the table sees and nothing more: the names, the score, the turn, the bets, the
declarations and the events told to all four seats (``Event.visible_to(None)``), in words with the people's names.
Never a hand, a discard's cards, a signal or a flash; the cards shown at the end of a hand (the showdown, the
explanation's hands) are shown to every seat, so to them too. The game's fields are taken only from ``PUBLIC``,
whose values are the same in all four seats' observations (tests/rooms/test_rooms_watching.py checks it).
"""
from __future__ import annotations

from tutorial.engine.snapshot import current_hand_start
from tutorial.narrator import score_words
from tutorial.rooms import Room, narration as room_narration

# The observation's fields that are the same for every seat (what the whole table sees).
PUBLIC = ("phase", "turn", "to_act", "mano", "order", "game_number", "hand_number", "scores", "games_won",
          "vacas_won", "mus_round", "mus_talk", "discard_counts", "declarations", "lances", "lance", "bets",
          "live_bet", "game_over", "winner_team", "outcome")


def names(room: Room) -> tuple[str, ...]:
    """The four seats' names for a spectator: the people's own, the bots by seat number."""
    return room_narration.names_for(room, None)


def watch_view(room: Room, lobby: dict) -> dict:
    """The spectator's view of a started room: the lobby's fields (``version``: the spectators' own), ``watching``,
    the game's public fields, the current hand's public events in words, and the hand just over while it is."""
    game = room.game
    seen = game.observation(0).to_json()
    view = dict(lobby, watching=True, version=room.version_of(None), names=list(names(room)))
    view.update({key: seen[key] for key in PUBLIC})
    view.update(score_words(seen["scores"]))
    view["match_over"] = game.is_over
    view["events"] = room_narration.narrator(room.id, room.games, None, names(room))(
        game.events_for(None, current_hand_start(game), numbered=True))
    # The hands shown at the end of a hand, while it is over (every seat is shown them then).
    view["last_hand"] = ({"hands": seen["last_hand"]["hands"], "mano": seen["last_hand"]["mano"]}
                         if game.phase.hand_is_over and seen["last_hand"] else None)
    return view

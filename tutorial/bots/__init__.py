"""Bots that play Mus through the engine, seeing only what their seat may see.

Interface (what the table server calls)::

    from tutorial.bots import make_bot
    bot = make_bot("medium", seed=7)          # level: "easy", "medium", "hard" or "expert"
    action = bot.act(game, seat)              # an engine Action, always one of game.concrete_actions(seat)
    game.apply(seat, action)

``act`` reads only ``game.observation(seat)`` (whose ``actions()`` are ``game.concrete_actions(seat)``) and
(hard) ``game.events_for(seat)``; it never looks at another seat's cards. ``bot.choose(observation, events)`` is
the same decision from those values directly (``events``: that seat's events since the current hand started;
only the hard bot reads them, for the cards it threw away). Call ``act`` whenever the seat is in ``game.to_act()``: during the simultaneous discards, for each
seat that still has to choose. One bot object may play several seats and several games.
``make_bot("hard", seed, bet_model=False)`` turns off the hard bot's reading of the bets, ``robust=False`` reads them
with the single medium-like model instead of the mixture over the field (see docs/bots.md); the robust hard bot
also reads the earlier hands of the game as its seat saw them (``game.events_for(seat, start)``, each hand once), a
reading that ``bot.memory(game, seats)`` gives as JSON and ``bot.recall(game, memory)`` takes up in a bot made
for the next request (the table and rooms store it).
``make_bot(name, seed)`` also makes the sparring field's personalities (``personalities()``) and the outsiders
(``outsiders()``: the club player).
"""
from __future__ import annotations

from tutorial.bots.base import Bot

LEVELS = ("easy", "medium", "hard", "expert")


def personalities() -> tuple[str, ...]:
    """The sparring field's personalities (``tutorial/bots/field.py``), which ``make_bot`` also makes."""
    from tutorial.bots.field import FIELD
    return FIELD


def held_out() -> tuple[str, ...]:
    """Personalities kept out of every bot's model of the rivals and out of tuning (``field.HELD_OUT``), which
    ``make_bot`` also makes."""
    from tutorial.bots.field import HELD_OUT
    return HELD_OUT


def development() -> tuple[str, ...]:
    """Development rivals (``field.DEVELOPMENT``): tuned against with the field, outside its rotation and every
    bot's model of the rivals, which ``make_bot`` also makes."""
    from tutorial.bots.field import DEVELOPMENT
    return DEVELOPMENT


def outsiders() -> tuple[str, ...]:
    """Rivals written apart from the field's shared core (``club``: a club player's rules of thumb,
    ``tutorial/bots/club.py``), kept out of every bot's model of the rivals and out of tuning, to measure the bots
    against a style they were never made for; ``make_bot`` also makes them."""
    return ("club",)


def habits_level(level: str) -> str:
    """The level whose señas habits (signals, catch rate) a bot of ``level`` follows: a personality's are the
    medium bot's."""
    return level if level in LEVELS else "medium"


def make_bot(level: str, seed: int = 0, **options) -> Bot:
    """A bot of that level or personality; ``options`` are the level's own settings (hard: ``bet_model``,
    ``worlds``, ``tries``)."""
    if level in personalities() or level in held_out() or level in development():
        from tutorial.bots.field import FieldBot
        return FieldBot(level, seed=seed, **options)
    if level == "easy":
        from tutorial.bots.easy import EasyBot as cls
    elif level == "medium":
        from tutorial.bots.medium import MediumBot as cls
    elif level == "hard":
        from tutorial.bots.hard import HardBot as cls
    elif level == "expert":
        from tutorial.bots.expert import ExpertBot as cls
    elif level == "club":
        from tutorial.bots.club import ClubBot as cls
    else:
        raise ValueError(f"unknown bot level {level!r} (choose from "
                         f"{', '.join(LEVELS + personalities() + outsiders())})")
    return cls(seed=seed, **options)


__all__ = ["Bot", "LEVELS", "development", "habits_level", "held_out", "make_bot", "outsiders", "personalities"]

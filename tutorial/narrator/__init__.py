"""The narrator: the engine's codes (events, refusals, seats, teams, plays, counts) told as sentences in the
request's language, for a viewer. Every page that tells the game (the table, the lessons, the rules page, the hand
checker) says it through this package, and its sentences live in one catalog, locales/narrator.

- ``people``: who the sentences are told to, and so what the seats and teams are called (``Viewer``, ``Learner``,
  ``Cast``, ``Players``);
- ``words``: tantos, scores, lists, cards and actions;
- ``refusals``: why the engine refused an action;
- ``events``: the table's sentence for each event; ``notes``: the lesson table's shorter log;
  ``commentary``: the rules page's betting examples, which say why each step happens.
"""
from tutorial.narrator.events import sentence
from tutorial.narrator.people import Cast, Learner, Players, Viewer, bot_named, lesson_cast
from tutorial.narrator.refusals import refusal
from tutorial.narrator.words import (action_label, and_list, bet_label, capfirst, cards_text, hand_label,
                                     list_patterns, pares_word, score_text, score_words, stones_text,
                                     tantos)

__all__ = ["Cast", "Learner", "Players", "Viewer", "action_label", "and_list", "bet_label", "bot_named", "capfirst",
           "cards_text", "hand_label", "lesson_cast", "list_patterns", "pares_word", "refusal", "score_text",
           "score_words", "sentence", "stones_text", "tantos"]

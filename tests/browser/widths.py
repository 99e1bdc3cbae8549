"""The two page widths of the browser tests, and the pairs of language and width a long flow is walked in.

A flow that is the same in every language (a whole game, a whole lesson) is walked at phone width in each
language and at desktop width in Spanish, the reference; each language's pages are still seen by axe at both
widths in other tests (a page's own test, the end of a game's summary, the lessons walked at desktop width). Use
the pairs with the ``viewport`` fixture::

    @pytest.mark.parametrize(("lang", "viewport"), walks(LANGUAGES), indirect=["viewport"])
"""
from __future__ import annotations

from typing import NamedTuple

import pytest
from soak import full


class Viewport(NamedTuple):
    name: str
    width: int
    height: int


PHONE = Viewport("phone", 390, 844)
DESKTOP = Viewport("desktop", 1280, 900)
VIEWPORTS = [PHONE, DESKTOP]


def walks(languages, both=("es",)) -> list:
    """``(lang, viewport)`` parameters: every language at phone width, the ``both`` languages at desktop width too."""
    pairs = [(lang, PHONE) for lang in languages] + [(lang, DESKTOP) for lang in languages if lang in both]
    return [pytest.param(lang, width, id=f"{width.name}-{lang}") for lang, width in pairs]


# A page's own test in every language takes the ``viewport`` fixture's two widths: at the everyday size every
# language is seen at phone width (the narrow one, where long words break a layout) and at desktop width in the
# reference, Spanish; MUS_SOAK=full walks every pair.
DESKTOP_LANGUAGES = ("es",)


def walked(lang, viewport) -> bool:
    """Whether a test of ``lang`` at ``viewport`` runs at this size (anything without both runs)."""
    if lang is None or viewport is None or full():
        return True
    width = viewport if isinstance(viewport, Viewport) else None
    return width is None or width.name != "desktop" or lang in DESKTOP_LANGUAGES


# A behaviour that is the same in every language (the coach's hint key and review, the practice bars, the lessons'
# recap) is walked in these two at the everyday size, every language with MUS_SOAK=full: each language's own words
# on those pages are still read by the non-browser tests (tests/i18n/test_sentences.py) and its layout by the pages'
# tests in every language.
BEHAVIOUR_LANGUAGES = ("es", "eu")


def behaviour_languages(languages) -> list:
    """``languages`` with MUS_SOAK=full, else those of them in ``BEHAVIOUR_LANGUAGES``."""
    return list(languages) if full() else [lang for lang in languages if lang in BEHAVIOUR_LANGUAGES]

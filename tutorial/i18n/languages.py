"""The site's languages, in one place every layer reads (the web pages, the catalogs, the lessons loader).

A language is its code (the URL prefix ``/pt/``, the Babel locale, the catalog folder ``locales/<area>/pt/``, the
rules text ``locales/rules/pt.md`` and the key of its texts in a lesson file), its name as its speakers write it
(the language switcher) and the URL slug of every page. Adding a language is one more ``Language`` below, plus its
data: a catalog in every area of locales/, its rules text and its texts in every lesson file.

    >>> LANGUAGES[:3]
    ('es', 'pt', 'ca')
    >>> slugs("rules.page")["pt"]
    'regras'
    >>> anchor("senas", "ca"), anchor("grande", "ca")
    ('senyes', 'grans')
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Callable, Mapping

from babel import dates

from tutorial.paths import LOCALES


@dataclass(frozen=True)
class Language:
    code: str
    name: str
    slugs: Mapping[str, str]  # a page's endpoint -> its path after /<code>/ ("" is the language's home page)
    # A rules section's id -> its anchor on this language's rules page, where the language names it in its own
    # words (``{#sinais}`` in locales/rules/pt.md); a section not listed keeps its id as its anchor.
    anchors: Mapping[str, str]
    # A preposition of a message followed at once by a placeholder whose value starts with an article: the two
    # written as one word ("de %(player)s" with "el jugador 2" -> "del jugador 2"), as ``translate`` fills it in.
    contractions: Mapping[tuple[str, str], str] = field(default_factory=lambda: MappingProxyType({}))
    # A preposition written short before a value that starts with a vowel sound ("de %(player)s" with "Anna" ->
    # "d'Anna").
    elisions: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # A day written in full ("7 de diciembre de 2026"), where CLDR's long date, as Babel gives it, is not how the
    # language writes one: ``None`` keeps CLDR's.
    long_date: Callable[[datetime.date, str], str] | None = None


def basque_long_date(day: datetime.date, month: str) -> str:
    """A day as Basque writes it, its suffixes chosen by how the number is said, where CLDR leaves both to the reader
    ("2026(e)ko abenduaren 7(a)"): the year takes -eko after a number said with a final consonant (bat 1, bost 5,
    hamar 10, hamabost 15, ehun 100) and -ko after a vowel (2026ko, 2021eko, 2030eko, 2000ko); the day takes the
    article -a; the month ("abendua", its name as CLDR gives it) its genitive -ren.

    >>> basque_long_date(datetime.date(2026, 12, 7), "abendua")
    '2026ko abenduaren 7a'
    >>> basque_long_date(datetime.date(2030, 1, 1), "urtarrila")
    '2030eko urtarrilaren 1a'
    """
    year = day.year
    if year % 100:
        said_last = year % 100 if year % 100 < 20 else year % 20 or 20  # hogeita bat, berrogeita hamar, laurogei
        consonant = said_last in (1, 5, 10, 15)
    else:
        consonant = year % 1000 != 0  # ehun ("2100eko"); mila ("2000ko")
    return f"{year}{'eko' if consonant else 'ko'} {month}ren {day.day}a"


REGISTRY = (
    Language("es", "Español", MappingProxyType({
        "pages.home": "", "rules.page": "reglas", "lessons.index": "lecciones", "lessons.lesson": "lecciones/<key>",
        "table.page": "jugar", "checker.page": "comprobar", "practice.page": "practica",
        "room_pages.lobby": "sala", "room_pages.room": "sala/<room>"}),
        MappingProxyType({"senas": "senas"}),
        MappingProxyType({("a", "el"): "al", ("de", "el"): "del"})),
    Language("pt", "Português", MappingProxyType({
        "pages.home": "", "rules.page": "regras", "lessons.index": "licoes", "lessons.lesson": "licoes/<key>",
        "table.page": "jogar", "checker.page": "verificar", "practice.page": "pratica",
        "room_pages.lobby": "sala", "room_pages.room": "sala/<room>"}),
        MappingProxyType({
            "jugadores": "jogadores", "baraja": "baralho", "reyes": "reis", "orden": "ordem", "mano": "mao",
            "grande": "maior", "chica": "menor", "juego": "jogo", "punto": "ponto", "envites": "apostas",
            "tanteo": "contagem", "senas": "sinais", "glosario": "glossario", "preguntas": "perguntas",
            "faq-no-quiero": "faq-nao-quero", "faq-quien-contesta": "faq-quem-responde",
            "faq-duples-medias": "faq-dois-pares-trinca", "faq-palo": "faq-naipe", "faq-tres-rey": "faq-tres-rei",
            "faq-una-pareja": "faq-um-par"}),
        MappingProxyType({(preposition, article): joined
                          for preposition, forms in (("a", ("ao", "à", "aos", "às")),
                                                     ("de", ("do", "da", "dos", "das")),
                                                     ("em", ("no", "na", "nos", "nas")),
                                                     ("por", ("pelo", "pela", "pelos", "pelas")))
                          for article, joined in zip(("o", "a", "os", "as"), forms)})),
    Language("ca", "Català", MappingProxyType({
        "pages.home": "", "rules.page": "regles", "lessons.index": "llicons", "lessons.lesson": "llicons/<key>",
        "table.page": "jugar", "checker.page": "comprovar", "practice.page": "practica",
        "room_pages.lobby": "sala", "room_pages.room": "sala/<room>"}),
        MappingProxyType({
            "minuto": "minut", "objetivo": "objectiu", "jugadores": "jugadors", "baraja": "baralla", "reyes": "reis",
            "orden": "ordre", "mano": "ma", "grande": "grans", "chica": "petites", "pares": "parells",
            "juego": "joc", "punto": "punt", "envites": "envits", "tanteo": "recompte", "variantes": "variants",
            "senas": "senyes", "glosario": "glossari", "preguntas": "preguntes", "faq-no-quiero": "faq-no-vull",
            "faq-quien-contesta": "faq-qui-respon", "faq-duples-medias": "faq-duples-mitjanes",
            "faq-empate": "faq-empat", "faq-palo": "faq-pal", "faq-tres-rey": "faq-tres-rei",
            "faq-una-pareja": "faq-una-parella"}),
        MappingProxyType({("a", "el"): "al", ("de", "el"): "del", ("per", "el"): "pel", ("a", "els"): "als",
                          ("de", "els"): "dels", ("per", "els"): "pels"}),
        MappingProxyType({"de": "d'"})),
    Language("en", "English", MappingProxyType({
        "pages.home": "", "rules.page": "rules", "lessons.index": "lessons", "lessons.lesson": "lessons/<key>",
        "table.page": "play", "checker.page": "check", "practice.page": "practice",
        "room_pages.lobby": "room", "room_pages.room": "room/<room>"}),
        MappingProxyType({
            "minuto": "minute", "objetivo": "goal", "jugadores": "players", "baraja": "deck", "reyes": "kings",
            "orden": "order", "envites": "betting", "tanteo": "scoring", "final": "end", "variantes": "variants",
            "glosario": "glossary", "preguntas": "faq", "faq-quien-contesta": "faq-who-answers",
            "faq-empate": "faq-ties", "faq-palo": "faq-suits", "faq-tres-rey": "faq-three-king",
            "faq-una-pareja": "faq-one-team"})),
    Language("eu", "Euskara", MappingProxyType({
        "pages.home": "", "rules.page": "arauak", "lessons.index": "ikasgaiak", "lessons.lesson": "ikasgaiak/<key>",
        "table.page": "jokatu", "checker.page": "egiaztatu", "practice.page": "praktika",
        "room_pages.lobby": "gela", "room_pages.room": "gela/<room>"}),
        MappingProxyType({
            "minuto": "minutua", "objetivo": "helburua", "jugadores": "jokalariak", "baraja": "karta-sorta",
            "reyes": "erregeak", "orden": "ordena", "mano": "eskua", "lances": "jokaldiak", "grande": "handia",
            "chica": "txikia", "pares": "pareak", "juego": "jokoa", "punto": "puntua", "envites": "apustuak",
            "deje": "dejea", "ordago": "hordagoa", "tanteo": "tanteoa", "final": "amaiera", "variantes": "aldaerak",
            "senas": "keinuak", "glosario": "glosarioa", "preguntas": "galderak", "faq-no-quiero": "faq-ez",
            "faq-quien-contesta": "faq-nork-erantzun", "faq-duples-medias": "faq-dupleak-mediak",
            "faq-empate": "faq-berdinketa", "faq-palo": "faq-paloa", "faq-tres-rey": "faq-hiruko-errege",
            "faq-una-pareja": "faq-bikote-bakarra"}),
        long_date=basque_long_date),
)

LANGUAGES = tuple(language.code for language in REGISTRY)
DEFAULT_LANGUAGE = "es"  # the reference language, and a visitor's when nothing says otherwise
LANGUAGE_NAMES = MappingProxyType({language.code: language.name for language in REGISTRY})


def slugs(endpoint: str) -> dict[str, str]:
    """The page's slug in every language: ``slugs("table.page")`` -> ``{"es": "jugar", "pt": "jogar", ...}``."""
    missing = [language.code for language in REGISTRY if endpoint not in language.slugs]
    if missing:
        raise KeyError(f"the page {endpoint!r} has no slug in {missing}")
    return {language.code: language.slugs[endpoint] for language in REGISTRY}


def _language(lang: str) -> Language:
    return next(language for language in REGISTRY if language.code == lang)


def anchor(section: str, lang: str) -> str:
    """A rules section's anchor in one language: ``anchor("senas", "pt")`` -> ``'sinais'``."""
    return _language(lang).anchors.get(section, section)


def language_anchors(lang: str) -> Mapping[str, str]:
    """Every rules section this language names in its own words: id -> anchor."""
    return _language(lang).anchors


def joining(lang: str) -> tuple[Mapping[tuple[str, str], str], Mapping[str, str]]:
    """``lang``'s contractions and elisions: ``joining("es")[0][("de", "el")]`` -> ``'del'``,
    ``joining("ca")[1]["de"]`` -> ``"d'"``; both empty where the language writes its words apart."""
    language = next((language for language in REGISTRY if language.code == lang), None)
    return (language.contractions, language.elisions) if language else (MappingProxyType({}), MappingProxyType({}))


def long_date(day: datetime.date, lang: str) -> str:
    """A day written in full in ``lang``: ``long_date(datetime.date(2026, 12, 7), "es")`` -> ``'7 de diciembre de
    2026'``; ``"eu"`` -> ``'2026ko abenduaren 7a'``."""
    writer = _language(lang).long_date
    if writer is None:
        return dates.format_date(day, "long", locale=lang)
    return writer(day, dates.format_date(day, "MMMM", locale=lang))


def catalog_file(area: str, lang: str, root: Path = LOCALES) -> Path:
    """The message catalog of one area of the site in one language (its .mo sits beside it)."""
    return root / area / lang / "LC_MESSAGES" / "messages.po"


def rules_text_file(lang: str, root: Path = LOCALES / "rules") -> Path:
    """The rules page's text in one language (Markdown with example directives)."""
    return root / f"{lang}.md"

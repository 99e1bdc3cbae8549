"""Display names of people in a room: trimmed, limited in length, visible, never able to pass for another seat.

A name is cleaned (Unicode NFC; control, format and default-ignorable characters removed, such as U+200B or the
Hangul filler U+3164; white space runs made one space; trimmed) and then refused when it is empty, shows nothing
(``blank``: no letter, digit, punctuation or symbol that draws), is longer than ``MAX_LENGTH``, or matches a name
already seated or a word the site itself uses for a seat (``reserved``: "You", "Seat 1", "Bot" in every language,
given by the caller). Names match when they are the same without case, accents and spaces (``taken``), or when
their ``skeleton`` is the same: NFKC, and the common Cyrillic and Greek letters that look Latin read as those
(``lookalike``: "Dаni" with a Cyrillic "а" beside "Dani")::

    >>> clean_name("  Ana\\u202e  María ", others=["Bruno"])
    'Ana María'
    >>> try:
    ...     clean_name("ANA", others=["Ána"])
    ... except BadName as error:
    ...     error.code
    'taken'
    >>> try:
    ...     clean_name("D\\u0430ni", others=["Dani"])
    ... except BadName as error:
    ...     error.code
    'lookalike'
"""
from __future__ import annotations

import unicodedata

MAX_LENGTH = 20

# Default_Ignorable_Code_Point (Unicode's DerivedCoreProperties.txt): characters that draw nothing.
IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
             (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
             (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
             (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
BLANK = {"\u2800"}  # a symbol that draws nothing though it is no ignorable: BRAILLE PATTERN BLANK
REMOVED = ("Cc", "Cf", "Cs", "Co", "Cn")
# Letters of Cyrillic, Greek and Latin's own extensions that look like a Latin letter, capitals and small.
LOOKALIKES = str.maketrans({char: latin for chars, latin in (
    ("АΑ", "A"), ("ВΒ", "B"), ("СϹ", "C"), ("ЕΕ", "E"), ("НΗ", "H"), ("ІΙӀ", "I"), ("Ј", "J"), ("КΚ", "K"),
    ("МΜ", "M"), ("Ν", "N"), ("ОΟ", "O"), ("РΡ", "P"), ("Ԛ", "Q"), ("Ѕ", "S"), ("ТΤ", "T"), ("ХΧ", "X"),
    ("УҮΥ", "Y"), ("Ԝ", "W"), ("Ζ", "Z"),
    ("аɑα", "a"), ("сϲ", "c"), ("ԁ", "d"), ("е", "e"), ("ɡ", "g"), ("һ", "h"), ("іıɩι", "i"), ("јϳ", "j"),
    ("кκ", "k"), ("ӏ", "l"), ("оο", "o"), ("рρ", "p"), ("ԛ", "q"), ("ѕ", "s"), ("υ", "u"), ("ν", "v"),
    ("ԝω", "w"), ("хχ", "x"), ("уүγ", "y"),
) for char in chars})


class BadName(ValueError):
    """A name that cannot be used; ``code``: ``"type"``, ``"empty"``, ``"blank"``, ``"long"``, ``"taken"``,
    ``"lookalike"`` or ``"reserved"``."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


def invisible(char: str) -> bool:
    """A character that draws nothing: a default-ignorable one or a blank symbol."""
    code = ord(char)
    return char in BLANK or any(low <= code <= high for low, high in IGNORABLE)


def visible(char: str) -> bool:
    """A letter, digit, punctuation mark or symbol that draws (a mark alone or a space does not)."""
    return unicodedata.category(char)[0] in "LNPS" and not invisible(char)


def bare(text: str, form: str = "NFD") -> str:
    """``text`` decomposed (``form``), without accents, spaces or anything invisible."""
    return "".join(char for char in unicodedata.normalize(form, text)
                   if not (unicodedata.combining(char) or char.isspace() or invisible(char)))


def fold(name: str) -> str:
    """The form names are compared in: no case, no accents, no spaces, nothing invisible."""
    return bare(name.casefold(), "NFKD")


def skeleton(name: str) -> str:
    """``fold`` after NFKC with every lookalike read as the Latin letter it looks like (before and after the case
    is folded: a Greek capital Eta is an H, its small letter, an n-like eta, is left alone)."""
    text = bare(unicodedata.normalize("NFKC", name))
    return bare(text.translate(LOOKALIKES).casefold().translate(LOOKALIKES))


def clean_name(name, others=(), reserved=()) -> str:
    if not isinstance(name, str):
        raise BadName("type")
    kept = "".join(" " if char.isspace() else char for char in unicodedata.normalize("NFC", name)
                   if char.isspace() or not (unicodedata.category(char) in REMOVED or invisible(char)))
    cleaned = " ".join(kept.split())
    if not any(visible(char) for char in cleaned):
        raise BadName("blank" if name.strip() else "empty")
    if len(cleaned) > MAX_LENGTH:
        raise BadName("long")
    folded, shape = fold(cleaned), skeleton(cleaned)
    others = [other for other in others if other]
    if any(fold(other) == folded for other in others):
        raise BadName("taken")
    if any(skeleton(other) == shape for other in others):
        raise BadName("lookalike")
    if any(skeleton(word) == shape for word in reserved):
        raise BadName("reserved")
    return cleaned

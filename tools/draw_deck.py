"""Draw the project's Spanish deck: static/cards/<code>.svg for the 40 cards (1o..7o, 10o, 11o, 12o, and the same
for c, e, b) and static/cards/back.svg.

    python3 tools/draw_deck.py            # (re)writes the 41 files
    python3 tools/draw_deck.py --check    # exit 1 if a committed file differs from what this script draws

Every card is a 200x300 picture: a cream face, a frame whose breaks ("pintas") tell the suit (oros none, copas
one, espadas two, bastos three), the rank drawn as stroked digits in two corners (no font is needed, so the cards
look the same on every machine) with a small suit sign beneath, and the classic pip arrangements; the sota is a
standing page with a feathered cap, the caballo a rider on a horse, the rey a crowned king in a cape. Each file
defines its suit once as a <symbol> and reuses it. No accessible name is inside the SVG: the <img alt> carries
the localized card name.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "static" / "cards"

W, H = 200, 300
RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
SUITS = ("o", "c", "e", "b")

CREAM = "#fffdf6"
OUTLINE = "#222"
SKIN = "#f3cfa6"
GOLD = "#e9b32a"

# Suit colours: the ink of the corner digits and frame (dark, for contrast on cream) and the clothes of the figures.
INK = {"o": "#7a4a00", "c": "#a11d1d", "e": "#1d3f7a", "b": "#2e5a12"}
CLOTH = {"o": "#d99a16", "c": "#c0392b", "e": "#2f62b0", "b": "#4d8a2a"}
CLOTH_2 = {"o": "#2f62b0", "c": "#e9b32a", "e": "#c0392b", "b": "#c0392b"}

# The suit signs. Round suits in a 100x100 box, long suits (swords, clubs) in a 40x120 box.
SYMBOLS = {
    "o": ("0 0 100 100", (
        '<circle cx="50" cy="50" r="46" fill="#f2b630" stroke="#6b4200" stroke-width="5"/>'
        '<circle cx="50" cy="50" r="33" fill="#f7cd5a" stroke="#a86d00" stroke-width="4"/>'
        '<path d="M50 27v46M27 50h46M34 34l32 32M66 34 34 66" stroke="#a86d00" stroke-width="4"/>'
        '<circle cx="50" cy="50" r="11" fill="#c98500" stroke="#6b4200" stroke-width="3"/>'
    )),
    "c": ("0 0 100 100", (
        '<path d="M16 16h68c0 32-14 46-34 46S16 48 16 16z" fill="#c62f2a" stroke="#4d0d0b" stroke-width="4"/>'
        '<path d="M19 32h62" stroke="#f5c542" stroke-width="5"/>'
        '<ellipse cx="50" cy="16" rx="36" ry="7" fill="#f5c542" stroke="#4d0d0b" stroke-width="4"/>'
        '<path d="M44 61h12v18H44z" fill="#f5c542" stroke="#4d0d0b" stroke-width="4"/>'
        '<ellipse cx="50" cy="70" rx="10" ry="5" fill="#c62f2a" stroke="#4d0d0b" stroke-width="3"/>'
        '<path d="M24 95c4-12 14-17 26-17s22 5 26 17z" fill="#f5c542" stroke="#4d0d0b" stroke-width="4"/>'
    )),
    "e": ("0 0 40 120", (
        '<path d="M20 3l8 12v64H12V15z" fill="#5f8fd6" stroke="#10264d" stroke-width="3"/>'
        '<path d="M20 12v64" stroke="#10264d" stroke-width="2"/>'
        '<rect x="3" y="78" width="34" height="8" rx="4" fill="#e9b32a" stroke="#10264d" stroke-width="3"/>'
        '<path d="M16 86h8v21h-8z" fill="#a0411c" stroke="#10264d" stroke-width="3"/>'
        '<circle cx="20" cy="111" r="6" fill="#e9b32a" stroke="#10264d" stroke-width="3"/>'
    )),
    "b": ("0 0 40 120", (
        '<path d="M14 114c-2-30-8-62-7-92 1-16 25-16 26 0 1 30-5 62-7 92z" fill="#7aa83a" stroke="#233f0c" '
        'stroke-width="3"/>'
        '<path d="M8 36c-6-2-8 3-5 7M32 30c6-2 8 3 5 7M9 62c-6-1-7 4-4 8M31 56c6-1 7 4 4 8M12 88c-5 0-5 5-2 8M28 84c5 0 5 5 2 8" '
        'fill="none" stroke="#233f0c" stroke-width="3" stroke-linecap="round"/>'
        '<path d="M13 106h14" stroke="#c0392b" stroke-width="5"/>'
        '<ellipse cx="20" cy="15" rx="7" ry="5" fill="#a9d060"/>'
    )),
}
LONG = {"e", "b"}

# Digits as strokes in a 10x16 box (round caps): readable at any size without a font.
DIGITS = {
    "0": "M5 0C8.2 0 10 3.4 10 8S8.2 16 5 16 0 12.6 0 8 1.8 0 5 0z",
    "1": "M1.8 3.6 6.2 0v16",
    "2": "M.4 3.8C1 1.3 2.8 0 5.1 0 8 0 9.6 2 9.6 4.5c0 3-3.3 5.6-9.2 11.5H10",
    "3": "M.6 .4h9L4.4 6.6c3.5-.4 5.6 1.8 5.6 4.7 0 2.9-2.2 4.7-5 4.7-2.2 0-4-1-4.7-2.7",
    "4": "M7.4 16V0L0 11.2h10",
    "5": "M9.4.4h-8L.7 7C2 6.1 3.4 5.7 5 5.7c3 0 5 2.2 5 5.1C10 14 7.8 16 5 16c-2.2 0-4-1-4.7-2.7",
    "6": "M9 1.4C8 .5 6.8 0 5.5 0 2.2 0 .2 3.5.2 9.4c0 4.3 2 6.6 4.8 6.6 2.8 0 4.8-2 4.8-5 0-3-2-5-4.6-5-2.4 0-4.3 1.6-4.9 3.5",
    "7": "M0 .4h10L3.6 16",
}
DIGIT_SCALE = 1.9
DIGIT_STROKE = 2.8


def digits(number: int, x: float, y: float, ink: str) -> str:
    """The rank at (x, y) (top-left corner of the first digit)."""
    parts = []
    for index, char in enumerate(str(number)):
        dx = x + index * 13 * DIGIT_SCALE
        parts.append(f'<path transform="translate({dx:g} {y:g}) scale({DIGIT_SCALE})" d="{DIGITS[char]}"/>')
    return (f'<g fill="none" stroke="{ink}" stroke-width="{DIGIT_STROKE}" stroke-linecap="round" '
            f'stroke-linejoin="round">{"".join(parts)}</g>')


def pip(suit: str, cx: float, cy: float, size: float, angle: float = 0) -> str:
    """One suit sign centred on (cx, cy); ``size`` is its height for long suits, its width for round ones."""
    if suit in LONG:
        w, h = size / 3, size
    else:
        w, h = size, size
    rotate = f' transform="rotate({angle:g} {cx:g} {cy:g})"' if angle else ""
    return f'<use href="#s" x="{cx - w / 2:g}" y="{cy - h / 2:g}" width="{w:g}" height="{h:g}"{rotate}/>'


def pips(suit: str, rank: int) -> str:
    long = suit in LONG
    tilt = 14 if long else 0
    if rank == 1:
        if long:
            return pip(suit, 100, 150, 190, -12 if suit == "b" else 0)
        return pip(suit, 100, 150, 112)
    if rank == 2:
        if long:  # two long signs crossed, as on the classic deck
            return pip(suit, 100, 150, 150, -24) + pip(suit, 100, 150, 150, 24)
        return pip(suit, 100, 95, 64) + pip(suit, 100, 205, 64)
    if rank == 3:
        if long:
            return pip(suit, 100, 150, 150, -34) + pip(suit, 100, 150, 150, 34) + pip(suit, 100, 150, 150)
        return pip(suit, 100, 84, 54) + pip(suit, 100, 150, 54) + pip(suit, 100, 216, 54)
    # Round signs keep clear of the small sign under the corner rank.
    columns = (66, 134) if long else ((72, 128) if rank in (4, 5) else (68, 132))
    if rank in (4, 5):
        size = 84 if long else 48
        rows = (100, 200) if long else (96, 204)
        out = "".join(pip(suit, x, y, size, -tilt if x < 100 else tilt) for x in columns for y in rows)
        if rank == 5:
            out += pip(suit, 100, 150, 84 if long else 46)
        return out
    size = 58 if long else 40
    rows = (92, 150, 208)
    out = "".join(pip(suit, x, y, size, -tilt if x < 100 else tilt) for x in columns for y in rows)
    if rank == 7:
        out += pip(suit, 100, 121, size if long else 34)
    return out


def frame(suit: str) -> str:
    """The inner frame, broken at top and bottom by one gap per "pinta" (oros 0, copas 1, espadas 2, bastos 3)."""
    gaps = {"o": 0, "c": 1, "e": 2, "b": 3}[suit]
    out = f'<rect x="11" y="11" width="178" height="278" rx="8" fill="none" stroke="{INK[suit]}" stroke-width="3"/>'
    if gaps:
        width, step = 9, 17
        start = 100 - ((gaps - 1) * step) / 2
        for index in range(gaps):
            x = start + index * step - width / 2
            out += (f'<rect x="{x:g}" y="7" width="{width}" height="8" fill="{CREAM}"/>'
                    f'<rect x="{x:g}" y="285" width="{width}" height="8" fill="{CREAM}"/>')
    return out


def index(suit: str, rank: int) -> str:
    """Rank and a small suit sign, top-left and (turned) bottom-right."""
    corner = digits(rank, 19, 20, INK[suit])
    if suit in LONG:
        corner += '<use href="#s" x="24" y="55" width="14" height="42"/>'
    else:
        corner += '<use href="#s" x="20" y="58" width="24" height="24"/>'
    return f'<g>{corner}</g><g transform="rotate(180 100 150)">{corner}</g>'


def face(suit: str, rank: int) -> str:
    cloth, trim = CLOTH[suit], CLOTH_2[suit]
    o = f'stroke="{OUTLINE}" stroke-width="3" stroke-linejoin="round"'
    if rank == 10:  # sota: a page standing, feathered cap, holding the suit sign up
        return (
            f'<path d="M88 214h9v36h-11zM103 214h9l2 36h-11z" fill="{trim}" {o}/>'
            f'<path d="M82 252h16v7H80zM102 252h16l2 7h-18z" fill="#3a2a1a" {o}/>'
            f'<path d="M84 118h32l14 98H70z" fill="{cloth}" {o}/>'
            f'<path d="M74 182h52" stroke="{GOLD}" stroke-width="6"/>'
            f'<path d="M100 120v60" stroke="{trim}" stroke-width="5"/>'
            f'<path d="M84 124 64 170l9 4 17-38" fill="{cloth}" {o}/>'
            f'<circle cx="67" cy="174" r="6" fill="{SKIN}" {o}/>'
            f'<path d="M116 124l22-18 6 7-20 22" fill="{cloth}" {o}/>'
            f'<circle cx="100" cy="98" r="16" fill="{SKIN}" {o}/>'
            f'<path d="M92 112h16l-3 7h-10z" fill="#fff" {o}/>'
            f'<path d="M81 92c2-14 36-18 40-2-10-3-30-3-40 2z" fill="{trim}" {o}/>'
            f'<path d="M114 84c10-14 22-16 28-12-10 2-18 7-24 14z" fill="#fff" {o}/>'
            + pip(suit, 146, 88 if suit not in LONG else 80, 40 if suit not in LONG else 64, 16 if suit in LONG else 0)
        )
    if rank == 11:  # caballo: a rider on a horse, raising the suit sign
        horse, mane = "#c89a66", "#5a3a1a"
        return (
            '<g transform="translate(-6 -2)">'
            f'<path d="M58 184c-14 4-18 22-14 40 6-8 10-20 16-26z" fill="{mane}" {o}/>'
            f'<path d="M66 200l-4 50h11l5-46zM86 204l-2 46h11l3-44zM120 204l2 46h11l-1-46zM136 200l6 46h11l-6-48z" '
            f'fill="{horse}" {o}/>'
            f'<ellipse cx="100" cy="186" rx="46" ry="24" fill="{horse}" {o}/>'
            f'<path d="M124 178l14-48 20 4-8 48z" fill="{horse}" {o}/>'
            f'<path d="M138 130c3-12 15-16 22-12l20 20c4 6-2 12-9 10l-19-6z" fill="{horse}" {o}/>'
            f'<path d="M146 120l1-13 8 11" fill="{horse}" {o}/>'
            f'<path d="M138 132c-5 14-9 30-13 44" fill="none" stroke="{mane}" stroke-width="7"/>'
            f'<circle cx="158" cy="128" r="2.6" fill="{OUTLINE}"/>'
            f'<path d="M96 146 154 136" stroke="{OUTLINE}" stroke-width="2.5"/>'
            f'<path d="M76 176c0-10 8-14 22-14h22c8 0 12 6 12 14v14H76z" fill="{trim}" {o}/>'
            f'<path d="M90 164l-4-46h26l4 44z" fill="{cloth}" {o}/>'
            f'<path d="M102 172l6 32H97l-4-30z" fill="{cloth}" {o}/>'
            f'<path d="M91 130l3 16 8-2-3-14z" fill="{cloth}" {o}/>'
            f'<path d="M108 124l20-24 7 5-19 26z" fill="{cloth}" {o}/>'
            f'<circle cx="100" cy="102" r="13" fill="{SKIN}" {o}/>'
            f'<path d="M84 96c0-14 30-16 32 0z" fill="{trim}" {o}/>'
            '</g>'
            + pip(suit, 134, 80 if suit not in LONG else 70, 38 if suit not in LONG else 62, 20 if suit in LONG else 0)
        )
    # rey: a crowned king in a long robe and cape, bearded, holding the suit sign
    return (
        f'<path d="M78 128h44l26 124H52z" fill="{cloth}" {o}/>'
        f'<path d="M78 128c-14 40-20 84-26 124h20c2-40 8-84 14-120zM122 128c14 40 20 84 26 124h-20c-2-40-8-84-14-120z" '
        f'fill="{trim}" {o}/>'
        f'<path d="M88 130h24l-4 122H92z" fill="#fff" {o}/>'
        f'<path d="M100 140v100" stroke="{OUTLINE}" stroke-width="2" stroke-dasharray="3 9"/>'
        f'<path d="M62 210h76" stroke="{GOLD}" stroke-width="6"/>'
        f'<path d="M120 136l20 22-7 7-20-18" fill="{trim}" {o}/>'
        f'<circle cx="138" cy="162" r="6" fill="{SKIN}" {o}/>'
        f'<path d="M80 136l-12 40 9 3 12-34" fill="{trim}" {o}/>'
        f'<circle cx="100" cy="104" r="16" fill="{SKIN}" {o}/>'
        f'<path d="M86 108c2 16 8 24 14 24s12-8 14-24c-4 4-24 4-28 0z" fill="#8a6a4a" {o}/>'
        f'<path d="M80 90l-2-22 10 10 6-14 6 12 6-12 6 14 10-10-2 22z" fill="{GOLD}" {o}/>'
        f'<circle cx="100" cy="80" r="3" fill="#c0392b"/>'
        + pip(suit, 150, 132 if suit not in LONG else 118, 40 if suit not in LONG else 66, 12 if suit in LONG else 0)
    )


def card_svg(rank: int, suit: str) -> str:
    view_box, body = SYMBOLS[suit]
    content = face(suit, rank) if rank >= 10 else pips(suit, rank)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">'
        f'<defs><symbol id="s" viewBox="{view_box}">{body}</symbol></defs>'
        f'<rect x="1.5" y="1.5" width="197" height="297" rx="14" fill="{CREAM}" stroke="#444" stroke-width="3"/>'
        f'{frame(suit)}{index(suit, rank)}{content}</svg>\n'
    )


def back_svg() -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}">'
        '<defs><pattern id="p" width="20" height="20" patternUnits="userSpaceOnUse">'
        '<rect width="20" height="20" fill="#8e1c1c"/>'
        '<path d="M10 1l9 9-9 9-9-9z" fill="none" stroke="#c9473b" stroke-width="2"/>'
        '<circle cx="10" cy="10" r="2" fill="#f2c14e"/></pattern></defs>'
        '<rect x="1.5" y="1.5" width="197" height="297" rx="14" fill="#fffdf6" stroke="#444" stroke-width="3"/>'
        '<rect x="11" y="11" width="178" height="278" rx="8" fill="url(#p)" stroke="#5c0f0f" stroke-width="3"/>'
        '<circle cx="100" cy="150" r="38" fill="#8e1c1c" stroke="#f2c14e" stroke-width="5"/>'
        '<path d="M100 124l8 18 20 2-15 13 5 20-18-11-18 11 5-20-15-13 20-2z" fill="#f2c14e"/>'
        '</svg>\n'
    )


def drawings() -> dict[str, str]:
    files = {f"{rank}{suit}.svg": card_svg(rank, suit) for suit in SUITS for rank in RANKS}
    files["back.svg"] = back_svg()
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare with the files in static/cards/")
    args = parser.parse_args(argv)
    stale = []
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in drawings().items():
        path = OUT / name
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(name)
        if not args.check:
            path.write_text(text, encoding="utf-8")
    if args.check and stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    print(f"{len(drawings())} cards, {len(stale)} {'out of date' if args.check else 'written'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

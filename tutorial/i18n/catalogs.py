"""``mus-tutorial catalogs``: compile every locales/<area>/<lang>/LC_MESSAGES/messages.po into its .mo.

The .mo files are committed; tests/i18n/test_catalogs.py checks they match the .po files byte for byte.
"""
from __future__ import annotations

import io
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tutorial.paths import LOCALES


def po_files(root: Path = LOCALES) -> list[Path]:
    return sorted(root.glob("*/*/LC_MESSAGES/messages.po"))


def compiled(po_path: Path) -> bytes:
    with po_path.open("rb") as handle:
        catalog = read_po(handle, locale=po_path.parent.parent.name)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def add_arguments(parser) -> None:
    parser.add_argument("--check", action="store_true", help="only report .mo files that are out of date")


def run(args) -> int:
    stale = []
    for po_path in po_files():
        mo_path = po_path.with_suffix(".mo")
        data = compiled(po_path)
        if mo_path.exists() and mo_path.read_bytes() == data:
            continue
        stale.append(mo_path)
        if not args.check:
            mo_path.write_bytes(data)
    for path in stale:
        print(("out of date: " if args.check else "compiled: ") + str(path))
    return 1 if (args.check and stale) else 0

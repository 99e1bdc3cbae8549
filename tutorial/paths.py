"""Where the site's data folders are: beside the package in a checkout, inside it in an installed wheel."""
from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_INSTALLED = _PACKAGE / "_data"
DATA_ROOT = _INSTALLED if _INSTALLED.is_dir() else _PACKAGE.parent

TEMPLATES = DATA_ROOT / "templates"
STATIC = DATA_ROOT / "static"
LOCALES = DATA_ROOT / "locales"
LESSONS = DATA_ROOT / "lessons"

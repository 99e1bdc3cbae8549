"""The pages' scripts (static/js/) keep one helper per job: ``$`` and ``announce`` in dom.js, ``fmt`` (the one
placeholder syntax, the catalogs' ``%(name)s``) in text.js, every request through api.js; and the hand checker's
result is called the checker in the scripts, styles and templates."""
from __future__ import annotations

import re
from pathlib import Path

from tutorial.paths import STATIC, TEMPLATES

SCRIPTS = sorted((STATIC / "js").glob("*.js"))
PACKAGE = Path(__file__).resolve().parents[1] / "tutorial"


def defining(pattern: str) -> list[str]:
    return [path.name for path in SCRIPTS if re.search(pattern, path.read_text(encoding="utf-8"), re.M)]


def test_each_helper_is_defined_in_one_module():
    assert defining(r"^\s*(export )?const \$ = ") == ["dom.js"]
    assert defining(r"^\s*(export )?(async )?function announce\(") == ["dom.js"]
    assert defining(r"^\s*(export )?function fmt\(") == ["text.js"]
    assert defining(r"\bfetch\(") == ["api.js"]


def test_no_script_fills_a_brace_placeholder_and_no_page_hands_one_out():
    assert defining(r"\\\{\(\\w\+\)\\\}") == []  # a /\{(\w+)\}/ filler
    for path in [*TEMPLATES.rglob("*.html"), *PACKAGE.rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        # a message's value given as "{name}" (a keyword argument of _()), for a script to fill in
        assert not re.search(r"""\b[a-z_]+=(["'])\{[a-z_]+\}\1\s*[,)]""", text), f"{path}: a {{name}} placeholder"


def test_the_checkers_result_has_checker_names():
    assert (STATIC / "js" / "checker-result.js").is_file() and (STATIC / "css" / "checker.css").is_file()
    assert (TEMPLATES / "_checker.html").is_file()
    assert not (STATIC / "js" / "explain.js").exists() and not (TEMPLATES / "_explain.html").exists()
    for path in [*SCRIPTS, *(STATIC / "css").glob("*.css"), *TEMPLATES.rglob("*.html")]:
        assert not re.search(r"(?<![\w/])explain(-|__)", path.read_text(encoding="utf-8")), path

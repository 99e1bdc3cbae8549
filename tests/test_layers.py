"""The layers of tutorial/ (CONTRIBUTING.md, "The architecture"): each imports only the layers below it, so the
engine knows nothing of bots, lessons or the web, and the narrator nothing of the pages that use it."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tutorial"

# The layers, lowest first (docs/architecture.md). A module's layer is given by the longest prefix of its name in
# PLACES: the areas (table, rooms, coach, lessons, practice, checker, rules, narrator, site, i18n) hold both the
# Flask-free models a layer below the store and the views above it. The commands (tutorial/cli.py, the measuring
# package tutorial/measure and __init__.py's create_app) sit on top and may import anything; nothing else imports
# them. A new module must fall under one of these names.
PLACES = {
    "tutorial.engine": "engine",
    "tutorial.paths": "paths",
    "tutorial.i18n.languages": "languages",
    "tutorial.strength": "strength",
    "tutorial.bots": "bots",
    "tutorial.i18n": "words",
    "tutorial.narrator": "narrator",
    "tutorial.lessons": "models", "tutorial.practice": "models", "tutorial.coach.core": "models",
    "tutorial.rooms.room": "models", "tutorial.rooms.names": "models", "tutorial.table.model": "models",
    "tutorial.store": "store",
    "tutorial.site": "web", "tutorial.i18n.web": "web", "tutorial.checker": "web", "tutorial.rules": "web",
    "tutorial.table": "web", "tutorial.rooms": "web", "tutorial.coach": "web", "tutorial.lessons.views": "web",
    "tutorial.lessons.words": "web", "tutorial.lessons.timing": "web", "tutorial.practice.views": "web",
    "tutorial.cli": None, "tutorial.measure": None, "tutorial": None,
}
# layer -> the layers it may import (besides itself)
ALLOWED = {
    "engine": set(),
    "paths": set(),
    "languages": {"paths"},
    "strength": {"engine"},
    "bots": {"engine", "strength"},
    "words": {"paths", "languages"},
    "narrator": {"engine", "words"},
    "models": {"engine", "strength", "bots", "languages", "paths"},
    "store": {"engine", "models", "paths"},
    "web": {"engine", "paths", "languages", "strength", "bots", "words", "narrator", "models", "store"},
}
# The web framework stays out of the store and everything below it (the words and the narrator translate through
# Flask-Babel's request locale, and sit beside the web).
FRAMEWORKS = ("flask", "flask_babel", "werkzeug", "gunicorn", "flask_limiter")
NO_FRAMEWORK = {"engine", "paths", "languages", "strength", "bots", "models", "store"}


def layer(module: str) -> str | None:
    """``tutorial.rooms.stream`` -> "web", ``tutorial.rooms.room`` -> "models"; the commands, the package's own
    ``create_app`` and anything outside tutorial -> None."""
    if module != "tutorial" and not module.startswith("tutorial."):
        return None
    if module == "tutorial.create_app":
        return None
    parts = module.split(".")
    for size in range(len(parts), 0, -1):
        prefix = ".".join(parts[:size])
        if prefix in PLACES:
            return PLACES[prefix]
    return None


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function (``from tutorial.web import x`` -> both)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def upward_imports() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        own = layer(module_name(path))
        if own is None:
            continue
        for name in sorted(imported(path)):
            other = layer(name)
            if other is not None and other != own and other not in ALLOWED[own]:
                found.append(f"{path.relative_to(ROOT)} ({own}) imports {name} ({other})")
    return found


def test_no_module_imports_a_layer_above_its_own():
    assert not upward_imports(), "\n".join(upward_imports())


def test_every_module_belongs_to_a_known_layer():
    layers = {layer(module_name(path)) for path in PACKAGE.rglob("*.py")} - {None}
    assert layers <= set(ALLOWED), layers - set(ALLOWED)


def test_every_module_is_placed_by_name():
    unplaced = [module_name(path) for path in PACKAGE.rglob("*.py")
                if not any(module_name(path) == prefix or module_name(path).startswith(prefix + ".")
                           for prefix in PLACES if prefix != "tutorial")
                and module_name(path) != "tutorial"]
    assert not unplaced, unplaced


def framework_imports_below_the_web() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        own = layer(module_name(path))
        if own not in NO_FRAMEWORK:
            continue
        found += [f"{path.relative_to(ROOT)} ({own}) imports {name}" for name in sorted(imported(path))
                  if name.split(".")[0] in FRAMEWORKS]
    return found


def test_the_store_and_the_layers_below_it_never_import_the_web_framework():
    assert not framework_imports_below_the_web(), "\n".join(framework_imports_below_the_web())


def test_nothing_in_the_product_or_the_engines_tests_imports_the_measuring_package():
    product = [path for path in PACKAGE.rglob("*.py") if layer(module_name(path)) is not None]
    engine_tests = list((ROOT / "tests" / "engine").rglob("*.py"))
    found = [f"{path.relative_to(ROOT)} imports {name}" for path in product + engine_tests
             for name in sorted(imported(path)) if name == "tutorial.measure" or name.startswith("tutorial.measure.")]
    assert not found, found


@pytest.mark.parametrize("module,expected", [
    ("tutorial.engine.game", "engine"), ("tutorial.narrator.people", "narrator"), ("tutorial.table.views", "web"),
    ("tutorial.rooms.room", "models"), ("tutorial.rooms.stream", "web"), ("tutorial.store.rooms", "store"),
    ("tutorial.lessons.loader", "models"), ("tutorial.lessons.views", "web"), ("tutorial.measure.load", None),
    ("tutorial.cli", None), ("tutorial.create_app", None), ("flask", None),
])
def test_modules_are_placed_in_their_layer(module, expected):
    assert layer(module) == expected


def private_imports_across_layers() -> list[str]:
    """``from tutorial.<other layer>... import _name``: a layer reaching into another's internals."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        own = layer(module_name(path))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and layer(node.module) not in (None, own):
                found += [f"{path.relative_to(ROOT)} imports {node.module}.{alias.name}"
                          for alias in node.names if alias.name.startswith("_")]
    return found


def test_no_layer_imports_a_private_name_of_another_layer():
    assert not private_imports_across_layers(), "\n".join(private_imports_across_layers())

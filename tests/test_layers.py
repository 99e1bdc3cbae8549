"""The layers of tutorial/ (CONTRIBUTING.md, "The architecture"): each imports only the layers below it, so the
engine knows nothing of bots, lessons or the web, and the narrator nothing of the pages that use it."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tutorial"

# layer -> the layers it may import (besides itself). The commands (tutorial/cli.py and the tools it runs:
# bench.py, load.py; __init__.py's create_app) sit on top and may import anything; a new top-level module must be
# placed in one or the other.
COMMANDS = ("cli", "bench", "load", "load_rooms", "load_streams", "__init__")
ALLOWED = {
    "engine": set(),
    "paths": set(),
    "languages": {"paths"},
    "strength": {"engine"},
    "bots": {"engine", "strength"},
    "lessons": {"engine", "languages", "paths"},
    "table": {"engine", "strength", "bots"},
    "rooms": {"engine", "strength", "bots", "table"},
    "coach": {"engine", "strength", "bots"},
    "practice": {"engine"},
    "web.narrator": {"engine", "web.terms", "web.translate"},
    "web.terms": {"web.translate"},
    "web.translate": set(),
    "web": {"engine", "strength", "bots", "coach", "rooms", "table", "lessons", "practice", "languages", "paths", "web.narrator",
            "web.terms", "web.translate"},
}


PARTS = {path.stem for path in PACKAGE.iterdir() if path.suffix == ".py" or (path / "__init__.py").is_file()}


def layer(module: str) -> str | None:
    """``tutorial.web.narrator.people`` -> "web.narrator"; the commands (and the package's own ``create_app``, the
    app factory they start) and anything outside tutorial -> None."""
    parts = module.split(".")
    if parts[0] != "tutorial" or len(parts) < 2 or parts[1] not in PARTS or parts[1] in COMMANDS:
        return None
    if parts[1] == "web" and len(parts) > 2 and parts[2] in ("narrator", "terms", "translate"):
        return f"web.{parts[2]}"
    return parts[1]


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
            if other is not None and other != own and other not in ALLOWED[own] and name != "tutorial.web":
                found.append(f"{path.relative_to(ROOT)} ({own}) imports {name} ({other})")
    return found


def test_no_module_imports_a_layer_above_its_own():
    assert not upward_imports(), "\n".join(upward_imports())


def test_every_module_belongs_to_a_known_layer():
    layers = {layer(module_name(path)) for path in PACKAGE.rglob("*.py")} - {None}
    assert layers <= set(ALLOWED), layers - set(ALLOWED)


@pytest.mark.parametrize("module,expected", [
    ("tutorial.engine.game", "engine"), ("tutorial.web.narrator.people", "web.narrator"), ("tutorial.web.table", "web"),
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

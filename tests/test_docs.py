"""The documents stay true to the tree: CONTRIBUTING.md names every package under tutorial/, every catalog area under
locales/ and every blueprint; docs/README.md lists every document; every relative link of a Markdown file leads to
a file that exists; and every address of the site the README sends a reader to answers."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutorial import create_app

ROOT = Path(__file__).resolve().parents[1]
CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS_INDEX = ROOT / "docs" / "README.md"
# The project's own Markdown: the top of the checkout and docs/ (not .venv/, nor the build folders).
MARKDOWN = sorted([*ROOT.glob("*.md"), *(ROOT / "docs").glob("*.md")])
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
SITE_ADDRESS = re.compile(r"http://127\.0\.0\.1:5000(/[^\s>)`]*)|`(/(?:es|pt|ca|eu|en)/[^`\s]*)`")


def packages() -> list[str]:
    """Every package directory under tutorial/, as ``tutorial/bots/``."""
    return sorted(f"{path.parent.relative_to(ROOT).as_posix()}/" for path in (ROOT / "tutorial").rglob("__init__.py")
                  if "_data" not in path.parts)


def catalog_areas() -> list[str]:
    return sorted(f"locales/{path.name}" for path in (ROOT / "locales").iterdir() if path.is_dir())


def test_contributing_names_every_package_under_tutorial():
    missing = [package for package in packages() if package not in CONTRIBUTING]
    assert not missing, f"CONTRIBUTING.md does not name: {missing}"
    assert "tutorial/narrator/" in packages() and "tutorial/lessons/kinds/" in packages()  # nested ones too


def test_contributing_names_every_catalog_area():
    missing = [area for area in catalog_areas() if not re.search(rf"{re.escape(area)}\b", CONTRIBUTING)]
    assert not missing, f"CONTRIBUTING.md does not name: {missing}"


def test_the_map_of_the_house_names_every_package_and_every_catalog_area():
    house = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    missing = [package for package in packages() if package.rstrip("/") not in house and package != "tutorial/"]
    missing += [area for area in catalog_areas() if not re.search(rf"`{re.escape(area.split('/')[-1])}`", house)]
    assert not missing, f"docs/architecture.md does not name: {missing}"


def test_contributing_names_every_blueprint_of_the_site(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "tables.sqlite3")})
    missing = [name for name in app.blueprints if f"`{name}`" not in CONTRIBUTING]
    assert len(app.blueprints) >= 9 and not missing, f"CONTRIBUTING.md does not name the blueprints {missing}"


def relative_links(path: Path) -> list[str]:
    """The link targets of a Markdown file that point into the checkout (no scheme, no pure #anchor)."""
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)  # code blocks hold no links
    return [target for target in LINK.findall(text)
            if not re.match(r"[a-z][a-z0-9+.-]*:", target) and not target.startswith("#")]


@pytest.mark.parametrize("path", MARKDOWN, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_relative_link_of_a_markdown_file_leads_to_a_file_that_exists(path):
    broken = [target for target in relative_links(path)
              if not (path.parent / target.split("#", 1)[0]).resolve().exists()]
    assert not broken, f"{path.relative_to(ROOT)} links to missing files: {broken}"


def test_the_docs_index_lists_every_document_in_docs():
    listed = set(relative_links(DOCS_INDEX))
    missing = [path.name for path in (ROOT / "docs").glob("*.md") if path != DOCS_INDEX and path.name not in listed]
    assert not missing, f"docs/README.md does not list: {missing}"


def test_the_readme_points_to_the_docs_index_contributing_and_the_fast_suite():
    links = set(relative_links(ROOT / "README.md"))
    assert {"docs/README.md", "CONTRIBUTING.md", "docs/deploying.md", "docs/testing.md"} <= links
    assert "bash scripts/test.sh --fast" in README and "bash scripts/test.sh\n" in README


def test_every_address_of_the_site_in_the_readme_answers(client):
    addresses = {match[0] or match[1] for match in SITE_ADDRESS.findall(README)}
    assert {"/es/jugar", "/es/lecciones", "/es/sala"} <= addresses, addresses
    failing = {address: client.get(address).status_code for address in addresses}
    failing = {address: status for address, status in failing.items() if status != 200}
    assert not failing, f"README addresses that do not answer 200: {failing}"

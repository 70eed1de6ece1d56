"""The documentation: the site builds strictly, every page is in its navigation, the README stays
short and its links lead somewhere, and the guide's examples run as written."""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
#: Pages whose ``>>>`` examples run here (the README's run in test_readme.py).
PAGES_WITH_EXAMPLES = ["library/guide.md", "getting-started.md"]


def _nav_pages(entry: Any) -> list[str]:
    """Every page file named in ``nav`` (its entries nest as lists and one-key mappings)."""
    if isinstance(entry, str):
        return [entry]
    if isinstance(entry, list):
        return [page for item in entry for page in _nav_pages(item)]
    if isinstance(entry, dict):
        return [page for value in entry.values() for page in _nav_pages(value)]
    return []


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs", reason="mkdocs is in the dev extra: pip install -e '.[dev]'")
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        timeout=120,
    )
    assert build.returncode == 0, build.stderr
    assert (tmp_path / "index.html").exists()
    api = (tmp_path / "library" / "api-engine" / "index.html").read_text(encoding="utf-8")
    assert "push_str" in api  # the reference is generated from the docstrings


def test_every_page_is_in_the_navigation() -> None:
    yaml = pytest.importorskip("yaml", reason="PyYAML comes with mkdocs (the dev extra)")
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    nav = _nav_pages(config["nav"])
    pages = {
        path.relative_to(DOCS).as_posix()
        for path in DOCS.rglob("*.md")
        if not path.relative_to(DOCS).as_posix().startswith("_")
    }
    assert sorted(pages - set(nav)) == []
    assert sorted(set(nav) - pages) == []
    assert len(nav) == len(set(nav))


def test_the_readme_is_short() -> None:
    assert len(README.read_bytes()) <= 12_000


def test_the_readme_links_lead_to_files() -> None:
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text)
    local = [t for t in targets if "://" not in t]
    assert local
    assert [t for t in local if not (ROOT / t).exists()] == []


@pytest.mark.parametrize("page", PAGES_WITH_EXAMPLES)
def test_the_examples_of_a_page_run(page: str) -> None:
    result = doctest.testfile(
        str(DOCS / page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.attempted > 3
    assert result.failed == 0


def test_doctest_examples_are_fenced_for_the_api_pages() -> None:
    pytest.importorskip("griffe", reason="griffe comes with mkdocstrings (the dev extra)")
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        from doctest_blocks import fence_examples
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    text = "A card.\n\n>>> Card.from_str('JH')\nCard.from_str('JH')\n\nMore text."
    assert fence_examples(text) == (
        "A card.\n\n```pycon\n>>> Card.from_str('JH')\nCard.from_str('JH')\n```\n\nMore text."
    )
    assert fence_examples(">>> 1 + 1\n2") == "```pycon\n>>> 1 + 1\n2\n```"

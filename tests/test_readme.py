"""The README's library tour and the examples in the modules' docstrings run as written."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
SOURCE = ROOT / "src"


def _modules_with_examples() -> list[str]:
    names = []
    for path in sorted((SOURCE / "belot").rglob("*.py")):
        if ">>> " in path.read_text(encoding="utf-8"):
            parts = path.relative_to(SOURCE).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_readme_examples_run() -> None:
    result = doctest.testfile(
        str(README), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.attempted > 10
    assert result.failed == 0


@pytest.mark.parametrize("name", _modules_with_examples())
def test_module_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    if not module.__file__ or not module.__file__.endswith(".py"):
        # Compiled (belot.engine.build): doctest finds no Python functions in it, so the
        # examples run in a copy of the module made from its source.
        path = SOURCE / (name.replace(".", "/") + ".py")
        spec = importlib.util.spec_from_file_location("_source_of_" + name.replace(".", "_"), path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # its dataclasses look their module up there
        try:
            spec.loader.exec_module(module)
        finally:
            del sys.modules[spec.name]
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0

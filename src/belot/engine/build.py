"""Whether the engine's hot path runs compiled, and the way back to its Python source.

Installing the package compiles the modules of ``COMPILED`` with mypyc (``setup.py``): the same
source, type-checked, made C. Each compiled module sits beside its source and Python would
import it first. The source is imported instead when

- ``BELOT_PURE=1`` is set (to debug or profile the engine in Python), or
- a module is not compiled (no C compiler when the package was installed), or
- a source was edited since it was compiled: ``compiled.json``, written at the build, holds each
  source's hash. Installing again (``make``) compiles the edit.

The compiled and the source engine play every deal alike; tests/test_compiled.py checks it.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Final

#: The modules compiled (paths under src/), hottest first: the deal machine and what it calls
#: at every action.
COMPILED: Final = (
    "belot/engine/deal.py",
    "belot/engine/tricks.py",
    "belot/engine/contracts.py",
    "belot/engine/declarations.py",
    "belot/engine/scoring.py",
    "belot/engine/view.py",
    "belot/engine/playout.py",
    "belot/engine/games/__init__.py",
    "belot/engine/games/base.py",
    "belot/engine/games/bulgarian.py",
    "belot/engine/games/french.py",
    "belot/engine/games/coinche.py",
    "belot/engine/games/bela.py",
)

#: Hand-written C beside them (paths under src/), built at install with them and used only when
#: they are: ``_shuffle.c``, the seeded shuffle of the deck (deal.shuffled_deck).
NATIVE: Final = ("belot/engine/_shuffle.c",)

#: Where the build writes the hash of each source it compiled.
HASHES: Final = "compiled.json"

_ROOT: Final = Path(__file__).resolve().parent.parent.parent  # holds belot/


def module_name(path: str) -> str:
    """``belot/engine/games/__init__.py`` → ``belot.engine.games``; ``…/_shuffle.c`` →
    ``belot.engine._shuffle``."""
    parts = path.removesuffix(".py").removesuffix(".c").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def source_hashes(root: Path = _ROOT) -> dict[str, str]:
    """The sha256 of each compiled module's source."""
    return {p: hashlib.sha256((root / p).read_bytes()).hexdigest() for p in COMPILED + NATIVE}


def _extension(root: Path, path: str) -> bool:
    stem = root / path.removesuffix(".py").removesuffix(".c")
    return any(
        stem.with_name(stem.name + suffix).exists()
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
    )


def why_pure(root: Path = _ROOT) -> str | None:
    """Why the engine runs from its Python source, or None when it runs compiled."""
    if os.environ.get("BELOT_PURE"):
        return "BELOT_PURE is set"
    missing = [p for p in COMPILED + NATIVE if not _extension(root, p)]
    if missing:
        return f"not compiled at install: {missing[0]}"
    try:
        built = json.loads((root / "belot" / "engine" / HASHES).read_text())
    except (OSError, ValueError):
        return f"no {HASHES} beside the compiled modules"
    edited = [p for p, digest in source_hashes(root).items() if built.get(p) != digest]
    if edited:
        return f"edited since it was compiled: {edited[0]} (install again to compile it)"
    return None


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' names in their ``.py`` source only."""

    def __init__(self, names: set[str]) -> None:
        self.names = names

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names:
            return None
        loaders = [(importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)]
        for entry in path if path is not None else sys.path:
            spec = importlib.machinery.FileFinder(entry, *loaders).find_spec(fullname)
            if spec is not None:
                return spec
        return None


#: Why the engine runs from source (None: compiled); decided once, as belot.engine is imported.
PURE: Final = why_pure()

if PURE is not None and not any(isinstance(f, _SourceFirst) for f in sys.meta_path):
    sys.meta_path.insert(0, _SourceFirst({module_name(p) for p in COMPILED}))


def compiled() -> bool:
    """Whether the engine's hot path runs compiled."""
    return PURE is None

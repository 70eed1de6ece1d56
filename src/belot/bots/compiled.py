"""The bots' compiled code, made ready before the first decision that needs it.

The strong player's search is compiled by numba (``cache=True``): the first call of each entry
point in a process compiles it (about 20 s on a fresh install) or loads it from numba's disk
cache (about 0.4 s). ``prepare()`` does that now, saying what it prepares, so that no decision
waits for it::

    >>> from belot.bots import prepare
    >>> told: list[str] = []
    >>> report = prepare(progress=told.append)
    >>> told[0].startswith(("loading", "preparing")), told[-1].startswith("ready in")
    (True, True)

The cache lives in ``__pycache__`` beside the compiled modules; where that folder cannot be
written (a package installed by root), numba keeps it in the user's cache folder
(``~/.cache/numba`` on Linux), and ``NUMBA_CACHE_DIR`` puts it anywhere.
"""

from __future__ import annotations

import importlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Final

__all__ = ["PARTS", "Part", "Prepared", "dispatchers", "prepare"]


@dataclass(frozen=True)
class Part:
    """Compiled code that one kind of bot needs, and how to make it ready."""

    #: What it is, as told to the person waiting: "the strong player's solver".
    name: str
    #: The module whose numba functions it compiles.
    module: str
    #: ``"module:function"`` that calls each of them once on a tiny input.
    load: str
    #: About how long compiling it takes with an empty cache (seconds, told, never enforced).
    first_run: float


#: Every part the bots use (``belot.bots.playouts`` is the benchmarks', not a bot's).
PARTS: Final[tuple[Part, ...]] = (
    Part(
        "the strong player's solver",
        "belot.bots._solver_core",
        "belot.bots.solver:load_compiled",
        first_run=20,
    ),
)


@dataclass(frozen=True)
class Prepared:
    """What ``prepare`` did."""

    #: Wall-clock and CPU seconds it took.
    seconds: float
    cpu_seconds: float
    #: The compiled functions that were not in numba's cache and were compiled now.
    compiled: tuple[str, ...]
    #: The compiled functions now ready (compiled or loaded).
    ready: tuple[str, ...]
    #: Where numba keeps their cache (None without numba or with ``NUMBA_DISABLE_JIT``).
    cache: str | None


_LOCK = threading.Lock()


def dispatchers(module: ModuleType) -> dict[str, Any]:
    """The numba functions defined in ``module`` by name (none without numba or with
    ``NUMBA_DISABLE_JIT``, when they are plain Python functions)."""
    try:
        from numba.core.dispatcher import Dispatcher
    except ImportError:  # pragma: no cover - numba is a dependency
        return {}
    return {
        name: value
        for name, value in vars(module).items()
        if isinstance(value, Dispatcher) and value.py_func.__module__ == module.__name__
    }


def _entry_points(module: ModuleType) -> dict[str, Any]:
    """The module's numba functions that are compiled on their own (the others are inlined
    into their callers and have no machine code of their own)."""
    return {
        name: function
        for name, function in dispatchers(module).items()
        if function.targetoptions.get("inline", "never") == "never"
    }


def _cached(function: Any) -> bool | None:
    """Whether numba's disk cache holds ``function`` for its current source (None: unknown)."""
    try:
        return bool(function._cache._cache_file._load_index())
    except Exception:  # numba's private layout: not knowing only changes a message
        return None


def _cache_path(function: Any) -> str | None:
    path = getattr(getattr(function, "_cache", None), "_cache_path", None)
    return path if isinstance(path, str) else None


def _misses(function: Any) -> int:
    return sum(function.stats.cache_misses.values())


def prepare(progress: Callable[[str], object] | None = None) -> Prepared:
    """Compile, or load from numba's cache, every compiled function the bots use, telling
    ``progress`` what it prepares and when it is ready. Safe from any thread: a second caller
    waits for the first and then finds everything ready."""
    tell = progress or (lambda _message: None)
    start, cpu_start = time.perf_counter(), time.process_time()
    compiled: list[str] = []
    ready: list[str] = []
    cache: str | None = None
    with _LOCK:
        for part in PARTS:
            module = importlib.import_module(part.module)
            functions = _entry_points(module)
            warm = all(_cached(f) for f in functions.values() if not f.signatures)
            if warm:
                tell(f"loading {part.name}…")
            else:
                tell(f"preparing {part.name} (first run: about {part.first_run:.0f} s)…")
            misses = {name: _misses(f) for name, f in functions.items()}
            module_name, function_name = part.load.split(":")
            getattr(importlib.import_module(module_name), function_name)()
            short = part.module.rsplit(".", 1)[-1]
            for name, function in functions.items():
                if _misses(function) > misses[name]:
                    compiled.append(f"{short}.{name}")
                if function.signatures:
                    ready.append(f"{short}.{name}")
                cache = cache or _cache_path(function)
    seconds = time.perf_counter() - start
    tell(f"ready in {seconds:.1f} s")
    return Prepared(
        seconds=seconds,
        cpu_seconds=time.process_time() - cpu_start,
        compiled=tuple(compiled),
        ready=tuple(ready),
        cache=cache,
    )

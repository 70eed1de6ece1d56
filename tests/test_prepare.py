"""The bots' compiled code is ready before the first decision that needs it: after
``belot.bots.prepare()`` no decision compiles anything, and ``belot serve`` prepares before it
serves a table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import belot.bots
from belot.bots import _playout_core, _solver_core, make
from belot.bots.compiled import PARTS, dispatchers
from belot.cli.serve import command as serve_command
from belot.engine.actions import Play
from belot.engine.deal import Deal, Phase
from belot.engine.table import Seat

CORES = (_solver_core, _playout_core)


def compiled_state() -> dict[str, tuple[int, int, int]]:
    """Every numba function of the bots by name: (signatures compiled or loaded in this
    process, cache misses = compilations, cache hits = loads from disk)."""
    return {
        f"{core.__name__}.{name}": (
            len(function.signatures),
            sum(function.stats.cache_misses.values()),
            sum(function.stats.cache_hits.values()),
        )
        for core in CORES
        for name, function in dispatchers(core).items()
    }


needs_numba = pytest.mark.skipif(
    not dispatchers(_solver_core), reason="numba is off (NUMBA_DISABLE_JIT): nothing compiles"
)


@needs_numba
def test_prepare_tells_what_it_prepares_and_readies_the_solver() -> None:
    told: list[str] = []
    report = belot.bots.prepare(progress=told.append)
    assert told[0] in (
        f"loading {PARTS[0].name}…",
        f"preparing {PARTS[0].name} (first run: about 20 s)…",
    )
    assert told[-1] == f"ready in {report.seconds:.1f} s"
    assert report.ready, "no compiled function is ready"
    assert set(report.compiled) <= set(report.ready)
    assert report.cache is not None and Path(report.cache).is_dir()
    # Warm now: a second call loads nothing and compiles nothing.
    again = belot.bots.prepare()
    assert again.compiled == ()
    assert again.seconds < 1


@needs_numba
def test_after_prepare_strong_decisions_compile_nothing() -> None:
    belot.bots.prepare()
    before = compiled_state()
    deal = Deal.new(seed="prepare-1", dealer=Seat.E)
    # A small budget: the same compiled calls as the default one, in less time.
    bots = [make("strong", seed=seat, think=0.1) for seat in range(4)]
    # The auction (searches of whole deals), then the first card and the second (a trick
    # under way).
    while not deal.is_over and sum(isinstance(a, Play) for _, a in deal.history) < 2:
        seat = deal.turn
        assert seat is not None
        deal.push(bots[seat].act(deal.view(seat)))
    assert deal.phase is Phase.PLAY, "the deal ended in the auction: no card was searched"
    assert compiled_state() == before


def test_serve_prepares_the_bots_before_it_serves(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import uvicorn

    import belot.web.app

    order: list[str] = []

    def fake_prepare(progress: Callable[[str], object] | None = None) -> None:
        order.append("prepare")
        assert progress is not None
        progress("preparing the strong player's solver (first run: about 20 s)…")
        progress("ready in 0.1 s")

    real_create_app = belot.web.app.create_app

    def create_app(*args: Any, **kwargs: Any) -> Any:
        order.append("create_app")
        return real_create_app(*args, **kwargs)

    monkeypatch.setattr(belot.bots, "prepare", fake_prepare)
    monkeypatch.setattr(belot.web.app, "create_app", create_app)
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: order.append("serve"))
    result = CliRunner().invoke(serve_command, ["--data", str(tmp_path), "--port", "0"])
    assert result.exit_code == 0, result.output
    assert order == ["prepare", "create_app", "serve"]
    lines = result.output.splitlines()
    assert lines[0] == "belot: preparing the strong player's solver (first run: about 20 s)…"
    assert lines[1] == "belot: ready in 0.1 s"
    assert lines[2].startswith("belot: serving on ")

"""``belot bench``: the engine's speed on one core (see ``belot.bench``)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from .match import RULES_OPTIONS
from .replay import GAME_OPTION, parse_options

if TYPE_CHECKING:
    from belot.bench import BenchResult
    from belot.engine.rules import Rules

__all__ = ["STARTUP_GOAL", "command"]

#: CPU seconds that `belot --help` (and every command without a bot) may take to start.
STARTUP_GOAL = 0.15


def _line(result: BenchResult, width: int) -> str:
    rate = f"{result.rate:,.0f} {result.unit}/s"
    line = (
        f"{result.name:<{width}}  {rate:>22}   {result.count:,} {result.unit} in"
        f" {result.cpu_seconds:.2f} s CPU ({result.wall_seconds:.2f} s wall)"
    )
    if result.goal is not None:
        verdict = "ok" if result.meets_goal else "BELOW GOAL"
        line += f", goal {result.goal:,.0f}/s: {verdict}"
    return f"{line}\n{'':<{width}}  {result.description}"


@click.command()
@click.option(
    "--seconds",
    type=float,
    default=3.0,
    show_default=True,
    help="How long to run each benchmark (wall-clock seconds).",
)
@click.option("--json", "as_json", is_flag=True, help="Write one JSON object instead of text.")
@click.option(
    "--only",
    "names",
    multiple=True,
    metavar="NAME",
    help="Run only this benchmark (repeatable); see --list.",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the random work.")
@click.option("--list", "list_only", is_flag=True, help="List the benchmarks and exit.")
@GAME_OPTION
@RULES_OPTIONS
def command(
    seconds: float,
    as_json: bool,
    names: tuple[str, ...],
    seed: int,
    list_only: bool,
    game: str,
    options: tuple[str, ...],
) -> None:
    """Measure speed on one core: random full deals of each game through the Deal API,
    legal_actions() queries, random play-phase playouts and the solver, each per CPU second of
    this process, and the CPU of a `belot --help` start-up. With --game or --option, the
    benchmarks that every game can run, on those rules."""
    # Imported here: `belot bench --help` needs none of the benchmarks.
    from belot.bench import BenchError, all_benchmarks, machine, run_benchmark, startup_cpu

    rules: Rules | None = parse_options(options, game)
    if game == "bulgarian" and not options:
        rules = None  # every benchmark, on the default rules
    known = all_benchmarks()
    if list_only:
        width = max(len(name) for name in known)
        for benchmark in known.values():
            click.echo(f"{benchmark.name:<{width}}  {benchmark.description}")
        return
    games = [name for name, benchmark in known.items() if benchmark.prepare_game is not None]
    wanted = list(names) or (list(known) if rules is None else games)
    for name in wanted:
        if name not in known:
            raise BenchError(f"unknown benchmark {name!r} (known: {', '.join(known)})")
        if rules is not None and name not in games:
            raise BenchError(
                f"--game/--option: the {name} benchmark measures {known[name].game_name} only"
                f" (every game: {', '.join(games)})"
            )
    if not 0 < seconds < 86_400:  # also refuses nan
        raise BenchError(f"--seconds must be above 0 and below a day, not {seconds}")
    where = machine()
    if not as_json:
        click.echo(
            f"belot bench: {where['implementation']} {where['python']} on {where['system']} "
            f"{where['machine']} ({where['cpus']} CPUs, one used), {seconds:g} s per benchmark;"
            f" rates per CPU second; engine {where['engine']}"
        )
        if rules is not None:
            click.echo(f"rules: {json.dumps(rules.to_dict())}")
    results = []
    width = max(len(name) for name in wanted)
    for name in wanted:
        result = run_benchmark(known[name], seconds, seed, rules)
        results.append(result)
        if not as_json:
            click.echo(_line(result, width))
    # The start-up figure comes with a full run only (it takes a few child processes).
    startup = startup_cpu() if not names and rules is None else None
    if startup is not None and not as_json:
        verdict = "ok" if startup <= STARTUP_GOAL else "ABOVE GOAL"
        click.echo(
            f"{'startup':<{width}}  {startup:.3f} s CPU for `belot --help` (best of 3 child"
            f" processes), goal {STARTUP_GOAL} s: {verdict}"
        )
    if as_json:
        report = {
            "machine": where,
            "seconds": seconds,
            "seed": seed,
            "rules": None if rules is None else rules.to_dict(),
            "results": [r.to_json() for r in results],
        }
        if startup is not None:
            report["startup_cpu_seconds"] = round(startup, 4)
        click.echo(json.dumps(report, indent=2))

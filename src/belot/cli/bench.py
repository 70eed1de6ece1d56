"""``belot bench``: the engine's speed on one core (see ``belot.bench``)."""

from __future__ import annotations

import json

import click

from belot.bench import BenchError, BenchResult, all_benchmarks, machine, run_benchmark

__all__ = ["command"]


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
def command(
    seconds: float, as_json: bool, names: tuple[str, ...], seed: int, list_only: bool
) -> None:
    """Measure speed on one core: random full deals through the Deal API, random play-phase
    playouts, and legal-card queries, each per CPU second of this process."""
    known = all_benchmarks()
    if list_only:
        width = max(len(name) for name in known)
        for benchmark in known.values():
            click.echo(f"{benchmark.name:<{width}}  {benchmark.description}")
        return
    wanted = list(names) or list(known)
    for name in wanted:
        if name not in known:
            raise BenchError(f"unknown benchmark {name!r} (known: {', '.join(known)})")
    if not 0 < seconds < 86_400:  # also refuses nan
        raise BenchError(f"--seconds must be above 0 and below a day, not {seconds}")
    where = machine()
    if not as_json:
        click.echo(
            f"belot bench: {where['implementation']} {where['python']} on {where['system']} "
            f"{where['machine']} ({where['cpus']} CPUs, one used), {seconds:g} s per benchmark;"
            " rates per CPU second"
        )
    results = []
    width = max(len(name) for name in wanted)
    for name in wanted:
        result = run_benchmark(known[name], seconds, seed)
        results.append(result)
        if not as_json:
            click.echo(_line(result, width))
    if as_json:
        report = {
            "machine": where,
            "seconds": seconds,
            "seed": seed,
            "results": [r.to_json() for r in results],
        }
        click.echo(json.dumps(report, indent=2))

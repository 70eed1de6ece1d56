"""``belot match``: four computer players play a whole match, shown as a score sheet.

Each bot sees only its own seat's view. The bot in seat ``i`` (N E S W = 0..3) gets the seed
``4 * match_seed + i``, so ``--seed`` fixes the whole match.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from belot.bots import LEVELS, Bot, make, why_not_plays
from belot.engine.errors import BelotError
from belot.engine.match import Match
from belot.engine.record import dumps
from belot.engine.table import Seat

from .replay import (
    GAME_OPTION,
    deal_lines,
    parse_options,
    sheet_header,
    sheet_lines,
    sheet_row,
    winner_line,
)

__all__ = [
    "GAME_OPTION",
    "RECORD_OPTION",
    "RULES_OPTIONS",
    "SEED_OPTION",
    "command",
    "default_level",
    "make_bots",
]

#: The options ``belot match`` and ``belot play`` share.
SEED_OPTION = click.option(
    "--seed", type=int, default=None, help="Match seed (default: a random one, shown)."
)
RECORD_OPTION = click.option(
    "--record", "record_path", metavar="FILE", help="Write the match record to FILE."
)
RULES_OPTIONS = click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME=VALUE",
    help="A rules option, like passes_after_double=2 (repeatable).",
)


def default_level() -> str:
    """``basic`` once it exists, else ``random``."""
    return "basic" if "basic" in LEVELS else "random"


def make_bots(
    spec: str, match_seed: int, seats: tuple[Seat, ...] = tuple(Seat), game: str = "bulgarian"
) -> dict[Seat, Bot]:
    """Bots for ``seats`` from ``"basic"`` (all alike) or one level per seat, comma-separated,
    each able to play ``game``."""
    levels = [part.strip() for part in spec.split(",")] if spec else [default_level()]
    if len(levels) == 1:
        levels *= len(seats)
    if len(levels) != len(seats):
        names = ",".join(s.name for s in seats)
        raise BelotError(
            f"--bots: give one level or {len(seats)} levels (for {names}), not {spec!r}"
        )
    for level in levels:
        why = why_not_plays(level, game)
        if why is not None:
            raise BelotError(f"--bots: {why}")
    return {
        seat: make(level, seed=4 * match_seed + seat)
        for seat, level in zip(seats, levels, strict=True)
    }


def save_record(path: str, match: Match) -> None:
    """Write the match record to ``path`` (``-`` for stdout)."""
    text = dumps(match) + "\n"
    if path == "-":
        click.echo(text, nl=False)
        return
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise BelotError(f"cannot write the record to {path}: {error.strerror}") from None


@click.command()
@SEED_OPTION
@click.option(
    "--bots",
    default="",
    metavar="LEVELS",
    help=f"One level for all four, or four for N,E,S,W (levels: {', '.join(LEVELS)}).",
)
@RECORD_OPTION
@click.option("--deals", "show_deals", is_flag=True, help="Show every deal trick by trick.")
@GAME_OPTION
@RULES_OPTIONS
def command(
    seed: int | None,
    bots: str,
    record_path: str | None,
    show_deals: bool,
    game: str,
    options: tuple[str, ...],
) -> None:
    """Four computer players play a match to its target; prints the score sheet deal by deal."""
    rules = parse_options(options, game)
    match = Match(rules, seed=seed)
    players = make_bots(bots or default_level(), match.seed, game=rules.preset)
    names = ", ".join(f"{s.name} {players[s].name}" for s in Seat)
    out = sys.stdout if record_path != "-" else sys.stderr

    def echo(line: str = "") -> None:
        click.echo(line, file=out)

    echo(f"Match · {rules.preset} to {rules.target} · seed {match.seed} · {names}")
    echo()
    if not show_deals:
        for line in sheet_header():
            echo(line)
    totals = (0, 0)
    while True:
        seat = match.turn
        assert seat is not None
        match.push(players[seat].act(match.view(seat)), seat)
        if not match.deal_over:
            continue
        number = len(match.deals)
        score = match.scores[-1]
        if score is not None:
            totals = (totals[0] + score.written[0], totals[1] + score.written[1])
        if show_deals:
            for line in deal_lines(match.deal, number, score):
                echo(line)
            echo(f"  sheet: NS {totals[0]}, EW {totals[1]}")
            echo()
        else:
            echo(sheet_row(number, match.deal, score, totals))
        if match.is_over:
            break
        match.next_deal()
    if show_deals:
        echo("Score sheet")
        for line in sheet_lines(match):
            echo(line)
    else:
        echo(winner_line(match))
    if record_path:
        save_record(record_path, match)

"""The ``belot`` command: a thin shell over the library.

Each subcommand lives in its own module of this package and exposes a click command named
``command``; modules are found by name and imported only when their command runs. ``belot --help``
lists the commands from ``SHORT_HELP`` without importing them, so adding a command also adds its
one-line help there (tests/test_cli_startup.py checks that the table matches the commands).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import click

__all__ = ["SHORT_HELP", "main"]

#: Each command's one-line help: the first sentence of its docstring, as click makes it.
SHORT_HELP: dict[str, str] = {
    "analyse": "Mark each card of a deal or match record with its cost against the best play.",
    "bench": (
        "Measure speed on one core: random full deals of each game through the Deal API, "
        "legal_actions() "
        "queries, random play-phase playouts and the solver, each per CPU second of this process,"
        " and the CPU of a `belot --help` start-up."
    ),
    "calc": (
        "Score one deal: the game points each team writes (RULES.md §3; §4 with --game french, "
        "where --valat is the capot and the points are exact; §5 with --game coinche, where --bid"
        " is the bid, --valat the capot, --coinche/--surcoinche the doubling and "
        "--ns-belot/--ew-belot the belote; §6 with --game bela, where --valat is the stiglja and "
        "--ns-belot/--ew-belot the bela)."
    ),
    "cheatsheet": (
        "Write a game's cheat sheet (card ranking, points, declarations, auction, scoring, end of"
        " the game), generated from the rules engine's tables."
    ),
    "duel": "Duplicate duel of bot A against bot B (e.g.",
    "engine": "Speak the JSON-lines engine protocol on stdin/stdout (see docs/engine-protocol.md).",
    "hint": "Each legal card (or call) with the points the seat's team can expect.",
    "match": (
        "Four computer players play a match to its target; prints the score sheet deal by deal."
    ),
    "play": "Play a match as South against computer players (North is your partner).",
    "replay": "Show a deal or match record (FILE, or - for stdin) deal by deal, trick by trick.",
    "serve": "Start the web game: a table against computer players, and rooms for friends.",
    "tournament": "Round robin of duplicate duels between bot LEVELS (e.g.",
    "verify": (
        "Print the deck that SEED shuffles, and with --cut each seat's hand (the cards dealt "
        "before the auction, then all 8: 5 in Bulgarian and French Belote, 6 in Bela; in Coinche "
        "all 8 come before the auction)."
    ),
}


def _command_modules() -> dict[str, str]:
    names = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_"):
            names[info.name.replace("_", "-")] = f"{__name__}.{info.name}"
    return names


class _Commands(click.Group):
    """Imports a subcommand's module only when it is used (start-up stays quick)."""

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands and their short help, as click writes them, from ``SHORT_HELP``."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            if name in SHORT_HELP:
                # A help-only command shortens the sentence exactly as the real one would.
                command = click.Command(name, help=SHORT_HELP[name])
            else:  # a command not in the table yet: correct, only slower
                found = self.get_command(ctx, name)
                if found is None or found.hidden:
                    continue
                command = found
            rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(_command_modules())

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module_name = _command_modules().get(cmd_name)
        if module_name is None:
            return None
        command = importlib.import_module(module_name).command
        assert isinstance(command, click.Command)
        return command


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="belot")
def cli() -> None:
    """The Belot family of card games (Bulgarian Belot, French Belote, Coinche, Bela): play,
    keep score, replay, benchmark."""


def main(argv: list[str] | None = None) -> None:
    """Entry point: every rules error becomes one line on stderr and exit code 2."""
    try:
        cli.main(args=argv, prog_name="belot", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(1)
    except click.UsageError as error:
        where = error.ctx.command_path if error.ctx is not None else "belot"
        message = error.format_message().rstrip(".")
        click.echo(f"{where}: {message} (see {where} --help)", err=True)
        sys.exit(error.exit_code)
    except click.ClickException as error:
        error.show()
        sys.exit(error.exit_code)
    except BrokenPipeError:
        sys.exit(0)
    except Exception as error:
        # Only a loaded engine raises its errors: importing it here to ask would cost every
        # command that never touched it (`belot --help`) the whole engine.
        errors = sys.modules.get("belot.engine.errors")
        if errors is None or not isinstance(error, errors.BelotError):
            raise
        click.echo(f"belot: {error}", err=True)
        sys.exit(2)

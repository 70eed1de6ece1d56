"""The ``belot`` command: a thin shell over the library.

Each subcommand lives in its own module of this package and exposes a click command named
``command``; modules are found by name, so adding a command touches no other file.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import click

from belot.engine.errors import BelotError

__all__ = ["main"]


def _command_modules() -> dict[str, str]:
    names = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_"):
            names[info.name.replace("_", "-")] = f"{__name__}.{info.name}"
    return names


class _Commands(click.Group):
    """Imports a subcommand's module only when it is used (start-up stays quick)."""

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
    """Bulgarian Belot: play, keep score, replay, benchmark."""


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
    except BelotError as error:
        click.echo(f"belot: {error}", err=True)
        sys.exit(2)
    except BrokenPipeError:
        sys.exit(0)

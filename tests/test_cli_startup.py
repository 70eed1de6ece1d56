"""The command line starts quickly: listing the commands, and every command that needs no bot,
import neither the bots' search (numba) nor the web server; `belot --help` and `belot calc --help`
import no bot at all, and the listing imports no command's module (it reads ``SHORT_HELP``)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import click
import pytest

import belot.cli

#: Commands whose ``--help`` (and whose work) needs no bot's search.
NO_SEARCH = ["", "calc", "cheatsheet", "replay", "verify", "match", "play", "bench", "serve"]
HEAVY = ("numba", "numpy", "belot.bots.solver", "starlette", "uvicorn", "sqlalchemy")
#: What neither the listing nor `belot calc --help` may load: any bot, numba, numpy.
NO_BOT = ("belot.bots", "numba", "numpy")


def modules_after(args: list[str], stdin: str = "") -> set[str]:
    """The modules that ``belot ARGS`` has imported when it is done (in a fresh interpreter)."""
    code = (
        "import sys\n"
        "from belot.cli import main\n"
        "try:\n"
        f"    main({args!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('IMPORTED:' + ','.join(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], input=stdin, capture_output=True, text=True, check=True
    ).stdout
    last = out.rstrip("\n").splitlines()[-1]
    assert last.startswith("IMPORTED:"), out
    return set(last.removeprefix("IMPORTED:").split(","))


def loaded(modules: set[str], packages: tuple[str, ...]) -> set[str]:
    """The modules that are one of ``packages`` or inside one."""
    return {m for m in modules if any(m == p or m.startswith(p + ".") for p in packages)}


def command_modules(modules: set[str]) -> set[str]:
    """The command modules among ``modules`` (a ``_`` module of belot.cli is no command)."""
    return {m for m in modules if m.startswith("belot.cli.") and not m[10:].startswith("_")}


@pytest.mark.parametrize("command", NO_SEARCH)
def test_help_imports_no_search_and_no_server(command: str) -> None:
    args = [command, "--help"] if command else ["--help"]
    assert loaded(modules_after(args), HEAVY) == set()


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        (["verify", "1", "--cut", "3"], ""),
        (["calc", "--contract", "spades", "--declarers", "NS", "--ns", "98"], ""),
        (["engine"], '{"cmd": "hello", "id": 1}\n{"cmd": "quit"}\n'),
    ],
)
def test_work_without_a_bot_imports_no_search(args: list[str], stdin: str) -> None:
    assert loaded(modules_after(args, stdin), HEAVY) == set()


def test_listing_the_commands_imports_no_command_no_bot_and_no_engine() -> None:
    modules = modules_after(["--help"])
    assert command_modules(modules) == set()
    assert loaded(modules, (*NO_BOT, "belot.engine")) == set()


def test_calc_help_imports_no_bot_and_no_other_command() -> None:
    modules = modules_after(["calc", "--help"])
    assert loaded(modules, NO_BOT) == set()
    # replay holds the --game option and the game names that the commands without a bot share.
    assert command_modules(modules) <= {"belot.cli.calc", "belot.cli.replay"}


def test_cheatsheet_help_imports_no_engine() -> None:
    assert loaded(modules_after(["cheatsheet", "--help"]), ("belot.engine", *NO_BOT)) == set()


def test_import_belot_loads_the_engine_on_first_use() -> None:
    code = (
        "import sys, belot\n"
        "before = 'belot.engine' in sys.modules\n"
        "from belot import Card, Deal, Seat\n"
        "print(before, 'belot.engine' in sys.modules, Card.__module__)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["False", "True", "belot.engine.cards"]


def test_belot_reexports_every_engine_name() -> None:
    import belot
    import belot.engine

    assert belot.__all__ == belot.engine.__all__
    for name in belot.__all__:
        assert getattr(belot, name) is getattr(belot.engine, name)
        assert name in dir(belot)
    with pytest.raises(AttributeError, match="no attribute 'Nonsense'"):
        belot.Nonsense  # noqa: B018
    from belot import cheatsheet  # a subpackage, not an engine name

    assert cheatsheet.__name__ == "belot.cheatsheet"


def real_commands() -> dict[str, click.Command]:
    commands = {}
    for name, module in belot.cli._command_modules().items():
        command = importlib.import_module(module).command
        assert isinstance(command, click.Command)
        commands[name] = command
    return commands


def test_the_help_table_names_every_command_with_its_own_short_help() -> None:
    commands = real_commands()
    assert sorted(belot.cli.SHORT_HELP) == sorted(commands)
    for name, command in commands.items():
        assert belot.cli.SHORT_HELP[name] == command.get_short_help_str(limit=10_000), name


@pytest.mark.parametrize("width", [40, 80, 120])
def test_the_listing_reads_as_click_writes_it_from_the_commands(width: int) -> None:
    plain = click.Group(
        "belot", commands=real_commands(), help=belot.cli.cli.help, params=belot.cli.cli.params
    )
    settings = {
        "terminal_width": width,
        "max_content_width": width,
        **belot.cli.cli.context_settings,
    }
    with click.Context(belot.cli.cli, info_name="belot", **settings) as ctx:
        ours = belot.cli.cli.get_help(ctx)
    with click.Context(plain, info_name="belot", **settings) as ctx:
        theirs = plain.get_help(ctx)
    assert ours == theirs
    assert "hint" in ours and "engine" in ours

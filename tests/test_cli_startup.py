"""The command line starts quickly: listing the commands, and every command that needs no bot,
import neither the bots' search (numba) nor the web server."""

from __future__ import annotations

import subprocess
import sys

import pytest

#: Commands whose ``--help`` (and whose work) needs no bot's search.
NO_SEARCH = ["", "calc", "cheatsheet", "replay", "verify", "match", "play", "bench", "serve"]
HEAVY = ("numba", "belot.bots.solver", "starlette", "uvicorn", "sqlalchemy")


def imported_after(args: list[str]) -> set[str]:
    code = (
        "import sys\n"
        "from belot.cli import main\n"
        "try:\n"
        f"    main({args!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        f"print('IMPORTED:' + ','.join(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    last = out.rstrip("\n").splitlines()[-1]
    assert last.startswith("IMPORTED:"), out
    return set(filter(None, last.removeprefix("IMPORTED:").split(",")))


@pytest.mark.parametrize("command", NO_SEARCH)
def test_help_imports_no_search_and_no_server(command: str) -> None:
    args = [command, "--help"] if command else ["--help"]
    assert imported_after(args) == set()


def test_listing_the_commands_names_the_search_commands_too() -> None:
    out = subprocess.run(
        [sys.executable, "-c", "from belot.cli import main; main(['--help'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for name in ("hint", "analyse", "duel", "engine"):
        assert name in out

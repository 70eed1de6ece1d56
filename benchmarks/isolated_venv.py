"""Another Belot engine from PyPI, in a virtualenv of its own, for the benchmarks that compare
belot with it (``colver_speed.py``, ``colver_duel.py``, ``belote_cli_speed.py``,
``belote_cli_duel.py``).

Such a package is never a dependency of belot and never imported by it: the benchmark runs it in
its own Python as a child process. The virtualenv is made on first use (pip, from PyPI, the
pinned version) under ``~/.cache/belot/`` unless the benchmark is given one; nothing else is
downloaded at run time. ``run_child`` and ``Child`` run a script in it and read its answers.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path
from typing import Any

__all__ = ["Child", "default_venv", "package_python", "run_child"]


def default_venv(requirement: str) -> Path:
    """Where ``requirement``'s (``name==version``) virtualenv is kept by default."""
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "belot" / ("venv-" + requirement.replace("==", "-"))


def package_python(requirement: str, venv_dir: Path | None = None) -> Path:
    """The Python of a virtualenv holding ``requirement`` (``name==version``), made (with pip,
    from PyPI) where it is missing or holds another version."""
    name, version = requirement.split("==")
    venv_dir = venv_dir or default_venv(requirement)
    python = venv_dir / "bin" / "python"
    if python.exists():
        check = subprocess.run(
            [str(python), "-c", f"import importlib.metadata as m; print(m.version({name!r}))"],
            capture_output=True,
            text=True,
        )
        if check.returncode == 0 and check.stdout.strip() == version:
            return python
    print(f"making {venv_dir} with {requirement} (pip, from PyPI)…", file=sys.stderr)
    venv.create(venv_dir, with_pip=True, clear=True)
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", requirement],
        check=True,
        stdout=sys.stderr,
    )
    return python


def run_child(python: Path, code: str, settings: dict[str, Any], name: str) -> dict[str, Any]:
    """Run ``code`` in ``python`` with ``settings`` as its one argument (JSON) and read the JSON
    it prints; ``name`` says whose side failed."""
    result = subprocess.run(
        [str(python), "-c", code, json.dumps(settings)],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise SystemExit(f"{name}'s side failed: {result.stderr.strip().splitlines()[-1]}")
    answer: dict[str, Any] = json.loads(result.stdout)
    return answer


class Child:
    """``code`` running in ``python`` as a child process that answers each JSON line it reads
    with one JSON line; ``name`` says whose side stopped."""

    def __init__(self, python: Path, code: str, name: str) -> None:
        self.name = name
        self.process = subprocess.Popen(
            [str(python), "-c", code],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def read(self) -> dict[str, Any]:
        """The child's next line."""
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit(f"{self.name}'s side stopped (its error is above)")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def ask(self, **request: Any) -> dict[str, Any]:
        """Send ``request`` and read the answer."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        return self.read()

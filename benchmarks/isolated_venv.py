"""Another Belot engine from PyPI, in a virtualenv of its own, for the benchmarks that compare
belot with it (``colver_speed.py``, ``colver_duel.py``, ``belote_cli_duel.py``).

Such a package is never a dependency of belot and never imported by it: the benchmark runs it in
its own Python as a child process. The virtualenv is made on first use (pip, from PyPI, the
pinned version) under ``~/.cache/belot/`` unless the benchmark is given one; nothing else is
downloaded at run time.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

__all__ = ["default_venv", "package_python"]


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

"""The engine's speed before and after a change, in one run: ``belot bench`` figures of an older
commit and of this checkout, measured in turns.

Extracts the source of ``--old`` (``git archive``) into a temporary folder and starts two
long-lived processes, one on each source tree. Each round asks both, in turn, for a short burst
of every benchmark named; the best burst of each side is kept, since other work on a shared
machine only ever slows a burst down. Prints each figure and the ratio new / old.

The checkout runs as installed: compiled by mypyc when its build is current (``make``), else from
its source. ``--compiled`` compiles the old commit's engine too (its ``belot/engine/build.py``
names the modules), so that compiled is measured against compiled; without it the old commit
runs from its source.

    .venv/bin/python benchmarks/engine_ab.py --old a8686ee --game coinche
    .venv/bin/python benchmarks/engine_ab.py --old HEAD~3 --only deals --rounds 8
    .venv/bin/python benchmarks/engine_ab.py --old HEAD~1 --compiled --rounds 8
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_CHILD = r"""
import sys, json
from belot.bench import all_benchmarks, run_benchmark
from belot.engine.rules import Rules
rules = Rules.preset_named(sys.argv[1])
known = all_benchmarks()
for line in sys.stdin:
    name, seconds = line.split()
    # a benchmark of one game only (solver, fast-deals) takes no rules: its own game's
    bench = known[name]
    result = run_benchmark(bench, float(seconds), 0, rules if bench.prepare_game else None)
    print(json.dumps(result.rate), flush=True)
"""


def _extract(rev: str, into: Path) -> Path:
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "src"], capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


# Compiles a tree's engine in place as setup.py does, without the tree's packaging metadata (the
# venv's setuptools need not read it).
_COMPILE = r"""
import importlib.util, json, sys
from setuptools import setup
from mypyc.build import mypycify
spec = importlib.util.spec_from_file_location("_build", "src/belot/engine/build.py")
build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build)
extensions = mypycify(
    [f"src/{path}" for path in build.COMPILED], opt_level="3", group_name="belot_engine"
)
setup(name="belot-old", ext_modules=extensions, package_dir={"": "src"},
      script_args=["-q", "build_ext", "--inplace"])
with open("src/belot/engine/" + build.HASHES, "w") as out:
    json.dump(build.source_hashes(build.Path("src")), out)
"""


def _compile(tree: Path) -> None:
    if not (tree / "belot/engine/build.py").exists():
        sys.exit("--compiled: the old commit has no belot/engine/build.py (it predates mypyc)")
    done = subprocess.run(
        [sys.executable, "-c", _COMPILE], cwd=tree.parent, capture_output=True, text=True
    )
    if done.returncode:
        sys.exit(f"--compiled: the old engine did not compile:\n{done.stderr[-2000:]}")


def _engine(tree: Path) -> str:
    """Which engine a tree runs: compiled, or why it runs from its source."""
    done = subprocess.run(
        [sys.executable, "-c", "from belot.engine import build; print(build.PURE or 'compiled')"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        check=True,
    )
    return done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", required=True, help="the commit to compare with")
    parser.add_argument("--game", default="bulgarian", help="the rules preset")
    parser.add_argument(
        "--only", action="append", help="a benchmark (repeatable; default: deals, legal-actions)"
    )
    parser.add_argument(
        "--compiled", action="store_true", help="compile the old commit's engine with mypyc"
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.4, help="length of one burst")
    args = parser.parse_args()
    names = args.only or ["deals", "legal-actions", "legal-actions-again"]
    with tempfile.TemporaryDirectory() as folder:
        trees = {"old": _extract(args.old, Path(folder)), "new": ROOT / "src"}
        if args.compiled:
            _compile(trees["old"])
        engines = {side: _engine(tree) for side, tree in trees.items()}
        children = {
            side: subprocess.Popen(
                [sys.executable, "-c", _CHILD, args.game],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
            )
            for side, tree in trees.items()
        }
        best = {(side, name): 0.0 for side in children for name in names}
        for _ in range(args.rounds):
            for name in names:
                for side, child in children.items():
                    assert child.stdin is not None and child.stdout is not None
                    child.stdin.write(f"{name} {args.seconds}\n")
                    child.stdin.flush()
                    rate = json.loads(child.stdout.readline())
                    best[side, name] = max(best[side, name], rate)
        for child in children.values():
            assert child.stdin is not None
            child.stdin.close()
            child.wait()
    print(f"{args.game}: best of {args.rounds} bursts of {args.seconds} s, old = {args.old}")
    print(f"  engines: old {engines['old']}; new {engines['new']}")
    for name in names:
        old, new = best["old", name], best["new", name]
        print(f"  {name:22} old {old:12,.0f}/s  new {new:12,.0f}/s  x{new / old:.2f}")


if __name__ == "__main__":
    main()

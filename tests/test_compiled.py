"""The engine's hot path compiled by mypyc, and its Python source: the same engine.

The install compiles the modules of ``belot.engine.build.COMPILED``; ``BELOT_PURE=1`` (or a
source edited since) runs them from source. Both must play every deal alike.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from belot.engine import build

#: Random deals of every game, each state's position, legal actions and every seat's view,
#: a take-back and a copy on the way, and the record and score at the end: one digest.
PLAY = """
import hashlib, json, random, sys
from belot.engine import Deal, Rules, Seat, deal_to_record, to_position
from belot.engine.build import PURE

digest = hashlib.sha256()
for game in ("bulgarian", "french", "coinche", "bela"):
    rules = getattr(Rules, game)()
    rng = random.Random(game)
    for number in range(int(sys.argv[1])):
        deal = Deal.new(rules, seed=number)
        while actions := deal.legal_actions():
            digest.update(to_position(deal).encode())
            digest.update(" ".join(map(str, actions)).encode())
            for seat in Seat:
                digest.update(repr(deal.view(seat)).encode())
            deal.push(actions[rng.randrange(len(actions))])
            if rng.random() < 0.1:
                taken = deal.pop()
                deal = deal.copy()
                deal.push(taken)
        record = deal_to_record(deal)
        digest.update(json.dumps(record, sort_keys=True, default=str).encode())
        digest.update(repr(deal.score()).encode())
print(json.dumps({"pure": PURE, "digest": digest.hexdigest()}))
"""


def _play(deals: int, *, pure: bool) -> dict[str, str | None]:
    env = {k: v for k, v in os.environ.items() if k != "BELOT_PURE"}
    if pure:
        env["BELOT_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", PLAY, str(deals)],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    answer: dict[str, str | None] = json.loads(done.stdout)
    return answer


def _can_compile() -> bool:
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(compiler) is not None


@pytest.mark.skipif(bool(os.environ.get("BELOT_PURE")), reason="BELOT_PURE is set")
def test_the_install_compiled_the_engine() -> None:
    """With a C compiler at hand the install compiles the engine, and an edit since is
    compiled by installing again (``make`` does)."""
    if not _can_compile():
        pytest.skip("no C compiler: the engine runs from its source")
    assert build.compiled(), f"the engine runs from its source: {build.PURE}"
    import belot.engine.deal

    assert not belot.engine.deal.__file__.endswith(".py")


def test_the_compiled_and_the_source_engine_play_alike() -> None:
    compiled = _play(40, pure=False)
    source = _play(40, pure=True)
    assert source["pure"] == "BELOT_PURE is set"
    if not build.compiled():
        pytest.skip(f"the engine is not compiled here ({build.PURE})")
    assert compiled["pure"] is None
    assert compiled["digest"] == source["digest"]


def _tree(tmp_path: Path, *, extensions: bool = True, hashes: bool = True) -> Path:
    """A copy of the compiled modules' sources under ``tmp_path``, as an install leaves them."""
    root = Path(build.__file__).resolve().parent.parent.parent
    for path in build.COMPILED + build.NATIVE:
        target = tmp_path / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((root / path).read_bytes())
        if extensions:
            target.with_suffix(EXTENSION_SUFFIXES[0]).write_bytes(b"")
    if hashes:
        (tmp_path / "belot/engine" / build.HASHES).write_text(
            json.dumps(build.source_hashes(tmp_path))
        )
    return tmp_path


def test_the_engine_s_values_pickle_and_copy() -> None:
    """Actions, legal actions, seat views, tricks, scores and deals come back equal from pickle
    and deepcopy, on the engine this process runs (compiled, a frozen dataclass unpickles only
    through its ``__init__``: ``belot.engine.frozen``)."""
    import copy
    import pickle
    import random

    from belot.engine import Deal, Rules, parse_action

    def same(value: object) -> None:
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value

    for text in ("JH", "KH-silent", "pass", "80H", "capotS", "coinche", "contra", "cut:5"):
        same(parse_action(text))
    same(parse_action("declare:JH-AH,four-9"))
    for game in ("bulgarian", "french", "coinche", "bela"):
        rng = random.Random(game)
        deal = Deal.new(getattr(Rules, game)(), seed=5)
        while actions := deal.legal_actions():
            same(actions)
            assert deal.turn is not None
            same(deal.view(deal.turn))
            if rng.random() < 0.2:  # a deal in play: its start and actions, replayed
                for again in (pickle.loads(pickle.dumps(deal)), copy.deepcopy(deal)):
                    assert again.history == deal.history and again.legal_actions() == actions
            deal.push(actions[rng.randrange(len(actions))])
        same(deal.tricks)
        same(deal.score())
        again = pickle.loads(pickle.dumps(deal))
        assert again.history == deal.history and again.score() == deal.score()


@pytest.mark.skipif(bool(os.environ.get("BELOT_PURE")), reason="BELOT_PURE is set")
def test_a_compiled_module_is_used_while_its_source_is_as_compiled(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    assert build.why_pure(root) is None
    (root / "belot/engine/tricks.py").write_text("# edited\n")
    assert build.why_pure(root) == (
        "edited since it was compiled: belot/engine/tricks.py (install again to compile it)"
    )


@pytest.mark.skipif(bool(os.environ.get("BELOT_PURE")), reason="BELOT_PURE is set")
def test_an_edited_c_source_is_not_used_until_it_is_built_again(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    (root / "belot/engine/_shuffle.c").write_text("/* edited */\n")
    assert build.why_pure(root) == (
        "edited since it was compiled: belot/engine/_shuffle.c (install again to compile it)"
    )
    (root / "belot/engine/_shuffle.c").unlink()
    (root / f"belot/engine/_shuffle{EXTENSION_SUFFIXES[0]}").unlink()
    assert build.why_pure(root) == "not compiled at install: belot/engine/_shuffle.c"


def test_the_source_is_used_when_a_module_was_not_compiled(tmp_path: Path) -> None:
    root = _tree(tmp_path, extensions=False)
    assert build.why_pure(root) in (
        "not compiled at install: belot/engine/deal.py",
        "BELOT_PURE is set",
    )


@pytest.mark.skipif(bool(os.environ.get("BELOT_PURE")), reason="BELOT_PURE is set")
def test_the_source_is_used_without_the_build_s_hashes(tmp_path: Path) -> None:
    root = _tree(tmp_path, hashes=False)
    assert build.why_pure(root) == "no compiled.json beside the compiled modules"


def test_module_names() -> None:
    assert build.module_name("belot/engine/games/__init__.py") == "belot.engine.games"
    assert build.module_name("belot/engine/deal.py") == "belot.engine.deal"
    assert build.module_name("belot/engine/_shuffle.c") == "belot.engine._shuffle"

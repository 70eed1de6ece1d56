"""The benchmarks' settings of the bots (``benchmarks/bot_settings.py``): set by name, put back
after a ``with`` block, and a name that sets nothing refused with its name."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from bot_settings import applied, parse, parse_assignments, target

from belot.bots import strong


def test_a_setting_holds_in_its_block_and_the_old_value_comes_back() -> None:
    before = strong.MAX_WORLDS
    with applied({"strong.MAX_WORLDS": before + 7}):
        assert before + 7 == strong.MAX_WORLDS
    assert before == strong.MAX_WORLDS


def test_the_old_value_comes_back_when_the_block_fails() -> None:
    before = strong.MAX_WORLDS
    with pytest.raises(ZeroDivisionError), applied({"strong.MAX_WORLDS": 1}):
        1 / 0  # noqa: B018
    assert before == strong.MAX_WORLDS


@pytest.mark.parametrize("name", ["strong.NO_SUCH_NAME", "no_such_module.X", "MAX_WORLDS"])
def test_a_name_that_sets_nothing_is_refused_by_name(name: str) -> None:
    with pytest.raises(SystemExit, match=re.escape(name)):
        target(name)
    with pytest.raises(SystemExit, match=re.escape(name)), applied({name: 1}):
        pass


def test_both_forms_read_the_same_settings() -> None:
    assert parse('{"strong.MAX_WORLDS": 320, "strong.CLEAR": {"french": [2.0, 320]}}') == {
        "strong.MAX_WORLDS": 320,
        "strong.CLEAR": {"french": [2.0, 320]},
    }
    assert parse_assignments(["strong.MAX_WORLDS=320", 'strong.PLAY_CALL_MODEL=["french"]']) == {
        "strong.MAX_WORLDS": 320,
        "strong.PLAY_CALL_MODEL": ("french",),
    }
    with pytest.raises(SystemExit, match=re.escape("module.NAME")):
        parse("[1, 2]")
    with pytest.raises(SystemExit, match=re.escape("module.NAME=JSON")):
        parse_assignments(["strong.MAX_WORLDS"])


def test_both_forms_refuse_a_name_that_sets_nothing() -> None:
    with pytest.raises(SystemExit, match=re.escape("strong.NOPE")):
        parse('{"strong.NOPE": 1}')
    with pytest.raises(SystemExit, match=re.escape("strong.NOPE")):
        parse_assignments(["strong.NOPE=1"])

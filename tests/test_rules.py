"""Rule options are bounded and of their exact type: nothing is coerced (``True`` is not 1,
``10.0`` is not 10), and the error names the option."""

from __future__ import annotations

from typing import Any

import pytest

from belot.engine import Rules, RulesError
from belot.engine.rules import TARGET_LIMIT


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("target", True),
        ("target", False),
        ("target", 0),
        ("target", -151),
        ("target", 151.0),
        ("target", "151"),
        ("target", 3000),
        ("target", TARGET_LIMIT + 1),
        ("target", 10**30),
        ("target", None),
        ("direction", True),
        ("direction", 1.0),
        ("direction", 0),
        ("passes_after_double", True),
        ("passes_after_double", 2.0),
        ("passes_after_double", 4),
        ("nt_last_trick", 10.0),
        ("nt_last_trick", 15),
        ("declaration_compare", ["single"]),
        ("declaration_compare", "both"),
        ("double_scoring", 1),
        ("belot_when_trumping", 1),
        ("belot_when_trumping", "yes"),
        ("redeal_same_dealer", 0),
        ("forced_undertrump", None),
    ],
)
def test_an_option_of_the_wrong_type_or_out_of_range_is_refused_by_name(
    option: str, value: Any
) -> None:
    with pytest.raises(RulesError, match=f"^{option} must be ") as caught:
        Rules.bulgarian(**{option: value})
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 120
    with pytest.raises(RulesError, match=f"^{option} must be "):
        Rules.from_dict({"preset": "bulgarian", "options": {option: value}})


def test_the_target_goes_up_to_the_longest_match_of_the_rulebook() -> None:
    assert TARGET_LIMIT == 1001  # Bela, RULES.md §6
    for target in (1, 151, 501, 1000, TARGET_LIMIT):
        assert Rules.bulgarian(target=target).target == target


def test_the_match_equity_table_of_the_longest_target_is_quick() -> None:
    """A target of 3000 made the strong bot's match-equity table stall every strong bot; the
    largest target allowed builds it in a few seconds at most, once a process."""
    import time

    from belot.bots import match_equity

    start = time.perf_counter()
    match_equity.win_chance(0, 0, TARGET_LIMIT)
    assert time.perf_counter() - start < 10


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (151, "rules must be"),
        (["bulgarian"], "rules must be"),
        ({"preset": 7}, "rules preset"),
        ({"preset": "klaverjas"}, "unknown rules preset 'klaverjas'"),
        ({"options": ["target"]}, "rules options must be an object"),
        ({"options": "target=151"}, "rules options must be an object"),
        ({"preset": "bulgarian", "option": {}}, "unknown rules field 'option'"),
        ({"options": {"targte": 151}}, "unknown rules option 'targte'"),
    ],
)
def test_a_rules_object_of_the_wrong_shape_is_refused(data: Any, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Rules.from_dict(data)


def test_rules_read_back_what_they_write() -> None:
    rules = Rules.bulgarian(target=1001, nt_last_trick=10, belot_when_trumping=False)
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Rules.from_dict({"preset": "bulgarian", "options": None}) == Rules.bulgarian()
    assert Rules.from_dict("bulgarian") == Rules.from_dict(None) == Rules.bulgarian()

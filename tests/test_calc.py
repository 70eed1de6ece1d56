"""``belot calc`` and :mod:`belot.calc`: the score counter of seed 002, JSON and flags."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belot.calc import (
    CalcError,
    DealInput,
    calc,
    calc_deal,
    calc_sheet,
    calc_text,
    check_deal,
    field_error,
    parse_deal,
    parse_sheet,
    score,
    score_sheet,
)
from belot.cli import main
from belot.engine.contracts import Contract
from belot.engine.errors import BelotError
from belot.engine.rules import Rules
from belot.engine.scoring import TeamPoints, contract_total
from belot.engine.table import Team

SEED_000 = {
    "rules": "bulgarian",
    "options": {},
    "contract": "spades",
    "declarers": "NS",
    "double": 1,
    "points": {"NS": {"cards": 98, "declarations": 20, "belot": 20}, "EW": {"cards": 64}},
    "valat": None,
    "hanging": 0,
}


def d(contract: str, declarers: str, ns: object, ew: object = None, **extra: Any) -> Any:
    """A deal object; ``ns_declarations=20``-style keywords go into the points."""
    points: dict[str, dict[str, object]] = {"NS": {}, "EW": {}}
    if ns is not None:
        points["NS"]["cards"] = ns
    if ew is not None:
        points["EW"]["cards"] = ew
    for key in list(extra):
        team, _, field = key.partition("_")
        if team in ("ns", "ew"):
            points[team.upper()][field] = extra.pop(key)
    return {"contract": contract, "declarers": declarers, "points": points, **extra}


def run(argv: list[str], stdin: bytes | str = b"") -> tuple[int, str, str]:
    """Run ``belot ARGV`` in this process: (exit code, stdout, stderr)."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(argv)
            except SystemExit as exit_:
                code = exit_.code if isinstance(exit_.code, int) else 1
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def calc_json(obj: object) -> tuple[int, Any, str]:
    code, out, err = run(["calc", "--json"], json.dumps(obj))
    return code, (json.loads(out) if code == 0 else None), err


# --- the issue's example and the seeds' worked examples through JSON ------------------------------


def test_seed_000_example_through_the_json_command() -> None:
    code, answer, err = calc_json(SEED_000)
    assert code == 0, err
    assert answer == {
        "outcome": "made",
        "raw": {"NS": 138, "EW": 64},
        "written": {"NS": 14, "EW": 6},
        "hanging": 0,
    }


@pytest.mark.parametrize(
    ("deal", "outcome", "written", "hanging"),
    [
        (d("spades", "NS", 70, 92), "inside", (0, 16), 0),
        (d("spades", "NS", 98, 64, ns_declarations=20, ns_belot=20, double=2), "made", (40, 0), 0),
        (
            d(
                "spades",
                "NS",
                98,
                64,
                ns_declarations=20,
                ns_belot=20,
                double=2,
                options={"double_scoring": "per_team"},
            ),
            "made",
            (28, 13),
            0,
        ),
        (d("hearts", "NS", 96, 66), "made", (9, 7), 0),
        (d("hearts", "EW", 56, 106), "made", (6, 10), 0),
        (d("clubs", "NS", 87, 75), "made", (9, 7), 0),
        (d("all-trumps", "NS", 134, 124), "made", (13, 13), 0),
        (d("spades", "NS", 56, 106, ns_declarations=50), "hanging", (0, 10), 11),
        (d("all-trumps", "EW", 154, 104, ew_declarations=50), "hanging", (15, 0), 16),
        (d("diamonds", "EW", 81, 81), "hanging", (8, 0), 8),
        (d("spades", "NS", 162, 0, valat="NS"), "made", (25, 0), 0),
        (d("no-trumps", "NS", 260, 0, valat="NS"), "made", (35, 0), 0),
        (d("all-trumps", "EW", 0, 258, valat="EW"), "made", (0, 35), 0),
        (d("clubs", "NS", 81, 81, double=4), "hanging", (0, 0), 64),
        (d("spades", "NS", 70, 92, hanging=11), "inside", (0, 27), 0),
        (d("spades", "NS", 81, 81, hanging=11), "hanging", (0, 8), 19),
        (d("no-trumps", "NS", 150, 100, options={"nt_last_trick": 10}), "made", (15, 10), 0),
    ],
)
def test_worked_examples_through_calc_deal(
    deal: Any, outcome: str, written: tuple[int, int], hanging: int
) -> None:
    answer = calc_deal(deal)
    assert answer["outcome"] == outcome
    assert (answer["written"]["NS"], answer["written"]["EW"]) == written
    assert answer["hanging"] == hanging
    assert calc(deal) == answer
    assert json.loads(calc_text(json.dumps(deal))) == answer


def test_raw_includes_the_valat_bonus_and_both_sides_declarations() -> None:
    answer = calc_deal(d("hearts", "NS", 162, 0, valat="NS", ns_belot=20, ew_declarations=100))
    assert answer["raw"] == {"NS": 272, "EW": 100}
    assert answer["written"] == {"NS": 37, "EW": 0}


def test_missing_cards_are_the_contract_total_minus_the_other_team() -> None:
    assert calc_deal(d("spades", "NS", 98, None))["raw"] == {"NS": 98, "EW": 64}
    assert calc_deal(d("no-trumps", "EW", None, 140))["raw"] == {"NS": 120, "EW": 140}
    # With a valat the card points of both teams follow from the valat.
    assert calc_deal(d("all-trumps", "NS", None, None, valat="EW"))["raw"] == {"NS": 0, "EW": 348}


def test_null_counts_as_absent_and_aliases_are_accepted() -> None:
    deal = {
        "contract": "AT",
        "declarers": "sn",
        "double": None,
        "valat": None,
        "hanging": None,
        "rules": None,
        "options": None,
        "points": {"ns": {"cards": 134, "declarations": None, "belot": None}},
    }
    assert calc_deal(deal)["written"] == {"NS": 13, "EW": 13}


# --- the typed API -----------------------------------------------------------------------------


def test_parse_deal_gives_a_typed_deal() -> None:
    deal = parse_deal(SEED_000)
    assert deal == DealInput(
        Contract.SPADES,
        Team.NS,
        (TeamPoints(98, 20, 20), TeamPoints(64)),
        double=1,
        valat=None,
        hanging=0,
        rules=Rules.bulgarian(),
    )
    result = score(deal)
    assert result.written == (14, 6)
    assert score(deal, hanging=5).written == (19, 6)


def test_score_checks_a_typed_deal_too() -> None:
    bad = DealInput(Contract.SPADES, Team.NS, (TeamPoints(100), TeamPoints(100)))
    with pytest.raises(CalcError, match="162"):
        score(bad)
    with pytest.raises(CalcError, match="double"):
        score(DealInput(Contract.SPADES, Team.NS, (TeamPoints(100), TeamPoints(62)), double=3))


def test_calc_error_names_the_field_and_the_reason() -> None:
    with pytest.raises(CalcError) as info:
        parse_deal(d("spades", "NS", 98, ns_declarations=25))
    assert info.value.field == "points.NS.declarations"
    assert info.value.reason == "25 is not a multiple of 10"
    assert str(info.value) == "points.NS.declarations: 25 is not a multiple of 10"
    assert isinstance(info.value, BelotError)


@pytest.mark.parametrize(
    ("field", "value", "contract", "message"),
    [
        ("contract", "spades", None, None),
        ("contract", "trumps", None, "unknown contract"),
        ("declarers", "EW", None, None),
        ("declarers", "NE", None, "unknown team"),
        ("double", 2, None, None),
        ("double", 3, None, "must be 1, 2 (contra) or 4 (recontra)"),
        ("valat", None, None, None),
        ("valat", "N", None, "unknown team"),
        ("hanging", 11, None, None),
        ("hanging", -1, None, "cannot be negative"),
        ("rules", "bulgarian", None, None),
        ("rules", "klaverjas", None, "unknown rules preset"),
        ("options", {"nt_last_trick": 10}, None, None),
        ("options", {"nt_last_trick": 15}, None, "nt_last_trick must be 10 or 20"),
        ("points.NS.cards", 98, "spades", None),
        ("points.NS.cards", 163, "spades", "more than the 162"),
        ("points.EW.cards", 259, "all-trumps", "more than the 258"),
        ("points.EW.cards", 131, "no-trumps", "always even"),
        ("points.NS.cards", "98", None, "whole number"),
        ("points.NS.declarations", 25, None, "not a multiple of 10"),
        ("points.NS.declarations", 30, "hearts", "cannot be scored"),
        ("points.NS.declarations", 20, "no-trumps", "do not count in no-trumps"),
        ("points.EW.belot", 20, "hearts", None),
        ("points.EW.belot", 10, None, "not a multiple of 20"),
        ("points.EW.belot", 40, "hearts", "one belot"),
        ("points.EW.belot", 40, "all-trumps", None),
        ("points.EW.belot", 20, "no-trumps", "no belot in no-trumps"),
        ("points.XY.cards", 10, None, "unknown team"),
        ("points.NS.tricks", 10, None, "unknown field"),
        ("nonsense", 1, None, "unknown field"),
    ],
)
def test_field_error_for_a_form_field(
    field: str, value: object, contract: str | None, message: str | None
) -> None:
    error = field_error(field, value, contract=contract)
    if message is None:
        assert error is None
    else:
        assert error is not None and message in error
        assert "\n" not in error


# --- score sheets ------------------------------------------------------------------------------


def test_sheet_carries_hanging_and_ignores_each_deals_own() -> None:
    sheet = [
        d("spades", "NS", 56, 106, ns_declarations=50, hanging=99),  # E–W 10, 11 hang
        d("clubs", "EW", 81, 81, hanging=99),  # N–S 8, 19 hang
        d("hearts", "NS", 66, 96, hanging=99),  # inside: E–W 16 + 19
    ]
    answer = calc_sheet(sheet)
    assert [x["written"] for x in answer["deals"]] == [
        {"NS": 0, "EW": 10},
        {"NS": 8, "EW": 0},
        {"NS": 0, "EW": 35},
    ]
    assert [x["hanging"] for x in answer["deals"]] == [11, 19, 0]
    assert answer["total"] == {"NS": 8, "EW": 45}
    assert answer["hanging"] == 0
    assert answer["winner"] is None
    assert calc(sheet) == answer


def test_sheet_ends_at_151_but_not_on_a_valat_or_a_hanging_deal() -> None:
    recontra = d("hearts", "NS", 96, 66, double=4)
    valat = d("spades", "NS", 162, 0, valat="NS")
    sheet = [recontra, recontra, valat]
    answer = calc_sheet(sheet)
    assert answer["total"] == {"NS": 153, "EW": 0}
    assert answer["winner"] is None  # no going out with a valat
    answer = calc_sheet([*sheet, d("spades", "EW", 56, 106)])
    assert answer["winner"] == "NS"
    # A hanging deal cannot end it either, though N–S, the defenders, write enough.
    start = [recontra, recontra, d("clubs", "NS", 87, 75)]
    assert calc_sheet(start)["total"] == {"NS": 137, "EW": 7}
    hanging = d("all-trumps", "EW", 154, 104, ew_declarations=50)
    answer = calc_sheet([*start, hanging])
    assert answer["total"] == {"NS": 152, "EW": 7}
    assert answer["hanging"] == 16
    assert answer["winner"] is None
    answer = calc_sheet([*start, hanging, d("clubs", "NS", 87, 75)])
    assert answer["total"] == {"NS": 152 + 9 + 16, "EW": 14}
    assert answer["winner"] == "NS"


def test_sheet_equal_over_151_plays_on() -> None:
    ns64 = d("hearts", "NS", 96, 66, double=4)
    ew64 = d("hearts", "EW", 66, 96, double=4)
    at = d("all-trumps", "NS", 134, 124)
    answer = calc_sheet([ns64, ew64, ns64, ew64, at, at])
    assert answer["total"] == {"NS": 154, "EW": 154}
    assert answer["winner"] is None
    answer = calc_sheet([ns64, ew64, ns64, ew64, at, at, d("spades", "EW", 64, 98)])
    assert answer["winner"] == "EW"


def test_sheet_refuses_a_deal_after_the_match_is_won() -> None:
    recontra = d("hearts", "NS", 96, 66, double=4)
    with pytest.raises(CalcError, match=r"deals\[3\].*already won by NS"):
        calc_sheet([recontra, recontra, recontra, recontra])


def test_sheet_plays_under_the_first_deals_rules() -> None:
    per_team = {"double_scoring": "per_team"}
    contra = d("clubs", "NS", 96, 66, double=2)
    answer = calc_sheet([{**contra, "options": per_team}, contra])
    assert [x["written"] for x in answer["deals"]] == [{"NS": 19, "EW": 13}] * 2
    with pytest.raises(CalcError, match=r"deals\[1\]\.rules"):
        calc_sheet([{**contra, "options": per_team}, {**contra, "options": {}}])


def test_sheet_target_comes_from_the_rules() -> None:
    deals = parse_sheet([d("hearts", "NS", 96, 66, options={"target": 60}, double=4)])
    assert score_sheet(deals).winner is Team.NS
    assert calc_sheet([])["total"] == {"NS": 0, "EW": 0}


def test_sheet_errors_name_the_deal() -> None:
    with pytest.raises(CalcError) as info:
        calc_sheet([d("hearts", "NS", 96, 66), d("hearts", "NS", 96, 60)])
    assert info.value.field == "deals[1].points"


# --- refusals through the command: exit 2, one line, no traceback -------------------------------

REFUSALS = [
    ({**SEED_000, "points": {"NS": {"cards": 98}, "EW": {"cards": 70}}}, "162"),
    (d("all-trumps", "NS", 130, 130), "258"),
    (d("no-trumps", "NS", 130, 120), "260"),
    (d("no-trumps", "NS", 130, 130, options={"nt_last_trick": 10}), "250"),
    (d("spades", "NS", 100, 62, valat="NS"), "valat"),
    (d("spades", "NS", 0, 162, valat="NS"), "valat"),
    (d("spades", "NS", -10, 172), "negative"),
    (d("spades", "NS", 98, 64, ns_declarations=-20), "negative"),
    (d("spades", "NS", 98, 64, hanging=-1), "negative"),
    (d("spades", "NS", 98, 64, ns_declarations=25), "multiple of 10"),
    (d("spades", "NS", 98, 64, ew_belot=10), "multiple of 20"),
    (d("no-trumps", "NS", 140, 120, ns_belot=20), "no-trumps"),
    (d("no-trumps", "NS", 140, 120, ew_declarations=20), "no-trumps"),
    (d("hearts", "NS", 98, 64, ns_belot=20, ew_belot=20), "belot"),
    (d("trumps", "NS", 98, 64), "contract"),
    (d("spades", "NW", 98, 64), "declarers"),
    (d("spades", "NS", 98, 64, valat="N"), "valat"),
    (d("spades", "NS", 98, 64, double=3), "double"),
    (d("spades", "NS", 98, 64, double=True), "double"),
    (d("spades", "NS", 98.5, 63.5), "whole number"),
    (d("spades", "NS", "98", 64), "whole number"),
    (d("spades", "NS", 98, 64, ns_tricks=5), "points.NS.tricks"),
    ({**SEED_000, "contra": True}, "contra"),
    ({**SEED_000, "points": {"NS": {"cards": 98}, "XY": {"cards": 64}}}, "XY"),
    ({**SEED_000, "points": {"NS": {"cards": 98}, "ns": {"cards": 98}}}, "twice"),
    ({**SEED_000, "points": [98, 64]}, "points"),
    ({**SEED_000, "points": {"NS": 98}}, "points.NS"),
    ({**SEED_000, "rules": "klaverjas"}, "rules"),
    ({**SEED_000, "options": {"colour": "red"}}, "colour"),
    ({**SEED_000, "options": {"nt_last_trick": 30}}, "nt_last_trick"),
    ({**SEED_000, "options": [1]}, "options"),
    ({"declarers": "NS", "points": {"NS": {"cards": 98}}}, "contract"),
    ({"contract": "spades", "points": {"NS": {"cards": 98}}}, "declarers"),
    ({"contract": "spades", "declarers": "NS"}, "card points"),
    ({"contract": 3, "declarers": "NS", "points": {"NS": {"cards": 98}}}, "contract"),
    (d("spades", "NS", 200, None), "more than the 162"),
    (42, "JSON object"),
    ([SEED_000, 7], "deals[1]"),
]


@pytest.mark.parametrize(("obj", "reason"), REFUSALS)
def test_the_command_refuses_what_cannot_be_a_real_deal(obj: object, reason: str) -> None:
    code, out, err = run(["calc", "--json"], json.dumps(obj))
    assert code == 2
    assert out == ""
    assert err.startswith("belot: ") and err.endswith("\n")
    assert err.count("\n") == 1, err
    assert reason in err
    assert "Traceback" not in err
    with pytest.raises(CalcError):
        calc(obj)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (b"", "no JSON"),
        (b"{", "malformed JSON"),
        (b'{"contract": "spades",}', "malformed JSON"),
        (b"[1, 2", "malformed JSON"),
        (b'{"contract": "spades", "declarers": "NS", "points": {"NS": {"cards": NaN}}}', "NaN"),
        (b'{"contract": "spades", "contract": "hearts"}', "twice"),
        (b"\xff\xfe\x00", "UTF-8"),
        (b"[" * 50000, "malformed JSON"),
        (b'{"contract": "spades", "declarers": "NS", "points": {"NS": {"cards": 1e400}}}', "whole"),
        (b"9" * 5000, "malformed JSON"),
        (b"{} {}", "malformed JSON"),
    ],
)
def test_the_command_refuses_malformed_json(text: bytes, reason: str) -> None:
    code, out, err = run(["calc", "--json"], text)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and reason in err, err


def test_a_real_process_exits_2_with_one_line() -> None:
    cmd = [sys.executable, "-c", "from belot.cli import main; main()", "calc", "--json"]
    bad = subprocess.run(cmd, input=b'{"contract": "spades"}', capture_output=True, timeout=60)
    assert bad.returncode == 2
    assert bad.stdout == b""
    assert bad.stderr.decode().strip() == "belot: declarers: is missing"
    good = subprocess.run(cmd, input=json.dumps(SEED_000).encode(), capture_output=True, timeout=60)
    assert good.returncode == 0, good.stderr
    assert json.loads(good.stdout)["written"] == {"NS": 14, "EW": 6}


# --- the human form ----------------------------------------------------------------------------


def test_human_form_prints_a_table() -> None:
    code, out, err = run(
        [
            *("calc", "--contract", "spades", "--declarers", "NS", "--ns", "98"),
            *("--ns-declarations", "20", "--ns-belot", "20"),
        ]
    )
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "spades, declarers NS"
    assert lines[1].split() == ["team", "raw", "written"]
    assert lines[2].split() == ["NS", "138", "14"]
    assert lines[3].split() == ["EW", "64", "6"]
    assert lines[4] == "made, 0 hanging"


def test_per_team_failed_recontra_is_multiplied_then_rounded() -> None:
    # RULES.md §3: a failed recontra of 60:102 in a suit writes 648 → 65, not 16 × 4.
    answer = calc_deal(d("hearts", "NS", 60, 102, double=4, options={"double_scoring": "per_team"}))
    assert answer["outcome"] == "inside"
    assert answer["written"] == {"NS": 0, "EW": 65}
    assert calc_deal(d("hearts", "NS", 60, 102, double=4))["written"] == {"NS": 0, "EW": 64}
    base = ["calc", "--contract", "hearts", "--declarers", "NS", "--ns", "60", "--ew", "102"]
    _, out, _ = run([*base, "--recontra", "--option", "double_scoring=per_team"])
    assert out.splitlines()[3].split() == ["EW", "102", "65"]


def test_human_form_contra_recontra_valat_hanging_and_options() -> None:
    base = ["calc", "--contract", "spades", "--declarers", "NS", "--ns", "98", "--ew", "64"]
    _, out, _ = run([*base, "--contra"])
    assert out.splitlines()[2].split() == ["NS", "98", "32"]  # 162 → 16, × 2
    _, out, _ = run([*base, "--contra", "--option", "double_scoring=per_team"])
    assert out.splitlines()[2:4] == ["NS        98       20", "EW        64       13"]
    _, out, _ = run([*base, "--recontra", "--hanging", "3"])
    assert out.splitlines()[0] == "spades, declarers NS, recontra, 3 hanging in"
    assert out.splitlines()[2].split() == ["NS", "98", str(16 * 4 + 3)]
    code, out, _ = run(["calc", "--contract", "nt", "--declarers", "EW", "--valat", "ew"])
    assert code == 0
    assert out.splitlines()[3].split() == ["EW", "350", "35"]
    code, out, _ = run(["calc", "--contract", "nt", "--declarers", "EW", "--ew", "130"])
    assert out.splitlines()[-1] == "hanging, 13 hanging"
    code, out, _ = run(
        [
            *("calc", "--contract", "no-trumps", "--declarers", "NS", "--ns", "150"),
            *("--option", "nt_last_trick=10", "--rules", "bulgarian"),
        ]
    )
    assert code == 0
    assert out.splitlines()[3].split() == ["EW", "100", "10"]


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--declarers", "NS", "--ns", "98"], "--contract: is missing"),
        (["--contract", "spades", "--ns", "98"], "--declarers: is missing"),
        (["--contract", "spades", "--declarers", "NS"], "--ns/--ew"),
        (["--contract", "spades", "--declarers", "NS", "--ns", "abc"], "--ns: must be a whole"),
        (["--contract", "spades", "--declarers", "NS", "--ns", "98", "--ew", "70"], "168"),
        (["--contract", "spades", "--declarers", "NS", "--ns", "98", "--ns-belot", "30"], "20"),
        (
            ["--contract", "nt", "--declarers", "NS", "--ns", "140", "--ew-declarations", "50"],
            "--ew-declarations: declarations do not count",
        ),
        (["--contract", "c", "--declarers", "NS", "--ns", "98", "--contra", "--recontra"], "one"),
        (["--contract", "c", "--declarers", "NS", "--ns", "98", "--option", "x"], "NAME=VALUE"),
        (["--contract", "c", "--declarers", "NS", "--ns", "98", "--option", "y=1"], "--option"),
        (["--contract", "c", "--declarers", "NS", "--ns", "98", "--rules", "z"], "--rules"),
        (["--contract", "c", "--declarers", "NS", "--ns", "9", "--hanging", "-2"], "--hanging"),
        (["--contract", "c", "--declarers", "NS", "--ns", "98", "--valat", "NS"], "--valat"),
        (["--json", "--contract", "spades"], "--json"),
    ],
)
def test_human_form_refusals_are_one_line(args: list[str], reason: str) -> None:
    code, out, err = run(["calc", *args], json.dumps(SEED_000))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and reason in err, err


# --- properties --------------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-300, 300)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["NS", "EW", "spades", "no-trumps", "all-trumps", "x", ""]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                ["contract", "declarers", "points", "NS", "EW", "cards", "double", "z"]
            ),
            children,
            max_size=5,
        )
    ),
    max_leaves=20,
)


@st.composite
def near_deals(draw: st.DrawFn) -> dict[str, Any]:
    """Deals that are often valid and often just wrong."""
    contract = draw(st.sampled_from(["clubs", "hearts", "no-trumps", "all-trumps", "spades"]))
    total = {"no-trumps": 260, "all-trumps": 258}.get(contract, 162)
    ns = draw(st.integers(-5, total + 5))
    points: dict[str, Any] = {"NS": {"cards": ns}}
    if draw(st.booleans()):
        points["EW"] = {"cards": total - ns + draw(st.sampled_from([0, 0, 0, 1, -2]))}
    for team in ("NS", "EW"):
        if draw(st.booleans()):
            points.setdefault(team, {})["declarations"] = draw(st.sampled_from([0, 20, 50, 25]))
        if draw(st.booleans()):
            points.setdefault(team, {})["belot"] = draw(st.sampled_from([0, 20, 40]))
    deal: dict[str, Any] = {
        "contract": contract,
        "declarers": draw(st.sampled_from(["NS", "EW"])),
        "points": points,
    }
    if draw(st.booleans()):
        deal["double"] = draw(st.sampled_from([1, 2, 4, 3]))
    if draw(st.booleans()):
        deal["hanging"] = draw(st.integers(-1, 30))
    return deal


@settings(max_examples=150, deadline=None)
@given(st.one_of(JSON_VALUES, near_deals(), st.lists(near_deals(), max_size=4)))
def test_the_command_never_tracebacks_on_random_json(obj: object) -> None:
    code, out, err = run(["calc", "--json"], json.dumps(obj))
    assert code in (0, 2)
    assert "Traceback" not in err
    if code == 0:
        answer = json.loads(out)
        assert answer == calc(obj)
        results = answer.get("deals", [answer])
        for r in results:
            assert min(r["written"].values()) >= 0 and r["hanging"] >= 0
            assert min(r["raw"].values()) >= 0
    else:
        assert err.count("\n") == 1 and err.startswith("belot: ")


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=60) | st.text(max_size=60).map(str.encode))
def test_the_command_never_tracebacks_on_random_bytes(data: bytes) -> None:
    code, _, err = run(["calc", "--json"], data)
    assert code in (0, 2)
    assert "Traceback" not in err


@given(near_deals())
def test_valid_undoubled_deals_write_their_game_value(deal: dict[str, Any]) -> None:
    try:
        parsed = parse_deal({**deal, "double": 1, "hanging": 0})
    except CalcError:
        return
    answer = calc_deal({**deal, "double": 1, "hanging": 0})
    extras = sum(p.declarations + p.belot for p in parsed.points)
    value = (contract_total(parsed.contract, parsed.rules) + 5) // 10 + extras // 10
    assert sum(answer["written"].values()) + answer["hanging"] == value
    assert answer["outcome"] in ("made", "inside", "hanging")
    if answer["outcome"] != "hanging":
        assert answer["hanging"] == 0


@pytest.mark.parametrize(
    ("args", "named"),
    [(["calc", "--bogus"], "--bogus"), (["nosuch"], "nosuch"), (["duel", "strong"], "'B'")],
)
def test_command_line_mistakes_are_one_line(
    args: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from belot.cli import main

    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and named in err and "--help" in err


# --- Coinche (RULES.md §5) ---------------------------------------------------------------------

COINCHE = Rules.coinche()


def test_coinche_fields_are_checked_one_by_one() -> None:
    assert field_error("bid", 110) is None and field_error("bid", "capot") is None
    assert field_error("bid", 85) == '85 is not a Coinche bid (80, 90, ..., 160 or "capot")'
    assert field_error("bid", 170) is not None and field_error("bid", 250) is not None
    assert field_error("double", 2, rules=COINCHE) is None
    assert field_error("double", 3, rules=COINCHE) == (
        "must be 1, 2 (coinche) or 4 (surcoinche), not 3"
    )
    assert field_error("options", {"rounding": "none"}, rules=COINCHE) is None
    assert field_error("options", {"surcoinche_multiplier": 5}, rules=COINCHE) is not None


def test_a_coinche_deal_input_is_scored_by_score_coinche() -> None:
    made = DealInput(Contract.HEARTS, Team.NS, (TeamPoints(90, 20), TeamPoints(72)),
                     rules=COINCHE, bid=110)  # fmt: skip
    result = score(made)
    assert result.raw == (110, 72) and result.written == (220, 70)
    coinched = DealInput(Contract.HEARTS, Team.NS, (TeamPoints(100), TeamPoints(62)), double=2,
                         rules=COINCHE, bid=100)  # fmt: skip
    assert score(coinched).written == (520, 0)
    with pytest.raises(CalcError, match="bid: is missing"):
        score(DealInput(Contract.HEARTS, Team.NS, (TeamPoints(100), TeamPoints(62)),
                        rules=COINCHE))  # fmt: skip
    with pytest.raises(CalcError, match="bid: only Coinche bids have points"):
        score(DealInput(Contract.HEARTS, Team.NS, (TeamPoints(100), TeamPoints(62)), bid=100))
    with pytest.raises(CalcError, match="bid: 95 is not a Coinche bid"):
        check_deal(DealInput(Contract.HEARTS, Team.NS, (TeamPoints(100), TeamPoints(62)),
                             rules=COINCHE, bid=95))  # fmt: skip


def test_a_coinche_sheet_keeps_its_options() -> None:
    exact = {"rules": "coinche", "options": {"rounding": "none"}, "contract": "hearts",
             "bid": 80, "declarers": "NS", "points": {"NS": {"cards": 85}}}  # fmt: skip
    answer = calc_sheet([exact, {k: v for k, v in exact.items() if k not in ("rules", "options")}])
    assert [d["written"] for d in answer["deals"]] == [{"NS": 165, "EW": 77}] * 2
    assert answer["total"] == {"NS": 330, "EW": 154} and answer["winner"] is None

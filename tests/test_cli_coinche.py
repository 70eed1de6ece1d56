"""Coinche (RULES.md §5) on the command line: ``belot calc`` scores its deals and sheets,
``play``, ``match``, ``replay`` and ``verify`` speak its bids, the engine protocol plays it, and
a bot's seed tells an 80 bid from a 90 one."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from belot.bots.base import view_seed
from belot.cli import main
from belot.cli.engine import EngineSession
from belot.engine import Deal, Match, Play, Rules, Seat
from belot.engine.record import (
    deal_from_record,
    dumps,
    from_position,
    match_from_record,
    to_position,
)
from belot.engine.view import SeatView

ROOT = Path(__file__).resolve().parents[1]
BELOT = [sys.executable, "-c", "from belot.cli import main; main()"]
CALC = ["calc", "--game", "coinche", "--contract", "hearts", "--declarers", "NS"]

Belot = Callable[..., tuple[int, str]]


def invoke(*args: str, input: str | None = None) -> tuple[int, str]:
    """Run ``belot ARGS`` in a new process; its exit code and its output (stdout, stderr)."""
    result = subprocess.run(
        [*BELOT, *args], input=input, capture_output=True, text=True, timeout=180
    )
    out = result.stdout + result.stderr
    assert "Traceback" not in out
    return result.returncode, out


@pytest.fixture
def belot(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Belot:
    """``belot ARGS`` in this process (quicker for the many calc cases): code and output."""

    def run(*args: str, input: str | None = None) -> tuple[int, str]:
        if input is not None:
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(input.encode())))
        try:
            main(list(args))
            code = 0
        except SystemExit as exit_:
            code = int(exit_.code or 0)
        captured = capsys.readouterr()
        out = captured.out + captured.err
        assert "Traceback" not in out
        return code, out

    return run


def table(out: str) -> dict[str, tuple[int, int]]:
    """The raw and written points per team of ``belot calc``'s table."""
    rows = re.findall(r"^(NS|EW)\s+(\d+)\s+(\d+)$", out, re.M)
    return {team: (int(raw), int(written)) for team, raw, written in rows}


# --- calc: one deal --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "heading", "ns", "ew", "outcome"),
    [
        # 110 made on 90 card points and a tierce: the bid joins the bidders' points; 72 → 70.
        (["--bid", "110", "--ns", "90", "--ns-declarations", "20"],
         "110 hearts, declarers NS", (110, 220), (72, 70), "made"),
        # 110 failed: the defenders write 160 + 110.
        (["--bid", "110", "--ns", "80"], "110 hearts, declarers NS", (80, 0), (82, 270),
         "failed"),
        # 82 card points are needed (seed 004) even when the declarations reach the bid...
        (["--bid", "90", "--ns", "80", "--ns-declarations", "20"], "90 hearts", (100, 0),
         (82, 270), "failed"),
        # ... but Pagat's test asks the bid of card points and declarations together.
        (["--bid", "90", "--ns", "80", "--ns-declarations", "20",
          "--option", "contract_test=total"], "90 hearts", (100, 190), (82, 80), "made"),
        # coinched 100 made: (160 + 100) x 2 to the bidders, nothing to the others.
        (["--bid", "100", "--ns", "100", "--coinche"], "100 hearts, declarers NS, coinched",
         (100, 520), (62, 0), "made"),
        # surcoinched and failed: (160 + 100) x 4 to the defenders; the belote stays with NS.
        (["--bid", "100", "--ns", "75", "--ns-belot", "20", "--surcoinche"],
         "100 hearts, declarers NS, surcoinched", (95, 20), (87, 1040), "failed"),
        # surcoinche x3 as an option, exact points.
        (["--bid", "100", "--ns", "95", "--surcoinche", "--option", "surcoinche_multiplier=3",
          "--option", "rounding=none"], "surcoinched", (95, 0), (67, 780), "failed"),
        # only the bid doubled (Pagat's basic rule): 160 + 100 x 2.
        (["--bid", "100", "--ns", "95", "--coinche", "--option", "double_scope=bid_only"],
         "coinched", (95, 0), (67, 360), "failed"),
        # rounding to tens, 5 up: 85 + 80 = 165 → 170, 77 → 80; none: exact.
        (["--bid", "80", "--ns", "85"], "80 hearts", (85, 170), (77, 80), "made"),
        (["--bid", "80", "--ns", "85", "--option", "rounding=none"], "80 hearts", (85, 165),
         (77, 77), "made"),
        # a capot bid made is 250 + 250, the belote on top; the swept side's declarations lost.
        (["--bid", "capot", "--ns", "162", "--valat", "NS", "--ns-belot", "20",
          "--ew-declarations", "50"], "capot hearts, declarers NS, capot NS", (270, 520),
         (0, 0), "made"),
        # a capot bid with a trick to the others fails: 500 to them.
        (["--bid", "capot", "--ns", "150"], "capot hearts", (150, 0), (12, 500), "failed"),
        # an unbid capot by the bidders: 250 for the cards, plus the bid.
        (["--bid", "80", "--ns", "162", "--valat", "NS"], "capot NS", (250, 330), (0, 0),
         "made"),
        # the defenders' declarations count for them on a made contract ...
        (["--bid", "80", "--ns", "100", "--ew-declarations", "50"], "80 hearts", (100, 180),
         (112, 110), "made"),
        # ... and nothing is announced with declarations off; the belote still counts.
        (["--bid", "80", "--ns", "70", "--ns-belot", "20", "--option", "declarations=false"],
         "80 hearts", (90, 20), (92, 240), "failed"),
    ],
)  # fmt: skip
def test_calc_scores_a_coinche_deal(
    belot: Belot,
    args: list[str],
    heading: str,
    ns: tuple[int, int],
    ew: tuple[int, int],
    outcome: str,
) -> None:
    code, out = belot(*CALC, *args)
    assert code == 0, out
    assert heading in out.splitlines()[0]
    assert table(out) == {"NS": ns, "EW": ew}
    assert out.rstrip().endswith(f"{outcome}, 0 hanging")


def test_calc_json_scores_a_coinche_deal(belot: Belot) -> None:
    deal = {"rules": "coinche", "contract": "spades", "bid": 100, "declarers": "EW",
            "double": 2, "points": {"EW": {"cards": 100}}}  # fmt: skip
    code, out = belot("calc", "--json", input=json.dumps(deal))
    assert code == 0 and json.loads(out) == {
        "outcome": "made",
        "raw": {"NS": 62, "EW": 100},
        "written": {"NS": 0, "EW": 520},
        "hanging": 0,
    }
    capot = {**deal, "bid": "capot", "double": 4, "valat": "EW",
             "points": {"EW": {"cards": 162, "belot": 20}},
             "options": {"surcoinche_multiplier": 3}}  # fmt: skip
    code, out = belot("calc", "--json", input=json.dumps(capot))
    assert code == 0 and json.loads(out)["written"] == {"NS": 0, "EW": (250 + 250) * 3 + 20}


def test_calc_json_sheet_of_coinche_deals_ends_at_1000(belot: Belot) -> None:
    made = {"contract": "hearts", "bid": 110, "declarers": "NS",
            "points": {"NS": {"cards": 90, "declarations": 20}}}  # fmt: skip
    failed = {"contract": "clubs", "bid": 110, "declarers": "EW", "points": {"EW": {"cards": 80}}}
    capot = {"contract": "spades", "bid": "capot", "declarers": "NS", "valat": "NS",
             "points": {"NS": {"cards": 162}}}  # fmt: skip
    sheet = [{"rules": "coinche", **made}, failed, capot]
    code, out = belot("calc", "--json", input=json.dumps(sheet))
    answer = json.loads(out)
    assert code == 0, out
    assert [d["written"] for d in answer["deals"]] == [
        {"NS": 220, "EW": 70},
        {"NS": 270, "EW": 0},
        {"NS": 500, "EW": 0},
    ]
    assert answer["total"] == {"NS": 990, "EW": 70} and answer["winner"] is None
    code, out = belot("calc", "--json", input=json.dumps([*sheet, made]))
    answer = json.loads(out)
    assert answer["total"] == {"NS": 1210, "EW": 140} and answer["winner"] == "NS"
    code, out = belot("calc", "--json", input=json.dumps([*sheet, made, made]))
    assert code == 2 and "deals[4]: the match was already won by NS" in out
    # a sheet is played under one set of rules
    other = {**made, "rules": "coinche", "options": {"rounding": "none"}}
    code, out = belot("calc", "--json", input=json.dumps([*sheet, other]))
    assert code == 2 and "deals[3].rules: a score sheet is played under one set of rules" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--bid", "85", "--ns", "100"],
         '--bid: 85 is not a Coinche bid (80, 90, ..., 160 or "capot")'),
        (["--bid", "170", "--ns", "100"], "--bid: 170 is not a Coinche bid"),
        (["--bid", "70", "--ns", "100"], "--bid: 70 is not a Coinche bid"),
        (["--bid", "eighty", "--ns", "100"], "--bid: a Coinche bid is 80, 90, ..., 160 or capot"),
        (["--ns", "100"], "--bid: is missing"),
        (["--bid", "100", "--ns", "100", "--ew", "60"],
         "card points 100 + 60 = 160, but a suit deal has 162"),
        (["--bid", "100", "--ns", "170"], "170 is more than the 162 card points"),
        (["--bid", "capot", "--ns", "150", "--valat", "NS"],
         "--valat: NS took every trick, so NS has all 162 card points and EW 0"),
        (["--bid", "100", "--ns", "100", "--contra"],
         "Coinche has --coinche and --surcoinche instead"),
        (["--bid", "100", "--ns", "100", "--coinche", "--recontra"], "no contra or recontra"),
        (["--bid", "100", "--ns", "100", "--hanging", "10"], "nothing hangs in Coinche"),
        (["--bid", "100", "--ns", "100", "--ns-declarations", "20", "--ew-declarations", "50"],
         "only one team's declarations score in Coinche (the strongest)"),
        (["--bid", "100", "--ns", "100", "--ns-declarations", "20",
          "--option", "declarations=false"], "declarations are off"),
        (["--bid", "100", "--ns", "100", "--ns-belot", "20", "--ew-belot", "20"],
         "both teams cannot have the one belot"),
        (["--bid", "100", "--ns", "100", "--ns-declarations", "30"], "30 cannot be scored"),
        (["--bid", "capot", "--ns", "162", "--valat", "NS", "--coinche",
          "--option", "coinche_capot=false"], "a capot bid may not be coinched"),
        (["--bid", "100", "--ns", "100", "--option", "surcoinche_multiplier=2"],
         "surcoinche_multiplier"),
        (["--bid", "100", "--ns", "100", "--option", "rounding=up"], "rounding"),
    ],
)  # fmt: skip
def test_calc_refuses_impossible_coinche_deals(belot: Belot, args: list[str], words: str) -> None:
    code, out = belot(*CALC, *args)
    assert code == 2 and words in out, out
    assert len(out.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("deal", "words"),
    [
        ({"bid": 85}, 'bid: 85 is not a Coinche bid (80, 90, ..., 160 or "capot")'),
        ({"bid": 170}, "bid: 170 is not a Coinche bid"),
        ({"bid": "90"}, 'bid: "90" is not a Coinche bid'),
        ({"bid": 100.0}, "bid: 100.0 is not a Coinche bid"),
        ({"bid": None}, "bid: is missing"),
        ({"points": {"NS": {"cards": 100}, "EW": {"cards": 70}}},
         "points: card points 100 + 70 = 170, but a suit deal has 162"),
        ({"valat": "EW"}, "valat: EW took every trick"),
        ({"double": 3}, "double: must be 1, 2 (coinche) or 4 (surcoinche), not 3"),
        ({"contract": "no-trumps"}, "contract: Coinche has only suit contracts"),
        ({"hanging": 10}, "hanging: nothing hangs in Coinche"),
    ],
)  # fmt: skip
def test_calc_json_refuses_impossible_coinche_deals(
    belot: Belot, deal: dict[str, Any], words: str
) -> None:
    base = {"rules": "coinche", "contract": "hearts", "bid": 100, "declarers": "NS",
            "points": {"NS": {"cards": 100}}}  # fmt: skip
    code, out = belot("calc", "--json", input=json.dumps({**base, **deal}))
    assert code == 2 and words in out, out
    assert len(out.strip().splitlines()) == 1


def test_only_coinche_has_bids_and_coinches(belot: Belot) -> None:
    bulgarian = ["calc", "--contract", "hearts", "--declarers", "NS", "--ns", "100"]
    code, out = belot(*bulgarian, "--bid", "100")
    assert code == 2 and "--bid: only Coinche bids have points" in out
    code, out = belot(*bulgarian, "--coinche")
    assert code == 2 and "--coinche/--surcoinche: only in Coinche" in out
    code, out = belot("calc", "--game", "french", *bulgarian[1:], "--bid", "100")
    assert code == 2 and "only Coinche bids have points" in out
    deal = {"rules": "bela", "contract": "hearts", "bid": 100, "declarers": "NS",
            "points": {"NS": {"cards": 100}}}  # fmt: skip
    code, out = belot("calc", "--json", input=json.dumps(deal))
    assert code == 2 and "bid: only Coinche bids have points" in out


# --- play, match, replay, verify ---------------------------------------------------------------


@pytest.mark.parametrize("level", ["random", "basic"])
def test_play_coinche_to_the_end(tmp_path: Path, level: str) -> None:
    path = tmp_path / "game.json"
    code, out = invoke(
        "play", "--game", "coinche", "--seed", "7", "--bots", level, "--record", str(path),
        input="1\n" * 1000,
    )  # fmt: skip
    assert code == 0, out[-2000:]  # the match was played to its end
    assert out.startswith(f"Belot · coinche to 1000 · seed 7 · you are South; N {level}")
    assert "Bid above the last bid, 80..160 or capot with a suit" in out
    assert re.search(r"Auction so far: .*\b(\d+|capot) (clubs|diamonds|hearts|spades)\b", out)
    assert re.search(r"Contract: (\d+|capot) (clubs|diamonds|hearts|spades)", out)
    assert re.search(r"\d+\) (80|90|1[0-6]0|capot) (clubs|diamonds|hearts|spades)\b", out)
    assert "win" in out.splitlines()[-1]
    match = match_from_record(json.loads(path.read_text()))
    assert match.rules == Rules.coinche() and match.is_over
    played = [d for d in match.deals if d.contract is not None]
    assert played and all(d.is_over for d in played)
    # the record replays through the engine, so South played eight legal cards every deal
    assert all(sum(isinstance(a, Play) for s, a in d.history if s == Seat.S) == 8 for d in played)


def test_match_coinche_sheet_shows_the_bids(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    code, out = invoke("match", "--game", "coinche", "--seed", "3", "--bots", "basic",
                       "--record", str(path))  # fmt: skip
    assert code == 0, out
    assert out.startswith("Match · coinche to 1000 · seed 3")
    rows = [line for line in out.splitlines() if re.match(r"\s+\d+\s+[NESW]\s", line)]
    assert rows and all(re.search(r"\s(\d+|capot)[♣♦♥♠]( (sur)?coinched)?\s", r) for r in rows)
    assert "110♥ coinched" in out  # deal 1 of seed 3: N bid 110 hearts, E coinched
    match = match_from_record(json.loads(path.read_text()))
    ns, ew = match.totals
    assert match.is_over and match.winner is not None and max(ns, ew) >= 1000 and ns != ew
    assert out.splitlines()[-1] == f"Winner: {match.winner.name} ({ns} : {ew}, target 1000)"
    code, out = invoke("match", "--game", "coinche", "--option", "target=500", "--seed", "3")
    assert code == 0 and "coinche to 500" in out


def test_match_coinche_options_are_checked() -> None:
    code, out = invoke("match", "--game", "coinche", "--option", "surcoinche_multiplier=5")
    assert code == 2 and "surcoinche_multiplier" in out and len(out.strip().splitlines()) == 1
    code, out = invoke("match", "--game", "coinche", "--bots", "random,basic,random,nobody")
    assert code == 2 and "unknown bot level 'nobody'" in out and len(out.strip().splitlines()) == 1


def _doc_record() -> tuple[dict[str, Any], str]:
    """The Coinche deal record and position string of docs/records.md."""
    text = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    section = text[text.index("## Coinche bids in records and positions") :]
    record = re.search(r"```json\n(.*?)```", section, re.S)
    position = re.search(r"```\n(coinche .*?)\n```", section, re.S)
    assert record is not None and position is not None
    return json.loads(record.group(1)), position.group(1)


def test_the_documented_coinche_record_round_trips() -> None:
    record, position = _doc_record()
    deal = deal_from_record(record)  # the stored result is checked against the replay
    assert deal.is_over and deal.result is not None and deal.result.written == (0, 1220)
    assert [str(c) for _, c in deal.calls] == [
        "80S", "90H", "100S", "coinche", "pass", "surcoinche",
    ]  # fmt: skip
    assert json.loads(dumps(deal)) == record
    assert to_position(deal) == position
    again = from_position(position)
    assert again.actions == deal.actions and again.result == deal.result


def test_replay_shows_coinche_bids(tmp_path: Path) -> None:
    record, _ = _doc_record()
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record))
    code, out = invoke("replay", str(path))
    assert code == 0, out
    assert out.startswith("Deal · coinche · dealer N · seed 14 · cut 16")
    assert (
        "  auction: W 80 spades, S 90 hearts, E 100 spades, N coinche, W pass, E surcoinche"
        in out.splitlines()
    )
    assert "  contract: 100 spades surcoinched by E (EW)" in out.splitlines()
    assert "    W belote ♠ (20)" in out.splitlines()
    assert "  made · points NS 9, EW 213 · written NS 0, EW 1220" in out.splitlines()
    code, out = invoke("replay", "--game", "coinche", "--option", "rounding=none", str(path))
    assert code == 2 and "played under coinche, not coinche with rounding=none" in out
    # a match record: every deal's contract on the sheet with its bid
    match = Match(Rules.coinche(), seed=4, auto_next=True)
    while not match.is_over and len(match.deals) < 4:
        options = match.legal_actions()
        opening = match.deal.phase.value == "auction" and not match.deal.calls
        match.push(options[1] if opening else options[0])  # 80 clubs, then everyone passes
    path = tmp_path / "match.json"
    path.write_text(dumps(match))
    code, out = invoke("replay", str(path))
    assert code == 0 and out.startswith("Match · coinche to 1000 · seed 4"), out
    assert re.search(r"auction: \w 80 clubs, \w pass, \w pass, \w pass", out)
    assert re.search(r"contract: 80 clubs by \w \((NS|EW)\)", out)
    assert re.search(r"^\s+1\s+[NESW]\s+80♣\s", out, re.M)
    # a bare deal record is replayed under --game coinche, and refused as Bulgarian Belot
    bare = {k: v for k, v in record.items() if k != "rules"}
    path.write_text(json.dumps(bare))
    code, out = invoke("replay", "--game", "coinche", str(path))
    assert code == 0 and "E surcoinche" in out
    code, out = invoke("replay", str(path))
    assert code == 2 and "80S" in out and len(out.strip().splitlines()) == 1


def test_verify_recreates_a_coinche_deal_of_a_record() -> None:
    record, _ = _doc_record()
    deal = deal_from_record(record)
    code, out = invoke("verify", str(record["seed"]), "--cut", "16", "--dealer", "N",
                       "--game", "coinche")  # fmt: skip
    assert code == 0, out
    assert f"deck   {' '.join(record['deck'])}" in out.splitlines()
    for seat in Seat:
        hand = " ".join(str(c) for c in deal.dealt_hand(seat))
        assert f"{seat.name}      all 8: {hand}" in out.splitlines()  # all dealt before the calls
    code, out = invoke("verify", "14", "--cut", "16", "--game", "coinche",
                       "--option", "coinche_anytime=true")  # fmt: skip
    assert code == 2 and "coinche_anytime" in out and len(out.strip().splitlines()) == 1


# --- the engine protocol -----------------------------------------------------------------------


def test_the_engine_protocol_plays_coinche() -> None:
    session = EngineSession()

    def ask(**request: object) -> dict[str, Any]:
        return session.handle(json.dumps(request))

    assert ask(cmd="hello")["games"] == ["bulgarian", "french", "coinche", "bela"]
    reply = ask(cmd="new", rules="coinche", seed=3, dealer="N", cut=5)
    assert reply["ok"] and reply["phase"] == "auction" and reply["turn"] == "W"
    assert reply["bid"] is None
    view = ask(cmd="view", seat="W")["view"]
    assert view["rules"]["preset"] == "coinche" and len(view["hand"]) == 8
    legal = ask(cmd="legal")["legal"]
    assert legal[:5] == ["pass", "80C", "80D", "80H", "80S"]
    assert legal[-4:] == ["capotC", "capotD", "capotH", "capotS"] and len(legal) == 1 + 9 * 4 + 4
    reply = ask(cmd="act", action="90h")
    assert reply["ok"] and reply["action"] == "90H" and reply["bid"] == "90H"
    assert reply["contract"] == "hearts"
    refused = ask(cmd="act", action="80S")
    assert not refused["ok"] and "a bid must be higher than 90" in refused["error"]
    refused = ask(cmd="act", action="contra")
    assert not refused["ok"] and "not contra or recontra" in refused["error"]
    assert "coinche" in ask(cmd="legal")["legal"]
    reply = ask(cmd="act", action="coinche")
    assert reply["double"] == 2 and reply["turn"] == "E"
    assert ask(cmd="legal")["legal"] == ["pass", "surcoinche"]
    reply = ask(cmd="act", action="surcoinche")
    assert reply["phase"] == "play" and reply["double"] == 4 and reply["bid"] == "90H"
    while ask(cmd="state")["phase"] != "over":
        reply = ask(cmd="bot", level="basic", apply=True)
        assert reply["ok"], reply
    result = ask(cmd="state")["result"]
    assert result["double"] == 4 and result["contract"] == "hearts"
    record = ask(cmd="record")
    assert (
        record["position"].startswith("coinche N ")
        and " 90H coinche surcoinche " in (record["position"])
    )
    assert ask(cmd="load", position=record["position"])["result"] == result
    # new takes the rules with their options, checked by name
    reply = ask(cmd="new", rules={"preset": "coinche", "options": {"surcoinche_multiplier": 3}})
    assert reply["ok"] and reply["phase"] == "cut"
    view = ask(cmd="view", seat="N")["view"]
    assert view["rules"] == {"preset": "coinche", "options": {"surcoinche_multiplier": 3}}
    refused = ask(cmd="new", rules={"preset": "coinche", "options": {"nt_last_trick": 10}})
    assert not refused["ok"] and "nt_last_trick" in refused["error"]
    assert ask(cmd="new", rules="coinche", seed=1, cut=3)["ok"]
    assert ask(cmd="bot", level="basic")["ok"]


# --- a bot's seed knows the bid's level ---------------------------------------------------------


def _view_after(*calls: str) -> SeatView:
    deal = Deal(Rules.coinche(), dealer=Seat.N, seed=11)
    for action in ("cut:9", *calls):
        deal.push_str(action)
    assert deal.turn is not None
    return deal.view(deal.turn)


def test_view_seed_tells_an_80_bid_from_a_90_bid() -> None:
    # E, W's partner, sees the same hand and may say the same (pass, surcoinche) after both.
    low, high = _view_after("80H", "coinche"), _view_after("90H", "coinche")
    assert low.legal == high.legal and low.hand == high.hand
    assert view_seed(5, low) != view_seed(5, high)
    # the same with a capot bid against a bid of 160
    low, high = _view_after("160H", "coinche"), _view_after("capotH", "coinche")
    assert low.legal == high.legal and view_seed(5, low) != view_seed(5, high)


def test_view_seed_of_bulgarian_belot_is_unchanged() -> None:
    """Coinche's levels leave Bulgarian Belot's seeds as they were (its replays stay exact)."""
    deal = Deal(Rules.bulgarian(), dealer=Seat.N, seed=11)
    for action in ("cut:9", "clubs", "pass", "hearts", "contra"):
        deal.push_str(action)
    assert deal.turn is Seat.W
    assert view_seed(5, deal.view(Seat.W)) == 4998502821652664737

"""The terminal commands and the engine protocol with ``--game bela``; ``basic`` names trumps."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from belot.bots.basic import NAME_AT, BasicBot, contract_strength, name_or_pass
from belot.cli.engine import EngineSession
from belot.engine import Call, Contract, Deal, Match, Play, Rules, Seat
from belot.engine import parse_cards as cards
from belot.engine.errors import BelotError
from belot.engine.record import dumps, match_from_record

BELOT = [sys.executable, "-c", "from belot.cli import main; main()"]
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def invoke(*args: str, input: str | None = None) -> tuple[int, str]:
    """Run ``belot ARGS``; its exit code and its output (stdout, then stderr)."""
    result = subprocess.run(
        [*BELOT, *args], input=input, capture_output=True, text=True, timeout=120
    )
    out = result.stdout + result.stderr
    assert "Traceback" not in out
    return result.returncode, out


@pytest.mark.parametrize("level", ["random", "basic"])
def test_play_bela_in_the_terminal(tmp_path: Path, level: str) -> None:
    path = tmp_path / "game.json"
    code, out = invoke(
        "play", "--game", "bela", "--seed", "5", "--bots", level, "--record", str(path),
        input="1\n" * 150,
    )  # fmt: skip
    assert out.startswith(f"Belot · bela to 1001 · seed 5 · you are South; N {level}")
    assert "Name trumps" in out and "two hidden cards" in out
    match = match_from_record(json.loads(path.read_text()))
    assert match.rules == Rules.bela()
    assert "Trick 8:" in out and "Score sheet:" in out
    assert code in (0, 1)
    played = [d for d in match.deals if d.is_over]
    assert played and all(
        sum(isinstance(a, Play) for s, a in d.history if s == S) == 8 for d in played
    )


@pytest.mark.parametrize("level", ["random", "basic"])
def test_match_bela_to_its_target(tmp_path: Path, level: str) -> None:
    path = tmp_path / "match.json"
    code, out = invoke("match", "--game", "bela", "--seed", "2", "--bots", level,
                       "--record", str(path))  # fmt: skip
    assert code == 0, out
    assert out.startswith("Match · bela to 1001 · seed 2")
    match = match_from_record(json.loads(path.read_text()))
    ns, ew = match.totals
    belot = any(n.startswith("belot ") for s in match.scores if s for n in s.notes)
    assert match.is_over and (belot or (max(ns, ew) >= 1001 and ns != ew))
    code, out = invoke("match", "--game", "bela", "--option", "tie=hangs", "--seed", "2")
    assert code == 0 and "bela to 1001" in out


def test_match_bela_options_are_checked() -> None:
    code, out = invoke("match", "--game", "bela", "--option", "tie=push")
    assert code == 2 and "tie must be 'fails' or 'hangs'" in out
    code, out = invoke("match", "--game", "bela", "--option", "forced_undertrump=true")
    assert code == 2 and "unknown rules option 'forced_undertrump' for bela" in out
    assert len(out.strip().splitlines()) == 1


def test_a_bot_that_cannot_play_bela_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from belot.cli.match import make_bots
    from fake_levels import bulgarian_only

    level = bulgarian_only(monkeypatch)
    with pytest.raises(BelotError, match=f"--bots: the {level} level does not play bela yet"):
        make_bots(f"random,basic,random,{level}", 1, game="bela")
    assert len(make_bots("random,basic,random,strong", 1, game="bela")) == 4


def test_calc_bela_scores_exactly() -> None:
    base = ["calc", "--game", "bela", "--contract", "hearts", "--declarers", "NS"]
    code, out = invoke(*base, "--ns", "92", "--ns-declarations", "20", "--ns-belot", "20")
    assert code == 0 and "NS       132      132" in out and "EW        70       70" in out
    code, out = invoke(*base, "--ns", "62", "--ns-belot", "20")  # fell: the others write all
    assert code == 0 and "NS        82        0" in out and "EW       100      182" in out
    code, out = invoke(*base, "--ns", "81")  # a tie fails the callers
    assert code == 0 and "EW        81      162" in out
    code, out = invoke(*base, "--ns", "162", "--valat", "NS", "--ew-declarations", "50")
    assert code == 0 and "NS       302      302" in out  # stiglja: +90 and EW's declarations


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--contract", "no-trumps", "--ns", "80"], "--contract: Bela has only suit contracts"),
        (["--contract", "hearts", "--ns", "80", "--contra"], "Bela has no doubling"),
        (["--contract", "hearts", "--ns", "80", "--hanging", "30"], "nothing hangs in Bela"),
        (
            ["--contract", "hearts", "--ns", "80", "--ns-declarations", "20",
             "--ew-declarations", "50"],
            "only one side's declarations score in Bela",
        ),
        (["--contract", "hearts", "--ns", "170"], "card points"),
    ],
)  # fmt: skip
def test_calc_bela_refuses_impossible_deals(args: list[str], words: str) -> None:
    code, out = invoke("calc", "--game", "bela", "--declarers", "NS", *args)
    assert code == 2 and words in out
    assert len(out.strip().splitlines()) == 1


def test_calc_json_deal_and_sheet_of_bela() -> None:
    tied = {"rules": "bela", "options": {"tie": "hangs"}, "contract": "spades",
            "declarers": "EW", "points": {"NS": {"cards": 81}}}  # fmt: skip
    code, out = invoke("calc", "--json", input=json.dumps(tied))
    assert code == 0 and json.loads(out) == {
        "outcome": "hanging",
        "raw": {"NS": 81, "EW": 81},
        "written": {"NS": 81, "EW": 0},
        "hanging": 81,
    }
    sweep = {"rules": "bela", "contract": "hearts", "declarers": "NS",
             "points": {"NS": {"cards": 162}}, "valat": "NS"}  # fmt: skip
    code, out = invoke("calc", "--json", input=json.dumps([sweep] * 4))
    answer = json.loads(out)
    assert code == 0 and answer["total"] == {"NS": 1008, "EW": 0} and answer["winner"] == "NS"
    code, out = invoke("calc", "--json", input=json.dumps([sweep] * 3))
    assert json.loads(out)["winner"] is None  # 756 < 1001


def test_replay_bela_records(tmp_path: Path) -> None:
    match = Match(Rules.bela(), seed=8, auto_next=True)
    while not match.is_over and len(match.deals) < 3:
        match.push(match.legal_actions()[0])  # everyone passes: the dealer must name
    path = tmp_path / "m.json"
    path.write_text(dumps(match))
    code, out = invoke("replay", str(path))
    assert code == 0 and out.startswith("Match · bela to 1001"), out
    assert "pass" in out and ("passed" in out or "fell" in out)
    code, out = invoke("replay", "--game", "bela", "--option", "tie=hangs", str(path))
    assert code == 2 and "played under bela, not bela with tie=hangs" in out


def test_the_engine_protocol_plays_bela() -> None:
    session = EngineSession()
    hello = session.handle(json.dumps({"cmd": "hello"}))
    assert "bela" in hello["games"]
    reply = session.handle(json.dumps({"cmd": "new", "rules": "bela", "seed": 3, "dealer": "N",
                                       "cut": 5}))  # fmt: skip
    assert reply["ok"] and reply["phase"] == "auction" and reply["turn"] == "W"
    view = session.handle(json.dumps({"cmd": "view", "seat": "W"}))["view"]
    assert view["rules"]["preset"] == "bela" and len(view["hand"]) == 6
    legal = session.handle(json.dumps({"cmd": "legal"}))["legal"]
    assert legal == ["pass", "clubs", "diamonds", "hearts", "spades"]
    for _ in range(3):
        assert session.handle(json.dumps({"cmd": "act", "action": "pass"}))["ok"]
    refused = session.handle(json.dumps({"cmd": "act", "action": "pass"}))
    assert not refused["ok"] and "the dealer must name trumps" in refused["error"]
    reply = session.handle(json.dumps({"cmd": "bot", "level": "basic", "apply": True}))
    assert reply["ok"] and reply["applied"]
    view = session.handle(json.dumps({"cmd": "view", "seat": "W"}))["view"]
    assert len(view["hand"]) == 8


# --- basic names trumps from its six visible cards --------------------------------------------


def _deal(hands: dict[Seat, str], passes: int) -> Deal:
    deal = Deal.with_hands([cards(hands[s]) for s in Seat], Rules.bela(), dealer=N)
    for _ in range(passes):
        deal.push(Call.pass_())
    return deal


HANDS = {
    W: "JH 9H AH 10H AS 7C 8C 9C",
    S: "7H 8H QH KH 7S 8S 10C JC",
    E: "9S 10S JS QS KS 7D 8D 9D",
    N: "QC KC AC 10D JD QD KD AD",
}


def test_basic_names_its_strong_suit_and_passes_a_weak_hand() -> None:
    deal = _deal(HANDS, 0)
    assert name_or_pass(deal.view(W)) == Call.bid(Contract.HEARTS)  # J 9 A 10 of hearts
    deal.push(Call.pass_())
    weak = contract_strength(sum(c.mask for c in deal.hand(S)), Contract.HEARTS)
    assert weak < NAME_AT and name_or_pass(deal.view(S)) == Call.pass_()


def test_basic_as_the_forced_dealer_names_its_best_suit() -> None:
    deal = _deal(HANDS, 3)
    assert deal.turn is N
    best = max(
        (Contract(s) for s in range(4)),
        key=lambda c: contract_strength(sum(x.mask for x in deal.hand(N)), c),
    )
    assert name_or_pass(deal.view(N)) == Call.bid(best) == Call.bid(Contract.DIAMONDS)


def test_basic_plays_only_legal_cards_in_bela() -> None:
    bots = {s: BasicBot(seed=s) for s in Seat}
    for seed in range(12):
        rules = Rules.bela(partner_exception=seed % 2 == 1, beat_in_plain_suit=seed % 3 != 0)
        deal = Deal.new(rules, seed=seed, dealer=Seat(seed % 4))
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            action = bots[seat].act(deal.view(seat))
            assert action in deal.legal_actions()
            deal.push(action)
        assert deal.result is not None


def test_verify_shows_belas_six_cards_then_all_eight() -> None:
    code, out = invoke("verify", "123", "--cut", "5", "--game", "bela")
    assert code == 0, out
    deal = Deal(Rules.bela(), dealer=N, seed=123)
    deal.push(deal.legal_actions()[4])  # cut:5
    lines = {line[:1]: line for line in out.splitlines() if line[:2].rstrip() in "NESW"}
    for seat in Seat:
        six = " ".join(str(c) for c in deal.hand(seat))
        assert f"first 6: {six}" in lines[seat.name]
    code, out = invoke("verify", "123", "--cut", "5", "--game", "bela", "--option", "tie=x")
    assert code == 2 and "tie must be 'fails' or 'hangs'" in out

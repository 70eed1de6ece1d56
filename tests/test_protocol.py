"""The ``belot engine`` JSON-lines protocol: every command, every kind of bad input."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from belot.cli.engine import EngineSession, serve
from belot.engine import Card, Deal, Seat
from belot.engine.record import deal_to_record
from fake_levels import bulgarian_only

DOC = Path(__file__).resolve().parent.parent / "docs" / "engine-protocol.md"


def ask(session: EngineSession, **request: Any) -> dict[str, Any]:
    reply = session.handle(json.dumps(request))
    json.dumps(reply)  # every reply is plain JSON
    return reply


@pytest.fixture
def session() -> EngineSession:
    return EngineSession()


def test_hello_lists_levels_and_commands(session: EngineSession) -> None:
    reply = ask(session, cmd="hello", id=7)
    assert reply["ok"] and reply["id"] == 7 and reply["protocol"] == 1
    assert "basic" in reply["levels"] and "random" in reply["levels"]
    assert set(reply["commands"]) >= {"new", "view", "legal", "act", "bot", "record", "quit"}
    assert reply["games"][:2] == ["bulgarian", "french"]


def test_a_french_deal_through_the_protocol(
    session: EngineSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    reply = ask(session, cmd="new", rules="french", seed=3, dealer="N", cut=5)
    assert reply["ok"] and reply["phase"] == "auction" and reply["turn"] == "E"
    view = ask(session, cmd="view", seat="S")["view"]
    assert view["rules"]["preset"] == "french" and view["turned"] is not None
    turned_suit = Card.from_str(view["turned"]).suit.name.lower()
    assert ask(session, cmd="legal")["legal"] == ["pass", turned_suit]
    reply = ask(session, cmd="bot", level="basic", apply=True)
    assert reply["ok"] and reply["applied"]
    level = bulgarian_only(monkeypatch)
    reply = ask(session, cmd="bot", level=level)
    assert not reply["ok"] and f"the {level} level does not play french" in reply["error"]


def test_new_deal_matches_the_library(session: EngineSession) -> None:
    reply = ask(session, cmd="new", seed=7, dealer="N")
    assert reply["ok"] and reply["phase"] == "cut" and reply["turn"] == "E"
    deal = Deal.new(seed=7, dealer=Seat.N)
    assert ask(session, cmd="legal")["legal"] == [str(a) for a in deal.legal_actions()]
    reply = ask(session, cmd="act", action="cut:8")
    deal.push_str("cut:8")
    assert reply["seat"] == "E" and reply["phase"] == "auction" and reply["turn"] == "W"
    for seat in Seat:
        view = ask(session, cmd="view", seat=seat.name)["view"]
        assert view == deal.view(seat).to_json()
    assert ask(session, cmd="view")["view"]["seat"] == "W"  # default: the seat to act


def test_new_with_rules_deck_and_cut(session: EngineSession) -> None:
    deck = [str(c) for c in Deal.new(seed=3).deck]
    reply = ask(
        session,
        cmd="new",
        deck=deck,
        dealer="E",
        cut=5,
        rules={"preset": "bulgarian", "options": {"passes_after_double": 2}},
    )
    assert reply["ok"] and reply["phase"] == "auction" and reply["seed"] is None
    record = ask(session, cmd="record")["record"]
    assert record["deck"] == deck and record["actions"] == ["cut:5"]
    assert record["rules"]["options"] == {"passes_after_double": 2}
    fresh = ask(session, cmd="new")
    assert fresh["ok"] and isinstance(fresh["seed"], int)


def test_illegal_actions_are_errors_that_change_nothing(session: EngineSession) -> None:
    ask(session, cmd="new", seed=7, cut=8)
    before = ask(session, cmd="record")
    for request in (
        {"cmd": "act", "action": "JH"},
        {"cmd": "act", "action": "contra"},
        {"cmd": "act", "action": "hearts", "seat": "N"},
        {"cmd": "act", "action": "flying"},
        {"cmd": "act"},
        {"cmd": "act", "action": 12},
        {"cmd": "act", "action": "pass", "seat": "X"},
    ):
        reply = session.handle(json.dumps(request))
        assert reply["ok"] is False and reply["error"], request
        assert "\n" not in reply["error"]
    assert ask(session, cmd="record") == before
    assert "W's turn" in ask(session, cmd="act", action="pass", seat="N")["error"]


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("garbage", "malformed JSON"),
        ('{"cmd": ', "malformed JSON"),
        ("[1, 2]", "JSON object"),
        ("{}", 'needs "cmd"'),
        ('{"cmd": 5}', 'needs "cmd"'),
        ('{"cmd": "dance"}', "unknown command 'dance'"),
        ('{"cmd": "legal"}', "no deal yet"),
        ('{"cmd": "new", "seed": true}', "field 'seed'"),
        ('{"cmd": "new", "seed": 1.5}', "field 'seed'"),
        ('{"cmd": "new", "dealer": "Q"}', "unknown seat"),
        ('{"cmd": "new", "dealer": 3}', "seat letter"),
        ('{"cmd": "new", "deck": ["JH"]}', "32 cards"),
        ('{"cmd": "new", "deck": "JH"}', "field 'deck'"),
        ('{"cmd": "new", "deck": [1, 2]}', "card texts"),
        ('{"cmd": "new", "rules": "skat"}', "unknown rules preset"),
        ('{"cmd": "new", "rules": {"options": {"x": 1}}}', "unknown rules option"),
        ('{"cmd": "new", "cut": 40}', "cut lifts 1 to 31"),
        ('{"cmd": "new", "standing": [1, 2]}', "field 'standing'"),
        ('{"cmd": "new", "standing": {"NS": -3}}', "standing 'NS'"),
        ('{"cmd": "new", "standing": {"NS": 1, "us": 2}}', "unknown keys ['us']"),
        ('{"cmd": "load"}', "load needs"),
        ('{"cmd": "load", "record": {"dealer": "N"}}', "neither a deck nor a seed"),
        ('{"cmd": "load", "position": "x"}', "position"),
    ],
)
def test_bad_requests_get_one_line_errors(session: EngineSession, line: str, error: str) -> None:
    reply = session.handle(line)
    assert reply["ok"] is False
    assert error in reply["error"]
    assert "\n" not in reply["error"]


def test_a_deal_can_start_from_a_match_score(session: EngineSession) -> None:
    """``standing`` puts the match score in every view, so a GUI's bots play for the match."""
    ask(session, cmd="new", seed=7, cut=8, standing={"NS": 100, "EW": 140, "hanging": 6})
    view = ask(session, cmd="view")["view"]
    assert view["standing"] == {"NS": 100, "EW": 140, "hanging": 6, "target": 151}
    assert ask(session, cmd="bot", level="strong", think=0.02)["ok"]
    record = ask(session, cmd="record")["record"]
    assert record["standing"] == {"NS": 100, "EW": 140, "hanging": 6}
    ask(session, cmd="new", seed=7)
    assert ask(session, cmd="view")["view"]["standing"] is None
    ask(session, cmd="load", record=record)  # the record brings the match score back
    assert ask(session, cmd="view")["view"]["standing"]["EW"] == 140


def test_id_is_echoed_on_errors_too(session: EngineSession) -> None:
    assert ask(session, cmd="legal", id="x1") == {
        "ok": False,
        "error": 'no deal yet: send {"cmd": "new"} first',
        "id": "x1",
    }


def test_internal_errors_are_answered_not_raised(
    session: EngineSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(request: object) -> dict[str, Any]:
        raise RuntimeError("boom")

    monkeypatch.setitem(session._commands, "state", broken)
    reply = ask(session, cmd="state")
    assert reply == {"ok": False, "error": "internal error: RuntimeError: boom"}


def test_bot_suggests_or_applies(session: EngineSession) -> None:
    ask(session, cmd="new", seed=5, cut=3)
    before = ask(session, cmd="state")
    hint = ask(session, cmd="bot", level="basic", seed=1)
    assert hint["ok"] and hint["applied"] is False and hint["seat"] == before["turn"]
    assert ask(session, cmd="state") == before
    assert ask(session, cmd="bot", level="basic", seed=1)["action"] == hint["action"]
    done = ask(session, cmd="bot", level="basic", seed=1, apply=True)
    assert done["applied"] and done["action"] == hint["action"]
    assert ask(session, cmd="record")["record"]["actions"] == ["cut:3", hint["action"]]
    assert "unknown bot level" in ask(session, cmd="bot", level="nobody")["error"]
    assert "field 'apply'" in ask(session, cmd="bot", apply="yes")["error"]
    assert "field 'think'" in ask(session, cmd="bot", think=-1)["error"]


def test_bots_play_a_whole_deal_then_record_and_load_replay_it(session: EngineSession) -> None:
    state = ask(session, cmd="new", seed=12, dealer="S")
    steps = 0
    while state["phase"] != "over":
        state = ask(session, cmd="bot", level="basic" if steps % 2 else "random", apply=True)
        assert state["ok"], state
        steps += 1
    assert state["result"] is not None and state["turn"] is None
    assert "deal is over" in ask(session, cmd="bot")["error"]
    assert ask(session, cmd="legal") == {"ok": True, "seat": None, "legal": []}
    assert "say which seat" in ask(session, cmd="view")["error"]
    record = ask(session, cmd="record")
    other = EngineSession()
    loaded = ask(other, cmd="load", record=record["record"])
    assert loaded["ok"] and loaded["result"] == state["result"]
    by_position = ask(EngineSession(), cmd="load", position=record["position"])
    assert by_position["ok"] and by_position["result"] == state["result"]


def test_record_is_the_library_record(session: EngineSession) -> None:
    ask(session, cmd="new", seed=4, cut=10)
    ask(session, cmd="act", action="pass")
    deal = Deal.new(seed=4)
    deal.push_str("cut:10")
    deal.push_str("pass")
    assert ask(session, cmd="record")["record"] == deal_to_record(deal)


def test_undo(session: EngineSession) -> None:
    ask(session, cmd="new", seed=4)
    assert "nothing to undo" in ask(session, cmd="undo")["error"]
    ask(session, cmd="act", action="cut:4")
    reply = ask(session, cmd="undo")
    assert reply["undone"] == "cut:4" and reply["seat"] == "E" and reply["phase"] == "cut"


def test_serve_answers_each_line_and_stops_at_quit() -> None:
    lines = [
        '{"cmd": "new", "seed": 1}',
        "",
        "not json",
        '{"cmd": "quit"}',
        '{"cmd": "hello"}',
    ]
    out = io.StringIO()
    serve(io.StringIO("\n".join(lines) + "\n"), out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["ok"] for r in replies] == [True, False, True]
    assert replies[-1] == {"ok": True, "bye": True}


def test_engine_command_over_pipes() -> None:
    requests = [
        {"cmd": "new", "seed": 3, "cut": 7},
        {"cmd": "bot", "level": "basic", "apply": True},
        {"cmd": "view", "seat": "S"},
        {"cmd": "quit"},
    ]
    text = "\n".join(json.dumps(r) for r in requests) + "\n"
    done = subprocess.run(
        [sys.executable, "-c", "from belot.cli import main; main(['engine'])"],
        input=text,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(replies) == 4 and all(r["ok"] for r in replies)
    assert replies[2]["view"]["seat"] == "S" and len(replies[2]["view"]["hand"]) == 5


def test_every_command_is_documented_with_an_example() -> None:
    text = DOC.read_text()
    for name in EngineSession()._commands:
        assert f"### `{name}`" in text, name
        assert re.search(rf'> \{{"cmd": "{name}"', text), name


def _comparable(reply: dict[str, Any]) -> dict[str, Any]:
    """A reply without what changes between runs and releases: think time, version, the list
    of bot levels (more levels come)."""
    out = {k: v for k, v in reply.items() if k not in ("ms", "version", "levels")}
    if "error" in out:
        out["error"] = re.sub(r" \(known: [^)]*\)$", "", out["error"])
    return out


def test_documented_session_is_what_the_engine_says() -> None:
    pairs = re.findall(r"^> (.*)\n< (.*)$", DOC.read_text(), flags=re.M)
    assert len(pairs) >= 15
    session = EngineSession()
    for request, expected in pairs:
        assert _comparable(session.handle(request)) == _comparable(json.loads(expected)), request


HOSTILE_LINES = [
    ("[" * 100_000, "nested more than"),
    ('{"cmd": "new", "seed": ' + "9" * 5000 + "}", "more than 100 digits"),
    ('{"cmd": "new", "seed": NaN}', "NaN is not a JSON number"),
    ('{"cmd": "hello", "id": Infinity}', "Infinity is not a JSON number"),
    ('{"cmd": "hello", "id": -Infinity}', "-Infinity is not a JSON number"),
    ('{"cmd": "new", "seed": 7, "cut": 1e400}', "too large"),
    ('{"cmd": "bot", "think": 1e300}', "field 'think'"),
]


@pytest.mark.parametrize(("line", "error"), HOSTILE_LINES)
def test_hostile_requests_get_one_line_errors(
    session: EngineSession, line: str, error: str
) -> None:
    """Deep nesting, NaN and huge numbers are answered; ``json.loads`` alone raises on the
    first two (RecursionError, ValueError) and lets NaN through into the reply."""
    ask(session, cmd="new", seed=7, cut=8)
    reply = session.handle(line)
    assert reply["ok"] is False and error in reply["error"], reply
    assert "\n" not in reply["error"]
    json.dumps(reply, allow_nan=False)
    assert ask(session, cmd="state")["phase"] == "auction"  # the deal is as it was


def test_engine_command_never_exits_on_bad_input() -> None:
    """Every line gets its answer, bytes that are not UTF-8 included, and the engine goes on."""
    lines = [line.encode() for line, _ in HOSTILE_LINES]
    lines += [b'\xff\xfe{"cmd": "hello"}', b'{"cmd": "hello", "id": "\\ud800"}', b'{"cmd": "quit"}']
    done = subprocess.run(
        [sys.executable, "-c", "from belot.cli import main; main(['engine'])"],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        timeout=60,
        check=True,
    )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(replies) == len(lines), done.stderr.decode()
    assert b"Traceback" not in done.stderr
    assert replies[len(HOSTILE_LINES)] == {"ok": False, "error": "the request line is not UTF-8"}
    assert replies[-2]["ok"] is True and replies[-1] == {"ok": True, "bye": True}

"""The web app's API and WebSocket protocol: the server is authoritative and keeps every game."""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from belot.bots import analysis, make
from belot.cli.verify import command as verify_command
from belot.engine import Cut, Deal, Seat
from belot.engine.deal import Phase
from belot.engine.match import keyed_seed
from belot.web import hints, i18n, rooms
from belot.web.app import create_app
from belot.web.store import Store
from belot.web.tables import seed_hash

Message = dict[str, Any]


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'belot.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    app = create_app(Store(db_url), bot_delay=0, leave_grace=0.2)
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def fixed_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """New tables deal the same cards on every run (their master seed is fixed), so a search
    on them (a hint) costs the same every time."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: 2026)


def until(ws: Any, wanted: Callable[[Message], bool], limit: int = 400) -> Message:
    """Read messages until one is ``wanted``; an error the test did not ask for fails it at once
    (waiting on would wait for ever: after an error the server sends nothing more)."""
    for _ in range(limit):
        message: Message = ws.receive_json()
        if wanted(message):
            return message
        if message["type"] == "error":
            raise AssertionError(f"the server answered with an error: {message['message']}")
    raise AssertionError("the expected message never came")


def my_turn(message: Message) -> bool:
    view = message.get("view")
    return message["type"] == "state" and bool(view and view["legal"])


def people_table(client: TestClient) -> tuple[str, dict[str, str]]:
    """A table where every seat is a person, each token known: no bot acts."""
    answer = client.post(
        "/api/tables",
        json={"seats": {s: {"kind": "person"} for s in "NEW"}, "rules": {"preset": "bulgarian"}},
    ).json()
    table_id = answer["id"]
    tokens = {"S": answer["token"]}
    for seat in "NEW":
        reply = client.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": seat})
        assert reply.status_code == 200
        tokens[seat] = reply.json()["token"]
    return table_id, tokens


def state_of(client: TestClient, table_id: str) -> Message:
    data: Message = client.get(f"/api/tables/{table_id}").json()
    return data


def test_the_server_loads_the_compiled_search_on_a_search_thread(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Not on the event loop when a table first makes a strong bot: that would hold up every
    # table for the 0.3 s numba takes to load its cache.
    threads: list[str] = []
    monkeypatch.setattr(
        rooms, "load_compiled", lambda: threads.append(threading.current_thread().name)
    )
    with TestClient(create_app(Store(db_url), bot_delay=0)):
        deadline = time.monotonic() + 10
        while not threads and time.monotonic() < deadline:
            time.sleep(0.01)
    assert len(threads) == 1 and threads[0].startswith("belot-think")


def test_create_rejects_bad_options_with_a_clear_message(client: TestClient) -> None:
    reply = client.post("/api/tables", json={"rules": {"options": {"nt_last_trick": 15}}})
    assert reply.status_code == 400
    assert "nt_last_trick" in reply.json()["error"]
    reply = client.post("/api/tables", json={"seats": {"N": {"kind": "bot", "level": "genius"}}})
    assert reply.status_code == 400
    assert "unknown bot level 'genius'" in reply.json()["error"]


def test_each_seat_gets_only_its_own_cards_and_spectators_none(client: TestClient) -> None:
    table_id, tokens = people_table(client)
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['S']}") as ws:
        state = until(ws, lambda m: m["type"] == "state")
        assert state["you"] == "S"
        view = state["view"]
        cutter = view["turn"]
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[cutter]}") as ws:
        until(ws, my_turn)
        ws.send_json({"type": "act", "action": "cut:7"})
        state = until(ws, lambda m: m["type"] == "state" and m["view"]["phase"] == "auction")
        mine = set(state["view"]["hand"])
        assert len(mine) == 5
    hands = {}
    for seat, token in tokens.items():
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
            hands[seat] = set(until(ws, lambda m: m["type"] == "state")["view"]["hand"])
    assert all(len(h) == 5 for h in hands.values())
    assert len(set().union(*hands.values())) == 20  # four different hands
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        spectator = until(ws, lambda m: m["type"] == "state")
        assert spectator["you"] is None
        assert spectator["view"]["hand"] == []
        assert spectator["view"]["legal"] == []
        assert spectator["view"]["hand_sizes"] == [5, 5, 5, 5]
        ws.send_json({"type": "act", "action": "pass"})
        error = until(ws, lambda m: m["type"] == "error")
        assert "spectators cannot act" in error["message"]


def test_illegal_and_out_of_turn_actions_change_nothing(client: TestClient) -> None:
    table_id, tokens = people_table(client)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = hub.get(table_id).table
    cutter = table.deal.turn.name
    other = next(s for s in "NESW" if s != cutter)
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[other]}") as ws:
        until(ws, lambda m: m["type"] == "state")
        ws.send_json({"type": "act", "action": "cut:5"})
        error = until(ws, lambda m: m["type"] == "error")
        assert error["message"] == f"it is {cutter}'s turn, not {other}'s"
    assert table.record == []
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[cutter]}") as ws:
        until(ws, my_turn)
        for bad, words in [
            ("cut:40", "a cut lifts 1 to 31 cards, not 40"),
            ("hearts", "no call can be made during the cut"),
            ("XX", "unknown action 'XX'"),
        ]:
            ws.send_json({"type": "act", "action": bad})
            assert words in until(ws, lambda m: m["type"] == "error")["message"]
        ws.send_json({"type": "launch", "action": "cut:5"})
        assert "unknown message type" in until(ws, lambda m: m["type"] == "error")["message"]
        ws.send_text("cut:5")
        assert until(ws, lambda m: m["type"] == "error")["message"] == "messages are JSON"
    assert table.record == []
    assert state_of(client, table_id)["view"]["phase"] == "cut"
    # Play on to the first card and try a card that is not held.
    table.act(Seat[cutter], "cut:9")
    while table.deal.phase.value == "auction":
        seat = table.deal.turn
        table.act(seat, "hearts" if not table.deal.calls else "pass")
    seat = table.deal.turn
    view = table.deal.view(seat)
    not_held = next(c for c in ("7C", "8C", "9C", "AS", "KD") if c not in map(str, view.hand))
    before = list(table.record)
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[seat.name]}") as ws:
        until(ws, my_turn)
        if view.legal[0].__class__.__name__ == "Declare":
            ws.send_json({"type": "act", "action": "declare:"})
            until(ws, lambda m: m["type"] == "state" and m["view"]["declared"] is not None)
            before = list(table.record)
        ws.send_json({"type": "act", "action": not_held})
        error = until(ws, lambda m: m["type"] == "error")
        assert error["message"] == f"{seat.name} does not hold {not_held}"
    assert table.record == before


def test_a_wrong_seat_token_is_refused(client: TestClient) -> None:
    table_id, _ = people_table(client)
    with client.websocket_connect(f"/ws/{table_id}?token=not-a-real-token") as ws:
        error = ws.receive_json()
        assert error == {
            "type": "error",
            "message": "wrong seat token for this table",
            "kind": "wrong_token",
            "fatal": True,
        }
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    assert client.post(f"/api/tables/{table_id}/seats/N").status_code == 400


def test_a_restart_rebuilds_every_table_from_its_record(db_url: str) -> None:
    app = create_app(Store(db_url), bot_delay=0)
    with TestClient(app) as first:
        table_id, tokens = people_table(first)
        table = first.app.state.hub.get(table_id).table  # type: ignore[attr-defined]
        with first.websocket_connect(f"/ws/{table_id}?token={tokens['S']}"):
            pass
        room = first.app.state.hub.get(table_id)  # type: ignore[attr-defined]
        table.act(table.deal.turn, "cut:12")
        for call in ("spades", "contra", "pass", "pass", "pass"):
            table.act(table.deal.turn, call)
        for _ in range(6):
            seat = table.deal.turn
            legal = table.deal.legal_actions()
            table.act(seat, str(legal[0]))
        room.save()
        record = list(table.record)
        views = {s: table.view_json(s) for s in Seat}
    again = create_app(Store(db_url), bot_delay=0)
    with TestClient(again) as second:
        rebuilt = second.app.state.hub.get(table_id).table  # type: ignore[attr-defined]
        assert rebuilt.record == record
        assert {s: rebuilt.view_json(s) for s in Seat} == views
        with second.websocket_connect(f"/ws/{table_id}?token={tokens['S']}") as ws:
            state = until(ws, lambda m: m["type"] == "state")
            assert state["view"] == views[Seat.S]
            assert state["view"]["double"] == 2


def test_a_bot_takes_a_seat_that_times_out_and_the_person_takes_it_back(
    client: TestClient,
) -> None:
    answer = client.post(
        "/api/tables",
        json={"seats": {s: {"kind": "bot", "level": "random"} for s in "NEW"}, "timer": 1},
    ).json()
    table_id, token = answer["id"], answer["token"]
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
        until(ws, my_turn)
        away = until(ws, lambda m: m["type"] == "state" and m["table"]["seats"][2]["away"])
        assert away["table"]["seats"][2]["bot_playing"]
        ws.send_json({"type": "act", "action": "pass"})
        error = until(ws, lambda m: m["type"] == "error")
        assert "a bot is playing your seat" in error["message"]
        ws.send_json({"type": "take_back"})
        back = until(ws, lambda m: m["type"] == "state" and not m["table"]["seats"][2]["away"])
        assert not back["table"]["seats"][2]["bot_playing"]


def test_a_seat_left_empty_is_played_by_a_bot_while_others_stay(client: TestClient) -> None:
    table_id, tokens = people_table(client)
    table = client.app.state.hub.get(table_id).table  # type: ignore[attr-defined]
    cutter = table.deal.turn.name
    watcher = next(s for s in "NESW" if s != cutter)
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[watcher]}") as ws:
        until(ws, lambda m: m["type"] == "state")
        with client.websocket_connect(f"/ws/{table_id}?token={tokens[cutter]}") as leaver:
            until(leaver, my_turn)
            leaver.send_json({"type": "leave"})
            until(leaver, lambda m: m["type"] == "state" and m["view"]["phase"] != "cut")
        assert table.record[0][0] == cutter  # the bot cut for the seat
        assert table.seats["NESW".index(cutter)].away


def test_seeds_are_committed_before_and_shown_after_each_deal(client: TestClient) -> None:
    answer = client.post(
        "/api/tables", json={"seats": {s: {"kind": "bot", "level": "random"} for s in "NEW"}}
    ).json()
    table = client.app.state.hub.get(answer["id"]).table  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{answer['id']}?token={answer['token']}") as ws:
        state = until(ws, lambda m: m["type"] == "state")
        first = state["table"]["deals"][0]
        assert first["seed"] is None and first["cut"] is None
        assert first["hash"] == seed_hash(table.seed_of(0))
        message = state
        while not message["waiting_for_next"]:
            if my_turn(message):
                ws.send_json({"type": "act", "action": message["view"]["legal"][0]})
            message = until(ws, lambda m: m["type"] == "state")
        done = message
    shown = done["table"]["deals"][0]
    seed = int(shown["seed"])
    assert hashlib.sha256(shown["seed"].encode()).hexdigest() == first["hash"]
    assert seed == keyed_seed(table.master, table.id, "deal", 0)
    # ``belot verify`` re-creates the dealt hands from the seed, cut and dealer alone.
    output = (
        CliRunner()
        .invoke(
            verify_command,
            [
                shown["seed"],
                "--cut",
                str(shown["cut"]),
                "--dealer",
                shown["dealer"],
                "--hash",
                first["hash"],
            ],
        )
        .output
    )
    assert "hash   matches" in output
    deal = Deal(dealer=Seat.from_str(shown["dealer"]), seed=seed)
    deal.push(Cut(shown["cut"]))
    for seat in Seat:
        assert " ".join(str(c) for c in deal.hand(seat)) in output
    if table.deal.contract is not None:
        for seat in Seat:
            assert " ".join(str(c) for c in table.deal.dealt_hand(seat)) in output


def test_cards_are_drawn_by_our_own_svg(client: TestClient) -> None:
    reply = client.get("/cards/JH.svg")
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("image/svg+xml")
    assert "<title>JH</title>" in reply.text
    assert client.get("/cards/back.svg").status_code == 200
    assert client.get("/cards/ZZ.svg").status_code == 404


def test_pages_render_in_english_and_bulgarian(client: TestClient) -> None:
    assert "New table" in client.get("/").text
    assert "Нова маса" in client.get("/?lang=bg").text
    answer = client.post("/api/tables", json={}).json()
    page = client.get(f"/t/{answer['id']}")
    assert page.status_code == 200 and answer["id"] in page.text
    assert client.get("/t/NOPE00").status_code == 404
    record = client.get(f"/api/tables/{answer['id']}/record").json()
    assert record["deals"] == [] and record["over"] is False


def play_to_first_card(table: Any) -> Seat:
    """Cut, bid hearts, pass three times and announce nothing: the seat to play its first card."""
    table.act(table.deal.turn, "cut:4")
    table.act(table.deal.turn, "hearts")
    for _ in range(3):
        table.act(table.deal.turn, "pass")
    seat: Seat = table.deal.turn
    if str(table.deal.legal_actions()[0]).startswith("declare:"):
        table.act(seat, "declare:")
    return seat


@pytest.mark.usefixtures("fixed_deals")
def test_the_hint_ranks_the_legal_cards_and_can_be_switched_off(client: TestClient) -> None:
    table_id, tokens = people_table(client)
    table = client.app.state.hub.get(table_id).table  # type: ignore[attr-defined]
    seat = play_to_first_card(table)
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[seat.name]}") as ws:
        state = until(ws, my_turn)
        assert state["hint_available"]
        ws.send_json({"type": "hint"})
        hint = until(ws, lambda m: m["type"] == "hint")["hint"]
        assert sorted(h["action"] for h in hint) == sorted(state["view"]["legal"])
        values = [h["value"] for h in hint]
        assert values == sorted(values, reverse=True)
        table.hints = False
        ws.send_json({"type": "hint"})
        assert "switched off" in until(ws, lambda m: m["type"] == "error")["message"]
    other = next(s for s in Seat if s != seat)
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[other.name]}") as ws:
        assert not until(ws, lambda m: m["type"] == "state")["hint_available"]


@pytest.mark.usefixtures("fixed_deals")
def test_a_hint_can_be_the_expert_levels_deeper_search(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page's hint setting asks for the strong level's search or the expert's: the expert
    ranks the same legal cards over more worlds; a level that is neither is refused, unsearched."""
    worlds: list[int] = []
    searched = analysis.hint

    def counted(view: Any, **kw: Any) -> Any:
        estimates = searched(view, **kw)
        worlds.append(max(e.worlds for e in estimates))
        return estimates

    monkeypatch.setattr(analysis, "hint", counted)
    table_id, tokens = people_table(client)
    table = client.app.state.hub.get(table_id).table  # type: ignore[attr-defined]
    seat = play_to_first_card(table)
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[seat.name]}") as ws:
        state = until(ws, my_turn)
        for level in ("strong", "expert"):
            ws.send_json({"type": "hint", "level": level})
            hint = until(ws, lambda m: m["type"] == "hint")["hint"]
            assert sorted(h["action"] for h in hint) == sorted(state["view"]["legal"])
        for wrong in ("grandmaster", ["expert"], None):
            ws.send_json({"type": "hint", "level": wrong})
            error = ws.receive_json()
            assert (error["type"], error["kind"]) == ("error", "bad_hint_level"), error
            assert "strong or the expert" in error["message"]
    strong, deep = worlds
    assert deep > strong, worlds  # the expert's search weighed more worlds


@pytest.mark.usefixtures("fixed_deals")
def test_a_hint_is_plain_json_even_for_a_lone_legal_card() -> None:
    """The browser parses the hint with JSON.parse, which refuses NaN (once sent for a card
    that was the only one legal, leaving the hint box empty)."""
    bot = make("basic", seed=1)
    seed = 3
    deal = Deal.new(seed=seed)
    while deal.phase is not Phase.PLAY or len(deal.hand(deal.turn)) > 1:  # type: ignore[arg-type]
        if deal.is_over:  # no contract: the next deal
            seed += 1
            deal = Deal.new(seed=seed)
        assert deal.turn is not None
        deal.push(bot.act(deal.view(deal.turn)))
    assert deal.turn is not None
    [advice] = hints.hint(deal.view(deal.turn))
    assert isinstance(advice["value"], float)
    assert json.loads(json.dumps([advice], allow_nan=False)) == [advice]


def test_the_hint_ranks_the_legal_calls_in_the_auction(client: TestClient) -> None:
    table_id, tokens = people_table(client)
    table = client.app.state.hub.get(table_id).table  # type: ignore[attr-defined]
    table.act(table.deal.turn, "cut:4")
    seat = table.deal.turn
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[seat.name]}") as ws:
        state = until(ws, my_turn)
        assert state["view"]["phase"] == "auction"
        ws.send_json({"type": "hint"})
        hint = until(ws, lambda m: m["type"] == "hint")["hint"]
        assert sorted(h["action"] for h in hint) == sorted(state["view"]["legal"])
        assert "pass" in [h["action"] for h in hint]
        values = [h["value"] for h in hint]
        assert values == sorted(values, reverse=True)


def test_a_finished_deal_is_analysed_card_by_card(client: TestClient) -> None:
    table_id, _ = people_table(client)
    table = client.app.state.hub.get(table_id).table  # type: ignore[attr-defined]
    play_to_first_card(table)
    assert client.get(f"/api/tables/{table_id}/analysis/1").status_code == 400
    while not table.deal.is_over:
        table.act(table.deal.turn, str(table.deal.legal_actions()[-1]))
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert len(record["deals"][0]["tricks"]) == 8
    cards = client.get(f"/api/tables/{table_id}/analysis/1").json()["cards"]
    played = [c for t in record["deals"][0]["tricks"] for _, c in t["plays"]]
    assert [c["card"] for c in cards] == played
    assert all(c["cost"] >= 0 and (c["cost"] > 0) == (c["card"] not in c["best"]) for c in cards)


def test_a_closed_browser_hands_its_seat_to_a_bot_after_the_grace(client: TestClient) -> None:
    table_id, tokens = people_table(client)
    table = client.app.state.hub.get(table_id).table  # type: ignore[attr-defined]
    cutter = table.deal.turn.name
    watcher = next(s for s in "NESW" if s != cutter)
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[watcher]}") as ws:
        until(ws, lambda m: m["type"] == "state")
        with client.websocket_connect(f"/ws/{table_id}?token={tokens[cutter]}") as gone:
            until(gone, my_turn)
        # The grace is 0.2 s here: then a bot cuts for the seat that went away.
        state = until(ws, lambda m: m["type"] == "state" and m["view"]["phase"] != "cut")
        seat = state["table"]["seats"]["NESW".index(cutter)]
        assert seat["away"] and seat["bot_playing"] and not seat["connected"]
        with client.websocket_connect(f"/ws/{table_id}?token={tokens[cutter]}") as back:
            again = until(back, lambda m: m["type"] == "state" and m["you"] == cutter)
            assert not again["table"]["seats"]["NESW".index(cutter)]["away"]


def test_every_word_the_pages_look_up_is_in_both_languages() -> None:
    """``t("key")`` in a page's script shows the key itself when the table lacks it."""
    static = Path(i18n.__file__).parent / "static"
    used = {
        key
        for script in static.rglob("*.js")
        for key in re.findall(r'\bt\("([a-z_0-9]+)"', script.read_text(encoding="utf-8"))
    }
    assert "bad_message" in used and "hint_unit" in used
    assert sorted(used - set(i18n.TEXTS)) == []
    assert all(all(words) for words in i18n.TEXTS.values())


@pytest.mark.parametrize(("game", "level"), [("french", "strong"), ("bela", "expert")])
def test_a_call_hint_searches_as_long_as_the_levels_own_auction_turn(
    monkeypatch: pytest.MonkeyPatch, game: str, level: str
) -> None:
    """French Belote's and Bela's `strong` turns search 1.8 s of nodes: their hint had 1.5."""
    from belot.bots import expert, strong
    from belot.engine import Rules

    asked: list[float] = []

    def hint_calls(view: object, *, think: float, max_worlds: int | None) -> list[object]:
        asked.append(think)
        return []

    monkeypatch.setattr(analysis, "hint_calls", hint_calls)
    deal = Deal.new(Rules.preset_named(game), seed=5)
    bot = make("basic", seed=1)
    while deal.phase is not Phase.AUCTION:
        assert deal.turn is not None
        deal.push(bot.act(deal.view(deal.turn)))
    assert deal.turn is not None
    view = deal.view(deal.turn)
    assert hints.hint(view, level) == []
    think = expert.EXPERT_THINK if level == "expert" else strong.DEFAULT_THINK
    assert asked == [strong.auction_think(view) * think]
    assert asked[0] > hints.CALL_HINT_SECONDS * (2 if level == "expert" else 1)

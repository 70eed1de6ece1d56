"""The expert level at a table: its search reports how far it has got over the WebSocket, before
its move, without holding up the server; the best action so far goes only to a browser that may
know the bot's hand. Its budget is made tiny here (``ExpertBot.default_think``) to stay quick."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from belot.bots import LEVELS
from belot.bots.expert import ExpertBot
from belot.web.app import create_app
from belot.web.store import Store

Message = dict[str, Any]


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setattr(ExpertBot, "default_think", 0.02)
    app = create_app(Store(f"sqlite:///{tmp_path / 'belot.sqlite3'}"), bot_delay=0)
    app.state.hub.thought_seconds = 0.0  # every world reported: the test sees them all
    with TestClient(app) as test_client:
        yield test_client


def read(ws: Any, stop: Callable[[Message], bool], limit: int = 3000) -> list[Message]:
    """Messages until one that ``stop`` picks (included); an error fails the test."""
    out: list[Message] = []
    for _ in range(limit):
        message: Message = ws.receive_json()
        assert message["type"] != "error", message
        out.append(message)
        if stop(message):
            return out
    raise AssertionError("the expected message never came")


def played(view: Message) -> int:
    return sum(len(trick["plays"]) for trick in view["tricks"])


def last_card(view: Message) -> tuple[str, str] | None:
    plays = [play for trick in view["tricks"] for play in trick["plays"]]
    return (plays[-1][0], plays[-1][1]) if plays else None


def test_expert_is_offered_on_the_home_page_and_in_every_language(client: TestClient) -> None:
    assert "expert" in LEVELS
    for lang, word in (("en", "expert"), ("bg", "експерт"), ("fr", "expert"), ("hr", "stručnjak")):
        page = client.get(f"/?lang={lang}").text
        assert '<option value="expert"' in page
        assert f">{word}</option>" in page
    reply = client.post(
        "/api/tables",
        json={"rules": "bela", "seats": {s: {"kind": "bot", "level": "expert"} for s in "NEW"}},
    )
    assert reply.status_code == 200, reply.text


def test_thinking_reaches_the_table_before_the_experts_card(client: TestClient) -> None:
    answer = client.post(
        "/api/tables", json={"seats": {s: {"kind": "bot", "level": "expert"} for s in "NEW"}}
    ).json()
    # Thoughts seen so far by (deal, calls, cards played before, seat): their position.
    thought: dict[tuple[int, int, int, str], list[Message]] = {}
    moves = 0
    with client.websocket_connect(f"/ws/{answer['id']}?token={answer['token']}") as ws:
        for _ in range(3000):
            message: Message = ws.receive_json()
            assert message["type"] != "error", message
            if message["type"] == "thinking":
                key = (
                    message["deal_number"],
                    message["calls"],
                    message["played"],
                    message["seat"],
                )
                thought.setdefault(key, []).append(message)
                continue
            if message["type"] != "state" or not message["view"]:
                continue
            view = message["view"]
            if message["waiting_for_next"]:
                ws.send_json({"type": "next"})
            elif view["legal"] and view["turn"] == "S":
                ws.send_json({"type": "act", "action": view["legal"][0]})
            card = last_card(view)
            if card is None or card[0] == "S":
                continue
            # A card of an expert bot: when it had a choice, its thinking came first, for this
            # very position, with the worlds solved but not its hand's secrets (S plays here).
            position = (message["deal_number"], len(view["calls"]), played(view) - 1, card[0])
            mine = thought.pop(position, [])
            if mine:
                moves += 1
                assert mine[0]["worlds"] == 0 and mine[-1]["worlds"] >= 1, mine
                assert all(m["planned"] >= m["worlds"] and 0 <= m["spent"] <= 1 for m in mine)
                assert all("best" not in m and "choices" not in m for m in mine)
                if moves >= 3:
                    break
    assert moves >= 3, (moves, thought)


def test_the_seat_a_bot_plays_for_its_person_sees_the_best_so_far(client: TestClient) -> None:
    seats = {s: {"kind": "bot", "level": "expert"} for s in "NEW"}
    seats["S"] = {"kind": "person", "level": "expert"}  # an expert plays S while S is away
    answer = client.post("/api/tables", json={"seats": seats}).json()
    with client.websocket_connect(f"/ws/{answer['id']}?token={answer['token']}") as ws:
        read(ws, lambda m: m["type"] == "state")
        ws.send_json({"type": "leave"})
        seen = 0
        for _ in range(200):
            messages = read(ws, lambda m: m["type"] == "state")
            view = messages[-1]["view"]
            card = last_card(view) if view else None
            thoughts = [m for m in messages if m["type"] == "thinking"]
            # The other seats' bots: how far they got, never what they hold.
            assert all("best" not in m for m in thoughts if m["seat"] != "S")
            mine = [m for m in thoughts if m["seat"] == "S" and m["worlds"] > 0]
            if card is None or card[0] != "S" or not mine or mine[-1]["played"] != played(view) - 1:
                continue
            last = mine[-1]
            assert last["kind"] == "cards" and last["choices"] >= 2
            # Every world is reported here, so the last best so far is the card played.
            assert last["best"] == card[1]
            seen += 1
            if seen >= 2 or messages[-1]["waiting_for_next"]:
                break
    assert seen >= 1

"""Every refusal the server sends a player carries a stable ``kind`` (and its ``values``), which
the pages say in their language: each is triggered here for real (over the WebSocket and the
JSON API), its words checked in Bulgarian, French and Croatian with the foreign-word checker,
and no refusal changes the game."""

from __future__ import annotations

import asyncio
import html
import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import page_words
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from belot.engine.table import Seat
from belot.web import i18n
from belot.web.app import create_app
from belot.web.guard import MAX_BODY
from belot.web.limits import Limits, Rate
from belot.web.store import Store
from belot.web.thinking import Busy, Thinkers

Message = dict[str, Any]
LANGS = ("bg", "fr", "hr")


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'belot.sqlite3'}")


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store, bot_delay=0)) as test_client:
        yield test_client


def until(ws: Any, wanted: Callable[[Message], bool], limit: int = 400) -> Message:
    for _ in range(limit):
        message: Message = ws.receive_json()
        if wanted(message):
            return message
    raise AssertionError("the expected message never came")


def is_error(message: Message) -> bool:
    return bool(message["type"] == "error")


def said(kind: str, values: dict[str, Any], english: str) -> dict[str, str]:
    """How each page language says a refusal; each is checked to be in its language."""
    words = {lang: i18n.refusal(lang, kind, values, english) for lang in LANGS}
    for lang, text in words.items():
        assert f"refused_{kind}" in i18n.TEXTS, kind
        assert text != english, (kind, lang)
        assert "{" not in text, (kind, lang, text)  # every value filled in
        assert page_words.foreign(text, lang) == [], (kind, lang, text)
    assert any("\u0400" <= c <= "\u04ff" for c in words["bg"]), words["bg"]
    assert i18n.refusal("en", kind, values, english) == english  # English: the server's own
    return words


def table_of_people(client: TestClient, **body: Any) -> tuple[str, dict[str, str]]:
    """A table where South and North are people, East and West bots that never come to act
    (the table waits at the cut or in the auction for its people)."""
    answer = client.post(
        "/api/tables", json={"seats": {"N": {"kind": "person"}}, **body, "name": "Ana"}
    ).json()
    tokens = {"S": answer["token"]}
    reply = client.post(f"/api/tables/{answer['id']}/seats/N", json={"name": "Boris"})
    tokens["N"] = reply.json()["token"]
    return answer["id"], tokens


def record(client: TestClient, table_id: str) -> Any:
    table = client.app.state.hub.get(table_id).table  # type: ignore[attr-defined]
    return list(table.record), table.started, table.is_over


def test_every_refusal_at_the_table_is_said_in_the_pages_language(client: TestClient) -> None:
    table_id, tokens = table_of_people(client, hints=False)
    told: dict[str, Message] = {}
    with client.websocket_connect(f"/ws/{table_id}") as spectator:
        until(spectator, lambda m: m["type"] == "state")
        spectator.send_json({"type": "act", "action": "pass"})
        told["spectator"] = until(spectator, is_error)
    before = record(client, table_id)
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['S']}") as ws:
        until(ws, lambda m: m["type"] == "state")
        for message in (
            {"type": "hint"},
            {"type": "launch"},
            {"type": "next"},
            {"type": "start"},
            {"type": "undo"},
            {"type": "rematch"},
            {"type": "act", "action": "pass", "at": "3"},
        ):
            ws.send_json(message)
            told[str(message["type"])] = until(ws, is_error)
        ws.send_text("not json")
        told["text"] = until(ws, is_error)
        ws.send_bytes(b'{"type": "ping"}')
        told["bytes"] = until(ws, is_error)
        ws.send_text(json.dumps({"type": "ping", "pad": "x" * 20_000}))
        told["long"] = until(ws, is_error)
        ws.send_json({"type": "ping"})
        until(ws, lambda m: m["type"] == "pong")  # the connection carries on
    assert record(client, table_id) == before  # no refusal changed the game
    kinds = {name: message.get("kind") for name, message in told.items()}
    assert kinds == {
        "spectator": "spectator",
        "hint": "hints_off",
        "launch": "unknown_type",
        "next": "deal_not_over",
        "start": "started",
        "undo": "undo_alone",
        "rematch": "rematch_not_over",
        "act": "bad_at",
        "text": "not_json",
        "bytes": "binary",
        "long": "too_long",
    }
    assert told["long"]["values"] == {"kib": 16}
    for refusal in told.values():
        said(refusal["kind"], refusal.get("values", {}), refusal["message"])
        assert not refusal.get("fatal")
    assert said("too_long", {"kib": 16}, "")["fr"] == "Un message fait au plus 16 KiB."


def test_a_hint_of_an_unknown_level_is_refused_in_the_pages_language(client: TestClient) -> None:
    table_id, tokens = table_of_people(client)
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['S']}") as ws:
        # The bots act until a person is to: the table waits then.
        until(ws, lambda m: m["type"] == "state" and m["view"]["turn"] in ("S", "N"))
        before = record(client, table_id)
        ws.send_json({"type": "hint", "level": "grandmaster"})
        told = until(ws, is_error)
    assert told["kind"] == "bad_hint_level" and not told.get("fatal")
    said(told["kind"], told.get("values", {}), told["message"])
    assert record(client, table_id) == before


def test_acting_at_a_finished_table_is_refused_in_the_pages_language(
    client: TestClient,
) -> None:
    table_id, tokens = table_of_people(client, rules={"preset": "bela", "options": {"target": 1}})
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = hub.get(table_id).table

    async def finish() -> None:  # on the server's loop: each person's first legal action
        room = hub.get(table_id)
        for _ in range(3000):
            if table.is_over:
                return
            seat = table.to_act
            if table.waiting_for_next:
                await room.act(Seat.S, "next")
            elif seat is not None and table.seats[seat].kind == "person":
                await room.act(seat, str(table.deal.view(seat).legal[0]))
            else:
                await asyncio.sleep(0.005)  # a bot's turn

    client.portal.call(finish)  # type: ignore[union-attr]
    assert table.is_over
    before = record(client, table_id)
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['N']}") as ws:
        until(ws, lambda m: m["type"] == "state")
        ws.send_json({"type": "next"})
        over = until(ws, is_error)
        ws.send_json({"type": "act", "action": "pass"})
        acted = until(ws, is_error)
    assert record(client, table_id) == before
    assert over["kind"] == "match_over"
    assert acted["kind"] == "deal_over"
    words = said("match_over", {}, over["message"])
    assert words["hr"] == "Igra je završena."
    said("deal_over", {}, acted["message"])


def test_refusals_of_seats_codes_and_bodies_are_said_in_the_pages_language(
    client: TestClient,
) -> None:
    table_id, _ = table_of_people(client)
    # Both people's seats are taken: a third person asking for one is refused.
    reply = client.post(f"/api/tables/{table_id}/seats/N", json={"name": "Vera"})
    assert reply.status_code == 400
    taken = reply.json()
    assert (taken["kind"], taken["values"]) == ("seat_taken", {"seat": "N"})
    words = said("seat_taken", taken["values"], taken["error"])
    assert words["bg"] == "Мястото Север не е свободно."
    assert words["fr"] == "La place Nord n'est pas libre."
    refused = []
    for body in (
        {"name": "x" * 31},
        {"name": "a\u0007b"},
        {"timer": 9999},
        {"rules": {"preset": "bulgarian", "options": {"target": 0}}},
        {"seats": {"E": {"kind": "bot", "level": "grandmaster"}}},
        {"colour": "red"},
    ):
        reply = client.post("/api/tables", json=body)
        assert reply.status_code == 400, body
        refused.append(reply.json())
    assert [r["kind"] for r in refused] == [
        "name_long",
        "name_bad",
        "timer",
        "rules",
        "level",
        "bad_request",
    ]
    for answer in refused:
        said(answer["kind"], answer.get("values", {}), answer["error"])
    for content, kind in ((b"[1, 2]", "body_json"), (b"{" + b" " * MAX_BODY + b"}", "body_large")):
        reply = client.post(
            "/api/tables", content=content, headers={"Content-Type": "application/json"}
        )
        assert reply.json()["kind"] == kind
        said(kind, reply.json().get("values", {}), reply.json()["error"])
    # A wrong table code and a wrong seat token: the connection is refused and closed.
    with client.websocket_connect("/ws/ABCDEFGHJKLM") as ws:
        gone = ws.receive_json()
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    assert gone["fatal"] and gone["kind"] == "no_table"
    said("no_table", gone["values"], gone["message"])
    with client.websocket_connect(f"/ws/{table_id}?token=wrong") as ws:
        wrong = ws.receive_json()
    assert wrong["fatal"] and wrong["kind"] == "wrong_token"
    said("wrong_token", {}, wrong["message"])


def test_the_error_page_says_why_a_table_cannot_be_entered_in_its_language(
    client: TestClient,
) -> None:
    for lang in LANGS:
        page = client.get(f"/t/ABCDEFGHJKLM?lang={lang}").text
        assert f'<html lang="{lang}"' in page
        detail = i18n.refusal(lang, "no_table", {"table": "ABCDEFGHJKLM"}, "")
        found = re.search(r'<p class="error-detail" id="error-detail">(.*?)</p>', page)
        assert found is not None  # its language is the page's: not marked lang="en"
        assert html.unescape(found.group(1)) == detail
        assert page_words.foreign(page_words.shown(page), lang) == []


@pytest.mark.parametrize(
    ("path", "kind", "values"),
    [
        ("/score/NOSUCHSHEET", "no_sheet", {"sheet": "NOSUCHSHEET"}),
        ("/rules/whist", "no_game", {"game": "whist"}),
        ("/cheatsheet?game=whist", "no_game", {"game": "whist"}),
    ],
)
def test_a_page_that_is_not_there_says_why_in_its_language(
    client: TestClient, path: str, kind: str, values: dict[str, str]
) -> None:
    """The score counter's, the rules' and the cheat sheet's pages that are not there say why
    in the page's language (the server's English only on an English page)."""
    joiner = "&" if "?" in path else "?"
    for lang in LANGS:
        answer = client.get(f"{path}{joiner}lang={lang}")
        assert answer.status_code == 404
        page = answer.text
        assert f'<html lang="{lang}"' in page
        found = re.search(r'<p class="error-detail" id="error-detail">(.*?)</p>', page)
        assert found is not None  # its language is the page's: not marked lang="en"
        assert html.unescape(found.group(1)) == i18n.refusal(lang, kind, values, "")
        assert page_words.foreign(page_words.shown(page), lang) == []
    said(kind, values, "x")


def test_rate_limits_are_said_in_the_pages_language(store: Store) -> None:
    limits = Limits(tables=Rate(1, 0), guesses=Rate(1, 0))
    with TestClient(create_app(store, bot_delay=0, limits=limits)) as client:
        assert client.post("/api/tables", json={}).status_code == 200
        tables = client.post("/api/tables", json={}).json()
        assert client.get("/api/tables/NOSUCHTABLE").status_code == 404
        guesses = client.get("/api/tables/NOSUCHTABLE").json()
        with client.websocket_connect("/ws/NOSUCHTABLE") as ws:
            socket = ws.receive_json()
    assert tables["kind"] == "too_many_tables" and guesses["kind"] == "too_many_guesses"
    assert socket["fatal"] and socket["kind"] == "too_many_guesses"
    said(tables["kind"], tables["values"], tables["error"])
    words = said(guesses["kind"], guesses["values"], guesses["error"])
    assert words["fr"].endswith(f"dans {guesses['values']['seconds']} s.")
    said(socket["kind"], socket["values"], socket["message"])
    said("too_many_open", {"max": 2}, "x")
    said("too_many_connections", {"seconds": 3}, "x")


def test_a_hint_refused_while_others_are_worked_out_is_said_in_the_pages_language() -> None:
    """The three refusals of a hint past the limits (a second for the same seat, too many from
    one address, too many in all) each have a kind the pages word."""
    thinkers = Thinkers(per_address=1, queue=2)

    async def run() -> list[Busy]:
        first = asyncio.ensure_future(thinkers.advise(time.sleep, 0.2, key="a", address="x"))
        other = asyncio.ensure_future(thinkers.advise(time.sleep, 0.2, key="b", address="y"))
        await asyncio.sleep(0)
        refused = []
        for key, address in (("a", "z"), ("c", "x"), ("d", "w")):
            try:
                await thinkers.advise(time.sleep, 0, key=key, address=address)
            except Busy as error:
                refused.append(error)
        await asyncio.gather(first, other)
        return refused

    try:
        refused = asyncio.run(run())
    finally:
        thinkers.shutdown()
    assert [(error.code, error.values) for error in refused] == [
        ("hint_pending", {}),
        ("hints_per_address", {"max": 1}),
        ("hints_busy", {}),
    ]
    for error in refused:
        said(error.code, error.values, str(error))


def test_an_action_sent_for_a_position_already_past_is_not_applied_again(
    client: TestClient,
) -> None:
    """A page sends with its action the position it was shown (``at``): sent twice (again
    after a reconnection, say), the second is not applied and not refused; the page is shown
    the present state. A position that is not a whole number is refused."""
    # Four people: nothing acts but the test.
    seats = {s: {"kind": "person"} for s in "NEW"}
    answer = client.post("/api/tables", json={"seats": seats, "name": "Ana"}).json()
    table_id, tokens = answer["id"], {"S": answer["token"]}
    for seat in "NEW":
        reply = client.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": seat})
        tokens[seat] = reply.json()["token"]
    with client.websocket_connect(f"/ws/{table_id}?token={tokens['S']}") as south:
        south.send_json({"type": "start"})
        turn = until(south, lambda m: m["type"] == "state" and m["view"] is not None)["view"][
            "turn"
        ]
    with client.websocket_connect(f"/ws/{table_id}?token={tokens[turn]}") as ws:
        state = until(ws, lambda m: m["type"] == "state" and m["view"] is not None)
        action, at = state["view"]["legal"][0], state["at"]
        before = record(client, table_id)
        ws.send_json({"type": "act", "action": action, "at": at})
        moved = until(ws, lambda m: m["type"] == "state")
        assert moved["at"] == at + 1
        after = record(client, table_id)
        assert after[0] == [*before[0], (turn, action)]
        for _ in range(2):  # the same action, chosen on the state that was
            ws.send_json({"type": "act", "action": action, "at": at})
            shown = until(ws, lambda m: m["type"] in ("state", "error"))
            assert shown["type"] == "state" and shown["at"] == at + 1
        assert record(client, table_id) == after
        for wrong in (-1, True, 1.5, "1", [1]):
            ws.send_json({"type": "act", "action": action, "at": wrong})
            refused = until(ws, lambda m: m["type"] in ("state", "error"))
            assert refused["type"] == "error" and refused["kind"] == "bad_at", wrong
        assert record(client, table_id) == after

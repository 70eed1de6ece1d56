"""The score counter's pages and API, the rules pages' worked examples and the ranking tool."""

from __future__ import annotations

import itertools
import random
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from belot.calc import calc_deal, calc_sheet
from belot.engine.cards import Card, Suit
from belot.engine.contracts import Contract
from belot.engine.rules import PRESETS
from belot.engine.tricks import winner_position
from belot.web.scorecounter import create_app, examples
from belot.web.scorecounter.ranking import ComparisonError, compare_cards

with warnings.catch_warnings():  # starlette's notice about httpx
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def deal(
    contract: str, declarers: str, ns: int | None, ew: int | None = None, **more: Any
) -> dict[str, Any]:
    points: dict[str, dict[str, int]] = {"NS": {}, "EW": {}}
    if ns is not None:
        points["NS"]["cards"] = ns
    if ew is not None:
        points["EW"]["cards"] = ew
    for key in ("declarations", "belot"):
        for team in ("NS", "EW"):
            value = more.pop(f"{team.lower()}_{key}", None)
            if value is not None:
                points[team][key] = value
    return {"contract": contract, "declarers": declarers, "points": points, **more}


SHEET = [
    deal("spades", "NS", 98, ns_declarations=20, ns_belot=20),
    deal("hearts", "EW", 81, ew_declarations=0),  # hanging: 81 : 81
    deal("no-trumps", "NS", 140, double=2),
    deal("all-trumps", "EW", None, valat="EW"),
    deal("clubs", "NS", 60, ew_declarations=50),
]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path)) as test_client:
        yield test_client


@pytest.mark.parametrize(
    "url",
    ["/score", "/score/calc", "/cheatsheet", "/rules", "/rules/ranking"]
    + [f"/rules/{name}" for name in PRESETS],
)
def test_pages_load_no_external_assets(client: TestClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 200
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", response.text), url
    for asset in re.findall(r"""(?:src|href)="(/scorecounter/static/[^"]+)""", response.text):
        assert client.get(asset).status_code == 200, asset


def test_cheatsheet_pdf_route(client: TestClient) -> None:
    response = client.get("/cheatsheet.pdf")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def test_one_deal_is_calc_deal(client: TestClient) -> None:
    entry = deal("spades", "NS", 98, ns_declarations=20, ns_belot=20)
    answer = client.post("/api/score/deal", json=entry).json()
    assert answer == {"ok": True, "result": calc_deal(entry)}
    assert answer["result"]["written"] == {"NS": 14, "EW": 6}


def test_impossible_fields_are_each_explained(client: TestClient) -> None:
    entry = deal("no-trumps", "NS", "abc", ns_declarations=25, ns_belot=20)  # type: ignore[arg-type]
    answer = client.post("/api/score/deal", json=entry).json()
    assert not answer["ok"]
    fields = {e["field"]: e["message"] for e in answer["errors"]}
    assert set(fields) == {"points.NS.cards", "points.NS.declarations", "points.NS.belot"}
    assert "whole number" in fields["points.NS.cards"]
    assert "multiple of 10" in fields["points.NS.declarations"]
    assert "no belot in no-trumps" in fields["points.NS.belot"]


def test_card_points_must_add_up(client: TestClient) -> None:
    answer = client.post("/api/score/deal", json=deal("spades", "NS", 100, 64)).json()
    assert answer["errors"] == [
        {
            "field": "points",
            "message": "card points 100 + 64 = 164, but a suit deal has 162",
            "code": "card_sum",
            "values": {"ns": 100, "ew": 64, "sum": 164, "total": 162},
        }
    ]


def test_sheet_is_saved_shared_edited_and_rescored(client: TestClient, tmp_path: Path) -> None:
    answer = client.post("/api/score/sheets", json={"deals": SHEET[:3]}).json()
    assert answer["ok"], answer
    sheet_id, token = answer["id"], answer["edit"]
    assert answer["version"] == 1
    assert answer["result"] == calc_sheet(SHEET[:3])
    assert answer["result"]["deals"][1]["outcome"] == "hanging"
    # The link shows the saved deals.
    page = client.get(f"/score/{sheet_id}")
    assert page.status_code == 200 and '"contract": "no-trumps"' in page.text
    # Edit deal 2 and remove deal 1: everything recomputes.
    edited = [SHEET[1] | {"declarers": "NS"}, SHEET[2], *SHEET[3:]]
    body = {"deals": edited, "version": 1, "edit": token}
    answer = client.put(f"/api/score/sheets/{sheet_id}", json=body).json()
    assert answer["ok"] and answer["result"] == calc_sheet(edited)
    assert answer["version"] == 2
    # Saved: a fresh app on the same folder (a server restart) serves the edited sheet.
    with TestClient(create_app(tmp_path)) as again:
        stored = again.get(f"/api/score/sheets/{sheet_id}").json()
    assert stored["deals"] == edited and stored["result"] == calc_sheet(edited)


def test_bad_sheet_is_refused_and_not_saved(client: TestClient) -> None:
    created = client.post("/api/score/sheets", json={"deals": SHEET[:2]}).json()
    sheet_id = created["id"]
    bad = [SHEET[0], deal("spades", "NS", 170)]
    body = {"deals": bad, "version": 1, "edit": created["edit"]}
    answer = client.put(f"/api/score/sheets/{sheet_id}", json=body).json()
    assert not answer["ok"]
    assert answer["errors"][0]["deal"] == 1
    assert answer["errors"][0]["field"] == "points.NS.cards"
    assert client.get(f"/api/score/sheets/{sheet_id}").json()["deals"] == SHEET[:2]


def test_no_deal_after_the_game_is_won(client: TestClient) -> None:
    big = deal("all-trumps", "NS", 258, ns_declarations=200)  # 458 → 46 a deal, no valat flag
    answer = client.post("/api/score/sheet", json={"deals": [big] * 5}).json()
    assert not answer["ok"]
    assert answer["errors"][0]["deal"] == 4
    assert "already won" in answer["errors"][0]["message"]
    won = client.post("/api/score/sheet", json={"deals": [big] * 4}).json()
    assert won["result"]["winner"] == "NS"


def test_unknown_sheet_and_bad_bodies(client: TestClient) -> None:
    assert client.get("/score/nosuchsheet").status_code == 404
    assert client.get("/api/score/sheets/nosuchsheet").status_code == 404
    assert client.put("/api/score/sheets/nosuchsheet", json={"deals": []}).status_code == 404
    answer = client.post("/api/score/sheet", content=b"{not json").json()
    assert not answer["ok"] and "JSON" in answer["errors"][0]["message"]
    answer = client.post("/api/score/sheet", json={"deals": "x"}).json()
    assert not answer["ok"]


# --- worked examples ----------------------------------------------------------------------


def test_every_variant_with_examples_is_a_preset() -> None:
    assert "bulgarian" in examples.variants()
    assert set(examples.variants()) <= set(PRESETS)


@pytest.mark.parametrize("example", examples.load("bulgarian"), ids=lambda e: e.id)
def test_worked_example_replays(example: examples.Example) -> None:
    played = example.replay()  # every action through the engine; the stored result is checked
    assert played.is_over and played.result is not None
    described = examples.describe(played)
    for key, value in example.expect.items():
        if key == "valat":
            assert (described["valat"] is not None) == value
        else:
            assert described[key] == value, key
    # Typing the deal's points into the score counter gives what the engine wrote.
    assert described["calc"]["written"] == described["written"]
    assert described["calc"]["raw"] == described["raw"]
    assert sum(t["points"] for t in described["tricks"]) == sum(described["card_points"].values())


def test_examples_cover_the_lessons() -> None:
    outcomes = {examples.describe(e.replay())["outcome"] for e in examples.load("bulgarian")}
    assert outcomes == {"made", "inside", "hanging"}
    contracts = {e.record["result"]["contract"] for e in examples.load("bulgarian")}
    assert {"no-trumps", "all-trumps"} <= contracts


def test_scoring_examples_follow_the_rules() -> None:
    """RULES.md's and seed 000's numbers, as the rules page shows them."""
    written = [
        (e["result"]["written"]["NS"], e["result"]["written"]["EW"], e["result"]["hanging"])
        for e in examples.scoring_examples()
    ]
    assert written == [
        (14, 6, 0),
        (40, 0, 0),
        (0, 16, 0),
        (9, 7, 0),
        (13, 13, 0),
        (0, 10, 11),
        (0, 25, 0),
    ]


def test_rules_page_shows_the_replayed_examples(client: TestClient) -> None:
    text = client.get("/rules/bulgarian").text
    for example in examples.load("bulgarian"):
        written = example.record["result"]["written"]
        assert example.title in text
        assert f"NS {written['NS']}, EW {written['EW']}</strong>" in text


# --- the ranking tool ---------------------------------------------------------------------


def cards(text: str) -> list[Card]:
    return [Card.from_str(t) for t in text.split()]


def test_trump_beats_the_suit_led() -> None:
    result = compare_cards(Contract.HEARTS, Suit.CLUBS, cards("AC 10C 7H JD"))
    assert result["winner"] == "7H"
    why = {r["card"]: r["why"] for r in result["reasons"]}
    assert why["JD"].startswith("cannot win")
    assert why["AC"] == "loses: 7♥ is a trump"


def test_highest_of_the_suit_led_wins() -> None:
    assert compare_cards(Contract.ALL_TRUMPS, Suit.CLUBS, cards("AC 9C"))["winner"] == "9C"
    assert compare_cards(Contract.NO_TRUMPS, Suit.CLUBS, cards("9C AC JS"))["winner"] == "AC"


def test_ranking_agrees_with_the_engine() -> None:
    rng = random.Random(5)
    deck = [Card.from_index(i) for i in range(32)]
    for _ in range(300):
        contract = Contract(rng.randrange(6))
        picked = rng.sample(deck, rng.randint(2, 4))
        led = picked[0].suit
        result = compare_cards(contract, led, picked)
        assert result["winner"] == str(picked[winner_position([c.index for c in picked], contract)])


@pytest.mark.parametrize(
    ("picked", "message"),
    [
        ("AC", "two or more"),
        ("AC AC", "only once"),
        ("AD 7H", "suit led"),
        ("7C 8C 9C 10C JC", "four"),
    ],
)
def test_ranking_refuses(picked: str, message: str) -> None:
    with pytest.raises(ComparisonError, match=message):
        compare_cards(Contract.HEARTS, Suit.CLUBS, cards(picked))


def test_ranking_api(client: TestClient) -> None:
    body = {"contract": "spades", "led": "H", "cards": ["AH", "JS", "10H"]}
    answer = client.post("/api/rules/ranking", json=body).json()
    assert answer["ok"] and answer["result"]["winner"] == "JS"
    answer = client.post("/api/rules/ranking", json=body | {"contract": "nope"}).json()
    assert answer["errors"][0]["field"] == "contract"
    answer = client.post("/api/rules/ranking", json=body | {"cards": ["ZZ", "AH"]}).json()
    assert answer["errors"][0]["field"] == "cards"


def test_ranking_every_pair_of_a_suit_is_ordered() -> None:
    """For each contract, the cards of one suit are totally ordered as the rules list them."""
    trump = ["J", "9", "A", "10", "K", "Q", "8", "7"]
    plain = ["A", "10", "K", "Q", "J", "9", "8", "7"]
    for contract in Contract:
        order = trump if contract in (Contract.CLUBS, Contract.ALL_TRUMPS) else plain
        for high, low in itertools.combinations(order, 2):
            pair = [Card.from_str(low + "C"), Card.from_str(high + "C")]
            assert compare_cards(contract, Suit.CLUBS, pair)["winner"] == high + "C"


# --- mounted in the web app ---------------------------------------------------------------


def test_mounted_in_the_web_app(tmp_path: Path) -> None:
    app_module = pytest.importorskip("belot.web.app")
    store_module = pytest.importorskip("belot.web.store")
    store = store_module.Store(store_module.default_url(tmp_path))
    with TestClient(app_module.create_app(store)) as web:
        assert web.get("/score").status_code == 200
        answer = web.post("/api/score/sheets", json={"deals": SHEET[:1]}).json()
        assert answer["ok"]
        assert web.get(f"/score/{answer['id']}").status_code == 200
    assert (tmp_path / "belot.sqlite3").exists()  # sheets live in the web app's database


# --- versions, the read-only link and the edit link --------------------------------------------


def test_a_stale_edit_is_refused_with_the_current_sheet(client: TestClient) -> None:
    """Two people edit one sheet from version 1: the second is told, and gets what the first
    saved, instead of silently overwriting it."""
    created = client.post("/api/score/sheets", json={"deals": SHEET[:2]}).json()
    url, token = f"/api/score/sheets/{created['id']}", created["edit"]
    first = client.put(url, json={"deals": SHEET[:3], "version": 1, "edit": token})
    assert first.status_code == 200 and first.json()["version"] == 2
    second = client.put(url, json={"deals": SHEET[:1], "version": 1, "edit": token})
    assert second.status_code == 409
    answer = second.json()
    assert "someone else changed this sheet" in answer["error"]
    assert answer["current"]["version"] == 2 and answer["current"]["deals"] == SHEET[:3]
    assert answer["current"]["result"] == calc_sheet(SHEET[:3])
    assert client.get(url).json()["deals"] == SHEET[:3]  # the first edit is kept
    again = client.put(url, json={"deals": SHEET[:1], "version": 2, "edit": token})
    assert again.status_code == 200 and again.json()["version"] == 3


def test_the_shared_link_is_read_only(client: TestClient) -> None:
    created = client.post("/api/score/sheets", json={"deals": SHEET[:2]}).json()
    url = f"/api/score/sheets/{created['id']}"
    shown = client.get(url).json()
    assert "edit" not in shown and created["edit"] not in client.get(f"/score/{created['id']}").text
    for token in (None, "", "guess", created["id"], 5):
        body: dict[str, Any] = {"deals": SHEET[:1], "version": 1}
        if token is not None:
            body["edit"] = token
        reply = client.put(url, json=body)
        assert reply.status_code == 403, token
        assert "editing needs its edit link" in reply.json()["error"]
    assert client.get(url).json()["deals"] == SHEET[:2]
    body = {"deals": SHEET[:1], "version": 1, "edit": created["edit"]}
    assert client.put(url, json=body).status_code == 200


def test_an_edit_needs_the_version_it_is_based_on(client: TestClient) -> None:
    created = client.post("/api/score/sheets", json={"deals": SHEET[:2]}).json()
    url = f"/api/score/sheets/{created['id']}"
    for version in (None, "1", True, 1.0):
        body = {"deals": SHEET[:1], "version": version, "edit": created["edit"]}
        reply = client.put(url, json=body)
        assert reply.status_code == 400, version
        assert reply.json()["errors"][0]["field"] == "version"


@pytest.mark.parametrize(
    ("key", "value"),
    [("cards", 10**50), ("declarations", 5000), ("belot", 10**6), ("cards", 1e300)],
)
def test_numbers_out_of_range_are_refused_naming_the_field(
    client: TestClient, key: str, value: object
) -> None:
    entry = deal("all-trumps", "NS", 100)
    entry["points"]["EW"][key] = value
    reply = client.post("/api/score/sheet", json={"deals": [SHEET[0], entry]})
    assert reply.status_code == 400
    answer = reply.json()
    assert answer["errors"][0]["field"] == f"deals[1].points.EW.{key}"
    assert "is more than" in answer["error"]
    reply = client.post("/api/score/deal", json=entry)
    assert reply.status_code == 400 and reply.json()["errors"][0]["field"] == f"points.EW.{key}"


def test_two_edits_from_one_version_store_one(tmp_path: Path) -> None:
    """The store compares and writes in one step: of two edits based on version 1, one wins."""
    from belot.web.scorecounter.store import SheetStore

    store = SheetStore.in_folder(tmp_path)
    sheet_id, token = store.new_sheet(SHEET[:1])
    first, second = store.sheet(sheet_id), store.sheet(sheet_id)
    assert first is not None and second is not None and first.may_edit(token)
    assert not first.may_edit("guess") and not first.may_edit(None)
    saved = store.edit(first, SHEET[:2])
    assert saved is not None and saved.version == 2
    assert store.edit(second, SHEET[:3]) is None
    now = store.sheet(sheet_id)
    assert now is not None and now.deals == SHEET[:2] and now.version == 2
    assert now.may_edit(token)  # the token survives the edit


def test_a_sheet_saved_before_edit_links_stays_editable_by_its_link(
    client: TestClient, tmp_path: Path
) -> None:
    """Its only link was the one shared to edit it: it keeps working (version 0)."""
    from belot.web.scorecounter.store import SheetStore

    sheet_id = SheetStore.in_folder(tmp_path).create({"deals": SHEET[:1]})
    shown = client.get(f"/api/score/sheets/{sheet_id}").json()
    assert shown["version"] == 0
    reply = client.put(f"/api/score/sheets/{sheet_id}", json={"deals": SHEET[:2], "version": 0})
    assert reply.status_code == 200 and reply.json()["version"] == 1
    stale = client.put(f"/api/score/sheets/{sheet_id}", json={"deals": SHEET[:3], "version": 0})
    assert stale.status_code == 409

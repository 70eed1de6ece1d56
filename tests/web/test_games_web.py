"""Every game at the web table, through the API and the WebSocket protocol: a table of each game
is made, played to its end by bots and one person, and each view carries what the page draws for
that game (French Belote's turned card, Coinche's bid levels, Bela's hidden cards) and no card the
seat may not see."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from belot.engine import Rules, Seat
from belot.web import i18n
from belot.web.app import create_app
from belot.web.store import Store
from belot.web.tables import BELA_HIDDEN, SeatInfo, Table
from fake_levels import bulgarian_only

Message = dict[str, Any]
CARD = re.compile(r"\b(?:7|8|9|10|J|Q|K|A)[CDHS]\b")
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Store(f"sqlite:///{tmp_path / 'belot.sqlite3'}"), bot_delay=0)
    with TestClient(app) as test_client:
        yield test_client


def new_table(client: TestClient, game: str, target: int) -> dict[str, Any]:
    body = {
        "rules": {"preset": game, "options": {"target": target}},
        "seats": {"N": {"level": "basic"}, "E": {"level": "random"}, "W": {"level": "random"}},
        "hints": False,
    }
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 200, reply.text
    answer: dict[str, Any] = reply.json()
    return answer


def unseen_cards(view: Message) -> set[str]:
    """Cards the view names that the seat has no right to know of: not its own, not played,
    not the turned card (public), nor in a declaration shown to the table."""
    shown = {k: v for k, v in view.items() if k not in ("revealed", "announcements")}
    named = set(CARD.findall(json.dumps(shown)))
    played = {card for trick in view["tricks"] for _, card in trick["plays"]}
    return named - set(view["hand"]) - played - {view["turned"]}


def choose(view: Message, rng: random.Random) -> str:
    """The person's action: a bid or a take when there is one (so that deals are played), else
    any legal action."""
    legal: list[str] = view["legal"]
    if view["phase"] == "auction":
        bids = [a for a in legal if a not in ("pass", "contra", "recontra", "coinche")]
        if bids:
            return bids[0]
    return rng.choice(legal)


def play(client: TestClient, game: str, target: int) -> list[Message]:
    """Play a table of ``game`` to its end as South; returns every state South was sent."""
    answer = new_table(client, game, target)
    rng = random.Random(game)
    states: list[Message] = []
    acted: tuple[Any, ...] | None = None
    with client.websocket_connect(f"/ws/{answer['id']}?token={answer['token']}") as ws:
        for _ in range(20_000):
            message: Message = ws.receive_json()
            assert message["type"] != "error", message
            if message["type"] != "state":
                continue
            states.append(message)
            if message["table"]["over"]:
                return states
            view = message["view"]
            key = (
                message["deal_number"],
                view and view["phase"],
                view and len(view["calls"]),
                view and sum(len(t["plays"]) for t in view["tricks"]),
                view and view["cut"],
                view and view["declared"],
            )
            if key == acted:
                continue
            if message["waiting_for_next"]:
                ws.send_json({"type": "next"})
                acted = key
            elif view and view["legal"]:
                ws.send_json({"type": "act", "action": choose(view, rng)})
                acted = key
    raise AssertionError(f"the {game} table never ended")


@pytest.mark.parametrize("game", ["french", "coinche", "bela", "bulgarian"])
def test_a_table_of_each_game_is_played_to_its_end_and_shows_no_hidden_card(
    client: TestClient, game: str
) -> None:
    states = play(client, game, 300)
    last = states[-1]
    assert last["table"]["rules"]["preset"] == game
    assert last["table"]["winner"] in ("NS", "EW")
    totals = last["table"]["sheet"]["totals"]
    assert max(totals.values()) >= 300 and totals["NS"] != totals["EW"]
    for state in states:
        view = state["view"]
        if view is None:
            continue
        assert view["game"] == game
        assert unseen_cards(view) == set(), (view["phase"], view["hand"])
        if view["result"] is None:  # every hand is shown once the deal is over, not before
            assert view["revealed"] is None


def test_french_belote_shows_the_turned_card_and_its_two_rounds(client: TestClient) -> None:
    states = play(client, "french", 200)
    auctions = [s["view"] for s in states if s["view"] and s["view"]["phase"] == "auction"]
    assert auctions
    rounds = set()
    for view in auctions:
        turned = view["turned"]
        assert turned is not None and turned not in view["hand"]
        assert len(view["hand"]) == 5 and view["hand_sizes"] == [5, 5, 5, 5]
        rounds.add(view["auction_round"])
        suit = SUITS[turned[-1]]
        bids = {a for a in view["legal"] if a != "pass"}
        if view["auction_round"] == 1 and view["legal"]:
            assert bids == {suit}
        elif view["legal"]:
            assert bids == set(SUITS.values()) - {suit}
    assert rounds <= {1, 2} and 1 in rounds
    # The taker picks the turned card up: South's hand holds it once South took, and every
    # finished deal shows it among the taker's cards.
    ended = 0
    for state in states:
        then = state["view"]
        if then and then["bidder"] == "S" and then["phase"] == "play" and not then["tricks"]:
            assert then["turned"] in then["hand"] and len(then["hand"]) == 8
        if then and then["revealed"] and then["bidder"]:
            assert then["turned"] in then["revealed"][then["bidder"]]
            ended += 1
    assert ended
    played = [s["view"] for s in states if s["view"] and s["view"]["contract"]]
    assert all(v["turned"] for v in played) and all(v["bid_level"] is None for v in played)


def test_coinche_carries_the_bid_levels_and_who_doubled(client: TestClient) -> None:
    # A coinche said before South's first turn ends the auction without South, and one deal
    # can pass the target: a few tables, until South was asked.
    for _ in range(6):
        states = play(client, "coinche", 300)
        asked = [s["view"] for s in states if s["view"] and s["view"]["phase"] == "auction"]
        asked = [v for v in asked if v["legal"]]
        if asked:
            break
    assert asked
    for view in asked:  # every bid above the last one, with each suit, and capot
        assert view["hand_sizes"] == [8, 8, 8, 8]
        bids = [c for _, c in view["calls"] if c[-1] in "CDHS"]
        if not bids:
            wanted = {
                f"{level}{suit}" for level in (*range(80, 161, 10), "capot") for suit in "CDHS"
            }
            assert wanted <= set(view["legal"])
    contracts = [s["view"] for s in states if s["view"] and s["view"]["contract"]]
    assert contracts
    for view in contracts:
        assert view["bid_level"] in (*range(80, 161, 10), 250)
        assert view["capot"] == (view["bid_level"] == 250)
        words = [word for _, word in view["doubled_by"]]
        assert words in ([], ["coinche"], ["coinche", "surcoinche"])
        assert view["double"] == {0: 1, 1: 2, 2: 4}[len(words)]
        assert view["turned"] is None and view["hidden_cards"] == 0
    rows = states[-1]["table"]["sheet"]["rows"]
    assert rows and all(row["level"] in (*range(80, 161, 10), 250) for row in rows)
    record = client.get(f"/api/tables/{states[-1]['table']['id']}/record").json()
    levels = [deal["level"] for deal in record["deals"] if deal["contract"]]
    assert levels == [row["level"] for row in rows]


def test_bela_hides_two_cards_until_trumps_are_named(client: TestClient) -> None:
    states = play(client, "bela", 300)
    auctions = [s["view"] for s in states if s["view"] and s["view"]["phase"] == "auction"]
    assert auctions
    for view in auctions:
        assert len(view["hand"]) == 6 and view["hand_sizes"] == [6, 6, 6, 6]
        assert view["hidden_cards"] == BELA_HIDDEN
    named = [s["view"] for s in states if s["view"] and s["view"]["phase"] == "play"]
    assert named and all(v["hidden_cards"] == 0 for v in named)
    assert all(len(v["hand"]) == 8 for v in named if not v["tricks"])


def test_a_spectator_of_bela_sees_the_hidden_backs_and_no_card() -> None:
    table = Table.new("T", Rules.bela(), [SeatInfo() for _ in Seat], master=8)
    table.act(table.deal.turn, "cut:12")  # type: ignore[arg-type]
    view = table.view_json(None)
    assert view is not None and view["phase"] == "auction"
    assert view["hand"] == [] and view["legal"] == [] and view["hidden_cards"] == BELA_HIDDEN
    assert view["hand_sizes"] == [6, 6, 6, 6] and unseen_cards(view) == set()


@pytest.mark.parametrize("game", ["french", "coinche", "bela"])
def test_a_bot_level_that_does_not_play_the_game_is_refused_by_its_field(
    client: TestClient, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    level = bulgarian_only(monkeypatch)
    body = {"rules": {"preset": game}, "seats": {"E": {"level": level}}}
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 400
    error = reply.json()["error"]
    assert error.startswith(f"seats.E.level: the {level} level does not play {game}"), error
    assert "random" in error and "basic" in error and "strong" in error
    assert Rules.from_dict({"preset": game}).preset == game
    ok = client.post("/api/tables", json={"rules": {"preset": "bulgarian"}, "seats": body["seats"]})
    assert ok.status_code == 200


def test_the_home_page_says_which_games_each_level_plays(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    level = bulgarian_only(monkeypatch)
    page = client.get("/").text
    assert f'<option value="{level}" data-games="bulgarian">' in page
    assert 'value="strong" data-games="bulgarian french coinche bela"' in page


def test_the_bela_dealer_is_offered_no_pass_after_three_passes() -> None:
    table = Table.new("T", Rules.bela(), [SeatInfo() for _ in Seat], master=5)
    table.act(table.deal.turn, "cut:9")  # type: ignore[arg-type]
    for _ in range(3):
        seat = table.to_act
        assert seat is not None and seat != table.deal.dealer
        assert "pass" in (table.view_json(seat) or {})["legal"]
        table.act(seat, "pass")
    dealer = table.deal.dealer
    assert table.to_act == dealer
    view = table.view_json(dealer)
    assert view is not None and view["hidden_cards"] == BELA_HIDDEN and len(view["hand"]) == 6
    assert sorted(view["legal"]) == sorted(SUITS.values())
    table.act(dealer, "hearts")
    after = table.view_json(dealer)
    assert after is not None and after["hidden_cards"] == 0 and len(after["hand"]) == 8
    assert set(view["hand"]) < set(after["hand"])


def test_the_home_page_offers_the_four_games_in_both_languages(client: TestClient) -> None:
    english = client.get("/?lang=en").text
    bulgarian = client.get("/?lang=bg").text
    for game in ("bulgarian", "french", "coinche", "bela"):
        assert f'<option value="{game}"' in english
        assert f'class="game-options" data-game="{game}"' in english
    for name in ("Bulgarian Belot", "French Belote", "Coinche", "Bela (Croatian)"):
        assert name in english
    for name in ("Български белот", "Френски белот", "Коанш", "Бела (хърватска)"):
        assert name in bulgarian


def test_the_home_page_marks_each_bot_level_with_the_games_it_plays() -> None:
    """Given ``level_games`` (level -> its games, None for every game), the page's level choices
    carry them, for the page to offer only the levels that play the chosen game."""
    from belot.web.app import _env

    page = _env.get_template("index.html").render(
        lang="en",
        t=i18n.texts("en"),
        texts_json="{}",
        levels=["random", "strong"],
        default_level="random",
        level_games={"random": None, "strong": ["bulgarian"]},
        extras=False,
    )
    assert '<option value="strong" data-games="bulgarian">' in page
    assert '<option value="random" selected>' in page

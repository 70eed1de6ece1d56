"""``benchmarks/belote_cli_duel.py``: a seat of belote-cli's is told what the seat has seen and
no more, its answers become our engine's actions, and a card our engine refuses stops the run;
``benchmarks/belote_cli_speed.py``'s rules check reads belote-cli's plays as our engine's.

belote-cli itself is not installed here: a stand-in for its child process records each request
and answers with a legal action."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from belote_cli_duel import RULES, BeloteCli, BeloteCliBot
from belote_cli_speed import legal_differ

from belot.bots import make
from belot.bots.arena import duel_deal
from belot.engine.actions import CallKind, Play
from belot.engine.deal import Deal, Phase
from belot.engine.table import Seat
from belot.engine.view import SeatView


class _StandIn(BeloteCli):
    """Answers as belote-cli's child would: the turned suit taken by the first seat asked, and
    each time the first legal card (``legal``, set before each card)."""

    def __init__(self, illegal: bool = False) -> None:
        self._players = 0
        self.requests: list[dict[str, Any]] = []
        self.legal: list[str] = []
        self.illegal = illegal

    def ask(self, **request: Any) -> dict[str, Any]:
        self.requests.append(request)
        if request["op"] == "new":
            return {}
        if request["op"] == "call":
            take = not request["calls"]
            return {"call": request["turned"][-1] if take else None, "cpu": 0.001}
        hand = request["hand"]
        card = next(c for c in hand if (c not in self.legal) == self.illegal)
        return {"card": card, "cpu": 0.001}


def _play(deal: Deal, child: _StandIn) -> list[tuple[SeatView, dict[str, Any]]]:
    bots = [BeloteCliBot(child, s, "hard", 200 + s) for s in range(4)]
    asked = []
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        view = deal.view(seat)
        child.legal = [str(a.card) for a in view.legal if isinstance(a, Play)]
        before = len(child.requests)
        deal.push(bots[seat].act(view))
        asked += [(view, r) for r in child.requests[before:]]
    return asked


def test_each_request_holds_what_the_seat_has_seen() -> None:
    child = _StandIn()
    deal = duel_deal(RULES, 5, 3)
    asked = _play(deal, child)
    assert deal.result is not None and deal.contract is not None
    # The first seat asked took the turned suit; everyone else passed or played.
    first = next(a for a in deal.calls if a[1].kind is not CallKind.PASS)
    assert first[0] == deal.bidder
    kinds = {r["op"] for _, r in asked}
    assert kinds == {"call", "card"}
    for view, request in asked:
        assert request["seat"] == int(view.seat)
        assert request["hand"] == [str(c) for c in view.hand]
        named = set(request["hand"])
        if request["op"] == "call":
            assert request["turned"] == str(view.turned)
            assert len(request["calls"]) == len(view.calls)
        else:
            assert request["taker"] == int(deal.bidder)
            assert request["trick"] == [(int(s), str(c)) for s, c in view.current_trick]
            assert len(request["tricks"]) == len(view.completed_tricks)
            named |= {c for _, c in request["trick"]}
            named |= {c for trick in request["tricks"] for _, c in trick}
        # Nothing of another seat's hand that the seat has not seen played.
        seen = {str(c) for c in view.hand} | {str(c) for c in view.played_cards}
        assert named <= seen


def test_a_card_our_engine_refuses_stops_the_run() -> None:
    deal = duel_deal(RULES, 5, 3)
    basic = [make("basic", seed=s) for s in range(4)]
    # Played on until a seat must follow suit: it is then answered with a card of another suit.
    while True:
        seat = deal.turn
        assert seat is not None
        view = deal.view(seat)
        cards = [a for a in view.legal if isinstance(a, Play)]
        if deal.phase is Phase.PLAY and cards and len(cards) < len(view.hand):
            break
        deal.push(basic[seat].act(view))
    child = _StandIn(illegal=True)
    child.legal = [str(a.card) for a in cards]
    with pytest.raises(SystemExit, match="our engine refuses"):
        BeloteCliBot(child, int(seat), "hard", 1).act(view)


def test_the_rules_check_reads_a_walk_as_our_engine_plays_it() -> None:
    # A walk written as belote-cli's child writes it, from a deal of our own: no position differs,
    # and one legal set written wrong is one that differs.
    deal = duel_deal(RULES, 7, 0)
    basic = [make("basic", seed=s) for s in range(4)]
    while deal.phase is not Phase.PLAY:
        seat = deal.turn
        assert seat is not None
        deal.push(basic[seat].act(deal.view(seat)))
    assert deal.contract is not None
    walk: dict[str, Any] = {
        "hands": [[str(c) for c in deal.view(s).hand] for s in Seat],
        "trump": "CDHS"[int(deal.contract)],
        "plays": [],
    }
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        action = basic[seat].act(deal.view(seat))
        if isinstance(action, Play):
            legal = [str(c) for c in deal.legal_cards()]
            walk["plays"].append([int(seat), legal, str(action.card)])
        deal.push(action)
    assert legal_differ([walk]) == (0, 32)
    # One position with a choice told as if only the card played were legal.
    n = next(n for n, (_, legal, _) in enumerate(walk["plays"]) if len(legal) > 1)
    walk["plays"][n][1] = [walk["plays"][n][2]]
    assert legal_differ([walk]) == (1, 32)


def test_a_call_our_engine_refuses_stops_the_run() -> None:
    # In the first round only the turned card's suit may be taken: another suit is refused.
    deal = duel_deal(RULES, 5, 3)
    seat = deal.turn
    assert seat is not None and deal.phase is Phase.AUCTION
    view = deal.view(seat)
    assert view.turned is not None
    other = next(letter for letter in "CDHS" if letter != str(view.turned)[-1])

    class _OtherSuit(_StandIn):
        def ask(self, **request: Any) -> dict[str, Any]:
            return {} if request["op"] == "new" else {"call": other, "cpu": 0.0}

    with pytest.raises(SystemExit, match="our engine refuses"):
        BeloteCliBot(_OtherSuit(), int(seat), "hard", 1).act(view)

"""The deal explained at its end: each team's card points (with who took the last trick), the
declarations that scored, belots, any valat's bonus, the total and the written points, in
Chromium against the server; and the view's ``scored`` field it is drawn from."""

from __future__ import annotations

import random
from collections.abc import Callable

# The browser tests' server, browser and page fixtures and their helpers (skipped, saying why,
# where Chromium is missing).
import test_browser as browser_tests

from belot.engine import Deal, Rules, Seat
from belot.web.tables import game_view, scored_of

server = browser_tests.server
browser = browser_tests.browser
new_page = browser_tests.new_page

#: Card points of a whole deal, the last trick with them: a suit, all trumps, no trumps
#: (doubled, the last trick 20 or 10).
DEAL_CARD_POINTS = {162, 258, 260, 250}


def cells(page: browser_tests.Page, kind: str) -> list[str]:
    return [c.inner_text() for c in page.query_selector_all(f"#deal-explained .why-{kind} td")]


def test_the_end_of_a_deal_explains_its_points(
    server: browser_tests.Server, new_page: Callable[..., browser_tests.Page]
) -> None:
    page = new_page()
    browser_tests.create_table(page, server)

    def scored() -> bool:  # a deal played to its score (one all passed is followed by the next)
        if browser_tests.panel_kind(page) != "deal-over":
            return False
        if page.query_selector("#deal-explained"):
            return True
        browser_tests.click(page, "#next-deal")
        return False

    browser_tests.play_until(page, scored, seconds=60)
    cards = [int(x) for x in cells(page, "cards")]
    assert sum(cards) in DEAL_CARD_POINTS
    label = page.inner_text("#deal-explained .why-cards th")
    assert "last trick +" in label
    seat = label.rsplit(": ", 1)[1].rstrip(")")
    assert seat in ("North", "East", "South", "West")
    declared = [int(x.rsplit("= ", 1)[-1]) for x in cells(page, "declarations")]
    belots = [int(x) for x in cells(page, "belots")]
    assert all(b % 20 == 0 for b in belots)
    bonus = [int(x) for x in cells(page, "bonus")] or [0, 0]
    total = [int(x) for x in cells(page, "total")]
    parts = zip(cards, declared, belots, bonus, strict=True)
    assert total == [c + d + b + v for c, d, b, v in parts]
    written = [int(x) for x in cells(page, "written")]
    assert written == [int(page.inner_text("#total-ns")), int(page.inner_text("#total-ew"))]
    assert "÷10" in page.inner_text("#how-written")
    assert page.is_visible("#next-deal")
    assert not page.errors


def test_the_view_of_a_finished_deal_carries_the_declarations_that_scored() -> None:
    rng = random.Random(7)
    for seed in range(40):
        deal = Deal(Rules.bulgarian(), dealer=Seat.N, seed=seed)
        while not deal.is_over:
            deal.push(rng.choice(list(deal.legal_actions())))
        if deal.result is None:  # all passed
            assert scored_of(deal) is None
            continue
        data = game_view(deal, deal.view(Seat.N).to_json())
        scored = data["scored"]
        assert scored == scored_of(deal)
        for team, declared in zip(("NS", "EW"), deal.scored_declarations(), strict=True):
            assert [d["cards"] for d in scored["declarations"][team]] == [str(d) for d in declared]
        if deal.result.valat is None:
            for i, team in enumerate(("NS", "EW")):
                belots = 20 * sum(1 for s, _ in deal.belots if s & 1 == i)
                points = sum(d["points"] for d in scored["declarations"][team])
                assert deal.card_points[i] + points + belots == deal.result.raw[i]


def test_a_french_deal_inside_is_noted_dedans() -> None:
    rng = random.Random(3)
    outcomes = set()
    for seed in range(60):
        deal = Deal(Rules.french(), dealer=Seat.N, seed=seed)
        while not deal.is_over:
            deal.push(rng.choice(list(deal.legal_actions())))
        scored = scored_of(deal)
        if scored is None:
            continue
        assert deal.result is not None
        outcomes.add(deal.result.outcome.value)
        assert ("dedans" in scored["notes"]) == (deal.result.outcome.value == "inside")
    assert outcomes == {"made", "inside"}

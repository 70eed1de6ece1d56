"""The strong bot: its world sampling is consistent with what the seat saw, and it decides
deterministically."""

from __future__ import annotations

import itertools
import random
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from belot.bots import Bot, bidding, expert, make
from belot.bots import strong as strong_module
from belot.bots.base import Thought
from belot.bots.basic import BasicBot
from belot.bots.inference import PlayModel
from belot.bots.sampling import Constraints, deal_hidden, dealt_world, weight
from belot.bots.solver import Position, Solver
from belot.bots.strong import StrongBot, estimate_cards, shared_solver
from belot.engine.actions import Cut, Play, parse_action
from belot.engine.cards import Card
from belot.engine.deal import Deal, Phase
from belot.engine.rules import Rules
from belot.engine.table import Seat
from belot.engine.tricks import legal_mask
from belot.engine.view import SeatView


def _new_deals(name: str) -> Iterator[tuple[Deal, Bot]]:
    """New deals seeded ``name``-1, -2, ... (each seat deals in turn), each with a basic bot."""
    for number in itertools.count(1):
        yield Deal.new(seed=f"{name}-{number}", dealer=Seat(number % 4)), make("basic", seed=number)


def _play_positions(count: int, seed: int) -> list[Deal]:
    """Deals in their play phase at random points (basic's calls, then random cards)."""
    rng = random.Random(seed)
    out: list[Deal] = []
    deals = _new_deals(f"strong-{seed}")
    while len(out) < count:
        deal, basic = next(deals)
        while not deal.is_over and deal.phase is not Phase.PLAY:
            assert deal.turn is not None
            deal.push(basic.act(deal.view(deal.turn)))
        if deal.is_over:
            continue
        stop = rng.randrange(0, 31)
        while not deal.is_over and len(deal.history) < stop + 8:
            deal.push(rng.choice(deal.legal_actions()))
        if not deal.is_over:
            out.append(deal)
    return out


def _replays_legally(deal: Deal, seat: Seat, hands: tuple[int, int, int, int]) -> bool:
    """Whether every card played so far was legal had the others held ``hands`` (plus the cards
    they played since)."""
    held = list(hands)
    held[seat] = deal.hand_mask(seat)
    plays = [(s, c.index) for t in deal.tricks for s, c in t.plays]
    for s, c in plays:
        held[s] |= 1 << c
    assert deal.contract is not None
    for start in range(0, len(plays), 4):
        cards: list[int] = []
        for s, c in plays[start : start + 4]:
            mask = legal_mask(held[s], cards, deal.contract, deal.rules.forced_undertrump)
            if not mask >> c & 1:
                return False
            held[s] &= ~(1 << c)
            cards.append(c)
    return True


def test_the_real_hands_satisfy_the_constraints() -> None:
    for deal in _play_positions(60, seed=1):
        seat = deal.turn
        assert seat is not None
        known = Constraints.of(deal.view(seat))
        for other in Seat:
            if other == seat:
                continue
            hand = deal.hand_mask(other)
            assert known.must[other] & ~hand == 0, (deal.actions, other)
            assert known.cannot[other] & hand == 0, (deal.actions, other)
            assert hand & ~known.unseen == 0


def test_sampled_worlds_fit_everything_seen() -> None:
    rng = random.Random(3)
    constrained = 0
    for deal in _play_positions(40, seed=2):
        seat = deal.turn
        assert seat is not None
        view = deal.view(seat)
        known = Constraints.of(view)
        constrained += any(known.cannot) or any(known.must)
        for _ in range(5):
            hands = deal_hidden(known, rng)
            assert hands[seat] == 0
            for other in Seat:
                if other != seat:
                    assert hands[other].bit_count() == deal.hand_mask(other).bit_count()
                    assert hands[other] & known.cannot[other] == 0
                    assert hands[other] & known.must[other] == known.must[other]
            assert sum(hands) == known.unseen
            assert _replays_legally(deal, seat, hands)
            assert weight(view, hands) > 0
    assert constrained > 10  # the positions did show voids and belots


def test_a_void_is_inferred() -> None:
    """A seat that did not follow suit holds none of it in any sampled world."""
    rng = random.Random(5)
    found = 0
    for deal in _play_positions(80, seed=4):
        seat = deal.turn
        assert seat is not None
        for trick in deal.tricks:
            led = trick.plays[0][1].suit
            for other, card in trick.plays[1:]:
                if other != seat and card.suit != led:
                    found += 1
                    hands = deal_hidden(Constraints.of(deal.view(seat)), rng)
                    assert hands[other] & (0xFF << (8 * led)) == 0
    assert found > 5


def test_estimates_cover_every_legal_card() -> None:
    rng = random.Random(8)
    for deal in _play_positions(6, seed=6):
        seat = deal.turn
        assert seat is not None
        view = deal.view(seat)
        plays = {a.card for a in view.legal if isinstance(a, Play)}
        if len(plays) < 2:
            continue
        estimates = estimate_cards(view, rng, think=0.05)
        assert {e.card for e in estimates} == plays
        assert all(e.worlds >= 1 for e in estimates)
        assert [e.points for e in estimates] == sorted((e.points for e in estimates), reverse=True)


def test_early_values_are_exact_as_to_the_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    # In the first two tricks (values within a tolerance), each world is solved with the card
    # points at which its outcome changes in kind as pivots; later (exact values) with none.
    seen: list[tuple[int, tuple[int, ...]]] = []
    solve = Solver.try_solve_cards

    def spy(
        self: Solver, position: Position, limit: int, tolerance: int = 0, pivots: Any = ()
    ) -> dict[Card, int] | None:
        seen.append((tolerance, tuple(pivots)))
        return solve(self, position, limit, tolerance, pivots)

    monkeypatch.setattr(Solver, "try_solve_cards", spy)
    views = [d.view(d.turn) for d in _play_positions(12, seed=15) if d.turn is not None]
    views = [v for v in views if sum(isinstance(a, Play) for a in v.legal) > 1]
    for view in views:
        estimate_cards(view, random.Random(3), think=0.02, game_points=True)
    early = [pivots for tolerance, pivots in seen if tolerance]
    assert early and all(len(p) == 4 and p[0] == 1 for p in early)
    assert all(not pivots for tolerance, pivots in seen if not tolerance)
    seen.clear()
    monkeypatch.setattr(strong_module, "EXACT_OUTCOMES", False)
    for view in views:
        estimate_cards(view, random.Random(3), think=0.02, game_points=True)
    assert any(tolerance for tolerance, _ in seen)
    assert all(not pivots for _, pivots in seen)


def test_the_play_inference_weighs_the_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    # Off (None) and a miss weight of 1 weigh alike; a small one changes some estimates.
    changed = 0
    for deal in _play_positions(8, seed=12):
        seat = deal.turn
        assert seat is not None
        view = deal.view(seat)
        if sum(isinstance(a, Play) for a in view.legal) < 2 or not view.tricks:
            continue
        estimates = []
        for miss in (None, 1.0, 0.01):
            games = ("bulgarian", "french", "coinche", "bela")
            monkeypatch.setattr(strong_module, "PLAY_INFERENCE", dict.fromkeys(games, miss))
            estimates.append(estimate_cards(view, random.Random(3), think=0.02))
        off, neutral, on = estimates
        assert neutral == off
        changed += on != off
    assert changed >= 2


def test_the_later_tricks_read_the_plays_at_their_own_weight(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # From the third trick on (fewer than EARLY_CARDS cards in hand) a world weighs
    # LATE_PLAY_INFERENCE's miss for each of the other team's plays `basic` would not have made;
    # before it, PLAY_INFERENCE's.
    games = ("bulgarian", "french", "coinche", "bela")
    monkeypatch.setattr(strong_module, "PLAY_INFERENCE", dict.fromkeys(games, 0.5))
    monkeypatch.setattr(strong_module, "LATE_PLAY_INFERENCE", dict.fromkeys(games, 0.1))
    rng = random.Random(5)
    read = {True: 0, False: 0}
    for deal in _play_positions(24, seed=13):
        seat = deal.turn
        assert seat is not None
        view = deal.view(seat)
        late = len(view.hand) < strong_module.EARLY_CARDS
        plays = strong_module.WorldWeight.of(view).plays
        assert plays is not None
        model = PlayModel(view, 0.1 if late else 0.5)
        for _ in range(4):
            world = dealt_world(Constraints.of(view), deal.hand_mask(seat), rng)
            assert plays.weight(world) == model.weight(world)
            read[late] += plays.weight(world) < 1.0
    assert read[True] and read[False]


def _second_trick_views(game: str, count: int) -> list[SeatView]:
    """Views of ``game`` in its second trick with a choice of card (basic's calls and first
    trick, then random cards), the seat to play's."""
    rng = random.Random(31)
    views: list[SeatView] = []
    number = 0
    while len(views) < count:
        number += 1
        deal = Deal.new(
            Rules.from_dict({"preset": game}), seed=f"candidates-{number}", dealer=Seat(number % 4)
        )
        basic = make("basic", seed=number)
        while not deal.is_over and (deal.phase is not Phase.PLAY or deal.trick_number < 1):
            assert deal.turn is not None
            deal.push(basic.act(deal.view(deal.turn)))
        for _ in range(rng.randrange(4)):
            if deal.is_over:
                break
            deal.push(rng.choice(deal.legal_actions()))
        if deal.is_over or deal.trick_number != 1 or deal.turn is None:
            continue
        view = deal.view(deal.turn)
        if sum(isinstance(a, Play) for a in view.legal) > 1:
            views.append(view)
    return views


def test_a_world_drawn_from_candidates_agrees_with_the_plays() -> None:
    # With a play the model rules out weighing 0, a world drawn from candidates is one of them
    # that the model allows whenever a candidate was, and counts the candidates' mean weight.
    drawn = 0
    for view in _second_trick_views("french", 6):
        model = PlayModel(view, 0.0)
        constraints = Constraints.of(view)
        mine = sum(card.mask for card in view.hand)
        for n in range(20):
            weigh = strong_module.WorldWeight(view, None, model, None)
            world, mean = weigh.drawn(constraints, mine, 8, random.Random(n))
            rng = random.Random(n)  # the same candidates again, weighed one by one
            candidates = [dealt_world(constraints, mine, rng) for _ in range(8)]
            weights = [weight(view, c) * model.weight(c) for c in candidates]
            assert world in candidates
            assert mean == pytest.approx(sum(weights) / 8)
            if mean > 0.0:
                assert model.weight(world) == 1.0
                drawn += 1
    assert drawn >= 60


def test_candidates_change_only_the_first_two_tricks(monkeypatch: pytest.MonkeyPatch) -> None:
    # A game of CANDIDATES draws the worlds of its first two tricks' cards from that many dealt
    # ones: some estimates change, deterministically; later cards are as before.
    views = _second_trick_views("french", 6)
    later = [
        v
        for v in (d.view(d.turn) for d in _play_positions(6, seed=33) if d.turn)
        if len(v.hand) < 7 and sum(isinstance(a, Play) for a in v.legal) > 1
    ]
    assert later
    before = [estimate_cards(v, random.Random(3), think=0.05) for v in views + later]
    monkeypatch.setattr(strong_module, "CANDIDATES", {"french": 8, "bulgarian": 8})
    after = [estimate_cards(v, random.Random(3), think=0.05) for v in views + later]
    again = [estimate_cards(v, random.Random(3), think=0.05) for v in views + later]
    assert after == again
    assert after[len(views) :] == before[len(views) :]
    assert sum(a != b for a, b in zip(after[: len(views)], before, strict=False)) >= 2
    for view, estimates in zip(views, after, strict=False):
        assert {e.card for e in estimates} == {a.card for a in view.legal if isinstance(a, Play)}


def test_a_habit_comes_first_unless_another_card_is_clearly_better() -> None:
    # The estimates keep their values; with a habit that nothing overrules its card comes first,
    # with z = 0 it yields to any card ahead of it on average.
    views = _second_trick_views("french", 6)
    overruled = 0
    for view in views:
        plain = estimate_cards(view, random.Random(3), think=0.05, game_points=True)
        usual = BasicBot(seed=1).act(view)
        assert isinstance(usual, Play)
        kept = estimate_cards(
            view, random.Random(3), think=0.05, game_points=True, habit=(usual.card, 1e9)
        )
        assert kept[0].card == usual.card
        assert sorted(kept, key=lambda e: e.card.index) == sorted(plain, key=lambda e: e.card.index)
        level = {e.card: e.points for e in plain}[usual.card] == plain[0].points
        if not level:
            overruled += 1
            weak = estimate_cards(
                view, random.Random(3), think=0.05, game_points=True, habit=(usual.card, 0.0)
            )
            assert weak == plain
    assert overruled >= 2


def test_only_the_games_of_habit_keep_basics_card_and_only_early(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    early = _second_trick_views("french", 4)
    later = [
        v
        for v in (d.view(d.turn) for d in _play_positions(6, seed=33) if d.turn)
        if len(v.hand) < 7 and sum(isinstance(a, Play) for a in v.legal) > 1
    ]
    bulgarian = _second_trick_views("bulgarian", 3)
    assert later
    before = [StrongBot(seed=2, think=0.05).act(v) for v in early + later + bulgarian]
    monkeypatch.setattr(strong_module, "HABIT", {"french": (1e9, 7)})
    after = [StrongBot(seed=2, think=0.05).act(v) for v in early + later + bulgarian]
    assert after[: len(early)] == [BasicBot(seed=2).act(v) for v in early]
    assert after[len(early) :] == before[len(early) :]
    assert after[: len(early)] != before[: len(early)]


def test_clear_of_each_card() -> None:
    # Card 0 is ahead of card 1 by 10 ± 1 world by world, of card 2 by 5 in a world in two and
    # by -5 in the other, and level with card 3 in every world.
    rows = [[10.0, (-1) ** i, 10.0 - 5 * (-1) ** i, 10.0] for i in range(24)]
    clear = strong_module._clear_of(rows, [1.0] * 24, 0, 2.0)
    assert clear.tolist() == [True, True, False, True]


def test_a_card_clearly_best_is_settled() -> None:
    # Card 0 is ahead of card 1 world by world by 10 less or more 1: clear at 3 errors.
    rows = [[10.0 + (-1) ** i, 0.0, 5.0] for i in range(24)]
    weights = [1.0] * 24
    assert strong_module._settled(rows, weights, 3.0)
    # Ahead on average, but by a few worlds' large gains: not clear.
    rows = [[160.0, 0.0]] + [[0.0, 1.0]] * 23
    assert not strong_module._settled(rows, weights, 2.0)
    assert strong_module._settled([[0.0, 1.0]] * 24, weights, 2.0)
    # Cards level in every world are no obstacle; level in some only, they are.
    assert strong_module._settled([[3.0, 3.0, 1.0]] * 24, weights, 2.0)
    assert not strong_module._settled([[3.0, 3.0]] * 23 + [[3.0, 4.0]], weights, 2.0)
    # A world of weight 0 counts for nothing.
    rows = [[1.0, 0.0]] * 23 + [[0.0, 500.0]]
    assert strong_module._settled(rows, [1.0] * 23 + [0.0], 3.0)
    assert not strong_module._settled(rows, weights, 3.0)


def test_a_clear_decision_stops_dealing_worlds() -> None:
    # A search that stops does so at a look (from CLEAR_MIN_WORLDS, every CLEAR_EVERY worlds);
    # one that does not gives what it gives without clear. Some stop, and all but at most two
    # pick the card they pick without it.
    stopped = same = 0
    views = [d.view(d.turn) for d in _play_positions(16, seed=21) if d.turn is not None]
    views = [v for v in views if sum(isinstance(a, Play) for a in v.legal) > 1]
    for view in views:
        full = estimate_cards(view, random.Random(3), think=0.5, game_points=True)
        clear = estimate_cards(view, random.Random(3), think=0.5, game_points=True, clear=2.0)
        assert clear[0].worlds <= full[0].worlds
        if clear[0].worlds < full[0].worlds:
            stopped += 1
            assert clear[0].worlds >= strong_module.CLEAR_MIN_WORLDS
            assert clear[0].worlds % strong_module.CLEAR_EVERY == 0
        else:
            assert clear == full
        same += clear[0].card == full[0].card
    assert stopped >= 3
    assert same >= len(views) - 2


@pytest.mark.parametrize("think", [0.02, 0.1])
def test_strong_is_deterministic_and_legal(think: float) -> None:
    for deal in _play_positions(5, seed=9):
        seat = deal.turn
        assert seat is not None
        view = deal.view(seat)
        first = StrongBot(seed=4, think=think).act(view)
        assert first in view.legal
        assert StrongBot(seed=4, think=think).act(view) == first


def test_searches_in_threads_at_once_decide_as_one_at_a_time() -> None:
    # Each thread searches with its own solver (the web runs the bots of its tables so).
    views = [d.view(d.turn) for d in _play_positions(6, seed=11) if d.turn is not None]

    def estimates(view: SeatView) -> list[tuple[Card, float, int]]:
        found = estimate_cards(view, random.Random(3), think=0.05)
        return [(e.card, e.points if e.worlds else 0.0, e.worlds) for e in found]  # no NaN

    alone = [estimates(view) for view in views]
    with ThreadPoolExecutor(max_workers=3) as pool:
        together = list(pool.map(estimates, views))
    assert together == alone
    assert len({id(s) for s in _pool_solvers()}) == 2


def _pool_solvers() -> list[object]:
    """The solvers two threads use."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        barrier = threading.Barrier(2)

        def solver() -> object:
            barrier.wait()  # both threads alive at once, so they are two threads
            return shared_solver()

        return list(pool.map(lambda _: solver(), range(2)))


def test_a_card_of_the_first_trick_searches_a_larger_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[int, float]] = []

    def recording(view: SeatView, rng: random.Random, *, think: float, **_: object) -> list[object]:
        asked.append((len(view.hand), think))
        return []  # nothing solved: the bot falls back on basic's card

    monkeypatch.setattr(strong_module, "estimate_cards", recording)
    bot = StrongBot(seed=2, think=0.1)
    for deal in _play_positions(12, seed=9):
        assert deal.turn is not None
        view = deal.view(deal.turn)
        if sum(isinstance(a, Play) for a in view.legal) > 1:
            bot.act(view)
    thinks = {size: think for size, think in asked}
    assert thinks[8] == pytest.approx(0.1 * strong_module.FIRST_TRICK_THINK) == pytest.approx(0.12)
    assert all(think == 0.1 for size, think in asked if size < 8)


def test_the_games_of_clear_stop_clear_card_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    # A game of CLEAR gives the card search its z and its most worlds; another game, or the
    # expert (which never stops early), gives neither.
    asked: list[tuple[float | None, int | None]] = []

    def recording(
        view: SeatView,
        rng: random.Random,
        *,
        clear: float | None,
        max_worlds: int | None,
        **_: object,
    ) -> list[object]:
        asked.append((clear, max_worlds))
        return []

    monkeypatch.setattr(strong_module, "estimate_cards", recording)
    views = [d.view(d.turn) for d in _play_positions(12, seed=9) if d.turn is not None]
    views = [v for v in views if sum(isinstance(a, Play) for a in v.legal) > 1]
    expected = [
        ({}, "strong", (None, None)),
        ({"bulgarian": (2.5, 240)}, "strong", (2.5, 240)),
        ({"french": (2.5, 240)}, "strong", (None, None)),
        ({"bulgarian": (2.5, 240)}, "expert", (None, expert.CARD_WORLDS)),
    ]
    for games, level, both in expected:
        monkeypatch.setattr(strong_module, "CLEAR", games)
        asked.clear()
        bot = make(level, seed=2, think=0.1)
        for view in views:
            bot.act(view)
        assert asked and set(asked) == {both}


def test_a_small_budget_still_solves_a_costly_first_world() -> None:
    # S leads the deal's first card in spades holding J, 9, A, Q, 8 of trumps. With this seed the
    # first world dealt takes 2.1 M nodes: over the cap of 1.5 M this bot once had (0.06 s of
    # the solver's time), so that it found no world and played basic's card.
    deal = Deal.new(seed="z:11", dealer=Seat.W)
    deal.push(Cut(random.Random(11).randint(1, 31)))
    for call in [
        "pass",
        "pass",
        "pass",
        "clubs",
        "pass",
        "pass",
        "hearts",
        "pass",
        "spades",
        "pass",
        "pass",
        "pass",
    ]:
        deal.push(parse_action(call))
    assert deal.turn is Seat.S
    thoughts: list[Thought] = []
    StrongBot(seed=46, think=0.02).decide(deal.view(Seat.S), thoughts.append)
    assert thoughts[0].worlds == 0 and thoughts[-1].worlds == 1, thoughts
    assert strong_module.HARD_CAP_NODES > 2_200_000 > 0.02 * strong_module.NODES_PER_SECOND


def test_strong_loads_the_compiled_search_when_made(monkeypatch: pytest.MonkeyPatch) -> None:
    # Loading numba's cached code takes about 0.3 s once a process: it belongs to making the
    # bot, not to its first decision's think time.
    loads: list[None] = []
    monkeypatch.setattr(strong_module, "load_compiled", lambda: loads.append(None))
    StrongBot(seed=1, think=0.1)
    assert len(loads) == 1


def test_strong_plays_whole_deals() -> None:
    strong = make("strong", seed=1, think=0.05)
    basic = make("basic", seed=1)
    for number in range(2):
        deal = Deal.new(seed=f"whole-{number}")
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            bot = strong if seat.team == number % 2 else basic
            action = bot.act(deal.view(seat))
            deal.push(action)


def test_game_point_objective_follows_the_score() -> None:
    """The bot's objective is the deal's score: more card points never hurt, and making the
    contract is worth more than the card points alone."""
    from belot.bots.strong import _GameObjective
    from belot.engine.scoring import contract_total

    for deal in _play_positions(10, seed=12):
        seat = deal.turn
        assert seat is not None and deal.contract is not None and deal.bidder is not None
        view = deal.view(seat)
        total = contract_total(deal.contract, deal.rules)
        utility = _GameObjective(view, total, Constraints.of(view))
        ours = seat.team == deal.bidder.team
        values = [utility(v) for v in range(total + 1)]
        mine = values if ours else values[::-1]
        assert all(a <= b for a, b in itertools.pairwise(mine))
        assert mine[-1] > 0 > mine[0]


def test_in_a_match_the_card_objective_is_the_chance_of_winning_it() -> None:
    """With the match score in the view, the bot weighs a deal's outcome by the match: still
    never less for more card points, but no longer the deal's game points (at 100 to 140 the
    team at 140 wins with any 11 points, so points past that are worth nothing to either)."""
    from belot.bots.match_equity import MatchUtility
    from belot.bots.strong import _GameObjective
    from belot.engine.scoring import contract_total
    from belot.engine.sheet import Standing

    changed = 0
    for deal in _play_positions(10, seed=13):
        seat = deal.turn
        assert seat is not None and deal.contract is not None and deal.bidder is not None
        total = contract_total(deal.contract, deal.rules)
        alone = deal.view(seat)
        plain = _GameObjective(alone, total, Constraints.of(alone))
        deal.standing = Standing((100, 140))
        view = deal.view(seat)
        assert view.standing == Standing((100, 140))
        utility = _GameObjective(view, total, Constraints.of(view))
        ours = seat.team == deal.bidder.team
        values = [utility(v) for v in range(total + 1)]
        mine = values if ours else values[::-1]
        assert all(a <= b for a, b in itertools.pairwise(mine))
        match = MatchUtility.of(Standing((100, 140)), seat.team, bidding.MATCH_EDGE)
        assert min(values) >= match(0, 1000)  # losing the match is the floor
        changed += any(abs(utility(v) - plain(v)) > 0.5 for v in range(total + 1))
    assert changed == 10


def _heard_positions(count: int, seed: int) -> list[Deal]:
    """First-trick positions where the seat to play has heard a declaration it has not seen."""
    out: list[Deal] = []
    deals = _new_deals(f"heard-{seed}")
    while len(out) < count:
        deal, basic = next(deals)
        while not deal.is_over and deal.trick_number == 0:
            seat = deal.turn
            assert seat is not None
            view = deal.view(seat)
            heard = any(a.declaration is None for a in view.announcements)
            if heard and all(isinstance(a, Play) for a in view.legal):
                out.append(deal.copy())
                break
            deal.push(basic.act(view))
    return out


def test_a_declaration_heard_in_the_first_trick_is_in_every_world() -> None:
    """Heard by kind and points only, a declaration is still held: every world gives its
    announcer one of that kind and points, and the real one is among those it may give."""
    from belot.engine.declarations import announcement_choices

    rng = random.Random(7)
    for deal in _heard_positions(25, seed=14):
        seat = deal.turn
        assert seat is not None
        view = deal.view(seat)
        known = Constraints.of(view)
        heard = [a for a in view.announcements if a.declaration is None]
        assert {h.seat for h in known.heard} == {a.seat for a in heard}
        for h in known.heard:
            real = deal.announced(h.seat) or ()
            assert sorted((d.kind, d.points) for d in real) == list(h.kinds)
            for fits in h.fits:  # each heard declaration may be placed where it really is
                assert any(d.cards & known.unseen in fits for d in real)
        played = [0, 0, 0, 0]
        for other, card in view.current_trick:
            played[other] |= card.mask
        for _ in range(5):
            hands = deal_hidden(known, rng)
            assert sum(hands) == known.unseen
            assert _replays_legally(deal, seat, hands)
            for announcement in heard:
                held = announcement_choices(hands[announcement.seat] | played[announcement.seat])
                assert any(
                    (d.kind, d.points) == (announcement.kind, announcement.points)
                    for choice in held
                    for d in choice
                )


def _hearts_by_north() -> Deal:
    """Hearts by N, who leads: N holds the belot (K and Q of hearts), E a tierce (8-9-10 of
    diamonds), W a quinte (10 to the ace of spades)."""
    from belot.engine.cards import parse_cards

    hands = [
        parse_cards("KH QH 7H 7C 9C JD 7S 9S"),
        parse_cards("AH 10H 8H AC 10C 8D 9D 10D"),
        parse_cards("JH 9H 8C JC KC AD QD 8S"),
        parse_cards("QC 7D KD 10S JS QS KS AS"),
    ]
    deal = Deal.with_hands(hands, dealer=Seat.E)
    for call in ("hearts", "pass", "pass", "pass"):
        deal.push_str(call)
    return deal


def _world(deal: Deal) -> tuple[int, int, int, int]:
    hands = [deal.hand_mask(seat) for seat in Seat]
    return (hands[0], hands[1], hands[2], hands[3])


def test_a_world_counts_the_belots_and_declarations_its_hands_will_announce() -> None:
    """Before anyone shows anything, a world's score counts the belot its hands hold and the
    declarations of the seats still to play their first card; once heard, a declaration must
    be in the world's hands."""
    from belot.bots.strong import _GameObjective
    from belot.engine.scoring import contract_total

    deal = _hearts_by_north()
    assert deal.turn is Seat.N and deal.contract is not None
    total = contract_total(deal.contract, deal.rules)
    view = deal.view(Seat.N)
    north = _GameObjective(view, total, Constraints.of(view))
    assert north.announced == ((0, 0), (0, 0))
    # EW's quinte is the best sequence, so they score their tierce too; NS holds the belot.
    assert north.world(_world(deal)) == ((0, 120), (20, 0))
    # The belot and the declarations change what N's 90 card points are worth.
    assert north(90, north.world(_world(deal))) < north(90)

    deal.push_str("7H")
    assert deal.turn is Seat.W
    deal.push_str("declare:10S-AS")
    deal.push_str("10S")
    deal.push_str("JH")
    deal.push_str("declare:8D-10D")
    east = deal.view(Seat.E)
    assert [(a.seat, a.declaration is None) for a in east.announcements] == [
        (Seat.E, False),
        (Seat.W, True),
    ]
    objective = _GameObjective(east, total, Constraints.of(east))
    assert objective.world(_world(deal)) == ((0, 120), (20, 0))
    # A world that gives W no quinte could not have heard it.
    hands = list(_world(deal))
    swap = Card.from_str("AS").mask | Card.from_str("AD").mask
    hands[Seat.W] ^= swap
    hands[Seat.S] ^= swap
    assert objective.world((hands[0], hands[1], hands[2], hands[3])) is None


def test_an_announced_belot_counts_once() -> None:
    from belot.bots.strong import _GameObjective
    from belot.engine.scoring import contract_total

    deal = _hearts_by_north()
    assert deal.contract is not None
    total = contract_total(deal.contract, deal.rules)
    deal.push_str("KH")
    assert deal.belots == ((Seat.N, deal.contract.trump),)
    for text in ("declare:10S-AS", "10S", "JH", "declare:8D-10D", "AH"):
        deal.push_str(text)
    seat = deal.turn
    assert seat is not None
    view = deal.view(seat)
    objective = _GameObjective(view, total, Constraints.of(view))
    assert objective.announced[1] == (20, 0)
    assert objective.world(_world(deal)) == ((0, 120), (20, 0))

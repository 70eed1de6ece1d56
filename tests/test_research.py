"""The research adapters: OpenSpiel games and PettingZoo environments for every game.

Each framework's tests skip when its extra is not installed (``pip install -e
'.[openspiel,pettingzoo]'``).
"""

from __future__ import annotations

import ast
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from belot.bots import make
from belot.engine import Cut, Deal, Rules, Seat, deal_to_record
from belot.research.layout import (
    DECLARE_BASE,
    DECLARE_NOTHING,
    GAME_NAMES,
    NUM_ACTIONS,
    action_id,
    action_of,
    legal_ids,
)

GAMES = list(GAME_NAMES)


def _engine_deal(game: str, seed: int, cut: int, level: str = "basic") -> Deal:
    """One deal played by four ``level`` bots in the engine alone."""
    deal = Deal.new(Rules.preset_named(game), seed=seed, dealer=Seat.N)
    deal.push(Cut(cut))
    bots = [make(level, seed=s) for s in range(4)]
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        deal.push(bots[seat].act(deal.view(seat)))
    return deal


# --- the layout (no framework needed) -------------------------------------------------------


def test_importing_belot_imports_no_framework() -> None:
    code = (
        "import sys, belot, belot.engine, belot.research, belot.research.layout; "
        "print(sorted(m for m in ('pyspiel', 'pettingzoo', 'gymnasium') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_has_one_integer_and_back(game: str) -> None:
    rng = random.Random(game)
    for seed in range(3):
        deal = Deal.new(Rules.preset_named(game), seed=seed)
        deal.push(Cut(rng.randrange(1, 32)))
        while not deal.is_over:
            ids = legal_ids(deal)
            assert len(set(ids)) == len(ids) == len(deal.legal_actions())
            assert all(0 <= i < NUM_ACTIONS for i in ids)
            for action in deal.legal_actions():
                assert action_of(deal, action_id(deal, action)) == action
            deal.push(action_of(deal, rng.choice(ids)))


def test_declaration_choices_are_numbered_best_first() -> None:
    # N holds a tierce (7-8-9 of clubs) and a four of jacks.
    hands = [
        [*map(_card, ("7C", "8C", "9C", "JC", "JD")), *map(_card, ("JH", "JS", "AS"))],
        [*map(_card, ("10C", "QC", "KC", "AC", "7D")), *map(_card, ("8D", "9D", "10D"))],
        [*map(_card, ("QD", "KD", "AD", "7H", "8H")), *map(_card, ("9H", "10H", "QH"))],
        [*map(_card, ("KH", "AH", "7S", "8S", "9S")), *map(_card, ("10S", "QS", "KS"))],
    ]
    deal = Deal.with_hands(hands, Rules.bulgarian(), dealer=Seat.E)
    for call in ("hearts", "pass", "pass", "pass"):
        deal.push_str(call)
    assert deal.turn == Seat.N
    ids = legal_ids(deal)
    choices = [c for c in deal.declaration_choices() if c]
    assert ids == [DECLARE_NOTHING, *range(DECLARE_BASE, DECLARE_BASE + len(choices))]
    best = action_of(deal, DECLARE_BASE)
    assert str(best) == "declare:" + ",".join(map(str, choices[0]))


def _card(text: str) -> Any:
    from belot.engine import Card

    return Card.from_str(text)


# --- OpenSpiel ------------------------------------------------------------------------------

OPTION_SETS: list[tuple[str, dict[str, Any]]] = [
    ("bulgarian", {}),
    ("bulgarian", {"declaration_compare": "single", "passes_after_double": 2}),
    ("bulgarian", {"match": True, "target": 20, "seed": 5}),
    ("french", {}),
    ("french", {"forced_undertrump": False, "dealer": 2}),
    ("coinche", {}),
    ("coinche", {"declarations": False, "surcoinche_multiplier": 3}),
    ("bela", {}),
    ("bela", {"card_in_two_declarations": True, "tie": "hangs"}),
    ("bela", {"match": True, "target": 100}),
]


@pytest.fixture(scope="module")
def pyspiel() -> Any:
    spiel = pytest.importorskip("pyspiel")
    import belot.research.openspiel  # noqa: F401 (registers the games)

    return spiel


@pytest.mark.parametrize(("game", "params"), OPTION_SETS)
def test_random_sim_test(pyspiel: Any, game: str, params: dict[str, Any]) -> None:
    loaded = pyspiel.load_game(f"belot_{game}", params)
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=False, verbose=False)


def test_every_game_is_registered_with_its_options(pyspiel: Any) -> None:
    names = set(pyspiel.registered_names())
    for game in GAMES:
        assert f"belot_{game}" in names
    params = pyspiel.load_game("belot_coinche").get_parameters()
    assert params["surcoinche_multiplier"] == 4 and params["match"] is False
    with pytest.raises(Exception, match="surcoinche_multiplier"):
        pyspiel.load_game("belot_coinche", {"surcoinche_multiplier": 5})


def _play_to_auction(state: Any, deck: list[int], cut: int, calls: int) -> None:
    for card in deck[:31]:
        state.apply_action(card)
    state.apply_action(cut)
    for _ in range(calls):
        state.apply_action(state.legal_actions()[0])


@pytest.mark.parametrize("game", GAMES)
def test_hidden_cards_do_not_change_a_seats_information(pyspiel: Any, game: str) -> None:
    loaded = pyspiel.load_game(f"belot_{game}")
    deck = [c.index for c in Deal.new(Rules.preset_named(game), seed=11).deck]
    one = loaded.new_initial_state()
    _play_to_auction(one, deck, 9, 2)
    # Swap one card of E's with one of W's (neither seen by N) in the deck.
    e, w = one.deal.hand(Seat.E)[0].index, one.deal.hand(Seat.W)[0].index
    other_deck = [w if c == e else e if c == w else c for c in deck]
    two = loaded.new_initial_state()
    _play_to_auction(two, other_deck, 9, 2)
    assert one.deal.hand(Seat.E) != two.deal.hand(Seat.E)
    for seat in (Seat.N, Seat.S):
        assert one.information_state_string(seat) == two.information_state_string(seat)
        assert one.information_state_tensor(seat) == two.information_state_tensor(seat)
        assert one.observation_string(seat) == two.observation_string(seat)
        assert one.observation_tensor(seat) == two.observation_tensor(seat)
    assert one.information_state_string(Seat.E) != two.information_state_string(Seat.E)
    assert one.information_state_tensor(Seat.W) != two.information_state_tensor(Seat.W)


@pytest.mark.parametrize("game", GAMES)
def test_resampled_worlds_keep_the_seats_view(pyspiel: Any, game: str) -> None:
    loaded = pyspiel.load_game(f"belot_{game}")
    rng = random.Random(game)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)  # seeded
    differed = 0
    for _ in range(2):
        state = loaded.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
                continue
            player = state.current_player()
            world = state.resample_from_infostate(player, sampler)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.observation_tensor(player) == state.observation_tensor(player)
            assert world.legal_actions() == state.legal_actions()
            hidden = [s for s in Seat if s != player]
            differed += any(world.deal.hand(s) != state.deal.hand(s) for s in hidden)
            state.apply_action(rng.choice(state.legal_actions()))
    assert differed > 0


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_deal_through_openspiel_is_the_engines(pyspiel: Any, game: str) -> None:
    from belot.research.openspiel import BelotBot

    expected = _engine_deal(game, seed=21, cut=13)
    loaded = pyspiel.load_game(f"belot_{game}")  # the shuffle as chance nodes
    state = loaded.new_initial_state()
    for card in expected.deck[:31]:
        state.apply_action(card.index)
    state.apply_action(13)
    seeded = pyspiel.load_game(f"belot_{game}", {"seed": 21}).new_initial_state()
    seeded.apply_action(13)  # the cut; the deck is the seed's
    record = deal_to_record(expected)
    for played in (state, seeded):
        bots = [BelotBot(loaded, s, "basic", seed=s) for s in range(4)]
        while not played.is_terminal():
            played.apply_action(bots[played.current_player()].step(played))
        assert played.deal.result == expected.result
        written = expected.result.written if expected.result is not None else (0, 0)
        assert played.returns() == [(written[0] - written[1]) * (-1) ** s for s in range(4)]
    assert deal_to_record(seeded.deal) == record
    # A deck dealt by chance nodes has no seed to record.
    assert deal_to_record(state.deal) == {k: v for k, v in record.items() if k != "seed"}


def test_a_bot_refuses_a_game_it_does_not_play(
    pyspiel: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from belot.engine import BelotError
    from belot.research.openspiel import BelotBot
    from fake_levels import bulgarian_only

    level = bulgarian_only(monkeypatch)
    with pytest.raises(BelotError, match=f"the {level} level does not play french"):
        BelotBot(pyspiel.load_game("belot_french"), 0, level)
    BelotBot(pyspiel.load_game("belot_french"), 0, "strong")  # strong plays every game


def test_ismcts_plays_a_deal(pyspiel: Any) -> None:
    np = pytest.importorskip("numpy")
    # OpenSpiel has no type hints (and is an extra: `make test` installs it).
    from open_spiel.python.algorithms import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
        ismcts,
        mcts,
    )

    loaded = pyspiel.load_game("belot_bela")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(loaded, evaluator, 2.0, 8, random_state=np.random.RandomState(1))
    state = loaded.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) == 0


# --- PettingZoo -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pz_test() -> Any:
    pytest.importorskip("pettingzoo")
    # PettingZoo has no type hints (and is an extra: `make test` installs it).
    from pettingzoo import test  # type: ignore[import-not-found,import-untyped,unused-ignore]

    return test


# PettingZoo recommends Box or Discrete observations and warns of every dict observation.
@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_and_seed(pz_test: Any, game: str) -> None:
    from belot.research.pettingzoo import env

    pz_test.api_test(env(game), num_cycles=200)
    pz_test.api_test(env(game, tensor="observation", match=True, target=30), num_cycles=200)
    pz_test.seed_test(lambda: env(game), num_cycles=100)


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_deal_through_pettingzoo_is_the_engines(pz_test: Any, game: str) -> None:
    from belot.research.pettingzoo import AGENTS, raw_env

    table = raw_env(game)
    table.reset(seed=4)
    deal = table.session.deal
    assert deal is not None
    # The engine, given the environment's deck and cut, with the same bots.
    expected = Deal(deal.rules, dealer=deal.dealer, deck=deal.deck)
    assert deal.cut is not None
    expected.push(Cut(deal.cut))
    bots = [make("basic", seed=s) for s in range(4)]
    while not expected.is_over:
        seat = expected.turn
        assert seat is not None
        expected.push(bots[seat].act(expected.view(seat)))
    bots = [make("basic", seed=s) for s in range(4)]
    for agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        if termination or truncation:
            table.step(None)
            continue
        seat = Seat(AGENTS.index(agent))
        view = table.session.view(seat)
        assert view is not None and table.session.deal is not None
        action = action_id(table.session.deal, bots[seat].act(view))
        assert observation["action_mask"][action] == 1
        table.step(action)
    assert table.record() == deal_to_record(expected)
    assert table.session.deal is not None and table.session.deal.result == expected.result


def test_pettingzoo_refuses_an_illegal_action(pz_test: Any) -> None:
    from belot.engine import BelotError
    from belot.research.pettingzoo import raw_env

    table = raw_env("french")
    table.reset(seed=1)
    with pytest.raises(BelotError, match="not legal"):
        table.step(DECLARE_BASE + 5)
    with pytest.raises(BelotError, match="unknown game"):
        raw_env("whist")


# --- the documentation's examples -------------------------------------------------------------

DOC_PAGE = Path(__file__).resolve().parents[1] / "docs" / "research.md"


def _doc_example(framework: str) -> str:
    blocks: list[str] = re.findall(
        r"```python\n(.*?)```", DOC_PAGE.read_text(encoding="utf-8"), re.S
    )
    (block,) = [b for b in blocks if f"belot.research.{framework}" in b]
    return block


@pytest.mark.parametrize("framework", ["openspiel", "pettingzoo"])
def test_the_docs_examples_run(framework: str, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel" if framework == "openspiel" else "pettingzoo")
    namespace: dict[str, Any] = {}
    exec(compile(_doc_example(framework), str(DOC_PAGE), "exec"), namespace)
    if framework == "openspiel":
        returns = ast.literal_eval(capsys.readouterr().out)
        assert len(returns) == 4 and sum(returns) == 0
    else:
        assert all(namespace["table"].terminations.values())


def test_a_pettingzoo_match_ends_with_the_winners_reward(pz_test: Any) -> None:
    from belot.research.pettingzoo import raw_env

    table = raw_env("bulgarian", match=True, target=40, render_mode="ansi")
    table.reset(seed=3)
    assert "seat" in (table.render() or "")
    rewards: dict[str, float] = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        rewards[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        table.step(table.action_space(agent).sample(observation["action_mask"]))
    assert sorted(rewards.values()) == [-1.0, -1.0, 1.0, 1.0]
    assert table.session.sheet.is_over

"""The duplicate arena: statistics, Elo, the swap of seats, parallel runs and the commands."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from belot.bots import LEVELS, Bot
from belot.bots.arena import check, duel, elo_ratings, mean_ci, percentile, tournament
from belot.cli import cli, main
from belot.engine.actions import Action
from belot.engine.errors import BelotError
from belot.engine.view import SeatView


def test_mean_ci_matches_the_normal_formula() -> None:
    mean, half = mean_ci([1.0, 2.0, 3.0, 4.0])
    sd = math.sqrt(sum((x - 2.5) ** 2 for x in (1, 2, 3, 4)) / 3)
    assert mean == 2.5
    assert half == pytest.approx(1.959964 * sd / 2, rel=1e-6)
    assert mean_ci([5.0])[1] == math.inf
    assert math.isnan(mean_ci([])[0])


def test_percentile_nearest_rank() -> None:
    values = list(range(1, 101))
    assert percentile(values, 50) == 50
    assert percentile(values, 99) == 99
    assert percentile(values, 100) == 100
    assert percentile([7.0], 99) == 7.0


def test_elo_equal_bots_equal_ratings_and_three_to_one_is_191_points() -> None:
    even = elo_ratings(["a", "b"], [(0, 1, 1.0), (0, 1, 0.0), (0, 1, 0.5)])
    assert even == pytest.approx([1500, 1500])
    games = [(0, 1, 1.0)] * 300 + [(0, 1, 0.0)] * 100
    a, b = elo_ratings(["a", "b"], games, prior=0)
    assert a - b == pytest.approx(400 * math.log10(3), abs=0.01)
    assert (a + b) / 2 == pytest.approx(1500)


def test_elo_is_finite_for_a_clean_sweep_and_orders_a_chain() -> None:
    a, b = elo_ratings(["a", "b"], [(0, 1, 1.0)] * 50)
    assert math.isfinite(a) and a > b
    games = [(0, 1, 1.0)] * 30 + [(0, 1, 0.0)] * 10 + [(1, 2, 1.0)] * 30 + [(1, 2, 0.0)] * 10
    ratings = elo_ratings(["x", "y", "z"], games)
    assert ratings[0] > ratings[1] > ratings[2]


def test_identical_bots_score_exactly_the_same_in_every_duplicate_pair() -> None:
    # basic uses its seed only to cut, and the arena fixes the cut: with the cards swapped,
    # the two plays of a deal mirror each other, so every pair is a tie.
    result = duel("basic", "basic", deals=8, matches=1, workers=1, seed=3)
    assert result.diffs == [0.0] * 8
    assert result.pair_record == (0, 8, 0)
    assert result.match_score[0] == 0.5
    for pair in result.pair_results:
        first, second = pair.games
        assert first.contract == second.contract
        assert first.outcome == second.outcome
        assert first.points == second.points[::-1]
        if first.declarer is not None:
            assert first.declarer != second.declarer


def test_duel_figures_add_up() -> None:
    result = duel("basic", "random", deals=10, matches=1, workers=1, seed=2)
    assert result.pairs == 10 and result.matches == 1
    played = sum(c[0] for side in result.contracts for c in side.values())
    assert played + result.all_passed == 20
    for side in result.contracts:
        for row in side.values():
            assert row[0] == row[1] + row[2] + row[3]
    assert result.a_points[0] - result.b_points[0] == pytest.approx(result.diff[0])
    assert result.deals_played >= 20 + 2 * 6  # a match to 151 takes at least 6 deals
    think = result.think[0]
    assert think.decisions > 0 and 0 <= think.p50 <= think.p99 <= think.max
    assert 0 < think.mean <= think.max
    data = result.to_json()
    assert data["a"]["bot"] == "basic" and data["b"]["bot"] == "random"
    assert set(data["a"]["contracts"]) == {
        "clubs",
        "diamonds",
        "hearts",
        "spades",
        "no-trumps",
        "all-trumps",
    }
    assert json.loads(json.dumps(data)) == data
    assert "A - B per deal" in result.render()
    assert data["a"]["think_cpu_ms"]["max"] == think.max and "max" in result.render()


def test_seeded_runs_repeat_and_processes_give_the_same_figures() -> None:
    one = duel("random", "basic", deals=6, matches=0, workers=1, seed=9)
    again = duel("random", "basic", deals=6, matches=0, workers=1, seed=9)
    pooled = duel("random", "basic", deals=6, matches=0, workers=2, seed=9)
    assert one.diffs == again.diffs == pooled.diffs
    other = duel("random", "basic", deals=6, matches=0, workers=1, seed=10)
    assert other.diffs != one.diffs


def test_progress_counts_every_pair() -> None:
    seen: list[int] = []
    duel("random", "random", deals=7, matches=1, workers=1, seed=1, progress=seen.append)
    assert sum(seen) == 8


def test_tournament_elo_table() -> None:
    result = tournament(["random", "basic"], deals=12, matches=0, workers=1, seed=4)
    assert len(result.duels) == 1
    elo = dict(zip(result.names, result.elo, strict=True))
    assert elo["basic"] > elo["random"]
    data = result.to_json()
    assert data["elo"][0]["bot"] == "basic"
    assert "Elo" in result.render()


def test_a_duel_of_matches_only() -> None:
    """``deals=0`` with matches plays match pairs alone; the report has no deal figures."""
    result = duel("basic", "random", deals=0, matches=2, workers=1, seed=3)
    assert result.pairs == 0 and result.matches == 2
    assert result.match_score[0] > 0.5
    text = result.render()
    assert text.startswith("duplicate matches of bulgarian: basic (A) vs random (B)")
    assert "per deal " not in text and "matches to 151: A wins" in text
    assert "contracts made" not in text  # counted in deal pairs only
    data = json.loads(json.dumps(result.to_json(), allow_nan=False))
    assert data["diff_per_deal"] is None and data["match_win_rate_a"] == result.match_score[0]


def test_one_pair_plays_as_in_the_duel() -> None:
    """``deal_pair`` and ``match_pair`` play one of a duel's pairs alone (the A/B benchmark
    plays them with two settings of a bot), with the same cards and the same results."""
    from belot.bots import make
    from belot.bots.arena import deal_pair, match_pair
    from belot.engine.rules import Rules

    result = duel("basic", "random", deals=3, matches=2, workers=1, seed=5)

    def bots() -> tuple[list[Bot], list[Bot]]:
        return (
            [make("basic", seed=10 * 4 + s) for s in range(4)],
            [make("random", seed=11 * 4 + s) for s in range(4)],
        )

    pairs = [deal_pair(Rules.bulgarian(), bots(), 5, number) for number in range(3)]
    assert pairs == result.pair_results
    matches = [match_pair(Rules.bulgarian(), bots(), 5, number) for number in range(2)]
    assert sum(sum(m) for m in matches) / 4 == result.match_score[0]


def test_bad_arguments_are_named() -> None:
    with pytest.raises(BelotError, match="unknown bot level 'nobody'"):
        check(["basic", "nobody"], 10)
    with pytest.raises(BelotError, match="--deals"):
        duel("basic", "random", deals=-1)
    with pytest.raises(BelotError, match="--deals 0 needs --matches"):
        duel("basic", "random", deals=0)
    with pytest.raises(BelotError, match="deal pairs"):
        tournament(["basic", "random"], deals=0, matches=2)
    with pytest.raises(BelotError, match="--workers"):
        duel("basic", "random", deals=2, workers=0)
    with pytest.raises(BelotError, match="two different bots"):
        tournament(["basic", "basic"], deals=2)


@pytest.mark.skipif(importlib.util.find_spec("ray") is not None, reason="ray is installed")
def test_ray_without_ray_says_how_to_install_it() -> None:
    with pytest.raises(BelotError, match=r"pip install 'belot\[ray\]' \(on every machine\)"):
        duel("basic", "random", deals=2, ray_address="127.0.0.1:6379")


def test_duel_command_json() -> None:
    runner = CliRunner()
    out = runner.invoke(
        cli,
        ["duel", "basic", "random", "--deals", "4", "--matches", "0", "--workers", "1", "--json"],
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["pairs"] == 4 and data["a"]["bot"] == "basic"


def test_tournament_command_text() -> None:
    runner = CliRunner()
    out = runner.invoke(
        cli,
        ["tournament", "random", "basic", "--deals", "3", "--matches", "0", "--workers", "1"],
    )
    assert out.exit_code == 0, out.output
    assert "Elo" in out.stdout and "basic" in out.stdout


def test_duel_command_unknown_level_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["duel", "basic", "nobody", "--deals", "2", "--quiet"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0 and "unknown bot level 'nobody'" in err


def test_solver_loss_checks_every_card_of_the_first_pairs_only() -> None:
    result = duel("basic", "random", deals=2, matches=0, workers=1, seed=6, analyse=1)
    first = result.pair_results[0]
    played = sum(1 for game in first.games if game.contract is not None)
    assert result.solver_loss[0][1] == result.solver_loss[1][1] == 16 * played
    for side in (0, 1):
        lost, cards = result.solver_loss[side]
        assert lost >= 0
        if cards:
            assert result.loss_per_card(side) == lost / cards
            assert "lost per card against the solver" in result.render()
    assert duel("basic", "random", deals=1, matches=0, workers=1).loss_per_card(0) is None


class BrokenBot(Bot):
    """A bot that fails at its first decision (to test how a duel reports a worker's failure)."""

    name = "broken"

    def act(self, view: SeatView) -> Action:
        raise RuntimeError("boom")


def test_a_failing_worker_is_one_error_naming_its_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "broken", f"{__name__}:BrokenBot")
    with pytest.raises(
        BelotError, match=r"worker failed on deal pairs \d+-\d+: RuntimeError: boom"
    ):
        duel("broken", "random", deals=4, matches=0, workers=2, seed=1)


def test_a_log_resumes_a_duel_and_grows_it(tmp_path: Path) -> None:
    """A duel given its log plays only the pairs the log does not hold, and its figures are
    those of the whole duel played at once."""
    log = tmp_path / "duel.jsonl"
    whole = duel("basic", "random", deals=6, matches=2, workers=1, seed=4)
    first = duel("basic", "random", deals=3, matches=1, workers=1, seed=4, log=log)
    assert first.resumed == 0 and first.pair_results == whole.pair_results[:3]
    advanced: list[int] = []
    grown = duel(
        "basic", "random", deals=6, matches=2, workers=2, seed=4, log=log, progress=advanced.append
    )
    assert grown.resumed == 4 and advanced[0] == 4 and sum(advanced) == 8
    assert grown.pair_results == whole.pair_results
    assert (grown.diff, grown.match_score, grown.contracts) == (
        whole.diff,
        whole.match_score,
        whole.contracts,
    )
    assert grown.deals_played == whole.deals_played
    assert grown.think[1].decisions == whole.think[1].decisions
    assert "4 pairs from the log" in grown.render() and grown.to_json()["resumed_pairs"] == 4
    lines = log.read_text().splitlines()
    again = duel("basic", "random", deals=6, matches=2, workers=2, seed=4, log=log)
    assert again.resumed == 8 and again.pair_results == whole.pair_results
    assert log.read_text().splitlines() == lines  # nothing was left to play
    fewer = duel("basic", "random", deals=2, matches=0, workers=1, seed=4, log=log)
    assert fewer.resumed == 2 and fewer.pair_results == whole.pair_results[:2]


def test_a_strong_duel_resumed_in_other_chunks_plays_as_one_run(tmp_path: Path) -> None:
    """The searching bot keeps its solver from deal to deal: its decisions must not depend on
    which deals a worker played before (so a resumed duel is the duel played at once)."""
    log = tmp_path / "duel.jsonl"
    whole = duel("strong", "basic", deals=3, matches=0, workers=1, seed=5, think=0.005)
    duel("strong", "basic", deals=1, matches=0, workers=1, seed=5, think=0.005, log=log)
    resumed = duel("strong", "basic", deals=3, matches=0, workers=2, seed=5, think=0.005, log=log)
    assert resumed.resumed == 1 and resumed.pair_results == whole.pair_results


def test_a_line_cut_off_by_an_interrupted_run_is_dropped(tmp_path: Path) -> None:
    log = tmp_path / "duel.jsonl"
    duel("random", "basic", deals=2, matches=0, workers=1, seed=8, log=log)
    with log.open("a") as file:
        file.write('{"kind": "deals", "start": 2, "count": 1, "pai')  # killed while writing
    result = duel("random", "basic", deals=3, matches=0, workers=1, seed=8, log=log)
    assert result.resumed == 2 and result.pairs == 3
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r.get("start") for r in records] == [None, 0, 1, 2]
    log.write_text(log.read_text().rstrip("\n"))  # whole, but for its end of line
    more = duel("random", "basic", deals=4, matches=0, workers=1, seed=8, log=log)
    assert more.resumed == 3 and more.pairs == 4
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r.get("start") for r in records] == [None, 0, 1, 2, 3]


def test_a_log_of_another_duel_or_not_a_log_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "duel.jsonl"
    duel("random", "basic", deals=2, matches=0, workers=1, seed=8, log=log)
    before = log.read_text()
    with pytest.raises(BelotError, match=r"log of another duel \(seed 8 there, 9 here\)"):
        duel("random", "basic", deals=2, matches=0, workers=1, seed=9, log=log)
    with pytest.raises(BelotError, match=r"log of another duel \(b 'basic' there, 'random'"):
        duel("random", "random", deals=2, matches=0, workers=1, seed=8, log=log)
    assert log.read_text() == before  # left as it was
    lines = before.splitlines(keepends=True)
    log.write_text(lines[0] + "not json\n" + "".join(lines[1:]))
    with pytest.raises(BelotError, match=r"line 2: malformed JSON"):
        duel("random", "basic", deals=2, matches=0, workers=1, seed=8, log=log)
    log.write_text(lines[0] + '{"kind": "deals", "start": 0}\n')
    with pytest.raises(BelotError, match=r"line 2: not a chunk of pairs"):
        duel("random", "basic", deals=2, matches=0, workers=1, seed=8, log=log)
    chunk = json.loads(lines[1])
    chunk["pairs"][0][1].pop()  # one play of a pair
    log.write_text(lines[0] + json.dumps(chunk) + "\n")
    with pytest.raises(BelotError, match=r"line 2: not a chunk of pairs \(IndexError"):
        duel("random", "basic", deals=2, matches=0, workers=1, seed=8, log=log)
    log.write_text('{"pairs": 3}\n')
    with pytest.raises(BelotError, match="not a belot duel log"):
        duel("random", "basic", deals=2, matches=0, workers=1, seed=8, log=log)


def test_duel_command_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "duel.jsonl")
    args = ["duel", "basic", "random", "--deals", "2", "--matches", "0", "--workers", "1"]
    runner = CliRunner()
    first = runner.invoke(cli, [*args, "--log", log])
    assert first.exit_code == 0, first.output
    second = runner.invoke(cli, [*args, "--log", log])
    assert "2 pairs from the log" in second.stdout
    assert second.stdout.splitlines()[1:] == first.stdout.splitlines()[1:]
    (tmp_path / "duel.jsonl").write_text("{}\n")
    with pytest.raises(SystemExit) as exit_info:
        main([*args, "--quiet", "--log", log])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0 and "not a belot duel log" in err


def test_a_tournament_keeps_a_log_per_duel(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    first = tournament(["random", "basic"], deals=2, matches=0, workers=1, seed=3, log=folder)
    assert [p.name for p in folder.iterdir()] == ["random-basic.jsonl"]
    again = tournament(["random", "basic"], deals=3, matches=0, workers=1, seed=3, log=folder)
    assert again.duels[0].resumed == 2
    assert again.duels[0].pair_results[:2] == first.duels[0].pair_results
    (tmp_path / "file").write_text("")
    with pytest.raises(BelotError, match="cannot make the log folder"):
        tournament(["random", "basic"], deals=1, workers=1, log=tmp_path / "file" / "x")


@pytest.mark.parametrize(("game", "target"), [("french", 1000), ("coinche", 1000), ("bela", 1001)])
def test_duels_of_every_game_play_their_matches_to_its_target(game: str, target: int) -> None:
    from belot.engine.rules import Rules

    result = duel(
        "basic", "random", deals=6, matches=1, workers=1, seed=2, rules=Rules.preset_named(game)
    )
    assert (result.game, result.target) == (game, target)
    text = result.render()
    assert text.startswith(f"duplicate duel of {game}: basic (A) vs random (B)")
    assert f"matches to {target}: A wins" in text
    assert result.to_json()["game"] == game and result.to_json()["target"] == target
    names = set(result.contracts[0])
    if game == "coinche":  # its suits are alike: contracts are counted by bid level
        assert names == {"80", "90", "100", "110", "120", "130", "140", "150", "160", "capot"}
    else:  # no No trumps or All trumps outside Bulgarian Belot
        assert names == {"clubs", "diamonds", "hearts", "spades"}
    played = sum(c[0] for side in result.contracts for c in side.values())
    assert played + result.all_passed == 2 * result.pairs


def test_a_match_pair_ends_as_its_game_ends_a_match(monkeypatch: pytest.MonkeyPatch) -> None:
    """The duel's matches are written on a sheet that ends them by the game's own rule (a Bela
    belot of eight cards, say), not only by the target."""
    from belot.bots import make
    from belot.bots.arena import match_pair
    from belot.engine.games import game_of
    from belot.engine.rules import Rules

    rules = Rules.bela()
    asked: list[object] = []
    ends = game_of(rules).match_winner

    def spy(*args: object, **kwargs: object) -> object:
        asked.append(args)
        return ends(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(type(game_of(rules)), "match_winner", staticmethod(spy))
    bots = ([make("basic", seed=s) for s in range(4)], [make("random", seed=s) for s in range(4)])
    match_pair(rules, bots, 1, 0)
    assert asked, "the sheet never asked the game whether the match was over"


def test_a_duel_log_written_before_bid_levels_still_reads() -> None:
    from belot.bots.arena import Chunk

    old = {
        "pairs": [[0, [[2, 0, "made", [120, 42]], [None, None, None, [0, 0]]]]],
        "matches": [],
        "think": [[], []],
        "deals_played": 2,
        "solver_loss": [[0, 0], [0, 0]],
    }
    chunk = Chunk.from_json(old)
    assert chunk.pairs[0].games[0].level == 0 and chunk.pairs[0].games[0].points == (120, 42)


def test_duel_command_takes_the_game_and_its_options() -> None:
    runner = CliRunner()
    out = runner.invoke(
        cli,
        [
            *("duel", "basic", "random", "--game", "french", "--option", "target=501"),
            *("--deals", "2", "--matches", "1", "--workers", "1", "--quiet", "--json"),
        ],
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["game"] == "french" and data["target"] == 501
    both = runner.invoke(cli, ["duel", "basic", "random", "--rules", "bela", "--game", "french"])
    assert both.exit_code == 2 and "not both" in both.output


def test_a_level_that_does_not_play_the_game_is_refused_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from belot.engine.rules import Rules
    from fake_levels import bulgarian_only

    level = bulgarian_only(monkeypatch)
    with pytest.raises(BelotError, match=f"the {level} level does not play french yet"):
        check([level, "basic"], 10, rules=Rules.french())
    check([level, "basic"], 10, rules=Rules.bulgarian())  # plays Bulgarian Belot
    check(["strong", "basic"], 10, rules=Rules.french())  # every level plays every game

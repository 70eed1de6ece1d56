"""Speed benchmarks: how many deals, playouts and legal-card queries one core runs per second.

Each benchmark is a ``Benchmark`` in the ``BENCHMARKS`` registry. Its ``prepare(seed)`` does the
untimed setup and returns a *batch* function: one call runs some units of work and returns how
many. ``run_benchmark`` calls the batch until the time is up and divides the work done by the CPU
seconds it took (so other processes on a shared machine slow the figures less than a stopwatch
would). Another module adds a benchmark with one line::

    register(Benchmark("solver", "full 8-trick solves", "solves", prepare_solver, goal=25))

in this module, or in its own module listed in ``PLUGINS`` (which ``belot bench`` imports). A
batch function may carry a ``details()`` method; what it returns (a JSON-ready dict) is reported
with the figures.
"""

from __future__ import annotations

import functools
import importlib
import math
import os
import platform
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from belot.engine import build
from belot.engine.actions import Call, Cut
from belot.engine.contracts import Contract
from belot.engine.deal import Deal, forget_plays
from belot.engine.errors import BelotError
from belot.engine.playout import PlayPosition, playout, position_from_deal
from belot.engine.rules import Rules
from belot.engine.tricks import legal_mask

__all__ = [
    "BENCHMARKS",
    "GAME_NAMES",
    "PLUGINS",
    "BenchError",
    "BenchResult",
    "Benchmark",
    "all_benchmarks",
    "deal_states",
    "first_card_deals",
    "machine",
    "register",
    "run_benchmark",
    "run_benchmarks",
    "startup_cpu",
]

GAME_NAMES: Final = {
    "bulgarian": "Bulgarian Belot",
    "french": "French Belote",
    "coinche": "Coinche",
    "bela": "Bela",
}
"""Each preset's game in words, for the reports."""

Batch = Callable[[], int]
"""Runs one batch of work and returns how many units it did."""


class BenchError(BelotError):
    """An unknown benchmark name or a bad duration."""


@dataclass(frozen=True, slots=True)
class Benchmark:
    """A named speed measurement."""

    name: str
    #: What one unit is, in words, for the report.
    description: str
    #: The unit counted, plural (``deals``).
    unit: str
    #: Untimed setup from a seed; returns the batch function.
    prepare: Callable[[int], Batch]
    #: Units per CPU second wanted on the reference machine (None: no goal).
    goal: float | None = None
    #: Setup from a seed and the rules, for a benchmark that every game can run (``belot bench
    #: --game``); ``prepare`` is then the same on Bulgarian Belot's default rules.
    prepare_game: Callable[[int, Rules], Batch] | None = None
    #: The preset that a benchmark without ``prepare_game`` measures.
    game: str = "bulgarian"

    @property
    def game_name(self) -> str:
        """The game that a benchmark without ``prepare_game`` measures, in words."""
        return GAME_NAMES.get(self.game, self.game)


@dataclass(frozen=True, slots=True)
class BenchResult:
    """What one benchmark measured."""

    name: str
    description: str
    unit: str
    count: int
    cpu_seconds: float
    wall_seconds: float
    goal: float | None = None
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def rate(self) -> float:
        """Units per CPU second."""
        return self.count / self.cpu_seconds if self.cpu_seconds > 0 else 0.0

    @property
    def meets_goal(self) -> bool | None:
        return None if self.goal is None else self.rate >= self.goal

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "unit": self.unit,
            "count": self.count,
            "cpu_seconds": round(self.cpu_seconds, 4),
            "wall_seconds": round(self.wall_seconds, 4),
            "per_second": round(self.rate, 1),
            "goal": self.goal,
            "meets_goal": self.meets_goal,
            "details": self.details,
        }


BENCHMARKS: dict[str, Benchmark] = {}
"""Every registered benchmark by name, in the order they run."""

PLUGINS: list[str] = ["belot.bots.solver", "belot.bots.playouts", "belot.bots.fast_deals"]
"""Modules that register more benchmarks when imported (``all_benchmarks`` imports them)."""


def register(benchmark: Benchmark) -> Benchmark:
    """Add ``benchmark`` to ``BENCHMARKS`` (replacing one of the same name) and return it."""
    BENCHMARKS[benchmark.name] = benchmark
    return benchmark


def all_benchmarks() -> dict[str, Benchmark]:
    """``BENCHMARKS`` after importing every module of ``PLUGINS``."""
    for module in PLUGINS:
        importlib.import_module(module)
    return BENCHMARKS


def run_benchmark(
    benchmark: Benchmark, seconds: float = 3.0, seed: int = 0, rules: Rules | None = None
) -> BenchResult:
    """Run ``benchmark`` for about ``seconds`` of wall time (at least one batch), on ``rules``
    when given (a benchmark without ``prepare_game`` plays its own ``game`` only)."""
    if not 0 < seconds < math.inf:  # also refuses nan
        raise BenchError(f"the duration must be a positive number of seconds, not {seconds}")
    if rules is None:
        batch = benchmark.prepare(seed)
    elif benchmark.prepare_game is not None:
        batch = benchmark.prepare_game(seed, rules)
    else:
        raise BenchError(f"the {benchmark.name} benchmark measures {benchmark.game_name} only")
    count = 0
    wall_start = time.perf_counter()
    cpu_start = time.process_time()
    while True:
        count += batch()
        wall = time.perf_counter() - wall_start
        if wall >= seconds:
            break
    cpu = time.process_time() - cpu_start
    details = getattr(batch, "details", None)
    return BenchResult(
        name=benchmark.name,
        description=benchmark.description,
        unit=benchmark.unit,
        count=count,
        cpu_seconds=cpu,
        wall_seconds=wall,
        goal=benchmark.goal,
        details=details() if callable(details) else {},
    )


def run_benchmarks(
    names: Iterable[str] | None = None,
    seconds: float = 3.0,
    seed: int = 0,
    rules: Rules | None = None,
) -> list[BenchResult]:
    """Run the named benchmarks (all when ``names`` is None; with ``rules``, all that every
    game can run), in registry order."""
    known = all_benchmarks()
    if names is not None:
        wanted = list(names)
    elif rules is None:
        wanted = list(known)
    else:
        wanted = [name for name, b in known.items() if b.prepare_game is not None]
    for name in wanted:
        if name not in known:
            raise BenchError(f"unknown benchmark {name!r} (known: {', '.join(known)})")
    return [run_benchmark(known[name], seconds, seed, rules) for name in wanted]


def startup_cpu(args: Sequence[str] = ("--help",), runs: int = 3) -> float:
    """The CPU seconds (user + system, the best of ``runs``) of a ``belot ARGS`` child process:
    what the command line costs before it does anything.

    The children run without ``PYTHONDONTWRITEBYTECODE``, after one untimed child has written
    the ``.pyc`` files: with the variable set (as in some shells), every start compiles each
    module again, which a user's installed package never does."""
    best = math.inf
    code = "import sys; from belot.cli import main; main(sys.argv[1:])"
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    command = [sys.executable, "-c", code, *args]
    quiet: dict[str, Any] = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    subprocess.run(command, env=env, check=False, **quiet)  # untimed: writes the .pyc files
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, env=env, check=False, **quiet)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        best = min(best, cpu)
    return best


def machine() -> dict[str, Any]:
    """Where the figures were measured."""
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "system": platform.system(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "date": time.strftime("%Y-%m-%d", time.gmtime()),
        # The engine compiled at install (mypyc), or why it runs from its Python source.
        "engine": "compiled" if build.compiled() else f"Python source: {build.PURE}",
    }


# --- the engine's benchmarks ---------------------------------------------------------------------

_DEALS_PER_BATCH: Final = 20
_BULGARIAN: Final = Rules.bulgarian()


class _Deals:
    """Random full deals through the public ``Deal`` API, as a client would drive it."""

    def __init__(self, seed: int, rules: Rules | None = None) -> None:
        self.rules = rules
        self.uniform = random.Random(seed).random
        self.next_seed = seed * 1_000_003

    def __call__(self) -> int:
        rules, uniform, next_seed = self.rules, self.uniform, self.next_seed
        for _ in range(_DEALS_PER_BATCH):
            deal = Deal.new(rules, seed=next_seed)
            next_seed += 1
            # No action is legal once the deal is over (and only then).
            while actions := deal.legal_actions():
                deal.push(actions[int(uniform() * len(actions))])
        self.next_seed = next_seed
        return _DEALS_PER_BATCH

    def details(self) -> dict[str, Any]:
        return {"game": "bulgarian" if self.rules is None else self.rules.preset}


def deal_states(count: int, seed: int = 0, rules: Rules | None = None) -> list[Deal]:
    """Every state met in ``count`` random deals (seeded) until each is over: the cut, the
    auction, declarations and the play, each an independent ``Deal``."""
    uniform = random.Random(seed).random
    states: list[Deal] = []
    for number in range(count):
        deal = Deal.new(rules, seed=seed * 1_000_003 + number)
        while not deal.is_over:
            states.append(deal.copy())
            actions = deal.legal_actions()
            deal.push(actions[int(uniform() * len(actions))])
    return states


def _prepare_legal_actions(seed: int, rules: Rules, *, again: bool = False) -> Batch:
    """``Deal.legal_actions()`` on every state of 300 random deals: asked for the first time
    of each state, or (``again``) of a state already asked."""
    states = deal_states(300, seed, rules)
    for state in states:
        state.legal_actions()

    def fresh() -> int:
        # What a push or pop does to the state's answer: forget it. The engine's memo of the
        # Play actions of a card set starts empty too, as in a new process.
        forget_plays()
        for state in states:
            state._offered = None
            state._legal = 0
            state.legal_actions()
        return len(states)

    def cached() -> int:
        for state in states:
            state.legal_actions()
        return len(states)

    return cached if again else fresh


def first_card_deals(count: int, seed: int = 0) -> list[Deal]:
    """``count`` deals at the first card of the play: shuffled (seeded) and cut, each contract in
    turn bid by the first player and passed by the others."""
    rng = random.Random(seed)
    deals: list[Deal] = []
    for number in range(count):
        deal = Deal.new(seed=seed * 1_000_003 + number)
        deal.push(Cut(rng.randrange(1, 32)))
        deal.push(Call.bid(Contract(number % 6)))
        for _ in range(3):
            deal.push(Call.pass_())
        deals.append(deal)
    return deals


def play_positions(count: int, seed: int = 0) -> list[PlayPosition]:
    """The positions of ``first_card_deals``."""
    return [position_from_deal(deal) for deal in first_card_deals(count, seed)]


def legal_queries(count: int, seed: int = 0) -> list[tuple[int, tuple[int, ...], int]]:
    """``count`` legal-card queries ``(hand, trick, contract)`` met in random deals."""
    rng = random.Random(seed)
    queries: list[tuple[int, tuple[int, ...], int]] = []
    for position in play_positions(count // 32 + 1, seed):
        record: list[tuple[int, int, int]] = []
        playout(position, rng, record)
        hands = list(position.hands)
        trick: list[int] = []
        for seat, _, card in record:
            queries.append((hands[seat], tuple(trick), position.contract))
            hands[seat] &= ~(1 << card)
            trick = [] if len(trick) == 3 else [*trick, card]
    return queries[:count]


class _Playouts:
    """Random playouts of whole play phases (8 tricks) from varied first positions."""

    def __init__(self, seed: int) -> None:
        self.positions = play_positions(200, seed)
        self.rng = random.Random(seed)
        self.points = 0
        self.runs = 0

    def __call__(self) -> int:
        uniform = self.rng
        total = 0
        for position in self.positions:
            ns, ew, _, _ = playout(position, uniform)
            total += ns + ew
        self.points += total
        self.runs += len(self.positions)
        return len(self.positions)

    def details(self) -> dict[str, Any]:
        return {
            "positions": len(self.positions),
            "mean_card_points": round(self.points / self.runs, 2) if self.runs else None,
        }


def _prepare_legal(seed: int) -> Batch:
    queries = legal_queries(20_000, seed)

    def batch() -> int:
        query = legal_mask
        for hand, trick, contract in queries:
            query(hand, trick, contract)
        return len(queries)

    return batch


register(
    Benchmark(
        "deals",
        "random full deals through the Deal API (cut, auction, declarations, play, score)",
        "deals",
        _Deals,
        goal=10_000,
        prepare_game=_Deals,
    )
)
register(
    Benchmark(
        "playouts",
        "random play-phase playouts of 8 tricks (engine.playout)",
        "playouts",
        _Playouts,
        goal=25_000,
    )
)
register(
    Benchmark(
        "legal",
        "legal-card queries (tricks.legal_mask) on positions from random deals",
        "queries",
        _prepare_legal,
        goal=1_000_000,
    )
)
# The other games' deals in a full run; `belot bench --game G` runs `deals` on G's rules.
for _game, _words in (
    ("french", "turned card, take or pass, play"),
    ("coinche", "eight cards, point auction, coinche, play"),
    ("bela", "six cards and two hidden, the dealer forced, play"),
):
    register(
        Benchmark(
            f"deals-{_game}",
            f"random full {GAME_NAMES[_game]} deals through the Deal API ({_words})",
            "deals",
            functools.partial(_Deals, rules=Rules.preset_named(_game)),
            goal=10_000,
            game=_game,
        )
    )
register(
    Benchmark(
        "legal-actions",
        "Deal.legal_actions() asked for the first time of each state of random deals",
        "queries",
        lambda seed: _prepare_legal_actions(seed, _BULGARIAN),
        goal=1_500_000,
        prepare_game=_prepare_legal_actions,
    )
)
register(
    Benchmark(
        "legal-actions-again",
        "Deal.legal_actions() asked again of the same state (the answer is kept until a push)",
        "queries",
        lambda seed: _prepare_legal_actions(seed, _BULGARIAN, again=True),
        goal=5_000_000,
        prepare_game=functools.partial(_prepare_legal_actions, again=True),
    )
)

"""Duplicate matches between bots: the figures that say which bot is stronger.

>>> result = duel("basic", "random", deals=4, workers=1, matches=0, seed=1)
>>> result.pairs, len(result.diffs)
(4, 4)

Every deal is played twice from the same deck, dealer and cut, with the cards swapped between
the teams: bot A as North-South and B as East-West, then B as North-South and A as East-West,
so the luck of the cards cancels. A *duplicate pair* is those two plays; the figures per deal
(game points written, hanging shares not counted) are averaged over pairs with a 95% normal
confidence interval. Matches to the rules' target (151 in Bulgarian Belot, 1000 in French Belote
and Coinche, 1001 in Bela), ended as the game ends them, are played the same way: the same
sequence of decks twice with the seats swapped.

Work is cut into chunks of deals run in parallel on all cores (``concurrent.futures``), or on a
Ray cluster with ``ray_address`` (Ray is imported only then); both run the same task function,
and the chunks are summed in the same order, so a seed gives the same figures on either.
"""

from __future__ import annotations

import json
import logging
import math
import os
import random
import socket
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, NamedTuple, TextIO, TypedDict, Unpack

from belot.bots import make
from belot.bots.base import Bot
from belot.engine.actions import CAPOT_LEVEL, Cut
from belot.engine.contracts import Contract
from belot.engine.deal import Deal
from belot.engine.errors import BelotError
from belot.engine.games import game_of
from belot.engine.games.coinche import BID_LEVELS, bid_level
from belot.engine.rules import Rules
from belot.engine.scoring import Outcome
from belot.engine.sheet import ScoreSheet
from belot.engine.table import Seat, Team

__all__ = [
    "Chunk",
    "DuelOptions",
    "DuelResult",
    "PairResult",
    "ThinkTimes",
    "TournamentResult",
    "check",
    "deal_pair",
    "duel",
    "duel_bots",
    "duel_deal",
    "duel_pairs",
    "elo_ratings",
    "match_pair",
    "mean_ci",
    "percentile",
    "ray_connect",
    "ray_cpus",
    "ray_module",
    "seatings",
    "summarise",
    "tournament",
]

#: z for a two-sided 95% interval.
Z95: Final = 1.959963984540054
#: A match that has not ended after this many deals is stopped and counted as drawn.
MAX_MATCH_DEALS: Final = 400


# --- statistics ----------------------------------------------------------------------------


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% normal confidence interval."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return (mean, math.inf)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, Z95 * math.sqrt(var / n))


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) by the nearest-rank method."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def elo_ratings(
    names: Sequence[str], games: Iterable[tuple[int, int, float]], *, prior: float = 1.0
) -> list[float]:
    """Elo ratings (mean 1500) fitted by maximum likelihood (Bradley–Terry) to ``games``.

    Each game is ``(i, j, score of i)`` with the score 1, 0.5 or 0. ``prior`` adds that many
    virtual draws to every pair that met, so a bot that won every game gets a finite rating.
    """
    n = len(names)
    wins = [0.0] * n
    meetings = [[0.0] * n for _ in range(n)]
    for i, j, score in games:
        wins[i] += score
        wins[j] += 1 - score
        meetings[i][j] += 1
        meetings[j][i] += 1
    for i in range(n):
        for j in range(n):
            if i != j and meetings[i][j]:
                meetings[i][j] += prior
                wins[i] += prior / 2
    strength = [1.0] * n
    for _ in range(2000):
        new = []
        for i in range(n):
            denom = sum(
                meetings[i][j] / (strength[i] + strength[j]) for j in range(n) if meetings[i][j]
            )
            new.append(wins[i] / denom if denom and wins[i] > 0 else strength[i])
        # Fix the scale each round (geometric mean 1) so the fit converges.
        log_mean = sum(math.log(s) for s in new) / n
        new = [s / math.exp(log_mean) for s in new]
        done = max(abs(a - b) for a, b in zip(new, strength, strict=True)) < 1e-12
        strength = new
        if done:
            break
    ratings = [400 * math.log10(s) for s in strength]
    shift = 1500 - sum(ratings) / n
    return [r + shift for r in ratings]


# --- playing -------------------------------------------------------------------------------


class ThinkTimes(NamedTuple):
    """Think time (CPU) of a side's decisions, in milliseconds."""

    decisions: int
    mean: float
    p50: float
    p99: float
    max: float

    @classmethod
    def of(cls, microseconds: Sequence[int]) -> ThinkTimes:
        if not microseconds:
            return cls(0, math.nan, math.nan, math.nan, math.nan)
        return cls(
            len(microseconds),
            sum(microseconds) / len(microseconds) / 1000,
            percentile(microseconds, 50) / 1000,
            percentile(microseconds, 99) / 1000,
            max(microseconds) / 1000,
        )


@dataclass(frozen=True, slots=True)
class _Side:
    level: str
    seed: int
    think: float | None


@dataclass(frozen=True, slots=True)
class _Task:
    """A chunk of work: deal pairs or match pairs ``start .. start + count - 1``."""

    kind: str  # "deals" or "matches"
    a: _Side
    b: _Side
    rules: dict[str, Any]
    seed: int
    start: int
    count: int
    #: Deal pairs numbered below this have every card checked against the solver.
    analyse: int = 0


@dataclass(frozen=True, slots=True)
class _Game:
    """One play of a deal: who declared what and how it went, and the points per side."""

    contract: int | None  # None when all four passed
    declarer: int | None  # 0 = side A, 1 = side B
    outcome: str | None
    points: tuple[int, int]  # game points written by side A and side B
    level: int = 0  # a Coinche bid's points (CAPOT_LEVEL for a capot), 0 in the other games


@dataclass(frozen=True, slots=True)
class PairResult:
    """A deal played twice with the seats swapped."""

    number: int
    games: tuple[_Game, _Game]

    @property
    def a(self) -> float:
        """Side A's game points per deal in this pair."""
        return (self.games[0].points[0] + self.games[1].points[0]) / 2

    @property
    def b(self) -> float:
        return (self.games[0].points[1] + self.games[1].points[1]) / 2


@dataclass
class Chunk:
    """What a run of pairs played: the deal pairs, the match pairs, each side's think times,
    the deals played and the cards checked against the solver (the unit of work, and what
    ``summarise`` reads)."""

    pairs: list[PairResult] = field(default_factory=list)
    #: Per match pair: side A's match score in each half (1 win, 0 loss, 0.5 unfinished).
    matches: list[tuple[float, float]] = field(default_factory=list)
    #: Think times in microseconds, per side.
    think: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    deals_played: int = 0
    #: Per side: card points lost against the perfect-information solver, and cards checked.
    solver_loss: tuple[list[int], list[int]] = field(default_factory=lambda: ([0, 0], [0, 0]))

    def to_json(self, task: _Task) -> dict[str, Any]:
        """This chunk as one line of a duel's log, with the pairs it played."""
        return {
            "kind": task.kind,
            "start": task.start,
            "count": task.count,
            "pairs": [
                [
                    p.number,
                    [[g.contract, g.declarer, g.outcome, list(g.points), g.level] for g in p.games],
                ]
                for p in self.pairs
            ],
            "matches": [list(m) for m in self.matches],
            "think": [list(self.think[0]), list(self.think[1])],
            "deals_played": self.deals_played,
            "solver_loss": [list(self.solver_loss[0]), list(self.solver_loss[1])],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Chunk:
        def game(row: list[Any]) -> _Game:
            contract, declarer, outcome, (a, b), *level = row  # logs before Coinche: no level
            return _Game(
                contract, declarer, outcome, (int(a), int(b)), int(level[0]) if level else 0
            )

        return cls(
            pairs=[PairResult(int(n), (game(g[0]), game(g[1]))) for n, g in data["pairs"]],
            matches=[(float(x), float(y)) for x, y in data["matches"]],
            think=([int(t) for t in data["think"][0]], [int(t) for t in data["think"][1]]),
            deals_played=int(data["deals_played"]),
            solver_loss=(
                [int(x) for x in data["solver_loss"][0]],
                [int(x) for x in data["solver_loss"][1]],
            ),
        )


def _bots(side: _Side) -> list[Bot]:
    return [make(side.level, seed=side.seed * 4 + seat, think=side.think) for seat in range(4)]


def _sides(a: str, b: str, seed: int, think: float | None) -> tuple[_Side, _Side]:
    return _Side(a, 2 * seed, think), _Side(b, 2 * seed + 1, think)


def duel_bots(a: str, b: str, seed: int, think: float | None = None) -> tuple[list[Bot], list[Bot]]:
    """Side A's and side B's bots (one a seat) as ``duel`` makes them for ``seed``. A bot decides
    by its seed and what its seat sees only, so fresh ones play any of the duel's deal pairs
    (``deal_pair``) again as the duel played it."""
    side_a, side_b = _sides(a, b, seed, think)
    return _bots(side_a), _bots(side_b)


def _play(deal: Deal, seats: Sequence[Bot], side_of: Sequence[int], think: Chunk) -> None:
    """Play ``deal`` to the end with ``seats[seat]``, timing each decision for its side.

    Think time is the deciding thread's CPU time, so that other work on a busy machine does
    not count against a bot (a bot that only waited would show none)."""
    clock = time.thread_time_ns
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        view = deal.view(seat)
        started = clock()
        action = seats[seat].act(view)
        think.think[side_of[seat]].append((clock() - started) // 1000)
        deal.push(action)
    think.deals_played += 1


def _deck_seed(seed: int, kind: str, number: int, deal: int = 0) -> str:
    return f"{kind}:{seed}:{number}:{deal}"


def _cut(deck_seed: str) -> Cut:
    return Cut(random.Random("cut:" + deck_seed).randint(1, 31))


def duel_deal(rules: Rules, seed: int, number: int) -> Deal:
    """The duels' deal pair ``number`` of ``seed``, dealt and cut, its auction not begun (each
    half of the pair plays one of these)."""
    deck_seed = _deck_seed(seed, "deal", number)
    deal = Deal(rules, dealer=Seat(number % 4), seed=deck_seed)
    deal.push(_cut(deck_seed))
    return deal


def _game(deal: Deal, a_team: Team) -> _Game:
    if deal.contract is None or deal.result is None:
        return _Game(None, None, None, (0, 0))
    written = deal.result.written
    assert deal.declarers is not None
    return _Game(
        int(deal.contract),
        0 if deal.declarers is a_team else 1,
        deal.result.outcome.value,
        (written[a_team], written[a_team.other]),
        bid_level(deal.calls),
    )


def _run_task(task: _Task) -> Chunk:
    """Play one chunk (the unit of work for processes and for Ray)."""
    rules = Rules.from_dict(task.rules)
    bots = (_bots(task.a), _bots(task.b))
    chunk = Chunk()
    for number in range(task.start, task.start + task.count):
        if task.kind == "deals":
            pair = deal_pair(rules, bots, task.seed, number, chunk, analyse=number < task.analyse)
            chunk.pairs.append(pair)
        else:
            chunk.matches.append(match_pair(rules, bots, task.seed, number, chunk))
    return chunk


def seatings(bots: tuple[list[Bot], list[Bot]]) -> list[tuple[Team, list[Bot], list[int]]]:
    """The two seatings of a duplicate pair: side A as NS then A as EW, with the bot and the
    side (0 for A, 1 for B) of each seat."""
    out = []
    for a_team in (Team.NS, Team.EW):
        seats = [bots[0][s] if Seat(s).team is a_team else bots[1][s] for s in range(4)]
        side_of = [0 if Seat(s).team is a_team else 1 for s in range(4)]
        out.append((a_team, seats, side_of))
    return out


def deal_pair(
    rules: Rules,
    bots: tuple[list[Bot], list[Bot]],
    seed: int,
    number: int,
    chunk: Chunk | None = None,
    *,
    analyse: bool = False,
) -> PairResult:
    """The duels' deal pair ``number`` of ``seed``, played by ``bots`` (side A's four seats'
    bots, side B's): A as NS, then A as EW (think times go to ``chunk``; with ``analyse``,
    every card checked against the solver too)."""
    chunk = Chunk() if chunk is None else chunk
    games = []
    for a_team, seats, side_of in seatings(bots):
        deal = duel_deal(rules, seed, number)
        _play(deal, seats, side_of, chunk)
        games.append(_game(deal, a_team))
        if analyse and deal.contract is not None:
            _check_cards(deal, side_of, chunk)
    return PairResult(number, (games[0], games[1]))


def _check_cards(deal: Deal, side_of: Sequence[int], chunk: Chunk) -> None:
    """Add what each card of ``deal`` lost against best play with all hands open."""
    from belot.bots.analysis import annotate  # the solver is compiled: load it only if asked

    for note in annotate(deal):
        loss = chunk.solver_loss[side_of[note.seat]]
        loss[0] += note.cost
        loss[1] += 1


def match_pair(
    rules: Rules,
    bots: tuple[list[Bot], list[Bot]],
    seed: int,
    number: int,
    chunk: Chunk | None = None,
) -> tuple[float, float]:
    """The duels' match pair ``number`` of ``seed``, played by ``bots`` as ``deal_pair``'s:
    side A's score in each match (1 won, 0 lost, 0.5 unfinished)."""
    chunk = Chunk() if chunk is None else chunk
    scores = []
    for a_team, seats, side_of in seatings(bots):
        sheet = ScoreSheet(target=rules.target, ends=game_of(rules).match_winner)
        dealer = Seat(number % 4)
        score = 0.5
        for k in range(MAX_MATCH_DEALS):
            deck_seed = _deck_seed(seed, "match", number, k)
            deal = Deal(rules, dealer=dealer, seed=deck_seed, standing=sheet.standing)
            deal.push(_cut(deck_seed))
            _play(deal, seats, side_of, chunk)
            dealer = deal.next_seat(dealer)
            if deal.result is None:
                continue  # all passed: the next player deals
            sheet.add(deal.score(sheet.hanging))
            if sheet.winner is not None:
                score = 1.0 if sheet.winner is a_team else 0.0
                break
        scores.append(score)
    return (scores[0], scores[1])


def _chunks(
    kind: str,
    total: int,
    workers: int,
    base: dict[str, Any],
    done: frozenset[int] = frozenset(),
) -> list[_Task]:
    """Tasks of a few pairs each over the pairs not ``done`` (one pair each where cards are
    checked by the solver)."""
    pending = [number for number in range(total) if number not in done]
    size = max(1, min(25 if kind == "deals" else 2, math.ceil(len(pending) / (workers * 8))))
    slow = base["analyse"] if kind == "deals" else 0
    starts: list[tuple[int, int]] = []
    for number in pending:
        if starts and number >= slow:
            start, count = starts[-1]
            if start >= slow and start + count == number and count < size:
                starts[-1] = (start, count + 1)
                continue
        starts.append((number, 1))
    return [_Task(kind=kind, start=start, count=count, **base) for start, count in starts]


def _execute(
    tasks: Sequence[_Task],
    workers: int,
    ray_address: str | None,
    finished: Callable[[_Task, Chunk], None],
) -> list[Chunk]:
    """Run every task: in this process, in a process pool, or on Ray; same function for all
    (``finished`` is called with each task and its chunk as it ends). The chunks come back in
    the order of ``tasks``, however they finished, so every backend sums them alike."""
    place = {id(task): index for index, task in enumerate(tasks)}
    results: dict[int, Chunk] = {}

    def done(task: _Task, chunk: Chunk) -> None:
        results[place[id(task)]] = chunk
        finished(task, chunk)

    if ray_address is not None:
        for task, chunk in _ray_run(tasks, ray_address):
            done(task, chunk)
    elif workers <= 1:
        for task in tasks:
            done(task, _run_task(task))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {pool.submit(_run_task, task): task for task in tasks}
            for future in as_completed(futures):
                task = futures[future]
                try:
                    chunk = future.result()
                except Exception as error:
                    pool.shutdown(wait=False, cancel_futures=True)
                    raise _failed(task, error) from error
                done(task, chunk)
    return [results[index] for index in sorted(results)]


def _failed(task: _Task, error: BaseException) -> BelotError:
    last = task.start + task.count - 1
    kind = "deal pairs" if task.kind == "deals" else "match pairs"
    return BelotError(
        f"a worker failed on {kind} {task.start}-{last}: {type(error).__name__}: {error}"
    )


def ray_module() -> Any:
    """The ``ray`` package, or a ``BelotError`` saying how to install it."""
    try:
        import ray  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise BelotError(
            "--ray needs Ray, which is not installed: pip install 'belot[ray]' (on every machine)"
        ) from None
    return ray


def _host_port(address: str) -> tuple[str, int]:
    """``HOST:PORT`` of a Ray head (``[::1]:6379`` for IPv6), or a ``BelotError``."""
    host, _, port = address.strip().rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise BelotError(
            f"--ray takes the Ray head's HOST:PORT (like 10.0.0.1:6379), not {address!r}"
        )
    return host, int(port)


#: The address of the Ray cluster this process joined (in ``ray_connect``).
_joined: dict[str, str] = {}


def ray_connect(address: str) -> Any:
    """The ``ray`` package connected to the cluster whose head is at ``address`` (kept for the
    rest of the process), or a ``BelotError`` saying why it cannot be reached."""
    ray = ray_module()
    if ray.is_initialized():
        if _joined.get("address", address) == address:
            return ray  # joined here already, or by the caller's own ray.init
        ray.shutdown()  # joined another cluster here before: leave it for this one
    host, port = _host_port(address)
    # Ray retries an address that does not answer for minutes: ask once, quickly, first.
    try:
        socket.create_connection((host, port), timeout=5).close()
    except OSError as error:
        why = error.strerror or type(error).__name__
        raise BelotError(
            f"no Ray cluster at {address}: {why} (is `ray start --head` running?)"
        ) from None
    # One try at a port where something else answers (about 40 s), not Ray's many.
    os.environ.setdefault("RAY_gcs_server_port_wait_time_s", "1")
    try:
        ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
    except Exception as error:
        raise BelotError(
            f"cannot join the Ray cluster at {address}: {_first_line(error)}"
        ) from None
    _joined["address"] = address
    return ray


def ray_cpus(address: str) -> int:
    """The CPUs of the Ray cluster at ``address`` (at least 1)."""
    return max(1, int(ray_connect(address).cluster_resources().get("CPU", 1)))


def _first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def _belot_version() -> str:
    from importlib.metadata import version

    return version("belot")


class _OtherVersion(BelotError):
    """A Ray worker runs another belot than the driver."""


def _ray_task(task: _Task, version: str) -> Chunk:
    """``_run_task`` on a Ray worker, which must run the driver's belot ``version``."""
    here = _belot_version()
    if here != version:
        raise _OtherVersion(
            f"the Ray worker on {socket.gethostname()} has belot {here}, this machine {version}: "
            "install the same belot on every machine"
        )
    return _run_task(task)


def _ray_run(tasks: Sequence[_Task], address: str) -> Iterable[tuple[_Task, Chunk]]:
    """Each task and its chunk, run as Ray tasks on the cluster at ``address``, as they finish.

    The workers import belot themselves (the function goes by name, not by value): every
    machine of the cluster needs the same belot installed, which each task checks."""
    ray = ray_connect(address)
    remote = ray.remote(_ray_task)
    version = _belot_version()
    pending = {remote.remote(task, version): task for task in tasks}
    try:
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                task = pending.pop(ref)
                try:
                    chunk = ray.get(ref)
                except ray.exceptions.RayTaskError as error:
                    cause = error.cause
                    if isinstance(cause, _OtherVersion):
                        raise BelotError(str(cause)) from None
                    raise _failed(task, cause) from None
                except ray.exceptions.RayError as error:
                    raise BelotError(
                        f"Ray lost {task.kind} {task.start}: {_first_line(error)}"
                    ) from None
                yield task, chunk
    finally:
        for ref in pending:
            ray.cancel(ref)


# --- the log -------------------------------------------------------------------------------

#: The first line of a duel's log names it with this key (its value: the format's version).
_LOG_KEY: Final = "belot_duel_log"


class _Log:
    """A duel's log: a header naming the duel (bots, seed, think, rules, cards checked), then a
    JSON line per finished chunk with the pairs it played. A run given the log of the same duel
    plays only the pairs it does not hold, so an interrupted duel resumes and a finished one
    grows with more deals or matches."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self.header = json.loads(json.dumps({_LOG_KEY: 1, **header}))
        #: (kind, start, count, chunk) of each chunk the log holds, in its order.
        self.chunks: list[tuple[str, int, int, Chunk]] = []
        self._file: TextIO | None = None
        self._keep = 0  # bytes of the file that hold whole records
        self._unended = False  # its last record lacks the end of its line

    def read(self) -> None:
        """Read the chunks of an existing log (a last line cut off by an interrupted run is
        dropped); ``BelotError`` for a log of another duel or a line that is not a log's."""
        try:
            text = self.path.read_text(encoding="utf-8") if self.path.exists() else ""
        except (OSError, UnicodeDecodeError) as error:
            raise BelotError(f"cannot read the duel log {self.path}: {error}") from None
        lines = text.splitlines(keepends=True)
        if lines and not lines[-1].endswith("\n"):
            try:
                json.loads(lines[-1])
                self._unended = True  # whole but for its end of line
            except ValueError:
                lines.pop()  # cut off as it was written: the run stopped there
        self._keep = sum(len(line.encode("utf-8")) for line in lines)
        for number, line in enumerate(lines, 1):
            where = f"duel log {self.path}, line {number}"
            try:
                record = json.loads(line)
            except ValueError as error:
                raise BelotError(f"{where}: malformed JSON ({error})") from None
            if number == 1:
                self._check_header(record, where)
                continue
            try:
                kind, start, count = record["kind"], int(record["start"]), int(record["count"])
                if kind not in ("deals", "matches"):
                    raise ValueError(f"kind {kind!r}")
                self.chunks.append((kind, start, count, Chunk.from_json(record)))
            except (IndexError, KeyError, TypeError, ValueError) as error:
                raise BelotError(f"{where}: not a chunk of pairs ({error!r})") from None

    def _check_header(self, record: Any, where: str) -> None:
        if not isinstance(record, dict) or _LOG_KEY not in record:
            raise BelotError(f"{where}: not a belot duel log (no {_LOG_KEY!r} header)")
        for key, value in self.header.items():
            if record.get(key) != value:
                raise BelotError(
                    f"{self.path} is the log of another duel ({key} {record.get(key)!r} there, "
                    f"{value!r} here): give another --log file"
                )

    def done(self, kind: str, total: int) -> tuple[list[Chunk], frozenset[int]]:
        """The logged chunks of ``kind`` within its first ``total`` pairs, and their pairs
        (a chunk that overlaps one taken before it is left out)."""
        taken: set[int] = set()
        chunks = []
        for logged_kind, start, count, chunk in self.chunks:
            numbers = set(range(start, start + count))
            if logged_kind == kind and start + count <= total and not numbers & taken:
                taken |= numbers
                chunks.append(chunk)
        return chunks, frozenset(taken)

    def open(self) -> None:
        """Open the log for appending: cut off a partial last line, write the header if new."""
        try:
            self._file = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - closed later
            self._file.truncate(self._keep)
            self._file.seek(0, os.SEEK_END)
            if self._unended:
                self._file.write("\n")
            if not self._keep:
                self._write(self.header)
        except OSError as error:
            raise BelotError(f"cannot write the duel log {self.path}: {error}") from None

    def append(self, task: _Task, chunk: Chunk) -> None:
        self._write(chunk.to_json(task))

    def _write(self, record: dict[str, Any]) -> None:
        assert self._file is not None
        self._file.write(json.dumps(record, separators=(",", ":")) + "\n")
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


# --- results -------------------------------------------------------------------------------


@dataclass
class DuelResult:
    """The figures of a duplicate duel of bot A against bot B."""

    a: str
    b: str
    pairs: int
    seed: int
    diffs: list[float]
    a_points: tuple[float, float]
    b_points: tuple[float, float]
    diff: tuple[float, float]
    #: Duplicate pairs where A scored more, equal, less.
    pair_record: tuple[int, int, int]
    matches: int
    match_score: tuple[float, float]
    #: Per side, per contract name: [played, made, inside, hanging].
    contracts: tuple[dict[str, list[int]], dict[str, list[int]]]
    all_passed: int
    #: Per side: think time (CPU) of its decisions.
    think: tuple[ThinkTimes, ThinkTimes]
    deals_played: int
    seconds: float
    workers: int
    #: Where the deals ran: ``processes``, ``this process`` or ``ray ADDRESS``.
    backend: str = "processes"
    #: Per side: card points lost against the perfect-information solver, and cards checked.
    solver_loss: tuple[tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0))
    pair_results: list[PairResult] = field(repr=False, default_factory=list)
    #: Pairs (deal and match pairs) taken from the duel's log, not played by this run.
    resumed: int = 0
    #: The game (rules preset) and the target its matches were played to.
    game: str = "bulgarian"
    target: int = 151

    def to_json(self) -> dict[str, Any]:
        def contracts(side: int) -> dict[str, Any]:
            return {
                name: {
                    "played": c[0],
                    "made": c[1],
                    "inside": c[2],
                    "hanging": c[3],
                    "success": c[1] / c[0] if c[0] else None,
                }
                for name, c in self.contracts[side].items()
            }

        def side(index: int, name: str, points: tuple[float, float]) -> dict[str, Any]:
            times = self.think[index]
            return {
                "bot": name,
                "points_per_deal": _finite(points[0]),
                "ci95": _finite(points[1]),
                "contracts": contracts(index),
                "think_cpu_ms": times._asdict(),
                "solver_loss_per_card": self.loss_per_card(index),
                "cards_checked": self.solver_loss[index][1],
            }

        wins, draws, losses = self.pair_record
        return {
            "pairs": self.pairs,
            "deals_played": self.deals_played,
            "seed": self.seed,
            "a": side(0, self.a, self.a_points),
            "b": side(1, self.b, self.b_points),
            "diff_per_deal": _finite(self.diff[0]),
            "diff_ci95": _finite(self.diff[1]),
            "pairs_won_drawn_lost": [wins, draws, losses],
            "matches": self.matches,
            "match_win_rate_a": _finite(self.match_score[0]),
            "match_win_rate_ci95": _finite(self.match_score[1]),
            "all_passed_deals": self.all_passed,
            "seconds": self.seconds,
            "workers": self.workers,
            "backend": self.backend,
            "resumed_pairs": self.resumed,
            "game": self.game,
            "target": self.target,
        }

    def loss_per_card(self, side: int) -> float | None:
        """Card points side 0 (A) or 1 (B) lost per card against the solver (None: unchecked)."""
        lost, cards = self.solver_loss[side]
        return lost / cards if cards else None

    def _where(self) -> str:
        return f"{self.workers} processes" if self.backend == "processes" else self.backend

    def render(self) -> str:
        """A plain-text report."""
        resumed = f"; {self.resumed} pairs from the log" if self.resumed else ""
        where = f"(seed {self.seed}, {self._where()}, {self.seconds:.1f} s{resumed})"
        if not self.pairs:
            lines = [f"duplicate matches of {self.game}: {self.a} (A) vs {self.b} (B) {where}"]
        else:
            lines = [
                f"duplicate duel of {self.game}: {self.a} (A) vs {self.b} (B), "
                f"{self.pairs} deals x 2 {where}",
                f"  game points per deal  A {self.a_points[0]:6.2f} ± {self.a_points[1]:.2f}"
                f"   B {self.b_points[0]:6.2f} ± {self.b_points[1]:.2f}",
                f"  A - B per deal        {self.diff[0]:+6.2f} ± {self.diff[1]:.2f}  (95% CI)",
                "  duplicate pairs won/drawn/lost by A  "
                + "/".join(str(x) for x in self.pair_record),
            ]
        if self.matches:
            rate, ci = self.match_score
            lines.append(
                f"  matches to {self.target}: A wins {100 * rate:.1f}% ± {100 * ci:.1f}% "
                f"of {2 * self.matches} ({self.matches} duplicate pairs)"
            )
        if self.pairs:
            lines.append(f"  all-passed deals: {self.all_passed}")
        if self.solver_loss[0][1] or self.solver_loss[1][1]:
            lines.append(
                "  card points lost per card against the solver (all hands open): "
                + ", ".join(
                    f"{name} {self.loss_per_card(i) or 0:.2f} ({self.solver_loss[i][1]} cards)"
                    for i, name in ((0, self.a), (1, self.b))
                )
            )
        for index, name in ((0, self.a), (1, self.b)):
            t = self.think[index]
            parts = []
            for contract, c in self.contracts[index].items():
                if c[0]:
                    parts.append(f"{contract} {100 * c[1] / c[0]:.0f}% of {c[0]}")
            # Contracts are counted in the deal pairs only.
            made = f"; contracts made: {', '.join(parts) or 'none'}" if self.pairs else ""
            lines.append(
                f"  {name}: think (CPU) mean {t.mean:.3f} ms, p50 {t.p50:.3f} ms,"
                f" p99 {t.p99:.3f} ms, max {t.max:.3f} ms ({t.decisions} decisions){made}"
            )
        return "\n".join(lines)


def _finite(value: float) -> float | None:
    """``value`` for JSON: None where there is no figure (NaN) or no interval (one pair)."""
    return value if math.isfinite(value) else None


def _contract_names(rules: Rules) -> list[str]:
    """What a duel counts contracts by: Coinche's bid levels (its suits are alike), the
    contracts of the other games."""
    if rules.preset == "coinche":
        return [_level_name(level) for level in (*BID_LEVELS, CAPOT_LEVEL)]
    return [c.text for c in Contract if rules.preset == "bulgarian" or c.is_suit]


def _level_name(level: int) -> str:
    return "capot" if level == CAPOT_LEVEL else str(level)


def summarise(
    a: str,
    b: str,
    seed: int,
    workers: int,
    chunks: Sequence[Chunk],
    seconds: float,
    backend: str,
    rules: Rules,
) -> DuelResult:
    """The figures of a duel of ``a`` against ``b`` from the ``chunks`` its pairs played."""
    pairs = sorted((p for c in chunks for p in c.pairs), key=lambda p: p.number)
    diffs = [p.a - p.b for p in pairs]
    names = _contract_names(rules)
    contracts: tuple[dict[str, list[int]], dict[str, list[int]]] = (
        {name: [0, 0, 0, 0] for name in names},
        {name: [0, 0, 0, 0] for name in names},
    )
    all_passed = 0
    for pair in pairs:
        for game in pair.games:
            if game.contract is None or game.declarer is None or game.outcome is None:
                all_passed += 1
                continue
            name = _level_name(game.level) if game.level else Contract(game.contract).text
            row = contracts[game.declarer][name]
            row[0] += 1
            row[
                1 + (Outcome.MADE, Outcome.INSIDE, Outcome.HANGING).index(Outcome(game.outcome))
            ] += 1
    matches = [m for c in chunks for m in c.matches]
    match_values = [(x + y) / 2 for x, y in matches]
    think = [ThinkTimes.of([t for c in chunks for t in c.think[side]]) for side in (0, 1)]
    return DuelResult(
        a=a,
        b=b,
        pairs=len(pairs),
        seed=seed,
        diffs=diffs,
        a_points=mean_ci([p.a for p in pairs]),
        b_points=mean_ci([p.b for p in pairs]),
        diff=mean_ci(diffs),
        pair_record=(
            sum(1 for d in diffs if d > 0),
            sum(1 for d in diffs if d == 0),
            sum(1 for d in diffs if d < 0),
        ),
        matches=len(matches),
        match_score=mean_ci(match_values) if match_values else (math.nan, math.nan),
        contracts=contracts,
        all_passed=all_passed,
        think=(think[0], think[1]),
        deals_played=sum(c.deals_played for c in chunks),
        seconds=seconds,
        workers=workers,
        backend=backend,
        solver_loss=(
            (sum(c.solver_loss[0][0] for c in chunks), sum(c.solver_loss[0][1] for c in chunks)),
            (sum(c.solver_loss[1][0] for c in chunks), sum(c.solver_loss[1][1] for c in chunks)),
        ),
        pair_results=pairs,
        game=rules.preset,
        target=rules.target,
    )


def check(
    levels: Iterable[str],
    deals: int,
    matches: int | None = None,
    workers: int | None = None,
    ray_address: str | None = None,
    analyse: int = 0,
    rules: Rules | None = None,
) -> None:
    """Raise ``BelotError`` naming the first bad argument of ``duel`` or ``tournament``."""
    from belot.bots import LEVELS, why_not_plays

    for level in levels:
        if level not in LEVELS:
            raise BelotError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    for level in levels:
        why = why_not_plays(level, (rules or Rules.bulgarian()).preset)
        if why is not None:
            raise BelotError(why)
    if deals < 0:
        raise BelotError(f"--deals must be 0 or more, not {deals}")
    if analyse < 0:
        raise BelotError(f"--solver-loss must be 0 or more, not {analyse}")
    if matches is not None and matches < 0:
        raise BelotError(f"--matches must be 0 or more, not {matches}")
    if deals == 0 and not matches:
        raise BelotError("nothing to play: --deals 0 needs --matches 1 or more")
    if workers is not None and workers < 1:
        raise BelotError(f"--workers must be at least 1, not {workers}")
    if ray_address is not None:
        ray_module()


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


class DuelOptions(TypedDict, total=False):
    """The options of ``duel`` that ``tournament`` passes on to each of its duels."""

    matches: int | None
    seed: int
    workers: int | None
    rules: Rules | None
    think: float | None
    ray_address: str | None


def _match_pairs(deals: int, matches: int | None) -> int:
    return deals // 20 if matches is None else matches


def duel_pairs(deals: int, matches: int | None = None) -> int:
    """How many pairs a duel plays: ``deals`` deal pairs and ``matches`` match pairs (default
    ``deals // 20``); ``progress`` is called with parts of this."""
    return deals + _match_pairs(deals, matches)


def duel(
    a: str,
    b: str,
    *,
    deals: int = 2000,
    matches: int | None = None,
    seed: int = 1,
    workers: int | None = None,
    rules: Rules | None = None,
    think: float | None = None,
    ray_address: str | None = None,
    progress: Callable[[int], None] | None = None,
    analyse: int = 0,
    log: str | Path | None = None,
) -> DuelResult:
    """A duplicate duel of bot level ``a`` against ``b``: ``deals`` deal pairs and ``matches``
    match pairs (default ``deals // 20``). ``progress`` is called with each finished chunk's
    number of pairs (deal pairs plus match pairs). The cards of the first ``analyse`` deal
    pairs are checked against the perfect-information solver (slow: a solve per card).

    With ``log`` (a file), each finished chunk of pairs is appended to it as a JSON line; given
    the log of the same duel (bots, seed, think, rules, ``analyse``), the pairs it holds are
    taken from it and only the others are played: an interrupted duel resumes where it stopped,
    and a finished one grows with more deals or matches."""
    matches = _match_pairs(deals, matches)
    rules = rules or Rules.bulgarian()
    check((a, b), deals, matches, workers, ray_address, analyse, rules)
    if workers is None:
        # The chunks are cut for the cores that run them: on Ray, the cluster's.
        workers = default_workers() if ray_address is None else ray_cpus(ray_address)
    side_a, side_b = _sides(a, b, seed, think)
    base = {
        "a": side_a,
        "b": side_b,
        "rules": rules.to_dict(),
        "seed": seed,
        "analyse": analyse,
    }
    journal = None
    logged: list[Chunk] = []
    done: dict[str, frozenset[int]] = {"matches": frozenset(), "deals": frozenset()}
    if log is not None:
        header = {"a": a, "b": b, "seed": seed, "think": think, "rules": base["rules"]}
        journal = _Log(Path(log), {**header, "analyse": analyse})
        journal.read()
        for kind, total in (("matches", matches), ("deals", deals)):
            chunks, done[kind] = journal.done(kind, total)
            logged += chunks
        journal.open()
    resumed = len(done["matches"]) + len(done["deals"])
    if progress is not None and resumed:
        progress(resumed)

    def finished(task: _Task, chunk: Chunk) -> None:
        if journal is not None:
            journal.append(task, chunk)
        if progress is not None:
            progress(task.count)

    tasks = _chunks("matches", matches, workers, base, done["matches"]) if matches else []
    tasks += _chunks("deals", deals, workers, base, done["deals"])
    started = time.perf_counter()
    try:
        chunks = _execute(tasks, workers, ray_address, finished)
    finally:
        if journal is not None:
            journal.close()
    if ray_address is not None:
        backend = f"ray {ray_address}"
    else:
        backend = "processes" if workers > 1 else "this process"
    seconds = time.perf_counter() - started
    result = summarise(a, b, seed, workers, logged + chunks, seconds, backend, rules)
    result.resumed = resumed
    return result


@dataclass
class TournamentResult:
    """Every pair of bots in duplicate duels, with an Elo table."""

    names: list[str]
    duels: list[DuelResult]
    elo: list[float]

    def to_json(self) -> dict[str, Any]:
        table = sorted(zip(self.names, self.elo, strict=True), key=lambda x: -x[1])
        return {
            "elo": [{"bot": n, "elo": round(e, 1)} for n, e in table],
            "duels": [d.to_json() for d in self.duels],
        }

    def render(self) -> str:
        lines = ["Elo (mean 1500; fitted to duplicate deal pairs won, drawn, lost):"]
        order = sorted(range(len(self.names)), key=lambda i: -self.elo[i])
        for place, i in enumerate(order, 1):
            lines.append(f"  {place}. {self.names[i]:<12} {self.elo[i]:7.0f}")
        lines.append("")
        lines.append("game points per deal, row minus column (95% CI):")
        width = max(12, *(len(n) + 2 for n in self.names))
        lines.append(" " * width + "".join(f"{n:>18}" for n in self.names))
        cell: dict[tuple[str, str], str] = {}
        for d in self.duels:
            cell[(d.a, d.b)] = f"{d.diff[0]:+.2f} ± {d.diff[1]:.2f}"
            cell[(d.b, d.a)] = f"{-d.diff[0]:+.2f} ± {d.diff[1]:.2f}"
        for row in self.names:
            cells = "".join(f"{cell.get((row, col), '-'):>18}" for col in self.names)
            lines.append(f"{row:<{width}}{cells}")
        for d in self.duels:
            lines.append("")
            lines.append(d.render())
        return "\n".join(lines)


def tournament(
    levels: Sequence[str],
    *,
    deals: int = 500,
    progress: Callable[[int], None] | None = None,
    log: str | Path | None = None,
    **options: Unpack[DuelOptions],
) -> TournamentResult:
    """A duplicate duel of every pair of ``levels`` and an Elo table of them all; ``deals``,
    ``progress`` and the ``options`` (``matches``, ``seed``, ``workers``, ...) are each duel's.
    With ``log`` (a folder, made if missing), each duel keeps its log there as ``A-B.jsonl``
    (see ``duel``), so a stopped tournament resumes."""
    names = list(dict.fromkeys(levels))
    if len(names) < 2:
        raise BelotError("a tournament needs at least two different bots")
    if deals < 1:
        raise BelotError(f"a tournament's Elo comes from deal pairs: --deals {deals} is too few")
    check(
        names,
        deals,
        options.get("matches"),
        options.get("workers"),
        options.get("ray_address"),
        rules=options.get("rules"),
    )
    folder = None if log is None else Path(log)
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise BelotError(f"cannot make the log folder {folder}: {error}") from None
    duels = []
    games: list[tuple[int, int, float]] = []
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            logged = None if folder is None else folder / f"{names[i]}-{names[j]}.jsonl"
            result = duel(names[i], names[j], deals=deals, progress=progress, log=logged, **options)
            duels.append(result)
            for d in result.diffs:
                games.append((i, j, 1.0 if d > 0 else 0.5 if d == 0 else 0.0))
    return TournamentResult(names, duels, elo_ratings(names, games))

"""From a deal's points to the game points each team writes (RULES.md §3, "Deal result").

``score_deal`` is the one implementation of the score arithmetic: the engine's deals, ``belot
calc`` and the score counter pages all call it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from belot.engine.contracts import Contract
from belot.engine.frozen import by_fields
from belot.engine.rules import Rules
from belot.engine.table import OTHER_TEAM, Team

__all__ = [
    "LAST_TRICK",
    "VALAT_BONUS",
    "DealScore",
    "Outcome",
    "TeamPoints",
    "contract_total",
    "pair_round",
    "round_single",
    "score_deal",
    "score_totals",
]

VALAT_BONUS: Final = 90
LAST_TRICK: Final = 10


class Outcome(StrEnum):
    MADE = "made"
    INSIDE = "inside"
    HANGING = "hanging"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class TeamPoints:
    """One team's points in a deal, before ÷10.

    ``cards`` counts the card points with the last trick as the contract counts them (No trumps
    already doubled); ``declarations`` only those that scored; ``belot`` 20 per belot.
    """

    cards: int
    declarations: int = 0
    belot: int = 0

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return by_fields(self)  # compiled, a frozen class unpickles only through __init__


class DealScore:
    """What a deal writes on the score sheet: immutable, its fields read-only, equal and hashed
    by them. Written out, not a frozen dataclass: that one's ``__init__`` runs in the
    interpreter even when this module is compiled, and cost about 2% of a random deal."""

    __slots__ = (
        "_double",
        "_hanging",
        "_notes",
        "_outcome",
        "_raw",
        "_valat",
        "_winner",
        "_written",
    )

    def __init__(
        self,
        outcome: Outcome,
        raw: tuple[int, int],
        written: tuple[int, int],
        hanging: int,
        winner: Team | None,
        valat: Team | None = None,
        double: int = 1,
        notes: tuple[str, ...] = (),
    ) -> None:
        self._outcome = outcome
        self._raw = raw
        self._written = written
        self._hanging = hanging
        self._winner = winner
        self._valat = valat
        self._double = double
        self._notes = notes

    @property
    def outcome(self) -> Outcome:
        return self._outcome

    @property
    def raw(self) -> tuple[int, int]:
        """Each team's points before ÷10, valat bonus included (NS, EW)."""
        return self._raw

    @property
    def written(self) -> tuple[int, int]:
        """Game points each team writes, incoming hanging points included (NS, EW)."""
        return self._written

    @property
    def hanging(self) -> int:
        """Game points left hanging after this deal (carried to the next deal with a winner)."""
        return self._hanging

    @property
    def winner(self) -> Team | None:
        """The team that won the deal as a whole (took the hanging points), if any."""
        return self._winner

    @property
    def valat(self) -> Team | None:
        return self._valat

    @property
    def double(self) -> int:
        return self._double

    @property
    def notes(self) -> tuple[str, ...]:
        return self._notes

    def _key(self) -> tuple[object, ...]:
        return (
            self._outcome,
            self._raw,
            self._written,
            self._hanging,
            self._winner,
            self._valat,
            self._double,
            self._notes,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DealScore):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        names = ("outcome", "raw", "written", "hanging", "winner", "valat", "double", "notes")
        body = ", ".join(
            f"{name}={value!r}" for name, value in zip(names, self._key(), strict=True)
        )
        return f"DealScore({body})"

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return (DealScore, self._key())


def contract_total(contract: Contract, rules: Rules) -> int:
    """Card points with the last trick: 162, 258 or 260 (250 with ``nt_last_trick=10``)."""
    if contract == Contract.NO_TRUMPS:
        return 240 + rules.nt_last_trick
    if contract == Contract.ALL_TRUMPS:
        return 248 + LAST_TRICK
    return 152 + LAST_TRICK


def round_single(total: int) -> int:
    """A total written by one team alone: ÷10, rounding from 5 up."""
    return (total + 5) // 10


#: By contract: the last digit that, on both totals, makes the smaller round up and the larger
#: down (suits 6, all trumps 4, no trumps none).
_BOTH_DIGIT: Final = (6, 6, 6, 6, None, 4)


def _round(total: int, contract: Contract) -> int:
    tens, digit = divmod(total, 10)
    return tens + (digit >= (6 if contract <= 3 else 5))  # a suit: 6-9 up; else 5-9


def pair_round(
    a: int, b: int, contract: Contract, *, a_is_smaller: bool | None = None
) -> tuple[int, int]:
    """Round two totals that split a deal, so they keep the deal's game value.

    Suit: 6–9 up, 0–5 down; both ending in 6, the smaller up and the larger down (96:66 → 9+7).
    All trumps: 5–9 up; both ending in 4, the smaller up (134:124 → 13+13). No trumps: 5 up.
    ``a_is_smaller`` says which total counts as the smaller when they are equal (hanging points).
    """
    special = _BOTH_DIGIT[contract]
    if special is not None and a % 10 == special and b % 10 == special:
        smaller_a = a < b if a_is_smaller is None or a != b else a_is_smaller
        if smaller_a:
            return a // 10 + 1, b // 10
        return a // 10, b // 10 + 1
    return _round(a, contract), _round(b, contract)


def score_deal(
    rules: Rules,
    contract: Contract,
    declarers: Team,
    points: tuple[TeamPoints, TeamPoints],
    *,
    double: int = 1,
    valat: Team | None = None,
    hanging: int = 0,
) -> DealScore:
    """Score one deal. ``points`` is indexed by team (NS, EW); ``hanging`` is the game points
    hanging from earlier deals, which go to this deal's winner (or keep hanging)."""
    ns, ew = points
    return score_totals(
        rules,
        contract,
        declarers,
        (ns.cards + ns.declarations + ns.belot, ew.cards + ew.declarations + ew.belot),
        double,
        valat,
        hanging,
    )


def score_totals(
    rules: Rules,
    contract: Contract,
    declarers: Team,
    totals: tuple[int, int],
    double: int = 1,
    valat: Team | None = None,
    hanging: int = 0,
) -> DealScore:
    """``score_deal`` of each team's points already added up (cards, declarations and belots,
    before ÷10; NS, EW): the engine's deals call this one, without building two
    ``TeamPoints`` (a frozen dataclass costs about 1 % of a random deal to build)."""
    defenders = OTHER_TEAM[declarers]
    raw_ns, raw_ew = totals
    if valat is not None:
        if valat:
            raw_ew += VALAT_BONUS
        else:
            raw_ns += VALAT_BONUS
    raw = (raw_ns, raw_ew)
    d, o = raw[declarers], raw[defenders]
    total = d + o
    written = [0, 0]
    score = (raw, written, hanging, valat, double)

    if valat is not None:
        # The valat team writes every point of the deal (both sides' declarations and belots).
        written[valat] = round_single(total) * double
        outcome = _MADE if valat == declarers else _INSIDE
        return _finish(score, outcome, valat, 0, "valat")

    if double > 1 and rules.double_scoring == "winner_takes_all":
        if d == o:
            return _finish(score, _HANGING, None, round_single(total) * double, "doubled tie")
        winner = declarers if d > o else defenders
        written[winner] = round_single(total) * double
        return _finish(score, _MADE if d > o else _INSIDE, winner, 0)

    if d > o:
        written[declarers], written[defenders] = pair_round(d * double, o * double, contract)
        return _finish(score, _MADE, declarers, 0)
    if d < o:
        # Seed 000's per_team multiplies every total before it rounds, failed deals included
        # (RULES.md §3: a failed recontra of 60:102 in a suit writes 648 → 65, not 16 × 4).
        written[defenders] = round_single(total * double)
        return _finish(score, _INSIDE, defenders, 0)
    # Hanging: the defenders write their own; the declarers' share hangs, treated as the smaller.
    hang, own = pair_round(d * double, o * double, contract, a_is_smaller=True)
    written[defenders] = own
    return _finish(score, _HANGING, None, hang)


# Read as module globals: a member read through its enum class costs several times more.
_MADE: Final = Outcome.MADE
_INSIDE: Final = Outcome.INSIDE
_HANGING: Final = Outcome.HANGING


def _finish(
    score: tuple[tuple[int, int], list[int], int, Team | None, int],
    outcome: Outcome,
    winner: Team | None,
    left: int,
    *notes: str,
) -> DealScore:
    """``score_deal``'s result: ``score`` is its raw points, the points written so far (NS,
    EW), the hanging points it was given, the valat team and the double."""
    raw, written, hanging, valat, double = score
    if winner is not None:
        written[winner] += hanging
        left_hanging = left
    else:
        left_hanging = hanging + left
    return DealScore(
        outcome, raw, (written[0], written[1]), left_hanging, winner, valat, double, notes
    )

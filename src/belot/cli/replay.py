"""``belot replay FILE``: show a deal or match record deal by deal and trick by trick.

The text rendering here (hands, auction, tricks, results, the score sheet) is shared by
``belot match`` and ``belot play``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import click

from belot.engine.actions import CAPOT_LEVEL, Call, CallKind
from belot.engine.cards import Card, Suit
from belot.engine.deal import Deal, Phase, Trick
from belot.engine.errors import BelotError
from belot.engine.games.coinche import bid_level
from belot.engine.match import Match
from belot.engine.record import load_any
from belot.engine.rules import PRESETS, Rules
from belot.engine.scoring import DealScore
from belot.engine.table import Seat, Team
from belot.engine.tricks import CARD_POINTS

from ._options import parse_options

__all__ = [
    "GAME_OPTION",
    "GameWords",
    "call_text",
    "command",
    "contract_text",
    "deal_lines",
    "fmt_cards",
    "fmt_hand",
    "game_words",
    "parse_options",
    "result_lines",
    "sheet_lines",
    "turned_line",
]

_DISPLAY_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


#: ``--game NAME``: the game (rules preset) of ``belot play``, ``match`` and ``replay``.
GAME_OPTION = click.option(
    "--game",
    default="bulgarian",
    show_default=True,
    metavar="NAME",
    help=f"The game: {' or '.join(PRESETS)}.",
)


@dataclass(frozen=True, slots=True)
class GameWords:
    """A game's own words for a sweep, a failed contract, K+Q of trumps and doubling."""

    valat: str
    inside: str
    belot: str
    made: str = "made"
    #: What a contract is after a double (x2) and a redouble (x4).
    doubles: tuple[str, str] = ("contra", "recontra")

    def outcome(self, value: str) -> str:
        """``made`` or ``inside`` (a ``DealScore.outcome`` value) in the game's words."""
        return {"made": self.made, "inside": self.inside}.get(value, value)


_GAME_WORDS: Final = {
    "bulgarian": GameWords("valat", "inside", "belot"),
    "french": GameWords("capot", "dedans", "belote"),
    # RULES.md §5: the bidders make or fail; the other side coinches, the bidders surcoinche.
    "coinche": GameWords("capot", "failed", "belote", doubles=("coinched", "surcoinched")),
    # RULES.md §6: the callers pass, or the others write all.
    "bela": GameWords("stiglja", "fell", "bela", made="passed"),
}


def game_words(preset: str) -> GameWords:
    """The words of the game ``preset`` (Bulgarian Belot's for a game without its own)."""
    return _GAME_WORDS.get(preset, _GAME_WORDS["bulgarian"])


def _words(deal: Deal) -> GameWords:
    return game_words(deal.rules.preset)


def call_text(call: Call) -> str:
    """A call in words: ``pass``, ``hearts``, ``contra``; a Coinche bid with its level,
    ``80 hearts`` or ``capot clubs``, then ``coinche``, ``surcoinche``."""
    if call.kind is CallKind.BID and call.level:
        assert call.contract is not None
        amount = "capot" if call.level == CAPOT_LEVEL else str(call.level)
        return f"{amount} {call.contract.text}"
    return str(call)


def contract_text(deal: Deal, *, short: bool = False) -> str:
    """The contract with its bid and doubling: ``hearts ×2 contra``, ``110 hearts coinched``;
    ``short`` for the score sheet: ``hearts ×2``, ``110♥ coinched``, ``capot♠``."""
    assert deal.contract is not None
    level = bid_level(deal.calls)
    words = _words(deal)
    if level:
        amount = "capot" if level == CAPOT_LEVEL else str(level)
        text = amount + deal.contract.symbol if short else f"{amount} {deal.contract.text}"
        if deal.double > 1:
            text += " " + words.doubles[deal.double == 4]
        return text
    text = deal.contract.text
    if deal.double > 1:
        text += f" ×{deal.double}" + ("" if short else " " + words.doubles[deal.double == 4])
    return text


def fmt_cards(cards: Iterable[Card]) -> str:
    return " ".join(card.symbol for card in cards)


def fmt_hand(cards: Iterable[Card]) -> str:
    """A hand grouped by suit, high cards first: ``♠ A 10 9  ♥ K Q  ♦ —  ♣ 7``."""
    held = list(cards)
    groups = []
    for suit in _DISPLAY_SUITS:
        ranks = sorted((c.rank for c in held if c.suit is suit), reverse=True)
        groups.append(suit.symbol + " " + (" ".join(r.text for r in ranks) if ranks else "—"))
    return "  ".join(groups)


def fmt_contract(deal: Deal) -> str:
    assert deal.contract is not None and deal.bidder is not None
    team = deal.bidder.team.name
    return f"{contract_text(deal)} by {deal.bidder.name} ({team})"


def fmt_trick(deal: Deal, number: int, trick: Trick) -> str:
    assert deal.contract is not None
    plays = "  ".join(f"{seat.name} {card.symbol:>3}" for seat, card in trick.plays)
    line = f"  trick {number}: {plays}"
    if trick.winner is not None:
        points = sum(CARD_POINTS[deal.contract][card.index] for card in trick.cards)
        line += f"   → {trick.winner.name} ({trick.winner.team.name}) {points}"
    return line


def auction_line(deal: Deal) -> str:
    return ", ".join(f"{seat.name} {call_text(call)}" for seat, call in deal.calls) or "—"


def declaration_lines(deal: Deal, *, belots: bool = True) -> list[str]:
    """Who announced what, and whether it scored (known once the first trick is complete);
    the belots too, and the belas kept silent (Bela), unless ``belots`` is false."""
    scored = deal.scored_declarations() if deal.trick_number >= 1 else ([], [])
    lines = []
    for seat in Seat:
        for d in deal.announced(seat) or ():
            mark = ""
            if deal.trick_number >= 1:
                mark = " scores" if d in scored[seat.team] else " does not score"
            lines.append(f"  {seat.name} {d.describe()} ({d.points}){mark}")
    for seat, suit in deal.belots if belots else ():
        lines.append(f"  {seat.name} {_words(deal).belot} {suit.symbol} (20)")
    for seat, suit in deal.silent_belas if belots else ():
        lines.append(f"  {seat.name} {_words(deal).belot} {suit.symbol} kept silent (0)")
    return lines


def turned_line(deal: Deal) -> str | None:
    """``turned: 10♥, taken by E`` in a game with a turned card."""
    turned = deal.turned_card
    if turned is None:
        return None
    taker = f", taken by {deal.bidder.name}" if deal.bidder is not None else ""
    return f"turned: {turned.symbol}{taker}"


def result_lines(deal: Deal, score: DealScore | None = None) -> list[str]:
    """The outcome of a finished deal; ``score`` is what it wrote in a match (hanging in)."""
    if deal.all_passed:
        return ["  all four passed: the cards are dealt again, nothing is written"]
    score = score if score is not None else deal.result
    if score is None:
        return ["  (the deal is not finished)"]
    ns_tricks, ew_tricks = deal.tricks_won
    cards = deal.card_points
    words = _words(deal)
    lines = [
        f"  tricks NS {ns_tricks}, EW {ew_tricks} · card points NS {cards[0]}, EW {cards[1]}",
        f"  {words.outcome(score.outcome.value)}"
        + (f", {words.valat} by {score.valat.name}" if score.valat is not None else "")
        + f" · points NS {score.raw[0]}, EW {score.raw[1]}"
        + f" · written NS {score.written[0]}, EW {score.written[1]}",
    ]
    if score.hanging:
        lines.append(f"  {score.hanging} points hang over to the next deal")
    for note in score.notes:
        if note.startswith("belot "):  # Bela: eight cards of one suit
            lines.append(f"  a belot (all eight of a suit): {note[6:]} wins the match")
    return lines


def deal_lines(deal: Deal, number: int | None = None, score: DealScore | None = None) -> list[str]:
    """A finished (or partly played) deal in full: hands, auction, declarations, tricks."""
    head = f"Deal {number}" if number is not None else "Deal"
    if number is None and deal.rules.preset != "bulgarian":
        head += f" · {deal.rules.preset}"
    head += f" · dealer {deal.dealer.name}"
    if deal.seed is not None:
        head += f" · seed {deal.seed}"
    if deal.cut is not None:
        head += f" · cut {deal.cut}"
    lines = [head]
    if deal.cut is None:
        return [*lines, "  (not yet cut)"]
    hands_known = bool(deal.dealt_hand(Seat.N))
    for seat in Seat:
        cards = deal.dealt_hand(seat) if hands_known else deal.hand(seat)
        lines.append(f"  {seat.name}  {fmt_hand(cards)}")
    turned = turned_line(deal)
    if turned is not None:
        lines.append(f"  {turned}")
    lines.append(f"  auction: {auction_line(deal)}")
    if deal.contract is None or deal.phase is Phase.AUCTION:
        if deal.all_passed:
            lines += result_lines(deal)
        return lines
    lines.append(f"  contract: {fmt_contract(deal)}")
    announced = declaration_lines(deal)
    if announced:
        lines.append("  declarations:")
        lines += ["  " + line for line in announced]
    for i, trick in enumerate(deal.tricks, 1):
        lines.append(fmt_trick(deal, i, trick))
    if deal.is_over:
        lines += result_lines(deal, score)
    return lines


def _row(cells: Sequence[object], widths: Sequence[int]) -> str:
    out = []
    for cell, width in zip(cells, widths, strict=True):
        text = str(cell)
        out.append(text.ljust(-width) if width < 0 else text.rjust(width))
    return "  ".join(out).rstrip()


_SHEET_WIDTHS = (3, -6, -20, -9, 4, 4, 7, 6, 6)
_SHEET_HEAD = ("#", "dealer", "contract", "declarers", "NS", "EW", "hanging", "NS Σ", "EW Σ")


def sheet_header() -> list[str]:
    head = _row(_SHEET_HEAD, _SHEET_WIDTHS)
    return [head, "-" * len(head)]


def sheet_row(number: int, deal: Deal, score: DealScore | None, totals: tuple[int, int]) -> str:
    """One line of the score sheet for a finished deal."""
    if score is None:
        cells: list[object] = [number, deal.dealer.name, "all passed", "", "", "", "", "", ""]
        return _row(cells, _SHEET_WIDTHS)
    assert deal.contract is not None and deal.declarers is not None
    contract = contract_text(deal, short=True)
    if score.valat is not None:
        contract += f" {_words(deal).valat} {score.valat.name}"
    cells = [
        number,
        deal.dealer.name,
        contract,
        deal.declarers.name,
        score.written[0],
        score.written[1],
        score.hanging or "",
        totals[0],
        totals[1],
    ]
    return _row(cells, _SHEET_WIDTHS)


def sheet_lines(match: Match) -> list[str]:
    """The whole score sheet of ``match`` and who won."""
    lines = sheet_header()
    ns = ew = 0
    for number, (deal, score) in enumerate(zip(match.deals, match.scores, strict=True), 1):
        if score is not None:
            ns, ew = ns + score.written[0], ew + score.written[1]
        lines.append(sheet_row(number, deal, score, (ns, ew)))
    lines.append(winner_line(match))
    return lines


def winner_line(match: Match) -> str:
    ns, ew = match.totals
    if match.winner is None:
        text = f"No winner yet: NS {ns}, EW {ew}"
        return text + (f", {match.hanging} hanging" if match.hanging else "")
    team: Team = match.winner
    return f"Winner: {team.name} ({ns} : {ew}, target {match.rules.target})"


def _rules_text(rules: Rules) -> str:
    options = rules.options()
    if not options:
        return rules.preset
    return rules.preset + " with " + ", ".join(f"{k}={v}" for k, v in sorted(options.items()))


def replay_lines(obj: Deal | Match) -> list[str]:
    if isinstance(obj, Deal):
        return deal_lines(obj)
    lines = [
        f"Match · {obj.rules.preset} to {obj.rules.target} · seed {obj.seed} "
        f"· first dealer {obj.first_dealer.name}",
        "",
    ]
    deals = obj.deals
    scores: list[DealScore | None] = list(obj.scores)
    if not obj.deal_over and obj.deal.actions:
        deals.append(obj.deal)
        scores.append(None)
    ns = ew = 0
    for number, (deal, score) in enumerate(zip(deals, scores, strict=True), 1):
        lines += deal_lines(deal, number, score)
        if score is not None:
            ns, ew = ns + score.written[0], ew + score.written[1]
            lines.append(f"  sheet: NS {ns}, EW {ew}")
        lines.append("")
    lines.append("Score sheet")
    lines += sheet_lines(obj)
    return lines


@click.command()
@click.argument("file", type=click.File("rb"))
@GAME_OPTION
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME=VALUE",
    help="A rules option (repeatable).",
)
def command(file: Any, game: str, options: tuple[str, ...]) -> None:
    """Show a deal or match record (FILE, or - for stdin) deal by deal, trick by trick.

    A record that names no rules is replayed under ``--game`` and ``--option``; one that names
    other rules than those given is refused."""
    rules = parse_options(options, game)
    data = file.read()
    obj = load_any(data, rules=rules)
    if obj.rules != rules and (options or game != "bulgarian"):
        raise BelotError(
            f"the record is played under {_rules_text(obj.rules)}, not {_rules_text(rules)}"
        )
    try:
        for line in replay_lines(obj):
            click.echo(line)
    except BrokenPipeError:
        sys.stderr.close()

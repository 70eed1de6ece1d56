"""``belot calc``: the score counter, from flags to a table or from JSON to JSON."""

from __future__ import annotations

import sys
from typing import Any

import click

from belot.calc import CalcError, DealInput, calc_text, deal_to_json, parse_deal, score
from belot.engine.actions import CAPOT_LEVEL
from belot.engine.errors import BelotError

from ._options import option_pair
from .replay import game_words

__all__ = ["command"]

#: Where each JSON field comes from in the human form, for error messages.
_FLAGS = {
    "contract": "--contract",
    "bid": "--bid",
    "declarers": "--declarers",
    "double": "--contra/--recontra",
    "valat": "--valat",
    "hanging": "--hanging",
    "rules": "--rules",
    "options": "--option",
    "points": "--ns/--ew",
    "points.NS.cards": "--ns",
    "points.EW.cards": "--ew",
    "points.NS.declarations": "--ns-declarations",
    "points.EW.declarations": "--ew-declarations",
    "points.NS.belot": "--ns-belot",
    "points.EW.belot": "--ew-belot",
}


def _number(flag: str, text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return int(text.strip())
    except ValueError:
        raise BelotError(f"{flag}: must be a whole number, not {text!r}") from None


def _bid(text: str | None) -> int | str | None:
    """``--bid``: a number (80..160) or ``capot``; the rules check which numbers."""
    if text is None or text.strip().lower() == "capot":
        return None if text is None else "capot"
    try:
        return int(text.strip())
    except ValueError:
        raise BelotError(
            f"--bid: a Coinche bid is 80, 90, ..., 160 or capot, not {text!r}"
        ) from None


def _table(deal: DealInput, result: dict[str, Any]) -> str:
    words = game_words(deal.rules.preset)
    heading = f"{deal.contract}, declarers {deal.declarers}"
    if deal.bid:
        amount = "capot" if deal.bid == CAPOT_LEVEL else str(deal.bid)
        heading = f"{amount} {heading}"
    if deal.double > 1:
        heading += ", " + words.doubles[deal.double == 4]
    if deal.valat is not None:
        heading += f", {words.valat} {deal.valat}"
    if deal.hanging:
        heading += f", {deal.hanging} hanging in"
    lines = [heading, f"{'team':<6}{'raw':>6}{'written':>9}"]
    for team in ("NS", "EW"):
        lines.append(f"{team:<6}{result['raw'][team]:>6}{result['written'][team]:>9}")
    lines.append(f"{words.outcome(result['outcome'])}, {result['hanging']} hanging")
    return "\n".join(lines)


@click.command(name="calc")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Read one JSON deal (or an array of deals: a score sheet) on stdin, write JSON.",
)
@click.option("--contract", help="clubs, diamonds, hearts, spades, no-trumps or all-trumps.")
@click.option("--bid", help="Coinche: the bid, 80, 90, ..., 160 or capot.")
@click.option("--declarers", help="The team that took the contract: NS or EW.")
@click.option("--ns", help="NS card points with the last trick (no-trumps already doubled).")
@click.option("--ew", help="EW card points; left out: the contract's total minus NS's.")
@click.option("--ns-declarations", help="NS declarations that count (multiple of 10).")
@click.option("--ew-declarations", help="EW declarations that count (multiple of 10).")
@click.option("--ns-belot", help="NS belots (20 each).")
@click.option("--ew-belot", help="EW belots (20 each).")
@click.option("--contra", is_flag=True, help="The deal was doubled (x2).")
@click.option("--recontra", is_flag=True, help="The deal was redoubled (x4).")
@click.option("--coinche", is_flag=True, help="Coinche: the bid was coinched (x2).")
@click.option("--surcoinche", is_flag=True, help="Coinche: and surcoinched (x4, or x3).")
@click.option("--valat", help="The team that took every trick (the 90 bonus is added).")
@click.option("--hanging", help="Game points hanging from earlier deals.")
@click.option("--rules", help="Rules preset (default: bulgarian).")
@click.option("--game", help="The game, bulgarian, french, coinche or bela: the same as --rules.")
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME=VALUE",
    help="A rules option, e.g. double_scoring=per_team or nt_last_trick=10.",
)
def command(
    as_json: bool,
    contract: str | None,
    bid: str | None,
    declarers: str | None,
    ns: str | None,
    ew: str | None,
    ns_declarations: str | None,
    ew_declarations: str | None,
    ns_belot: str | None,
    ew_belot: str | None,
    contra: bool,
    recontra: bool,
    coinche: bool,
    surcoinche: bool,
    valat: str | None,
    hanging: str | None,
    rules: str | None,
    game: str | None,
    options: tuple[str, ...],
) -> None:
    """Score one deal: the game points each team writes (RULES.md §3; §4 with --game french,
    where --valat is the capot and the points are exact; §5 with --game coinche, where --bid is
    the bid, --valat the capot, --coinche/--surcoinche the doubling and --ns-belot/--ew-belot
    the belote; §6 with --game bela, where --valat is the stiglja and --ns-belot/--ew-belot the
    bela).

    \b
    belot calc --contract spades --declarers NS --ns 98 --ns-declarations 20 --ns-belot 20
    belot calc --game coinche --contract hearts --bid 110 --declarers NS --ns 90 \\
        --ns-declarations 20
    echo '{"contract": "spades", "declarers": "NS", "points": {"NS": {"cards": 98}}}' \\
        | belot calc --json
    """
    flags = [contract, bid, declarers, ns, ew, ns_declarations, ew_declarations]
    flags += [ns_belot, ew_belot, valat, hanging, rules, game]
    if rules is not None and game is not None and rules != game:
        raise BelotError(f"--game {game} and --rules {rules}: give one game")
    rules = rules if rules is not None else game
    if as_json:
        doubled = contra or recontra or coinche or surcoinche
        if any(f is not None for f in flags) or doubled or options:
            raise BelotError("--json reads the whole deal from stdin: give no other option")
        stdin = getattr(sys.stdin, "buffer", sys.stdin)
        click.echo(calc_text(stdin.read()))
        return
    if contra and recontra:
        raise BelotError("--contra/--recontra: give one of them, not both")
    if coinche or surcoinche:
        if (rules or "bulgarian") != "coinche":
            raise BelotError("--coinche/--surcoinche: only in Coinche (--game coinche)")
        if contra or recontra:
            raise BelotError("--coinche/--surcoinche: a Coinche deal has no contra or recontra")
    elif rules == "coinche" and (contra or recontra):
        raise BelotError("--contra/--recontra: Coinche has --coinche and --surcoinche instead")
    deal: dict[str, Any] = {
        "contract": contract,
        "bid": _bid(bid),
        "declarers": declarers,
        "double": 4 if recontra or surcoinche else 2 if contra or coinche else 1,
        "valat": valat,
        "hanging": _number("--hanging", hanging),
        "rules": rules,
        "options": dict(map(option_pair, options)),
        "points": {
            team: {
                "cards": _number(f"--{team.lower()}", cards),
                "declarations": _number(f"--{team.lower()}-declarations", declared),
                "belot": _number(f"--{team.lower()}-belot", belot),
            }
            for team, cards, declared, belot in (
                ("NS", ns, ns_declarations, ns_belot),
                ("EW", ew, ew_declarations, ew_belot),
            )
        },
    }
    try:
        parsed = parse_deal(deal)
        result = deal_to_json(score(parsed))
    except CalcError as error:
        flag = _FLAGS.get(error.field, error.field)
        if error.field == "double" and rules == "coinche":
            flag = "--coinche/--surcoinche"
        raise BelotError(f"{flag}: {error.reason}") from None
    click.echo(_table(parsed, result))

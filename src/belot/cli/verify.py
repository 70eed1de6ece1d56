"""``belot verify``: re-create a deal's shuffle and cut from its seed, as the web table shows it."""

from __future__ import annotations

import click

from belot.engine.actions import Call, CallKind, Cut
from belot.engine.deal import Deal, Phase, shuffled_deck
from belot.engine.errors import BelotError
from belot.engine.match import seed_hash
from belot.engine.table import Seat

from .replay import GAME_OPTION, parse_options

__all__ = ["command"]


@click.command("verify")
@click.argument("seed")
@click.option("--cut", "cut", type=int, default=None, help="The cut (1..31) the table showed.")
@click.option("--dealer", default="N", show_default=True, help="The dealer: N, E, S or W.")
@click.option("--hash", "expected", default=None, help="The seed hash shown before the deal.")
@GAME_OPTION
@click.option(
    "--option", "options", multiple=True, metavar="NAME=VALUE", help="A rules option (repeatable)."
)
def command(
    seed: str,
    cut: int | None,
    dealer: str,
    expected: str | None,
    game: str,
    options: tuple[str, ...],
) -> None:
    """Print the deck that SEED shuffles, and with --cut each seat's hand (the cards dealt
    before the auction, then all 8: 5 in Bulgarian and French Belote, 6 in Bela; in Coinche
    all 8 come before the auction)."""
    rules = parse_options(options, game)
    value: int | str = int(seed) if seed.lstrip("-").isdigit() else seed
    digest = seed_hash(value) if isinstance(value, int) else seed_hash_text(value)
    click.echo(f"seed   {value}")
    click.echo(f"sha256 {digest}")
    if expected is not None:
        if expected.strip().lower() != digest:
            raise BelotError(f"the seed does not match the hash {expected} shown before the deal")
        click.echo("hash   matches the one shown before the deal")
    deck = shuffled_deck(value)
    click.echo("deck   " + " ".join(str(c) for c in deck))
    if cut is None:
        return
    deal = Deal(rules, dealer=Seat.from_str(dealer), seed=value)
    deal.push(Cut(cut))
    first = {seat: " ".join(str(c) for c in deal.hand(seat)) for seat in Seat}
    rest = deal.copy()
    while rest.phase is Phase.AUCTION:
        # The first seat names a suit, then everyone passes, so that the rest is dealt (which
        # cards go where does not depend on the calls; in French Belote the first seat takes,
        # in Coinche it bids 80 clubs).
        legal = rest.legal_actions()
        bids = [a for a in legal if isinstance(a, Call) and a.kind is CallKind.BID]
        rest.push(bids[0] if not rest.calls or Call.pass_() not in legal else Call.pass_())
    click.echo(f"cut    {cut} (cut by {deal.cutter.name}, dealt by {deal.dealer.name})")
    seat = deal.first
    for _ in range(4):
        full = " ".join(str(c) for c in rest.dealt_hand(seat))
        if len(deal.hand(seat)) == len(rest.dealt_hand(seat)):
            click.echo(f"{seat.name}      all 8: {full}")  # Coinche deals them all first
        else:
            before = f"first {len(deal.hand(seat))}:"
            click.echo(f"{seat.name}      {before} {first[seat]:<16} all 8: {full}")
        seat = deal.next_seat(seat)


def seed_hash_text(seed: str) -> str:
    import hashlib

    return hashlib.sha256(seed.encode()).hexdigest()

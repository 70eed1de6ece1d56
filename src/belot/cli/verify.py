"""``belot verify``: re-create a deal's shuffle and cut from its seed, as the web table shows it."""

from __future__ import annotations

import click

from belot.engine.actions import Cut
from belot.engine.deal import Deal, Phase, shuffled_deck
from belot.engine.errors import BelotError
from belot.engine.match import seed_hash
from belot.engine.table import Seat

__all__ = ["command"]


@click.command("verify")
@click.argument("seed")
@click.option("--cut", "cut", type=int, default=None, help="The cut (1..31) the table showed.")
@click.option("--dealer", default="N", show_default=True, help="The dealer: N, E, S or W.")
@click.option("--hash", "expected", default=None, help="The seed hash shown before the deal.")
def command(seed: str, cut: int | None, dealer: str, expected: str | None) -> None:
    """Print the deck that SEED shuffles, and with --cut each seat's hand (5, then all 8)."""
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
    deal = Deal(dealer=Seat.from_str(dealer), seed=value)
    deal.push(Cut(cut))
    first = {seat: " ".join(str(c) for c in deal.hand(seat)) for seat in Seat}
    rest = deal.copy()
    while rest.phase is Phase.AUCTION:
        # Pass then bid once so the last three cards are dealt (which cards go where does not
        # depend on the calls).
        rest.push_str("clubs" if len(rest.calls) == 0 else "pass")
    click.echo(f"cut    {cut} (cut by {deal.cutter.name}, dealt by {deal.dealer.name})")
    seat = deal.first
    for _ in range(4):
        full = " ".join(str(c) for c in rest.dealt_hand(seat))
        click.echo(f"{seat.name}      first 5: {first[seat]:<16} all 8: {full}")
        seat = deal.next_seat(seat)


def seed_hash_text(seed: str) -> str:
    import hashlib

    return hashlib.sha256(seed.encode()).hexdigest()

"""``belot play``: play a match in the terminal as South, with three computer players.

On a terminal it opens the full-screen table (``belot.terminal``); ``--plain``, or an output
that is not a terminal (a pipe, a screen reader's log), keeps the line mode below.

In line mode every choice is offered as a numbered list of the legal actions only; type the
number or the action itself (``hearts``, ``pass``, ``JH``; in Bela ``KH-silent`` keeps a bela
silent). ``q`` leaves; end of input or Ctrl-C too.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import click

from belot.bots import Bot
from belot.engine.actions import Action, Call, CallKind, Cut, Declare, Play, parse_action
from belot.engine.cards import Card
from belot.engine.deal import Deal, Phase
from belot.engine.errors import BelotError
from belot.engine.match import Match
from belot.engine.record import loads, match_from_record
from belot.engine.table import Seat

from .match import (
    GAME_OPTION,
    RECORD_OPTION,
    RULES_OPTIONS,
    SEED_OPTION,
    default_level,
    make_bots,
    save_record,
)
from .replay import (
    auction_line,
    call_text,
    declaration_lines,
    fmt_cards,
    fmt_contract,
    fmt_hand,
    game_words,
    parse_options,
    result_lines,
    sheet_lines,
    turned_line,
)

__all__ = ["command"]

ME = Seat.S
_OTHERS = (Seat.N, Seat.E, Seat.W)
#: A menu line is cut before it grows longer than this.
_MENU_WIDTH = 96


class _Leave(Exception):
    """The player left: ``q``, end of input or Ctrl-C."""

    def __init__(self, why: str, code: int) -> None:
        super().__init__(why)
        self.code = code


def _read(prompt: str) -> str:
    click.echo(prompt, nl=False)
    try:
        line = input()
    except EOFError:
        click.echo()
        raise _Leave("end of input", 1) from None
    except KeyboardInterrupt:
        click.echo()
        raise _Leave("interrupted", 130) from None
    if not sys.stdin.isatty():
        click.echo(line)  # a scripted game reads like a typed one
    if line.strip().lower() in ("q", "quit", "exit"):
        raise _Leave("you left", 0)
    return line.strip()


def label(action: Action, belas: frozenset[Card] = frozenset()) -> str:
    """How a menu shows ``action``; ``belas``: the cards that may be played announcing a bela
    or keeping it silent (Bela)."""
    if isinstance(action, Declare):
        if not action.declarations:
            return "announce nothing"
        return ", ".join(f"{d.describe()} ({d.points})" for d in action.declarations)
    if isinstance(action, Play):
        if action.silent:
            return f"{action.card.symbol} keeping the bela silent"
        if action.card in belas:
            return f"{action.card.symbol} announcing the bela (20)"
        return action.card.symbol
    if isinstance(action, Call):
        return call_text(action)
    return str(action)


def choose(prompt: str, options: Sequence[Action]) -> Action:
    """Ask until the answer is one of ``options`` (by number or by notation)."""
    belas = frozenset(a.card for a in options if isinstance(a, Play) and a.silent)
    lines = [""]
    for i, action in enumerate(options, 1):
        item = f"{i}) {label(action, belas)}"
        if lines[-1] and len(lines[-1]) + 2 + len(item) > _MENU_WIDTH:
            lines.append("")
        lines[-1] += ("  " if lines[-1] else "") + item
    for line in lines:
        click.echo(f"  {line}")
    while True:
        answer = _read(f"{prompt} [1-{len(options)}]: ")
        if not answer:
            continue
        if answer.isdigit():
            number = int(answer)
            if 1 <= number <= len(options):
                return options[number - 1]
            click.echo(f"  No choice {number}: pick 1 to {len(options)}.")
            continue
        try:
            action = parse_action(answer)
        except BelotError:
            click.echo(f"  Not understood: {answer!r}. Type a number from 1 to {len(options)}.")
            continue
        if isinstance(action, Declare) and action not in options:
            click.echo("  That is not one of the declarations you may announce.")
            continue
        if action in options:
            return action
        click.echo(f"  {label(action)} is not allowed now. Pick one of the choices above.")


def ask_cut() -> Cut:
    while True:
        answer = _read("You cut the deck: how many cards from the top (1-31) [16]: ")
        if not answer:
            return Cut(16)
        if answer.isdigit() and 1 <= int(answer) <= 31:
            return Cut(int(answer))
        click.echo(f"  A cut lifts 1 to 31 cards, not {answer!r}.")


def ask(deal: Deal) -> Action:
    """South's decision, from South's view only."""
    view = deal.view(ME)
    legal = list(view.legal)
    if view.phase is Phase.CUT:
        return ask_cut()
    click.echo(f"  Your hand: {fmt_hand(view.hand)}")
    if view.phase is Phase.AUCTION:
        turned = turned_line(deal)
        if turned is not None:
            click.echo(f"  The card {turned}")
            round_ = "one: take its suit" if deal.passes < 4 else "two: name another suit"
            click.echo(f"  Round {round_}, or pass.")
        elif deal.rules.preset == "bela":
            forced = deal.passes == 3  # RULES.md §6: the dealer must name
            click.echo(
                "  Name trumps" + (": the others passed, you must." if forced else " or pass.")
            )
            click.echo("  (Your two hidden cards are picked up once trumps are named.)")
        elif deal.rules.preset == "coinche":
            click.echo("  " + _coinche_hint(deal, legal))
        click.echo(f"  Auction so far: {auction_line(deal)}")
        return choose("Your call", legal)
    if isinstance(legal[0], Declare):
        return choose("You may announce", legal)
    trick = view.current_trick
    if trick:
        click.echo("  On the table: " + "  ".join(f"{s.name} {c.symbol}" for s, c in trick))
    else:
        click.echo("  You lead.")
    if any(isinstance(a, Play) and a.silent for a in legal):
        word = game_words(deal.rules.preset).belot
        click.echo(f"  You hold K+Q of trumps: announce the {word} (20) or keep it silent (0).")
    return choose("Your card", legal)


def _coinche_hint(deal: Deal, legal: Sequence[Action]) -> str:
    """What South may say in a Coinche auction (RULES.md §5)."""
    if deal.double == 2:
        return "The bid is coinched: surcoinche or pass."
    may = "Bid above the last bid, 80..160 or capot with a suit (type 90H, capotS)"
    if Call(CallKind.COINCHE) in legal:
        may += ", coinche it"
    return may + ", or pass."


def narrate(deal: Deal, seat: Seat, action: Action, tricks_before: int, belots: int) -> None:
    """Tell South what happened, as the table sees it."""
    who = "You" if seat == ME else seat.name
    if isinstance(action, Cut):
        click.echo(f"{who} cut {action.count}.")
    elif isinstance(action, Call):
        click.echo(f"{who}: {call_text(action)}")
        if deal.phase is Phase.PLAY:
            turned = turned_line(deal)
            if turned is not None:
                click.echo(f"The card {turned}.")
            click.echo(f"Contract: {fmt_contract(deal)}. {deal.first.name} leads.")
    elif isinstance(action, Declare):
        if seat != ME and action.declarations:
            kinds = ", ".join(f"{d.kind.text} ({d.points})" for d in action.declarations)
            click.echo(f"{who} announces {kinds}.")
    else:
        if seat != ME:
            click.echo(f"{who} plays {action.card.symbol}.")
        elif action.silent:  # only South knows: the others see the card alone
            word = game_words(deal.rules.preset).belot
            click.echo(f"You keep your {word} {action.card.suit.symbol} silent.")
        for belot_seat, suit in deal.belots[belots:]:
            word = game_words(deal.rules.preset).belot
            click.echo(f"{'You' if belot_seat == ME else belot_seat.name}: {word} {suit.symbol}!")
        if deal.trick_number > tricks_before:
            trick = deal.tricks[deal.trick_number - 1]
            assert trick.winner is not None
            click.echo(
                f"Trick {deal.trick_number}: {fmt_cards(trick.cards)} → {trick.winner.name}"
                f" · card points NS {deal.card_points[0]}, EW {deal.card_points[1]}"
            )
            if deal.trick_number == 1:
                lines = declaration_lines(deal, belots=False)
                if lines:
                    click.echo("Declarations:")
                    for line in lines:
                        click.echo(line)


def bot_turn(match: Match, bots: dict[Seat, Bot]) -> tuple[Seat, Action] | None:
    """Let the bot whose turn it is act (starting the next deal after a finished one); None
    when South is to act or the match is over."""
    if match.deal_over:
        if match.is_over:
            return None
        match.next_deal()
    seat = match.turn
    if seat is None or seat == ME:
        return None
    action = bots[seat].act(match.view(seat))
    match.push(action, seat)
    return seat, action


def open_match(
    seed: int | None, bots: str, resume: bytes | None, game: str, options: tuple[str, ...]
) -> tuple[Match, dict[Seat, Bot]]:
    """The match ``belot play`` plays (new, or from a saved record) and its three bots."""
    if resume is not None:
        if seed is not None or options or game != "bulgarian":
            raise BelotError("--resume takes the seed and rules from the record")
        match = match_from_record(loads(resume))
    else:
        match = Match(parse_options(options, game), seed=seed)
    levels = bots or default_level()
    # The solver of strong and expert (and of basic's counted-out end in Bulgarian Belot)
    # compiles (first run) or loads before the first move.
    searching = "strong" in levels or "expert" in levels
    if searching or ("basic" in levels and match.rules.preset == "bulgarian"):
        from belot.bots import prepare

        prepare(progress=lambda message: click.echo(f"belot: {message}", err=True))
    return match, make_bots(levels, match.seed, _OTHERS, match.rules.preset)


def play_match(match: Match, bots: dict[Seat, Bot]) -> None:
    """Play on from wherever ``match`` stands until it is won."""
    resuming = bool(match.deal.actions) and not match.deal_over
    while True:
        if match.deal_over:
            if match.is_over:
                won = match.winner is not None and match.winner == ME.team
                click.echo("You and North win!" if won else "East and West win.")
                return
            match.next_deal()
        deal = match.deal
        if not deal.actions or resuming:
            click.echo(
                f"\n=== Deal {len(match.deals) + 1} · dealer {deal.dealer.name} · "
                f"NS {match.totals[0]}, EW {match.totals[1]}"
                + (f", {match.hanging} hanging" if match.hanging else "")
                + " ==="
            )
            if resuming:
                click.echo(f"Resumed after {len(deal.actions)} actions.")
                if deal.contract is not None and deal.phase is Phase.PLAY:
                    click.echo(f"Contract: {fmt_contract(deal)}.")
            resuming = False
        tricks, belots = deal.trick_number, len(deal.belots)
        moved = bot_turn(match, bots)
        if moved is None:
            seat, action = ME, ask(deal)
            match.push(action, seat)
        else:
            seat, action = moved
        narrate(deal, seat, action, tricks, belots)
        if match.deal_over:
            if deal.contract is not None:
                click.echo("Hands were:")
                for hand_seat in Seat:
                    click.echo(f"  {hand_seat.name}  {fmt_hand(deal.dealt_hand(hand_seat))}")
            for line in result_lines(deal, match.scores[-1]):
                click.echo(line.strip())
            click.echo("Score sheet:")
            for line in sheet_lines(match):
                click.echo("  " + line)


@click.command()
@SEED_OPTION
@click.option(
    "--bots",
    default="",
    metavar="LEVELS",
    help="Level of the other three players, or three levels for N,E,W.",
)
@RECORD_OPTION
@click.option(
    "--resume",
    "resume_path",
    type=click.File("rb"),
    metavar="FILE",
    help="Go on with a saved match record (its rules and seed).",
)
@GAME_OPTION
@RULES_OPTIONS
@click.option(
    "--plain", is_flag=True, help="The numbered line mode, even on a terminal (screen readers)."
)
@click.option(
    "--lang",
    type=click.Choice(["en", "bg", "fr", "hr"]),
    default="en",
    show_default=True,
    help="Language of the terminal table (hr: Croatian, Bela's players).",
)
def command(
    seed: int | None,
    bots: str,
    record_path: str | None,
    resume_path: Any,
    game: str,
    options: tuple[str, ...],
    plain: bool,
    lang: str,
) -> None:
    """Play a match as South against computer players (North is your partner)."""
    resume = resume_path.read() if resume_path is not None else None
    match, players = open_match(seed, bots, resume, game, options)
    if not plain and sys.stdout.isatty() and sys.stdin.isatty():
        from belot.terminal import run  # Textual loads only for the table

        sys.exit(run(match, players, record_path=record_path, lang=lang))
    rules = match.rules
    click.echo(
        f"Belot · {rules.preset} to {rules.target} · seed {match.seed} · you are South; "
        + ", ".join(f"{s.name} {players[s].name}" for s in _OTHERS)
    )
    click.echo("Type the number of your choice (or the call/card itself); q leaves.")
    try:
        try:
            play_match(match, players)
        except KeyboardInterrupt:
            click.echo()
            raise _Leave("interrupted", 130) from None
    except _Leave as leave:
        ns, ew = match.totals
        click.echo(f"Game left unfinished ({leave}): NS {ns}, EW {ew}.")
        if record_path:
            save_record(record_path, match)
        sys.exit(leave.code)
    if record_path:
        save_record(record_path, match)

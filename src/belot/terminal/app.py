"""The terminal table: a Textual app over a ``Match`` and three bots.

The app only draws and reads keys. The engine says what is legal (the menus offer
``view.legal`` and nothing else) and keeps the score; the bots act through
``belot.cli.play.bot_turn``, the same step the line mode takes.
"""

from __future__ import annotations

import asyncio
import math
import os
from collections.abc import Callable

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.events import Click, Key
from textual.widgets import Static

from belot.bots import Bot
from belot.cli.match import save_record
from belot.cli.play import ME, bot_turn
from belot.cli.replay import game_words
from belot.engine.actions import Action, Call, CallKind, Cut, Declare, Play
from belot.engine.cards import Card, Suit
from belot.engine.contracts import Contract
from belot.engine.deal import Phase
from belot.engine.errors import BelotError
from belot.engine.match import Match
from belot.engine.table import Seat, Team
from belot.engine.view import SeatView

from .words import Words

__all__ = ["Hinter", "TableApp", "light_terminal", "strong_hint"]

#: A hint: each legal action of South's view with its expected game points, best first.
Hinter = Callable[[SeatView], list[tuple[Action, float]]]

_RED = (Suit.DIAMONDS, Suit.HEARTS)
#: Letters for calls: pass, the six contracts, the double and the redouble of each game.
_CALL_KEYS: dict[str, Callable[[Action], bool]] = {
    "p": lambda a: isinstance(a, Call) and a.kind is CallKind.PASS,
    **{
        letter: (lambda c: lambda a: isinstance(a, Call) and a.contract is c)(contract)
        for letter, contract in zip("cdhsna", Contract, strict=True)
    },
    "x": lambda a: isinstance(a, Call) and a.kind in (CallKind.CONTRA, CallKind.COINCHE),
    "r": lambda a: isinstance(a, Call) and a.kind in (CallKind.RECONTRA, CallKind.SURCOINCHE),
}
_ACTIONS_WIDTH = 52
_SEAT_IDS = {Seat.N: "north", Seat.E: "east", Seat.S: "south", Seat.W: "west"}
_LOG_LINES = 9


def strong_hint(view: SeatView) -> list[tuple[Action, float]]:
    """The strong bot's estimates (``belot.bots.analysis``), as the browser's hint button."""
    from belot.bots import analysis

    pairs: list[tuple[Action, float]]
    if view.phase is Phase.AUCTION:
        pairs = [(e.call, e.points) for e in analysis.hint_calls(view, think=1.5)]
    else:
        pairs = [(Play(e.card), e.points) for e in analysis.hint(view, think=0.5)]
    return sorted(pairs, key=lambda p: -p[1] if math.isfinite(p[1]) else math.inf)


def light_terminal(colorfgbg: str | None = None) -> bool:
    """Whether the terminal says its background is light (``COLORFGBG=0;15``, as xterm, rxvt
    and Konsole set it); the table then starts in Textual's light theme."""
    value = os.environ.get("COLORFGBG", "") if colorfgbg is None else colorfgbg
    background = value.rsplit(";", 1)[-1]
    return background.isdigit() and int(background) in (7, 15)


def _card_style(card: Card) -> str:
    """Red suits red, black suits in the terminal's own text colour (readable on light and dark
    backgrounds alike), both bold."""
    return "bold red" if card.suit in _RED else "bold"


class TableApp(App[int]):
    """You are South; North is your partner, East and West the bots against you."""

    CSS = """
    Screen { layout: vertical; }
    #top { height: 1; background: $primary; color: $text; }
    #body { height: 1fr; }
    #left { width: 54; }
    #right { width: 1fr; border-left: solid $secondary; padding-left: 1; }
    #north, #south { height: 1; content-align: center middle; }
    #middle { height: 5; }
    #west, #east { width: 13; content-align: center middle; }
    #trick { width: 1fr; height: 100%; border: round $secondary; content-align: center middle; }
    #hand { height: 3; }
    #actions { height: 3; }
    #log { height: 1fr; color: $text-muted; }
    #sheet { height: 1fr; }
    #last, #announced { height: auto; }
    #keys { height: 1; background: $panel; }
    """

    def __init__(
        self,
        match: Match,
        bots: dict[Seat, Bot],
        *,
        record_path: str | None = None,
        lang: str = "en",
        pace: float = 0.4,
        hinter: Hinter = strong_hint,
    ) -> None:
        super().__init__()
        self.match = match
        self.bots = bots
        self.record_path = record_path
        self.words = Words(lang)
        self.pace = pace
        self.hinter = hinter
        self.options: list[Action] = []
        self.cursor = 0
        self.digits = ""
        self.busy = False
        self.log_lines: list[Text] = []
        self.hints: dict[Action, float] = {}
        self.hand_cards: list[Card] = []
        self.action_spots: list[tuple[int, int, int, int]] = []
        self.mounted = False

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="top")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield Static(id="north")
                with Horizontal(id="middle"):
                    yield Static(id="west")
                    yield Static(id="trick")
                    yield Static(id="east")
                yield Static(id="south")
                yield Static(id="hand")
                yield Static(id="actions")
                yield Static(id="log")
            with Vertical(id="right"):
                yield Static(id="sheet")
                yield Static(id="last")
                yield Static(id="announced")
        yield Static(self.words("keys"), id="keys")

    def on_mount(self) -> None:
        self.mounted = True
        if light_terminal():
            self.theme = "textual-light"
        if self.match.deal.actions and not self.match.deal_over:
            self.say(self.words("resumed", n=len(self.match.deal.actions)))
        self.advance()

    # --- the game -------------------------------------------------------------------------

    def advance(self) -> None:
        """Let the bots act until South must choose (or the deal is over)."""
        if self.match.deal_over or self.match.turn == ME:
            self.offer()
            return
        self.busy = True
        self.options = []
        self.draw()
        self.run_worker(self._bots_act(), exclusive=True, group="bots")

    async def _bots_act(self) -> None:
        match = self.match
        while not match.deal_over and match.turn not in (None, ME):
            before = _counts(match)
            moved = await asyncio.to_thread(bot_turn, match, self.bots)
            if moved is None:
                break
            self.narrate(*moved, before)
            self.draw()
            if self.pace:
                await asyncio.sleep(self.pace)
        self.busy = False
        self.offer()

    def offer(self) -> None:
        """South's choices: the legal actions of South's view, and nothing else."""
        self.hints = {}
        self.digits = ""
        if self.match.deal_over:
            self.options = []
            self.say(self.words("won" if self._we_won() else "lost") if self.match.is_over else "")
        else:
            view = self.match.view(ME)
            self.options = list(view.legal)
            self.cursor = 15 if view.phase is Phase.CUT else 0
        self.draw()

    def _we_won(self) -> bool:
        return self.match.winner is not None and self.match.winner == ME.team

    def pick(self, index: int) -> None:
        if self.busy or not 0 <= index < len(self.options):
            return
        action = self.options[index]
        before = _counts(self.match)
        self.match.push(action, ME)
        self.narrate(ME, action, before)
        self.options = []
        self.advance()

    def next_deal(self) -> None:
        if self.match.deal_over and not self.match.is_over and not self.busy:
            self.match.next_deal()
            self.log_lines.clear()
            self.advance()

    def undo(self) -> None:
        """Take back South's last action and every bot's action after it."""
        if self.busy:
            return
        popped = 0
        while True:
            try:
                self.match.pop()
            except IndexError:
                break
            popped += 1
            if self.match.turn == ME:
                break
        self.say(self.words("undone" if popped else "no_undo"))
        self.advance()

    def save(self) -> None:
        path = self.record_path or f"belot-{self.match.seed}.json"
        try:
            save_record(path, self.match)
        except BelotError as error:  # the file cannot be written: say so, play on
            self.say(str(error))
        else:
            self.say(self.words("saved", path=path))
        self.draw()

    async def hint(self) -> None:
        if self.busy or not self.options:
            return
        if not all(isinstance(a, Call | Play) for a in self.options):
            self.say(self.words("no_hint", why=self.words("hint_only")))  # the cut, declarations
            self.draw()
            return
        self.say(self.words("thinking"))
        self.busy = True
        self.draw()
        try:
            pairs = await asyncio.to_thread(self.hinter, self.match.view(ME))
        except (BelotError, ValueError) as error:
            self.say(self.words("no_hint", why=error))
            pairs = []
        finally:
            self.busy = False
        self.hints = dict(pairs)
        if pairs:
            best = pairs[0][0]
            if best in self.options:
                self.cursor = self.options.index(best)
            self.say(
                f"{self.words('hint')}: "
                + ", ".join(f"{self.label(a)} {v:+.1f}" for a, v in pairs[:3])
            )
        self.draw()

    # --- keys -----------------------------------------------------------------------------

    def on_key(self, event: Key) -> None:
        key, char = event.key, event.character or ""
        event.stop()
        if char == "q":
            self.leave()
        elif char == "u":
            self.undo()
        elif char == "w":
            self.save()
        elif char == "t":  # light or dark, whatever the terminal's own background
            self.theme = "textual-dark" if self.theme == "textual-light" else "textual-light"
        elif char == "?":
            self.run_worker(self.hint(), exclusive=True, group="hint")
        elif key in ("enter", "space"):
            if self.match.deal_over:
                self.next_deal()
            else:
                self.pick(self.cursor)
        elif key in ("left", "up"):
            self._move(-1)
        elif key in ("right", "down"):
            self._move(1)
        elif char.isdigit():
            self._digit(char)
        elif char in _CALL_KEYS:
            self._letter(char)

    def _move(self, step: int) -> None:
        if self.options:
            self.cursor = (self.cursor + step) % len(self.options)
            self.digits = ""
            self.draw()

    def _digit(self, char: str) -> None:
        if len(self.options) <= 9:
            self.pick(int(char) - 1)
            return
        self.digits = (self.digits + char)[-2:]  # a long menu (the cut, Coinche's bids)
        number = int(self.digits)
        if not 1 <= number <= len(self.options):
            self.digits = char
            number = int(char)
        if 1 <= number <= len(self.options):
            self.cursor = number - 1
        self.draw()

    def _letter(self, char: str) -> None:
        matches = [i for i, action in enumerate(self.options) if _CALL_KEYS[char](action)]
        if len(matches) == 1:
            self.pick(matches[0])
        elif matches:  # several bids of one suit (Coinche): each press goes to the next
            later = [i for i in matches if i > self.cursor]
            self.cursor = later[0] if later and self.cursor in matches else matches[0]
            self.draw()

    def leave(self) -> None:
        if self.record_path:
            self.save()
        self.exit(0)

    def on_click(self, event: Click) -> None:
        """A click on a choice takes it; on a card of the hand (five cells wide), plays it."""
        if event.widget is None or not self.options:
            return
        if event.widget.id == "actions":
            for row, x0, x1, index in self.action_spots:
                if row == event.y and x0 <= event.x < x1:
                    self.pick(index)
            return
        if event.widget.id != "hand":
            return
        slot = event.x // 5
        if 0 <= slot < len(self.hand_cards):
            card = self.hand_cards[slot]
            for i, action in enumerate(self.options):
                if isinstance(action, Play) and action.card == card:
                    self.pick(i)
                    return

    # --- words ----------------------------------------------------------------------------

    def label(self, action: Action) -> str:
        words = self.words
        if isinstance(action, Declare):
            if not action.declarations:
                return words("announce_nothing")
            return ", ".join(f"{words.declaration(d)} ({d.points})" for d in action.declarations)
        if isinstance(action, Play):
            belot = game_words(self.match.rules.preset).belot
            card = words.card(action.card)
            if action.silent:
                return f"{card} {words('silent', belot=belot)}"
            if any(
                isinstance(a, Play) and a.silent and a.card == action.card for a in self.options
            ):
                return f"{card} {words('with_belot', belot=belot)}"
            return card
        if isinstance(action, Call):
            return words.call(action)
        if isinstance(action, Cut):
            return str(action.count)
        return str(action)

    def say(self, line: str | Text) -> None:
        if line:
            self.log_lines.append(Text(line) if isinstance(line, str) else line)
            del self.log_lines[:-_LOG_LINES]

    def narrate(self, seat: Seat, action: Action, before: tuple[int, int]) -> None:
        """One line for the log, as the table sees ``action``; ``before``: the tricks taken and
        the belots announced before it."""
        words, deal = self.words, self.match.deal
        who = words.seat(seat)
        if isinstance(action, Cut):
            self.say(words("says", seat=who, call=f"{words('cut')} {action.count}"))
        elif isinstance(action, Call):
            self.say(words("says", seat=who, call=words.call(action)))
        elif isinstance(action, Declare):
            if action.declarations and seat != ME:
                kinds = ", ".join(f"{words(d.kind.text)} ({d.points})" for d in action.declarations)
                self.say(words("says", seat=who, call=kinds))
        else:
            self.say(words("plays", seat=who, card=words.card(action.card)))
            belot = game_words(deal.rules.preset).belot
            for belot_seat, suit in deal.belots[before[1] :]:
                self.say(words("says", seat=words.seat(belot_seat), call=f"{belot} {suit.symbol}!"))
            done = [t for t in deal.tricks if t.winner is not None]
            if len(done) > before[0]:
                winner = done[-1].winner
                assert winner is not None
                self.say(words("trick_won", n=len(done), seat=words.seat(winner)))
        if self.match.deal_over:
            self._write_result()

    def _write_result(self) -> None:
        score = self.match.scores[-1]
        if score is None:
            self.say(self.words("all_passed"))
        else:
            self._show_hands()
            view = self.match.view(ME)
            raw = self.words("points", ns=score.raw[0], ew=score.raw[1])
            self.say(f"{self._contract(view)}: {self.words(score.outcome.value)} · {raw}")
            ns, ew = score.written
            self.say(self.words("written", ns=ns, ew=ew))
        if self.record_path:  # each finished deal is kept at once
            self.save()
        if not self.match.is_over:
            self.say(self.words("next_deal"))

    def _show_hands(self) -> None:
        """Every seat's eight cards, as the line mode shows them at a deal's end."""
        deal = self.match.deal
        self.say(self.words("hands_were"))
        for seat in Seat:
            line = Text(f"{self.words.seat(seat)}:")
            cards = sorted(deal.dealt_hand(seat), key=lambda c: (c.suit, c.rank))
            for i, card in enumerate(cards):
                gap = "  " if i and card.suit is not cards[i - 1].suit else " "
                line.append(gap).append_text(self._card(card))
            self.say(line)

    # --- drawing --------------------------------------------------------------------------

    def draw(self) -> None:
        if not self.mounted:
            return
        match, words = self.match, self.words
        view = match.view(ME)
        deal = match.deal
        top = (
            f" Belot · {match.rules.preset} → {match.rules.target} · {words('deal')} "
            f"{len(match.deals) + 1} · {words('dealer')} {words.seat(deal.dealer)}"
        )
        if deal.contract is not None:
            top += f" · {words('contract')}: {self._contract(view)}"
        self.query_one("#top", Static).update(top)
        for seat, name in _SEAT_IDS.items():
            self.query_one(f"#{name}", Static).update(self._seat(view, seat))
        self.query_one("#trick", Static).update(self._trick(view))
        self.query_one("#hand", Static).update(self._hand(view))
        self.query_one("#actions", Static).update(self._actions(view))
        self.query_one("#log", Static).update(Text("\n").join(self.log_lines))
        self.query_one("#sheet", Static).update(self._sheet())
        self.query_one("#last", Static).update(self._last(view))
        self.query_one("#announced", Static).update(self._announced(view))

    def _card(self, card: Card) -> Text:
        return Text(self.words.card(card), style=_card_style(card))

    def _contract(self, view: SeatView) -> str:
        assert view.contract is not None and view.bidder is not None
        bid = next((c for _, c in reversed(view.calls) if c.kind is CallKind.BID), None)
        text = self.words.call(bid) if bid is not None else self.words.contract(view.contract)
        if view.double > 1:
            text += f" ×{view.double}"
        return f"{text} ({self.words.team(view.bidder.team)})"

    def _seat(self, view: SeatView, seat: Seat) -> Text:
        """A seat: its name (▶ on its turn, D the dealer), its level and cards, its last call;
        East and West on four short lines, North and South on one."""
        parts = [Text(self.words.seat(seat), style="bold")]
        if view.turn == seat:
            parts[0] = Text("▶ ", style="bold") + parts[0]
        if view.dealer == seat:
            parts[0].append(" (D)")
        if seat != ME:
            parts.append(Text(self.bots[seat].name, style="italic"))
            parts.append(Text(f"{view.hand_sizes[seat]} ▯"))
        calls = [c for s, c in view.calls if s == seat]
        if calls and view.phase is Phase.AUCTION:
            parts.append(Text(self.words.call(calls[-1]), style="reverse"))
        return Text("\n" if seat in (Seat.E, Seat.W) else " · ").join(parts)

    def _trick(self, view: SeatView) -> Text:
        plays = dict(view.current_trick)
        if view.phase is Phase.AUCTION:
            return self._auction(view)

        shown = "bold"
        if not plays and view.completed_tricks:  # the trick just taken, dimmed, until a lead
            plays, shown = dict(view.completed_tricks[-1].plays), "dim"

        def at(seat: Seat) -> Text:
            if seat not in plays:
                return Text("··", style="dim")
            return (
                self._card(plays[seat])
                if shown == "bold"
                else Text(self.words.card(plays[seat]), style="dim")
            )

        text = Text()
        text.append("     ").append_text(at(Seat.N)).append("\n")
        text.append_text(at(Seat.W)).append("        ").append_text(at(Seat.E)).append("\n")
        text.append("     ").append_text(at(Seat.S))
        return text

    def _auction(self, view: SeatView) -> Text:
        """The auction's state in the middle of the table: French Belote's turned card and
        round, Bela's hidden cards and forced naming (RULES.md §6)."""
        words, deal = self.words, self.match.deal
        text = Text(words("auction"), style="bold")
        if view.turned is not None:
            text.append(f"\n{words('turned')}: ").append_text(self._card(view.turned))
            text.append("\n" + words("round_take" if deal.passes < 4 else "round_name"))
        elif view.rules.preset == "bela":
            text.append("\n" + words("hidden"))
            if deal.passes == 3:
                text.append("\n" + words("must_name"))
        return text

    def _hand(self, view: SeatView) -> Text:
        """South's cards as little boxes; a playable card carries its number."""
        number = {
            a.card: i for i, a in reversed(list(enumerate(self.options))) if isinstance(a, Play)
        }
        hand = sorted(view.hand, key=lambda c: (c.suit, c.rank))
        self.hand_cards = hand
        lines = [Text(), Text(), Text()]
        for card in hand:
            index = number.get(card)
            playing = view.phase is Phase.PLAY and bool(self.options)
            style = "" if index is not None or not playing else "dim"
            if index is not None and index == self.cursor:
                style = "reverse"
            mark = str(index + 1) if index is not None and index < 9 else "─"
            face = self.words.card(card).ljust(3)
            lines[0].append(f"╭{mark}──╮", style=style or "dim")
            lines[1].append("│", style=style or "dim")
            lines[1].append_text(Text(face, style=f"{_card_style(card)} {style}".strip()))
            lines[1].append("│", style=style or "dim")
            lines[2].append("╰───╯", style=style or "dim")
        return Text("\n").join(lines)

    def _actions(self, view: SeatView) -> Text:
        words = self.words
        if self.busy:
            return Text(words("waiting"), style="italic")
        if self.match.deal_over:
            return Text(
                words("won" if self._we_won() else "lost")
                if self.match.is_over
                else words("next_deal"),
                style="bold",
            )
        if not self.options:
            return Text()
        head = Text(f"{words('your_turn')}: ", style="bold")
        if view.phase is Phase.CUT:
            head.append(words("cut_help") + "  ")
        items: list[Text] = []
        for i, action in enumerate(self.options):
            item = Text(f"{i + 1}:", style="dim")
            label = self.label(action)
            red = (
                isinstance(action, Call)
                and action.contract is not None
                and (action.contract.trump in _RED)
            )
            style = "bold red" if red else ""
            if isinstance(action, Play) and action.card.suit in _RED:
                style = "bold red"
            if i == self.cursor:
                style = f"{style} reverse".strip()
            item.append(label, style=style)
            if action in self.hints and math.isfinite(self.hints[action]):
                item.append(f"({self.hints[action]:+.0f})", style="italic")
            items.append(item)
        rows: list[Text] = [head]
        spots: list[tuple[int, int, int, int]] = []  # row, first and last cell, choice
        where = 0
        for i, item in enumerate(items):
            if rows[-1].cell_len + 1 + item.cell_len > _ACTIONS_WIDTH:
                rows.append(Text())
            if rows[-1].cell_len:
                rows[-1].append(" ")
            spots.append((len(rows) - 1, rows[-1].cell_len, rows[-1].cell_len + item.cell_len, i))
            rows[-1].append_text(item)
            if i == self.cursor:
                where = len(rows) - 1
        first = max(0, min(where - 1, len(rows) - 3))
        self.action_spots = [(row - first, x0, x1, i) for row, x0, x1, i in spots]
        return Text("\n").join(rows[first : first + 3])

    def _sheet(self) -> Text:
        match, words = self.match, self.words
        text = Text(f"{words('sheet')}\n", style="bold")
        text.append("      {}    {}\n".format(*map(words.team, Team)), style="underline")
        rows = [s for s in match.scores if s is not None]
        for score in rows[-6:]:
            ns, ew = score.written
            text.append(f"    {ns:>4}  {ew:>4}\n")
        ns, ew = match.totals
        text.append(f"Σ   {ns:>4}  {ew:>4}\n", style="bold")
        if match.hanging:
            text.append(f"{words('hanging')} {match.hanging}\n")
        return text

    def _last(self, view: SeatView) -> Text:
        done = view.completed_tricks
        if not done:
            return Text()
        trick = done[-1]
        text = Text(f"{self.words('last_trick')} {len(done)}\n", style="bold")
        for seat, card in trick.plays:
            text.append(f"{self.words.letter(seat)} ").append_text(self._card(card)).append(" ")
        assert trick.winner is not None
        text.append(f"→ {self.words.letter(trick.winner)}")
        return text

    def _announced(self, view: SeatView) -> Text:
        letter = self.words.letter
        items = [
            f"{letter(a.seat)} {self.words(a.kind.text)} {a.points}" for a in view.announcements
        ]
        belot = game_words(view.rules.preset).belot
        items += [f"{letter(seat)} {belot} {suit.symbol}" for seat, suit in view.belots]
        if not items:
            return Text()
        return Text(f"{self.words('announced')}\n", style="bold") + Text("\n".join(items))


def _counts(match: Match) -> tuple[int, int]:
    """The tricks taken and the belots announced so far in the current deal."""
    deal = match.deal
    return sum(trick.winner is not None for trick in deal.tricks), len(deal.belots)

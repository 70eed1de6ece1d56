"""The terminal table (``belot.terminal``) driven through Textual's own harness: key presses on an
80×24 screen, a whole deal of each game against random bots, resuming a saved record, undo, the
hint key and the layout."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path

import pytest
from rich.text import Text
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Static

from belot.cli.play import ME, bot_turn, open_match
from belot.engine.actions import Action, Call, CallKind, Cut, Play
from belot.engine.contracts import Contract
from belot.engine.deal import Phase
from belot.engine.match import Match
from belot.engine.record import loads, match_from_record
from belot.engine.table import Seat
from belot.engine.view import SeatView
from belot.terminal.app import TableApp, light_terminal

SIZE = (80, 24)
GAMES = ["bulgarian", "french", "coinche", "bela"]


def table(game: str = "bulgarian", seed: int = 5, **kwargs: object) -> TableApp:
    match, bots = open_match(seed, "random", None, game, ())
    return TableApp(match, bots, pace=0, **kwargs)  # type: ignore[arg-type]


def drive(app: TableApp, script: Callable[[Pilot[int]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await script(pilot)

    asyncio.run(main())


async def settle(pilot: Pilot[int]) -> None:
    """Wait until the bots have acted and the screen is drawn."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def press(pilot: Pilot[int], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


def text(app: TableApp, widget: str) -> str:
    return str(app.query_one(widget, Static).render())


def reference(game: str, seed: int, deals: int) -> Match:
    """The same match played by the library alone: the same bots, South taking the choice that
    Enter takes (the cut of 16, else the first legal action), until ``deals`` deals are over."""
    match, bots = open_match(seed, "random", None, game, ())
    while len(match.deals) + match.deal_over < deals:
        if bot_turn(match, bots) is None and not match.deal_over:
            legal = match.view(ME).legal
            match.push(Cut(16) if match.deal.phase is Phase.CUT else legal[0], ME)
    return match


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_deal_of_each_game_ends_on_the_written_score(game: str) -> None:
    app = table(game)

    async def script(pilot: Pilot[int]) -> None:
        match = app.match
        for _ in range(200):
            if match.deal_over and (match.scores[-1] is not None or match.is_over):
                break
            await press(pilot, "enter")  # Enter: South's first choice; after a deal, the next
        score = match.scores[-1]
        assert score is not None
        ns, ew = score.written
        assert "Written: NS" in text(app, "#log")
        assert f"NS {ns}, EW {ew}" in text(app, "#log")
        assert f"{match.totals[0]:>4}  {match.totals[1]:>4}" in text(app, "#sheet")
        same = reference(game, 5, len(match.deals) + 1)
        assert [d.actions for d in same.deals] + [same.deal.actions] == [
            d.actions for d in match.deals
        ] + [match.deal.actions]
        assert same.totals == match.totals

    drive(app, script)


def test_the_80_by_24_layout_shows_the_hand_and_the_actions() -> None:
    app = table("french")

    async def script(pilot: Pilot[int]) -> None:
        await press(pilot, *["enter"] * 3)  # the cut, then the auction
        screen = Region(0, 0, *SIZE)
        for widget in ("#top", "#north", "#west", "#trick", "#east", "#south", "#hand"):
            region = app.query_one(widget).region
            assert region.area and screen.contains_region(region), widget
        for widget in ("#actions", "#log", "#sheet", "#keys"):
            assert screen.contains_region(app.query_one(widget).region), widget
        view = app.match.view(ME)
        hand = text(app, "#hand")
        assert hand.count("╭") == len(view.hand)
        for card in view.hand:
            assert app.words.card(card) in hand
        if view.my_turn:
            actions = text(app, "#actions")
            assert all(app.label(a) in actions for a in view.legal)

    drive(app, script)


def test_menus_offer_only_the_legal_calls_and_letters_pick_them() -> None:
    app = table("bulgarian", seed=3)

    async def script(pilot: Pilot[int]) -> None:
        match = app.match
        for _ in range(20):
            if match.deal.phase is Phase.AUCTION and match.turn == ME:
                break
            await press(pilot, "enter")
        assert app.options == list(match.view(ME).legal)
        calls = len(match.deal.calls)
        await press(pilot, "p")
        assert match.deal.calls[calls] == (ME, Call(CallKind.PASS))

    drive(app, script)


def test_undo_takes_back_souths_action_and_the_bots_after_it() -> None:
    app = table("bulgarian", seed=7)

    async def script(pilot: Pilot[int]) -> None:
        match = app.match
        await press(pilot, "enter", "enter")  # the cut, then South's first call
        assert match.turn == ME
        before = list(match.deal.actions)
        await press(pilot, "enter")
        assert len(match.deal.actions) > len(before)
        await press(pilot, "u")
        assert match.deal.actions == before
        assert match.turn == ME and app.options == list(match.view(ME).legal)
        assert "Taken back" in text(app, "#log")

    drive(app, script)


def test_a_saved_record_resumes_where_it_stopped(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    first = table("coinche", seed=2, record_path=str(record))
    kept: list[Action] = []

    async def play_some(pilot: Pilot[int]) -> None:
        await press(pilot, *["enter"] * 4)
        kept.extend(first.match.deal.actions)
        await press(pilot, "w")
        assert f"Saved to {record}" in text(first, "#log")

    drive(first, play_some)
    match, bots = open_match(None, "random", record.read_bytes(), "bulgarian", ())
    assert match.rules.preset == "coinche" and match.deal.actions == kept
    second = TableApp(match, bots, pace=0)

    async def go_on(pilot: Pilot[int]) -> None:
        assert second.match.deal.actions[: len(kept)] == kept
        assert f"Resumed after {len(kept)} actions" in text(second, "#log")
        for _ in range(100):
            if second.match.deal_over:
                break
            await press(pilot, "enter")
        assert second.match.deal_over

    drive(second, go_on)


def test_the_hint_key_shows_the_advice_and_moves_the_cursor() -> None:
    def advice(view: SeatView) -> list[tuple[Action, float]]:
        return [(view.legal[-1], 12.5), (view.legal[0], -3.0)]

    app = table("bulgarian", seed=3, hinter=advice)

    async def script(pilot: Pilot[int]) -> None:
        await press(pilot, "enter")
        await press(pilot, "question_mark")
        assert app.cursor == len(app.options) - 1
        assert "Hint:" in text(app, "#log") and "+12.5" in text(app, "#log")

    drive(app, script)


@pytest.mark.parametrize(
    ("lang", "word"), [("bg", "Ти"), ("fr", "Vous"), ("en", "You"), ("hr", "Ti")]
)
def test_the_table_speaks_english_bulgarian_french_and_croatian(lang: str, word: str) -> None:
    app = table("bulgarian", seed=3, lang=lang)

    async def script(pilot: Pilot[int]) -> None:
        assert word in text(app, "#south")
        assert len(text(app, "#keys")) <= SIZE[0]  # the keys line fits the 80 columns

    drive(app, script)


def test_digits_pick_a_card_in_the_play() -> None:
    app = table("bela", seed=4)

    async def script(pilot: Pilot[int]) -> None:
        match = app.match
        for _ in range(40):
            if match.deal.phase is Phase.PLAY and match.turn == ME:
                break
            await press(pilot, "enter")
        legal = list(match.view(ME).legal)
        tricks = len(match.deal.tricks)
        await press(pilot, str(len(legal)))
        plays = [p for t in match.deal.tricks[tricks - 1 :] for p in t.plays]
        chosen = legal[-1]
        assert isinstance(chosen, Play)
        assert (ME, chosen.card) in plays

    drive(app, script)


def test_play_help_does_not_load_textual() -> None:
    code = (
        "import sys\nfrom belot.cli import main\ntry:\n    main(['play', '--help'])\n"
        "except SystemExit:\n    pass\nprint('textual' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "--plain" in out.stdout
    assert out.stdout.split()[-1] == "False"


def test_digits_choose_the_cut_in_its_long_list() -> None:
    app = table("bulgarian", seed=3)  # East deals: South cuts first

    async def script(pilot: Pilot[int]) -> None:
        assert app.match.deal.phase is Phase.CUT and len(app.options) == 31
        assert app.cursor == 15  # Enter alone cuts 16
        await press(pilot, "2", "0", "enter")
        assert app.match.deal.actions[0] == Cut(20)

    drive(app, script)


def test_a_suit_letter_steps_through_coinches_bids() -> None:
    app = table("coinche", seed=1)

    async def script(pilot: Pilot[int]) -> None:
        match = app.match
        for _ in range(20):
            if match.deal.phase is Phase.AUCTION and match.turn == ME:
                break
            await press(pilot, "enter")
        hearts = [a for a in app.options if isinstance(a, Call) and a.contract is Contract.HEARTS]
        assert len(hearts) > 2
        calls = len(match.deal.calls)
        await press(pilot, "h", "h", "enter")
        assert match.deal.calls[calls] == (ME, hearts[1])

    drive(app, script)


def test_no_hint_for_the_cut() -> None:
    app = table("bulgarian", seed=3, hinter=lambda view: [])

    async def script(pilot: Pilot[int]) -> None:
        await press(pilot, "question_mark")
        assert "No hint: only for calls and cards" in text(app, "#log")

    drive(app, script)


def test_a_click_on_a_playable_card_plays_it(tmp_path: Path) -> None:
    record = tmp_path / "kept.json"
    app = table("french", seed=5, record_path=str(record))

    async def script(pilot: Pilot[int]) -> None:
        match = app.match
        for _ in range(40):
            if app.options and isinstance(app.options[0], Play):
                break
            await press(pilot, "enter")
        first = app.options[0]
        assert isinstance(first, Play)
        slot = app.hand_cards.index(first.card)
        played = len(match.deal.actions)
        await pilot.click("#hand", offset=(slot * 5 + 2, 1))
        await settle(pilot)
        assert match.deal.actions[played] == first
        for _ in range(40):
            if match.deal_over:
                break
            await press(pilot, "enter")
        assert match.deal_over and record.exists()  # a finished deal is saved at once
        saved = match_from_record(loads(record.read_bytes()))
        assert saved.totals == match.totals

    drive(app, script)


def test_a_click_on_a_call_takes_it() -> None:
    app = table("bulgarian", seed=3)

    async def script(pilot: Pilot[int]) -> None:
        match = app.match
        for _ in range(20):
            if match.deal.phase is Phase.AUCTION and match.turn == ME:
                break
            await press(pilot, "enter")
        row, x0, _, index = app.action_spots[-1]  # the last choice: not what Enter takes
        assert index > 0
        chosen = app.options[index]
        calls = len(match.deal.calls)
        await pilot.click("#actions", offset=(x0 + 1, row))
        await settle(pilot)
        assert match.deal.calls[calls] == (ME, chosen)

    drive(app, script)


def test_light_terminals_get_the_light_theme_and_t_switches_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert light_terminal("0;15") and light_terminal("0;default;7")
    assert not light_terminal("15;0") and not light_terminal("") and not light_terminal("x")
    monkeypatch.setenv("COLORFGBG", "0;15")
    app = table("bela", seed=1)

    async def script(pilot: Pilot[int]) -> None:
        assert app.theme == "textual-light"
        await press(pilot, "t")
        assert app.theme == "textual-dark"

    drive(app, script)


def test_a_record_that_cannot_be_written_is_said_and_play_goes_on(tmp_path: Path) -> None:
    app = table("bulgarian", seed=3, record_path=str(tmp_path / "no" / "such.json"))

    async def script(pilot: Pilot[int]) -> None:
        await press(pilot, "w")
        assert "cannot write the record" in text(app, "#log")
        await press(pilot, "enter")
        assert app.match.deal.actions  # the cut went through

    drive(app, script)


@pytest.mark.parametrize(
    ("game", "seed", "words"),
    [("french", 3, ["Turned card:", "or pass"]), ("bela", 3, ["+2 cards face down"])],
)
def test_the_table_shows_the_auction_of_its_game(game: str, seed: int, words: list[str]) -> None:
    app = table(game, seed=seed)

    async def script(pilot: Pilot[int]) -> None:
        match = app.match
        for _ in range(20):
            if match.deal.phase is Phase.AUCTION and match.turn == ME:
                break
            await press(pilot, "enter")
        assert match.deal.phase is Phase.AUCTION
        middle = text(app, "#trick")
        assert all(word in middle for word in words), middle
        view = match.view(ME)
        if view.turned is not None:
            assert app.words.card(view.turned) in middle

    drive(app, script)


def test_the_log_tells_a_belot_when_it_is_announced() -> None:
    app = table("bulgarian", seed=2)  # North announces a belot in clubs in the first deal
    said: list[str | Text] = []
    say = app.say

    def keep(line: str | Text) -> None:  # every line the log gets, not only the last nine
        said.append(line)
        say(line)

    app.say = keep  # type: ignore[method-assign]

    async def script(pilot: Pilot[int]) -> None:
        for _ in range(60):
            if app.match.deal_over:
                break
            await press(pilot, "enter")
        assert app.match.deal.belots
        for seat, suit in app.match.deal.belots:
            assert f"{app.words.seat(seat)}: belot {suit.symbol}!" in said

    drive(app, script)


def test_undo_goes_back_into_the_finished_deal() -> None:
    app = table("french", seed=5)

    async def script(pilot: Pilot[int]) -> None:
        match = app.match
        for _ in range(60):
            if match.deal_over:
                break
            await press(pilot, "enter")
        assert match.deal_over
        await press(pilot, "enter")  # the next deal
        assert len(match.deals) == 1
        for _ in range(3):
            await press(pilot, "u")
            if len(match.deals) == 0:
                break
        assert len(match.deals) == 0 and not match.deal_over and match.turn == ME
        assert app.options == list(match.view(ME).legal)

    drive(app, script)


@pytest.mark.parametrize("game", ["bulgarian", "bela"])
def test_a_deals_end_shows_every_hand_on_the_80_by_24_screen(game: str) -> None:
    app = table(game, seed=5)

    async def script(pilot: Pilot[int]) -> None:
        match = app.match
        for _ in range(200):
            if match.deal_over and match.scores[-1] is not None:
                break
            await press(pilot, "enter")
        assert match.deal_over and match.scores[-1] is not None
        log = text(app, "#log").splitlines()
        first = log.index("Hands were:")
        for seat, line in zip(Seat, log[first + 1 : first + 5], strict=True):
            assert line.startswith(f"{app.words.seat(seat)}:"), line
            cards = line.split(":", 1)[1].split()
            assert sorted(cards) == sorted(app.words.card(c) for c in match.deal.dealt_hand(seat))
            assert len(cards) == 8  # Bela's two hidden cards too
        assert "Written: NS" in log[first + 6]
        assert app.query_one("#log").region.height >= len(log)  # none of it cut off

    drive(app, script)


@pytest.mark.parametrize(
    ("lang", "letters", "teams"),
    [
        ("bg", "СИЮЗ", ("НС", "ИЗ")),
        ("fr", "NESO", ("NS", "EO")),
        ("en", "NESW", ("NS", "EW")),
        ("hr", "SIJZ", ("SJ", "IZ")),
    ],
)
def test_seats_and_teams_go_by_the_languages_letters(
    lang: str, letters: str, teams: tuple[str, str]
) -> None:
    app = table("bulgarian", seed=5, lang=lang)

    async def script(pilot: Pilot[int]) -> None:
        match = app.match
        for _ in range(200):
            if match.deal_over and match.scores[-1] is not None:
                break
            await press(pilot, "enter")
        last = text(app, "#last")
        trick = match.deal.tricks[-1]
        assert trick.winner is not None
        for seat, card in trick.plays:
            assert f"{letters[seat]} {app.words.card(card)}" in last, last
        assert last.endswith(f"→ {letters[trick.winner]}")
        header = text(app, "#sheet").splitlines()[1].split()
        assert header == list(teams)
        assert match.deal.declarers is not None
        assert text(app, "#top").endswith(f"({teams[match.deal.declarers]})")
        foreign = set("NESW") - set(letters)  # no English seat letter left
        assert not foreign & set(last.replace("→", "").split()), last

    drive(app, script)


def _words_of(texts: Iterable[str]) -> set[str]:
    """The Latin-letter words of three letters or more in ``texts``, placeholders left out."""
    return {
        word.lower()
        for said in texts
        for word in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{\w+\}", " ", said))
    }


def _english_words() -> set[str]:
    """The words of the table's English texts that its Croatian texts do not use."""
    from belot.terminal.words import _CROATIAN, _TEXTS

    return _words_of(texts[0] for texts in _TEXTS.values()) - _words_of(_CROATIAN.values())


def test_a_bela_deal_in_croatian_on_the_80_by_24_screen() -> None:
    """``belot play --game bela --lang hr``: the hand and the actions on the screen in Croatian,
    no English word of the table's on it, the deal's end written in Croatian."""
    app = table("bela", seed=5, lang="hr")
    english = _english_words()
    assert {"pass", "trick", "trumps", "written", "hands"} <= english

    async def script(pilot: Pilot[int]) -> None:
        match = app.match
        screen = Region(0, 0, *SIZE)
        played = False
        for _ in range(200):
            if match.deal_over and match.scores[-1] is not None:
                break
            shown = " ".join(str(w.render()) for w in app.query(Static)).lower()
            assert not english & set(re.findall(r"[a-z]{3,}", shown)), shown
            if match.deal.phase is Phase.PLAY and match.turn == ME and not played:
                played = True
                for widget in ("#hand", "#actions", "#trick", "#south", "#keys"):
                    assert screen.contains_region(app.query_one(widget).region), widget
                hand = text(app, "#hand")
                assert all(app.words.card(c) in hand for c in match.view(ME).hand)
                assert "Tvoj potez" in " ".join(str(w.render()) for w in app.query(Static))
            await press(pilot, "enter")
        assert played and match.deal_over
        score = match.scores[-1]
        assert score is not None
        log = text(app, "#log")
        assert "Karte su bile:" in log
        assert f"Upisano: SJ {score.written[0]}, IZ {score.written[1]}" in log
        assert len(text(app, "#keys")) <= SIZE[0]

    drive(app, script)


def test_every_word_of_the_table_is_written_in_croatian() -> None:
    from belot.terminal.words import _CROATIAN, _TEXTS

    assert sorted(set(_TEXTS) ^ set(_CROATIAN)) == []

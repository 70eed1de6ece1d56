"""Bela's silent bela (RULES.md §6): "Bela: K+Q of trumps in one hand, 20 to its team, announced
with the first of the two (the holder may keep silent)."

The holder chooses between ``Play(card)``, which announces the bela as in every game, and
``Play(card, silent=True)`` (written ``KH-silent``), offered only in Bela and only for the first
of the pair played as a bela. A silent bela never scores and no view shows it; records and
position strings keep it.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from belot.bots.basic import BasicBot, keep_bela_silent
from belot.bots.random_bot import RandomBot
from belot.calc import calc_deal
from belot.cli import play as play_cli
from belot.engine import (
    Card,
    Deal,
    Declare,
    IllegalActionError,
    InvalidActionError,
    InvalidRecordError,
    Match,
    Play,
    Rules,
    Seat,
    Suit,
    Team,
    parse_action,
)
from belot.engine.build import compiled
from belot.engine.record import (
    deal_from_record,
    deal_to_record,
    dumps,
    from_position,
    loads,
    match_from_record,
    match_to_record,
    to_position,
)
from conftest import deal_with_hands, push_all

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Team.NS, Team.EW
BELA = Rules.bela()
ROOT = Path(__file__).resolve().parent.parent
BELOT = [sys.executable, "-c", "from belot.cli import main; main()"]
KH, QH = Card.from_str("KH"), Card.from_str("QH")

#: Dealt by N, so W calls first and leads: W holds the tierce 7-8-9 of clubs and K+Q of hearts.
HANDS = {
    W: "7C 8C 9C QH AD 7S KH 8S",
    S: "7H JH AS KS QS 10S 9H AH",
    E: "10D JD QD KC 8H 10H 9S JS",
    N: "10C JC QC AC 7D 8D 9D KD",
}
#: ``HANDS`` with W's QH and N's 7D swapped: W has KH without its queen.
TWIN = {**HANDS, W: "7C 8C 9C 7D AD 7S KH 8S", N: "10C JC QC AC QH 8D 9D KD"}

#: Dealt by E, so N calls first and leads; W names hearts. N and S take every trick, W plays QH
#: in trick 7 (the first of its pair) and KH in trick 8; N holds four tens (100).
SWEPT = {
    N: "AC 10C AD 10D AS 10S 10H JH",
    S: "KC QC KD QD KS QS AH 9H",
    E: "9C JC 9D JD 9S JS 8H 7H",
    W: "QH KH 7C 8C 7D 8D 7S 8S",
}
SWEPT_TRICKS = "AC 7C QC 9C 10C 8C KC JC AD 7D QD 9D 10D 8D KD JD AS 7S QS 9S 10S 8S KS JS"


def bela_deal(hands: dict[Seat, str] = HANDS, rules: Rules = BELA) -> Deal:
    return deal_with_hands(hands, rules)


def swept_deal(*, four: bool = True, silent: bool = False, to: str = "end") -> Deal:
    """The ``SWEPT`` deal: N declares its four tens (or nothing), W keeps QH silent or not;
    stopped before W's choice (``to="choice"``) or played to the end."""
    deal = deal_with_hands(SWEPT, BELA, dealer=E)
    push_all(deal, ["pass", "hearts", "declare:four-10" if four else "declare:"])
    push_all(deal, SWEPT_TRICKS + " JH")
    if to == "choice":
        return deal
    push_all(deal, ["QH-silent" if silent else "QH", "AH", "8H", "10H", "KH", "9H", "7H"])
    return deal


def silent_offers(deal: Deal) -> list[Play]:
    return [a for a in deal.legal_actions() if isinstance(a, Play) and a.silent]


# --- the notation ------------------------------------------------------------------------------


def test_the_notation_of_a_silent_bela() -> None:
    silent = Play(KH, silent=True)
    assert str(silent) == "KH-silent" and str(Play(KH)) == "KH"
    assert parse_action("KH-silent") == silent == parse_action(" kh-SILENT ")
    assert parse_action("K♥-silent") == silent and parse_action("KH") == Play(KH)
    assert str(parse_action("10H-silent")) == "10H-silent"  # parsed; the deal refuses it
    assert Play(KH) == Play(KH, silent=False) != silent
    assert len({Play(KH), silent, Play(KH, False)}) == 2


@pytest.mark.parametrize("text", ["KH-silen", "-silent", "KH-silent-silent", "KH silent", "KH!"])
def test_a_wrong_silent_notation_is_refused(text: str) -> None:
    with pytest.raises(InvalidActionError, match="unknown action"):
        parse_action(text)


# --- offered exactly when RULES.md §6 says ----------------------------------------------------


def test_the_holder_may_announce_or_keep_silent_with_the_first_of_the_two() -> None:
    deal = bela_deal()
    push_all(deal, "hearts declare:")
    offered = [str(a) for a in deal.legal_actions()]
    assert offered == ["7C", "8C", "9C", "AD", "QH", "QH-silent", "KH", "KH-silent", "7S", "8S"]
    deal.push(Play(QH, silent=True))
    assert deal.belots == () and deal.silent_belas == ((W, Suit.HEARTS),)
    push_all(deal, "declare: AH declare: 8H declare: KD")  # S wins with AH
    push_all(deal, "7H 10H 7D")  # and leads trumps again: W must follow with its king
    assert deal.legal_actions() == [Play(KH)]  # the king is offered plainly
    assert not silent_offers(deal)  # the second of the two: no bela left to announce
    with pytest.raises(IllegalActionError, match="no bela to keep silent"):
        deal.push(Play(KH, silent=True))


def test_a_silent_card_that_is_no_bela_is_refused_and_changes_nothing() -> None:
    deal = bela_deal()
    push_all(deal, "spades declare:")  # K+Q of hearts are no trumps now
    assert not silent_offers(deal)
    before = (to_position(deal), deal.legal_actions())
    for text in ("KH-silent", "7S-silent", "QH-silent"):
        assert not deal.is_legal(parse_action(text))
        with pytest.raises(IllegalActionError, match="no bela to keep silent"):
            deal.push_str(text)
    assert (to_position(deal), deal.legal_actions()) == before
    twin = bela_deal(TWIN)  # the king of trumps without its queen
    push_all(twin, "hearts declare:")
    assert not silent_offers(twin)


def _belot_if_played(deal: Deal, action: Play) -> bool:
    """Whether the plain ``action`` announces a belot (pushed, then taken back)."""
    before = len(deal.belots)
    deal.push(action)
    announced = len(deal.belots) > before
    deal.pop()
    return announced


GAMES = {
    "bulgarian": Rules.bulgarian(),
    "french": Rules.french(),
    "coinche": Rules.coinche(),
    "bela": BELA,
    "bela (no beating in plain suits)": Rules.bela(beat_in_plain_suit=False),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_silent_is_offered_exactly_for_a_bela_that_a_plain_card_would_announce(name: str) -> None:
    """In random deals, at every card: ``Play(c, silent=True)`` is offered (right after
    ``Play(c)``) exactly when the plain card announces a belot, and only in Bela; elsewhere it is
    refused by name."""
    rules = GAMES[name]
    bela = rules.preset == "bela"
    rng = random.Random(20)
    belots = silent = 0
    for number in range(60):
        deal = Deal.new(rules, seed=number)
        while not deal.is_over:
            offered = list(deal.legal_actions())
            if offered and isinstance(offered[0], Play):
                for position, action in enumerate(offered):
                    assert isinstance(action, Play)
                    if action.silent:
                        continue
                    quiet = Play(action.card, silent=True)
                    announces = _belot_if_played(deal, action)
                    belots += announces
                    assert (quiet in offered) == (announces and bela)
                    assert deal.is_legal(quiet) == (quiet in offered)
                    if quiet in offered:
                        assert offered[position + 1] == quiet
                    elif announces:
                        with pytest.raises(IllegalActionError, match="only in Bela"):
                            deal.push(quiet)
            choice = rng.choice(offered)
            silent += isinstance(choice, Play) and choice.silent
            deal.push(choice)
    assert belots > 5  # the deals met enough belots to say something
    assert (silent > 0) == bela


# --- what it scores ----------------------------------------------------------------------------


def hearts_deal() -> Deal:
    """``HANDS`` with W naming hearts at once: W leads, holding K+Q of trumps."""
    deal = bela_deal()
    push_all(deal, "hearts")
    return deal


def _play_out(deal: Deal, *, silent: bool) -> Deal:
    """Play on with the first legal card each time (no declaration), keeping a bela silent or
    announcing it."""
    while not deal.is_over:
        offered = deal.legal_actions()
        if isinstance(offered[0], Declare):
            deal.push(Declare(()))
            continue
        quiet = [a for a in offered if isinstance(a, Play) and a.silent]
        if not quiet:
            deal.push(offered[0])
        else:  # the first card that may keep a bela silent, one way or the other
            deal.push(quiet[0] if silent else Play(quiet[0].card))
    return deal


def test_an_announced_bela_scores_20_to_its_team_and_a_silent_one_nothing() -> None:
    announced = _play_out(hearts_deal(), silent=False)
    quiet = _play_out(hearts_deal(), silent=True)
    assert announced.belots == ((W, Suit.HEARTS),) and announced.silent_belas == ()
    assert quiet.belots == () and quiet.silent_belas == ((W, Suit.HEARTS),)
    assert [str(a) for a in announced.actions] == [
        str(a).removesuffix("-silent") for a in quiet.actions
    ]
    assert announced.card_points == quiet.card_points and 0 not in quiet.tricks_won
    assert announced.result is not None and quiet.result is not None
    assert announced.result.raw[EW] == quiet.result.raw[EW] + 20
    assert announced.result.raw[NS] == quiet.result.raw[NS]
    assert sum(announced.result.written) == sum(quiet.result.written) + 20


def test_a_side_that_takes_no_trick_loses_its_announced_bela_to_the_other() -> None:
    announced = swept_deal()
    quiet = swept_deal(silent=True)
    assert announced.tricks_won == (8, 0) and announced.belots == ((W, Suit.HEARTS),)
    assert announced.result is not None and quiet.result is not None
    assert announced.result.valat is NS and "stiglja" in announced.result.notes
    assert announced.result.raw == (162 + 90 + 100 + 20, 0)
    assert quiet.result.raw == (162 + 90 + 100, 0) and quiet.silent_belas == ((W, Suit.HEARTS),)


def _calc(deal: Deal, bela_ns: int, bela_ew: int, declared: int = 0) -> dict[str, object]:
    assert deal.declarers is not None
    valat = next((team.name for team in Team if deal.tricks_won[team.other] == 0), None)
    return calc_deal(
        {
            "rules": "bela",
            "contract": "hearts",
            "declarers": deal.declarers.name,
            "valat": valat,
            "points": {
                "NS": {"cards": deal.card_points[NS], "declarations": declared, "belot": bela_ns},
                "EW": {"cards": deal.card_points[EW], "belot": bela_ew},
            },
        }
    )


def test_belot_calc_scores_the_same_as_the_engine_a_silent_bela_being_none() -> None:
    for deal, ew_bela, declared in (
        (_play_out(hearts_deal(), silent=False), 20, 0),
        (_play_out(hearts_deal(), silent=True), 0, 0),
        (swept_deal(), 20, 100),
        (swept_deal(silent=True), 0, 100),
    ):
        assert deal.result is not None
        answer = _calc(deal, 0, ew_bela, declared)
        assert answer["raw"] == {"NS": deal.result.raw[0], "EW": deal.result.raw[1]}
        assert answer["written"] == {"NS": deal.result.written[0], "EW": deal.result.written[1]}


# --- views, undo, records ----------------------------------------------------------------------


def test_a_silent_bela_is_in_no_view_and_the_others_cannot_tell_it() -> None:
    deal = bela_deal()
    push_all(deal, "hearts declare: KH-silent declare: AH")
    twin = bela_deal(TWIN)  # W plays the same king, holding no queen
    push_all(twin, "hearts declare: KH declare: AH")
    assert deal.turn is E and twin.turn is E
    for seat in (E, S):
        assert deal.view(seat).key() == twin.view(seat).key()
    for seat in Seat:
        view = deal.view(seat)
        assert view.belots == () and view.to_json()["belots"] == []
        assert "silent" not in json.dumps(view.to_json())


def test_pop_restores_the_choice_exactly() -> None:
    deal = bela_deal()
    push_all(deal, "hearts declare:")
    offered, position, state = deal.legal_actions(), to_position(deal), deal._ps
    held = deal._held
    for text in ("QH-silent", "QH", "KH-silent"):
        action = deal.push_str(text)
        assert deal.pop() == action
        # The very tuple again (a compiled Deal keeps it unboxed: an equal one).
        assert deal._ps == state and (compiled() or deal._ps is state)
        assert deal._held == held  # the card back in its hand
        assert to_position(deal) == position
        assert deal.legal_actions() == offered and deal.belots == () and deal.silent_belas == ()
    copy = deal.copy()
    copy.push_str("KH-silent")
    assert deal.silent_belas == () and copy.silent_belas == ((W, Suit.HEARTS),)


def test_records_and_position_strings_keep_a_silent_bela() -> None:
    deal = _play_out(hearts_deal(), silent=True)
    record = deal_to_record(deal)
    assert "QH-silent" in record["actions"] or "KH-silent" in record["actions"]
    again = deal_from_record(loads(json.dumps(record)))
    assert again.actions == deal.actions and again.result == deal.result
    assert again.silent_belas == deal.silent_belas and again.belots == ()
    position = to_position(deal)
    assert "-silent " in position + " "
    back = from_position(position)
    assert back.actions == deal.actions and to_position(back) == position
    half = bela_deal()
    push_all(half, "hearts declare: KH-silent")
    assert to_position(from_position(to_position(half))) == to_position(half)
    tampered = deal_to_record(half)
    tampered["actions"][-1] = "AD-silent"
    with pytest.raises(
        InvalidRecordError, match=r"step 4 \(W\) 'AD-silent'.*no bela to keep silent"
    ):
        deal_from_record(tampered)


def test_a_match_record_keeps_a_silent_bela() -> None:
    match = Match(BELA, seed=3, auto_next=True)
    rng = random.Random(1)
    silent = False
    while not match.is_over and len(match.deals) < 12 and not silent:
        offered = match.legal_actions()
        quiet = [a for a in offered if isinstance(a, Play) and a.silent]
        action = quiet[0] if quiet else rng.choice(offered)
        silent = bool(quiet)
        match.push(action)
    assert silent
    record = match_to_record(match)
    again = match_from_record(loads(dumps(record)))
    assert match_to_record(again) == record


def test_the_documented_bela_record_round_trips() -> None:
    text = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    section = text[text.index("## Bela: a bela kept silent") :]
    found = re.search(r"```json\n(.*?)```", section, re.S)
    position = re.search(r"```\n(bela .*?)\n```", section, re.S)
    assert found is not None and position is not None
    record = json.loads(found.group(1))
    deal = deal_from_record(record)  # the stored result is checked against the replay
    assert deal.silent_belas and deal.result is not None
    assert json.loads(dumps(deal)) == record
    assert to_position(deal) == position.group(1)
    assert from_position(position.group(1)).result == deal.result


# --- the bots ------------------------------------------------------------------------------------


def test_basic_keeps_silent_only_when_its_side_falls_whatever_comes() -> None:
    falling = swept_deal(to="choice")  # N's four tens: E-W cannot pass even with the bela
    view = falling.view(W)
    assert Play(QH, silent=True) in view.legal and keep_bela_silent(view)
    action = BasicBot(seed=1).act(view)
    assert isinstance(action, Play) and action.silent and action in view.legal
    hopeful = swept_deal(four=False, to="choice")  # 90 against at most 72 + 20 still to come
    view = hopeful.view(W)
    assert hopeful.card_points == (90, 0) and not keep_bela_silent(view)
    action = BasicBot(seed=1).act(view)
    assert isinstance(action, Play) and not action.silent and action.card in (QH, KH)
    first = hearts_deal()  # W leads the first trick: nothing is decided yet
    push_all(first, "declare:")
    assert not keep_bela_silent(first.view(W))
    action = BasicBot(seed=1).act(first.view(W))
    assert isinstance(action, Play) and not action.silent


def test_basic_announces_its_bela_as_a_defender() -> None:
    deal = bela_deal()
    push_all(deal, "pass hearts")  # S names hearts: W holds K+Q of trumps as a defender
    push_all(deal, "declare:")
    view = deal.view(W)
    assert Play(QH, silent=True) in view.legal and not keep_bela_silent(view)
    action = BasicBot(seed=2).act(view)
    assert isinstance(action, Play) and not action.silent


def test_random_picks_among_both_ways() -> None:
    deal = hearts_deal()
    push_all(deal, "declare:")
    view = deal.view(W)
    picks = {RandomBot(seed=s).act(view) for s in range(200)}
    assert Play(QH, silent=True) in picks and Play(QH) in picks and picks <= set(view.legal)


# --- the terminal ------------------------------------------------------------------------------


def test_play_offers_the_human_both_ways(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Dealt by W, so S calls first and leads: S names hearts holding K+Q of hearts.
    hands = {S: HANDS[W], W: HANDS[S], E: HANDS[E], N: HANDS[N]}
    deal = deal_with_hands(hands, BELA, dealer=W)
    push_all(deal, "hearts declare:")
    assert deal.turn is S and silent_offers(deal)
    answers = iter(["KH-silent"])
    monkeypatch.setattr("builtins.input", lambda: next(answers))
    action = play_cli.ask(deal)
    assert action == Play(KH, silent=True)
    out = capsys.readouterr().out
    assert "announce the bela (20) or keep it silent (0)" in out
    assert "K♥ announcing the bela (20)" in out and "K♥ keeping the bela silent" in out
    tricks, belots = deal.trick_number, len(deal.belots)
    deal.push(action)
    play_cli.narrate(deal, S, action, tricks, belots)
    out = capsys.readouterr().out
    assert "You keep your bela ♥ silent." in out and "You: bela" not in out


def test_replay_shows_a_silent_bela_plainly(tmp_path: Path) -> None:
    deal = _play_out(hearts_deal(), silent=True)
    path = tmp_path / "deal.json"
    path.write_text(dumps(deal))
    result = subprocess.run(
        [*BELOT, "replay", str(path)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    ((seat, suit),) = deal.silent_belas
    assert f"{seat.name} bela {suit.symbol} kept silent (0)" in map(
        str.strip, result.stdout.splitlines()
    )
    assert "(20)" not in result.stdout

"""Coinche's cheat sheet (``belot cheatsheet --game coinche``): the auction and every example
figure come from the engine, the sheet follows the rules options, each language is one A4 page,
and every text the sheets look up is written in all three languages."""

from __future__ import annotations

import io
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from belot import cheatsheet
from belot.cheatsheet.coinche import Auction, auction, examples
from belot.cheatsheet.words import LANGUAGES, Words
from belot.cli.cheatsheet import command
from belot.engine.actions import CAPOT_LEVEL
from belot.engine.games.coinche import score_coinche
from belot.engine.rules import Rules
from belot.engine.table import Team

NS = Team.NS


def _text(sheet: cheatsheet.CheatSheet) -> str:
    return "\n".join(sheet.texts())


def _numbers(section: cheatsheet.Section) -> list[str]:
    return sorted(re.findall(r"\d+", " ".join(section.texts()[1:])))


def _examples(sheet: cheatsheet.CheatSheet) -> list[tuple[str, ...]]:
    """The rows of the examples table, the only table of the right-hand column."""
    return [row for s in sheet.sections if s.column == 1 for t in s.tables for row in t.rows]


def _pdf_text(sheet: cheatsheet.CheatSheet) -> tuple[PdfReader, str]:
    reader = PdfReader(io.BytesIO(cheatsheet.to_pdf(sheet)))
    return reader, "".join(page.extract_text() for page in reader.pages)


def _engine(rules: Rules) -> list[tuple[int, int]]:
    """The examples' written points, asked of ``score_coinche`` directly (the sheet's order:
    made, failed, the 82 test, an unbid capot, a capot bid made and failed, coinche with a
    belote, surcoinche)."""
    return [
        score_coinche(rules, NS, 80, (97, 65), (0, 0), (0, 0), None).written,
        score_coinche(rules, NS, 100, (70, 92), (0, 0), (0, 0), None).written,
        score_coinche(rules, NS, 90, (80, 82), (20, 0), (0, 0), None).written,
        score_coinche(rules, NS, 100, (162, 0), (0, 0), (0, 0), NS).written,
        score_coinche(rules, NS, CAPOT_LEVEL, (162, 0), (0, 0), (0, 0), NS).written,
        score_coinche(rules, NS, CAPOT_LEVEL, (140, 22), (0, 0), (0, 0), None).written,
        score_coinche(rules, NS, 100, (110, 52), (0, 0), (20, 0), None, 2).written,
        score_coinche(rules, NS, 100, (110, 52), (0, 0), (0, 0), None, 4).written,
    ]


def test_the_auction_as_the_engine_plays_it() -> None:
    assert auction(Rules.coinche()) == Auction(
        dealt=8,
        levels=(80, 90, 100, 110, 120, 130, 140, 150, 160),
        capot=True,
        other_calls=False,
        later_bid=True,
        opponent_coinches=True,
        partner_coinches=False,
        capot_coinched=True,
        passes_after_coinche=2,
        passes_after_bid=3,
        passes_without_bid=4,
        surcoinche_ends=True,
    )
    assert not auction(Rules.coinche(coinche_capot=False)).capot_coinched


def test_every_part_from_the_engine() -> None:
    text = _text(cheatsheet.sheet("coinche"))
    for needle in (
        "152 in the cards + 10 for the last trick (dix de der) = 162. A side that takes every "
        "trick counts 250 instead.",
        "All 8 cards are dealt before the auction, counter-clockwise from the dealer's right",
        "A bid: 80, 90, …, 160 with a suit, higher than the last; suits are not ranked.",
        "A pass does not bar a later bid. Suits only: no No trumps or All trumps.",
        "Coinche: a player of the side that does not hold the last bid doubles it, in turn.",
        "may surcoinche or pass; a surcoinche or 2 passes end the auction.",
        "Otherwise 3 passes in a row after a bid end the auction; 4 passes without a bid: the "
        "next player deals.",
        "Follow suit. Trumps led: play higher than every trump in the trick if you can, even "
        "over your partner.",
        "Partner holds the trick: any card.",
        "overtrump if you can, else a lower trump",
        "only the team with the strongest single declaration scores",
        "Fours rank J > 9 > A > 10 > K > Q",
        "Belote (K + Q of trumps, 20): always to its holder's team, whichever side, added after "
        "any coinche, never multiplied.",
        "the bidders take at least 82 in the cards (last trick included) and their cards + "
        "declarations + belote reach the bid",
        "Failed: the defenders write 160 + the bid + every declaration",
        "a capot bid counts 250 + 250 = 500, made or lost.",
        "Coinche ×2, surcoinche ×4: the winning side writes (160 + the bid + every declaration)",
        "rounded to the nearest ten, 5 up (177 : 65 → 180 : 70).",
        "Play to 1000.",
    ):
        assert needle in text, needle
    assert "A capot bid cannot be coinched." not in text


def test_the_examples_are_the_engines() -> None:
    rules = Rules.coinche()
    rows = _examples(cheatsheet.build(rules))
    assert [row[2] for row in rows] == [f"{a} : {b}" for a, b in _engine(rules)]
    # And the engine writes what RULES.md §5 rules for each of them.
    assert [row[2] for row in rows] == [
        "180 : 70",  # 97 + 80 = 177 → 180, 65 → 70
        "0 : 260",  # 160 + 100
        "0 : 270",  # 97 ≥ 90 but 80 < 82 cards: failed, 160 + 90 + the tierce
        "350 : 0",  # 250 + 100
        "500 : 0",
        "0 : 500",
        "540 : 0",  # (160 + 100) × 2 + the belote
        "1040 : 0",  # (160 + 100) × 4
    ]
    assert [row[1] for row in rows] == [
        "made",
        "failed",
        "failed",
        "made",
        "made",
        "failed",
        "made ×2",
        "made ×4",
    ]
    assert rows[2][0] == "90 ♥: 80 : 82, tierce 20 to the bidders"
    assert rows[4][0] == "capot ♥: every trick"
    assert rows[6][0] == "100 ♥ coinched: 110 : 52, belote 20 to the bidders"
    assert len(examples()) == len(rows)


@pytest.mark.parametrize(
    ("options", "rows", "present", "absent"),
    [
        (
            {"surcoinche_multiplier": 3},
            {7: ("made ×3", "780 : 0")},
            ["Coinche ×2, surcoinche ×3:"],
            ["1040", "×4"],
        ),
        (
            {"rounding": "none"},
            {0: ("made", "177 : 65")},
            ["Exact points: nothing is rounded."],
            ["nearest ten"],
        ),
        (
            {"double_scope": "bid_only"},
            {6: ("made ×2", "330 : 50"), 7: ("made ×4", "510 : 50")},
            ["only the bid is multiplied"],
            ["the winning side writes"],
        ),
        (
            {"contract_test": "total"},
            {2: ("made", "190 : 80")},
            ["reach the bid (a bid of 80 also needs 82 in the cards)"],
            ["take at least 82"],
        ),
        (
            {"declarations": False},
            {},
            ["Declarations are off (belote contrée): nothing is announced, only the belote"],
            ["Quarte", "Fours rank"],
        ),
        ({"coinche_capot": False}, {}, ["A capot bid cannot be coinched."], []),
        (
            {"target": 500, "forced_undertrump": False, "redeal_same_dealer": True},
            {},
            ["Play to 500.", "else any card", "the same player deals again"],
            ["Play to 1000.", "a lower trump"],
        ),
    ],
)
def test_the_sheet_follows_the_options(
    options: dict[str, Any],
    rows: dict[int, tuple[str, str]],
    present: list[str],
    absent: list[str],
) -> None:
    rules = Rules.coinche(**options)
    sheet = cheatsheet.build(rules)
    table = _examples(sheet)
    assert [row[2] for row in table] == [f"{a} : {b}" for a, b in _engine(rules)]
    for index, (result, written) in rows.items():
        assert table[index][1:] == (result, written), index
    text = _text(sheet)
    for needle in present:
        assert needle in text, needle
    for needle in absent:
        assert needle not in text, needle
    assert _text(cheatsheet.sheet("coinche", "en", options)) == text


@pytest.mark.parametrize("lang", ["bg", "fr"])
@pytest.mark.parametrize(
    "rules",
    [
        Rules.coinche(),
        Rules.coinche(surcoinche_multiplier=3, rounding="none", double_scope="bid_only"),
        Rules.coinche(contract_test="total", declarations=False, coinche_capot=False),
    ],
)
def test_translations_show_the_same_numbers(lang: str, rules: Rules) -> None:
    english, other = cheatsheet.build(rules, "en"), cheatsheet.build(rules, lang)
    assert len(english.sections) == len(other.sections)
    for en, translated in zip(english.sections, other.sections, strict=True):
        assert _numbers(translated) == _numbers(en), en.title
        assert translated.title != en.title


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_is_one_page_with_the_engines_figures(lang: str) -> None:
    reader, text = _pdf_text(cheatsheet.sheet("coinche", lang))
    assert len(reader.pages) == 1
    for symbol in "♣♦♥♠":
        assert symbol in text, symbol
    for a, b in _engine(Rules.coinche()):
        assert f"{a} : {b}" in text, (a, b)


def test_the_pdf_prints_cyrillic_and_french() -> None:
    _, bg = _pdf_text(cheatsheet.sheet("coinche", "bg"))
    for needle in ("Пищов за коанш", "Обявяване", "сюркоанш", "Капо", "Купа ♥", "обявилите"):
        assert needle in bg, needle
    _, fr = _pdf_text(cheatsheet.sheet("coinche", "fr"))
    for needle in ("Aide-mémoire de la coinche", "Enchères", "surcoinche", "Cœur ♥", "chuté"):
        assert needle in fr, needle


def test_the_cli_writes_the_sheet_with_its_options(tmp_path: Path) -> None:
    pdf = tmp_path / "coinche.pdf"
    args = ["--game", "coinche", "--lang", "fr", "--option", "surcoinche_multiplier=3"]
    result = CliRunner().invoke(command, [*args, "--pdf", str(pdf)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(pdf)
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "Aide-mémoire de la coinche" in text and "780 : 0" in text and "1040" not in text


# --- every text the sheets look up, in every language -----------------------------------------


@pytest.fixture
def looked_up(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, dict[str, str]]]:
    """Every key any sheet asks its ``Words`` for, with the text it found in each language."""
    seen: dict[str, dict[str, str]] = {}
    ask = Words.__call__

    def recording(self: Words, key: str, **values: object) -> str:
        seen.setdefault(key, {})[self.lang] = self._texts[key]
        return ask(self, key, **values)

    monkeypatch.setattr(Words, "__call__", recording)
    yield seen


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "coinche": [
        {},
        {"declarations": False, "coinche_capot": False, "rounding": "none"},
        {"double_scope": "bid_only", "contract_test": "total", "forced_undertrump": False},
        {"redeal_same_dealer": True, "direction": 1},
    ],
    "french": [{}, {"forced_undertrump": False, "direction": -1}],
    "bela": [{}, {"tie": "hangs", "partner_exception": True, "beat_in_plain_suit": False}],
    "bulgarian": [{}, {"nt_last_trick": 10, "double_scoring": "per_team"}],
}


def test_every_word_looked_up_has_all_three_languages(
    looked_up: dict[str, dict[str, str]],
) -> None:
    for game in cheatsheet.games():
        for options in OPTION_SETS[game]:
            for lang in LANGUAGES:
                cheatsheet.sheet(game, lang, options)
    assert {"title", "examples", "surcoinche", "round_none", "no_declarations"} <= set(looked_up)
    for key, texts in looked_up.items():
        assert set(texts) == set(LANGUAGES), key
        # The English legend of card faces is empty on purpose: J, Q, K, A need none.
        written = [text for lang, text in texts.items() if not (key == "legend" and lang == "en")]
        assert all(t.strip() for t in written), key
        assert len({frozenset(_fields(t)) for t in written}) == 1, key

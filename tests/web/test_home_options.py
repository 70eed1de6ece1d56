"""The home page explains every rules option of every game in every language: a sentence, its
default (the preset's, also the form's chosen value) and its source (RULES.md's section)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import page_words
import pytest
from starlette.testclient import TestClient

from belot.engine.rules import PRESET_OPTIONS, PRESETS
from belot.web import i18n, rule_options
from belot.web.app import create_app
from belot.web.store import Store

SECTION = {"bulgarian": "3", "french": "4", "coinche": "5", "bela": "6"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db: Path = tmp_path_factory.mktemp("home") / "db.sqlite3"
    with TestClient(create_app(Store(f"sqlite:///{db}"), bot_delay=0)) as test_client:
        yield test_client


def _fieldset(page: str, game: str) -> str:
    found = re.search(
        rf'<fieldset class="game-options" data-game="{game}"[^>]*>(.*?)</fieldset>', page, re.S
    )
    assert found is not None, game
    return found.group(1)


def _options(fieldset: str) -> dict[str, str]:
    """Each option's block in a game's fieldset, by its name."""
    return dict(
        re.findall(r'<div class="rule-option" data-rule="(\w+)">(.*?)</div>', fieldset, re.S)
    )


def _default_words(name: str, value: object, lang: str) -> str:
    """The preset's default as the page must say it."""
    said = i18n.texts(lang) | {k: t.get(lang) or t["en"] for k, t in rule_options.TEXTS.items()}
    if isinstance(value, bool):
        return said["opt_yes" if value else "opt_no"]
    if name == "direction":
        return said[f"opt_direction_{value}"]
    words = {
        "separate": "separate", "single": "single", "winner_takes_all": "winner_takes_all",
        "per_team": "per_team", "seed": "test_seed", "total": "test_total",
        "whole": "scope_whole", "bid_only": "scope_bid_only",
        "nearest_ten": "round_nearest_ten", "none": "round_none",
        "fails": "tie_fails", "hangs": "tie_hangs",
    }  # fmt: skip
    return said[words[value]] if isinstance(value, str) else str(value)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_option_of_every_game_is_explained_with_its_default_and_source(
    client: TestClient, lang: str
) -> None:
    page = client.get(f"/?lang={lang}").text
    assert f'<html lang="{lang}">' in page
    said = {key: texts[lang] for key, texts in rule_options.TEXTS.items()}
    for game, preset in PRESETS.items():
        shown = _options(_fieldset(page, game))
        assert set(shown) == set(PRESET_OPTIONS[game]), game
        for name in PRESET_OPTIONS[game]:
            block = shown[name]
            helped = re.search(r'<p class="option-help" id="([\w-]+)">(.*?)</p>', block, re.S)
            assert helped is not None, (game, name)
            text = html.unescape(re.sub(r"<[^>]+>", "", helped.group(2)))
            sentence = text.split(f" {said['opt_default']}")[0]
            # A sentence of its own, not the bare name.
            assert len(sentence.split()) >= 6 and sentence.endswith("."), (game, name, sentence)
            default = getattr(preset, name)
            wanted = _default_words(name, default, lang)
            assert f"{said['opt_default']} <strong>{wanted}</strong>." in html.unescape(block), (
                game,
                name,
            )
            assert f"{said['opt_source']} <code>RULES.md §" in block, (game, name)
            section = "2" if (game, name) == ("bulgarian", "direction") else SECTION[game]
            assert f"RULES.md §{section}</code>" in block, (game, name)
            # The form starts on the default: the control, when there is one, describes itself
            # with the sentence.
            if name == "target":
                continue
            assert f'aria-describedby="{helped.group(1)}"' in block, (game, name)
            if isinstance(default, bool):
                assert (" checked" in block) is default, (game, name)
            else:
                chosen = re.findall(r'<option value="([^"]*)" selected>', block)
                assert chosen == [str(default)], (game, name)
        # The target's field starts at the game's (home.js reads it from the game's choice).
        assert f'<option value="{game}" data-target="{preset.target}"' in page


def test_the_sources_name_the_source_texts_and_the_other_choices(client: TestClient) -> None:
    page = client.get("/?lang=en").text
    bulgarian = _options(_fieldset(page, "bulgarian"))
    assert "source texts 002, 003, 004; otherwise 2: source text 000." in html.unescape(
        bulgarian["passes_after_double"]
    )
    assert "20 makes 260 in all, 10 makes 250." in bulgarian["nt_last_trick"]
    french = _options(_fieldset(page, "french"))
    assert "source text 001; otherwise 501: source text 004." in french["target"]
    coinche = _options(_fieldset(page, "coinche"))
    assert "otherwise yes: Pagat." in coinche["coinche_anytime"]
    assert "disabled" in coinche["coinche_anytime"]  # shown, not offered: not played yet
    bela = _options(_fieldset(page, "bela"))
    assert "<code>RULES.md §6</code>." in bela["tie"]  # the rulebook's own ruling


@pytest.mark.parametrize("lang", [code for code in i18n.LANGUAGES if code != "en"])
def test_the_explanations_are_in_the_page_s_language(client: TestClient, lang: str) -> None:
    shown = page_words.shown(client.get(f"/?lang={lang}").text)
    assert page_words.foreign(shown, lang) == [], page_words.where(
        shown, page_words.foreign(shown, lang)
    )
    # The check sees the English sentences: the English page said to be in another language.
    english = client.get("/?lang=en").text.replace('<html lang="en">', f'<html lang="{lang}">')
    assert {"overtrump", "bidders", "clockwise"} <= set(
        page_words.foreign(page_words.shown(english), lang)
    )


def test_every_sentence_is_written_in_every_language() -> None:
    missing = [
        (key, code)
        for key, texts in rule_options.TEXTS.items()
        for code in i18n.LANGUAGES
        if not texts.get(code)
    ]
    assert missing == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_each_game_s_rules_page_lists_every_option_explained(client: TestClient, lang: str) -> None:
    """RULES.md §7: each game's rules page lists every option, its default and its source."""
    for game, preset in PRESETS.items():
        page = client.get(f"/rules/{game}?lang={lang}").text
        shown_in = re.search(r'<html lang="(\w+)"', page)
        assert shown_in is not None
        said = {key: texts[shown_in.group(1)] for key, texts in rule_options.TEXTS.items()}
        rows = dict(re.findall(r'<tr data-rule="(\w+)">(.*?)</tr>', page, re.S))
        assert set(rows) == set(PRESET_OPTIONS[game]), (game, lang)
        for name, row in rows.items():
            row = html.unescape(row)
            wanted = _default_words(name, getattr(preset, name), shown_in.group(1))
            assert row.endswith(f"<td>{wanted}</td>"), (game, name, row)
            assert f"{said['opt_source']} <code>RULES.md §" in row, (game, name)
            sentence = re.sub(r"<[^>]+>", "", row.split("<br><small>")[1]).split(" RULES.md")[0]
            assert len(sentence.split()) >= 6, (game, name, sentence)

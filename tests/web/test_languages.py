"""Every page and every message in every language of ``belot.web.i18n``."""

from __future__ import annotations

import re
from pathlib import Path

import page_words
import pytest
from starlette.testclient import TestClient

from belot.engine.rules import PRESETS
from belot.web import i18n
from belot.web.app import create_app
from belot.web.croatian import CROATIAN
from belot.web.scorecounter import texts as page_texts
from belot.web.store import Store


def test_every_key_has_every_language() -> None:
    missing = [
        (key, code)
        for key, words in i18n.TEXTS.items()
        for code in i18n.LANGUAGES
        if not words.get(code)
    ]
    assert missing == []


def test_texts_pick_one_language_and_fall_back_to_english() -> None:
    assert i18n.texts("bg")["new_table"] == "Нова маса"
    assert i18n.texts("hr")["new_table"] == "Novi stol"
    assert i18n.texts("xx") == i18n.texts("en")
    assert i18n.texts(None) == i18n.texts("en")  # type: ignore[arg-type]


def test_every_croatian_word_is_one_of_the_pages() -> None:
    assert sorted(set(CROATIAN) - set(i18n.TEXTS)) == []


def test_the_game_s_own_words_in_each_language() -> None:
    """БК and ВК rather than NT and AT in Bulgarian; the suits as belot.words names them."""
    short = {code: i18n.texts(code)["short_no-trumps"] for code in i18n.LANGUAGES}
    assert short == {"en": "NT", "bg": "БК", "fr": "SA", "hr": "BA"}
    assert i18n.texts("bg")["short_all-trumps"] == "ВК"
    assert i18n.texts("bg")["all-trumps"] == "Всичко коз"
    assert [i18n.texts("hr")[s] for s in ("clubs", "diamonds", "hearts", "spades")] == [
        "Tref",
        "Karo",
        "Herc",
        "Pik",
    ]


def test_the_home_page_is_in_each_language_with_a_picker_of_all(tmp_path: Path) -> None:
    with TestClient(
        create_app(Store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), bot_delay=0)
    ) as client:
        for code in i18n.LANGUAGES:
            html = client.get(f"/?lang={code}").text
            assert f'<html lang="{code}">' in html
            assert i18n.texts(code)["new_table"] in html
            picker = html[html.index('<form class="lang-picker"') :]
            picker = picker[: picker.index("</form>")]
            assert f'aria-label="{i18n.texts(code)["language"]}"' in picker
            for other in i18n.LANGUAGES:
                name = i18n.TEXTS["lang_name"][other]
                chosen = " selected" if other == code else ""
                assert f'<option value="{other}" lang="{other}"{chosen}>{name}</option>' in picker
        # The choice is kept: the cookie the picker sets gives the next page its language.
        client.cookies.set("lang", "fr")
        assert '<html lang="fr">' in client.get("/").text


# --- no page shows a word that is not in its language ---------------------------------------

#: Pages shown in English when asked for a language they are not written in: the Bulgarian
#: rules' prose is written in English, Bulgarian and French (the cheat sheet a reader of
#: Croatian is given is Bela's, written in Croatian).
FALLBACK = {("hr", "/rules/bulgarian")}


def test_the_foreign_word_check_finds_english_on_a_bulgarian_page() -> None:
    """The check itself: English words are found, the language's own and names are not."""
    assert page_words.foreign("Твой ред · Hint: play the Jack", "bg") == ["hint", "play", "the"]
    assert page_words.foreign("Points · Coinche · belot calc · PDF", "fr") == []
    assert page_words.foreign("Next deal", "fr") == ["deal", "next"]
    assert page_words.foreign(page_words.shown('<p title="Your turn">x</p>'), "bg") == [
        "turn",
        "your",
    ]


@pytest.mark.parametrize("lang", [code for code in i18n.LANGUAGES if code != "en"])
def test_no_page_shows_a_word_that_is_not_in_its_language(tmp_path: Path, lang: str) -> None:
    with TestClient(
        create_app(Store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), bot_delay=0)
    ) as client:
        table = client.post("/api/tables", json={"rules": {"preset": "bela"}}).json()["id"]
        paths = [
            "/",
            "/score",
            "/score/calc",
            "/cheatsheet",
            "/rules",
            *(f"/rules/{game}" for game in PRESETS),
            "/rules/ranking",
            f"/t/{table}",
            f"/replay/{table}",
            "/players",
            "/t/NOSUCHTABLE",
            "/no/such/page",
        ]
        checked = 0
        for path in paths:
            page = client.get(f"{path}?lang={lang}")
            shown_in = re.search(r'<html lang="(\w+)"', page.text)
            assert shown_in is not None, path
            if shown_in.group(1) != lang:
                assert (lang, path) in FALLBACK and shown_in.group(1) == "en", path
                continue
            assert page_words.foreign(page_words.shown(page.text), lang) == [], path
            checked += 1
        assert checked == len(paths) - sum(1 for code, _ in FALLBACK if code == lang)


# --- the score counter's reasons for a refused number, in each language ----------------------

#: A typed deal for each reason the counter gives, with the reason's code.
REFUSED = [
    ({"NS": {"cards": "abc"}}, "spades", None, "whole"),
    ({"NS": {"cards": -5}}, "spades", None, "negative"),
    ({"NS": {"cards": 90, "declarations": 25}}, "spades", None, "tens"),
    ({"NS": {"cards": 90, "declarations": 30}}, "spades", None, "declarations"),
    ({"NS": {"cards": 90, "declarations": 20}}, "no-trumps", None, "nt_declarations"),
    ({"NS": {"cards": 90, "belot": 30}}, "spades", None, "twenties"),
    ({"NS": {"cards": 90, "belot": 20}}, "no-trumps", None, "nt_belot"),
    ({"NS": {"cards": 90, "belot": 40}}, "spades", None, "one_belot"),
    ({"NS": {"cards": 90, "belot": 100}}, "all-trumps", None, "more_than"),
    ({"NS": {"cards": 200}}, "spades", None, "too_many_cards"),
    ({"NS": {"cards": 91}}, "no-trumps", None, "odd_nt"),
    ({"NS": {"cards": 100}, "EW": {"cards": 64}}, "spades", None, "card_sum"),
    ({"NS": {"cards": 90, "belot": 20}, "EW": {"belot": 20}}, "spades", None, "both_belot"),
    ({"NS": {"cards": 90, "belot": 60}, "EW": {"belot": 40}}, "all-trumps", None, "all_belots"),
    ({"NS": {"cards": 90}}, "spades", "NS", "valat_cards"),
    ({}, "spades", None, "no_cards"),
]


@pytest.mark.parametrize(("points", "contract", "valat", "code"), REFUSED)
def test_each_refused_number_has_its_reason_in_every_language(
    tmp_path: Path, points: dict[str, object], contract: str, valat: str | None, code: str
) -> None:
    entry = {"contract": contract, "declarers": "NS", "points": points, "valat": valat}
    with TestClient(
        create_app(Store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), bot_delay=0)
    ) as client:
        answer = client.post("/api/score/deal", json=entry).json()
    refused = [e for e in answer["errors"] if e.get("code") == code]
    assert refused, answer
    values = refused[0]["values"]
    for lang in i18n.LANGUAGES:
        said = page_texts.TEXTS[f"refused_{code}"][lang].format(**values)
        assert "{" not in said and said, (lang, said)
    # The English words are the server's own reason (the kind of deal aside: the page shows it).
    english = page_texts.TEXTS[f"refused_{code}"]["en"].format(**values)
    assert refused[0]["message"].endswith(english) or code in ("too_many_cards", "card_sum")


def test_every_reason_the_pages_word_is_one_the_server_gives() -> None:
    codes = {key.removeprefix("refused_") for key in page_texts.TEXTS if key.startswith("refused_")}
    assert codes == {code for *_, code in REFUSED}


def test_a_stale_edit_is_told_in_every_language(tmp_path: Path) -> None:
    """The page words the server's 409 itself (``stale``): the English is the server's."""
    entry = {"contract": "spades", "declarers": "NS", "points": {"NS": {"cards": 90}}}
    with TestClient(
        create_app(Store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), bot_delay=0)
    ) as client:
        made = client.post("/api/score/sheets", json={"deals": [entry]}).json()
        body = {"deals": [entry, entry], "version": 0, "edit": made["edit"]}
        answer = client.put(f"/api/score/sheets/{made['id']}", json=body)
    assert answer.status_code == 409
    version = answer.json()["current"]["version"]
    assert page_texts.TEXTS["stale"]["en"].format(version=version) == answer.json()["error"]
    for lang in i18n.LANGUAGES:
        assert str(version) in page_texts.TEXTS["stale"][lang].format(version=version)


def test_every_word_the_score_counter_s_scripts_look_up_is_written() -> None:
    """``T("key")`` in the score counter's and ranking tool's scripts shows the key itself when
    the page's words lack it; every key has every language."""
    static = Path(page_texts.__file__).parent / "static"
    used = {
        key
        for script in static.glob("*.js")
        for key in re.findall(r'\bT\("([a-z_0-9]+)"', script.read_text(encoding="utf-8"))
    }
    assert {"deal_alone", "wins_trick", "stale"} <= used
    assert sorted(used - set(page_texts.TEXTS)) == []
    missing = [
        (key, code)
        for key, words in page_texts.TEXTS.items()
        for code in i18n.LANGUAGES
        if not words.get(code)
    ]
    assert missing == []


def test_the_keys_help_names_the_same_keys_in_every_language() -> None:
    """A key added to the help in one language is added in all (the letters, arrows and ?)."""
    for key in ("keyboard_help", *(f"keyboard_calls_{game}" for game in PRESETS)):
        texts = {**i18n.TEXTS[key], "hr": CROATIAN[key]}
        keys = {
            code: sorted(re.findall(r"(?<!\w)(?:[A-Z]|\d–\d|[?↑↓]+)(?!\w)", text))
            for code, text in texts.items()
        }
        assert all(found == keys["en"] for found in keys.values()), (key, keys)


def test_the_keys_help_names_only_the_calls_of_the_game() -> None:
    """Bela has no No trumps, All trumps or doubles; French Belote's first round takes the
    turned card; only Coinche has points to climb."""
    english = {game: i18n.TEXTS[f"keyboard_calls_{game}"]["en"] for game in PRESETS}
    assert "contra" not in english["bela"] and "trumps," not in english["bela"]
    assert "all trumps" in english["bulgarian"] and "recontra" in english["bulgarian"]
    assert "turned card" in english["french"] and "contra" not in english["french"]
    assert "coinche" in english["coinche"] and "↑↓" in english["coinche"]
    assert all("↑↓" not in english[game] for game in ("bulgarian", "french", "bela"))
    assert all("bela" not in english[game] for game in ("bulgarian", "french", "coinche"))


def test_a_refused_action_says_its_kind_for_the_page_to_word(tmp_path: Path) -> None:
    """Out of turn, or not legal now: the table says these in its language (refused_*)."""
    with TestClient(
        create_app(Store(f"sqlite:///{tmp_path / 'db.sqlite3'}"), bot_delay=0)
    ) as client:
        answer = client.post(
            "/api/tables", json={"seats": {s: {"kind": "person"} for s in "NEW"}}
        ).json()
        table_id, tokens = answer["id"], {"S": answer["token"]}
        for seat in "NEW":
            reply = client.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": seat})
            tokens[seat] = reply.json()["token"]
        cutter = client.app.state.hub.get(table_id).table.deal.turn.name  # type: ignore[attr-defined]
        other = next(s for s in "NESW" if s != cutter)
        told = {}
        for seat, action in ((other, "cut:5"), (cutter, "cut:40")):
            with client.websocket_connect(f"/ws/{table_id}?token={tokens[seat]}") as ws:
                ws.send_json({"type": "act", "action": action})
                while (message := ws.receive_json())["type"] != "error":
                    pass
                told[action] = message
    assert told["cut:5"]["kind"] == "out_of_turn"
    assert told["cut:40"]["kind"] == "illegal"
    for lang in i18n.LANGUAGES:
        for kind in ("out_of_turn", "illegal"):
            assert i18n.TEXTS[f"refused_{kind}"][lang]


@pytest.mark.parametrize(
    "note", ["doubled tie", "failed", "coinche", "surcoinche", "stiglja", "belot NS", "belot EW"]
)
def test_each_note_of_a_deal_s_score_is_worded(note: str) -> None:
    """The deal explained says each score note (but capot, valat and dedans, said otherwise)
    as ``note_<note>``: a note without words would show its key."""
    key = f"note_{note.replace(' ', '_')}"
    assert all(i18n.TEXTS[key][code] for code in i18n.LANGUAGES)

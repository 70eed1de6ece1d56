"""The words of the web pages in English and Bulgarian (a small table, passed to the pages)."""

from __future__ import annotations

from typing import Final

__all__ = ["LANGUAGES", "TEXTS", "language", "texts"]

LANGUAGES: Final = ("en", "bg")

#: key -> (English, Bulgarian)
TEXTS: Final[dict[str, tuple[str, str]]] = {
    "title": ("Belot", "Белот"),
    "new_table": ("New table", "Нова маса"),
    "create": ("Create the table", "Създай масата"),
    "join": ("Join", "Влез"),
    "join_code": ("Table code", "Код на масата"),
    "your_name": ("Your name", "Твоето име"),
    "seat_N": ("North", "Север"),
    "seat_E": ("East", "Изток"),
    "seat_S": ("South", "Юг"),
    "seat_W": ("West", "Запад"),
    "you": ("you", "ти"),
    "person": ("a person", "човек"),
    "bot": ("computer", "компютър"),
    "level": ("level", "ниво"),
    "rules": ("Rules", "Правила"),
    "timer": ("Turn timer (seconds, 0 = off)", "Време за ход (секунди, 0 = без)"),
    "hints_on": ("Hint button", "Бутон за подсказка"),
    "passes_after_double": (
        "Passes that end the auction after contra",
        "Пасове след контра",
    ),
    "nt_last_trick": ("Last trick in no trumps", "Последна ръка без коз"),
    "declaration_compare": ("Compare declarations", "Сравняване на анонси"),
    "separate": ("sequences and fours apart", "поредици и каре поотделно"),
    "single": ("best declaration only", "само най-добрият анонс"),
    "belot_when_trumping": ("Belot counts when trumping", "Белот при цакане се брои"),
    "double_scoring": ("Doubled deals", "Контра"),
    "winner_takes_all": ("winner takes all", "победителят взима всичко"),
    "per_team": ("each team its own", "всеки отбор своите"),
    "redeal_same_dealer": ("Same dealer after all pass", "Същият раздава след 4 паса"),
    "target": ("Game to", "Игра до"),
    "share": ("Share this link or code", "Сподели връзката или кода"),
    "sit": ("Sit here", "Седни тук"),
    "start_now": ("Start (bots fill free seats)", "Започни (ботове на свободните места)"),
    "waiting_players": ("Waiting for players…", "Чакаме играчи…"),
    "spectator": ("You are watching", "Гледаш играта"),
    "cut_title": ("Your cut", "Ти цепиш"),
    "cut_help": (
        "Pick where to cut the deck, or let it happen.",
        "Избери къде да цепиш тестето или остави на случая.",
    ),
    "cut_here": ("Cut", "Цепи"),
    "cut_random": ("Let it happen", "Цепи случайно"),
    "cut": ("cut", "цепене"),
    "auction": ("Your call", "Твоята обява"),
    "pass": ("Pass", "Пас"),
    "clubs": ("Clubs", "Спатия"),
    "diamonds": ("Diamonds", "Каро"),
    "hearts": ("Hearts", "Купа"),
    "spades": ("Spades", "Пика"),
    "no-trumps": ("No trumps", "Без коз"),
    "all-trumps": ("All trumps", "Всичко коз"),
    "contra": ("Contra", "Контра"),
    "recontra": ("Recontra", "Реконтра"),
    "declare_title": ("Announce with your first card", "Обяви с първата карта"),
    "declare_none": ("Nothing", "Нищо"),
    "tierce": ("tierce", "терца"),
    "quarte": ("quarte", "кварта"),
    "quinte": ("quinte", "квинта"),
    "four": ("four", "каре"),
    "belot": ("Belot!", "Белот!"),
    "your_turn": ("Your turn", "Твой ред"),
    "turn_of": ("To play:", "На ход:"),
    "holds": ("holds the trick", "взима ръката"),
    "won_by": ("won by", "взе"),
    "last_trick": ("Last trick", "Последна ръка"),
    "tricks": ("tricks", "ръце"),
    "contract": ("Contract", "Игра"),
    "dealer": ("Dealer", "Раздава"),
    "deal": ("Deal", "Раздаване"),
    "score": ("Score", "Резултат"),
    "we": ("Us", "Ние"),
    "they": ("Them", "Вие"),
    "hanging": ("hanging", "висящи"),
    "valat": ("valat", "валат"),
    "inside": ("inside", "вътре"),
    "made": ("made", "изкарана"),
    "next_deal": ("Next deal", "Следващо раздаване"),
    "deal_over": ("Deal over", "Край на раздаването"),
    "all_passed": ("All passed: the next player deals", "Всички пас: раздава следващият"),
    "match_over": ("Game over", "Край на играта"),
    "we_won": ("You won!", "Спечелихте!"),
    "they_won": ("They won.", "Загубихте."),
    "seed_hash": ("Deal seed hash", "Хеш на раздаването"),
    "seed": ("Seed", "Семе"),
    "verify": ("Check it with", "Провери с"),
    "hint": ("Hint", "Подсказка"),
    "hint_unit": (
        "expected game points, your team's less theirs",
        "очаквани точки: вашите минус техните",
    ),
    "replay": ("Replay", "Преглед"),
    "take_back": (
        "A bot is playing for you — take your seat back",
        "Бот играе вместо теб — върни се",
    ),
    "leave": ("Leave (a bot plays for me)", "Напусни (бот играе вместо мен)"),
    "bot_playing": ("bot playing", "играе бот"),
    "away": ("away", "отсъства"),
    "seconds_left": ("s left", "сек"),
    "prev": ("Back", "Назад"),
    "next": ("Forward", "Напред"),
    "hands": ("Hands", "Карти"),
    "connection_lost": ("Connection lost, reconnecting…", "Връзката прекъсна, свързване…"),
    "database_reconnecting": (
        "Reconnecting to the database: the table waits…",
        "Връзката с базата данни се възстановява: масата чака…",
    ),
    "bad_message": (
        "The server sent a message this page cannot read",
        "Сървърът изпрати съобщение, което страницата не може да прочете",
    ),
    "language": ("Български", "English"),
    "more": ("More", "Още"),
    "score_counter": ("Score counter (for real cards)", "Броене на точки (за истински карти)"),
    "cheatsheet": ("Cheat sheet", "Пищов"),
    "points": ("points", "точки"),
    "written": ("written", "записани"),
    "keyboard_help": (
        "Keys: 1–8 play a card, L last trick, H hint",
        "Клавиши: 1–8 карта, L последна ръка, H подсказка",
    ),
}


def language(code: str | None) -> str:
    """A supported language code (English unless ``code`` names another)."""
    return code if code in LANGUAGES else "en"


def texts(lang: str) -> dict[str, str]:
    """Every text in one language."""
    index = LANGUAGES.index(language(lang))
    return {key: pair[index] for key, pair in TEXTS.items()}

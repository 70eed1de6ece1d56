"""The terminal table's words in English, Bulgarian, French and Croatian: one small table.

The names follow the line mode (``belot.cli.play``); suits, contracts and card faces come from
:mod:`belot.words`, as the cheat sheets' and the web pages': Пас, Контра, Без коз, Всичко коз;
Passe, Contre, Sans-atout. Croatian (``_CROATIAN``), for Bela's players, is the table's words in
every game, as the web table's (``belot.web.croatian``): dalje, kontra, štih, adut.
"""

from __future__ import annotations

from typing import Final

from belot import words
from belot.engine.actions import CAPOT_LEVEL, Call, CallKind
from belot.engine.cards import Card, Rank
from belot.engine.contracts import Contract
from belot.engine.declarations import Declaration
from belot.engine.table import Seat, Team

__all__ = ["LANGUAGES", "Words"]

LANGUAGES: Final = ("en", "bg", "fr", "hr")

#: key -> (English, Bulgarian, French)
_TEXTS: Final[dict[str, tuple[str, str, str]]] = {
    "N": ("North", "Север", "Nord"),
    "E": ("East", "Изток", "Est"),
    "S": ("You", "Ти", "Vous"),
    "W": ("West", "Запад", "Ouest"),
    "hands_were": ("Hands were:", "Картите бяха:", "Les mains étaient :"),
    **{
        c.text: (
            words.contract_name(c, "en").lower(),
            words.contract_name(c, "bg").lower(),
            words.contract_name(c, "fr").lower(),
        )
        for c in Contract
    },
    "pass": ("pass", "пас", "passe"),
    "tierce": ("tierce", "терца", "tierce"),
    "quarte": ("quarte", "кварта", "cinquante"),
    "quinte": ("quinte", "квинта", "cent"),
    "four": ("four of a kind", "каре", "carré"),
    "contra": ("contra", "контра", "contre"),
    "recontra": ("recontra", "реконтра", "surcontre"),
    "coinche": ("coinche", "контра", "coinche"),
    "surcoinche": ("surcoinche", "реконтра", "surcoinche"),
    "capot": ("capot", "капо", "capot"),
    "deal": ("Deal", "Раздаване", "Donne"),
    "dealer": ("dealer", "раздава", "donneur"),
    "contract": ("Contract", "Игра", "Contrat"),
    "auction": ("Auction", "Наддаване", "Enchères"),
    "turned": ("Turned card", "Обърната карта", "Carte retournée"),
    "round_take": ("take its suit or pass", "вземи боята или пас", "prendre ou passer"),
    "round_name": ("name another suit or pass", "друга боя или пас", "autre couleur ou passer"),
    "hidden": ("+2 cards face down", "+2 карти с гърба нагоре", "+2 cartes cachées"),
    "must_name": ("the dealer must name", "раздаващият обявява", "le donneur doit nommer"),
    "last_trick": ("Last trick", "Последна ръка", "Dernier pli"),
    "sheet": ("Score sheet", "Резултат", "Feuille de marque"),
    "announced": ("Announced", "Анонси", "Annonces"),
    "hanging": ("hanging", "висящи", "en suspens"),
    "your_turn": ("Your turn", "Твой ред", "À vous"),
    "waiting": ("The others play…", "Другите играят…", "Les autres jouent…"),
    "cut": ("cut", "цепене", "coupe"),
    "cut_help": (
        "Cut: ←/→ or type a number 1-31, Enter",
        "Цепене: ←/→ или число 1-31, Enter",
        "Coupe : ←/→ ou un nombre 1-31, Entrée",
    ),
    "announce_nothing": ("announce nothing", "без анонс", "rien à annoncer"),
    "silent": ("keep the {belot} silent", "без {belot}", "{belot} tue"),
    "with_belot": ("with the {belot} (20)", "с {belot} (20)", "avec la {belot} (20)"),
    "next_deal": ("Enter: next deal", "Enter: следващо раздаване", "Entrée : donne suivante"),
    "won": ("You and North win the match!", "Ти и Север печелите!", "Vous et Nord gagnez !"),
    "lost": ("East and West win the match.", "Изток и Запад печелят.", "Est et Ouest gagnent."),
    "saved": ("Saved to {path}", "Записано в {path}", "Enregistré dans {path}"),
    "resumed": (
        "Resumed after {n} actions",
        "Продължава след {n} хода",
        "Reprise après {n} actions",
    ),
    "undone": ("Taken back", "Върнато", "Annulé"),
    "no_undo": ("Nothing to take back", "Няма какво да се върне", "Rien à annuler"),
    "hint": ("Hint", "Подсказка", "Conseil"),
    "thinking": ("Thinking…", "Мисля…", "Je réfléchis…"),
    "hint_only": (
        "only for calls and cards",
        "само за обяви и карти",
        "annonces et cartes seulement",
    ),
    "no_hint": ("No hint: {why}", "Няма подсказка: {why}", "Pas de conseil : {why}"),
    "trick_won": ("Trick {n} → {seat}", "Ръка {n} → {seat}", "Pli {n} → {seat}"),
    "plays": ("{seat}: {card}", "{seat}: {card}", "{seat} : {card}"),
    "says": ("{seat}: {call}", "{seat}: {call}", "{seat} : {call}"),
    "all_passed": ("All passed", "Всички пас", "Tout le monde passe"),
    "made": ("made", "изкарана", "réussi"),
    "inside": ("inside", "вътре", "dedans"),
    "points": ("points NS {ns}, EW {ew}", "точки НС {ns}, ИЗ {ew}", "points NS {ns}, EO {ew}"),
    "written": (
        "Written: NS {ns}, EW {ew}",
        "Записва се: НС {ns}, ИЗ {ew}",
        "Marqué : NS {ns}, EO {ew}",
    ),
    "keys": (
        "←→ Enter 1-9 · calls p c d h s n a x r · u undo · ? hint · w save · q quit",
        "←→ Enter 1-9 · обяви p c d h s n a x r · u назад · ? съвет · w запис · q изход",
        "←→ Entrée 1-9 · p c d h s n a x r · u annuler · ? conseil · w sauver · q quitter",
    ),
}

#: key -> Croatian: every key of ``_TEXTS`` (a test checks it).
_CROATIAN: Final[dict[str, str]] = {
    "N": "Sjever",
    "E": "Istok",
    "S": "Ti",
    "W": "Zapad",
    "hands_were": "Karte su bile:",
    **{c.text: words.contract_name(c, "hr").lower() for c in Contract},
    "pass": "dalje",
    "tierce": "terca",
    "quarte": "kvarta",
    "quinte": "kvinta",
    "four": "četiri iste",
    "contra": "kontra",
    "recontra": "rekontra",
    "coinche": "coinche",
    "surcoinche": "surcoinche",
    "capot": "kapot",
    "deal": "Dijeljenje",
    "dealer": "dijeli",
    "contract": "Adut",
    "auction": "Zvanje",
    "turned": "Okrenuta karta",
    "round_take": "uzmi njezinu boju ili dalje",
    "round_name": "druga boja ili dalje",
    "hidden": "+2 karte licem dolje",
    "must_name": "djelitelj mora zvati",
    "last_trick": "Zadnji štih",
    "sheet": "Rezultat",
    "announced": "Zvanja",
    "hanging": "visi",
    "your_turn": "Tvoj potez",
    "waiting": "Ostali igraju…",
    "cut": "dizanje",
    "cut_help": "Dizanje: ←/→ ili broj 1-31, Enter",
    "announce_nothing": "bez zvanja",
    "silent": "tiha {belot}",
    "with_belot": "+ {belot} (20)",
    "next_deal": "Enter: sljedeće dijeljenje",
    "won": "Ti i Sjever pobjeđujete!",
    "lost": "Istok i Zapad pobjeđuju.",
    "saved": "Spremljeno u {path}",
    "resumed": "Nastavljeno nakon {n} poteza",
    "undone": "Vraćeno",
    "no_undo": "Nema se što vratiti",
    "hint": "Savjet",
    "thinking": "Razmišljam…",
    "hint_only": "samo za zov i karte",
    "no_hint": "Nema savjeta: {why}",
    "trick_won": "Štih {n} → {seat}",
    "plays": "{seat}: {card}",
    "says": "{seat}: {call}",
    "all_passed": "Svi su rekli dalje",
    "made": "prošlo",
    "inside": "pad",
    "points": "bodovi SJ {ns}, IZ {ew}",
    "written": "Upisano: SJ {ns}, IZ {ew}",
    "keys": "←→ Enter 1-9 · zov p c d h s n a x r · u natrag · ? savjet · w spremi · q izlaz",
}

# Seats and teams by letter, as each language writes them (Север, Изток, Юг, Запад; Nord, Est,
# Sud, Ouest; Sjever, Istok, Jug, Zapad): the full names call South "You", the letters name
# places at the table.
_SEAT_LETTERS: Final = {"en": "NESW", "bg": "СИЮЗ", "fr": "NESO", "hr": "SIJZ"}
_TEAMS: Final = {"en": ("NS", "EW"), "bg": ("НС", "ИЗ"), "fr": ("NS", "EO"), "hr": ("SJ", "IZ")}


class Words:
    """The table's words in one language (``en``, ``bg``, ``fr`` or ``hr``)."""

    def __init__(self, lang: str = "en") -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"no language {lang!r}: one of {', '.join(LANGUAGES)}")
        self.lang = lang
        self._texts = (
            _CROATIAN
            if lang == "hr"
            else {key: texts[LANGUAGES.index(lang)] for key, texts in _TEXTS.items()}
        )

    def __call__(self, key: str, **values: object) -> str:
        return self._texts[key].format(**values)

    def seat(self, seat: Seat) -> str:
        return self(seat.name)

    def letter(self, seat: Seat) -> str:
        """``N``, ``С`` (Север), ``O`` (Ouest): a seat in one letter."""
        return _SEAT_LETTERS[self.lang][seat]

    def team(self, team: Team) -> str:
        """``NS``, ``ИЗ``, ``EO``: a team by its seats' letters."""
        return _TEAMS[self.lang][team]

    def card(self, card: Card) -> str:
        """``J♥``, ``В♥``, ``V♥``."""
        return self.rank(card.rank) + card.suit.symbol

    def rank(self, rank: Rank) -> str:
        """A card face (belot.words; the French ace short, ``A``, to fit the table)."""
        return words.rank_name(rank, self.lang, short_ace=True)

    def declaration(self, declaration: Declaration) -> str:
        """``quarte → A♥``, ``four of a kind В``: the kind and its top card (a four: its rank)."""
        kind = self(declaration.kind.text)
        if declaration.is_four:
            return f"{kind} {self.rank(declaration.rank)}"
        return f"{kind} → {self.card(declaration.top)}"

    def contract(self, contract: Contract) -> str:
        return self(contract.text)

    def call(self, call: Call) -> str:
        """A call in words; a Coinche bid with its level (``100 ♥``, ``capot ♠``)."""
        if call.kind is CallKind.BID:
            assert call.contract is not None
            if not call.level:
                return self.contract(call.contract)
            amount = self("capot") if call.level == CAPOT_LEVEL else str(call.level)
            return f"{amount} {call.contract.symbol}"
        return self(call.kind.value)

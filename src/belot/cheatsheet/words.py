"""The words that every game's sheet shares, in English, Bulgarian and French.

A sheet's texts are tables of ``key -> (English, Bulgarian, French)`` format strings; ``Words``
picks one language and fills in the numbers, which always come from the engine; card faces and
suits are named by :mod:`belot.words`. Bela's sheet is written in Croatian too
(:mod:`belot.cheatsheet.croatian`, ``CROATIAN_GAMES``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from belot import words
from belot.cheatsheet.croatian import CROATIAN
from belot.engine.cards import Rank, Suit

__all__ = ["CROATIAN_GAMES", "LANGUAGES", "Texts", "Words"]

#: The languages every game's sheet is written in.
LANGUAGES: Final = ("en", "bg", "fr")
#: The games whose sheet is written in Croatian too (``hr``): Bela, Croatia's game, as the web
#: pages write Bela's table and rules in Croatian.
CROATIAN_GAMES: Final = ("bela",)

#: key -> (English, Bulgarian, French)
Texts = Mapping[str, tuple[str, str, str]]

SHARED: Final[Texts] = {
    "ranking": ("Card ranking", "Сила на картите", "Ordre des cartes"),
    "contract": ("Contract", "Игра", "Contrat"),
    "strongest": ("Strongest to weakest", "От най-силната към най-слабата", "De la plus forte"),
    "trump_suit": ("Trump suit", "Коз", "Atout"),
    "plain_suit": ("Non-trump suit", "Некозова боя", "Hors atout"),
    "points": ("Card points", "Точки на картите", "Valeur des cartes"),
    "card": ("Card", "Карта", "Carte"),
    "trump": ("Trump", "Коз", "Atout"),
    "plain": ("Non-trump", "Некоз", "Hors atout"),
    "declarations": ("Declarations", "Анонси", "Annonces"),
    "declaration": ("Declaration", "Анонс", "Annonce"),
    "combination": ("Combination", "Комбинация", "Combinaison"),
    "pts": ("Points", "Точки", "Points"),
    "tierce": ("Tierce", "Терца", "Tierce"),
    "tierce_is": ("3 in a row in one suit", "3 поредни от една боя", "3 qui se suivent"),
    "quarte": ("Quarte", "Кварта", "Cinquante"),
    "quarte_is": ("4 in a row", "4 поредни", "4 qui se suivent"),
    "quinte": ("Quinte", "Квинта", "Cent"),
    "quinte_is": ("5 or more in a row", "5 или повече поредни", "5 ou plus qui se suivent"),
    "four": ("Four of a kind", "Каре", "Carré"),
    "belot": ("Belot", "Белот", "Belote"),
    "belot_is": ("{k} + {q} of trumps", "{k} + {q} коз", "{k} + {q} d'atout"),
    "redeal_next": ("the next player deals", "раздава следващият", "le suivant donne"),
    "redeal_same": (
        "the same player deals again",
        "същият раздава отново",
        "le même joueur redonne",
    ),
    "obligations": ("Playing obligations", "Задължения при игра", "Obligations de jeu"),
    "must": ("What you must do", "Какво трябва да играете", "Ce qu'il faut jouer"),
    "any_card": ("any card", "всяка карта", "n'importe quelle carte"),
    "lower_trump": ("a lower trump", "по-нисък коз", "sous-couper"),
    "legend": ("", "В = вале, Д = дама, П = поп, А = асо.", "V = valet, D = dame, R = roi."),
    "or": ("or", "или", "ou"),
    "natural": (
        "Sequences always use the natural order {natural}.",
        "Поредиците винаги следват естествения ред {natural}.",
        "Les suites suivent toujours l'ordre naturel {natural}.",
    ),
    "trump_wins": (
        "A trump beats any non-trump card. Otherwise the highest card of the suit led wins; "
        "a card of another suit never wins.",
        "Козът бие всяка некозова карта. Иначе взима най-високата карта от изиграната боя; "
        "карта от друга боя никога не взима.",
        "Un atout bat toute carte hors atout. Sinon la plus haute carte de la couleur demandée "
        "l'emporte ; une carte d'une autre couleur ne gagne jamais.",
    ),
    # French Belote's comparison of declarations, the single best at the table (Coinche's too).
    "compare": (
        "After the first trick only the team with the strongest single declaration scores, all "
        "of its own: any four beats any sequence; sequences by length (6 or 7 in a row count as "
        "a quinte), then the top card, then a trump sequence beats a plain one; a dead tie goes "
        "to the player who plays earlier in the first trick.",
        "След първата ръка записва само отборът с най-силния анонс, всичките си анонси: всяко "
        "каре бие всяка поредица; поредиците по дължина (6 или 7 поредни са квинта), после по "
        "най-високата карта, после козовата бие некозовата; при пълно равенство печели, който "
        "играе по-рано в първата ръка.",
        "Après le premier pli, seule l'équipe de la plus forte annonce marque, toutes les "
        "siennes : tout carré bat toute suite ; les suites par longueur (6 ou 7 de suite font un "
        "cent), puis la carte haute, puis la suite à l'atout ; à égalité parfaite, le joueur qui "
        "joue le premier au premier pli l'emporte.",
    ),
    "fours": (
        "Fours rank {fours}. Fours of {none} do not count. A card counts in one declaration "
        "only; 8 trumps = quinte + tierce ({eight}).",
        "Каретата по сила: {fours}. Каре от {none} не се брои. Една карта участва само в един "
        "анонс; 8 коза = квинта + терца ({eight}).",
        "Ordre des carrés : {fours}. Un carré de {none} ne compte pas. Une carte ne sert qu'à "
        "une annonce ; 8 atouts = cent + tierce ({eight}).",
    ),
    "suits": ("Trumps: {suits}.", "Коз: {suits}.", "Atout : {suits}."),
    "clockwise": (
        "clockwise from the dealer's left",
        "по часовниковата стрелка, от играча вляво от раздаващия",
        "dans le sens des aiguilles d'une montre, depuis la gauche du donneur",
    ),
    "counter_clockwise": (
        "counter-clockwise from the dealer's right",
        "обратно на часовниковата стрелка, от играча вдясно от раздаващия",
        "dans le sens inverse des aiguilles d'une montre, depuis la droite du donneur",
    ),
    "when": ("When", "Кога", "Quand"),
    "led": ("Suit led", "Водена боя", "Couleur demandée"),
    "void": ("Void", "Нямате от боята", "Plus de la couleur"),
    "must_led": (
        "Follow suit. Trumps led: play higher than every trump in the trick if you can, even "
        "over your partner.",
        "Отговаря се на боята. Води се коз: по-висок от всички козове на масата, ако можете, "
        "дори над партньора.",
        "Fournir. Atout demandé : monter sur tous les atouts du pli si possible, même sur le "
        "partenaire.",
    ),
    # French Belote's (and Coinche's) obligations when void: the partner exception, undertrump.
    "must_void": (
        "Partner holds the trick: any card. Otherwise trump; over an opponent's trump, "
        "overtrump if you can, else {otherwise}. No trump: any card.",
        "Партньорът взима: всяка карта. Иначе цакате; над коз на противника надцаквате, ако "
        "можете, иначе {otherwise}. Нямате коз: всяка карта.",
        "Partenaire maître : n'importe quelle carte. Sinon couper ; sur l'atout d'un "
        "adversaire, surcouper si possible, sinon {otherwise}. Pas d'atout : n'importe quelle "
        "carte.",
    ),
    "score": ("Score of a deal", "Резултат от раздаването", "Marque d'une donne"),
    "end": ("End of the match", "Край на играта", "Fin de la partie"),
    "match": (
        "Play to {target}. At the end of a deal a team with {target} or more that leads wins; "
        "tied: play on.",
        "Играе се до {target}. В края на раздаване печели отбор с {target} или повече, който "
        "води; равно: продължава се.",
        "Partie en {target}. À la fin d'une donne, gagne l'équipe qui a {target} ou plus et "
        "mène ; égalité : on continue.",
    ),
    "footer": (
        "Made by `belot cheatsheet --game {game} --lang {lang}` from the rules engine's tables.",
        "Създаден с `belot cheatsheet --game {game} --lang {lang}` от таблиците на програмата.",
        "Produit par `belot cheatsheet --game {game} --lang {lang}` à partir des tables du "
        "moteur de règles.",
    ),
}


class Words:
    """The texts of one language: ``say(key, **numbers)``, card faces and suit names."""

    def __init__(self, lang: str, *tables: Texts) -> None:
        self.lang = lang
        self._texts: dict[str, str] = {}
        if lang == "hr":  # Bela's sheet: the Croatian texts are one table of their own
            self._texts.update(CROATIAN)
            return
        index = LANGUAGES.index(lang)
        for table in (SHARED, *tables):
            self._texts.update({key: texts[index] for key, texts in table.items()})

    def __call__(self, key: str, **values: object) -> str:
        text = self._texts.get(key)
        if text is None:
            raise KeyError(f"the cheat sheet has no {self.lang} text {key!r}")
        return text.format(**values)

    def rank(self, rank: Rank) -> str:
        return words.rank_name(rank, self.lang)

    def ranks(self, ranks: Iterable[Rank], sep: str = ", ") -> str:
        return sep.join(map(self.rank, ranks))

    def suit(self, suit: Suit) -> str:
        return words.suit_name(suit, self.lang)

    def natural(self) -> str:
        """The natural order of the ranks, 7 to the ace."""
        return self.ranks(Rank, " ")

"""The rules options of each game explained: a sentence, the default and the source of each.

The home page offers them so (the new table's form), and each game's rules page lists them so.

Every option a game's preset reads (``belot.engine.rules.PRESET_OPTIONS``) is offered for that
game, its default read from the preset (``PRESETS``), its source the rulebook's section (RULES.md,
which rules where the source texts disagree) and the source texts (``seeds/``) that say the
default and the other choice. The options' names and their choices' words are the pages'
(``belot.web.i18n``); the sentences and the words around them are here, in every language.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from belot.engine.contracts import Contract
from belot.engine.rules import PRESET_OPTIONS, PRESETS, Rules
from belot.engine.scoring import contract_total
from belot.web import i18n

__all__ = ["GAMES", "TEXTS", "Choice", "GameOptions", "Option", "game_options"]

#: The games in the order the home page offers them: every preset's.
GAMES: Final = tuple(PRESETS)

#: key -> {language: text}: the sentences (``help_<option>``) and the words around them.
TEXTS: Final[dict[str, dict[str, str]]] = {
    # With their colon, as each language writes it.
    "opt_default": {
        "en": "Default:",
        "bg": "По подразбиране:",
        "fr": "Par défaut :",
        "hr": "Zadano:",
    },
    "opt_source": {"en": "Source:", "bg": "Източник:", "fr": "Source :", "hr": "Izvor:"},
    "opt_seed": {
        "en": "source text {seeds}",
        "bg": "изходен текст {seeds}",
        "fr": "texte source {seeds}",
        "hr": "izvorni tekst {seeds}",
    },
    "opt_seeds": {
        "en": "source texts {seeds}",
        "bg": "изходни текстове {seeds}",
        "fr": "textes sources {seeds}",
        "hr": "izvorni tekstovi {seeds}",
    },
    "opt_other": {"en": "otherwise", "bg": "иначе", "fr": "sinon", "hr": "inače"},
    "opt_yes": {"en": "yes", "bg": "да", "fr": "oui", "hr": "da"},
    "opt_no": {"en": "no", "bg": "не", "fr": "non", "hr": "ne"},
    "opt_direction": {
        "en": "Direction of play",
        "bg": "Посока на играта",
        "fr": "Sens du jeu",
        "hr": "Smjer igre",
    },
    "opt_direction_-1": {
        "en": "counter-clockwise",
        "bg": "обратно на часовниковата стрелка",
        "fr": "sens inverse des aiguilles d'une montre",
        "hr": "suprotno od kazaljke na satu",
    },
    "opt_direction_1": {
        "en": "clockwise",
        "bg": "по часовниковата стрелка",
        "fr": "sens des aiguilles d'une montre",
        "hr": "u smjeru kazaljke na satu",
    },
    "opt_coinche_anytime": {
        "en": "Coinche at any time of the auction",
        "bg": "Коанш по всяко време на наддаването",
        "fr": "Coincher à tout moment des enchères",
        "hr": "Coinche u bilo kojem trenutku licitacije",
    },
    "help_direction": {
        "en": "Which way the deal, the bidding and the play go round the table.",
        "bg": "В коя посока вървят раздаването, обявяването и играта около масата.",
        "fr": "Dans quel sens tournent la donne, les enchères et le jeu autour de la table.",
        "hr": "U kojem smjeru idu dijeljenje, zvanje i igra oko stola.",
    },
    "help_target": {
        "en": "The match is won by a team that has this score or more at the end of a deal and "
        "leads.",
        "bg": "Играта печели отбор, който в края на раздаване има този резултат или повече и води.",
        "fr": "La partie est gagnée par une équipe qui a ce score ou plus à la fin d'une donne "
        "et mène.",
        "hr": "Partiju dobiva ekipa koja na kraju dijeljenja ima ovaj rezultat ili više i vodi.",
    },
    "help_passes_after_double": {
        "en": "After a contra or recontra, this many passes in a row end the auction.",
        "bg": "След контра или реконтра толкова паса подред завършват наддаването.",
        "fr": "Après un contre ou un surcontre, ce nombre de passes de suite clôt les enchères.",
        "hr": "Nakon kontre ili rekontre toliko puta dalje zaredom završava licitaciju.",
    },
    "help_nt_last_trick": {
        "en": "What the last trick is worth in No trumps: 20 makes {total_20} in all, 10 makes "
        "{total_10}.",
        "bg": "Колко струва последната ръка при Без коз: 20 дава общо {total_20}, 10 дава "
        "{total_10}.",
        "fr": "Ce que vaut le dernier pli à Sans-atout : 20 fait {total_20} en tout, 10 fait "
        "{total_10}.",
        "hr": "Koliko vrijedi zadnji štih bez aduta: 20 daje ukupno {total_20}, 10 daje "
        "{total_10}.",
    },
    "help_declaration_compare": {
        "en": "Sequences and fours apart: the best sequence and the best four are compared each "
        "on its own, and each winner scores its own of that kind; best declaration only: only "
        "the team with the best declaration scores.",
        "bg": "Поредици и каре поотделно: най-добрата поредица и най-доброто каре се сравняват "
        "отделно и всеки победител записва своите от този вид; само най-добрият анонс: записва "
        "само отборът с най-добрия анонс.",
        "fr": "Suites et carrés à part : la meilleure suite et le meilleur carré se comparent "
        "chacun de son côté, chaque gagnant marque les siens de ce genre ; la meilleure annonce "
        "seule : seule l'équipe de la meilleure annonce marque.",
        "hr": "Nizovi i četiri iste odvojeno: najbolji niz i najbolje četiri iste uspoređuju se "
        "zasebno i svaki pobjednik piše svoja te vrste; samo najjače zvanje: piše samo ekipa s "
        "najjačim zvanjem.",
    },
    "help_belot_when_trumping": {
        "en": "Whether a belot counts when its first card trumps a lead in another suit.",
        "bg": "Дали белотът се брои, когато първата му карта цака водена друга боя.",
        "fr": "Si la belote compte quand sa première carte coupe une autre couleur demandée.",
        "hr": "Broji li se bela kad njezina prva karta siječe traženu drugu boju.",
    },
    "help_double_scoring": {
        "en": "Winner takes all: the team with more points writes the whole doubled deal; each "
        "team its own: each team's own points are multiplied when the contract is made.",
        "bg": "Победителят взима всичко: отборът с повече точки записва цялото удвоено "
        "раздаване; всеки отбор своите: точките на всеки отбор се умножават, когато играта е "
        "изкарана.",
        "fr": "Le gagnant prend tout : l'équipe qui a le plus de points marque toute la donne "
        "doublée ; chaque équipe les siens : les points de chaque équipe sont multipliés quand "
        "le contrat est réussi.",
        "hr": "Pobjednik nosi sve: ekipa s više bodova piše cijelo kontrirano dijeljenje; svaka "
        "ekipa svoje: bodovi svake ekipe množe se kad igra prođe.",
    },
    "help_redeal_same_dealer": {
        "en": "When all four pass, the same player deals again instead of the next one.",
        "bg": "Когато и четиримата пасуват, същият играч раздава отново вместо следващия.",
        "fr": "Quand les quatre passent, le même joueur redonne au lieu du suivant.",
        "hr": "Kad sva četvorica kažu dalje, isti igrač dijeli ponovno umjesto sljedećeg.",
    },
    "help_forced_undertrump": {
        "en": "A player with no card of the suit led who cannot overtrump an opponent's trump "
        "must still play a lower trump.",
        "bg": "Играч без карта от водената боя, който не може да надцака коза на противника, "
        "все пак трябва да сложи по-нисък коз.",
        "fr": "Un joueur qui n'a plus de la couleur demandée et ne peut surcouper l'atout d'un "
        "adversaire doit quand même sous-couper.",
        "hr": "Igrač bez tražene boje koji ne može nadsjeći adut protivnika ipak mora baciti "
        "manji adut.",
    },
    "help_coinche_anytime": {
        "en": "A coinche said out of turn, at any time of the auction: not played yet, so "
        "always no.",
        "bg": "Коанш извън реда, по всяко време на наддаването: още не се играе, затова винаги не.",
        "fr": "Une coinche dite hors de son tour, à tout moment des enchères : pas encore jouée, "
        "donc toujours non.",
        "hr": "Coinche izvan reda, u bilo kojem trenutku licitacije: još se ne igra, pa uvijek ne.",
    },
    "help_coinche_capot": {
        "en": "Whether a capot bid may be coinched.",
        "bg": "Дали на обявено капо може да се каже коанш.",
        "fr": "Si une enchère de capot peut être coinchée.",
        "hr": "Smije li se na zov kapota reći coinche.",
    },
    "help_declarations": {
        "en": "Sequences and fours are announced and scored; without them the belote still counts.",
        "bg": "Поредици и карета се обявяват и записват; без тях белотът пак се брои.",
        "fr": "Les suites et les carrés sont annoncés et marqués ; sans eux, la belote compte "
        "toujours.",
        "hr": "Nizovi i četiri iste zovu se i pišu; bez njih bela se i dalje broji.",
    },
    "help_contract_test": {
        "en": "When the bidders make their bid: with 82 card points and their points reaching "
        "the bid, or with their points reaching the bid (82 needed only for a bid of 80).",
        "bg": "Кога обявилите изкарват обявата си: с 82 точки от картите и точки, които стигат "
        "обявата, или само с точки, които стигат обявата (82 са нужни само при обява 80).",
        "fr": "Quand les preneurs réussissent leur enchère : avec 82 points de cartes et des "
        "points qui atteignent l'enchère, ou avec des points qui atteignent l'enchère (82 "
        "seulement pour une enchère de 80).",
        "hr": "Kad ekipa koja je zvala prolazi: s 82 boda iz karata i bodovima koji dosežu zov, "
        "ili samo s bodovima koji dosežu zov (82 potrebna samo za zov od 80).",
    },
    "help_double_scope": {
        "en": "What a coinche or surcoinche multiplies: the whole score of the deal, or the bid "
        "alone.",
        "bg": "Какво умножава коанш или сюркоанш: целия резултат от раздаването или само обявата.",
        "fr": "Ce que multiplie une coinche ou une surcoinche : toute la marque de la donne, ou "
        "l'enchère seule.",
        "hr": "Što množi coinche ili surcoinche: cijeli rezultat dijeljenja ili samo zov.",
    },
    "help_surcoinche_multiplier": {
        "en": "A surcoinche multiplies the score by this number (a coinche by 2).",
        "bg": "Сюркоанш умножава резултата по това число (коанш по 2).",
        "fr": "Une surcoinche multiplie la marque par ce nombre (une coinche par 2).",
        "hr": "Surcoinche množi rezultat ovim brojem (coinche s 2).",
    },
    "help_rounding": {
        "en": "Each side's written points rounded to the nearest ten (5 up), or exact.",
        "bg": "Записаните точки на всяка страна се закръглят до десетица (5 нагоре) или са точни.",
        "fr": "Les points marqués de chaque camp arrondis à la dizaine (5 vers le haut), ou "
        "exacts.",
        "hr": "Upisani bodovi svake ekipe zaokruženi na desetice (5 prema gore) ili točni.",
    },
    "help_tie": {
        "en": "A tie in points: the callers fail, or their points hang for the winner of the "
        "next deal.",
        "bg": "При равни точки: обявилите падат или точките им висят за победителя в "
        "следващото раздаване.",
        "fr": "À égalité de points : les preneurs chutent, ou leurs points restent en suspens "
        "pour le gagnant de la donne suivante.",
        "hr": "Pri izjednačenju: ekipa koja je zvala pada ili njezini bodovi vise za pobjednika "
        "sljedećeg dijeljenja.",
    },
    "help_beat_in_plain_suit": {
        "en": "Following suit, you must beat the card that holds the trick if you can, in a "
        "non-trump suit too.",
        "bg": "Като отговаряте на боята, трябва да биете картата, която взима, ако можете, и в "
        "некозова боя.",
        "fr": "En fournissant, il faut battre la carte maîtresse si possible, même hors atout.",
        "hr": "Kad odgovaraš na boju, moraš tući kartu koja nosi štih ako možeš, i u boji koja "
        "nije adut.",
    },
    "help_partner_exception": {
        "en": "When your partner holds a non-trump trick you need not beat it, trump or overtrump.",
        "bg": "Когато партньорът взима некозова ръка, не сте длъжни да я биете, да цакате или "
        "да надцаквате.",
        "fr": "Quand votre partenaire est maître d'un pli hors atout, vous n'êtes tenu ni de le "
        "battre, ni de couper, ni de surcouper.",
        "hr": "Kad tvoj partner nosi štih u boji koja nije adut, ne moraš ga tući, sjeći ni "
        "nadsjeći.",
    },
    "help_card_in_two_declarations": {
        "en": "Whether one card may count in a four and in a sequence at once.",
        "bg": "Дали една карта може да участва едновременно в каре и в поредица.",
        "fr": "Si une même carte peut compter dans un carré et dans une suite à la fois.",
        "hr": "Smije li ista karta vrijediti u četiri iste i u nizu odjednom.",
    },
    "help_belot_wins_match": {
        "en": "All eight cards of one suit in one hand, announced, win the match at once.",
        "bg": "Всичките осем карти от една боя в една ръка, обявени, печелят играта веднага.",
        "fr": "Les huit cartes d'une couleur dans une main, annoncées, gagnent la partie "
        "sur-le-champ.",
        "hr": "Svih osam karata jedne boje u jednoj ruci, zvano, odmah dobiva partiju.",
    },
}

# Each option's name (a key of the pages' words) and its choices (value -> a key of the words,
# or None: the value is shown as it is); a flag has no choices.
_LABELS: Final[dict[str, str]] = {
    "direction": "opt_direction",
    "target": "target",
    "passes_after_double": "passes_after_double",
    "nt_last_trick": "nt_last_trick",
    "declaration_compare": "declaration_compare",
    "belot_when_trumping": "belot_when_trumping",
    "double_scoring": "double_scoring",
    "redeal_same_dealer": "redeal_same_dealer",
    "forced_undertrump": "forced_undertrump",
    "coinche_anytime": "opt_coinche_anytime",
    "coinche_capot": "coinche_capot",
    "declarations": "declarations_on",
    "contract_test": "contract_test",
    "double_scope": "double_scope",
    "surcoinche_multiplier": "surcoinche_multiplier",
    "rounding": "rounding",
    "tie": "tie",
    "beat_in_plain_suit": "beat_in_plain_suit",
    "partner_exception": "partner_exception",
    "card_in_two_declarations": "card_in_two_declarations",
    "belot_wins_match": "belot_wins_match",
}
_CHOICES: Final[dict[str, dict[object, str | None]]] = {
    "direction": {-1: "opt_direction_-1", 1: "opt_direction_1"},
    "passes_after_double": {3: None, 2: None},
    "nt_last_trick": {20: None, 10: None},
    "declaration_compare": {"separate": "separate", "single": "single"},
    "double_scoring": {"winner_takes_all": "winner_takes_all", "per_team": "per_team"},
    "contract_test": {"seed": "test_seed", "total": "test_total"},
    "double_scope": {"whole": "scope_whole", "bid_only": "scope_bid_only"},
    "surcoinche_multiplier": {4: None, 3: None},
    "rounding": {"nearest_ten": "round_nearest_ten", "none": "round_none"},
    "tie": {"fails": "tie_fails", "hangs": "tie_hangs"},
}
#: Options shown but not offered: the engine refuses any value but the default (rules.py).
_NOT_PLAYED: Final = frozenset({"coinche_anytime"})

# Where each game's options come from (RULES.md §1 and §7): the section of RULES.md that rules,
# the source texts that say its default, and what another says (value, who: a source text's
# number or a published rule's name).
_SECTION: Final = {"bulgarian": 3, "french": 4, "coinche": 5, "bela": 6}
#: Options ruled in another section: Bulgarian Belot's order of play in §2, the common ground.
_SECTION_OF: Final = {("bulgarian", "direction"): 2}
_DEFAULT_SEEDS: Final = {
    "bulgarian": ("002", "003", "004"),
    "french": ("001",),
    "coinche": ("004",),
    "bela": ("004",),
}
_OTHERS: Final[dict[tuple[str, str], tuple[tuple[object, str], ...]]] = {
    ("bulgarian", "passes_after_double"): ((2, "000"),),
    ("bulgarian", "nt_last_trick"): ((10, "000"),),
    ("bulgarian", "declaration_compare"): (("single", "000"),),
    ("bulgarian", "belot_when_trumping"): ((False, "000"),),
    ("bulgarian", "double_scoring"): (("per_team", "000"),),
    ("french", "target"): ((501, "004"),),
    ("coinche", "coinche_anytime"): ((True, "Pagat"),),
    ("coinche", "forced_undertrump"): ((False, "FFB"),),
    ("coinche", "contract_test"): (("total", "Pagat"),),
    ("coinche", "double_scope"): (("bid_only", "Pagat"),),
}
#: Options that RULES.md rules alone, the source texts silent or disagreeing (Bela's play).
_RULEBOOK_ONLY: Final = frozenset(
    {
        ("bela", "beat_in_plain_suit"),
        ("bela", "partner_exception"),
        ("bela", "belot_wins_match"),
        ("bela", "tie"),
    }
)
#: The order options are offered in: the play around the table first, the end last.
_ORDER: Final = tuple(_LABELS)


@dataclass(frozen=True, slots=True)
class Choice:
    value: str
    label: str
    selected: bool


@dataclass(frozen=True, slots=True)
class Option:
    """One option of one game as the page shows it."""

    name: str
    label: str
    #: ``flag`` (a checkbox), ``choice`` (a list), ``number`` (the target, its own field).
    kind: str
    #: Whether the value is sent as a number.
    number: bool
    choices: tuple[Choice, ...]
    #: A flag's default.
    checked: bool
    #: Offered (false: shown, the engine plays only the default yet).
    offered: bool
    help: str
    default: str
    #: ``RULES.md §N``.
    rulebook: str
    #: The source texts of the default and what another says, in words.
    sources: str


@dataclass(frozen=True, slots=True)
class GameOptions:
    game: str
    options: tuple[Option, ...]
    #: "Default" and "Source" in the page's language.
    default_word: str
    source_word: str


def _say(key: str, lang: str, **values: object) -> str:
    texts = TEXTS.get(key) or i18n.TEXTS[key]
    return (texts.get(lang) or texts["en"]).format(**values)


def _shown(name: str, value: object, lang: str) -> str:
    """A value in words: yes or no, a choice's words, or the number."""
    if isinstance(value, bool):
        return _say("opt_yes" if value else "opt_no", lang)
    key = _CHOICES.get(name, {}).get(value)
    return _say(key, lang) if key is not None else str(value)


def _seeds(who: tuple[str, ...], lang: str) -> str:
    return _say("opt_seed" if len(who) == 1 else "opt_seeds", lang, seeds=", ".join(who))


def _sources(game: str, name: str, lang: str) -> str:
    said = [] if (game, name) in _RULEBOOK_ONLY else [_seeds(_DEFAULT_SEEDS[game], lang)]
    for value, who in _OTHERS.get((game, name), ()):
        source = _seeds((who,), lang) if who.isdigit() else who
        said.append(f"{_say('opt_other', lang)} {_shown(name, value, lang)}: {source}")
    return "; ".join(said)


def _help(name: str, lang: str) -> str:
    if name == "nt_last_trick":
        totals = {
            f"total_{points}": contract_total(Contract.NO_TRUMPS, Rules(nt_last_trick=points))
            for points in (20, 10)
        }
        return _say("help_nt_last_trick", lang, **totals)
    return _say(f"help_{name}", lang)


def _option(game: str, name: str, lang: str) -> Option:
    default = getattr(PRESETS[game], name)
    choices = _CHOICES.get(name)
    kind = "number" if name == "target" else "choice" if choices is not None else "flag"
    return Option(
        name=name,
        label=_say(_LABELS[name], lang),
        kind=kind,
        number=isinstance(default, int) and not isinstance(default, bool),
        choices=tuple(
            Choice(str(value), _shown(name, value, lang), value == default)
            for value in (choices or {})
        ),
        checked=default is True,
        offered=name not in _NOT_PLAYED,
        help=_help(name, lang),
        default=_shown(name, default, lang),
        rulebook=f"RULES.md §{_SECTION_OF.get((game, name), _SECTION[game])}",
        sources=_sources(game, name, lang),
    )


def game_options(lang: str) -> tuple[GameOptions, ...]:
    """Every game's options in ``lang``: every option its preset reads, in a fixed order."""
    return _game_options(i18n.language(lang))


@cache
def _game_options(lang: str) -> tuple[GameOptions, ...]:
    # Worked out once a language (about 2 ms), not for each page shown.
    return tuple(
        GameOptions(
            game,
            tuple(_option(game, name, lang) for name in _ORDER if name in PRESET_OPTIONS[game]),
            _say("opt_default", lang),
            _say("opt_source", lang),
        )
        for game in GAMES
    )

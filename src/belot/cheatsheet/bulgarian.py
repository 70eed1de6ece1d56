"""Bulgarian Belot's sheet (seed 003), every number read from the engine.

Card strength ``KEY``, ``CARD_POINTS``, declaration points, ``contract_total``, the rounding
functions, ``score_deal``, the play obligations of ``legal_mask`` and the game's own end of a match
give the numbers; the words are the game's own in each language (БК, ВК, терца, валат...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from belot.cheatsheet.common import (
    SUIT_GAME,
    declarations_table,
    forced_undertrump,
    four_order,
    no_four,
    sheet,
)
from belot.cheatsheet.layout import CheatSheet, Section, Table, digits
from belot.cheatsheet.words import LANGUAGES, Texts, Words
from belot.engine.cards import Card, Rank, Suit
from belot.engine.contracts import Contract
from belot.engine.declarations import SEQUENCE_POINTS, Kind
from belot.engine.games.bulgarian import BELOT_POINTS, Bulgarian
from belot.engine.rules import Rules
from belot.engine.scoring import (
    LAST_TRICK,
    VALAT_BONUS,
    DealScore,
    TeamPoints,
    contract_total,
    pair_round,
    round_single,
    score_deal,
)
from belot.engine.table import Team
from belot.engine.tricks import CARD_POINTS, DECK_POINTS
from belot.words import contract_name

__all__ = ["build", "contract_names"]

_RANKS_SHOWN: Final = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN)


def _named(contract: Contract) -> tuple[str, str, str]:
    """A contract's name in each language of the sheet (:mod:`belot.words`); the Bulgarian
    sheet writes БК and ВК, as players do."""
    en, bg, fr = (contract_name(contract, lang, short=lang == "bg") for lang in LANGUAGES)
    return en, bg, fr


TEXTS: Final[Texts] = {
    "title": ("Belot cheat sheet", "Пищов за белот", "Aide-mémoire de la belote bulgare"),
    "subtitle": (
        "Bulgarian Belot: points, cards and declarations on one page. Generated from the "
        "belot engine's own tables.",
        "Български белот: точки, карти и анонси на една страница. Създаден от собствените "
        "таблици на програмата belot.",
        "Belote bulgare : points, cartes et annonces sur une page. Tiré des tables du moteur "
        "de belot.",
    ),
    "clubs": _named(Contract.CLUBS),
    "diamonds": _named(Contract.DIAMONDS),
    "hearts": _named(Contract.HEARTS),
    "spades": _named(Contract.SPADES),
    "nt": _named(Contract.NO_TRUMPS),
    "at": _named(Contract.ALL_TRUMPS),
    "suit": ("Suit", "Боя", "Couleur"),
    # Card ranking
    "nt_every": ("No trumps (every suit)", "Без коз – БК (всяка боя)", "Sans-atout (partout)"),
    "at_every": ("All trumps (every suit)", "Всичко коз – ВК (всяка боя)", "Tout-atout (partout)"),
    # Card points
    "last_trick": (
        "Last trick: +{last} (+{nt_last} in No trumps). Valat (all eight tricks): +{valat}, "
        "never doubled.",
        "Последна ръка: +{last} (+{nt_last} в БК). Валат, или капо (всичките осем ръце): "
        "+{valat}, не се удвоява.",
        "Dix de der : +{last} (+{nt_last} à Sans-atout). Capot (les huit plis) : +{valat}, "
        "jamais doublé.",
    ),
    "doubled": (
        "All trumps: every suit counts as trumps. No trumps: the card points are doubled.",
        "ВК: всяка боя е коз. БК: точките на картите се удвояват.",
        "Tout-atout : chaque couleur est atout. Sans-atout : les points des cartes sont doublés.",
    ),
    # Totals
    "totals": ("Totals per contract", "Общо точки по игри", "Totaux par contrat"),
    "cards": ("Cards", "Карти", "Cartes"),
    "last": ("Last trick", "Последна", "Dix de der"),
    "total": ("Total", "Общо", "Total"),
    "game_points": ("Game pts", "Точки", "Points"),
    # Declarations
    "compare_separate": (
        "Sequences and fours are compared separately after the first trick. Only the team with "
        "the best sequence (length first, then the top card) scores its sequences; equal best "
        "sequences: none score.",
        "Поредиците и каретата се сравняват поотделно след първата ръка. Само отборът с "
        "най-добрата поредица (първо дължината, после най-високата карта) записва поредиците "
        "си; при равни най-добри поредици не се записва никоя.",
        "Suites et carrés se comparent séparément après le premier pli. Seule l'équipe qui a "
        "la meilleure suite (la longueur, puis la carte haute) marque ses suites ; meilleures "
        "suites égales : aucune ne compte.",
    ),
    "compare_single": (
        "Each team's best declaration is compared after the first trick: any four beats any "
        "sequence; the winner scores all its declarations.",
        "След първата ръка се сравнява най-добрият анонс на всеки отбор: всяко каре бие всяка "
        "поредица; победителят записва всичките си анонси.",
        "Après le premier pli, on compare la meilleure annonce de chaque équipe : tout carré bat "
        "toute suite ; le gagnant marque toutes ses annonces.",
    ),
    "fours": (
        "Fours rank {fours}; only the team with the best four scores its fours. Fours of {none} "
        "do not count. A card counts in one declaration only.",
        "Каретата по сила: {fours}; само отборът с най-доброто каре записва каретата си. Каре "
        "от {none} не се брои. Една карта участва само в един анонс.",
        "Ordre des carrés : {fours} ; seule l'équipe du meilleur carré marque ses carrés. Un "
        "carré de {none} ne compte pas. Une carte ne sert qu'à une annonce.",
    ),
    "announce": (
        "Announce declarations with your first card. No declarations or belot in No trumps. "
        "Belot is never compared; in All trumps it can be in any suit.",
        "Анонсите се обявяват с първата карта. В БК няма анонси и белот. Белотът не се "
        "сравнява; във ВК може да е във всяка боя.",
        "On annonce avec sa première carte. Ni annonce ni belote à Sans-atout. La belote ne se "
        "compare jamais ; à Tout-atout elle peut être dans chaque couleur.",
    ),
    "belot_trumping": (
        "Belot counts when its first card leads, follows suit or trumps.",
        "Белотът се брои, когато първата му карта се води, отговаря на боята или цака.",
        "La belote compte quand sa première carte entame, fournit ou coupe.",
    ),
    "belot_not_trumping": (
        "Belot counts when its first card leads, follows suit (not when trumping).",
        "Белотът се брои, когато първата му карта се води или отговаря на боята (не и когато "
        "цака).",
        "La belote compte quand sa première carte entame ou fournit (pas en coupant).",
    ),
    "valat_same": (
        "A valat without declarations writes {suit} in a suit, {at} in No trumps or All trumps.",
        "Валат без анонси записва {suit} в боя, {at} в БК или ВК.",
        "Un capot sans annonces marque {suit} à la couleur, {at} à Sans-atout ou Tout-atout.",
    ),
    "valat_apart": (
        "A valat without declarations writes {suit} in a suit, {nt} in No trumps, {at} in All "
        "trumps.",
        "Валат без анонси записва {suit} в боя, {nt} в БК, {at} във ВК.",
        "Un capot sans annonces marque {suit} à la couleur, {nt} à Sans-atout, {at} à Tout-atout.",
    ),
    # Contract order
    "order": ("Contract order", "Ред на обявите", "Ordre des enchères"),
    "contra": (
        "Contra (only on the opponents' contract) doubles, recontra (by the contract's team) "
        "quadruples: a whole suit deal writes {x2}, or {x4}.",
        "Контра (само на обявата на противниците) удвоява, реконтра (от отбора на обявата) "
        "учетворява: цяла игра на боя записва {x2} или {x4}.",
        "Contre (seulement sur le contrat adverse) double, surcontre (par l'équipe du contrat) "
        "quadruple : une donne entière à la couleur marque {x2}, ou {x4}.",
    ),
    "auction_end_same": (
        "A higher contract cancels contra and recontra. The auction ends after three passes in "
        "a row (also after a contra); four passes: {redeal}.",
        "По-висока обява отменя контрата и реконтрата. Обявяването свършва след три поредни "
        "паса (и след контра); четири паса: {redeal}.",
        "Un contrat plus haut annule contre et surcontre. Les enchères finissent après trois "
        "passes de suite (aussi après un contre) ; quatre passes : {redeal}.",
    ),
    "auction_end_apart": (
        "A higher contract cancels contra and recontra. The auction ends after three passes in "
        "a row ({passes} after a contra); four passes: {redeal}.",
        "По-висока обява отменя контрата и реконтрата. Обявяването свършва след три поредни "
        "паса ({passes} след контра); четири паса: {redeal}.",
        "Un contrat plus haut annule contre et surcontre. Les enchères finissent après trois "
        "passes de suite ({passes} après un contre) ; quatre passes : {redeal}.",
    ),
    # Obligations
    "must_suit": (
        "Follow suit. Trumps led: play a higher trump if you can, even over your partner. Void "
        "in a plain suit: if your partner holds the trick, any card; otherwise trump, and "
        "overtrump an opponent's trump if you can; if you cannot, {otherwise}.",
        "Отговаря се на боята. Води се коз: по-висок коз, ако имате, дори над партньора. Нямате "
        "от некозовата боя: ако партньорът взима, всяка карта; иначе цакате и надцаквате "
        "противника, ако можете; ако не можете, {otherwise}.",
        "Fournir. Atout demandé : monter si possible, même sur le partenaire. Plus de la "
        "couleur : partenaire maître, n'importe quelle carte ; sinon couper, et surcouper un "
        "adversaire si possible ; sinon, {otherwise}.",
    ),
    "must_nt": (
        "Only follow suit. If you cannot, play any card.",
        "Само се отговаря на боята. Ако нямате, всяка карта.",
        "Fournir seulement. Sinon, n'importe quelle carte.",
    ),
    "must_at": (
        "Follow suit and beat the highest card of the suit led if you can, whoever holds the "
        "trick. If you cannot follow, any card.",
        "Отговаря се на боята и се качва над най-високата ѝ карта, ако можете, който и да "
        "взима. Ако нямате от боята, всяка карта.",
        "Fournir et monter sur la plus haute carte de la couleur si possible, quel que soit le "
        "maître. Sinon, n'importe quelle carte.",
    ),
    # Rounding
    "rounding": ("Rounding (points ÷ 10)", "Закръгляне (точки ÷ 10)", "Arrondi (points ÷ 10)"),
    "up": ("Last digit up", "Нагоре при", "Vers le haut"),
    "down": ("Down", "Надолу при", "Vers le bas"),
    "both_end": ("Both totals end in", "И двата завършват на", "Les deux finissent par"),
    "smaller_up": (
        "{digit}: the smaller up, ",
        "{digit}: по-малкият нагоре, ",
        "{digit} : le plus petit en haut, ",
    ),
    "examples": (
        "Examples: {suit} (suit); {nt} (No trumps).",
        "Примери: {suit} (боя); {nt} (БК).",
        "Exemples : {suit} (couleur) ; {nt} (Sans-atout).",
    ),
    "single": (
        "One team writes everything (inside, valat, contra): the sum rounds from {half} up, "
        "then × 2 or × 4 (e.g. {total} → {rounded}).",
        "Един отбор записва всичко (вътре, валат, контра): сборът се закръгля от {half} нагоре, "
        "после × 2 или × 4 (напр. {total} → {rounded}).",
        "Une équipe marque tout (dedans, capot, contre) : la somme s'arrondit à partir de "
        "{half}, puis × 2 ou × 4 (p. ex. {total} → {rounded}).",
    ),
    "hanging": (
        "Hanging: {suit} : {suit} → the defenders write {suit_written}, {suit_hang} hang; "
        "{at} : {at} (All trumps) → {at_written}, {at_hang} hang.",
        "Висящи: {suit} : {suit} → противниците записват {suit_written}, {suit_hang} висят; "
        "{at} : {at} (ВК) → {at_written}, {at_hang} висят.",
        "Litige : {suit} : {suit} → la défense marque {suit_written}, {suit_hang} en suspens ; "
        "{at} : {at} (Tout-atout) → {at_written}, {at_hang} en suspens.",
    ),
    # Result and end
    "end": ("Result and end of the game", "Резултат и край на играта", "Résultat et fin"),
    "result": (
        "The declarers need strictly more points (cards + declarations + belot). Made: each "
        "team writes its own. Fewer: inside, the defenders write everything. Equal: hanging, "
        "the defenders write their own, the declarers' points go to the winner of the next deal.",
        "Обявилите трябва да имат строго повече точки (карти + анонси + белот). Изкарана: всеки "
        "отбор записва своите. По-малко: вътре, противниците записват всичко. Равно: висяща, "
        "противниците записват своите, точките на обявилите отиват при победителя в следващото "
        "раздаване.",
        "Le preneur doit avoir strictement plus de points (cartes + annonces + belote). Fait : "
        "chaque équipe marque les siens. Moins : dedans, la défense marque tout. Égalité : "
        "litige, la défense marque les siens, ceux du preneur vont au gagnant de la donne "
        "suivante.",
    ),
    "valat": (
        "Valat: that team writes every point of the deal plus the bonus.",
        "Валат: този отбор записва всички точки от раздаването плюс бонуса.",
        "Capot : cette équipe marque tous les points de la donne plus la prime.",
    ),
    "double_whole": (
        "With contra or recontra the team with more points writes the whole deal × 2 or × 4; "
        "a tie hangs everything.",
        "При контра или реконтра отборът с повече точки записва цялото раздаване × 2 или × 4; "
        "при равенство всичко виси.",
        "Avec contre ou surcontre, l'équipe qui a le plus de points marque toute la donne × 2 ou "
        "× 4 ; à égalité tout reste en suspens.",
    ),
    "double_per_team": (
        "With contra or recontra each team's total is multiplied by 2 or 4, then rounded; "
        "inside: the defenders write everything × 2 or × 4.",
        "При контра или реконтра точките на всеки отбор се умножават по 2 или 4 и после се "
        "закръглят; вътре: противниците записват всичко × 2 или × 4.",
        "Avec contre ou surcontre, le total de chaque équipe est multiplié par 2 ou 4 puis "
        "arrondi ; dedans : la défense marque tout × 2 ou × 4.",
    ),
    "match": (
        "Play to {target}. After a deal, a team with {target} or more and more points than the "
        "other wins. Equal: play on. A deal won by a valat or one that leaves points hanging "
        "cannot end the game.",
        "Играе се до {target}. След раздаване печели отбор с {target} или повече и повече точки "
        "от другия. Равно: продължава се. Раздаване, спечелено с валат, или с висящи точки не "
        "може да завърши играта.",
        "Partie en {target}. Après une donne, gagne l'équipe qui a {target} ou plus et plus que "
        "l'autre. Égalité : on continue. Une donne gagnée par capot, ou qui laisse un litige, ne "
        "peut pas finir la partie.",
    ),
}


def contract_names(say: Words) -> tuple[str, ...]:
    """The contracts in auction order, each suit with its symbol."""
    suits = [f"{say(name)} {Contract(i).symbol}" for i, name in enumerate(_SUIT_KEYS)]
    return (*suits, say("nt"), say("at"))


_SUIT_KEYS: Final = ("clubs", "diamonds", "hearts", "spades")


def _round_up_digits(contract: Contract) -> list[int]:
    # Paired with a total ending in 0, so that no both-end-in special rule applies.
    return [d for d in range(10) if pair_round(100 + d, 50, contract)[0] == 11]


def _both_digit(contract: Contract) -> int | None:
    """The last digit that, ending both totals, makes the smaller round up and the larger down."""
    for digit in range(10):
        a, b = 60 + digit, 90 + digit
        alone = (pair_round(a, 50, contract)[0], pair_round(b, 50, contract)[0])
        if pair_round(a, b, contract) != alone:
            return digit
    return None


def _hanging_example(contract: Contract, rules: Rules) -> tuple[int, int, int]:
    """A deal where both teams reach the same total: (each total, defenders write, hangs)."""
    total = contract_total(contract, rules)
    quarte = SEQUENCE_POINTS[Kind.QUARTE]
    each = (total + quarte) // 2  # the defenders' quarte makes up for the declarers' cards
    points = (TeamPoints(each), TeamPoints(total - each, quarte))
    score = score_deal(rules, contract, Team.NS, points)
    return each, score.written[Team.EW], score.hanging


def _valat(rules: Rules, contract: Contract) -> DealScore:
    points = (TeamPoints(contract_total(contract, rules)), TeamPoints(0))
    return score_deal(rules, contract, Team.NS, points, valat=Team.NS)


def _card_points(rules: Rules, say: Words) -> Section:
    hearts, nt = Contract.HEARTS, Contract.NO_TRUMPS

    def row(ranks: Sequence[Rank]) -> tuple[str, ...]:
        rank = ranks[0]
        return (
            say.ranks(ranks),
            str(CARD_POINTS[hearts][Card(Suit.HEARTS, rank).index]),
            str(CARD_POINTS[hearts][Card(Suit.CLUBS, rank).index]),
            str(CARD_POINTS[nt][Card(Suit.CLUBS, rank).index]),
        )

    rows = [row([r]) for r in _RANKS_SHOWN]
    rows.append(row([Rank.EIGHT, Rank.SEVEN]))
    table = Table(
        (say("card"), say("trump"), say("plain"), say("nt")), tuple(rows), (0.25, 0.25, 0.25, 0.25)
    )
    notes = (
        say("last_trick", last=LAST_TRICK, nt_last=rules.nt_last_trick, valat=VALAT_BONUS),
        say("doubled"),
    )
    return Section(say("points"), 0, (table,), notes)


def _totals(rules: Rules, say: Words) -> Section:
    rows = []
    for name, contract in (
        ("suit", Contract.HEARTS),
        ("at", Contract.ALL_TRUMPS),
        ("nt", Contract.NO_TRUMPS),
    ):
        total = contract_total(contract, rules)
        cards = DECK_POINTS[contract]
        rows.append(
            (say(name), str(cards), f"+{total - cards}", str(total), str(round_single(total)))
        )
    table = Table(
        (say("contract"), say("cards"), say("last"), say("total"), say("game_points")),
        tuple(rows),
        (0.28, 0.16, 0.2, 0.16, 0.2),
    )
    return Section(say("totals"), 0, (table,))


def _declarations(rules: Rules, say: Words) -> Section:
    table = declarations_table(say, BELOT_POINTS)
    suit = _valat(rules, Contract.HEARTS).written[0]
    at = _valat(rules, Contract.ALL_TRUMPS).written[0]
    nt = _valat(rules, Contract.NO_TRUMPS).written[0]
    notes = (
        say("compare_" + rules.declaration_compare),
        say("fours", fours=four_order(say), none=no_four(say)),
        say("announce"),
        say("belot_trumping" if rules.belot_when_trumping else "belot_not_trumping"),
        say("valat_same", suit=suit, at=at)
        if nt == at
        else say("valat_apart", suit=suit, nt=nt, at=at),
    )
    return Section(say("declarations"), 0, (table,), notes)


def _contract_order(rules: Rules, say: Words) -> Section:
    doubled = [
        score_deal(
            rules, Contract.HEARTS, Team.NS, (TeamPoints(100), TeamPoints(62)), double=double
        ).written[0]
        for double in (2, 4)
    ]
    redeal = say("redeal_same" if rules.redeal_same_dealer else "redeal_next")
    if rules.passes_after_double == 3:
        end = say("auction_end_same", redeal=redeal)
    else:
        end = say("auction_end_apart", passes=rules.passes_after_double, redeal=redeal)
    notes = (
        " < ".join(contract_names(say)) + ".",
        say("contra", x2=doubled[0], x4=doubled[1]),
        end,
    )
    return Section(say("order"), 1, (), notes)


def _obligations(rules: Rules, say: Words) -> Section:
    otherwise = say("lower_trump" if forced_undertrump(rules) else "any_card")
    table = Table(
        (say("contract"), say("must")),
        (
            (say("suit"), say("must_suit", otherwise=otherwise)),
            (say("nt"), say("must_nt")),
            (say("at"), say("must_at")),
        ),
        (0.22, 0.78),
    )
    return Section(say("obligations"), 1, (table,))


def _rounding(rules: Rules, say: Words) -> Section:
    suit, at, nt = Contract.HEARTS, Contract.ALL_TRUMPS, Contract.NO_TRUMPS

    def pair(a: int, b: int, contract: Contract) -> str:
        x, y = pair_round(a, b, contract)
        return f"{a} : {b} → {x} + {y}"

    rows = []
    for name, contract, base in (
        ("suit", suit, (90, 60)),
        ("at", at, (130, 120)),
        ("nt", nt, None),
    ):
        up = _round_up_digits(contract)
        down = [d for d in range(10) if d not in up]
        digit = _both_digit(contract)
        special = "–"
        if digit is not None and base is not None:
            special = say("smaller_up", digit=digit) + pair(
                base[0] + digit, base[1] + digit, contract
            )
        rows.append((say(name), digits(up), digits(down), special))
    table = Table(
        (say("contract"), say("up"), say("down"), say("both_end")),
        tuple(rows),
        (0.2, 0.2, 0.16, 0.44),
    )
    hang_suit = _hanging_example(suit, rules)
    hang_at = _hanging_example(at, rules)
    total = contract_total(suit, rules)
    half = next(d for d in range(10) if round_single(10 + d) == 2)
    notes = (
        say("examples", suit=pair(87, 75, suit), nt=pair(146, 114, nt)),
        say("single", half=half, total=total, rounded=round_single(total)),
        say(
            "hanging",
            suit=hang_suit[0],
            suit_written=hang_suit[1],
            suit_hang=hang_suit[2],
            at=hang_at[0],
            at_written=hang_at[1],
            at_hang=hang_at[2],
        ),
    )
    return Section(say("rounding"), 1, (table,), notes)


def _end_of_game(rules: Rules, say: Words) -> Section:
    per_team = rules.double_scoring == "per_team"
    notes = (
        say("result"),
        say("valat"),
        say("double_per_team" if per_team else "double_whole"),
        say("match", target=rules.target),
    )
    return Section(say("end"), 1, (), notes)


def build(rules: Rules, lang: str) -> CheatSheet:
    """Bulgarian Belot's sheet for ``rules`` in ``lang``."""
    assert rules.preset == Bulgarian.name
    say = Words(lang, TEXTS)
    rows = (
        *SUIT_GAME,
        ("nt_every", Contract.NO_TRUMPS, Suit.CLUBS),
        ("at_every", Contract.ALL_TRUMPS, Suit.CLUBS),
    )
    return sheet(
        say,
        Bulgarian.name,
        (
            _card_points(rules, say),
            _totals(rules, say),
            _declarations(rules, say),
            _contract_order(rules, say),
            _obligations(rules, say),
            _rounding(rules, say),
            _end_of_game(rules, say),
        ),
        rows,
    )

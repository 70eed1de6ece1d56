"""Bela's sheet (RULES.md §6, seed 004), every number read from the engine.

The card tables of ``tricks``, the declaration points, ``score_bela`` (the callers pass only with
more, the others write everything, stiglja +90, a tie as the option says), the calling of a real
``Deal`` (six cards and two hidden, one round, the dealer forced), ``bela_legal_mask`` and
``Bela.match_winner`` (a belot wins at once).
"""

from __future__ import annotations

from typing import Final

from belot.cheatsheet.common import (
    card_points,
    declarations_table,
    direction,
    pair,
    sheet,
    trump_suits,
)
from belot.cheatsheet.layout import CheatSheet, Section, Table
from belot.cheatsheet.words import Texts, Words
from belot.engine.actions import Call, CallKind
from belot.engine.cards import Card, Rank
from belot.engine.contracts import Contract
from belot.engine.deal import Deal
from belot.engine.games.bela import BELA_POINTS, STIGLJA_BONUS, Bela, bela_legal_mask, score_bela
from belot.engine.games.french import DECK_POINTS
from belot.engine.rules import Rules
from belot.engine.scoring import Outcome
from belot.engine.table import Team
from belot.engine.tricks import DECK_POINTS as CARDS_ONLY

__all__ = ["build", "calling"]

TEXTS: Final[Texts] = {
    "title": ("Bela cheat sheet", "Пищов за бела", "Aide-mémoire de la bela"),
    "subtitle": (
        "Croatian Bela: six cards and two hidden, the dealer must name trumps. Generated from "
        "the belot engine's own tables.",
        "Хърватска бела: шест карти и две скрити, раздаващият е длъжен да обяви коз. Създаден "
        "от собствените таблици на програмата belot.",
        "Bela croate : six cartes et deux cachées, le donneur doit nommer l'atout. Tiré des "
        "tables du moteur de belot.",
    ),
    "belot": ("Bela", "Бела", "Bela"),
    "deck": (
        "Every deal: {cards} in the cards + {last} for the last trick = {total}. Stiglja (all "
        "eight tricks): +{stiglja}.",
        "Всяко раздаване: {cards} от картите + {last} за последната ръка = {total}. Щиля "
        "(всичките осем ръце): +{stiglja}.",
        "Chaque donne : {cards} de cartes + {last} pour le dernier pli = {total}. Stiglja (les "
        "huit plis) : +{stiglja}.",
    ),
    "compare": (
        "Announced with your first card, or lost. Each side's best declaration is compared: "
        "the higher value wins, a four beats a sequence of the same value, then the higher top "
        "card, then the side first from the dealer's right. The winner scores all of its own.",
        "Обявяват се с първата карта, иначе се губят. Сравнява се най-добрият анонс на всяка "
        "страна: по-високата стойност печели, каре бие поредица със същата стойност, после "
        "по-високата карта, после страната, която е първа вдясно от раздаващия. Печелившата "
        "записва всичките си анонси.",
        "Annoncées avec la première carte, sinon perdues. On compare la meilleure annonce de "
        "chaque camp : la plus forte valeur gagne, un carré bat une suite de même valeur, puis "
        "la carte haute, puis le camp le premier à droite du donneur. Le gagnant marque toutes "
        "les siennes.",
    ),
    "one_card": (
        "A card counts in one declaration only.",
        "Една карта участва само в един анонс.",
        "Une carte ne sert qu'à une annonce.",
    ),
    "two_cards": (
        "A card may count in a four and in a sequence.",
        "Една карта може да участва в каре и в поредица.",
        "Une carte peut servir à un carré et à une suite.",
    ),
    "belot_wins": (
        "All {eight} cards of one suit in one hand (a belot), announced: the match is won at once.",
        "Всичките {eight} карти от една боя в една ръка (белот), обявени: играта е спечелена "
        "веднага.",
        "Les {eight} cartes d'une couleur dans une main (belot), annoncées : la partie est "
        "gagnée sur-le-champ.",
    ),
    "bela": (
        "Bela ({k} + {q} of trumps, {points}): announced with the first of the two. A side "
        "that takes no trick loses its declarations and belas to the other side.",
        "Бела ({k} + {q} коз, {points}): обявява се с първата от двете. Страна без взета ръка "
        "губи анонсите и белите си в полза на другата.",
        "Bela ({k} + {q} d'atout, {points}) : annoncée avec la première des deux. Un camp sans "
        "pli perd ses annonces et ses belas au profit de l'autre.",
    ),
    # Calling trumps
    "calling": ("Calling trumps", "Обявяване на коз", "Choix de l'atout"),
    "deal": (
        "Deal {first} + {second} each, {start}, and {hidden} hidden cards each (the talon), "
        "seen only once trumps are named.",
        "Раздават се по {first} + {second} карти, {start}, и по {hidden} скрити (талон), "
        "които се виждат едва след обявяването на коз.",
        "On donne {first} + {second} cartes, {start}, et {hidden} cartes cachées chacun (le "
        "talon), vues seulement une fois l'atout nommé.",
    ),
    "once": (
        "Each player once names one of the {suits} suits or passes; the first to name fixes "
        "trumps. After {passes} passes the dealer must name one.",
        "Всеки играч веднъж обявява една от {suits}-те бои или пасува; първият обявил определя "
        "коза. След {passes} паса раздаващият е длъжен да обяви.",
        "Chaque joueur nomme une fois une des {suits} couleurs ou passe ; le premier qui nomme "
        "fixe l'atout. Après {passes} passes, le donneur doit nommer.",
    ),
    "only_suits": (
        "No No trumps, All trumps or doubling.",
        "Няма БК, ВК и контра.",
        "Ni Sans-atout, ni Tout-atout, ni contre.",
    ),
    # Obligations
    "must_led_beat": (
        "Follow suit and beat the card that holds the trick if you can, in every suit, over "
        "your partner too, unless a non-trump trick is already trumped.",
        "Отговаря се на боята и се бие картата, която взима, ако можете, във всяка боя, дори "
        "над партньора, освен ако некозовата ръка вече е цакана.",
        "Fournir et battre la carte maîtresse si possible, dans toutes les couleurs, même sur "
        "le partenaire, sauf si le pli hors atout est déjà coupé.",
    ),
    "must_void_trump": (
        "Trump, whoever holds the trick; overtrump if you can, else any trump. No trump: any card.",
        "Цакате, който и да взима; надцаквате, ако можете, иначе всеки коз. Нямате коз: "
        "всяка карта.",
        "Couper, quel que soit le maître ; surcouper si possible, sinon n'importe quel atout. "
        "Pas d'atout : n'importe quelle carte.",
    ),
    "partner": (
        "Your partner holds a non-trump trick: you only follow suit, or play any card.",
        "Партньорът взима некозова ръка: само отговаряте на боята или играете всяка карта.",
        "Partenaire maître d'un pli hors atout : fournir seulement, ou n'importe quelle carte.",
    ),
    # Score
    "passes": (
        "The callers pass with more points than the other side (cards, last trick, scored "
        "declarations, bela): each side writes its own, in exact points ({won} → {written}).",
        "Обявилите минават с повече точки от другата страна (карти, последна ръка, записани "
        "анонси, бела): всяка страна записва своите, точно ({won} → {written}).",
        "Les preneurs passent avec plus de points que l'autre camp (cartes, dernier pli, "
        "annonces marquées, bela) : chaque camp marque les siens, exactement ({won} → {written}).",
    ),
    "falls": (
        "Otherwise the other side writes every point of the deal, the callers' bela included "
        "({lost} with a bela {bela} → {written}).",
        "Иначе другата страна записва всички точки, с белата на обявилите ({lost} с бела "
        "{bela} → {written}).",
        "Sinon l'autre camp marque tous les points de la donne, bela des preneurs comprise "
        "({lost} avec une bela {bela} → {written}).",
    ),
    "tie_fails": (
        "A tie fails the callers ({tie} → {written}).",
        "При равенство обявилите падат ({tie} → {written}).",
        "À égalité, les preneurs chutent ({tie} → {written}).",
    ),
    "tie_hangs": (
        "A tie: the other side writes its own, the callers' {hanging} wait for the winner of "
        "the next deal ({tie} → {written}).",
        "При равенство другата страна записва своите, а {hanging} на обявилите чакат "
        "победителя в следващото раздаване ({tie} → {written}).",
        "À égalité, l'autre camp marque les siens, les {hanging} des preneurs vont au gagnant "
        "de la donne suivante ({tie} → {written}).",
    ),
    # End
    "belot_ends": (
        "A belot ends the match at once.",
        "Белот завършва играта веднага.",
        "Un belot finit la partie sur-le-champ.",
    ),
}


def calling(rules: Rules) -> tuple[int, int, int, int, bool]:
    """Play the calling of a real deal: cards seen before it, cards picked up after it, the
    suits offered, the passes after which the dealer must name, and whether anything but pass
    and a suit was ever offered."""
    deal = Deal.new(rules, seed=0)
    deal.push(deal.legal_actions()[0])
    seat = deal.first
    seen = len(deal.hand(seat))
    passes, other, suits = 0, False, 0
    while Call.pass_() in deal.legal_actions():
        for action in deal.legal_actions():
            assert isinstance(action, Call)
            suit = action.contract is not None and action.contract.is_suit
            other |= not (action.kind is CallKind.PASS or (action.kind is CallKind.BID and suit))
        suits = len(deal.legal_actions()) - 1
        deal.push(Call.pass_())
        passes += 1
    deal.push(deal.legal_actions()[0])  # the dealer, forced
    return seen, len(deal.hand(seat)) - seen, suits, passes, other


def _card_points(say: Words) -> Section:
    cards = CARDS_ONLY[Contract.HEARTS]
    note = say("deck", cards=cards, last=DECK_POINTS - cards, total=DECK_POINTS,
               stiglja=STIGLJA_BONUS)  # fmt: skip
    return card_points(say, (note,))


def _declarations(rules: Rules, say: Words) -> Section:
    notes = [
        say("compare"),
        say("two_cards" if rules.card_in_two_declarations else "one_card"),
    ]
    if rules.belot_wins_match:
        notes.append(say("belot_wins", eight=len(Rank)))
    notes.append(say("bela", k=say.rank(Rank.KING), q=say.rank(Rank.QUEEN), points=BELA_POINTS))
    return Section(say("declarations"), 0, (declarations_table(say, BELA_POINTS),), tuple(notes))


def _calling(rules: Rules, say: Words) -> Section:
    seen, hidden, suits, passes, other = calling(rules)
    start = direction(rules, say)
    notes = [
        say("suits", suits=trump_suits(say)),
        say("deal", first=seen // 2, second=seen - seen // 2, start=start, hidden=hidden),
        say("once", suits=suits, passes=passes),
    ]
    if not other:
        notes[-1] += " " + say("only_suits")
    return Section(say("calling"), 1, (), tuple(notes))


def _obliged(rules: Rules, hand: str, trick: str) -> int:
    """The legal cards of a hand on a trick as Bela's obligations give them (cards as text)."""
    from belot.engine.cards import parse_cards

    held = sum(c.mask for c in parse_cards(hand))
    option = (rules.beat_in_plain_suit, rules.partner_exception)
    return bela_legal_mask(held, [c.index for c in parse_cards(trick)], Contract.HEARTS, option)


def _obligations(rules: Rules, say: Words) -> Section:
    # Ask the engine: must one beat an opponent's 10 of clubs with the ace, and a partner's?
    beat = _obliged(rules, "7C AC", "10C") == Card.from_str("AC").mask
    free = _obliged(rules, "7C AC", "10C 8C") == Card.from_str("7C").mask | Card.from_str("AC").mask
    rows = [
        (say("led"), say("must_led_beat" if beat else "must_led")),
        (say("void"), say("must_void_trump")),
    ]
    notes = () if not rules.partner_exception or not free else (say("partner"),)
    table = Table((say("when"), say("must")), tuple(rows), (0.22, 0.78))
    return Section(say("obligations"), 1, (table,), notes)


def _score(rules: Rules, say: Words) -> Section:
    won = (DECK_POINTS // 2 + 11, DECK_POINTS // 2 - 11)  # 92 : 70
    made = score_bela(Team.NS, won, (0, 0), (0, 0), None)
    lost = (DECK_POINTS // 2 - 21, DECK_POINTS // 2 + 21)  # 60 : 102, with the callers' bela
    fell = score_bela(Team.NS, lost, (0, 0), (BELA_POINTS, 0), None)
    half = (DECK_POINTS // 2, DECK_POINTS // 2)
    tied = score_bela(Team.NS, half, (0, 0), (0, 0), None, tie=rules.tie)
    assert made.outcome is Outcome.MADE and fell.outcome is Outcome.INSIDE
    notes = [
        say("passes", won=pair(won), written=pair(made.written)),
        say("falls", lost=pair(lost), bela=BELA_POINTS, written=pair(fell.written)),
    ]
    if tied.outcome is Outcome.HANGING:
        notes.append(say("tie_hangs", hanging=tied.hanging, tie=pair(half),
                         written=pair(tied.written)))  # fmt: skip
    else:
        notes.append(say("tie_fails", tie=pair(half), written=pair(tied.written)))
    return Section(say("score"), 1, (), tuple(notes))


def _end(rules: Rules, say: Words) -> Section:
    target = rules.target
    notes = [say("match", target=target)]
    belot = score_bela(Team.NS, (DECK_POINTS, 0), (0, 0), (0, 0), Team.NS, belot=Team.EW)
    if rules.belot_wins_match and Bela().match_winner((0, 0), belot, target) is Team.EW:
        notes.append(say("belot_ends"))
    return Section(say("end"), 1, (), tuple(notes))


def build(rules: Rules, lang: str) -> CheatSheet:
    """Bela's sheet for ``rules`` in ``lang``."""
    assert rules.preset == Bela.name
    say = Words(lang, TEXTS)
    return sheet(
        say,
        Bela.name,
        (
            _card_points(say),
            _declarations(rules, say),
            _calling(rules, say),
            _obligations(rules, say),
            _score(rules, say),
            _end(rules, say),
        ),
    )

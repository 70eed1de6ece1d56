"""French Belote's sheet (seed 001), every number read from the engine.

The card tables of ``tricks``, the declaration points, ``score_french`` (made at equal points,
dedans, capot 252, belote kept), the auction of a real ``Deal`` (take or pass, two rounds, who
gets how many cards), the forced undertrump of ``legal_mask`` and ``French.match_winner``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from belot.cheatsheet.common import (
    card_points,
    declarations_table,
    direction,
    obligations,
    pair,
    sheet,
    single_best,
    trump_suits,
)
from belot.cheatsheet.layout import CheatSheet, Section
from belot.cheatsheet.words import Texts, Words
from belot.engine.actions import Call, CallKind
from belot.engine.cards import Rank
from belot.engine.contracts import Contract
from belot.engine.deal import Deal, Phase
from belot.engine.declarations import SEQUENCE_POINTS, Kind
from belot.engine.games.bulgarian import BELOT_POINTS
from belot.engine.games.french import CAPOT_POINTS, DECK_POINTS, French, score_french
from belot.engine.rules import Rules
from belot.engine.scoring import Outcome
from belot.engine.table import Team
from belot.engine.tricks import DECK_POINTS as CARDS_ONLY

__all__ = ["Auction", "auction", "build"]

TEXTS: Final[Texts] = {
    "title": ("French Belote cheat sheet", "Пищов за френски белот", "Aide-mémoire de la belote"),
    "subtitle": (
        "French Belote with a turned card: points, cards and declarations on one page. "
        "Generated from the belot engine's own tables.",
        "Френски белот с обърната карта: точки, карти и анонси на една страница. Създаден от "
        "собствените таблици на програмата belot.",
        "Belote classique à la retourne : points, cartes et annonces sur une page. Tiré des "
        "tables du moteur de belot.",
    ),
    "belot": ("Belote", "Белот", "Belote-Rebelote"),
    "deck": (
        "Every deal: {cards} in the cards + {last} for the last trick (dix de der) = {total}. "
        "Capot (all eight tricks): {capot} instead.",
        "Всяко раздаване: {cards} от картите + {last} за последната ръка = {total}. Капо "
        "(всичките осем ръце): {capot} вместо това.",
        "Chaque donne : {cards} de cartes + {last} de dix de der = {total}. Capot (les huit "
        "plis) : {capot} à la place.",
    ),
    "belote": (
        'Belote-rebelote ({k} + {q} of trumps, {points}): "belote" with the first, "rebelote" '
        "with the second; always kept by its team, even dedans or capot.",
        "Белот-ребелот ({k} + {q} коз, {points}): „белот“ с първата, „ребелот“ с втората; "
        "остава на отбора си винаги, дори вътре или капо.",
        "Belote-rebelote ({k} + {q} d'atout, {points}) : « belote » à la première, « rebelote » "
        "à la seconde ; toujours gardée par son équipe, même dedans ou capot.",
    ),
    # Auction
    "auction": (
        "Auction: take or pass",
        "Обявяване: взимаш или пас",
        "Enchères : prendre ou passer",
    ),
    "deal": (
        "Deal 3 then 2 each, {start}; the next card is turned face up.",
        "Раздават се по 3, после по 2 карти, {start}; следващата карта се обръща.",
        "On donne 3 puis 2 cartes, {start} ; la carte suivante est retournée.",
    ),
    "rounds": (
        "Round one: pass or take the turned card's suit. Round two: pass or name one of the "
        "{others} other suits. The first to take ends the auction.",
        "Първа обиколка: пас или взимаш боята на обърнатата карта. Втора обиколка: пас или "
        "обявяваш една от другите {others} бои. Първият, който вземе, приключва обявяването.",
        "Premier tour : passer ou prendre à la couleur de la retourne. Second tour : passer ou "
        "nommer une des {others} autres couleurs. Le premier qui prend clôt les enchères.",
    ),
    "rest": (
        "The taker gets the turned card and {taker} more, the others {others} each.",
        "Взелият получава обърнатата карта и още {taker}, другите по {others}.",
        "Le preneur reçoit la retourne et {taker} cartes, les autres {others} chacun.",
    ),
    "all_pass": (
        "{passes} passes (everyone twice): {redeal}.",
        "{passes} паса (всеки по два пъти): {redeal}.",
        "{passes} passes (chacun deux fois) : {redeal}.",
    ),
    "only_suits": (
        "No No trumps, All trumps or contra.",
        "Няма БК, ВК и контра.",
        "Ni Sans-atout, ni Tout-atout, ni contre.",
    ),
    # Score
    "made": (
        "The takers need at least as many points as the defenders (cards, dix de der, scored "
        "declarations, belote): {half} : {half} → {written} is made. Made: each team writes its "
        "own, in exact points.",
        "Взелите трябва да имат поне колкото противниците (карти, последна ръка, записани "
        "анонси, белот): {half} : {half} → {written} е изкарана. Изкарана: всеки отбор записва "
        "своите, точно.",
        "Le preneur doit avoir au moins autant que la défense (cartes, dix de der, annonces "
        "marquées, belote) : {half} : {half} → {written}, c'est fait. Fait : chaque équipe marque "
        "ses points, exactement.",
    ),
    "made_more": (
        "The takers need more points than the defenders (cards, dix de der, scored "
        "declarations, belote). Made: each team writes its own, in exact points.",
        "Взелите трябва да имат повече точки от противниците (карти, последна ръка, записани "
        "анонси, белот). Изкарана: всеки отбор записва своите, точно.",
        "Le preneur doit avoir plus que la défense (cartes, dix de der, annonces marquées, "
        "belote). Fait : chaque équipe marque ses points, exactement.",
    ),
    "dedans": (
        "Fewer: dedans, the takers write only their belote, the defenders {total} and every "
        "declaration ({cards} + belote {belote} : {cards_d} + tierce {tierce} → {written}).",
        "По-малко: вътре, взелите записват само белота си, противниците {total} и всички анонси "
        "({cards} + белот {belote} : {cards_d} + терца {tierce} → {written}).",
        "Moins : dedans, le preneur ne marque que sa belote, la défense {total} et toutes les "
        "annonces ({cards} + belote {belote} : {cards_d} + tierce {tierce} → {written}).",
    ),
    "capot": (
        "Capot: {capot} instead of {total}; the swept team loses its declarations but keeps its "
        "belote (against a quarte {quarte} and a belote {belote}: {written}).",
        "Капо: {capot} вместо {total}; обраният отбор губи анонсите си, но пази белота (срещу "
        "кварта {quarte} и белот {belote}: {written}).",
        "Capot : {capot} au lieu de {total} ; l'équipe capot perd ses annonces mais garde sa "
        "belote (contre un cinquante {quarte} et une belote {belote} : {written}).",
    ),
    # End
    "capot_ends": (
        "A capot may end the match.",
        "Капо може да завърши играта.",
        "Un capot peut finir la partie.",
    ),
}


@dataclass(frozen=True, slots=True)
class Auction:
    """French Belote's auction as the engine plays it."""

    #: The suits that may be taken in round one and in round two.
    first_round: tuple[Contract, ...]
    second_round: tuple[Contract, ...]
    #: Passes in a row that end the deal unplayed.
    passes: int
    #: Cards each player gets after the auction: the taker besides the turned card, the others.
    taker_gets: int
    others_get: int
    #: Whether any call other than pass or a suit (contra, No trumps, All trumps) was offered.
    other_calls: bool


def _takes(deal: Deal) -> tuple[tuple[Contract, ...], bool]:
    takes, other = [], False
    for action in deal.legal_actions():
        assert isinstance(action, Call)
        if action.kind is CallKind.BID and action.contract is not None:
            takes.append(action.contract)
            other |= not action.contract.is_suit
        elif action.kind is not CallKind.PASS:
            other = True
    return tuple(takes), other


def auction(rules: Rules) -> Auction:
    """Play the auction of a real deal under ``rules``: what each round offers, how many passes
    end it, and the cards dealt after a take."""
    deal = Deal.new(rules, seed=0)
    deal.push(deal.legal_actions()[0])  # any cut
    first, other_first = _takes(deal)
    passes = 0
    second: tuple[Contract, ...] = ()
    other_second = False
    while deal.phase is Phase.AUCTION:
        if passes == 4:
            second, other_second = _takes(deal)
        deal.push(Call.pass_())
        passes += 1
    taken = Deal.new(rules, seed=0)
    taken.push(taken.legal_actions()[0])
    taker, turned = taken.turn, taken.turned_card
    assert taker is not None and turned is not None
    before = len(taken.hand(taker))
    taken.push(Call.bid(first[0]))
    assert turned in taken.hand(taker)
    other = taken.next_seat(taker)
    return Auction(
        first,
        second,
        passes,
        len(taken.hand(taker)) - before - 1,
        len(taken.hand(other)) - before,
        other_first or other_second,
    )


def _card_points(say: Words) -> Section:
    cards = CARDS_ONLY[Contract.HEARTS]
    note = say("deck", cards=cards, last=DECK_POINTS - cards, total=DECK_POINTS,
               capot=CAPOT_POINTS)  # fmt: skip
    return card_points(say, (note,))


def _declarations(say: Words) -> Section:
    notes = (
        *single_best(say),
        say(
            "belote",
            k=say.rank(Rank.KING),
            q=say.rank(Rank.QUEEN),
            points=BELOT_POINTS,
        ),
    )
    return Section(say("declarations"), 0, (declarations_table(say, BELOT_POINTS),), notes)


def _auction(rules: Rules, say: Words) -> Section:
    facts = auction(rules)
    notes = [
        say("suits", suits=trump_suits(say)),
        say("deal", start=direction(rules, say)),
        say("rounds", others=len(facts.second_round)),
        say("rest", taker=facts.taker_gets, others=facts.others_get),
    ]
    redeal = say("redeal_same" if rules.redeal_same_dealer else "redeal_next")
    notes.append(say("all_pass", passes=facts.passes, redeal=redeal))
    if not facts.other_calls:
        notes[-1] += " " + say("only_suits")
    return Section(say("auction"), 1, (), tuple(notes))


def _score(say: Words) -> Section:
    half = DECK_POINTS // 2
    equal = score_french(Team.NS, (half, half), (0, 0), (0, 0), None)
    if equal.outcome is Outcome.MADE:
        made = say("made", half=half, written=pair(equal.written))
    else:
        made = say("made_more")
    tierce = SEQUENCE_POINTS[Kind.TIERCE]
    cards = (DECK_POINTS - half - 11, half + 11)  # 70 : 92, the takers' belote short
    dedans = score_french(Team.NS, cards, (0, tierce), (BELOT_POINTS, 0), None)
    quarte = SEQUENCE_POINTS[Kind.QUARTE]
    capot = score_french(Team.NS, (DECK_POINTS, 0), (0, quarte), (0, BELOT_POINTS), Team.NS)
    notes = (
        made,
        say(
            "dedans",
            total=DECK_POINTS,
            cards=cards[0],
            belote=BELOT_POINTS,
            cards_d=cards[1],
            tierce=tierce,
            written=pair(dedans.written),
        ),
        say(
            "capot",
            capot=CAPOT_POINTS,
            total=DECK_POINTS,
            quarte=quarte,
            belote=BELOT_POINTS,
            written=pair(capot.written),
        ),
    )
    return Section(say("score"), 1, (), notes)


def _end(rules: Rules, say: Words) -> Section:
    target = rules.target
    capot = score_french(Team.NS, (DECK_POINTS, 0), (0, 0), (0, 0), Team.NS)
    notes = [say("match", target=target)]
    if French().match_winner((target, 0), capot, target) is Team.NS:
        notes.append(say("capot_ends"))
    return Section(say("end"), 1, (), tuple(notes))


def build(rules: Rules, lang: str) -> CheatSheet:
    """French Belote's sheet for ``rules`` in ``lang``."""
    assert rules.preset == French.name
    say = Words(lang, TEXTS)
    return sheet(
        say,
        French.name,
        (
            _card_points(say),
            _declarations(say),
            _auction(rules, say),
            obligations(rules, say),
            _score(say),
            _end(rules, say),
        ),
    )

"""Coinche's sheet (RULES.md §5, seed 004), every number read from the engine.

The card tables of ``tricks``, the declaration points, the auction of a real ``Deal`` (the bid
levels, who may coinche and surcoinche, the passes that end it), French Belote's obligations
through ``legal_mask``, and every scoring example computed by ``score_coinche`` under the
rules' own options (the contract test, coinche x2 and surcoinche x4 or x3, the whole score or
the bid alone, rounding to tens).
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
from belot.cheatsheet.layout import CheatSheet, Section, Table
from belot.cheatsheet.words import Texts, Words
from belot.engine.actions import CAPOT_LEVEL, Call, CallKind
from belot.engine.cards import Rank, Suit
from belot.engine.contracts import Contract
from belot.engine.deal import Deal, Phase
from belot.engine.declarations import SEQUENCE_POINTS, Kind
from belot.engine.games.bulgarian import BELOT_POINTS
from belot.engine.games.coinche import (
    BID_LEVELS,
    CAPOT_CARDS,
    FAILED_CARDS,
    MADE_CARD_POINTS,
    Coinche,
    multiplier,
    score_coinche,
)
from belot.engine.games.french import DECK_POINTS
from belot.engine.rules import Rules
from belot.engine.scoring import DealScore, Outcome
from belot.engine.table import Team
from belot.engine.tricks import DECK_POINTS as CARDS_ONLY

__all__ = ["Auction", "Example", "auction", "build", "examples"]

TEXTS: Final[Texts] = {
    "title": ("Coinche cheat sheet", "Пищов за коанш", "Aide-mémoire de la coinche"),
    "subtitle": (
        "Coinche: all eight cards first, then bids of points or capot, coinche and surcoinche. "
        "Generated from the belot engine's own tables.",
        "Коанш: първо всичките осем карти, после обяви с точки или капо, коанш и сюркоанш. "
        "Създаден от собствените таблици на програмата belot.",
        "Coinche : les huit cartes d'abord, puis des enchères en points ou capot, coinche et "
        "surcoinche. Tiré des tables du moteur de belot.",
    ),
    "belot": ("Belote", "Белот", "Belote"),
    "deck": (
        "Every deal: {cards} in the cards + {last} for the last trick (dix de der) = {total}. "
        "A side that takes every trick counts {capot} instead.",
        "Всяко раздаване: {cards} от картите + {last} за последната ръка = {total}. Страна, "
        "взела всички ръце, брои {capot} вместо това.",
        "Chaque donne : {cards} de cartes + {last} de dix de der = {total}. Un camp qui fait "
        "tous les plis compte {capot} à la place.",
    ),
    "announce": (
        "Announced with your first card; a side that takes no trick loses its declarations.",
        "Обявяват се с първата карта; страна без взета ръка губи анонсите си.",
        "Annoncées avec la première carte ; un camp sans pli perd ses annonces.",
    ),
    "no_declarations": (
        "Declarations are off (belote contrée): nothing is announced, only the belote counts.",
        "Без анонси (белот контре): нищо не се обявява, брои се само белотът.",
        "Sans annonces (belote contrée) : on n'annonce rien, seule la belote compte.",
    ),
    "belote": (
        "Belote ({k} + {q} of trumps, {points}): always to its holder's team, whichever side, "
        "added after any coinche, never multiplied.",
        "Белот ({k} + {q} коз, {points}): винаги за отбора, който го държи, от която и да е "
        "страна; добавя се след умножението при коанш и никога не се умножава.",
        "Belote ({k} + {q} d'atout, {points}) : toujours à l'équipe qui la tient, quel que "
        "soit le camp ; ajoutée après la coinche, jamais multipliée.",
    ),
    # Auction
    "auction": ("Auction", "Обявяване", "Enchères"),
    "deal": (
        "All {cards} cards are dealt before the auction, {start}; that player bids first and "
        "leads.",
        "Всичките {cards} карти се раздават преди обявяването, {start}; той обявява пръв и "
        "играе пръв.",
        "Les {cards} cartes sont données avant les enchères, {start} ; ce joueur parle et "
        "entame le premier.",
    ),
    "bids": (
        "A bid: {levels} with a suit, higher than the last; suits are not ranked. Capot (all "
        "eight tricks) with a suit beats any number.",
        "Обява: {levels} с боя, по-висока от предишната; боите нямат старшинство. Капо "
        "(всичките осем ръце) с боя бие всяко число.",
        "Une enchère : {levels} avec une couleur, plus haute que la précédente ; les couleurs "
        "ne sont pas classées. Capot (les huit plis) avec une couleur bat tout nombre.",
    ),
    "later_bid": (
        "A pass does not bar a later bid.",
        "Пасът не пречи на по-късна обява.",
        "Passer n'empêche pas d'enchérir plus tard.",
    ),
    "only_suits": (
        "Suits only: no No trumps or All trumps.",
        "Само бои: няма БК и ВК.",
        "Couleurs seulement : ni Sans-atout, ni Tout-atout.",
    ),
    "coinche": (
        "Coinche: a player of the side that does not hold the last bid doubles it, in turn.",
        "Коанш: играч от страната, която не държи последната обява, я удвоява, когато е на ход.",
        "Coinche : un joueur du camp qui ne tient pas la dernière enchère la contre, à son tour.",
    ),
    "no_capot_coinche": (
        "A capot bid cannot be coinched.",
        "Обява капо не може да се коаншира.",
        "Un capot annoncé ne peut pas être coinché.",
    ),
    "surcoinche": (
        "Then only the coinched side speaks: each of its players in turn may surcoinche or "
        "pass; a surcoinche or {passes} passes end the auction.",
        "След това говори само коаншираната страна: всеки от играчите ѝ подред може да каже "
        "сюркоанш или пас; сюркоанш или {passes} паса приключват обявяването.",
        "Ensuite seul le camp coinché parle : chacun de ses joueurs à son tour peut surcoincher "
        "ou passer ; une surcoinche ou {passes} passes closent les enchères.",
    ),
    "end_auction": (
        "Otherwise {passes} passes in a row after a bid end the auction; {redeal_passes} passes "
        "without a bid: {redeal}.",
        "Иначе {passes} последователни паса след обява приключват обявяването; {redeal_passes} "
        "паса без обява: {redeal}.",
        "Sinon {passes} passes de suite après une enchère closent les enchères ; "
        "{redeal_passes} passes sans enchère : {redeal}.",
    ),
    # The contract and its score
    "contract_score": ("Contract and score", "Обява и резултат", "Contrat et marque"),
    "test_seed": (
        "Made: the bidders take at least {least} in the cards (last trick included) and their "
        "cards + declarations + belote reach the bid; a capot bid needs every trick.",
        "Изпълнена: обявилите взимат поне {least} от картите (с последната ръка) и картите + "
        "анонсите + белотът им достигат обявата; обява капо иска всички ръце.",
        "Fait : les preneurs font au moins {least} de cartes (dix de der compris) et cartes + "
        "annonces + belote atteignent l'enchère ; un capot annoncé demande tous les plis.",
    ),
    "test_total": (
        "Made: the bidders' cards + declarations + belote reach the bid (a bid of {low} also "
        "needs {least} in the cards); a capot bid needs every trick.",
        "Изпълнена: картите + анонсите + белотът на обявилите достигат обявата (обява {low} "
        "иска и {least} от картите); обява капо иска всички ръце.",
        "Fait : cartes + annonces + belote des preneurs atteignent l'enchère (une enchère de "
        "{low} demande aussi {least} de cartes) ; un capot annoncé demande tous les plis.",
    ),
    "made": (
        "Made: the bidders write their points + the bid, the defenders their own.",
        "Изпълнена: обявилите записват точките си + обявата, противниците своите.",
        "Fait : les preneurs marquent leurs points + l'enchère, la défense les siens.",
    ),
    "failed": (
        "Failed: the defenders write {failed} + the bid + every declaration (+ their belote); "
        "the bidders only their belote.",
        "Паднала: противниците записват {failed} + обявата + всички анонси (+ своя белот); "
        "обявилите само белота си.",
        "Chute : la défense marque {failed} + l'enchère + toutes les annonces (+ sa belote) ; "
        "les preneurs seulement leur belote.",
    ),
    "capot": (
        "Every trick: {capot} for the cards instead of {total} (not bid: {capot} + the bid); "
        "a capot bid counts {capot} + {bid} = {worth}, made or lost.",
        "Всички ръце: {capot} за картите вместо {total} (без обява капо: {capot} + обявата); "
        "обява капо струва {capot} + {bid} = {worth}, изпълнена или паднала.",
        "Tous les plis : {capot} pour les cartes au lieu de {total} (capot non annoncé : "
        "{capot} + l'enchère) ; un capot annoncé vaut {capot} + {bid} = {worth}, fait ou chuté.",
    ),
    "coinche_whole": (
        "Coinche ×{x2}, surcoinche ×{x4}: the winning side writes ({failed} + the bid + every "
        "declaration) × {x2} or × {x4} ({capot} for the cards on a capot), the other side 0; "
        "the belote stays with its holder.",
        "Коанш ×{x2}, сюркоанш ×{x4}: печелившата страна записва ({failed} + обявата + всички "
        "анонси) × {x2} или × {x4} ({capot} за картите при капо), другата 0; белотът остава "
        "за отбора, който го държи.",
        "Coinche ×{x2}, surcoinche ×{x4} : le camp gagnant marque ({failed} + l'enchère + "
        "toutes les annonces) × {x2} ou × {x4} ({capot} pour les cartes sur un capot), l'autre "
        "0 ; la belote reste à l'équipe qui la tient.",
    ),
    "coinche_bid": (
        "Coinche ×{x2}, surcoinche ×{x4}: only the bid is multiplied; the rest is written as "
        "without a coinche.",
        "Коанш ×{x2}, сюркоанш ×{x4}: умножава се само обявата; останалото се записва както "
        "без коанш.",
        "Coinche ×{x2}, surcoinche ×{x4} : seule l'enchère est multipliée ; le reste se marque "
        "comme sans coinche.",
    ),
    # Examples
    "examples": (
        "Examples (bidders : defenders)",
        "Примери (обявили : противници)",
        "Exemples (preneurs : défense)",
    ),
    "ex_deal": ("Deal", "Раздаване", "Donne"),
    "ex_result": ("Result", "Изход", "Résultat"),
    "ex_written": ("Written", "Записват", "Marque"),
    "capot_bid": ("capot", "капо", "capot"),
    "coinched": ("coinched", "коанш", "coinché"),
    "surcoinched": ("surcoinched", "сюркоанш", "surcoinché"),
    "every_trick": ("every trick", "всички ръце", "tous les plis"),
    "to_bidders": (
        "{what} {points} to the bidders",
        "{what} {points} за обявилите",
        "{what} {points} aux preneurs",
    ),
    "made_word": ("made", "изпълнена", "fait"),
    "failed_word": ("failed", "паднала", "chuté"),
    "round_ten": (
        "Each side's written points are rounded to the nearest ten, 5 up ({exact} → {written}).",
        "Записаните точки на всяка страна се закръглят до десетица, 5 нагоре ({exact} → "
        "{written}).",
        "Les points marqués par chaque camp sont arrondis à la dizaine, 5 vers le haut "
        "({exact} → {written}).",
    ),
    "round_none": (
        "Exact points: nothing is rounded.",
        "Точни точки: нищо не се закръгля.",
        "Points exacts : rien n'est arrondi.",
    ),
}

_HEARTS: Final = Contract.HEARTS


@dataclass(frozen=True, slots=True)
class Auction:
    """Coinche's auction as the engine plays it."""

    #: The cards each player holds when the auction starts.
    dealt: int
    #: The numbered bids first offered, lowest first, and whether a capot bid is offered too.
    levels: tuple[int, ...]
    capot: bool
    #: Whether anything but pass, a bid with a suit and coinche was ever offered.
    other_calls: bool
    #: Whether a player who passed may bid later.
    later_bid: bool
    #: Whether the next opponent, and the bidder's partner, may coinche a bid.
    opponent_coinches: bool
    partner_coinches: bool
    #: Whether a capot bid may be coinched.
    capot_coinched: bool
    #: Passes that end the auction after a coinche, after a bid, and without a bid.
    passes_after_coinche: int
    passes_after_bid: int
    passes_without_bid: int
    #: Whether a surcoinche ends the auction at once.
    surcoinche_ends: bool


def _calls(deal: Deal) -> list[Call]:
    calls = []
    for action in deal.legal_actions():
        assert isinstance(action, Call)
        calls.append(action)
    return calls


def _offers(deal: Deal, kind: CallKind) -> bool:
    return any(call.kind is kind for call in _calls(deal))


def _cut(rules: Rules) -> Deal:
    deal = Deal.new(rules, seed=0)
    deal.push(deal.legal_actions()[0])  # any cut
    return deal


def _passes_to_end(deal: Deal) -> int:
    passes = 0
    while deal.phase is Phase.AUCTION:
        deal.push(Call.pass_())
        passes += 1
    return passes


def auction(rules: Rules) -> Auction:
    """Play auctions of real deals under ``rules``: the bids offered, who may coinche and
    surcoinche, and how many passes end each kind of auction."""
    deal = _cut(rules)
    assert deal.turn is not None
    dealt = len(deal.hand(deal.turn))
    calls = _calls(deal)
    bids = [c for c in calls if c.kind is CallKind.BID and c.contract is not None]
    levels = tuple(sorted({c.level for c in bids if c.level != CAPOT_LEVEL}))
    other = any(
        c.kind not in (CallKind.PASS, CallKind.BID) or (c.contract and not c.contract.is_suit)
        for c in calls
    )
    lowest = Call.points_bid(levels[0], _HEARTS)

    passes_without_bid = _passes_to_end(_cut(rules))

    # The first player passes, the second bids; the two others answer and the first speaks again.
    bid = _cut(rules)
    bid.push(Call.pass_())
    bid.push(lowest)
    opponent = _offers(bid, CallKind.COINCHE)
    bid.push(Call.pass_())
    partner = _offers(bid, CallKind.COINCHE)
    bid.push(Call.pass_())
    later = _offers(bid, CallKind.BID)
    passes_after_bid = 2 + _passes_to_end(bid)  # E and N passed already

    capot = _cut(rules)
    capot.push(Call.points_bid(CAPOT_LEVEL, _HEARTS))
    capot_coinched = _offers(capot, CallKind.COINCHE)

    coinched = _cut(rules)
    coinched.push(lowest)
    coinched.push(Call(CallKind.COINCHE))
    surcoinched = _cut(rules)
    surcoinched.push(lowest)
    surcoinched.push(Call(CallKind.COINCHE))
    surcoinched.push(Call(CallKind.SURCOINCHE))
    return Auction(
        dealt,
        levels,
        any(c.level == CAPOT_LEVEL for c in bids),
        other,
        later,
        opponent,
        partner,
        capot_coinched,
        _passes_to_end(coinched),
        passes_after_bid,
        passes_without_bid,
        surcoinched.phase is not Phase.AUCTION,
    )


@dataclass(frozen=True, slots=True)
class Example:
    """One deal scored by ``score_coinche``: NS bid ``level`` in hearts (``CAPOT_LEVEL`` for a
    capot bid) and took ``cards``, EW the rest."""

    level: int
    cards: tuple[int, int]
    capot: bool = False
    tierce: bool = False
    belote: bool = False
    double: int = 1

    def score(self, rules: Rules) -> DealScore:
        tierce = SEQUENCE_POINTS[Kind.TIERCE] if self.tierce else 0
        belote = BELOT_POINTS if self.belote else 0
        return score_coinche(
            rules,
            Team.NS,
            self.level,
            self.cards,
            (tierce, 0),
            (belote, 0),
            Team.NS if self.capot else None,
            self.double,
        )


def examples() -> tuple[Example, ...]:
    """The sheet's examples: made (rounded), failed, the 82-point test, capots, coinches."""
    low, half = BID_LEVELS[0], DECK_POINTS // 2  # 80, 81
    return (
        Example(low, (half + 16, half - 16)),  # 97 : 65, made; 65 rounds up
        Example(100, (half - 11, half + 11)),  # 70 : 92, failed
        # 80 : 82 with a tierce reaches a bid of 90 but not 82 in the cards (the seed's test).
        Example(low + 10, (MADE_CARD_POINTS - 2, DECK_POINTS - MADE_CARD_POINTS + 2), tierce=True),
        Example(100, (DECK_POINTS, 0), capot=True),
        Example(CAPOT_LEVEL, (DECK_POINTS, 0), capot=True),
        Example(CAPOT_LEVEL, (DECK_POINTS - 22, 22)),  # seven tricks of eight
        Example(100, (half + 29, half - 29), belote=True, double=2),  # 110 : 52
        Example(100, (half + 29, half - 29), double=4),
    )


def _example_row(example: Example, rules: Rules, say: Words) -> tuple[str, str, str]:
    suit = Suit.HEARTS.symbol
    level = say("capot_bid") if example.level == CAPOT_LEVEL else str(example.level)
    deal = f"{level} {suit}"
    if example.double > 1:
        deal += " " + say("coinched" if example.double == 2 else "surcoinched")
    deal += ": " + (say("every_trick") if example.capot else pair(example.cards))
    if example.tierce:
        deal += ", " + say(
            "to_bidders", what=say("tierce").lower(), points=SEQUENCE_POINTS[Kind.TIERCE]
        )
    if example.belote:
        deal += ", " + say("to_bidders", what=say("belot").lower(), points=BELOT_POINTS)
    score = example.score(rules)
    result = say("made_word" if score.outcome is Outcome.MADE else "failed_word")
    if score.double > 1:
        result += f" ×{score.double}"
    return deal, result, pair(score.written)


def _card_points(say: Words) -> Section:
    cards = CARDS_ONLY[_HEARTS]
    note = say("deck", cards=cards, last=DECK_POINTS - cards, total=DECK_POINTS, capot=CAPOT_CARDS)
    return card_points(say, (note,))


def _declarations(rules: Rules, say: Words) -> Section:
    belote = say("belote", k=say.rank(Rank.KING), q=say.rank(Rank.QUEEN), points=BELOT_POINTS)
    if Coinche().announcement_choices(rules) is not None:
        return Section(say("declarations"), 0, (), (say("no_declarations"), belote))
    notes = (say("announce"), *single_best(say), belote)
    return Section(say("declarations"), 0, (declarations_table(say, BELOT_POINTS),), notes)


def _auction(rules: Rules, say: Words) -> Section:
    facts = auction(rules)
    assert facts.opponent_coinches and not facts.partner_coinches and facts.surcoinche_ends
    levels = facts.levels
    shown = (
        f"{levels[0]}, {levels[1]}, …, {levels[-1]}"
        if len(levels) > 2
        else ", ".join(map(str, levels))
    )
    notes = [
        say("suits", suits=trump_suits(say)),
        say("deal", cards=facts.dealt, start=direction(rules, say)),
        say("bids", levels=shown),
    ]
    if facts.later_bid:
        notes[-1] += " " + say("later_bid")
    if not facts.other_calls:
        notes[-1] += " " + say("only_suits")
    notes.append(say("coinche"))
    if not facts.capot_coinched:
        notes[-1] += " " + say("no_capot_coinche")
    notes.append(say("surcoinche", passes=facts.passes_after_coinche))
    redeal = say("redeal_same" if rules.redeal_same_dealer else "redeal_next")
    notes.append(
        say(
            "end_auction",
            passes=facts.passes_after_bid,
            redeal_passes=facts.passes_without_bid,
            redeal=redeal,
        )
    )
    return Section(say("auction"), 1, (), tuple(notes))


def _contract(rules: Rules, say: Words) -> Section:
    low = auction(rules).levels[0]
    # The engine decides which test it plays: 80 : 82 with a tierce, on a bid of 90.
    seed_test = examples()[2].score(rules).outcome is not Outcome.MADE
    capot_bid = Example(CAPOT_LEVEL, (DECK_POINTS, 0), capot=True).score(rules)
    x2, x4 = multiplier(2, rules), multiplier(4, rules)
    notes = (
        say("test_seed" if seed_test else "test_total", least=MADE_CARD_POINTS, low=low),
        say("made"),
        say("failed", failed=FAILED_CARDS),
        say(
            "capot",
            capot=CAPOT_CARDS,
            total=DECK_POINTS,
            bid=CAPOT_LEVEL,
            worth=capot_bid.written[Team.NS],
        ),
        say(
            "coinche_whole" if rules.double_scope == "whole" else "coinche_bid",
            x2=x2,
            x4=x4,
            failed=FAILED_CARDS,
            capot=CAPOT_CARDS,
        ),
    )
    return Section(say("contract_score"), 1, (), notes)


def _examples(rules: Rules, say: Words) -> Section:
    shown = examples()
    table = Table(
        (say("ex_deal"), say("ex_result"), say("ex_written")),
        tuple(_example_row(example, rules, say) for example in shown),
        (0.54, 0.26, 0.2),
    )
    exact = shown[0].score(rules.with_options(rounding="none"))
    rounded = shown[0].score(rules)
    if rounded.written != exact.written:
        note = say("round_ten", exact=pair(exact.written), written=pair(rounded.written))
    else:
        note = say("round_none")
    return Section(say("examples"), 1, (table,), (note,))


def _end(rules: Rules, say: Words) -> Section:
    return Section(say("end"), 1, (), (say("match", target=rules.target),))


def build(rules: Rules, lang: str) -> CheatSheet:
    """Coinche's sheet for ``rules`` in ``lang``."""
    assert rules.preset == Coinche.name
    say = Words(lang, TEXTS)
    return sheet(
        say,
        Coinche.name,
        (
            _card_points(say),
            _declarations(rules, say),
            obligations(rules, say, column=0),
            _auction(rules, say),
            _contract(rules, say),
            _examples(rules, say),
            _end(rules, say),
        ),
    )

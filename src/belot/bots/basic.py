"""``basic``: a rule-based player that bids, doubles, declares and plays like a club player.

Bidding counts the five cards of the auction per contract (the jack and nine of a suit for that
suit, aces and tens for No trumps, jacks and nines across the suits for All trumps) and adds
what the partner's bids promise. Card play draws trumps as declarer (the bidder's partner leads
back a trump), cashes sure winners, leads to the jack the partner's bid showed, gives points to
a partner who surely holds the trick, and otherwise keeps its high cards, with the voids and
trumps of ``belot.bots.knowledge`` kept in count. In Bulgarian Belot the last five tricks are
counted out: each legal card solved exactly in a few dealings of the unseen cards that fit what
the seat knows (``count_out``). Well under a millisecond a decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from belot.bots.base import Bot, decision_rng
from belot.bots.knowledge import Knowledge, beats
from belot.engine.actions import CAPOT_LEVEL, Action, Call, CallKind, Cut, Declare, Play
from belot.engine.cards import ALL_CARDS, SUIT_MASKS, Rank, mask_of
from belot.engine.contracts import Contract
from belot.engine.deal import Phase
from belot.engine.declarations import Declaration
from belot.engine.games.bela import BELA_POINTS, declaration_winner
from belot.engine.scoring import contract_total
from belot.engine.table import Seat
from belot.engine.tricks import ABOVE
from belot.engine.view import SeatView

__all__ = [
    "CONTRA_AT",
    "ENDGAME_TRICKS",
    "NAME_AT",
    "OVER_PARTNER",
    "TAKE_AT",
    "THRESHOLD",
    "BasicBot",
    "bid_margin",
    "contra_margin",
    "contract_strength",
    "count_out",
    "defence_strength",
    "keep_bela_silent",
    "name_or_pass",
    "partner_bonus",
    "play_card",
    "recontra_margin",
    "take_or_pass",
]

# Hand-strength weights per card (rank order 7 8 9 10 J Q K A) for the five-card auction.
_TRUMP_WEIGHT: Final = (4, 4, 22, 10, 30, 6, 6, 12)
_SIDE_ACE: Final = 10
_AT_JACK: Final = 25
_AT_NINE_WITH_JACK: Final = 15
_AT_NINE: Final = 8
_NT_ACE: Final = 22
_NT_TEN_WITH_ACE: Final = 16
_NT_TEN: Final = 6
#: Strength needed to bid each contract (clubs..spades, no trumps, all trumps).
THRESHOLD: Final = (46, 46, 46, 46, 62, 62)
#: What a partner's bid is taken to promise, in strength points of the same scale.
_PARTNER_SAME: Final = 20
#: Extra margin wanted before bidding over the partner's own contract.
OVER_PARTNER: Final = 12
CONTRA_AT: Final = 58
_RECONTRA_MARGIN: Final = 24


def _suit_strengths(cards: int) -> tuple[int, int, int, int]:
    """What one suit's cards (a byte, rank order) add to a hand's strength: as trumps, as a side
    suit of a suit contract, in All trumps, in No trumps."""
    trump = sum(_TRUMP_WEIGHT[rank] for rank in range(8) if cards >> rank & 1)
    trump += 8 * max(0, cards.bit_count() - 2)
    ace, ten = cards >> Rank.ACE & 1, cards >> Rank.TEN & 1
    jack, nine = cards >> Rank.JACK & 1, cards >> Rank.NINE & 1
    side = 0
    if ace:
        side = _SIDE_ACE + (6 if ten else 0)
    elif ten and cards.bit_count() >= 2:
        side = 3
    all_trumps = _AT_JACK * jack + 6 * ace + 3 * ten
    if nine:
        all_trumps += _AT_NINE_WITH_JACK if jack else _AT_NINE
    no_trumps = _NT_ACE * ace
    if ten:
        no_trumps += _NT_TEN_WITH_ACE if ace else (_NT_TEN if cards.bit_count() >= 2 else 0)
    if ace and ten and cards >> Rank.KING & 1:
        no_trumps += 5
    return trump, side, all_trumps, no_trumps


Table = tuple[int, ...]


def _tables(
    of_suit: Callable[[int], tuple[int, int, int, int]],
) -> tuple[Table, Table, Table, Table]:
    """``of_suit`` of every byte, one table of 256 by each of its four values."""
    rows = [of_suit(cards) for cards in range(256)]
    a, b, c, d = (tuple(row[k] for row in rows) for k in range(4))
    return a, b, c, d


def _trumps_and_sides(hand: int, suit: int, trumps: Table, sides: Table) -> int:
    """A hand's sum over its four suits: ``suit``'s cards looked up in ``trumps``, the others'
    in ``sides``."""
    total = sides[hand & 0xFF] + sides[(hand >> 8) & 0xFF] + sides[(hand >> 16) & 0xFF]
    own = (hand >> (8 * suit)) & 0xFF
    return total + sides[(hand >> 24) & 0xFF] - sides[own] + trumps[own]


#: ``_suit_strengths`` of every byte, by its use: a hand's strength is a sum of four lookups.
_TRUMP_STRENGTH, _SIDE_STRENGTH, _AT_STRENGTH, _NT_STRENGTH = _tables(_suit_strengths)


def contract_strength(hand: int, contract: Contract) -> int:
    """How strong ``hand`` (a card set) is for ``contract``, on the scale of ``THRESHOLD``:
    trumps by rank and length, side aces (and tens), or in All trumps jacks and nines, in No
    trumps aces and tens (``_suit_strengths``, by table)."""
    if contract.is_suit:
        return _trumps_and_sides(hand, contract, _TRUMP_STRENGTH, _SIDE_STRENGTH)
    table = _AT_STRENGTH if contract == Contract.ALL_TRUMPS else _NT_STRENGTH
    return (
        table[hand & 0xFF]
        + table[(hand >> 8) & 0xFF]
        + table[(hand >> 16) & 0xFF]
        + table[hand >> 24]
    )


def suit_strength(hand: int, suit: int) -> int:
    """``contract_strength`` for the suit contract of ``suit`` (a number, 0-3: quicker)."""
    return _trumps_and_sides(hand, suit, _TRUMP_STRENGTH, _SIDE_STRENGTH)


def defence_strength(hand: int, contract: Contract) -> int:
    """How much ``hand`` hurts the other team's ``contract`` (same scale as bidding)."""
    if contract.is_suit:
        trumps = (hand >> (8 * contract)) & 0xFF
        score = sum(_TRUMP_WEIGHT[r] for r in range(8) if trumps >> r & 1)
        score += 6 * max(0, trumps.bit_count() - 1)
        for suit in range(4):
            if suit != contract and hand >> (8 * suit + Rank.ACE) & 1:
                score += _SIDE_ACE
        return score
    return contract_strength(hand, contract)


class BasicBot(Bot):
    name = "basic"
    games = frozenset({"bulgarian", "french", "coinche", "bela"})

    def act(self, view: SeatView) -> Action:
        if len(view.legal) == 1:
            return view.legal[0]
        if view.phase is Phase.CUT:
            return Cut(decision_rng(self.seed, view).randint(1, 31))
        if view.phase is Phase.AUCTION:
            if view.turned is not None:
                return take_or_pass(view)
            if view.rules.preset == "bela":
                return name_or_pass(view)
            if view.rules.preset == "coinche":
                return coinche_call(view)
            return self._call(view)
        if isinstance(view.legal[0], Declare):
            return view.legal[0]  # the engine offers the best announcement first
        legal = [a.card.index for a in view.legal if isinstance(a, Play) and not a.silent]
        know = Knowledge.of(view)
        card = play_card(know, legal)
        if view.rules.preset == "bulgarian" and len(view.hand) <= ENDGAME_TRICKS:
            # Dealt from the view alone, not the bot's seed: `basic` uses its seed only to cut,
            # so two of them holding the same cards play alike (duplicate pairs tie).
            card = count_out(view, know, card, decision_rng(0, view))
        action = Play(ALL_CARDS[card])
        assert action in view.legal
        silent = Play(action.card, silent=True)
        if silent in view.legal and keep_bela_silent(view):
            return silent
        return action

    # --- auction ---------------------------------------------------------------------------

    def _call(self, view: SeatView) -> Action:
        hand = mask_of(view.hand)
        seat = view.seat
        partner = seat.partner
        legal = set(view.legal)
        partner_bids = [
            c.contract for s, c in view.calls if s == partner and c.contract is not None
        ]
        current, holder = view.contract, view.bidder
        best: tuple[int, Contract] | None = None
        for contract in Contract:
            if Call.bid(contract) not in legal:
                continue
            over_partner = holder is not None and holder.team is seat.team
            margin = bid_margin(hand, contract, partner_bids, over_partner)
            if margin >= 0 and (best is None or margin >= best[0]):
                best = (margin, contract)
        if best is not None:
            return Call.bid(best[1])
        if current is not None:
            if Call.contra() in legal and contra_margin(hand, current, partner_bids) >= 0:
                return Call.contra()
            if Call.recontra() in legal and recontra_margin(hand, current, holder == seat) >= 0:
                return Call.recontra()
        return Call.pass_()


#: Strength (on the scale of ``THRESHOLD``, counted with the turned card) that takes a French
#: Belote deal: the five cards and the turned one must hold about what the Bulgarian auction
#: wants of five, and a little more, since a French taker who fails writes nothing.
TAKE_AT: Final = 52


def calling_hand(view: SeatView) -> int:
    """The mask of the cards a call is judged on: the seat's hand, with French Belote's turned
    card added while it is on the table."""
    hand = mask_of(view.hand)
    if view.turned is not None:
        hand |= view.turned.mask
    return hand


def take_or_pass(view: SeatView, at: int = TAKE_AT) -> Call:
    """French Belote: take the suit that is strongest with the turned card added (trumps and
    honours counted as in the Bulgarian auction), if it reaches ``at``; else pass."""
    assert view.turned is not None
    hand = calling_hand(view)
    best: tuple[int, Call] | None = None
    for call in view.legal:
        if not isinstance(call, Call) or call.contract is None:
            continue
        strength = contract_strength(hand, call.contract)
        if strength >= at and (best is None or strength > best[0]):
            best = (strength, call)
    return best[1] if best is not None else Call.pass_()


#: Strength (on the scale of ``THRESHOLD``) that names trumps in Bela: six cards seen instead
#: of five, so a little more than the Bulgarian auction wants, since callers who fall write
#: nothing.
NAME_AT: Final = 54


def name_or_pass(view: SeatView, at: int = NAME_AT) -> Call:
    """Bela: name the suit in which the six visible cards are strongest (trumps and honours
    counted as in the Bulgarian auction) if it reaches ``at``, else pass; the dealer, who may
    not pass once the others have, names its strongest suit."""
    hand = mask_of(view.hand)
    names = [c for c in view.legal if isinstance(c, Call) and c.kind is CallKind.BID]
    strength, best = max(
        ((contract_strength(hand, c.contract), c) for c in names if c.contract is not None),
        key=lambda sc: sc[0],
    )
    forced = Call.pass_() not in view.legal
    return best if forced or strength >= at else Call.pass_()


#: Coinche: what a trump of each rank (7 8 9 10 J Q K A) is expected to bring in card points,
#: with its trick; a side ace, a side ten guarded by its ace; what the partner is taken to
#: bring; the estimate a capot bid needs; how far over the bid a surcoinche wants to be.
_COINCHE_TRUMP: Final = (8, 8, 22, 14, 32, 8, 8, 17)
_COINCHE_ACE: Final = 16
_COINCHE_TEN: Final = 10
_COINCHE_PARTNER: Final = 25
COINCHE_CAPOT: Final = 230
_SURCOINCHE_MARGIN: Final = 30


def _coinche_suit(cards: int) -> tuple[int, int, int, int]:
    """What one suit's cards (a byte) add to ``coinche_estimate`` as trumps and as a side suit,
    and to ``coinche_defence`` as the other side's trumps and as a side suit."""
    trump = sum(_COINCHE_TRUMP[r] for r in range(8) if cards >> r & 1)
    trump += 10 * max(0, cards.bit_count() - 3)
    if cards >> Rank.KING & 1 and cards >> Rank.QUEEN & 1:
        trump += 20  # the belote
    ace, ten = cards >> Rank.ACE & 1, cards >> Rank.TEN & 1
    side = (_COINCHE_ACE + (_COINCHE_TEN if ten else 0)) if ace else 0
    against = sum((0, 0, 14, 10, 20, 0, 0, 11)[r] for r in range(8) if cards >> r & 1)
    defence = (11 + (10 if ten else 0)) if ace else 0
    return trump, side, against, defence


_COINCHE_AS_TRUMPS, _COINCHE_SIDE, _DEFENCE_TRUMPS, _DEFENCE_SIDE = _tables(_coinche_suit)


def coinche_estimate(hand: int, suit: int) -> int:
    """The card points (and belote) a side may expect to take with ``suit`` as trumps: this
    hand's trumps and honours plus what the partner is taken to bring."""
    return _trumps_and_sides(hand, suit, _COINCHE_AS_TRUMPS, _COINCHE_SIDE) + _COINCHE_PARTNER


def coinche_defence(hand: int, suit: int) -> int:
    """The card points this hand may take against ``suit`` as the other side's trumps."""
    return _trumps_and_sides(hand, suit, _DEFENCE_TRUMPS, _DEFENCE_SIDE)


def coinche_call(view: SeatView) -> Call:
    """Coinche: bid the highest level the hand's best suit can make (``coinche_estimate``, in
    tens, capot at ``COINCHE_CAPOT``), never over the partner's bid; coinche the other side's
    bid when this hand's defence leaves them clearly short of it; surcoinche a coinched bid of
    ours that the estimate beats by ``_SURCOINCHE_MARGIN``."""
    hand = mask_of(view.hand)
    last = next(((s, c) for s, c in reversed(view.calls) if c.kind is CallKind.BID), None)
    legal = set(view.legal)
    surcoinche = Call(CallKind.SURCOINCHE)
    if surcoinche in legal and last is not None and last[1].contract is not None:
        if surcoinche_margin(hand, last[1].contract, last[1].level) >= 0:
            return surcoinche
        return Call.pass_()
    ours = last is not None and last[0].team == view.seat.team
    if last is not None and not ours and last[1].contract is not None:
        coinche = Call(CallKind.COINCHE)
        if coinche in legal and coinche_margin(hand, last[1].contract, last[1].level) > 0:
            return coinche
    if ours:
        return Call.pass_()
    best = max(range(4), key=lambda suit: coinche_estimate(hand, suit))
    level = coinche_level(coinche_estimate(hand, best))
    bid = Call.points_bid(level, Contract(best))
    return bid if level >= 80 and bid in legal else Call.pass_()


def coinche_level(estimate: int) -> int:
    """The level ``basic`` bids a suit of this ``coinche_estimate`` at: its tens up to 160,
    capot from ``COINCHE_CAPOT``."""
    return CAPOT_LEVEL if estimate >= COINCHE_CAPOT else min(160, estimate // 10 * 10)


def coinche_margin(hand: int, suit: int, level: int) -> int:
    """How far this hand's defence leaves the other side short of their bid of ``level`` in
    ``suit`` (``basic`` coinches above 0): they need their bid from the 162 points, and what
    this side takes (its defence and what the partner is taken to bring) is lost to them."""
    left = 162 - coinche_defence(hand, suit) - _COINCHE_PARTNER
    return min(level, 160) - 10 - left


def surcoinche_margin(hand: int, suit: int, level: int) -> int:
    """How far this hand's estimate clears its side's coinched bid of ``level`` in ``suit``
    beyond ``_SURCOINCHE_MARGIN`` (``basic`` surcoinches from 0)."""
    return coinche_estimate(hand, suit) - level - _SURCOINCHE_MARGIN


def bid_margin(
    hand: int, contract: Contract, partner_bids: list[Contract], over_partner: bool
) -> int:
    """How far ``hand`` with the partner's bids is above the strength to bid ``contract``
    (negative: under it), with the extra margin wanted to outbid the partner's own contract."""
    strength = contract_strength(hand, contract) + partner_bonus(partner_bids, contract)
    return strength - THRESHOLD[contract] - (OVER_PARTNER if over_partner else 0)


def contra_margin(hand: int, contract: Contract, partner_bids: list[Contract]) -> int:
    """How far ``hand`` (and a partner who bid) is above the strength to contra the other
    team's ``contract`` (negative: under it); No trumps and All trumps want 6 more."""
    defence = defence_strength(hand, contract) + 8 * bool(partner_bids)
    return defence - CONTRA_AT - (0 if contract.is_suit else 6)


def recontra_margin(hand: int, contract: Contract, own: bool) -> int:
    """How far ``hand`` is above the strength to recontra its team's ``contract``, its ``own``
    bid or the partner's (which is taken to promise ``_PARTNER_SAME``)."""
    strength = contract_strength(hand, contract) + (0 if own else _PARTNER_SAME)
    return strength - THRESHOLD[contract] - _RECONTRA_MARGIN


def partner_bonus(partner_bids: list[Contract], contract: Contract) -> int:
    """What the partner's bids add to our strength for ``contract``."""
    bonus = 0
    for bid in partner_bids:
        if bid == contract:
            bonus = max(bonus, _PARTNER_SAME)
        elif contract == Contract.ALL_TRUMPS and bid.is_suit:
            bonus = max(bonus, _AT_JACK - 5)  # a suit bid promises its jack
        elif contract.is_suit and bid == Contract.ALL_TRUMPS:
            bonus = max(bonus, 10)
    return bonus


# --- card play -----------------------------------------------------------------------------

#: Bulgarian Belot: with this many cards in hand or fewer, the end is counted out
#: (``count_out``); 0 never does. Five cards: +1.80 game points a deal over the yardstick (with
#: the leads below), four: +1.63, three: about +1.3 (docs/bots/research.md).
ENDGAME_TRICKS: Final = 5
#: Dealings of the unseen cards solved for a card counted out, by the cards in hand (0 to 5:
#: eight while solving is cheapest, fewer as it costs more), the solver nodes they may take in
#: all (the dealings solved within it count: a decision stays well under a millisecond), and
#: how many card points (their mean) another card must gain over the rules' card to be played
#: instead.
ENDGAME_WORLDS: Final = (0, 8, 8, 8, 4, 3)
ENDGAME_NODES: Final = 8000
ENDGAME_SLACK: Final = 0.5


def count_out(view: SeatView, know: Knowledge, card: int, rng: random.Random) -> int:
    """The card to play at the end of a deal, as a player who counts the cards: the legal card
    with the most card points for its team, by the exact solver's mean over ``ENDGAME_WORLDS``
    dealings of the unseen cards that fit the seat's knowledge (``belot.bots.endgame``), unless
    ``card`` (the rules' choice) is within ``ENDGAME_SLACK`` of it."""
    # Imported here: the solver's module loads the compiled search (and strong imports basic).
    from belot.bots.endgame import endgame_values

    values = endgame_values(view, know, rng, ENDGAME_WORLDS[len(view.hand)], ENDGAME_NODES)
    if not values:
        return card
    best = max(values, key=lambda c: (values[c], c == card))
    return card if values[card] >= values[best] - ENDGAME_SLACK else best


def keep_bela_silent(view: SeatView) -> bool:
    """Whether to play the first of K+Q of trumps without announcing the bela (Bela, RULES.md
    §6), which ``view``'s seat may do now: only when its side called trumps and falls whatever
    the cards still to come, since a side that falls gives the other every point, its bela
    included. Otherwise the bela is announced."""
    callers, contract = view.declarers, view.contract
    if callers is None or contract is None or view.seat.team != callers:
        return False
    done = view.completed_tricks
    other = callers.other
    if not done or all(trick.winner is None or trick.winner.team != other for trick in done):
        return False  # the declarations are not shown yet, or the callers may still sweep
    announced: list[list[Declaration]] = [[], [], [], []]
    for announcement in view.announcements:
        if announcement.declaration is not None:
            announced[announcement.seat].append(announcement.declaration)
    first = Seat((view.dealer + view.rules.direction) % 4)
    order = [Seat((first + k * view.rules.direction) % 4) for k in range(4)]
    declared = [0, 0]
    winner = declaration_winner(announced, order)
    if winner is not None:
        declared[winner] = sum(d.points for seat in winner.seats for d in announced[seat])
    belas = [0, 0]
    for holder, _ in view.belots:
        belas[holder.team] += BELA_POINTS
    cards = view.card_points
    still = contract_total(contract, view.rules) - cards[0] - cards[1]
    best = cards[callers] + still + declared[callers] + belas[callers] + BELA_POINTS
    theirs = cards[other] + declared[other] + belas[other]
    return best < theirs or (best == theirs and view.rules.tie == "fails")


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _belot_pair(know: Knowledge, card: int) -> bool:
    """Whether ``card`` is a king or queen whose partner card we hold in a suit that belots."""
    contract = know.contract
    assert contract is not None
    rank, suit = card & 7, card >> 3
    if rank not in (Rank.KING, Rank.QUEEN) or contract == Contract.NO_TRUMPS:
        return False
    if contract.is_suit and suit != contract:
        return False
    other = card ^ (Rank.KING ^ Rank.QUEEN)
    return bool(know.hand >> other & 1)


def play_card(know: Knowledge, legal: list[int]) -> int:
    """The card (index) `basic` plays from ``legal`` (indices) knowing ``know``: its card play
    without a view, for bots that model the others as `basic`."""
    return _lead(know, legal) if not know.trick else _follow(know, legal)


def _lead(know: Knowledge, legal: list[int]) -> int:
    contract = know.contract
    assert contract is not None
    trumps = know.trumps
    ours = know.we_declare
    opp_trumps = know.opponents_may_hold(trumps)
    if contract.is_suit and ours and opp_trumps:
        my_trumps = [c for c in legal if (1 << c) & trumps]
        masters = [c for c in my_trumps if know.is_master(c)]
        if masters:
            return max(masters, key=know.key)
        if len(my_trumps) >= 2 and know.bids[know.seat]:
            return min(my_trumps, key=know.key)
        if my_trumps and know.bidder == know.partner and know.game == "bulgarian":
            return min(my_trumps, key=know.key)  # the bidder's partner leads back a trump
    # Cash sure winners: the strongest card still out in its suit, not to be ruffed.
    winners = [c for c in legal if know.is_master(c) and not _ruff_risk(know, c)]
    if winners:
        if contract.is_suit and not ours:
            plain = [c for c in winners if not (1 << c) & trumps]
            if plain:
                winners = plain
        return max(winners, key=lambda c: (know.points(c), know.key(c)))
    return min(legal, key=lambda c: (_lead_cost(know, c, ours), know.key(c)))


def _ruff_risk(know: Knowledge, card: int) -> bool:
    """Whether an opponent may trump a plain ``card`` led now (shown void, trumps left)."""
    contract = know.contract
    assert contract is not None
    if not contract.is_suit or (1 << card) & know.trumps:
        return False
    suit = SUIT_MASKS[card >> 3]
    for opponent in know.opponents:
        possible = know.possible(opponent)
        if not possible & suit and possible & know.trumps:
            return True
    # Few cards of the suit left out: someone is probably void.
    return (know.unseen & suit).bit_count() <= 1 and bool(know.opponents_may_hold(know.trumps))


def _lead_cost(know: Knowledge, card: int, ours: bool) -> int:
    contract = know.contract
    assert contract is not None
    cost = know.points(card) * 2
    if (1 << card) & know.trumps and not ours:
        cost += 30
    if _belot_pair(know, card):
        cost += 15
    if not know.is_master(card) and _missing_above(know, card) == 1:
        cost += 8  # a ten or nine under a single missing master: keep it guarded
    if _ruff_risk(know, card):
        cost += 10
    suit = card >> 3
    if know.is_void(know.partner, suit) and know.possible(know.partner) & know.trumps and not ours:
        cost -= 12  # partner may ruff
    if know.game == "bulgarian" and suit in _partner_suits(know):
        cost -= LEAD_PARTNER  # to the jack the partner's bid showed
    return cost


#: How much cheaper a lead is in a plain suit the partner bid (Bulgarian Belot).
LEAD_PARTNER: Final = 30


def _partner_suits(know: Knowledge) -> set[int]:
    """The plain suits the partner bid (a suit bid shows its jack, the strength of All trumps),
    not the trumps of a suit contract."""
    contract = know.contract
    return {
        int(bid)
        for bid in know.bids[know.partner]
        if bid.is_suit and bid != contract and know.possible(know.partner) & SUIT_MASKS[bid]
    }


def _missing_above(know: Knowledge, card: int) -> int:
    """How many unseen cards of its suit beat ``card``."""
    assert know.contract is not None
    return (ABOVE[know.contract][card] & know.unseen).bit_count()


def _follow(know: Knowledge, legal: list[int]) -> int:
    contract = know.contract
    assert contract is not None
    if len(legal) == 1:
        return legal[0]
    cards = know.trick_cards
    last = len(cards) == 3
    if know.partner_winning and (last or know.partner_sure()):
        return max(legal, key=lambda c: (_gift_value(know, c), -know.key(c)))
    winning = [c for c in legal if beats(cards, c, contract)]
    if winning:
        if last:
            cheapest = min(winning, key=lambda c: (know.key(c), know.points(c)))
            stake = know.trick_points + know.points(cheapest)
            if stake > 0 or not _precious(know, cheapest):
                return cheapest
        else:
            sure = [c for c in winning if know.sure_to_win(c)]
            if sure and not know.partner_winning:
                return min(sure, key=know.key)
            if sure and know.partner_winning:
                # Partner's card may be beaten: take over only with a card that is sure.
                return min(sure, key=know.key)
            third = len(cards) == 2
            # Third hand high over the other team's card (in Bulgarian Belot whatever the trick
            # holds: +0.09 a deal against the yardstick; elsewhere from 10 points on).
            stake = 0 if know.game == "bulgarian" else 10
            if third and not know.partner_winning and know.trick_points >= stake:
                return max(winning, key=know.key)
    return min(legal, key=lambda c: (_discard_cost(know, c), know.key(c)))


def _precious(know: Knowledge, card: int) -> bool:
    """A card worth keeping for a later trick: a master trump, or any master while trumps rule."""
    return bool((1 << card) & know.trumps) and know.is_master(card)


def _gift_value(know: Knowledge, card: int) -> int:
    """How good ``card`` is to give to the partner who holds the trick."""
    value = know.points(card)
    if (1 << card) & know.trumps:
        value -= 30
    if know.is_master(card) and know.hand_sizes[know.seat] > 1:
        value -= 12  # a master wins its own trick later (tuned in self-play: +0.4 a deal)
    if _belot_pair(know, card):
        value -= 25
    return value


def _discard_cost(know: Knowledge, card: int) -> int:
    """How much playing ``card`` on a trick we do not take gives away."""
    cost = know.points(card) * 2
    if (1 << card) & know.trumps:
        cost += 25
    if know.is_master(card):
        cost += 12
    if _belot_pair(know, card):
        cost += 25
    suit = SUIT_MASKS[card >> 3]
    if (know.hand & suit).bit_count() == 1:
        cost -= 3  # shorten a suit: a void to ruff later
    return cost

"""``basic``: a rule-based player that bids, doubles, declares and plays like a club player.

Bidding counts the five cards of the auction per contract (the jack and nine of a suit for that
suit, aces and tens for No trumps, jacks and nines across the suits for All trumps) and adds
what the partner's bids promise. Card play draws trumps as declarer, cashes sure winners, gives
points to a partner who surely holds the trick, and otherwise keeps its high cards, with the
voids and trumps of ``belot.bots.knowledge`` kept in count. No search: well under 5 ms a
decision.
"""

from __future__ import annotations

from typing import Final

from belot.bots.base import Bot, decision_rng
from belot.engine.actions import Action, Call, Cut, Declare, Play
from belot.engine.cards import ALL_CARDS, SUIT_MASKS, Rank
from belot.engine.contracts import Contract
from belot.engine.deal import Phase
from belot.engine.tricks import ABOVE
from belot.engine.view import SeatView
from yardstick.knowledge import Knowledge, beats

__all__ = [
    "CONTRA_AT",
    "OVER_PARTNER",
    "THRESHOLD",
    "BasicBot",
    "bid_margin",
    "contract_strength",
    "defence_strength",
    "partner_bonus",
    "play_card",
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


def contract_strength(hand: int, contract: Contract) -> int:
    """How strong ``hand`` (a card set) is for ``contract``, on the scale of ``THRESHOLD``."""
    score = 0
    if contract.is_suit:
        trumps = (hand >> (8 * contract)) & 0xFF
        count = trumps.bit_count()
        for rank in range(8):
            if trumps >> rank & 1:
                score += _TRUMP_WEIGHT[rank]
        score += 8 * max(0, count - 2)
        for suit in range(4):
            if suit == contract:
                continue
            cards = (hand >> (8 * suit)) & 0xFF
            if cards >> Rank.ACE & 1:
                score += _SIDE_ACE
                if cards >> Rank.TEN & 1:
                    score += 6
            elif cards >> Rank.TEN & 1 and cards.bit_count() >= 2:
                score += 3
        return score
    for suit in range(4):
        cards = (hand >> (8 * suit)) & 0xFF
        jack, nine = cards >> Rank.JACK & 1, cards >> Rank.NINE & 1
        ace, ten = cards >> Rank.ACE & 1, cards >> Rank.TEN & 1
        if contract == Contract.ALL_TRUMPS:
            score += _AT_JACK * jack
            if nine:
                score += _AT_NINE_WITH_JACK if jack else _AT_NINE
            score += 6 * ace + 3 * ten
        else:
            score += _NT_ACE * ace
            if ten:
                score += _NT_TEN_WITH_ACE if ace else (_NT_TEN if cards.bit_count() >= 2 else 0)
            if ace and ten and cards >> Rank.KING & 1:
                score += 5
    return score


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

    def act(self, view: SeatView) -> Action:
        if len(view.legal) == 1:
            return view.legal[0]
        if view.phase is Phase.CUT:
            return Cut(decision_rng(self.seed, view).randint(1, 31))
        if view.phase is Phase.AUCTION:
            return self._call(view)
        if isinstance(view.legal[0], Declare):
            return view.legal[0]  # the engine offers the best announcement first
        legal = [a.card.index for a in view.legal if isinstance(a, Play)]
        action = Play(ALL_CARDS[play_card(Knowledge.of(view), legal)])
        assert action in view.legal
        return action

    # --- auction ---------------------------------------------------------------------------

    def _call(self, view: SeatView) -> Action:
        hand = 0
        for card in view.hand:
            hand |= card.mask
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
            if Call.contra() in legal:
                defence = defence_strength(hand, current) + 8 * bool(partner_bids)
                if defence >= CONTRA_AT + (6 if not current.is_suit else 0):
                    return Call.contra()
            if Call.recontra() in legal:
                strength = contract_strength(hand, current)
                if holder != seat:
                    strength += _PARTNER_SAME
                if strength - THRESHOLD[current] >= _RECONTRA_MARGIN:
                    return Call.recontra()
        return Call.pass_()


def bid_margin(
    hand: int, contract: Contract, partner_bids: list[Contract], over_partner: bool
) -> int:
    """How far ``hand`` with the partner's bids is above the strength to bid ``contract``
    (negative: under it), with the extra margin wanted to outbid the partner's own contract."""
    strength = contract_strength(hand, contract) + partner_bonus(partner_bids, contract)
    return strength - THRESHOLD[contract] - (OVER_PARTNER if over_partner else 0)


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
    return cost


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
            if third and not know.partner_winning and know.trick_points >= 10:
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

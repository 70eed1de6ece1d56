"""The compiled full random deal of Coinche, shuffle to score (numba; plain Python without it).

One deal: a shuffle of the 32 cards (of the deck as the last deal left it), eight to each
seat (the first eight to North, then East, South, West); a random auction (each legal call
equally likely: pass, every higher bid of 80..160 or capot in each suit, coinche, surcoinche);
the cards played at random among the legal ones, by the solver core's rules (``_legal_of``,
``_beats``: Coinche's obligations, forced undertrump as ``par`` says); belote; and the score
as ``games.coinche.score_coinche`` writes it with no declarations announced (the rules'
``declarations`` off: Belote contrée). Four passes end a deal without a score, as in the engine.

The generator is ``_playout_core``'s xoshiro128** (the same numbers compiled or not); each
choice among ``n > 1`` takes one draw ``r`` of 32 bits and takes the ``(r * n) >> 32``-th:
the ``(r * (i + 1)) >> 32``-th of the first ``i + 1`` cards for each step of the shuffle, the
call of that place in the engine's order of legal calls, the lowest legal card of that place.

numba caches this file by its own source only: ``SOLVER_CORE`` names the solver core's source
the rules and bit operations were inlined from (a test fails until it is brought up to date, and
the edit recompiles).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from belot.bots._solver_core import (
    P_BEAT_PLAIN,
    P_KIND,
    P_PARTNER,
    P_STEP,
    P_TRUMP_SUIT,
    P_TRUMPS,
    P_UNDER,
    _beats,
    _jit,
    _legal_of,
    _nth_bit,
    _popcount,
    _trailing_zeros,
)

__all__ = [
    "A_COINCHE",
    "A_PASS",
    "A_SURCOINCHE",
    "CAPOT",
    "CARD",
    "D_WIDTH",
    "OPTS_SIZE",
    "O_BELOTE_TRUMPING",
    "O_BID_ONLY",
    "O_COINCHE_CAPOT",
    "O_DEALER",
    "O_ROUNDING",
    "O_SURCOINCHE",
    "O_TOTAL_TEST",
    "RECORD",
    "T_WIDTH",
    "random_deals",
]

SOLVER_CORE = "4cdea8ed0b2e224f"
"""The first 16 hex digits of the SHA-256 of ``_solver_core.py`` as this loop inlines it."""

_M32 = 0xFFFFFFFF

# ``opts``: the rules this loop reads beside ``par``.
O_DEALER = 0
O_COINCHE_CAPOT = 1  # a capot bid may be coinched
O_TOTAL_TEST = 2  # contract_test "total": 82 card points asked of a bid of 80 only
O_BID_ONLY = 3  # double_scope "bid_only"
O_SURCOINCHE = 4  # what a surcoinche multiplies by
O_ROUNDING = 5  # to the nearest ten
O_BELOTE_TRUMPING = 6  # belot_when_trumping
OPTS_SIZE = 7

# The actions as recorded: a call by its place in the engine's order of legal calls from
# the start (pass, then the 40 bids 80C 80D 80H 80S 90C ... capotS), a card by 64 + index.
A_PASS = 0
A_COINCHE = 41
A_SURCOINCHE = 42
CARD = 64
CAPOT = 250  # the level of a capot bid, as ``actions.CAPOT_LEVEL``
RECORD = 128  # columns of ``record``: at most 10 bids, 3 passes each, coinche, 2 more, 32 cards

# Columns of ``totals`` and ``results``.
D_NS = 0  # written (rounded) points, North-South
D_EW = 1
D_CARDS_NS = 2  # card points, last trick included
D_CARDS_EW = 3
D_LEVEL = 4  # the bid (0: four passes, no score)
D_WIDTH = 5
T_DEALS = 5  # ``totals`` only: deals played
T_PASSED = 6  # deals that four passes ended
T_WIDTH = 7


@_jit
def random_deals(
    count: int,
    rng: Any,
    tabs: Any,
    par: Any,
    opts: Any,
    totals: Any,
    hands_out: Any,
    results: Any,
    record: Any,
) -> None:
    """Play ``count`` random deals of Coinche, drawing from (and advancing) ``rng``.

    ``tabs[s]`` are the solver's card tables of a contract in suit ``s``; ``par`` the solver's
    parameters with the game's obligations and step (its trump fields are rewritten here);
    ``opts`` the other rules (``O_*``). ``totals`` gets the sums (``D_*``, ``T_*``); deal ``k``
    also writes its hands (N E S W) to ``hands_out[k]``, its result to ``results[k]`` and its
    actions to ``record[k]`` (-1 after the last) while ``k`` is below their number of rows.
    """
    step = par[P_STEP]
    # The game's obligations as plain ints, read once (not from ``par`` at every card).
    kind = par[P_KIND]
    under = par[P_UNDER]
    beat_plain = par[P_BEAT_PLAIN]
    partner = par[P_PARTNER]
    dealer = opts[O_DEALER]
    first = (dealer + step) & 3
    coinche_capot = opts[O_COINCHE_CAPOT]
    s0 = rng[0]
    s1 = rng[1]
    s2 = rng[2]
    s3 = rng[3]
    deck = np.arange(32, dtype=np.int64)
    held = np.empty(4, dtype=np.int64)
    cards = np.empty(4, dtype=np.int64)
    for i in range(T_WIDTH):
        totals[i] = 0
    for k in range(count):
        recording = k < record.shape[0]
        played = 0
        if recording:
            for i in range(record.shape[1]):
                record[k, i] = -1
        # --- the shuffle (Fisher-Yates), eight cards to each seat --------------------------
        for i in range(31, 0, -1):
            r = (s1 * 5) & _M32
            r = ((((r << 7) | (r >> 25)) & _M32) * 9) & _M32
            t = (s1 << 9) & _M32
            s2 ^= s0
            s3 ^= s1
            s1 ^= s2
            s0 ^= s3
            s2 ^= t
            s3 = ((s3 << 11) | (s3 >> 21)) & _M32
            j = (r * (i + 1)) >> 32
            c = deck[i]
            deck[i] = deck[j]
            deck[j] = c
        for seat in range(4):
            hand = 0
            for i in range(8 * seat, 8 * seat + 8):
                hand |= 1 << deck[i]
            held[seat] = hand
        if k < hands_out.shape[0]:
            for seat in range(4):
                hands_out[k, seat] = held[seat]
        # --- the auction ------------------------------------------------------------------
        rank = -1  # the last bid's place among the 10 levels (-1: none yet)
        suit = -1
        bidder = -1
        double = 1
        passes = 0
        seat = first
        while True:
            if double == 1:
                bids = 40 - 4 * (rank + 1)
                coinche = 0
                if bidder >= 0 and (bidder ^ seat) & 1 and (rank < 9 or coinche_capot):
                    coinche = 1
                n = 1 + bids + coinche
            else:
                bids = 0
                n = 2 if double == 2 and not (bidder ^ seat) & 1 else 1
            pick = 0
            if n > 1:
                r = (s1 * 5) & _M32
                r = ((((r << 7) | (r >> 25)) & _M32) * 9) & _M32
                t = (s1 << 9) & _M32
                s2 ^= s0
                s3 ^= s1
                s1 ^= s2
                s0 ^= s3
                s2 ^= t
                s3 = ((s3 << 11) | (s3 >> 21)) & _M32
                pick = (r * n) >> 32
            if pick == 0:
                if recording:
                    record[k, played] = A_PASS
                played += 1
                passes += 1
                if double == 2:
                    if passes == 2:
                        break
                    seat ^= 2  # the coinched side's other player
                    continue
                if passes == (4 if bidder < 0 else 3):
                    break
            elif pick <= bids:
                place = 4 * (rank + 1) + pick - 1
                if recording:
                    record[k, played] = 1 + place
                played += 1
                rank = place >> 2
                suit = place & 3
                bidder = seat
                passes = 0
            elif double == 1:
                if recording:
                    record[k, played] = A_COINCHE
                played += 1
                double = 2
                passes = 0
            else:
                if recording:
                    record[k, played] = A_SURCOINCHE
                played += 1
                double = 4
                break
            seat = (seat + step) & 3
        totals[T_DEALS] += 1
        if bidder < 0:
            totals[T_PASSED] += 1
            if k < results.shape[0]:
                for i in range(D_WIDTH):
                    results[k, i] = 0
            continue
        # --- the play -------------------------------------------------------------------------
        tab = tabs[suit]
        trumps = 0xFF << (8 * suit)
        par[P_TRUMP_SUIT] = suit
        par[P_TRUMPS] = trumps
        n = 0
        win = 0
        lead = first
        points_ns = 0
        points_ew = 0
        tricks_ns = 0
        belote = -1  # the team that announced belote
        for _card in range(32):
            seat = (lead + n * step) & 3
            hand = held[seat]
            if n == 0:
                legal = hand
            else:
                legal = _legal_of(
                    hand,
                    cards[0] >> 3,
                    cards[win],
                    tab[2, cards[win]],
                    n - win == 2,
                    kind,
                    suit,
                    trumps,
                    under,
                    beat_plain,
                    partner,
                )
            if legal & (legal - 1):
                r = (s1 * 5) & _M32
                r = ((((r << 7) | (r >> 25)) & _M32) * 9) & _M32
                t = (s1 << 9) & _M32
                s2 ^= s0
                s3 ^= s1
                s1 ^= s2
                s0 ^= s3
                s2 ^= t
                s3 = ((s3 << 11) | (s3 >> 21)) & _M32
                # The pick-th lowest legal card, as ``_playout_core`` finds it.
                card = _nth_bit(legal, (r * _popcount(legal)) >> 32)
            else:
                card = _trailing_zeros(legal)
            bit = 1 << card
            # Belote: the first of the trump king and queen played, the other still held
            # (off the led suit only when trumping counts, as ``belot_when_trumping``).
            if (
                (trumps & bit) != 0
                and (card & 7) >= 5
                and (card & 7) <= 6
                and (hand >> (card ^ 3)) & 1
                and (n == 0 or cards[0] >> 3 == suit or opts[O_BELOTE_TRUMPING] != 0)
            ):
                belote = seat & 1
            held[seat] = hand ^ bit
            if recording:
                record[k, played] = CARD + card
            played += 1
            cards[n] = card
            if n == 0 or _beats(card, cards[win], tab, trumps):
                win = n
            n += 1
            if n == 4:
                won = tab[1, cards[0]] + tab[1, cards[1]] + tab[1, cards[2]] + tab[1, cards[3]]
                lead = (lead + win * step) & 3
                if lead & 1:
                    points_ew += won
                else:
                    points_ns += won
                    tricks_ns += 1
                n = 0
                win = 0
        # The last trick's ten.
        if lead & 1:
            points_ew += 10
        else:
            points_ns += 10
        # --- the score (``score_coinche``, no declarations) --------------------------------
        team = bidder & 1
        level = CAPOT if rank == 9 else 80 + 10 * rank
        capot = 0 if tricks_ns == 8 else 1 if tricks_ns == 0 else -1
        cards_b = points_ew if team else points_ns
        cards_d = points_ns if team else points_ew
        counted_b = cards_b
        counted_d = cards_d
        if capot == team:
            counted_b = 250
            counted_d = 0
        elif capot >= 0:
            counted_b = 0
            counted_d = 250
        belote_b = 20 if belote == team else 0
        belote_d = 20 if belote == 1 - team else 0
        if rank == 9:
            made = capot == team
        elif opts[O_TOTAL_TEST] == 0 or rank == 0:
            made = cards_b >= 82 and counted_b + belote_b >= level
        else:
            made = counted_b + belote_b >= level
        times = 1 if double == 1 else 2 if double == 2 else opts[O_SURCOINCHE]
        table = 250 if capot >= 0 or rank == 9 else 160
        if times > 1 and opts[O_BID_ONLY] == 0:
            if made:
                written_b = (table + level) * times + belote_b
                written_d = belote_d
            else:
                written_d = (table + level) * times + belote_d
                written_b = belote_b
        elif made:
            written_b = counted_b + belote_b + level * times
            written_d = counted_d + belote_d
        else:
            written_d = table + level * times + belote_d
            written_b = belote_b
        if opts[O_ROUNDING] != 0:
            written_b = (written_b + 5) // 10 * 10
            written_d = (written_d + 5) // 10 * 10
        ns = written_d if team else written_b
        ew = written_b if team else written_d
        totals[D_NS] += ns
        totals[D_EW] += ew
        totals[D_CARDS_NS] += points_ns
        totals[D_CARDS_EW] += points_ew
        totals[D_LEVEL] += level
        if k < results.shape[0]:
            results[k, D_NS] = ns
            results[k, D_EW] = ew
            results[k, D_CARDS_NS] = points_ns
            results[k, D_CARDS_EW] = points_ew
            results[k, D_LEVEL] = level
    rng[0] = s0
    rng[1] = s1
    rng[2] = s2
    rng[3] = s3

"""The compiled random play-phase playout (numba; plain Python without it).

The rules come from the solver's core (``_legal_of``, ``_beats``, ``_winner``, the ``tab``/``par``
arrays ``solver.py`` builds), so the playout and the solver cannot disagree on a legal card:
every game's obligations, as the flags of ``par`` say (``P_UNDER``, ``P_BEAT_PLAIN``,
``P_PARTNER``). Like the solver's core, the same source runs with ``NUMBA_DISABLE_JIT=1`` as
plain Python.

numba's disk cache knows only this file: a change to the solver core's inlined functions (or
to the ``par`` layout) must come with a change here, or a stale compiled loop is loaded. So
``SOLVER_CORE`` names the solver core's source this loop was compiled with, and a test fails
until it is brought up to date (which also makes numba compile this file again).

The random numbers come from xoshiro128** (four 32-bit words of state, period ``2 ** 128 - 1``),
written so that no intermediate value exceeds 40 bits: numba compiles signed ``int64`` arithmetic
on the assumption that it never overflows, so a generator that relies on wrapping 64-bit
multiplication would give other numbers compiled than in plain Python. Here both give the very
same numbers. Each choice among ``n > 1`` legal cards takes one draw ``r`` of 32 bits and plays
the ``(r * n) >> 32``-th lowest legal card (by card index; ``_nth_bit``, one ``pdep`` where the
processor has a fast one); a forced card takes no draw.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from belot.bots._solver_core import (
    P_BEAT_PLAIN,
    P_BONUS,
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
    _winner,
)

__all__ = [
    "R_EW",
    "R_EW_TRICKS",
    "R_NS",
    "R_NS_SQUARES",
    "R_NS_TRICKS",
    "R_WIDTH",
    "playouts",
    "seed_state",
]

SOLVER_CORE = "4cdea8ed0b2e224f"
"""The first 16 hex digits of the SHA-256 of ``_solver_core.py`` as this loop inlines it."""

_M32 = 0xFFFFFFFF

# Columns of ``totals`` and of each row of ``results``.
R_NS = 0  # card points of North-South (those won before the position included)
R_EW = 1
R_NS_TRICKS = 2  # tricks taken during the playout
R_EW_TRICKS = 3
R_NS_SQUARES = 4  # ``totals`` only: the sum of the squares of North-South's points
R_WIDTH = 5


def seed_state(seed: int) -> np.ndarray[Any, np.dtype[np.int64]]:
    """The generator's four words of state for ``seed`` (any int), by splitmix64."""
    mask = (1 << 64) - 1
    x = seed & mask
    words = []
    for _ in range(2):
        x = (x + 0x9E3779B97F4A7C15) & mask
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        words += [z & _M32, z >> 32]
    if not any(words):  # the one state xoshiro never leaves
        words[0] = 1
    return np.array(words, dtype=np.int64)


@_jit
def playouts(
    hands: Any,
    trick: Any,
    n_trick: int,
    leader: int,
    points: Any,
    count: int,
    rng: Any,
    tab: Any,
    par: Any,
    totals: Any,
    results: Any,
    record: Any,
) -> None:
    """Play ``count`` random playouts from one position, drawing from (and advancing) the
    generator state ``rng`` (``seed_state``).

    The position: ``hands`` (four card sets by seat), the first ``n_trick`` cards of ``trick``
    (the trick in progress, led by ``leader``), ``points`` won so far (NS, EW). ``totals`` gets
    the sums over the playouts (``R_*`` columns); playout ``k`` also writes its result to
    ``results[k]`` and its cards, in play order, to ``record[k]`` (-1 after the last) while
    ``k`` is below their number of rows (give them zero rows to skip this).
    """
    step = par[P_STEP]
    trumps = par[P_TRUMPS]
    bonus = par[P_BONUS]
    # The contract's rules as plain ints, read once (not from ``par`` at every card).
    kind = par[P_KIND]
    trump_suit = par[P_TRUMP_SUIT]
    under = par[P_UNDER]
    beat_plain = par[P_BEAT_PLAIN]
    partner = par[P_PARTNER]
    s0 = rng[0]
    s1 = rng[1]
    s2 = rng[2]
    s3 = rng[3]
    held = np.empty(4, dtype=np.int64)
    for i in range(R_WIDTH):
        totals[i] = 0
    # The trick in progress as the loop keeps it: the suit led, the card holding it and its
    # position, and the points in it.
    win0 = _winner(trick, 0, n_trick, tab, trumps) if n_trick > 0 else 0
    led0 = trick[0] >> 3 if n_trick > 0 else 0
    holder0 = trick[win0] if n_trick > 0 else 0
    pot0 = 0
    for i in range(n_trick):
        pot0 += tab[1, trick[i]]
    cards_left = n_trick
    for i in range(4):
        x = hands[i]
        while x:
            x &= x - 1
            cards_left += 1
    tricks0 = cards_left >> 2
    rows = record.shape[0]
    for k in range(count):
        for i in range(4):
            held[i] = hands[i]
        n = n_trick
        first = leader
        win = win0
        led = led0
        holder = holder0
        pot = pot0
        tricks_left = tricks0
        ns = points[0]
        ew = points[1]
        ns_tricks = 0
        ew_tricks = 0
        recording = k < rows
        if recording:
            for i in range(record.shape[1]):
                record[k, i] = -1
        played = 0
        while True:
            seat = (first + n * step) & 3
            hand = held[seat]
            if n == 0:
                legal = hand
            else:
                legal = _legal_of(
                    hand,
                    led,
                    holder,
                    tab[2, holder],
                    n - win == 2,
                    kind,
                    trump_suit,
                    trumps,
                    under,
                    beat_plain,
                    partner,
                )
            if legal & (legal - 1):
                # xoshiro128**: the output, then the next state.
                r = (s1 * 5) & _M32
                r = ((((r << 7) | (r >> 25)) & _M32) * 9) & _M32
                t = (s1 << 9) & _M32
                s2 ^= s0
                s3 ^= s1
                s1 ^= s2
                s0 ^= s3
                s2 ^= t
                s3 = ((s3 << 11) | (s3 >> 21)) & _M32
                # The pick-th lowest legal card.
                card = _nth_bit(legal, (r * _popcount(legal)) >> 32)
            else:
                card = _trailing_zeros(legal)
            held[seat] = hand ^ (1 << card)
            if recording:
                record[k, played] = card
            played += 1
            pot += tab[1, card]
            if n == 0:
                led = card >> 3
                holder = card
                win = 0
            elif _beats(card, holder, tab, trumps):
                holder = card
                win = n
            n += 1
            if n == 4:
                tricks_left -= 1
                if tricks_left == 0:
                    pot += bonus
                first = (first + win * step) & 3
                if first & 1:
                    ew += pot
                    ew_tricks += 1
                else:
                    ns += pot
                    ns_tricks += 1
                n = 0
                pot = 0
                if tricks_left == 0:
                    break
        totals[R_NS] += ns
        totals[R_EW] += ew
        totals[R_NS_TRICKS] += ns_tricks
        totals[R_EW_TRICKS] += ew_tricks
        totals[R_NS_SQUARES] += ns * ns
        if k < results.shape[0]:
            results[k, R_NS] = ns
            results[k, R_EW] = ew
            results[k, R_NS_TRICKS] = ns_tricks
            results[k, R_EW_TRICKS] = ew_tricks
    rng[0] = s0
    rng[1] = s1
    rng[2] = s2
    rng[3] = s3

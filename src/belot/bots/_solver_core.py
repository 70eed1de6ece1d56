"""The compiled core of the perfect-information solver (numba; plain Python without it).

Everything here works on numpy ``int64`` arrays so the same source runs under ``numba.njit`` and,
with ``NUMBA_DISABLE_JIT=1`` (or without numba installed), as ordinary Python — the slow path
the tests use to cross-check the compiled one.

A search answers one question: "can the declarers reach ``gamma`` card points?" (a zero-window,
fail-soft alpha-beta probe, iterative with an explicit stack: numba cannot cache recursive
functions). ``value`` finds the exact value with MTD(f) over such probes, which share a
transposition table keyed by the live cards and the leader at the start of each trick: within
one solve each card has one owner, so the live cards say every hand. The table stores bounds on
the points still to come, so they stay valid from one probe to the next.

Layouts:
- ``tab[0]`` KEY (trick strength), ``tab[1]`` card points, ``tab[2]`` ABOVE (same-suit cards that
  beat the card), ``tab[3]`` the next stronger card of the same suit (-1 for the strongest).
- ``par``: kind (0 suit, 1 no trumps, 2 all trumps, 3 suit whose plain-suit obligations the
  flags say), trump suit (-1 if none), trump mask, declarers' team, step (+1 or +3 around
  the table), last trick bonus, the game's obligations (three 0/1 flags: forced undertrump,
  beat in a plain suit, partner exception), stamp (marks the table rows of the current solve),
  nodes searched, node limit, aborted flag, tolerance, table shift (a search uses the first
  ``2 ** (32 - shift)`` rows), pivot count, up to four pivots.
- ``tt`` rows (16 bytes, four to a cache line): live cards + leader << 32 + stamp << 34, and
  lower bound + upper bound << 16 + (best card + 1) << 32; the last two tricks' positions have
  rows of their own after the others (``ENDGAME_BITS``), with bounds and no best card.

The obligations (RULES.md §3-§6) are those of ``tricks.obliged`` and ``games.bela.bela_obliged``:
follow suit; on a trump lead (or in All trumps) beat the trick if you can, even over partner;
on a plain-suit lead, beat the card holding it too with *beat in a plain suit* (Bela) unless
the trick is trumped; void, trump, overtrumping an opponent's trump if you can, else any trump
with *forced undertrump* (French Belote, Coinche, Bela) or any card; with the *partner
exception* (Bulgarian, French Belote, Coinche; a Bela option) a partner holding a plain-suit
trick frees you of beating it and of trumping.

A suit contract with the partner exception and no beating in a plain suit is kind 0 (the
shortest path in ``_legal``, Bulgarian Belot's, French Belote's and Coinche's); any other is
kind 3, whose plain-suit obligations the flags decide (Bela's).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np

_F = TypeVar("_F", bound=Callable[..., Any])

try:
    import numba
except ImportError:  # pragma: no cover - numba is a dependency; this keeps the fallback honest
    numba = None  # type: ignore[assignment]


def _make_prefetch() -> Callable[[Any, int], None]:
    """``prefetch(tt, row)``: ask the processor for the cache line of ``tt[row]`` (LLVM's
    prefetch, for reading, kept in every cache level), so that a table row's cache miss is
    waited for while other work goes on; without the JIT, a function that does nothing."""
    if numba is None or cast(Any, numba).config.DISABLE_JIT:
        return lambda tt, row: None
    from numba.core import cgutils, types
    from numba.extending import intrinsic

    helpers: Any = cgutils
    ir: Any = importlib.import_module("llvmlite.ir")

    def prefetch(typingctx: Any, tt: Any, row: Any) -> Any:
        def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
            array = context.make_array(sig.args[0])(context, builder, args[0])
            zero = context.get_constant(types.intp, 0)
            pointer = helpers.get_item_pointer(
                context, builder, sig.args[0], array, [args[1], zero]
            )
            byte = ir.IntType(8).as_pointer()
            i32 = ir.IntType(32)
            function = helpers.get_or_insert_function(
                builder.module,
                ir.FunctionType(ir.VoidType(), [byte, i32, i32, i32]),
                "llvm.prefetch.p0",
            )
            builder.call(function, [builder.bitcast(pointer, byte), i32(0), i32(3), i32(1)])
            return context.get_dummy_value()

        return types.void(tt, row), codegen

    return cast(Callable[[Any, int], None], intrinsic(prefetch))


_prefetch = _make_prefetch()


def _jit(function: _F) -> _F:
    """Compile with numba (cached on disk, releasing the GIL: searches in two threads, each
    with its own arrays, run at once), or leave plain Python without it."""
    if numba is None:
        return function
    return cast(_F, numba.njit(cache=True, nogil=True)(function))


def _inline(function: _F) -> _F:
    """``_jit``, inlined into its callers by numba (no call, no reference counting of the
    arrays passed: this matters in the inner loop)."""
    if numba is None:
        return function
    return cast(_F, numba.njit(cache=True, nogil=True, inline="always")(function))


def _fast_deposit() -> bool:
    """Whether numba compiles for this machine's processor and it deposits bits (BMI2's
    ``pdep``) in one fast instruction: not AMD's before Zen 3, which run it in microcode."""
    config: Any = cast(Any, numba).config
    if config.CPU_NAME not in (None, "host") or config.CPU_FEATURES is not None:
        return False  # compiled for another processor or features (a portable cache): no BMI2?
    binding: Any = importlib.import_module("llvmlite.binding")
    try:
        features = binding.get_host_cpu_features()
    except RuntimeError:  # not known on this platform
        return False
    slow = ("znver1", "znver2", "bdver", "btver")
    return bool(features.get("bmi2")) and not binding.get_host_cpu_name().startswith(slow)


def _make_bit_ops() -> tuple[Callable[[int], int], Callable[[int], int], Callable[[int, int], int]]:
    """``popcount(x)``, ``trailing_zeros(x)`` (the index of the lowest set bit of ``x`` > 0)
    and ``nth_bit(x, k)`` (the index of the ``k``-th lowest set bit, from 0) of a card set:
    single instructions through LLVM's intrinsics (``nth_bit``: ``pdep`` where it is fast, else
    the low bits cleared one by one), plain Python without the JIT."""
    deposit: Any = None
    if numba is None or cast(Any, numba).config.DISABLE_JIT:

        def popcount(x: int) -> int:
            return int(x).bit_count()

        def trailing_zeros(x: int) -> int:
            x = int(x)
            return (x & -x).bit_length() - 1

    else:
        from numba.core import cgutils, types

        intrinsic: Any = importlib.import_module("numba.extending").intrinsic
        helpers: Any = cgutils
        ir: Any = importlib.import_module("llvmlite.ir")
        i64 = ir.IntType(64)

        def llvm_call(name: str, arity: int, zero_is_defined: bool = False) -> Any:
            def typer(typingctx: Any, *args: Any) -> Any:
                def codegen(context: Any, builder: Any, sig: Any, values: Any) -> Any:
                    flag = [ir.IntType(1)(0)] if zero_is_defined else []
                    kinds = [i64] * arity + [ir.IntType(1)] * len(flag)
                    function = helpers.get_or_insert_function(
                        builder.module, ir.FunctionType(i64, kinds), name
                    )
                    return builder.call(function, [*values, *flag])

                return types.int64(*[types.int64] * arity), codegen

            return typer

        # numba lowers an intrinsic's call by its typer's own parameters: each needs a fixed
        # number of them (a ``*args`` typer fails), hence these three.
        def popcount_of(typingctx: Any, x: Any) -> Any:
            return llvm_call("llvm.ctpop.i64", 1)(typingctx, x)

        def trailing_zeros_of(typingctx: Any, x: Any) -> Any:
            return llvm_call("llvm.cttz.i64", 1, zero_is_defined=True)(typingctx, x)

        def deposit_of(typingctx: Any, x: Any, mask: Any) -> Any:
            return llvm_call("llvm.x86.bmi.pdep.64", 2)(typingctx, x, mask)

        popcount = intrinsic(popcount_of)
        trailing_zeros = intrinsic(trailing_zeros_of)
        if _fast_deposit():
            deposit = intrinsic(deposit_of)
    if deposit is not None:

        def nth_bit(x: int, k: int) -> int:
            return trailing_zeros(deposit(1 << k, x))

    else:

        def nth_bit(x: int, k: int) -> int:
            for _ in range(k):
                x &= x - 1
            return trailing_zeros(x)

    return popcount, trailing_zeros, _inline(nth_bit)


_popcount, _trailing_zeros, _nth_bit = _make_bit_ops()


__all__ = [
    "KIND_ALL_TRUMPS",
    "KIND_NO_TRUMPS",
    "KIND_SUIT",
    "KIND_SUIT_FLAGGED",
    "ROOT",
    "TT_BITS",
    "legal",
    "new_table",
    "new_workspace",
    "search",
    "value",
    "values_per_card",
]

KIND_SUIT = 0
KIND_NO_TRUMPS = 1
KIND_ALL_TRUMPS = 2
KIND_SUIT_FLAGGED = 3  # a suit contract whose plain-suit obligations P_BEAT_PLAIN, P_PARTNER say
TT_BITS = 17
# After the table's 2 ** TT_BITS rows, 2 ** ENDGAME_BITS rows for the positions of the last two
# tricks (256 KB: they stay in the processor's cache), keyed and laid out as the others.
ENDGAME_BITS = 14

P_KIND = 0
P_TRUMP_SUIT = 1
P_TRUMPS = 2
P_DECL = 3
P_STEP = 4
P_BONUS = 5
P_UNDER = 6  # forced undertrump: void, unable to overtrump an opponent, play a lower trump
P_BEAT_PLAIN = 7  # following a plain suit, beat the card holding the trick if able (Bela)
P_PARTNER = 8  # a partner holding a plain-suit trick frees the player (not in Bela by default)
P_STAMP = 9
P_NODES = 10
P_LIMIT = 11  # stop a search once this many nodes have been searched in all (0: no limit)
P_ABORTED = 12
P_TOLERANCE = 13  # values may be off by up to this many points (0: exact)
P_SHIFT = 14  # the table rows in use are the first 2 ** (32 - shift)
P_PIVOTS = 15  # how many pivots follow (at most 4), ascending
P_PIVOT = 16  # values at which the score changes in kind: a value within tolerance is exact
PAR_SIZE = 20  # as to which side of each it lies (value >= pivot or not)


def new_table() -> np.ndarray[Any, np.dtype[np.int64]]:
    """An empty transposition table, its rows aligned on 64-byte cache lines (a row is valid
    only under its solve's stamp), the last two tricks' rows after the others."""
    rows = (1 << TT_BITS) + (1 << ENDGAME_BITS)
    buffer = np.zeros(rows * 2 + 8, dtype=np.int64)
    skip = (-buffer.ctypes.data % 64) // 8
    return buffer[skip : skip + rows * 2].reshape(rows, 2)


@_inline
def _winner(cards: Any, start: int, n: int, tab: Any, trumps: int) -> int:
    """Position in the trick ``cards[start:start + n]`` of the card that holds it."""
    lead = cards[start]
    led = lead >> 3
    best = 0
    best_key = tab[0, lead] + (32 if (trumps >> lead) & 1 else 0)
    for i in range(1, n):
        card = cards[start + i]
        if (trumps >> card) & 1:
            k = tab[0, card] + 32
        elif (card >> 3) == led:
            k = tab[0, card]
        else:
            continue
        if k > best_key:
            best = i
            best_key = k
    return best


@_jit
def legal(hand: int, cards: Any, start: int, n: int, tab: Any, par: Any) -> int:
    """The cards of ``hand`` that may be played on the trick ``cards[start:start + n]``."""
    if n == 0:
        return hand
    win = _winner(cards, start, n, tab, par[P_TRUMPS])
    return _legal(hand, cards, start, n, win, tab, par)


@_inline
def _beats(card: int, winning: int, tab: Any, trumps: int) -> bool:
    """Whether ``card`` takes the trick from the card ``winning`` it."""
    if (trumps >> card) & 1:
        return not (trumps >> winning) & 1 or tab[0, card] > tab[0, winning]
    return (card >> 3) == (winning >> 3) and tab[0, card] > tab[0, winning]


@_inline
def _legal(hand: int, cards: Any, start: int, n: int, win: int, tab: Any, par: Any) -> int:
    """``legal`` with the position ``win`` of the card holding the trick already known."""
    if n == 0:
        return hand
    return _legal_of(
        hand,
        cards[start] >> 3,
        cards[start + win],
        tab[2, cards[start + win]],
        n - win == 2,
        par[P_KIND],
        par[P_TRUMP_SUIT],
        par[P_TRUMPS],
        par[P_UNDER],
        par[P_BEAT_PLAIN],
        par[P_PARTNER],
    )


@_inline
def _legal_of(
    hand: int,
    led: int,
    winning: int,
    above: int,
    partner_holds: bool,
    kind: int,
    trump_suit: int,
    trumps_mask: int,
    under: int,
    beat_plain: int,
    partner: int,
) -> int:
    """The cards of ``hand`` that may be played on a trick of at least one card: the suit
    ``led``, the card ``winning`` it and the cards ``above`` it (its ``tab[2]``), whether the
    partner of the seat to play holds it, and the contract's ``par`` values as plain ints (a
    loop reads them once, not at every card). No array is passed: numba would count a
    reference to it at every call of an inlined function."""
    follow = hand & (0xFF << (8 * led))
    if kind == KIND_NO_TRUMPS:
        return follow if follow else hand
    if kind == KIND_ALL_TRUMPS or led == trump_suit:
        if follow:
            over = follow & above
            return over if over else follow
        return hand
    # A plain suit led. Bela's obligations (KIND_SUIT_FLAGGED) read the flags; the others
    # (KIND_SUIT) have the partner exception and no beating in a plain suit, and stay on the
    # shortest path.
    if kind == KIND_SUIT_FLAGGED:
        free = partner_holds and partner != 0
        if follow:
            if beat_plain == 0 or free or (trumps_mask >> winning) & 1:
                return follow
            over = follow & above
            return over if over else follow
        if free:
            return hand
    elif follow:
        return follow
    elif partner_holds:
        return hand
    trumps = hand & trumps_mask
    if trumps == 0:
        return hand
    if (trumps_mask >> winning) & 1:
        over = trumps & above
        if over:
            return over
        return trumps if under else hand
    return trumps


@_inline
def _holds_top(higher: int, live: int, tab: Any) -> bool:
    """Whether one of the cards ``higher`` (a hand's cards of one suit) is the strongest live
    card of its suit: no live card beats it."""
    while higher:
        low = higher & -higher
        higher ^= low
        if tab[2, _trailing_zeros(low)] & live == 0:
            return True
    return False


@_inline
def _trick_state(cards: Any, start: int, n: int, win: int) -> int:
    """What the move ordering needs of the trick ``cards[start:start + n]``, packed in one int:
    its size, the card holding it << 3, 1 << 8 if the partner of the seat to play holds it,
    and the suit led << 9."""
    if n == 0:
        return 0
    holder: int = cards[start + win]
    led: int = cards[start] >> 3
    partner = 256 if n - win == 2 else 0
    return n | (holder << 3) | partner | (led << 9)


@_inline
def _order(
    moves: Any,
    ply: int,
    count: int,
    trick: int,
    live: int,
    best: int,
    trumps: int,
    partner_hand: int,
    tab: Any,
    scores: Any,
) -> None:
    """Sort the candidate cards, most promising first (insertion sort on a small array).

    The trick comes packed by ``_trick_state`` and no array but the table and the two written
    is passed: numba counts references to each array an inlined function is given, and those
    around this function's loops cost a fifth of the search's time.
    """
    n = trick & 7
    w = (trick >> 3) & 31
    partner_wins = (trick >> 8) & 1
    led = trick >> 9
    w_trump = (trumps >> w) & 1
    for i in range(count):
        c = moves[ply, i]
        points = tab[1, c]
        key = tab[0, c]
        if c == best:
            s = 100000
        elif n == 0:
            # Lead the top live card of a suit (a sure winner) with its points; else low,
            # first towards the partner's top card.
            above = tab[2, c] & live
            if above == 0:
                s = 1000 + points * 4 + key
            elif _holds_top(partner_hand & tab[2, c], live, tab):
                s = 600 - points * 4 - key
            else:
                s = -points * 4 - key
        else:
            c_trump = (trumps >> c) & 1
            beats = (c_trump and not w_trump) or (
                (c >> 3) == (w >> 3) and (tab[2, w] >> c) & 1 != 0
            )
            if partner_wins:
                s = 500 + points * 4 - key if n == 3 or not beats else points - key
            elif beats:
                if n == 3:
                    s = 2000 + points * 4 - key
                elif c_trump and (c >> 3) != led:
                    s = 1000 - key + points  # ruff low
                else:
                    s = 1000 + key + points
            else:
                s = -points * 4 - key - (40 if (c >> 3) != led and c_trump else 0)
        scores[i] = s
    for i in range(1, count):
        c = moves[ply, i]
        s = scores[i]
        j = i - 1
        while j >= 0 and scores[j] < s:
            moves[ply, j + 1] = moves[ply, j]
            scores[j + 1] = scores[j]
            j -= 1
        moves[ply, j + 1] = c
        scores[j + 1] = s


@_inline
def _candidates(legal_cards: int, live: int, tab: Any, moves: Any, ply: int) -> int:
    """Write one card per class of equivalent legal cards into ``moves``; return the count.

    Two cards are equivalent when no live card of their suit lies between them in trick
    strength and they are worth the same points: the top card of each run stands for it.
    """
    count = 0
    m = legal_cards
    while m:
        low = m & -m
        m ^= low
        c = _trailing_zeros(low)
        # A legal card above it, worth as much, with no live card between them (the live cards
        # that beat ``c`` and not it are itself alone) stands for it.
        above = tab[2, c]
        higher = legal_cards & above
        covered = False
        while higher:
            bit = higher & -higher
            higher ^= bit
            up = _trailing_zeros(bit)
            if tab[1, up] == tab[1, c] and above & ~tab[2, up] & live == bit:
                covered = True
                break
        if covered:
            continue
        moves[ply, count] = c
        count += 1
    return count


@_inline
def _beats_by(card: int, winning: int, card_key: int, winning_key: int, trumps: int) -> bool:
    """``_beats`` with the two cards' keys (``tab[0]``) given: no array passed."""
    if (trumps >> card) & 1:
        return not (trumps >> winning) & 1 or card_key > winning_key
    return (card >> 3) == (winning >> 3) and card_key > winning_key


@_inline
def _two_tricks(
    hands: Any,
    leader: int,
    step: int,
    decl: int,
    bonus: int,
    tab: Any,
    kind: int,
    trump_suit: int,
    trumps: int,
    under: int,
    beat_plain: int,
    partner: int,
    target: int,
) -> int:
    """The declarers' points from the last two tricks with best play, two cards in every hand
    and ``leader`` to lead, as a zero-window probe at ``target``: a fail-soft bound (at least
    the result if it is >= ``target``, else at most the result). The lines of the first trick
    (at most 16; the last is forced) are walked with no table and no node of the search, each
    seat's loop ending as soon as its side's card settles the probe. The arrays are indexed
    here, never passed to an inlined function in the loops (numba would count a reference at
    every call)."""
    s1 = (leader + step) & 3
    s2 = (leader + 2 * step) & 3
    s3 = (leader + 3 * step) & 3
    h0 = hands[leader]
    h1 = hands[s1]
    h2 = hands[s2]
    h3 = hands[s3]
    # The leader's side moves at the first and third card, the other side at the second and
    # fourth; the declarers maximise.
    up = (leader & 1) == decl
    best0 = -1 if up else 1 << 20
    m0 = h0
    while m0:
        low = m0 & -m0
        m0 ^= low
        a = _trailing_zeros(low)
        rest = h0 ^ low
        ra = _trailing_zeros(rest)
        led = a >> 3
        ka = tab[0, a]
        best1 = 1 << 20 if up else -1
        m1 = _legal_of(
            h1, led, a, tab[2, a], False, kind, trump_suit, trumps, under, beat_plain, partner
        )
        while m1:
            low = m1 & -m1
            m1 ^= low
            b = _trailing_zeros(low)
            rest = h1 ^ low
            rb = _trailing_zeros(rest)
            kb = tab[0, b]
            if _beats_by(b, a, kb, ka, trumps):
                holder1 = b
                key1 = kb
                win1 = 1
            else:
                holder1 = a
                key1 = ka
                win1 = 0
            best2 = -1 if up else 1 << 20
            m2 = _legal_of(
                h2,
                led,
                holder1,
                tab[2, holder1],
                win1 == 0,
                kind,
                trump_suit,
                trumps,
                under,
                beat_plain,
                partner,
            )
            while m2:
                low = m2 & -m2
                m2 ^= low
                c = _trailing_zeros(low)
                rest = h2 ^ low
                rc = _trailing_zeros(rest)
                kc = tab[0, c]
                if _beats_by(c, holder1, kc, key1, trumps):
                    holder2 = c
                    key2 = kc
                    win2 = 2
                else:
                    holder2 = holder1
                    key2 = key1
                    win2 = win1
                best3 = 1 << 20 if up else -1
                m3 = _legal_of(
                    h3,
                    led,
                    holder2,
                    tab[2, holder2],
                    win2 == 1,
                    kind,
                    trump_suit,
                    trumps,
                    under,
                    beat_plain,
                    partner,
                )
                while m3:
                    low = m3 & -m3
                    m3 ^= low
                    d = _trailing_zeros(low)
                    rest = h3 ^ low
                    rd = _trailing_zeros(rest)
                    win = 3 if _beats_by(d, holder2, tab[0, d], key2, trumps) else win2
                    v = 0
                    if ((leader + win) & 1) == decl:
                        v = tab[1, a] + tab[1, b] + tab[1, c] + tab[1, d]
                    # The last trick, led by the winner of this one: the trump or card of the
                    # suit led with the highest key takes it (``_winner``'s reckoning).
                    first = ra if win == 0 else (rb if win == 1 else (rc if win == 2 else rd))
                    last_led = first >> 3
                    top = 0
                    top_key = -1
                    for j in range(4):
                        e = ra if j == 0 else (rb if j == 1 else (rc if j == 2 else rd))
                        if (trumps >> e) & 1:
                            key = tab[0, e] + 32
                        elif (e >> 3) == last_led:
                            key = tab[0, e]
                        else:
                            key = -1
                        if key > top_key:
                            top = j
                            top_key = key
                    if ((leader + top) & 1) == decl:
                        v += tab[1, ra] + tab[1, rb] + tab[1, rc] + tab[1, rd] + bonus
                    best3 = min(best3, v) if up else max(best3, v)
                    if (best3 >= target) != up:
                        break
                best2 = max(best2, best3) if up else min(best2, best3)
                if (best2 >= target) == up:
                    break
            best1 = min(best1, best2) if up else max(best1, best2)
            if (best1 >= target) != up:
                break
        best0 = max(best0, best1) if up else min(best0, best1)
        if (best0 >= target) == up:
            break
    return int(best0)


@_inline
def _tt_index(live: int, leader: int, shift: int) -> int:
    """The table row of a trick start: a hash of the live cards and the leader, ``32 - shift``
    bits (every product stays under 2 ** 63: numba's int64 must not overflow)."""
    x = live ^ (live >> 16)
    h = (x * 0x5BD1E995 + leader * 0x3C6EF372) & 0xFFFFFFFF
    return h >> shift


# Columns of the per-ply state ``st``.
S_N = 0  # cards already in the trick
S_LEADER = 1
S_ACC = 2  # declarers' points so far
S_REM = 3  # points still to be won (last trick bonus included)
S_COUNT = 4
S_IDX = 5
S_BEST = 6
S_ROW = 7
S_SEAT = 8
S_HAND = 9
S_BESTMOVE = 10
S_WIN = 11  # position in the trick of the card holding it (when the trick has cards)
S_WIDTH = 12

ROOT = 4  # ply of the root; plies ROOT - n .. ROOT - 1 hold the cards of its trick
PLIES = ROOT + 34

_ENTER = 0
_RETURN = 1
_NEXT = 2


def new_workspace() -> tuple[Any, Any, Any, Any]:
    """Scratch arrays of one search: played cards, per-ply state, moves, scores."""
    return (
        np.zeros(PLIES + 4, dtype=np.int64),
        np.zeros((PLIES, S_WIDTH), dtype=np.int64),
        np.zeros((PLIES, 8), dtype=np.int64),
        np.zeros(8, dtype=np.int64),
    )


@_jit
def search(
    hands: Any,
    played: Any,
    root: int,
    gamma: int,
    tab: Any,
    par: Any,
    tt: Any,
    st: Any,
    moves: Any,
    scores: Any,
) -> int:
    """A zero-window probe at ``gamma`` from ply ``root``: a fail-soft bound on the declarers'
    final points (at least the result if it is >= ``gamma``, else at most the result).

    The node at ``root`` is described by ``st[root]`` (trick size, leader, points won, points
    remaining) and the trick's cards ``played[root - n:root]``; ``hands`` come back unchanged.
    """
    step = par[P_STEP]
    decl = par[P_DECL]
    stamp = par[P_STAMP] << 34
    shift = par[P_SHIFT]
    trumps = par[P_TRUMPS]
    bonus = par[P_BONUS]
    kind = par[P_KIND]
    trump_suit = par[P_TRUMP_SUIT]
    under = par[P_UNDER]
    beat_plain = par[P_BEAT_PLAIN]
    partner = par[P_PARTNER]
    p = root
    mode = _ENTER
    v = 0
    nodes = 0
    budget = par[P_LIMIT] - par[P_NODES] if par[P_LIMIT] > 0 else 1 << 62
    while True:
        if mode == _ENTER:
            nodes += 1
            if nodes > budget:
                for q in range(p - 1, root - 1, -1):
                    hands[st[q, S_SEAT]] = st[q, S_HAND]
                par[P_ABORTED] = 1
                v = st[root, S_ACC]
                break
            n = st[p, S_N]
            leader = st[p, S_LEADER]
            acc = st[p, S_ACC]
            rem = st[p, S_REM]
            bm = -1
            st[p, S_ROW] = -1
            mode = _NEXT
            if acc >= gamma:
                v = acc
                mode = _RETURN
            elif acc + rem < gamma:
                v = acc + rem
                mode = _RETURN
            elif n == 0:
                if hands[0] & (hands[0] - 1) == 0:  # one card each: the last trick is forced
                    seat = leader
                    for i in range(4):
                        played[p + i] = _trailing_zeros(hands[seat])
                        seat = (seat + step) & 3
                    win = _winner(played, p, 4, tab, trumps)
                    v = acc + rem if ((leader + win * step) & 1) == decl else acc
                    mode = _RETURN
                elif hands[0] & (hands[0] - 1) & ((hands[0] & (hands[0] - 1)) - 1) == 0:
                    # Two cards each: the last two tricks, every line at once, unless a row of
                    # their own (in the cache: a probe comes back to the same endings) decides.
                    live = hands[0] | hands[1] | hands[2] | hands[3]
                    key = stamp | (leader << 32) | live
                    row = (1 << TT_BITS) + _tt_index(live, leader, 32 - ENDGAME_BITS)
                    lower = 0
                    upper = rem
                    if tt[row, 0] == key:
                        data = tt[row, 1]
                        lower = data & 0xFFFF
                        upper = (data >> 16) & 0xFFFF
                    if acc + lower >= gamma:
                        v = acc + lower
                    elif acc + upper < gamma:
                        v = acc + upper
                    else:
                        future = _two_tricks(
                            hands,
                            leader,
                            step,
                            decl,
                            bonus,
                            tab,
                            kind,
                            trump_suit,
                            trumps,
                            under,
                            beat_plain,
                            partner,
                            gamma - acc,
                        )
                        if acc + future >= gamma:
                            lower = max(lower, future)
                        else:
                            upper = min(upper, future)
                        tt[row, 0] = key
                        tt[row, 1] = lower | (upper << 16)
                        v = acc + future
                    mode = _RETURN
                else:
                    live = hands[0] | hands[1] | hands[2] | hands[3]
                    row = _tt_index(live, leader, shift)
                    st[p, S_ROW] = row
                    if tt[row, 0] == stamp | (leader << 32) | live:
                        data = tt[row, 1]
                        if acc + (data & 0xFFFF) >= gamma:
                            v = acc + (data & 0xFFFF)
                            mode = _RETURN
                        elif acc + ((data >> 16) & 0xFFFF) < gamma:
                            v = acc + ((data >> 16) & 0xFFFF)
                            mode = _RETURN
                        else:
                            bm = (data >> 32) - 1
            if mode == _NEXT:
                seat = (leader + n * step) & 3
                hand = hands[seat]
                live = hands[0] | hands[1] | hands[2] | hands[3]
                for i in range(p - n, p):
                    live |= 1 << played[i]
                win = st[p, S_WIN]
                if n == 0:
                    legal_cards = hand
                else:
                    legal_cards = _legal_of(
                        hand,
                        played[p - n] >> 3,
                        played[p - n + win],
                        tab[2, played[p - n + win]],
                        n - win == 2,
                        kind,
                        trump_suit,
                        trumps,
                        under,
                        beat_plain,
                        partner,
                    )
                count = _candidates(legal_cards, live, tab, moves, p)
                three = hand & (hand - 1) & ((hand & (hand - 1)) - 1)
                etc = n == 3 and three & (three - 1) != 0
                if etc:
                    # The next trick's table rows, fetched while this node is ordered.
                    held = hands[0] | hands[1] | hands[2] | hands[3]
                    holder = played[p - 3 + win]
                    for i in range(count):
                        c = moves[p, i]
                        w = 3 if _beats(c, holder, tab, trumps) else win
                        _prefetch(tt, _tt_index(held ^ (1 << c), (leader + w * step) & 3, shift))
                if count > 1:
                    _order(
                        moves,
                        p,
                        count,
                        _trick_state(played, p - n, n, win),
                        live,
                        bm,
                        trumps,
                        hands[seat ^ 2],
                        tab,
                        scores,
                    )
                if etc:
                    # A child whose table row already decides this node (enhanced transposition
                    # cutoff): the trick's points and its stored bound are enough.
                    mine = (seat & 1) == decl
                    base = tab[1, played[p - 3]] + tab[1, played[p - 2]] + tab[1, played[p - 1]]
                    for i in range(count):
                        c = moves[p, i]
                        w = 3 if _beats(c, holder, tab, trumps) else win
                        nxt = (leader + w * step) & 3
                        rest = held ^ (1 << c)
                        row = _tt_index(rest, nxt, shift)
                        if tt[row, 0] == stamp | (nxt << 32) | rest:
                            data = tt[row, 1]
                            got = acc + (base + tab[1, c] if (nxt & 1) == decl else 0)
                            if mine and got + (data & 0xFFFF) >= gamma:
                                v = got + (data & 0xFFFF)
                                mode = _RETURN
                                break
                            if not mine and got + ((data >> 16) & 0xFFFF) < gamma:
                                v = got + ((data >> 16) & 0xFFFF)
                                mode = _RETURN
                                break
            if mode == _NEXT:
                st[p, S_SEAT] = seat
                st[p, S_HAND] = hand
                st[p, S_COUNT] = count
                st[p, S_IDX] = 0
                st[p, S_BEST] = acc if (seat & 1) == decl else acc + rem
                st[p, S_BESTMOVE] = -1
        elif mode == _RETURN:
            if p == root:
                break
            p -= 1
            seat = st[p, S_SEAT]
            hands[seat] = st[p, S_HAND]
            if (seat & 1) == decl:
                if v > st[p, S_BEST]:
                    st[p, S_BEST] = v
                    st[p, S_BESTMOVE] = played[p]
                if st[p, S_BEST] >= gamma:
                    st[p, S_IDX] = st[p, S_COUNT]
            else:
                if v < st[p, S_BEST]:
                    st[p, S_BEST] = v
                    st[p, S_BESTMOVE] = played[p]
                if st[p, S_BEST] < gamma:
                    st[p, S_IDX] = st[p, S_COUNT]
            mode = _NEXT
        else:
            i = st[p, S_IDX]
            if i < st[p, S_COUNT]:
                st[p, S_IDX] = i + 1
                c = moves[p, i]
                seat = st[p, S_SEAT]
                hands[seat] = st[p, S_HAND] ^ (1 << c)
                played[p] = c
                n = st[p, S_N]
                q = p + 1
                if n == 3:
                    first = p - 3
                    win = st[p, S_WIN]
                    if _beats(c, played[first + win], tab, trumps):
                        win = 3
                    won = (
                        tab[1, played[first]]
                        + tab[1, played[first + 1]]
                        + tab[1, played[first + 2]]
                        + tab[1, c]
                    )
                    if (hands[0] | hands[1] | hands[2] | hands[3]) == 0:
                        won += bonus
                    winner = (st[p, S_LEADER] + win * step) & 3
                    st[q, S_N] = 0
                    st[q, S_LEADER] = winner
                    st[q, S_ACC] = st[p, S_ACC] + won if (winner & 1) == decl else st[p, S_ACC]
                    st[q, S_REM] = st[p, S_REM] - won
                else:
                    st[q, S_N] = n + 1
                    st[q, S_LEADER] = st[p, S_LEADER]
                    st[q, S_ACC] = st[p, S_ACC]
                    st[q, S_REM] = st[p, S_REM]
                    win = st[p, S_WIN]
                    if n == 0 or _beats(c, played[p - n + win], tab, trumps):
                        win = n
                    st[q, S_WIN] = win
                p = q
                mode = _ENTER
            else:
                v = st[p, S_BEST]
                row = st[p, S_ROW]
                if row >= 0:
                    key = (
                        stamp | (st[p, S_LEADER] << 32) | hands[0] | hands[1] | hands[2] | hands[3]
                    )
                    if tt[row, 0] == key:
                        data = tt[row, 1]
                        lower = data & 0xFFFF
                        upper = (data >> 16) & 0xFFFF
                        bm = (data >> 32) - 1
                    else:
                        tt[row, 0] = key
                        lower = 0
                        upper = st[p, S_REM]
                        bm = -1
                    future = v - st[p, S_ACC]
                    if v >= gamma:
                        if future > lower:
                            lower = future
                    elif future < upper:
                        upper = future
                    if st[p, S_BESTMOVE] >= 0:
                        bm = st[p, S_BESTMOVE]
                    tt[row, 1] = lower | (upper << 16) | ((bm + 1) << 32)
                mode = _RETURN
    par[P_NODES] += nodes
    return v


@_jit
def playout(
    hands: Any,
    played: Any,
    p: int,
    tab: Any,
    par: Any,
    st: Any,
    moves: Any,
    scores: Any,
) -> int:
    """The declarers' final points when every seat plays the move ordering's first card from
    the node at ply ``p`` (a quick guess of the value; ``hands`` come back unchanged)."""
    step = par[P_STEP]
    decl = par[P_DECL]
    trumps = par[P_TRUMPS]
    n = st[p, S_N]
    leader = st[p, S_LEADER]
    acc = st[p, S_ACC]
    rem = st[p, S_REM]
    win = st[p, S_WIN]
    q = p
    saved = np.empty(4, dtype=np.int64)
    for i in range(4):
        saved[i] = hands[i]
    while hands[0] | hands[1] | hands[2] | hands[3]:
        seat = (leader + n * step) & 3
        hand = hands[seat]
        live = hands[0] | hands[1] | hands[2] | hands[3]
        for i in range(q - n, q):
            live |= 1 << played[i]
        legal_cards = _legal(hand, played, q - n, n, win, tab, par)
        count = _candidates(legal_cards, live, tab, moves, q)
        if count > 1:
            _order(
                moves,
                q,
                count,
                _trick_state(played, q - n, n, win),
                live,
                -1,
                trumps,
                hands[seat ^ 2],
                tab,
                scores,
            )
        c = moves[q, 0]
        hands[seat] = hand ^ (1 << c)
        played[q] = c
        if n == 0 or _beats(c, played[q - n + win], tab, trumps):
            win = n
        q += 1
        n += 1
        if n == 4:
            won = tab[1, played[q - 4]] + tab[1, played[q - 3]] + tab[1, played[q - 2]]
            won += tab[1, c]
            if (hands[0] | hands[1] | hands[2] | hands[3]) == 0:
                won += par[P_BONUS]
            leader = (leader + win * step) & 3
            if (leader & 1) == decl:
                acc += won
            rem -= won
            n = 0
            win = 0
    for i in range(4):
        hands[i] = saved[i]
    return int(acc)


@_jit
def value(
    hands: Any,
    played: Any,
    p: int,
    guess: int,
    tab: Any,
    par: Any,
    tt: Any,
    st: Any,
    moves: Any,
    scores: Any,
) -> int:
    """The declarers' final points from the node at ply ``p`` with best play (zero-window
    probes, bisecting between the proven bounds until they meet, or come within twice the
    tolerance, and on the same side of each pivot; ``guess`` is the first probe), or -1 when
    the node limit stopped the search."""
    lo: int = st[p, S_ACC]
    hi: int = lo + st[p, S_REM]
    # A first step of 8 points from a playout's guess; of 1 from a caller's (a sibling card's
    # value, often the very value: two probes then pin it).
    step = 1
    if guess < 0:
        guess = playout(hands, played, p, tab, par, st, moves, scores)
        step = 8
    gamma = min(max(guess, lo + 1), hi)
    tolerance = 2 * par[P_TOLERANCE]
    last = 0  # +1 after a probe that failed high, -1 after one that failed low
    while hi - lo > tolerance:
        g = search(hands, played, p, gamma, tab, par, tt, st, moves, scores)
        if par[P_ABORTED]:
            return -1
        if g >= gamma:
            lo = g
            gamma = lo + step if last >= 0 else (lo + hi + 1) >> 1
            last = 1 if last >= 0 else 2
        else:
            hi = g
            gamma = hi - step + 1 if last <= 0 else (lo + hi + 1) >> 1
            last = -1 if last <= 0 else 2
        if last == 2:
            gamma = (lo + hi + 1) >> 1
        else:
            step *= 2
        gamma = min(max(gamma, lo + 1), hi)
    # Within the tolerance, a value may still lie on either side of a pivot: probe there.
    for k in range(par[P_PIVOTS]):
        gamma = par[P_PIVOT + k]
        if lo < gamma <= hi:
            g = search(hands, played, p, gamma, tab, par, tt, st, moves, scores)
            if par[P_ABORTED]:
                return -1
            if g >= gamma:
                lo = g
            else:
                hi = g
    return (lo + hi) >> 1


@_jit
def values_per_card(
    hands: Any,
    played: Any,
    guess: int,
    tab: Any,
    par: Any,
    tt: Any,
    st: Any,
    moves: Any,
    scores: Any,
    out: Any,
) -> None:
    """For every legal card of the seat to play at ``ROOT``, the declarers' final points if it
    is played now and both sides play best afterwards, into ``out[card]`` (-1 for the rest)."""
    for i in range(32):
        out[i] = -1
    p = ROOT
    step = par[P_STEP]
    decl = par[P_DECL]
    n = st[p, S_N]
    leader = st[p, S_LEADER]
    seat = (leader + n * step) & 3
    hand = hands[seat]
    live = hands[0] | hands[1] | hands[2] | hands[3]
    for i in range(p - n, p):
        live |= 1 << played[i]
    legal_cards = _legal(hand, played, p - n, n, st[p, S_WIN], tab, par)
    count = _candidates(legal_cards, live, tab, moves, p)
    cands = moves[p].copy()
    q = p + 1
    for i in range(count):
        c = cands[i]
        hands[seat] = hand ^ (1 << c)
        played[p] = c
        if n == 3:
            first = p - 3
            win = _winner(played, first, 4, tab, par[P_TRUMPS])
            won = (
                tab[1, played[first]]
                + tab[1, played[first + 1]]
                + tab[1, played[first + 2]]
                + tab[1, c]
            )
            if (hands[0] | hands[1] | hands[2] | hands[3]) == 0:
                won += par[P_BONUS]
            winner = (leader + win * step) & 3
            st[q, S_N] = 0
            st[q, S_LEADER] = winner
            st[q, S_ACC] = st[p, S_ACC] + won if (winner & 1) == decl else st[p, S_ACC]
            st[q, S_REM] = st[p, S_REM] - won
        else:
            st[q, S_N] = n + 1
            st[q, S_LEADER] = leader
            st[q, S_ACC] = st[p, S_ACC]
            st[q, S_REM] = st[p, S_REM]
            win = st[p, S_WIN]
            if n == 0 or _beats(c, played[p - n + win], tab, par[P_TRUMPS]):
                win = n
            st[q, S_WIN] = win
        guess = value(hands, played, q, guess, tab, par, tt, st, moves, scores)
        hands[seat] = hand
        if par[P_ABORTED]:
            for j in range(32):
                out[j] = -1
            return
        out[c] = guess
    # Equivalent cards share their class's value: walk each run up to its representative.
    m = legal_cards
    while m:
        low = m & -m
        m ^= low
        c = _trailing_zeros(low)
        if out[c] >= 0:
            continue
        up = tab[3, c]
        while out[up] < 0:
            up = tab[3, up]
        out[c] = out[up]

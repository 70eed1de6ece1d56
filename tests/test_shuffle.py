"""The seeded shuffle: ``shuffled_deck(seed)`` is ``random.Random(seed).shuffle`` of the cards,
whether the C shuffle of the compiled engine (``_shuffle.c``) or the Python one deals it."""

from __future__ import annotations

import random

import pytest

from belot.engine import build, deal
from belot.engine.cards import ALL_CARDS
from belot.engine.deal import shuffled_deck


def _python_order(seed: int | str) -> tuple[int, ...]:
    order = list(range(32))
    random.Random(seed).shuffle(order)
    return tuple(order)


#: Seeds at every edge of the C shuffle's key: one 32-bit word or two, negative (abs is used),
#: the largest it takes, and the first it leaves to Python.
EDGES = [0, 1, -1, 2**31, 2**32 - 1, 2**32, -(2**32), 2**63 - 1, -(2**63), 2**63]
EDGES += [2**64 - 1, -(2**64 - 1), 2**64, -(2**64), 10**30, -(10**30)]


C_SHUFFLE = pytest.mark.skipif(
    build.PURE is not None, reason="the C shuffle is built with the compiled engine"
)


def _many_seeds() -> list[int]:
    draw = random.Random(20261204)
    seeds = [draw.randrange(2**32) for _ in range(3000)]
    seeds += [draw.randrange(-(2**64) + 1, 2**64) for _ in range(3000)]
    return EDGES + seeds


@C_SHUFFLE
def test_the_c_shuffle_is_pythons_shuffle() -> None:
    from belot.engine import _shuffle

    for seed in _many_seeds():
        if abs(seed) < 2**64:
            assert _shuffle.shuffled_order(seed) == _python_order(seed), seed


@C_SHUFFLE
@pytest.mark.parametrize(
    ("seed", "error"),
    [(2**64, OverflowError), (-(2**64), OverflowError), (1.0, TypeError), ("7", TypeError)],
)
def test_the_c_shuffle_refuses_what_it_cannot_seed(seed: object, error: type) -> None:
    from belot.engine import _shuffle

    with pytest.raises(error):
        _shuffle.shuffled_order(seed)  # type: ignore[arg-type]


def test_every_seed_deals_pythons_shuffle() -> None:
    # Through the engine's entry, whichever shuffle it uses, and for any size of int.
    for seed in _many_seeds():
        assert deal._shuffled_order(seed) == _python_order(seed), seed
    assert [c.index for c in shuffled_deck(12345)] == list(_python_order(12345))


@pytest.mark.parametrize("seed", [True, False, "belot", ""])
def test_bools_and_strings_are_seeded_as_random_seeds_them(seed: int | str) -> None:
    assert deal._shuffled_order(seed) == _python_order(seed)
    assert shuffled_deck(seed) == tuple(ALL_CARDS[i] for i in _python_order(seed))


def test_the_compiled_engine_uses_the_c_shuffle() -> None:
    assert (deal._NATIVE_ORDER is None) == (build.PURE is not None)

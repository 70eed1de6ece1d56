"""The seeded shuffle of the deck in C (``_shuffle.c``; see ``deal._shuffled_order``)."""

def shuffled_order(seed: int, /) -> tuple[int, ...]:
    """``random.Random(seed).shuffle(list(range(32)))`` as a tuple, for ``abs(seed) < 2**64``."""

"""Belot: an exact rules engine for Bulgarian Belot, with bots, a browser game and a score counter.

>>> from belot import Card, Deal, Seat
>>> str(Card.from_str("10♥"))
'10H'
"""

from belot.engine import *  # noqa: F403
from belot.engine import __all__ as __all__

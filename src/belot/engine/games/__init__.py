"""The games of the Belot family that one ``Deal`` plays, each in a module of its own.

========== =========================================================================
bulgarian  RULES.md §3: contracts C < D < H < S < NT < AT, contra, ÷10, to 151
french     RULES.md §4: a turned card, take or pass twice, forced undertrump, exact, to 1000
coinche    RULES.md §5: 8 cards first, bids 80..160 and capot, coinche ×2, surcoinche ×4, to 1000
bela       RULES.md §6: six cards and two hidden, the dealer must name, beat every trick, to 1001
========== =========================================================================

``game_of(rules)`` is the game that a rules preset names.
"""

from __future__ import annotations

from typing import Final

from belot.engine.games.base import AuctionStep, Bidding, Game
from belot.engine.games.bela import Bela
from belot.engine.games.bulgarian import Bulgarian
from belot.engine.games.coinche import Coinche
from belot.engine.games.french import French
from belot.engine.rules import Rules, RulesError

__all__ = ["GAMES", "AuctionStep", "Bidding", "Game", "game_of"]

GAMES: Final[dict[str, Game]] = {
    game.name: game for game in (Bulgarian(), French(), Coinche(), Bela())
}


def game_of(rules: Rules) -> Game:
    """The game that ``rules`` is a preset of."""
    game = GAMES.get(rules.preset)
    if game is None:
        raise RulesError(f"no game plays the preset {rules.preset!r}")
    return game

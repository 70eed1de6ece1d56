"""Every game of the family for research frameworks, as optional extras.

``belot.research.openspiel`` registers the four games with OpenSpiel (``pip install
'belot[openspiel]'``), ``belot.research.pettingzoo`` makes them PettingZoo AEC environments
(``pip install 'belot[pettingzoo]'``). Both share one action and observation layout
(``belot.research.layout``) and one driver of the chance steps, deals and matches
(``belot.research.session``). Importing ``belot`` or ``belot.research`` imports neither
framework.
"""

from belot.research.layout import GAME_NAMES, NUM_ACTIONS

__all__ = ["GAME_NAMES", "NUM_ACTIONS"]

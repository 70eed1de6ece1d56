"""The rules object: a preset plus every option on which the sources disagree.

``Rules.bulgarian()`` is the ruling of RULES.md §3. Options are plain keyword arguments, so a
table can play, say, seed 000's house rules with
``Rules.bulgarian(passes_after_double=2, nt_last_trick=10, belot_when_trumping=False,
declaration_compare="single", double_scoring="per_team")``.
``Rules.french()`` is French Belote (§4). Each preset has its own defaults in ``PRESETS`` and
reads only the options of ``PRESET_OPTIONS``; the preset names the game that a ``Deal`` plays
(``belot.engine.games``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from belot.engine.errors import BelotError

__all__ = ["PRESETS", "PRESET_OPTIONS", "TARGET_LIMIT", "Rules", "RulesError"]


class RulesError(BelotError):
    """An unknown preset or option, or an option value out of range."""


#: The longest match: Bela's target (RULES.md §6). The bots' match-equity table
#: (``belot.bots.match_equity``) takes time and memory that grow with the square of the target:
#: 1.6 s and 9 MB at 1001.
TARGET_LIMIT: Final = 1001


DeclarationCompare = Literal["separate", "single"]
DoubleScoring = Literal["winner_takes_all", "per_team"]
BelaTie = Literal["fails", "hangs"]
ContractTest = Literal["seed", "total"]
DoubleScope = Literal["whole", "bid_only"]
Rounding = Literal["nearest_ten", "none"]


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule choice of a game. Build one with a preset: ``Rules.bulgarian(...)``."""

    preset: str = "bulgarian"
    #: +1 clockwise (N→E→S→W), -1 counter-clockwise (N→W→S→E, Bulgarian).
    direction: int = -1
    #: Game points that win the match.
    target: int = 151
    #: Passes that end the auction after a contra or recontra (seed 000: 2).
    passes_after_double: int = 3
    #: The last trick in No trumps (seed 000: 10, giving 250 in all).
    nt_last_trick: int = 20
    #: How declarations are compared: ``separate`` (sequences and fours apart) or seed 000's
    #: ``single`` (each team's best declaration).
    declaration_compare: DeclarationCompare = "separate"
    #: Whether a belot counts when its first card trumps a plain-suit lead (seed 000: no).
    belot_when_trumping: bool = True
    #: ``winner_takes_all``: a doubled deal is written whole by the team with more points;
    #: seed 000's ``per_team``: each team's own points multiplied when made.
    double_scoring: DoubleScoring = "winner_takes_all"
    #: Whether the same player deals again after four passes.
    redeal_same_dealer: bool = False
    #: Forced undertrump (French Belote); never in Bulgarian Belot.
    forced_undertrump: bool = False
    #: Bela (§6): beat the card that holds the trick in a plain suit too, when able.
    beat_in_plain_suit: bool = True
    #: Bela (§6): a partner who holds a plain-suit trick frees the player from beating it,
    #: trumping and overtrumping (published Bela rules disagree; §6: no such exception).
    partner_exception: bool = False
    #: Bela (§6): whether one card may serve in a four and a sequence at once.
    card_in_two_declarations: bool = False
    #: Bela (§6): all eight cards of one suit in one hand (a belot) wins the match at once.
    belot_wins_match: bool = True
    #: Bela (§6): a tie ``fails`` the callers, or ``hangs`` their points for the next deal's
    #: winner.
    tie: BelaTie = "fails"
    #: Coinche (§5): a coinche may be said out of turn (Pagat), not only in turn.
    coinche_anytime: bool = False
    #: Coinche (§5): a capot bid may be coinched.
    coinche_capot: bool = True
    #: Coinche (§5): sequences and fours are announced (false: Belote contrée without them).
    declarations: bool = True
    #: Coinche (§5): ``seed`` (82 card points and the bid) or ``total`` (the bid; 82 card
    #: points only for a bid of 80, Pagat).
    contract_test: ContractTest = "seed"
    #: Coinche (§5): a coinche multiplies the ``whole`` score or the bid alone (``bid_only``).
    double_scope: DoubleScope = "whole"
    #: Coinche (§5): what a surcoinche multiplies by, 4 or 3.
    surcoinche_multiplier: int = 4
    #: Coinche (§5): each side's points to the ``nearest_ten`` (5 up), or ``none``.
    rounding: Rounding = "nearest_ten"

    @classmethod
    def bulgarian(cls, **options: Any) -> Rules:
        """Bulgarian Belot (RULES.md §3)."""
        return cls.preset_named("bulgarian", **options)

    @classmethod
    def french(cls, **options: Any) -> Rules:
        """French Belote with a turned card (RULES.md §4, seed 001)."""
        return cls.preset_named("french", **options)

    @classmethod
    def coinche(cls, **options: Any) -> Rules:
        """Coinche: point bids 80..160 and capot, coinche and surcoinche (RULES.md §5)."""
        return cls.preset_named("coinche", **options)

    @classmethod
    def bela(cls, **options: Any) -> Rules:
        """Croatian Bela: six cards and two hidden, the dealer must name (RULES.md §6)."""
        return cls.preset_named("bela", **options)

    @classmethod
    def preset_named(cls, name: str, **options: Any) -> Rules:
        base = PRESETS.get(name)
        if base is None:
            raise RulesError(f"unknown rules preset {name!r} (known: {', '.join(PRESETS)})")
        return base.with_options(**options)

    def with_options(self, **options: Any) -> Rules:
        """A copy with the given options changed, each checked."""
        known = PRESET_OPTIONS[self.preset]
        for key in options:
            if key not in known:
                raise RulesError(
                    f"unknown rules option {key!r} for {self.preset} "
                    f"(known: {', '.join(sorted(known))})"
                )
        rules = dataclasses.replace(self, **options)
        rules._check()
        return rules

    def _check(self) -> None:
        def need(ok: bool, name: str, what: str) -> None:
            if not ok:
                raise RulesError(f"{name} must be {what}, not {_shown(getattr(self, name))}")

        def whole(name: str) -> bool:  # an int, but not a bool (True is 1 to Python)
            value = getattr(self, name)
            return isinstance(value, int) and not isinstance(value, bool)

        need(whole("direction") and self.direction in (1, -1), "direction", "1 or -1")
        need(
            whole("target") and 1 <= self.target <= TARGET_LIMIT,
            "target",
            f"a whole number from 1 to {TARGET_LIMIT}",
        )
        need(
            whole("passes_after_double") and self.passes_after_double in (2, 3),
            "passes_after_double",
            "2 or 3",
        )
        need(
            whole("surcoinche_multiplier") and self.surcoinche_multiplier in (3, 4),
            "surcoinche_multiplier",
            "3 or 4",
        )
        need(whole("nt_last_trick") and self.nt_last_trick in (10, 20), "nt_last_trick", "10 or 20")
        for name, words in (
            ("declaration_compare", ("separate", "single")),
            ("double_scoring", ("winner_takes_all", "per_team")),
            ("tie", ("fails", "hangs")),
            ("contract_test", ("seed", "total")),
            ("double_scope", ("whole", "bid_only")),
            ("rounding", ("nearest_ten", "none")),
        ):
            value = getattr(self, name)
            need(isinstance(value, str) and value in words, name, " or ".join(map(repr, words)))
        for flag in (
            "belot_when_trumping",
            "redeal_same_dealer",
            "forced_undertrump",
            *_BELA_ONLY[:4],
            *_COINCHE_ONLY[:3],
        ):
            need(isinstance(getattr(self, flag), bool), flag, "true or false")
        if self.coinche_anytime:
            # Pagat's out-of-turn coinche needs a call outside the turn order, which the deal
            # does not take yet: refused rather than accepted and ignored.
            raise RulesError("coinche_anytime=true (a coinche out of turn) is not played yet")

    def options(self) -> dict[str, Any]:
        """The options that differ from the preset's defaults."""
        base = PRESETS[self.preset]
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if f.name != "preset" and getattr(self, f.name) != getattr(base, f.name)
        }

    def to_dict(self) -> dict[str, Any]:
        return {"preset": self.preset, "options": self.options()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | str | None) -> Rules:
        """Read ``"bulgarian"`` or ``{"preset": "bulgarian", "options": {...}}``."""
        if data is None:
            return cls.bulgarian()
        if isinstance(data, str):
            return cls.preset_named(data)
        if not isinstance(data, Mapping):
            raise RulesError("rules must be a preset name or an object with preset and options")
        for key in data:
            if key not in ("preset", "options"):
                raise RulesError(f"unknown rules field {_shown(key)} (known: preset, options)")
        preset = data.get("preset", "bulgarian")
        if not isinstance(preset, str):
            raise RulesError(f"rules preset must be a preset name, not {_shown(preset)}")
        options = data.get("options")
        if options is None:
            options = {}
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise RulesError("rules options must be an object")
        return cls.preset_named(preset, **dict(options))


_BELA_ONLY: Final = (
    "beat_in_plain_suit",
    "partner_exception",
    "card_in_two_declarations",
    "belot_wins_match",
    "tie",
)
"""The options of Bela alone (RULES.md §6); the flags first."""

_COINCHE_ONLY: Final = (
    "coinche_anytime",
    "coinche_capot",
    "declarations",
    "contract_test",
    "double_scope",
    "surcoinche_multiplier",
    "rounding",
)
"""The options of Coinche alone (RULES.md §5); the flags first."""


def _shown(value: object) -> str:
    """``value`` as an error message shows it: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


PRESETS: dict[str, Rules] = {
    "bulgarian": Rules(),
    # Seed 001: clockwise from the dealer's left, exact points to 1000, forced undertrump.
    "french": Rules(preset="french", direction=1, target=1000, forced_undertrump=True),
    # Seed 004: counter-clockwise, forced undertrump as French Belote, to 1000.
    "coinche": Rules(preset="coinche", target=1000, forced_undertrump=True),
    # Seed 004: counter-clockwise, exact points to 1001.
    "bela": Rules(preset="bela", target=1001),
}

_EVERY_GAME: Final = ("direction", "target", "redeal_same_dealer", "forced_undertrump")
PRESET_OPTIONS: Final[dict[str, frozenset[str]]] = {
    "bulgarian": frozenset(
        {f.name for f in dataclasses.fields(Rules)} - {"preset", *_BELA_ONLY, *_COINCHE_ONLY}
    ),
    "french": frozenset(_EVERY_GAME),
    "coinche": frozenset({*_EVERY_GAME, *_COINCHE_ONLY}),
    # Bela never redeals (the dealer must name) and always makes a player undertrump.
    "bela": frozenset({"direction", "target", *_BELA_ONLY}),
}
"""The options each preset reads; any other is refused for it (French Belote has no
No trumps, so no ``nt_last_trick``)."""

"""The rules object: a preset plus every option on which the sources disagree.

``Rules.bulgarian()`` is the ruling of RULES.md §3. Options are plain keyword arguments, so a
table can play, say, seed 000's house rules with
``Rules.bulgarian(passes_after_double=2, nt_last_trick=10, belot_when_trumping=False,
declaration_compare="single", double_scoring="per_team")``.
Other presets (``french``, ``coinche``, ``bela``) are added to ``PRESETS`` with their own
defaults; the engine reads only the options, never the preset name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from belot.engine.errors import BelotError

__all__ = ["PRESETS", "Rules", "RulesError"]


class RulesError(BelotError):
    """An unknown preset or option, or an option value out of range."""


DeclarationCompare = Literal["separate", "single"]
DoubleScoring = Literal["winner_takes_all", "per_team"]


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

    @classmethod
    def bulgarian(cls, **options: Any) -> Rules:
        return cls.preset_named("bulgarian", **options)

    @classmethod
    def preset_named(cls, name: str, **options: Any) -> Rules:
        base = PRESETS.get(name)
        if base is None:
            raise RulesError(f"unknown rules preset {name!r} (known: {', '.join(PRESETS)})")
        return base.with_options(**options)

    def with_options(self, **options: Any) -> Rules:
        """A copy with the given options changed, each checked."""
        known = {f.name for f in dataclasses.fields(self)} - {"preset"}
        for key in options:
            if key not in known:
                raise RulesError(
                    f"unknown rules option {key!r} (known: {', '.join(sorted(known))})"
                )
        rules = dataclasses.replace(self, **options)
        rules._check()
        return rules

    def _check(self) -> None:
        def need(ok: bool, what: str) -> None:
            if not ok:
                raise RulesError(what)

        need(self.direction in (1, -1), "direction must be 1 or -1")
        need(isinstance(self.target, int) and self.target > 0, "target must be a positive integer")
        need(self.passes_after_double in (2, 3), "passes_after_double must be 2 or 3")
        need(self.nt_last_trick in (10, 20), "nt_last_trick must be 10 or 20")
        need(
            self.declaration_compare in ("separate", "single"),
            "declaration_compare must be 'separate' or 'single'",
        )
        need(
            self.double_scoring in ("winner_takes_all", "per_team"),
            "double_scoring must be 'winner_takes_all' or 'per_team'",
        )
        for flag in ("belot_when_trumping", "redeal_same_dealer", "forced_undertrump"):
            need(isinstance(getattr(self, flag), bool), f"{flag} must be true or false")

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
        options = data.get("options") or {}
        if not isinstance(options, Mapping):
            raise RulesError("rules options must be an object")
        return cls.preset_named(str(data.get("preset", "bulgarian")), **dict(options))


PRESETS: dict[str, Rules] = {"bulgarian": Rules()}

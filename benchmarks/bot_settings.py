"""The benchmarks' settings of the bots: module constants of ``belot.bots`` set by name.

A setting is ``"module.NAME"`` (a module of ``belot.bots`` and one of its constants) with a
value, given as JSON: ``{"strong.MAX_WORLDS": 320}`` (``ab_test.py``, ``think_times.py``) or
``strong.MAX_WORLDS=320`` (``--set`` of ``yardstick_duel.py``, ``auction_calibration.py``).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from types import ModuleType
from typing import Any


def target(name: str) -> tuple[ModuleType, str]:
    """The module and constant that ``name`` ("module.NAME") sets; SystemExit if there is none."""
    module, dot, attribute = name.rpartition(".")
    try:
        found = importlib.import_module(f"belot.bots.{module}") if dot else None
    except ImportError:
        found = None
    if found is None or not hasattr(found, attribute):
        raise SystemExit(f"{name!r}: not a module.NAME of belot.bots")
    return found, attribute


def parse(text: str) -> dict[str, Any]:
    """The settings of a JSON object ``{"module.NAME": value}`` (each name checked: ``target``)."""
    settings = json.loads(text)
    if not isinstance(settings, dict):
        raise SystemExit(f"{text!r}: give a JSON object of module.NAME to value")
    for name in settings:
        target(name)
    return settings


def parse_assignments(assignments: list[str]) -> dict[str, Any]:
    """The settings of ``module.NAME=JSON`` strings (a JSON list read as a tuple; each name
    checked: ``target``)."""
    settings = {}
    for assignment in assignments:
        name, equals, value = assignment.partition("=")
        if not equals:
            raise SystemExit(f"--set {assignment!r}: give module.NAME=JSON of belot.bots")
        target(name)
        loaded = json.loads(value)
        settings[name] = tuple(loaded) if isinstance(loaded, list) else loaded
    return settings


def apply(settings: Mapping[str, Any]) -> None:
    """Set each of ``settings`` in this process, for good."""
    for name, value in settings.items():
        module, attribute = target(name)
        setattr(module, attribute, value)


@contextmanager
def applied(settings: Mapping[str, Any]) -> Iterator[None]:
    """Set each of ``settings`` for the ``with`` block, and the old values back after it."""
    targets = [(*target(name), value) for name, value in settings.items()]
    saved = [(module, attribute, getattr(module, attribute)) for module, attribute, _ in targets]
    for module, attribute, value in targets:
        setattr(module, attribute, value)
    try:
        yield
    finally:
        for module, attribute, value in saved:
            setattr(module, attribute, value)

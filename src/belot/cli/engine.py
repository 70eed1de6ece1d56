"""``belot engine``: the rules engine and the bots over a JSON-lines protocol on stdin/stdout.

One JSON object per line each way, the way chess GUIs speak UCI; ``docs/engine-protocol.md``
documents every command. ``EngineSession.handle`` answers one request line and never raises:
bad input of any kind comes back as ``{"ok": false, "error": "..."}``.
"""

from __future__ import annotations

import io
import json
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any, Final, TextIO

import click

from belot import __name__ as _package
from belot import strictjson
from belot.bots import LEVELS, make, why_not_plays
from belot.bots.base import Bot
from belot.engine.actions import CallKind, parse_action
from belot.engine.cards import Card
from belot.engine.deal import Deal
from belot.engine.errors import BelotError
from belot.engine.rules import PRESETS, Rules
from belot.engine.sheet import Standing
from belot.engine.table import Seat

__all__ = ["PROTOCOL_VERSION", "EngineSession", "command", "serve"]

PROTOCOL_VERSION: Final = 1
#: Longest a bot may be asked to think, in seconds.
MAX_THINK: Final = 3600

Reply = dict[str, Any]


class ProtocolError(BelotError):
    """A request that is not well-formed (wrong field, wrong type, no deal yet)."""


def _field(request: Mapping[str, Any], name: str, kinds: tuple[type, ...], default: Any) -> Any:
    value = request.get(name, default)
    if value is default:
        return value
    if isinstance(value, bool) and bool not in kinds:
        raise ProtocolError(f"field {name!r} must be {_kind_names(kinds)}, not {value!r}")
    if not isinstance(value, kinds):
        raise ProtocolError(f"field {name!r} must be {_kind_names(kinds)}, not {value!r}")
    return value


def _standing(data: Mapping[str, Any] | None, target: int) -> Standing | None:
    """The match score of ``new``'s ``standing`` field: ``{"NS": 100, "EW": 140}``, with
    ``"hanging"`` points optional."""
    from belot.engine.record import standing_from_dict

    return None if data is None else standing_from_dict(data, target)


def _kind_names(kinds: tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", bool: "true or false", dict: "an object"}
    names |= {list: "a list", float: "a number"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _seat(text: Any, name: str = "seat") -> Seat:
    if not isinstance(text, str):
        raise ProtocolError(f"field {name!r} must be a seat letter N, E, S or W, not {text!r}")
    return Seat.from_str(text)


class EngineSession:
    """One protocol conversation: the current deal and the bots asked so far."""

    def __init__(self) -> None:
        self.deal: Deal | None = None
        self._bots: dict[tuple[str, int, float | None], Bot] = {}
        self._commands: dict[str, Callable[[Mapping[str, Any]], Reply]] = {
            "hello": self._hello,
            "new": self._new,
            "load": self._load,
            "state": self._state,
            "view": self._view,
            "legal": self._legal,
            "act": self._act,
            "undo": self._undo,
            "bot": self._bot,
            "record": self._record,
            "quit": self._quit,
        }
        self.finished = False

    # --- the loop --------------------------------------------------------------------------

    def handle(self, line: str) -> Reply:
        """The reply to one request line (never raises)."""
        try:
            line.encode("utf-8")
        except UnicodeEncodeError:  # stdin's bytes that are not UTF-8 come in as surrogates
            return {"ok": False, "error": "the request line is not UTF-8"}
        try:
            request = strictjson.loads(line)
        except strictjson.JSONInputError as error:
            return {"ok": False, "error": str(error)}
        if not isinstance(request, dict):
            return {"ok": False, "error": 'a request must be a JSON object like {"cmd": ...}'}
        reply: Reply
        try:
            cmd = request.get("cmd")
            if not isinstance(cmd, str):
                raise ProtocolError('a request needs "cmd", a command name')
            handler = self._commands.get(cmd)
            if handler is None:
                raise ProtocolError(f"unknown command {cmd!r} (known: {', '.join(self._commands)})")
            reply = {"ok": True, **handler(request)}
        except BelotError as error:
            reply = {"ok": False, "error": str(error)}
        except Exception as error:  # the protocol answers, it never crashes
            reply = {"ok": False, "error": f"internal error: {type(error).__name__}: {error}"}
        if "id" in request:
            reply["id"] = request["id"]
        return reply

    def _need_deal(self) -> Deal:
        if self.deal is None:
            raise ProtocolError('no deal yet: send {"cmd": "new"} first')
        return self.deal

    # --- commands --------------------------------------------------------------------------

    def _hello(self, request: Mapping[str, Any]) -> Reply:
        from importlib.metadata import PackageNotFoundError, version

        try:
            engine_version = version(_package)
        except PackageNotFoundError:  # pragma: no cover - running from a source tree
            engine_version = "unknown"
        return {
            "engine": "belot",
            "version": engine_version,
            "protocol": PROTOCOL_VERSION,
            "levels": list(LEVELS),
            "games": list(PRESETS),
            "commands": list(self._commands),
        }

    def _new(self, request: Mapping[str, Any]) -> Reply:
        rules_data = _field(request, "rules", (str, dict), None)
        seed = _field(request, "seed", (int, str), None)
        dealer = _seat(request.get("dealer", "N"), "dealer")
        deck_data = _field(request, "deck", (list,), None)
        cut = _field(request, "cut", (int,), None)
        rules = Rules.from_dict(rules_data)
        standing = _standing(_field(request, "standing", (dict,), None), rules.target)
        deck = None
        if deck_data is not None:
            if not all(isinstance(c, str) for c in deck_data):
                raise ProtocolError("field 'deck' must be a list of 32 card texts like \"JH\"")
            deck = [Card.from_str(c) for c in deck_data]
        if seed is None and deck is None:
            seed = int(time.time_ns() % 2**62)  # a fresh shuffle, told back so it can be replayed
        deal = Deal(rules, dealer=dealer, deck=deck, seed=seed, standing=standing)
        if cut is not None:
            deal.push_str(f"cut:{cut}")
        self.deal = deal
        return self._summary(deal)

    def _load(self, request: Mapping[str, Any]) -> Reply:
        from belot.engine.record import deal_from_record, from_position

        record = request.get("record")
        position = request.get("position")
        if isinstance(position, str):
            deal = from_position(position)
        elif isinstance(record, dict):
            deal = deal_from_record(record)
        else:
            raise ProtocolError('load needs "record" (a deal record object) or "position" (text)')
        self.deal = deal
        return self._summary(deal)

    def _state(self, request: Mapping[str, Any]) -> Reply:
        return self._summary(self._need_deal())

    def _view(self, request: Mapping[str, Any]) -> Reply:
        deal = self._need_deal()
        seat_text = request.get("seat")
        if seat_text is None:
            if deal.turn is None:
                raise ProtocolError("the deal is over: say which seat's view you want")
            seat = deal.turn
        else:
            seat = _seat(seat_text)
        return {"view": deal.view(seat).to_json()}

    def _legal(self, request: Mapping[str, Any]) -> Reply:
        deal = self._need_deal()
        return {
            "seat": None if deal.turn is None else deal.turn.name,
            "legal": [str(a) for a in deal.legal_actions()],
        }

    def _act(self, request: Mapping[str, Any]) -> Reply:
        deal = self._need_deal()
        text = _field(request, "action", (str,), None)
        if text is None:
            raise ProtocolError('act needs "action", like "JH", "pass" or "cut:12"')
        seat = None if request.get("seat") is None else _seat(request.get("seat"))
        acting = deal.turn
        action = parse_action(text)
        deal.push(action, seat)
        assert acting is not None
        return {"seat": acting.name, "action": str(action), **self._summary(deal)}

    def _undo(self, request: Mapping[str, Any]) -> Reply:
        deal = self._need_deal()
        if not deal.actions:
            raise ProtocolError("nothing to undo")
        seat = deal.history[-1][0]
        action = deal.pop()
        return {"seat": seat.name, "undone": str(action), **self._summary(deal)}

    def _bot(self, request: Mapping[str, Any]) -> Reply:
        deal = self._need_deal()
        level = _field(request, "level", (str,), "basic")
        seed = _field(request, "seed", (int,), 0)
        think = _field(request, "think", (int, float), None)
        apply = _field(request, "apply", (bool,), False)
        if deal.turn is None:
            raise ProtocolError("the deal is over: no seat is to act")
        if think is not None and not 0 < think <= MAX_THINK:
            raise ProtocolError(
                f"field 'think' must be a number of seconds above 0 and at most {MAX_THINK},"
                f" not {think}"
            )
        key = (level, seed, None if think is None else float(think))
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = make(level, seed=seed, think=key[2])
        why = why_not_plays(level, deal.rules.preset)
        if why is not None:
            raise ProtocolError(why)
        seat = deal.turn
        started = time.perf_counter()
        action = bot.act(deal.view(seat))
        elapsed = time.perf_counter() - started
        reply: Reply = {
            "seat": seat.name,
            "action": str(action),
            "ms": round(elapsed * 1000, 3),
            "applied": apply,
        }
        if apply:
            deal.push(action, seat)
            reply |= self._summary(deal)
        return reply

    def _record(self, request: Mapping[str, Any]) -> Reply:
        from belot.engine.record import deal_to_record, to_position

        deal = self._need_deal()
        return {"record": deal_to_record(deal), "position": to_position(deal)}

    def _quit(self, request: Mapping[str, Any]) -> Reply:
        self.finished = True
        return {"bye": True}

    # --- replies ---------------------------------------------------------------------------

    @staticmethod
    def _summary(deal: Deal) -> Reply:
        from belot.engine.record import result_to_dict

        reply: Reply = {
            "phase": deal.phase.value,
            "turn": None if deal.turn is None else deal.turn.name,
            "dealer": deal.dealer.name,
            "seed": deal.seed,
            "contract": None if deal.contract is None else deal.contract.text,
            "bidder": None if deal.bidder is None else deal.bidder.name,
            "double": deal.double,
            "tricks": deal.trick_number,
            "card_points": {"NS": deal.card_points[0], "EW": deal.card_points[1]},
            "result": result_to_dict(deal),
        }
        if deal.rules.preset == "coinche":
            # A Coinche contract is its bid too: "110H", "capotS" (null before the first bid).
            bids = [call for _, call in deal.calls if call.kind is CallKind.BID]
            reply["bid"] = str(bids[-1]) if bids else None
        return reply


def serve(stdin: TextIO, stdout: TextIO) -> None:
    """Answer request lines from ``stdin`` on ``stdout`` until ``quit`` or end of input."""
    session = EngineSession()
    for line in stdin:
        if not line.strip():
            continue
        reply = session.handle(line)
        stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.flush()
        if session.finished:
            break


@click.command()
def command() -> None:
    """Speak the JSON-lines engine protocol on stdin/stdout (see docs/engine-protocol.md).

    Example: echo '{"cmd": "new", "seed": 7, "cut": 12}' | belot engine
    """
    if isinstance(sys.stdin, io.TextIOWrapper):
        # A line that is not UTF-8 is answered (``handle`` sees its bad bytes as surrogates),
        # instead of stopping the loop with a UnicodeDecodeError.
        sys.stdin.reconfigure(errors="surrogateescape")
    serve(sys.stdin, sys.stdout)

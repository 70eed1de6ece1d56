"""Deal and match records: JSON that replays exactly (the format is in ``docs/records.md``).

>>> deal = Deal.new(seed=3, dealer=Seat.N)
>>> for text in ["cut:7", "pass", "pass", "pass", "pass"]:
...     _ = deal.push_str(text)
>>> record = deal_to_record(deal)
>>> record["format"], record["actions"][:2], record["result"]
('belot-deal/1', ['cut:7', 'pass'], {'outcome': 'redeal'})
>>> deal_from_record(loads(dumps(record))).actions == deal.actions
True

A record is replayed, never trusted: the deal is rebuilt from rules, dealer and deck, every
action is pushed through the rules engine, and the stored result must match the replay's.
Anything wrong raises ``InvalidRecordError`` naming the field or the step.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from belot.engine.actions import parse_action
from belot.engine.cards import ALL_CARDS, Card
from belot.engine.deal import Deal, shuffled_deck
from belot.engine.errors import BelotError, InvalidRecordError
from belot.engine.match import Match
from belot.engine.rules import Rules
from belot.engine.scoring import DealScore
from belot.engine.sheet import Standing
from belot.engine.table import Seat

__all__ = [
    "DEAL_FORMAT",
    "MATCH_FORMAT",
    "deal_from_record",
    "deal_to_record",
    "dumps",
    "from_position",
    "load_any",
    "loads",
    "match_from_record",
    "match_to_record",
    "standing_from_dict",
    "standing_to_dict",
    "to_position",
]

DEAL_FORMAT: Final = "belot-deal/1"
MATCH_FORMAT: Final = "belot-match/1"


# --- deals ---------------------------------------------------------------------------------


def _teams(pair: tuple[int, int]) -> dict[str, int]:
    return {"NS": pair[0], "EW": pair[1]}


def score_to_dict(score: DealScore) -> dict[str, Any]:
    """A deal score as JSON: outcome, raw and written points per team, hanging, valat, double."""
    return {
        "outcome": score.outcome.value,
        "raw": _teams(score.raw),
        "written": _teams(score.written),
        "hanging": score.hanging,
        "valat": None if score.valat is None else score.valat.name,
        "double": score.double,
    }


def result_to_dict(deal: Deal) -> dict[str, Any] | None:
    """The ``result`` field of a deal record (None while the deal is being played)."""
    if not deal.is_over:
        return None
    if deal.all_passed:
        return {"outcome": "redeal"}
    assert deal.contract is not None and deal.declarers is not None and deal.result is not None
    return {
        "contract": deal.contract.text,
        "declarers": deal.declarers.name,
        "double": deal.double,
        "tricks": _teams(deal.tricks_won),
        "card_points": _teams(deal.card_points),
        **score_to_dict(deal.result),
    }


def standing_to_dict(standing: Standing) -> dict[str, int]:
    """``{"NS": .., "EW": .., "hanging": ..}``: the match score as a deal starts."""
    return {**_teams(standing.totals), "hanging": standing.hanging}


def standing_from_dict(data: Any, target: int) -> Standing:
    """The match score of a ``standing`` field (``hanging`` optional), in a match to
    ``target``."""
    _need(isinstance(data, Mapping), f"field 'standing' must be an object, not {data!r}")
    unknown = sorted(set(data) - {"NS", "EW", "hanging"})
    _need(not unknown, f"field 'standing' has unknown keys {unknown} (known: NS, EW, hanging)")
    points = []
    for key in ("NS", "EW", "hanging"):
        value = data.get(key, 0)
        _need(
            not isinstance(value, bool) and isinstance(value, int) and value >= 0,
            f"standing {key!r} must be game points, 0 or more, not {value!r}",
        )
        points.append(value)
    return Standing((points[0], points[1]), points[2], target)


def deal_to_record(deal: Deal) -> dict[str, Any]:
    """The JSON-ready record of ``deal`` (finished or not; with the match score it started at,
    when it is part of a match)."""
    record: dict[str, Any] = {
        "format": DEAL_FORMAT,
        "rules": deal.rules.to_dict(),
        "dealer": deal.dealer.name,
    }
    if deal.standing is not None:
        record["standing"] = standing_to_dict(deal.standing)
    if deal.seed is not None:
        record["seed"] = deal.seed
    record["deck"] = [str(card) for card in deal.deck]
    record["actions"] = [str(action) for action in deal.actions]
    result = result_to_dict(deal)
    if result is not None:
        record["result"] = result
    return record


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise InvalidRecordError(what)


def _rules(data: Any, where: str) -> Rules:
    try:
        return Rules.from_dict(data)
    except BelotError as error:
        raise InvalidRecordError(f"{where}rules: {error}") from None
    except TypeError:
        raise InvalidRecordError(f"{where}rules: not a rules object") from None


def _seat(data: Any, field: str) -> Seat:
    _need(isinstance(data, str), f"{field} must be a seat letter (N, E, S or W), not {data!r}")
    try:
        return Seat.from_str(data)
    except BelotError as error:
        raise InvalidRecordError(f"{field}: {error}") from None


def _seed(data: Any, field: str) -> int | str | None:
    _need(
        data is None or (isinstance(data, int | str) and not isinstance(data, bool)),
        f"{field} must be an integer or a string, not {data!r}",
    )
    return data  # type: ignore[no-any-return]


def _deck(data: Any, seed: int | str | None, where: str) -> tuple[Card, ...]:
    if data is None:
        _need(seed is not None, f"{where}the record has neither a deck nor a seed")
        assert seed is not None
        return shuffled_deck(seed)
    _need(isinstance(data, list), f"{where}deck must be a list of 32 cards")
    cards = []
    for i, text in enumerate(data, 1):
        try:
            cards.append(Card.from_str(text))
        except BelotError as error:
            raise InvalidRecordError(f"{where}deck card {i}: {error}") from None
    _need(len(cards) == 32, f"{where}deck has {len(cards)} cards, not 32")
    missing = set(ALL_CARDS) - set(cards)
    _need(
        not missing,
        f"{where}deck is not the 32 cards once each "
        f"(missing {' '.join(str(c) for c in sorted(missing))})",
    )
    deck = tuple(cards)
    if seed is not None and deck != shuffled_deck(seed):
        raise InvalidRecordError(f"{where}deck is not the order that seed {seed!r} shuffles")
    return deck


def deal_from_record(obj: Mapping[str, Any], *, check_result: bool = True, where: str = "") -> Deal:
    """Rebuild a deal from its record by pushing every action; checks the stored result."""
    _need(isinstance(obj, Mapping), f"{where}a deal record must be a JSON object")
    fmt = obj.get("format", DEAL_FORMAT)
    _need(fmt == DEAL_FORMAT, f"{where}unknown format {fmt!r} (expected {DEAL_FORMAT!r})")
    rules = _rules(obj.get("rules"), where)
    dealer = _seat(obj.get("dealer", "N"), f"{where}dealer")
    seed = _seed(obj.get("seed"), f"{where}seed")
    deck = _deck(obj.get("deck"), seed, where)
    standing = obj.get("standing")
    if standing is not None:
        try:
            standing = standing_from_dict(standing, rules.target)
        except InvalidRecordError as error:
            raise InvalidRecordError(f"{where}{error}") from None
    deal = Deal(rules, dealer=dealer, deck=deck, seed=seed, standing=standing)
    actions = obj.get("actions", [])
    _need(isinstance(actions, list), f"{where}actions must be a list of action texts")
    for step, text in enumerate(actions, 1):
        seat = deal.turn
        try:
            deal.push(parse_action(text))
        except BelotError as error:
            who = f" ({seat.name})" if seat is not None else ""
            raise InvalidRecordError(f"{where}step {step}{who} {text!r}: {error}") from None
    if check_result and "result" in obj and obj["result"] is not None:
        replayed = result_to_dict(deal)
        stored = obj["result"]
        if replayed is None:
            raise InvalidRecordError(
                f"{where}the record has a result, but its {len(actions)} actions do not finish "
                "the deal"
            )
        if not isinstance(stored, Mapping):
            raise InvalidRecordError(f"{where}result must be an object")
        for key, value in stored.items():
            if key in replayed and replayed[key] != value:
                raise InvalidRecordError(
                    f"{where}result {key} is {json.dumps(value)} in the record, "
                    f"but the replay gives {json.dumps(replayed[key])}"
                )
    return deal


# --- matches -------------------------------------------------------------------------------


def _sheet_lines(match: Match) -> list[dict[str, Any]]:
    lines = []
    ns = ew = 0
    for number, score in enumerate(match.scores, 1):
        if score is None:
            continue
        ns += score.written[0]
        ew += score.written[1]
        lines.append(
            {
                "deal": number,
                "written": _teams(score.written),
                "hanging": score.hanging,
                "totals": {"NS": ns, "EW": ew},
            }
        )
    return lines


def match_to_record(match: Match) -> dict[str, Any]:
    """The JSON-ready record of ``match``: rules, seed, every deal's record, the sheet."""
    deals = match.deals
    if not match.deal_over and match.deal.actions:
        deals.append(match.deal)  # a deal in progress is saved too
    record: dict[str, Any] = {
        "format": MATCH_FORMAT,
        "rules": match.rules.to_dict(),
        "seed": match.seed,
    }
    if match.hashed_seeds:
        record["hashed_seeds"] = True
    record.update(
        {
            "first_dealer": match.first_dealer.name,
            "deals": [deal_to_record(deal) for deal in deals],
            "sheet": _sheet_lines(match),
            "totals": _teams(match.totals),
            "hanging": match.hanging,
            "winner": None if match.winner is None else match.winner.name,
        }
    )
    return record


def match_from_record(obj: Mapping[str, Any], *, auto_next: bool = False) -> Match:
    """Rebuild a match by replaying every deal of its record; checks the stored sheet."""
    _need(isinstance(obj, Mapping), "a match record must be a JSON object")
    fmt = obj.get("format")
    _need(fmt == MATCH_FORMAT, f"unknown format {fmt!r} (expected {MATCH_FORMAT!r})")
    rules = _rules(obj.get("rules"), "")
    seed = _seed(obj.get("seed"), "seed")
    _need(not isinstance(seed, str), "a match seed must be an integer")
    hashed = obj.get("hashed_seeds", False)
    _need(isinstance(hashed, bool), "hashed_seeds must be true or false")
    records = obj.get("deals", [])
    _need(isinstance(records, list), "deals must be a list of deal records")
    deals = []
    for number, rec in enumerate(records, 1):
        deal = deal_from_record(rec, where=f"deal {number}: ")
        if deal.rules != rules:
            raise InvalidRecordError(f"deal {number}: its rules differ from the match's")
        deals.append(deal)
    first = obj.get("first_dealer")
    dealer = _seat(first, "first_dealer") if first is not None else None
    try:
        match = Match.from_deals(
            deals,
            rules=rules,
            seed=seed if isinstance(seed, int) else None,
            dealer=dealer,
            hashed_seeds=hashed,
        )
    except BelotError as error:
        raise InvalidRecordError(str(error)) from None
    _check_sheet(obj, match)
    if auto_next:
        match.auto_next = True
        if match.deal_over and not match.is_over:
            match.next_deal()
    return match


def _check_sheet(obj: Mapping[str, Any], match: Match) -> None:
    stored = obj.get("sheet")
    if stored is not None:
        replayed = _sheet_lines(match)
        _need(isinstance(stored, list), "sheet must be a list")
        if stored != replayed:
            for a, b in zip(stored, replayed, strict=False):
                if a != b:
                    raise InvalidRecordError(
                        f"sheet line {json.dumps(a)} does not match the replay {json.dumps(b)}"
                    )
            raise InvalidRecordError(
                f"the sheet has {len(stored)} lines, the replay writes {len(replayed)}"
            )
    if "winner" in obj:
        winner = None if match.winner is None else match.winner.name
        _need(
            obj["winner"] == winner,
            f"winner is {obj['winner']!r} in the record, but the replay gives {winner!r}",
        )


# --- text ----------------------------------------------------------------------------------


def dumps(record: Mapping[str, Any] | Deal | Match, *, indent: int | None = 1) -> str:
    """A record (or a deal or match, turned into one) as JSON text."""
    if isinstance(record, Deal):
        record = deal_to_record(record)
    elif isinstance(record, Match):
        record = match_to_record(record)
    return json.dumps(record, indent=indent, ensure_ascii=False)


def loads(text: str | bytes) -> dict[str, Any]:
    """Parse a record's JSON text (not yet replayed)."""
    try:
        obj = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise InvalidRecordError(f"not valid JSON: {error}") from None
    if not isinstance(obj, dict):
        raise InvalidRecordError("a record must be a JSON object")
    return obj


def load_any(text: str | bytes, *, rules: Rules | None = None) -> Deal | Match:
    """Replay a deal or a match record, whichever ``text`` holds; ``rules`` stand for the
    rules of a record (or of a match's deal) that names none."""
    obj = loads(text)
    if rules is not None:
        obj.setdefault("rules", rules.to_dict())
        for deal in obj.get("deals") or ():
            if isinstance(deal, dict):
                deal.setdefault("rules", rules.to_dict())
    fmt = obj.get("format")
    if fmt == MATCH_FORMAT:
        return match_from_record(obj)
    if fmt == DEAL_FORMAT:
        return deal_from_record(obj)
    raise InvalidRecordError(
        f"unknown format {fmt!r} (expected {DEAL_FORMAT!r} or {MATCH_FORMAT!r})"
    )


# --- position strings ----------------------------------------------------------------------

# One character per card index, so a deck is 32 characters.
_CARD_CHARS: Final = "0123456789abcdefghijklmnopqrstuv"
_CALL_CHARS: Final = {
    "pass": "p",
    "contra": "x",
    "recontra": "r",
    "clubs": "c",
    "diamonds": "d",
    "hearts": "h",
    "spades": "s",
    "no-trumps": "n",
    "all-trumps": "a",
}
_CHAR_CALLS: Final = {v: k for k, v in _CALL_CHARS.items()}


def to_position(deal: Deal) -> str:
    """A compact one-line string for ``deal`` (rules, dealer, deck, actions) that
    ``from_position`` turns back into an equal deal (see ``docs/records.md``)."""
    deck = "".join(_CARD_CHARS[c.index] for c in deal.deck)
    parts = []
    for action in deal.actions:
        text = str(action)
        if text.startswith("cut:"):
            parts.append(text[4:])
        elif text in _CALL_CHARS:
            parts.append(_CALL_CHARS[text])
        elif text.startswith("declare:"):
            parts.append("+" + text[8:])
        else:
            parts.append(text)
    rules = deal.rules.preset
    options = deal.rules.options()
    if options:
        rules += ":" + ",".join(
            f"{key}={value if isinstance(value, str) else json.dumps(value)}"
            for key, value in sorted(options.items())
        )
    return " ".join([rules, deal.dealer.name, deck, *parts])


def _position_rules(text: str) -> dict[str, Any]:
    preset, _, body = text.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, body.split(",")):
        key, sep, value = item.partition("=")
        _need(bool(sep), f"position: rules option {item!r} is not NAME=VALUE")
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value
    return {"preset": preset, "options": options}


def from_position(text: str) -> Deal:
    """The deal that ``to_position`` wrote."""
    fields = text.split()
    _need(len(fields) >= 3, "a position needs the rules preset, the dealer and the deck")
    preset, dealer, deck_text, *moves = fields
    _need(
        len(deck_text) == 32 and set(deck_text) == set(_CARD_CHARS),
        "the deck must be 32 distinct card characters 0-9a-v",
    )
    deck = [str(ALL_CARDS[_CARD_CHARS.index(ch)]) for ch in deck_text]
    actions = []
    for move in moves:
        if move.isdigit():
            actions.append(f"cut:{move}")
        elif move in _CHAR_CALLS:
            actions.append(_CHAR_CALLS[move])
        elif move.startswith("+"):
            actions.append("declare:" + move[1:])
        else:
            actions.append(move)
    return deal_from_record(
        {"rules": _position_rules(preset), "dealer": dealer, "deck": deck, "actions": actions},
        where="position: ",
    )

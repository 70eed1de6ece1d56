"""The score counter: a deal's points in, the game points each team writes out (seed 002).

This module only reads and checks what a person types; the arithmetic is
:func:`belot.engine.scoring.score_deal` and the match rules are
:class:`belot.engine.sheet.ScoreSheet`.

A deal as JSON (every key but ``contract``, ``declarers`` and some card points is optional)::

    {"rules": "bulgarian", "options": {},
     "contract": "spades", "declarers": "NS", "double": 1,
     "points": {"NS": {"cards": 98, "declarations": 20, "belot": 20}, "EW": {"cards": 64}},
     "valat": null, "hanging": 0}

``cards`` are card points with the last trick as the contract counts them (No trumps already
doubled); when one team's cards are left out they are the contract's total minus the other's.
``declarations`` and ``belot`` are only those that count (absent: 0). A Coinche deal
(``"rules": "coinche"``) also has its ``bid``: 80, 90, ..., 160 or ``"capot"``, and ``double`` 2
is a coinche, 4 a surcoinche. The answer is
``{"outcome": "made", "raw": {"NS": 138, "EW": 64}, "written": {"NS": 14, "EW": 6}, "hanging": 0}``:
``raw`` before ÷10 and before contra (valat bonus included), ``written`` with the incoming
hanging points included. A JSON array of deals is a score sheet (see :func:`calc_sheet`).

>>> calc_deal({"contract": "spades", "declarers": "NS",
...            "points": {"NS": {"cards": 98, "declarations": 20, "belot": 20}}})["written"]
{'NS': 14, 'EW': 6}

Anything that cannot be a real deal raises :class:`CalcError`, whose message names the field.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from belot.engine.actions import CAPOT_LEVEL
from belot.engine.contracts import Contract
from belot.engine.errors import BelotError
from belot.engine.games import game_of
from belot.engine.games.bela import score_bela
from belot.engine.games.coinche import BID_LEVELS, score_coinche
from belot.engine.games.french import score_french
from belot.engine.rules import Rules
from belot.engine.scoring import DealScore, TeamPoints, contract_total, score_deal
from belot.engine.sheet import ScoreSheet
from belot.engine.table import Team

__all__ = [
    "DOUBLES",
    "CalcError",
    "DealInput",
    "calc",
    "calc_deal",
    "calc_sheet",
    "calc_text",
    "check_deal",
    "deal_to_json",
    "field_error",
    "field_problem",
    "parse_deal",
    "parse_sheet",
    "score",
    "score_sheet",
    "sheet_to_json",
]

#: The multipliers of a deal: none, contra, recontra.
DOUBLES: Final = (1, 2, 4)

_DEAL_KEYS: Final = (
    "rules",
    "options",
    "contract",
    "bid",
    "declarers",
    "double",
    "points",
    "valat",
    "hanging",
)
_POINT_KEYS: Final = ("cards", "declarations", "belot")
_BELOT: Final = 20
_BULGARIAN: Final = Rules.bulgarian()
#: Scoring declarations are sums of 20, 50, 100, 150 and 200: never 10 or 30.
_IMPOSSIBLE_DECLARATIONS: Final = (10, 30)


class CalcError(BelotError):
    """Score counter input that cannot be a real deal.

    ``field`` is the offending key as a dotted path (``"points.NS.cards"``, ``"deals[2].double"``,
    ``""`` for the input as a whole) and ``reason`` says what is wrong with it, ready to show next
    to a form field. A reason a person may meet typing a deal also has a ``code`` and the
    ``values`` in it, for a page to say it in its own language (``""`` and ``{}`` otherwise).
    """

    def __init__(self, field: str, reason: str, code: str = "", **values: object) -> None:
        self.field = field
        self.reason = reason
        self.code = code
        self.values = values
        super().__init__(f"{field}: {reason}" if field else reason)

    def within(self, prefix: str) -> CalcError:
        """The same error with its field placed under ``prefix`` (``"deals[3]"``)."""
        field = f"{prefix}.{self.field}" if self.field else prefix
        return CalcError(field, self.reason, self.code, **self.values)


@dataclass(frozen=True, slots=True)
class DealInput:
    """One deal as the counter reads it; ``points`` is indexed by team (NS, EW)."""

    contract: Contract
    declarers: Team
    points: tuple[TeamPoints, TeamPoints]
    double: int = 1
    valat: Team | None = None
    #: Game points hanging from earlier deals (ignored inside a score sheet).
    hanging: int = 0
    rules: Rules = _BULGARIAN
    #: A Coinche deal's bid, 80..160 or ``CAPOT_LEVEL``; 0 in a game whose bids have no points.
    bid: int = 0


@dataclass(frozen=True, slots=True)
class _SuitGame:
    """What the counter refuses in a game of suit contracts only (French Belote, Coinche,
    Bela): its words for doubling, hanging points and the one side whose declarations score."""

    title: str
    #: Whose declarations score alone: a ``team``'s or a ``side``'s, and which one.
    side: str
    best: str
    #: Its words for a double and a redouble, or (None) what it has instead of doubling.
    doubles: tuple[str, str] | None = None
    no_doubling: str = ""


_SUIT_GAMES: Final = {
    "french": _SuitGame("French Belote", "team", "the strongest", None, "no contra or recontra"),
    "coinche": _SuitGame("Coinche", "team", "the strongest", ("coinche", "surcoinche")),
    "bela": _SuitGame("Bela", "side", "the best", None, "no doubling"),
}
_BID_MISSING: Final = 'is missing (a Coinche bid: 80, 90, ..., 160 or "capot")'
_NO_BID: Final = "only Coinche bids have points"


# --- reading one field -------------------------------------------------------------------------


def _show(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False) if _is_json(value) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_json(value: object) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


def _whole(field: str, value: object) -> int:
    """A non-negative whole number (JSON ``true`` and ``2.0`` are refused)."""
    if isinstance(value, bool) or not isinstance(value, int):
        shown = _show(value)
        raise CalcError(field, f"must be a whole number, not {shown}", "whole", value=shown)
    if value < 0:
        raise CalcError(field, f"cannot be negative ({value})", "negative", value=value)
    return value


def _contract(value: object) -> Contract:
    if isinstance(value, Contract):
        return value
    if not isinstance(value, str):
        raise CalcError("contract", f"must be a contract name, not {_show(value)}")
    try:
        return Contract.from_str(value)
    except BelotError:
        raise CalcError(
            "contract",
            f"unknown contract {_show(value)} "
            "(use clubs, diamonds, hearts, spades, no-trumps or all-trumps)",
        ) from None


def _team(field: str, value: object) -> Team:
    if isinstance(value, Team):
        return value
    if isinstance(value, str):
        try:
            return Team.from_str(value)
        except BelotError:
            pass
    raise CalcError(field, f"unknown team {_show(value)} (use NS or EW)")


def _double(value: object, rules: Rules) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in DOUBLES:
        game = _SUIT_GAMES.get(rules.preset)
        two, four = game.doubles if game and game.doubles else ("contra", "recontra")
        raise CalcError("double", f"must be 1, 2 ({two}) or 4 ({four}), not {_show(value)}")
    return value


def _bid(value: object) -> int:
    """A Coinche bid: 80, 90, ..., 160, or ``"capot"`` (``CAPOT_LEVEL``)."""
    if value == "capot":
        return CAPOT_LEVEL
    if isinstance(value, bool) or not isinstance(value, int) or value not in BID_LEVELS:
        raise CalcError("bid", f'{_show(value)} is not a Coinche bid (80, 90, ..., 160 or "capot")')
    return value


def _rules(name: object, options: object) -> Rules:
    if name is None:
        name = "bulgarian"
    if not isinstance(name, str):
        raise CalcError("rules", f'must be a preset name such as "bulgarian", not {_show(name)}')
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise CalcError("options", f"must be an object of rules options, not {_show(options)}")
    try:
        Rules.preset_named(name)
    except BelotError as error:
        raise CalcError("rules", str(error)) from None
    try:
        return Rules.preset_named(name, **{str(k): v for k, v in options.items()})
    except BelotError as error:
        raise CalcError("options", str(error)) from None
    except TypeError as error:  # e.g. an unhashable option value
        raise CalcError("options", str(error)) from None


def _declarations(field: str, value: object, contract: Contract | None) -> int:
    points = _whole(field, value)
    if points % 10:
        raise CalcError(field, f"{points} is not a multiple of 10", "tens", points=points)
    if points in _IMPOSSIBLE_DECLARATIONS:
        raise CalcError(
            field,
            f"{points} cannot be scored (tierce 20, quarte 50, quinte or four 100+)",
            "declarations",
            points=points,
        )
    if points and contract == Contract.NO_TRUMPS:
        raise CalcError(field, "declarations do not count in no-trumps", "nt_declarations")
    return points


def _belot(field: str, value: object, contract: Contract | None) -> int:
    points = _whole(field, value)
    if points % _BELOT:
        raise CalcError(
            field, f"{points} is not a multiple of 20 (a belot is 20)", "twenties", points=points
        )
    if points and contract == Contract.NO_TRUMPS:
        raise CalcError(field, "there is no belot in no-trumps", "nt_belot")
    if contract is not None and contract.is_suit and points > _BELOT:
        raise CalcError(
            field,
            f"{points}: a suit contract has one belot (20) at most",
            "one_belot",
            points=points,
        )
    if points > 4 * _BELOT:
        raise CalcError(
            field,
            f"{points}: four belots (80) at most, in all-trumps",
            "four_belots",
            points=points,
        )
    return points


def _cards(field: str, value: object, contract: Contract | None, rules: Rules) -> int:
    points = _whole(field, value)
    top = contract_total(contract, rules) if contract is not None else 260
    if points > top:
        where = f"a {_kind(contract)} contract" if contract is not None else "any contract"
        raise CalcError(
            field,
            f"{points} is more than the {top} card points of {where}",
            "too_many_cards",
            points=points,
            top=top,
        )
    if contract == Contract.NO_TRUMPS and points % 2:
        raise CalcError(
            field,
            f"{points}: card points in no-trumps are always even (doubled)",
            "odd_nt",
            points=points,
        )
    return points


def _kind(contract: Contract) -> str:
    return "suit" if contract.is_suit else contract.text


def field_error(
    field: str,
    value: object,
    *,
    contract: Contract | str | None = None,
    rules: Rules | None = None,
) -> str | None:
    """Why ``value`` cannot go in ``field`` (:func:`field_problem`'s reason), or None if it can.

    >>> field_error("points.NS.declarations", 25)
    '25 is not a multiple of 10'
    """
    problem = field_problem(field, value, contract=contract, rules=rules)
    return None if problem is None else problem.reason


def field_problem(
    field: str,
    value: object,
    *,
    contract: Contract | str | None = None,
    rules: Rules | None = None,
) -> CalcError | None:
    """The error that says why ``value`` cannot go in ``field``, or None if it can.

    ``field`` is a key of the JSON input: ``contract``, ``bid``, ``declarers``, ``double``,
    ``valat``, ``hanging``, ``rules`` or ``points.<TEAM>.cards|declarations|belot``. Checks that
    need the contract (the card total, no declarations in no-trumps) use ``contract`` when
    given. Checks that involve two fields (the card points adding up) are left to
    :func:`check_deal`.

    >>> field_problem("points.NS.declarations", 25).code
    'tens'
    """
    rules = rules or Rules.bulgarian()
    try:
        known = _contract(contract) if contract is not None else None
    except CalcError:
        known = None
    try:
        if field == "contract":
            _contract(value)
        elif field == "declarers":
            _team(field, value)
        elif field == "double":
            _double(value, rules)
        elif field == "bid":
            _bid(value)
        elif field == "valat":
            if value is not None:
                _team(field, value)
        elif field == "hanging":
            _whole(field, value)
        elif field == "rules":
            _rules(value, None)
        elif field == "options":
            _rules(rules.preset, value)
        elif field.startswith("points."):
            _, team, key = [*field.split("."), "", ""][:3]
            _team("points", team)
            if key == "cards":
                _cards(field, value, known, rules)
            elif key == "declarations":
                _declarations(field, value, known)
            elif key == "belot":
                _belot(field, value, known)
            else:
                raise CalcError("points", f"unknown field {field!r}")
        else:
            raise CalcError("", f"unknown field {field!r}")
    except CalcError as error:
        return error
    return None


# --- a whole deal ------------------------------------------------------------------------------


def check_deal(deal: DealInput) -> None:
    """Raise :class:`CalcError` unless ``deal`` can be a real deal."""
    contract, rules = deal.contract, deal.rules
    _double(deal.double, rules)
    _whole("hanging", deal.hanging)
    for team in Team:
        p = deal.points[team]
        _cards(f"points.{team}.cards", p.cards, contract, rules)
        _declarations(f"points.{team}.declarations", p.declarations, contract)
        _belot(f"points.{team}.belot", p.belot, contract)
    ns, ew = deal.points
    if deal.bid and rules.preset != "coinche":
        raise CalcError("bid", _NO_BID)
    if rules.preset in _SUIT_GAMES:
        _check_suit_game(deal, _SUIT_GAMES[rules.preset])
    total = contract_total(contract, rules)
    if ns.cards + ew.cards != total:
        raise CalcError(
            "points",
            f"card points {ns.cards} + {ew.cards} = {ns.cards + ew.cards}, "
            f"but a {_kind(contract)} deal has {total}",
            "card_sum",
            ns=ns.cards,
            ew=ew.cards,
            sum=ns.cards + ew.cards,
            total=total,
        )
    if contract.is_suit and ns.belot and ew.belot:
        raise CalcError(
            "points", "both teams cannot have the one belot of the trump suit", "both_belot"
        )
    if ns.belot + ew.belot > 4 * _BELOT:
        raise CalcError("points", "all-trumps has four belots (80) at most", "all_belots")
    if deal.valat is not None and deal.points[deal.valat].cards != total:
        raise CalcError(
            "valat",
            f"{deal.valat} took every trick, so {deal.valat} has all {total} card points "
            f"and {deal.valat.other} 0",
            "valat_cards",
            team=deal.valat.name,
            other=deal.valat.other.name,
            total=total,
        )


def _check_suit_game(deal: DealInput, game: _SuitGame) -> None:
    """French Belote, Coinche and Bela (RULES.md §4-§6): suit contracts only, doubling only in
    Coinche, hanging points only in Bela with ``tie: hangs``, and only one side's
    declarations score (the single best, or each side's best compared)."""
    rules = deal.rules
    if not deal.contract.is_suit:
        raise CalcError("contract", f"{game.title} has only suit contracts")
    if deal.double != 1 and game.doubles is None:
        raise CalcError("double", f"{game.title} has {game.no_doubling}")
    if deal.hanging and not (rules.preset == "bela" and rules.tie == "hangs"):
        unless = " unless the option tie is hangs" if rules.preset == "bela" else ""
        raise CalcError("hanging", f"nothing hangs in {game.title}{unless}")
    ns, ew = deal.points
    if ns.declarations and ew.declarations:
        raise CalcError(
            "points", f"only one {game.side}'s declarations score in {game.title} ({game.best})"
        )
    if rules.preset != "coinche":
        return
    if not deal.bid:
        raise CalcError("bid", _BID_MISSING)
    if deal.bid not in (*BID_LEVELS, CAPOT_LEVEL):
        _bid(deal.bid)
    if deal.bid == CAPOT_LEVEL and deal.double != 1 and not rules.coinche_capot:
        raise CalcError("double", "a capot bid may not be coinched (option coinche_capot=false)")
    if not rules.declarations and (ns.declarations or ew.declarations):
        raise CalcError("points", "declarations are off (option declarations=false)")


def parse_deal(obj: object, *, rules: Rules | None = None) -> DealInput:
    """Read and check one deal given as a JSON object (see the module docstring); ``null``
    counts as absent.

    ``rules``, when given, is used if the object names neither ``rules`` nor ``options``.
    """
    if not isinstance(obj, Mapping):
        raise CalcError("", f"a deal must be a JSON object, not {_show(obj)}")
    for key in obj:
        if key not in _DEAL_KEYS:
            raise CalcError(str(key), f"unknown key (known: {', '.join(_DEAL_KEYS)})")
    given = {key: value for key, value in obj.items() if value is not None}
    if rules is None or "rules" in given or "options" in given:
        rules = _rules(given.get("rules"), given.get("options"))
    for key in ("contract", "declarers"):
        if key not in given:
            raise CalcError(key, "is missing")
    contract = _contract(given["contract"])
    game = _SUIT_GAMES.get(rules.preset)
    if game is not None and not contract.is_suit:
        raise CalcError("contract", f"{game.title} has only suit contracts")
    bid = 0
    if "bid" in given:
        if rules.preset != "coinche":
            raise CalcError("bid", _NO_BID)
        bid = _bid(given["bid"])
    elif rules.preset == "coinche":
        raise CalcError("bid", _BID_MISSING)
    declarers = _team("declarers", given["declarers"])
    double = _double(given.get("double", 1), rules)
    valat = None if "valat" not in given else _team("valat", given["valat"])
    hanging = _whole("hanging", given.get("hanging", 0))
    points = _points(given.get("points"), contract, rules, valat)
    deal = DealInput(contract, declarers, points, double, valat, hanging, rules, bid)
    check_deal(deal)
    return deal


def _points(
    value: object, contract: Contract, rules: Rules, valat: Team | None
) -> tuple[TeamPoints, TeamPoints]:
    if value is None:
        value = {}
    if not isinstance(value, Mapping):
        raise CalcError("points", f"must be an object with NS and EW, not {_show(value)}")
    given: dict[Team, Mapping[Any, Any]] = {}
    for key, team_value in value.items():
        team = _team("points", key)
        if team in given:
            raise CalcError("points", f"{team} is given twice")
        field = f"points.{team}"
        if not isinstance(team_value, Mapping):
            raise CalcError(field, "must be an object with cards, declarations, belot")
        for k in team_value:
            if k not in _POINT_KEYS:
                raise CalcError(f"{field}.{k}", f"unknown key (known: {', '.join(_POINT_KEYS)})")
        given[team] = team_value
    total = contract_total(contract, rules)
    cards: dict[Team, int] = {}
    for team in Team:
        if given.get(team, {}).get("cards") is not None:
            cards[team] = _cards(f"points.{team}.cards", given[team]["cards"], contract, rules)
    if not cards:
        if valat is None:
            raise CalcError("points", "give the card points of at least one team", "no_cards")
        cards[valat] = total
    for team in Team:
        if team not in cards:
            cards[team] = total - cards[team.other]
    out = []
    for team in Team:
        g = given.get(team, {})
        out.append(
            TeamPoints(
                cards[team],
                _declarations(f"points.{team}.declarations", _or0(g, "declarations"), contract),
                _belot(f"points.{team}.belot", _or0(g, "belot"), contract),
            )
        )
    return (out[0], out[1])


def _or0(points: Mapping[Any, Any], key: str) -> object:
    value = points.get(key)
    return 0 if value is None else value


def score(deal: DealInput, *, hanging: int | None = None) -> DealScore:
    """Check ``deal`` and score it; ``hanging`` overrides the deal's incoming hanging points."""
    check_deal(deal)
    rules = deal.rules
    if rules.preset not in _SUIT_GAMES:
        return score_deal(
            rules,
            deal.contract,
            deal.declarers,
            deal.points,
            double=deal.double,
            valat=deal.valat,
            hanging=deal.hanging if hanging is None else _whole("hanging", hanging),
        )
    ns, ew = deal.points
    cards = (ns.cards, ew.cards)
    declared = (ns.declarations, ew.declarations)
    belot = (ns.belot, ew.belot)
    if rules.preset == "coinche":
        return score_coinche(
            rules, deal.declarers, deal.bid, cards, declared, belot, deal.valat, deal.double
        )
    if rules.preset == "french":
        return score_french(deal.declarers, cards, declared, belot, deal.valat)
    return score_bela(
        deal.declarers,
        cards,
        declared,
        belot,
        deal.valat,
        tie=rules.tie,
        hanging=deal.hanging if hanging is None else _whole("hanging", hanging),
    )


def deal_to_json(result: DealScore) -> dict[str, Any]:
    """The counter's answer for one deal: outcome, raw, written, hanging."""
    return {
        "outcome": str(result.outcome),
        "raw": _by_team(result.raw),
        "written": _by_team(result.written),
        "hanging": result.hanging,
    }


def _by_team(pair: tuple[int, int]) -> dict[str, int]:
    return {str(Team.NS): pair[0], str(Team.EW): pair[1]}


def calc_deal(obj: object) -> dict[str, Any]:
    """Score one deal given as a JSON object; the answer as a JSON object."""
    return deal_to_json(score(parse_deal(obj)))


# --- a score sheet -----------------------------------------------------------------------------


def parse_sheet(obj: object) -> list[DealInput]:
    """Read and check a score sheet: a JSON array of deals under one set of rules.

    A deal that names no rules plays under the first deal's.
    """
    if isinstance(obj, (str, bytes)) or not isinstance(obj, Sequence):
        raise CalcError("", f"a score sheet must be a JSON array of deals, not {_show(obj)}")
    deals: list[DealInput] = []
    for i, item in enumerate(obj):
        if isinstance(item, Mapping):  # a deal's own hanging is the sheet's to carry
            item = {key: value for key, value in item.items() if key != "hanging"}
        try:
            deal = parse_deal(item, rules=deals[0].rules if deals else None)
        except CalcError as error:
            raise error.within(f"deals[{i}]") from None
        if deals and deal.rules != deals[0].rules:
            raise CalcError(f"deals[{i}].rules", "a score sheet is played under one set of rules")
        deals.append(deal)
    return deals


def score_sheet(deals: Iterable[DealInput], *, target: int | None = None) -> ScoreSheet:
    """Write ``deals`` in order on a sheet, hanging points carried (their own ignored).

    ``target`` defaults to the first deal's rules (151). A deal after the match is won is refused.
    """
    sheet: ScoreSheet | None = None
    for i, deal in enumerate(deals):
        if sheet is None:
            sheet = ScoreSheet(
                target=deal.rules.target if target is None else target,
                ends=game_of(deal.rules).match_winner,
            )
        if sheet.is_over:
            raise CalcError(
                f"deals[{i}]", f"the match was already won by {sheet.winner} (after deals[{i - 1}])"
            )
        try:
            result = score(deal, hanging=sheet.hanging)
        except CalcError as error:
            raise error.within(f"deals[{i}]") from None
        sheet.add(result)
    return sheet if sheet is not None else ScoreSheet(target=151 if target is None else target)


def sheet_to_json(sheet: ScoreSheet) -> dict[str, Any]:
    """The counter's answer for a sheet: deals, total, hanging, winner."""
    winner = sheet.winner
    return {
        "deals": [deal_to_json(d) for d in sheet.deals],
        "total": _by_team(sheet.totals),
        "hanging": sheet.hanging,
        "winner": None if winner is None else str(winner),
    }


def calc_sheet(obj: object) -> dict[str, Any]:
    """Score a whole sheet given as a JSON array of deals; the answer as a JSON object."""
    return sheet_to_json(score_sheet(parse_sheet(obj)))


# --- JSON in, JSON out -------------------------------------------------------------------------


def calc(obj: object) -> dict[str, Any]:
    """Answer a JSON object as one deal (:func:`calc_deal`), an array as a score sheet."""
    if isinstance(obj, list):
        return calc_sheet(obj)
    if isinstance(obj, Mapping):
        return calc_deal(obj)
    raise CalcError(
        "", f"input must be a JSON object (a deal) or an array (a score sheet), not {_show(obj)}"
    )


def _reject_constant(name: str) -> Any:
    raise CalcError("", f"malformed JSON: {name} is not a number")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise CalcError("", f"malformed JSON: key {_show(key)} is given twice")
        out[key] = value
    return out


def calc_text(text: str | bytes) -> str:
    """Read one JSON value (a deal or a sheet), answer with one line of JSON."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise CalcError("", "input is not UTF-8 text") from None
    if not text.strip():
        raise CalcError("", "no JSON input (give a deal object or an array of deals)")
    try:
        obj = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
    except CalcError:
        raise
    except json.JSONDecodeError as error:
        raise CalcError("", f"malformed JSON: {error}") from None
    except RecursionError:
        raise CalcError("", "malformed JSON: nested too deeply") from None
    except ValueError as error:  # e.g. an integer with too many digits
        raise CalcError("", f"malformed JSON: {error}") from None
    return json.dumps(calc(obj))

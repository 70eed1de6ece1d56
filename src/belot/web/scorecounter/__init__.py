"""The score counter, the one-deal calculator, the cheat sheet and the rules pages.

``routes()`` gives the Starlette routes; the web app mounts them when this package exists, and
``create_app()`` serves them alone. Every number on these pages comes from the engine: the
score counter posts what was typed to the server, which answers with :mod:`belot.calc` (the
same code as ``belot calc``); the pages' JavaScript only shows answers, it does no arithmetic
of the rules.

Pages: ``/score`` (a new score sheet), ``/score/{id}`` (a saved sheet, shareable by its link),
``/score/calc`` (one deal), ``/cheatsheet`` (``.pdf`` for the PDF), ``/rules``,
``/rules/{variant}`` (rules with worked examples replayed by the engine) and ``/rules/ranking``
(which card wins a trick, and why).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from belot import cheatsheet, words
from belot.calc import CalcError, calc_deal, calc_sheet, field_error, field_problem
from belot.engine.cards import Card, Suit
from belot.engine.contracts import Contract
from belot.engine.errors import BelotError
from belot.engine.rules import PRESETS, Rules
from belot.engine.scoring import contract_total
from belot.web import i18n, rule_options
from belot.web.guard import BodyError, Guard, json_object
from belot.web.scorecounter import examples, texts
from belot.web.scorecounter.ranking import ComparisonError, compare_cards
from belot.web.scorecounter.store import Sheet, SheetStore

__all__ = ["create_app", "routes"]

HERE = Path(__file__).parent
STATIC_PREFIX = "/scorecounter/static"
#: Most deals a sheet may hold (a match to 151 takes far fewer).
MAX_DEALS = 200

# The web app's templates too, for the language picker they share.
_env = Environment(
    loader=FileSystemLoader([HERE / "templates", HERE.parent / "templates"]),
    autoescape=select_autoescape(["html"]),
)
_env.globals["lang_names"] = {code: i18n.TEXTS["lang_name"][code] for code in i18n.LANGUAGES}

_POINT_FIELDS = ("cards", "declarations", "belot")
#: The most each kind of points can be in one deal for one team (all-trumps, every
#: declaration the rules allow): a number above is no typing slip but a bad request.
_POINT_RANGE = {"cards": 260, "declarations": 1000, "belot": 80}


def _default_data_dir() -> Path:
    return Path(os.environ.get("BELOT_DATA", "belot-data"))


def _lang(request: Request, offered: tuple[str, ...] = i18n.LANGUAGES) -> str:
    """The page's language: the one asked for (``?lang=``, else the kept choice) if the page is
    written in it, else English."""
    lang = i18n.language(request.query_params.get("lang") or request.cookies.get("lang"))
    return lang if lang in offered else "en"


def _own_words(lang: str) -> dict[str, str]:
    """These pages' own words in ``lang`` (scorecounter/texts.py)."""
    return {key: text.get(lang) or text["en"] for key, text in texts.TEXTS.items()}


def _words(lang: str) -> dict[str, str]:
    """The pages' words in ``lang``: the web pages' (``belot.web.i18n``) and these pages' own."""
    return i18n.texts(lang) | _own_words(lang)


def _page(name: str, lang: str, **context: Any) -> HTMLResponse:
    context.setdefault("static", STATIC_PREFIX)
    context |= {"lang": lang, "t": _words(lang)}
    if "data" in context:  # the page's script gets its own words with its data
        context["data"] = _script_json({**context["data"], "texts": _own_words(lang)})
    return HTMLResponse(_env.get_template(name).render(**context))


def _json_error(message: str, status: int = 400, field: str = "") -> JSONResponse:
    """A refused request: ``error`` says why in one line, ``errors`` as the page shows them."""
    return JSONResponse(
        {"ok": False, "error": message, "errors": [{"field": field, "message": message}]}, status
    )


def _refused_input(error: CalcError) -> JSONResponse:
    """400: a request no deal can come from, said in one line (with its ``code`` and
    ``values``, when it has them, for the page to say it in its language)."""
    shown = _problem(error.field, error) | {"message": str(error)}
    return JSONResponse({"ok": False, "error": str(error), "errors": [shown]}, 400)


def _page_data(rules: Rules, lang: str) -> dict[str, Any]:
    """What the counter's JavaScript needs to fill in the other team's card points."""
    return {
        "totals": {c.text: contract_total(c, rules) for c in Contract},
        "contracts": [{"value": c.text, "label": _contract_label(c, lang)} for c in Contract],
        "target": rules.target,
    }


def _script_json(value: object) -> str:
    """JSON that is safe inside a ``<script>`` element."""
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/")


def _contract_label(contract: Contract, lang: str) -> str:
    """``♥ Hearts``, ``Без коз (БК)``: the game's own words (:mod:`belot.words`)."""
    name = words.contract_name(contract, lang)
    if contract.is_suit:
        return f"{contract.symbol} {name}"
    return f"{name} ({words.contract_name(contract, lang, short=True)})"


# --- checking what was typed ------------------------------------------------------------------


def _problem(field: str, error: CalcError) -> dict[str, Any]:
    """A refused field as the page shows it: the reason, and its ``code`` and ``values`` for
    the page to say it in its language (``why_*`` of scorecounter/texts.py), when it has them."""
    shown: dict[str, Any] = {"field": field, "message": error.reason}
    if error.code:
        shown |= {"code": error.code, "values": error.values}
    return shown


def _field_errors(entry: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every field of one typed deal that cannot be right, each with its reason.

    Each field is checked on its own first (so that several mistakes show at once), then the
    whole deal by :func:`belot.calc.calc_deal` for what involves several fields.
    """
    errors = []
    contract = entry.get("contract")
    for key in ("contract", "declarers", "double", "valat"):
        if entry.get(key) is None:  # absent: calc_deal says what is missing
            continue
        problem = field_problem(key, entry.get(key))
        if problem is not None:
            errors.append(_problem(key, problem))
    points = entry.get("points")
    if isinstance(points, Mapping):
        for team in ("NS", "EW"):
            team_points = points.get(team)
            if not isinstance(team_points, Mapping):
                continue
            for key in _POINT_FIELDS:
                value = team_points.get(key)
                if value is None:
                    continue
                field = f"points.{team}.{key}"
                problem = field_problem(field, value, contract=_contract_or_none(contract))
                if problem is not None:
                    errors.append(_problem(field, problem))
    if errors:
        return errors
    try:
        calc_deal(dict(entry))
    except CalcError as error:
        return [_problem(error.field, error)]
    return []


def _contract_or_none(value: object) -> str | None:
    return value if isinstance(value, str) and field_error("contract", value) is None else None


def _entries(data: object) -> list[dict[str, Any]]:
    if not isinstance(data, Mapping) or not isinstance(data.get("deals"), list):
        raise CalcError("deals", "send an object with a list of deals")
    deals = data["deals"]
    if len(deals) > MAX_DEALS:
        raise CalcError("deals", f"a sheet holds {MAX_DEALS} deals at most")
    out = []
    for i, deal in enumerate(deals):
        if not isinstance(deal, Mapping):
            raise CalcError(f"deals[{i}]", "each deal must be an object")
        _check_range(f"deals[{i}].", deal)
        out.append({k: v for k, v in deal.items() if k != "hanging"})
    return out


def _check_range(where: str, entry: Mapping[str, Any]) -> None:
    """Refuse a number no deal can hold (a whole request, not a typing slip shown by field)."""
    points = entry.get("points")
    if not isinstance(points, Mapping):
        return
    for team, team_points in points.items():
        if not isinstance(team_points, Mapping):
            continue
        for key, top in _POINT_RANGE.items():
            value = team_points.get(key)
            # Below 0 is a typing slip, shown next to its field like the others.
            if isinstance(value, int | float) and not isinstance(value, bool) and value > top:
                raise CalcError(
                    f"{where}points.{team}.{key}",
                    f"{value:g} is more than {top}",
                    "more_than",
                    value=f"{value:g}",
                    top=top,
                )


def _score_sheet(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The engine's answer for a sheet, or the errors that stop it (by deal and field)."""
    errors = []
    for i, entry in enumerate(entries):
        for error in _field_errors(entry):
            errors.append({"deal": i, **error})
    if errors:
        return {"ok": False, "errors": errors}
    try:
        result = calc_sheet(entries)
    except CalcError as error:
        deal, field = _split_deal_field(error.field)
        return {"ok": False, "errors": [{"deal": deal, **_problem(field, error)}]}
    return {"ok": True, "result": result}


def _split_deal_field(path: str) -> tuple[int | None, str]:
    if path.startswith("deals["):
        index, _, rest = path[6:].partition("]")
        if index.isdigit():
            return int(index), rest.lstrip(".")
    return None, path


def _answer(answer: dict[str, Any]) -> JSONResponse:
    """The engine's answer; refused (400, ``error`` naming the first problem) when not ok."""
    if answer["ok"]:
        return JSONResponse(answer)
    first = answer["errors"][0]
    where = ".".join(
        part
        for part in (
            f"deals[{first['deal']}]" if first.get("deal") is not None else "",
            first.get("field", ""),
        )
        if part
    )
    answer["error"] = f"{where}: {first['message']}" if where else first["message"]
    return JSONResponse(answer, 400)


def _shown(sheet: Sheet) -> dict[str, Any]:
    """A sheet as the API shows it: scored, with its deals and version (never its token)."""
    answer = _score_sheet(sheet.deals)
    return {**answer, "id": sheet.id, "deals": sheet.deals, "version": sheet.version}


def _stale(sheet: Sheet) -> JSONResponse:
    """409: the edit was based on an older version; the current sheet comes with it."""
    message = (
        f"someone else changed this sheet first (now version {sheet.version}):"
        " it is shown as it is now; make your change again"
    )
    return JSONResponse(
        {
            "ok": False,
            "error": message,
            "errors": [{"field": "version", "message": message}],
            "current": _shown(sheet),
        },
        409,
    )


async def _body(request: Request) -> dict[str, Any]:
    try:
        return await json_object(request)
    except BodyError as error:
        raise CalcError("", str(error)) from None


# --- routes -----------------------------------------------------------------------------------


def routes(
    data_dir: Path | str | None = None, *, database_url: str | None = None
) -> list[BaseRoute]:
    """The pages and API of the score counter, cheat sheet and rules.

    Sheets are stored in ``database_url`` if given, else in ``data_dir``; with neither, in the
    web app's own database when it has one (``app.state.hub.store``), else in ``$BELOT_DATA``
    (default ``./belot-data``).
    """
    fixed: list[SheetStore] = []
    if database_url is not None:
        fixed.append(SheetStore(database_url))
    elif data_dir is not None:
        fixed.append(SheetStore.in_folder(data_dir))

    def sheets(request: Request) -> SheetStore:
        if fixed:
            return fixed[0]
        state = request.app.state
        store = getattr(state, "scorecounter_sheets", None)
        if store is None:
            engine = getattr(getattr(getattr(state, "hub", None), "store", None), "engine", None)
            store = (
                SheetStore(engine)
                if engine is not None
                else SheetStore.in_folder(_default_data_dir())
            )
            state.scorecounter_sheets = store
        assert isinstance(store, SheetStore)
        return store

    rules = Rules.bulgarian()

    async def counter_page(request: Request) -> Response:
        sheet_id = request.path_params.get("sheet_id")
        deals: list[Any] = []
        version, needs_token = 0, True
        if sheet_id is not None:
            sheet = sheets(request).sheet(sheet_id)
            if sheet is None:
                raise i18n.Missing("no_sheet", "no such score sheet", sheet=sheet_id)
            deals, version, needs_token = sheet.deals, sheet.version, sheet.edit_hash is not None
        lang = _lang(request)
        return _page(
            "counter.html",
            lang,
            contracts=_page_data(rules, lang)["contracts"],
            data={
                **_page_data(rules, lang),
                "sheet_id": sheet_id,
                "deals": deals,
                "version": version,
                "needs_token": needs_token,
            },
        )

    async def calc_page(request: Request) -> Response:
        lang = _lang(request)
        return _page(
            "calc.html",
            lang,
            contracts=_page_data(rules, lang)["contracts"],
            data=_page_data(rules, lang),
        )

    async def api_check_deal(request: Request) -> Response:
        try:
            entry = await _body(request)
            if not isinstance(entry, Mapping):
                raise CalcError("", "send one deal as a JSON object")
            _check_range("", entry)
        except CalcError as error:
            return _refused_input(error)
        errors = _field_errors(entry)
        if errors:
            return _answer({"ok": False, "errors": errors})
        return JSONResponse({"ok": True, "result": calc_deal(dict(entry))})

    async def api_score_sheet(request: Request) -> Response:
        try:
            entries = _entries(await _body(request))
        except CalcError as error:
            return _refused_input(error)
        return _answer(_score_sheet(entries))

    async def api_create_sheet(request: Request) -> Response:
        try:
            entries = _entries(await _body(request))
        except CalcError as error:
            return _refused_input(error)
        answer = _score_sheet(entries)
        if answer["ok"]:
            answer["id"], answer["edit"] = sheets(request).new_sheet(entries)
            answer["version"] = 1
        return _answer(answer)

    async def api_sheet(request: Request) -> Response:
        sheet_id = request.path_params["sheet_id"]
        store = sheets(request)
        sheet = store.sheet(sheet_id)
        if request.method == "GET":
            if sheet is None:
                return _json_error("no such score sheet", 404)
            return JSONResponse(_shown(sheet))
        try:
            data = await _body(request)
            entries = _entries(data)
            if sheet is None:
                return _json_error("no such score sheet", 404)
            based_on = data.get("version")
            if isinstance(based_on, bool) or not isinstance(based_on, int):
                raise CalcError("version", "send the version of the sheet the edit is based on")
        except CalcError as error:
            return _refused_input(error)
        if not sheet.may_edit(data.get("edit")):
            return _json_error("this link only shows the sheet: editing needs its edit link", 403)
        if based_on != sheet.version:
            return _stale(sheet)
        answer = _score_sheet(entries)
        if answer["ok"]:
            saved = store.edit(sheet, entries)
            if saved is None:  # someone saved between our read and our write
                current = store.sheet(sheet_id)
                return _stale(current) if current else _json_error("no such score sheet", 404)
            answer["version"] = saved.version
        return _answer({**answer, "id": sheet_id})

    def sheet_game(request: Request) -> str:
        """The game whose sheet is asked for (``?game=``); none asked for: Bela's for a reader
        of Croatian (the sheet written in it), Bulgarian Belot's for the others."""
        asked = i18n.language(request.query_params.get("lang") or request.cookies.get("lang"))
        croatian = asked not in cheatsheet.LANGUAGES and asked in cheatsheet.languages("bela")
        game = request.query_params.get("game", "bela" if croatian else "bulgarian")
        if game not in cheatsheet.games():
            raise i18n.Missing("no_game", "no such game", game=game)
        return game

    async def cheatsheet_page(request: Request) -> Response:
        game = sheet_game(request)
        # Bela's sheet is written in Croatian too; another game's shows in English in hr.
        lang = _lang(request, cheatsheet.languages(game))
        sheet = cheatsheet.sheet(game, lang)
        return _page(
            "cheatsheet.html",
            lang,
            game=game,
            games=cheatsheet.games(),
            sheet_html=cheatsheet.to_html_fragment(sheet),
            sheet_css=cheatsheet.CSS,
        )

    async def cheatsheet_pdf(request: Request) -> Response:
        game = sheet_game(request)
        lang = _lang(request, cheatsheet.languages(game))
        return Response(
            _sheet_pdf(game, lang),
            media_type="application/pdf",
            headers={"Content-Disposition": f'inline; filename="{game}-cheatsheet.pdf"'},
        )

    async def rules_index(request: Request) -> Response:
        return _page("rules_index.html", _lang(request), variants=sorted(PRESETS))

    async def rules_variant(request: Request) -> Response:
        variant = request.path_params["variant"]
        if variant not in PRESETS:
            raise i18n.Missing("no_game", "no such variant", game=variant)
        # A page of its own with its rules written out (Bulgarian Belot's) offers the languages
        # they are written in; the generic page shows them where they are written in its own.
        templates = _env.list_templates()
        template = f"rules_{variant}.html"
        if template not in templates:
            template = "rules_generic.html"
        written = tuple(
            code for code in i18n.LANGUAGES if f"_{variant}_rules_{code}.html" in templates
        )
        lang = _lang(request, written if template != "rules_generic.html" else i18n.LANGUAGES)
        prose = f"_{variant}_rules_{lang}.html"
        worked = [
            {
                "id": e.id,
                "title": e.words(lang)[0],
                "lesson": e.words(lang)[1],
                "deal": examples.describe(e.replay()),
            }
            for e in examples.load(variant)
        ]
        preset = PRESETS[variant]
        options = {
            name: getattr(preset, name) for name in preset.__dataclass_fields__ if name != "preset"
        }
        return _page(
            template,
            lang,
            variant=variant,
            options=options,
            explained=next(g for g in rule_options.game_options(lang) if g.game == variant),
            prose=prose if prose in templates else None,
            examples=worked,
            scoring=examples.scoring_examples(lang) if variant == "bulgarian" else [],
            totals={c.text: contract_total(c, preset) for c in Contract},
        )

    async def ranking_page(request: Request) -> Response:
        lang = _lang(request)
        return _page(
            "ranking.html",
            lang,
            contracts=[(c.text, _contract_label(c, lang)) for c in Contract],
            suits=[(s.letter, s.symbol, words.suit_name(s, lang)) for s in Suit],
            data={},
            cards=[(str(c), c.symbol, c.suit.letter) for c in sorted(_all_cards())],
        )

    async def api_ranking(request: Request) -> Response:
        try:
            data = await _body(request)
            if not isinstance(data, Mapping):
                raise ComparisonError("", "send a JSON object")
            try:
                contract = Contract.from_str(str(data.get("contract", "")))
            except BelotError as error:
                raise ComparisonError("contract", str(error)) from None
            try:
                led = Suit.from_str(str(data.get("led", "")))
            except BelotError as error:
                raise ComparisonError("led", str(error)) from None
            raw_cards = data.get("cards")
            if not isinstance(raw_cards, list):
                raise ComparisonError("cards", "pick two or more cards")
            try:
                cards = [Card.from_str(str(c)) for c in raw_cards]
            except BelotError as error:
                raise ComparisonError("cards", str(error)) from None
            return JSONResponse({"ok": True, "result": compare_cards(contract, led, cards)})
        except ComparisonError as error:
            return _answer(
                {"ok": False, "errors": [{"field": error.field, "message": error.reason}]}
            )
        except CalcError as error:
            return _json_error(str(error))

    async def score_root(request: Request) -> Response:
        return RedirectResponse("/score", status_code=307)

    return [
        Route("/score", counter_page),
        Route("/score/", score_root),
        Route("/score/calc", calc_page),
        Route("/score/{sheet_id}", counter_page),
        Route("/api/score/deal", api_check_deal, methods=["POST"]),
        Route("/api/score/sheet", api_score_sheet, methods=["POST"]),
        Route("/api/score/sheets", api_create_sheet, methods=["POST"]),
        Route("/api/score/sheets/{sheet_id}", api_sheet, methods=["GET", "PUT"]),
        Route("/cheatsheet", cheatsheet_page),
        Route("/cheatsheet.pdf", cheatsheet_pdf),
        Route("/rules", rules_index),
        Route("/rules/ranking", ranking_page),
        Route("/api/rules/ranking", api_ranking, methods=["POST"]),
        Route("/rules/{variant}", rules_variant),
        Mount(STATIC_PREFIX, StaticFiles(directory=HERE / "static"), name="scorecounter-static"),
    ]


# A rules option's words: its key in the pages' texts, and the key of each of its named values.
@cache
def _sheet_pdf(game: str, lang: str) -> bytes:
    """A game's sheet (its preset's rules) as a PDF, laid out once (about a second of work)
    rather than for each asker: 4 games by their languages, 13 PDFs at most."""
    return cheatsheet.to_pdf(cheatsheet.sheet(game, lang))


def _all_cards() -> list[Card]:
    return [Card.from_index(i) for i in range(32)]


def create_app(data_dir: Path | str | None = None, *, database_url: str | None = None) -> Starlette:
    """The score counter, cheat sheet and rules pages served alone (for tests and small use)."""

    async def home(request: Request) -> Response:
        return RedirectResponse("/score", status_code=307)

    folder = data_dir if data_dir is not None or database_url is not None else _default_data_dir()
    return Starlette(
        routes=[
            Route("/", home),
            *routes(folder, database_url=database_url),
            # The web app's scripts that these pages share (the language picker's).
            Mount("/static", StaticFiles(directory=HERE.parent / "static")),
        ],
        middleware=[Middleware(Guard)],
    )

"""A game table: four seats (people or bots), a match of deals to the target, and its record.

The table is plain, synchronous game logic with no I/O: the room (``belot.web.rooms``) drives it
and the store (``belot.web.store``) saves its record. The match is the engine's ``Match`` and
every action goes through its ``push``, so a rejected action raises a ``BelotError`` and changes
nothing.

Every seed of a table comes from its secret master seed by a keyed hash (``keyed_seed``,
HMAC-SHA256 keyed with the master over the table's code, the deal number and what the seed is
for): the first dealer, each deal's shuffle and each bot's choices in each deal. Before a deal
only its seed's sha256 hash is shown, after it the seed itself, so ``belot verify`` can
re-create the shuffle; no seed shown tells anything about the master or any other seed. Tables
made before (no ``seeds`` in their stored configuration) keep the deal seeds they were dealt
with, ``hashed_deal_seed`` of the master and the deal number.

A table's code is twelve letters and digits (60 bits), too many to guess one at any rate a
server allows; pages show it in groups of four (``ABCD-EFGH-JKLM``), and it is read without
regard to case, spaces or dashes. The six-letter codes of older tables stay valid.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from belot.engine.actions import CAPOT_LEVEL, CallKind, Cut, parse_action
from belot.engine.deal import Deal
from belot.engine.errors import (
    BelotError,
    IllegalActionError,
    InvalidActionError,
    OutOfTurnError,
)
from belot.engine.match import Match, keyed_seed, seed_hash
from belot.engine.rules import Rules
from belot.engine.scoring import Outcome
from belot.engine.sheet import ScoreSheet
from belot.engine.table import Seat
from belot.web.store import PlayerResult

__all__ = [
    "BELA_HIDDEN",
    "NAME_LENGTH",
    "NEXT",
    "OLD_SEEDS",
    "SEEDS",
    "SeatInfo",
    "Table",
    "TableError",
    "error_code",
    "game_view",
    "new_code",
    "person_name",
    "refusal",
    "seed_hash",
    "shown_code",
    "spectator_view",
    "table_code",
]

#: The record entry that starts the next deal once a deal is over.
NEXT: Final = "next"
SeatKind = Literal["person", "bot"]
#: How a table derives its seeds from the master seed (its configuration's ``seeds``).
SEEDS: Final = "hmac-sha256"
#: The derivation of tables stored before ``SEEDS``: ``hashed_deal_seed``.
OLD_SEEDS: Final = "sha256"
#: The letters of table codes: no 0/O, 1/I to misread.
CODE_LETTERS: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#: A table code's groups of letters: 3 x 4 letters of 32, 60 bits.
CODE_GROUPS: Final = 3
CODE_GROUP: Final = 4
#: The longest name a person may give (in characters).
NAME_LENGTH: Final = 30


class TableError(BelotError):
    """A request the table cannot grant (a wrong token, a taken seat, a bad option).

    The message is English, for programs and logs; ``code`` and ``values`` let a page say it in
    its own language (``refused_<code>`` of the pages' texts, ``{name}`` filled in from
    ``values``). A code, once given, is kept: clients tell refusals apart by it.
    """

    def __init__(self, message: str, code: str = "", **values: str | int) -> None:
        super().__init__(message)
        self.code = code
        self.values = values


def refusal(
    message: str, code: str = "", values: Mapping[str, object] | None = None, *, fatal: bool = False
) -> dict[str, Any]:
    """The error a browser is sent: ``message`` (English), its ``kind`` and ``values`` when it
    has a code (``TableError``), and ``fatal`` when the connection closes after it."""
    told: dict[str, Any] = {"type": "error", "message": message}
    if code:
        told |= {"kind": code} | ({"values": dict(values)} if values else {})
    return told | ({"fatal": True} if fatal else {})


def error_code(error: BaseException) -> tuple[str, dict[str, Any]]:
    """The ``code`` and ``values`` of a refusal (a ``TableError``'s own; an engine error's kind:
    ``out_of_turn`` or ``illegal``; ``("", {})`` for any other)."""
    code = getattr(error, "code", "")
    if code:
        return str(code), dict(getattr(error, "values", {}))
    if isinstance(error, OutOfTurnError):
        return "out_of_turn", {}
    if isinstance(error, IllegalActionError | InvalidActionError):
        return "illegal", {}
    return "", {}


class NotNow(TableError, IllegalActionError):
    """An action the table does not take at this moment (before the start, after the end):
    an ``IllegalActionError`` with a ``code``."""


def new_code() -> str:
    """A new table code at random, such as ``ABCDEFGHJKLM``."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_GROUPS * CODE_GROUP))


def table_code(text: str) -> str:
    """A table code as a person may write it (``abcd efgh-jklm`` → ``ABCDEFGHJKLM``)."""
    return re.sub(r"[\s-]", "", text).upper()


def shown_code(code: str) -> str:
    """A new table's code in groups of four, to read out and type (an older one as it is)."""
    if len(code) != CODE_GROUPS * CODE_GROUP:
        return code
    return "-".join(code[i : i + CODE_GROUP] for i in range(0, len(code), CODE_GROUP))


def person_name(value: object, field: str = "name") -> str:
    """A person's name as given (trimmed), checked: text of at most ``NAME_LENGTH``
    characters, with no control characters and no lone surrogates (which no page or JSON
    answer could hold). Raises ``TableError`` naming ``field``."""
    if not isinstance(value, str):
        raise TableError(f"{field} must be a string", "bad_request")
    name = value.strip()
    if len(name) > NAME_LENGTH:
        raise TableError(
            f"{field} is at most {NAME_LENGTH} characters", "name_long", max=NAME_LENGTH
        )
    for char in name:
        category = unicodedata.category(char)
        if category == "Cs":
            raise TableError(f"{field} holds a lone surrogate ({char!a}): not text", "name_bad")
        if category == "Cc":
            raise TableError(f"{field} holds a control character ({char!a})", "name_bad")
    return name


def _stored_name(value: object) -> str:
    """A stored name made safe to show: one saved before names were checked may hold a lone
    surrogate, which would make every page of its table fail."""
    return re.sub("[\ud800-\udfff]", "\ufffd", str(value or "")[:NAME_LENGTH])


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def rematch_token(token: str, table_id: str) -> str:
    """The token of the seat at the rematch of ``table_id`` for whoever holds ``token`` there:
    derived from it, so that only its holder can know it and asking again (the first answer
    lost with the connection) gives the same one, as long as the holder asks."""
    key = hmac.new(token.encode(), f"rematch of {table_id}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(key.digest()[:18]).decode()


@dataclass
class SeatInfo:
    """Who sits in a seat: a person (holding a secret token) or a bot of some level."""

    kind: SeatKind = "bot"
    #: The level of the bot that plays the seat (for a person's seat: when it takes over).
    level: str = "random"
    name: str = ""
    #: sha256 of the seat token; None while a person's seat is still open.
    token_hash: str | None = None
    #: True while a bot plays a person's seat (the person left or timed out).
    away: bool = False

    @property
    def is_open(self) -> bool:
        return self.kind == "person" and self.token_hash is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "level": self.level,
            "name": self.name,
            "token_hash": self.token_hash,
            "away": self.away,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SeatInfo:
        kind = data.get("kind", "bot")
        if kind not in ("person", "bot"):
            raise TableError(f"a seat is taken by a 'person' or a 'bot', not {kind!r}")
        return cls(
            kind=kind,
            level=str(data.get("level", "random")),
            name=_stored_name(data.get("name", "")),
            token_hash=data.get("token_hash"),
            away=bool(data.get("away", False)),
        )


@dataclass
class Table:
    """A table's configuration, its match in progress and its record of actions."""

    id: str
    rules: Rules
    master: int
    seats: list[SeatInfo]
    #: Seconds a person has for a turn before a bot takes over (0: no timer).
    timer: int = 0
    hints: bool = True
    started: bool = False
    #: Every action in order as (seat name, action text); ``("", "next")`` starts the next deal.
    record: list[tuple[str, str]] = field(default_factory=list)
    #: How the seeds come from ``master``: ``SEEDS``, or ``OLD_SEEDS`` for an older table.
    seeds: str = SEEDS
    #: The code of the table of this match's rematch, once someone asked for it (the other
    #: people at this table are offered to join it).
    rematch: str | None = None
    #: The match the table plays (from ``start()`` on), seeded with ``master``.
    match: Match = field(init=False)
    version: int = field(default=0, init=False)
    _progress: tuple[tuple[bool, int, bool], dict[str, Any], list[dict[str, Any]]] | None = field(
        default=None, init=False, repr=False
    )

    def __post_init__(self) -> None:
        if len(self.seats) != 4:
            raise TableError("a table has four seats")
        if self.seeds == SEEDS:
            dealer = Seat(keyed_seed(self.master, self.id, "dealer") % 4)
            self.match = Match(
                self.rules, seed=self.master, dealer=dealer, deal_seeds=self._deal_seed
            )
        elif self.seeds == OLD_SEEDS:
            self.match = Match(self.rules, seed=self.master, hashed_seeds=True)
        else:
            raise TableError(f"unknown seeds {self.seeds!r} (known: {SEEDS}, {OLD_SEEDS})")
        actions, self.record = self.record, []
        if self.started:
            for seat, text in actions:
                self._apply(seat, text)

    # --- set-up ----------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        table_id: str,
        rules: Rules,
        seats: list[SeatInfo],
        *,
        timer: int = 0,
        hints: bool = True,
        master: int | None = None,
    ) -> Table:
        if not isinstance(timer, int) or not 0 <= timer <= 600:
            raise TableError("the turn timer is 0 (off) to 600 seconds", "timer", max=600)
        if master is None:
            master = secrets.randbits(128)
        table = cls(table_id, rules, master, seats, timer=timer, hints=hints)
        if not any(s.is_open for s in seats):
            table.start()
        return table

    def claim(self, seat: Seat, name: str = "", token: str | None = None) -> str:
        """Take an open person's seat; returns its new secret token (``token`` when given: a
        rematch's, which takes the seat again when it holds it already)."""
        info = self.seats[seat]
        if token is not None and self.seat_of(token) is seat:
            return token
        if not info.is_open:
            raise TableError(f"seat {seat.name} is not free", "seat_taken", seat=seat.name)
        name = person_name(name)
        token = token or secrets.token_urlsafe(18)
        info.token_hash = token_hash(token)
        info.name = name
        self.version += 1
        return token

    def seat_of(self, token: str | None) -> Seat | None:
        """The seat a token belongs to, else None."""
        if not token:
            return None
        digest = token_hash(token)
        for seat, info in zip(Seat, self.seats, strict=True):
            if info.token_hash is not None and hmac.compare_digest(info.token_hash, digest):
                return seat
        return None

    def start(self) -> None:
        """Start the match; person seats still open are played by bots."""
        if self.started:
            raise TableError("the game has already started", "started")
        for info in self.seats:
            if info.is_open:
                info.kind = "bot"
        self.started = True

    # --- the match -------------------------------------------------------------------------

    @property
    def first_dealer(self) -> Seat:
        return self.match.first_dealer

    @property
    def deals(self) -> list[Deal]:
        """Every deal so far, the current one (over or not) last; none before the start."""
        if not self.started:
            return []
        return self.match.deals_so_far

    @property
    def deal(self) -> Deal:
        """The current deal (the last one, over or not)."""
        if not self.started:
            raise NotNow("the game has not started yet", "not_started")
        return self.match.deal

    @property
    def deal_number(self) -> int:
        return self.match.number if self.started else -1

    @property
    def position(self) -> int:
        """How many actions the table has taken (every deal's, and each move to the next
        deal; fewer after an undo): the position of a state, which an action sent with it
        (``"at"``) must match."""
        return len(self.record)

    @property
    def sheet(self) -> ScoreSheet:
        return self.match.sheet

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    def seed_of(self, number: int) -> int:
        """The shuffle seed of deal ``number`` (0 = the first)."""
        return self.match.deal_seed(number)

    def _deal_seed(self, number: int) -> int:
        return keyed_seed(self.master, self.id, "deal", number)

    def bot_seed(self, seat: Seat) -> int:
        """The seed of the bot that plays ``seat`` in the current deal (at every table, new or
        old: the bots' choices are in the record, so replaying never needs their seeds)."""
        return keyed_seed(self.master, self.id, "bot", self.match.number, seat.name)

    @property
    def to_act(self) -> Seat | None:
        """The seat to act in the current deal (None between deals and at the end)."""
        return self.match.turn if self.started else None

    @property
    def waiting_for_next(self) -> bool:
        """True when a deal is over and the next one has not been started."""
        return self.started and self.match.deal_over and not self.match.is_over

    def act(self, seat: Seat, text: str) -> None:
        """Take the action written ``text`` for ``seat``; raises ``BelotError`` on anything the
        rules do not allow now, leaving the table unchanged."""
        if not self.started:
            raise NotNow("the game has not started yet", "not_started")
        if text == NEXT:
            self.next_deal()
            return
        self._apply(seat.name, text)

    def next_deal(self) -> None:
        """Start the next deal once the current one is over."""
        if not self.waiting_for_next:
            if self.is_over:
                raise NotNow("the match is over", "match_over")
            raise NotNow("the deal is not over yet", "deal_not_over")
        self._apply("", NEXT)

    @property
    def alone_with_bots(self) -> bool:
        """True when one seat is a person's and the three others are bots'."""
        return sum(info.kind == "person" for info in self.seats) == 1

    def can_undo(self, seat: Seat) -> bool:
        """True when ``seat`` may take back its last action (``undo``)."""
        return (
            self.started
            and not self.is_over
            and self.alone_with_bots
            and self.seats[seat].kind == "person"
            and not self.seats[seat].away  # a bot plays the seat now: take it back first
            and any(name == seat.name for name, _ in self.record)
        )

    def undo(self, seat: Seat) -> int:
        """Take back ``seat``'s last action and every action after it (the bots', a next deal),
        so that it is ``seat``'s turn again; only at a table of one person and bots, before the
        match is over. Returns how many record entries were taken back."""
        if not self.can_undo(seat):
            if not self.started or self.is_over:
                raise TableError(
                    "nothing to take back: the match is not being played", "undo_not_playing"
                )
            if not self.alone_with_bots or self.seats[seat].kind != "person":
                raise TableError("undo is only for one person playing against bots", "undo_alone")
            if self.seats[seat].away:
                raise TableError("a bot is playing your seat: take it back first", "bot_plays")
            raise TableError("nothing to take back yet", "undo_nothing")
        last = max(i for i, (name, _) in enumerate(self.record) if name == seat.name)
        taken = len(self.record) - last
        while len(self.record) > last:
            name, _ = self.record.pop()
            if name:  # ``NEXT`` is taken back by the pop of the previous deal's last action
                self.match.pop()
        self.version += 1
        return taken

    def results(self) -> tuple[PlayerResult, ...]:
        """Each seat's part in the finished match (none before its end), for the players'
        statistics: a person by the name they gave (one who gave none is not counted), a bot
        as ``bot:<level>``; the match won or not, its deals, the contracts the seat bid and
        made, and its team's points."""
        if not self.started or not self.is_over:
            return ()
        winner = self.sheet.winner
        totals = self.sheet.totals
        out = []
        for seat, info in zip(Seat, self.seats, strict=True):
            player = info.name if info.kind == "person" else f"bot:{info.level}"
            if not player:
                continue
            bid = [
                score
                for deal, score in zip(self.match.deals, self.match.scores, strict=True)
                if score is not None and deal.bidder == seat
            ]
            out.append(
                PlayerResult(
                    player=player,
                    game=self.rules.preset,
                    won=winner == seat.team,
                    deals=len(self.match.deals),
                    contracts=len(bid),
                    made=sum(score.outcome is Outcome.MADE for score in bid),
                    points=totals[0 if seat.team.name == "NS" else 1],
                )
            )
        return tuple(out)

    def random_cut(self) -> str:
        """A cut chosen at random, for a cutter who lets the cut happen."""
        return str(Cut(secrets.randbelow(31) + 1))

    def _apply(self, seat_name: str, text: str) -> None:
        if text == NEXT:
            if not self.waiting_for_next:
                raise NotNow("the deal is not over yet", "deal_not_over")
            self.match.next_deal()
        else:
            if self.match.turn is None:
                raise NotNow("the deal is over: start the next one", "deal_over")
            seat = Seat.from_str(seat_name)
            action = parse_action(text)
            self.match.push(action, seat)
            text = str(action)
        self.record.append((seat_name, text))
        self.version += 1

    # --- what the browser sees --------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The public part of the table: seats, options, the score sheet, seeds."""
        # The sheet and the seeds change only when a deal starts or ends: build them then.
        key = (self.started, self.match.number, self.match.deal_over)
        if self._progress is None or self._progress[0] != key:
            self._progress = (key, self.sheet_json(), self.deals_json())
        _, sheet, deals = self._progress
        return {
            "id": self.id,
            "rules": self.rules.to_dict(),
            "timer": self.timer,
            "hints": self.hints,
            "started": self.started,
            "seats": [
                {
                    "seat": seat.name,
                    "kind": info.kind,
                    "level": info.level,
                    "name": info.name,
                    "open": info.is_open,
                    "away": info.away,
                }
                for seat, info in zip(Seat, self.seats, strict=True)
            ],
            "sheet": sheet,
            "deals": deals,
            "over": self.is_over,
            "winner": None if self.sheet.winner is None else self.sheet.winner.name,
            "rematch": self.rematch,
        }

    def sheet_json(self) -> dict[str, Any]:
        rows: list[dict[str, Any]] = []
        for number, (deal, score) in enumerate(
            zip(self.match.deals, self.match.scores, strict=True)
        ):
            if score is None:
                continue
            assert deal.contract is not None and deal.bidder is not None
            rows.append(
                {
                    "deal": number + 1,
                    "contract": deal.contract.text,
                    "level": bid_of(deal)[0],
                    "declarers": deal.bidder.team.name,
                    "bidder": deal.bidder.name,
                    "double": score.double,
                    "outcome": score.outcome.value,
                    "raw": {"NS": score.raw[0], "EW": score.raw[1]},
                    "written": {"NS": score.written[0], "EW": score.written[1]},
                    "hanging": score.hanging,
                    "valat": None if score.valat is None else score.valat.name,
                }
            )
        ns, ew = self.sheet.totals
        return {
            "rows": rows,
            "totals": {"NS": ns, "EW": ew},
            "hanging": self.sheet.hanging,
            "target": self.sheet.target,
        }

    def deals_json(self) -> list[dict[str, Any]]:
        """Each deal's dealer, seed hash, and (once over) its seed and cut, for checking."""
        out = []
        for number, deal in enumerate(self.deals):
            seed = self.seed_of(number)
            out.append(
                {
                    "deal": number + 1,
                    "dealer": deal.dealer.name,
                    "hash": seed_hash(seed),
                    "seed": str(seed) if deal.is_over else None,
                    "cut": deal.cut if deal.is_over else None,
                    "all_passed": deal.all_passed,
                }
            )
        return out

    def view_json(self, seat: Seat | None) -> dict[str, Any] | None:
        """The current deal as ``seat`` sees it (a spectator when ``seat`` is None)."""
        if not self.deals:
            return None
        if seat is None:
            return spectator_view(self.deal)
        return game_view(self.deal, self.deal.view(seat).to_json())

    def to_config(self) -> dict[str, Any]:
        """Everything but the record, for the store."""
        return {
            "rules": self.rules.to_dict(),
            "master": str(self.master),
            "seats": [s.to_dict() for s in self.seats],
            "timer": self.timer,
            "hints": self.hints,
            "started": self.started,
            "seeds": self.seeds,
        } | ({"rematch": self.rematch} if self.rematch else {})

    @classmethod
    def from_config(
        cls, table_id: str, config: dict[str, Any], record: list[tuple[str, str]]
    ) -> Table:
        """Rebuild a stored table by replaying its record."""
        return cls(
            table_id,
            Rules.from_dict(config["rules"]),
            int(config["master"]),
            [SeatInfo.from_dict(s) for s in config["seats"]],
            timer=int(config.get("timer", 0)),
            hints=bool(config.get("hints", True)),
            started=bool(config.get("started", False)),
            record=list(record),
            seeds=str(config.get("seeds", OLD_SEEDS)),
            rematch=str(config["rematch"]) if config.get("rematch") else None,
        )

    def replay_json(self) -> list[dict[str, Any]]:
        """Every finished deal with all hands, calls and tricks, for the replay page."""
        out = []
        for number, deal in enumerate(self.match.deals):
            score = deal.result
            out.append(
                {
                    "deal": number + 1,
                    "dealer": deal.dealer.name,
                    "seed": str(self.seed_of(number)),
                    "cut": deal.cut,
                    "calls": [[s.name, str(c)] for s, c in deal.calls],
                    "contract": None if deal.contract is None else deal.contract.text,
                    "level": bid_of(deal)[0],
                    "bidder": None if deal.bidder is None else deal.bidder.name,
                    "double": deal.double,
                    "hands": {s.name: [str(c) for c in deal.dealt_hand(s)] for s in Seat},
                    "declared": {s.name: [str(d) for d in deal.announced(s) or ()] for s in Seat},
                    "belots": [[s.name, str(suit)] for s, suit in deal.belots],
                    "tricks": [
                        {
                            "plays": [[s.name, str(c)] for s, c in t.plays],
                            "winner": None if t.winner is None else t.winner.name,
                        }
                        for t in deal.tricks
                    ],
                    "written": None
                    if score is None
                    else {"NS": score.written[0], "EW": score.written[1]},
                }
            )
        return out


def spectator_view(deal: Deal) -> dict[str, Any]:
    """The deal as someone who holds no cards sees it: no hand, and declarations' cards only
    once the first trick is complete."""
    data = game_view(deal, deal.view(Seat.S).to_json())
    data["seat"] = None
    data["hand"] = []
    data["legal"] = []
    data["declared"] = None
    if deal.trick_number < 1:
        for item in data["announcements"]:
            item["cards"] = None
    return data


#: The cards of a Bela hand dealt face down, picked up once trumps are named (RULES.md §6).
BELA_HIDDEN: Final = 2


def game_view(deal: Deal, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a view's JSON) with what the page needs to draw the deal's own game: its
    ``game`` (the rules preset); ``bid_level``, the points of the bid that made the contract
    (Coinche: 80..160, or 250 for capot, with ``capot`` true; None elsewhere); ``doubled_by``,
    each contra, recontra, coinche or surcoinche said on that contract as ``[seat, word]``;
    ``auction_round``, French Belote's round of the auction (1: take the turned suit or pass,
    2: name another suit or pass; None elsewhere); ``hidden_cards``, how many cards each seat
    holds face down and has not seen (Bela's two until trumps are named, which the view does not
    carry: the deal has not dealt them yet); ``scored``, once the deal is over, what made each
    team's points (``scored_of``)."""
    game = deal.rules.preset
    level, doubled = bid_of(deal)
    data["game"] = game
    data["bid_level"] = level
    data["capot"] = level == CAPOT_LEVEL
    data["doubled_by"] = doubled
    auction = data["phase"] == "auction"
    data["auction_round"] = 1 + len(deal.calls) // 4 if auction and game == "french" else None
    data["hidden_cards"] = BELA_HIDDEN if auction and game == "bela" else 0
    data["scored"] = scored_of(deal)
    return data


def scored_of(deal: Deal) -> dict[str, Any] | None:
    """For the deal's summary, once it is scored: each team's declarations that scored
    (``{"NS": [{"cards": "JH-AH", "points": 50}], "EW": []}``) and the score's notes (such as
    ``dedans``, ``capot``, ``doubled tie``); None before."""
    score = deal.result
    if score is None:
        return None
    ns, ew = deal.scored_declarations()
    return {
        "declarations": {
            team: [{"cards": str(d), "points": d.points} for d in declared]
            for team, declared in (("NS", ns), ("EW", ew))
        },
        "notes": list(score.notes),
    }


def bid_of(deal: Deal) -> tuple[int | None, list[list[str]]]:
    """The points of the deal's last bid (None for a game whose bids have none, or no bid), and
    each contra, recontra, coinche or surcoinche said on it as ``[seat, word]``."""
    level = None
    doubled: list[list[str]] = []
    for seat, call in deal.calls:
        if call.kind is CallKind.BID:
            level = call.level or None
            doubled = []
        elif call.kind is not CallKind.PASS:
            doubled.append([seat.name, call.kind.value])
    return level, doubled

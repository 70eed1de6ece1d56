"""``belot serve``: the browser game on this machine."""

from __future__ import annotations

import gc
import os
import sys
import threading
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING

import click

from belot.web.limits import Limits, Rate

if TYPE_CHECKING:
    from belot.web.store import Store

__all__ = ["command"]


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8151, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--data",
    "data_dir",
    default="data",
    show_default=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for the SQLite database.",
)
@click.option(
    "--database-url",
    default=None,
    help="A SQLAlchemy database URL instead of the SQLite file, e.g. "
    "postgresql+psycopg://user:pw@localhost/belot (the driver must be installed).",
)
@click.option(
    "--redis-url",
    default=None,
    help="Redis that joins several servers sharing --database-url into one site, e.g. "
    "redis://127.0.0.1:6379/0: a browser may reach any of them (the cluster extra).",
)
@click.option(
    "--heartbeat",
    default=1.0,
    show_default=True,
    type=click.FloatRange(0.05, 60),
    help="With --redis-url: seconds between the pings that tell a table's server a browser "
    "of another server is still there (and that the table's server still is).",
)
@click.option(
    "--bot-delay",
    default=0.6,
    show_default=True,
    type=click.FloatRange(0, 10),
    help="Seconds a bot waits before acting, so people can follow the play.",
)
@click.option(
    "--leave-grace",
    default=20.0,
    show_default=True,
    type=click.FloatRange(0, 3600),
    help="Seconds after a person's browser closes before a bot takes their seat.",
)
@click.option(
    "--idle",
    "idle_seconds",
    default=300.0,
    show_default=True,
    type=click.FloatRange(0, 86400),
    help="Seconds a table with nobody at it stays in memory (it is loaded again when opened).",
)
@click.option(
    "--lease",
    "lease_seconds",
    default=20.0,
    show_default=True,
    type=click.FloatRange(1, 3600),
    help="Seconds a table stays this server's after its last renewal (renewed every quarter).",
)
@click.option(
    "--check",
    is_flag=True,
    help="Replay every stored table, print its state and exit: non-zero when any is damaged.",
)
@click.option(
    "--limit-tables",
    default=str(Limits.tables),
    show_default=True,
    help="New tables per client address: BURST,PER_SECOND.",
)
@click.option(
    "--limit-guesses",
    default=str(Limits.guesses),
    show_default=True,
    help="Wrong table codes and seat tokens per client address: BURST,PER_SECOND.",
)
@click.option(
    "--limit-connections",
    default=str(Limits.connections),
    show_default=True,
    help="New WebSocket connections per client address: BURST,PER_SECOND.",
)
@click.option(
    "--max-sockets",
    default=Limits.sockets,
    show_default=True,
    type=click.IntRange(1),
    help="WebSocket connections open at once per client address.",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the game in a web browser.")
def command(
    host: str,
    port: int,
    data_dir: Path,
    database_url: str | None,
    redis_url: str | None,
    heartbeat: float,
    bot_delay: float,
    leave_grace: float,
    idle_seconds: float,
    lease_seconds: float,
    check: bool,
    limit_tables: str,
    limit_guesses: str,
    limit_connections: str,
    max_sockets: int,
    open_browser: bool,
) -> None:
    """Start the web game: a table against computer players, and rooms for friends."""
    import uvicorn

    from belot.bots import prepare
    from belot.web.app import create_app
    from belot.web.guard import UVICORN_LIMITS
    from belot.web.protocol import TimedH11Protocol
    from belot.web.store import Store, default_url, masked

    if redis_url is not None and database_url is None:
        raise click.UsageError(
            "--redis-url needs --database-url: the servers of one site share one database "
            "(PostgreSQL, or one SQLite file on this machine)"
        )
    if redis_url is not None:
        try:
            import redis  # noqa: F401
        except ImportError:
            raise click.UsageError(
                "--redis-url needs redis-py: pip install 'belot[cluster]'"
            ) from None
    store = Store(database_url or default_url(data_dir), lease_seconds=lease_seconds)
    if check:
        sys.exit(_check(store))
    try:
        limits = Limits(
            tables=Rate.parse(limit_tables),
            guesses=Rate.parse(limit_guesses),
            connections=Rate.parse(limit_connections),
            sockets=max_sockets,
        )
    except ValueError as error:
        raise click.BadParameter(str(error)) from None
    # Before any table: a `strong` bot is made on the event loop, and compiling its search
    # there (about 20 s on a fresh install) would stop every table and page until done.
    prepare(progress=lambda message: click.echo(f"belot: {message}"))
    app = create_app(
        store,
        bot_delay=bot_delay,
        leave_grace=leave_grace,
        idle_seconds=idle_seconds,
        limits=limits,
        redis_url=redis_url,
        heartbeat=heartbeat,
    )
    # Every action allocates many small objects; collecting less often keeps the pauses that
    # delay every table at once rare (the load benchmark's 99th percentile).
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    url = f"http://{host}:{port}/"
    where = masked(database_url) if database_url else data_dir
    joined = f", one of the servers on Redis {_no_password(redis_url)}" if redis_url else ""
    click.echo(f"belot: serving on {url} (tables in {where}{joined}); Ctrl+C stops")
    if open_browser and _has_desktop():
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_ping_interval=20,
        # Views are small; compressing each one costs more time than it saves on a LAN.
        ws_per_message_deflate=False,
        timeout_graceful_shutdown=3,
        ws_max_size=UVICORN_LIMITS["ws_max_size"],
        h11_max_incomplete_event_size=UVICORN_LIMITS["h11_max_incomplete_event_size"],
        timeout_keep_alive=UVICORN_LIMITS["timeout_keep_alive"],
        http=TimedH11Protocol,
    )


def _no_password(url: str) -> str:
    from belot.web.relay import shown_url

    return shown_url(url)


def _has_desktop() -> bool:
    """Whether a graphical browser can open here: without a display, ``webbrowser`` would start
    a text browser in this very terminal, on top of the server's output."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _check(store: Store) -> int:
    """Print every stored table's state, each damaged one with the reason; returns 1 when
    any is damaged, else 0. Nothing is written."""
    from belot.web.rooms import replay
    from belot.web.tables import TableError

    damaged = 0
    count = 0
    for stored in store.records():
        count += 1
        try:
            table = replay(stored)
        except TableError as error:
            damaged += 1
            click.echo(f"{stored.id}  DAMAGED: {error}")
            continue
        if not table.started:
            state = "waiting for its people"
        elif table.is_over:
            state = f"finished after {len(table.deals)} deals"
        else:
            state = f"deal {table.deal_number + 1} in play"
        lease = store.lease(stored.id)
        owner = f", served by {lease.owner}" if lease.owner else ""
        click.echo(f"{stored.id}  {state}, {len(stored.actions)} actions{owner}")
    click.echo(f"{count} tables, {damaged} damaged")
    return 1 if damaged else 0

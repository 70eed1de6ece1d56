"""``belot serve``: the browser game on this machine."""

from __future__ import annotations

import gc
import os
import sys
import threading
import webbrowser
from pathlib import Path

import click

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
@click.option("--open", "open_browser", is_flag=True, help="Open the game in a web browser.")
def command(
    host: str,
    port: int,
    data_dir: Path,
    database_url: str | None,
    bot_delay: float,
    leave_grace: float,
    open_browser: bool,
) -> None:
    """Start the web game: a table against computer players, and rooms for friends."""
    import uvicorn

    from belot.web.app import create_app
    from belot.web.store import Store, default_url

    store = Store(database_url or default_url(data_dir))
    app = create_app(store, bot_delay=bot_delay, leave_grace=leave_grace)
    # Every action allocates many small objects; collecting less often keeps the pauses that
    # delay every table at once rare (the load benchmark's 99th percentile).
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    url = f"http://{host}:{port}/"
    click.echo(f"belot: serving on {url} (tables in {database_url or data_dir}); Ctrl+C stops")
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
    )


def _has_desktop() -> bool:
    """Whether a graphical browser can open here: without a display, ``webbrowser`` would start
    a text browser in this very terminal, on top of the server's output."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))

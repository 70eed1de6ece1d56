"""Search time on the server's threads: the bots' moves first, then hints and analyses.

A bot's move holds up its whole table, so the bots have one thread per core to themselves.
A hint or an analysis helps one person, and one person can ask for many at once (from many
browser tabs): they share one thread of their own, run at a lower priority where the system
allows it (on a busy machine the bots' threads get the cores first), with at most one request
in flight for each key (one hint per seat), a few for each client address, and a short queue.
A request past a limit is refused at once with the reason, never queued behind the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import threading
from collections import Counter
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final, TypeVar

from belot.web.tables import TableError

__all__ = ["ADVICE_NICENESS", "Busy", "Thinkers"]

T = TypeVar("T")

#: How much lower than the bots' threads the advice thread runs (Linux ``nice``): at 10 a
#: busy bot thread gets about nine tenths of a shared core.
ADVICE_NICENESS: Final = 10


class Busy(TableError):
    """A hint or analysis refused because too many are in flight; asking later may work."""


def _lower_priority() -> None:
    """Run the calling thread below the others (Linux sets a nice value per thread): its nice
    value ``ADVICE_NICENESS`` above the server's own, at most 19, so that a server started
    with ``nice`` still puts hints below its bots."""
    if sys.platform == "linux":
        thread = threading.get_native_id()
        with contextlib.suppress(OSError):
            niceness = os.getpriority(os.PRIO_PROCESS, thread) + ADVICE_NICENESS
            os.setpriority(os.PRIO_PROCESS, thread, min(niceness, 19))


class Thinkers:
    """The bots' search threads, and the one thread that hints and analyses share."""

    def __init__(
        self, *, bot_threads: int | None = None, per_address: int = 2, queue: int = 8
    ) -> None:
        #: Hints and analyses in flight (running or waiting) from one client address at most.
        self.per_address = per_address
        #: Hints and analyses in flight in all at most.
        self.queue = queue
        # Each thread has its own solver, and the compiled search releases the GIL, so the bots
        # of two tables think at the same time.
        self._bots = ThreadPoolExecutor(
            max_workers=bot_threads or os.cpu_count() or 1, thread_name_prefix="belot-think"
        )
        self._advice = ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="belot-advice", initializer=_lower_priority
        )
        self._pending: dict[Hashable, asyncio.Future[Any]] = {}
        self._addresses: Counter[str] = Counter()

    def prepare(self, function: Callable[[], object]) -> None:
        """Run ``function`` on a bot's thread now: loading the compiled search there, once a
        process, spares the first decision (and the event loop) its wait."""
        self._bots.submit(function)

    async def move(self, function: Callable[..., T], *args: Any) -> T:
        """A bot's decision, on the bots' threads."""
        return await asyncio.get_running_loop().run_in_executor(self._bots, function, *args)

    async def advise(
        self,
        function: Callable[..., T],
        *args: Any,
        key: Hashable,
        address: str,
        share: bool = False,
    ) -> T:
        """A hint or an analysis, on the advice thread. A request for a ``key`` already in
        flight gets that request's answer when ``share`` (an analysis asked twice), else is
        refused (a second hint for one seat); so is one past the limits. Raises ``Busy``."""
        pending = self._pending.get(key)
        if pending is not None:
            if share:
                return await asyncio.shield(pending)
            said = "a hint for this seat is still being worked out: wait for it"
            raise Busy(said, "hint_pending")
        if self._addresses[address] >= self.per_address:
            raise Busy(
                f"{self.per_address} hints or analyses from your address are being worked "
                "out: wait for one of them",
                "hints_per_address",
                max=self.per_address,
            )
        if len(self._pending) >= self.queue:
            raise Busy("the server is busy with other hints: ask again in a moment", "hints_busy")
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._advice, function, *args)
        self._pending[key] = future
        self._addresses[address] += 1

        def release(_: asyncio.Future[Any]) -> None:
            # When the search ends, not when the asker stops waiting (a closed browser): a
            # search keeps its place until its thread is done with it.
            del self._pending[key]
            self._addresses[address] -= 1
            if not self._addresses[address]:
                del self._addresses[address]

        future.add_done_callback(release)
        return await asyncio.shield(future)

    def in_flight(self) -> int:
        """How many hints and analyses are running or waiting."""
        return len(self._pending)

    def shutdown(self) -> None:
        for pool in (self._bots, self._advice):
            pool.shutdown(wait=False, cancel_futures=True)

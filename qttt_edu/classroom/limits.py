"""The classroom server's limit on live kernels per address.

Every page of the students' server gets a kernel of its own. A student holding F5, or a
script, must not be able to start kernels without end, so :class:`ClassKernelManager`
(the students' Voilà server's kernel manager, named in its settings) counts the live
kernels each address started and refuses the next page once the address holds
``kernels_per_address`` of them: the page says so in the class's language
(``QTTT_CLASS_LANG``), with a 429 status. It never stops a kernel itself.

A reload is no new page: the kit's ``qttt`` template asks the server to end the old
page's kernel as the page goes away (before the browser sends the new request, where
the browser allows it). A kernel counts no more from the moment it is asked to end,
and a page that finds its address full waits ``reload_grace`` seconds for such an
ending before it is refused, so a reload at the limit still opens.

A browser that is closed whole, crashes, or loses its device says nothing: its pages'
kernels live on until the idle cull (``CULL_IDLE``, ten minutes), and a student who
opens the game again meets the limit. So a page from an address at its limit first
ends that address's *abandoned* kernels, oldest first: those whose page connected and
has had no connection for ``abandoned_after`` seconds (a network blip reconnects
sooner), or whose page never connected within ``unconnected_after`` seconds of the
start (the browser went away while the page loaded; a page of a class opening together
connects well within it). Below the limit nothing is ended: a device that only dozes
keeps its kernel until the cull.

The address is the one the connection comes from (tornado's ``remote_ip``; Voilà's
server does not read ``X-Forwarded-For``). A school network behind one NAT address
shares one count: ``qttt-edu classroom --kernels-per-address`` raises it (see
lessons/classroom.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter
from typing import Any

from jupyter_server.base.call_context import CallContext
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Float, Integer

from ..i18n import t_in
from .cli import DEFAULT_PER_ADDRESS
from .login import class_language, kit_page, kit_text

__all__ = ["DEFAULT_PER_ADDRESS", "ClassKernelManager", "limit_page"]

# Seconds a page at the limit waits for a kernel that is being ended (a reload's own,
# whose request to end may come after the new page's on another connection, late on a
# server busy with a class). Waiting costs a refused page nothing but the wait.
RELOAD_GRACE = 10.0
# Seconds without a connection after which a page's kernel counts as abandoned, when its
# address is at the limit: Jupyter's page reconnects a dropped socket within seconds.
ABANDONED_AFTER = 30.0
# Seconds a kernel's page may take to connect at all before it counts as abandoned: thirty
# pages opening at once on a 2-core laptop connected within about 70 s
# (benchmarks/bench_classroom.py), so three minutes leaves room.
UNCONNECTED_AFTER = 180.0


class ClassKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager with a limit on the live kernels of each address."""

    kernels_per_address = Integer(
        DEFAULT_PER_ADDRESS,
        config=True,
        help="Live kernels one client address may hold; 0 for no limit.",
    )
    reload_grace = Float(
        RELOAD_GRACE,
        config=True,
        help="Seconds a page at the limit waits for a kernel being ended (a reload).",
    )
    abandoned_after = Float(
        ABANDONED_AFTER,
        config=True,
        help="Seconds a page's kernel may be without a connection before a new page from "
        "its address, at the limit, ends it.",
    )
    unconnected_after = Float(
        UNCONNECTED_AFTER,
        config=True,
        help="Seconds a kernel's page may take to connect before a new page from its "
        "address, at the limit, ends it.",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._owner: dict[str, str] = {}  # kernel id -> the address whose page started it
        self._ending: set[str] = set()  # kernels asked to end: they count no more
        self._starting: Counter[str] = Counter()  # kernels on their way up, per address
        self._changed = asyncio.Event()
        # kernel id -> when it lost its last connection, or when it started if its page
        # never connected; a kernel with a connection has no entry
        self._silent_since: dict[str, tuple[float, bool]] = {}  # (since, ever connected)
        self._endings: set[asyncio.Task[None]] = set()

    def live(self, address: str) -> int:
        """The kernels ``address`` holds: started or starting, and not asked to end."""
        held = sum(
            1
            for kernel, owner in self._owner.items()
            if owner == address and kernel not in self._ending
        )
        return held + self._starting[address]

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def start_kernel(self, **kwargs: Any) -> str:  # type: ignore[override]
        handler = CallContext.get(CallContext.JUPYTER_HANDLER)
        address = getattr(getattr(handler, "request", None), "remote_ip", None)
        if handler is None or not address or self.kernels_per_address <= 0:
            return str(await super().start_kernel(**kwargs))
        await self._admit(handler, address)
        self._starting[address] += 1
        try:
            kernel_id = str(await super().start_kernel(**kwargs))
        finally:
            self._starting[address] -= 1
            if not self._starting[address]:
                del self._starting[address]
        if kernel_id in self:  # not already ended while it started
            self._owner[kernel_id] = address
            if not self._kernel_connections.get(kernel_id):
                self._silent_since[kernel_id] = (time.monotonic(), False)
        self._notify()
        return kernel_id

    async def _admit(self, handler: Any, address: str) -> None:
        """Return once ``address`` may start a kernel; else answer the page and stop it."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.reload_grace
        while self.live(address) >= self.kernels_per_address:
            if self._end_abandoned(address):
                continue
            left = deadline - loop.time()
            if left <= 0:
                self._refuse(handler, address)
            soonest = self._silent_for_limit(address)  # a page gone a moment ago
            wait = left if soonest is None else min(left, soonest + 0.05)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._changed.wait(), wait)

    def _silences(self, address: str) -> list[tuple[float, str]]:
        """(seconds until it counts as abandoned, kernel) for ``address``'s silent kernels."""
        now = time.monotonic()
        patience = {True: self.abandoned_after, False: self.unconnected_after}
        return sorted(
            (patience[connected] - (now - since), kernel)
            for kernel, (since, connected) in self._silent_since.items()
            if self._owner.get(kernel) == address and kernel not in self._ending
        )

    def _abandoned(self, address: str) -> list[str]:
        """``address``'s kernels that no page holds any more, the longest abandoned first."""
        return [kernel for due, kernel in self._silences(address) if due <= 0]

    def _silent_for_limit(self, address: str) -> float | None:
        """Seconds until the next of ``address``'s silent kernels counts as abandoned."""
        silences = self._silences(address)
        return silences[0][0] if silences else None

    def _end_abandoned(self, address: str) -> bool:
        """End the longest silent of ``address``'s abandoned kernels; ``False`` if none."""
        abandoned = self._abandoned(address)
        if not abandoned:
            return False
        kernel = abandoned[0]
        logging.getLogger("qttt_edu.classroom").info(
            "Ending kernel %s of %s: its page is gone (no connection).", kernel, address
        )
        self._ending.add(kernel)  # counts no more from now, as shutdown_kernel would say
        task = asyncio.ensure_future(self._end(kernel))
        self._endings.add(task)
        task.add_done_callback(self._endings.discard)
        return True

    async def _end(self, kernel: str) -> None:
        try:
            await self.shutdown_kernel(kernel)
        except Exception:  # already gone, or its process would not stop: the cull tries again
            logging.getLogger("qttt_edu.classroom").exception("Could not end kernel %s", kernel)

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]
        self._silent_since.pop(kernel_id, None)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)  # type: ignore[no-untyped-call]
        if kernel_id in self._owner and not self._kernel_connections.get(kernel_id):
            self._silent_since[kernel_id] = (time.monotonic(), True)

    def _refuse(self, handler: Any, address: str) -> None:
        lang = class_language()
        logging.getLogger("qttt_edu.classroom").warning(
            t_in(lang, "limit_log", address=address, limit=self.kernels_per_address)
        )
        handler.set_status(429)
        handler.set_header("Content-Type", "text/html; charset=UTF-8")
        handler.set_header("Retry-After", "10")
        raise web.Finish(limit_page(lang, self.kernels_per_address))

    async def shutdown_kernel(  # type: ignore[override]
        self, kernel_id: str, now: bool = False, restart: bool = False
    ) -> None:
        if not restart and kernel_id in self._owner:
            self._ending.add(kernel_id)
            self._notify()
        await super().shutdown_kernel(kernel_id, now=now, restart=restart)  # type: ignore[no-untyped-call]

    def remove_kernel(self, kernel_id: str) -> Any:
        self._owner.pop(kernel_id, None)
        self._ending.discard(kernel_id)
        self._silent_since.pop(kernel_id, None)
        self._notify()
        return super().remove_kernel(kernel_id)


def limit_page(lang: str, limit: int) -> str:
    """The page a student sees when the device already has ``limit`` game pages open.

    >>> page = limit_page("fi", 4)
    >>> 'lang="fi"' in page and "4" in page
    True
    """

    css = """
main { border: 3px solid #e69f00; max-width: 480px; }
p { font-size: 18px; line-height: 1.45; }
button { margin-top: 8px; font-size: 20px; min-height: 48px; padding: 0 22px;
  background: #0072b2; color: #fff; border: 0; border-radius: 6px; cursor: pointer; }
button:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
"""
    return kit_page(
        lang,
        kit_text(lang, "limit_title"),
        css,
        f"""<main role="alert">
<h1>{kit_text(lang, "limit_title")}</h1>
<p>{kit_text(lang, "limit_text", limit=limit)}</p>
<p>{kit_text(lang, "limit_teacher")}</p>
<button type="button" onclick="window.location.reload()">{kit_text(lang, "limit_reload")}</button>
</main>""",
    )

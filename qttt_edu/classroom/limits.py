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

The address is the one the connection comes from (tornado's ``remote_ip``; Voilà's
server does not read ``X-Forwarded-For``). A school network behind one NAT address
shares one count: ``qttt-edu classroom --kernels-per-address`` raises it (see
lessons/classroom.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
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

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._owner: dict[str, str] = {}  # kernel id -> the address whose page started it
        self._ending: set[str] = set()  # kernels asked to end: they count no more
        self._starting: Counter[str] = Counter()  # kernels on their way up, per address
        self._changed = asyncio.Event()

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
        self._notify()
        return kernel_id

    async def _admit(self, handler: Any, address: str) -> None:
        """Return once ``address`` may start a kernel; else answer the page and stop it."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.reload_grace
        while self.live(address) >= self.kernels_per_address:
            left = deadline - loop.time()
            if left <= 0:
                self._refuse(handler, address)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)

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

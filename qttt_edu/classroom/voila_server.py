"""Voilà as the classroom's servers run it: the same app, with compressed responses.

A student's page fetches about 5.3 MB of scripts and styles on its first visit (Voilà's
front end, the widget managers, anywidget, JupyterLab's styles); gzip makes that about a
third, which is what thirty laptops on one classroom Wi-Fi have to share. Voilà's own
``--Voila.tornado_settings`` cannot ask for it: Voilà applies those settings after tornado
has built its application, and tornado only reads ``compress_response`` while building.
So this adds tornado's gzip transform itself, before Voilà adds its handlers. Only text
(scripts, styles, the page, JSON) is compressed, as tornado decides; a page being
rendered is still sent cell by cell (each flush is a gzip flush). A static file is
compressed once per version (:class:`CompressOnce`): tornado compresses each answer as it
goes, and a class opening the link at the bell made the server gzip the same 5.3 MB
thirty times, a quarter of its work per page. Its server is the kit's
:class:`~qttt_edu.rooms.guard.GuardedServer`, so one laptop cannot hold every socket
with half-sent requests.

    python -m qttt_edu.classroom.voila_server FOLDER --port=8866 ...   # as ``voila``
"""

from __future__ import annotations

import os
from collections import OrderedDict
from typing import Any, ClassVar

from tornado import httputil
from tornado.web import GZipContentEncoding
from voila.app import Voila

from ..i18n import t_in
from ..rooms.guard import GuardedServer
from ..rooms.service import Limits

CONNECTIONS_PER_ADDRESS = Limits().connections_per_address


class CompressOnce(GZipContentEncoding):
    """Tornado's gzip, kept for static files: the next answer with the same path, ``Etag``
    and ``Last-Modified`` (what tornado's ``StaticFileHandler`` sends, the content's hash
    and date) is the kept bytes, and the handler's own chunks are dropped. Anything else
    (a rendered page, JSON, a 304 or a range) is compressed as tornado does, or not at all.
    The kept bytes are bounded by ``BUDGET``, the oldest dropped first.
    """

    BUDGET = 64 * 1024 * 1024
    _kept: ClassVar[OrderedDict[tuple[str, str, str], bytes]] = OrderedDict()
    _kept_bytes: ClassVar[int] = 0

    def __init__(self, request: httputil.HTTPServerRequest) -> None:
        super().__init__(request)
        self._path = request.path if request.method == "GET" else None
        self._key: tuple[str, str, str] | None = None
        self._parts: list[bytes] = []
        self._served = False

    def transform_first_chunk(
        self, status_code: int, headers: httputil.HTTPHeaders, chunk: bytes, finishing: bool
    ) -> tuple[int, httputil.HTTPHeaders, bytes]:
        tag, date = headers.get("Etag"), headers.get("Last-Modified")
        if status_code == 200 and self._gzipping and self._path and tag and date:
            key = (self._path, tag, date)
            kept = self._kept.get(key)
            if kept is not None and "Content-Encoding" not in headers:
                self._kept.move_to_end(key)
                self._served = True
                vary = headers.get("Vary")
                headers["Vary"] = f"{vary}, Accept-Encoding" if vary else "Accept-Encoding"
                headers["Content-Encoding"] = "gzip"
                headers["Content-Length"] = str(len(kept))
                return status_code, headers, kept
            self._key = key
        # tornado's first chunk goes through transform_chunk below, which keeps it
        status_code, headers, chunk = super().transform_first_chunk(
            status_code, headers, chunk, finishing
        )
        if not self._gzipping:
            self._key = None
        return status_code, headers, chunk

    def transform_chunk(self, chunk: bytes, finishing: bool) -> bytes:
        if self._served:
            return b""  # the kept bytes went out with the first chunk
        chunk = super().transform_chunk(chunk, finishing)
        self._keep(chunk, finishing)
        return chunk

    def _keep(self, chunk: bytes, finishing: bool) -> None:
        if self._key is None:
            return
        self._parts.append(chunk)
        if finishing:
            whole = b"".join(self._parts)
            cls = type(self)
            if len(whole) <= cls.BUDGET:
                if self._key in cls._kept:
                    cls._kept_bytes -= len(cls._kept.pop(self._key))
                cls._kept[self._key] = whole
                cls._kept_bytes += len(whole)
                while cls._kept_bytes > cls.BUDGET:
                    cls._kept_bytes -= len(cls._kept.popitem(last=False)[1])
            self._key, self._parts = None, []


class CompressedVoila(Voila):  # type: ignore[misc]  # Voilà has no type information
    """Voilà whose answers are gzip-compressed when the browser accepts it."""

    def init_handlers(self) -> Any:
        # Voila.start builds self.app, then asks for the handlers: the transform is in
        # place before the first request.
        if CompressOnce not in self.app.transforms:
            self.app.add_transform(CompressOnce)
        self.app.listen = self._listen  # Voilà's ``listen`` asks the app for its server
        return super().init_handlers()

    def _listen(self, port: int, address: str = "", **kwargs: Any) -> GuardedServer:
        """The app's server, guarded as the rooms service's is: deadlines for a request's
        headers and body, and a cap on one address's connections (WebSockets included)."""
        lang = os.environ.get("QTTT_CLASS_LANG", "en")  # the classroom command's --lang
        refusal = t_in(lang, "service_connection_limit", limit=CONNECTIONS_PER_ADDRESS)
        server = GuardedServer(
            self.app, per_address=CONNECTIONS_PER_ADDRESS, refusal=refusal, **kwargs
        )
        server.listen(port, address)
        return server


main = CompressedVoila.launch_instance

if __name__ == "__main__":
    main()

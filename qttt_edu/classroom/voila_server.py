"""Voilà as the classroom's servers run it: the same app, with compressed responses.

A student's page fetches about 5.4 MB of scripts and styles on its first visit (Voilà's
front end, the widget managers, anywidget, JupyterLab's styles); gzip makes that about a
third, which is what thirty laptops on one classroom Wi-Fi have to share. Voilà's own
``--Voila.tornado_settings`` cannot ask for it: Voilà applies those settings after tornado
has built its application, and tornado only reads ``compress_response`` while building.
So this adds tornado's gzip transform itself, before Voilà adds its handlers. Only text
(scripts, styles, the page, JSON) is compressed, as tornado decides; a page being
rendered is still sent cell by cell (each flush is a gzip flush). Its server is the
kit's :class:`~qttt_edu.rooms.guard.GuardedServer`, so one laptop cannot hold every
socket with half-sent requests.

    python -m qttt_edu.classroom.voila_server FOLDER --port=8866 ...   # as ``voila``
"""

from __future__ import annotations

import os
from typing import Any

from tornado.web import GZipContentEncoding
from voila.app import Voila

from ..i18n import t_in
from ..rooms.guard import GuardedServer
from ..rooms.service import Limits

CONNECTIONS_PER_ADDRESS = Limits().connections_per_address


class CompressedVoila(Voila):  # type: ignore[misc]  # Voilà has no type information
    """Voilà whose answers are gzip-compressed when the browser accepts it."""

    def init_handlers(self) -> Any:
        # Voila.start builds self.app, then asks for the handlers: the transform is in
        # place before the first request.
        if GZipContentEncoding not in self.app.transforms:
            self.app.add_transform(GZipContentEncoding)
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

"""Voilà as the classroom's servers run it: the same app, with compressed responses.

A student's page fetches about 5.4 MB of scripts and styles on its first visit (Voilà's
front end, the widget managers, anywidget, JupyterLab's styles); gzip makes that about a
third, which is what thirty laptops on one classroom Wi-Fi have to share. Voilà's own
``--Voila.tornado_settings`` cannot ask for it: Voilà applies those settings after tornado
has built its application, and tornado only reads ``compress_response`` while building.
So this adds tornado's gzip transform itself, before Voilà adds its handlers. Only text
(scripts, styles, the page, JSON) is compressed, as tornado decides; a page being
rendered is still sent cell by cell (each flush is a gzip flush).

    python -m qttt_edu.classroom.voila_server FOLDER --port=8866 ...   # as ``voila``
"""

from __future__ import annotations

from typing import Any

from tornado.web import GZipContentEncoding
from voila.app import Voila


class CompressedVoila(Voila):  # type: ignore[misc]  # Voilà has no type information
    """Voilà whose answers are gzip-compressed when the browser accepts it."""

    def init_handlers(self) -> Any:
        # Voila.start builds self.app, then asks for the handlers: the transform is in
        # place before the first request.
        if GZipContentEncoding not in self.app.transforms:
            self.app.add_transform(GZipContentEncoding)
        return super().init_handlers()


main = CompressedVoila.launch_instance

if __name__ == "__main__":
    main()

"""The game app as a static web site: no server, Python runs in the browser (Pyodide).

``python -m qttt_edu.site build OUT`` (or ``qttt-edu site build OUT``) writes a folder
that any static web host can serve: a Voici page per app, Pyodide, the wheels the game
needs (``qttt_edu`` itself built from this checkout), nothing fetched from
elsewhere at run time. ``lessons/site.md`` says how a school hosts it.

The build needs the ``site`` extra (``pip install -e ".[site]"``), ``npm`` (for the
Pyodide package) and ``pip``; it downloads its inputs once into a cache
folder (``.site-cache/`` by default) and builds from scratch every time.
"""

from __future__ import annotations

from .build import LANGUAGES, SiteBuildError, build_site

__all__ = ["LANGUAGES", "SiteBuildError", "build_site"]

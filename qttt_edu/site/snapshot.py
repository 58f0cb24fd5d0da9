"""The site's Pyodide loader, and the start-up snapshot it can keep: the one adapter an
upgrade of Pyodide replaces.

The kernel's worker loads Pyodide through ``templates/pyodide-loader.js`` (installed as
``static/pyodide/qttt-pyodide.js``). The loader names any file the server does not hand
out as built, and (unless the build says ``snapshot=False``) keeps a memory snapshot of a
started interpreter in the browser, which later visits restore. The snapshot leans on
Pyodide's private interface (``_makeSnapshot``, ``_loadSnapshot``, the snapshot's header):
all of that sits in the loader's ``ADAPTER`` object, and this module refuses a Pyodide
whose version it was not written for, so an upgrade fails loudly at build time rather
than hanging in a student's browser. To upgrade: check the loader's ``ADAPTER`` against
the new Pyodide, add its minor version to ``SUPPORTED``, and run
``tests/browser/test_browser_site.py`` (its snapshot tests), or build with
``snapshot=False`` (``--no-snapshot``) until then.
"""

from __future__ import annotations

import json
from pathlib import Path

from .common import TEMPLATES, SiteBuildError

LOADER = "qttt-pyodide.js"
# The Pyodide minor versions whose private snapshot interface the loader's ADAPTER knows.
SUPPORTED = ("0.27",)
# Imported before the snapshot is taken. Only modules that hold no JavaScript objects
# once imported can be in a snapshot (the kernel, micropip and piplite do); the game's own
# code is left out, so it starts fresh.
SNAPSHOT_IMPORTS = ("IPython", "comm", "traitlets", "ipywidgets", "anywidget", "unittest.mock")
# Where the loader keeps what it knows in the browser, and the channel on which the
# site's pages say that their student is idle (templates/site-page.js).
STORE_NAME = "qttt-edu-site"
CHANNEL = "qttt-site"
IDLE_SECONDS = 30  # no input for this long (or the tab hidden): the snapshot is made


def supports(version: str) -> bool:
    """Whether the loader's snapshot adapter was written for this Pyodide version.

    >>> supports("0.27.6"), supports("0.28.0")
    (True, False)
    """
    return ".".join(version.split(".")[:2]) in SUPPORTED


def install_loader(target: Path, version: str, wheels_hash: str, *, snapshot: bool = True) -> Path:
    """The kernel's Pyodide loader into ``target`` (beside ``pyodide.js``).

    Its snapshot key names Pyodide's version and the lock's hash: a browser that kept a
    snapshot of an older site build does not restore it into this one. It knows the size
    of every file beside it, so a half-uploaded one is named as such.
    """
    if snapshot and not supports(version):
        raise SiteBuildError(
            f"the start-up snapshot was written for Pyodide {', '.join(SUPPORTED)}, not "
            f"{version}: see qttt_edu/site/snapshot.py (or build with --no-snapshot)"
        )
    sizes = {p.name: p.stat().st_size for p in sorted(target.iterdir()) if p.is_file()}
    text = (
        (TEMPLATES / "pyodide-loader.js")
        .read_text("utf-8")
        .replace("{{build}}", f"pyodide {version} lock {wheels_hash}")
        .replace("QTTT_SNAPSHOT", json.dumps(snapshot))
        .replace("QTTT_IMPORTS", json.dumps(list(SNAPSHOT_IMPORTS)))
        .replace("QTTT_SIZES", json.dumps(sizes, sort_keys=True))
        .replace("{{loader}}", LOADER)
        .replace("{{db}}", STORE_NAME)
        .replace("{{channel}}", CHANNEL)
    )
    path = target / LOADER
    path.write_text(text, "utf-8")
    return path


def page_script() -> str:
    """The script every page that starts a kernel carries (``templates/site-page.js``):
    it tells the loader when the student is idle and when a page was left."""
    return (
        (TEMPLATES / "site-page.js")
        .read_text("utf-8")
        .replace("{{db}}", STORE_NAME)
        .replace("{{channel}}", CHANNEL)
        .replace("QTTT_IDLE_SECONDS", str(IDLE_SECONDS))
    )

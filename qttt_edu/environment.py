"""Where the kit runs: on Binder, in the static site's Pyodide, or anywhere else.

Standard library only, so every layer may ask: the shared-game panel and the
classroom command both say plainly why shared games cannot work on Binder, and the
app does without threads in Pyodide.

>>> on_binder({"BINDER_REQUEST": "v2/gh/example/qttt-edu/main"}), on_binder({})
(True, False)
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

__all__ = ["BINDER_VARIABLES", "in_pyodide", "on_binder"]

#: what BinderHub puts in the environment of every server it launches (its spawner sets
#: the BINDER_* request variables; BINDER_SERVICE_HOST comes from its Kubernetes service)
BINDER_VARIABLES = (
    "BINDER_REQUEST",
    "BINDER_LAUNCH_HOST",
    "BINDER_REPO_URL",
    "BINDER_PERSISTENT_REQUEST",
    "BINDER_SERVICE_HOST",
)


def on_binder(environ: Mapping[str, str] | None = None) -> bool:
    """Is this a Binder session (every user in a container of their own)?

    ``environ`` is the environment to look at (``os.environ`` if not given).
    """
    env = os.environ if environ is None else environ
    return any(env.get(name) for name in BINDER_VARIABLES)


def in_pyodide() -> bool:
    """Is this Python running in a browser tab (the static site: no threads, no sockets)?"""
    return sys.platform == "emscripten"

"""The interactive game for Jupyter: ``from qttt_edu.widgets import play; play()``.

``play()`` shows a :class:`GameApp`, which wraps a :class:`qttt_edu.core.Game`: a
custom board widget (an anywidget whose ES module, ``board.js``, draws the
board, the collapse choice, the entanglement graph as SVG, the explanation and
the realities in the page) and ipywidgets controls for undo/redo, the timeline,
records, computer opponents and the language, and a "Shared game" section that
plays one game from two devices (:mod:`.shared`). It works in JupyterLab, Notebook
7, Voilà and VS Code; nothing in it needs matplotlib.

The names are imported on first use: importing the package loads no widget library.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["OPPONENTS", "GameApp", "available_languages", "available_opponents", "play"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        # By name, so that importing the package loads no widget library.
        app = importlib.import_module(f"{__name__}.app")
        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

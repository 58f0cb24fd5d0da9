"""The interactive game for Jupyter: ``from qttt_edu.widgets import play; play()``.

``play()`` shows a :class:`GameApp`, an ipywidgets app that wraps a
:class:`qttt_edu.core.Game`: a board of nine buttons, the collapse choice, the
live entanglement graph, the realities panel, a plain-words explanation of each
event, the move log, undo/redo, a timeline, records in and out, computer
opponents and a language selector. It works in JupyterLab, Notebook 7 and Voilà
(the graph is a PNG image, so no extra widget extension is needed).
"""

from .app import OPPONENTS, GameApp, available_languages, available_opponents, play

__all__ = ["OPPONENTS", "GameApp", "available_languages", "available_opponents", "play"]

"""The app notebook, notebooks/app.ipynb: the game and nothing else, for Voila and the site.

Unlike the lesson notebooks it is not executed by the build (it is a page: its only
output is the live widget). ``TITLE`` is the page title Voila shows in the browser tab;
each translation (``lessons/i18n/app_<lang>.py``) translates it. There is no heading cell:
the app shows the game's name above the board itself.
"""

from __future__ import annotations

from common import code

NAME = "app"
TITLE = "Quantum tic-tac-toe"
# Voila renders the app with the kit's template wherever it is served (the classroom
# command, a Binder or JupyterLab server's Voila): Voila's own lab template asks a CDN for
# Font Awesome, which holds the page back on a network that cannot reach it
# (share/jupyter/voila/templates/qttt/index.html.j2).
VOILA = {"template": "qttt"}

CELLS = [
    code(
        """
        from qttt_edu.widgets import play

        # The board sizes itself from the screen: a projector, a laptop or a phone.
        # In Voila, ?lang=da (fi, nb, it) in the address chooses the language.
        app = play()
        """
    ),
]
CELLS[0].id = "the-game"

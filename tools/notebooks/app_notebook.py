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

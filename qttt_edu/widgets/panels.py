"""The graph as a PNG and the realities as HTML, for notebooks that still ask for them.

The app no longer uses these: its page draws the graph as SVG and the realities
from the view model (``qttt_edu.view``). They import their engines
(``qttt_edu.drawing`` with matplotlib, ``qttt_edu.quantum``) only when first
called, so importing this module loads neither.
"""

from __future__ import annotations

import html
import io
from collections import OrderedDict
from typing import Any

from ..core import Game, Position
from ..i18n import get_language, t

__all__ = ["GraphRenderer", "realities_html"]


class GraphRenderer:
    """Draw the entanglement graph of a game to PNG bytes, reusing one Figure.

    Positions recur (undo, the timeline, a first click that changes nothing), so
    the last ``cache_size`` images are kept, keyed by position and language.
    """

    def __init__(self, size: tuple[float, float] = (4.8, 4.5), dpi: int = 80, cache_size: int = 64):
        self.size = size
        self.dpi = dpi
        self.cache_size = cache_size
        self._figure: Any = None
        self._axes: Any = None
        self._cache: OrderedDict[tuple[Position, str], bytes] = OrderedDict()

    def png(self, game: Game) -> bytes:
        """The PNG image of ``game``'s entanglement graph."""
        key = (game.position, get_language())
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        data = self.render(game)
        self._cache[key] = data
        if len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return data

    def render(self, game: Game) -> bytes:
        """Draw afresh (no cache): the work a redraw of the panel costs."""
        from ..drawing import draw_entanglement

        fig, ax = self._figure, self._axes
        if fig is None:
            # A bare Figure on an Agg canvas, not pyplot: nothing is registered with a
            # GUI, shown twice or kept alive by a global figure manager.
            from matplotlib.backends.backend_agg import FigureCanvasAgg
            from matplotlib.figure import Figure

            fig = self._figure = Figure(figsize=self.size, dpi=self.dpi, facecolor="white")
            FigureCanvasAgg(fig)
            # The drawing keeps its aspect ratio inside this box, pinned to the top;
            # the bottom strip is for the legend, drawn below the axes.
            ax = self._axes = fig.add_axes((0.14, 0.15, 0.72, 0.84))
        ax.clear()
        draw_entanglement(game, ax=ax)
        ax.set_anchor("N")
        canvas = fig.canvas
        canvas.draw()
        from PIL import Image

        width, height = canvas.get_width_height()
        image = Image.frombuffer("RGBA", (width, height), canvas.buffer_rgba(), "raw", "RGBA", 0, 1)
        buffer = io.BytesIO()
        # Light compression: the image is sent once and shown at once, so speed matters more.
        image.save(buffer, format="png", compress_level=1)
        return buffer.getvalue()


def _percent(p: float) -> str:
    if 0 < p < 0.005:
        return "<1%"
    return f"{100 * p:.0f}%"


def realities_html(game: Game) -> str:
    """The realities panel: how many classical boards remain and each square's odds."""
    from ..quantum import count_realities, square_odds

    count = count_realities(game)
    odds = square_odds(game)
    cells = []
    classical = game.classical
    for s in range(1, 10):
        if s in classical:
            body = (
                f'<span class="qttt-odds-{classical[s][0].lower()}">{classical[s]}</span> '
                f"{html.escape(t('widget_realities_settled'))}"
            )
        else:
            entry = dict(odds[s])
            empty = entry.pop("", 0)
            marks = sorted(
                ((m, p) for m, p in entry.items() if p > 0),
                key=lambda mp: (-mp[1], int(mp[0][1:])),
            )
            lines = [
                f'<span class="qttt-odds-{m[0].lower()}">{m} {_percent(p)}</span>'
                for m, p in marks[:4]
            ]
            if len(marks) > 4:
                lines[-1] += " …"
            if empty > 0 and marks:
                lines.append(f"{html.escape(t('widget_realities_empty'))} {_percent(empty)}")
            body = "<br>".join(lines)
        cells.append(f'<td><span class="qttt-sq">{s}</span><br>{body}</td>')
    rows = "".join(f"<tr>{''.join(cells[r * 3 : r * 3 + 3])}</tr>" for r in range(3))
    return (
        f'<div class="qttt-count">{html.escape(t("widget_realities_count", count=count))}</div>'
        f"<table>{rows}</table>"
        f'<div class="qttt-note">{html.escape(t("widget_realities_note"))}</div>'
    )

"""matplotlib pictures of a position: the board, the entanglement graph, the collapse cascade.

Every function imports matplotlib only when called, takes ``ax=None`` (a new
figure is made when none is given; :func:`draw_cascade` takes one axes per
panel) and returns what it drew. What the pictures mark, the cycle, its stems,
the last action and where each spooky mark sits, comes from
:mod:`qttt_edu.view`, as for the SVG board and the app; networkx is needed only
for the ``"circular"`` and ``"spring"`` layouts. Colours are the Okabe-Ito
palette of :mod:`qttt_edu.svg`, and every highlight also has its own line style
and label, so the pictures read the same in grey print and for colour-blind
students.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> from qttt_edu import Game
>>> ax = draw_entanglement(Game.from_record("1-2 2-3 3-6 1-3"))
>>> sorted(label.get_text() for label in ax.texts if label.get_text()[:1] in "XO")
['O2', 'O4', 'X1', 'X3']
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .core import Game, Line, Position, as_position, mark_name
from .entanglement import CascadeStep, cascade, pending_cycle
from .i18n import t
from .svg import COLORS
from .view import MARK_CELL, board_view, graph_view, square_xy

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "draw_board",
    "draw_cascade",
    "draw_entanglement",
    "draw_entanglement_edges",
    "draw_entanglement_labels",
    "draw_entanglement_nodes",
]

_CYCLE_STYLE = (0, (5, 3))  # dashed
_STEM_STYLE = (0, (1, 2))  # dotted


def _square_frame(patch: Any, x: float, y: float, **style: Any) -> Any:
    """A rounded frame just inside the unit square at (x, y); ``patch`` is FancyBboxPatch."""
    style.setdefault("zorder", 0.5)
    return patch((x + 0.05, y + 0.05), 0.9, 0.9, boxstyle="round,pad=0,rounding_size=0.05", **style)


def _new_axes(ax: Axes | None, size: tuple[float, float] = (4.0, 4.0)) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, new = plt.subplots(figsize=size, layout="constrained")
    return new


def _cell_points(ax: Axes, *, original: bool = False) -> float:
    """The width of one square in points, so text scales with the axes.

    ``original``: measure the axes as laid out, before an equal aspect shrinks it
    (the graph's parts all measure so, whichever of them sets the aspect first).
    """
    fig: Any = ax.get_figure()
    width_in = float(ax.get_position(original=original).width * fig.get_figwidth())
    return max(width_in * 72 / 3, 20.0)


def _mark_label(name: str) -> str:
    return f"{name[0]}$_{{{name[1:]}}}$"


def _board_axes(ax: Axes) -> None:
    ax.set_xlim(-0.02, 3.02)
    ax.set_ylim(3.02, -0.02)
    ax.set_aspect("equal")
    ax.set_axis_off()
    for i in (1, 2):
        ax.plot([i, i], [0, 3], color=COLORS["grid"], lw=2, solid_capstyle="round", zorder=1)
        ax.plot([0, 3], [i, i], color=COLORS["grid"], lw=2, solid_capstyle="round", zorder=1)


def _draw_state(
    ax: Axes,
    squares: Sequence[Mapping[str, Any]],
    *,
    lines: tuple[Line, ...] = (),
    show_numbers: bool = True,
) -> None:
    """Draw nine squares of :func:`qttt_edu.view.board_view` on a board axes.

    The shared core of draw_board and draw_cascade: what is on the cycle, a stem,
    placed or filled by the last action comes from the squares' flags.
    """
    _board_axes(ax)
    pts = _cell_points(ax)
    for sq in squares:
        _draw_square(ax, sq, pts, show_numbers)
    for line in lines:
        (x1, y1), (x2, y2) = (square_xy(line.squares[0]), square_xy(line.squares[2]))
        dx, dy = (x2 - x1) * 0.18, (y2 - y1) * 0.18
        ax.plot(
            [x1 + 0.5 - dx, x2 + 0.5 + dx],
            [y1 + 0.5 - dy, y2 + 0.5 + dy],
            color=COLORS[line.player],
            lw=pts * 0.06,
            alpha=0.55,
            solid_capstyle="round",
            zorder=4,
            label=t("svg_line_title", player=line.player, line="-".join(map(str, line.squares))),
        )


def _draw_square(ax: Axes, sq: Mapping[str, Any], pts: float, show_numbers: bool) -> None:
    """One square of the board view: its number, frames, classical and spooky marks."""
    from matplotlib.patches import FancyBboxPatch

    x, y = sq["col"], sq["row"]
    if show_numbers:
        ax.text(
            x + 0.06,
            y + 0.06,
            str(sq["square"]),
            fontsize=pts * 0.12,
            color=COLORS["faint"],
            ha="left",
            va="top",
            zorder=2,
        )
    if sq["filled"]:
        ax.add_patch(_square_frame(FancyBboxPatch, x, y, fc="#fff6e0", ec="black", lw=1.5))
    if sq["cycle"]:
        ax.add_patch(
            _square_frame(
                FancyBboxPatch,
                x,
                y,
                fc="none",
                ec=COLORS["highlight"],
                lw=2.5,
                ls=_CYCLE_STYLE,
                zorder=2,
            )
        )
        ax.text(
            x + 0.93,
            y + 0.07,
            t("view_graph_cycle"),
            fontsize=pts * 0.11,
            ha="right",
            va="top",
            zorder=3,
            bbox={"boxstyle": "round,pad=0.15", "fc": COLORS["highlight"], "ec": "none"},
        )
    if sq["classical"]:
        name = sq["classical"]["mark"]
        ax.text(
            x + 0.5,
            y + 0.52,
            _mark_label(name),
            fontsize=pts * 0.42,
            ha="center",
            va="center",
            color=COLORS[name[0]],
            zorder=3,
        )
    for mark in sq["spooky"]:
        _draw_spooky(ax, mark, x, y, pts)


def _draw_spooky(ax: Axes, mark: Mapping[str, Any], x: int, y: int, pts: float) -> None:
    """A spooky mark at its spot in the square at (x, y): framed dashed on the cycle,
    dotted on a stem, bold and underlined when the last action placed it."""
    from matplotlib.patches import FancyBboxPatch

    name = mark["mark"]
    sub = MARK_CELL
    cx, cy = x + mark["at"][0], y + mark["at"][1]
    ax.text(
        cx,
        cy,
        _mark_label(name),
        fontsize=pts * 0.19,
        ha="center",
        va="center",
        color=COLORS[name[0]],
        fontweight="bold" if mark["last"] else "normal",
        zorder=3,
    )
    frame = None
    if mark["cycle"]:
        frame = (COLORS["highlight"], _CYCLE_STYLE)
    elif mark["stem"]:
        frame = (COLORS["secondary"], _STEM_STYLE)
    if frame:
        ax.add_patch(
            FancyBboxPatch(
                (cx - sub * 0.45, cy - sub * 0.4),
                sub * 0.9,
                sub * 0.8,
                boxstyle="round,pad=0,rounding_size=0.03",
                fc="none",
                ec=frame[0],
                ls=frame[1],
                lw=1.3,
                zorder=2,
            )
        )
    if mark["last"]:
        ax.plot(
            [cx - sub * 0.35, cx + sub * 0.1],
            [cy + sub * 0.36] * 2,
            color="black",
            lw=1.5,
            solid_capstyle="round",
            zorder=3,
        )


def draw_board(game: Game | Position, ax: Axes | None = None, *, show_numbers: bool = True) -> Axes:
    """Draw the board as the SVG board shows it, on a matplotlib axes.

    Classical marks large, spooky marks small at their move number's keypad
    spot, the pending cycle dashed and tagged "cycle", stems dotted, the last
    move bold and underlined (for a ``Game``), completed lines struck through:
    the facts of :func:`qttt_edu.view.board_view`.

    Returns
    -------
    matplotlib.axes.Axes
        The axes drawn on (a new 4 x 4 inch figure when ``ax`` is None).
    """
    pos = as_position(game)
    ax = _new_axes(ax)
    _draw_state(
        ax,
        board_view(game),
        lines=pos.outcome.lines if pos.outcome else (),
        show_numbers=show_numbers,
    )
    return ax


Where = dict[int, tuple[float, float]]


def _layout(layout: str | Mapping[int, tuple[float, float]], pos: Position) -> Where:
    """Square -> (x, y) for the graph's nodes, y up (square 1 top left on the board)."""
    if isinstance(layout, Mapping):
        missing = set(range(1, 10)) - set(layout)
        if missing:
            raise ValueError(t("draw_layout_missing", squares=sorted(missing)))
        return {s: (float(layout[s][0]), float(layout[s][1])) for s in range(1, 10)}
    if layout == "board":
        # y grows downwards on screen: square 1 top left, as on the board
        return {s: (col, -row) for s in range(1, 10) for col, row in [square_xy(s)]}
    if layout not in ("circular", "spring"):
        raise ValueError(t("draw_layout_unknown", layout=repr(layout)))
    import networkx as nx

    from .graph import entanglement_graph

    simple = nx.Graph(entanglement_graph(pos))
    found: dict[int, Any] = {}
    if layout == "circular":
        found = nx.circular_layout(simple)
    else:
        # Lay out only the squares with marks; lone squares would push every
        # entanglement into a knot, so they wait in a row underneath.
        linked = [s for s in range(1, 10) if simple.degree(s)]
        alone = [s for s in range(1, 10) if not simple.degree(s)]
        left = 0.0
        # each entanglement in its own box, side by side: together they would
        # push each other to the edges and squeeze themselves into knots
        for comp in sorted(nx.connected_components(simple.subgraph(linked)), key=min):
            scale = 0.6 * math.sqrt(len(comp))
            sub = nx.spring_layout(
                simple.subgraph(comp), seed=3, scale=scale, center=(left + scale, -1)
            )
            found.update(sub)
            left += 2 * scale + 0.7
        width = max(left - 0.7, 2.0)
        for i, s in enumerate(alone):
            found[s] = (width * i / max(len(alone) - 1, 1), -1 - 0.45 * 3 if linked else -1)
    return {s: (float(found[s][0]), float(found[s][1])) for s in range(1, 10)}


def _arc_offsets(count: int, through: bool) -> list[float]:
    """Curvatures (matplotlib ``arc3`` rad) for ``count`` parallel edges.

    A lone edge is straight unless it would run through a third node; parallel
    edges bend to both sides, further apart when a node sits between their ends.
    """
    if count == 1:
        return [0.3 if through else 0.0]
    step = 0.6 if through else 0.4
    return [step * (i - (count - 1) / 2) for i in range(count)]


def _node_radius(where: Where) -> float:
    """The nodes' radius in data units: a share of the picture, and clear of the closest pair."""
    xs = [p[0] for p in where.values()]
    ys = [p[1] for p in where.values()]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
    closest = min(math.dist(where[a], where[b]) for a in range(1, 10) for b in range(a + 1, 10))
    return min(0.16 * span / 2, 0.3 * closest)


def _graph_limits(ax: Axes, where: Where) -> None:
    """Frame the graph: the same limits every time, so each part can call it (and
    axes already framed so are left alone: setting limits is slow in matplotlib)."""
    xs = [p[0] for p in where.values()]
    ys = [p[1] for p in where.values()]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
    margin = _node_radius(where) * 2.2
    xlim = (min(xs) - margin, max(xs) + margin)
    # Room for the legend (up to three rows) inside the axes, below the graph, so
    # that no layout engine or savefig call can cut it off.
    ylim = (min(ys) - margin - 0.2 * span, max(ys) + margin)
    if ax.get_xlim() == xlim and ax.get_ylim() == ylim and ax.get_aspect() == 1.0:
        return
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)


def _graph_axes(
    game: Game | Position,
    where: str | Mapping[int, tuple[float, float]] | None,
    ax: Axes | None,
) -> tuple[Position, Where, Axes]:
    """The position, the node positions (a layout name or a mapping; the board layout by
    default) and framed axes."""
    pos = as_position(game)
    spots = _layout("board" if where is None else where, pos)
    ax = _new_axes(ax, (4.6, 5.0))
    _graph_limits(ax, spots)
    return pos, spots, ax


def _node_points(ax: Axes, where: Where) -> float:
    """The node radius in points, for marker sizes and for where edges stop."""
    xmin, xmax = ax.get_xlim()
    return _node_radius(where) / (xmax - xmin) * _cell_points(ax, original=True) * 3


def _edge_shapes(pos: Position, where: Where) -> list[tuple[dict[str, Any], float]]:
    """Each spooky mark's edge of :func:`qttt_edu.view.graph_view` (in move order) and
    its arc3 curvature."""
    radius = _node_radius(where)
    groups: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for edge in graph_view(pos)["edges"]:
        groups.setdefault((edge["a"], edge["b"]), []).append(edge)
    out: list[tuple[dict[str, Any], float]] = []
    for (a, b), edges in groups.items():
        through = any(
            s not in (a, b) and _near_segment(where[s], where[a], where[b], radius * 1.2)
            for s in range(1, 10)
        )
        rads = _arc_offsets(len(edges), through)
        out.extend(zip(edges, rads, strict=True))
    return out


def draw_entanglement_nodes(
    game: Game | Position,
    where: Mapping[int, tuple[float, float]] | None = None,
    ax: Axes | None = None,
) -> list[Any]:
    """Draw the nine squares as nodes: free squares as numbered circles, squares with a
    classical mark as grey squares showing it (the number small in the corner).

    ``where`` maps every square to (x, y) (the board layout when None). Returns the
    artists drawn: the node collections, then the texts.
    """
    pos, where, ax = _graph_axes(game, where, ax)
    radius = _node_radius(where)
    node_pts = _node_points(ax, where)
    pts = _cell_points(ax, original=True)
    classical = [s for s in range(1, 10) if pos.classical_moves[s]]
    free = [s for s in range(1, 10) if not pos.classical_moves[s]]
    drawn: list[Any] = []
    # one scatter per node shape: much faster than one per node
    for squares, marker, face, edge, width in (
        (classical, "s", "#e8e8e8", COLORS["faint"], 1.0),
        (free, "o", "white", COLORS["grid"], 1.5),
    ):
        if squares:
            drawn.append(
                ax.scatter(
                    [where[s][0] for s in squares],
                    [where[s][1] for s in squares],
                    s=(2 * node_pts) ** 2,
                    marker=marker,
                    c=face,
                    edgecolors=edge,
                    linewidths=width,
                    zorder=3,
                )
            )
    for s in classical:
        mark = mark_name(pos.classical_moves[s])
        drawn += _classical_node_texts(ax, where[s], s, mark, radius, pts)
    for s in free:
        x, y = where[s]
        drawn.append(
            ax.text(
                x,
                y,
                str(s),
                ha="center",
                va="center",
                fontsize=pts * 0.14,
                color=COLORS["grid"],
                zorder=4,
            )
        )
    return drawn


def _classical_node_texts(
    ax: Axes, at: tuple[float, float], square: int, mark: str, radius: float, pts: float
) -> list[Any]:
    """A classical node's mark in the middle and its square number small in the corner."""
    x, y = at
    big = ax.text(
        x,
        y - radius * 0.05,
        _mark_label(mark),
        ha="center",
        va="center",
        fontsize=pts * 0.16,
        color=COLORS[mark[0]],
        zorder=4,
    )
    small = ax.text(
        x - radius * 0.95,
        y + radius * 0.95,
        str(square),
        ha="left",
        va="top",
        fontsize=pts * 0.08,
        color=COLORS["faint"],
        zorder=4,
    )
    return [big, small]


def draw_entanglement_edges(
    game: Game | Position,
    where: Mapping[int, tuple[float, float]] | None = None,
    ax: Axes | None = None,
) -> list[Any]:
    """Draw every spooky mark as an edge coloured by player, its ``gid`` the mark's name.

    Parallel edges, and edges that would pass through a third node, are arcs.
    While a collapse is pending the cycle's edges are dashed over an orange band,
    the stems dotted over a green one. Returns the edge patches (bands included).
    """
    from matplotlib.patches import FancyArrowPatch

    pos, where, ax = _graph_axes(game, where, ax)
    node_pts = _node_points(ax, where)
    drawn: list[Any] = []
    # Edges are added as plain artists: the limits are already set, and add_patch
    # would compute every curve in display space just to update them (slow).
    for edge, rad in _edge_shapes(pos, where):
        ends = where[edge["a"]], where[edge["b"]]
        common: dict[str, Any] = {
            "connectionstyle": f"arc3,rad={rad}",
            "arrowstyle": "-",
            "shrinkA": node_pts,
            "shrinkB": node_pts,
        }
        style: Any = "solid"
        if edge["cycle"] or edge["stem"]:
            band = COLORS["highlight"] if edge["cycle"] else COLORS["secondary"]
            style = _CYCLE_STYLE if edge["cycle"] else _STEM_STYLE
            drawn.append(
                ax.add_artist(
                    FancyArrowPatch(*ends, color=band, lw=7, alpha=0.45, zorder=1, **common)
                )
            )
        drawn.append(
            ax.add_artist(
                FancyArrowPatch(
                    *ends,
                    color=COLORS[edge["player"]],
                    lw=2.2,
                    linestyle=style,
                    zorder=2,
                    gid=edge["mark"],
                    **common,
                )
            )
        )
    return drawn


def draw_entanglement_labels(
    game: Game | Position,
    where: Mapping[int, tuple[float, float]] | None = None,
    ax: Axes | None = None,
) -> dict[str, Any]:
    """Label every edge with its mark (``X1``), in a box of the player's colour.

    Labels slide along their edges to keep clear of each other. Returns mark -> text.
    """
    pos, where, ax = _graph_axes(game, where, ax)
    pts = _cell_points(ax, original=True)
    gap = _node_radius(where) * 1.3
    placed: list[tuple[float, float]] = []  # edge labels so far, kept apart
    drawn: dict[str, Any] = {}
    for edge, rad in _edge_shapes(pos, where):
        mx, my = _label_spot(where[edge["a"]], where[edge["b"]], rad, placed, gap)
        placed.append((mx, my))
        color = COLORS[edge["player"]]
        drawn[edge["mark"]] = ax.text(
            mx,
            my,
            edge["mark"],
            ha="center",
            va="center",
            fontsize=pts * 0.1,
            color=color,
            zorder=5,
            bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": color, "lw": 0.8},
        )
    return drawn


def _graph_legend(ax: Axes, pos: Position) -> None:
    """A legend of every style the graph uses: players, cycle, stems, classical squares."""
    from matplotlib.legend_handler import HandlerTuple
    from matplotlib.lines import Line2D

    info = pending_cycle(pos)
    entries: list[tuple[Any, str]] = [
        (Line2D([], [], color=COLORS["X"], lw=2.2), t("draw_legend_x")),
        (Line2D([], [], color=COLORS["O"], lw=2.2), t("draw_legend_o")),
    ]
    if info:
        # a band in the highlight colour under a dashed (cycle) or dotted (stem) line,
        # as the edges themselves are drawn
        entries.append(
            (
                (
                    Line2D([], [], color=COLORS["highlight"], lw=7, alpha=0.45),
                    Line2D([], [], color=COLORS["grid"], lw=2.2, ls=_CYCLE_STYLE),
                ),
                t("draw_legend_cycle", mark=info.mark),
            )
        )
        if info.stems:
            entries.append(
                (
                    (
                        Line2D([], [], color=COLORS["secondary"], lw=7, alpha=0.45),
                        Line2D([], [], color=COLORS["grid"], lw=2.2, ls=_STEM_STYLE),
                    ),
                    t("draw_legend_stem"),
                )
            )
    if pos.classical:
        square = Line2D(
            [],
            [],
            color="#e8e8e8",
            marker="s",
            markersize=10,
            lw=0,
            markeredgecolor=COLORS["faint"],
        )
        entries.append((square, t("draw_legend_classical")))
    ax.legend(
        handles=[h for h, _ in entries],
        labels=[label for _, label in entries],
        handler_map={tuple: HandlerTuple(ndivide=1)},
        loc="lower center",
        bbox_to_anchor=(0.5, 0.0),
        ncol=2,
        frameon=False,
        fontsize=_cell_points(ax, original=True) * 0.095,
        handlelength=2.6,
    )


def draw_entanglement(
    game: Game | Position,
    ax: Axes | None = None,
    *,
    layout: str | Mapping[int, tuple[float, float]] = "board",
    show_labels: bool = True,
) -> Axes:
    """Draw the entanglement graph: squares as nodes, spooky marks as edges.

    Parameters
    ----------
    game : Game or Position
    ax : matplotlib Axes, optional
        Drawn on a new figure when None.
    layout : {"board", "circular", "spring"} or dict
        ``"board"`` (default) puts each square's node where the square is on the
        board; a dict maps every square 1-9 to an (x, y) position.
    show_labels : bool
        Label every edge with its mark (``X1``, ``O2``).

    Notes
    -----
    As networkx's ``draw_networkx``, this frames the axes and delegates to
    :func:`draw_entanglement_nodes`, :func:`draw_entanglement_edges` and
    :func:`draw_entanglement_labels` (each usable alone, with ``ax=None``), then
    adds a legend that explains each style. The cycle and stems are those of
    :func:`qttt_edu.view.graph_view`.

    Returns
    -------
    matplotlib.axes.Axes
    """
    pos, where, ax = _graph_axes(game, layout, ax)
    if layout == "board":
        for i in (0.5, 1.5):
            ax.plot([i, i], [0.5, -2.5], color="#dddddd", lw=1.2, zorder=0)
            ax.plot([-0.5, 2.5], [-i, -i], color="#dddddd", lw=1.2, zorder=0)
    draw_entanglement_nodes(pos, where, ax)
    draw_entanglement_edges(pos, where, ax)
    if show_labels:
        draw_entanglement_labels(pos, where, ax)
    _graph_legend(ax, pos)
    return ax


def _label_spot(
    p0: tuple[float, float],
    p2: tuple[float, float],
    rad: float,
    placed: list[tuple[float, float]],
    gap: float,
) -> tuple[float, float]:
    """A point on an edge for its label, away from labels already placed.

    Edges of the board layout often cross at their midpoints (1-5 and 2-4 do), so
    the label slides along the curve (matplotlib's arc3 quadratic Bezier) until
    it is clear of the others, falling back to the midpoint.
    """
    (x0, y0), (x2, y2) = p0, p2
    cx = (x0 + x2) / 2 + rad * (y2 - y0)
    cy = (y0 + y2) / 2 - rad * (x2 - x0)
    for u in (0.5, 0.36, 0.64, 0.28, 0.72):
        x = (1 - u) ** 2 * x0 + 2 * u * (1 - u) * cx + u * u * x2
        y = (1 - u) ** 2 * y0 + 2 * u * (1 - u) * cy + u * u * y2
        if all(math.hypot(x - px, y - py) > gap for px, py in placed):
            return x, y
    return (x0 + x2) / 2 + 0.5 * rad * (y2 - y0), (y0 + y2) / 2 - 0.5 * rad * (x2 - x0)


def _near_segment(
    p: tuple[float, float], a: tuple[float, float], b: tuple[float, float], tol: float
) -> bool:
    """Whether point p lies within ``tol`` of the segment from a to b (strictly inside it)."""
    (px, py), (ax_, ay), (bx, by) = p, a, b
    dx, dy = bx - ax_, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return False
    u = ((px - ax_) * dx + (py - ay) * dy) / length2
    if not 0 < u < 1:
        return False
    return math.hypot(ax_ + u * dx - px, ay + u * dy - py) < tol


def _after_step(before: Sequence[Mapping[str, Any]], step: CascadeStep) -> list[dict[str, Any]]:
    """The squares of ``before`` once the cascade has placed every mark up to ``step``.

    Placed marks are classical; their spooky halves are gone everywhere (a mark still
    spooky in a square that has just filled is about to leave it: the next panel's
    arrow shows it go). The step's square is framed as filled; the cycle and stem
    frames of the marks still spooky stay as ``before`` had them.
    """
    placed = step.placed_so_far
    out = []
    for sq in before:
        s = sq["square"]
        name = placed.get(s)
        classical = (
            {"mark": name, "player": name[0], "move": int(name[1:])} if name else sq["classical"]
        )
        spooky = [] if classical else [m for m in sq["spooky"] if m["mark"] not in placed.values()]
        out.append(
            {
                **sq,
                "classical": classical,
                "spooky": [{**m, "last": False} for m in spooky],
                "cycle": False,
                "filled": s == step.square,
            }
        )
    return out


def draw_cascade(
    game: Game | Position,
    square: int,
    ax: Sequence[Axes] | None = None,
    *,
    ncols: int = 4,
) -> Figure:
    """Small multiples of a pending collapse, if the newest mark lands in ``square``.

    The first panel is the position before the collapse; each further panel is
    one step of :func:`qttt_edu.entanglement.cascade`, titled with its reason. A
    mark that has landed is drawn large; the mark landing in that step is framed,
    and an arrow shows it leaving its other square.

    Parameters
    ----------
    game : Game or Position
    square : int
        Where the chooser puts the newest mark: one of its two squares.
    ax : sequence of matplotlib Axes, optional
        One axes per panel (the steps of the cascade plus one), for example
        ``plt.subplots(1, 5)[1]``; axes beyond those are hidden. A new figure of
        ``ncols`` columns when None.

    Raises
    ------
    IllegalMoveError
        When no collapse is pending or ``square`` is not one of the newest mark's squares.
    ValueError
        When ``ax`` has fewer axes than panels.

    Returns
    -------
    matplotlib.figure.Figure
        The figure of the (first) axes.
    """
    pos = as_position(game)
    steps = cascade(pos, square)
    info = pending_cycle(pos)
    assert info is not None  # cascade() has raised otherwise
    panels = len(steps) + 1
    flat = _cascade_axes(ax, panels, ncols)
    before = board_view(pos)
    _draw_state(flat[0], before)
    flat[0].set_title(
        _wrap(t("draw_cascade_before", mark=info.mark, a=info.choices[0], b=info.choices[1])),
        fontsize=9,
    )
    for number, (panel, step) in enumerate(zip(flat[1:], steps, strict=False), 1):
        _draw_state(panel, _after_step(before, step))
        if step.left is not None:
            _leaving_arrow(panel, step.left, step.square)
        panel.set_title(_wrap(f"{number}. {step.reason}"), fontsize=9)
    for panel in flat[panels:]:
        panel.set_visible(False)
    fig: Any = flat[0].get_figure()
    title = t("draw_cascade_title", chooser=info.chooser, mark=info.mark, square=square)
    fig.suptitle(title, fontsize=12)
    figure: Figure = fig
    return figure


def _cascade_axes(ax: Sequence[Axes] | None, panels: int, ncols: int) -> list[Axes]:
    """The given axes (at least ``panels``), or a new figure's in ``ncols`` columns."""
    if ax is not None:
        flat = list(ax)
        if len(flat) < panels:
            raise ValueError(t("draw_cascade_axes", count=len(flat), panels=panels))
        return flat
    import matplotlib.pyplot as plt

    rows = math.ceil(panels / ncols)
    cols = math.ceil(panels / rows)
    _, grid = plt.subplots(
        rows, cols, figsize=(2.9 * cols, 3.35 * rows), squeeze=False, layout="constrained"
    )
    return list(grid.flat)


def _leaving_arrow(panel: Axes, left: int, landed: int) -> None:
    """The arrow from the square a mark left to the square it landed in."""
    (x1, y1), (x2, y2) = square_xy(left), square_xy(landed)
    panel.annotate(
        "",
        xy=(x2 + 0.5, y2 + 0.5),
        xytext=(x1 + 0.5, y1 + 0.5),
        arrowprops={
            "arrowstyle": "-|>",
            "color": "black",
            "lw": 1.6,
            "shrinkA": 14,
            "shrinkB": 22,
            "connectionstyle": "arc3,rad=0.2",
        },
        zorder=5,
    )


def _wrap(text: str) -> str:
    return "\n".join(textwrap.wrap(text, 34))

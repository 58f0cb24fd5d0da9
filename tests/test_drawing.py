"""matplotlib drawings (Agg via conftest) return what they drew, with the artists a reader needs."""

import matplotlib.pyplot as plt
import pytest
from hypothesis import given, settings
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch

from qttt_edu import Game, IllegalMoveError
from qttt_edu.drawing import draw_board, draw_cascade, draw_entanglement

from .strategies import reachable_positions


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def texts(ax: Axes) -> list[str]:
    return [t.get_text() for t in ax.texts]


def edges(ax: Axes) -> dict[str, FancyArrowPatch]:
    """The edge drawn for each mark (the coloured line, not the highlight band under it)."""
    return {p.get_gid(): p for p in arrows(ax) if p.get_gid()}


def arrows(ax: Axes) -> list[FancyArrowPatch]:
    return [p for p in ax.get_children() if isinstance(p, FancyArrowPatch)]


def test_draw_board_returns_axes_with_every_mark():
    g = Game.from_record("1-2 1-2 c1 4-5")
    ax = draw_board(g)
    assert isinstance(ax, Axes)
    labels = texts(ax)
    assert labels.count("O$_{2}$") == 1 and labels.count("X$_{1}$") == 1  # classical
    assert labels.count("X$_{3}$") == 2  # a spooky pair: one in each square
    assert [str(s) for s in range(1, 10)] == [x for x in labels if x.isdigit()]
    assert "cycle" not in labels


def test_draw_board_on_given_axes_marks_the_cycle():
    _, ax = plt.subplots()
    assert draw_board(Game.from_record("1-2 2-5 1-5"), ax) is ax
    assert texts(ax).count("cycle") == 3
    dashed = [p for p in ax.patches if p.get_linestyle() not in ("-", "solid")]
    assert len(dashed) >= 3 + 6  # three squares and the six halves of the cycle's marks


def test_draw_board_strikes_completed_lines():
    ax = draw_board(Game.from_record("3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"))
    assert sorted(line.get_label() for line in ax.lines if "line" in line.get_label()) == [
        "O line 1-4-7",
        "X line 3-6-9",
    ]


def test_draw_entanglement_edges_labels_and_legend():
    ax = draw_entanglement(Game.from_record("1-2 2-3 3-6 1-3"))
    drawn = edges(ax)
    assert sorted(drawn) == ["O2", "O4", "X1", "X3"]
    assert {"X1", "O2", "X3", "O4"} <= set(texts(ax))
    # cycle dashed, stem dotted, both over a band; colour is never the only cue
    assert drawn["O4"].get_linestyle() == drawn["X1"].get_linestyle() != "solid"
    assert drawn["X3"].get_linestyle() not in ("solid", drawn["X1"].get_linestyle())
    bands = [p for p in arrows(ax) if not p.get_gid()]
    assert len(bands) == 4
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any("cycle" in x for x in legend) and any("stem" in x for x in legend)


def test_draw_entanglement_parallel_edges_are_arcs():
    ax = draw_entanglement(Game.from_record("4-5 4-5"))
    drawn = edges(ax)
    rads = sorted(p.get_connectionstyle().rad for p in drawn.values())
    assert rads[0] < 0 < rads[1]


def test_draw_entanglement_bends_edges_around_a_middle_node():
    ax = draw_entanglement(Game.from_record("1-9 2-3"))
    drawn = edges(ax)
    assert drawn["X1"].get_connectionstyle().rad != 0  # 1-9 would cross node 5
    assert drawn["O2"].get_connectionstyle().rad == 0


def test_draw_entanglement_labels_do_not_sit_on_each_other():
    ax = draw_entanglement(Game.from_record("1-5 2-4"))  # the two edges cross at their middles
    spots = [t.get_position() for t in ax.texts if t.get_text() in ("X1", "O2")]
    assert spots[0] != spots[1]


def test_draw_entanglement_layouts_and_bad_layout():
    g = Game.from_record("1-2 4-5")
    for layout in ("circular", "spring", {s: (s, s % 2) for s in range(1, 10)}):
        assert sorted(edges(draw_entanglement(g, layout=layout))) == ["O2", "X1"]
    assert "X1" not in texts(draw_entanglement(g, show_labels=False))
    with pytest.raises(ValueError, match="unknown layout"):
        draw_entanglement(g, layout="hexagonal")
    with pytest.raises(ValueError, match="missing"):
        draw_entanglement(g, layout={1: (0, 0)})


def test_draw_entanglement_shows_classical_squares():
    ax = draw_entanglement(Game.from_record("1-2 1-2 c1"))
    assert edges(ax) == {}
    assert {"O$_{2}$", "X$_{1}$"} <= set(texts(ax))


def test_draw_cascade_one_panel_per_step_titled_with_reasons():
    g = Game.from_record("1-2 2-3 3-6 1-3")
    fig = draw_cascade(g, 1)
    assert isinstance(fig, Figure)
    visible = [ax for ax in fig.axes if ax.get_visible()]
    assert len(visible) == 5  # before + four steps
    titles = [ax.get_title().replace("\n", " ") for ax in visible]
    assert titles[1] == "1. O4 lands in square 1 by X's decision"
    assert titles[3].startswith("3. O2 must leave square 2 because X1 landed there")
    assert fig.get_suptitle() == "If X puts O4 in square 1"
    assert "O$_{4}$" in texts(visible[-1]) and "X$_{3}$" in texts(visible[-1])
    fig.canvas.draw()  # renders without error


def test_draw_cascade_draws_on_given_axes_and_refuses_too_few():
    g = Game.from_record("1-2 2-3 3-6 1-3")
    fig, axes = plt.subplots(2, 3)
    assert draw_cascade(g, 1, list(axes.flat)) is fig
    titles = [ax.get_title().replace("\n", " ") for ax in axes.flat if ax.get_visible()]
    assert len(titles) == 5 and titles[1] == "1. O4 lands in square 1 by X's decision"
    assert not axes.flat[5].get_visible()  # the spare axes is hidden
    plt.close(fig)
    fig, axes = plt.subplots(1, 3)
    with pytest.raises(ValueError, match=r"5 panels .* but 3 axes"):
        draw_cascade(g, 1, list(axes))
    assert all(not ax.texts for ax in axes)  # refused before drawing anything
    plt.close(fig)


def test_draw_cascade_needs_a_pending_collapse():
    with pytest.raises(IllegalMoveError, match="no collapse is pending"):
        draw_cascade(Game.from_record("1-2"), 1)
    with pytest.raises(IllegalMoveError, match="not 5"):
        draw_cascade(Game.from_record("1-2 1-2"), 5)


@settings(max_examples=25)
@given(reachable_positions(16))
def test_any_position_draws(pos):
    fig, (left, right) = plt.subplots(1, 2)
    draw_board(pos, left)
    draw_entanglement(pos, right)
    assert sorted(edges(right)) == sorted(name for name, _ in pos.spooky_marks)
    spooky_labels = [x for x in texts(left) if "$" in x]
    assert len(spooky_labels) == len(pos.classical) + 2 * len(pos.spooky)
    plt.close(fig)


def test_the_graph_parts_draw_alone_on_new_axes():
    """draw_entanglement delegates to nodes, edges and labels, each usable with ax=None."""
    from qttt_edu.drawing import (
        draw_entanglement_edges,
        draw_entanglement_labels,
        draw_entanglement_nodes,
    )

    g = Game.from_record("1-2 2-3 3-6 1-3 c1 4-5")
    nodes = draw_entanglement_nodes(g)
    node_texts = sorted(a.get_text() for a in nodes if hasattr(a, "get_text"))
    # the four classical squares show their marks, the five free ones their numbers
    assert node_texts == sorted(
        [*map(str, range(1, 10)), "O$_{4}$", "X$_{1}$", "O$_{2}$", "X$_{3}$"]
    )
    edges = draw_entanglement_edges(g)
    assert [e.get_gid() for e in edges] == ["X5"]
    assert edges[0].axes.get_xlim() == nodes[0].axes.get_xlim()  # framed alike
    where = {s: (float(s), 0.0) for s in range(1, 10)}  # a layout of one's own: a row
    labels = draw_entanglement_labels(g, where)
    assert list(labels) == ["X5"] and labels["X5"].get_text() == "X5"
    assert 4 < labels["X5"].get_position()[0] < 5  # between its squares 4 and 5
    plt.close("all")


def test_board_pictures_need_no_networkx():
    """networkx lays out the circular and spring graphs; the board layout needs none."""
    import subprocess
    import sys

    code = (
        "import sys, matplotlib\n"
        "matplotlib.use('Agg')\n"
        "from qttt_edu import Game\n"
        "from qttt_edu.drawing import draw_board, draw_cascade, draw_entanglement\n"
        "g = Game.from_record('1-2 2-3 3-6 1-3')\n"
        "draw_board(g); draw_cascade(g, 1); draw_entanglement(g)\n"
        "print('networkx' in sys.modules)\n"
        "draw_entanglement(g, layout='spring')\n"
        "print('networkx' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]

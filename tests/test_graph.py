"""The entanglement graph, the cycle and its stems, and the collapse cascade."""

import networkx as nx
import pytest
from hypothesis import given

from qttt_edu import Game, IllegalMoveError
from qttt_edu.graph import (
    cascade,
    collapse_outcomes,
    components,
    entanglement_graph,
    pending_cycle,
)

from .strategies import reachable_positions

positions = reachable_positions(14)


def test_graph_nodes_and_parallel_edges():
    g = Game.from_record("1-2 1-2")
    graph = entanglement_graph(g)
    assert isinstance(graph, nx.MultiGraph)
    assert sorted(graph.nodes) == list(range(1, 10))
    assert graph.number_of_edges(1, 2) == 2
    assert graph.edges[1, 2, 1] == {"player": "X", "move": 1, "mark": "X1", "squares": (1, 2)}
    assert graph.edges[1, 2, 2]["player"] == "O"
    assert all(graph.nodes[s]["classical"] is None for s in graph)


def test_graph_after_collapse_has_classical_nodes_and_no_collapsed_edges():
    g = Game.from_record("1-2 1-2 c1 4-5")
    graph = entanglement_graph(g.position)  # a Position works as well as a Game
    assert graph.nodes[1]["classical"] == "O2"
    assert graph.nodes[2]["classical"] == "X1"
    assert graph.nodes[4]["classical"] is None
    assert list(graph.edges(keys=True, data="mark")) == [(4, 5, 3, "X3")]


def test_rejects_other_objects():
    with pytest.raises(TypeError, match="Game or a Position"):
        entanglement_graph("1-2 1-2")


def test_worked_example_1_two_cycle():
    info = pending_cycle(Game.from_record("1-2 1-2"))
    assert info.mark == "O2" and info.chooser == "X" and info.choices == (1, 2)
    assert info.squares == (1, 2)
    assert info.marks == ("X1", "O2")
    assert info.stems == ()
    assert info.others == []
    assert info.component == {1, 2}


def test_worked_example_2_cycle_and_stem():
    g = Game.from_record("1-2 2-3 3-6 1-3")
    info = pending_cycle(g)
    assert info.squares == (1, 2, 3)
    assert info.marks == ("X1", "O2", "O4")
    assert info.stems == ("X3",)
    assert info.component == {1, 2, 3, 6}
    steps = cascade(g, 1)
    assert [(s.mark, s.square) for s in steps] == [("O4", 1), ("X1", 2), ("O2", 3), ("X3", 6)]
    assert [s.on_cycle for s in steps] == [True, True, True, False]
    assert steps[0].reason == "O4 lands in square 1 by X's decision"
    assert steps[2].reason.startswith("O2 must leave square 2 because X1 landed there")
    assert (steps[3].left, steps[3].forced_by) == (3, "O2")
    assert steps[-1].placed_so_far == {1: "O4", 2: "X1", 3: "O2", 6: "X3"}
    assert steps[1].placed_so_far == {1: "O4", 2: "X1"}
    # RULES.md: "With c3 instead: O4 -> 3, O2 -> 2, X3 -> 6, X1 -> 1."
    assert [(s.mark, s.square) for s in cascade(g, 3)] == [
        ("O4", 3),
        ("O2", 2),
        ("X3", 6),
        ("X1", 1),
    ]


def test_worked_example_3_separate_entanglement_is_left_alone():
    g = Game.from_record("3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7")
    info = pending_cycle(g)
    assert info.mark == "O8" and info.chooser == "X"
    assert set(info.squares) == {4, 7, 9} and info.squares[0] == 4
    assert info.marks[-1] == "O8"
    assert set(info.stems) == {"X1", "O2"}
    assert info.others == [{1, 5, 6, 8}]
    assert components(g) == [{1, 5, 6, 8}, {2, 3, 4, 7, 9}]
    g.collapse(4)
    assert components(g) == [{1, 5, 6, 8}]
    assert pending_cycle(g) is None


def test_goff_fig4_cycle_through_three_squares():
    info = pending_cycle(Game.from_record("1-2 2-5 1-5"))
    assert info.squares == (1, 2, 5)
    assert info.marks == ("X1", "O2", "X3")
    assert info.chooser == "O"


def test_cycle_is_consistent_with_graph():
    g = Game.from_record("3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7")
    info = pending_cycle(g)
    graph = entanglement_graph(g)
    n = len(info.squares)
    for i, mark in enumerate(info.marks):
        a, b = info.squares[i], info.squares[(i + 1) % n]
        assert mark in {d["mark"] for d in graph.get_edge_data(a, b).values()}


def test_no_pending_collapse():
    g = Game.from_record("1-2 2-3")
    assert pending_cycle(g) is None
    assert collapse_outcomes(g) == {}
    with pytest.raises(IllegalMoveError, match="no collapse is pending"):
        cascade(g, 1)


def test_cascade_refuses_a_square_outside_the_choice():
    g = Game.from_record("1-2 2-3 3-6 1-3")
    with pytest.raises(IllegalMoveError, match="O4 can land only in square 1 or square 3, not 2"):
        cascade(g, 2)
    assert g.awaiting_collapse is not None  # unchanged


@given(positions)
def test_collapse_outcomes_agree_with_collapsing(pos):
    if not pos.pending:
        assert collapse_outcomes(pos) == {}
        return
    outcomes = collapse_outcomes(pos)
    assert outcomes == pos.collapse_outcomes()
    for square, board in outcomes.items():
        after = pos.play(100 + square)
        assert board == {s: after.classical[s] for s in board}
        steps = cascade(pos, square)
        assert steps[-1].placed_so_far == board
        # every mark of the component lands exactly once, each in a different square
        assert len(steps) == len(board) == len({s.mark for s in steps})
        info = pending_cycle(pos)
        assert {s.mark for s in steps} == set(info.marks) | set(info.stems)
        assert set(board) == info.component


@given(positions)
def test_graph_is_a_forest_unless_a_collapse_is_pending(pos):
    graph = entanglement_graph(pos)
    assert graph.number_of_edges() == len(pos.spooky)
    spooky_squares = {s for _, a, b in pos.spooky for s in (a, b)}
    assert set().union(*components(pos)) == spooky_squares
    cycles = len(pos.spooky) - sum(len(c) - 1 for c in components(pos))
    assert cycles == (1 if pos.pending else 0)


def test_the_entanglement_logic_needs_only_the_standard_library():
    """qttt_edu.entanglement works out cycles, stems and cascades with the standard library
    alone; graph.py adds networkx on top and re-exports the same objects."""
    import json
    import subprocess
    import sys

    code = (
        "import json, sys\n"
        "before = set(sys.modules)\n"
        "from qttt_edu import Game\n"
        "from qttt_edu.entanglement import cascade, components, pending_cycle\n"
        "g = Game.from_record('1-2 4-5')\n"
        "assert pending_cycle(g) is None and components(g)\n"
        "g = Game.from_record('1-2 2-3 3-6 1-3')\n"
        "assert len(cascade(g, 1)) == 4\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in set(sys.modules) - before})))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(json.loads(out.stdout))
    assert "qttt_edu" in loaded  # the probe really imported it
    assert loaded - set(sys.stdlib_module_names) == {"qttt_edu"}

    from qttt_edu import entanglement, graph

    assert graph.pending_cycle is entanglement.pending_cycle
    assert graph.CascadeStep is entanglement.CascadeStep

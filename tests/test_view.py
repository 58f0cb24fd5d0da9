"""The view model (qttt_edu.view): plain data, true to the core, laid out for the eye."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qttt_edu import Game
from qttt_edu.core import mark_name
from qttt_edu.graph import pending_cycle
from qttt_edu.view import board_view, graph_view, mark_spot, square_xy, view_model

from .strategies import reachable_positions


def _point(e: dict, u: float) -> tuple[float, float]:
    (ax, ay), (bx, by) = square_xy(e["a"]), square_xy(e["b"])
    cx, cy = e["control"]
    v = 1 - u
    return (v * v * ax + 2 * u * v * cx + u * u * bx, v * v * ay + 2 * u * v * cy + u * u * by)


@settings(max_examples=150, deadline=None)
@given(reachable_positions())
def test_every_position_gives_json_true_to_the_core(position):
    vm = view_model(position)
    assert json.loads(json.dumps(vm)) == vm
    for sq in vm["squares"]:
        s = sq["square"]
        move = position.classical_moves[s]
        if move:
            assert sq["classical"]["move"] == move and sq["spooky"] == []
        else:
            assert [m["mark"] for m in sq["spooky"]] == position.spooky_in(s)
            for m in sq["spooky"]:
                assert m["slot"] == m["move"]  # mark n sits in slot n, whatever else is there
                assert m["player"] == m["mark"][0]
                assert (
                    s in next((a, b) for n, a, b in position.spooky if n == m["move"])
                    and m["partner"] != s
                )
    assert len(vm["graph"]["edges"]) == len(position.spooky)
    assert vm["phase"] in ("move", "collapse", "ninth", "over")


@settings(max_examples=150, deadline=None)
@given(reachable_positions())
def test_graph_arcs_stay_apart_and_off_other_nodes(position):
    graph = graph_view(position)
    edges = graph["edges"]
    for e in edges:
        # No arc runs through a square that is not one of its ends.
        for s in range(1, 10):
            if s in (e["a"], e["b"]):
                continue
            x, y = square_xy(s)
            closest = min(math.dist((x, y), _point(e, u / 40)) for u in range(41))
            assert closest > graph["radius"] * 0.9, (e["mark"], s)
    # Parallel marks (the same two squares) are separate arcs, at least 0.15 apart at the apex.
    for e in edges:
        for f in edges:
            if e["move"] < f["move"] and (e["a"], e["b"]) == (f["a"], f["b"]):
                assert math.dist(e["apex"], f["apex"]) >= 0.15
    labels = [tuple(e["label_at"]) for e in edges]
    close = [
        (p, q) for i, p in enumerate(labels) for q in labels[i + 1 :] if math.dist(p, q) < 0.12
    ]
    assert not close, close


def test_cycle_stems_and_choices_match_the_graph_module():
    game = Game.from_record("1-2 2-3 3-6 1-3")  # RULES.md example 2: cycle 1-2-3, stem X3
    vm = view_model(game)
    info = pending_cycle(game)
    pending = vm["pending"]
    assert pending["cycle"] == list(info.squares) and pending["stems"] == ["X3"]
    assert pending["choices"] == [1, 3]
    assert [c["square"] for c in pending["buttons"]] == [1, 3]
    assert [s["square"] for s in vm["squares"] if s["cycle"]] == [1, 2, 3]
    assert [s["square"] for s in vm["squares"] if s["stem"]] == [6]
    edges = {e["mark"]: e for e in vm["graph"]["edges"]}
    assert edges["X3"]["stem"] and not edges["X3"]["cycle"]
    assert all(edges[m]["cycle"] for m in ("X1", "O2", "O4"))
    assert [n["square"] for n in vm["graph"]["nodes"] if n["cycle"]] == [1, 2, 3]


def test_last_collapse_lists_its_cascade_and_the_board_before():
    game = Game.from_record("1-2 2-5 1-5 c1")  # Goff, Fig. 5
    last = view_model(game)["last_action"]
    assert last["kind"] == "collapse" and last["mark"] == "X3"
    assert [(s["mark"], s["square"]) for s in last["cascade"]] == [
        ("X3", 1),
        ("X1", 2),
        ("O2", 5),
    ]
    before = {sq["square"]: [m["mark"] for m in sq["spooky"]] for sq in last["before"]}
    assert before[1] == ["X1", "X3"] and before[5] == ["O2", "X3"]


def test_outcome_marks_the_winning_line_and_the_later_one():
    vm = view_model(Game.from_record("3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"))
    assert vm["phase"] == "over" and vm["outcome"]["winner"] == "X"
    lines = {sq["square"]: sq["line"] for sq in vm["squares"] if sq["line"]}
    assert lines == {3: "winner", 6: "winner", 9: "winner", 1: "later", 4: "later", 7: "later"}
    assert vm["outcome"]["banner"] == "X wins!"
    assert vm["realities"]["decided"] is True


def test_a_bare_position_has_no_history_but_the_same_board():
    game = Game.from_record("1-2 1-2")
    from_game, from_position = view_model(game), view_model(game.position)

    def marks(vm):
        # what was placed last is history, which only the game knows
        return [
            (sq["classical"], [{**m, "last": None} for m in sq["spooky"]], sq["cycle"])
            for sq in vm["squares"]
        ]

    assert marks(from_game) == marks(from_position)
    assert [m["last"] for m in from_game["squares"][0]["spooky"]] == [False, True]
    assert [m["last"] for m in from_position["squares"][0]["spooky"]] == [False, False]
    assert from_game["graph"] == from_position["graph"]
    assert from_position["last_action"] is None and from_position["record"] == ""
    assert from_position["status"]["prompt"] == from_game["status"]["prompt"]


def _run_fresh(code: str, modules: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter; it prints which of ``modules`` it loaded."""
    probe = f"{code}import sys\nprint(sorted(m for m in {modules!r} if m in sys.modules))\n"
    return subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)


def test_the_app_and_its_view_never_load_matplotlib_or_numpy():
    """The static site runs the app under Pyodide, where neither is installed."""
    code = (
        "import sys, qttt_edu.widgets, qttt_edu.view\n"
        "from qttt_edu.widgets import GameApp\n"
        "app = GameApp(computer_delay=0)\n"
        "for s in (1, 2, 1, 2): app.board.send_action({'type': 'square', 'square': s})\n"
        "app.board.send_action({'type': 'choose', 'square': 1})\n"
        "assert app.game.record() == '1-2 1-2 c1'\n"
    )
    out = _run_fresh(code, ("matplotlib", "numpy", "PIL"))
    assert out.stdout.strip() == "[]"


def test_the_view_model_needs_no_networkx_or_matplotlib():
    """view.py is dependency-free too: a whole view model, realities and the
    explanation included, loads neither networkx nor matplotlib (nor numpy)."""
    code = (
        "import sys\n"
        "from qttt_edu import Game\n"
        "from qttt_edu.view import view_model\n"
        "vm = view_model(Game.from_record('1-2 2-3 3-6 1-3'))\n"
        "assert vm['pending']['cycle'] == [1, 2, 3] and vm['realities']['count'] == 2\n"
    )
    out = _run_fresh(code, ("networkx", "matplotlib", "numpy"))
    assert out.stdout.strip() == "[]"


def _game_from(picks: list[int]) -> Game:
    """A game (with its history) of random legal actions, each pick modulo their count."""
    game = Game()
    for pick in picks:
        actions = game.position.legal_actions()
        if not actions:
            break
        game.apply(actions[pick % len(actions)])
    return game


@settings(max_examples=120, deadline=None)
@given(st.lists(st.integers(0, 10_000), max_size=14))
def test_board_view_facts_are_the_cores(picks):
    """What each board marks (cycle, stems, last action, filled squares, mark spots) is
    decided in board_view, and agrees with the core and the entanglement logic."""
    game = _game_from(picks)
    pos = game.position
    squares = board_view(game)
    info = pending_cycle(pos)
    assert [sq["square"] for sq in squares if sq["cycle"]] == sorted(info.squares if info else [])
    marks = [m for sq in squares for m in sq["spooky"]]
    assert {m["mark"] for m in marks if m["cycle"]} == set(info.marks if info else [])
    assert {m["mark"] for m in marks if m["stem"]} == set(info.stems if info else [])
    assert all(tuple(m["at"]) == mark_spot(m["move"]) for m in marks)
    last = game.history[-1] if game.history else None
    placed = {m["mark"] for m in marks if m["last"]}
    filled = {sq["square"] for sq in squares if sq["filled"]}
    if last is not None and last.kind == "pair":
        assert placed == {mark_name(pos.spooky[-1][0])} and filled == set()
    else:  # a collapse, the ninth move's classical mark, or no action yet
        before = list(game)[-2] if last is not None else pos
        assert placed == set()
        assert filled == {
            s for s in range(1, 10) if pos.classical_moves[s] and not before.classical_moves[s]
        }


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 10_000), max_size=14))
def test_the_svg_and_matplotlib_boards_show_board_views_facts(picks):
    """Both renderers draw from board_view: the marks they set in bold (placed by the last
    action) and the squares they tag as on the cycle are the view's."""
    import matplotlib.pyplot as plt

    from qttt_edu.drawing import draw_board
    from qttt_edu.svg import board_svg

    game = _game_from(picks)
    squares = board_view(game)
    placed = sorted(m["mark"] for sq in squares for m in sq["spooky"] if m["last"])
    svg = board_svg(game)
    bold = re.findall(r'font-weight="bold">(\w)<tspan[^>]*>(\d)</tspan>', svg)
    assert sorted(a + b for a, b in bold) == placed
    assert svg.count(">cycle</text>") == sum(sq["cycle"] for sq in squares)
    ax = draw_board(game)
    drawn = sorted(
        text.get_text().replace("$_{", "").replace("}$", "")
        for text in ax.texts
        if text.get_fontweight() == "bold"
    )
    assert drawn == placed
    assert sum(text.get_text() == "cycle" for text in ax.texts) == sum(
        sq["cycle"] for sq in squares
    )
    plt.close(ax.figure)


def test_the_board_view_refuses_what_is_no_game_and_says_what_it_got() -> None:
    # A record string is the likely slip: it is named, not drawn as an empty board.
    with pytest.raises(TypeError, match="expected a Game or a Position, not str"):
        board_view("1-2")  # type: ignore[arg-type]

"""The SVG board: every mark drawn, the cycle and last move marked without colour alone."""

import ast
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given

from qttt_edu import Game
from qttt_edu.svg import SvgBoard, board_svg

from .strategies import reachable_positions

NS = {"svg": "http://www.w3.org/2000/svg"}


def drawn_marks(svg: str) -> list[str]:
    """Every mark the picture shows, as text such as 'X3' (letter + subscript tspan)."""
    root = ET.fromstring(svg)
    marks = []
    for text in root.iter("{http://www.w3.org/2000/svg}text"):
        tspans = list(text)
        if text.text in ("X", "O") and len(tspans) == 1:
            marks.append(text.text + tspans[0].text)
    return marks


def square_group(svg: str, square: int) -> ET.Element:
    root = ET.fromstring(svg)
    return root.find(f".//svg:g[@id='square-{square}']", NS)


@given(reachable_positions(16))
def test_every_mark_is_drawn_once_per_square(pos):
    svg = board_svg(pos)
    expected = sorted(
        [name for name in pos.classical.values()]
        + [name for name, _ in pos.spooky_marks for _ in range(2)]
    )
    assert sorted(drawn_marks(svg)) == expected


def test_is_valid_svg_with_repr_hooks_and_size():
    g = Game.from_record("1-2 2-5")
    svg = board_svg(g, size=420)
    assert isinstance(svg, SvgBoard) and isinstance(svg, str)
    assert svg._repr_svg_() == svg == svg._repr_html_()
    root = ET.fromstring(svg)
    assert root.get("width") == "420" and root.get("height") == "420"
    assert g._repr_svg_() == board_svg(g)  # the core's hook draws the same board


def test_titles_describe_board_and_squares():
    svg = board_svg(Game.from_record("1-2 2-5 1-5"))
    root = ET.fromstring(svg)
    assert "X3 closed a cycle; O chooses square 1 or square 5" in root.find("svg:title", NS).text
    title = square_group(svg, 2).find("svg:title", NS).text
    assert (
        title == "Square 2, on the cycle: spooky marks X1 (also in square 1), O2 (also in square 5)"
    )
    assert square_group(svg, 9).find("svg:title", NS).text == "Square 9: empty"
    assert len(root.findall(".//svg:g[@data-square]", NS)) == 9


def test_classical_marks_are_large_and_spooky_small():
    svg = board_svg(Game.from_record("1-2 1-2 c1 4-5"), size=300)
    sizes = {}
    for text in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text"):
        if text.text in ("X", "O"):
            sizes[text.text + text[0].text] = float(text.get("font-size"))
    assert sizes["O2"] > 2.5 * sizes["X3"]


def test_pending_cycle_is_dashed_and_labelled():
    svg = board_svg(Game.from_record("1-2 2-3 3-6 1-3"))
    for square in (1, 2, 3):
        group = ET.tostring(square_group(svg, square), encoding="unicode")
        assert "stroke-dasharray" in group and ">cycle<" in group
    stem_square = ET.tostring(square_group(svg, 6), encoding="unicode")
    assert ">cycle<" not in stem_square
    assert "stroke-dasharray" in stem_square  # X3, a stem, has a dotted frame
    assert "stroke-dasharray" not in board_svg(Game.from_record("1-2 2-3"))


def test_last_move_is_highlighted_only_on_request():
    g = Game.from_record("1-2 4-5")
    on, off = board_svg(g), board_svg(g, highlight_last=False)
    assert on.count('font-weight="bold"') == 2  # O2 in squares 4 and 5
    assert off.count('font-weight="bold"') == 0
    after_collapse = board_svg(Game.from_record("1-2 1-2 c1"))
    assert after_collapse.count("#fff6e0") == 2  # both squares the collapse filled


def test_square_numbers_can_be_hidden():
    g = Game()
    numbers = [t.text for t in ET.fromstring(board_svg(g)).iter("{http://www.w3.org/2000/svg}text")]
    assert numbers == [str(s) for s in range(1, 10)]
    assert "<text" not in board_svg(g, show_numbers=False)


def test_completed_lines_are_struck_through():
    svg = board_svg(Game.from_record("3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"))
    assert "X line 3-6-9" in svg and "O line 1-4-7" in svg
    assert len(re.findall(r'stroke-opacity="0.55"', svg)) == 2


def test_selected_squares_and_bad_arguments():
    g = Game()
    assert board_svg(g, selected=[5]).count('stroke-width="3.5"') == 1
    with pytest.raises(ValueError, match="at least 60"):
        board_svg(g, size=10)
    with pytest.raises(ValueError, match="1-9"):
        board_svg(g, selected=[0])


_HEAVY = ("networkx", "matplotlib", "numpy")


def _loaded_after(code: str) -> list[str]:
    """The heavy libraries a fresh interpreter holds after running ``code``."""
    probe = f"{code}\nimport sys\nprint(sorted(m for m in {_HEAVY!r} if m in sys.modules))\n"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return ast.literal_eval(out.stdout.strip())


def test_the_svg_board_needs_no_networkx_or_matplotlib():
    """svg.py is dependency-free: importing it and drawing a pending collapse loads neither."""
    code = (
        "from qttt_edu import Game\n"
        "from qttt_edu.svg import board_svg\n"
        "assert 'cycle' in board_svg(Game.from_record('1-2 2-3 3-6 1-3'))\n"
    )
    assert _loaded_after(code) == []


def test_the_import_probe_sees_a_heavy_import():
    """The probe above can fail: graph.py is the networkx view and does load networkx."""
    assert "networkx" in _loaded_after("import qttt_edu.graph")


def test_a_board_drawn_for_a_who_won_question_keeps_the_result_back():
    """Notebook 04 asks who wins a board on which both players have a line: its drawing
    once said "O has won" in its title (a tooltip and what a screen reader says first)."""
    game = Game.from_record("1-5 3-8 5-8 3-7 4-8 4-6 1-3 c3 2-9 2-9 c2")
    told = board_svg(game)
    kept = board_svg(game, outcome=False)
    assert "O has won" in told and "stroke-opacity" in told
    assert "has won" not in kept and "the game is over" in kept
    assert "stroke-opacity" not in kept  # no line struck: finding them is the question
    assert kept.count("classical mark") == told.count("classical mark")

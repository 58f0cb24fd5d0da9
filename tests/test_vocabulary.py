"""One vocabulary: an action is a pair, a collapse choice or the ninth move; names keep one shape.

The old names the notebooks once used still work, with a DeprecationWarning that
names the new one, and give exactly what the new names give.
"""

from __future__ import annotations

import re

import pytest

from qttt_edu import Action, Game, Position
from qttt_edu.i18n import get_language, set_language

CYCLE = "1-2 2-3 3-6 1-3"  # X chooses for O4: squares 1 or 3


def test_legal_actions_include_collapse_choices_and_match_the_position() -> None:
    g = Game.from_record(CYCLE)
    assert [str(a) for a in g.legal_actions()] == ["c1", "c3"]
    assert [a.code for a in g.legal_actions()] == list(g.position.legal_actions())
    assert all(isinstance(a, Action) for a in Game().legal_actions())


def test_legal_moves_is_a_deprecated_alias() -> None:
    g = Game.from_record(CYCLE)
    with pytest.warns(DeprecationWarning, match=r"legal_moves\(\).*legal_actions\(\)"):
        old = g.legal_moves()
    assert old == g.legal_actions()


def test_pending_collapse_names_its_two_choices() -> None:
    pending = Game.from_record(CYCLE).awaiting_collapse
    assert pending is not None and pending.choices == (1, 3)
    assert set(pending.outcomes) == set(pending.choices)
    with pytest.warns(DeprecationWarning, match=r"PendingCollapse\.squares.*choices"):
        assert pending.squares == pending.choices


def test_spooky_marks_have_one_shape_on_game_and_position() -> None:
    g = Game.from_record(CYCLE)
    assert g.spooky_marks == g.position.spooky_marks
    assert g.spooky_marks == [("X1", (1, 2)), ("O2", (2, 3)), ("X3", (3, 6)), ("O4", (1, 3))]
    with pytest.warns(DeprecationWarning, match=r"Game\.spooky\b.*spooky_marks"):
        assert g.spooky == g.spooky_marks


def test_the_deprecation_warning_speaks_the_language() -> None:
    before = get_language()
    set_language("da")
    try:
        with pytest.warns(DeprecationWarning, match="forældet"):
            Game().legal_moves()
    finally:
        set_language(before)


def test_the_warning_points_at_the_callers_line() -> None:
    with pytest.warns(DeprecationWarning) as caught:
        Game().legal_moves()
    assert caught[0].filename == __file__  # so a notebook shows its own cell


def test_position_at_gives_one_position_without_building_the_history() -> None:
    g = Game()
    assert g.position_at(0) == g.position_at(-1) == Position() and g.positions == (Position(),)
    g.play(1, 2)
    g.play(1, 2)
    assert g.position_at(-2) == g.position_at(1) == Game.from_record("1-2").position
    assert g.positions == tuple(g) and len(g.positions) == 3
    g.collapse(1)
    assert g.position_at(-2) == Game.from_record("1-2 1-2").position
    g.undo()  # the timeline's future is not a position of the game
    assert g.position_at(-2) == Game.from_record("1-2").position
    assert g.position_at(-1) is g.position


@pytest.mark.parametrize("ply", [3, -4, 100, "1", 1.0, True, None])
def test_position_at_names_the_positions_there_are(ply: object) -> None:
    g = Game.from_record("1-2 1-2")
    before = (g.record(), g.timeline)
    with pytest.raises(IndexError, match=r"positions 0 to 2, or -3 to -1"):
        g.position_at(ply)  # type: ignore[arg-type]
    assert (g.record(), g.timeline) == before


def test_each_old_name_says_which_release_removes_it():
    from qttt_edu import worksheets
    from qttt_edu.core import REMOVED_IN

    removed = rf"removed in qttt-edu {re.escape(REMOVED_IN)}"
    with pytest.warns(DeprecationWarning, match=removed):
        Game().legal_moves()
    with pytest.warns(DeprecationWarning, match=removed):
        assert worksheets.solve is worksheets.solve_puzzle

"""The five worked examples of ``shared/RULES.md`` and Goff's figures about the rules.

Every fact an example states is checked: where each mark lands after each
collapse, who acts, the lines with their highest move numbers, the winner and
Goff's points. Figures come from ``shared/GOFF_FIGURES.md`` (Goff, Am. J. Phys.
74, 962 (2006)).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from qttt_edu import Game

EXAMPLE_3 = "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"
EXAMPLE_4 = "1-5 3-8 5-8 3-7 4-8 4-6 1-3 c3 2-9 2-9 c2"
EXAMPLE_5 = "4-9 6-8 2-5 2-9 2-5 c5 6-8 c8 1-7 1-7 c1 3"


def lines_of(game: Game) -> list[tuple[str, tuple[int, ...], int]]:
    assert game.outcome is not None
    return [(ln.player, ln.squares, ln.highest) for ln in game.outcome.lines]


# --- example 1 ------------------------------------------------------------------


def test_example_1_two_cycle() -> None:
    """`1-2 1-2 c1`: O2 closes a 2-cycle; X chooses square 1 for O2, so X1 is forced
    into square 2. X then makes move 3."""
    g = Game.from_record("1-2 1-2")
    pending = g.awaiting_collapse
    assert pending is not None
    assert (pending.mark, pending.choices, pending.chooser) == ("O2", (1, 2), "X")
    assert g.to_act == "X"
    g.collapse(1)
    assert g.classical == {1: "O2", 2: "X1"}
    assert g.spooky_marks == []
    assert (g.to_act, g.move_number, g.awaiting_collapse) == ("X", 3, None)
    assert g.record() == "1-2 1-2 c1"


# --- example 2 ------------------------------------------------------------------


def test_example_2_cycle_with_a_tail_c1() -> None:
    """`1-2 2-3 3-6 1-3 c1`: O4 closes the cycle 1-2-3; X chooses square 1 for O4.
    Then X1 -> 2, O2 -> 3, and X3 (a tail hanging off the cycle) -> 6."""
    g = Game.from_record("1-2 2-3 3-6")
    assert g.awaiting_collapse is None
    g.play(1, 3)
    pending = g.awaiting_collapse
    assert pending is not None
    assert (pending.mark, pending.choices, pending.chooser, g.to_act) == ("O4", (1, 3), "X", "X")
    # the component: the cycle 1-2-3 and the tail to 6
    assert g.position.component_of(1) == (1, 2, 3, 6)
    g.collapse(1)
    assert g.classical == {1: "O4", 2: "X1", 3: "O2", 6: "X3"}
    assert g.spooky_marks == [] and (g.to_act, g.move_number) == ("X", 5)


def test_example_2_cycle_with_a_tail_c3() -> None:
    """With `c3` instead: O4 -> 3, O2 -> 2, X3 -> 6, X1 -> 1."""
    g = Game.from_record("1-2 2-3 3-6 1-3 c3")
    assert g.classical == {3: "O4", 2: "O2", 6: "X3", 1: "X1"}
    assert g.spooky_marks == [] and (g.to_act, g.move_number) == ("X", 5)


def test_example_2_the_tail_is_a_stem() -> None:
    """Goff: marks not on the cycle are "stems": they have one possible collapse.

    X3 (the tail) lands in 6 whichever square X picks; the cycle's marks do not.
    """
    pending = Game.from_record("1-2 2-3 3-6 1-3").awaiting_collapse
    assert pending is not None
    one, three = pending.outcomes[1], pending.outcomes[3]
    assert {s for s, m in one.items() if m == "X3"} == {s for s, m in three.items() if m == "X3"}
    for mark in ("X1", "O2", "O4"):
        assert [s for s, m in one.items() if m == mark] != [
            s for s, m in three.items() if m == mark
        ]


# --- example 3 ------------------------------------------------------------------


def test_example_3_first_collapse_leaves_another_component_spooky() -> None:
    """`... 4-7 c4`: the first collapse (c4) leaves the component {1,5,6,8} spooky.

    O8 on 4-7 closes the cycle 4-9-7, so X chooses; O8 in 4 sends O2 to 2 and X3 to 9,
    then X1 to 3 and O6 to 7.
    """
    g = Game.from_record("3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7")
    pending = g.awaiting_collapse
    assert pending is not None and (pending.mark, pending.chooser) == ("O8", "X")
    g.collapse(4)
    assert g.classical == {2: "O2", 3: "X1", 4: "O8", 7: "O6", 9: "X3"}
    assert g.spooky_marks == [("O4", (1, 5)), ("X5", (1, 6)), ("X7", (1, 8))]
    assert {g.position.component_of(s) for s in (1, 5, 6, 8)} == {(1, 5, 6, 8)}
    assert (g.to_act, g.move_number, g.outcome) == ("X", 9, None)


def test_example_3_second_collapse_fills_the_board() -> None:
    """The second fills the board as 1=O4 2=O2 3=X1 4=O8 5=X9 6=X5 7=O6 8=X7 9=X3."""
    g = Game.from_record(EXAMPLE_3.rsplit(" ", 1)[0])
    pending = g.awaiting_collapse
    assert pending is not None and (pending.mark, pending.choices, pending.chooser) == (
        "X9",
        (5, 8),
        "O",
    )
    g.collapse(5)
    assert g.classical == {
        1: "O4", 2: "O2", 3: "X1", 4: "O8", 5: "X9", 6: "X5", 7: "O6", 8: "X7", 9: "X3"
    }  # fmt: skip
    assert g.spooky_marks == []


def test_example_3_simultaneous_lines_x_wins() -> None:
    """X has column 3-6-9 (highest move 5) and O column 1-4-7 (highest 8). X wins;
    Goff's scoring: X 1, O 1/2."""
    g = Game.from_record(EXAMPLE_3)
    assert lines_of(g) == [("X", (3, 6, 9), 5), ("O", (1, 4, 7), 8)]
    assert g.outcome is not None and g.outcome.simultaneous
    assert g.outcome.winner == "X" and g.outcome.result == "X"
    assert g.outcome.scores == {"X": 1.0, "O": 0.5}
    assert g.to_dict()["scores"] == {"X": 1.0, "O": 0.5}
    assert g.to_act is None and g.legal_actions() == []


# --- example 4 ------------------------------------------------------------------


def test_example_4_o_wins_with_the_earlier_line() -> None:
    """`1-5 3-8 5-8 3-7 4-8 4-6 1-3 c3 2-9 2-9 c2`: both get lines again; X's line
    holds X9, O's line 7-8-9 tops at 8, so O wins.

    X7 on 1-3 closes 1-5-8-3; O puts X7 in 3, so O2 goes to 8 and O4 to 7, X3 to 5 and
    X5 to 4, X1 to 1 and O6 to 6. O8 and X9 on 2-9 close a 2-cycle; O puts X9 in 2 and
    O8 lands in 9. X's line is the row 1-2-3 (X1, X9, X7): RULES.md calls it 2-5-8, but
    square 8 holds O2 there (reported to the lead; the winner and numbers stand).
    """
    g = Game.from_record("1-5 3-8 5-8 3-7 4-8 4-6 1-3")
    pending = g.awaiting_collapse
    assert pending is not None and (pending.mark, pending.chooser) == ("X7", "O")
    g.collapse(3)
    assert g.classical == {1: "X1", 3: "X7", 4: "X5", 5: "X3", 6: "O6", 7: "O4", 8: "O2"}
    assert g.outcome is None and (g.to_act, g.move_number) == ("O", 8)
    for token in ["2-9", "2-9", "c2"]:
        g.apply(token)
    assert g.classical[2] == "X9" and g.classical[9] == "O8"
    assert lines_of(g) == [("O", (7, 8, 9), 8), ("X", (1, 2, 3), 9)]
    assert g.outcome is not None and g.outcome.simultaneous and g.outcome.winner == "O"
    assert g.outcome.scores == {"X": 0.5, "O": 1.0}


# --- example 5 ------------------------------------------------------------------


def test_example_5_ninth_move_single_mark_completes_a_line() -> None:
    """`4-9 6-8 2-5 2-9 2-5 c5 6-8 c8 1-7 1-7 c1 3`: after move 8 one square (3) is free,
    so X9 is a classical mark there; it completes the diagonal 3-5-7. X wins."""
    g = Game.from_record(EXAMPLE_5.rsplit(" ", 1)[0])
    assert g.classical == {1: "O8", 2: "X3", 4: "X1", 5: "X5", 6: "O2", 7: "X7", 8: "O6", 9: "O4"}
    assert g.position.free_squares == (3,)
    assert (g.to_act, g.move_number, g.outcome) == ("X", 9, None)
    assert [str(a) for a in g.legal_actions()] == ["3"]
    g.play(3)
    assert g.classical[3] == "X9"
    assert lines_of(g) == [("X", (3, 5, 7), 9)]
    assert g.outcome is not None and g.outcome.winner == "X" and not g.outcome.simultaneous
    assert g.outcome.scores == {"X": 1.0, "O": 0.0}
    assert g.record() == EXAMPLE_5


def test_example_5_intermediate_collapses() -> None:
    """The collapses on the way: X5 repeats X3's pair 2-5 (O chooses c5), O6 repeats
    O2's 6-8 (X chooses c8), O8 repeats X7's 1-7 (X chooses c1)."""
    choosers = []
    g = Game()
    for token in EXAMPLE_5.split():
        if g.awaiting_collapse is not None:
            choosers.append((g.awaiting_collapse.mark, g.to_act, token))
        g.apply(token)
    assert choosers == [("X5", "O", "c5"), ("O6", "X", "c8"), ("O8", "X", "c1")]


@pytest.mark.parametrize(
    "record",
    ["1-2 1-2 c1", "1-2 2-3 3-6 1-3 c1", "1-2 2-3 3-6 1-3 c3", EXAMPLE_3, EXAMPLE_4, EXAMPLE_5],
)
def test_example_records_are_canonical(record: str) -> None:
    """The spec's records are in the kit's canonical form and round-trip exactly."""
    assert Game.from_record(record).record() == record


# --- Goff's figures -------------------------------------------------------------


def test_goff_fig_4_cycle_two_outcomes_o_chooses() -> None:
    """Fig. 4, `1-2 2-5 1-5`: X3 closes the cycle 1-2-5; only two games survive; O chooses."""
    g = Game.from_record("1-2 2-5 1-5")
    pending = g.awaiting_collapse
    assert pending is not None
    assert (pending.mark, pending.choices, pending.chooser, g.to_act) == ("X3", (1, 5), "O", "O")
    assert g.position.component_of(2) == (1, 2, 5)
    assert pending.outcomes == {
        1: {1: "X3", 2: "X1", 5: "O2"},
        5: {1: "X1", 2: "O2", 5: "X3"},
    }


def test_goff_fig_5_collapse() -> None:
    """Fig. 5, `1-2 2-5 1-5 c1`: O puts X3 in square 1, which sends X1 to 2 and O2 to the
    centre."""
    g = Game.from_record("1-2 2-5 1-5 c1")
    assert g.classical == {1: "X3", 2: "X1", 5: "O2"}
    assert (g.to_act, g.move_number) == ("O", 4)


def test_goff_fig_9_classical_listing() -> None:
    """Fig. 9, `3-5 5-7 5-9 1-5 3-6 6-9 c9`: the classical listing (X3, O7, X5, O1, X6, O9),
    i.e. each move's player and square in move order."""
    g = Game.from_record("3-5 5-7 5-9 1-5 3-6 6-9 c9")
    by_move = sorted((int(m[1:]), m[0], s) for s, m in g.classical.items())
    assert [f"{p}{s}" for _, p, s in by_move] == ["X3", "O7", "X5", "O1", "X6", "O9"]
    assert g.spooky_marks == [] and g.outcome is None


def test_goff_separate_entanglements_collapse_separately() -> None:
    """Goff: "Separate entanglements collapse separately; at most four separate
    entanglements fit on the board." Four two-square entanglements, then one collapses."""
    g = Game.from_record("1-2 3-4 5-6 7-8")
    components = {g.position.component_of(s) for s in range(1, 10)}
    assert sorted(components) == [(1, 2), (3, 4), (5, 6), (7, 8), (9,)]
    g.play(1, 2)  # X5 closes a 2-cycle with X1
    g.collapse(1)
    assert g.classical == {1: "X5", 2: "X1"}
    assert g.spooky_marks == [("O2", (3, 4)), ("X3", (5, 6)), ("O4", (7, 8))]


# --- golden playthroughs ----------------------------------------------------------

GOLDEN = Path(__file__).parent / "golden" / "worked_examples.json"


def test_golden_playthroughs_of_the_worked_examples() -> None:
    """Every intermediate state of the worked examples, as ``to_dict()``, ply by ply.

    ``golden/worked_examples.json`` was written from the engine once, checked against
    the facts above and, field by field, against the independent simulator in
    ``test_perft.py`` (which re-checks it on every run). A change in any state a
    view shows (marks, whose turn, pending collapse, legal actions, result, points)
    shows up here with the example and the ply.
    """
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert len(golden) == 6
    for name, plies in golden.items():
        record = plies[-1]["record"]
        g = Game()
        assert g.to_dict() == plies[0], name
        for ply, (token, expected) in enumerate(zip(record.split(), plies[1:], strict=True), 1):
            g.apply(token)
            assert g.to_dict() == expected, f"{name}, after ply {ply} ({token})"
        assert g.record() == record

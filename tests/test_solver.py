"""The exact solver agrees with plain minimax, respects symmetry and sees tactics."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qttt_edu.core import Action, Game, Outcome, Position
from qttt_edu.solver import SCORINGS, Solver, analyse, book_key, map_action, solve, symmetries


def result_value(outcome: Outcome, scoring: str) -> float:
    """The value of a finished game from X's point of view, read off the core's Outcome."""
    if scoring == "goff":
        return outcome.scores["X"] - outcome.scores["O"]
    if scoring == "complete" and outcome.simultaneous:
        return 0
    return {"X": 1, "O": -1, None: 0}[outcome.winner]


def minimax(pos: Position, scoring: str) -> float:
    """Plain exhaustive minimax: no pruning, no table, no symmetry."""
    if pos.outcome is not None:
        return result_value(pos.outcome, scoring)
    values = [minimax(pos.child(code), scoring) for code in pos.legal_actions()]
    return max(values) if pos.to_act == "X" else min(values)


def random_position(seed: int, next_move: int) -> tuple[Position, list[int]]:
    """An unfinished position reached by random play, at least at move ``next_move``."""
    rng = random.Random(seed)
    while True:
        pos, codes = Position(), []
        while pos.outcome is None and pos.next_move < next_move:
            code = rng.choice(pos.legal_actions())
            codes.append(code)
            pos = pos.child(code)
        if pos.outcome is None:
            return pos, codes


def image(codes: list[int], g: int) -> Position:
    pos = Position()
    for code in codes:
        pos = pos.play(map_action(Action(code), g))
    return pos


# --- against exhaustive minimax on late positions ----------------------------------


@pytest.mark.parametrize("scoring", SCORINGS)
@pytest.mark.parametrize("seed", range(12))
def test_value_and_every_action_match_minimax_after_six_moves(scoring: str, seed: int) -> None:
    # six or more moves made: next move 7, 8 or 9 (some with a collapse pending)
    pos, _ = random_position(seed, 7 + seed % 3)
    solver = Solver(scoring)
    assert solver.value(pos) == minimax(pos, scoring)
    values = solver.analyse(pos)
    assert list(values) == [Action(c) for c in pos.legal_actions()]
    for action, value in values.items():
        assert value == minimax(pos.child(action.code), scoring), str(action)


@settings(max_examples=25)
@given(seed=st.integers(0, 10**9), scoring=st.sampled_from(SCORINGS))
def test_solution_matches_minimax_and_its_line_reaches_its_value(seed: int, scoring: str) -> None:
    pos, _ = random_position(seed, 8)
    sol = solve(pos, scoring)
    assert sol.value == minimax(pos, scoring)
    end = pos
    for action in sol.principal_variation:
        end = end.play(action)  # every step is legal
    assert end.outcome is not None
    assert result_value(end.outcome, scoring) == sol.value
    assert sol.best_action == sol.principal_variation[0]


def test_value_is_exact_a_little_earlier_too() -> None:
    # next move 6: a larger tree, still small enough for plain minimax once
    pos, _ = random_position(2024, 6)
    for scoring in SCORINGS:
        assert Solver(scoring).value(pos) == minimax(pos, scoring)


# --- symmetry ------------------------------------------------------------------------


def test_the_eight_symmetries_form_the_board_group() -> None:
    syms = symmetries()
    assert len(set(syms)) == 8
    assert sorted(syms[0][1:]) == list(range(1, 10))
    lines = {frozenset(line) for line in __import__("qttt_edu").LINES}
    for sym in syms:
        assert {frozenset(sym[s] for s in line) for line in lines} == lines


@pytest.mark.parametrize("seed", range(6))
def test_symmetric_positions_have_equal_values_and_keys(seed: int) -> None:
    _, codes = random_position(100 + seed, 5 + seed % 3)
    images = [image(codes, g) for g in range(8)]
    assert len({book_key(p)[0] for p in images}) == 1
    for scoring in SCORINGS:
        values = {Solver(scoring).value(p) for p in images}
        assert len(values) == 1, (scoring, values)


def test_book_key_separates_move_order() -> None:
    # the same marks made in another order are a different position under "seed"
    first, later = Game.from_record("1-2 4-5 2-3"), Game.from_record("2-3 4-5 1-2")
    assert book_key(first)[0] != book_key(later)[0]


# --- hand-checked tactics ----------------------------------------------------------


def test_collapse_choice_that_wins_at_once() -> None:
    # X1 5-8, O2 2-9, X3 8-9, O4 1-9, X5 2-3, O6 3-8 closes the cycle 3-8-9-2.
    # X chooses. c3: O6->3, X5->2, O2->9, X3->8, X1->5, O4->1: X has column 2-5-8.
    # c8: O6->8, X3->9, X1->5, O2->2, O4->1, X5->3: no line, the game goes on.
    game = Game.from_record("5-8 2-9 8-9 1-9 2-3 3-8")
    win = game.position.play("c3")
    assert win.outcome is not None and win.outcome.winner == "X"
    assert [line.squares for line in win.outcome.lines] == [(2, 5, 8)]
    for scoring in SCORINGS:
        sol = solve(game, scoring)
        assert str(sol.best_action) == "c3"
        assert sol.principal_variation == [Action.collapse(3)]
        assert sol.value == 1
        assert analyse(game, scoring)[Action.collapse(3)] == 1


def test_a_pair_that_hands_the_opponent_a_winning_collapse_loses() -> None:
    # X1 6-7, O2 6-7, c7 (X1->6, O2->7); X3 1-4, O4 1-8, X5 1-5. If O6 plays 1-4 it
    # closes a cycle with X3 and X chooses c1: O6->1, X3->4, X5->5, O4->8: X has 4-5-6.
    game = Game.from_record("6-7 6-7 c7 1-4 1-8 1-5")
    after = game.position.play("1-4").play("c1")
    assert after.outcome is not None and after.outcome.winner == "X"
    for scoring in SCORINGS:
        values = analyse(game, scoring)
        assert values[Action.pair(1, 4)] == 1  # O loses at once
        sol = solve(game, scoring)
        assert sol.best_action != Action.pair(1, 4)
        assert sol.value == min(values.values())  # O picks its best


def test_simultaneous_lines_are_scored_by_each_rule() -> None:
    # Worked example 3 of RULES.md, one step before the end: O chooses for X9.
    # c5 gives X column 3-6-9 (highest 5) and O column 1-4-7 (highest 8).
    game = Game.from_record("3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8")
    values = {s: analyse(game, s)[Action.collapse(5)] for s in SCORINGS}
    assert values == {"seed": 1, "complete": 0, "goff": 0.5}


def test_finished_game_has_no_best_action() -> None:
    game = Game.from_record("5-8 2-9 8-9 1-9 2-3 3-8 c3")
    sol = solve(game)
    assert (sol.value, sol.best_action, sol.principal_variation) == (1, None, [])
    assert analyse(game) == {}


def test_solution_reads_as_a_sentence() -> None:
    text = str(solve(Game.from_record("5-8 2-9 8-9 1-9 2-3 3-8"), "goff"))
    assert text.startswith("X wins (+1) under the goff scoring") and "c3" in text


# --- bad input -------------------------------------------------------------------------


def test_unknown_scoring_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="seed, complete, goff"):
        solve(Position(), "points")
    with pytest.raises(ValueError, match="'points'"):
        Solver("points")


def test_solving_something_else_is_refused() -> None:
    with pytest.raises(TypeError, match="Game or a Position"):
        solve("1-2 1-2")  # type: ignore[arg-type]

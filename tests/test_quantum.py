"""The ensemble of realities: counts, odds, the ket and what a collapse keeps."""

import math
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given

from qttt_edu import Game, Position
from qttt_edu.graph import components
from qttt_edu.quantum import (
    EMPTY,
    collapse_subsets,
    count_realities,
    ket,
    mark_odds,
    realities,
    square_odds,
)

from .strategies import reachable_positions

positions = reachable_positions(16)


def brute_force_realities(pos: Position) -> list[dict[int, str]]:
    """Every way to put each spooky mark in one of its squares, filtered by the rules."""
    out = []
    for choice in product(*[(a, b) for _, a, b in pos.spooky]):
        if len(set(choice)) < len(choice):
            continue
        board = dict(pos.classical)
        for (move, _, _), square in zip(pos.spooky, choice, strict=True):
            board[square] = ("X" if move % 2 else "O") + str(move)
        out.append(board)
    return out


@pytest.mark.parametrize(
    ("record", "count"),
    [
        ("", 1),
        ("1-2", 2),  # one mark: Goff Fig. 1
        ("1-2 2-3", 3),  # a chain of two marks over three squares
        ("1-2 2-5", 3),  # Goff Fig. 3
        ("1-2 4-5", 4),  # independent marks multiply: Goff Fig. 2
        ("1-2 2-3 7-8", 6),  # 3 x 2
        ("1-2 2-3 4-5 7-8", 12),  # 3 x 2 x 2
        ("1-2 2-5 1-5", 2),  # a pending cycle: Goff Fig. 4
        ("1-2 1-2", 2),
        ("1-2 2-3 3-6 1-3", 2),  # pending cycle with a stem: stems are forced
        ("1-2 2-5 1-5 c1", 1),  # all classical: Goff Fig. 5
        ("3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7", 2 * 4),  # cycle x a tree of 3 marks
    ],
)
def test_hand_checked_counts(record, count):
    g = Game.from_record(record)
    assert count_realities(g) == count
    assert len(realities(g)) == count


def test_one_mark_realities():
    assert realities(Game.from_record("1-2")) == [{1: "X1"}, {2: "X1"}]


def test_pending_cycle_gives_one_reality_per_choice():
    g = Game.from_record("1-2 2-5 1-5")
    subsets = collapse_subsets(g)
    assert sorted(subsets) == [1, 5]
    assert [len(v) for v in subsets.values()] == [1, 1]
    for square, survivors in subsets.items():
        board = dict(g.position.play(100 + square).classical)
        assert survivors == [board]


def test_collapse_subsets_keep_the_untouched_entanglement_whole():
    g = Game.from_record("4-7 1-2 1-2")
    subsets = collapse_subsets(g)
    assert subsets[1] == [{1: "X3", 2: "O2", 4: "X1"}, {1: "X3", 2: "O2", 7: "X1"}]
    assert subsets[2] == [{1: "O2", 2: "X3", 4: "X1"}, {1: "O2", 2: "X3", 7: "X1"}]
    assert collapse_subsets(Game.from_record("1-2")) == {}


def test_goff_fig3_pruned_game_and_ket():
    g = Game.from_record("1-2 2-5")
    # the game with X1 and O2 both in square 2 is pruned
    assert all(r.get(1) == "X1" or r.get(5) == "O2" for r in realities(g))
    assert realities(g) == [{1: "X1", 2: "O2"}, {1: "X1", 5: "O2"}, {2: "X1", 5: "O2"}]
    assert ket(g) == "1/√3 (|1⟩₁|2⟩₂ + |1⟩₁|5⟩₂ + |2⟩₁|5⟩₂)"
    assert ket(g, ascii=True) == "1/sqrt(3) (|1>_1 |2>_2 + |1>_1 |5>_2 + |2>_1 |5>_2)"


def test_goff_fig2_ket_is_a_product():
    g = Game.from_record("1-2 4-5")
    assert ket(g) == "1/√4 (|1⟩₁ + |2⟩₁) (|4⟩₂ + |5⟩₂)"
    latex = ket(g, latex=True)
    assert latex.startswith(r"\frac{1}{\sqrt{4}}")
    assert latex.count(r"\left(") == 2 and latex.count(r"\right)") == 2


def test_ket_terms_count_the_realities():
    g = Game.from_record("3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7")
    text = ket(g)
    assert text.startswith("1/√8 ")
    assert text.count("+") == (2 - 1) + (4 - 1)


def test_ket_splits_off_the_stems_of_a_pending_cycle():
    g = Game.from_record("1-2 1-3 1-2")  # X1, X3 form the cycle; O2 must land in 3
    assert ket(g) == "1/√2 (|1⟩₁|2⟩₃ + |2⟩₁|1⟩₃) |3⟩₂"
    assert ket(Game.from_record("1-2 1-2")) == "1/√2 (|1⟩₁|2⟩₂ + |2⟩₁|1⟩₂)"


def test_ket_of_definite_boards():
    assert ket(Game()) == "|∅⟩"
    assert ket(Game.from_record("1-2 2-5 1-5 c1")) == "|2⟩₁|5⟩₂|1⟩₃"
    mixed = Game.from_record("1-2 1-2 c1 4-5")
    assert ket(mixed) == "1/√2 (|4⟩₃ + |5⟩₃)"
    assert ket(mixed, classical=True) == "1/√2 (|4⟩₃ + |5⟩₃) |2⟩₁|1⟩₂"


@pytest.mark.parametrize(
    ("record", "odds"),
    [
        ("1-3", Fraction(1, 2)),
        ("1-3 1-4", Fraction(2, 3)),
        ("1-3 1-4 4-7", Fraction(3, 4)),
        ("1-3 1-4 4-7 7-8", Fraction(4, 5)),
        ("1-3 1-4 4-7 7-8 2-8", Fraction(5, 6)),
    ],
)
def test_goff_decoherence_odds(record, odds):
    """Goff Figs. 14-16: chaining onto square 1's side pushes move one towards square 3."""
    g = Game.from_record(record)
    assert mark_odds(g, exact=True)["X1"][3] == odds
    assert square_odds(g, exact=True)[3]["X1"] == odds
    assert square_odds(g)[3]["X1"] == pytest.approx(float(odds))


def test_stems_of_a_pending_cycle_are_certain():
    odds = square_odds(Game.from_record("1-2 1-3 1-2"), exact=True)
    assert odds[1] == {"X1": Fraction(1, 2), "O2": 0, "X3": Fraction(1, 2)}
    assert odds[3] == {"O2": 1}


def test_square_odds_shape():
    odds = square_odds(Game.from_record("1-2 1-2 c1 4-5"))
    assert odds[1] == {"O2": 1.0}
    assert odds[9] == {EMPTY: 1.0}
    assert odds[4] == {"X3": 0.5, EMPTY: 0.5}
    assert sorted(odds) == list(range(1, 10))


@given(positions)
def test_realities_match_brute_force(pos):
    found = realities(pos)
    expected = brute_force_realities(pos)
    assert sorted(map(sorted, (r.items() for r in found))) == sorted(
        map(sorted, (r.items() for r in expected))
    )
    assert count_realities(pos) == len(found)
    if pos.pending:
        assert count_realities(pos) % 2 == 0
        assert sum(map(len, collapse_subsets(pos).values())) == len(found)


@given(positions)
def test_probabilities_sum_to_one(pos):
    odds = square_odds(pos)
    for square in range(1, 10):
        assert math.isclose(sum(odds[square].values()), 1.0)
        assert all(p >= 0 for p in odds[square].values())
        assert odds[square].get(EMPTY, 1) > 0
    exact = square_odds(pos, exact=True)
    assert all(sum(row.values()) == 1 for row in exact.values())
    for mark, row in mark_odds(pos, exact=True).items():
        assert sum(row.values()) == 1
        for square, p in row.items():
            assert exact[square][mark] == p


@given(positions)
def test_square_odds_agree_with_counting_realities(pos):
    found = realities(pos)
    odds = square_odds(pos, exact=True)
    for square in range(1, 10):
        for mark, p in odds[square].items():
            hits = sum(1 for r in found if r.get(square, EMPTY) == mark)
            assert p == Fraction(hits, len(found))


@given(positions)
def test_ket_names_every_spooky_mark_and_counts_realities(pos):
    text = ket(pos, ascii=True)
    for move, _, _ in pos.spooky:
        assert f">_{move}" in text
    every = brute_force_realities(pos)
    assert text.startswith(f"1/sqrt({len(every)}) ") == (len(every) > 1)
    # each entanglement is one sum, with one term per way its own marks can lie
    pluses = 0
    for component in components(pos):
        ways = {tuple(sorted((s, m) for s, m in r.items() if s in component)) for r in every}
        pluses += len(ways) - 1
    assert text.count("+") == pluses

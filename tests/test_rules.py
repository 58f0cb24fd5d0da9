"""``shared/RULES.md``, sentence by sentence.

Each test quotes the sentence it checks. The positions are written as records
(see the spec's worked examples); every expected mark was worked out by hand from
the spec, and the comments show the working.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from qttt_edu import LINES, Action, Game, IllegalMoveError, Position


def classical(record: str) -> dict[int, str]:
    return Game.from_record(record).classical


def random_positions(seed: int, games: int) -> list[Position]:
    """Every position of ``games`` random games (a uniformly random legal action each time)."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        pos = Position()
        out.append(pos)
        while pos.legal_actions():
            pos = pos.child(rng.choice(pos.legal_actions()))
            out.append(pos)
    return out


# --- the kit's one difference from Goff ------------------------------------------


def test_single_result_by_default_goff_points_as_an_option() -> None:
    """Spec: "a game has a single result (win, loss or draw), not Goff's points. Goff's
    scoring stays available as an option"."""
    outcome = Game.from_record("3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5").outcome
    assert outcome is not None
    assert outcome.result == "X" and outcome.winner == "X"
    assert outcome.scores == {"X": 1.0, "O": 0.5}
    for pos in random_positions(1, 200):
        if pos.outcome is not None:
            assert pos.outcome.result in ("X", "O", "draw")


# --- board, players, move numbers ------------------------------------------------


def test_squares_numbered_in_reading_order() -> None:
    """Spec: "A 3×3 board. Squares are numbered 1–9 in reading order: 1 2 3 / 4 5 6 / 7 8 9."

    The lines, which are pure geometry, must come out of (row, column) = divmod(s - 1, 3).
    """
    cell = {s: divmod(s - 1, 3) for s in range(1, 10)}
    rows = [{s for s in cell if cell[s][0] == r} for r in range(3)]
    cols = [{s for s in cell if cell[s][1] == c} for c in range(3)]
    diagonals = [{s for s in cell if cell[s][0] == cell[s][1]}]
    diagonals.append({s for s in cell if cell[s][0] + cell[s][1] == 2})
    assert rows == [{1, 2, 3}, {4, 5, 6}, {7, 8, 9}]
    assert sorted(map(sorted, rows + cols + diagonals)) == sorted(map(sorted, LINES))
    assert len(LINES) == 8
    assert len(Position().legal_actions()) == 36  # C(9, 2): nine squares, no more
    for off in (0, 10, -1):
        with pytest.raises(IllegalMoveError, match=rf"square {off} .*1-9"):
            Game().play(off, 5)


def test_x_makes_odd_moves_o_even() -> None:
    """Spec: "X makes the odd-numbered moves 1, 3, 5, 7, 9; O the even ones 2, 4, 6, 8." """
    g = Game()
    movers = []
    for a, b in [(1, 2), (3, 4), (5, 6), (7, 8), (1, 3), (4, 6), (7, 9), (2, 7)]:
        movers.append((g.move_number, g.to_act))
        g.play(a, b)
    assert movers == [(n, "X" if n % 2 else "O") for n in range(1, 9)]
    assert [name for name, _ in g.spooky_marks] == ["X1", "O2", "X3", "O4", "X5", "O6", "X7", "O8"]
    assert (g.move_number, g.to_act, g.awaiting_collapse) == (9, "X", None)


def test_always_three_by_three() -> None:
    """Spec: "Always 3×3: no board sizes, misère, free choice or gravity variants."

    There is nothing to configure: a game and a position take no options.
    """
    with pytest.raises(TypeError):
        Game(4)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Game(variant="misere")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Position(4)  # type: ignore[call-arg]


# --- a move: a pair of spooky marks --------------------------------------------


def test_a_move_is_two_spooky_marks_named_by_symbol_and_number() -> None:
    """Spec: "On move n the player writes two small spooky marks carrying the symbol and the
    move number (e.g. X3) into two different squares"."""
    g = Game.from_record("1-2 4-6")
    g.play(9, 3)
    assert g.spooky_marks == [("X1", (1, 2)), ("O2", (4, 6)), ("X3", (3, 9))]
    assert g.classical == {}
    assert g.position.spooky_in(3) == ["X3"] and g.position.spooky_in(9) == ["X3"]


def test_pair_squares_must_differ() -> None:
    """Spec: "into two *different* squares"."""
    g = Game()
    with pytest.raises(IllegalMoveError, match=r"two different squares.*square 4"):
        g.play(4, 4)
    assert all(a != b for a, b in (Action(c).squares for c in Position().legal_actions()))


def test_pair_squares_must_not_hold_a_classical_mark() -> None:
    """Spec: "neither of which holds a classical mark"."""
    g = Game.from_record("1-2 1-2 c1")  # O2 in 1, X1 in 2
    for a, b in [(1, 5), (5, 1), (2, 7), (1, 2)]:
        with pytest.raises(IllegalMoveError, match="classical"):
            g.play(a, b)
    legal = {tuple(a.squares) for a in g.legal_actions()}
    assert legal == set(combinations(range(3, 10), 2))


def test_a_square_may_hold_any_number_of_spooky_marks() -> None:
    """Spec: "A square may hold any number of spooky marks."

    Eight moves all through the centre (a star, which never closes a cycle).
    """
    g = Game.from_record("1-5 2-5 3-5 4-5 5-6 5-7 5-8 5-9")
    assert g.position.spooky_in(5) == ["X1", "O2", "X3", "O4", "X5", "O6", "X7", "O8"]
    assert g.classical == {} and g.awaiting_collapse is None


def test_mark_occupies_both_squares_then_lands_in_exactly_one() -> None:
    """Spec: "The mark will end up in exactly one of the two squares; until then it
    occupies both."
    """
    g = Game.from_record("3-7 1-2 1-2")
    assert g.position.spooky_in(3) == ["X1"] and g.position.spooky_in(7) == ["X1"]
    g.collapse(2)
    # X1 is in another component: still in both of its squares
    assert g.position.spooky_in(3) == ["X1"] and g.position.spooky_in(7) == ["X1"]
    # O2 and X3 are each in exactly one square now, and nowhere spooky
    assert g.classical == {1: "O2", 2: "X3"}
    assert [name for name, _ in g.spooky_marks] == ["X1"]


# --- the entanglement graph -----------------------------------------------------


def test_graph_edges_are_the_spooky_moves_parallel_edges_allowed() -> None:
    """Spec: "Nodes are squares; every move still spooky is an edge between its two squares.
    Two moves on the same two squares are two parallel edges (a multigraph)."
    """
    g = Game.from_record("4-8 4-8")
    assert g.position.spooky == ((1, 4, 8), (2, 4, 8))
    assert g.position.component_of(4) == (4, 8) == g.position.component_of(8)
    assert g.position.component_of(5) == (5,)


def test_graph_is_a_forest_before_every_move() -> None:
    """Spec: "Because every cycle collapses at once, the graph is a forest before every move." """
    for pos in random_positions(2, 300):
        edges = pos.spooky[:-1] if pos.pending else pos.spooky
        squares = {s for _, a, b in edges for s in (a, b)}
        components = {pos.component_of(s) for s in squares}
        # a forest: edges = nodes - components
        assert len(edges) == len(squares) - len(components)
        if pos.pending:
            # ...and nothing but the collapse may come next
            assert all(code > 100 for code in pos.legal_actions())


# --- cycles and collapse ----------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "closes"),
    [
        ("1-2 2-3 3-4", {(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)}),
        ("1-2 3-4", {(1, 2), (3, 4)}),  # two trees: a pair joining them closes nothing
        ("1-2 3-4 2-3", {(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)}),
        ("1-5 2-5 3-5 4-5 5-6 5-7 5-8", set(combinations(range(1, 9), 2))),
        ("1-2 1-2 c1 3-4 5-6", {(3, 4), (5, 6)}),
    ],
)
def test_cycle_closes_exactly_when_already_connected(
    record: str, closes: set[tuple[int, int]]
) -> None:
    """Spec: "A new pair *closes a cycle* exactly when its two squares were already connected
    by a path of spooky edges."
    """
    pos = Game.from_record(record).position
    for code in pos.legal_actions():
        pair = Action(code).squares
        assert pos.child(code).pending == (pair in closes), pair


def test_two_cycle_is_the_shortest_case() -> None:
    """Spec: "The shortest case is a pair on the same two squares as an earlier pair (a cycle
    of length 2)." Also when the earlier pair is not the one just before."""
    assert Game.from_record("6-9 6-9").awaiting_collapse is not None
    g = Game.from_record("1-2 3-4 5-6 1-2")
    pending = g.awaiting_collapse
    assert pending is not None and pending.mark == "O4" and pending.choices == (1, 2)


def test_cycle_collapses_immediately() -> None:
    """Spec: "The cycle collapses immediately." Nothing but the collapse is legal."""
    g = Game.from_record("1-2 2-3 1-3")
    assert [str(a) for a in g.legal_actions()] == ["c1", "c3"]
    with pytest.raises(IllegalMoveError, match="closed a cycle"):
        g.play(4, 5)


@pytest.mark.parametrize(
    ("record", "closer", "chooser"),
    [("1-2 1-2", "O", "X"), ("1-2 3-4 1-2", "X", "O"), ("1-2 2-3 3-4 1-4", "O", "X")],
)
def test_chooser_is_the_opponent_of_the_closer(record: str, closer: str, chooser: str) -> None:
    """Spec: "The player who did **not** close it (the opponent of the player who just moved)
    chooses"
    """
    g = Game.from_record(record)
    pending = g.awaiting_collapse
    assert pending is not None
    assert pending.mark[0] == closer
    assert pending.chooser == g.to_act == chooser
    assert g.to_dict()["to_act"] == chooser


def test_chooser_places_the_newest_mark_in_one_of_its_two_squares() -> None:
    """Spec: "chooses which of its two squares the **newest** mark (the one that closed the
    cycle) lands in"  — not a square of an older mark on the cycle."""
    g = Game.from_record("1-2 2-3 3-4 1-4")  # cycle 1-2-3-4 closed by O4 on 1-4
    pending = g.awaiting_collapse
    assert pending is not None and pending.mark == "O4" and pending.choices == (1, 4)
    assert [str(a) for a in g.legal_actions()] == ["c1", "c4"]
    for s in (2, 3):
        with pytest.raises(
            IllegalMoveError, match=f"O4 can land only in square 1 or square 4.*{s}"
        ):
            g.collapse(s)
    g.collapse(4)
    assert g.classical[4] == "O4"


def test_exactly_two_outcomes() -> None:
    """Spec: "There are exactly two possible outcomes." """
    g = Game.from_record("1-2 2-3 3-6 6-9 1-4 1-3")
    pending = g.awaiting_collapse
    assert pending is not None
    assert sorted(pending.outcomes) == [1, 3]
    assert pending.outcomes[1] != pending.outcomes[3]
    for square, expected in pending.outcomes.items():
        after = g.copy()
        after.collapse(square)
        assert after.classical == expected


def test_mark_becomes_classical_keeping_its_move_number() -> None:
    """Spec: "That mark becomes a *classical* mark in that square (keeping its move number)." """
    g = Game.from_record("1-2 3-4 5-6 7-8 1-9 1-9")
    g.collapse(9)
    assert g.classical[9] == "O6"


def test_cascade_through_cycle_and_stems() -> None:
    """Spec: "Every other spooky mark in that square must move to its other square, which forces
    the marks there in turn, and so on, until every move in the whole connected component
    (the cycle and every tree hanging off it) is classical."

    X1 1-2, O2 2-3, X3 3-6, O4 6-9 (a stem two deep off square 3), X5 1-4 (a stem off 1),
    O6 1-3 closes 1-2-3. c1: O6 in 1 -> X1 to 2, X5 to 4 -> O2 to 3 -> X3 to 6 -> O4 to 9.
    c3: O6 in 3 -> O2 to 2, X3 to 6 -> X1 to 1, O4 to 9 -> X5 to 4.
    """
    record = "1-2 2-3 3-6 6-9 1-4 1-3"
    assert classical(record + " c1") == {1: "O6", 2: "X1", 3: "O2", 4: "X5", 6: "X3", 9: "O4"}
    assert classical(record + " c3") == {1: "X1", 2: "O2", 3: "O6", 4: "X5", 6: "X3", 9: "O4"}
    for choice in ("c1", "c3"):
        assert Game.from_record(f"{record} {choice}").spooky_marks == []


def test_each_square_of_the_component_ends_with_one_classical_mark() -> None:
    """Spec: "Each square of the component ends with exactly one classical mark." """
    for pos in random_positions(3, 300):
        if not pos.pending:
            continue
        component = set(pos.component_of(pos.spooky[-1][1]))
        marks = {n for n, a, b in pos.spooky if a in component}
        for code in pos.legal_actions():
            after = pos.child(code)
            landed = {s: after.classical_moves[s] for s in component}
            assert all(landed.values())  # one mark in every square of the component
            assert sorted(landed.values()) == sorted(marks)  # each mark in one square
            assert not any(a in component for _, a, _ in after.spooky)


def test_other_components_stay_spooky() -> None:
    """Spec: "Moves in other components stay spooky." """
    g = Game.from_record("7-8 1-2 8-9 1-2")  # {7,8,9} spooky, O4 closes {1,2}
    g.collapse(2)
    assert g.classical == {1: "O2", 2: "O4"}
    assert g.spooky_marks == [("X1", (7, 8)), ("X3", (8, 9))]
    assert g.position.component_of(7) == (7, 8, 9)
    assert g.position.component_of(1) == g.position.component_of(2) == ()  # classical now


def test_chooser_acts_twice_choice_then_move() -> None:
    """Spec: "After the collapse the chooser makes the next move as usual, so the chooser acts
    twice in a row: the choice, then the move."
    """
    g = Game.from_record("1-2 1-2")  # O2 closed the cycle: X chooses, then X makes move 3
    assert (g.to_act, g.move_number) == ("X", 3)
    g.collapse(1)
    assert (g.to_act, g.move_number) == ("X", 3)
    g.play(3, 4)
    assert g.spooky_marks == [("X3", (3, 4))]
    assert g.to_act == "O"
    g = Game.from_record("1-2 3-4 1-2")  # X3 closed it: O chooses, then O makes move 4
    assert (g.to_act, g.move_number) == ("O", 4)
    g.collapse(2)
    assert (g.to_act, g.move_number) == ("O", 4)


# --- the end of the game ------------------------------------------------------


def test_only_classical_marks_count() -> None:
    """Spec: "Only classical marks count."

    X has spooky marks in all of 1, 2, 3 (and in 5 and 9): no line, play goes on.
    Then X holds 1 and 3 classically and only a spooky mark in 2: still no line.
    """
    g = Game.from_record("1-2 4-7 2-3 6-8 5-9")
    assert g.classical == {} and g.outcome is None and g.to_act == "O"
    # X1 1-3, O2 4-6, X3 1-3 closes; O puts X3 in 3, so X1 lands in 1; O4 7-8; X5 2-5
    g = Game.from_record("1-3 4-6 1-3 c3 7-8 2-5")
    assert g.classical == {1: "X1", 3: "X3"}
    assert g.position.spooky_in(2) == ["X5"]
    assert g.outcome is None and g.to_act == "O"


def test_line_is_three_classical_marks_of_one_player() -> None:
    """Spec: "A *line* is a row, column or diagonal whose three squares hold classical marks of
    one player." A full row of mixed marks is no line.

    ``1-2 1-2 c1``: O2 in 1, X1 in 2; X3 3-4, O4 3-4, X puts O4 in 3: the row 1-2-3 is
    full but mixed.
    """
    g = Game.from_record("1-2 1-2 c1 3-4 3-4 c3")
    assert g.classical == {1: "O2", 2: "X1", 3: "O4", 4: "X3"}
    assert g.outcome is None


def test_game_ends_as_soon_as_a_collapse_leaves_a_line() -> None:
    """Spec: "The game ends as soon as a collapse leaves at least one line"

    X1 3-5, O2 3-4, X3 1-3, O4 4-9, X5 3-9 closes 3-4-9. O puts X5 in 9: O4 to 4, O2 to 3,
    X1 to 5, X3 to 1: X holds the diagonal 1-5-9 with four squares still free.
    """
    g = Game.from_record("3-5 3-4 1-3 4-9 3-9")
    g.collapse(9)
    assert g.classical == {1: "X3", 3: "O2", 4: "O4", 5: "X1", 9: "X5"}
    assert g.outcome is not None and g.outcome.winner == "X"
    assert [(ln.squares, ln.highest) for ln in g.outcome.lines] == [((1, 5, 9), 5)]
    assert g.to_act is None and g.legal_actions() == []
    assert g.position.free_squares == (2, 6, 7, 8)


def test_a_win_can_come_from_the_opponents_choice() -> None:
    """The line may belong to either player, whoever chose: X's choice here gives O a line.

    X1 1-4, O2 5-6, X3 6-7, O4 6-9, X5 1-6, O6 1-4 closes; X puts O6 in 1: X1 to 4, X5 to 6,
    then O2 to 5, X3 to 7, O4 to 9: O holds 1-5-9.
    """
    g = Game.from_record("1-4 5-6 6-7 6-9 1-6 1-4 c1")
    assert g.classical == {1: "O6", 4: "X1", 5: "O2", 6: "X5", 7: "X3", 9: "O4"}
    assert g.outcome is not None and g.outcome.winner == "O"


def test_full_board_without_line_is_a_draw() -> None:
    """Spec: "or when all nine squares hold classical marks. A full board with no line
    is a draw."
    """
    g = Game.from_record("2-3 8-9 1-8 3-9 1-4 5-6 1-6 4-8 c4 7")
    assert len(g.classical) == 9
    owners = {s: m[0] for s, m in g.classical.items()}
    assert not any(len({owners[s] for s in line}) == 1 for line in LINES)
    assert g.outcome is not None and g.outcome.winner is None
    assert g.outcome.result == "draw" and g.outcome.lines == ()
    assert g.to_act is None and g.legal_actions() == []


def test_game_never_ends_before_a_line_or_a_full_board() -> None:
    """Spec: "The game ends as soon as ..." — and only then."""
    for pos in random_positions(4, 300):
        owners = {s: "X" if m % 2 else "O" for s, m in enumerate(pos.classical_moves) if m}
        line = any(all(owners.get(s) == p for s in ln) for ln in LINES for p in "XO")
        assert (pos.outcome is not None) == (line or len(owners) == 9)


def test_simultaneous_lines_earliest_highest_move_wins() -> None:
    """Spec: "If one collapse leaves lines for both players, for each line take the highest move
    number in it; the player whose line has the lowest such number (it was completed
    first) wins."
    """
    x_first = Game.from_record("2-7 4-8 2-5 1-7 2-8 7-8 c7").outcome
    assert x_first is not None and x_first.simultaneous
    assert [(ln.player, ln.squares, ln.highest) for ln in x_first.lines] == [
        ("X", (2, 5, 8), 5),
        ("O", (1, 4, 7), 6),
    ]
    assert x_first.winner == "X"
    o_first = Game.from_record("1-9 1-4 3-5 5-6 2-4 4-6 1-9 c1").outcome
    assert o_first is not None and o_first.simultaneous
    assert [(ln.player, ln.squares, ln.highest) for ln in o_first.lines] == [
        ("O", (4, 5, 6), 6),
        ("X", (1, 2, 3), 7),
    ]
    assert o_first.winner == "O"


def test_simultaneous_lines_never_tie() -> None:
    """Spec: "X's numbers are odd and O's even, so this never ties." """
    seen = 0
    for pos in random_positions(5, 1500):
        if pos.outcome is not None and pos.outcome.simultaneous:
            seen += 1
            highest: dict[str, set[int]] = {ln.player: set() for ln in pos.outcome.lines}
            for ln in pos.outcome.lines:
                highest[ln.player].add(ln.highest % 2)
            assert highest == {"X": {1}, "O": {0}}
    assert seen > 10


def test_two_lines_for_the_same_player_are_one_win() -> None:
    """Spec: "Two lines for the same player are still one win." """
    outcome = Game.from_record("7-8 4-7 5-9 6-9 8-9 1-5 2-5 3-8 8-9 c9").outcome
    assert outcome is not None
    assert [(ln.player, ln.squares) for ln in outcome.lines] == [("X", (2, 5, 8)), ("X", (7, 8, 9))]
    assert outcome.winner == "X" and outcome.result == "X"
    assert not outcome.simultaneous
    assert outcome.scores == {"X": 1.0, "O": 0.0}


def test_ninth_move_is_a_single_classical_mark() -> None:
    """Spec: "When only one square without a classical mark is left, a pair does not fit, so
    X's ninth move is a single, ordinary classical mark in that square"."""
    g = Game.from_record("2-3 8-9 1-8 3-9 1-4 5-6 1-6 4-8 c4")
    assert g.position.free_squares == (7,)
    assert (g.to_act, g.move_number) == ("X", 9)
    assert [str(a) for a in g.legal_actions()] == ["7"]
    with pytest.raises(IllegalMoveError):
        g.play(7, 8)
    g.play(7)
    assert g.classical[7] == "X9" and g.spooky_marks == []


def test_ninth_move_may_complete_a_line() -> None:
    """Spec: "(and may complete a line)" — here two at once: X9 in the centre."""
    g = Game.from_record("6-9 4-6 1-2 2-4 6-7 6-8 1-3 1-4 c4")
    assert g.position.free_squares == (5,)
    g.play(5)
    outcome = g.outcome
    assert outcome is not None and outcome.winner == "X"
    assert [(ln.squares, ln.highest) for ln in outcome.lines] == [((1, 5, 9), 9), ((3, 5, 7), 9)]
    assert outcome.scores == {"X": 1.0, "O": 0.0}


def test_free_squares_at_least_ten_minus_n() -> None:
    """Spec: "This can only happen on move 9: before move n the free squares number at least
    10 − n and the spooky edges form a forest on them."
    """
    for pos in random_positions(6, 1000):
        if pos.outcome is not None or pos.pending:
            continue
        n = pos.next_move
        free = set(pos.free_squares)
        assert len(free) >= 10 - n
        assert all({a, b} <= free for _, a, b in pos.spooky)
        if len(free) == 1:
            assert n == 9 and pos.legal_actions() == (pos.free_squares[0],)
        else:
            assert all(code >= 10 for code in pos.legal_actions())


def test_two_or_more_free_at_move_nine_x_closes_and_o_fills_the_board() -> None:
    """Spec: "If two or more squares are free at move 9, X's pair always closes a cycle and O's
    choice fills the board."
    """
    cases = [Game.from_record("1-5 2-5 3-5 4-5 5-6 5-7 5-8 5-9").position]
    cases += [
        p
        for p in random_positions(7, 1500)
        if p.next_move == 9 and not p.pending and p.outcome is None and len(p.free_squares) > 1
    ]
    assert len(cases) > 20
    for pos in cases:
        for code in pos.legal_actions():
            after = pos.child(code)
            assert after.pending and after.to_act == "O"
            for choice in after.legal_actions():
                final = after.child(choice)
                assert len(final.classical) == 9 and final.outcome is not None


def test_star_at_move_nine() -> None:
    """The star through the centre: X9 on 1-2 closes 1-5-2 and O's choice decides.

    c1: X9 in 1, X1 to 5, and every other mark leaves 5: O2 2, X3 3, O4 4, X5 6, O6 7,
    X7 8, O8 9 — no line, a draw. c2: X9 in 2, O2 to 5, X1 to 1, the rest as before:
    X holds 1-2-3.
    """
    g = Game.from_record("1-5 2-5 3-5 4-5 5-6 5-7 5-8 5-9 1-2")
    g.collapse(1)
    assert g.classical == {
        1: "X9",
        2: "O2",
        3: "X3",
        4: "O4",
        5: "X1",
        6: "X5",
        7: "O6",
        8: "X7",
        9: "O8",
    }
    assert g.outcome is not None and g.outcome.result == "draw"
    g.undo()
    g.collapse(2)
    assert g.classical[1] == "X1" and g.classical[2] == "X9" and g.classical[5] == "O2"
    assert g.outcome is not None and g.outcome.winner == "X"


# --- Goff's scoring ------------------------------------------------------------


def test_goff_single_line_scores_one() -> None:
    """Spec: "A single line scores 1 point." """
    g = Game.from_record("3-5 3-4 1-3 4-9 3-9 c9")
    assert g.outcome is not None and g.outcome.scores == {"X": 1.0, "O": 0.0}
    g = Game.from_record("1-4 5-6 6-7 6-9 1-6 1-4 c1")
    assert g.outcome is not None and g.outcome.scores == {"X": 0.0, "O": 1.0}


def test_goff_simultaneous_lines_score_one_and_a_half() -> None:
    """Spec: "When one collapse gives both players a line, the player whose line has the lower
    highest move number scores 1 and the other 1/2."
    """
    x_first = Game.from_record("2-7 4-8 2-5 1-7 2-8 7-8 c7").outcome
    o_first = Game.from_record("1-9 1-4 3-5 5-6 2-4 4-6 1-9 c1").outcome
    assert x_first is not None and x_first.scores == {"X": 1.0, "O": 0.5}
    assert o_first is not None and o_first.scores == {"X": 0.5, "O": 1.0}


def test_goff_draw_scores_zero() -> None:
    """Spec: "A draw scores 0 for both." """
    g = Game.from_record("2-3 8-9 1-8 3-9 1-4 5-6 1-6 4-8 c4 7")
    assert g.outcome is not None and g.outcome.scores == {"X": 0.0, "O": 0.0}
    assert Game().to_dict()["scores"] == {"X": 0.0, "O": 0.0}  # and nothing while it goes on


def test_goff_double_line_counts_as_one() -> None:
    """Spec: "Two lines for the same player count as one line here too" (not 1 1/2 or 2)."""
    for record in (
        "7-8 4-7 5-9 6-9 8-9 1-5 2-5 3-8 8-9 c9",
        "6-9 4-6 1-2 2-4 6-7 6-8 1-3 1-4 c4 5",
    ):
        outcome = Game.from_record(record).outcome
        assert outcome is not None and len(outcome.lines) == 2
        assert outcome.scores == {"X": 1.0, "O": 0.0}

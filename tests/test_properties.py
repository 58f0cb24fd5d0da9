"""Property-based tests: the rules' invariants over many random games (hypothesis).

Hypothesis draws the index of the legal action to take at each step, so a
failing game shrinks to a short, readable record. The checks recompute what the
spec says with plain Python (own connectivity search, own line finder) rather
than trusting the engine's bookkeeping.
"""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from qttt_edu import LINES, Action, Game, IllegalMoveError, Position

ALL_CODES = sorted(
    {*range(1, 10), *range(101, 110), *(10 * a + b for a in range(1, 10) for b in range(a + 1, 10))}
)


# --- strategies -------------------------------------------------------------------


#: one game's choices: the i-th action taken is legal[choice[i] % len(legal)]
choices = st.lists(st.integers(0, 35), min_size=20, max_size=20)


def walk_of(picks: list[int]) -> list[Position]:
    """The positions of the game the picks describe, from the empty board to its end.

    No game is longer than 9 moves and 8 collapses, so 20 picks always reach the end.
    """
    pos = Position()
    out = [pos]
    for pick in picks:
        legal = pos.legal_actions()
        if not legal:
            break
        pos = pos.child(legal[pick % len(legal)])
        out.append(pos)
    assert pos.outcome is not None
    return out


walks = choices.map(walk_of)


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A Game stopped at a random point, sometimes with actions taken back (a redo stack)."""
    g = Game()
    picks = draw(choices)
    for pick in picks[: draw(st.integers(0, 20))]:
        legal = g.legal_actions()
        if not legal:
            break
        g.apply(legal[pick % len(legal)])
    back = draw(st.integers(0, 3))
    for _ in range(min(back, g.ply)):
        g.undo()
    return g


# --- plain recomputations from the spec ------------------------------------------


def reach(edges: list[tuple[int, int, int]], start: int) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        s = todo.pop()
        for _, a, b in edges:
            for here, there in ((a, b), (b, a)):
                if here == s and there not in seen:
                    seen.add(there)
                    todo.append(there)
    return seen


def owners(pos: Position) -> dict[int, str]:
    return {s: "X" if m % 2 else "O" for s, m in enumerate(pos.classical_moves) if m}


def lines_of(pos: Position) -> list[tuple[str, tuple[int, int, int], int]]:
    own = owners(pos)
    found = []
    for line in LINES:
        for player in "XO":
            if all(own.get(s) == player for s in line):
                found.append((player, line, max(pos.classical_moves[s] for s in line)))
    return sorted(found, key=lambda line: line[2])


def path_edges(edges: list[tuple[int, int, int]], a: int, b: int) -> set[int]:
    """The moves on the path from a to b in a forest (the rest of the cycle's edges)."""
    parent: dict[int, tuple[int, int] | None] = {a: None}
    todo = [a]
    while todo:
        s = todo.pop()
        for m, p, q in edges:
            for here, there in ((p, q), (q, p)):
                if here == s and there not in parent:
                    parent[there] = (s, m)
                    todo.append(there)
    moves, s = set(), b
    while parent[s] is not None:
        s, m = parent[s]  # type: ignore[misc]
        moves.add(m)
    return moves


def snapshot(g: Game) -> tuple[Any, ...]:
    return (g.record(), g.to_dict(), g.position, g.history, g.timeline, g.can_redo, list(g))


# --- the properties --------------------------------------------------------------


@given(walks)
def test_spooky_graph_is_a_forest_before_every_move(walk: list[Position]) -> None:
    """Spec: "the graph is a forest before every move" and a pair closes a cycle exactly
    when its squares were already connected."""
    for pos in walk:
        edges = list(pos.spooky[:-1] if pos.pending else pos.spooky)
        for i, (_, a, b) in enumerate(edges):
            assert b not in reach(edges[:i], a), f"a cycle among the spooky marks {pos!r}"
        if pos.spooky:
            _, a, b = pos.spooky[-1]
            # the last spooky pair is pending exactly when it closed a cycle (an older pair
            # still spooky met fewer edges when it was placed, and did not close one)
            assert pos.pending == (b in reach(list(pos.spooky[:-1]), a))
        entanglements = {frozenset(reach(edges, s)) for _, a, b in edges for s in (a, b)}
        assert len(entanglements) <= 4  # Goff: at most four separate entanglements


@given(walks)
def test_pending_exactly_when_the_newest_pair_closed_a_cycle(walk: list[Position]) -> None:
    for before, after in pairwise(walk):
        if after.next_move == before.next_move + 1 and len(after.spooky) == len(before.spooky) + 1:
            _, a, b = after.spooky[-1]
            assert after.pending == (b in reach(list(before.spooky), a))


@given(walks)
def test_each_collapse_fills_its_component_with_two_distinct_outcomes(walk: list[Position]) -> None:
    """Spec: every square of the component ends with exactly one classical mark; exactly two
    outcomes; the newest mark lands where chosen; other components stay spooky; stems
    (marks off the cycle) land in the same square either way (Goff)."""
    for pos in walk:
        if not pos.pending:
            continue
        newest, a, b = pos.spooky[-1]
        component = reach(list(pos.spooky), a)
        inside = [e for e in pos.spooky if e[1] in component]
        outside = [e for e in pos.spooky if e[1] not in component]
        cycle = path_edges(list(pos.spooky[:-1]), a, b) | {newest}
        assert pos.legal_actions() == (100 + a, 100 + b)
        results = {}
        for square in (a, b):
            after = pos.child(100 + square)
            assert after.classical_moves[square] == newest
            landed = {s: after.classical_moves[s] for s in component}
            assert all(landed.values())
            assert sorted(landed.values()) == sorted(m for m, _, _ in inside)
            for s in set(range(1, 10)) - component:
                assert after.classical_moves[s] == pos.classical_moves[s]
            assert list(after.spooky) == outside
            assert after.next_move == pos.next_move
            results[square] = {m: s for s, m in landed.items()}
        assert results[a] != results[b]
        for m, _, _ in inside:
            assert (results[a][m] == results[b][m]) == (m not in cycle), m
        outcomes = pos.collapse_outcomes()
        assert sorted(outcomes) == [a, b]
        assert outcomes[a] != outcomes[b]


@given(walks)
def test_marks_are_conserved(walk: list[Position]) -> None:
    """Spec: a mark ends up in exactly one square: classical + spooky = moves made."""
    for pos in walk:
        assert len(pos.classical) + len(pos.spooky) == pos.next_move - 1
        spooky_squares = [s for _, a, b in pos.spooky for s in (a, b)]
        assert not set(spooky_squares) & set(pos.classical)


@given(walks)
def test_game_ends_only_as_the_rules_say(walk: list[Position]) -> None:
    """Spec: the game ends as soon as a collapse (or the ninth move) leaves a line, or the
    board is full; the earliest completed line wins; and never before."""
    for pos in walk[:-1]:
        assert pos.outcome is None and pos.legal_actions() and pos.to_act in ("X", "O")
        assert not lines_of(pos) and len(pos.classical) < 9
    end = walk[-1]
    assert end.outcome is not None and end.legal_actions() == () and end.to_act is None
    lines = lines_of(end)
    assert lines or len(end.classical) == 9
    assert [(ln.player, ln.squares, ln.highest) for ln in end.outcome.lines] == lines
    assert end.outcome.winner == (lines[0][0] if lines else None)
    assert end.outcome.result in ("X", "O", "draw")
    if len({p for p, _, _ in lines}) == 2:  # simultaneous: the later line scores 1/2
        assert end.outcome.scores[lines[0][0]] == 1 and end.outcome.scores[lines[-1][0]] == 0.5
    elif lines:
        assert sorted(end.outcome.scores.values()) == [0, 1]
    else:
        assert end.outcome.scores == {"X": 0, "O": 0}


@given(walks)
def test_who_acts(walk: list[Position]) -> None:
    """Spec: X odd moves, O even; the chooser is the opponent of the closer and then moves."""
    for before, pos in pairwise(walk):
        if pos.outcome is not None:
            continue
        if pos.pending:
            closer = "X" if pos.spooky[-1][0] % 2 else "O"
            assert pos.to_act == {"X": "O", "O": "X"}[closer]
        else:
            assert pos.to_act == ("X" if pos.next_move % 2 else "O")
        if before.pending:  # the chooser acts twice: the choice, then the move
            assert pos.to_act == before.to_act


@given(walks)
def test_free_squares_and_the_ninth_move(walk: list[Position]) -> None:
    """Spec: before move n at least 10 - n squares are free; one free square only at move 9
    (a single classical mark); two or more free at move 9 means X's pair closes a cycle."""
    for pos in walk:
        if pos.outcome is not None or pos.pending:
            continue
        free = pos.free_squares
        assert len(free) >= 10 - pos.next_move
        if len(free) == 1:
            assert pos.next_move == 9 and pos.legal_actions() == free
        elif pos.next_move == 9:
            for code in pos.legal_actions():
                after = pos.child(code)
                assert after.pending
                assert all(len(after.child(c).classical) == 9 for c in after.legal_actions())


@given(games())
def test_record_and_dict_round_trips(g: Game) -> None:
    again = Game.from_record(g.record())
    assert again.record() == g.record() and again.position == g.position
    data = json.loads(json.dumps(g.to_dict()))
    back = Game.from_dict(data)
    assert back.position == g.position and back.to_dict() == g.to_dict()


@given(games(), st.data())
def test_refused_actions_change_nothing(g: Game, data: st.DataObject) -> None:
    legal = set(g.position.legal_actions())
    code = data.draw(st.sampled_from([c for c in ALL_CODES if c not in legal]))
    form = data.draw(st.sampled_from(["code", "action", "token", "method"]))
    act = Action(code)
    before = snapshot(g)
    try:
        if form == "code":
            g.apply(code)
        elif form == "action":
            g.apply(act)
        elif form == "token":
            g.apply(str(act))
        elif act.kind == "collapse":
            g.collapse(act.squares[0])
        else:
            g.play(*act.squares)
    except IllegalMoveError as err:
        assert str(err)
    else:
        raise AssertionError(f"{act} was accepted in {g.record()!r}")
    assert snapshot(g) == before


@given(games(), games())
def test_position_equality_and_hash(g: Game, h: Game) -> None:
    """Two positions are equal exactly when everything a person sees of them is equal."""
    p, q = g.position, h.position
    seen_p = {k: v for k, v in g.to_dict().items() if k != "record"}
    seen_q = {k: v for k, v in h.to_dict().items() if k != "record"}
    assert (p == q) == (seen_p == seen_q)
    if p == q:
        assert hash(p) == hash(q)
    twin = Game.from_record(g.record()).position
    assert twin == p and hash(twin) == hash(p) and twin is not p


@given(games())
def test_undo_restores_exactly_and_redo_replays(g: Game) -> None:
    for act in list(g.legal_actions())[:3]:
        before = snapshot(g)
        g.apply(act)
        after = snapshot(g)
        assert g.undo() == act
        now = snapshot(g)
        assert now[:4] == before[:4] and now[6] == before[6]  # record, dict, position, history
        assert g.can_redo
        assert g.redo() == act
        assert snapshot(g)[:4] == after[:4]
        g.undo()


# --- anything at all as an action (issue 15) ----------------------------------------------

#: values a student might pass where an action or a square is expected
anything = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.integers(0, 120),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["1-2", "5-9", "c1", "c5", "3", "1 - 2", "4-4", "0-5", "C9", "１-２"]),
    st.binary(max_size=4),
    st.lists(st.integers(0, 10), max_size=3),
    st.tuples(st.integers(0, 10), st.integers(0, 10)),
)


@given(
    games(), anything, anything, st.sampled_from(["apply", "play1", "play2", "collapse", "goto"])
)
def test_any_value_is_played_or_refused_with_nothing_changed(
    g: Game, value: Any, other: Any, how: str
) -> None:
    """A legal action is played; anything else raises the kit's own error and changes nothing.

    The kind tells the two apart: unreadable input is InvalidRecordError, a rule
    break IllegalMoveError naming the game's record. Before issue 15 a bool or a
    float could be cached as an action and change what later games saw.
    """
    from qttt_edu import GameError, InvalidRecordError

    before = snapshot(g)
    record = g.record()
    try:
        if how == "apply":
            g.apply(value)
        elif how == "play1":
            g.play(value)
        elif how == "play2":
            g.play(value, other)
        elif how == "collapse":
            g.collapse(value)
        else:
            g.goto(value)
    except GameError as err:
        assert snapshot(g) == before
        assert 0 < len(str(err)) < 400
        assert isinstance(err, (IllegalMoveError, InvalidRecordError))
        if isinstance(err, IllegalMoveError):
            assert err.record == record
    else:
        assert isinstance(value, (int, str, Action)) or hasattr(value, "__index__")
        assert Game.from_record(g.record()).position == g.position
    # nothing was cached under a value that is not a real integer
    assert all(type(code) is int and Action(code).code == code for code in Action._cache)
    assert all(type(a.code) is int for a in g.timeline)

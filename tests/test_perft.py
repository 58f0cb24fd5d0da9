"""Perft: how many action sequences the rules allow, counted three independent ways.

``perft(d)`` is the number of distinct sequences of ``d`` legal actions from the
empty board (collapse choices count as actions). The counts at depths 1-4 are
pinned below, and each is confirmed twice over without the engine:

* by a brute-force simulator written here straight from ``shared/RULES.md``,
  with its own naive representation (dicts and sets), its own cycle search and
  its own literal cascade ("every other spooky mark in that square must move to
  its other square ..."); it shares no code with ``qttt_edu``;
* by hand, with the combinatorics spelled out in ``test_pinned_counts_by_hand``.

The same simulator then replays many random games next to the engine and
checks that both agree on every legal action, mark and outcome.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import TypeVar

import pytest

from qttt_edu import Action, Game, Position

Node = TypeVar("Node")

#: perft(1..4) from the empty board (see test_pinned_counts_by_hand for the derivation)
PERFT = {1: 36, 2: 1_296, 3: 45_432, 4: 1_531_656}

#: distinct positions (Position equality) after exactly d actions
DISTINCT = {1: 36, 2: 1_296, 3: 45_432}

ROWS = [(1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7)]


# --- the naive simulator, written from the spec alone -------------------------


class Naive:
    """A game state kept the plain way: who owns which square, which marks are spooky.

    ``classical`` maps square -> move number; ``spooky`` maps move number -> set of
    its two squares; ``pending`` is the move number whose pair closed a cycle, or None.
    """

    def __init__(self) -> None:
        self.classical: dict[int, int] = {}
        self.spooky: dict[int, frozenset[int]] = {}
        self.move = 1
        self.pending: int | None = None
        self.over = False
        self.winner: str | None = None
        self.lines: list[tuple[str, tuple[int, int, int], int]] = []
        self._legal: list[str] | None = None

    def copy(self) -> Naive:
        new = Naive.__new__(Naive)
        new.classical = dict(self.classical)
        new.spooky = dict(self.spooky)
        new.move = self.move
        new.pending = self.pending
        new.over = self.over
        new.winner = self.winner
        new.lines = list(self.lines)
        new._legal = None
        return new

    def free(self) -> list[int]:
        return [s for s in range(1, 10) if s not in self.classical]

    def legal(self) -> list[str]:
        # a state is never changed once play() has returned it, so this can be kept
        if self._legal is None:
            self._legal = self._find_legal()
        return self._legal

    def _find_legal(self) -> list[str]:
        if self.over:
            return []
        if self.pending is not None:
            a, b = sorted(self.spooky[self.pending])
            return [f"c{a}", f"c{b}"]
        free = self.free()
        if len(free) == 1:
            return [str(free[0])]
        return [f"{a}-{b}" for a, b in combinations(free, 2)]

    def connected(self, start: int, goal: int) -> bool:
        """Is there a path of spooky marks from ``start`` to ``goal``? (plain search)"""
        return goal in self.reach(start)

    def reach(self, start: int) -> set[int]:
        seen = {start}
        frontier = [start]
        while frontier:
            s = frontier.pop()
            for squares in self.spooky.values():
                if s in squares:
                    for other in squares:
                        if other not in seen:
                            seen.add(other)
                            frontier.append(other)
        return seen

    def play(self, token: str) -> Naive:
        assert token in self.legal(), (token, self.legal())
        new = self.copy()
        if token.startswith("c"):
            new._collapse(int(token[1:]))
        elif "-" in token:
            a, b = int(token[0]), int(token[2])
            closes = new.connected(a, b)
            new.spooky[new.move] = frozenset((a, b))
            if closes:
                new.pending = new.move
            new.move += 1
        else:
            new.classical[int(token)] = new.move
            new.move += 1
            new._judge()
        return new

    def _collapse(self, square: int) -> None:
        newest = self.pending
        assert newest is not None
        component = self.reach(square)
        # The literal cascade: a mark lands; every other spooky mark in that square
        # goes to its other square, which forces the marks there, and so on.
        todo = [(newest, square)]
        del self.spooky[newest]
        while todo:
            mark, s = todo.pop()
            assert s not in self.classical, "two classical marks in one square"
            self.classical[s] = mark
            for other, squares in list(self.spooky.items()):
                if s in squares:
                    (there,) = squares - {s}
                    del self.spooky[other]
                    todo.append((other, there))
        assert component <= set(self.classical), "the cascade left part of the component"
        assert not any(squares & component for squares in self.spooky.values())
        self.pending = None
        self._judge()

    def _judge(self) -> None:
        lines = []
        for row in ROWS:
            if all(s in self.classical for s in row):
                players = {"X" if self.classical[s] % 2 else "O" for s in row}
                if len(players) == 1:
                    lines.append((players.pop(), row, max(self.classical[s] for s in row)))
        if lines or len(self.classical) == 9:
            self.over = True
            self.lines = sorted(lines, key=lambda line: line[2])
            self.winner = self.lines[0][0] if lines else None

    def key(self) -> tuple[object, ...]:
        return (
            frozenset(self.classical.items()),
            frozenset((m, sq) for m, sq in self.spooky.items()),
            self.pending,
        )


def naive_perft(state: Naive, depth: int) -> int:
    if depth == 1:
        return len(state.legal())
    return sum(naive_perft(state.play(tok), depth - 1) for tok in state.legal())


def engine_perft(pos: Position, depth: int) -> int:
    if depth == 1:
        return len(pos.legal_actions())
    return sum(engine_perft(pos.child(code), depth - 1) for code in pos.legal_actions())


def naive_from_record(record: str) -> Naive:
    state = Naive()
    for token in record.split():
        state = state.play(token)
    return state


# --- the pinned counts --------------------------------------------------------


def levels(
    root: Node,
    children: Callable[[Node], list[Node]],
    count_legal: Callable[[Node], int],
    depth: int,
) -> tuple[dict[int, int], dict[int, list[Node]]]:
    """Walk the game tree breadth first: perft for depths 1..depth and the levels on the way.

    The nodes at depth d - 1 are kept and perft(d) is the sum of their legal-action
    counts, so depth 4 needs 45,432 positions rather than 1.5 million.
    """
    level = [root]
    counts: dict[int, int] = {}
    kept: dict[int, list[Node]] = {}
    for d in range(1, depth + 1):
        counts[d] = sum(count_legal(node) for node in level)
        if d < depth:
            level = [child for node in level for child in children(node)]
            kept[d] = level
    return counts, kept


def test_engine_perft_matches_pinned() -> None:
    counts, kept = levels(
        Position(),
        lambda p: [p.child(c) for c in p.legal_actions()],
        lambda p: len(p.legal_actions()),
        4,
    )
    assert counts == PERFT
    # hash and equality: no two action sequences of length <= 3 meet in one position
    # (move numbers tell them apart), so the distinct positions equal perft there
    for d, level in kept.items():
        assert len(set(level)) == DISTINCT[d]


def test_naive_simulator_confirms_pinned() -> None:
    counts, kept = levels(
        Naive(),
        lambda s: [s.play(t) for t in s.legal()],
        lambda s: len(s.legal()),
        4,
    )
    assert counts == PERFT
    for d, level in kept.items():
        assert len({s.key() for s in level}) == DISTINCT[d]


def test_recursive_perft_agrees() -> None:
    """The plain recursive definition gives the same numbers as the level walk."""
    for depth in (1, 2, 3):
        assert engine_perft(Position(), depth) == naive_perft(Naive(), depth) == PERFT[depth]


def test_pinned_counts_by_hand() -> None:
    """The pinned numbers follow from the rules with pencil and paper.

    36 pairs of two different free squares. Move 2: every pair is legal (36**2).
    Move 3: after two equal pairs a 2-cycle is pending (36 ways, 2 collapses each);
    otherwise 36 pairs. Depth 4: after a collapse 7 squares are free (C(7,2) = 21);
    after two pairs sharing a square (36 * 14 ways) a third pair closes a cycle when
    it lies inside those 3 squares (3 pairs, 2 choices each) and not otherwise (33 * 36);
    after two disjoint pairs (36 * 21 ways) when it repeats one of them (2 * 2 + 34 * 36).
    """
    pairs = 9 * 8 // 2
    assert PERFT[1] == pairs
    assert PERFT[2] == pairs * pairs
    assert PERFT[3] == (pairs * (pairs - 1)) * pairs + pairs * 2
    sharing, disjoint = pairs * 14, pairs * 21
    assert sharing + disjoint == pairs * (pairs - 1)
    after_collapse = pairs * 2 * 21
    assert PERFT[4] == after_collapse + sharing * (3 * 2 + 33 * pairs) + disjoint * (
        2 * 2 + 34 * pairs
    )


def test_transpositions_appear_at_depth_4() -> None:
    """A collapse forgets the pairs: two different games reach one position.

    ``1-2 2-3 1-3 c1`` and ``2-3 1-3 1-2 c1`` both end with X3 in 1, X1 in 2, O2 in 3;
    Position equality and hashing must see one position (a solver relies on it).
    """
    a = Game.from_record("1-2 2-3 1-3 c1").position
    b = Game.from_record("2-3 1-3 1-2 c1").position
    assert a.classical == b.classical == {1: "X3", 2: "X1", 3: "O2"}
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert naive_from_record("1-2 2-3 1-3 c1").key() == naive_from_record("2-3 1-3 1-2 c1").key()


# --- midgame perft, where collapses cascade and games end -----------------------

MIDGAMES = [
    "1-2 2-3 3-6",  # a tree: the next pair may close a cycle with a stem
    "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4",  # example 3 after the first collapse
    "1-5 3-8 5-8 3-7 4-8 4-6",  # example 4 before its first cycle
    "4-9 6-8 2-5 2-9 2-5 c5 6-8 c8",  # example 5, three moves before the end
    "1-2 2-3 1-3 c1 4-5 5-6",  # a collapse, then a second entanglement
]


@pytest.mark.parametrize("record", MIDGAMES)
def test_midgame_perft_agrees(record: str) -> None:
    """From positions where lines, full boards and the ninth move are in reach."""
    game = Game.from_record(record)
    state = naive_from_record(record)
    for depth in (1, 2, 3):
        assert engine_perft(game.position, depth) == naive_perft(state, depth), depth


# --- random games side by side -----------------------------------------------


def engine_view(pos: Position) -> tuple[object, ...]:
    return (
        [str(Action(c)) for c in pos.legal_actions()],
        {s: m for s, m in enumerate(pos.classical_moves) if m},
        {m: frozenset((a, b)) for m, a, b in pos.spooky},
        pos.spooky[-1][0] if pos.pending else None,
        pos.outcome is not None,
        None if pos.outcome is None else pos.outcome.winner,
        []
        if pos.outcome is None
        else [(ln.player, ln.squares, ln.highest) for ln in pos.outcome.lines],
    )


def naive_view(state: Naive) -> tuple[object, ...]:
    return (
        state.legal(),
        dict(state.classical),
        dict(state.spooky),
        state.pending,
        state.over,
        state.winner,
        list(state.lines),
    )


def test_random_games_agree_with_naive_simulator() -> None:
    """1500 random games, compared after every action: legal actions, marks, outcome."""
    rng = random.Random(20061101)
    endings: Counter[str] = Counter()
    ninth_moves = collapses = 0
    for _ in range(1500):
        pos, state = Position(), Naive()
        while True:
            assert engine_view(pos) == naive_view(state), state.key()
            legal = pos.legal_actions()
            if not legal:
                break
            code = rng.choice(legal)
            token = str(Action(code))
            ninth_moves += code < 10
            collapses += code > 100
            pos, state = pos.child(code), state.play(token)
        endings["draw" if state.winner is None else state.winner] += 1
        endings["simultaneous"] += len({line[0] for line in state.lines}) == 2
    # the sample really exercised every ending the spec describes
    assert endings["X"] and endings["O"] and endings["draw"] and endings["simultaneous"]
    assert ninth_moves and collapses


def test_checked_play_agrees_with_child() -> None:
    """Position.play (checked) and child (unchecked) give equal positions for legal actions."""
    rng = random.Random(7)
    for _ in range(100):
        pos = Position()
        while pos.legal_actions():
            code = rng.choice(pos.legal_actions())
            nxt = pos.child(code)
            assert pos.play(code) == nxt
            assert pos.play(str(Action(code))) == nxt
            assert pos.play(Action(code)) == nxt
            pos = nxt


def test_naive_simulator_confirms_the_golden_playthroughs() -> None:
    """The golden states of the worked examples (see test_examples.py), recomputed without
    the engine: marks, pending collapse, whose turn, legal actions, result and lines."""

    def name(move: int) -> str:
        return ("X" if move % 2 else "O") + str(move)

    golden = json.loads((Path(__file__).parent / "golden" / "worked_examples.json").read_text())
    for example, plies in golden.items():
        state = Naive()
        for ply, seen in enumerate(plies):
            if ply:
                state = state.play(seen["record"].split()[-1])
            pending = state.pending
            if state.over:
                to_act = None
            elif pending is not None:
                to_act = "O" if pending % 2 else "X"  # the opponent of the closer
            else:
                to_act = "X" if state.move % 2 else "O"
            expected = {
                "classical": {str(s): name(m) for s, m in state.classical.items()},
                "spooky": [
                    {"mark": name(m), "squares": sorted(sq)}
                    for m, sq in sorted(state.spooky.items())
                ],
                "to_act": to_act,
                "awaiting_collapse": None
                if pending is None
                else {"mark": name(pending), "squares": sorted(state.spooky[pending])},
                "result": (state.winner or "draw") if state.over else None,
                "legal": state.legal(),
                "lines": [
                    {"player": p, "squares": list(sq), "highest": h} for p, sq, h in state.lines
                ],
            }
            assert {k: seen[k] for k in expected} == expected, (example, ply)

"""Reachable positions for property tests, shared by the view and rules tests."""

from hypothesis import strategies as st

from qttt_edu import Position


def play_random(choices: list[int]) -> Position:
    """A reachable position: each number picks one legal action (modulo their count)."""
    pos = Position()
    for pick in choices:
        actions = pos.legal_actions()
        if not actions:
            break
        pos = pos.child(actions[pick % len(actions)])
    return pos


def reachable_positions(max_moves: int = 14) -> st.SearchStrategy[Position]:
    """Positions after up to ``max_moves`` random actions (finished games included)."""
    return st.lists(st.integers(0, 10_000), max_size=max_moves).map(play_random)

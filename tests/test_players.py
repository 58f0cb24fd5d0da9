"""Players choose legal actions, the perfect one plays by its stated rules, matches add up."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qttt_edu.core import Action, Game, GameError, IllegalMoveError, InvalidRecordError, Position
from qttt_edu.players import (
    HeuristicPlayer,
    MatchResult,
    PerfectPlayer,
    Player,
    RandomPlayer,
    best_actions,
    opening_book,
    play_game,
    play_match,
)
from qttt_edu.solver import (
    SCORINGS,
    Solver,
    book_key,
    inverse_symmetry,
    map_action,
    shared_solver,
)

# pytest puts this folder on the path; the book's builder lives in tools/
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from build_book import book_positions

from .test_solver import minimax


def position_from(choices: list[int]) -> Position:
    """A reachable position: follow ``choices`` as indexes into the legal actions."""
    pos = Position()
    for i in choices:
        if pos.outcome is not None:
            break
        codes = pos.legal_actions()
        pos = pos.child(codes[i % len(codes)])
    return pos


positions = st.lists(st.integers(0, 10**6), max_size=14).map(position_from)


# --- every player returns legal actions -----------------------------------------


@settings(max_examples=150)
@given(pos=positions, seed=st.integers(0, 2**32))
def test_random_and_heuristic_players_choose_legal_actions(pos: Position, seed: int) -> None:
    if pos.outcome is not None:
        return
    for player in (RandomPlayer(seed), HeuristicPlayer(seed)):
        assert isinstance(player, Player)
        action = player.choose(pos)
        assert isinstance(action, Action)
        assert action.code in pos.legal_actions()


@settings(max_examples=30)
@given(pos=positions, scoring=st.sampled_from(SCORINGS))
def test_perfect_player_chooses_a_legal_action_of_best_value(pos: Position, scoring: str) -> None:
    if pos.outcome is not None:
        return
    player = PerfectPlayer(scoring, seed=1)
    action = player.choose(pos)
    assert action.code in pos.legal_actions()
    if pos.next_move >= 5:  # earlier, analysing every action takes seconds
        solver = Solver(scoring)
        values = solver.analyse(pos)
        best = max(values.values()) if pos.to_act == "X" else min(values.values())
        assert values[action] == best


def test_players_refuse_a_finished_game() -> None:
    done = Game.from_record("5-8 2-9 8-9 1-9 2-3 3-8 c3").position
    for player in (RandomPlayer(), HeuristicPlayer(), PerfectPlayer()):
        with pytest.raises(IllegalMoveError, match="game is over"):
            player.choose(done)


def test_players_accept_a_game_as_well_as_a_position() -> None:
    game = Game.from_record("1-2 1-2")
    assert RandomPlayer(0).choose(game) in game.legal_actions()  # type: ignore[arg-type]


# --- random player ----------------------------------------------------------------


def test_random_player_is_reproducible_with_a_seed() -> None:
    def moves(seed: int) -> str:
        return play_game(RandomPlayer(seed), RandomPlayer(seed + 1)).record()

    assert moves(5) == moves(5)
    assert len({moves(s) for s in range(8)}) > 1


def test_random_player_uses_every_action() -> None:
    player = RandomPlayer(seed=0)
    seen = {player.choose(Position()) for _ in range(2000)}
    assert len(seen) == 36


# --- heuristic player -------------------------------------------------------------------


def test_heuristic_takes_a_collapse_that_wins_at_once() -> None:
    game = Game.from_record("5-8 2-9 8-9 1-9 2-3 3-8")  # c3 gives X column 2-5-8
    player = HeuristicPlayer(seed=0)
    assert player.choose(game.position) == Action.collapse(3)
    assert "rule 1" in player.explain(game, "c3")
    assert "wins" in player.explain(game, "c3") or "winning" in player.explain(game, "c3")


def test_heuristic_plays_a_cycle_that_wins_either_way() -> None:
    # X1 1-2, O2 4-5, X3 2-3, O4 5-6: X5 on 1-3 closes a cycle of X marks only
    game = Game.from_record("1-2 4-5 2-3 5-6")
    player = HeuristicPlayer(seed=0)
    action = player.choose(game.position)
    after = game.position.play(action)
    assert after.pending
    assert all(after.child(c).outcome.winner == "X" for c in after.legal_actions())
    assert "rule 2" in player.explain(game, action)


def test_heuristic_never_hands_over_a_winning_collapse() -> None:
    # O6 on 1-4 would let X collapse into row 4-5-6 (see test_solver)
    game = Game.from_record("6-7 6-7 c7 1-4 1-8 1-5")
    player = HeuristicPlayer(seed=0)
    for seed in range(10):
        player.reseed(seed)
        assert player.choose(game.position) != Action.pair(1, 4)
    why = player.explain(game, "1-4")
    assert "rule 3" in why and "prefers" in why


def test_heuristic_explains_every_legal_action_and_refuses_others() -> None:
    game = Game.from_record("1-5 2-5")
    player = HeuristicPlayer()
    for action in game.legal_actions():
        assert str(action) in player.explain(game, action)
    with pytest.raises(IllegalMoveError, match="not a legal action"):
        player.explain(game, "c1")


def test_heuristic_explain_takes_an_action_as_a_game_does_and_keeps_errors_apart() -> None:
    """The review found explain(pos, 34) refused as unreadable: a code is an action."""
    game = Game.from_record("1-5 2-5")
    player = HeuristicPlayer(seed=1)
    by_code = player.explain(game.position, 34)
    assert by_code == player.explain(game, "3-4") == player.explain(game, Action.pair(3, 4))
    assert by_code.startswith("3-4")
    with pytest.raises(GameError) as unreadable:
        player.explain(game, "3_4")
    assert type(unreadable.value) is InvalidRecordError
    with pytest.raises(GameError) as illegal:
        player.explain(game, 105)  # c5, with no collapse pending
    assert type(illegal.value) is IllegalMoveError
    assert illegal.value.record == "1-5 2-5" and 'position "1-5 2-5"' in str(illegal.value)
    with pytest.raises(IllegalMoveError) as over:  # the game is over: nothing to explain
        player.explain(Game.from_record("1-2 1-2 c1 4-5 4-5 c4 7-8 7-8 c7"), "3-6")
    assert over.value.record == "1-2 1-2 c1 4-5 4-5 c4 7-8 7-8 c7"


def test_heuristic_beats_random_play_most_of_the_time() -> None:
    result = play_match(HeuristicPlayer(), RandomPlayer(), games=30, seed=3)
    assert result.x_wins >= 20


# --- perfect player ------------------------------------------------------------------------


def test_perfect_player_wins_every_game_as_x_under_the_kit_rule() -> None:
    # the empty board is a win for X under "seed" (see the benchmark), so X must win
    result = play_match(PerfectPlayer(seed=0), RandomPlayer(), games=3, seed=11)
    assert result.x_wins == 3


def resistance(after: Position, winner: str) -> tuple[bool, int]:
    """Rule 2 by brute force: (can the winner end the game at once, winning replies)."""
    value = 1 if winner == "X" else -1
    if after.outcome is not None:
        return (True, 0)
    if after.to_act != winner:  # the loser chose a collapse and moves again
        return min(resistance(after.child(c), winner) for c in after.legal_actions())
    at_once = False
    for code in after.legal_actions():
        child = after.child(code)
        ends = [child] if not child.pending else [child.child(c) for c in child.legal_actions()]
        if all(e.outcome is not None and e.outcome.winner == winner for e in ends):
            at_once = True
    count = sum(minimax(after.child(r), "seed") == value for r in after.legal_actions())
    return (at_once, count)


def test_when_every_move_loses_it_makes_the_win_hardest_to_find() -> None:
    # X to move and lost. Rule 2: no win at once for O if possible, then the fewest
    # replies that keep O's win; checked here by minimax.
    game = Game.from_record("7-8 5-6 3-8 4-7 3-7 c3 5-9")
    pos = game.position
    assert minimax(pos, "seed") == -1
    scores = {code: resistance(pos.child(code), "O") for code in pos.legal_actions()}
    assert len(set(scores.values())) > 1  # the rule decides something here
    best = min(scores.values())
    expected = [Action(c) for c in sorted(scores) if scores[c] == best]
    value, chosen = PerfectPlayer("seed").candidates(game)
    assert value == -1
    assert chosen == expected
    assert PerfectPlayer("seed", seed=4).choose(pos) in expected


def test_a_lost_collapse_choice_is_judged_by_the_best_move_after_it() -> None:
    # O6 on 3-9 closed a cycle; X chooses, and both choices lose. X moves again
    # after choosing, so a choice counts what X's best next move leaves O.
    pos = Game.from_record("1-3 1-5 2-9 1-9 4-8 3-9").position
    assert pos.pending and pos.to_act == "X" and minimax(pos, "seed") == -1
    scores = {code: resistance(pos.child(code), "O") for code in pos.legal_actions()}
    best = min(scores.values())
    expected = [Action(c) for c in sorted(scores) if scores[c] == best]
    assert PerfectPlayer("seed").candidates(pos)[1] == expected


def test_a_lost_player_does_not_hand_over_an_immediate_win_if_it_can_help_it() -> None:
    # every O move loses here, but 1-4 lets X collapse into a line at once
    game = Game.from_record("6-7 6-7 c7 1-4 1-8 1-5")
    value, chosen = PerfectPlayer("seed").candidates(game)
    assert value == 1
    assert Action.pair(1, 4) not in chosen


def test_perfect_player_answers_the_collapse_after_the_ninth_move() -> None:
    # X's ninth move closed a cycle: O chooses, at "move 10"; whoever is lost
    rng = random.Random(9)
    found = []
    while len(found) < 5:
        pos = Position()
        while pos.outcome is None and not (pos.pending and pos.next_move == 10):
            pos = pos.child(rng.choice(pos.legal_actions()))
        if pos.outcome is None:
            found.append(pos)
    for pos in found:
        for scoring in SCORINGS:
            assert PerfectPlayer(scoring).choose(pos).code in pos.legal_actions()
            assert sorted(Solver(scoring).ordered(pos)) == list(pos.legal_actions())


def test_perfect_player_is_reproducible_with_a_seed() -> None:
    def record(seed: int) -> str:
        return play_game(PerfectPlayer("complete", seed=seed), RandomPlayer(seed)).record()

    assert record(2) == record(2)


def test_perfect_players_share_the_process_solver_and_play_as_with_their_own() -> None:
    """Thirty games of a class in one process (the light app) share one solver: one
    table, bounded, and each position solved once. Sharing it, from threads at once,
    changes no choice: every game is the one the same seeds play with solvers of
    their own."""
    from concurrent.futures import ThreadPoolExecutor

    assert PerfectPlayer().solver is PerfectPlayer(seed=1).solver is shared_solver("seed")
    assert PerfectPlayer("goff").solver is shared_solver("goff") is not shared_solver("seed")
    own = Solver("complete")
    assert PerfectPlayer("complete", solver=own).solver is own
    with pytest.raises(ValueError, match="'complete' solver cannot play 'seed'"):
        PerfectPlayer("seed", solver=own)

    def game(seed: int, solver: Solver | None) -> str:
        perfect = PerfectPlayer("seed", seed=seed, solver=solver)  # past the book: search
        return play_game(RandomPlayer(seed), perfect, time_limit=None).record()

    seeds = range(8)
    alone = [game(seed, Solver("seed")) for seed in seeds]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda seed: game(seed, None), seeds))
    assert together == alone


# --- the opening book -------------------------------------------------------------------


def test_book_covers_every_opening_position_under_each_scoring() -> None:
    book = opening_book()
    positions = book_positions(3)
    for scoring in SCORINGS:
        assert {book_key(p)[0] for p in positions} == set(book[scoring])


def _losing(value: int, pos: Position) -> bool:
    return value != 0 and (value < 0) == (pos.to_act == "X")


@pytest.mark.parametrize("scoring", SCORINGS)
def test_book_entries_agree_with_live_search(scoring: str) -> None:
    book = opening_book()[scoring]
    rng = random.Random(scoring)
    # positions before move 3 take long to solve live; sample the quicker ones
    sample = [p for p in book_positions(3) if p.pending or p.next_move == 3]
    for pos in rng.sample(sample, 2):
        key, g = book_key(pos)
        value, codes = book[key]
        solver = Solver(scoring)
        assert solver.int_value(pos) == value
        for code in codes:
            action = map_action(Action(code), inverse_symmetry(g))  # back from the canonical image
            assert solver.reaches(pos.child(action.code), value, pos.to_act), action
        if _losing(value, pos):
            actions = {map_action(Action(c), inverse_symmetry(g)).code for c in codes}
            assert actions == set(best_actions(solver, pos)[1])  # all of rule 2


@pytest.mark.slow
def test_book_holds_every_action_of_rule_2_when_lost() -> None:
    # under "seed" the one lost book position is O's answer to the diagonal 1-9
    book = opening_book()["seed"]
    lost = [p for p in book_positions(3) if _losing(book[book_key(p)[0]][0], p)]
    assert len(lost) == 1
    pos = lost[0]
    key, g = book_key(pos)
    _, codes = book[key]
    actions = {map_action(Action(c), inverse_symmetry(g)).code for c in codes}
    assert actions == set(best_actions(Solver("seed"), pos)[1])


# --- games and matches --------------------------------------------------------------------


def test_play_game_finishes_and_starts_from_a_given_game() -> None:
    start = Game.from_record("1-2 1-2")
    game = play_game(RandomPlayer(1), RandomPlayer(2), start=start)
    assert game.is_over
    assert game.record().startswith("1-2 1-2 c")
    assert start.record() == "1-2 1-2"


def test_play_game_names_a_player_that_cheats() -> None:
    class Cheat:
        name = "Cheat"

        def choose(self, position: Position) -> Action:
            return Action.collapse(5)

    with pytest.raises(IllegalMoveError, match=r"Cheat \(X\) loses this game: it chose c5"):
        play_game(Cheat(), RandomPlayer())


def test_match_counts_records_and_table() -> None:
    result = play_match(RandomPlayer(), HeuristicPlayer(), games=12, seed=1)
    assert isinstance(result, MatchResult)
    assert result.x_wins + result.o_wins + result.draws == 12 == len(result.games)
    for summary in result.games:
        game = Game.from_record(summary.record)
        assert game.outcome is not None and game.outcome.result == summary.result
    again = play_match(RandomPlayer(), HeuristicPlayer(), games=12, seed=1)
    assert [g.record for g in again.games] == [g.record for g in result.games]
    table = str(result)
    assert "X wins" in table and "draws" in table and "Heuristic" in table
    html = result._repr_html_()
    assert html.startswith("<table>") and "<th>O wins</th>" in html
    assert f"<td>{result.o_wins}</td>" in html


def test_match_refuses_a_bad_number_of_games() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        play_match(RandomPlayer(), RandomPlayer(), games=0)

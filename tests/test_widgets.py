"""The game app, driven headless through the messages its page sends.

A click on a square in the page sends ``{"type": "square", "square": n}``, a
collapse button ``{"type": "choose", "square": n}``, and so does a square while a
collapse is pending; ``click(app, n)`` and ``choose(app, n)`` from ``tests/page.py`` send
exactly those. What the page shows is read from the view model it is sent
(``app.board.view``).
"""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qttt_edu import Action, Game, IllegalMoveError
from qttt_edu.i18n import LANGUAGES, get_language, t_in
from qttt_edu.widgets import GameApp, available_languages, available_opponents, play
from tests.page import choice_tooltip, choose, click, square_label, square_text

SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def send(app: GameApp, kind: str, square) -> None:
    """A message exactly as the page sends it."""
    app.board.send_action({"type": kind, "square": square})


def status(app: GameApp) -> str:
    """The status line as a person reads it (message, then prompt)."""
    st_ = app.board.view["status"]
    parts = [st_["message"]["text"]] if st_["message"] else []
    return " ".join(" ".join([*parts, st_["prompt"]]).split())


def explain(app: GameApp) -> str:
    return " ".join(app.board.view["explain"])


def choices(app: GameApp) -> list[str]:
    pending = app.board.view["pending"]
    return [] if pending is None else [c["text"] for c in pending["buttons"]]


def texts(app: GameApp) -> dict[int, str]:
    return {s: square_text(app, s) for s in range(1, 10)}


def test_empty_squares_show_nothing_after_undo() -> None:
    app = GameApp(Game.from_record("1-2"))
    click(app, 5)
    click(app, 5)  # cancel: nothing placed
    assert square_text(app, 5) == ""
    app.game.undo()
    app.refresh()
    assert all(square_text(app, s) == "" for s in range(1, 10))
    assert all(not sq["spooky"] and not sq["classical"] for sq in app.board.view["squares"])


def expected_texts(game: Game) -> dict[int, str]:
    """What each button must show, read from the core's own state."""
    out = {}
    for s in range(1, 10):
        if s in game.classical:
            out[s] = game.classical[s].translate(SUB)
        else:
            out[s] = " ".join(m.translate(SUB) for m, sq in game.spooky_marks if s in sq)
    return out


def play_record(app: GameApp, record: str, check=None) -> None:
    """Play a record by clicking squares, checking the board after every action."""
    for i, token in enumerate(record.split(), 1):
        action = Action.parse(token)
        if action.kind == "pair":
            a, b = action.squares
            click(app, a)
            assert square_view(app, a)["selected"]
            click(app, b)
        else:
            click(app, action.squares[0])
        assert app.game.record() == " ".join(record.split()[:i])
        assert app.message is None, app.message
        assert texts(app) == expected_texts(app.game)
        mover = app.game.to_act
        if mover is not None:
            assert status(app).startswith(f"{mover}"), status(app)
        if check is not None:
            check(i, app)


def refusal(reason: str) -> str:
    """The status line's first part after a refused click: the marker and the core's reason."""
    return f"⚠ Not allowed: {reason}"


def core_reason(game: Game, action: str) -> str:
    """Why the rules core refuses ``action`` here (its own words, whatever they are)."""
    with pytest.raises(IllegalMoveError) as refused:
        game.position.play(action)
    return str(refused.value)


def square_view(app, square: int) -> dict:
    """What the view model says of ``square``; board.js turns each fact into a CSS class
    (tests/js/board.test.js checks the classes a player's browser gets)."""
    return app.board.view["squares"][square - 1]


def squares_with(app, fact: str) -> set[int]:
    return {s for s in range(1, 10) if square_view(app, s)[fact]}


# --- the worked examples of RULES.md, by clicking ------------------------------


def test_example_1_two_cycle_and_choice():
    app = GameApp(computer_delay=0)
    assert status(app) == "X, move 1: choose two squares"
    click(app, 1)
    assert status(app) == (
        "X, move 1: square 1 chosen; choose a second square (click 1 again to cancel)"
    )
    assert square_view(app, 1)["selected"]
    assert "chosen" in square_label(app, 1)
    click(app, 2)
    assert texts(app)[1] == texts(app)[2] == "X₁"
    assert square_label(app, 1) == "Square 1: spooky X1 (last move)"
    last = squares_with(app, "last")
    assert last == {1, 2}
    assert status(app) == "O, move 2: choose two squares"
    assert not choices(app)
    click(app, 1, 2)
    assert texts(app)[1] == "X₁ O₂"
    assert status(app) == "X: O2 closed a cycle. Choose where O2 lands: square 1 or square 2"
    assert choices(app) == ["Put O2 in square 1", "Put O2 in square 2"]
    for s in (1, 2):
        assert square_view(app, s)["choosable"]
    click(app, 1)
    assert app.game.record() == "1-2 1-2 c1"
    assert texts(app)[1] == "O₂" and texts(app)[2] == "X₁"
    assert square_view(app, 1)["classical"]["player"] == "O"
    assert square_view(app, 2)["classical"]["player"] == "X"
    assert square_label(app, 1) == "Square 1: classical O2 (last move)"
    assert square_label(app, 2) == "Square 2: classical X1"
    assert status(app) == "X, move 3: choose two squares"
    assert choices(app) == [] and app.board.view["pending"] is None


def test_example_1_with_the_labelled_choice_button():
    app = GameApp(Game.from_record("1-2 1-2"), computer_delay=0)
    choose(app, 2)
    assert app.game.classical == {1: "X1", 2: "O2"}


@pytest.mark.parametrize(
    ("choice", "classical"),
    [
        (1, {1: "O4", 2: "X1", 3: "O2", 6: "X3"}),
        (3, {1: "X1", 2: "O2", 3: "O4", 6: "X3"}),
    ],
)
def test_example_2_cycle_with_a_tail(choice, classical):
    app = GameApp(computer_delay=0)

    def check(i, app):
        if i == 4:
            assert status(app) == (
                "X: O4 closed a cycle. Choose where O4 lands: square 1 or square 3"
            )
            # The cycle 1-2-3 is highlighted, the tail square 6 is not.
            cycle = squares_with(app, "cycle")
            assert cycle == {1, 2, 3}
            # Each choice button says what it would do, in the order the marks are forced.
            assert choice_tooltip(app, 3) == (
                "O4 lands in square 3: O4 → 3, O2 → 2, X3 → 6, X1 → 1"
            )
            assert choice_tooltip(app, 1) == (
                "O4 lands in square 1: O4 → 1, X1 → 2, O2 → 3, X3 → 6"
            )

    play_record(app, f"1-2 2-3 3-6 1-3 c{choice}", check)
    assert app.game.classical == classical
    assert status(app) == "X, move 5: choose two squares"


def test_example_3_both_lines_x_wins():
    app = GameApp(computer_delay=0)

    def check(i, app):
        if i == 9:  # after c4 the component {1, 5, 6, 8} stays spooky
            spooky = {s for s in range(1, 10) if square_view(app, s)["spooky"]}
            assert spooky == {1, 5, 6, 8}

    play_record(app, "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5", check)
    board = {1: "O4", 2: "O2", 3: "X1", 4: "O8", 5: "X9", 6: "X5", 7: "O6", 8: "X7", 9: "X3"}
    assert app.game.classical == board
    assert app.game.outcome.winner == "X"
    assert status(app) == (
        "X wins: line 3-6-9 (completed by X5); O's line 1-4-7 (completed by O8) came later"
    )
    lined = squares_with(app, "line")
    assert lined == {3, 6, 9, 1, 4, 7}
    winner = {s for s in lined if square_view(app, s)["line"] == "winner"}
    assert winner == {3, 6, 9}
    assert "earliest" in explain(app) or "first" in explain(app)


def test_example_4_o_wins():
    app = GameApp(computer_delay=0)
    play_record(app, "1-5 3-8 5-8 3-7 4-8 4-6 1-3 c3 2-9 2-9 c2")
    assert app.game.outcome.winner == "O"
    assert status(app).startswith("O wins: line 7-8-9 (completed by O8)")
    # RULES.md names X's line as 2-5-8, but square 8 holds O2 there: X's line is 1-2-3
    # (X1, X9, X7), worked out by hand and reported to the lead.
    assert "X's line 1-2-3 (completed by X9) came later" in status(app)


def test_example_5_classical_ninth_move():
    app = GameApp(computer_delay=0)

    def check(i, app):
        if i == 11:
            assert status(app) == (
                "X, move 9: only square 3 is free. Place the classical mark there"
            )

    play_record(app, "4-9 6-8 2-5 2-9 2-5 c5 6-8 c8 1-7 1-7 c1 3", check)
    assert status(app) == "X wins: line 3-5-7 (completed by X9)"
    assert texts(app)[3] == "X₉"
    assert "nothing to superpose" in explain(app)


def test_ninth_move_refuses_a_classical_square_and_a_pair_cannot_start():
    app = GameApp(Game.from_record("4-9 6-8 2-5 2-9 2-5 c5 6-8 c8 1-7 1-7 c1"), computer_delay=0)
    click(app, 5)
    assert app.message == refusal(core_reason(app.game, "5"))
    assert "square 5" in app.message and "classical mark" in app.message
    assert app.game.ply == 11


# --- bad clicks: a clear message and the game unchanged --------------------------


def test_classical_square_is_refused_on_either_click():
    app = GameApp(Game.from_record("1-2 1-2 c1"), computer_delay=0)
    before = app.game.record()
    click(app, 1)
    assert status(app) == refusal(core_reason(app.game, "1-3")) + " X, move 3: choose two squares"
    assert "square 1" in app.message and "O2" in app.message
    assert app.board.view["status"]["message"]["kind"] == "refusal"
    assert app.game.record() == before
    assert not squares_with(app, "selected")
    click(app, 5, 2)  # the second click on a classical square keeps the first choice
    assert app.message == refusal(core_reason(app.game, "2-5"))
    assert "square 2" in app.message and "X1" in app.message
    assert square_view(app, 5)["selected"]
    assert app.game.record() == before
    click(app, 6)
    assert app.game.record() == "1-2 1-2 c1 5-6"
    assert app.message is None


def test_same_square_twice_cancels():
    app = GameApp(computer_delay=0)
    click(app, 5, 5)
    assert status(app) == "X, move 1: choose two squares"
    assert app.game.ply == 0
    assert not squares_with(app, "selected")
    click(app, 5, 7)
    assert app.game.record() == "5-7"


def test_only_the_two_choices_during_a_collapse():
    app = GameApp(Game.from_record("1-2 2-3 3-6 1-3"), computer_delay=0)
    for s in (2, 6, 5, 9):
        click(app, s)
        assert app.message == refusal(core_reason(app.game, f"c{s}"))
        assert f"square {s}" in app.message and "O4" in app.message
        assert app.game.record() == "1-2 2-3 3-6 1-3"
        assert app.game.awaiting_collapse is not None
    # A refused click does not start a pair: the next click is a plain choice.
    click(app, 3)
    assert app.game.record() == "1-2 2-3 3-6 1-3 c3"


def test_nothing_after_the_end():
    app = GameApp(Game.from_record("4-9 6-8 2-5 2-9 2-5 c5 6-8 c8 1-7 1-7 c1 3"), computer_delay=0)
    for s in range(1, 10):
        click(app, s)
        assert app.message == refusal(core_reason(app.game, str(s)))
        assert "3-5-7" in app.message
    assert app.game.ply == 12
    assert status(app).endswith("X wins: line 3-5-7 (completed by X9)")


@pytest.mark.parametrize(
    ("record", "reason"),
    [
        ("1-2 x", ["token 2 'x'"]),
        ("1-2 1-2 c5", ["token 3 'c5'", "O2", "square 1", "square 2"]),
        ("1-1", ["token 1 '1-1'"]),
        ("1-2 1-2 3-4", ["token 3 '3-4'", "O2", "c1"]),
    ],
)
def test_bad_record_leaves_the_game_unchanged(record, reason):
    app = GameApp(Game.from_record("5-9"), computer_delay=0)
    game = app.game
    app.controls.record_input.value = record
    app.controls.load_button.click()
    assert app.message.startswith("⚠ Not allowed: this record cannot be loaded")
    for part in reason:
        assert part in app.message
    assert app.game is game and game.record() == "5-9"
    assert texts(app)[5] == "X₁"


def test_undo_and_redo_with_nothing():
    app = GameApp(computer_delay=0)
    app.controls.undo_button.click()
    with pytest.raises(IllegalMoveError) as undo:
        Game().undo()
    assert status(app) == refusal(undo.value.reason) + " X, move 1: choose two squares"
    app.controls.redo_button.click()
    with pytest.raises(IllegalMoveError) as redo:
        Game().redo()
    assert app.message == refusal(redo.value.reason)
    assert app.game.ply == 0


def test_a_refusal_clears_on_the_next_good_action():
    app = GameApp(computer_delay=0)
    app.controls.undo_button.click()
    click(app, 1)
    assert app.message is None
    assert status(app).startswith("X, move 1: square 1 chosen")


def test_reentrant_click_is_refused_and_harmless():
    """A click arriving while another is being handled must not interleave with it."""

    class Meddler:
        def __init__(self):
            self.app = None

        def choose(self, position):
            click(self.app, 9)  # arrives while the human's click is handled
            return position.legal_actions()[0]

    meddler = Meddler()
    app = GameApp(opponent=meddler, computer_delay=0)
    meddler.app = app
    click(app, 1, 2)
    assert app.game.record() == "1-2 1-2"  # the computer's pair, not a stray 9
    assert app.message is None
    assert not squares_with(app, "selected")


# --- undo, redo, timeline -----------------------------------------------------------


def test_undo_redo_and_the_timeline_keep_the_whole_game():
    app = GameApp(computer_delay=0)
    play_record(app, "1-2 2-3 3-6 1-3 c1")
    timeline = app.controls.timeline
    assert (timeline.min, timeline.max, timeline.value) == (0, 5, 5)
    # The browser sends the slider's value only when the user moves it: with continuous
    # updates it echoes the app's own updates, and a late echo rewound the game in Voila.
    assert app.controls.timeline.continuous_update is False
    app.controls.undo_button.click()
    assert app.game.record() == "1-2 2-3 3-6 1-3"
    assert status(app).startswith("X: O4 closed a cycle")
    assert app.controls.timeline.value == 4 and app.controls.timeline.max == 5
    app.controls.redo_button.click()
    assert app.game.classical == {1: "O4", 2: "X1", 3: "O2", 6: "X3"}
    app.controls.timeline.value = 2
    assert app.game.record() == "1-2 2-3"
    assert texts(app) == expected_texts(app.game)
    assert app.controls.log.value == "<code>1-2 2-3</code>"
    assert app.controls.timeline.max == 5
    app.controls.timeline.value = 0
    assert app.game.ply == 0 and texts(app) == dict.fromkeys(range(1, 10), "")
    app.controls.timeline.value = 5
    assert app.game.record() == "1-2 2-3 3-6 1-3 c1"
    # A new move from an earlier step replaces the later ones.
    app.controls.timeline.value = 3
    click(app, 7, 8)
    assert app.game.record() == "1-2 2-3 3-6 7-8"
    assert (app.controls.timeline.max, app.controls.timeline.value) == (4, 4)


def test_new_game():
    app = GameApp(Game.from_record("1-2 1-2 c1"), computer_delay=0)
    click(app, 4)
    app.controls.new_button.click()
    assert app.game.ply == 0 and app.game.timeline == ()
    assert status(app) == "X, move 1: choose two squares"
    assert texts(app) == dict.fromkeys(range(1, 10), "")
    assert app.controls.timeline.max == 0


# --- records in and out ----------------------------------------------------------------


def test_save_and_load_round_trip():
    app = GameApp(computer_delay=0)
    play_record(app, "1-5 3-8 5-8")
    app.controls.save_button.click()
    assert app.controls.record_input.value == "1-5 3-8 5-8"
    assert app.message == "The record is in the box: select it and copy it."
    other = GameApp(computer_delay=0)
    other.controls.record_input.value = app.controls.record_input.value
    other.controls.load_button.click()
    assert other.game.record() == "1-5 3-8 5-8"
    assert other.message == "Loaded: 3 actions."
    assert texts(other) == texts(app)
    assert status(other) == "Loaded: 3 actions. O, move 4: choose two squares"
    assert other.controls.log.value == "<code>1-5 3-8 5-8</code>"


# --- panels -------------------------------------------------------------------------------


def test_explain_names_superposition_entanglement_measurement():
    app = GameApp(computer_delay=0)
    assert "superposition" in explain(app)
    assert "metaphor" in app.board.view["metaphor"].lower()
    click(app, 1, 2)
    assert explain(app).startswith("Superposition: X1 is in squares 1 and 2 at once.")
    click(app, 2, 5)
    assert "Entanglement: O2 shares square 2 with X1." in explain(app)
    click(app, 1, 5)
    text = explain(app)
    assert "X3 closed the cycle 1-2-5-1" in text
    assert "O chooses where X3 lands, not X" in text
    click(app, 1)  # Goff's Fig. 5
    text = explain(app)
    assert "Measurement: O put X3 in square 1" in text
    assert "(X3 → 1, X1 → 2, O2 → 5)" in text  # in the order the collapse forces them


def realities(app: GameApp) -> str:
    """The realities panel as the page writes it: headline, then each square's odds."""
    panel = app.board.view["realities"]
    parts = [panel["headline"]]
    for sq in panel["squares"]:
        parts += [f"{m['mark']} {round(100 * m['p'])}%" for m in sq["marks"]]
    return " ".join(parts)


def test_realities_panel_counts_and_odds():
    app = GameApp(Game.from_record("1-2 4-5"), computer_delay=0)
    text = realities(app)
    assert "Classical boards still possible: 4" in text
    assert "X1 50%" in text and "O2 50%" in text
    click(app, 2, 5)  # one tree of three marks over four squares: four realities
    assert "Classical boards still possible: 4" in realities(app)
    assert "X1 75%" in realities(app)
    click(app, 1, 4)  # O4 closes a cycle: one reality for each way round
    assert "Classical boards still possible: 2" in realities(app)
    click(app, 1)
    assert "Classical boards still possible: 1" in realities(app)
    settled = [sq for sq in app.board.view["squares"] if sq["classical"]]
    assert len(settled) == 4  # the page writes "settled" under each classical square
    assert app.board.view["texts"]["realities_settled"] == "settled"


def test_after_a_win_the_realities_panel_says_the_game_is_decided():
    # RULES.md example 3: X wins while the component {1, 5, 6, 8} is still spooky.
    app = GameApp(Game.from_record("3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"), computer_delay=0)
    panel = app.board.view["realities"]
    assert panel["decided"] is True
    assert panel["headline"].startswith("The game is decided")
    assert "possible" not in panel["headline"]


def test_graph_panel_follows_the_game():
    app = GameApp(computer_delay=0)
    assert app.board.view["graph"]["edges"] == []
    click(app, 1, 2)
    assert [(e["mark"], e["a"], e["b"]) for e in app.board.view["graph"]["edges"]] == [("X1", 1, 2)]
    click(app, 1, 2)
    edges = app.board.view["graph"]["edges"]
    assert [e["cycle"] for e in edges] == [True, True]
    assert edges[0]["bend"] == -edges[1]["bend"] != 0  # two arcs, apart
    app.controls.timeline.value = 0
    assert app.board.view["graph"]["edges"] == []
    assert app.board.view["texts"]["graph_alt"].startswith("Entanglement graph: squares are nodes")


def test_view_sent_to_the_page_is_json():
    app = GameApp(Game.from_record("1-2 2-3 3-6 1-3"), computer_delay=0)
    assert json.loads(json.dumps(app.board.view)) == app.board.view
    click(app, 1)
    event = app.board.view["event"]
    assert event["animate"] is True and event["focus"] == 1  # the chosen square gets focus
    assert [s["mark"] for s in app.board.view["last_action"]["cascade"]] == ["O4", "X1", "O2", "X3"]
    click(app, 4)
    assert app.board.view["event"]["animate"] is False


def test_undo_and_redo_are_disabled_when_there_is_nothing_to_take_back_or_replay():
    app = GameApp(computer_delay=0)
    assert app.controls.undo_button.disabled and app.controls.redo_button.disabled
    assert app.controls.timeline_length.value == "of 0"
    click(app, 1, 2)
    assert not app.controls.undo_button.disabled and app.controls.redo_button.disabled
    assert app.controls.timeline_length.value == "of 1"
    app.controls.undo_button.click()
    assert app.controls.undo_button.disabled and not app.controls.redo_button.disabled
    assert app.controls.timeline_length.value == "of 1"


# --- the computer opponent -------------------------------------------------------------


class FirstLegal:
    """A scripted player: always the first legal action (as an int code)."""

    def __init__(self):
        self.asked = 0

    def choose(self, position):
        self.asked += 1
        return position.legal_actions()[0]


def test_computer_replies_and_chooses_with_no_delay():
    player = FirstLegal()
    app = GameApp(opponent=player, computer_delay=0)
    assert app.opponent == "custom"
    assert app.controls.opponent_select.value == "custom"
    click(app, 3, 4)
    assert app.game.record() == "3-4 1-2"
    click(app, 1, 2)  # X closes a cycle: the computer (O) chooses, then moves
    assert app.game.record() == "3-4 1-2 1-2 c1 3-4"
    # O4 on 3-4 closed a cycle with X1: X (the human) chooses now.
    assert status(app) == "X: O4 closed a cycle. Choose where O4 lands: square 3 or square 4"
    click(app, 4)
    assert app.game.record() == "3-4 1-2 1-2 c1 3-4 c4"
    assert app.game.classical == {1: "X3", 2: "O2", 3: "X1", 4: "O4"}
    assert status(app) == "X, move 5: choose two squares"


def test_computer_playing_x_starts():
    app = GameApp(opponent=FirstLegal(), computer_delay=0, computer_plays="X")
    assert app.game.record() == "1-2"
    assert status(app) == "O, move 2: choose two squares"


def test_undo_against_the_computer_returns_to_the_humans_turn():
    app = GameApp(opponent=FirstLegal(), computer_delay=0)
    click(app, 5, 6)
    assert app.game.record() == "5-6 1-2"
    app.controls.undo_button.click()
    assert app.game.ply == 0 and app.game.to_act == "X"
    app.controls.redo_button.click()
    assert app.game.record() == "5-6 1-2"
    app.controls.timeline.value = 1  # the computer's turn, inside the game: it waits
    assert app.game.record() == "5-6"
    assert status(app).startswith("O (computer) is to act")
    click(app, 3)
    assert app.message == "⚠ Not allowed: it is the computer's turn (O)"
    assert app.game.record() == "5-6"


def test_a_broken_computer_player_shows_an_error_and_changes_nothing():
    class Broken:
        def choose(self, position):
            return "9-9"

    app = GameApp(opponent=Broken(), computer_delay=0)
    click(app, 1, 2)
    assert app.game.record() == "1-2"
    assert app.message.startswith("⚠ Something went wrong")
    assert "'9-9'" in app.message


def test_clicks_while_the_computer_thinks_are_refused():
    async def scenario():
        player = FirstLegal()
        app = GameApp(opponent=player, computer_delay=0.05)
        click(app, 5, 6)
        assert status(app) == "O (computer) is thinking…"
        click(app, 1)
        assert app.message == (
            "⚠ Not allowed: wait a moment: the computer (O) is choosing its action"
        )
        assert app.game.record() == "5-6" and player.asked == 0
        # The player is asked in a worker thread; its answer is applied on the event loop.
        for _ in range(100):
            await asyncio.sleep(0.02)
            if app.game.ply == 2:
                break
        assert player.asked == 1
        assert app.game.record() == "5-6 1-2"
        assert status(app) == "X, move 3: choose two squares"

    asyncio.run(scenario())


def test_undo_cancels_the_computers_pending_move():
    async def scenario():
        player = FirstLegal()
        app = GameApp(opponent=player, computer_delay=0.05)
        click(app, 5, 6)
        app.controls.undo_button.click()
        await asyncio.sleep(0.15)
        assert player.asked == 0
        assert app.game.ply == 0 and app.game.can_redo
        assert status(app) == "X, move 1: choose two squares"

    asyncio.run(scenario())


@pytest.mark.parametrize("name", available_opponents())
def test_named_computer_opponents_play_to_the_end(name):
    # From move 5 on, so that the perfect player's search stays short in a test.
    app = GameApp(Game.from_record("1-5 3-8 5-8 3-7"), opponent=name, computer_delay=0)
    assert app.opponent == name
    while not app.game.is_over:
        assert app.game.to_act == "X"
        click(app, *app.game.legal_actions()[-1].squares)
        assert app.message is None
        assert texts(app) == expected_texts(app.game)
    assert status(app).startswith(("X wins", "O wins", "Draw"))


def test_choosing_an_opponent_in_the_dropdown():
    app = GameApp(computer_delay=0)
    assert app.controls.side_select.layout.display == "none"
    click(app, 1, 2)
    app.controls.opponent_select.value = "random"  # O to act: the computer answers at once
    assert app.opponent == "random"
    assert app.game.ply == 2 and app.game.to_act == "X"
    assert app.controls.side_select.layout.display == "flex"
    app.controls.side_select.value = "X"  # now X is the computer's side, and X is to act
    # The computer takes X's whole turn: one move, or, when O's random answer closed a
    # cycle, the collapse and then the move. Either way O (the person) is to act next.
    assert app.game.ply in (3, 4) and app.game.to_act == "O"
    assert [a.kind for a in app.game.history[2:]] in (["pair"], ["collapse", "pair"])
    app.controls.opponent_select.value = "human"
    assert app.opponent == "human" and app.controls.side_select.layout.display == "none"


def test_opponent_dropdown_offers_only_what_exists():
    app = GameApp(computer_delay=0)
    values = [v for _, v in app.controls.opponent_select.options]
    assert values == ["human", *available_opponents()]
    with pytest.raises(ValueError, match="unknown opponent 'grandmaster'"):
        GameApp(opponent="grandmaster")


# --- languages ---------------------------------------------------------------------


def test_language_selector_offers_installed_catalogs():
    app = GameApp(computer_delay=0)
    offered = [v for _, v in app.controls.language_select.options]
    assert offered == available_languages()
    assert "en" in offered and set(offered) <= set(LANGUAGES)


@pytest.mark.parametrize("lang", available_languages())
def test_switching_language_rerenders_every_text(lang):
    app = GameApp(Game.from_record("1-2 1-2"), computer_delay=0)
    app.controls.language_select.value = lang
    assert get_language() == lang
    assert status(app) == t_in(lang, "status_collapse", chooser="X", mark="O2", a=1, b=2)
    assert app.controls.undo_button.description == t_in(lang, "widget_undo")
    assert square_label(app, 1).startswith(
        t_in(lang, "view_square_spooky", square=1, marks="X1, O2")
    )
    assert choices(app)[0] == t_in(lang, "view_choose_button", mark="O2", square=1)
    assert app.controls.opponent_select.value == "human"
    labels = dict((v, k) for k, v in app.controls.opponent_select.options)
    assert labels["human"] == t_in(lang, "widget_opponent_human")
    assert t_in(lang, "widget_title") in app.controls.title.value
    # a refusal comes in the new language too (the core's message)
    click(app, 5)
    assert app.message == t_in(lang, "widget_refusal", reason=core_reason(app.game, "c5"))
    app.controls.language_select.value = "en"
    assert status(app).endswith("Choose where O2 lands: square 1 or square 2")


# --- the contract: DOM classes, accessible names, tab order, entry points ---------------


def test_css_classes_of_the_contract_are_in_the_page_module():
    """The stable class names the browser tests use are the ones board.js and app.py write."""
    from pathlib import Path

    import qttt_edu.widgets.app as module

    js = (Path(module.__file__).parent / "board.js").read_text()
    for c in [
        "qttt-board",
        "qttt-square",
        "qttt-status",
        "qttt-graph",
        "qttt-explain",
        "qttt-realities",
        "qttt-choose",
        "qttt-spooky",
        "qttt-mark-",
    ]:
        assert f'"{c}' in js or f" {c}" in js or f"`{c}" in js, c
    app = GameApp(Game.from_record("1-2 1-2"), computer_delay=0)
    found = [c for x in (app.widget, *app.widget.children) for c in x._dom_classes]
    found += [
        c
        for row in app.widget.children
        for x in getattr(row, "children", ())
        for c in x._dom_classes
    ]
    for c in [
        "qttt-app",
        "qttt-undo",
        "qttt-redo",
        "qttt-new",
        "qttt-log",
        "qttt-record-input",
        "qttt-load",
        "qttt-save",
        "qttt-timeline",
        "qttt-opponent",
        "qttt-language",
    ]:
        assert found.count(c) == 1, c


def test_accessible_name_example_of_the_contract():
    app = GameApp(Game.from_record("1-5 2-5 3-4"), computer_delay=0)
    assert square_label(app, 5) == "Square 5: spooky X1, O2"
    assert square_label(app, 4) == "Square 4: spooky X3 (last move)"
    assert square_view(app, 4)["last"]
    assert square_text(app, 5) == "X₁ O₂"
    assert square_label(app, 9) == "Square 9: empty"


def test_the_board_comes_first_in_the_app():
    app = GameApp(computer_delay=0)
    assert app.widget.children[1] is app.board  # after the title: squares are the first stops


def test_messages_that_are_not_actions_are_ignored():
    app = GameApp(computer_delay=0)
    for content in [
        None,
        "5",
        {"type": "square"},
        {"type": "hack", "square": 5},
        {"type": "square", "square": "5"},
    ]:
        app.board.send_action(content)
    assert app.game.ply == 0 and app.message is None


def test_a_read_only_board_answers_its_pages_alive_question_and_plays_nothing() -> None:
    """The projected dashboard's board asks every 5 s (board.js): every message is answered,
    so a kernel that is gone shows on the projector as on a student's page."""
    from qttt_edu.widgets.board import BoardWidget

    board = BoardWidget(readonly=True)
    played: list[tuple[str, int]] = []
    board.on_action(lambda kind, square: played.append((kind, square)))
    answers: list[object] = []
    board.send = lambda content, buffers=None: answers.append(content)  # type: ignore[method-assign]
    board._receive(board, {"type": "alive", "ping": 7})
    board._receive(board, {"type": "square", "square": 5, "ping": 8})
    assert answers == [{"type": "ack", "ping": 7}, {"type": "ack", "ping": 8}]
    assert played == []


def test_out_of_range_square_is_refused_with_the_rules_words():
    app = GameApp(computer_delay=0)
    send(app, "square", 12)
    assert app.message is not None and app.message.startswith("⚠")
    assert "12" in app.message
    assert app.game.ply == 0


def test_mimebundle_and_play():
    app = GameApp(computer_delay=0)
    bundle = app._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == app.widget.model_id
    shown = play("1-2 1-2", computer_delay=0)
    assert isinstance(shown, GameApp)
    assert shown.game.record() == "1-2 1-2"
    assert "O2 closed a cycle" in shown.status_text


def test_play_in_another_language():
    other = next((lang for lang in available_languages() if lang != "en"), None)
    if other is None:
        pytest.skip("only the English catalog is installed")
    app = play(language=other, computer_delay=0)
    assert get_language() == other
    assert app.controls.language_select.value == other
    assert status(app) == t_in(other, "status_move", player="X", move=1)


def test_every_message_the_app_uses_is_in_the_english_catalog():
    import json
    from importlib import resources
    from pathlib import Path

    import qttt_edu.widgets as package

    def catalog(name: str) -> dict[str, str]:
        path = resources.files("qttt_edu") / "locales" / "en" / name
        return dict(json.loads(path.read_text("utf-8")))

    widget, view, core = catalog("widget.json"), catalog("view.json"), catalog("core.json")
    assert all(k.startswith("widget_") for k in widget)
    assert all(k.startswith("view_") for k in view)
    english = {**widget, **view, **{k: v for k, v in core.items() if k.startswith("status_")}}
    used = set()
    # The app's words come from its own modules and from the view model it draws (whose
    # prompt shares the status line's templates with the core's ``show``).
    here = Path(package.__file__).parent
    for path in [*here.glob("*.py"), here.parent / "view.py"]:
        found = re.findall(r"""\bt\(\s*f?["']((?:widget|view|status)_[a-z_]*)""", path.read_text())
        used |= set(found)
    dynamic = {k for k in used if k.endswith("_")}  # t(f"widget_opponent_{name}")
    assert used - dynamic <= set(english), sorted(used - dynamic - set(english))
    for prefix in dynamic:
        assert any(k.startswith(prefix) for k in english)
    assert len(used) > 40


# --- any sequence of clicks keeps the app and the game consistent ------------------------

_CONTROLS = st.one_of(
    st.tuples(st.just("square"), st.integers(1, 9)),
    st.tuples(st.just("choose"), st.integers(1, 9)),
    st.tuples(st.sampled_from(["undo", "redo", "new", "save", "load"]), st.just(0)),
    st.tuples(st.just("timeline"), st.integers(0, 30)),
)


@settings(max_examples=60)
@given(st.lists(_CONTROLS, max_size=60))
def test_any_click_sequence_keeps_the_view_true_to_the_game(events):
    app = GameApp(computer_delay=0)
    for kind, n in events:
        before = app.game.record(), app.game.timeline
        if kind == "square":
            click(app, n)
        elif kind == "choose":
            pending = app.board.view["pending"]
            if pending is not None and n in pending["choices"]:
                choose(app, n)
        elif kind == "timeline":
            app.controls.timeline.value = min(n, app.controls.timeline.max)
        else:
            getattr(app.controls, f"{kind}_button").click()
        if app.message is not None and app.message.startswith("⚠"):
            assert (app.game.record(), app.game.timeline) == before  # a refusal changes nothing
        assert app.last_error is None
        game = app.game
        assert Game.from_record(game.record()).position == game.position
        assert (app.controls.undo_button.disabled, app.controls.redo_button.disabled) == (
            not game.can_undo,
            not game.can_redo,
        )
        assert texts(app) == expected_texts(game)
        timeline = app.controls.timeline
        assert (timeline.value, timeline.max) == (game.ply, len(game.timeline))
        assert app.controls.log.value == f"<code>{game.record()}</code>"
        assert status(app).endswith(app.status_text)
        pending = game.awaiting_collapse
        shown = choices(app)
        expected = (
            []
            if pending is None
            else [f"Put {pending.mark} in square {s}" for s in pending.choices]
        )
        assert shown == expected


def test_thinking_shows_from_the_first_frame_after_the_humans_move():
    """No "O is to act" flicker before "thinking…": the page gets "thinking" at once."""

    async def scenario():
        player = FirstLegal()
        app = GameApp(opponent=player, computer_delay=0.05)
        frames = []
        app.board.observe(lambda change: frames.append(change["new"]["phase"]), names="view")
        click(app, 5, 6)
        for _ in range(100):
            await asyncio.sleep(0.02)
            if player.asked and app.game.ply == 2:
                break
        await asyncio.sleep(0.05)
        assert app.game.record() == "5-6 1-2"
        assert frames == ["second", "thinking", "move"], frames

    asyncio.run(scenario())


def test_the_computer_never_gets_the_game_only_an_immutable_position():
    seen = []

    class Spy:
        def choose(self, position):
            seen.append(position)
            return position.legal_actions()[0]

    app = GameApp(opponent=Spy(), computer_delay=0)
    click(app, 5, 6)
    assert seen and all(type(p).__name__ == "Position" for p in seen)
    assert app.game.record() == "5-6 1-2"


def test_a_choice_buttons_message_is_a_collapse_never_a_pairs_square():
    """The page's "choose" and "square" are two messages: a stale choice button cannot
    start a pair, and the refusal is the rules' own."""
    app = GameApp(computer_delay=0)
    app.board.send_action({"type": "choose", "square": 5})
    assert app.game.record() == ""
    assert not squares_with(app, "selected")
    assert app.message is not None and app.board.view["status"]["message"]["kind"] == "refusal"
    click(app, 1, 2)
    click(app, 1, 2)  # O2 closes the cycle 1-2
    app.board.send_action({"type": "choose", "square": 2})
    assert app.game.record() == "1-2 1-2 c2"


def test_a_squares_message_is_a_mark_never_a_collapse():
    """A "square" message the page sent before a cycle closed (the click was meant for a
    mark) does not collapse the cycle, even on a square the collapse offers: the rules
    say the collapse comes first, and the board is as it was."""
    app = GameApp(Game.from_record("1-2 1-2"), computer_delay=0)
    before = app.board.view["squares"]
    for square in (1, 5):
        send(app, "square", square)
        assert app.game.record() == "1-2 1-2"
        assert app.board.view["squares"] == before
        message = app.board.view["status"]["message"]
        assert message["kind"] == "refusal"
        assert "closed a cycle, and X must first choose where it lands" in message["text"]
    click(app, 1)  # as the page sends a square while a collapse is pending: "choose"
    assert app.game.record() == "1-2 1-2 c1" and app.message is None


# --- the lessons' warm-ups on the projector ------------------------------------------------


def test_every_warm_up_position_is_a_legal_game_for_every_lesson():
    from qttt_edu.widgets.openings import OPENINGS

    assert {lesson for lesson, _, _ in OPENINGS} == {f"0{k}" for k in range(8)}
    assert len({(lesson, name) for lesson, name, _ in OPENINGS}) == len(OPENINGS)
    for _lesson, _name, record in OPENINGS:
        assert Game.from_record(record).record() == record  # replays, and reads back the same


def test_choosing_a_warm_up_shows_its_position_on_the_board():
    from qttt_edu.widgets.openings import OPENINGS

    app = GameApp(computer_delay=0)
    app.controls.opening_select.value = "03.triangle"
    assert app.game.record() == "1-2 2-5 1-5"
    assert app.controls.record_input.value == "1-2 2-5 1-5"
    assert app.board.view["pending"] is not None  # the cycle waits for O's choice
    assert choices(app)
    assert status(app).startswith("Loaded: 3 actions.")
    # Stepping on through the menu: each choice replaces the board with its position.
    for lesson, name, record in OPENINGS:
        app.controls.opening_select.value = f"{lesson}.{name}"
        assert app.game.record() == record, (lesson, name)
        assert app.controls.log.value == f"<code>{record}</code>"
        expected = Game.from_record(record).position
        shown = {sq["square"]: sq for sq in app.board.view["squares"]}
        for square in range(1, 10):
            marks = [m["mark"] for m in shown[square]["spooky"]]
            assert len(marks) == sum(square in pair[1:] for pair in expected.spooky)


def test_the_warm_up_menu_speaks_every_language_and_keeps_its_choice():
    app = GameApp(computer_delay=0)
    app.controls.opening_select.value = "05.closed"
    for lang in available_languages():
        app.controls.language_select.value = lang
        labels = dict((value, label) for label, value in app.controls.opening_select.options)
        assert labels["05.closed"] == t_in(
            lang,
            "widget_opening_label",
            lesson="05",
            name=t_in(lang, "widget_opening_05_closed"),
        )
        assert app.controls.opening_select.value == "05.closed"
        assert app.game.record() == "4-6 3-8 5-7 1-7 1-5 c5 2-8 2-8"  # not reloaded
    app.controls.language_select.value = "en"


def _shown(app: GameApp) -> str:
    """Everything the page can show or say of the current view (texts and tooltips)."""
    return json.dumps(app.board.view, ensure_ascii=False)


def test_a_warm_up_keeps_its_answers_back_until_show():
    """Plan 01 asks the class how many realities `1-2 4-5` has, and plan 00 who chooses
    in `1-5 5-9 1-9`. Projected from the menu, the app used to answer at once (the
    realities panel, the turn, the explanation); now those wait for the status line's
    Show button, and the board and graph are there to talk about."""
    app = GameApp(computer_delay=0)
    app.controls.opening_select.value = "01.four"
    view = app.board.view
    assert view["realities"] is None and view["to_act"] is None
    assert "Classical boards still possible" not in _shown(app)
    assert explain(app) == t_in("en", "widget_warmup_waits")
    assert status(app).endswith(t_in("en", "widget_warmup_held"))
    offer = view["status"]["offer"]
    assert offer["button"] == "Show" and offer["action"] == "show"
    assert len(view["squares"]) == 9 and view["graph"] is not None  # the position itself

    app.board.send_action({"type": "show"})  # as the page's button sends it
    view = app.board.view
    assert view["realities"]["count"] == 4 and view["to_act"] == "X"
    assert view["status"]["offer"] is None and "Superposition" in explain(app)

    # Who chooses, and where each choice sends the marks, wait too.
    app.controls.opening_select.value = "00.cycle"
    pending = app.board.view["pending"]
    assert app.board.view["to_act"] is None and "O" not in status(app).split()
    assert all(b["tooltip"] == b["text"] and not b["cascade"] for b in pending["buttons"])
    assert "→" not in _shown(app) and "O chooses" not in _shown(app)
    choose(app, 1)  # a move is the class's answer committed: everything shows again
    assert app.game.record() == "1-5 5-9 1-9 c1" and app.board.view["to_act"] == "O"
    assert app.board.view["realities"] is not None and app.board.view["status"]["offer"] is None


def test_a_warm_up_holds_the_computer_and_a_typed_record_holds_nothing():
    app = GameApp(opponent=FirstLegal(), computer_delay=0)  # the computer plays O
    app.controls.opening_select.value = "00.cycle"  # O is to choose
    assert app.game.record() == "1-5 5-9 1-9"  # the computer waits with the class
    app.board.send_action({"type": "show"})
    assert app.game.record() != "1-5 5-9 1-9"  # and plays once the answers are shown

    app.controls.record_input.value = "1-2 4-5"
    app._on_load()  # the Load button: a teacher's own position, nothing held
    assert app.board.view["realities"]["count"] == 4 and app.board.view["to_act"] == "X"
    for lang in available_languages():
        assert t_in(lang, "widget_warmup_show") and t_in(lang, "widget_warmup_waits")

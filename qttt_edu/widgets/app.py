"""``GameApp``: the classroom app, a thin view over :class:`qttt_edu.core.Game`.

The board, the collapse choice, the entanglement graph, the explanation and the
realities are one custom widget (:class:`BoardWidget`, an anywidget whose ES
module ``board.js`` draws them in the page). The page sends each click as a
message (``{"type": "square", "square": 5}`` or ``{"type": "choose", ...}``);
the app calls a ``Game`` method (or asks a ``Position`` why an action is
refused) and sends back the new view model of :mod:`qttt_edu.view`. No rule is
decided here or in the page. The only state the app keeps besides the game is
what belongs to the screen: the first square of a pair still waiting for its
partner, the last message, and whether the computer is choosing.

Threads: every handler, and every read of the game for drawing, runs under one
lock (JupyterLab may deliver widget messages on another thread). A computer
player never sees the ``Game``: it gets the immutable ``Position`` in a worker
thread, and its answer is applied under the lock only if nothing changed since.
"""

from __future__ import annotations

import asyncio
import html
import pathlib
import sys
import threading
from collections.abc import Callable
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from ..core import Action, Game, IllegalMoveError, InvalidRecordError, Position
from ..i18n import LANGUAGES, get_language, set_language, t
from ..view import position_prompt, view_model
from .text import subscript

__all__ = [
    "OPPONENTS",
    "BoardWidget",
    "GameApp",
    "available_languages",
    "available_opponents",
    "play",
]

_HERE = pathlib.Path(__file__).parent

#: opponent names offered in the app -> the class implementing them in ``qttt_edu.players``
OPPONENTS: dict[str, str] = {
    "random": "RandomPlayer",
    "heuristic": "HeuristicPlayer",
    "perfect": "PerfectPlayer",
}


def available_opponents() -> list[str]:
    """The computer opponents ``qttt_edu.players`` provides, by their names in the app."""
    try:
        from .. import players
    except ImportError:
        return []
    return [name for name, cls in OPPONENTS.items() if hasattr(players, cls)]


def available_languages() -> list[str]:
    """The languages of ``LANGUAGES`` whose catalog has the app's messages (``widget.json``)."""
    from importlib import resources

    folder = resources.files("qttt_edu").joinpath("locales")
    return [lang for lang in LANGUAGES if folder.joinpath(lang).joinpath("widget.json").is_file()]


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _as_action(answer: Any) -> Action:
    """A player's answer (an Action, an action code or a record token) as an Action."""
    if isinstance(answer, Action):
        return answer
    if isinstance(answer, str):
        return Action.parse(answer)
    if isinstance(answer, int) and not isinstance(answer, bool):
        return Action(answer)
    raise TypeError(type(answer).__name__)


class BoardWidget(anywidget.AnyWidget):
    """The board, choice, graph, explanation and realities, drawn in the page from ``view``.

    ``view`` is a :func:`qttt_edu.view.view_model` dict plus an ``event``
    (``seq``, ``animate``, ``focus``). The page sends ``{"type", "square"}``
    messages; :meth:`on_action` registers who answers them.
    """

    _esm = _HERE / "board.js"
    _css = _HERE / "board.css"
    view = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handler: Callable[[str, int], None] | None = None
        self.on_msg(self._receive)

    def on_action(self, handler: Callable[[str, int], None]) -> None:
        self._handler = handler

    def _receive(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        self.send_action(content)

    def send_action(self, content: Any) -> None:
        """Handle a message exactly as one from the page (tests and benchmarks call this)."""
        if not isinstance(content, dict):
            return
        kind, square = content.get("type"), content.get("square")
        if kind not in ("square", "choose") or not isinstance(square, int):
            return
        if self._handler is not None:
            self._handler(kind, square)


class _Control:
    """A square or a choice button of the page, seen from Python.

    ``click()`` sends the message the page sends; ``description``, ``tooltip``
    and ``_dom_classes`` read what the page shows from the view model (the
    names of the ipywidgets buttons the board used to be made of).
    """

    def __init__(self, app: GameApp, kind: str, square: int) -> None:
        self._app, self._kind, self.square = app, kind, square

    def click(self) -> None:
        self._app.board.send_action({"type": self._kind, "square": self.square})

    def _data(self) -> dict[str, Any]:
        return dict(self._app.board.view["squares"][self.square - 1])

    @property
    def description(self) -> str:
        if self._kind == "choose":
            choice = self._choice()
            return "" if choice is None else str(choice["text"])
        sq = self._data()
        if sq["classical"]:
            return subscript(sq["classical"]["mark"])
        return " ".join(subscript(m["mark"]) for m in sq["spooky"])

    @property
    def tooltip(self) -> str:
        if self._kind == "choose":
            choice = self._choice()
            return "" if choice is None else str(choice["tooltip"])
        return str(self._data()["label"])

    def _choice(self) -> dict[str, Any] | None:
        pending = self._app.board.view.get("pending")
        if not pending:
            return None
        return next((c for c in pending["choices"] if c["square"] == self.square), None)

    @property
    def _dom_classes(self) -> tuple[str, ...]:
        if self._kind == "choose":
            return ("qttt-choose", f"qttt-choose-{self.square}")
        return _square_classes(self._data())


def _square_classes(sq: dict[str, Any]) -> tuple[str, ...]:
    """The CSS classes board.js gives a square (kept in step with its ``squareClasses``)."""
    out = ["qttt-square", f"qttt-square-{sq['square']}"]
    if sq["classical"]:
        out += ["qttt-classical", f"qttt-mark-{sq['classical']['player'].lower()}"]
    elif sq["spooky"]:
        out.append("qttt-spooky-square")
    for key in ("selected", "last", "cycle", "stem", "choosable"):
        if sq[key]:
            out.append(f"qttt-{key}")
    if sq["line"]:
        out += ["qttt-line", f"qttt-line-{sq['line']}"]
    return tuple(out)


class GameApp:
    """The interactive game: board, collapse choice, graph, realities, log, timeline.

    Parameters
    ----------
    game : Game, optional
        The game to show and play on (a new one by default). ``app.game`` is
        replaced by a fresh ``Game`` when the user starts a new game or loads a
        record.
    opponent : str or player, optional
        ``"human"`` (default: two people on one screen), ``"random"``,
        ``"heuristic"``, ``"perfect"``, or any object with
        ``choose(position) -> Action``.
    computer_delay : float
        Seconds the computer waits before each action so a class can follow;
        ``0`` acts at once (tests).
    computer_plays : {"X", "O"}
        The side the computer opponent plays.

    Examples
    --------
    >>> app = GameApp(computer_delay=0)
    >>> for square in (1, 2, 1, 2):
    ...     app.board.send_action({"type": "square", "square": square})
    >>> app.status_text
    'X: O2 closed a cycle. Choose where O2 lands: square 1 or square 2'
    >>> app.board.send_action({"type": "choose", "square": 1})
    >>> app.game.record(), app.view["squares"][0]["classical"]["mark"]
    ('1-2 1-2 c1', 'O2')
    """

    def __init__(
        self,
        game: Game | None = None,
        *,
        opponent: Any = None,
        computer_delay: float = 0.6,
        computer_plays: str = "O",
    ) -> None:
        if computer_plays not in ("X", "O"):
            raise ValueError(f"computer_plays must be 'X' or 'O', not {computer_plays!r}")
        self._game = game if game is not None else Game()
        self.computer_delay = computer_delay
        self.computer_plays = computer_plays
        self.last_error: BaseException | None = None
        self._selected: int | None = None
        self._message: tuple[str, str] | None = None
        self._busy = False
        # JupyterLab with ipykernel 7 can deliver a click on another thread while
        # the previous one is still drawing: the second waits instead of being refused.
        self._lock = threading.RLock()
        self._syncing = False
        self._thinking = False
        self._handle: asyncio.TimerHandle | None = None
        self._generation = 0
        self._seq = 0
        self._animate = False
        self._focus: int | None = None
        self._shown_in: int | None = None
        self._player: Any = None
        self._opponent = "human"
        self._custom: Any = None
        self._build()
        self._set_opponent(opponent)
        self._thinking = self._will_think()
        self._render()
        self._maybe_computer()

    # --- public ----------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game shown (replaced by a new ``Game`` on New game and Load)."""
        return self._game

    @property
    def view(self) -> dict[str, Any]:
        """The view model the page draws now (see :func:`qttt_edu.view.view_model`)."""
        return dict(self.board.view)

    @property
    def status_text(self) -> str:
        """The prompt of the status line in plain text (without the last message)."""
        return self._prompt()

    @property
    def message(self) -> str | None:
        """The last refusal, error or note shown above the prompt, in plain text."""
        return None if self._message is None else self._message[1]

    @property
    def opponent(self) -> str:
        """The opponent's name: ``"human"``, ``"random"``, ..., or ``"custom"``."""
        return self._opponent

    def refresh(self) -> None:
        """Redraw every view from the game (after changing ``app.game`` from code)."""
        with self._lock:
            self._render()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # play() already displayed the app in this cell: do not show it a second time.
        if self._shown_in is not None and self._shown_in == _execution_count():
            return {"text/plain": ""}
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<GameApp {self._game.record()!r}: {self._prompt()}>"

    # --- building the widgets ----------------------------------------------------

    def _build(self) -> None:
        self.board = BoardWidget()
        self.board.on_action(self._on_action)
        self.squares = {s: _Control(self, "square", s) for s in range(1, 10)}
        self.choose_buttons = {s: _Control(self, "choose", s) for s in range(1, 10)}
        self.title = w.HTML()
        self._build_controls()
        self._build_settings()
        edit_row = w.HBox([self.undo_button, self.redo_button, self.new_button])
        edit_row.add_class("qttt-controls")
        time_row = w.HBox([self.timeline, self.timeline_length])
        time_row.add_class("qttt-controls")
        record_row = w.HBox([self.log_label, self.log], layout=w.Layout(align_items="baseline"))
        record_row.add_class("qttt-controls")
        io_row = w.HBox([self.record_input, self.load_button, self.save_button])
        io_row.add_class("qttt-controls")
        settings_row = w.HBox([self.opponent_select, self.side_select, self.language_select])
        settings_row.add_class("qttt-controls")
        # The DOM order is the tab order: the nine squares first, then the controls.
        self.widget = w.VBox(
            [self.title, self.board, edit_row, time_row, record_row, io_row, settings_row],
            layout=w.Layout(padding="8px 12px", grid_gap="8px", max_width="100%"),
        )
        self.widget.add_class("qttt-app")

    def _build_controls(self) -> None:
        def button(cls: str, icon: str, handler: Callable[[], None]) -> w.Button:
            b = w.Button(icon=icon, layout=w.Layout(width="auto"))
            b.add_class(cls)
            b.on_click(self._callback(handler))
            return b

        self.undo_button = button("qttt-undo", "undo", self._on_undo)
        self.redo_button = button("qttt-redo", "repeat", self._on_redo)
        self.new_button = button("qttt-new", "file", self._on_new)
        self.timeline = w.IntSlider(
            min=0,
            max=0,
            value=0,
            # Only the user's own moves of the handle: with continuous updates the browser
            # also sends back every value the app sets, and a late echo would rewind the game.
            continuous_update=False,
            layout=w.Layout(width="360px", max_width="100%"),
            style={"description_width": "initial"},
        )
        self.timeline.add_class("qttt-timeline")
        self.timeline.observe(self._callback(self._on_timeline), names="value")
        self.timeline_length = w.HTML()
        self.timeline_length.add_class("qttt-timeline-length")
        self.log_label = w.HTML()
        self.log = w.HTML()
        self.log.add_class("qttt-log")
        self.record_input = w.Text(layout=w.Layout(width="280px", max_width="100%"))
        self.record_input.add_class("qttt-record-input")
        self.load_button = button("qttt-load", "upload", self._on_load)
        self.save_button = button("qttt-save", "copy", self._on_save)

    def _build_settings(self) -> None:
        self.opponent_select = w.Dropdown(style={"description_width": "initial"})
        self.opponent_select.add_class("qttt-opponent")
        self.opponent_select.observe(self._callback(self._on_opponent), names="value")
        self.side_select = w.Dropdown(
            options=["X", "O"],
            value=self.computer_plays,
            layout=w.Layout(width="auto"),
            style={"description_width": "initial"},
        )
        self.side_select.add_class("qttt-computer-side")
        self.side_select.observe(self._callback(self._on_side), names="value")
        languages = available_languages()
        self.language_select = w.Dropdown(
            options=[(LANGUAGES[lang], lang) for lang in languages],
            value=get_language() if get_language() in languages else languages[0],
            layout=w.Layout(width="auto"),
            style={"description_width": "initial"},
        )
        self.language_select.add_class("qttt-language")
        self.language_select.observe(self._callback(self._on_language), names="value")

    # --- handlers ------------------------------------------------------------

    def _callback(self, handler: Callable[..., None], *args: Any) -> Callable[..., None]:
        """Wrap ``handler`` so that refusals and errors show in the status line, never vanish.

        Widget events arrive one at a time per thread; the lock makes events from
        other threads wait. A handler that changes a widget (the timeline, a
        dropdown) triggers observers at once: ``_busy`` refuses such nested events
        and ``_syncing`` ignores the app's own redraws.
        """

        def run(*_event: Any) -> None:
            with self._lock:
                self._run(handler, *args)

        return run

    def _run(self, handler: Callable[..., None], *args: Any) -> None:
        if self._syncing:
            return
        if self._busy:
            self._message = ("refusal", t("widget_refusal", reason=t("widget_refuse_busy")))
            self._render()
            return
        self._busy = True
        try:
            handler(*args)
        except (IllegalMoveError, InvalidRecordError) as err:
            # the board is on screen: a rule break's reason, without the position's record
            reason = err.reason if isinstance(err, IllegalMoveError) else err
            self._message = ("refusal", t("widget_refusal", reason=reason))
            self._render()
        except Exception as err:  # a handler error must reach the user, not a hidden log
            self.last_error = err
            self._message = ("error", t("widget_error", reason=f"{type(err).__name__}: {err}"))
            self._render()
        finally:
            self._busy = False

    def _on_action(self, kind: str, square: int) -> None:
        """A message from the page: a square or a choice button was clicked."""
        with self._lock:
            self._run(self._on_square, square)

    def _on_square(self, square: int) -> None:
        self._check_human_turn()
        pos = self._game.position
        if pos.outcome is not None:
            # The position explains the refusal (the game is over); nothing changes.
            pos.play(Action.classical(square))
        if pos.pending:
            self._apply(Action.collapse(square))
            return
        codes = pos.legal_actions()
        if codes[0] < 10:  # X's ninth move: one free square, a classical mark
            self._apply(Action.classical(square))
            return
        if self._selected is None:
            if square not in pos.free_squares:
                # Ask the rules why this square cannot take a mark (it is classical).
                other = next(s for s in pos.free_squares if s != square)
                pos.play(Action.pair(square, other))
            self._select(square)
        elif self._selected == square:
            self._select(None)
        else:
            self._apply(Action.pair(self._selected, square))

    def _select(self, square: int | None) -> None:
        self._selected = square
        self._message = None
        self._render()

    def _check_human_turn(self) -> None:
        to_act = self._game.to_act
        if self._thinking:
            raise IllegalMoveError(t("widget_refuse_thinking", player=to_act))
        if self._player is not None and to_act == self.computer_plays:
            raise IllegalMoveError(t("widget_refuse_computer_turn", player=to_act))

    def _apply(self, action: Action) -> None:
        self._game.apply(action)
        self._changed(animate=action.kind == "collapse")

    def _changed(self, message: tuple[str, str] | None = None, *, animate: bool = False) -> None:
        """The game changed: forget the selection, redraw everything, let the computer act."""
        self._generation += 1
        self._selected = None
        self._message = message
        self._animate = animate
        history = self._game.history
        last = history[-1] if history else None
        self._focus = last.squares[0] if animate and last is not None else None
        # Decide before drawing whether the computer will think, so the very first
        # frame after the human's move already says so (no "to act" flicker).
        self._thinking = self._will_think()
        self._render()
        self._maybe_computer()

    def _on_undo(self) -> None:
        self._cancel_computer()
        game = self._game
        game.undo()
        # Against the computer, take back its reply too: back to a turn of the human.
        while self._player is not None and game.can_undo and game.to_act == self.computer_plays:
            game.undo()
        self._changed()

    def _on_redo(self) -> None:
        self._cancel_computer()
        game = self._game
        game.redo()
        while self._player is not None and game.can_redo and game.to_act == self.computer_plays:
            game.redo()
        self._changed()

    def _on_timeline(self, *_change: Any) -> None:
        if self.timeline.value == self._game.ply:
            return  # the browser echoing the app's own update
        self._cancel_computer()
        self._game.goto(self.timeline.value)
        self._changed()

    def _on_new(self) -> None:
        self._cancel_computer()
        self._game = Game()
        self._changed()

    def _on_load(self) -> None:
        try:
            game = Game.from_record(self.record_input.value)
        except (InvalidRecordError, IllegalMoveError) as err:  # each stays its own kind
            raise type(err)(t("widget_load_bad", reason=err)) from None
        self._cancel_computer()
        self._game = game
        self._changed(("note", t("widget_loaded", count=game.ply)))

    def _on_save(self) -> None:
        self.record_input.value = self._game.record()
        self._message = ("note", t("widget_saved"))
        self._render()

    def _on_opponent(self, *_change: Any) -> None:
        name = self.opponent_select.value
        if name == self._opponent:
            return  # the browser echoing the app's own update
        self._cancel_computer()
        self._set_opponent(self._custom if name == "custom" else name)
        self._changed()

    def _on_side(self, *_change: Any) -> None:
        if self.side_select.value == self.computer_plays:
            return  # the browser echoing the app's own update
        self._cancel_computer()
        self.computer_plays = self.side_select.value
        self._changed()

    def _on_language(self, *_change: Any) -> None:
        if self.language_select.value == get_language():
            return  # the browser echoing the app's own update
        set_language(self.language_select.value)
        self._message = None
        self._render()

    # --- the computer opponent -------------------------------------------------

    def _set_opponent(self, opponent: Any) -> None:
        names = available_opponents()
        if opponent is None or opponent == "human":
            self._player, self._opponent = None, "human"
        elif isinstance(opponent, str):
            if opponent not in names:
                choices = ", ".join(["human", *names])
                raise ValueError(t("widget_opponent_unknown", name=opponent, names=choices))
            from .. import players

            self._player, self._opponent = getattr(players, OPPONENTS[opponent])(), opponent
        elif callable(getattr(opponent, "choose", None)):
            self._player, self._opponent, self._custom = opponent, "custom", opponent
        else:
            raise TypeError(f"an opponent needs a choose(position) method, not {opponent!r}")

    def _computer_acts_now(self) -> bool:
        """True when it is the computer's turn at the live end of the game."""
        game = self._game
        return (
            self._player is not None
            and not game.is_over
            and game.to_act == self.computer_plays
            and not game.can_redo
        )

    def _will_think(self) -> bool:
        """True when the computer will act after a pause (an event loop is running)."""
        return self._computer_acts_now() and self.computer_delay > 0 and _running_loop() is not None

    def _maybe_computer(self) -> None:
        if self._handle is not None or not self._computer_acts_now():
            return
        loop = _running_loop() if self.computer_delay > 0 else None
        if loop is None:
            self._thinking = False
            self._computer_apply(self._generation, self._computer_answer(self._game.position))
            return
        self._handle = loop.call_later(
            self.computer_delay, self._computer_start, loop, self._generation
        )

    def _computer_start(self, loop: asyncio.AbstractEventLoop, generation: int) -> None:
        """Ask the player in a worker thread (Pyodide has none: there, at once)."""
        with self._lock:
            if generation != self._generation:
                return
            position = self._game.position  # immutable: safe to hand to another thread
        if sys.platform == "emscripten":
            self._computer_done(generation, self._computer_answer(position))
            return
        future = loop.run_in_executor(None, self._computer_answer, position)
        future.add_done_callback(lambda f: self._computer_done(generation, f.result()))

    def _computer_answer(self, position: Position) -> Action | BaseException:
        """The player's action for ``position``, or the error it raised (never the Game)."""
        answer = None
        try:
            answer = self._player.choose(position)
            return _as_action(answer)
        except (ValueError, TypeError) as err:
            return IllegalMoveError(t("widget_opponent_bad_action", action=answer, reason=err))
        except Exception as err:  # the opponent's failure must show
            return err

    def _cancel_computer(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self._thinking = False

    def _computer_done(self, generation: int, answer: Action | BaseException) -> None:
        with self._lock:
            self._handle = None
            self._computer_apply(generation, answer)

    def _computer_apply(self, generation: int, answer: Action | BaseException) -> None:
        self._thinking = False
        # A user action since the computer was asked makes its answer stale.
        if generation != self._generation or not self._computer_acts_now():
            self._render()
            return
        try:
            if isinstance(answer, BaseException):
                raise answer
            try:
                self._game.apply(answer)
            except (ValueError, TypeError) as err:
                raise IllegalMoveError(
                    t("widget_opponent_bad_action", action=str(answer), reason=err)
                ) from None
        except Exception as err:  # the game stays as it was
            self.last_error = err
            self._message = ("error", t("widget_error", reason=f"{type(err).__name__}: {err}"))
            self._render()
            return
        self._changed(animate=answer.kind == "collapse")

    # --- rendering ----------------------------------------------------------------

    def _waiting(self) -> bool:
        game = self._game
        return self._player is not None and not game.is_over and game.to_act == self.computer_plays

    def _prompt(self) -> str:
        to_act = self._game.to_act
        if self._thinking:
            return t("widget_status_thinking", player=to_act)
        if self._waiting():
            return t("widget_status_computer_paused", player=to_act)
        return position_prompt(self._game.position, self._selected)

    def view_model(self, *, realities: bool = True) -> dict[str, Any]:
        """The view model of the game as this app shows it now (without the page event)."""
        thinking = self._thinking
        return view_model(
            self._game,
            selected=self._selected,
            message=self._message,
            prompt=self._prompt(),
            thinking=thinking,
            waiting=self._waiting() and not thinking,
            computer=self.computer_plays if self._player is not None else None,
            realities=realities,
        )

    def _render(self) -> None:
        vm = self.view_model()
        self._seq += 1
        vm["event"] = {"seq": self._seq, "animate": self._animate, "focus": self._focus}
        vm["texts"]["turn_computer"] = t("widget_turn_computer")
        self._animate, self._focus = False, None
        self.board.view = vm
        self._render_controls()
        self._render_texts()

    def _render_controls(self) -> None:
        game = self._game
        self._syncing = True
        try:
            length = len(game.timeline)
            slider = self.timeline
            with slider.hold_sync():
                if length >= slider.max:
                    slider.max = length
                    slider.value = game.ply
                else:
                    slider.value = game.ply
                    slider.max = length
        finally:
            self._syncing = False
        self.timeline_length.value = html.escape(t("widget_timeline_of", length=length))
        self.undo_button.disabled = not game.can_undo
        self.redo_button.disabled = not game.can_redo
        self.log.value = f"<code>{html.escape(game.record())}</code>"

    def _render_texts(self) -> None:
        """Every label of the controls (they depend only on the language)."""
        self.title.value = f'<h2 class="qttt-title">{html.escape(t("widget_title"))}</h2>'
        for b, key in (
            (self.undo_button, "widget_undo"),
            (self.redo_button, "widget_redo"),
            (self.new_button, "widget_new"),
            (self.load_button, "widget_load"),
            (self.save_button, "widget_save"),
        ):
            b.description = t(key)
            b.tooltip = t(f"{key}_tooltip")
        self.timeline.description = t("widget_timeline")
        self.timeline.tooltip = t("widget_timeline_tooltip")
        label = html.escape(t("widget_log_label"))
        self.log_label.value = f'<b class="qttt-panel-title">{label}:</b>'
        self.record_input.placeholder = t("widget_record_placeholder")
        self.record_input.tooltip = t("widget_record_tooltip")
        self.side_select.description = t("widget_computer_side")
        self.side_select.layout.display = "none" if self._player is None else "flex"
        self.language_select.description = t("widget_language")
        self.opponent_select.description = t("widget_opponent")
        self._render_selects()

    def _render_selects(self) -> None:
        options = [("human", t("widget_opponent_human"))]
        options += [(n, t(f"widget_opponent_{n}")) for n in available_opponents()]
        if self._custom is not None:
            label = t("widget_opponent_custom", name=type(self._custom).__name__)
            options.append(("custom", label))
        labelled = tuple((label, name) for name, label in options)
        self._syncing = True
        try:
            # Options are reset only when they change: each reset makes the browser
            # send the selection back.
            with self.opponent_select.hold_sync():  # options and choice in one message
                if tuple(self.opponent_select.options) != labelled:
                    self.opponent_select.options = labelled
                self.opponent_select.value = self._opponent
            self.side_select.value = self.computer_plays
            self.language_select.value = get_language()
        finally:
            self._syncing = False


def _execution_count() -> int | None:
    try:
        from IPython.core.getipython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    return None if shell is None else shell.execution_count


def play(
    record: str = "",
    *,
    opponent: Any = None,
    language: str | None = None,
    computer_delay: float = 0.6,
    computer_plays: str = "O",
) -> GameApp:
    """Show the game app in the notebook and return it.

    ``record`` starts from a recorded position (e.g. ``"1-2 1-2"``), ``opponent``
    is ``"human"`` (default), ``"random"``, ``"heuristic"``, ``"perfect"`` or a
    player object, ``language`` one of ``qttt_edu.i18n.LANGUAGES`` (default: the
    ``lang`` parameter of a Voilà page's URL, such as ``?lang=da``, if there is one).
    """
    if language is None:
        language = _url_language()
    if language is not None:
        set_language(language)
    game = Game.from_record(record) if record else Game()
    app = GameApp(
        game, opponent=opponent, computer_delay=computer_delay, computer_plays=computer_plays
    )
    from IPython.display import display

    display(app.widget)
    app._shown_in = _execution_count()
    return app


def _url_language() -> str | None:
    """The ``lang`` of the page's URL in Voilà (``?lang=da``), if it names a language we have.

    Voilà puts the page's query string in ``QUERY_STRING`` of the kernel's
    environment; JupyterLab and plain Python have none. A kernel Voilà started
    ahead of time (``preheat_kernel``) has run the imports already and learns
    the query string here, when a page asks for it.
    """
    import os
    from urllib.parse import parse_qs

    query = os.environ.get("QUERY_STRING")
    if query is None and os.environ.get("VOILA_PREHEAT") == "True":
        try:
            from voila.utils import get_query_string
        except ImportError:
            return None
        query = get_query_string()
    values = parse_qs(query or "").get("lang", [])
    lang = values[0].strip().lower() if values else ""
    return lang if lang in available_languages() else None

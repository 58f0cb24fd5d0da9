"""``GameApp``: the classroom app, a thin view over :class:`qttt_edu.core.Game`.

Every handler calls a ``Game`` method (or asks a ``Position`` why an action is
refused) and then redraws every view from the game; no rule is decided here.
The only state the app keeps besides the game is what belongs to the screen:
the first square of a pair still waiting for its partner, the last message,
and whether the computer is about to act.
"""

from __future__ import annotations

import asyncio
import html
import threading
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..core import Action, Game, IllegalMoveError, InvalidRecordError
from ..i18n import LANGUAGES, get_language, set_language, t
from .panels import GraphRenderer, realities_html
from .style import STYLE_TAG
from .text import (
    explain_text,
    pending_cycle_squares,
    square_label,
    square_tooltip,
    status_text,
)

__all__ = ["OPPONENTS", "GameApp", "available_languages", "available_opponents", "play"]

#: opponent names offered in the app -> the class implementing them in ``qttt_edu.players``
OPPONENTS: dict[str, str] = {
    "random": "RandomPlayer",
    "heuristic": "HeuristicPlayer",
    "perfect": "PerfectPlayer",
}

_SQUARE_SIZE = "112px"


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
    computer_plays : {"O", "X"}
        The side the computer opponent plays.

    Examples
    --------
    >>> app = GameApp(computer_delay=0)
    >>> for square in (1, 2, 1, 2):
    ...     app.squares[square].click()
    >>> app.status_text
    'X: O2 closed a cycle. Choose where O2 lands: square 1 or square 2'
    >>> app.choose_buttons[1].click()
    >>> app.game.record(), app.squares[1].description
    ('1-2 1-2 c1', 'O₂')
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
        self._shown_in: int | None = None
        self._player: Any = None
        self._opponent = "human"
        self._custom: Any = None
        self._graph = GraphRenderer()
        self._build()
        self._set_opponent(opponent)
        self._render()
        self._maybe_computer()

    # --- public ----------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game shown (replaced by a new ``Game`` on New game and Load)."""
        return self._game

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
        def button(*classes: str, **kw: Any) -> w.Button:
            b = w.Button(**kw)
            for c in classes:
                b.add_class(c)
            return b

        self.squares: dict[int, w.Button] = {}
        for s in range(1, 10):
            b = button(
                "qttt-square",
                f"qttt-square-{s}",
                layout=w.Layout(width=_SQUARE_SIZE, height=_SQUARE_SIZE, margin="0"),
            )
            b.on_click(self._callback(self._on_square, s))
            self.squares[s] = b
        self.board = w.GridBox(
            [self.squares[s] for s in range(1, 10)],
            layout=w.Layout(
                grid_template_columns=f"repeat(3, {_SQUARE_SIZE})",
                grid_gap="6px",
                width="max-content",
            ),
        )
        self.board.add_class("qttt-board")

        self.choose_buttons: dict[int, w.Button] = {}
        for s in range(1, 10):
            b = button("qttt-choose", f"qttt-choose-{s}", layout=w.Layout(width="auto"))
            b.on_click(self._callback(self._on_square, s))
            self.choose_buttons[s] = b
        self.choices = w.HBox(layout=w.Layout(display="none", flex_flow="row wrap"))
        self.choices.add_class("qttt-choices")

        self.undo_button = button("qttt-undo", icon="undo", layout=w.Layout(width="auto"))
        self.undo_button.on_click(self._callback(self._on_undo))
        self.redo_button = button("qttt-redo", icon="repeat", layout=w.Layout(width="auto"))
        self.redo_button.on_click(self._callback(self._on_redo))
        self.new_button = button("qttt-new", icon="file", layout=w.Layout(width="auto"))
        self.new_button.on_click(self._callback(self._on_new))
        edit_row = w.HBox([self.undo_button, self.redo_button, self.new_button])

        self.timeline = w.IntSlider(
            min=0,
            max=0,
            value=0,
            # Only the user's own moves of the handle: with continuous updates the browser
            # also sends back every value the app sets, and a late echo would rewind the game.
            continuous_update=False,
            layout=w.Layout(width="348px"),
            style={"description_width": "initial"},
        )
        self.timeline.add_class("qttt-timeline")
        self.timeline.observe(self._callback(self._on_timeline), names="value")

        self.log_label = w.HTML()
        self.log = w.HTML()
        self.log.add_class("qttt-log")
        self.record_input = w.Text(layout=w.Layout(width="260px"))
        self.record_input.add_class("qttt-record-input")
        self.load_button = button("qttt-load", icon="upload", layout=w.Layout(width="auto"))
        self.load_button.on_click(self._callback(self._on_load))
        self.save_button = button("qttt-save", icon="copy", layout=w.Layout(width="auto"))
        self.save_button.on_click(self._callback(self._on_save))

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

        self.status = w.HTML()
        self.status.add_class("qttt-status")
        self.title = w.HTML()
        self.graph_title = w.HTML()
        self.graph = w.Image(format="png", layout=w.Layout(width="384px", height="360px"))
        self.graph.add_class("qttt-graph")
        self.realities_title = w.HTML()
        self.realities = w.HTML(layout=w.Layout(width="250px"))
        self.realities.add_class("qttt-realities")
        self.explain_title = w.HTML()
        self.explain = w.HTML(layout=w.Layout(max_width="960px"))
        self.explain.add_class("qttt-explain")

        style = w.HTML(STYLE_TAG, layout=w.Layout(display="none"))
        board_column = w.VBox([self.board, self.choices, edit_row, self.timeline])
        graph_column = w.VBox([self.graph_title, self.graph])
        realities_column = w.VBox([self.realities_title, self.realities])
        main_row = w.HBox(
            [board_column, graph_column, realities_column],
            layout=w.Layout(flex_flow="row wrap", grid_gap="18px", align_items="flex-start"),
        )
        record_row = w.HBox(
            [self.log_label, self.log],
            layout=w.Layout(align_items="baseline", grid_gap="8px"),
        )
        io_row = w.HBox(
            [self.record_input, self.load_button, self.save_button],
            layout=w.Layout(flex_flow="row wrap"),
        )
        settings_row = w.HBox(
            [self.opponent_select, self.side_select, self.language_select],
            layout=w.Layout(flex_flow="row wrap", grid_gap="8px"),
        )
        # The DOM order is the tab order: the nine squares first, then the controls.
        self.widget = w.VBox(
            [
                style,
                self.title,
                self.status,
                main_row,
                self.explain_title,
                self.explain,
                record_row,
                io_row,
                settings_row,
            ],
            layout=w.Layout(padding="8px", grid_gap="6px"),
        )
        self.widget.add_class("qttt-app")

    # --- handlers ------------------------------------------------------------

    def _callback(self, handler: Callable[..., None], *args: Any) -> Callable[[Any], None]:
        """Wrap ``handler`` so that refusals and errors show in the status line, never vanish.

        Widget events arrive one at a time, but a handler that changes a widget
        (the timeline, a dropdown) triggers observers at once; ``_busy`` refuses
        such nested events and ``_syncing`` ignores the app's own redraws.
        """

        def run(_event: Any = None) -> None:
            with self._lock:
                run_unlocked(_event)

        def run_unlocked(_event: Any = None) -> None:
            if self._syncing:
                return
            if self._busy:
                self._message = ("refusal", t("widget_refusal", reason=t("widget_refuse_busy")))
                self._render_status()
                return
            self._busy = True
            try:
                handler(*args)
            except (IllegalMoveError, InvalidRecordError) as err:
                self._message = ("refusal", t("widget_refusal", reason=err))
                self._render()
            except Exception as err:  # a handler error must reach the user, not a hidden log
                self.last_error = err
                self._message = ("error", t("widget_error", reason=f"{type(err).__name__}: {err}"))
                self._render()
            finally:
                self._busy = False

        return run

    def _on_square(self, square: int) -> None:
        self._check_human_turn()
        game = self._game
        pos = game.position
        if pos.outcome is not None:
            # The position explains the refusal (the game is over); nothing changes.
            pos.play(Action.classical(square))
        if pos.pending:
            self._apply(Action.collapse(square))
            return
        legal = game.legal_moves()
        if legal[0].kind == "classical":
            self._apply(Action.classical(square))
            return
        if self._selected is None:
            if not any(square in a.squares for a in legal):
                # Ask the rules why this square cannot take a mark (it is classical).
                other = next(s for s in pos.free_squares if s != square)
                pos.play(Action.pair(square, other))
            self._selected = square
            self._message = None
            self._render_board()
            self._render_status()
        elif self._selected == square:
            self._selected = None
            self._message = None
            self._render_board()
            self._render_status()
        else:
            self._apply(Action.pair(self._selected, square))

    def _check_human_turn(self) -> None:
        to_act = self._game.to_act
        if self._thinking:
            raise IllegalMoveError(t("widget_refuse_thinking", player=to_act))
        if self._player is not None and to_act == self.computer_plays:
            raise IllegalMoveError(t("widget_refuse_computer_turn", player=to_act))

    def _apply(self, action: Action) -> None:
        self._game.apply(action)
        self._changed()

    def _changed(self, message: tuple[str, str] | None = None) -> None:
        """The game changed: forget the selection, redraw everything, let the computer act."""
        self._generation += 1
        self._selected = None
        self._message = message
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

    def _on_timeline(self) -> None:
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
        except InvalidRecordError as err:
            raise InvalidRecordError(t("widget_load_bad", reason=err)) from None
        self._cancel_computer()
        self._game = game
        self._changed(("note", t("widget_loaded", count=game.ply)))

    def _on_save(self) -> None:
        self.record_input.value = self._game.record()
        self._message = ("note", t("widget_saved"))
        self._render_status()

    def _on_opponent(self) -> None:
        name = self.opponent_select.value
        if name == self._opponent:
            return  # the browser echoing the app's own update
        self._cancel_computer()
        self._set_opponent(self._custom if name == "custom" else name)
        self._changed()

    def _on_side(self) -> None:
        if self.side_select.value == self.computer_plays:
            return  # the browser echoing the app's own update
        self._cancel_computer()
        self.computer_plays = self.side_select.value
        self._changed()

    def _on_language(self) -> None:
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

    def _maybe_computer(self) -> None:
        if self._thinking or not self._computer_acts_now():
            return
        loop = _running_loop() if self.computer_delay > 0 else None
        if loop is None:
            self._computer_act(self._generation)
            return
        self._thinking = True
        self._render_status()
        self._handle = loop.call_later(self.computer_delay, self._computer_act, self._generation)

    def _cancel_computer(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self._thinking = False

    def _computer_act(self, generation: int) -> None:
        with self._lock:
            self._computer_act_unlocked(generation)

    def _computer_act_unlocked(self, generation: int) -> None:
        self._handle = None
        self._thinking = False
        # A user action since the computer was asked makes its answer stale.
        if generation != self._generation or not self._computer_acts_now():
            self._render_status()
            return
        position = self._game.position
        try:
            answer = self._player.choose(position)
            try:
                action = _as_action(answer)
                self._game.apply(action)
            except (ValueError, TypeError) as err:
                raise IllegalMoveError(
                    t("widget_opponent_bad_action", action=answer, reason=err)
                ) from None
        except Exception as err:  # the opponent's failure must show, and the game stays as it was
            self.last_error = err
            self._message = ("error", t("widget_error", reason=f"{type(err).__name__}: {err}"))
            self._render()
            return
        self._changed()

    # --- rendering ----------------------------------------------------------------

    def _prompt(self) -> str:
        game = self._game
        if self._thinking:
            return t("widget_status_thinking", player=game.to_act)
        if self._player is not None and not game.is_over and game.to_act == self.computer_plays:
            return t("widget_status_computer_paused", player=game.to_act)
        return status_text(game, self._selected)

    def _render(self) -> None:
        self._render_board()
        self._render_status()
        self._render_controls()
        self._render_texts()
        self._render_panels()

    def _render_status(self) -> None:
        parts = []
        if self._message is not None:
            kind, text = self._message
            css = "qttt-note" if kind == "note" else "qttt-refusal"
            parts.append(f'<span class="{css}" role="alert">{html.escape(text)}</span>')
        parts.append(f'<span class="qttt-prompt">{html.escape(self._prompt())}</span>')
        self.status.value = "".join(parts)
        to_act = self._game.to_act
        classes = ["qttt-status"] + ([f"qttt-turn-{to_act.lower()}"] if to_act else [])
        _set_classes(self.status, classes)

    def _render_board(self) -> None:
        from ..graph import cascade

        game = self._game
        pos = game.position
        pending = game.awaiting_collapse
        landing = pending.mark if pending is not None else ""
        choosable = set(pending.squares) if pending is not None else set()
        cycle = set(pending_cycle_squares(game))
        outcome = pos.outcome
        done = outcome.lines if outcome is not None else ()
        winner = outcome.winner if outcome is not None else None
        lines = {s for ln in done for s in ln.squares}
        won = {s for ln in done if ln.player == winner for s in ln.squares}
        last = set(game.history[-1].squares) if game.history else set()
        for s, b in self.squares.items():
            classes = ["qttt-square", f"qttt-square-{s}"]
            move = pos.classical_moves[s]
            if move:
                classes += ["qttt-classical", "qttt-mark-x" if move % 2 else "qttt-mark-o"]
            elif pos.spooky_in(s):
                classes.append("qttt-spooky")
            name = square_tooltip(pos, s)
            if s == self._selected:
                classes.append("qttt-selected")
                name = t("widget_square_selected", name=name)
            if s in last:
                classes.append("qttt-last")
                name = t("widget_square_last", name=name)
            if s in cycle:
                classes.append("qttt-cycle")
            if s in choosable:
                classes.append("qttt-choosable")
                name = t("widget_square_choosable", name=name, mark=landing)
            if s in lines:
                classes.append("qttt-line")
            if s in won:
                classes.append("qttt-line-winner")
            with b.hold_sync():
                # an empty description never reaches the browser: the old text would stay
                b.description = square_label(pos, s) or "\u00a0"
                b.tooltip = name
                _set_classes(b, classes)
        if pending is None:
            self.choices.children = ()
            self.choices.layout.display = "none"
        else:
            buttons = []
            for s in pending.squares:
                b = self.choose_buttons[s]
                result = ", ".join(f"{step.mark} → {step.square}" for step in cascade(game, s))
                b.description = t("widget_choose_button", mark=pending.mark, square=s)
                b.tooltip = t("widget_choose_tooltip", mark=pending.mark, square=s, marks=result)
                buttons.append(b)
            self.choices.children = tuple(buttons)
            self.choices.layout.display = "flex"

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
        self.log.value = f"<code>{html.escape(game.record())}</code>"

    def _render_texts(self) -> None:
        """Every label that depends only on the language."""
        self.title.value = f'<h2 class="qttt-title">{html.escape(t("widget_title"))}</h2>'
        self.undo_button.description = t("widget_undo")
        self.undo_button.tooltip = t("widget_undo_tooltip")
        self.redo_button.description = t("widget_redo")
        self.redo_button.tooltip = t("widget_redo_tooltip")
        self.new_button.description = t("widget_new")
        self.new_button.tooltip = t("widget_new_tooltip")
        self.timeline.description = t("widget_timeline")
        self.timeline.tooltip = t("widget_timeline_tooltip")
        label = html.escape(t("widget_log_label"))
        self.log_label.value = f'<b class="qttt-panel-title">{label}:</b>'
        self.record_input.placeholder = t("widget_record_placeholder")
        self.record_input.tooltip = t("widget_record_tooltip")
        self.load_button.description = t("widget_load")
        self.load_button.tooltip = t("widget_load_tooltip")
        self.save_button.description = t("widget_save")
        self.save_button.tooltip = t("widget_save_tooltip")
        self.side_select.description = t("widget_computer_side")
        self.side_select.layout.display = "none" if self._player is None else "flex"
        self.language_select.description = t("widget_language")
        self.opponent_select.description = t("widget_opponent")
        # The text alternative of the image sits on its title: a tooltip on the Image
        # widget itself breaks its view in JupyterLab (ipywidgets 8.1).
        self.graph_title.value = _panel_title(t("widget_graph_title"), t("widget_graph_alt"))
        self.realities_title.value = _panel_title(t("widget_realities_title"))
        self.explain_title.value = _panel_title(t("widget_explain_title"))
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

    def _render_panels(self) -> None:
        game = self._game
        sentences = explain_text(game)
        paragraphs = "".join(f"<p>{html.escape(s)}</p>" for s in sentences)
        metaphor = html.escape(t("explain_metaphor"))
        self.explain.value = f'{paragraphs}<p class="qttt-metaphor">{metaphor}</p>'
        self.render_graph()
        self.realities.value = realities_html(game)

    def render_graph(self) -> None:
        """Redraw the entanglement graph panel (cached per position)."""
        self.graph.value = self._graph.png(self._game)


def _set_classes(widget: w.DOMWidget, classes: list[str]) -> None:
    new = tuple(classes)
    if widget._dom_classes != new:
        widget._dom_classes = new


def _panel_title(text: str, description: str = "") -> str:
    title = f' title="{html.escape(description)}"' if description else ""
    return f'<div class="qttt-panel-title"{title}>{html.escape(text)}</div>'


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
    player object, ``language`` one of ``qttt_edu.i18n.LANGUAGES``.
    """
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

"""``GameApp``: the classroom app, a thin view over :class:`qttt_edu.core.Game`.

The board, the collapse choice, the entanglement graph, the explanation and the
realities are one custom widget (:class:`~qttt_edu.widgets.board.BoardWidget`,
an anywidget whose ES module ``board.js`` draws them in the page). The page sends
each click as a message (``{"type": "square", "square": 5}`` or ``{"type":
"choose", ...}``); the app calls a ``Game`` method (or asks a ``Position`` why an
action is refused) and sends back the new view model of :mod:`qttt_edu.view`. No
rule is decided here or in the page. The only state the app keeps besides the
game is what belongs to the screen: the first square of a pair still waiting for
its partner, the last message, and whether the computer is choosing.

The app is built from small parts: :mod:`.board` (the widget), :mod:`.turns`
(one event at a time, the computer's turns), :mod:`.controls` (the rows of
buttons under the board) and :mod:`.shared` (a game shared between two devices).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from ..core import Action, Game, IllegalMoveError, InvalidRecordError, Position, as_action
from ..i18n import get_language, set_language, t
from ..view import position_prompt, view_model
from .board import BoardWidget
from .controls import OPPONENTS, Controls, available_languages, available_opponents
from .openings import opening_record
from .shared import SharedPanel, SharedSeat, joined_note
from .turns import ComputerClock, EventGate, PageEvent, running_loop

if TYPE_CHECKING:
    from ..rooms import RoomStore, SharedGame

__all__ = [
    "OPPONENTS",
    "BoardWidget",
    "GameApp",
    "available_languages",
    "available_opponents",
    "page_app",
    "play",
]


#: seconds the computer waits before it acts, so a class can follow (``computer_delay``)
COMPUTER_DELAY = 0.6


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
    rooms : RoomStore or str, optional
        The game store of shared games (default: ``QTTT_ROOMS_URL``, opened on
        first use); ``class_name`` files the app's shared games under a class.
    service : str, optional
        The rooms service of a page that brings its own class key (the classroom's
        light app): the page's shared games go to this address whatever the page
        says, once the page has told the key its link brought.

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
        computer_delay: float = COMPUTER_DELAY,
        computer_plays: str = "O",
        rooms: RoomStore | str | None = None,
        class_name: str = "",
        service: str | None = None,
    ) -> None:
        if computer_plays not in ("X", "O"):
            raise ValueError(f"computer_plays must be 'X' or 'O', not {computer_plays!r}")
        self._game = game if game is not None else Game()
        self.computer_delay = computer_delay
        self.computer_plays = computer_plays
        self.last_error: BaseException | None = None
        self._selected: int | None = None
        self._message: tuple[str, str] | None = None
        #: a warm-up from the menu: what the class is asked about waits for "Show"
        self._held = False
        self._gate = EventGate()
        self._clock = ComputerClock()
        self._event = PageEvent()
        self._repr_hidden = False
        self._player: Any = None
        self._opponent = "human"
        self._custom: Any = None
        self._shared: SharedSeat | None = None
        # The kernel's event loop: changes from another screen are drawn in it.
        self._loop = running_loop()
        self._build(rooms, class_name, service)
        self._set_opponent(opponent)
        self._clock.thinking = self._will_think()
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

    @property
    def shared(self) -> SharedSeat | None:
        """The shared game this app plays (``None``: a game on this screen only)."""
        return self._shared

    def refresh(self) -> None:
        """Redraw every view from the game (after changing ``app.game`` from code)."""
        with self._gate.lock:
            self._render()

    def close(self) -> None:
        """The page is gone: stop the computer, close the seat's and the store's connections
        (the player shows as away; the seat stays, and its link brings it back)."""
        self._clock.cancel()
        if self._shared is not None:
            self._shared.close()
        self.shared_panel.close()

    def open_shared(self, code: str, seat: str | None = None) -> None:
        """Open the shared game ``code`` as a link does: the seat whose credential is
        ``seat``, else the free seat, else as a spectator. A bad, unknown or expired
        code is refused in the status line and nothing changes."""
        self._callback(self._open_shared, code, seat)()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # play() already displayed the app in the cell that is running: not twice.
        if self._repr_hidden:
            return {"text/plain": ""}
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<GameApp {self._game.record()!r}: {self._prompt()}>"

    # --- building the widgets ----------------------------------------------------

    def _build(self, rooms: RoomStore | str | None, class_name: str, service: str | None) -> None:
        self.board = BoardWidget()
        self.board.on_action(self._on_action)
        self.controls = Controls(self._callback, computer_plays=self.computer_plays)
        self.controls.connect(
            undo=self._on_undo,
            redo=self._on_redo,
            new=self._on_new,
            load=self._on_load,
            save=self._on_save,
            timeline=self._on_timeline,
            opponent=self._on_opponent,
            side=self._on_side,
            language=self._on_language,
            opening=self._on_opening,
        )
        self.shared_panel = SharedPanel(
            rooms=rooms,
            class_name=class_name,
            start=self._start_shared,
            stop=self._on_leave_shared,
            callback=self._callback,
            service=service,
            rename=self._on_rename_shared,
            again=self._on_play_again,
        )
        self.shared_panel.redraw = self._callback(self._render)  # the site found its service
        # The DOM order is the tab order: the nine squares first, then the controls.
        self.widget = self.controls.layout(self.board, self.shared_panel.widget)

    # --- handlers ------------------------------------------------------------

    def _callback(self, handler: Callable[..., None], *args: Any) -> Callable[..., None]:
        """Wrap ``handler`` so that refusals and errors show in the status line, never vanish."""

        def run(*_event: Any) -> None:
            self._gate.run(handler, args, nested=self._refuse_nested, failed=self._failed)

        return run

    def _refuse_nested(self) -> None:
        self._message = ("refusal", t("widget_refusal", reason=t("widget_refuse_busy")))
        self._render()

    def _failed(self, err: BaseException) -> None:
        if isinstance(err, (IllegalMoveError, InvalidRecordError)):
            # the board is on screen: a rule break's reason, without the position's record
            reason = err.reason if isinstance(err, IllegalMoveError) else err
            self._message = ("refusal", t("widget_refusal", reason=reason))
        elif _is_room_refusal(err):  # a shared game's refusal: its own words, not a rule
            self._message = ("refusal", t("widget_refusal", reason=err))
        elif _is_store_trouble(err):  # the game store's trouble, said as what it is
            self._message = ("error", t("widget_store_trouble", reason=err))
        else:  # a handler error must reach the user, not a hidden log
            self.last_error = err
            self._message = ("error", t("widget_error", reason=f"{type(err).__name__}: {err}"))
        self._render()

    def _on_action(self, kind: str, square: int) -> None:
        """A message from the page: a mark's square ("square"), a collapse choice
        ("choose": a choice button, or a square clicked while a collapse is pending), or
        the status line's offer to let the computer play a gone opponent ("offer"), or
        its button that shows what a warm-up kept back ("show").

        Each is only what it says: a "choose" never starts a pair and a "square" never
        collapses, so a click the page sent before the board changed (the other side
        closed a cycle, or chose) is refused with the rules' reason, not taken for the
        other kind.
        """
        buttons = {"offer": self._on_hand_to_computer, "show": self._on_show}
        if kind in buttons:
            self._callback(buttons[kind])()
            return
        handlers = {"choose": self._on_choose, "square": self._on_square}
        self._callback(handlers[kind], square)()

    def _on_choose(self, square: int) -> None:
        """A collapse choice: only a collapse, never a pair's first square."""
        self._check_turn()
        self._apply(Action.collapse(square))

    def _on_square(self, square: int) -> None:
        """A square for a mark: the first or second of a pair, or X's ninth move."""
        self._check_turn()
        pos = self._game.position
        if pos.outcome is not None or pos.pending:
            # The position explains the refusal (the game is over, or a collapse must be
            # chosen first); nothing changes.
            first = self._selected
            pos.play(
                Action.classical(square) if first in (None, square) else Action.pair(first, square)
            )
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

    def _check_turn(self) -> None:
        """Refuse a click that is not this screen's to make (before asking the rules)."""
        if self._shared is not None:
            self._shared.check_turn(self._game)
            return
        to_act = self._game.to_act
        if self._clock.thinking:
            raise IllegalMoveError(t("widget_refuse_thinking", player=to_act))
        if self._player is not None and to_act == self.computer_plays:
            raise IllegalMoveError(t("widget_refuse_computer_turn", player=to_act))

    def _apply(self, action: Action) -> None:
        if self._shared is not None:
            self._game.position.play(action)  # the rules' own refusal, before the store's
            try:
                self._shared.act(action)
            finally:  # a refusal may bring news: someone else acted first
                self._game = self._shared.game()
        else:
            self._game.apply(action)
        self._changed(animate=action.kind == "collapse")

    def _changed(
        self, message: tuple[str, str] | None = None, *, animate: bool = False, held: bool = False
    ) -> None:
        """The game changed: forget the selection, redraw everything, let the computer act.

        ``held``: a warm-up's position, whose answers wait (:meth:`_hold`); any other change
        shows everything again."""
        self._clock.next_generation()
        self._held = held
        self._selected = None
        self._message = message
        history = self._game.history
        last = history[-1] if history else None
        self._event.animate = animate
        self._event.focus = last.squares[0] if animate and last is not None else None
        self._go_on()

    def _go_on(self) -> None:
        """Redraw, and let the computer act if it is its turn. Whether it will think is
        decided before drawing, so the very first frame after the human's move already
        says so (no "to act" flicker)."""
        self._clock.thinking = self._will_think()
        self._render()
        self._maybe_computer()

    def _on_undo(self) -> None:
        self._clock.cancel()
        game = self._game
        game.undo()
        # Against the computer, take back its reply too: back to a turn of the human.
        while self._player is not None and game.can_undo and game.to_act == self.computer_plays:
            game.undo()
        self._changed()

    def _on_redo(self) -> None:
        self._clock.cancel()
        game = self._game
        game.redo()
        while self._player is not None and game.can_redo and game.to_act == self.computer_plays:
            game.redo()
        self._changed()

    def _on_timeline(self, *_change: Any) -> None:
        value = self.controls.timeline.value
        if value == self._game.ply:
            return  # the browser echoing the app's own update
        self._clock.cancel()
        self._game.goto(value)
        self._changed()

    def _on_new(self) -> None:
        self._clock.cancel()
        self._game = Game()
        self._changed()

    def _on_load(self, *, held: bool = False) -> None:
        try:
            game = Game.from_record(self.controls.record_input.value)
        except (InvalidRecordError, IllegalMoveError) as err:  # each stays its own kind
            raise type(err)(t("widget_load_bad", reason=err)) from None
        self._clock.cancel()
        self._game = game
        self._changed(("note", t("widget_loaded", count=game.ply)), held=held)

    # A lesson's warm-up position from the menu (issue 24; the positions in openings.py).
    def _on_opening(self, *_change: Any) -> None:
        value = self.controls.opening_select.value
        if value and self._shared is not None:  # the menu is off; a crafted message changes nothing
            raise IllegalMoveError(t("widget_opening_shared"))
        if value:
            self.controls.record_input.value = opening_record(value)
            self._on_load(held=True)

    def _on_show(self) -> None:
        """The class has answered a warm-up: show what it kept back; a computer plays on."""
        if not self._held:
            return
        self._held = False
        self._go_on()

    def _on_save(self) -> None:
        self.controls.record_input.value = self._game.record()
        self._message = ("note", t("widget_saved"))
        self._render()

    def _on_opponent(self, *_change: Any) -> None:
        name = self.controls.opponent_select.value
        if name == self._opponent:
            return  # the browser echoing the app's own update
        self._clock.cancel()
        self._set_opponent(self._custom if name == "custom" else name)
        self._changed()

    def _on_side(self, *_change: Any) -> None:
        if self.controls.side_select.value == self.computer_plays:
            return  # the browser echoing the app's own update
        self._clock.cancel()
        self.computer_plays = self.controls.side_select.value
        self._changed()

    def _on_language(self, *_change: Any) -> None:
        if self.controls.language_select.value == get_language():
            return  # the browser echoing the app's own update
        set_language(self.controls.language_select.value)
        self._message = None
        self._render()

    # --- a shared game -------------------------------------------------------------

    def _open_shared(self, code: str, credential: str | None) -> None:
        client, note = self.shared_panel.open(code, credential)
        self._start_shared(client, note)

    def _start_shared(self, client: SharedGame, note: str) -> None:
        """Play ``client``'s game from now on: this screen's side only."""
        if self._shared is not None:
            self._shared.close()
        self._clock.cancel()
        self._player, self._opponent = None, "human"
        self._shared = SharedSeat(client, self._remote_changed, self._loop, self.shared_panel.page)
        self._game = self._shared.game()
        self._changed(("note", note))

    def _remote_changed(self) -> None:
        """The room changed (another screen acted, joined or left): draw it."""
        with self._gate.lock:
            shared = self._shared
            if shared is None or not shared.newer():
                return
            before = self._game.record()
            joined, departed = shared.arrived(), shared.departed()
            self._game = shared.game()
            if departed:  # a greeting or note about them is stale: the offer says why
                self._message = None
            if joined is not None:  # the creator's "give them the code" is done with
                self._message = ("note", joined_note(joined, self._game.to_act))
            if self._game.record() == before:
                self._render()  # a seat changed, not the game: keep a chosen first square
                return
            last = self._game.history[-1] if self._game.history else None
            # A new position: an earlier refusal or note no longer applies.
            self._changed(animate=last is not None and last.kind == "collapse")

    def _open_link(self, room: str, seat: str | None) -> None:
        """The page's room and seat (see ``page_link.js``): open it unless it is open."""
        shared = self._shared
        if shared is not None and shared.label.replace("-", "") == room.strip().upper().replace(
            "-", ""
        ):
            return
        self.open_shared(room, seat)

    def _on_leave_shared(self) -> None:
        shared = self._shared
        if shared is None:
            return
        self._shared = None
        shared.leave()
        self._game = shared.client.game
        self._changed(("note", t("widget_shared_left_note", code=shared.label)))

    def _on_rename_shared(self) -> None:
        if self._shared is None:
            return
        name = self.shared_panel.typed_nickname()
        self._shared.rename(name)
        self.shared_panel.rename_input.value = ""
        self._changed(("note", t("widget_shared_renamed", name=name)))

    def _on_play_again(self) -> None:
        """The finished shared game's players play again, sides swapped: this screen goes
        to the next room (the first to ask opens it, the other's screen is told)."""
        if self._shared is None:
            return
        client = self._shared.rematch()
        if client.seat is None:  # a spectator follows the players
            note = t("widget_shared_watching_chosen", code=client.label)
        else:
            note = t("widget_shared_again_started", code=client.label, seat=client.seat)
        self._start_shared(client, note)

    def _on_hand_to_computer(self) -> None:
        if self._shared is None:
            return
        seat = self._shared.hand_to_computer()
        self._game = self._shared.game()
        self._changed(("note", t("widget_shared_computer_note", seat=seat)))

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
            and not self._held
            and not game.is_over
            and game.to_act == self.computer_plays
            and not game.can_redo
        )

    def _will_think(self) -> bool:
        """True when the computer will act after a pause (an event loop is running)."""
        return self._computer_acts_now() and self.computer_delay > 0 and running_loop() is not None

    def _maybe_computer(self) -> None:
        if self._clock.scheduled or not self._computer_acts_now():
            return
        later = self._clock.schedule(
            self.computer_delay,
            lambda: self._game.position,
            self._computer_answer,
            self._computer_done,
            self._gate.lock,
        )
        if not later:
            self._clock.thinking = False
            self._computer_apply(self._clock.generation, self._computer_answer(self._game.position))

    def _computer_answer(self, position: Position) -> Action | BaseException:
        """The player's action for ``position``, or the error it raised (never the Game)."""
        answer = None
        try:
            answer = self._player.choose(position)
            return as_action(answer)
        except InvalidRecordError as err:  # unreadable text stays bad text, not a rule break
            return InvalidRecordError(t("widget_opponent_bad_action", action=answer, reason=err))
        except (ValueError, TypeError) as err:
            return IllegalMoveError(t("widget_opponent_bad_action", action=answer, reason=err))
        except Exception as err:  # the opponent's failure must show
            return err

    def _computer_done(self, generation: int, answer: Action | BaseException) -> None:
        with self._gate.lock:
            self._computer_apply(generation, answer)

    def _computer_apply(self, generation: int, answer: Action | BaseException) -> None:
        self._clock.thinking = False
        # A user action since the computer was asked makes its answer stale.
        if generation != self._clock.generation or not self._computer_acts_now():
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
        """The other side is to act: a computer, or the other player of a shared game."""
        game = self._game
        if game.is_over:
            return False
        if self._shared is not None:  # a spectator waits for both players
            return self._shared.seat is None or game.to_act != self._shared.seat
        return self._player is not None and game.to_act == self.computer_plays

    def _prompt(self) -> str:
        to_act = self._game.to_act
        if self._clock.thinking:
            return t("widget_status_thinking", player=to_act)
        if self._waiting() and to_act is not None:
            if self._shared is not None:
                return self._shared.waiting_for(to_act)
            return t("widget_status_computer_paused", player=to_act)
        return position_prompt(self._game.position, self._selected)

    def view_model(self, *, realities: bool = True) -> dict[str, Any]:
        """The view model of the game as this app shows it now (without the page event)."""
        thinking = self._clock.thinking
        view = view_model(
            self._game,
            selected=self._selected,
            message=self._message,
            prompt=self._prompt(),
            thinking=thinking,
            waiting=self._waiting() and not thinking,
            computer=self.computer_plays if self._player is not None else None,
            realities=realities,
        )
        chooser = self._game.to_act
        pending = view.get("pending")
        shared = self._shared
        if pending and chooser and shared is not None and shared.seat != chooser:
            # the other player (or a spectator) sees the choice, not live buttons
            pending["locked"] = shared.chooser(chooser)
        if shared is not None and not self._game.is_over:
            view["status"]["offer"] = shared.offer(chooser)
        if self._held:
            _hold(view)
        return view

    def _render(self) -> None:
        vm = self.view_model()
        vm["event"] = self._event.take()
        self.board.view = vm
        with self._gate.syncing():
            self.controls.render(
                self._game,
                opponent=self._opponent,
                custom=self._custom,
                computer_plays=self.computer_plays,
                room="" if self._shared is None else self._shared.headline(),
            )
        self.shared_panel.render(self._shared)


def _hold(view: dict[str, Any]) -> None:
    """A warm-up's position as the class first sees it (``view`` changed in place): the
    board and the graph, and nothing that answers what the lesson plan asks about it. Who
    is to act or chooses, the explanation, the realities and where each choice would send
    the marks wait; the status line's button ("show") brings them back."""
    view["to_act"] = None
    status = view["status"]
    status["player"] = None
    status["prompt"] = t("widget_warmup_held")
    status["offer"] = {
        "note": None,
        "button": t("widget_warmup_show"),
        "tooltip": t("widget_warmup_show_tooltip"),
        "action": "show",
    }
    view["explain"] = [t("widget_warmup_waits")]
    view["realities"] = None
    pending = view.get("pending")
    if pending:
        for button in pending["buttons"]:
            button["tooltip"], button["cascade"] = button["text"], []


def play(
    record: str = "",
    *,
    opponent: Any = None,
    language: str | None = None,
    computer_delay: float = COMPUTER_DELAY,
    computer_plays: str = "O",
    rooms: RoomStore | str | None = None,
    class_name: str = "",
    room: str | None = None,
    seat: str | None = None,
) -> GameApp:
    """Show the game app in the notebook and return it.

    ``record`` starts from a recorded position (e.g. ``"1-2 1-2"``), ``opponent``
    is ``"human"`` (default), ``"random"``, ``"heuristic"``, ``"perfect"`` or a
    player object, ``language`` one of ``qttt_edu.i18n.LANGUAGES`` (default: the
    ``lang`` parameter of a Voilà page's URL, such as ``?lang=da``, if there is one). Like
    the app's language selector, it sets the language of the whole kernel, as
    :func:`~qttt_edu.i18n.set_language` does: every message of the kit from then on
    speaks it.
    ``room`` opens that shared game (the free seat, or watching when both are
    taken) and ``seat`` (a seat credential) comes back to a seat; in Voilà the page's
    URL gives them (``?room=K7M-Q2P&seat=...``). ``rooms`` is the game store
    (default ``QTTT_ROOMS_URL``) and ``class_name`` files new shared games under a class.
    """
    params = page_parameters()
    if language is None:
        language = _url_language(params)
    if language is not None:
        set_language(language)
    game = Game.from_record(record) if record else Game()
    app = page_app(
        game,
        opponent=opponent,
        computer_delay=computer_delay,
        computer_plays=computer_plays,
        rooms=rooms,
        class_name=class_name,
    )
    link_seat = seat or params.get("seat") or None  # an older link's ?seat=
    if room or link_seat:
        app.open_shared(room or params.get("room", ""), link_seat)
    # else a ?room= in the page's address waits for the page, which also knows the seat
    # it keeps in the tab's storage (a reload must not take the free seat instead)
    from IPython.display import display as untyped_display

    display = cast(Callable[[object], None], untyped_display)  # IPython has no type information
    display(app.widget)
    _hide_repr_until_the_cell_ends(app)
    return app


def page_app(game: Game | None = None, **options: Any) -> GameApp:
    """A :class:`GameApp` as a page shows it: it opens the room and seat the page says it
    was opened with (its link's ``?room=`` and the seat its tab keeps)."""
    app = GameApp(game, **options)
    app.shared_panel.open_link = app._open_link
    return app


def _hide_repr_until_the_cell_ends(app: GameApp) -> None:
    """A cell ending in ``play()`` would show the app a second time as its result: the
    app's own display is hidden until IPython says the running cell has ended."""
    try:
        from IPython.core.getipython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is None:
        return
    app._repr_hidden = True

    def ended(*_result: Any) -> None:
        app._repr_hidden = False
        shell.events.unregister("post_run_cell", ended)

    shell.events.register("post_run_cell", ended)


def page_parameters() -> dict[str, str]:
    """The query parameters of the page's URL in Voilà (``?lang=da&room=K7M-Q2P``).

    Voilà puts the page's query string in ``QUERY_STRING`` of the kernel's
    environment; JupyterLab and plain Python have none. A kernel Voilà started
    ahead of time (``preheat_kernel``) has run the imports already and learns
    the query string here, when a page asks for it.
    """
    from urllib.parse import parse_qs

    query = os.environ.get("QUERY_STRING")
    if query is None and os.environ.get("VOILA_PREHEAT") == "True":
        try:
            from voila.utils import get_query_string
        except ImportError:
            return {}
        query = get_query_string()
    return {key: values[0].strip() for key, values in parse_qs(query or "").items() if values}


def _url_language(params: dict[str, str]) -> str | None:
    """The ``lang`` of the page's URL, if it names a language we have."""
    lang = params.get("lang", "").lower()
    return lang if lang in available_languages() else None


def _is_room_refusal(err: BaseException) -> bool:
    """A shared game's refusal (full, unknown, not your turn, a limit): the room's words."""
    from ..rooms.errors import RoomError

    return isinstance(err, RoomError)


def _is_store_trouble(err: BaseException) -> bool:
    """The game store or the rooms service is away, broken or newer: not a rule break."""
    from ..rooms.errors import SchemaError, StoreUnavailableError

    return isinstance(err, (StoreUnavailableError, SchemaError, OSError))

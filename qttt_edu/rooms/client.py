"""``SharedGame``: one screen's view of a shared game, as the app uses it.

A shared game is opened in one of four ways, and each screen then redraws from
the stored record whenever anything changes:

* :meth:`SharedGame.create` opens a room and takes a seat (X by default);
* :meth:`SharedGame.join` takes the free seat of a room by its code;
* :meth:`SharedGame.resume` comes back to a seat with its credential (a reload, a
  closed laptop lid, a restarted kernel: the browser keeps the credential);
* :meth:`SharedGame.spectate` watches without a seat.

>>> from qttt_edu.rooms import RoomStore
>>> store = RoomStore("sqlite::memory:")
>>> alice = SharedGame.create(store, nickname="Alice")
>>> bob = SharedGame.join(store, alice.code, nickname="Bob")
>>> alice.act("1-9")      # X's first move ...
>>> bob.wait_for_ply(1)   # ... reaches O's screen
True
>>> bob.act("1-9")        # O closes a cycle
>>> alice.wait_for_ply(2)
True
>>> alice.game.awaiting_collapse.chooser
'X'
>>> alice.close(); bob.close()
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from contextlib import suppress
from typing import TYPE_CHECKING, Any, TypeAlias
from urllib.parse import urlencode, urlsplit, urlunsplit

from ..core import Action, Game, other_player
from ..i18n import t
from . import codes
from .errors import ConflictError, RoomError, SpectatorError, StoreUnavailableError
from .store import RoomState, RoomStore, Ticket

if TYPE_CHECKING:
    from .remote import ServiceClient

#: what a shared game is played through: the store itself, or the rooms service
Store: TypeAlias = "RoomStore | ServiceClient"

__all__ = ["SharedGame"]


class SharedGame:
    """A seat (or a spectator's chair) in a shared game, kept up to date.

    ``on_change(state)`` callbacks run on the store's watcher thread whenever the
    room changes, and after this client's own actions. ``wait_for_change`` blocks
    until the version moves: a poll that returns as soon as something happened.
    """

    def __init__(
        self,
        store: Store,
        code: object,
        credential: str | None = None,
        seat: str | None = None,
        *,
        watch: bool = True,
    ) -> None:
        self.store = store
        self.code = codes.normalize_code(code)
        self.credential = credential
        self.seat = seat
        self.message: str | None = None  #: the last problem, in words, or None
        self._cond = threading.Condition()
        self._callbacks: list[Callable[[RoomState], None]] = []
        self._pending: tuple[Any, str, int] | None = None
        self._sending = threading.Lock()
        self._computer: Any = None
        self._computer_thread: threading.Thread | None = None
        self._computer_hooked = False
        self._closed = False
        self._state: RoomState = store.room(self.code)
        self._unwatch: Callable[[], None] | None = None
        self._unbeat: Callable[[], None] | None = None
        if watch:
            self._unwatch = store.watch(self.code, self._changed, self._state.version)
            if credential is not None:
                self._unbeat = store.add_heartbeat(self._heartbeat)

    # -- the four ways in -------------------------------------------------------------

    @classmethod
    def create(
        cls,
        store: Store,
        nickname: str | None = None,
        *,
        seat: str = "X",
        class_name: str = "",
        watch: bool = True,
    ) -> SharedGame:
        """Open a new room and sit in ``seat``; share :attr:`code` or :meth:`invite_link`."""
        ticket = store.create_room(nickname, seat=seat, class_name=class_name)
        return cls.from_ticket(store, ticket, watch=watch)

    @classmethod
    def join(
        cls, store: Store, code: object, nickname: str | None = None, *, watch: bool = True
    ) -> SharedGame:
        """Take the free seat of the room ``code``."""
        return cls.from_ticket(store, store.join(code, nickname), watch=watch)

    @classmethod
    def resume(
        cls, store: Store, code: object, credential: str, *, watch: bool = True
    ) -> SharedGame:
        """Come back to the seat that ``credential`` belongs to."""
        return cls.from_ticket(store, store.resume(code, credential), watch=watch)

    @classmethod
    def spectate(cls, store: Store, code: object, *, watch: bool = True) -> SharedGame:
        """Watch the room ``code`` without a seat."""
        return cls(store, code, watch=watch)

    @classmethod
    def from_ticket(cls, store: Store, ticket: Ticket, *, watch: bool = True) -> SharedGame:
        return cls(store, ticket.code, ticket.credential, ticket.seat, watch=watch)

    # -- what the screen shows ----------------------------------------------------------

    @property
    def state(self) -> RoomState:
        """The room as last seen."""
        return self._state

    @property
    def game(self) -> Game:
        """The game as last seen (a copy)."""
        return self._state.game

    @property
    def version(self) -> int:
        return self._state.version

    @property
    def label(self) -> str:
        """The room code as people type it: ``K7M-Q2P``."""
        return codes.format_code(self.code)

    @property
    def opponent(self) -> str | None:
        """The other seat than this one (``None`` for a spectator)."""
        return None if self.seat is None else other_player(self.seat)

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self._state.to_act == self.seat

    @property
    def pending(self) -> Any:
        """An action not yet written because the store was unavailable (or ``None``)."""
        return None if self._pending is None else self._pending[0]

    def invite_link(self, base_url: str) -> str:
        """The link to hand to the opponent (and spectators): ``base_url?room=CODE``."""
        return _with_query(base_url, room=self.label)

    def seat_link(self, base_url: str) -> str:
        """The link that brings this seat back (keep it private: it holds the credential).

        The credential travels in the fragment (``#seat=...``), which no server sees
        and the app's page moves out of the address bar as soon as it reads it (R9).
        """
        invite = self.invite_link(base_url)
        if self.credential is None:
            return invite
        return f"{invite.split('#', 1)[0]}#{urlencode({'seat': self.credential})}"

    # -- acting ---------------------------------------------------------------------------

    def act(self, action: Action | str | int) -> None:
        """Play ``action`` for this seat, against the version on screen.

        If someone changed the game first, :class:`ConflictError` says so and the new
        state is shown; if the store stays unavailable, :class:`StoreUnavailableError`
        is raised and the action is kept in :attr:`pending`: it is written (once) as
        soon as the store answers again.
        """
        # Fill the slot and send under one lock: two threads acting on one client cannot
        # clear each other's action (R11).
        with self._sending:
            if self._pending is not None:
                try:
                    self._send_locked(self._pending)
                except StoreUnavailableError:
                    raise StoreUnavailableError(self.message or t("rooms_pending")) from None
                except RoomError:
                    pass  # the kept action was refused meanwhile: the new one may go
            self._pending = (action, uuid.uuid4().hex, self._state.ply)
            self._send_locked(self._pending)

    def retry_pending(self) -> bool:
        """Try again to write the pending action; ``True`` when nothing is pending now."""
        if self._pending is None:
            return True
        try:
            self._send_pending()
        except StoreUnavailableError:
            return False
        except RoomError:
            return True
        return True

    def _send_pending(self) -> None:
        # One request at a time: the watcher thread may retry a pending action while
        # the player's thread is still sending it.
        with self._sending:
            if self._pending is not None:
                self._send_locked(self._pending)

    def _retry_if_idle(self) -> None:
        """From the watcher thread: resend a kept action unless a send is under way."""
        if self._pending is None or not self._sending.acquire(blocking=False):
            return
        try:
            if self._pending is not None:
                with suppress(Exception):  # the status is in self.message
                    self._send_locked(self._pending)
        finally:
            self._sending.release()

    def _send_locked(self, pending: tuple[Any, str, int]) -> None:
        action, action_id, ply = pending
        try:
            state = self.store.act(
                self.code,
                self.credential,
                action,
                expected_ply=ply,
                action_id=action_id,
            )
        except StoreUnavailableError as err:
            # The store's own words say nothing changed; this client also keeps the action
            # and sends it when the store answers again, so the player is told that.
            if err.details:
                self.message = kept_text(err.details)
                raise StoreUnavailableError(self.message, **err.details) from err
            self.message = str(err)
            raise
        except Exception as err:
            self._pending = None
            self.message = str(err)
            if isinstance(err, RoomError) and err.state is not None:
                self._update(err.state)
            raise
        self._pending = None
        self.message = None
        self._update(state)

    def refresh(self) -> RoomState:
        """Read the room again (the watcher does this by itself)."""
        self._update(self.store.room(self.code))
        return self._state

    def leave(self) -> None:
        """Give up the seat for good (the opponent may then play a computer instead)."""
        if self.credential is not None:
            self._update(self.store.leave(self.code, self.credential))
        self.credential = None
        self.seat = None
        if self._unbeat is not None:
            self._unbeat()
            self._unbeat = None

    def rematch(self) -> SharedGame:
        """Play again after this finished game: the room its players go on to, with the
        sides swapped (see :meth:`RoomStore.rematch`); this client stays as it was."""
        if self.credential is None:
            raise SpectatorError(t("rooms_spectator"))
        ticket = self.store.rematch(self.code, self.credential)
        return type(self).from_ticket(self.store, ticket)

    def rename(self, nickname: str | None) -> None:
        """Show ``nickname`` for this client's seat (a spectator has none to name)."""
        if self.credential is None:
            raise SpectatorError(t("rooms_spectator"))
        self._update(self.store.rename(self.code, self.credential, nickname))

    def hand_to_computer(self, player: Any) -> None:
        """The opponent left or is away: agree to play on against ``player``.

        ``player`` is any object with ``name`` and ``choose(position)`` (see
        :mod:`qttt_edu.players`); this client makes its moves from now on.
        """
        self._update(self.store.hand_to_computer(self.code, self.credential, player.name))
        self.drive_computer(player)

    def drive_computer(self, player: Any) -> None:
        """Make the computer opponent's moves with ``player`` (e.g. after a reload).

        A thread makes them; where Python has no threads (the static site's browser
        Python), the event loop makes each after a change of the room.
        """
        from ..environment import in_pyodide

        self._computer = player
        if in_pyodide():
            if not self._computer_hooked:
                self._computer_hooked = True
                self.on_change(lambda _state: self._computer_soon())
            self._computer_soon()
            return
        if self._computer_thread is None:
            self._computer_thread = threading.Thread(
                target=self._computer_loop, name=f"qttt-computer-{self.code}", daemon=True
            )
            self._computer_thread.start()
        with self._cond:
            self._cond.notify_all()

    def _computer_loop(self) -> None:
        while not self._closed:
            state = self._state
            if self._computer_to_act(state):
                if not self._computer_move(state):
                    self.wait_for_change(state.version, timeout=1.0)
                continue
            self.wait_for_change(state.version, timeout=1.0)

    def _computer_to_act(self, state: RoomState) -> bool:
        other = self.opponent
        return (
            other is not None
            and state.seats[other].kind == "computer"
            and state.to_act == other
            and not state.finished
        )

    def _computer_move(self, state: RoomState) -> bool:
        """The computer's one action in ``state``; ``False`` if it failed (said in message)."""
        choice = self._computer.choose(state.game.position)
        try:
            updated = self.store.act(
                self.code, self.credential, choice, expected_ply=state.ply, for_computer=True
            )
            self._update(updated)
        except ConflictError as err:
            if err.state is not None:
                self._update(err.state)
        except Exception as err:  # the computer must not die with its thread
            self.message = str(err)
            return False
        return True

    def _computer_soon(self) -> None:
        """Without threads: the computer's next action, from the event loop (not from
        inside the change that called this)."""
        import asyncio

        def move() -> None:
            state = self._state
            if not self._closed and self._computer_to_act(state) and not self._computer_move(state):
                asyncio.get_event_loop().call_later(1.0, self._computer_soon)

        if not self._closed and self._computer_to_act(self._state):
            asyncio.get_event_loop().call_soon(move)

    # -- being told about changes ------------------------------------------------------

    def on_change(self, callback: Callable[[RoomState], None]) -> None:
        """Call ``callback(state)`` after every change of the room."""
        self._callbacks.append(callback)

    def wait_for_change(self, since: int | None = None, timeout: float = 5.0) -> bool:
        """Block until the room's version differs from ``since`` (default: the current one).

        Returns ``True`` on a change, ``False`` after ``timeout`` seconds without one.
        """
        since = self._state.version if since is None else since
        return self.wait_until(lambda state: state.version != since, timeout)

    def wait_for_ply(self, ply: int, timeout: float = 5.0) -> bool:
        """Block until the game has at least ``ply`` actions; ``False`` after ``timeout`` s."""
        return self.wait_until(lambda state: state.ply >= ply, timeout)

    def wait_until(self, test: Callable[[RoomState], bool], timeout: float = 5.0) -> bool:
        """Block until ``test(state)`` holds; ``False`` after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while not test(self._state):
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self._closed:
                    return False
                self._cond.wait(remaining)
        return True

    def _changed(self, code: str, state: RoomState | None = None) -> None:
        try:
            if state is None:
                state = self.store.room(self.code)
        except RoomError as err:
            self.message = str(err)
            with self._cond:
                self._cond.notify_all()
            return
        self._update(state)
        self._retry_if_idle()

    def _heartbeat(self) -> None:
        if self.credential is not None:
            self.store.touch(self.code, self.credential, retry_for=0)
            self._retry_if_idle()

    def _update(self, state: RoomState) -> None:
        with self._cond:
            if state.version < self._state.version:
                return  # an older read that arrived late
            changed = state.version != self._state.version
            self._state = state
            self._cond.notify_all()
        if changed:
            for callback in list(self._callbacks):
                callback(state)

    def close(self) -> None:
        """Stop watching (the seat stays yours: :meth:`resume` brings it back)."""
        self._closed = True
        for stop in (self._unwatch, self._unbeat):
            if stop is not None:
                stop()
        self._unwatch = self._unbeat = None
        with self._cond:
            self._cond.notify_all()

    def __repr__(self) -> str:
        who = f"seat {self.seat}" if self.seat else "spectator"
        return f"<SharedGame {self.label} {who} v{self.version}: {self._state.record!r}>"


def _with_query(base_url: str, **params: str) -> str:
    parts = urlsplit(base_url)
    query = "&".join(q for q in (parts.query, urlencode(params)) if q)
    return urlunsplit(parts._replace(query=query))


def kept_text(details: dict[str, str]) -> str:
    """What the player reads when the store could not take their action, which is kept
    and sent later: a store that refused the write (a damaged file, a read-only folder)
    is not one that was slow, so it never "did not answer for 0 s".

    >>> kept_text({"seconds": "5", "where": "x", "reason": "timed out"}).split(":")[0]
    'the game server did not answer for 5 s'
    >>> "cannot save moves just now" in kept_text({"seconds": "0", "broken": "yes"})
    True
    """
    key = "rooms_broken_kept" if details.get("broken") else "rooms_unavailable_kept"
    return t(key, **details)

"""Shared games in the app: a room for two devices, a code, a link and a QR code.

:class:`SharedPanel` is the app's "Shared game" section: **New shared game**
opens a room (:meth:`qttt_edu.rooms.SharedGame.create`) and shows its code in
large type, the link for the opponent with its QR code, and the creator's own
seat link; **Join** takes the free seat of a room by its code. While a shared
game is on, the app plays it through a :class:`SharedSeat`: its own side only,
a spectator nothing, and every change made on another screen is redrawn in the
kernel's event loop (the store's watcher thread only asks the loop to redraw).

In Voilà the page's address says which game to open: ``?room=CODE`` joins the
free seat (or watches when both are taken) and ``?room=CODE&seat=CREDENTIAL``
comes back to a seat. The page keeps the seat's address in its location bar
(:class:`PageLink` updates it), so a reload comes back to the same seat.

On Binder every user has a container of their own, so two players can never
reach one game store: there, and on the static site, the panel says so instead
of failing.
"""

from __future__ import annotations

import asyncio
import functools
import html
import os
import pathlib
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import anywidget
import ipywidgets as w
import traitlets

from ..core import Action, Game, IllegalMoveError
from ..i18n import t
from .controls import button, row, show

if TYPE_CHECKING:  # the rooms package is imported when a shared game is opened: the
    # static site (Pyodide) has no SQLite and never opens one
    from ..rooms import RoomState, RoomStore, SharedGame

__all__ = ["PageLink", "SharedPanel", "SharedSeat", "StoreTrouble", "shared_games_unavailable"]

#: where the Voilà app lives below a Jupyter server's base URL (as in the repository)
APP_PATH = "notebooks/app.ipynb"


class StoreTrouble(RuntimeError):
    """The game store did not answer; the message says so in words (nothing was lost)."""


def shared_games_unavailable() -> str | None:
    """Why shared games cannot work here, in words, or ``None`` when they can.

    Binder gives every user a container of their own (unless a shared game store
    was set up with ``QTTT_ROOMS_URL``); the static site runs in one browser tab.
    """
    if sys.platform == "emscripten":
        return t("widget_shared_site")
    from ..rooms.client import on_binder

    if on_binder() and not os.environ.get("QTTT_ROOMS_URL"):
        return t("widget_shared_binder")
    return None


_PAGE_JS = """
const SEAT_PARAMS = ["room", "seat"];
const inVoila = () => location.pathname.includes("/voila/render/");

// The address a link to this app starts from: this very page in Voila (its token
// and language kept, no room or seat), else the Voila app on this Jupyter server.
function linkBase(appPath) {
  if (inVoila()) {
    const url = new URL(location.href);
    SEAT_PARAMS.forEach((p) => url.searchParams.delete(p));
    return url.href;
  }
  let base = "/";
  const config = document.getElementById("jupyter-config-data");
  try { base = JSON.parse(config.textContent).baseUrl || "/"; } catch (e) { /* no config */ }
  return new URL(base + "voila/render/" + appPath, location.origin).href;
}

function render({ model, el }) {
  el.classList.add("qttt-page-link");
  if (!model.get("href")) {
    model.set("href", linkBase(model.get("app_path")));
    model.save_changes();
  }
  // Keep the seat in the location bar, so a reload comes back to it (Voila only:
  // JupyterLab's own address is not the app's).
  function keep() {
    if (!inVoila()) return;
    const url = new URL(location.href);
    const params = model.get("params") || {};
    for (const name of SEAT_PARAMS) {
      if (params[name]) url.searchParams.set(name, params[name]);
      else url.searchParams.delete(name);
    }
    if (url.href !== location.href) history.replaceState(history.state, "", url.href);
  }
  model.on("change:params", keep);
  keep();
  return () => model.off("change:params", keep);
}

export default { render };
"""


class PageLink(anywidget.AnyWidget):
    """The page's address: ``href`` (told by the page) and ``params`` (kept in it).

    ``href`` is the address links to this app start from; ``params`` (``room``,
    ``seat``) are written into the page's location bar in Voilà, so a reload
    opens the same seat.
    """

    _esm = _PAGE_JS
    _css = pathlib.Path(__file__).with_name("shared.css")
    href = traitlets.Unicode("").tag(sync=True)
    params = traitlets.Dict().tag(sync=True)
    app_path = traitlets.Unicode(APP_PATH).tag(sync=True)


@functools.lru_cache(maxsize=8)
def _qr_svg(url: str) -> str:
    """The QR code of ``url`` as inline SVG (a few ms to make: every redraw of a game
    shows the same invite link, so it is made once)."""
    import segno

    qr = segno.make(url, error="m")
    # omitsize: a viewBox instead of a fixed size, so the page can scale it whole
    svg: str = qr.svg_inline(scale=4, dark="#000", light="#fff", border=2, omitsize=True)
    return svg


class SharedSeat:
    """The app's side of one shared game: what this screen may do, and when to redraw.

    ``client`` is the :class:`~qttt_edu.rooms.SharedGame`; ``redraw`` is called in
    ``loop`` (the kernel's event loop, thread-safely) whenever the room changes, or
    at once on the watcher thread when there is no loop (plain Python, tests).
    Whether the opponent is still there changes without a new version (their kernel
    just stops saying so), so every ``PRESENCE_CHECK`` seconds the room is read again
    and ``redraw`` is called when the opponent came or went.
    """

    PRESENCE_CHECK = 15.0

    def __init__(
        self,
        client: SharedGame,
        redraw: Callable[[], None],
        loop: asyncio.AbstractEventLoop | None,
    ) -> None:
        self.client = client
        self.shown_version = -1
        self.shown_gone = False
        self._redraw = redraw
        self._loop = loop
        self._presence: asyncio.TimerHandle | None = None
        client.on_change(self._changed)
        self._drive_computer_if_seated_opposite()
        self._plan_presence_check()

    # -- what this screen is --------------------------------------------------------

    @property
    def state(self) -> RoomState:
        return self.client.state

    @property
    def seat(self) -> str | None:
        return self.client.seat

    @property
    def label(self) -> str:
        return self.client.label

    def other(self) -> str | None:
        return self.client.opponent

    def game(self) -> Game:
        """The game as last seen; remembers its version (and the opponent) as shown."""
        state = self.client.state
        self.shown_version = state.version
        self.shown_gone = self.opponent_gone()
        return state.game

    def newer(self) -> bool:
        """Has the room changed since :meth:`game` was last read (or the opponent come or gone)?"""
        state = self.client.state
        return state.version != self.shown_version or self.opponent_gone() != self.shown_gone

    def name(self, seat: str) -> str:
        """Who sits in ``seat``, in words (a nickname, a computer, a free seat)."""
        info = self.state.seats[seat]
        if info.kind == "computer":
            return t("widget_shared_computer", name=info.nickname or "")
        if info.kind == "left":
            return t("widget_shared_left")
        if info.kind == "empty":
            return t("widget_shared_free_seat")
        nick = info.nickname or t("widget_shared_no_name")
        if seat != self.seat and not info.present(self.state.read_at):
            return t("widget_shared_away", name=nick)
        return nick

    def role(self) -> str:
        """This screen's part in the game, in words: the seat it plays, or watching."""
        if self.seat is None:
            return t("widget_shared_you_watch")
        return t("widget_shared_you_play", seat=self.seat)

    def headline(self) -> str:
        """One line for above the board: the room and this screen's part in it."""
        return t("widget_shared_headline", code=self.label, who=self.role())

    def waiting_for(self, player: str) -> str:
        """The prompt while ``player`` (the other seat) is to act."""
        kind = self.state.seats[player].kind
        if kind == "empty":
            return t("widget_shared_wait_free", player=player)
        if kind == "left":
            return t("widget_shared_wait_left", player=player)
        return t("widget_shared_wait", player=player, name=self.name(player))

    def opponent_gone(self) -> bool:
        """Is the opponent's seat free, given up or silent (so a computer may take it)?"""
        other = self.other()
        if other is None or self.state.finished:
            return False
        info = self.state.seats[other]
        return info.kind != "computer" and not info.present(self.state.read_at)

    # -- acting -----------------------------------------------------------------------

    def check_turn(self, game: Game) -> None:
        """Refuse (IllegalMoveError) when this screen may not act now; the rules come later."""
        if self.seat is None:
            raise IllegalMoveError(t("rooms_spectator"))
        to_act = game.to_act
        if to_act is not None and to_act != self.seat:
            raise IllegalMoveError(t("rooms_not_your_turn", seat=self.seat, to_act=to_act))

    def act(self, action: Action) -> None:
        """Write ``action`` to the store; a refusal (someone was faster, the room
        expired) raises IllegalMoveError with the store's words, and the new state is
        already what :meth:`game` gives. The store being away raises its own error
        (the action is kept and sent when it is back)."""
        from ..rooms import RoomError, StoreUnavailableError

        try:
            self.client.act(action)
        except RoomError as err:
            raise IllegalMoveError(str(err)) from None
        except StoreUnavailableError as err:
            raise StoreTrouble(str(err)) from None

    def hand_to_computer(self) -> str:
        """Let a computer player take the opponent's seat; returns that seat."""
        from ..players import HeuristicPlayer
        from ..rooms import RoomError

        other = self.other()
        if other is None:
            raise IllegalMoveError(t("rooms_spectator"))
        try:
            self.client.hand_to_computer(HeuristicPlayer())
        except RoomError as err:
            raise IllegalMoveError(str(err)) from None
        return other

    def _drive_computer_if_seated_opposite(self) -> None:
        """Back in a seat whose opponent is a computer: this screen makes its moves again."""
        other = self.other()
        if other is not None and self.state.seats[other].kind == "computer":
            from ..players import HeuristicPlayer

            self.client.drive_computer(HeuristicPlayer())

    def leave(self) -> None:
        """Give up the seat (a spectator just stops watching) and stop listening."""
        try:
            if self.seat is not None:
                self.client.leave()
        finally:
            self.close()

    def close(self) -> None:
        """Stop listening; the seat stays (its link brings it back)."""
        if self._presence is not None:
            self._presence.cancel()
            self._presence = None
        self.client.close()

    def _plan_presence_check(self) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed() and self.seat is not None:
            self._presence = loop.call_later(self.PRESENCE_CHECK, self._check_presence)

    def _check_presence(self) -> None:
        """In the loop: read the room again; redraw if the opponent came or went."""
        self._presence = None
        try:
            self.client.refresh()
        except Exception:  # the store's trouble shows with the next action; try again later
            pass
        else:
            if self.opponent_gone() != self.shown_gone:
                self._redraw()
        self._plan_presence_check()

    # -- changes from other screens -------------------------------------------------

    def _changed(self, _state: RoomState) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            self._redraw()
            return
        loop.call_soon_threadsafe(self._redraw)


class SharedPanel:
    """The "Shared game" controls of the app, and the links of the game it plays.

    ``start(client, note)`` hands a new :class:`SharedGame` to the app;
    ``callback(handler)`` wraps a handler as the app wraps all of its handlers
    (errors and refusals shown in the status line).
    """

    def __init__(
        self,
        *,
        rooms: RoomStore | str | None,
        class_name: str,
        start: Callable[[SharedGame, str], None],
        stop: Callable[[], None],
        hand_to_computer: Callable[[], None],
        callback: Callable[[Callable[[], None]], Callable[..., None]],
    ) -> None:
        self._rooms = rooms
        self._class_name = class_name
        self._start = start
        self.page = PageLink()
        self.title = w.HTML()
        self.nickname = w.Text(layout=w.Layout(width="200px", max_width="100%"))
        self.nickname.add_class("qttt-nickname")
        self.new_button = button("qttt-shared-new", "share-alt", callback(self._on_new))
        self.code_input = w.Text(layout=w.Layout(width="240px", max_width="100%"))
        self.code_input.add_class("qttt-room-input")
        self.join_button = button("qttt-shared-join", "sign-in", callback(self._on_join))
        self.watch_button = button("qttt-shared-watch", "eye", callback(self._on_watch))
        self.info = w.HTML()
        self.info.add_class("qttt-shared-info")
        self.computer_button = button("qttt-shared-computer", "", callback(hand_to_computer))
        self.leave_button = button("qttt-shared-leave", "sign-out", callback(stop))
        self.note = w.HTML()
        self.note.add_class("qttt-shared-note")
        self.open_row = row(
            self.nickname, self.new_button, self.code_input, self.join_button, self.watch_button
        )
        self.game_row = row(self.computer_button, self.leave_button)
        self.widget = w.VBox(
            [self.title, self.note, self.open_row, self.info, self.game_row, self.page],
            layout=w.Layout(grid_gap="6px"),
        )
        self.widget.add_class("qttt-shared")
        self.unavailable = shared_games_unavailable()

    # -- the store ------------------------------------------------------------------

    def store(self) -> RoomStore:
        """The game store (opened on first use: ``QTTT_ROOMS_URL`` or the user's file)."""
        from ..rooms import RoomError, RoomStore

        if not isinstance(self._rooms, RoomStore):
            try:
                self._rooms = RoomStore(self._rooms)
            except (RoomError, RuntimeError, OSError) as err:
                raise IllegalMoveError(t("widget_shared_store_error", reason=err)) from None
        return self._rooms

    # -- opening a game ---------------------------------------------------------------

    def _check_available(self) -> None:
        if self.unavailable is not None:
            raise IllegalMoveError(self.unavailable)

    def _on_new(self) -> None:
        from ..rooms import SharedGame

        self._check_available()
        store = self.store()
        client = _refusing(
            lambda: SharedGame.create(
                store, self.nickname.value or None, class_name=self._class_name
            )
        )
        self._start(client, t("widget_shared_created", code=client.label))

    def _typed_code(self) -> str:
        self._check_available()
        code = str(self.code_input.value).strip()
        if not code:
            raise IllegalMoveError(t("widget_shared_code_empty"))
        return code

    def _on_join(self) -> None:
        """Join: the free seat; a full room is refused (Watch follows it without a seat).

        A pasted link works too: a seat link (``...?room=K7M-Q2P&seat=...``) comes back
        to its seat, which is how a restarted JupyterLab kernel finds its game again.
        """
        code, credential = code_and_seat(self._typed_code())
        client, note = self.open(code, credential, watch_if_full=False)
        self.code_input.value = ""
        self._start(client, note)

    def _on_watch(self) -> None:
        from ..rooms import SharedGame

        store = self.store()
        code, _seat = code_and_seat(self._typed_code())
        client = _refusing(lambda: SharedGame.spectate(store, code))
        self.code_input.value = ""
        self._start(client, t("widget_shared_watching_chosen", code=client.label))

    def open(
        self, code: str, credential: str | None, *, watch_if_full: bool = True
    ) -> tuple[SharedGame, str]:
        """Open room ``code``: the seat of ``credential``, else the free seat, else (a
        link does this) watch when both seats are taken.

        Returns the client and a note saying which. A bad, unknown or expired code
        raises IllegalMoveError with the store's words, and nothing changes.
        """
        from ..rooms import RoomError, RoomFullError, SharedGame

        self._check_available()
        store = self.store()
        nickname = self.nickname.value or None
        if credential:
            client = _refusing(lambda: SharedGame.resume(store, code, credential))
            return client, t("widget_shared_resumed", code=client.label, seat=client.seat)
        try:
            client = SharedGame.join(store, code, nickname)
        except RoomError as err:
            if not isinstance(err, RoomFullError) or not watch_if_full:
                raise IllegalMoveError(str(err)) from None
            client = _refusing(lambda: SharedGame.spectate(store, code))
            return client, t("widget_shared_watching", code=client.label)
        return client, t("widget_shared_joined", code=client.label, seat=client.seat)

    # -- drawing ------------------------------------------------------------------------

    def render(self, seat: SharedSeat | None) -> None:
        """Show the controls for ``seat`` (or for opening a game when there is none)."""
        self.title.value = (
            f'<b class="qttt-panel-title">{html.escape(t("widget_shared_title"))}</b>'
        )
        self._render_texts(seat)
        show(self.note, self.unavailable is not None)
        if self.unavailable is not None:
            self.note.value = f'<p class="qttt-note">{html.escape(self.unavailable)}</p>'
            show(self.open_row, False)
            show(self.game_row, False)
            self.info.value = ""
            return
        self.note.value = ""
        show(self.open_row, seat is None)
        show(self.game_row, seat is not None)
        if seat is None:
            self.info.value = ""
            self.page.params = {}
            return
        credential = seat.client.credential
        self.page.params = {"room": seat.label, "seat": credential or ""}
        self.info.value = self._info_html(seat)
        show(self.computer_button, seat.opponent_gone())

    def _render_texts(self, seat: SharedSeat | None) -> None:
        # The placeholder shows what to type; the tooltip (title) also names the field
        # for a screen reader once something is typed.
        for field, key in (
            (self.nickname, "widget_shared_nickname"),
            (self.code_input, "widget_shared_code_placeholder"),
        ):
            field.placeholder = field.tooltip = t(key)
        for labelled, key in (
            (self.new_button, "widget_shared_new"),
            (self.join_button, "widget_shared_join"),
            (self.watch_button, "widget_shared_watch"),
        ):
            labelled.description = t(key)
            labelled.tooltip = t(f"{key}_tooltip")
        other = None if seat is None else seat.other()
        self.computer_button.description = t("widget_shared_computer_button", seat=other or "")
        self.computer_button.tooltip = t("widget_shared_computer_tooltip")
        watching = seat is not None and seat.seat is None
        self.leave_button.description = t(
            "widget_shared_stop_watching" if watching else "widget_shared_leave"
        )
        self.leave_button.tooltip = t(
            "widget_shared_stop_watching_tooltip" if watching else "widget_shared_leave_tooltip"
        )

    def _info_html(self, seat: SharedSeat) -> str:
        esc = html.escape
        label = seat.label
        who = seat.role()
        players = t("widget_shared_players", x=seat.name("X"), o=seat.name("O"))
        parts = [
            f'<div class="qttt-room-head"><span class="qttt-room-label">'
            f"{esc(t('widget_shared_code_label'))}</span>"
            f'<span class="qttt-room-code" data-room="{esc(label)}">{esc(label)}</span></div>',
            f'<div class="qttt-room-who"><b>{esc(who)}</b> · {esc(players)}</div>',
        ]
        base = self.page.href
        if base:
            invite = seat.client.invite_link(base)
            qr = _qr_svg(invite)
            invite_key = "widget_shared_invite" if seat.seat else "widget_shared_watch_link"
            alt = esc(t("widget_shared_qr_alt"))
            parts.append(
                '<div class="qttt-room-links">'
                f'<div class="qttt-room-qr" role="img" aria-label="{alt}">'
                f"{qr}</div><div>"
                f"<div>{esc(t(invite_key))}</div>"
                f'<a class="qttt-invite-link" href="{esc(invite)}" target="_blank" '
                f'rel="noopener">{esc(invite)}</a>'
            )
            if seat.client.credential is not None:
                own = seat.client.seat_link(base)
                parts.append(
                    f'<div class="qttt-seat-note">{esc(t("widget_shared_seat_link"))}</div>'
                    f'<a class="qttt-seat-link" href="{esc(own)}">{esc(own)}</a>'
                )
            parts.append("</div></div>")
        return "".join(parts)


def code_and_seat(typed: str) -> tuple[str, str | None]:
    """A typed room code, or the room and seat of a pasted link.

    >>> code_and_seat(" k7m-q2p ")
    ('k7m-q2p', None)
    >>> code_and_seat("http://host/voila/render/app.ipynb?token=T&room=K7M-Q2P&seat=abc")
    ('K7M-Q2P', 'abc')
    """
    from urllib.parse import parse_qs, urlsplit

    typed = typed.strip()
    if "room=" not in typed:
        return typed, None
    params = parse_qs(urlsplit(typed).query)
    room = params.get("room", [""])[0]
    seat = params.get("seat", [""])[0]
    return room, seat or None


def _refusing(open_it: Callable[[], SharedGame]) -> SharedGame:
    """Open a game; the store's refusal (bad code, full, expired, ...) as IllegalMoveError."""
    from ..rooms import RoomError

    try:
        return open_it()
    except RoomError as err:
        raise IllegalMoveError(str(err)) from None

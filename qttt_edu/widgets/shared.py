"""Shared games in the app: a room for two devices, a code, a link and a QR code.

:class:`SharedPanel` is the app's "Shared game" section: **New shared game**
opens a room (:meth:`qttt_edu.rooms.SharedGame.create`) and shows its code in
large type, the link for the opponent with its QR code, and the creator's own
seat link; **Join** takes the free seat of a room by its code. While a shared
game is on, the app plays it through a :class:`SharedSeat`: its own side only,
a spectator nothing, and every change made on another screen is redrawn in the
kernel's event loop (the store's watcher thread only asks the loop to redraw).

In Voilà the page's address says which game to open: ``?room=CODE`` joins the
free seat (or watches when both are taken) and a seat link
(``?room=CODE#seat=CREDENTIAL``) comes back to a seat. The page
(:class:`PageLink`, ``page_link.js``) keeps the room in its address bar and the seat
credential in the tab's storage, never in the address bar (R9), and tells the kernel
both, so a reload comes back to the same seat. It also says "alive" every 10 s: when
that stops (a closed tab or lid), the kernel tells the rooms service the player is
away (:data:`PAGE_AWAY_AFTER`).

Where the class has a rooms service (``$QTTT_ROOMS_SERVICE`` and
``$QTTT_ROOMS_CLASS_KEY``, set by the classroom command or the hub), every shared game
goes through it (:class:`~qttt_edu.rooms.remote.ServiceClient`) and the kernel never
opens a database; otherwise (one person's own computer) the kit's own SQLite file is used.

On the static site (Pyodide in the browser) the page looks for ``qttt-rooms.json``
at the site's root, which ``qttt-edu classroom --site`` serves beside its rooms
service: found, the page hands the kernel the service's address and the class key the
students' link left in the tab (:attr:`PageLink.service`), and the panel plays through
the same :class:`~qttt_edu.rooms.remote.ServiceClient` (requests and socket through the
browser, :mod:`qttt_edu.rooms.browser`). Its links go through the site's join page,
which takes the keys out of the address bar before the app starts.

On Binder every user has a container of their own, so two players can never
reach one game store: there, and on a static site served without a rooms service,
the panel says so instead of failing.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html
import os
import pathlib
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import anywidget
import ipywidgets as w
import traitlets

from ..core import Action, Game
from ..environment import in_pyodide, on_binder
from ..i18n import t
from .board import page_css
from .controls import button, row, show

if TYPE_CHECKING:  # the rooms package is imported when a shared game is opened: the
    # static site (Pyodide) has no SQLite and never opens one
    from ..rooms import RoomState, RoomStore, SharedGame
    from ..rooms.remote import ServiceClient

__all__ = [
    "PageLink",
    "SharedPanel",
    "SharedSeat",
    "open_store",
    "qr_svg",
    "shared_games_unavailable",
]

#: the kit's Voilà app, looked for beside the notebook that shows the app
APP_NOTEBOOK = "app.ipynb"
#: a page that has not said "alive" for this long is gone (seconds; it says so every 10)
PAGE_AWAY_AFTER = 25.0


def shared_games_unavailable() -> str | None:
    """Why shared games cannot work here, in words, or ``None`` when they can.

    Binder gives every user a container of their own (unless a shared game store
    was set up with ``QTTT_ROOMS_URL``); the static site runs in one browser tab, unless
    its page finds a rooms service beside it (:attr:`SharedPanel.asking_page`).
    """
    if in_pyodide():
        return t("widget_shared_site")
    if on_binder() and not (
        os.environ.get("QTTT_ROOMS_URL") or os.environ.get("QTTT_ROOMS_SERVICE")
    ):
        return t("widget_shared_binder")
    return None


class PageLink(anywidget.AnyWidget):
    """The page's address: ``href`` (links to this app start from it) and ``params``.

    In Voilà the page tells ``href`` itself (its own address, with its token). In
    JupyterLab and Notebook 7 it tells ``server`` instead: the server's real base URL
    (``base``), whether the server opens without a token (``open``: a page with no
    cookie asked it), whether it has Voilà's extension (``voila``), the front end
    (``front``: ``"lab"`` or ``"notebook"``) and the paths of its notebook sessions;
    the kernel then finds its own notebook among them (:func:`page_link`) and sets
    ``href``, or leaves it empty and says why in ``why`` (``"token"``: the other
    device cannot have the token; ``"path"``: this notebook was not found);
    ``"notebook"`` says ``href`` opens the notebook itself, as the server has no Voilà.

    ``params`` (``room``, ``seat``) are kept by the page: the room in its address bar
    in Voilà, the seat in the tab's storage. ``arrived`` is the room and seat the
    page was opened with (the seat read from the link's fragment or the tab's
    storage). ``last_alive`` is when the page last said it is open
    (``time.monotonic()``; ``None``: never).
    """

    _esm = pathlib.Path(__file__).with_name("page_link.js")
    _css = page_css("shared.css")
    href = traitlets.Unicode("").tag(sync=True)
    why = traitlets.Unicode("").tag(sync=True)
    #: may the page ask its server (False where shared games cannot work: the static site)
    ask = traitlets.Bool(True).tag(sync=True)
    server = traitlets.Dict().tag(sync=True)
    params = traitlets.Dict().tag(sync=True)
    arrived = traitlets.Dict().tag(sync=True)
    arrived_sent = traitlets.Bool(False).tag(sync=True)
    #: the static site only: the rooms service the page found and the class key the tab
    #: holds (``{"url": ..., "class_key": ...}``; ``{"url": ""}``: no service; ``{}``:
    #: not said yet)
    service = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.last_alive: float | None = None
        self.on_msg(self._page_message)
        self.observe(self._server_told, "server")

    def _server_told(self, change: dict[str, object]) -> None:
        server = change.get("new")
        if isinstance(server, dict) and server:
            self.href, self.why = page_link(server, os.environ.get("JPY_SESSION_NAME"))

    def _page_message(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("type") == "alive":
            self.last_alive = time.monotonic()


def page_link(server: dict[str, object], session_name: str | None) -> tuple[str, str]:
    """The address a link to this app starts from, seen from a JupyterLab or Notebook 7
    page, and why there is none (or what it opens): see :class:`PageLink`.

    ``session_name`` is the kernel's ``$JPY_SESSION_NAME`` (the notebook's path on the
    server's disk); its session path (relative to the server's root) is the longest of
    ``server["sessions"]`` it ends with. The link renders ``app.ipynb`` beside the
    notebook in Voilà (the notebook itself when there is none), else opens the
    notebook in the same front end.

    >>> server = {"base": "http://h/p/", "open": True, "voila": True,
    ...           "front": "lab", "sessions": ["x.ipynb", "lessons/00.ipynb"]}
    >>> page_link(server, "/srv/lessons/00.ipynb")
    ('http://h/p/voila/render/lessons/00.ipynb', '')
    >>> page_link({**server, "voila": False}, "/srv/lessons/00.ipynb")
    ('http://h/p/lab/tree/lessons/00.ipynb', 'notebook')
    >>> page_link({**server, "open": False}, "/srv/lessons/00.ipynb")
    ('', 'token')
    >>> page_link(server, None)
    ('', 'path')
    >>> page_link({"base": ""}, "/srv/lessons/00.ipynb")  # not a Jupyter server's page
    ('', 'path')
    """
    import posixpath
    from urllib.parse import quote

    base = str(server.get("base") or "")
    if not base:
        return "", "path"
    if not server.get("open"):
        return "", "token"
    sessions = server.get("sessions")
    found = [
        path
        for path in (sessions if isinstance(sessions, list) else [])
        if isinstance(path, str)
        and path
        and session_name
        and pathlib.PurePath(session_name).as_posix().endswith("/" + path.lstrip("/"))
    ]
    if not found or not session_name:
        return "", "path"
    path = max(found, key=len).lstrip("/")
    if not server.get("voila"):
        front = "notebooks/" if server.get("front") == "notebook" else "lab/tree/"
        return base + front + quote(path), "notebook"
    beside = pathlib.Path(session_name).with_name(APP_NOTEBOOK)
    if beside.is_file():
        path = posixpath.join(posixpath.dirname(path), APP_NOTEBOOK)
    return base + "voila/render/" + quote(path), ""


def chooser_caption(state: RoomState, seat: str) -> str:
    """The caption of the choice buttons on a screen that only watches ``seat`` choose:
    "Ada (X) chooses", or "X chooses" when ``seat`` has no nickname to give."""
    info = state.seats[seat]
    if info.kind == "human" and info.nickname:
        return t("widget_choice_locked", name=info.nickname, player=seat)
    return t("widget_choice_locked_anon", player=seat)


def joined_note(nickname: str, to_act: str | None) -> str:
    """The creator's status line when the opponent takes the free seat: who joined
    (their nickname, or "your opponent" when they gave none) and whose move it is.

    >>> joined_note("Bo", "X")
    'Bo joined: X to move'
    >>> joined_note("", "X")
    'Your opponent joined: X to move'
    >>> joined_note("", None)
    'Your opponent joined the game'
    """
    key = "widget_shared_opponent_joined" if to_act else "widget_shared_opponent_came"
    if not nickname:
        return t(key + "_anon", player=to_act or "")
    return t(key, name=nickname, player=to_act or "")


@functools.lru_cache(maxsize=8)
def qr_svg(url: str) -> str:
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
    Through the rooms service a player coming or going is a new version like any
    other change; every ``PAGE_CHECK`` seconds the kernel tells the service whether
    ``page`` (the :class:`PageLink` of the screen) still says it is open. With a local
    store every ``PRESENCE_CHECK`` seconds the room is read again and ``redraw`` is
    called when the opponent came or went.
    """

    PRESENCE_CHECK = 15.0
    PAGE_CHECK = 5.0

    def __init__(
        self,
        client: SharedGame,
        redraw: Callable[[], None],
        loop: asyncio.AbstractEventLoop | None,
        page: PageLink | None = None,
    ) -> None:
        self.client = client
        self.page = page
        self.shown_version = -1
        self.shown_gone = False
        self.shown_opponent: str | None = None
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
        other = self.other()
        self.shown_opponent = None if other is None else state.seats[other].kind
        return state.game

    def arrived(self) -> str | None:
        """The opponent's nickname when they took the free seat since :meth:`game` was
        last read (``""``: they gave none; ``None``: nobody new; a spectator has no
        opponent to greet). :func:`joined_note` puts it in words."""
        other = self.other()
        if other is None or self.shown_opponent not in ("empty", "left"):
            return None
        info = self.state.seats[other]
        if info.kind != "human":
            return None
        return info.nickname or ""

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
        away = seat != self.seat and not info.present(self.state.read_at)
        if not info.nickname:  # a value in the players' line ("O: (no nickname)"), never
            # a word in a sentence: the sentences say "your opponent" or the seat instead
            return t("widget_shared_no_name_away" if away else "widget_shared_no_name")
        return t("widget_shared_away", name=info.nickname) if away else info.nickname

    def chooser(self, seat: str) -> str:
        """The caption of the choice buttons while ``seat`` (not this screen) chooses."""
        return chooser_caption(self.state, seat)

    def role(self) -> str:
        """This screen's part in the game, in words: the seat it plays, or watching."""
        if self.seat is None:
            return t("widget_shared_you_watch")
        return t("widget_shared_you_play", seat=self.seat)

    def headline(self) -> str:
        """One line for above the board: the room and this screen's part in it."""
        return t("widget_shared_headline", code=self.label, who=self.role())

    def waiting_for(self, player: str) -> str:
        """The prompt while ``player`` (the other seat, or either for a spectator) is to
        act: a spectator is told who acts, never what to do."""
        if self.seat is None:
            return t("widget_shared_wait_watching", player=player)
        kind = self.state.seats[player].kind
        if kind == "empty":
            return t("widget_shared_wait_free", player=player)
        if kind == "left":
            return t("widget_shared_wait_left", player=player)
        if kind == "human" and not self.state.seats[player].nickname:
            away = not self.state.seats[player].present(self.state.read_at)
            key = "widget_shared_wait_anon_away" if away else "widget_shared_wait_anon"
            return t(key, player=player)
        return t("widget_shared_wait", player=player, name=self.name(player))

    def seat_free(self) -> bool:
        """Would whoever opens this game's link get a seat (one nobody has taken, or one
        given up), rather than only watch?"""
        return any(info.kind in ("empty", "left") for info in self.state.seats.values())

    def inviting(self) -> bool:
        """Is this game's link an invitation to an opponent: this screen plays, and the
        other seat is free? Once both are taken (or for a spectator) it is a link to
        watch, and nothing on the panel speaks of "your opponent"."""
        return self.seat is not None and self.seat_free()

    def departed(self) -> bool:
        """Has the opponent given up the seat since :meth:`game` was last read?"""
        other = self.other()
        if other is None or self.shown_opponent != "human":
            return False
        return self.state.seats[other].kind in ("empty", "left")

    def offer(self, to_act: str | None) -> dict[str, str] | None:
        """The offer for the status line when the opponent is gone: why (unless the
        prompt already says it, as it does while they are to act) and the button that
        lets a computer take their seat. ``None`` while the opponent is there, and while
        a seat nobody has taken yet is not holding the game up."""
        other = self.other()
        if other is None or not self.opponent_gone():
            return None
        kind = self.state.seats[other].kind
        if kind == "empty" and to_act != other:
            return None  # nobody has come yet: the room was just opened for them
        note = ""
        if to_act != other and kind == "left":
            note = t("widget_shared_left_status", player=other)
        elif to_act != other and kind == "human":
            nick = self.state.seats[other].nickname
            note = (
                t("widget_shared_away_status", name=nick, player=other)
                if nick
                else t("widget_shared_away_status_anon", player=other)
            )
        return {
            "note": note,
            "button": t("widget_shared_computer_button", seat=other),
            "tooltip": t("widget_shared_computer_tooltip"),
        }

    def opponent_gone(self) -> bool:
        """Is the opponent's seat free, given up or silent (so a computer may take it)?"""
        other = self.other()
        if other is None or self.state.finished:
            return False
        info = self.state.seats[other]
        return info.kind != "computer" and not info.present(self.state.read_at)

    # -- acting -----------------------------------------------------------------------

    def check_turn(self, game: Game) -> None:
        """Refuse (the room's own refusal) when this screen may not act now; rules come later."""
        from ..rooms import NotYourTurnError, SpectatorError

        if self.seat is None:
            raise SpectatorError(t("rooms_spectator"))
        to_act = game.to_act
        if to_act is not None and to_act != self.seat:
            raise NotYourTurnError(t("rooms_not_your_turn", seat=self.seat, to_act=to_act))

    def act(self, action: Action) -> None:
        """Write ``action`` to the store. A refusal (someone was faster, the room
        expired) raises the room's error with its words, and the new state is already
        what :meth:`game` gives; the store being away raises
        :class:`~qttt_edu.rooms.StoreUnavailableError` (the action is kept and sent when
        it is back). Neither is a rule break, and neither is shown as one."""
        self.client.act(action)

    def rename(self, nickname: str) -> None:
        """Show ``nickname`` for this screen's seat, on every screen of the game."""
        self.client.rename(nickname)

    def rematch(self) -> SharedGame:
        """The finished game's next one, with the same players, sides swapped; for a
        spectator, that game watched (once a player has opened it)."""
        if self.seat is None:
            from ..rooms import RoomError, SharedGame

            following = self.state.next_code
            if following is None:
                raise RoomError(t("rooms_spectator"))
            return SharedGame.spectate(self.client.store, following)
        return self.client.rematch()

    def hand_to_computer(self) -> str:
        """Let a computer player take the opponent's seat; returns that seat."""
        from ..players import HeuristicPlayer
        from ..rooms import SpectatorError

        other = self.other()
        if other is None:
            raise SpectatorError(t("rooms_spectator"))
        self.client.hand_to_computer(HeuristicPlayer())
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
            remote = hasattr(self.client.store, "set_here")
            every = self.PAGE_CHECK if remote else self.PRESENCE_CHECK
            self._presence = loop.call_later(every, self._check_presence)

    def _check_presence(self) -> None:
        """In the loop, every few seconds: is the page that shows this seat still open?

        Through the rooms service, presence is the service's (a live socket holding the
        seat): the kernel only says whether the page is there, from its "alive"
        messages, and every change of presence comes back as a notice. A local store
        (one person's computer) has no service: its room is read again here, without
        waiting for a locked file (R14, finding 2).
        """
        self._presence = None
        page = self.page
        set_here = getattr(self.client.store, "set_here", None)
        if set_here is not None:
            if page is not None and page.last_alive is not None:
                fresh = time.monotonic() - page.last_alive < PAGE_AWAY_AFTER
                with contextlib.suppress(Exception):
                    set_here(self.client.code, fresh)
        else:
            try:
                self._update_quietly()
            except Exception:  # the store's trouble shows with the next action; try again later
                pass
            else:
                if self.opponent_gone() != self.shown_gone:
                    self._redraw()
        self._plan_presence_check()

    def _update_quietly(self) -> None:
        store = self.client.store
        if hasattr(store, "retry_for"):
            saved = store.retry_for
            store.retry_for = 0.0
            try:
                self.client.refresh()
            finally:
                store.retry_for = saved

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
        callback: Callable[[Callable[[], None]], Callable[..., None]],
        service: str | None = None,
        rename: Callable[[], None] | None = None,
        again: Callable[[], None] | None = None,
    ) -> None:
        self._rooms = rooms
        self._service = service
        self._store: RoomStore | ServiceClient | None = None
        self._class_name = class_name
        self._start = start
        self.page = PageLink()
        self.title = w.HTML()
        self.nickname = w.Text(layout=w.Layout(width="200px", max_width="100%"))
        self.nickname.add_class("qttt-nickname")
        self.new_button = button("qttt-shared-new", "share", callback(self._on_new))
        self.code_input = w.Text(layout=w.Layout(width="240px", max_width="100%"))
        self.code_input.add_class("qttt-room-input")
        self.join_button = button("qttt-shared-join", "join", callback(self._on_join))
        self.watch_button = button("qttt-shared-watch", "watch", callback(self._on_watch))
        self.info = w.HTML()
        self.info.add_class("qttt-shared-info")
        self.leave_button = button("qttt-shared-leave", "leave", callback(stop))
        self._rename_widgets(callback, rename)
        # a finished game: the same two play again, sides swapped (``again``: the app's)
        self.again_button = button("qttt-shared-again", "new", callback(again) if again else None)
        self.note = w.HTML()
        self.note.add_class("qttt-shared-note")
        self.open_row = row(
            self.nickname, self.new_button, self.code_input, self.join_button, self.watch_button
        )
        # (the offer to let the computer play a gone opponent's seat is in the status
        # line, where the player looks: see SharedSeat.offer)
        self.game_row = row(
            self.again_button, self.rename_input, self.rename_button, self.leave_button
        )
        self.widget = w.VBox(
            [self.title, self.note, self.open_row, self.info, self.game_row, self.page],
            layout=w.Layout(grid_gap="6px"),
        )
        self.widget.add_class("qttt-shared")
        self.unavailable = shared_games_unavailable()
        self.page.ask = self.unavailable is None
        #: the static site: the page has not yet said whether a rooms service is there
        # (or the classroom's light app: the page tells the class key of its link)
        self.asking_page = (in_pyodide() and rooms is None) or service is not None
        self._arrival: tuple[str, str | None] | None = None
        self.open_link: Callable[[str, str | None], None] | None = None
        self.redraw: Callable[[], None] | None = None
        self.page.observe(self._arrived, "arrived")
        self.page.observe(self._service_said, "service")
        # the link is found after the page has asked its server: draw it when it comes
        self._shown: SharedSeat | None = None
        self.page.observe(self._link_found, ["href", "why"])

    def _rename_widgets(
        self,
        callback: Callable[[Callable[[], None]], Callable[..., None]],
        rename: Callable[[], None] | None,
    ) -> None:
        """A seat taken by a link, before a nickname was typed: its player names it now,
        so that the opponent and the teacher's cards can say who plays (``rename``: what
        the app does then)."""
        self.rename_input = w.Text(layout=w.Layout(width="200px", max_width="100%"))
        self.rename_input.add_class("qttt-rename-input")
        self.rename_button = w.Button(layout=w.Layout(width="auto"))
        self.rename_button.add_class("qttt-shared-rename")
        if rename is not None:
            self.rename_button.on_click(callback(rename))

    def _link_found(self, _change: object) -> None:
        if self._shown is not None:
            self.info.value = self._info_html(self._shown)

    def _arrived(self, change: dict[str, object]) -> None:
        """The page says which room and seat it was opened with (the seat from the link's
        fragment or the tab's storage, never from the address bar)."""
        arrived = change.get("new")
        if not isinstance(arrived, dict):
            return
        room, seat = arrived.get("room"), arrived.get("seat")
        if isinstance(room, str) and room.strip():
            self._arrival = (room, seat if isinstance(seat, str) and seat else None)
            self._open_arrival()

    def _open_arrival(self) -> None:
        if self.asking_page or self.open_link is None or self._arrival is None:
            return  # the site's page has not said where the rooms service is yet
        (room, seat), self._arrival = self._arrival, None
        if self.unavailable is None:
            self.open_link(room, seat)

    def _service_said(self, change: dict[str, object]) -> None:
        """The site's page says where the rooms service is (or that there is none)."""
        said = change.get("new")
        if not self.asking_page or not isinstance(said, dict) or "url" not in said:
            return
        self.asking_page = False
        url, key = self._service or said.get("url"), said.get("class_key")
        if isinstance(url, str) and url.startswith(("http://", "https://")):
            from ..rooms.remote import ServiceClient

            class_key = key if isinstance(key, str) and key else None
            self._store = ServiceClient(url, class_key=class_key)
            # the site opened without the class link: the service is there, but this
            # tab has no key to it, so say how to get one before any button is pressed
            self.unavailable = None if class_key else t("widget_shared_site_no_key")
        if self.redraw is not None:
            self.redraw()
        self._open_arrival()

    # -- the store ------------------------------------------------------------------

    def store(self) -> RoomStore | ServiceClient:
        """The game store, opened on first use (:func:`open_store`)."""
        if self._store is None:
            self._store = open_store(self._rooms)
        return self._store

    def close(self) -> None:
        """Close the connection of a rooms service's client, if one was opened."""
        from ..rooms.remote import ServiceClient

        if isinstance(self._store, ServiceClient):
            self._store.close()

    # -- opening a game ---------------------------------------------------------------

    def _check_available(self) -> None:
        if self.unavailable is not None or self.asking_page:
            from ..rooms import RoomError

            raise RoomError(self.unavailable or t("widget_shared_site"))

    def _on_new(self) -> None:
        from ..rooms import SharedGame

        self._check_available()
        store = self.store()
        client = SharedGame.create(store, self.nickname.value or None, class_name=self._class_name)
        self._start(client, t("widget_shared_created", code=client.label))

    def _typed_code(self) -> str:
        self._check_available()
        code = str(self.code_input.value).strip()
        if not code:
            from ..rooms import RoomError

            raise RoomError(t("widget_shared_code_empty"))
        return code

    def _on_join(self) -> None:
        """Join: the free seat; a full room is refused (Watch follows it without a seat).

        A pasted link works too: a seat link (``...?room=K7M-Q2P#seat=...``, the seat in
        the fragment; an older ``...&seat=...`` link too) comes back to its seat, which
        is how a restarted JupyterLab kernel finds its game again.
        """
        code, credential = code_and_seat(self._typed_code())
        client, note = self.open(code, credential, watch_if_full=False)
        self.code_input.value = ""
        self._start(client, note)

    def _on_watch(self) -> None:
        from ..rooms import SharedGame

        store = self.store()
        code, _seat = code_and_seat(self._typed_code())
        client = SharedGame.spectate(store, code)
        self.code_input.value = ""
        self._start(client, t("widget_shared_watching_chosen", code=client.label))

    def open(
        self, code: str, credential: str | None, *, watch_if_full: bool = True
    ) -> tuple[SharedGame, str]:
        """Open room ``code``: the seat of ``credential``, else the free seat, else (a
        link does this) watch when both seats are taken.

        Returns the client and a note saying which. A bad, unknown or expired code
        raises the room's error with the store's words, and nothing changes.
        """
        from ..rooms import RoomFullError, SharedGame

        self._check_available()
        store = self.store()
        nickname = self.nickname.value or None
        if credential:
            client = SharedGame.resume(store, code, credential)
            return client, t("widget_shared_resumed", code=client.label, seat=client.seat)
        try:
            client = SharedGame.join(store, code, nickname)
        except RoomFullError:
            if not watch_if_full:
                raise
            client = SharedGame.spectate(store, code)
            return client, t("widget_shared_watching", code=client.label)
        return client, t("widget_shared_joined", code=client.label, seat=client.seat)

    # -- drawing ------------------------------------------------------------------------

    def render(self, seat: SharedSeat | None) -> None:
        """Show the controls for ``seat`` (or for opening a game when there is none)."""
        self._shown = seat
        self.title.value = (
            f'<b class="qttt-panel-title">{html.escape(t("widget_shared_title"))}</b>'
        )
        self._render_texts(seat)
        show(self.note, self.unavailable is not None and not self.asking_page)
        if self.asking_page:  # for a moment, until the site's page says
            for part in (self.open_row, self.game_row):
                show(part, False)
            self.info.value = ""
            return
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
        nameless = seat.seat is not None and not seat.state.seats[seat.seat].nickname
        show(self.rename_input, nameless)
        show(self.rename_button, nameless)
        # the players play again; a spectator follows them once one of them has
        following = seat.seat is not None or seat.state.next_code is not None
        show(self.again_button, seat.state.finished and following)

    def typed_nickname(self) -> str:
        """The nickname typed to name a seat taken without one; a blank or bad one is
        refused in words, and nothing changes."""
        from ..rooms import RoomError
        from ..rooms.codes import check_nickname

        name = check_nickname(self.rename_input.value)
        if name is None:
            raise RoomError(t("widget_shared_rename_empty"))
        return name

    def _render_texts(self, seat: SharedSeat | None) -> None:
        # The placeholder shows what to type; the tooltip (title) also names the field
        # for a screen reader once something is typed.
        for field, key in (
            (self.nickname, "widget_shared_nickname"),
            (self.rename_input, "widget_shared_rename_placeholder"),
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
        watching = seat is not None and seat.seat is None
        again = "widget_shared_again_follow" if watching else "widget_shared_again"
        self.again_button.description = t(again)
        self.again_button.tooltip = t(f"{again}_tooltip")
        self.rename_button.description = t("widget_shared_rename")
        self.rename_button.tooltip = t("widget_shared_rename_tooltip")
        self.leave_button.description = t(
            "widget_shared_stop_watching" if watching else "widget_shared_leave"
        )
        self.leave_button.tooltip = t(
            "widget_shared_stop_watching_tooltip" if watching else "widget_shared_leave_tooltip"
        )

    def _local_note(self, base: str, inviting: bool) -> str:
        """The loopback note for links starting from ``base`` ("" when they open elsewhere):
        how to let the opponent in while ``inviting``, else how others can watch."""
        from ..rooms.remote import ENV_SERVICE

        host = loopback_host(base)
        if host is None:
            return ""
        if not inviting:
            return t("widget_shared_link_local_watch", host=host)
        front = str(self.page.server.get("front") or "voila")
        in_class = bool(os.environ.get(ENV_SERVICE) or self.page.service.get("url"))
        return local_link_note(host, front, in_class)

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
        following = seat.state.next_label
        if following is not None and seat.state.finished:  # the other player asked first
            key = "widget_shared_again_waiting" if seat.seat else "widget_shared_again_watch"
            text = esc(t(key, code=following)).replace(  # "4WV-" and "D9A" on one line
                following, f'<span style="white-space: nowrap">{following}</span>'
            )
            parts.append(f'<p class="qttt-room-again" role="status">{text}</p>')
        base, why = self.page.href, self.page.why
        inviting = seat.inviting()
        if not base and why in ("token", "path") and inviting:
            # no link that would open on the other device: the code is the way there (with
            # both seats taken nobody waits for one, and the code is on the screen anyway)
            note = esc(t(f"widget_shared_link_{why}"))
            parts.append(f'<p class="qttt-room-nolink" role="note">{note}</p>')
        local = self._local_note(base, inviting)
        if local:  # a link that opens only here: say so, and the code is the way there
            parts.append(
                f'<p class="qttt-room-nolink qttt-room-local" role="note">{esc(local)}</p>'
            )
        if base:
            parts.append(self._links_html(seat, base, why, qr=not local))
        return "".join(parts)

    @staticmethod
    def _links_html(seat: SharedSeat, base: str, why: str, qr: bool) -> str:
        """The invite link (with its QR code when ``qr``: a link for another device) and
        the seat's own link, shown on request.

        The link's label says what it does now: an invitation for the opponent while
        the other seat is free; once both seats are taken, a link to watch. A spectator
        is never told about "your opponent"."""
        esc = html.escape
        invite = seat.client.invite_link(base)
        inviting = seat.inviting()
        if why == "notebook":
            invite_key = (
                "widget_shared_link_notebook" if inviting else "widget_shared_link_notebook_watch"
            )
        elif inviting:
            invite_key = "widget_shared_invite"
        elif seat.seat_free():  # a spectator's link: its opener may still take a seat
            invite_key = "widget_shared_watch_link"
        else:
            invite_key = "widget_shared_spectate_link"
        alt = esc(t("widget_shared_qr_alt" if inviting else "widget_shared_qr_alt_game"))
        parts = [
            '<div class="qttt-room-links">',
            f'<div class="qttt-room-qr" role="img" aria-label="{alt}">{qr_svg(invite)}</div>'
            if qr
            else "",
            f"<div><div>{esc(t(invite_key))}</div>"
            f'<a class="qttt-invite-link" href="{esc(invite)}" target="_blank" '
            f'rel="noopener">{esc(invite)}</a>',
        ]
        if seat.client.credential is not None and why != "notebook":
            # shown on request only (R9): a photo of the screen must not hand the seat on
            own = seat_link(seat.client, base)
            parts.append(
                f'<details class="qttt-seat-details"><summary>'
                f"{esc(t('widget_shared_seat_show'))}</summary>"
                f'<div class="qttt-seat-note">{esc(t("widget_shared_seat_link"))}</div>'
                f'<a class="qttt-seat-link" href="{esc(own)}">{esc(own)}</a></details>'
            )
        parts.append("</div></div>")
        return "".join(parts)


def loopback_host(url: str) -> str | None:
    """The host of ``url`` when it names this computer itself (a loopback or unspecified
    address, ``localhost``), which no other device can open; else ``None``.

    The page says its own address (:class:`PageLink`), so this is where it was served
    from, not a guess about the server's network.

    >>> loopback_host("http://127.0.0.1:8888/lab/tree/a.ipynb")
    '127.0.0.1'
    >>> loopback_host("http://localhost:8866/voila/render/app.ipynb?token=T")
    'localhost'
    >>> loopback_host("http://[::1]:8888/")
    '::1'
    >>> loopback_host("http://192.0.2.2:8866/voila/render/app.ipynb") is None
    True
    >>> loopback_host("https://hub.school.example/user/ada/") is None
    True
    >>> loopback_host("") is None
    True
    """
    import ipaddress
    from urllib.parse import urlsplit

    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        return None
    if host == "localhost" or host.endswith(".localhost"):
        return host
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return None
    return host if address.is_loopback or address.is_unspecified else None


#: how to start each front end so that other devices reach it
LISTEN_EVERYWHERE = {
    "lab": "jupyter lab --ip=0.0.0.0",
    "notebook": "jupyter notebook --ip=0.0.0.0",
    "voila": "voila --Voila.ip=0.0.0.0",
}


def local_link_note(host: str, front: str, in_class: bool) -> str:
    """What the share panel says when its links open only on this computer (the page
    was opened at ``host``, a loopback address): why, how to let others in (``front``:
    ``lab``, ``notebook`` or ``voila``; in a class, its students' address), and that the
    room code works anyway.

    >>> print(local_link_note("localhost", "lab", False))  # doctest: +ELLIPSIS
    This link opens only on this computer: ... start the server with 'jupyter lab --ip=0.0.0.0' ...
    """
    if in_class:
        return t("widget_shared_link_local_class", host=host)
    command = LISTEN_EVERYWHERE.get(front, LISTEN_EVERYWHERE["voila"])
    return t("widget_shared_link_local", host=host, command=command)


def seat_link(client: SharedGame, base_url: str) -> str:
    """The link that brings ``client``'s seat back: the room in the query, the seat
    credential in the fragment (never sent to a server, and the page moves it out of
    the address bar into the tab's storage as soon as it reads it).

    >>> from types import SimpleNamespace
    >>> seat_link(SimpleNamespace(label="K7M-Q2P", credential="abc"), "http://h/app?lang=da")
    'http://h/app?lang=da&room=K7M-Q2P#seat=abc'
    >>> seat_link(SimpleNamespace(label="K7M-Q2P", credential="abc"), "http://h/qttt-join.html#class=k")
    'http://h/qttt-join.html?room=K7M-Q2P#class=k&seat=abc'
    """
    from urllib.parse import urlencode, urlsplit, urlunsplit

    parts = urlsplit(base_url)
    query = "&".join(q for q in (parts.query, urlencode({"room": client.label})) if q)
    seat = urlencode({"seat": client.credential}) if client.credential else ""
    # the site's links keep the class key of their fragment (the join page takes both)
    fragment = "&".join(f for f in (parts.fragment, seat) if f)
    return urlunsplit(parts._replace(query=query, fragment=fragment))


def open_store(rooms: object) -> RoomStore | ServiceClient:
    """The game store a panel plays through.

    ``rooms`` may be a store or a :class:`~qttt_edu.rooms.remote.ServiceClient`
    (used as it is), the address of a rooms service (``http://...``), a database URL,
    or ``None``: then ``$QTTT_ROOMS_SERVICE`` (with ``$QTTT_ROOMS_CLASS_KEY``) if set,
    so a student's kernel holds no database address, else ``$QTTT_ROOMS_URL`` or the
    kit's own SQLite file (whose folder is made on a fresh machine).
    A store that cannot be opened raises its own error (never a rule break).
    """
    from ..rooms import RoomStore
    from ..rooms.remote import ENV_CLASS_KEY, ENV_SERVICE, ServiceClient

    if isinstance(rooms, (RoomStore, ServiceClient)):
        return rooms
    service = os.environ.get(ENV_SERVICE, "").strip() if rooms is None else ""
    if isinstance(rooms, str) and rooms.startswith(("http://", "https://")):
        service = rooms
    if service:
        return ServiceClient(service, class_key=os.environ.get(ENV_CLASS_KEY) or None)
    return RoomStore(rooms if isinstance(rooms, str) else None)


def code_and_seat(typed: str) -> tuple[str, str | None]:
    """A typed room code, or the room and seat of a pasted link.

    >>> code_and_seat(" k7m-q2p ")
    ('k7m-q2p', None)
    >>> code_and_seat("http://host/voila/render/app.ipynb?token=T&room=K7M-Q2P&seat=abc")
    ('K7M-Q2P', 'abc')
    >>> code_and_seat("http://host/voila/render/app.ipynb?room=K7M-Q2P#seat=abc")
    ('K7M-Q2P', 'abc')
    """
    from urllib.parse import parse_qs, urlsplit

    typed = typed.strip()
    if "room=" not in typed:
        return typed, None
    parts = urlsplit(typed)
    params = parse_qs(parts.query)
    params.update(parse_qs(parts.fragment))
    room = params.get("room", [""])[0]
    seat = params.get("seat", [""])[0]
    return room, seat or None

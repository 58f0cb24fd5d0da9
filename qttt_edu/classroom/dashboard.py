"""The teacher's dashboard: every game of the class live, statistics beside random play.

``Dashboard(store)`` is a widget for a notebook or a Voilà page (the classroom
command serves one). It re-reads the class's rooms every second (less often, up to
every 5 s, while nothing moves), and redraws only what changed: a grid of small
boards (who plays whom, whose turn, the result), each a button that shows its game
large for the projector (the app's own board widget, read-only, with the
entanglement graph, the explanation and the realities, following the game live),
the class's statistics beside what random play gives, and CSV and JSON downloads of
every record. The rooms are read on a thread of its own; the widgets are set on the
kernel's loop, as ipywidgets expects.
"""

from __future__ import annotations

import base64
import concurrent.futures
import functools
import html
import os
import pathlib
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

import anywidget
import ipywidgets as widgets
import traitlets
from ipywidgets import Button

from ..core import cut
from ..i18n import number, percent, t
from ..rooms import RoomList, RoomState, RoomStore, UnknownRoomError, format_code, normalize_code
from ..rooms.store import ABANDONED_AFTER
from ..svg import board_svg
from ..view import view_model
from ..widgets.board import BoardWidget
from ..widgets.shared import chooser_caption, qr_svg
from ..widgets.turns import PageEvent
from .stats import GameStatistics, export_csv, export_json, game_statistics, random_play_statistics

if TYPE_CHECKING:
    from ..rooms.remote import ServiceClient

__all__ = [
    "BROOM_SAYS",
    "CardGrid",
    "Dashboard",
    "away_seats",
    "dashboard_for",
    "followed",
    "page_dashboard",
]

_HERE = pathlib.Path(__file__).parent


def _status(room: RoomState) -> str:
    if room.result == "draw":
        return t("dash_draw")
    if room.result:
        return t("dash_won", player=room.result)
    if room.expired:
        return t("dash_expired")
    if room.game.awaiting_collapse is not None:  # a cycle closed: the chooser picks
        return t("dash_chooses", player=room.to_act)
    return t("dash_to_act", player=room.to_act)


def away_seats(room: RoomState) -> tuple[str, ...]:
    """The seats of a game still being played whose player is away (a closed tab, a
    laptop lid shut): the teacher sees who left, not only the other player.

    >>> from qttt_edu.rooms import RoomStore
    >>> store = RoomStore("sqlite:///:memory:")
    >>> code = store.create_room(nickname="Ada").code
    >>> away_seats(store.room(code))
    ()
    >>> away_seats(store.set_presence(code, "X", False))
    ('X',)
    """
    if room.finished or room.expired:
        return ()
    return tuple(
        seat
        for seat, info in room.seats.items()
        if info.kind == "human" and not info.present(room.read_at)
    )


def _who(room: RoomState, seat: str) -> str:
    info = room.seats[seat]
    if info.kind == "computer":
        return t("dash_computer", name=info.nickname or "")
    if info.kind in ("empty", "left"):
        return t("dash_free")
    if seat in away_seats(room):
        if info.nickname:
            return t("widget_shared_away", name=info.nickname)
        return t("widget_shared_no_name_away")
    return info.nickname or t("dash_no_name")


def _player(room: RoomState, seat: str) -> str:
    """Who sits in ``seat``, as words in a sentence ("Ada (X)", "a free seat (O)"): the
    placeholders of the captions ("(no nickname)") never stand inside a sentence."""
    info = room.seats[seat]
    if info.kind == "computer":
        return t("dash_card_computer", seat=seat)
    if info.kind in ("empty", "left"):
        return t("dash_card_free", seat=seat)
    if not info.nickname:
        player = t("dash_card_no_name", seat=seat)
    else:
        player = t("dash_card_player", name=info.nickname, seat=seat)
    return t("widget_shared_away", name=player) if seat in away_seats(room) else player


def card_name(room: RoomState) -> str:
    """What a screen reader says for a card: the code, who plays whom, whose turn or the result.

    >>> from qttt_edu.rooms import RoomStore
    >>> store = RoomStore("sqlite:///:memory:")
    >>> room = store.room(store.create_room(nickname="Ada").code)
    >>> card_name(room) == f"Show game {room.label} large: Ada (X) vs a free seat (O), X to play"
    True
    >>> room = store.room(store.join(room.code).code)
    >>> card_name(room) == (
    ...     f"Show game {room.label} large: Ada (X) vs a player without a nickname (O), X to play"
    ... )
    True
    """
    return t(
        "dash_card_name",
        code=room.label,
        x=_player(room, "X"),
        o=_player(room, "O"),
        status=_status(room),
    )


def card_html(room: RoomState, size: int = 150, shown: bool = False, button: bool = True) -> str:
    """One game as a small board with its caption, a button that shows it large (or,
    with ``button`` false, a figure that only shows it: the site mode's teacher page).

    Every stored text is escaped. ``shown`` marks the game shown large now, in words
    and with ``aria-pressed`` (the frame's colour only repeats it).
    """
    board = board_svg(room.game, size=size, show_numbers=False)
    label = html.escape(room.label)
    caption = (
        f"<b>{label}</b><br>"
        f"X: {html.escape(_who(room, 'X'))}<br>O: {html.escape(_who(room, 'O'))}<br>"
        f"<i>{html.escape(_status(room))}</i>"
    )
    if not button:
        return (
            f'<figure class="qttt-card" data-room="{label}">'
            f'<span class="qttt-card-board" aria-hidden="true">{board}</span>'
            f'<figcaption class="qttt-card-caption">{caption}</figcaption></figure>'
        )
    return (
        f'<button type="button" class="qttt-card" data-code="{html.escape(room.code)}" '
        f'data-room="{label}" aria-pressed="{"true" if shown else "false"}" '
        f'aria-label="{html.escape(card_name(room))}">'
        f'<span class="qttt-card-board" aria-hidden="true">{board}</span>'
        f'<span class="qttt-card-caption">{caption}</span>'
        '<span class="qttt-card-action" aria-hidden="true">'
        f'<span class="qttt-card-show">{html.escape(t("dash_show_large"))} ▸</span>'
        f'<span class="qttt-card-shown">▶ {html.escape(t("dash_shown_large"))}</span>'
        "</span></button>"
    )


class CardGrid(anywidget.AnyWidget):
    """The small boards of the class, drawn in the page from ``value`` (their HTML).

    A click, Enter or Space on a card sends ``{"type": "show", "room": code}``;
    :meth:`on_show` registers who answers it. The page keeps the keyboard focus on
    the same card when the cards are redrawn.
    """

    _esm = _HERE / "cards.js"
    _css = _HERE / "cards.css"
    value = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handler: Callable[[object], None] | None = None
        self.on_msg(self._receive)

    def on_show(self, handler: Callable[[object], None]) -> None:
        self._handler = handler

    def _receive(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        self.send_click(content)

    def send_click(self, content: Any) -> None:
        """Handle a message exactly as one from the page (tests call this)."""
        if not isinstance(content, dict) or content.get("type") != "show":
            return
        if self._handler is not None:
            self._handler(content.get("room"))


def large_caption_html(room: RoomState, link: bool = True) -> str:
    """The large game's caption: code, who plays whom, whose turn or the result, and
    (``link``) the address of a page that shows this game alone."""
    alone = (
        f' · <a class="qttt-alone" href="?room={html.escape(room.label)}" target="_blank" '
        f'rel="noopener">{html.escape(t("dash_open_alone"))}</a>'
        if link
        else ""
    )
    return (
        f'<div class="qttt-large" data-room="{html.escape(room.label)}">'
        f"<b>{html.escape(room.label)}</b> · X: {html.escape(_who(room, 'X'))} · "
        f"O: {html.escape(_who(room, 'O'))} · <i>{html.escape(_status(room))}</i>{alone}</div>"
    )


def large_view(room: RoomState, event: dict[str, Any]) -> dict[str, Any]:
    """The view model the read-only board draws for ``room``, with the page ``event``.

    The projector only watches: while a player chooses a collapse, its choice buttons
    are shown disabled with who chooses on them, as on a spectator's screen.
    """
    view = view_model(room.game)
    pending, chooser = view.get("pending"), room.to_act
    if pending and chooser:
        pending["locked"] = chooser_caption(room, chooser)
    view["event"] = event
    return view


#: seconds a broom shows its question ("Click again to delete ...") or "nothing to clear"
#: on itself, where the teacher looks, before it is a broom again
BROOM_SAYS = 10.0


def followed(rooms: list[RoomState]) -> RoomState | None:
    """The game the large view follows until the teacher picks one: of the games still
    open, the one changed last that has a move (``rooms`` come last changed first), so
    a room just made or just joined, or one whose players left, does not take the
    projector from the game being played; else the open game changed last, else the
    game changed last."""
    live = [room for room in rooms if not room.expired]
    for pool in ([room for room in live if room.ply > 0], live, rooms):
        if pool:
            return pool[0]
    return None


def server_usage(pid: int) -> tuple[int, float] | None:
    """The kernels of the students' server ``pid`` and the memory (MB, resident) of the
    server and its kernels together, or ``None`` when it cannot be read.

    >>> import os
    >>> kernels, megabytes = server_usage(os.getpid())
    >>> megabytes > 0
    True
    """
    try:
        import psutil

        server = psutil.Process(pid)
        family = [server, *server.children(recursive=True)]
        kernels = sum(1 for p in family[1:] if "ipykernel" in " ".join(p.cmdline()))
        memory = sum(p.memory_info().rss for p in family) / 2**20
    except Exception:  # gone, not allowed, or no psutil: the dashboard goes on without
        return None
    return kernels, memory


def usage_html(usage: tuple[int, float] | None) -> str:
    """The students' server's kernels and memory, as the dashboard's header shows them."""
    if usage is None:
        return ""
    kernels, memory = usage
    return (
        "<span class='qttt-usage' role='status'>"
        f"{html.escape(t('dash_usage', kernels=kernels, memory=f'{memory / 1024:.1f}'))}</span>"
    )


def _percent(value: float) -> str:
    return "–" if value != value else percent(value)


def _number(value: float) -> str:
    return "–" if value != value else number(value, 1)


def statistics_html(ours: GameStatistics, baseline: GameStatistics) -> str:
    """The class beside random play, as a table (percentages of finished games)."""
    rows = [
        (t("dash_stat_finished"), str(ours.finished), str(baseline.finished)),
        (
            t("dash_stat_x"),
            _percent(ours.rate(ours.x_wins)),
            _percent(baseline.rate(baseline.x_wins)),
        ),
        (
            t("dash_stat_o"),
            _percent(ours.rate(ours.o_wins)),
            _percent(baseline.rate(baseline.o_wins)),
        ),
        (
            t("dash_stat_draw"),
            _percent(ours.rate(ours.draws)),
            _percent(baseline.rate(baseline.draws)),
        ),
        (t("dash_stat_plies"), _number(ours.plies_per_game), _number(baseline.plies_per_game)),
        (
            t("dash_stat_collapses"),
            _number(ours.collapses_per_game),
            _number(baseline.collapses_per_game),
        ),
        (
            t("dash_stat_chooser"),
            _percent(ours.chooser_helped_rate),
            _percent(baseline.chooser_helped_rate),
        ),
    ]
    head = (
        f"<tr><th></th><th>{html.escape(t('dash_col_class'))}</th>"
        f"<th>{html.escape(t('dash_col_random'))}</th></tr>"
    )
    body = "".join(
        f"<tr><td>{html.escape(a)}</td><td style='text-align:right'>{html.escape(b)}</td>"
        f"<td style='text-align:right'>{html.escape(c)}</td></tr>"
        for a, b, c in rows
    )
    return f"<table class='qttt-stats'>{head}{body}</table>"


def _download(name: str, mime: str, text: str, label: str) -> str:
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (
        f'<a download="{name}" href="data:{mime};base64,{data}" '
        f'style="color:#0072B2;text-decoration:underline;margin-right:1em">'
        f"{html.escape(label)}</a>"
    )


#: while nothing moves, the reads of the rooms slow down to this many refreshes apart
SLOWEST_REFRESHES = 5


def next_wait(wait: float, changed: bool, refresh: float) -> float:
    """The wait before the next read: ``refresh`` after a change, else twice the last
    wait, up to :data:`SLOWEST_REFRESHES` refreshes (1, 2, 4, 5, 5 s... while a class
    is quiet, with the dashboard's 1 s).

    >>> [next_wait(w, False, 1.0) for w in (1.0, 2.0, 4.0, 5.0)], next_wait(5.0, True, 1.0)
    ([2.0, 4.0, 5.0, 5.0], 1.0)
    """
    return refresh if changed else min(max(wait, refresh) * 2, SLOWEST_REFRESHES * refresh)


def kernel_loop() -> Any:
    """The loop of the kernel this runs in (its ``add_callback`` may be called from any
    thread), or ``None`` outside a kernel."""
    try:
        from IPython import get_ipython

        return getattr(getattr(get_ipython(), "kernel", None), "io_loop", None)
    except Exception:  # no IPython: a script or a test
        return None


class Dashboard:
    """Every game of a class, live. ``refresh`` seconds between reads (0: no thread)."""

    def __init__(
        self,
        store: RoomStore | ServiceClient | None = None,
        class_name: str | None = None,
        *,
        refresh: float = 1.0,
        baseline_games: int = 2000,
        room: str | None = None,
        server_pid: int | None = None,
        loop: Any = None,
        join_link: str | None = None,
    ) -> None:
        self.store: Any = store if store is not None else dashboard_store()
        #: the students' link, shown large with its QR code in a view of its own for the
        #: projector (the classroom command gives it; ``None``: no such view)
        self.join_link = join_link
        self.class_name = class_name
        # ``room``: this page shows that one game large and nothing else (a second
        # screen, or the projector while the teacher's laptop keeps the cards)
        self.alone = normalize_code(room) if room else None
        self.server_pid = server_pid
        self._usage_read = -1e9
        self.baseline = random_play_statistics(baseline_games)
        self.listing = RoomList([], [])
        self._signature: tuple[Any, ...] = ()
        self._games: tuple[frozenset[str], frozenset[str]] | None = None
        self._card_cache: dict[str, tuple[tuple[Any, ...], str]] = {}
        self._downloads_due = True
        self._lock = threading.RLock()
        # where the widgets are set: the kernel's loop, or ``loop`` (a tornado IOLoop: the
        # light page's, in the classroom's process)
        self._kernel_loop = loop if loop is not None else kernel_loop()
        self._games_widgets()
        self._stats_widgets()
        self.join_view = widgets.HTML(
            join_html(join_link) if join_link else "", layout=widgets.Layout(display="none")
        )
        self.join_view.add_class("qttt-dash-join")
        views = [self._head(), self.games_view, self.stats_view, self.join_view]
        self.box = widgets.VBox(views)
        self.box.add_class("qttt-dashboard")
        self.update()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if refresh > 0:
            self._thread = threading.Thread(
                target=self._loop, args=(refresh,), name="qttt-dashboard", daemon=True
            )
            self._thread.start()

    def _games_widgets(self) -> None:
        """The games view: the large game on top, the cards in a strip under it."""
        self.cards = CardGrid(label=t("dash_title"))
        self.cards.on_show(self._on_card)
        self.refusal = widgets.HTML()  # why a card could not be shown (a cleared game)
        self.problems = widgets.HTML()
        self.shown: str | None = None  # the code of the game shown large
        # until the teacher picks a card, the large game follows the latest action
        self._picked = False
        self.large = widgets.HTML()  # the large game's caption: who plays whom, the result
        self.large_board = BoardWidget(readonly=True)
        self.large_board.add_class("qttt-app")  # the app's colours and sizes
        self._large_shown: tuple[str, int] | None = None
        self._event = PageEvent()  # never animates nor moves the focus: a new seq each time
        self.games_view = widgets.VBox(
            [self.large, self.large_board, self.cards, self.refusal, self.problems]
        )
        self.games_view.add_class("qttt-dash-games")
        if self.alone is not None:
            self.cards.layout.display = "none"

    def _stats_widgets(self) -> None:
        """The statistics view: the table, the downloads and the two brooms, each of
        which asks once before it deletes."""
        self.stats = widgets.HTML()
        self.downloads = widgets.HTML()
        self.clear = widgets.Button(description=t("dash_clear"))
        self.clear.add_class("qttt-dash-clear")
        minutes = round(ABANDONED_AFTER / 60)
        self.clear_abandoned = widgets.Button(
            description=t("dash_clear_abandoned"),
            tooltip=t("dash_clear_abandoned_help", minutes=minutes),
        )
        self.clear_abandoned.add_class("qttt-dash-clear-abandoned")
        self._armed: Button | None = None  # the broom clicked once, waiting for the second
        # when a broom last asked or said something on itself: it says it for BROOM_SAYS s
        self.said_at: float | None = None
        self.clear.on_click(self._on_clear)
        self.clear_abandoned.on_click(self._on_clear)
        self.stats_view = widgets.VBox(
            [self.stats, widgets.HBox([self.downloads, self.clear, self.clear_abandoned])],
            layout=widgets.Layout(display="none"),
        )
        self.stats_view.add_class("qttt-dash-stats")

    def _head(self) -> widgets.HBox:
        """The title, the two views' switch, the server's usage and the store's status.
        Two views, so the projector never scrolls: the games and the statistics, in type
        the back row reads."""
        self.usage = widgets.HTML()
        self.status = widgets.HTML()
        views = [(t("dash_view_games"), "games"), (t("dash_view_stats"), "stats")]
        if self.join_link:
            views.append((t("dash_view_join"), "join"))
        self.view = widgets.ToggleButtons(options=views, value="games")
        self.view.add_class("qttt-dash-view")
        self.view.observe(self._on_view, names="value")
        if self.alone is not None:
            self.view.layout.display = "none"
        head = widgets.HBox(
            [
                widgets.HTML(f"<h2>{html.escape(t('dash_title'))}</h2>"),
                self.view,
                self.usage,
                self.status,
            ]
        )
        head.add_class("qttt-dash-head")
        return head

    def _loop(self, refresh: float) -> None:
        """The refresh thread: reads the rooms here (the store's wait blocks nobody),
        sets the widgets on the kernel's loop, and reads less often while nothing moves."""
        wait = refresh
        while not self._stop.wait(wait):
            changed = self._on_kernel(functools.partial(self._apply, self._read()))
            wait = next_wait(wait, changed, refresh)

    def _on_kernel(self, job: Callable[[], bool]) -> bool:
        """Run ``job`` (which sets widgets) on the kernel's loop, as ipywidgets expects,
        and wait for it; outside a kernel, here under the dashboard's lock."""
        loop = self._kernel_loop
        if loop is None:
            with self._lock:
                return job()
        done: concurrent.futures.Future[bool] = concurrent.futures.Future()

        def run() -> None:
            try:
                done.set_result(job())
            except Exception as err:  # pragma: no cover - said on the page by job itself
                done.set_exception(err)

        loop.add_callback(run)
        try:
            return done.result(timeout=60)
        except Exception:  # a kernel busy for a minute, or a fault: read again later
            return False

    def _on_view(self, change: dict[str, Any]) -> None:
        shown = change["new"]
        for name, view in (
            ("games", self.games_view),
            ("stats", self.stats_view),
            ("join", self.join_view),
        ):
            view.layout.display = None if name == shown else "none"
        if shown == "stats":
            self._draw_downloads()

    def read_usage(self, every: float = 5.0) -> None:
        """Show the kernels and memory of the students' server (when its pid is known),
        read at most every ``every`` seconds."""
        now = time.monotonic()
        if self.server_pid is None or now - self._usage_read < every:
            return
        self._usage_read = now
        self.usage.value = usage_html(server_usage(self.server_pid))

    def update(self) -> bool:
        """Read the class's rooms; redraw what changed. ``True`` if anything did."""
        read = self._read()
        with self._lock:
            return self._apply(read)

    def _read(self) -> RoomList | Exception:
        """The class's rooms, or the store's trouble (the page stays up while it is away)."""
        try:
            rooms: RoomList = self.store.list_rooms(self.class_name)
        except Exception as err:
            return err
        return rooms

    def _apply(self, read: RoomList | Exception) -> bool:
        if isinstance(read, Exception):
            self.status.value = f"<span role='status'>{html.escape(str(read))}</span>"
            return False
        if not self.status.value.startswith("<span role='alert'>"):
            self.status.value = ""  # a broom's refusal stays until the next click
        if self.said_at is not None and time.monotonic() - self.said_at >= BROOM_SAYS:
            self._disarm()  # a question left unanswered, or "nothing to clear", is let go
        self.read_usage()
        # presence is in it: the kernel mode's seats go away with no new version
        rooms = tuple((r.code, r.version, r.expired, away_seats(r)) for r in read.rooms)
        signature = rooms + tuple(str(p) for p in read.problems)
        return self._redraw(read, signature)

    def _redraw(self, listing: RoomList, signature: tuple[Any, ...]) -> bool:
        """Redraw what changed: the cards whose game moved, the statistics when a game
        finished, appeared or went, the large game when it moved."""
        if signature == self._signature:
            return False
        self._signature = signature
        self.listing = listing
        rooms = listing.rooms
        self.problems.value = "".join(
            f"<p role='alert'>{html.escape(str(problem))}</p>" for problem in listing.problems
        )
        games = (frozenset(r.code for r in rooms), frozenset(r.code for r in rooms if r.finished))
        if games != self._games:
            self._games = games
            ours = game_statistics(room.record for room in rooms)
            self.stats.value = statistics_html(ours, self.baseline)
        self._downloads_due = True
        if self.view.value == "stats" or not self.downloads.value:
            self._draw_downloads()
        if self.alone is not None:
            self.shown = self.alone
        elif not self._picked or self.shown not in {room.code for room in rooms}:
            self._picked = False  # the picked game went: follow the latest action again
            latest = followed(rooms)
            self.shown = latest.code if latest is not None else None
        self._draw_cards()
        self._draw_large()
        return True

    def _draw_downloads(self) -> None:
        """The CSV and JSON downloads (in the statistics view only, so drawn when that
        view is shown or something changed while it is)."""
        if not self._downloads_due:
            return
        self._downloads_due = False
        rooms = self.listing.rooms
        self.downloads.value = " · ".join(
            [
                _download("qttt-games.csv", "text/csv", export_csv(rooms), t("dash_csv")),
                _download(
                    "qttt-games.json", "application/json", export_json(rooms), t("dash_json")
                ),
            ]
        )

    def show(self, code: object) -> None:
        """Show game ``code`` large, as clicking its card does.

        ``code`` is a room code as people type it (``K7M-Q2P``) or as stored. A code
        that is not one, or names no game of the cards shown, raises a
        :class:`~qttt_edu.rooms.RoomError` saying so, and nothing changes.
        """
        stored = normalize_code(code)
        with self._lock:  # the refresh thread redraws too
            if not any(room.code == stored for room in self.listing.rooms):
                raise UnknownRoomError(t("dash_card_unknown", code=format_code(stored)))
            self.refusal.value = ""
            self._picked = True  # the large game stays the teacher's pick
            if stored == self.shown:
                return
            self.shown = stored
            self._draw_cards()
            self._draw_large()

    def _on_card(self, code: object) -> None:
        try:
            self.show(code)
        except ValueError as err:  # a page's message: say why, on the page
            reason = str(err)
            reason = reason[:1].upper() + reason[1:]
            self.refusal.value = f"<p role='alert'>{html.escape(reason)}</p>"

    def _draw_cards(self) -> None:
        # In the order the games were started: a card stays where it is while its
        # game goes on, so the teacher's click lands on the game they aimed at. A card
        # is built again only when its game moved (or was shown large or no longer);
        # the page then replaces only the cards whose HTML changed (cards.js).
        if self.alone is not None:
            self.cards.value = ""  # the one game, large: no cards on this page
            return
        rooms = sorted(self.listing.rooms, key=lambda room: (room.created_at, room.code))
        built: dict[str, tuple[tuple[int, bool, bool], str]] = {}
        for room in rooms:
            key = (room.version, room.expired, away_seats(room), room.code == self.shown)
            cached = self._card_cache.get(room.code)
            if cached is None or cached[0] != key:
                cached = (key, card_html(room, shown=key[-1]))
            built[room.code] = cached
        self._card_cache = built  # the cards of cleared games go
        self.cards.value = "".join(html_ for _key, html_ in built.values()) or (
            f"<p class='qttt-cards-empty'>{html.escape(t('dash_no_games'))}</p>"
        )

    def _draw_large(self) -> None:
        """The chosen game, large: the app's board, graph, explanation and realities."""
        room = next((r for r in self.listing.rooms if r.code == self.shown), None)
        if room is None:
            gone = t("dash_card_unknown", code=format_code(self.alone or ""))
            self.large.value = (
                f"<p role='alert'>{html.escape(gone)}</p>" if self.alone is not None else ""
            )
            self.large_board.layout.display = "none"
            self._large_shown = None
            return
        if self._large_shown == (room.code, room.version):
            return  # nothing new: the page keeps what it shows
        self._large_shown = (room.code, room.version)
        self.large.value = large_caption_html(room, link=self.alone is None)
        self.large_board.layout.display = None
        self.large_board.view = large_view(room, self._event.take())

    def abandoned(self) -> int:
        """The unfinished games of the cards in which nothing happened for
        :data:`~qttt_edu.rooms.store.ABANDONED_AFTER` seconds, that ended without a
        result (their players left), or that nobody joined before their opener went
        (``deserted``): what "Clear abandoned" deletes."""
        return sum(
            1
            for r in self.listing.rooms
            if not r.finished
            and (r.expired or r.deserted or r.read_at - r.updated_at >= ABANDONED_AFTER)
        )

    def _on_clear(self, button: Any = None) -> None:
        """A broom's click: the first asks (how many games would go), the second deletes
        through the store; clicking the other broom in between asks again there."""
        button = button if button is not None else self.clear
        abandoned = button is self.clear_abandoned
        if self._armed is not button:
            self._disarm()
            count = self.abandoned() if abandoned else sum(r.finished for r in self.listing.rooms)
            self.said_at = time.monotonic()
            if count == 0:  # nothing would go: say so on the broom itself, and ask nothing
                none = "dash_clear_abandoned_none" if abandoned else "dash_clear_none"
                button.description = t(none)
                return
            self._armed = button
            if abandoned:
                minutes = round(ABANDONED_AFTER / 60)
                text = t("dash_clear_abandoned_confirm", count=count, minutes=minutes)
            else:
                text = t("dash_clear_confirm", count=count)
            button.description = text
            return
        self._disarm()
        self.status.value = ""
        try:
            if abandoned:
                self.store.clear_abandoned(self.class_name)
            else:
                self.store.clear_finished(self.class_name)
        except Exception as err:  # the store away, or the key refused: say so, stay up
            self.status.value = f"<span role='alert'>{html.escape(str(err))}</span>"
            return
        self.update()

    def _disarm(self) -> None:
        self._armed = None
        self.said_at = None
        self.clear.description = t("dash_clear")
        self.clear_abandoned.description = t("dash_clear_abandoned")

    def close(self) -> None:
        """Stop re-reading the rooms."""
        self._stop.set()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)


def dashboard_store() -> Any:
    """The dashboard's way to the class's games: the rooms service with the teacher
    secret when the classroom command started one (``$QTTT_ROOMS_SERVICE`` and
    ``$QTTT_ROOMS_TEACHER_SECRET_FILE``, a file only the teacher's server is told of);
    the rooms service alone on a hub (``$QTTT_ROOMS_SERVICE``: the hub login makes an
    admin or a teacher-group member the teacher, anyone else is refused); else the
    store itself (a teacher's own notebook)."""
    from ..rooms.remote import ENV_CLASS_KEY, ServiceClient

    service = os.environ.get("QTTT_ROOMS_SERVICE", "").strip()
    secret_file = os.environ.get("QTTT_ROOMS_TEACHER_SECRET_FILE", "").strip()
    if service and secret_file:
        secret = Path(secret_file).read_text(encoding="utf-8").strip()
        return ServiceClient(service, teacher_secret=secret)
    if service:
        return ServiceClient(service, class_key=os.environ.get(ENV_CLASS_KEY) or None)
    return RoomStore()


def join_html(link: str) -> str:
    """The students' link for the projector: its QR code, as large as the screen allows,
    and the address in type the back row reads (escaped; it holds the class's key or
    password, which is what the class needs to come in).

    >>> page = join_html("http://10.0.0.2:8866/qttt-join.html#class=a&b")
    >>> "<svg" in page and "#class=a&amp;b</code>" in page
    True
    """
    say = html.escape(t("dash_join_say"))
    qr = qr_svg(link)
    return (
        f'<p class="qttt-dash-join-say">{say}</p>'
        f'<p class="qttt-dash-join-link"><code>{html.escape(link)}</code></p>'
        f'<div class="qttt-dash-join-qr" role="img" aria-label="{say}">{qr}</div>'
    )


def page_dashboard(class_name: str | None = None) -> Dashboard:
    """The dashboard of a Voilà page: ``?room=CODE`` in its address shows that game
    alone; the classroom command names the students' server (``QTTT_CLASS_SERVER_PID``)
    whose kernels and memory the header shows."""
    query = parse_qs(os.environ.get("QUERY_STRING", ""))
    room = (query.get("room") or [""])[0].strip() or None
    pid = os.environ.get("QTTT_CLASS_SERVER_PID", "")
    link = os.environ.get("QTTT_CLASS_JOIN_LINK") or None
    return dashboard_for(class_name, room, server_pid=int(pid) if pid else None, join_link=link)


def dashboard_for(class_name: str | None, room: str | None, **options: Any) -> Dashboard:
    """The dashboard of a page whose address asks for ``room`` (``None``: the whole class):
    a code that is not one is said, and the whole class shown. ``options`` go to
    :class:`Dashboard` (``store``, ``server_pid``, ``loop``, ``join_link``)."""
    try:
        return Dashboard(class_name=class_name, room=room, **options)
    except ValueError:  # a code that is not one: say so, and show the whole class
        dashboard = Dashboard(class_name=class_name, **options)
        dashboard.refusal.value = (
            f"<p role='alert'>{html.escape(t('dash_card_unknown', code=cut(room or '', 20)))}</p>"
        )
        return dashboard

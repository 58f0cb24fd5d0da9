"""The teacher's page of ``qttt-edu classroom --light`` and ``--site``: the kernel mode's
dashboard, behind the teacher's secret.

The kernel mode has its dashboard (a Voilà page on the teacher's computer only). These
modes run no kernel, so the classroom's own process makes the same :class:`Dashboard`
for each open teacher's page, on a page thread of the light app (``light.py``), and
the page draws it as the light page draws the game: the large game on top, the cards,
the statistics beside random play, the downloads and both brooms. It answers at
``/teacher`` on the students' port: the teacher's secret (printed in the terminal,
never in a student's link) opens it, through a login form like the kernel mode's, and
a cookie that only this server can make (an HMAC of the secret, ``HttpOnly``,
``SameSite=Strict``) keeps it open in that browser, and opens the dashboard's socket
(``/teacher/socket``). A wrong secret waits a second. ``?part=games``, ``?part=csv``
and ``?part=json`` answer the same cookie with the games as HTML, CSV and JSON, for
scripts; every stored text is escaped (:func:`card_html`).
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import hmac
import html
import json
from collections.abc import Callable
from typing import Any

import tornado.ioloop
import tornado.web

from ..i18n import t, t_in
from .dashboard import card_html, dashboard_for, statistics_html
from .light import LIGHT_PATH, AppMaker, LightPages, LightSocket, light_page
from .login import WRONG_PASSWORD_DELAY, login_page
from .stats import (
    GameStatistics,
    export_csv,
    export_json,
    game_statistics,
    random_play_statistics,
)

__all__ = ["PAGE_PATH", "teacher_rules"]

#: where the page answers on the site's server
PAGE_PATH = "/teacher"
#: its dashboard's socket, relative to the page (below PAGE_PATH: the cookie goes along)
SOCKET = "teacher/socket"
#: where the page finds the light page's script and style
ASSETS = f"./{LIGHT_PATH}"
COOKIE = "qttt-teacher"
BASELINE_GAMES = 2000


def cookie_value(secret: str) -> str:
    """What the page's cookie holds: the secret's HMAC (the secret itself never travels
    in a cookie), which only a server that knows the secret can make."""
    return hmac.new(secret.encode(), b"qttt-teacher-page", hashlib.sha256).hexdigest()


def signed_in(handler: tornado.web.RequestHandler, secret: str) -> bool:
    """Whether the request carries the cookie only a server that knows ``secret`` makes."""
    value = handler.get_cookie(COOKIE) or ""
    return hmac.compare_digest(value.encode(), cookie_value(secret).encode())


class TeacherPage(tornado.web.RequestHandler):
    """``GET /teacher``: the login form, or the page; ``POST``: a login, or a broom."""

    def initialize(self, service: Any, class_name: str, lang: str) -> None:
        self.service = service
        self.class_name = class_name
        self.lang = lang
        self.secret = str(service.config.teacher_secret)

    def set_default_headers(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Frame-Options", "DENY")
        self.set_header("Referrer-Policy", "no-referrer")

    def signed_in(self) -> bool:
        return signed_in(self, self.secret)

    def login(self, wrong: bool = False) -> None:
        self.set_status(401 if wrong else 200)
        self.finish(login_page(self.lang, self.xsrf_form_html(), PAGE_PATH, wrong, "teacher"))

    async def listing(self) -> list[Any]:
        found = await self.service.call(lambda store: store.list_rooms(self.class_name))
        return list(found.rooms)

    async def get(self) -> None:
        if not self.signed_in():
            self.login()
            return
        rooms = await self.listing()
        part = self.get_query_argument("part", "")
        if part == "games":
            self.finish(games_html(rooms, await baseline()))
        elif part in ("csv", "json"):
            kind = "text/csv" if part == "csv" else "application/json"
            self.set_header("Content-Type", f"{kind}; charset=utf-8")
            self.set_header("Content-Disposition", f'attachment; filename="qttt-games.{part}"')
            self.finish(export_csv(rooms) if part == "csv" else export_json(rooms))
        else:  # the live dashboard, drawn as the light app is (TeacherSocket)
            title = t("dash_title")
            self.finish(light_page(self.lang, title=title, socket=SOCKET, assets=ASSETS))

    async def post(self) -> None:
        self.check_xsrf_cookie()
        if self.get_body_argument("clear", "") == "finished" and self.signed_in():
            await self.service.call(lambda store: store.clear_finished(self.class_name))
            self.redirect(PAGE_PATH)
            return
        typed = self.get_body_argument("password", "")
        if not self.service.is_teacher(typed):
            await asyncio.sleep(WRONG_PASSWORD_DELAY)
            self.login(wrong=True)
            return
        self.set_cookie(
            COOKIE,
            cookie_value(self.secret),
            path=PAGE_PATH,
            httponly=True,
            samesite="Strict",
        )
        self.redirect(PAGE_PATH)


async def baseline() -> GameStatistics:
    """The statistics of random play the class is compared with: played once (0.3 s), on
    a worker thread, so the service's loop, which answers every student, never waits."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(None, random_play_statistics, BASELINE_GAMES)


def games_html(rooms: list[Any], random_play: GameStatistics) -> str:
    """The games as small boards (newest action first) and the statistics beside
    ``random_play``; the sentence that there are none yet while there are none."""
    if not rooms:
        return f"<p>{html.escape(t('dash_no_games'))}</p>"
    cards = "".join(card_html(room, size=180, button=False) for room in rooms)
    ours = game_statistics(room.record for room in rooms)
    return f'<div class="qttt-site-cards">{cards}</div>{statistics_html(ours, random_play)}'


class TeacherSocket(LightSocket):
    """``/teacher/socket``: the kernel mode's own dashboard (:class:`Dashboard`), made in
    this process for a signed-in teacher's page and drawn by the light page; the
    dashboard reads the games from the rooms service with the teacher's secret."""

    def initialize(  # type: ignore[override]
        self,
        pages: LightPages,
        lang: str,
        service: Any,
        class_name: str,
        join_link: str | None = None,
    ) -> None:
        super().initialize(pages, lang)
        self.join_link = join_link
        self.secret = str(service.config.teacher_secret)
        self.class_name = class_name
        # the teacher's pages (the dashboard, a game alone on a second screen) have a
        # count of their own: they never use up a student's pages on the same device
        self.address = f"teacher:{self.address}"

    def open(self, *args: str, **kwargs: str) -> None:
        if not signed_in(self, self.secret):  # a cookie gone stale, or none at all
            text = t_in(self.lang, "light_teacher_signed_out")
            self.write_message(json.dumps([{"type": "refused", "text": text}]))
            self.close(4401, "teacher")
            return
        super().open(*args, **kwargs)

    def maker(self) -> AppMaker:
        room = self.get_query_argument("room", None)
        return functools.partial(
            teacher_dashboard,
            self.pages.service_url,
            self.secret,
            self.class_name,
            room,
            self.join_link,
        )


def teacher_dashboard(
    service_url: str,
    secret: str,
    class_name: str,
    room: str | None,
    join_link: str | None = None,
) -> tuple[Any, Callable[[], None]]:
    """The dashboard of a teacher's page (on the page's thread), and what ends it."""
    from ..rooms.remote import ServiceClient

    store = ServiceClient(service_url, teacher_secret=secret)
    loop = tornado.ioloop.IOLoop.current()
    dashboard = dashboard_for(class_name, room, store=store, loop=loop, join_link=join_link)

    def end() -> None:
        dashboard.close()
        store.close()

    return dashboard.box, end


def teacher_rules(
    service: Any, class_name: str, lang: str, pages: LightPages, join_link: str | None = None
) -> list[Any]:
    """The tornado rules of the teacher's page and its dashboard's socket (``join_link``:
    the students' link, which the dashboard shows large for the projector)."""
    options = {"service": service, "class_name": class_name, "lang": lang}
    socket_options = {**options, "pages": pages, "join_link": join_link}
    return [
        (PAGE_PATH, TeacherPage, options),
        (f"{PAGE_PATH}/socket", TeacherSocket, socket_options),
    ]

"""The teacher's page of ``qttt-edu classroom --site``: the class's games, its statistics,
the downloads and the brooms, behind the teacher's secret.

The kernel mode has its dashboard (a Voilà page on the teacher's computer only). The
site mode runs no kernel, so the site's server draws this page itself, at ``/teacher``
on the students' port: the teacher's secret (printed in the terminal, never in a
student's link) opens it, through a login form like the kernel mode's, and a cookie
that only this server can make (an HMAC of the secret, ``HttpOnly``, ``SameSite=Strict``)
keeps it open in that browser. A wrong secret waits a second. The page reads the games
again every few seconds; every stored text is escaped (:func:`card_html`).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import html
from typing import Any

import tornado.web

from ..i18n import t
from .dashboard import card_html, statistics_html
from .login import WRONG_PASSWORD_DELAY, kit_page, login_page
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
COOKIE = "qttt-teacher"
#: seconds between two reads of the games while the page is open
REFRESH_SECONDS = 3
BASELINE_GAMES = 2000

PAGE_CSS = """
body { align-items: flex-start; padding: 12px 0; }
main { max-width: none; width: calc(100% - 24px); padding: 16px 20px; }
h1 { font-size: 28px; }
.qttt-site-cards { display: flex; flex-wrap: wrap; gap: 12px; margin: 12px 0 20px; }
.qttt-site-cards .qttt-card { display: flex; flex-direction: column; gap: 4px; width: 196px;
  margin: 0; padding: 6px; border: 2px solid #767676; border-radius: 6px; background: #fff;
  font: inherit; font-size: 16px; line-height: 1.3; text-align: left; color: #000; }
.qttt-site-cards .qttt-card-board svg { display: block; width: 180px; height: 180px; }
table.qttt-stats { font-size: 18px; border-collapse: collapse; margin: 8px 0 16px; }
table.qttt-stats th, table.qttt-stats td { padding: 6px 16px; border-bottom: 1px solid #bbb; }
table.qttt-stats th { text-align: right; }
.qttt-site-actions { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
.qttt-site-actions a, .qttt-site-actions button { font: inherit; font-size: 18px;
  min-height: 48px; padding: 10px 18px; border-radius: 6px; box-sizing: border-box; }
.qttt-site-actions a { color: #005a8c; border: 2px solid #005a8c; text-decoration: underline; }
.qttt-site-actions button { background: #f0f0f0; border: 2px solid #4d4d4d; cursor: pointer; }
a:focus-visible, button:focus-visible { outline: 4px solid #000; outline-offset: 3px; }
"""

#: the page reads its own games part again every REFRESH_SECONDS (no framework, no build)
REFRESH_SCRIPT = """
<script>
setInterval(async () => {
  try {
    const answer = await fetch("?part=games", { credentials: "same-origin", cache: "no-store" });
    if (answer.ok) document.getElementById("qttt-games").innerHTML = await answer.text();
  } catch (err) { /* the server is away: the page keeps what it showed */ }
}, REFRESH_MS);
</script>
"""


def cookie_value(secret: str) -> str:
    """What the page's cookie holds: the secret's HMAC (the secret itself never travels
    in a cookie), which only a server that knows the secret can make."""
    return hmac.new(secret.encode(), b"qttt-teacher-page", hashlib.sha256).hexdigest()


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
        value = self.get_cookie(COOKIE) or ""
        return hmac.compare_digest(value.encode(), cookie_value(self.secret).encode())

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
        else:
            self.finish(self.page(rooms, await baseline()))

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

    def page(self, rooms: list[Any], random_play: GameStatistics) -> str:
        finished = sum(1 for room in rooms if room.finished)
        confirm = html.escape(t("dash_clear_confirm", count=finished), quote=True)
        body = (
            f"<main><h1>{html.escape(t('dash_title'))}</h1>"
            f'<div id="qttt-games">{games_html(rooms, random_play)}</div>'
            '<div class="qttt-site-actions">'
            f'<a href="?part=csv">{html.escape(t("dash_csv"))}</a>'
            f'<a href="?part=json">{html.escape(t("dash_json"))}</a>'
            f'<form method="post" onsubmit="return confirm(this.dataset.ask)" data-ask="{confirm}">'
            f"{self.xsrf_form_html()}"
            '<button type="submit" name="clear" value="finished">'
            f"{html.escape(t('dash_clear'))}</button></form></div></main>"
            + REFRESH_SCRIPT.replace("REFRESH_MS", str(REFRESH_SECONDS * 1000))
        )
        return kit_page(self.lang, html.escape(t("dash_title")), PAGE_CSS, body)


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


def teacher_rules(service: Any, class_name: str, lang: str) -> list[Any]:
    """The tornado rule of the teacher's page, for the site's server."""
    options = {"service": service, "class_name": class_name, "lang": lang}
    return [(PAGE_PATH, TeacherPage, options)]

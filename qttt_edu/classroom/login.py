"""The classroom servers' login pages, in the class's language.

Voilà shows Jupyter's own login form to anyone without the token: "Password or token",
``jupyter server list`` and a form to set a new password, none of which a student can
use. ``qttt-edu classroom`` names :class:`KitIdentityProvider` in the students' server's
Voilà settings: its page asks for the class password only, says where to find it, and
never offers to change it. The teacher's server (the dashboard) names
:class:`TeacherIdentityProvider`, whose page asks for the teacher's password instead
(the dashboard's own, printed under its address) and says that the class password does
not open it. The language is the class's (``QTTT_CLASS_LANG``, set by the command).

A wrong password waits a second before the answer, so guessing the ten-character
password by hand or by script gets nowhere in a lesson. The password field hides what a
student types, so spaces around it are ignored, and a password with no small letters
(the command makes them from capitals and digits) is taken in small letters too.
"""

from __future__ import annotations

import asyncio
import hmac
import html
import os
from typing import Any

from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.auth.login import LoginFormHandler
from jupyter_server.base.handlers import JupyterHandler

from ..i18n import LANGUAGES, t_in

__all__ = [
    "KitIdentityProvider",
    "KitLoginHandler",
    "TeacherIdentityProvider",
    "TeacherLoginHandler",
    "kit_page",
    "login_page",
]

WRONG_PASSWORD_DELAY = 1.0
#: who a login page is for: its messages' keys (title, label, button, hint, wrong password)
ROLES = ("class", "teacher")


def class_language() -> str:
    lang = os.environ.get("QTTT_CLASS_LANG", "en")
    return lang if lang in LANGUAGES else "en"


#: the look every page of the kit's own shares (the login page, the kernel limit's page)
KIT_PAGE_CSS = """
body { font-family: "Segoe UI", "Helvetica Neue", Arial, sans-serif; color: #1a1a1a;
  background: #f7f7f7; margin: 0; display: flex; min-height: 100vh;
  align-items: center; justify-content: center; }
main { background: #fff; border: 1px solid #d0d0d0; border-radius: 10px;
  padding: 28px 32px; max-width: 420px; width: calc(100% - 32px); box-sizing: border-box; }
h1 { font-size: 24px; margin: 0 0 16px; }
code { white-space: nowrap; font-size: 0.95em; }
"""

#: the command a kit page may name: set in ``code``, so it never breaks at its hyphen
COMMAND = "qttt-edu classroom"


#: the kit's tab icon (a board with an X and an O, in the board's colours), inline: no
#: extra request, and no "not found" for /favicon.ico in a browser's console
ICON = (
    "data:image/svg+xml,"
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>"
    "<rect width='32' height='32' rx='5' fill='%23fff'/>"
    "<path d='M11.5 3v26M20.5 3v26M3 11.5h26M3 20.5h26' stroke='%23555' stroke-width='2'/>"
    "<path d='M3.5 3.5l5 5m0-5l-5 5' stroke='%230072b2' stroke-width='2.5'/>"
    "<circle cx='25' cy='25' r='3' fill='none' stroke='%23b34700' stroke-width='2.5'/></svg>"
)


def kit_page(lang: str, title: str, css: str, body: str) -> str:
    """A whole page of the kit's own in ``lang``: ``title`` and ``body`` as HTML (already
    escaped), ``css`` after the shared look (:data:`KIT_PAGE_CSS`)."""
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="{ICON}">
<title>{title}</title>
<style>{KIT_PAGE_CSS}{css}</style></head>
<body>{body}</body></html>"""


def kit_text(lang: str, key: str, **values: Any) -> str:
    """Message ``key`` in ``lang`` as HTML for a kit page: escaped, with the command's
    name (:data:`COMMAND`) kept on one line and copied as typed.

    >>> kit_text("en", "login_teacher_hint").count("<code>qttt-edu classroom</code>")
    1
    """
    text = html.escape(t_in(lang, key, **values))
    return text.replace(COMMAND, f"<code>{COMMAND}</code>")


def login_page(
    lang: str, xsrf_field: str, next_url: str, wrong: bool = False, role: str = "class"
) -> str:
    """The whole login page; ``xsrf_field`` is the form's hidden anti-forgery field.
    ``role`` is who types: ``"class"`` (a student: the class password) or ``"teacher"``
    (the dashboard's own password).

    >>> page = login_page("da", "", "/voila/render/app.ipynb")
    >>> "Klassens adgangskode" in page and 'lang="da"' in page
    True
    >>> "Lærerens adgangskode" in login_page("da", "", "/", role="teacher")
    True
    >>> 'autocapitalize="off"' in login_page("en", "", "/", role="teacher")
    True

    The command's name is never broken at its hyphen, and copies as typed:

    >>> "<code>qttt-edu classroom</code>" in login_page("en", "", "/", role="teacher")
    True
    """
    if role not in ROLES:
        raise ValueError(f"no login page for {role!r}")
    part = "login_" if role == "class" else "login_teacher_"

    def say(key: str) -> str:
        return kit_text(lang, part + key)

    alert = f'<p class="wrong" role="alert">{say("wrong")}</p>' if wrong else ""
    # the class password is capitals only (a tablet's keyboard may start in capitals);
    # the teacher's secret mixes cases, so the keyboard must type what it is told
    capitals = "characters" if role == "class" else "off"
    css = """
label { display: block; font-size: 20px; font-weight: 600; margin-bottom: 8px; }
input { font-size: 22px; padding: 8px 10px; width: 100%; box-sizing: border-box;
  min-height: 48px; border: 2px solid #4d4d4d; border-radius: 6px;
  letter-spacing: 0.08em; }
button { margin-top: 16px; font-size: 20px; min-height: 48px; padding: 0 22px;
  background: #0072b2; color: #fff; border: 0; border-radius: 6px; cursor: pointer; }
input:focus-visible, button:focus-visible { outline: 3px solid #e69f00; outline-offset: 2px; }
p { font-size: 17px; line-height: 1.4; }
.wrong { color: #a33c00; font-weight: 600; }
.wrong::before { content: "\\26A0\\FE0E  "; }
"""
    return kit_page(
        lang,
        say("title"),
        css,
        f"""<main>
<h1>{say("title")}</h1>
{alert}
<form method="post" action="?next={html.escape(next_url)}">
{xsrf_field}
<label for="password">{say("label")}</label>
<input type="password" id="password" name="password" autocomplete="current-password"
  autocapitalize="{capitals}" spellcheck="false" autofocus required>
<button type="submit">{say("button")}</button>
</form>
<p>{say("hint")}</p>
</main>""",
    )


class KitLoginHandler(LoginFormHandler):
    """Jupyter's login handler with the kit's page, and a pause after a wrong password."""

    role = "class"

    def _render(self, message: Any = None) -> None:
        next_url = self.get_argument("next", default=self.base_url)
        xsrf = JupyterHandler.xsrf_form_html(self)
        page = login_page(class_language(), xsrf, next_url, wrong=bool(message), role=self.role)
        self.write(page)

    def static_url(self, path: str, include_host: bool | None = None, **kwargs: Any) -> str:
        return "voila/static/" + path  # as Voila's own handler: no static files here

    @allow_unauthenticated
    async def post(self) -> None:
        user = self.identity_provider.process_login_form(self)
        if user is None:
            await asyncio.sleep(WRONG_PASSWORD_DELAY)
        LoginFormHandler.post(self)  # type: ignore[no-untyped-call]


class TeacherLoginHandler(KitLoginHandler):
    """The dashboard's login page: it asks for the teacher's password, not the class's."""

    role = "teacher"


class KitIdentityProvider(PasswordIdentityProvider):
    """The class password (the token) as the only way in; no password to set or change."""

    login_page_class: type[KitLoginHandler] = KitLoginHandler

    def __init__(self, **kwargs: Any) -> None:
        kwargs["login_handler_class"] = self.login_page_class
        super().__init__(**kwargs)
        self.allow_password_change = False
        self.hashed_password = ""  # a password set elsewhere does not open the class

    def process_login_form(self, handler: Any) -> Any:
        """The user when the typed password is the token, read as a student types it."""
        typed = typed_password(handler.get_argument("password", default=""), self.token)
        if self.token and hmac.compare_digest(typed.encode(), self.token.encode()):
            return self.generate_anonymous_user(handler)
        return None


def typed_password(typed: str, token: str) -> str:
    """What a student typed, as the token it means: without the spaces around it, and in
    capitals when the token has no small letters (the password field hides the text, so
    a typo in case goes unseen; the ten-character password keeps about 50 bits).

    >>> typed_password(" hu9g8zra29 ", "HU9G8ZRA29")
    'HU9G8ZRA29'
    >>> typed_password("myclass-7b", "MyClass-7B")
    'myclass-7b'
    """
    typed = typed.strip()
    return typed.upper() if token == token.upper() else typed


class TeacherIdentityProvider(KitIdentityProvider):
    """The teacher's server: its own token (the teacher's password) as the only way in."""

    login_page_class = TeacherLoginHandler

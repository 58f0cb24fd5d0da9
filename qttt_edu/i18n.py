"""Message catalogs: every sentence the kit prints to a person.

The catalogs live in ``qttt_edu/locales/<lang>/*.json``: one file per part of
the kit (``core.json`` for the rules and the ``show`` command, ``widget.json``
for the app, and so on), each a flat object from a message key to a template
with ``str.format`` placeholders. Keys are unique across a language's files. English is the
reference and the fallback: a key missing from another language is printed
in English rather than not at all.

>>> from qttt_edu.i18n import t, set_language, get_language
>>> t("square_off_board", square=10)
'square 10 is off the board: squares are numbered 1-9'
>>> get_language()
'en'
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

LANGUAGES: dict[str, str] = {
    "en": "English",
    "da": "Dansk",
    "fi": "Suomi",
    "nb": "Norsk bokmål",
    "it": "Italiano",
}

_catalogs: dict[str, dict[str, str]] = {}
_current = "en"


def catalog(lang: str) -> dict[str, str]:
    """Return the message catalog of ``lang`` (loaded once, then cached)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(sorted(LANGUAGES))}")
    if lang not in _catalogs:
        merged: dict[str, str] = {}
        folder = resources.files("qttt_edu").joinpath("locales").joinpath(lang)
        for part in sorted(folder.iterdir(), key=lambda p: p.name):
            if part.name.endswith(".json"):
                merged.update(json.loads(part.read_text("utf-8")))
        _catalogs[lang] = merged
    return _catalogs[lang]


def set_language(lang: str) -> None:
    """Switch every message of the kit to ``lang``: one of the keys of ``LANGUAGES``."""
    global _current
    catalog(lang)
    _current = lang


def get_language() -> str:
    """The language messages are printed in now."""
    return _current


def t(key: str, /, **fields: Any) -> str:
    """The message ``key`` in the current language, filled with ``fields``."""
    return t_in(_current, key, **fields)


def t_in(lang: str, key: str, /, **fields: Any) -> str:
    """The message ``key`` in ``lang``, filled with ``fields`` (English if ``lang`` lacks it)."""
    template = catalog(lang).get(key)
    if template is None:
        template = catalog("en")[key]
    return template.format(**fields)

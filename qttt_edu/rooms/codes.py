"""Room codes people can read aloud, and seat credentials nobody can guess.

A room code is six characters from an alphabet without look-alikes (no 0/O, 1/I/L),
written ``K7M-Q2P``: easy to type from a projector, ``31**6`` (about 8.9e8) codes.
A code is not a secret: anyone who has it may watch the game.

A seat credential is what lets a browser act for a seat: 144 random bits from
:mod:`secrets`, written in 24 URL-safe characters. The store keeps only its SHA-256
digest, so a copy of the database gives nobody a seat. A school of a thousand
students guessing a thousand times a second for a year tries about 3e13 of the
2e43 credentials.

>>> normalize_code(" k7m q2p ")
'K7MQ2P'
>>> format_code("K7MQ2P")
'K7M-Q2P'
>>> len(new_credential()), credential_digest("x" * 24) == credential_digest("x" * 24)
(24, True)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata

from .errors import BadCodeError, CredentialError, RoomError, message

__all__ = [
    "CLASS_NAME_MAX",
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "NICKNAME_MAX",
    "check_class_name",
    "check_credential",
    "check_nickname",
    "credential_digest",
    "credential_matches",
    "format_code",
    "new_code",
    "new_credential",
    "normalize_code",
]

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
_CODE_CHARS = frozenset(CODE_ALPHABET)
CREDENTIAL_BYTES = 18
_CREDENTIAL_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
NICKNAME_MAX = 24
CLASS_NAME_MAX = 64


def new_code() -> str:
    """A fresh random room code (normalized form, without the hyphen)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: object) -> str:
    """The code in ``text`` in stored form; :class:`BadCodeError` if it is not one.

    Case, spaces and hyphens do not matter, so a code read aloud and typed works.
    """
    if not isinstance(text, str):
        raise BadCodeError(message("rooms_code_not_text", kind=type(text).__name__))
    if len(text) == CODE_LENGTH and _CODE_CHARS.issuperset(text):
        return text  # stored form already: the service's every call, kept cheap
    code = "".join(ch for ch in text.upper() if ch not in " -\t")
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        raise BadCodeError(message("rooms_code_bad", code=text.strip()[:20], example="K7M-Q2P"))
    return code


def format_code(code: str) -> str:
    """The stored code as people see it: ``K7M-Q2P``."""
    half = CODE_LENGTH // 2
    return f"{code[:half]}-{code[half:]}"


def new_credential() -> str:
    """A fresh seat credential: 144 bits from the operating system's secure generator."""
    return secrets.token_urlsafe(CREDENTIAL_BYTES)


def check_credential(credential: object) -> str:
    """``credential`` if it has the shape of one; :class:`CredentialError` if not."""
    if (
        not isinstance(credential, str)
        or not 16 <= len(credential) <= 64
        or not set(credential) <= _CREDENTIAL_CHARS
    ):
        raise CredentialError(message("rooms_credential_malformed"))
    return credential


def credential_digest(credential: str) -> str:
    """What the store keeps of a credential: its SHA-256 digest in hex."""
    return hashlib.sha256(credential.encode("ascii")).hexdigest()


def credential_matches(credential: str, digest: object) -> bool:
    """Does ``credential`` hash to the stored ``digest``? (constant-time comparison)"""
    if not isinstance(digest, str):
        return False
    return hmac.compare_digest(credential_digest(credential), digest)


def check_class_name(name: object) -> str:
    """``name`` if the store and the rooms service take it as a class name: text of at
    most 64 characters without control characters ("" is the class without a name);
    :class:`RoomError` saying so if not.

    >>> check_class_name("7B")
    '7B'
    """
    if (
        not isinstance(name, str)
        or len(name) > CLASS_NAME_MAX
        or any(unicodedata.category(ch).startswith("C") for ch in name)
    ):
        raise RoomError(message("rooms_class_bad", limit=CLASS_NAME_MAX))
    return name


def check_nickname(nickname: object) -> str | None:
    """A nickname as stored: trimmed, at most 24 printable characters, or ``None``.

    Nicknames are the only thing the store keeps about a student.
    """
    if nickname is None:
        return None
    if not isinstance(nickname, str):
        raise RoomError(message("rooms_nickname_bad", limit=NICKNAME_MAX))
    name = " ".join(nickname.split())
    if not name:
        return None
    if len(name) > NICKNAME_MAX or any(unicodedata.category(ch).startswith("C") for ch in name):
        raise RoomError(message("rooms_nickname_bad", limit=NICKNAME_MAX))
    return name

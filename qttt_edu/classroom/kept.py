"""Secrets kept beside a class's games file, so that a restart mid-lesson changes none.

Both ways of running a class keep theirs in a small JSON file next to the games file,
readable by the teacher's user only: the site mode its class key and the rooms
service's teacher secret (``<games>.keys``), the kernel mode its class password and the
dashboard's password (``<games>.passwords``). A student's open page, link or login
then works across a restart of the command. Deleting the file makes new ones.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

__all__ = ["keep", "read_kept"]


def read_kept(
    path: Path, names: tuple[str, ...], valid: Callable[[str], bool]
) -> tuple[str, ...] | None:
    """The values ``names`` kept in ``path``, or ``None`` when the file is missing,
    unreadable, or any value is not a string that ``valid`` accepts. Reads only."""
    try:
        data = json.loads(path.read_text("utf-8"))
        values = tuple(data[name] for name in names)
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if all(isinstance(value, str) and valid(value) for value in values):
        return values
    return None


def keep(
    path: Path,
    names: tuple[str, ...],
    make: Callable[[], tuple[str, ...]],
    valid: Callable[[str], bool],
) -> tuple[str, ...]:
    """The values kept in ``path``; made by ``make`` and written (mode 0600, whole or
    not at all) when there are none yet.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> first = keep(folder / "g.keys", ("a", "b"), lambda: ("x" * 16, "y" * 16), bool)
    >>> keep(folder / "g.keys", ("a", "b"), lambda: ("new", "new"), bool) == first
    True
    >>> oct((folder / "g.keys").stat().st_mode & 0o777)
    '0o600'
    """
    kept = read_kept(path, names, valid)
    if kept is not None:
        return kept
    values = make()
    part = path.with_name(path.name + ".part")
    part.touch(mode=0o600)
    part.chmod(0o600)
    part.write_text(json.dumps(dict(zip(names, values, strict=True))), "utf-8")
    part.replace(path)
    return values

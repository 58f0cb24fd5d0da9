"""Sealed rooms: no module of the kit imports another module's private names.

A name that starts with ``_`` is a module's own business. When two modules need
the same thing, it gets a public name in one home (the bit tables in
``qttt_edu/bits.py``, ``core.as_position``, the solver's ``inverse_symmetry``).
The check reads every module of ``qttt_edu`` with :mod:`ast` (nothing is
imported or run) and finds the two ways a private name crosses a boundary:

* ``from .graph import _component_sets`` (or ``from qttt_edu.graph import ...``);
* ``import qttt_edu.solver as s`` / ``from . import solver`` and then
  ``s._INVERSE`` or ``solver._INVERSE``.

A module may use its own private names, and dunder names (``__version__``) are
public. Attributes of objects (``game._positions``) are not checked here: only
names a module takes from another module.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import NamedTuple

PACKAGE = Path(__file__).resolve().parent.parent / "qttt_edu"


class Crossing(NamedTuple):
    file: str
    line: int
    name: str
    source: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: imports private {self.name} from {self.source}"


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def module_name(path: Path, root: Path) -> str:
    """The full dotted name of the module in ``path`` (``qttt_edu.widgets.app``)."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def resolve(module: str, is_package: bool, level: int, target: str | None) -> str:
    """The absolute name of ``from <level dots><target> import ...`` written in ``module``."""
    if level == 0:
        return target or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, target] if target else base)


def crossings(source: str, module: str, file: str, is_package: bool = False) -> list[Crossing]:
    """Every private name of another ``qttt_edu`` module that ``source`` imports or reads."""
    tree = ast.parse(source, filename=file)
    found: list[Crossing] = []
    aliases: dict[str, str] = {}  # local name -> qttt_edu module it stands for
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            origin = resolve(module, is_package, node.level, node.module)
            if not origin.startswith("qttt_edu"):
                continue
            for alias in node.names:
                if origin != module and _is_private(alias.name):
                    found.append(Crossing(file, node.lineno, alias.name, origin))
                elif not _is_private(alias.name):
                    # "from . import solver": solver may be a module of the kit
                    aliases[alias.asname or alias.name] = f"{origin}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if not alias.name.startswith("qttt_edu"):
                    continue
                if _is_private(alias.name.rsplit(".", 1)[-1]):
                    found.append(Crossing(file, node.lineno, alias.name, alias.name))
                if alias.asname:
                    aliases[alias.asname] = alias.name
                else:
                    aliases[alias.name.split(".")[0]] = alias.name.split(".")[0]
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not _is_private(node.attr):
            continue
        dotted = _dotted(node.value)
        if dotted is None:
            continue
        head, _, rest = dotted.partition(".")
        if head not in aliases:
            continue
        target = aliases[head] + (f".{rest}" if rest else "")
        if target.startswith("qttt_edu") and target != module:
            found.append(Crossing(file, node.lineno, node.attr, target))
    return sorted(set(found), key=lambda c: (c.line, c.name))


def _dotted(node: ast.expr) -> str | None:
    """``a.b.c`` for a chain of names and attributes, else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def package_crossings(root: Path = PACKAGE) -> list[Crossing]:
    out: list[Crossing] = []
    for path in sorted(root.rglob("*.py")):
        module = module_name(path, root)
        rel = str(path.relative_to(root.parent))
        out += crossings(path.read_text("utf-8"), module, rel, path.name == "__init__.py")
    return out


def test_no_module_imports_another_modules_private_names() -> None:
    found = package_crossings()
    assert not found, "private names cross module boundaries:\n" + "\n".join(map(str, found))


def test_the_check_reads_every_module() -> None:
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) > 20 and PACKAGE / "core.py" in files and PACKAGE / "rooms/store.py" in files


# --- the checker can fail: planted examples --------------------------------------------


def test_the_check_catches_a_relative_import_of_a_private_name() -> None:
    src = "from .graph import _component_sets, pending_cycle\n"
    found = crossings(src, "qttt_edu.quantum", "qttt_edu/quantum.py")
    assert [str(c) for c in found] == [
        "qttt_edu/quantum.py:1: imports private _component_sets from qttt_edu.graph"
    ]


def test_the_check_catches_parent_and_absolute_imports() -> None:
    src = "from ..core import _as_code\nfrom qttt_edu.solver import _INVERSE\n"
    found = crossings(src, "qttt_edu.rooms.store", "qttt_edu/rooms/store.py")
    assert [(c.line, c.name, c.source) for c in found] == [
        (1, "_as_code", "qttt_edu.core"),
        (2, "_INVERSE", "qttt_edu.solver"),
    ]


def test_the_check_catches_a_private_attribute_of_an_imported_module() -> None:
    src = (
        "import qttt_edu.solver\n"
        "import qttt_edu.graph as g\n"
        "from . import core\n"
        "a = qttt_edu.solver._INVERSE\n"
        "b = g._position(1)\n"
        "c = core._whole_number(3)\n"
    )
    found = crossings(src, "qttt_edu.players", "qttt_edu/players.py")
    assert [(c.line, c.name, c.source) for c in found] == [
        (4, "_INVERSE", "qttt_edu.solver"),
        (5, "_position", "qttt_edu.graph"),
        (6, "_whole_number", "qttt_edu.core"),
    ]


def test_the_check_leaves_own_names_dunders_and_other_libraries_alone() -> None:
    src = (
        "from __future__ import annotations\n"
        "from .core import Game, __all__\n"
        "from collections import _count_elements\n"
        "import os\n"
        "x = os._exit\n"
        "def _mine(): return _mine\n"
        "game = Game(); game._positions\n"
    )
    assert crossings(src, "qttt_edu.svg", "qttt_edu/svg.py") == []
    assert crossings("from .core import _x\n", "qttt_edu.core", "qttt_edu/core.py") == []


def test_the_check_resolves_relative_imports_in_subpackages() -> None:
    src = (
        "from .. import core\nfrom . import codes\nx = core._whole_number(3)\ny = codes._alphabet\n"
    )
    found = crossings(src, "qttt_edu.rooms.store", "qttt_edu/rooms/store.py")
    assert [(c.line, c.name, c.source) for c in found] == [
        (3, "_whole_number", "qttt_edu.core"),
        (4, "_alphabet", "qttt_edu.rooms.codes"),
    ]
    init = "from .store import _decode\n"
    found = crossings(init, "qttt_edu.rooms", "qttt_edu/rooms/__init__.py", is_package=True)
    assert [(c.name, c.source) for c in found] == [("_decode", "qttt_edu.rooms.store")]

"""The map of the house in CONTRIBUTING.md is the code's real shape.

CONTRIBUTING.md's "Map of the house" puts every module of ``qttt_edu`` in a layer; a
module may import its own layer or lower ones. This test reads that table and every
``import`` of the package (module level and inside functions, read with :mod:`ast`,
nothing run) and fails on an import that goes up, on a module the table does not
place, and on a name in the table that is no module, so the map cannot drift from
the code. The exception the map names (core's display and record conveniences) is
allowed only as an import inside a function.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

from .test_boundaries import module_name as full_name
from .test_boundaries import resolve

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "qttt_edu"
MAP = ROOT / "CONTRIBUTING.md"
# (importer, imported): allowed upward, inside a function only (the map says why).
LAZY_UPWARD = {("core", "notation"), ("core", "svg")}


def read_map(text: str) -> dict[str, int]:
    """Layer of each module named in the map's table: ``{"core": 1, "rooms": 5}``."""
    section = text.split("### Map of the house", 1)[1].split("\n### ", 1)[0]
    layers: dict[str, int] = {}
    for match in re.finditer(r"^\| (\d+) \| ([^|]+) \|", section, re.M):
        for name in re.findall(r"`([\w.]+)`", match.group(2)):
            layers[name] = int(match.group(1))
    return layers


def module_name(path: Path) -> str:
    """The module's name as the map writes it: ``widgets.app``; the package itself is
    ``qttt_edu``."""
    return full_name(path, PACKAGE).removeprefix("qttt_edu").lstrip(".") or "qttt_edu"


def imports(path: Path, tree: ast.Module | None = None) -> list[tuple[str, int, bool]]:
    """(imported module, line, inside a function) for each import of the package."""
    tree = ast.parse(path.read_text("utf-8")) if tree is None else tree
    here = full_name(path, PACKAGE)
    top = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            origin = resolve(here, path.name == "__init__.py", node.level, node.module)
            if origin.split(".")[0] != "qttt_edu":
                continue
            target = origin.removeprefix("qttt_edu").lstrip(".")
            subs = [f"{target}.{a.name}".lstrip(".") for a in node.names]
            targets = [s for s in subs if _is_module(s)] or [target]
        elif isinstance(node, ast.Import):
            targets = [
                a.name.removeprefix("qttt_edu").lstrip(".")
                for a in node.names
                if a.name.split(".")[0] == "qttt_edu"
            ]
        for target in targets:
            found.append((target or "qttt_edu", node.lineno, id(node) not in top))
    return found


def _is_module(name: str) -> bool:
    path = PACKAGE.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def layer_of(module: str, layers: dict[str, int]) -> int | None:
    """The layer of ``module``: its own entry, else its package's (``rooms.store`` -> rooms)."""
    while module:
        if module in layers:
            return layers[module]
        module = module.rpartition(".")[0]
    return layers.get("qttt_edu")


def violations(layers: dict[str, int]) -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        here = module_name(path)
        mine = layer_of(here, layers) if here in layers or "." in here else layers.get(here)
        if mine is None:
            found.append(f"{path.relative_to(ROOT)}: {here} is not on the map")
            continue
        for target, line, lazy in imports(path):
            theirs = layer_of(target, layers)
            if theirs is None:
                found.append(f"{path.relative_to(ROOT)}:{line}: {target} is not on the map")
            elif theirs > mine and not (lazy and (here, target) in LAZY_UPWARD):
                found.append(
                    f"{path.relative_to(ROOT)}:{line}: {here} (layer {mine}) imports "
                    f"{target} (layer {theirs})"
                )
    return found


def test_every_module_is_on_the_map_and_imports_only_downwards():
    layers = read_map(MAP.read_text("utf-8"))
    assert layers, "CONTRIBUTING.md has no map of the house"
    assert not violations(layers), "\n".join(violations(layers))


def test_every_name_on_the_map_is_a_module():
    layers = read_map(MAP.read_text("utf-8"))
    ghosts = [name for name in layers if name != "qttt_edu" and not _is_module(name)]
    assert not ghosts, f"the map names modules that do not exist: {ghosts}"


def test_the_check_catches_an_upward_import():
    layers = read_map(MAP.read_text("utf-8"))
    layers["view"] = 6  # as if the view model sat above the boards that draw it
    assert any(v.startswith("qttt_edu/svg.py") and "imports view" in v for v in violations(layers))


def test_the_check_catches_a_module_left_off_the_map():
    layers = read_map(MAP.read_text("utf-8"))
    del layers["entanglement"]
    assert any("entanglement is not on the map" in v for v in violations(layers))


def test_the_exception_is_needed_and_holds_only_inside_functions(monkeypatch):
    layers = read_map(MAP.read_text("utf-8"))
    monkeypatch.setattr(f"{__name__}.LAZY_UPWARD", set())
    found = violations(layers)
    assert any("qttt_edu/core.py" in v and "imports svg" in v for v in found)
    assert any("qttt_edu/core.py" in v and "imports notation" in v for v in found)


# --- no import circles ----------------------------------------------------------------------

#: circles known and not yet broken, each with its reason (none today)
KNOWN_CIRCLES: set[frozenset[str]] = set()


def type_only_lines(tree: ast.Module) -> set[int]:
    """Lines inside ``if TYPE_CHECKING:`` blocks: imports there never run."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        test = getattr(node, "test", None)
        if isinstance(node, ast.If) and isinstance(test, ast.Name) and test.id == "TYPE_CHECKING":
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def import_graph() -> dict[str, set[str]]:
    """Which modules each module imports when it runs (module level and inside functions;
    not the map's exception, and not the names imported for type checking only)."""
    return {module: set(targets) for module, targets in _import_graph().items()}


@functools.cache
def _import_graph() -> dict[str, frozenset[str]]:
    graph: dict[str, frozenset[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        here, skip = module_name(path), type_only_lines(tree)
        graph[here] = frozenset(
            target
            for target, line, lazy in imports(path, tree)
            if line not in skip and target != here and not (lazy and (here, target) in LAZY_UPWARD)
        )
    return graph


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """Each set of modules that import one another in a circle (Tarjan's components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(frozenset(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_modules_import_each_other_in_a_circle():
    # A circle means neither module can be read, loaded or tested without the other
    # (the rooms store and its watcher were one until the watcher was handed what it uses).
    found = [sorted(c) for c in circles(import_graph()) if c not in KNOWN_CIRCLES]
    assert found == []


def test_the_circle_check_catches_a_planted_circle_and_knows_the_map_s_exception():
    graph = import_graph()
    assert set(KNOWN_CIRCLES) <= set(circles(graph)), "a circle is broken: strike it off"
    assert "notation" not in graph["core"]  # the map's exception, inside functions only
    graph["rooms.watch"].add("rooms.store")  # the watcher reaching back into its store
    assert frozenset({"rooms.store", "rooms.watch"}) in circles(graph)


ENV_READ = re.compile(
    r"""(?:environ\.get\(|environ\[|getenv\(|setenv\(|environ\.pop\(|["'](?=QTTT_\w+["']\s*:))\s*["']?(QTTT_[A-Z0-9_]+)"""
)


def environment_names(text: str) -> set[str]:
    """The ``QTTT_*`` environment variables ``text`` reads or sets."""
    return set(ENV_READ.findall(text))


def test_every_environment_variable_is_in_contributings_table() -> None:
    """Whoever runs or tests the kit finds each variable it reads or sets described
    (the classroom's QTTT_CLASS_JOIN_LINK was missing)."""
    table = set(re.findall(r"^\| `(QTTT_[A-Z0-9_]+)` \|", MAP.read_text("utf-8"), re.M))
    used: set[str] = set()
    for folder in ("qttt_edu", "tests", "tools", "benchmarks"):
        for path in (ROOT / folder).rglob("*.py"):
            if path != Path(__file__):  # this file's examples are not variables
                used |= environment_names(path.read_text("utf-8"))
    assert used - table == set()


def test_the_environment_check_sees_reads_and_sets() -> None:
    text = 'os.environ.get("QTTT_A")\nenv = {"QTTT_B": x}\nmonkeypatch.setenv("QTTT_C", "1")\n'
    text += 'page.replace("QTTT_TITLE", title)\n'  # a template's placeholder, not a variable
    assert environment_names(text) == {"QTTT_A", "QTTT_B", "QTTT_C"}

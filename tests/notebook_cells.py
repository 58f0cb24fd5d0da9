"""Costly notebook cells that the translated reference notebooks do not repeat under nbval.

A translated notebook runs the same code as English with other words in its strings. For most
cells nbval runs each translation as it runs English, which costs little. A few cells compute
something expensive whose result no language changes (07's two matches of 500 heuristic games
took 130 s of the suite, the same games and seeds five times). In the translations, nbval
leaves those cells out (``tests/conftest.py`` deselects them, and pytest says how many);
``tests/test_notebook_costly_cells.py`` runs them instead, with each match computed once for
all four translations, and compares what they print with the stored output, as nbval does.
English runs every cell under nbval, the costly ones included.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from qttt_edu.i18n import t_in

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED_REFERENCE = ROOT / "tests" / "notebooks_ref" / "i18n"

#: notebook (English stem) -> a piece of code that only its costly cells contain
COSTLY: dict[str, str] = {"07_metaphor_and_physics": "play_match("}


def english_stem(path: Path) -> str:
    """``07_metaphor_and_physics.da.ipynb`` -> ``07_metaphor_and_physics``."""
    return path.name.split(".")[0]


def is_costly_translated_cell(path: Path, source: str) -> bool:
    """Whether nbval leaves this cell of a translated reference notebook to the cheaper test."""
    if TRANSLATED_REFERENCE not in path.resolve().parents:
        return False
    marker = COSTLY.get(english_stem(path))
    return marker is not None and marker in source


def code_shape(source: str) -> str:
    """The cell's code with every string and comment blanked: what a translation may not change.

    >>> code_shape('print(f"{n} games")  # count') == code_shape('print(f"{n} partier")')
    True
    >>> code_shape("play_match(a, b, games=500)") == code_shape("play_match(a, b, games=50)")
    False
    """

    class Blank(ast.NodeTransformer):
        def visit_Constant(self, node: ast.Constant) -> ast.Constant:
            return ast.Constant("") if isinstance(node.value, str) else node

    return ast.dump(Blank().visit(ast.parse(source)))


def reference_truth(shown: str, lang: str = "en") -> str:
    """The result a reference run's reveal names. The reference guesses ``"?"`` (no reader
    reads it), so its line is the "could not read" one, or the "wrong" one where a word
    is compared as written; either names the result."""
    for key in ("predict_unreadable", "predict_wrong"):
        template = t_in(lang, key, guess="\0", kind="\0", truth="\1")
        pattern = re.escape(template).replace("\0", ".*?").replace("\1", "(.+?)")
        found = re.search(pattern, shown)
        if found:
            return found.group(1).strip()
    raise AssertionError(f"no result named in {shown!r}")

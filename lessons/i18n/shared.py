"""What every translated notebook table shares, whatever its language.

The glossary link, the citation of Goff's paper, the Binder address and the rule for
linking another notebook (its translation when there is one, else the English notebook one
folder up) are written once here; each language's own sentences live in
``common_<lang>.py``.
"""

from pathlib import Path

HERE = Path(__file__).resolve().parent

G = "../../lessons/glossary.md"
GOFF = (
    "A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum "
    "mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635"
)
BINDER = "https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/{name}.{lang}.ipynb"


def translated(name: str, lang: str) -> bool:
    """Whether notebook ``name`` (e.g. "02_entanglement") has a translation into ``lang``."""
    return (HERE / f"{name[3:]}_{lang}.py").exists()


def link(name: str, lang: str) -> str:
    """The link target of notebook ``name`` from notebooks/i18n/ in ``lang``."""
    return f"{name}.{lang}.ipynb" if translated(name, lang) else f"../{name}.ipynb"

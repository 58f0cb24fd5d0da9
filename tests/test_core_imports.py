"""The rules core stands on the standard library alone.

networkx, matplotlib, ipywidgets and friends belong to the views; a solver on a
server or a student's plain ``python`` must be able to import the rules without
them. Each check runs in a fresh interpreter so that nothing imported by the
test session itself can hide a third-party import.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PROBE = """
import json, sys
before = set(sys.modules)
{imports}
new = sorted(set(sys.modules) - before)
print(json.dumps(new))
"""

VIEW_PACKAGES = {"networkx", "matplotlib", "ipywidgets", "numpy", "IPython", "scipy", "PIL"}


def modules_pulled_in(imports: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", PROBE.format(imports=imports)],
        capture_output=True,
        text=True,
        check=True,
    )
    new: list[str] = json.loads(result.stdout.splitlines()[-1])  # whatever ran may print first
    return new


@pytest.mark.parametrize(
    "imports",
    [
        "import qttt_edu",
        "import qttt_edu.core, qttt_edu.notation, qttt_edu.i18n",
        "from qttt_edu import Game; g = Game.from_record('1-2 1-2 c1'); g.to_dict(); repr(g)",
        "import qttt_edu.__main__ as m; m.main(['show', '1-2 1-2'])",
    ],
)
def test_core_imports_only_the_standard_library(imports: str) -> None:
    new = modules_pulled_in(imports)
    assert any(name.startswith("qttt_edu") for name in new)  # the probe really imported it
    top_level = {name.split(".")[0] for name in new}
    third_party = sorted(top_level - set(sys.stdlib_module_names) - {"qttt_edu"})
    assert third_party == [], f"the core pulled in {third_party}"
    assert not top_level & VIEW_PACKAGES


def test_the_probe_would_notice_a_third_party_import() -> None:
    """The check is not vacuous: importing networkx in the probe is seen."""
    new = modules_pulled_in("import qttt_edu, networkx")
    assert "networkx" in {name.split(".")[0] for name in new}

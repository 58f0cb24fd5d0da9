"""The Binder environment (``environment.yml``) installs what ``pyproject.toml`` declares.

repo2docker builds the Binder image from the top-level ``environment.yml``
(conda-forge packages, then the pip section). This file checks that it carries
exactly the kit's runtime dependencies and its ``lab`` extra, with the same
lower bounds, and installs the kit itself, so a Binder link and a
``pip install -e ".[lab]"`` give students the same thing.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 (pytest itself depends on tomli there)
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]

# conda-forge names of packages whose pip name differs. matplotlib-base is
# matplotlib without the Qt GUI stack, all a notebook needs.
CONDA_NAME = {"matplotlib": "matplotlib-base"}
# Present in the environment for the build itself, not as the kit's dependencies.
TOOLING = {"python", "pip"}

_CONDA_SPEC = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*(.*)$")


def _environment() -> dict:
    return yaml.safe_load((ROOT / "environment.yml").read_text())


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def _declared() -> dict[str, Requirement]:
    """Runtime dependencies and the lab extra, by their conda-forge name."""
    project = _pyproject()["project"]
    requirements = [Requirement(r) for r in project["dependencies"]]
    requirements += [Requirement(r) for r in project["optional-dependencies"]["lab"]]
    return {CONDA_NAME.get(r.name.lower(), r.name.lower()): r for r in requirements}


def _conda_packages() -> dict[str, str]:
    """Conda package name -> its version constraint text ("" when none)."""
    packages = {}
    for entry in _environment()["dependencies"]:
        if isinstance(entry, str):
            match = _CONDA_SPEC.match(entry)
            assert match, f"cannot read the conda dependency {entry!r}"
            packages[match.group(1).lower()] = match.group(2).replace(" ", "")
    return packages


def _lower_bound(specifier: SpecifierSet) -> Version | None:
    bounds = [Version(s.version) for s in specifier if s.operator in (">=", "==", "~=")]
    return max(bounds) if bounds else None


def test_environment_lists_exactly_the_declared_dependencies() -> None:
    conda = set(_conda_packages()) - TOOLING
    declared = set(_declared())
    assert conda - declared == set(), (
        f"environment.yml installs {sorted(conda - declared)}, which pyproject.toml does not "
        "declare in dependencies or the lab extra"
    )
    assert declared - conda == set(), (
        f"pyproject.toml needs {sorted(declared - conda)}, missing from environment.yml"
    )


@pytest.mark.parametrize("name", sorted(_declared()))
def test_lower_bounds_agree(name: str) -> None:
    requirement = _declared()[name]
    constraint = _conda_packages().get(name)
    assert constraint is not None, f"{name} is missing from environment.yml"
    conda_bound = _lower_bound(SpecifierSet(constraint)) if constraint else None
    assert conda_bound == _lower_bound(requirement.specifier), (
        f"{name}: environment.yml says {constraint or 'no bound'!r}, "
        f"pyproject.toml says {str(requirement.specifier) or 'no bound'!r}"
    )


def test_environment_installs_the_kit_itself_from_conda_forge() -> None:
    env = _environment()
    assert env.get("channels") == ["conda-forge"], env.get("channels")
    pip_sections = [e["pip"] for e in env["dependencies"] if isinstance(e, dict) and "pip" in e]
    assert pip_sections, "environment.yml has no pip section installing the kit"
    # A local path makes repo2docker copy the repository before it builds the
    # environment, and conda runs pip from the file's folder: "." is this repository.
    assert [line.strip() for line in pip_sections[0]] in (["."], ["-e ."]), pip_sections[0]


def test_python_pin_satisfies_requires_python() -> None:
    python = _conda_packages()["python"]
    version = Version(python.lstrip("=").rstrip(".*"))
    required = SpecifierSet(_pyproject()["project"]["requires-python"])
    assert version in required, f"python={version} does not satisfy requires-python {required}"


def test_no_binder_folder_overrides_the_top_level_environment() -> None:
    # repo2docker reads only binder/ (or .binder/) when one exists, ignoring environment.yml.
    assert not (ROOT / "binder").exists() and not (ROOT / ".binder").exists()

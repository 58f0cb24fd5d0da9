"""Step 1 of the build: the pinned inputs, downloaded once into the cache and checked
against their pinned hashes (``pins/``): the npm package (Pyodide's core)
and the pure-Python wheels the browser runs on."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import sys
from pathlib import Path

from ..i18n import t
from .common import PINS, Log, SiteBuildError, canonical, run


def default_cache() -> Path:
    """Where downloads are kept: ``$QTTT_SITE_CACHE`` or ``.site-cache/`` here."""
    return Path(os.environ.get("QTTT_SITE_CACHE") or Path.cwd() / ".site-cache")


def npm_pins() -> dict[str, dict[str, str]]:
    data = json.loads((PINS / "npm.json").read_text("utf-8"))
    return dict(data["packages"])


def wheel_pins() -> list[str]:
    """``name==version`` of each pinned browser wheel (the pins file also has hashes)."""
    lines = (PINS / "browser-wheels.txt").read_text("utf-8").splitlines()
    return [line.split()[0] for line in lines if line.strip() and not line.startswith("#")]


def integrity(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def fetch_npm(cache: Path, log: Log = print) -> dict[str, Path]:
    """Each pinned npm package's tarball, from the cache or ``npm pack``, integrity checked."""
    folder = cache / "npm"
    folder.mkdir(parents=True, exist_ok=True)
    found: dict[str, Path] = {}
    for name, pin in npm_pins().items():
        tarball = folder / f"{name.lstrip('@').replace('/', '-')}-{pin['version']}.tgz"
        if not tarball.exists():
            log(t("site_log_download_npm", package=f"{name}@{pin['version']}"))
            run(
                [
                    "npm",
                    "pack",
                    f"{name}@{pin['version']}",
                    "--silent",
                    "--pack-destination",
                    str(folder),
                ],
                f"npm pack {name}",
            )
        if not tarball.exists():
            raise SiteBuildError(f"npm pack {name} did not produce {tarball.name}")
        if integrity(tarball) != pin["integrity"]:
            tarball.unlink()
            raise SiteBuildError(
                f"{name}@{pin['version']}: the downloaded tarball does not match the pinned "
                f"integrity in {PINS / 'npm.json'} (removed it; run again)"
            )
        found[name] = tarball
    return found


def fetch_wheels(cache: Path, log: Log = print) -> list[Path]:
    """The pinned browser wheels, from the cache or ``pip download`` (hash checked)."""
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    pins = wheel_pins()
    wanted = {wheel_key(pin.replace("==", "-")): pin for pin in pins}
    have = {wheel_key(p.name): p for p in folder.glob("*.whl")}
    if not set(wanted) <= set(have):
        log(t("site_log_download_wheels", count=len(set(wanted) - set(have))))
        run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                "3.12",
                "--platform",
                "any",
                "--implementation",
                "py",
                "--abi",
                "none",
                "--require-hashes",
                "-r",
                str(PINS / "browser-wheels.txt"),
                "-d",
                str(folder),
            ],
            "pip download (browser wheels)",
        )
        have = {wheel_key(p.name): p for p in folder.glob("*.whl")}
    missing = sorted(set(wanted) - set(have))
    if missing:
        raise SiteBuildError(f"wheels missing after pip download: {missing}")
    hashes = pinned_hashes()
    for key in wanted:
        digest = hashlib.sha256(have[key].read_bytes()).hexdigest()
        if digest != hashes[key]:
            have[key].unlink()
            raise SiteBuildError(f"{have[key].name}: sha256 differs from its pin (removed it)")
    return [have[key] for key in sorted(wanted)]


def pinned_hashes() -> dict[str, str]:
    out = {}
    for line in (PINS / "browser-wheels.txt").read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            pin, digest = line.split()[0], line.split("--hash=sha256:")[1].strip()
            out[wheel_key(pin.replace("==", "-"))] = digest
    return out


def wheel_key(filename: str) -> str:
    """``name-version`` of a wheel file name or a ``name-version`` pin, canonicalised."""
    name, version = filename.split("-")[:2]
    return f"{canonical(name)}-{version}"


# --- wheels we make -----------------------------------------------------------

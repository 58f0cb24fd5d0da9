"""Step 5 of the build: what a school's web server needs to serve the site well.

* The types a server must send: ``.wasm`` as ``application/wasm`` above all (a server
  whose type table lacks it makes the browser compile Pyodide the slow way, and older
  ones refuse it), ``.whl`` and ``.ipynb`` at all (some servers refuse unknown
  extensions). ``.htaccess`` says so to Apache, ``web.config`` to IIS; nginx and others
  are in ``lessons/site.md``.
* Compressed copies of the large files beside them (``name.gz``, and ``name.br`` when
  the ``brotli`` package is installed): a server set to send them (Apache with the
  ``.htaccess`` here, nginx's ``gzip_static``, Caddy's ``precompressed``) sends a class
  a third of the bytes without compressing anything itself. A server that is not set up
  for them ignores them.
"""

from __future__ import annotations

import gzip
import importlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# What each extension the site serves must be sent as.
TYPES = {
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".ipynb": "application/json",
    ".json": "application/json",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".woff2": "font/woff2",
}
COMPRESSIBLE = (".js", ".mjs", ".wasm", ".json", ".ipynb", ".css", ".html", ".svg", ".txt")
MIN_SIZE = 1024  # smaller files gain nothing worth a second request's bookkeeping
MIN_GAIN = 0.9  # a copy is kept only when at most 90 % of the original's size
BROTLI_QUALITY = 5  # 2.8 MB for pyodide.asm.wasm in under a second (gzip: 3.2 MB)

HTACCESS = """\
# Written by `qttt-edu site build`: what Apache needs to serve this site well.
# The types the browser insists on (WebAssembly above all) and that some servers lack.
{types}
# The build wrote compressed copies beside the large files (name.br, name.gz): a browser
# that accepts one gets it, sent with the type of the original and its encoding.
AddEncoding br .br
AddEncoding gzip .gz
<IfModule mod_rewrite.c>
  RewriteEngine On
  RewriteCond %{{HTTP:Accept-Encoding}} \\bbr\\b
  RewriteCond %{{REQUEST_FILENAME}}.br -f
  RewriteRule ^(.+)$ $1.br [L]
  RewriteCond %{{HTTP:Accept-Encoding}} \\bgzip\\b
  RewriteCond %{{REQUEST_FILENAME}}.gz -f
  RewriteRule ^(.+)$ $1.gz [L]
</IfModule>
<FilesMatch "\\.(br|gz)$">
  # already compressed: mod_deflate must not compress them again
  SetEnv no-gzip 1
  SetEnv no-brotli 1
  <IfModule mod_headers.c>
    Header append Vary Accept-Encoding
  </IfModule>
</FilesMatch>
"""

WEB_CONFIG = """\
<?xml version="1.0" encoding="utf-8"?>
<!-- Written by `qttt-edu site build`: the types IIS must send for this site, and
     compression of what it sends (IIS compresses by itself; it does not use the .gz
     and .br copies). -->
<configuration>
  <system.webServer>
    <staticContent>
{types}
    </staticContent>
    <urlCompression doStaticCompression="true" />
  </system.webServer>
</configuration>
"""


def write_server_config(out: Path) -> list[Path]:
    """``.htaccess`` (Apache) and ``web.config`` (IIS) into the site's top folder."""
    htaccess = out / ".htaccess"
    htaccess.write_text(
        HTACCESS.format(types="\n".join(f"AddType {kind} {ext}" for ext, kind in TYPES.items())),
        "utf-8",
    )
    web_config = out / "web.config"
    web_config.write_text(
        WEB_CONFIG.format(
            types="\n".join(
                f'      <remove fileExtension="{ext}" />\n'
                f'      <mimeMap fileExtension="{ext}" mimeType="{kind}" />'
                for ext, kind in TYPES.items()
            )
        ),
        "utf-8",
    )
    return [htaccess, web_config]


def _candidates(out: Path) -> Iterator[Path]:
    for path in sorted(out.rglob("*")):
        if path.is_file() and path.suffix in COMPRESSIBLE and path.stat().st_size >= MIN_SIZE:
            yield path


def _brotli() -> Any:
    """The ``brotli`` module (part of the ``site`` extra), or ``None`` without it."""
    try:
        return importlib.import_module("brotli")
    except ImportError:
        return None


def brotli_available() -> bool:
    return _brotli() is not None


def compress(out: Path) -> list[Path]:
    """Write ``name.gz`` (and ``name.br`` with the ``brotli`` package) beside each large
    text or WebAssembly file of the site; return the copies written.

    Copies are byte-for-byte reproducible (no time stamp, no file name inside), so two
    builds of the same checkout give the same files.
    """
    written: list[Path] = []
    brotli = _brotli()
    for path in list(_candidates(out)):
        data = path.read_bytes()
        copies = {".gz": gzip.compress(data, compresslevel=6, mtime=0)}
        if brotli is not None:
            copies[".br"] = brotli.compress(data, quality=BROTLI_QUALITY)
        for suffix, packed in copies.items():
            if len(packed) <= MIN_GAIN * len(data):
                target = path.with_name(path.name + suffix)
                target.write_bytes(packed)
                written.append(target)
    return written


def is_compressed_copy(path: Path) -> bool:
    """Whether ``path`` is a compressed copy :func:`compress` wrote beside an original."""
    return path.suffix in (".gz", ".br") and path.with_suffix("").exists()

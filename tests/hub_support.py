"""A real JupyterHub on this machine with the rooms service as a hub-managed service.

Used by ``tests/test_hub.py`` and the hub section of ``lessons/hub.md`` (the same
configuration lines). JupyterHub runs with its own proxy (configurable-http-proxy, an npm
package: taken from ``PATH``, else installed once into ``.hub-cache/``), the dummy
authenticator (no spawning is needed: the test calls the service with tokens the hub
issues, as a student's kernel does with ``$JUPYTERHUB_API_TOKEN``), and every port free
and every file in a temporary folder.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from tests.ports import free_port

REPO = Path(__file__).resolve().parent.parent
CHP_CACHE = REPO / ".hub-cache"
#: the proxy JupyterHub's own documentation installs; pinned so the test is repeatable
CHP_PACKAGE = "configurable-http-proxy@5.3.0"
SERVICE = "qttt-rooms"
TEACHERS = "teachers"
#: seconds the hub has to stop by itself: after a flood of requests its clean shutdown waits
#: on the service for half a minute, for nothing a test reads (the folder is temporary)
STOP_GRACE = 5.0


def proxy_command() -> str:
    """configurable-http-proxy's command: on PATH, else installed with npm once."""
    found = shutil.which("configurable-http-proxy")
    if found:
        return found
    local = CHP_CACHE / "node_modules" / ".bin" / "configurable-http-proxy"
    if not local.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError("configurable-http-proxy needs npm (Node.js) to install")
        CHP_CACHE.mkdir(exist_ok=True)
        subprocess.run(
            [npm, "install", "--no-audit", "--no-fund", "--prefix", str(CHP_CACHE), CHP_PACKAGE],
            check=True,
            capture_output=True,
            timeout=600,
        )
    return str(local)


HUB_CONFIG = """\
# The rooms service as a hub-managed service (the lines of lessons/hub.md, with the
# test's ports and folders filled in).
import sys

c = get_config()  # noqa: F821
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {proxy_port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api_port}"
c.ConfigurableHTTPProxy.command = [{chp!r}]
c.ConfigurableHTTPProxy.should_start = True
c.JupyterHub.db_url = "sqlite:///{work}/hub.sqlite"
c.JupyterHub.cookie_secret_file = "{work}/cookie_secret"
c.JupyterHub.pid_file = "{work}/hub.pid"
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = "not-for-a-real-hub"
c.Authenticator.allowed_users = {{"alice", "bob", "carl", "dora", "mallory", "ms-lund"}}
c.Authenticator.admin_users = {{"head"}}

c.JupyterHub.services = [
    {{
        "name": "qttt-rooms",
        "url": "http://127.0.0.1:{service_port}",
        "command": [
            sys.executable, "-m", "qttt_edu.classroom.hub",
            "--store", "sqlite:///{work}/games.sqlite3",
            "--teacher-group", "teachers",
        ],
        "oauth_no_confirm": True,
    }},
    # the test's own key to the hub's API (makes users' tokens); a real hub has none
    {{"name": "test-admin", "api_token": {admin_token!r}}},
]
c.JupyterHub.load_groups = {{"teachers": {{"users": ["ms-lund"]}}}}
c.JupyterHub.load_roles = [
    {{
        "name": "user",
        "description": "every hub user may use the rooms service",
        "scopes": ["self", "access:services!service=qttt-rooms"],
    }},
    {{
        "name": "qttt-test-admin",
        "services": ["test-admin"],
        "scopes": ["admin:users", "tokens", "admin:groups"],
    }},
]
# what a spawned server's $JUPYTERHUB_API_TOKEN may do: the defaults and the rooms
c.Spawner.server_token_scopes = [
    "users:activity!user",
    "access:servers!server",
    "access:services!service=qttt-rooms",
]
"""


class Hub:
    """A running JupyterHub (``start()``/``stop()``), its proxy's address and its API."""

    def __init__(self, work: Path) -> None:
        self.work = work
        self.proxy_port = free_port()
        self.hub_port = free_port()
        self.service_port = free_port()
        self.admin_token = os.urandom(24).hex()
        self.url = f"http://127.0.0.1:{self.proxy_port}/"
        self.service_url = f"{self.url}services/{SERVICE}/"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = work / "hub.log"

    def start(self, timeout: float = 120.0) -> None:
        config = HUB_CONFIG.format(
            proxy_port=self.proxy_port,
            hub_port=self.hub_port,
            proxy_api_port=free_port(),
            service_port=self.service_port,
            chp=proxy_command(),
            work=self.work,
            admin_token=self.admin_token,
        )
        (self.work / "jupyterhub_config.py").write_text(config, "utf-8")
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        env.pop("QTTT_ROOMS_URL", None)
        env.pop("JUPYTERHUB_API_TOKEN", None)
        hub = [sys.executable, "-m", "jupyterhub", "-f", str(self.work / "jupyterhub_config.py")]
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                hub,
                cwd=self.work,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"JupyterHub stopped:\n{self.log.read_text()[-4000:]}")
            try:
                status, _ = self.api("GET", "hub/api/")
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.5)
        self.stop()
        raise RuntimeError(f"JupyterHub did not start:\n{self.log.read_text()[-4000:]}")

    def stop(self, grace: float = STOP_GRACE) -> None:
        """Stop the hub, politely for ``grace`` seconds, then with its proxy and service
        (which run in sessions of their own) by force."""
        if self.process is not None and self.process.poll() is None:
            import psutil

            children = psutil.Process(self.process.pid).children(recursive=True)
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(grace)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
            for child in children:
                with contextlib.suppress(psutil.NoSuchProcess):
                    child.kill()
            psutil.wait_procs(children, timeout=10)

    def api(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        """A request through the hub's proxy; (status, JSON answer or None)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Authorization", f"token {token or self.admin_token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                text = answer.read()
                status = answer.status
        except urllib.error.HTTPError as err:
            text, status = err.read(), err.code
        try:
            return status, json.loads(text) if text else None
        except ValueError:
            return status, None

    def token_for(self, user: str, scopes: list[str] | None = None) -> str:
        """A new API token of ``user`` (the user's own scopes, or fewer)."""
        body: dict[str, Any] = {"note": "qttt-edu test"}
        if scopes is not None:
            body["scopes"] = scopes
        status, answer = self.api("POST", f"hub/api/users/{user}/tokens", body)
        if status not in (200, 201):
            raise RuntimeError(f"no token for {user}: {status} {answer}")
        return str(answer["token"])

    def wait_for_service(self, token: str, timeout: float = 90.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            status, _ = self.api("GET", f"services/{SERVICE}/api/v1/info", token=token)
            if status == 200:
                return
            time.sleep(0.5)
        raise RuntimeError(f"the rooms service did not answer:\n{self.log.read_text()[-4000:]}")

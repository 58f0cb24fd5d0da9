"""The rooms service as a JupyterHub-managed service: students come with their hub identity.

JupyterHub starts ``python -m qttt_edu.classroom.hub`` (``c.JupyterHub.services``, see
``lessons/hub.md``) and routes ``/services/qttt-rooms/`` to it. Every request must carry
a token the hub issued (``Authorization: token ...``, as the hub's own API takes it; the
kernel of a student's server has one in ``$JUPYTERHUB_API_TOKEN``). The service asks the
hub who the token belongs to (:class:`jupyterhub.services.auth.HubAuth`, answers kept for
a minute) and then:

* a hub user whose token may use this service (the scope
  ``access:services!service=qttt-rooms``) is a **student of the class**: they may create,
  join and watch, as the class key allows elsewhere;
* a hub **admin**, or a member of a teacher group (``--teacher-group``, default
  ``teachers``), is also the **teacher**: listing, clearing, exporting;
* a seat is still held by its **seat credential** alone: a hub identity never acts
  for a seat it was not given.

The class key and the teacher secret of the service underneath are made at random when
the process starts and never leave it: the gate puts them on a request after it has
checked the hub's token, and drops any a client sent. No database address or password
reaches a student's server; the store is opened by this process only. Limits count per
hub user (their client id and address are derived from the user name), so a student
cannot dodge them by making up client ids.

A client may also send its hub token where the class key goes (the ``X-Qttt-Class``
header, or ``"class"`` in the socket's ``hello``): the app's client then needs no
change to run on a hub, given the token as its class key.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import importlib
import ipaddress
import json
import os
import secrets
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import tornado.httpserver
import tornado.httputil
import tornado.netutil
import tornado.web
import tornado.websocket

from ..cli import Parser, exit_status, speaking
from ..i18n import t
from ..rooms.backends import default_url
from ..rooms.service import (
    Bucket,
    Limits,
    Refusal,
    RoomsService,
    ServiceConfig,
    settle_collector,
)
from .site_server import listen_with

__all__ = ["HubGate", "HubIdentity", "gate_application", "main", "serve"]

#: the service's name in ``c.JupyterHub.services`` (it is in the scope and the URL)
SERVICE_NAME = "qttt-rooms"
DEFAULT_TEACHER_GROUPS = ("teachers",)
#: how long the hub's answer about a token is kept (a revoked token stops working then)
CACHE_SECONDS = 60
#: tokens not yet known, asked about per network address: a second, and a burst (a
#: flood of made-up tokens must not become a flood of questions to the hub; a whole
#: class behind one address, or every kernel of a one-machine hub, starts well within it)
UNKNOWN_RATE, UNKNOWN_BURST = 20.0, 100.0
_KEY_HEADERS = ("X-Qttt-Class", "X-Qttt-Teacher", "X-Qttt-Client")


@dataclass(frozen=True)
class HubIdentity:
    """Who a hub token belongs to, as far as the rooms are concerned."""

    name: str
    teacher: bool

    @property
    def client_id(self) -> str:
        """The client id the service counts limits under: one per hub user."""
        return "hub-" + hashlib.sha256(self.name.encode()).hexdigest()[:40]


Networks = tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]


def address_of(request: tornado.httputil.HTTPServerRequest, trusted: Networks = ()) -> str:
    """The sender's network address: the connection's own, unless it comes from one of the
    ``trusted`` proxies; then the last address in ``X-Forwarded-For``, the one that proxy
    added (those before it are what the sender claims, so they count for nothing).

    A header from anyone else is ignored: on a hub whose users' servers share the
    machine, a student's code could reach the service directly and name a new address
    with every request.

    >>> from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine
    >>> sent = HTTPHeaders({"Host": "hub", "X-Forwarded-For": "6.6.6.6, 10.0.0.7"})
    >>> line = RequestStartLine("GET", "/", "HTTP/1.1")
    >>> request = HTTPServerRequest(start_line=line, headers=sent)
    >>> request.remote_ip = "127.0.0.1"
    >>> address_of(request), address_of(request, proxy_networks(["127.0.0.1"]))
    ('127.0.0.1', '10.0.0.7')
    """
    peer = request.remote_ip or ""
    if trusted and _within(peer, trusted):
        last = request.headers.get("X-Forwarded-For", "").split(",")[-1].strip()
        if last:
            return last
    return peer


def _within(address: str, networks: Networks) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def proxy_network(value: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network:
    """One ``--trusted-proxy``: an address (``10.0.0.5``) or a network (``10.0.0.0/8``)."""
    try:
        return ipaddress.ip_network(value.strip(), strict=False)
    except ValueError:
        raise argparse.ArgumentTypeError(t("hub_proxy_bad", value=value)) from None


def proxy_networks(values: Iterable[str]) -> Networks:
    """The trusted proxies of ``--trusted-proxy`` (or ``QTTT_HUB_TRUSTED_PROXIES``, comma
    separated) as networks."""
    return tuple(proxy_network(value) for value in values if value.strip())


def bearer(value: str | None) -> str | None:
    """The token of an ``Authorization`` header (``token X`` or ``Bearer X``).

    >>> bearer("token abc"), bearer("Bearer abc"), bearer("Basic abc"), bearer(None)
    ('abc', 'abc', None, None)
    """
    if not value:
        return None
    scheme, _, token = value.strip().partition(" ")
    if scheme.lower() in ("token", "bearer") and token.strip():
        return token.strip()
    return None


class HubGate:
    """Checks hub tokens and turns an identity into the service's own keys."""

    def __init__(
        self,
        auth: Any,
        class_key: str,
        teacher_secret: str,
        teacher_groups: Iterable[str] = DEFAULT_TEACHER_GROUPS,
        trusted_proxies: Networks = (),
    ) -> None:
        self.auth = auth
        self.trusted_proxies = trusted_proxies
        self.class_key = class_key
        self.teacher_secret = teacher_secret
        self.teacher_groups = frozenset(teacher_groups)
        self.refused: dict[str, float] = {}  # hashes of tokens the hub refused -> when
        self.known: dict[str, tuple[float, HubIdentity]] = {}  # hash -> (when, who)
        self.buckets: dict[str, Bucket] = {}  # per network address: lookups of unknown tokens

    def slow_down(self, address: str) -> float:
        """Seconds ``address`` must wait before another unknown token is looked up."""
        if len(self.buckets) > 10_000:
            self.buckets.clear()
        bucket = self.buckets.setdefault(address, Bucket(UNKNOWN_RATE, UNKNOWN_BURST))
        return bucket.take()

    async def identify(self, token: object, address: str = "") -> HubIdentity | None:
        """The hub user ``token`` belongs to, if it may use this service; else ``None``.

        A token the hub refused is refused again without asking for a minute; an address
        that keeps sending unknown tokens is told to wait (:class:`Refusal`, 429).
        """
        if not isinstance(token, str) or not token or len(token) > 512:
            return None
        digest = hashlib.sha256(token.encode()).hexdigest()
        now = time.monotonic()
        if now - self.refused.get(digest, -CACHE_SECONDS) < CACHE_SECONDS:
            return None
        when, who = self.known.get(digest, (-CACHE_SECONDS, None))
        if who is not None and now - when < CACHE_SECONDS:
            return who
        wait = self.slow_down(address) if address else 0.0
        if wait:
            raise Refusal("rate_limited", 429, "service_rate_address", retry_after=round(wait, 2))
        model = await self.auth.user_for_token(token, sync=False)
        allowed = (
            bool(model)
            and model.get("kind", "user") == "user"
            and bool(self.auth.check_scopes(self.auth.access_scopes, model))
        )
        if not allowed:
            if len(self.refused) > 10_000:
                self.refused.clear()
            self.refused[digest] = now
            return None
        groups = set(model.get("groups") or ())
        teacher = bool(model.get("admin")) or bool(groups & self.teacher_groups)
        who = HubIdentity(str(model["name"]), teacher)
        if len(self.known) > 10_000:
            self.known.clear()
        self.known[digest] = (now, who)
        return who

    async def identify_request(self, request: tornado.httputil.HTTPServerRequest) -> Any:
        """The identity of a request: its Authorization header, else its class-key header."""
        token = bearer(request.headers.get("Authorization"))
        if token is None:
            token = request.headers.get("X-Qttt-Class")
        return await self.identify(token, address_of(request, self.trusted_proxies))

    def stamp(self, request: tornado.httputil.HTTPServerRequest, who: HubIdentity) -> None:
        """Replace whatever keys the client sent with the service's, for ``who``."""
        headers = request.headers
        for name in _KEY_HEADERS:
            if name in headers:
                del headers[name]
        headers["X-Qttt-Class"] = self.class_key
        headers["X-Qttt-Client"] = who.client_id
        if who.teacher:
            headers["X-Qttt-Teacher"] = self.teacher_secret
        request.remote_ip = f"hub-user:{who.client_id}"

    def hello(self, data: dict[str, Any], who: HubIdentity) -> dict[str, Any]:
        """The socket's ``hello`` with the service's keys in place of the client's."""
        data = dict(data)
        data["class"] = self.class_key
        data.pop("teacher", None)
        if who.teacher:
            data["teacher"] = self.teacher_secret
        data["client"] = who.client_id
        return data


def _refusal() -> Refusal:
    return Refusal("forbidden", 403, "hub_token_refused", service=SERVICE_NAME)


def _gated(target: type[tornado.web.RequestHandler], gate: HubGate) -> type[Any]:
    """``target`` with the hub's check in front (a socket's ``hello`` rewritten too)."""
    if issubclass(target, tornado.websocket.WebSocketHandler):
        return _gated_socket(target, gate)
    return _gated_handler(target, gate)


def _gated_socket(target: type[tornado.websocket.WebSocketHandler], gate: HubGate) -> type[Any]:
    """The socket ``target`` with the hub's check on its upgrade and on its ``hello``."""

    class GatedSocket(target):  # type: ignore[valid-type,misc]
        hub_identity: HubIdentity | None = None

        async def prepare(self) -> None:  # the upgrade: its Authorization, if any
            token = bearer(self.request.headers.get("Authorization"))
            if token is not None:
                try:
                    self.hub_identity = await gate.identify(
                        token, address_of(self.request, gate.trusted_proxies)
                    )
                except Refusal:
                    raise tornado.web.HTTPError(429) from None
                if self.hub_identity is None:
                    raise tornado.web.HTTPError(403)
            for name in _KEY_HEADERS:
                if name in self.request.headers:
                    del self.request.headers[name]
            if self.hub_identity is not None:
                self.request.remote_ip = f"hub-user:{self.hub_identity.client_id}"
            result = super().prepare()
            if result is not None:
                await result

        async def on_message(self, message: str | bytes) -> None:
            try:
                data = json.loads(message)
            except (ValueError, RecursionError):
                data = None
            if isinstance(data, dict) and data.get("type") == "hello":
                try:
                    who = self.hub_identity or await gate.identify(
                        data.get("class"), address_of(self.request, gate.trusted_proxies)
                    )
                except Refusal:
                    who = None
                if who is None:
                    self.refuse_hub()
                    return
                self.hub_identity = who
                message = json.dumps(gate.hello(data, who))
            elif isinstance(data, dict) and self.hub_identity is None:
                self.refuse_hub()
                return
            await super().on_message(message)

        def refuse_hub(self) -> None:
            lang = self.service.language_of(self.request)
            body = self.service.refusal_json(_refusal(), lang)
            if self.ws_connection is not None:
                self.write_message(json.dumps({"type": "error", **body}))
            self.close(4003)

    GatedSocket.__name__ = f"Hub{target.__name__}"
    return GatedSocket


def _gated_handler(target: type[tornado.web.RequestHandler], gate: HubGate) -> type[Any]:
    """The HTTP handler ``target`` with the hub's check before anything else it does."""

    class Gated(target):  # type: ignore[valid-type,misc]
        async def prepare(self) -> None:
            if self.request.method != "OPTIONS":
                who = await gate.identify_request(self.request)
                if who is None:
                    # the service's own refusal path: the message in the request's language
                    self.lang = self.service.language_of(self.request)
                    raise _refusal()
                gate.stamp(self.request, who)
            result = super().prepare()
            if result is not None:
                await result

    Gated.__name__ = f"Hub{target.__name__}"
    return Gated


def gate_application(app: tornado.web.Application, gate: HubGate) -> tornado.web.Application:
    """Put the hub's check in front of every route of the service's ``app``."""
    for rule in app.wildcard_router.rules:
        target = rule.target
        if isinstance(target, type) and issubclass(target, tornado.web.RequestHandler):
            rule.target = _gated(target, gate)
    return app


def _hub_auth(cache_seconds: int) -> Any:
    auth = importlib.import_module("jupyterhub.services.auth")  # the hub extra: untyped
    hub_auth = auth.HubAuth(cache_max_age=cache_seconds)
    if not hub_auth.access_scopes:  # run beside the hub, not by it: name the scope ourselves
        name = os.environ.get("JUPYTERHUB_SERVICE_NAME") or SERVICE_NAME
        hub_auth.access_scopes = {f"access:services!service={name}"}
    return hub_auth


async def serve(
    store_url: str,
    *,
    class_name: str = "",
    teacher_groups: Iterable[str] = DEFAULT_TEACHER_GROUPS,
    host: str = "127.0.0.1",
    port: int = 0,
    base_url: str = "/",
    auth: Any = None,
    limits: Limits | None = None,
    language: str = "en",
    trusted_proxies: Networks = (),
) -> tuple[RoomsService, tornado.httpserver.HTTPServer, int]:
    """Start the gated service on the running loop; returns (service, server, port).
    ``trusted_proxies``: the proxies whose ``X-Forwarded-For`` names the sender."""
    class_key = secrets.token_urlsafe(24)
    teacher_secret = secrets.token_urlsafe(24)
    config = ServiceConfig(
        store_url,
        {class_name: class_key},
        teacher_secret,
        base_url=base_url,
        limits=limits or Limits(),
        language=language,
    )
    service = RoomsService(config)
    gate = HubGate(
        auth or _hub_auth(CACHE_SECONDS), class_key, teacher_secret, teacher_groups, trusted_proxies
    )
    # Only the hub's proxy reaches the service, so every connection comes from its address:
    # the proxy is the door, and the limits count per hub user instead.
    app = gate_application(service.application(), gate)
    server, bound = listen_with(service, app, host, port, per_address=0)
    return service, server, bound


def _parser() -> Parser:
    parser = Parser(prog="python -m qttt_edu.classroom.hub", description=t("hub_description"))
    parser.add_argument(
        "--store", default=None, metavar=t("hub_store_metavar"), help=t("hub_store_help")
    )
    parser.add_argument(
        "--class",
        dest="class_name",
        default="",
        metavar=t("class_class_metavar"),
        help=t("hub_class_help"),
    )
    parser.add_argument(
        "--teacher-group",
        action="append",
        default=None,
        metavar=t("hub_group_metavar"),
        help=t("hub_group_help", default=", ".join(DEFAULT_TEACHER_GROUPS)),
    )
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        type=proxy_network,
        default=None,
        metavar=t("hub_proxy_metavar"),
        help=t("hub_proxy_help"),
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run as a hub-managed service: the hub's environment says where to listen."""
    args_in = sys.argv[1:] if argv is None else list(argv)
    with speaking(args_in):
        try:
            args = _parser().parse_args(args_in)
        except SystemExit as stop:  # --help, or a usage error already printed
            return exit_status(stop)
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    service_url = os.environ.get("JUPYTERHUB_SERVICE_URL")
    if not service_url or not os.environ.get("JUPYTERHUB_API_TOKEN"):
        print(t("hub_not_under_hub"), file=sys.stderr)
        return 2
    where = urlsplit(service_url)
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{SERVICE_NAME}/")
    store = args.store or os.environ.get("QTTT_ROOMS_URL") or default_url()
    groups = tuple(args.teacher_group or DEFAULT_TEACHER_GROUPS)
    try:
        from_env = proxy_networks(os.environ.get("QTTT_HUB_TRUSTED_PROXIES", "").split(","))
    except argparse.ArgumentTypeError as bad:
        print(f"QTTT_HUB_TRUSTED_PROXIES: {bad}", file=sys.stderr)
        return 2
    trusted = tuple(args.trusted_proxy or ()) + from_env

    async def run() -> None:
        service, _server, port = await serve(
            store,
            class_name=args.class_name,
            teacher_groups=groups,
            host=where.hostname or "127.0.0.1",
            port=where.port or 80,
            base_url=prefix,
            trusted_proxies=trusted,
        )
        settle_collector()
        print(t("hub_listening", url=f"{service_url.rstrip('/')}{prefix}", port=port), flush=True)
        try:
            await asyncio.Event().wait()
        finally:
            service.close()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

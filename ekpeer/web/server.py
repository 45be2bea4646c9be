"""``ekpeer serve``: a web page that seats a browser at one host's tables.

Each browser session gets its own client process (:mod:`ekpeer.web.seat`, run by
Textual's web driver) with its own key, and the page draws that client's terminal with
the xterm.js front end textual-serve ships (its page template is not used: ours loads the
fonts the package ships instead of a web font from the internet).

Trust: the server runs on the host's machine and starts processes there for whoever opens
the page, so

* it listens on loopback unless told otherwise (``--bind``), and only answers requests
  whose ``Host`` names it (a loopback name when bound to loopback, else an IP address or
  one of its own names), which keeps other web sites from reaching it through DNS
  rebinding; a websocket whose ``Origin`` is another site is refused;
* bound beyond loopback it serves HTTPS (:mod:`ekpeer.web.tls`: a certificate given with
  ``--cert``/``--key``, or one made on first start and kept, its fingerprint printed), so
  the password, the seat and the screen never cross the LAN in clear; plain HTTP there only
  with ``--plain-http``, said loudly;
* a browser session is a random id in the page's address (``/seat/ID``), minted here, never
  taken from a request, its folder on disk named by a hash of it; it belongs to the browser
  that took it: a random secret in an HttpOnly cookie (``Secure`` over TLS), whose hash the
  seat keeps. A reload sits back in the same seat; the id alone, seen in a screenshot, a
  history or over someone's shoulder, opens nothing;
* with ``--password`` (the table's password) no process starts until the browser has given
  it (checked here in constant time), and the client then joins with it; wrong guesses are
  counted per address as the host counts them (a few free, then a doubling wait before the
  next is heard, see :class:`ekpeer.net.limits.GuessBook`): a guess from one address never
  waits for another's;
* at most ``--max-sessions`` client processes run at once, and at most
  ``--sessions-per-address`` of them for one address (2 when bound beyond loopback), so one
  machine cannot take every seat; a reload or a second tab of the same session replaces its
  process rather than adding one; a client left on its start screen with no input for
  ``--start-idle`` seconds ends (see ekpeer.web.seat);
* a client process ends with its page (``quit``, then SIGTERM, then SIGKILL to its own
  process group), all of them end when the server stops, and if the server is killed
  outright they end by themselves (their input hangs up; on Linux also SIGTERM as their
  parent dies).
* the clients can only join the host the server was started for (see ekpeer.web.seat).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import html
import ipaddress
import json
import math
import os
import re
import secrets
import signal
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from string import Template
from typing import Any

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from .. import i18n
from ..i18n import N_
from ..net.limits import GuessBook
from . import limits
from .limits import PER_ADDRESS, START_IDLE, START_IDLE_CODE

HERE = Path(__file__).resolve().parent
#: The served page's own script, read once (it is a file of the package, never a request's path).
SEAT_SCRIPT = (HERE / "seat.js").read_text(encoding="utf-8")
SEAT_ID = re.compile(r"^[A-Za-z0-9_-]{20,64}$")
LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}
MAX_WS_MESSAGE = 64 * 1024
MAX_CLOSE_REASON = 123    # bytes of a websocket close frame's reason (RFC 6455)
MAX_OPENED = 255          # characters of the browser's Host passed to its seat (a DNS name's most)
STOP_GRACE = 3.0          # seconds a client has to end after ``quit`` before it is killed
KEEP_SEATS_DAYS = 30      # a browser session's folder (key, seat) unused this long is removed
BROWSER_COOKIE = "ekpeer_browser"     # the browser's secret: which seats are its own
BROWSER_SECRET = re.compile(r"^[A-Za-z0-9_-]{32,64}$")
OWNER_FILE = "owner"      # in a seat's folder: the hash of the secret of the browser that took it


def static_dir() -> Path:
    """The page's assets as textual-serve ships them (xterm.js front end, CSS, fonts)."""
    import textual_serve

    return Path(textual_serve.__file__).resolve().parent / "static"


def seat_command() -> list[str]:
    return [sys.executable, "-m", "ekpeer.web.seat"]


@dataclass
class ServeOptions:
    """What ``ekpeer serve`` was told."""

    address: str                            # the host: tcp://HOST:PORT/KEY
    bind: str = "127.0.0.1"
    port: int = 8080
    table: str | None = None
    password: str | None = None
    max_sessions: int = 8
    sessions_per_address: int | None = None  # None: 2 beyond loopback, max_sessions on loopback
    start_idle: float = START_IDLE          # a client left on its start screen this long ends
    insecure: bool = False
    public_host: str | None = None          # the name browsers use, when not the bound address
    cert: Path | None = None                # TLS: a certificate and key of the user's (PEM)
    key: Path | None = None
    plain_http: bool = False                # beyond loopback without TLS: said loudly
    static: Path | None = None              # another copy of the assets (tests expose the terminal)
    lang: str | None = None                 # ``--lang``: the pages' language, whatever browsers ask
    data: Path | None = None                # where browser sessions keep their keys and seats
    command: list[str] = field(default_factory=seat_command)

    @property
    def per_address(self) -> int:
        """Client processes one address may have at once. On loopback every browser is this
        machine's, so only ``max_sessions`` counts there unless told otherwise."""
        if self.sessions_per_address is not None:
            return max(1, self.sessions_per_address)
        return self.max_sessions if is_loopback(self.bind) else min(PER_ADDRESS, self.max_sessions)

    @property
    def tls(self) -> bool:
        """HTTPS: always beyond loopback (unless ``plain_http``), and wherever a certificate is given."""
        return self.cert is not None or (not is_loopback(self.bind) and not self.plain_http)

    @property
    def endpoint(self) -> str:
        """The host's address without its key (for words and logs)."""
        from ..net.security import split_address

        return split_address(self.address)[0]


def words(text: str) -> str:
    """A sentence for a page, its ``<>&`` escaped (its quotes kept, as written)."""
    return html.escape(text, quote=False)


def page_language(request: web.Request, told: str | None = None, fallback: str | None = None) -> str:
    """The language a browser seat speaks, chosen as every command chooses its own (an explicit
    ``--lang`` over what the surroundings ask for): ``?lang=da`` on the page's address, else
    ``told`` (the server's ``--lang``), else the best of the page request's ``Accept-Language``
    that ekpeer has, else ``fallback`` (the server's own language: ``LANG``), else English."""
    asked = i18n.best(request.query.get("lang")) or i18n.best(told)
    if asked:
        return asked
    return i18n.from_accept_language(request.headers.get("Accept-Language"),
                                     fallback=i18n.best(fallback) or i18n.DEFAULT)


def close_reason(said: str) -> bytes:
    """``said`` as a websocket's close reason, in the seat's language: at most the 123 bytes a
    close frame carries, cut between letters (a Danish æ is two bytes)."""
    data = said.encode("utf-8")
    if len(data) <= MAX_CLOSE_REASON:
        return data
    return data[:MAX_CLOSE_REASON].decode("utf-8", "ignore").encode("utf-8")


def is_loopback(host: str) -> bool:
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def host_name(header: str) -> str:
    """``Host`` header -> the name without its port (``[::1]:8080`` -> ``::1``)."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].split("]", 1)[0]
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


class SeatProcess(AppService):
    """textual-serve's app service for one client, started without a shell in its own process
    group with its own environment, and stopped for sure (``quit``, SIGTERM, SIGKILL)."""

    def __init__(self, argv: list[str], env: dict[str, str], *, write_bytes: Any, write_str: Any,
                 close: Any) -> None:
        super().__init__(" ".join(argv), write_bytes=write_bytes, write_str=write_str, close=close,
                         download_manager=DownloadManager())
        self.argv = argv
        self.extra_env = env
        self._stopped = False

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        env = self._build_environment(width=width, height=height)
        env.update(self.extra_env)
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=env, start_new_session=True)
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def run(self) -> None:
        await super().run()
        # the client ended (quit, crashed): the page says so rather than showing a frozen screen
        with contextlib.suppress(Exception):
            await self.remote_close()

    async def stop(self) -> None:
        if self._stopped:
            return
        self._stopped = True
        process = self._process
        if process is not None and process.returncode is None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.send_meta({"type": "quit"}), 1.0)
            for sig in (signal.SIGTERM, signal.SIGKILL):
                try:
                    await asyncio.wait_for(process.wait(), STOP_GRACE if sig == signal.SIGTERM else 1.0)
                    break
                except TimeoutError:
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.killpg(process.pid, sig)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), 2.0)
        task, self._task = self._task, None
        if task is not None:
            with contextlib.suppress(TimeoutError, asyncio.CancelledError, Exception):
                await asyncio.wait_for(task, 2.0)
        if process is not None:       # whatever is left of its group (it starts none, but be sure)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)


@dataclass
class BrowserSeat:
    """One browser session: its id, its folder, and the client process its page drives."""

    id: str
    folder: Path
    admitted: bool
    process: SeatProcess | None = None
    websocket: web.WebSocketResponse | None = None
    address: str | None = None              # whose process it is (guesser()), while it runs
    owner: str | None = None                # SHA-256 of the secret of the browser that took it
    seen: float = field(default_factory=time.monotonic)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    lang: str = "en"                        # the page request's Accept-Language (or ?lang=), at best


class WebServer:
    def __init__(self, options: ServeOptions, log: Callable[..., None] | None = None) -> None:
        self.options = options
        self.log = log or (lambda event, **fields: None)
        self.static = options.static or static_dir()
        if options.data is not None:
            self.data = options.data
        else:
            from ..net.security import data_dir

            self.data = data_dir() / "web"
        self.seats: dict[str, BrowserSeat] = {}
        self.runner: web.AppRunner | None = None
        self.port = options.port
        self.guesses = GuessBook()
        self._page = Template((HERE / "page.html").read_text())
        self._notice = Template((HERE / "notice.html").read_text())
        self._names = self._own_names()
        self.tls_fingerprint: str | None = None

    def tls_context(self) -> Any:
        """The TLS context to serve with (None: plain HTTP), the certificate made if need be."""
        if not self.options.tls:
            return None
        from . import tls

        if self.options.cert is not None:
            if self.options.key is None:
                raise tls.TlsError("--cert needs --key (the certificate's private key, PEM)")
            cert, key = self.options.cert, self.options.key
        else:
            cert, key = tls.kept_certificate(tls.tls_folder(self.data.parent),
                                             tls.names_for(self.options.bind, self.options.public_host))
        context = tls.server_context(cert, key)
        self.tls_fingerprint = tls.fingerprint(cert)
        return context

    def language(self, request: web.Request) -> str:
        """The language of the page ``request`` asks for (:func:`page_language`): the server's
        ``--lang`` or, without one, its process's language where the browser asks for none of ours."""
        return page_language(request, self.options.lang, i18n.current())

    # ------------------------------------------------------------------ the server
    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=16 * 1024)
        app.add_routes([
            web.get("/", self.handle_index),
            web.post("/", self.handle_admit),
            web.get("/seat/{id}", self.handle_seat),
            web.get("/ws/{id}", self.handle_websocket),
            web.get("/seat.js", self.handle_seat_script),
            web.static("/static", self.static, show_index=False, follow_symlinks=False),
        ])
        app.on_shutdown.append(self._on_shutdown)
        return app

    async def start(self) -> None:
        self.data.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.prune()
        context = self.tls_context()
        self.runner = web.AppRunner(self.make_app(), handle_signals=False, access_log=None)
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.options.bind, self.options.port, reuse_address=True,
                           ssl_context=context)
        await site.start()
        server = getattr(site, "_server", None)
        sockets = getattr(server, "sockets", None) or []
        if sockets:
            self.port = sockets[0].getsockname()[1]
        self.log("serving", url=self.url, host=self.options.endpoint,
                 bind=self.options.bind, port=self.port, max_sessions=self.options.max_sessions,
                 password=self.options.password is not None, per_address=self.options.per_address,
                 start_idle=self.options.start_idle, tls=self.options.tls,
                 fingerprint=self.tls_fingerprint)

    def prune(self, days: float = KEEP_SEATS_DAYS) -> int:
        """Remove the folders of browser sessions unused for ``days`` (their seats are long gone)."""
        import shutil

        cutoff = time.time() - days * 86400
        removed = 0
        for folder in self.data.iterdir():
            try:
                if not folder.is_dir() or folder.is_symlink():
                    continue
                newest = max([folder.stat().st_mtime] + [p.stat().st_mtime for p in folder.iterdir()])
            except OSError:
                continue
            if newest < cutoff:
                shutil.rmtree(folder, ignore_errors=True)
                removed += 1
        return removed

    async def close(self) -> None:
        await self.stop_all()
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None

    async def _on_shutdown(self, app: web.Application) -> None:
        await self.stop_all()

    async def stop_all(self) -> None:
        seats = [s for s in self.seats.values() if s.process is not None]
        await asyncio.gather(*(self._stop(s) for s in seats), return_exceptions=True)

    @property
    def url(self) -> str:
        """What a browser opens: the bound address, or this machine's LAN address when bound to all."""
        host = self.page_host()
        if ":" in host:
            host = f"[{host}]"
        return f"{'https' if self.options.tls else 'http'}://{host}:{self.port}/"

    def page_host(self) -> str:
        """The host part of :attr:`url`: the public name or bound address, the LAN's when bound to all."""
        host = self.options.public_host or self.options.bind
        if host in ("0.0.0.0", "::", ""):
            from ..net.hosted import lan_address

            host = lan_address()
        return host

    def page_for_others(self) -> str:
        """The page a seat's lobby tells others to open (:attr:`url`), or "" when it is on
        loopback: nobody on another machine could open it."""
        return "" if is_loopback(self.page_host()) else self.url

    def live(self) -> int:
        return sum(1 for s in self.seats.values() if s.process is not None)

    def live_from(self, address: str) -> int:
        return sum(1 for s in self.seats.values() if s.process is not None and s.address == address)

    # ------------------------------------------------------------------ who may ask
    def _own_names(self) -> set[str]:
        names = {n.lower() for n in (self.options.bind, self.options.public_host) if n}
        with contextlib.suppress(OSError):
            names.add(socket.gethostname().lower())
            names.add(socket.getfqdn().lower())
        return names

    def host_allowed(self, header: str) -> bool:
        name = host_name(header)
        if not name:
            return False
        if is_loopback(self.options.bind):
            return is_loopback(name) or name in self._names
        if name in self._names or is_loopback(name):
            return True
        try:
            ipaddress.ip_address(name)     # a bare address: no DNS name an attacker could rebind
            return True
        except ValueError:
            return False

    @web.middleware
    async def _guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if not self.host_allowed(request.host or ""):
            said = i18n.speaker(self.language(request))(N_("this ekpeer server does not answer to that name"))
            return web.Response(status=421, text=said + "\n")
        response = await handler(request)
        if isinstance(response, web.Response) and response.content_type == "text/html":
            response.headers.setdefault("Cache-Control", "no-store")
            response.headers.setdefault("Referrer-Policy", "no-referrer")
            response.headers.setdefault("X-Frame-Options", "DENY")
            response.headers.setdefault("X-Content-Type-Options", "nosniff")
            response.headers.setdefault(
                "Content-Security-Policy",
                "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                "connect-src 'self' ws: wss:; img-src 'self' data: blob:; font-src 'self'; "
                "frame-ancestors 'none'; form-action 'self'")
        return response

    # ------------------------------------------------------------------ seats
    def folder_for(self, seat_id: str) -> Path:
        return self.data / hashlib.sha256(seat_id.encode()).hexdigest()[:32]

    def new_seat(self, owner: str) -> BrowserSeat:
        self._forget_idle()
        seat_id = secrets.token_urlsafe(18)
        seat = BrowserSeat(seat_id, self.folder_for(seat_id), admitted=True, owner=owner)
        self.seats[seat_id] = seat
        return seat

    # ------------------------------------------------------------------ whose seat
    @staticmethod
    def browser_secret(request: web.Request) -> str | None:
        """The secret the browser holds in its cookie (None: none, or not one of ours)."""
        value = request.cookies.get(BROWSER_COOKIE, "")
        return value if BROWSER_SECRET.match(value) else None

    @staticmethod
    def owner_of(secret: str) -> str:
        return hashlib.sha256(secret.encode()).hexdigest()

    def mine(self, seat: BrowserSeat, request: web.Request) -> bool:
        """Did the browser asking take ``seat``? (Its cookie's secret hashes to the seat's owner.)"""
        secret = self.browser_secret(request)
        return seat.owner is not None and secret is not None \
            and hmac.compare_digest(self.owner_of(secret), seat.owner)

    def seat_for(self, request: web.Request, seat: BrowserSeat | None = None) -> web.Response:
        """A redirect to ``seat`` (a new one of this browser's if None), the browser's secret
        set in a cookie where it had none: HttpOnly (no script reads it), Secure over TLS."""
        secret = self.browser_secret(request)
        fresh = secret is None
        if secret is None:
            secret = secrets.token_urlsafe(32)
        if seat is None:
            seat = self.new_seat(self.owner_of(secret))
        response = web.Response(status=303, headers={"Location": f"/seat/{seat.id}"})
        if fresh:
            response.set_cookie(BROWSER_COOKIE, secret, max_age=KEEP_SEATS_DAYS * 86400, path="/",
                                httponly=True, secure=request.secure, samesite="Lax")
        return response

    def not_yours(self, lang: str | None = None) -> web.Response:
        _ = i18n.speaker(lang)      # the page's language (its request's Accept-Language)
        own = '<a href="/">' + words(_("Take a seat of your own")) + "</a>"
        said = words(_("This seat belongs to the browser that took it. {own}.")).format(own=own)
        return self.notice(f"<h2>ekpeer</h2><p>{said}</p>", lang, status=403)

    def known_seat(self, seat_id: str) -> BrowserSeat | None:
        """A seat this server minted: in memory, or (after a restart) by its folder on disk."""
        if not SEAT_ID.match(seat_id):
            return None
        seat = self.seats.get(seat_id)
        if seat is None:
            folder = self.folder_for(seat_id)
            if not folder.is_dir():
                return None
            try:        # a folder with no owner (an older server's) is nobody's: never adopted
                owner = (folder / OWNER_FILE).read_text(encoding="ascii").strip() or None
            except (OSError, ValueError):
                return None
            self._forget_idle()
            seat = self.seats[seat_id] = BrowserSeat(seat_id, folder, admitted=self.options.password is None,
                                                     owner=owner)
        seat.seen = time.monotonic()
        return seat

    def _forget_idle(self) -> None:
        """Ids handed out but never used stay bounded (a page fetched over and over)."""
        limit = 4 * self.options.max_sessions + 64
        idle = sorted((s for s in self.seats.values() if s.process is None), key=lambda s: s.seen)
        for seat in idle[: max(0, len(self.seats) + 1 - limit)]:
            self.seats.pop(seat.id, None)

    # ------------------------------------------------------------------ pages
    def notice(self, body: str, lang: str | None, status: int = 200, title: str = "ekpeer") -> web.Response:
        """A page of ``body`` (HTML: any words in it escaped with :func:`words`) in ``lang``, which
        its ``<html lang>`` says (a browser's reader, spelling and translation offer go by it)."""
        text = self._notice.substitute(title=html.escape(title), body=body,
                                       lang=html.escape(i18n.best(lang) or i18n.DEFAULT))
        return web.Response(text=text, status=status, content_type="text/html")

    def password_form(self, seat_id: str = "", wrong: bool = False, wait: float = 0.0,
                      status: int | None = None, lang: str | None = None) -> web.Response:
        _ = i18n.speaker(lang)      # the page's language (its request's Accept-Language)
        hidden = f'<input type="hidden" name="seat" value="{html.escape(seat_id)}">' if seat_id else ""
        said = "<p>" + words(_("That is not the table's password.")) + "</p>" if wrong else ""
        if wait > 0:
            said += "<p>" + words(_("Too many wrong passwords from your address: the next one is heard in "
                                    "{seconds} s.").format(seconds=math.ceil(wait))) + "</p>"
        table = html.escape(self.options.table or _("this host's tables"))
        body = (f"<h2>ekpeer</h2>{said}<p>"
                + words(_("A seat at {table} needs the table's password.")).format(table=table) + "</p>"
                f'<form method="post" action="/">{hidden}'
                '<input type="password" name="password" autofocus autocomplete="current-password" '
                f'maxlength="64"> <button type="submit">{words(_("Join"))}</button></form>')
        response = self.notice(body, lang, status=status or (403 if wrong else 200))
        if wait > 0:
            response.headers["Retry-After"] = str(math.ceil(wait))
        return response

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if self.options.password is not None:
            return self.password_form(lang=self.language(request))
        return self.seat_for(request)

    async def handle_admit(self, request: web.Request) -> web.StreamResponse:
        form = await request.post()
        given = str(form.get("password") or "")
        seat_id = str(form.get("seat") or "")
        want = self.options.password
        if want is None:
            raise web.HTTPSeeOther("/")
        who = [guesser(request.remote)]
        now = asyncio.get_running_loop().time()
        asked = self.known_seat(seat_id) if seat_id else None
        asked = asked if asked is not None and self.mine(asked, request) else None
        known = asked.id if asked is not None else ""
        wait = self.guesses.wait(who, now)
        if wait > 0:              # not heard at all, right or wrong: nothing is learnt by guessing now
            return self.password_form(known, wait=wait, status=429, lang=self.language(request))
        if not given:
            return self.password_form(known, lang=self.language(request))
        if not hmac.compare_digest(given.encode(), want.encode()):
            owed = self.guesses.wrong(who, now)
            self.log("wrong_password", peer=request.remote, wait=round(owed, 1))
            return self.password_form(known, wrong=True, wait=owed, lang=self.language(request))
        if asked is not None:
            asked.admitted = True
            return self.seat_for(request, asked)
        return self.seat_for(request)           # a new seat is admitted: it was minted here, now

    async def handle_seat(self, request: web.Request) -> web.StreamResponse:
        seat = self.known_seat(request.match_info["id"])
        if seat is None:
            raise web.HTTPSeeOther("/")
        if not self.mine(seat, request):
            self.log("not_yours", seat=seat.id[:6], peer=request.remote)
            return self.not_yours(self.language(request))
        if not seat.admitted:
            return self.password_form(seat.id, lang=self.language(request))
        if seat.process is None and self.live() >= self.options.max_sessions:
            return self.full(self.language(request))
        if seat.process is None and self.live_from(guesser(request.remote)) >= self.options.per_address:
            return self.full_for_you(self.language(request))
        seat.lang = self.language(request)
        ws_scheme = "wss" if request.secure else "ws"
        font_size = request.query.get("fontsize", "16")
        _ = i18n.speaker(seat.lang)     # the page's own sentences, as the seat's words
        text = self._page.substitute(
            title="ekpeer", seat_url=html.escape(f"/seat/{seat.id}"), lang=html.escape(seat.lang),
            starting=html.escape(_("Starting your ekpeer seat…")),
            ended=html.escape(_("Your ekpeer page has ended (your seat at a table is kept for a while; "
                                "a page left on its start screen ends after a few minutes).")),
            back=html.escape(_("Back to my seat")),
            ws_url=html.escape(f"{ws_scheme}://{request.host}/ws/{seat.id}"),
            font_size=str(int(font_size)) if font_size.isdigit() and 8 <= int(font_size) <= 40 else "16")
        return web.Response(text=text, content_type="text/html")

    async def handle_seat_script(self, request: web.Request) -> web.Response:
        """The page's own script (``seat.js``: the terminal takes the keys from the start)."""
        return web.Response(text=SEAT_SCRIPT, content_type="application/javascript",
                            headers={"Cache-Control": "no-cache"})

    def full(self, lang: str | None = None) -> web.Response:
        _ = i18n.speaker(lang)
        again = '<a href="">' + words(_("try again")) + "</a>"
        said = words(_("All {n} browser seats of this server are taken. Ask the host, or {again} in a "
                       "moment.")).format(n=self.options.max_sessions, again=again)
        return self.notice(f"<h2>ekpeer</h2><p>{said}</p>", lang, status=503)

    def full_for_you(self, lang: str | None = None) -> web.Response:
        _ = i18n.speaker(lang)
        n = self.options.per_address
        again = '<a href="">' + words(_("try again")) + "</a>"
        if n == 1:
            text = _("Your address has {n} browser seat of this server open already: close one of its "
                     "pages, then {again}.")
        else:
            text = _("Your address has {n} browser seats of this server open already: close one of its "
                     "pages, then {again}.")
        return self.notice(f"<h2>ekpeer</h2><p>{words(text).format(n=n, again=again)}</p>", lang, status=429)

    # ------------------------------------------------------------------ the terminal
    def origin_allowed(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        if origin is None:          # not a browser page (a browser always sends it on a websocket)
            return True
        netloc = origin.split("://", 1)[-1].rstrip("/")
        return bool(request.host) and hmac.compare_digest(netloc.lower(), request.host.lower())

    def seat_env(self, seat: BrowserSeat, opened: str = "") -> dict[str, str]:
        """The seat process's environment. ``opened``: the address the browser opened (its
        ``Host``, one :meth:`host_allowed` let in), which the seat's title says: the friend
        typed it, while the host's address is this machine's to reach (often loopback)."""
        env = {"EKPEER_DATA_DIR": str(seat.folder), "EKPEER_WEB_ADDRESS": self.options.address,
               "EKPEER_WEB_OPENED": opened[:MAX_OPENED],
               "EKPEER_WEB_TABLE": self.options.table or "", "EKPEER_WEB_PASSWORD": "",
               "EKPEER_WEB_INSECURE": "1" if self.options.insecure else "",
               "EKPEER_WEB_PARENT": str(os.getpid()), "EKPEER_NO_DISCOVERY": "1",
               "EKPEER_WEB_START_IDLE": str(self.options.start_idle),
               "EKPEER_WEB_LANG": seat.lang, "EKPEER_WEB_PAGE": self.page_for_others(),
               "PYTHONUNBUFFERED": "1"}
        if self.options.password is not None:
            env["EKPEER_WEB_PASSWORD"] = self.options.password
        return env

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        seat = self.known_seat(request.match_info["id"])
        if seat is None or not seat.admitted or not self.mine(seat, request):
            raise web.HTTPForbidden(text="no such seat\n")
        if not self.origin_allowed(request):
            raise web.HTTPForbidden(text="this page belongs to another site\n")
        width = _size(request.query.get("width"), 80)
        height = _size(request.query.get("height"), 24)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_WS_MESSAGE)
        async with seat.lock:
            replacing = seat.process is not None
            if replacing:                   # a reload or a second tab: the newest page has the seat
                await self._stop(seat)
            address = guesser(request.remote)
            refused = None
            if self.live() >= self.options.max_sessions:
                refused = N_("all browser seats are taken")
            elif self.live_from(address) >= self.options.per_address:
                refused = N_("this address has all the browser seats it may have")
            if refused is not None:
                await websocket.prepare(request)
                await websocket.close(code=1013, message=close_reason(i18n.speaker(seat.lang)(refused)))
                self.log("refused_full", seat=seat.id[:6], live=self.live(), peer=request.remote,
                         why=refused)
                return websocket
            await websocket.prepare(request)
            seat.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            os.utime(seat.folder)           # in use: not pruned (see prune)
            _write_owner(seat.folder / OWNER_FILE, seat.owner or "")
            process = SeatProcess(self.options.command, self.seat_env(seat, request.host or ""),
                                  write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                                  close=websocket.close)
            seat.process, seat.websocket, seat.address = process, websocket, address
            await process.start(width, height)
            self.log("seat_started", seat=seat.id[:6], pid=process.pid, live=self.live(), replaced=replacing)
        try:
            await self._pump(websocket, process, (width, height))
        finally:
            if seat.process is process:
                await self._stop(seat)
            else:
                await process.stop()
        return websocket

    async def _pump(self, websocket: web.WebSocketResponse, process: SeatProcess,
                    size: tuple[int, int]) -> None:
        """The page's messages to its client: keys, sizes, focus; anything else is ignored.
        Within budgets (ekpeer/web/limits.py): past them, the next message is read only once
        the budget is back, so a flood slows its own page and costs its client little."""
        loop = asyncio.get_running_loop()
        messages = limits.Budget(limits.MESSAGES_PER_SECOND, limits.MESSAGES_BURST, loop.time())
        keys = limits.Budget(limits.STDIN_PER_SECOND, limits.STDIN_BURST, loop.time())
        resizer = Resizer(process, size)
        try:
            async for message in websocket:
                if websocket.closed:      # closing (the client ended, the server stops): what the
                    continue              # page sent before its close is read fast and dropped
                wait = messages.spend(1, loop.time())
                if wait > 0:
                    await asyncio.sleep(wait)
                if message.type != WSMsgType.TEXT:
                    continue
                try:
                    envelope = json.loads(message.data)
                except ValueError:
                    continue
                if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
                    continue
                kind = envelope[0]
                data = envelope[1] if len(envelope) > 1 else None
                if kind == "stdin" and isinstance(data, str):
                    typed = data.encode("utf-8")
                    wait = keys.spend(len(typed), loop.time())
                    if wait > 0:
                        await asyncio.sleep(wait)
                    await process.send_bytes(typed)
                elif kind == "resize" and isinstance(data, dict):
                    resizer.want(_size(data.get("width"), 80), _size(data.get("height"), 24))
                elif kind == "ping" and isinstance(data, str):
                    await websocket.send_json(["pong", data[:32]])
                elif kind == "blur":
                    await process.blur()
                elif kind == "focus":
                    await process.focus()
        finally:
            resizer.cancel()

    async def _stop(self, seat: BrowserSeat) -> None:
        process, websocket = seat.process, seat.websocket
        seat.process, seat.websocket = None, None
        seat.seen = time.monotonic()
        if process is not None:
            await process.stop()
            code = process._process.returncode if process._process is not None else None
            self.log("seat_ended", seat=seat.id[:6], pid=process.pid, code=code,
                     **({"why": "left on the start screen"} if code == START_IDLE_CODE else {}))
        if websocket is not None and not websocket.closed:
            with contextlib.suppress(Exception):
                await websocket.close()


class Resizer:
    """A page's sizes for its client: the latest one, at most every ``RESIZE_EVERY`` seconds,
    and only when it changed (a window dragged sends dozens; a hostile page, thousands)."""

    def __init__(self, process: SeatProcess, size: tuple[int, int]) -> None:
        self.process = process
        self.applied = self.wanted = size
        self.next_at = 0.0
        self.task: asyncio.Task | None = None

    def want(self, width: int, height: int) -> None:
        self.wanted = (width, height)
        if self.wanted != self.applied and (self.task is None or self.task.done()):
            self.task = asyncio.create_task(self._apply())

    async def _apply(self) -> None:
        loop = asyncio.get_running_loop()
        while self.wanted != self.applied:
            wait = self.next_at - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            self.applied = size = self.wanted
            self.next_at = loop.time() + limits.RESIZE_EVERY
            with contextlib.suppress(Exception):
                await self.process.set_terminal_size(*size)

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()


def _write_owner(path: Path, owner: str) -> None:
    """Whose seat the folder is, for a server restarted later (0600: it is a seat's key)."""
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as fh:
            fh.write(owner)


def guesser(remote: str | None) -> str:
    """Who a password guess is counted against: its address (an IPv6 address by its /64, the
    block one machine may pick new addresses from at will)."""
    try:
        address = ipaddress.ip_address((remote or "").split("%", 1)[0])
    except ValueError:
        return f"addr:{remote}"
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return f"addr:{address.ipv4_mapped}"
        return f"addr:{ipaddress.ip_network(f'{address}/64', strict=False)}"
    return f"addr:{address}"


def _size(value: Any, default: int) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return default
    return min(max(number, 10), 500)


def print_logger(event: str, **fields: Any) -> None:
    """``ekpeer serve``'s log: one JSON line per event, like the headless host's."""
    print(json.dumps({"t": round(time.time(), 3), "event": event, **fields}), flush=True)


async def serve(options: ServeOptions, log: Callable[..., None] = print_logger) -> int:
    """Serve until SIGINT or SIGTERM; every client process ends before this returns."""
    from .tls import TlsError

    server = WebServer(options, log)
    try:
        await server.start()
    except TlsError as exc:
        log("tls_failed", error=str(exc))
        print(f"ekpeer serve: {exc}", file=sys.stderr, flush=True)
        return 2
    except OSError as exc:
        log("bind_failed", bind=options.bind, port=options.port, error=str(exc))
        return 2
    _ = i18n._      # the server's own words, in its process's language (--lang, LANG)
    print(_("ekpeer serve: open {url} in a browser to take a seat at "
            "{endpoint} (ctrl+c stops)").format(url=server.url, endpoint=options.endpoint),
          file=sys.stderr, flush=True)
    if server.tls_fingerprint is not None:
        print(_("ekpeer serve: its certificate's SHA-256 fingerprint is {fingerprint}\n"
                "  A browser warns about a certificate it cannot check: go on only if the fingerprint "
                "it shows is this one.").format(fingerprint=server.tls_fingerprint),
              file=sys.stderr, flush=True)
    elif not is_loopback(options.bind):
        print(_("ekpeer serve: WARNING: plain HTTP on the network (--plain-http): anyone on it reads "
                "the table password, every seat's screen and what is typed. Leave --plain-http out "
                "to serve HTTPS."), file=sys.stderr, flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        with contextlib.suppress(NotImplementedError, ValueError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        log("stopping", live=server.live())
        await server.close()
    return 0

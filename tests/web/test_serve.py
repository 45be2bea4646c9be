"""``ekpeer serve`` without a browser: who may ask, the password, the cap, and that every
client process it starts ends (with its page, with the server, and when the server is
killed outright). Most tests run the server in process with a stand-in client (a few lines
of Python speaking the web driver's framing), so they take no Textual start-up."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
from pathlib import Path

import aiohttp
import pytest
import zmq

from ekpeer.cli import build_parser
from ekpeer.web import server as web_server
from ekpeer.web.server import ServeOptions, WebServer, host_name

from .support import EKPEER, ServeProcess, alive, wait_until

ADDRESS = "tcp://127.0.0.1:9#" + zmq.curve_keypair()[0].decode()

# A stand-in client: says it is a Textual app, draws one frame, then leaves on "quit" (or
# ignores quit and SIGTERM when told to be stubborn).
STAND_IN = r"""
import os, signal, sys
if "stubborn" in sys.argv:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
os.write(1, b"__GANGLION__\n")
opened = os.environ.get("EKPEER_WEB_OPENED", "")
frame = ("seat " + os.environ["EKPEER_DATA_DIR"] + " opened " + opened).encode()
os.write(1, b"D" + len(frame).to_bytes(4, "big") + frame)
while True:
    chunk = os.read(0, 4096)
    if not chunk:
        break
    if b'"quit"' in chunk and "stubborn" not in sys.argv:
        break
"""


def stand_in(*flags: str) -> list[str]:
    return [sys.executable, "-c", STAND_IN, *flags]


def browser_session() -> aiohttp.ClientSession:
    """An HTTP client that keeps the cookies it is given (from a bare IP too), as a browser does:
    a seat belongs to the browser whose cookie took it."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


class Running:
    def __init__(self, server: WebServer, session: aiohttp.ClientSession) -> None:
        self.server = server
        self.http = session
        self.base = server.url.rstrip("/")

    async def new_seat(self) -> str:
        async with self.http.get(self.base + "/", allow_redirects=False) as r:
            assert r.status == 303
            return r.headers["Location"].rsplit("/", 1)[-1]

    async def connect(self, seat: str) -> aiohttp.ClientWebSocketResponse:
        ws = await self.http.ws_connect(f"{self.base.replace('http', 'ws')}/ws/{seat}?width=80&height=24")
        return ws


async def first_frame(ws: aiohttp.ClientWebSocketResponse) -> bytes:
    msg = await asyncio.wait_for(ws.receive(), 10)
    assert msg.type == aiohttp.WSMsgType.BINARY, msg
    return msg.data


async def until(pred, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)


@pytest.fixture
async def serve(tmp_path, monkeypatch):
    monkeypatch.setattr(web_server, "STOP_GRACE", 0.5)
    started: list[Running] = []
    records: list[tuple[str, dict]] = []

    async def make(**options) -> Running:
        opts = ServeOptions(address=ADDRESS, port=0, data=tmp_path / "web", command=stand_in(), **options)
        server = WebServer(opts, log=lambda event, **f: records.append((event, f)))
        await server.start()
        running = Running(server, browser_session())
        running.records = records  # type: ignore[attr-defined]
        started.append(running)
        return running

    yield make
    for r in started:
        await r.http.close()
        await r.server.close()


def pids(running: Running) -> list[int]:
    return [f["pid"] for e, f in running.records if e == "seat_started"]  # type: ignore[attr-defined]


def test_it_listens_on_loopback_unless_told_otherwise():
    args = build_parser().parse_args(["serve", ADDRESS])
    assert args.bind == "127.0.0.1" and args.max_sessions >= 1 and args.password is None


def test_without_an_address_it_serves_this_users_host_on_its_default_port(tmp_path, monkeypatch):
    from ekpeer.cli_web import default_address
    from ekpeer.net import security

    monkeypatch.setenv("EKPEER_DATA_DIR", str(tmp_path))
    assert default_address() is None                # no host ever ran here as this user
    public, _ = security.load_keypair("host", tmp_path)
    assert default_address() == security.join_address("tcp://127.0.0.1:5555", public)


def test_an_address_without_the_hosts_key_is_refused(tmp_path):
    import subprocess

    done = subprocess.run([*EKPEER, "serve", "tcp://127.0.0.1:9", "--port", "0"], capture_output=True,
                          text=True, timeout=30, env=dict(os.environ, EKPEER_DATA_DIR=str(tmp_path)))
    assert done.returncode == 2 and "no host key" in done.stderr


def test_only_its_own_names_may_ask():
    loop_only = WebServer(ServeOptions(address=ADDRESS, data=Path("/nonexistent")))
    assert loop_only.host_allowed("127.0.0.1:8080") and loop_only.host_allowed("localhost:8080")
    assert loop_only.host_allowed("[::1]:8080")
    assert not loop_only.host_allowed("evil.example:8080")       # a rebound DNS name
    assert not loop_only.host_allowed("192.168.1.20:8080")
    lan = WebServer(ServeOptions(address=ADDRESS, bind="0.0.0.0", data=Path("/nonexistent")))
    assert lan.host_allowed("192.168.1.20:8080") and lan.host_allowed("localhost")
    assert not lan.host_allowed("evil.example")
    assert host_name("[::1]:80") == "::1" and host_name("Example.ORG:1") == "example.org"


def test_a_seat_is_told_the_page_others_open_unless_only_this_machine_could(monkeypatch):
    from ekpeer.net import hosted
    from ekpeer.web.server import BrowserSeat

    monkeypatch.setattr(hosted, "lan_address", lambda: "192.168.1.20")
    seat = BrowserSeat("s", Path("/nonexistent"), admitted=True)
    loop_only = WebServer(ServeOptions(address=ADDRESS, data=Path("/nonexistent")))
    assert loop_only.seat_env(seat)["EKPEER_WEB_PAGE"] == ""
    lan = WebServer(ServeOptions(address=ADDRESS, bind="0.0.0.0", data=Path("/nonexistent")))
    assert lan.seat_env(seat)["EKPEER_WEB_PAGE"] == "https://192.168.1.20:8080/"   # TLS on the LAN


async def test_a_seat_is_told_the_address_its_browser_opened(serve):
    """The seat's title named the host as the server reaches it (``tcp://127.0.0.1:5555``),
    which the friend never saw: the seat is told the address the browser opened instead."""
    running = await serve()
    seat = await running.new_seat()
    ws = await running.connect(seat)
    frame = await first_frame(ws)
    opened = running.base.split("://", 1)[1]        # 127.0.0.1:PORT, as this browser asked for it
    assert frame.endswith(f" opened {opened}".encode()), frame
    await ws.close()


async def test_requests_naming_another_host_or_from_another_site_are_refused(serve):
    running = await serve()
    async with running.http.get(running.base + "/", headers={"Host": "evil.example"},
                                allow_redirects=False) as r:
        assert r.status == 421
    seat = await running.new_seat()
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await running.http.ws_connect(f"{running.base.replace('http', 'ws')}/ws/{seat}",
                                      headers={"Origin": "http://evil.example"})
    assert refused.value.status == 403
    with pytest.raises(aiohttp.WSServerHandshakeError):    # an id this server never minted
        await running.connect("A" * 24)
    assert not pids(running)


async def test_the_page_loads_nothing_from_elsewhere(serve):
    running = await serve()
    seat = await running.new_seat()
    async with running.http.get(f"{running.base}/seat/{seat}") as r:
        page = await r.text()
        assert r.status == 200 and "no-store" in r.headers["Cache-Control"]
        assert "default-src 'self'" in r.headers["Content-Security-Policy"]
    assert "googleapis" not in page and "https://" not in page
    assert "/static/fonts/RobotoMono" in page and f"/ws/{seat}" in page
    for asset in ("/static/js/textual.js", "/static/css/xterm.css",
                  "/static/fonts/RobotoMono-VariableFont_wght.ttf"):
        async with running.http.get(running.base + asset) as r:
            assert r.status == 200, asset
    async with running.http.get(running.base + "/static/../server.py") as r:
        assert r.status in (403, 404)
    # its one script of its own is served from here, as the policy wants (no inline script)
    assert '<script src="/seat.js">' in page and "<script>" not in page
    async with running.http.get(running.base + "/seat.js") as r:
        assert r.status == 200 and r.content_type == "application/javascript"
        assert ".xterm-helper-textarea" in await r.text()


async def test_the_pages_own_sentences_are_in_the_seats_language(serve):
    """"Starting your ekpeer seat…" and the ended page's words were English under ?lang=da."""
    running = await serve()
    seat = await running.new_seat()
    async with running.http.get(f"{running.base}/seat/{seat}?lang=da") as r:
        page = await r.text()
    assert '<html lang="da">' in page
    assert "Starting your ekpeer seat" not in page and "Back to my seat" not in page
    async with running.http.get(f"{running.base}/seat/{seat}") as r:
        page = await r.text()
    assert '<html lang="en">' in page and "Starting your ekpeer seat…" in page


async def test_the_table_password_is_asked_before_any_client_starts(serve):
    running = await serve(password="sesame")
    async with running.http.get(running.base + "/", allow_redirects=False) as r:
        assert r.status == 200 and 'type="password"' in await r.text()
    async with running.http.post(running.base + "/", data={"password": "guess"}, allow_redirects=False) as r:
        assert r.status == 403 and "not the table's password" in await r.text()
    assert not running.server.seats
    async with running.http.post(running.base + "/", data={"password": "sesame"}, allow_redirects=False) as r:
        assert r.status == 303
        seat = r.headers["Location"].rsplit("/", 1)[-1]
    ws = await running.connect(seat)
    await first_frame(ws)
    assert running.server.seat_env(running.server.seats[seat])["EKPEER_WEB_PASSWORD"] == "sesame"
    await ws.close()


async def test_sessions_are_capped_and_a_reload_replaces_its_own_client(serve):
    running = await serve(max_sessions=1)
    a, b = await running.new_seat(), await running.new_seat()
    ws_a = await running.connect(a)
    frame = await first_frame(ws_a)
    assert running.server.seats[a].folder.name.encode() in frame    # its own folder (key, seat)
    async with running.http.get(f"{running.base}/seat/{b}") as r:
        assert r.status == 503 and "All 1 browser seats" in await r.text()
    ws_b = await running.connect(b)
    msg = await asyncio.wait_for(ws_b.receive(), 10)
    assert msg.type == aiohttp.WSMsgType.CLOSE and ws_b.close_code == 1013
    first = pids(running)[0]
    ws_a2 = await running.connect(a)                 # the same session again: a reload
    await first_frame(ws_a2)
    assert len(pids(running)) == 2 and running.server.live() == 1
    await until(lambda: not alive(first), 5, "the replaced client to end")
    await ws_a2.close()
    await until(lambda: running.server.live() == 0, 5, "the page's client to end")
    await until(lambda: not alive(pids(running)[1]), 5, "the client to end")
    async with running.http.get(f"{running.base}/seat/{b}") as r:
        assert r.status == 200
    await ws_a.close()


async def test_a_client_that_will_not_end_is_killed_when_its_page_closes(serve):
    running = await serve()
    running.server.options.command = stand_in("stubborn")
    seat = await running.new_seat()
    ws = await running.connect(seat)
    await first_frame(ws)
    pid = pids(running)[0]
    await ws.close()
    await until(lambda: not alive(pid), web_server.STOP_GRACE + 5, "the stubborn client to be killed")


async def test_stopping_the_server_ends_every_client(serve):
    running = await serve()
    sockets = []
    for _ in range(3):
        ws = await running.connect(await running.new_seat())
        await first_frame(ws)
        sockets.append(ws)
    assert running.server.live() == 3
    await running.server.close()
    assert not [p for p in pids(running) if alive(p)]
    for ws in sockets:
        await ws.close()


def test_a_killed_server_leaves_no_client_behind(tmp_path):
    """The real client (``python -m ekpeer.web.seat``) ends by itself when its server is killed
    outright and cannot stop it: its input hangs up, and it is its parent-death signal."""
    serve = ServeProcess([ADDRESS, "--port", "0"], tmp_path / "web")
    try:
        async def open_page() -> None:
            async with browser_session() as http:
                async with http.get(serve.url, allow_redirects=False) as r:
                    seat = r.headers["Location"].rsplit("/", 1)[-1]
                ws = await http.ws_connect(f"{serve.url.replace('http', 'ws')}ws/{seat}?width=80&height=24")
                drawn = b""
                deadline = time.monotonic() + 20
                while b"Your name" not in drawn and time.monotonic() < deadline:
                    msg = await asyncio.wait_for(ws.receive(), 20)
                    if msg.type == aiohttp.WSMsgType.BINARY:
                        drawn += msg.data
                assert b"Your name" in drawn
                os.kill(serve.proc.pid, signal.SIGKILL)      # while the page is still open
                await ws.close()

        asyncio.run(open_page())
        pid = serve.pids()[0]
        wait_until(lambda: not alive(pid), 10, "the client of a killed server to end")
    finally:
        serve.stop()
    assert json.dumps(serve.records)   # the log is JSON lines


def test_folders_of_sessions_long_unused_are_removed(tmp_path):
    server = WebServer(ServeOptions(address=ADDRESS, data=tmp_path))
    old, recent = tmp_path / "old", tmp_path / "recent"
    for folder in (old, recent):
        (folder / "keys").mkdir(parents=True)
    long_ago = time.time() - (web_server.KEEP_SEATS_DAYS + 1) * 86400
    for path in (old / "keys", old):
        os.utime(path, (long_ago, long_ago))
    assert server.prune() == 1
    assert not old.exists() and recent.exists()


async def test_a_seat_folder_with_no_owner_is_nobodys(serve):
    """A seat kept on disk by an older server (no owner recorded) is not adopted by whichever
    browser brings its id first: that browser is sent for a seat of its own."""
    running = await serve()
    seat = await running.new_seat()
    ws = await running.connect(seat)
    await first_frame(ws)
    await ws.close()
    folder = running.server.seats[seat].folder
    assert (folder / web_server.OWNER_FILE).read_text() == running.server.seats[seat].owner
    running.server.seats.clear()                          # as a restarted server knows it: from disk
    async with running.http.get(f"{running.base}/seat/{seat}", allow_redirects=False) as r:
        assert r.status == 200                            # its own browser sits back
    running.server.seats.clear()
    (folder / web_server.OWNER_FILE).unlink()
    async with running.http.get(f"{running.base}/seat/{seat}", allow_redirects=False) as r:
        assert r.status == 303 and r.headers["Location"] == "/"


def test_password_guesses_are_counted_by_address_an_ipv6_one_by_its_64():
    assert web_server.guesser("2001:db8:1:2::1") == web_server.guesser("2001:db8:1:2:ffff::9")
    assert web_server.guesser("2001:db8:1:3::1") != web_server.guesser("2001:db8:1:2::1")
    assert web_server.guesser("::ffff:192.168.1.20") == web_server.guesser("192.168.1.20")


async def test_the_servers_refusals_are_in_the_browsers_language(serve):
    """A Danish browser read "All 1 browser seats of this server are taken" in a page marked
    ``lang="en"``, a name the server does not answer to in English, and its websocket was
    closed with English words."""
    running = await serve(max_sessions=1)
    danish = {"Accept-Language": "da-DK,da;q=0.9,en;q=0.5"}
    async with running.http.get(running.base + "/", headers={**danish, "Host": "evil.example"},
                                allow_redirects=False) as r:
        assert r.status == 421 and "svarer ikke" in await r.text()
    a, b = await running.new_seat(), await running.new_seat()
    ws_a = await running.connect(a)
    await first_frame(ws_a)
    async with running.http.get(f"{running.base}/seat/{b}", headers=danish) as r:
        page = await r.text()
    assert r.status == 503 and '<html lang="da">' in page and "browserpladser" in page, page
    assert "browser seats" not in page
    running.server.seats[b].lang = "da"          # as its page was served, before the first filled up
    ws_b = await running.connect(b)
    msg = await asyncio.wait_for(ws_b.receive(), 10)
    assert msg.type == aiohttp.WSMsgType.CLOSE and ws_b.close_code == 1013
    assert msg.extra == "alle browserpladser er taget", msg
    records = running.records   # type: ignore[attr-defined]
    await until(lambda: any(e == "refused_full" for e, _f in records), 5, "the refusal's log line")
    assert [f["why"] for e, f in records if e == "refused_full"] == ["all browser seats are taken"]
    await ws_a.close()


async def test_the_servers_own_lang_speaks_to_every_browser_unless_the_page_asks(serve):
    """``ekpeer serve --lang da`` served English pages to every browser, as ``--lang`` on any
    other command overrides what the surroundings ask for; ``?lang=`` is the page's own choice."""
    running = await serve(password="sesame", lang="da")
    english = {"Accept-Language": "en-US,en;q=0.9"}
    async with running.http.get(running.base + "/", headers=english) as r:
        page = await r.text()
    assert '<html lang="da">' in page and "bordets adgangskode" in page, page
    async with running.http.get(running.base + "/?lang=en", headers=english) as r:
        page = await r.text()
    assert '<html lang="en">' in page and "needs the table's password" in page


def test_a_browser_asking_for_none_of_ours_reads_the_servers_language():
    from ekpeer.web.server import close_reason, page_language

    class Request:
        def __init__(self, header: str) -> None:
            self.query: dict[str, str] = {}
            self.headers = {"Accept-Language": header}

    assert page_language(Request("de-DE,fr;q=0.5"), None, "da") == "da"    # type: ignore[arg-type]
    assert page_language(Request("de-DE,en;q=0.5"), None, "da") == "en"    # type: ignore[arg-type]
    assert page_language(Request("da"), "en", "da") == "en"                # type: ignore[arg-type]
    cut = close_reason("æ" * 100)
    assert len(cut) <= 123 and cut.decode("utf-8") == "æ" * 61

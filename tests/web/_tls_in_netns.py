"""Run inside a network namespace of its own (``unshare -n``, see test_serve_tls.py): the real
``ekpeer serve`` bound to a LAN-like address (10.99.0.1 on a veth pair, nothing outside the
namespace), a browser at 10.99.0.2, and between them a proxy that records every byte, as a
passive listener on the LAN would. Prints one JSON line of what it saw; the test judges.

Usage: python _tls_in_netns.py DATA_DIR HOST_ADDRESS
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from web.support import ServeProcess  # noqa: E402

SERVER, BROWSER = "10.99.0.1", "10.99.0.2"


def lan() -> None:
    """Loopback up, and a veth pair whose two ends are this namespace's two "machines"."""
    for args in (["link", "set", "lo", "up"],
                 ["link", "add", "v0", "type", "veth", "peer", "name", "v1"],
                 ["addr", "add", f"{SERVER}/24", "dev", "v0"], ["addr", "add", f"{BROWSER}/24", "dev", "v1"],
                 ["link", "set", "v0", "up"], ["link", "set", "v1", "up"]):
        subprocess.run(["ip", *args], check=True, timeout=10)


class Listener:
    """A TCP relay in front of the server that keeps a copy of every byte either way."""

    def __init__(self, port: int) -> None:
        self.port, self.heard = port, bytearray()
        self.server: asyncio.AbstractServer | None = None

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._relay, SERVER, 0)
        return self.server.sockets[0].getsockname()[1]

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(SERVER, self.port)

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    self.heard += data
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def close(self) -> None:
        if self.server is not None:
            self.server.close()


async def play(url: str, fingerprint: str, listener: Listener) -> dict:
    """A browser (pinning the printed fingerprint) gives the password and opens its seat."""
    pin = aiohttp.Fingerprint(bytes.fromhex(fingerprint.replace(":", "")))
    port = await listener.start()
    via = f"https://{SERVER}:{port}/"
    seen: dict = {}
    connector = aiohttp.TCPConnector(ssl=pin, local_addr=(BROWSER, 0))
    async with aiohttp.ClientSession(connector=connector, cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        async with http.post(via, data={"password": "sesame"}, allow_redirects=False) as r:
            seen["admit"] = r.status
            seat = r.headers["Location"].rsplit("/", 1)[-1]
        cookie = next((c for c in http.cookie_jar if c.key == "ekpeer_browser"), None)
        seen["cookie_secure"] = bool(cookie and cookie["secure"])
        async with http.get(f"{via}seat/{seat}") as r:
            seen["page"] = r.status
        ws = await http.ws_connect(f"wss://{SERVER}:{port}/ws/{seat}?width=80&height=24")
        drawn = b""
        deadline = time.monotonic() + 30
        while b"Your name" not in drawn and time.monotonic() < deadline:
            msg = await asyncio.wait_for(ws.receive(), max(0.1, deadline - time.monotonic()))
            if msg.type == aiohttp.WSMsgType.BINARY:
                drawn += msg.data
            elif msg.type != aiohttp.WSMsgType.TEXT:
                break
        seen["drawn"] = b"Your name" in drawn
        await ws.close()
    heard = bytes(listener.heard)
    seen["heard_bytes"] = len(heard)
    seen["heard_password"] = b"sesame" in heard
    seen["heard_seat"] = seat.encode() in heard
    seen["heard_screen"] = b"Your name" in heard or b"ekpeer" in heard
    # plain HTTP at the same port: no page, no seat
    try:
        async with aiohttp.ClientSession() as plain:
            async with plain.get(url.replace("https://", "http://"), allow_redirects=False,
                                 timeout=aiohttp.ClientTimeout(total=5)) as r:
                seen["plain_status"] = r.status
                seen["plain_body_has_form"] = "password" in await r.text()
    except (aiohttp.ClientError, TimeoutError) as exc:
        seen["plain_status"] = type(exc).__name__
    return seen


def main() -> None:
    data, address = Path(sys.argv[1]), sys.argv[2]
    lan()
    out: dict = {}
    serve = ServeProcess([address, "--bind", SERVER, "--port", "0", "--password", "sesame"], data)
    try:
        serving = serve.events("serving")[0]
        out.update(url=serving["url"], fingerprint=serving.get("fingerprint"), tls=serving.get("tls"))
        out["printed"] = "".join(serve.other)
        listener = Listener(int(out["url"].rsplit(":", 1)[1].strip("/")))
        out.update(asyncio.run(play(out["url"], out["fingerprint"], listener)))
        listener.close()
    finally:
        serve.stop()
    again = ServeProcess([address, "--bind", SERVER, "--port", "0"], data)       # the next evening
    try:
        out["fingerprint_again"] = again.events("serving")[0].get("fingerprint")
    finally:
        again.stop()
    plain = ServeProcess([address, "--bind", SERVER, "--port", "0", "--plain-http"], data)
    try:
        out["plain_url"] = plain.events("serving")[0]["url"]
        time.sleep(0.2)
        out["plain_printed"] = "".join(plain.other)
    finally:
        plain.stop()
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()

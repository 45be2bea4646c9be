"""What the browser-seat tests share: a host in a thread, ``ekpeer serve`` in a process, a
headless Chromium driven by Selenium, a terminal player in tmux, and bounded waits.

Why Selenium (PyPI) rather than Playwright: it drives Debian's own ``chromium`` through
Debian's own ``chromedriver`` (the two are built together), is one pure-Python wheel, and
downloads nothing when it is given the driver's path; Playwright's Python package brings its
own Node runtime and expects a browser build of its own.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
EKPEER = [str(ROOT / ".venv/bin/ekpeer")] if (ROOT / ".venv/bin/ekpeer").exists() \
    else [sys.executable, "-m", "ekpeer.cli"]
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
INSTALL_SECONDS = 420          # apt-get update + install, at most
ARTEFACTS = Path(os.environ.get("EKPEER_ARTEFACTS") or ROOT / "test-artefacts") / "web"

# The served script, patched in the test's folder to hand its terminal to the test: the
# terminal is drawn on a canvas, so the page has no text to read otherwise.
TEXTUAL_SERVE_PINNED = "1.1.3"
PATCH_ANCHOR = "const t=new w(e,{ping:r});"
PATCH = PATCH_ANCHOR + "window.ekpeerTerminal=t.terminal;"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage", "--window-size=1100,760"]


def wait_until(pred: Callable[[], Any], timeout: float, what: str, step: float = 0.1) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = pred()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        time.sleep(step)


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


# ---------------------------------------------------------------------------- the browser
def browser_missing() -> str | None:
    """Why the browser tests cannot run here, after installing Chromium where that is possible
    (Debian's packages, as root, bounded in time); None when they can."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    wanted = [pkg for pkg, path in (("chromium", CHROMIUM), ("chromium-driver", CHROMEDRIVER))
              if not os.access(path, os.X_OK)]
    if not wanted:
        return None
    if os.environ.get("EKPEER_NO_BROWSER_INSTALL"):
        return f"{', '.join(wanted)} not installed and EKPEER_NO_BROWSER_INSTALL is set"
    if not sys.platform.startswith("linux") or shutil.which("apt-get") is None:
        return f"{', '.join(wanted)} not installed, and no apt-get here to install them"
    if os.geteuid() != 0:
        return f"{', '.join(wanted)} not installed, and installing them needs root " \
               f"(apt-get install chromium chromium-driver)"
    if shutil.which("tmux") is None:
        wanted.append("tmux")
    started = time.monotonic()
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    steps = [["apt-get", "update", "-q"],
             ["apt-get", "install", "-y", "-q", "--no-install-recommends",
              "-o", "DPkg::Lock::Timeout=120", *wanted]]
    for step in steps:
        left = INSTALL_SECONDS - (time.monotonic() - started)
        try:
            done = subprocess.run(step, capture_output=True, text=True, timeout=max(left, 1), env=env)
        except subprocess.TimeoutExpired:
            return f"installing {', '.join(wanted)} took over {INSTALL_SECONDS} s"
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
            return f"`{' '.join(step)}` failed: {' | '.join(tail)}"
    sys.stderr.write(f"\n[tests/web] installed {', '.join(wanted)} in {time.monotonic() - started:.0f} s\n")
    if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
        return "chromium was installed but /usr/bin/chromium or /usr/bin/chromedriver is missing"
    return None


def patched_static(folder: Path) -> Path:
    """A copy of textual-serve's assets whose script exposes the terminal as ``window.ekpeerTerminal``.

    Fails loudly (never skips) when the installed textual-serve is not the one the patch was
    written for, or the patch no longer applies."""
    from importlib.metadata import version

    import textual_serve

    installed = version("textual-serve")
    if installed != TEXTUAL_SERVE_PINNED:
        raise AssertionError(f"textual-serve {installed} is installed; the browser tests patch the "
                             f"served script of {TEXTUAL_SERVE_PINNED}: check PATCH_ANCHOR in "
                             f"tests/web/support.py against the new script, then update the pin")
    source = Path(textual_serve.__file__).resolve().parent / "static"
    target = folder / "static"
    shutil.copytree(source, target)
    script = target / "js" / "textual.js"
    text = script.read_text()
    if text.count(PATCH_ANCHOR) != 1:
        raise AssertionError(f"the patch no longer applies to textual-serve's textual.js "
                             f"({text.count(PATCH_ANCHOR)} matches of {PATCH_ANCHOR!r})")
    script.write_text(text.replace(PATCH_ANCHOR, PATCH))
    return target


class Page:
    """A headless Chromium on one page, reading the terminal's text through the patched script."""

    SCREEN_JS = """
        const t = window.ekpeerTerminal;
        if (!t) return null;
        const b = t.buffer.active, rows = [];
        for (let i = 0; i < t.rows; i++) {
            const line = b.getLine(b.viewportY + i);
            rows.push(line ? line.translateToString(true) : "");
        }
        return rows.join("\\n");
    """

    def __init__(self, profile: Path) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        for flag in [*CHROMIUM_FLAGS, f"--user-data-dir={profile}"]:
            options.add_argument(flag)
        # the system driver, by path: Selenium then neither looks for nor downloads one
        self.driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))

    def open(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    @property
    def url(self) -> str:
        return self.driver.current_url

    def screen(self) -> str:
        try:
            return self.driver.execute_script(self.SCREEN_JS) or ""
        except Exception:           # between two pages
            return ""

    def wait_for(self, *texts: str, timeout: float = 20.0) -> str:
        found: list[str] = []

        def seen() -> bool:
            found[:] = [self.screen()]
            return any(t in found[0] for t in texts)

        try:
            wait_until(seen, timeout, f"{texts!r} on the page")
        except AssertionError as exc:
            raise AssertionError(f"{exc}; the page shows:\n{found[0] if found else ''}") from None
        return found[0]

    def focused(self) -> str:
        """The class of the element the keyboard types into (xterm.js's textarea, or <body>)."""
        try:
            return self.driver.execute_script(
                "const e = document.activeElement; return e ? (e.className || e.tagName) : '';") or ""
        except Exception:           # between two pages
            return ""

    def press(self, *keys: str) -> None:
        """Keys reach the app through xterm.js's hidden textarea, as a person's typing does."""
        from selenium.webdriver.common.by import By

        area = self.driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
        for key in keys:
            area.send_keys(key)

    def screenshot(self, name: str) -> Path:
        ARTEFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTEFACTS / f"{name}.png"
        self.driver.save_screenshot(str(path))
        return path

    def close(self) -> None:
        try:
            self.driver.quit()
        except Exception:
            pass


class PhonePage(Page):
    """A headless Chromium as a phone: a 390x844 touch screen (Chrome's mobile emulation), and
    taps as touch events at a cell of the terminal (CDP ``Input.dispatchTouchEvent``: the
    browser makes the tap's click, as on a phone). Screenshots at 1 pixel per CSS pixel:
    headless Chromium's screenshots of a denser emulated screen show only its top-left part."""

    # each line only as wide as the terminal is now: after a resize to fewer columns xterm.js
    # keeps the wider lines' old ends in its buffer
    SCREEN_JS = Page.SCREEN_JS.replace("translateToString(true)", "translateToString(true, 0, t.cols)")
    GEOMETRY_JS = """
        const t = window.ekpeerTerminal, s = document.querySelector('.xterm-screen');
        if (!t || !s) return null;
        const r = s.getBoundingClientRect();
        return [r.left, r.top, r.width / t.cols, r.height / t.rows, t.cols, t.rows];
    """

    def __init__(self, profile: Path, width: int = 390, height: int = 844) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        flags = [f for f in CHROMIUM_FLAGS if not f.startswith("--window-size")]
        for flag in [*flags, f"--window-size={width},{height}", f"--user-data-dir={profile}"]:
            options.add_argument(flag)
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
            "width": width, "height": height, "pixelRatio": 1.0, "touch": True}})
        self.driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))

    def size(self) -> tuple[int, int]:
        """The terminal's columns and rows."""
        geometry = self.driver.execute_script(self.GEOMETRY_JS)
        return (int(geometry[4]), int(geometry[5])) if geometry else (0, 0)

    def resize(self, width: int, height: int, touch: bool = True) -> None:
        """Another screen: the page (and so the terminal and the app) resizes to it."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": touch})

    def find(self, text: str) -> tuple[int, int] | None:
        """The cell where ``text`` starts on the screen (the lowest line that has it), or None."""
        found = None
        for y, line in enumerate(self.screen().split("\n")):
            x = line.find(text)
            if x >= 0:
                found = (x, y)
        return found

    def tap_cell(self, x: int, y: int) -> None:
        left, top, cell_w, cell_h, _, _ = self.driver.execute_script(self.GEOMETRY_JS)
        point = {"x": left + (x + 0.5) * cell_w, "y": top + (y + 0.5) * cell_h}
        for kind, points in (("touchStart", [point]), ("touchEnd", [])):
            self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def tap(self, text: str, timeout: float = 10.0) -> None:
        """Tap the middle of ``text`` once it shows (the lowest line that has it)."""
        at = wait_until(lambda: self.find(text), timeout, f"{text!r} to tap",)
        self.tap_cell(at[0] + len(text) // 2, at[1])


# ---------------------------------------------------------------------------- a host
class ThreadHost:
    """A real host on loopback in its own thread and event loop, looked into directly."""

    def __init__(self, tables: dict[str, dict[str, Any]], think: tuple[float, float] = (0.0, 0.0)) -> None:
        self.tables = tables
        self.think = think      # the bots' think time; a long one leaves their moves to the test
        self.records: list[dict[str, Any]] = []
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="test-host", daemon=True)
        self.host: Any = None
        self.ctx: Any = None

    def call(self, coro: Any, timeout: float = 10.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def start(self) -> ThreadHost:
        self.thread.start()
        self.call(self._start())
        return self

    async def _start(self) -> None:
        import zmq.asyncio

        from ekpeer.net.host import Host

        self.ctx = zmq.asyncio.Context()
        self.host = Host("tcp://127.0.0.1:0", think=self.think, seed=5, log=self.records.append, ctx=self.ctx,
                         ping_seconds=0.5, idle_seconds=5.0)
        self.host.loop = asyncio.get_running_loop()
        for table_id, settings in self.tables.items():
            self.host.add_table(table_id, settings, autostart=True, title=table_id.title())
        await self.host.start()

    @property
    def address(self) -> str:
        return self.host.address

    def seats(self, table: str) -> list[dict[str, Any]]:
        async def look() -> list[dict[str, Any]]:
            t = self.host.tables[table]
            return [{"name": s.name, "ready": s.ready, "connected": s.session is not None, "bot": s.kind,
                     "key": s.key} for s in t.seats]

        return self.call(look())

    def events(self, name: str) -> list[dict[str, Any]]:
        return [r for r in list(self.records) if r.get("event") == name]

    def move(self, table: str, player: str, move: dict[str, Any]) -> None:
        """Makes ``move`` for ``player``'s seat as the host would take it from them (their
        seat's bot or their client), everyone told of it as of any move."""
        async def apply() -> None:
            from ekpeer.engine import Move

            t = self.host.tables[table]
            refused = t.apply(t.seat(player), Move.from_dict({**move, "by": player}))
            assert refused is None, f"the host refused {player}'s {move}: {refused}"

        self.call(apply())

    def game(self, table: str) -> Any:
        """The table's game (read it only through :meth:`call`, or once nothing moves)."""
        return self.host.tables[table].game

    def close(self) -> None:
        async def stop() -> None:
            await self.host.close()

        try:
            self.call(stop())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)
            if self.ctx is not None:
                self.ctx.destroy(linger=0)


# ---------------------------------------------------------------------------- ekpeer serve
class ServeProcess:
    """``ekpeer serve`` in its own process, its JSON log lines collected as they come."""

    def __init__(self, args: Iterable[str], data: Path, env: dict[str, str] | None = None) -> None:
        self.records: list[dict[str, Any]] = []
        self.other: list[str] = []
        full_env = dict(os.environ, PYTHONUNBUFFERED="1", EKPEER_DATA_DIR=str(data), **(env or {}))
        self.proc = subprocess.Popen([*EKPEER, "serve", *args], stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, env=full_env)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        serving = wait_until(lambda: self.events("serving") or self.proc.poll() is not None, 20,
                             "ekpeer serve to listen")
        if self.proc.poll() is not None:
            raise AssertionError(f"ekpeer serve ended at once: {''.join(self.other)}")
        self.url = serving[0]["url"]

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            try:
                record = json.loads(line)
            except ValueError:
                self.other.append(line)
                continue
            if isinstance(record, dict):
                self.records.append(record)

    def events(self, name: str) -> list[dict[str, Any]]:
        return [r for r in list(self.records) if r.get("event") == name]

    def pids(self) -> list[int]:
        return [r["pid"] for r in self.events("seat_started")]

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self._reader.join(2)
        return self.proc.returncode


# ---------------------------------------------------------------------------- a terminal player
class TmuxPlayer:
    """``ekpeer join`` in a real terminal (tmux), read with capture-pane and typed with send-keys."""

    def __init__(self, name: str, command: list[str], env: dict[str, str]) -> None:
        import shlex
        import uuid

        self.session = f"ekpeer-web-{name}-{uuid.uuid4().hex[:6]}"
        full_env = dict(os.environ, TERM="xterm-256color", **env)
        line = " ".join(shlex.quote(c) for c in command)
        subprocess.run(["tmux", "new-session", "-d", "-s", self.session, "-x", "100", "-y", "30", line],
                       check=True, env=full_env, timeout=10)

    def _tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", *args], capture_output=True, text=True, timeout=10).stdout

    def screen(self) -> str:
        return self._tmux("capture-pane", "-t", self.session, "-p")

    def wait_for(self, *texts: str, timeout: float = 20.0) -> str:
        last = [""]

        def seen() -> bool:
            last[0] = self.screen()
            return any(t in last[0] for t in texts)

        try:
            wait_until(seen, timeout, f"{texts!r} in the terminal")
        except AssertionError as exc:
            raise AssertionError(f"{exc}; the terminal shows:\n{last[0]}") from None
        return last[0]

    def press(self, *keys: str) -> None:
        self._tmux("send-keys", "-t", self.session, *keys)

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.session], capture_output=True, timeout=10)

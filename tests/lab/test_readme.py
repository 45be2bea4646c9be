"""The README is the test (issue 25, section 1): its "Hosting on a LAN" and "Hosting on a server"
commands, read out of README.md and run as written, each person on a machine of their own.

Every machine is a network namespace of the LAN lab (``scripts/_lanlab.py``: one bridge, no
default route, the host machine on two networks) and every person a bash in a tmux terminal
of their own, started in the clone as the README says ("in each terminal, in the clone,
first: source .venv/bin/activate"), with a data directory (keys, known hosts) and a host name
of their own:

* the host who plays runs the README's ``ekpeer host`` line (no --bind: the default must reach
  the LAN) and waits in the lobby, whose join commands and fingerprint the others read;
* a friend runs ``ekpeer join --name ...``: Enter on the host's table in the LAN list, the
  fingerprint shown compared with the host's lobby, Enter again;
* a friend pastes the lobby's command (read off the host's screen, the one of their own
  network), unquoted, adding the README's ``--name ...``;
* everyone is ready, the host starts, every table is dealt; a late friend (the visitor, back
  from the server) runs the README's ``ekpeer join --watch ...`` line with the lobby's address,
  watches, and every table lists them as watching; the host quits and is asked first, and
  every other table says the host closed it;
* at the same time, on a machine of its own, the README's headless server with its two
  ``--config`` tables; a visitor joins it by the whole address it printed, leaves, and comes
  back by ``HOST:PORT`` alone (the key of the earlier visit); an ``ekpeer bot`` takes the first
  free seat.

Placeholders (``HOST``, ``KEY``, the example address) are filled from what the hosts printed.
A command in those two sections that this test does not know how to run fails it. It needs
root (namespaces) and tmux, and is skipped, saying why, elsewhere.
"""

from __future__ import annotations

import ipaddress
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
LAN, SERVER = "Hosting on a LAN", "Hosting on a server"
MACHINES = ["lanlist", "paster", "visitor", "server", "botbox"]
BUDGET = 100.0          # seconds for the whole evening, however loaded the machine

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="the README test needs tmux")

# an address as the README writes one: tcp://HOST:PORT/KEY, tcp://192.168.1.20:5555/a7h7iz3k..., HOST:PORT
ADDRESS = re.compile(r"(?:tcp://)?(?:HOST|\d{1,3}(?:\.\d{1,3}){3})(?::(?:PORT|\d{1,5}))"
                     r"(?P<key>/(?:KEY|[a-z2-7]+(?:\.\.\.|…)?))?")
SHOWN = re.compile(r"ekpeer join (?:--table \S+ )?(tcp://(\d{1,3}(?:\.\d{1,3}){3}):(\d+)/[a-z2-7]{52,})")


# ---------------------------------------------------------------------------- the README
def sections(text: str) -> dict[str, str]:
    """Each ``## `` section of the README by its title."""
    parts = re.split(r"^## +(.+?)\s*$", text, flags=re.M)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def commands(section: str) -> list[str]:
    """The command lines of a section's ``sh`` code blocks, in order, comments cut."""
    out = []
    for block in re.findall(r"^[ \t]*```(?:sh|bash|console)?[ \t]*\n(.*?)^[ \t]*```", section, re.S | re.M):
        for line in block.splitlines():
            line = re.sub(r"(^|\s)#.*$", "", line).strip()
            if line:
                out.append(line)
    return out


@dataclass
class Plan:
    """What each person runs, from the README: every command of the two sections has a place."""

    activate: list[str] = field(default_factory=list)
    host: str = ""               # ekpeer host (a player at it)
    from_list: str = ""          # ekpeer join without an address: the LAN list
    paste: str = ""              # ekpeer join ADDRESS ...: the lobby's command pasted, words added
    late: str = ""               # ekpeer join --watch ...: a friend who comes once the game is on
    server: str = ""             # ekpeer host --headless ...
    first_visit: str = ""        # ekpeer join tcp://HOST:PORT/KEY ... at the server
    by_hostport: str = ""        # ekpeer join HOST:PORT ...: the key of that earlier visit
    bot: str = ""                # ekpeer bot ADDRESS ...


def words(line: str) -> list[str]:
    w = shlex.split(line)
    return [Path(w[0]).name, *w[1:]] if w else w


def plan_of(readme: str) -> Plan:
    found = sections(readme)
    for title in (LAN, SERVER):
        assert title in found, f"the README has no section {title!r}"
    plan, unknown = Plan(), []

    def put(slot: str, line: str) -> None:
        assert not getattr(plan, slot), f"two README commands for one person ({slot}): " \
                                        f"{getattr(plan, slot)!r} and {line!r}"
        setattr(plan, slot, line)

    for title in (LAN, SERVER):
        for line in commands(found[title]):
            w = words(line)
            has_address = any(ADDRESS.fullmatch(x) for x in w[2:])
            keyed = any((m := ADDRESS.fullmatch(x)) and m.group("key") for x in w[2:])
            if w[:1] in (["source"], ["."]):
                plan.activate.append(line)
            elif w[:2] == ["ekpeer", "host"]:
                put("server" if "--headless" in w else "host", line)
            elif w[:2] == ["ekpeer", "join"] and title == LAN and "--watch" in w and has_address:
                put("late", line)
            elif w[:2] == ["ekpeer", "join"] and title == LAN:
                put("paste" if has_address else "from_list", line)
            elif w[:2] == ["ekpeer", "join"] and has_address:
                put("first_visit" if keyed else "by_hostport", line)
            elif w[:2] == ["ekpeer", "bot"] and has_address:
                put("bot", line)
            else:
                unknown.append(f"{title}: {line}")
    assert not unknown, f"README commands this test cannot run (teach it, or change them): {unknown}"
    missing = [slot for slot, v in vars(plan).items() if not v]
    assert not missing, f"the README's LAN and server sections no longer say how to: {missing}"
    return plan


def fill(line: str, address: str) -> str:
    """``line`` with its example address replaced by ``address`` (``tcp://IP:PORT/KEY`` as a
    host printed it): whole where the README's has a key, ``IP:PORT`` where it has none."""
    endpoint, _, _ = address.rpartition("/")
    hostport = endpoint.split("://", 1)[1]

    def one(m: re.Match) -> str:
        if m.group("key"):
            return address
        return endpoint if m.group(0).startswith("tcp://") else hostport

    out, n = ADDRESS.subn(one, line)
    assert n == 1, f"expected one address to fill in {line!r}"
    return out


def after_address(line: str) -> str:
    """What the README adds after the pasted command's address (e.g. ``--name cat``)."""
    m = list(ADDRESS.finditer(line))[-1]
    return line[m.end():].strip()


def name_in(line: str) -> str:
    w = words(line)
    return w[w.index("--name") + 1]


def test_the_readme_says_how_each_person_runs_every_command():
    """Without a lab: every command of the two sections has a person to run it."""
    plan = plan_of(README.read_text())
    assert "--bind" not in plan.host, "the README's host line must not need --bind to reach the LAN"
    assert fill("ekpeer join tcp://192.168.1.20:5555/KEY --name ann", "tcp://10.0.0.1:5555/" + "a" * 52) \
        == "ekpeer join tcp://10.0.0.1:5555/" + "a" * 52 + " --name ann"
    assert fill("ekpeer join HOST:5555 --name bob", "tcp://10.0.0.1:5555/" + "a" * 52) \
        == "ekpeer join 10.0.0.1:5555 --name bob"


# ---------------------------------------------------------------------------- terminals
def _env(home: Path, hostname: str) -> list[str]:
    path = os.pathsep.join([str(Path(sys.executable).parent), "/usr/local/sbin", "/usr/local/bin",
                            "/usr/sbin", "/usr/bin", "/sbin", "/bin"])
    env = {"HOME": str(home), "EKPEER_DATA_DIR": str(home), "TERM": "xterm-256color", "PATH": path,
           "LANG": os.environ.get("LANG", "C.UTF-8"), "PS1": f"{hostname}$ ", "PYTHONDONTWRITEBYTECODE": "1"}
    return [f"{k}={v}" for k, v in env.items()]


class Terminal:
    """One person's terminal: a bash on one lab machine (its namespace, its host name, its data
    directory), in the clone, in a tmux session of our own server."""

    def __init__(self, server: str, lab, machine: str, label: str, cols: int = 200, rows: int = 50) -> None:
        self.server, self.label, self.machine = server, label, machine
        home = lab.data_dir(machine)
        hostname = f"{machine}-{os.getpid()}"
        inner = ["env", "-i", *_env(home, hostname), "ip", "netns", "exec", lab.ns(machine),
                 "unshare", "--uts", "sh", "-c", 'hostname "$0" 2>/dev/null; exec bash --norc --noprofile',
                 hostname]
        self.tmux("new-session", "-d", "-s", label, "-x", str(cols), "-y", str(rows), "-c", str(ROOT),
                  shlex.join(inner))
        self.pane = self.tmux("display-message", "-p", "-t", label, "#{pane_pid}").strip()

    def tmux(self, *args: str) -> str:
        env = {k: v for k, v in os.environ.items() if not k.startswith("TMUX")}
        return subprocess.run(["tmux", "-L", self.server, *args], capture_output=True, text=True,
                              timeout=10, env=env).stdout

    def type(self, line: str) -> None:
        """Type a command line into bash, as pasted, and run it."""
        self.tmux("send-keys", "-t", self.label, "-l", line)
        self.tmux("send-keys", "-t", self.label, "Enter")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.label, *keys)

    def screen(self, history: bool = False) -> str:
        return self.tmux("capture-pane", "-p", "-J", "-t", self.label, *(["-S", "-400"] if history else []))

    def wait_for(self, pattern: str, until: float, what: str, history: bool = False) -> re.Match:
        while True:
            screen = self.screen(history)
            found = re.search(pattern, screen, re.I)
            if found:
                return found
            if time.monotonic() > until:
                raise AssertionError(f"{self.label}: no {what} ({pattern!r}) in time; the screen:\n{screen}")
            time.sleep(0.15)

    def client_running(self) -> bool:
        """Is something still running in this terminal's bash (the ekpeer it started)?"""
        try:
            children = Path(f"/proc/{self.pane}/task/{self.pane}/children").read_text().split()
        except OSError:
            return False
        return bool(children)


@pytest.fixture
def terminals():
    server = f"ekpeer-readme-{uuid.uuid4().hex[:8]}"
    made: dict[str, Terminal] = {}
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("TMUX", "EKPEER_", "PYTEST"))}
    subprocess.run(["tmux", "-L", server, "start-server"], capture_output=True, timeout=10, env=clean)
    try:
        yield server, made
    finally:
        subprocess.run(["tmux", "-L", server, "kill-server"], capture_output=True, timeout=10)


# ---------------------------------------------------------------------------- the evening
def test_the_readme_lan_evening_and_server_run_as_written(make_lab, terminals):
    plan = plan_of(README.read_text())
    lab = make_lab(MACHINES)
    server, terms = terminals
    try:
        evening(plan, lab, server, terms)
    except AssertionError as exc:           # every terminal as it was, to see what went wrong
        screens = "\n".join(f"--- {label} ({t.machine}):\n{t.screen(history=True)[-3000:]}"
                            for label, t in terms.items())
        raise AssertionError(f"{exc}\n{screens}") from None


def _on_my_network(shown: list[tuple[str, str]], ip: str) -> str:
    """Of the addresses a host showed, the one on the network of the machine at ``ip``."""
    mine = ipaddress.ip_network(f"{ip}/24", strict=False)
    for address, host in shown:
        if ipaddress.ip_address(host) in mine:
            return address
    raise AssertionError(f"none of the addresses shown is on {mine}: {[a for a, _ in shown]}")


def quit_asked(term, until: float, what: str) -> None:
    """ctrl+q in a lobby where the person has a seat: asked first (it gives the seat up), y."""
    term.keys("C-q")
    while term.client_running():
        if re.search(r"\?\s", term.screen()) and re.search(r"\by\b", term.screen()):
            term.keys("y")          # asked first
        assert time.monotonic() < until, what
        time.sleep(0.2)


def evening(plan: Plan, lab, server: str, terms: dict[str, Terminal]) -> None:
    started = time.monotonic()
    until = started + BUDGET

    def term(machine: str, label: str, **kw) -> Terminal:
        t = terms[label] = Terminal(server, lab, machine, label, **kw)
        for line in plan.activate:            # "in each terminal, in the clone, first"
            t.type(line)
        t.type('echo "activated-$?-$(command -v ekpeer)"')
        return t

    ann = term("host", "host")
    srv = term("server", "server")
    for t in (ann, srv):
        t.wait_for(r"activated-0-/\S+/ekpeer", until, "ekpeer on the PATH after the README's first lines")
    ann.type(plan.host)
    srv.type(plan.server)
    host_name = name_in(plan.host)

    # -- the host's lobby: a join command for each of its networks, and the key's fingerprint
    ann.wait_for(r"Key fingerprint", until, "the join box of the host's lobby")
    screen = ann.screen()
    shown = [(m.group(1), m.group(2)) for m in SHOWN.finditer(screen)]
    assert shown, f"no join command with an address on the host's lobby:\n{screen}"
    assert {h for _, h in shown} == {lab.ip_of("host"), "10.213.1.1"}, \
        f"the host on two networks without a default route shows both its addresses: {shown}"
    fingerprint = re.search(r"Key fingerprint (\S+)", screen).group(1)
    ann_lobby = screen

    # -- one friend joins from the LAN list, another pastes the lobby's command
    bob = term("lanlist", "lanlist", cols=120, rows=40)
    cat = term("paster", "paster", cols=120, rows=40)
    for t in (bob, cat):
        t.wait_for(r"activated-0-/\S+/ekpeer", until, "ekpeer on the PATH")
    bob.type(plan.from_list)
    pasted = next(m.group(0) for m in SHOWN.finditer(screen)
                  if m.group(1) == _on_my_network(shown, lab.ip_of("paster")))
    cat.type(f"{pasted} {after_address(plan.paste)}")

    # -- the server: its printed address fills the README's placeholders
    srv.wait_for(r"key fingerprint", until, "the server's addresses", history=True)
    printed = [(m.group(1), m.group(2)) for m in SHOWN.finditer(srv.screen(history=True))]
    assert printed and not re.search(r"ekpeer join tcp://0\.0\.0\.0", srv.screen(history=True))
    srv_address = _on_my_network(printed, lab.ip_of("visitor"))
    dan = term("visitor", "visitor", cols=120, rows=40)
    robo = term("botbox", "botbox", cols=120, rows=40)
    for t in (dan, robo):
        t.wait_for(r"activated-0-/\S+/ekpeer", until, "ekpeer on the PATH")
    dan.type(fill(plan.first_visit, srv_address))
    robo.type(fill(plan.bot, _on_my_network(printed, lab.ip_of("botbox"))))

    # -- bob: Enter on the host's table, the fingerprint compared, Enter again
    tables = [f"({Path(c).stem})" for c in re.findall(r"--config\s+(\S+)", plan.server)]
    bob.wait_for(r"tables? found on the LAN", until, "the LAN list")
    while True:         # every table on the LAN listed (the server's too), so the list stops moving
        screen = bob.screen()
        # one row per table: its first line, "Title (id)  ·  ..." (a long one wraps onto a second)
        rows = [line for line in screen.splitlines() if re.search(r"\([\w-]+\)\s+·", line)]
        if all(any(t in r for r in rows) for t in ["(main)", *tables]):
            break
        assert time.monotonic() < until, f"the LAN list never showed every table:\n{screen}"
        time.sleep(0.2)
    index = next(i for i, r in enumerate(rows) if "(main)" in r)
    bob.keys("Home")        # the highlight stays on the table it was on as others appear: go to the top
    for _ in range(index):
        bob.keys("Down")
    bob.keys("Enter")
    seen = bob.wait_for(r"fingerprint (\S{4}-\S{4}-\S{4}-\S{4})", until, "the fingerprint").group(1)
    assert seen == fingerprint, f"bob's list shows fingerprint {seen}, the host's lobby {fingerprint}"
    bob.keys("Enter")
    for t, line in ((bob, plan.from_list), (cat, plan.paste)):
        t.wait_for(rf"{name_in(line)} \(you\)", until, "the host's lobby")

    # -- the server: the visitor is in its lobby, leaves, and comes back by HOST:PORT alone
    dan.wait_for(rf"{name_in(plan.first_visit)} \(you\)", until, "the server's lobby (first visit)")
    robo.wait_for(r'"event": "joined"', until, "the bot seated at the server")
    quit_asked(dan, until, "the visitor's client did not quit")
    dan.type(fill(plan.by_hostport, srv_address))
    dan.wait_for(rf"{name_in(plan.by_hostport)} \(you\)", until, "the server's lobby by HOST:PORT")

    # -- the LAN table: ready, started by the host, dealt on every screen
    for t in (bob, cat):
        t.keys("r")
    for who in (name_in(plan.from_list), name_in(plan.paste)):
        ann.wait_for(rf"✓ ready\s+{who}", until, f"{who} ready on the host's lobby")
    ann.keys("s")
    for t in (ann, bob, cat):
        t.wait_for(r"Draw pile", until, "the table dealt")

    # -- a late friend: the visitor leaves the server and comes to the LAN table once it plays,
    #    with the README's --watch line; they watch, and every table lists them as watching
    quit_asked(dan, until, "the visitor's client did not quit the server")
    late_at = next(m.group(1) for m in SHOWN.finditer(ann_lobby)
                   if m.group(1) == _on_my_network(shown, lab.ip_of("visitor")))
    dan.type(fill(plan.late, late_at))
    dan.wait_for(r"you are watching", until, "the late friend watching the LAN table")
    late = name_in(plan.late)
    for t in (ann, bob, cat):
        t.wait_for(rf"Watching: {late}", until, f"{late} listed as watching")

    # -- the host quits (asked first: people sit at the table); every table says so
    ann.keys("C-q")
    ann.wait_for(r"Quit and close your table", until, "the quit question")
    ann.keys("y")
    for t in (bob, cat, dan):
        t.wait_for(r"host closed the table", until, "the host closed the table")
    assert host_name
    assert "Traceback" not in srv.screen(history=True)

"""The LAN lab: several machines of a LAN evening, each its own Linux network stack, on this box.

Every machine is a network namespace with its own loopback and one ``eth0`` (a veth pair);
the other ends are ports of one bridge, ``lan0``, that lives in a namespace of its own, so
nothing of the lab touches the machine's real interfaces and no packet can leave the lab:
no namespace has a default route, and every address is in a private test subnet
(``10.213.0.0/24``) that exists only inside the lab. The host machine also has a second
link (``eth1``, ``10.213.1.1``) to a segment no player can reach: a multi-homed host, as a
laptop with a VPN or a docker bridge is.

Processes (``ekpeer host --headless``, ``ekpeer bot``, the scripted player
``scripts/_lanlab_player.py``) run inside a machine's namespace (``ip netns exec``), each
machine with its own data directory (keys, journals) and host name, as separate computers
would be. Faults come from outside: a link down for a while (``partition``), a process
killed (``kill -9``) and started again, latency through a relay (``scripts/_lanlab_relay.py``,
a userspace stand-in where the kernel has no ``netem``).

Names carry a per-run prefix (``ekl<pid>x<n>``), so two runs, or a run that crashed, never
collide; :meth:`Lab.close` kills every process in the lab's namespaces and deletes them,
and :meth:`Lab.leftovers` says what (if anything) is still there. ``scripts/lan-lab clean``
removes what a run killed with ``SIGKILL`` left behind.

Needs root, ``ip`` (iproute2) and a kernel with network namespaces, veth and bridges:
:func:`unavailable` says, in words, why the lab cannot run here (None when it can).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SUBNET = "10.213.0"              # the LAN: 10.213.0.0/24
SIDE_SUBNET = "10.213.1"         # the host's second link, which no player reaches
HOST_IP = f"{SUBNET}.1"
PREFIX = "ekl"                   # every lab namespace is called ekl<pid>x<n>-<machine>
PORT = 5555
_counter = itertools.count()


# ---------------------------------------------------------------------------- can it run here?
def _ip(*args: str, check: bool = True, timeout: float = 10.0) -> subprocess.CompletedProcess:
    return subprocess.run(["ip", *args], capture_output=True, text=True, check=check, timeout=timeout)


def ensure_ip() -> bool:
    """``ip`` is there, or installed now (root with apt-get, as CI and the test machines are)."""
    if shutil.which("ip"):
        return True
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        return False
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "install", "-y", "-q", "iproute2"],
                ["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", "iproute2"]):
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            subprocess.run(cmd, capture_output=True, timeout=180, env=env)
        if shutil.which("ip"):
            return True
    return False


_why: list[str | None] = []


def unavailable() -> str | None:
    """Why the lab cannot run here, in words; None when it can (checked once per process)."""
    if _why:
        return _why[0]
    reason: str | None = None
    if not sys.platform.startswith("linux"):
        reason = "the LAN lab needs Linux network namespaces"
    elif os.geteuid() != 0:
        reason = "the LAN lab needs root (network namespaces, veth, bridge)"
    elif not ensure_ip():
        reason = "the LAN lab needs `ip` (iproute2), which is missing and could not be installed"
    else:
        reason = _probe()
    _why.append(reason)
    return reason


def _probe() -> str | None:
    """Make and delete a tiny lab (two namespaces, a bridge, a veth): does the kernel let us?"""
    name = f"{PREFIX}{os.getpid()}probe"
    steps = [
        ("netns add", ["netns", "add", name]),
        ("netns add", ["netns", "add", name + "b"]),
        ("bridge", ["-n", name + "b", "link", "add", "lan0", "type", "bridge"]),
        ("veth", ["link", "add", "eth0", "netns", name, "type", "veth", "peer", "name", "p0",
                  "netns", name + "b"]),
        ("bridge port", ["-n", name + "b", "link", "set", "p0", "master", "lan0"]),
    ]
    try:
        for what, args in steps:
            try:
                r = _ip(*args, check=False)
            except (OSError, subprocess.SubprocessError) as exc:
                return f"the LAN lab cannot run `ip {what}` here: {exc}"
            if r.returncode != 0:
                return f"the LAN lab cannot make a {what} here: {r.stderr.strip() or r.returncode}"
        return None
    finally:
        for ns in (name, name + "b"):
            with contextlib.suppress(Exception):
                _ip("netns", "del", ns, check=False)


def netem_works(ns: str, dev: str = "eth0") -> bool:
    """Can the kernel add latency itself (``tc ... netem``)? Tried on ``dev`` in ``ns`` and removed."""
    if not shutil.which("tc"):
        return False
    r = subprocess.run(["ip", "netns", "exec", ns, "tc", "qdisc", "add", "dev", dev, "root", "netem",
                        "delay", "1ms"], capture_output=True, text=True)
    if r.returncode != 0:
        return False
    subprocess.run(["ip", "netns", "exec", ns, "tc", "qdisc", "del", "dev", dev, "root"],
                   capture_output=True)
    return True


# ---------------------------------------------------------------------------- processes
def rehost(address: str, endpoint: str) -> str:
    """``address`` (``tcp://H:P/KEY``, or the older ``tcp://H:P#KEY``) with another endpoint, the
    key kept: the same host reached another way (its LAN address, a latency relay)."""
    rest = address.split("://", 1)[-1]
    cut = min((i for i in (rest.find("#"), rest.find("/")) if i >= 0), default=len(rest))
    return endpoint + rest[cut:]


def ekpeer_argv() -> list[str]:
    exe = ROOT / ".venv" / "bin" / "ekpeer"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "ekpeer.cli"]


def python() -> str:
    venv = ROOT / ".venv" / "bin" / "python"
    return str(venv) if venv.exists() else sys.executable


@dataclass(eq=False)
class LabProc:
    """A process on one lab machine; its stdout (JSON lines, mostly) goes to ``log``."""

    machine: str
    name: str
    argv: list[str]
    log: Path
    popen: subprocess.Popen
    started: float = field(default_factory=time.time)

    @property
    def pid(self) -> int:
        return self.popen.pid

    def alive(self) -> bool:
        return self.popen.poll() is None

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Send ``sig`` to the process (and whatever it started: its process group)."""
        if self.popen.poll() is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.popen.pid, sig)

    def wait(self, timeout: float | None = None) -> int:
        return self.popen.wait(timeout)

    def text(self) -> str:
        try:
            return self.log.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def records(self) -> list[dict[str, Any]]:
        """Every JSON object line the process printed so far (other lines are skipped)."""
        out = []
        for line in self.text().splitlines():
            if line.startswith("{"):
                with contextlib.suppress(ValueError):
                    out.append(json.loads(line))
        return out

    def events(self, name: str) -> list[dict[str, Any]]:
        return [r for r in self.records() if r.get("event") == name]


class LabError(AssertionError):
    """Something the lab waited for did not happen (the message says what, with the logs' tails)."""


class Lab:
    """A LAN of ``machines`` (the first one is the host, at ``10.213.0.1``), until :meth:`close`.

    Use it as a context manager, or call :meth:`close` in a ``finally``: it kills every
    process of the lab and deletes its namespaces, whatever state a failed run left.
    """

    def __init__(self, players: Iterable[str], *, workdir: str | Path | None = None,
                 say: Callable[[str], None] | None = None) -> None:
        self.prefix = f"{PREFIX}{os.getpid()}x{next(_counter)}"
        self.players = list(players)
        self.machines = ["host", *self.players]
        for m in self.machines:
            if not re.fullmatch(r"[a-z][a-z0-9]{0,9}", m):
                raise ValueError(f"machine names are 1-10 lower-case letters and digits: {m!r}")
        if len(set(self.machines)) != len(self.machines):
            raise ValueError("machine names must differ")
        self.lan = f"{self.prefix}-lan"          # the bridge's namespace
        self.own_dir = workdir is None
        self.dir = Path(workdir or tempfile.mkdtemp(prefix=f"{self.prefix}-"))
        self.dir.mkdir(parents=True, exist_ok=True)
        self.procs: list[LabProc] = []
        self.relays: dict[str, LabProc] = {}
        self.say = say or (lambda text: None)
        self.made: list[str] = []                # namespaces made, in order
        self.partitioned: set[str] = set()

    # ------------------------------------------------------------------ names and addresses
    def ns(self, machine: str) -> str:
        return f"{self.prefix}-{machine}"

    def ip_of(self, machine: str) -> str:
        return HOST_IP if machine == "host" else f"{SUBNET}.{11 + self.players.index(machine)}"

    def data_dir(self, machine: str) -> Path:
        path = self.dir / machine
        path.mkdir(parents=True, exist_ok=True)
        return path

    # ------------------------------------------------------------------ up and down
    def __enter__(self) -> Lab:
        try:
            self.up()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _ns_add(self, ns: str) -> None:
        _ip("netns", "add", ns)
        self.made.append(ns)
        _ip("-n", ns, "link", "set", "lo", "up")

    def up(self) -> None:
        """The bridge in its namespace, then each machine: lo up, eth0 on the bridge, an address."""
        self._ns_add(self.lan)
        _ip("-n", self.lan, "link", "add", "lan0", "type", "bridge")
        # multicast (mDNS) floods to every port, as a small home switch does
        _ip("-n", self.lan, "link", "set", "lan0", "type", "bridge", "mcast_snooping", "0", check=False)
        _ip("-n", self.lan, "link", "set", "lan0", "up")
        for machine in self.machines:
            ns = self.ns(machine)
            self._ns_add(ns)
            if machine == "host":
                # a second link first (so it is the host's first interface): a segment no player reaches
                _ip("link", "add", "eth1", "netns", ns, "type", "veth", "peer", "name", "side0",
                    "netns", self.lan)
                _ip("-n", ns, "addr", "add", f"{SIDE_SUBNET}.1/24", "dev", "eth1")
                _ip("-n", ns, "link", "set", "eth1", "up")
                _ip("-n", self.lan, "link", "set", "side0", "up")
            port = f"p-{machine}"
            _ip("link", "add", "eth0", "netns", ns, "type", "veth", "peer", "name", port, "netns", self.lan)
            _ip("-n", self.lan, "link", "set", port, "master", "lan0")
            _ip("-n", self.lan, "link", "set", port, "up")
            _ip("-n", ns, "addr", "add", f"{self.ip_of(machine)}/24", "dev", "eth0")
            _ip("-n", ns, "link", "set", "eth0", "up")
        self.say(f"lab {self.prefix}: bridge lan0 in {self.lan}; "
                 + ", ".join(f"{m} {self.ip_of(m)} ({self.ns(m)})" for m in self.machines))

    def close(self) -> None:
        """Kill every process of the lab, delete its namespaces (and with them every link)."""
        for proc in [*self.procs, *self.relays.values()]:
            proc.kill(signal.SIGKILL)
        for ns in self.made:
            kill_namespace_processes(ns)
        for proc in [*self.procs, *self.relays.values()]:
            with contextlib.suppress(Exception):
                proc.popen.wait(5)
            for stream in (proc.popen.stdout, proc.popen.stderr, proc.popen.stdin):
                if stream is not None:
                    with contextlib.suppress(Exception):
                        stream.close()
        for ns in reversed(self.made):
            with contextlib.suppress(Exception):
                _ip("netns", "del", ns, check=False)
        self.made = []

    def leftovers(self) -> list[str]:
        """What of this lab is still there (namespaces, links named after it, live processes)."""
        left = [f"namespace {ns}" for ns in namespaces() if ns.startswith(self.prefix + "-")]
        with contextlib.suppress(Exception):
            links = _ip("-o", "link", check=False).stdout
            left += [f"link {line.split(':')[1].strip()}" for line in links.splitlines()
                     if self.prefix in line]
        left += [f"process {p.name} ({p.pid})" for p in [*self.procs, *self.relays.values()]
                 if p.popen.poll() is None]
        return left

    def remove_dir(self) -> None:
        if self.own_dir:
            shutil.rmtree(self.dir, ignore_errors=True)

    # ------------------------------------------------------------------ running things
    def env(self, machine: str, extra: dict[str, str] | None = None) -> dict[str, str]:
        env = dict(os.environ)
        # the lab is a LAN of its own: discovery may use every interface of a lab machine
        for key in ("EKPEER_DISCOVERY_INTERFACES", "EKPEER_NO_DISCOVERY", "PYTEST_CURRENT_TEST"):
            env.pop(key, None)
        env.update({"EKPEER_DATA_DIR": str(self.data_dir(machine)), "PYTHONUNBUFFERED": "1",
                    "PYTHONDONTWRITEBYTECODE": "1"})
        env.update(extra or {})
        return env

    def spawn(self, machine: str, name: str, argv: list[str], *, env: dict[str, str] | None = None,
              stdin: Any = subprocess.DEVNULL) -> LabProc:
        """Start ``argv`` on ``machine`` (in its namespace, with its own host name and data dir)."""
        log = self.dir / "logs" / f"{name}.log"
        log.parent.mkdir(parents=True, exist_ok=True)
        inner = list(argv)
        if shutil.which("unshare"):       # each machine has its own host name (mDNS instance names)
            inner = ["unshare", "--uts", "sh", "-c", 'hostname "$0" 2>/dev/null; exec "$@"',
                     f"{machine}-{os.getpid()}", *inner]
        with open(log, "ab") as out:
            popen = subprocess.Popen(["ip", "netns", "exec", self.ns(machine), *inner], stdout=out,
                                     stderr=subprocess.STDOUT, stdin=stdin, cwd=ROOT,
                                     env=self.env(machine, env), start_new_session=True)
        proc = LabProc(machine, name, argv, log, popen)
        self.procs.append(proc)
        self.say(f"{machine}: started {name} (pid {popen.pid})")
        return proc

    def run(self, machine: str, argv: list[str], timeout: float = 30.0,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        """Run ``argv`` on ``machine`` to its end; its output."""
        return subprocess.run(["ip", "netns", "exec", self.ns(machine), *argv], capture_output=True,
                              text=True, timeout=timeout, cwd=ROOT, env=self.env(machine, env))

    def host(self, configs: list[Path], *, name: str = "host", resume: bool = False,
             bind: str = f"tcp://0.0.0.0:{PORT}", ping: float = 1.0, idle: float = 4.0,
             bot_think: str = "0", extra: list[str] | None = None) -> LabProc:
        """``ekpeer host --headless`` on the host machine.

        It asks clients to ping every ``ping`` seconds and drops one silent for ``idle`` (the
        defaults are 2 and 10): a player cut off is noticed, and the others told, within
        seconds, so that the lab's faults fit in a test's time."""
        argv = [*ekpeer_argv(), "host", "--headless", "--bind", bind, "--bot-think", bot_think,
                "--ping", f"{ping:g}", "--idle", f"{idle:g}"]
        for cfg in configs:
            argv += ["--config", str(cfg)]
        if resume:
            argv.append("--resume")
        return self.spawn("host", name, argv + list(extra or []))

    def address(self, host: LabProc, timeout: float = 30.0) -> str:
        """The address players type: the host's LAN address with its key (from its log)."""
        rec = self.wait_for(host, lambda: next(iter(host.events("listening")), None), timeout,
                            "the host to listen")
        port = rec["endpoint"].rsplit(":", 1)[1]
        return rehost(rec["address"], f"tcp://{HOST_IP}:{port}")

    def player(self, machine: str, args: list[str], *, name: str | None = None) -> LabProc:
        """The scripted player (``scripts/_lanlab_player.py``) on ``machine``."""
        return self.spawn(machine, name or machine,
                          [python(), str(ROOT / "scripts" / "_lanlab_player.py"), *args])

    def bot(self, machine: str, address: str, name: str, *, table: str, extra: list[str] | None = None,
            proc_name: str | None = None) -> LabProc:
        """``ekpeer bot`` on ``machine``."""
        return self.spawn(machine, proc_name or name,
                          [*ekpeer_argv(), "bot", address, "--name", name, "--table", table,
                           *(extra or [])])

    # ------------------------------------------------------------------ waiting
    def wait_for(self, proc: LabProc | None, pred: Callable[[], Any], timeout: float, what: str,
                 step: float = 0.05) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = pred()
            if value:
                return value
            if time.monotonic() > deadline:
                raise LabError(f"timed out after {timeout:g} s waiting for {what}\n{self.tails()}")
            if proc is not None and not proc.alive() and not pred():
                raise LabError(f"{proc.name} ended (exit {proc.popen.returncode}) while waiting for "
                               f"{what}\n{self.tails()}")
            time.sleep(step)

    def tails(self, lines: int = 12) -> str:
        out = []
        for p in self.procs:
            tail = p.text().splitlines()[-lines:]
            out.append(f"--- {p.name} on {p.machine} (pid {p.pid}, "
                       f"{'running' if p.alive() else f'exit {p.popen.returncode}'}):")
            out += [t[:400] for t in tail]
        return "\n".join(out)

    # ------------------------------------------------------------------ faults
    def partition(self, machine: str, side: str = "cable") -> float:
        """Cut ``machine`` off the LAN; the time it happened (wall clock).

        ``cable`` (default): its port on the bridge goes down, as a pulled cable or a switch
        that lost it: the machine's own link loses its carrier and packets vanish.
        ``nic``: the machine's own ``eth0`` is set down (its routes go with it)."""
        if side == "nic":
            _ip("-n", self.ns(machine), "link", "set", "eth0", "down")
        else:
            _ip("-n", self.lan, "link", "set", f"p-{machine}", "down")
        self.partitioned.add(machine)
        now = time.time()
        self.say(f"{machine}: link down ({side})")
        return now

    def heal(self, machine: str, side: str = "cable") -> float:
        """Put ``machine`` back on the LAN; the time it happened (wall clock)."""
        if side == "nic":
            _ip("-n", self.ns(machine), "link", "set", "eth0", "up")
        else:
            _ip("-n", self.lan, "link", "set", f"p-{machine}", "up")
        self.partitioned.discard(machine)
        now = time.time()
        self.say(f"{machine}: link up ({side})")
        return now

    def latency(self, machine: str, ms: float, *, loss: float = 0.0, target: str = HOST_IP,
                port: int = PORT, listen_port: int = PORT + 10000) -> str:
        """Add ``ms`` of one-way delay (and ``loss``) between ``machine`` and the host: the
        endpoint ``machine`` should connect to (``tcp://IP:PORT``, no key).

        With ``netem`` in the kernel the delay is put on the machine's ``eth0`` and the host's
        own address is returned. Without it (as on the machines this was written on) a relay in
        the machine's namespace, ``scripts/_lanlab_relay.py``, holds every chunk ``ms`` each
        way; ``loss`` there is a stall of 200 ms (a TCP retransmit) with that probability,
        since a byte stream cannot lose bytes. The relay says so when it starts."""
        ns = self.ns(machine)
        if netem_works(ns):
            args = ["tc", "qdisc", "add", "dev", "eth0", "root", "netem", "delay", f"{ms:g}ms"]
            if loss:
                args += ["loss", f"{loss * 100:g}%"]
            subprocess.run(["ip", "netns", "exec", ns, *args], check=True, capture_output=True)
            self.say(f"{machine}: netem delay {ms:g} ms loss {loss:.1%} on eth0")
            return f"tcp://{target}:{port}"
        own = self.ip_of(machine)
        relay = self.spawn(machine, f"relay-{machine}",
                           [python(), str(ROOT / "scripts" / "_lanlab_relay.py"),
                            "--listen", f"{own}:{listen_port}", "--to", f"{target}:{port}",
                            "--delay-ms", f"{ms:g}", "--loss", f"{loss:g}"])
        self.relays[machine] = relay
        self.procs.remove(relay)
        self.wait_for(relay, lambda: relay.events("relaying"), 20, "the relay to listen")
        return f"tcp://{own}:{listen_port}"


def write_config(path: Path, *, title: str = "LAN lab", **table: Any) -> Path:
    """A lobby preset for the lab's host (the table id is the file's name): the base game, three
    seats, short reaction windows, and long turns (a player held before a move keeps the table
    waiting, rather than the host moving for them)."""
    settings = {"expansions": ["base"], "seats": 3, "bots": "heuristic", "reaction_seconds": 0.05,
                "turn_seconds": 60.0, "grace_seconds": 30.0, **table}
    lines = [f"name = {json.dumps(title)}", "[table]"]
    lines += [f"{k} = {json.dumps(v)}" for k, v in settings.items()]
    path.write_text("\n".join(lines) + "\n")
    return path


# ---------------------------------------------------------------------------- every lab on this box
def namespaces() -> list[str]:
    try:
        out = _ip("netns", "list", check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    return [line.split()[0] for line in out.splitlines() if line.strip()]


def kill_namespace_processes(ns: str) -> None:
    """SIGKILL every process still in namespace ``ns`` (and wait a moment for them to go)."""
    for _ in range(20):
        try:
            pids = [int(p) for p in _ip("netns", "pids", ns, check=False).stdout.split()]
        except (OSError, subprocess.SubprocessError, ValueError):
            return
        pids = [p for p in pids if p != os.getpid()]
        if not pids:
            return
        for pid in pids:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.05)


def stale_labs() -> list[str]:
    """Namespaces of labs whose run is gone (its pid no longer lives): what a SIGKILLed run left."""
    out = []
    for ns in namespaces():
        m = re.fullmatch(rf"{PREFIX}(\d+)(?:x\d+-[a-z0-9]+|probeb?)", ns)
        if m is not None and not Path(f"/proc/{int(m.group(1))}").exists():
            out.append(ns)
    return out


def clean_stale() -> list[str]:
    """Delete the namespaces (and kill the processes) of every lab whose run is gone."""
    gone = stale_labs()
    for ns in gone:
        kill_namespace_processes(ns)
        _ip("netns", "del", ns, check=False)
    return gone

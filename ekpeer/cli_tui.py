"""Command-line entries for the Textual client (play, join, host with a player)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .i18n import _

CONFIGS = Path(__file__).resolve().parents[1] / "configs"
ASK = "\0ask"   # `ekpeer join --password` with no value: prompt for it
ADDRESS_START = ("tcp://",)    # how a host's address begins: never a --password (address_after_password)
LOOPBACK = "tcp://127.0.0.1:0"          # ekpeer play's host
HOST_BIND = "tcp://0.0.0.0:5555"         # a table hosted for others, unless --bind says where
# (ekpeer.net.reach.EVERY_INTERFACE: `ekpeer host`'s --bind default, with or without a player)


def _csv(value: str | None) -> list[str] | None:
    if value is None:
        return None
    return [v.strip() for v in value.split(",") if v.strip()]


NAME_HELP = 'your name at the table (default: your login; as root, "player")'


def default_name() -> str:
    """Your login; "player" in your language where the login says nothing of you (root)."""
    user = os.environ.get("USER") or os.environ.get("USERNAME") or ""
    return user if user and user != "root" else _("player")


def settings_from(args: argparse.Namespace) -> dict[str, Any]:
    """Lobby settings: the preset file (configs/base.toml by default), then the flags."""
    from .tui.presets import load_config

    config = getattr(args, "config", None)
    if isinstance(config, list):  # `ekpeer host --config` may repeat: the first sets the table
        config = config[0] if config else None
    if config is None and (CONFIGS / "base.toml").exists():
        config = CONFIGS / "base.toml"
    from .table_settings import with_flags

    return with_flags(load_config(config), table_flags(args), getattr(args, "default_bots", None))


#: The command line's table flags and the lobby setting each gives (``ekpeer play``, ``ekpeer
#: host``, with or without ``--headless``): how the host's words name the flag behind a setting.
TABLE_FLAGS = {"players": "seats", "bots": "bots", "expansions": "expansions", "deck": "deck",
               "variants": "variants", "reaction": "reaction_seconds", "turn": "turn_seconds"}


def table_flags(args: argparse.Namespace) -> dict[str, Any]:
    """The lobby settings the table flags on the command line give, only those given: they
    win over a preset file's (a host who typed ``--turn 30`` expects 30 at every table)."""
    from .table_settings import bot_kind

    out: dict[str, Any] = {}
    for flag, key in TABLE_FLAGS.items():
        value = getattr(args, flag, None)
        if flag in ("expansions", "variants"):
            value = _csv(value)
        if value is None or (flag == "players" and not value):
            continue
        out[key] = bot_kind(value) if key == "bots" else value
    return out


def session_factory(*, think: tuple[float, float] = (0.3, 0.7), bind: str | None = None,
                    public_host: str | list[str] | None = None, discovery: bool = True,
                    insecure: bool = False,
                    journal: Any = None, resume: bool = False, seed: int | None = None,
                    game_over_hooks: Sequence[Callable[[Any], Any]] = ()) -> Callable[..., Any]:
    """The app's sessions, each a seat at a real host (``ekpeer.net``), for each mode:

    * ``play``: a host on loopback in this process (``seed``: its deals, for reproducible games
      and tests), this player at it over inproc, bots in the other seats;
    * ``host``: the same, bound at ``bind`` (default ``tcp://0.0.0.0:5555``) where others reach
      it (``public_host``, advertised on the LAN with ``discovery``; ``journal``/``resume``: its
      crash journal);
    * ``join``: a seat at someone else's host.

    ``think``: how long the bots take (tests: ``(0, 0)``); ``insecure``: plain TCP, no
    CurveZMQ (loopback debugging); ``game_over_hooks``: ``--save-replays``. The client gets
    a host here and no more: it runs none itself (the one host is ``ekpeer.net``'s).
    """

    def make(mode: str = "play", name: str = "you", settings: dict[str, Any] | None = None,
             autostart: bool = False, address: str | None = None, table: str | None = None,
             password: str | None = None, watch: bool = False, create: bool = False,
             start_screen: bool = False, **_: Any) -> Any:
        from .tui.session import NetSession

        if mode == "join":      # create: ekpeer join --create (else a --table typo is refused)
            return NetSession(address or "tcp://127.0.0.1:5555", name, table=table, password=password,
                              insecure=insecure, watch=watch, create=create, start_screen=start_screen)
        from .net.hosted import LocalHost
        from .net.reach import public_hosts

        if mode == "host":
            here = LocalHost(bind or HOST_BIND, think=think,
                             secure=not insecure, public_host=public_host or public_hosts(bind or HOST_BIND),
                             discovery=discovery, journal=journal, resume=resume,
                             game_over_hooks=game_over_hooks)
            table = table or "main"
        else:
            here = LocalHost(LOOPBACK, think=think, seed=seed, secure=not insecure,
                             game_over_hooks=game_over_hooks)
            table = table or "play"
        return NetSession("", name, table=table, create=True, settings=settings, autostart=autostart,
                          host=here, insecure=insecure)

    return make


def _need_network(command: str) -> None:
    """Every game, even against bots, is played at a host over ZeroMQ: without pyzmq there is
    none, said plainly (no fallback host inside the client)."""
    from importlib.util import find_spec

    if find_spec("zmq") is None:
        raise SystemExit(_("ekpeer {command}: pyzmq is not installed, and every game (bots too) is "
                           "played at a host over ZeroMQ. Install it (pip install pyzmq) or reinstall "
                           "ekpeer.").format(command=command))


def _think(args: argparse.Namespace) -> tuple[float, float]:
    think = max(0.0, float(getattr(args, "think", 0.5) or 0.0))
    return (think * 0.6, think * 1.4) if think else (0.0, 0.0)


def _factory(args: argparse.Namespace) -> Callable[..., Any]:
    _need_network(getattr(args, "command", None) or "play")
    return session_factory(think=_think(args), bind=getattr(args, "bind", None),
                           public_host=getattr(args, "public_host", None), discovery=_discovery(args),
                           insecure=_insecure(args), seed=getattr(args, "seed", None),
                           game_over_hooks=_replay_hooks(args))


def _insecure(args: argparse.Namespace) -> bool:
    """``--insecure``: plain TCP without CurveZMQ (loopback debugging only), said loudly."""
    if not getattr(args, "insecure", False):
        return False
    from .net.security import warn_insecure

    warn_insecure(f"ekpeer {getattr(args, 'command', '')}".strip())
    return True


def _discovery(args: argparse.Namespace) -> bool:
    """LAN discovery unless ``--no-discovery`` (or ``EKPEER_NO_DISCOVERY=1``)."""
    if getattr(args, "no_discovery", False):
        return False
    return os.environ.get("EKPEER_NO_DISCOVERY", "").strip().lower() in ("", "0", "no", "false")


def _run(app: Any) -> int:
    from . import collector
    from .tui.hangup import exit_on_hangup

    try:
        with exit_on_hangup(app):    # ends the client when its terminal or input goes away
            app.run()
    finally:
        collector.resume()   # the app resumes it once interactive; this covers an early exit
    parting = getattr(app, "parting", None)
    if parting:     # how to come back, above the shell's next prompt (the screen is gone)
        print(parting, file=sys.stderr)
    return int(app.return_code or 0)


def _pause_collector() -> None:
    from . import collector

    collector.pause()


def _replay_hooks(args: argparse.Namespace) -> list[Callable[[Any], Any]]:
    """With ``--save-replays DIR``, the hosts this command runs save every finished game into DIR."""
    directory = getattr(args, "save_replays", None)
    if not directory:
        return []
    from .replays import ReplaySaver

    return [ReplaySaver(directory)]


def cmd_play(args: argparse.Namespace) -> int:
    _pause_collector()
    settings = settings_from(args)
    factory = _factory(args)
    if not args.menu:
        factory = _forked(args, settings, factory)   # before Textual loads: see tui/forked.py
    from .tui.app import make_app

    app = make_app(factory, mode=None if args.menu else "play", name=args.name,
                   settings=settings, autostart=args.start,
                   discovery=bool(args.menu) and _discovery(args))
    return _run(app)


def _forked(args: argparse.Namespace, settings: dict[str, Any], factory: Any) -> Any:
    """``ekpeer play``'s host and connection, forked now so that they start on another core
    while the client loads; ``factory`` unchanged where that cannot be (no fork on this
    system, ``EKPEER_FORK_HOST=0``, or the deprecated ``--local``, which means the same)."""
    from .tui.forked import can_fork, fork_session, forked_factory

    if args.local or not can_fork():
        return factory

    def make() -> Any:
        return factory(mode="play", name=args.name, settings=settings, autostart=args.start)

    return forked_factory(fork_session(make), factory)


def address_after_password(args: argparse.Namespace) -> None:
    """``ekpeer join --password tcp://HOST:PORT/KEY`` with no other address: the address, and
    the password asked. ``--password`` takes an optional value, so the address written after
    it (as "ekpeer join asks for the password" reads) became the password, unsaid, and the
    start screen opened with an empty address box. A password is never written as an address."""
    password = getattr(args, "password", None)
    if not (isinstance(password, str) and password.lower().startswith(ADDRESS_START)):
        return
    if args.address is not None:        # two addresses: which one is meant is not guessed
        raise SystemExit(_("ekpeer join: --password {given} is an address, and {address} is given too. "
                           "Give the address once; --password alone asks for the password.").format(
                               given=password, address=args.address))
    args.address, args.password = password, ASK


def cmd_join(args: argparse.Namespace) -> int:
    _pause_collector()
    from .tui.app import make_app

    options: dict[str, Any] = {"table": args.table} if args.table else {}
    if getattr(args, "watch", False):   # a late friend: watch the game, take a seat at the next
        options["watch"] = True
    if getattr(args, "create", False):  # a new table named --table (a typo is refused without it)
        options["create"] = True
    address_after_password(args)
    password = getattr(args, "password", None)
    if password == ASK:  # --password without a value: asked here, never echoed nor kept in history
        import getpass

        password = getpass.getpass(_("Password for table {table}: ").format(table=args.table) if args.table
                                   else _("Password for the table: "))
    if password:
        options["password"] = password
    # What is said of the host's key waits: the screen covers the terminal at once, and a line
    # printed just before it stood above the shell's prompt after the game, read as news at
    # exit. It is said on the screen instead, and at exit as what it is, a thing of the past.
    said = _Said(sys.stderr)
    if args.address:    # its key: in the address, from a trusted earlier visit, or the LAN's (asked about)
        from .cli_trust import trusted_address

        args.address = trusted_address(args.address, trust=args.trust, discovery=_discovery(args),
                                       insecure=args.insecure, out=said, ask=said.ask)
        if args.address is None:
            said.release()      # why not, at the terminal: no screen opens
            return 2
    # Without an address the start screen opens, listing the tables found on the LAN.
    app = make_app(_factory(args), mode="join" if args.address else None, name=args.name,
                   address=args.address, options=options or None, discovery=_discovery(args))
    app.notices = said.lines()      # the host key's fingerprint, to compare with the host's screen
    try:
        return _run(app)
    finally:
        if said.held():
            _say_trusted_earlier(args.address)


def _say_trusted_earlier(address: str | None) -> None:
    """After the game, in the shell's scrollback for later: the key this first visit trusted
    (said on the screen when it happened), once the host answered with it."""
    from .net.addresses import AddressError, fingerprint, parse
    from .net.known_hosts import KnownHosts

    try:
        parsed = parse(address or "")
        trusted = parsed.key is not None and KnownHosts().lookup(parsed.hostport) == parsed.key
    except (AddressError, ValueError):
        return
    if trusted:
        import shutil
        import textwrap

        said = _("Earlier, at your first visit to {host}, this client trusted its key, fingerprint "
                 "{fingerprint}: it will refuse any other key there from now on.").format(
                     host=parsed.hostport, fingerprint=fingerprint(parsed.key))
        # wrapped between words: the terminal broke "fin/gerprint" at its edge
        width = max(40, shutil.get_terminal_size((80, 24)).columns - 1)
        print(textwrap.fill(said, width, break_on_hyphens=False), file=sys.stderr)


class _Said:
    """A stream that keeps what it is told for the screen, held back from ``out`` until
    :meth:`release` (a question about it, or a refusal with no screen after it)."""

    def __init__(self, out: Any) -> None:
        self.out, self.text, self.passing = out, [], False

    def write(self, text: str) -> int:
        self.text.append(text)
        if self.passing:
            self.out.write(text)
        return len(text)

    def flush(self) -> None:
        if self.passing:
            self.out.flush()

    def release(self) -> None:
        """Everything told so far at ``out``, and everything told from now on."""
        if not self.passing:
            self.out.write("".join(self.text))
            self.out.flush()
            self.passing = True

    def held(self) -> bool:
        """Whether something was told and never said at ``out``."""
        return not self.passing and any(t.strip() for t in self.text)

    def ask(self, question: str) -> str:
        """A question at the terminal, after what it is about (``trusted_address``'s ``ask``)."""
        self.release()
        if not sys.stdin.isatty():
            raise EOFError      # nobody to answer: no (never assumed)
        return input(question)

    def lines(self) -> list[str]:
        return [line for line in "".join(self.text).splitlines() if line.strip()]


def host_with_player(args: argparse.Namespace) -> int:
    """``ekpeer host`` without ``--headless``: host a table and sit at it as its first player."""
    _pause_collector()
    from .tui.app import make_app

    bind = getattr(args, "bind", None)
    if not bind:
        port = getattr(args, "port", None) or 5555
        bind = f"tcp://0.0.0.0:{port}"
    args.bind = bind
    for attr, default in (("name", default_name()), ("think", 0.5), ("menu", False)):
        if getattr(args, attr, None) is None:
            setattr(args, attr, default)
    _need_network("host")
    from .net.reach import public_hosts

    # what the lobby shows others: addresses other machines can use, never 0.0.0.0 or a name
    public = getattr(args, "public_host", None) or public_hosts(bind)
    think_range = getattr(args, "bot_think", None)
    if not (isinstance(think_range, tuple) and len(think_range) == 2):
        think_range = (float(args.think) * 0.6, float(args.think) * 1.4)
    from .net.journal import Journal
    from .net.security import data_dir

    port = bind.rsplit(":", 1)[-1]
    journal = Journal(data_dir() / "tables" / f"tui-{port}") if port.isdigit() and port != "0" else None
    if journal is not None:
        from .net.journal_kept import kept_words, taken_back_words

        if getattr(args, "resume", False):
            journal.take_back()     # a game set aside by a start without --resume, when none is here
        else:
            journal.clear()
        # on the terminal once the client is gone; the client says it too
        kept = kept_words(journal) or taken_back_words(journal)
        if kept:
            print(kept, file=sys.stderr)
    factory = session_factory(think=think_range, bind=bind, public_host=public, discovery=_discovery(args),
                              insecure=_insecure(args), journal=journal,
                              resume=bool(getattr(args, "resume", False)),
                              game_over_hooks=_replay_hooks(args))
    app = make_app(factory, mode="host", name=args.name, settings=settings_from(args))
    code = _run(app)
    if journal is not None:
        from .net.journal_kept import left_words

        words = left_words(journal, bind)
        if words:
            print(words, file=sys.stderr)
    return code


def cmd_replay(args: argparse.Namespace) -> int:
    """Play back a saved game step by step in the terminal; with ``--text``, print it instead
    (one line a step, every card shown). A file that is missing, damaged or not a replay is
    refused in one line, exit 2 (ekpeer.replays checks whatever the file says)."""
    from .replay_text import plain
    from .replays import Playback, ReplayError, load

    try:
        playback = Playback(load(args.file))
    except ReplayError as exc:
        print(plain(f"ekpeer replay: {' '.join(str(exc).split())}"), file=sys.stderr)
        return 2
    if args.text:
        from .replay_text import text_lines

        for line in text_lines(playback):
            print(line)
        return 0
    from .tui.screens.replay import ReplayApp

    return _run(ReplayApp(playback, show_hands=args.hands))


def _table_flags(p: argparse.ArgumentParser, config: bool = True) -> None:
    if config:
        p.add_argument("--config", default=None, help="lobby preset (default: configs/base.toml)")
    p.add_argument("--players", type=int, default=None, help="seats at the table, 2-10")
    p.add_argument("--bots", choices=("hard", "normal", "easy", "expert", "heuristic", "random"),
                   default=None, help="strength of the bots: hard (searches; play's default), normal, easy")
    p.add_argument("--expansions", default=None, help="comma-separated plugin names, e.g. base,imploding")
    p.add_argument("--deck", default=None, help="main deck (original, two_player, ...)")
    p.add_argument("--variants", default=None, help="comma-separated variant ids")
    p.add_argument("--reaction", type=float, default=None, help="seconds to Nope an action")
    p.add_argument("--turn", type=float, default=None, help="seconds for a move before the default")


def host_player_flags(host: argparse.ArgumentParser) -> None:
    """``ekpeer host`` without ``--headless`` seats you at the table it hosts: your name, and
    the table's shape from the flags. A headless host takes its tables from ``--config``, with
    the same flags over every file's settings and as the start of the tables players create."""
    if not any("--name" in action.option_strings for action in host._actions):
        host.add_argument("--name", default=None, help="your name at the table (default: your user name)")
    _table_flags(host, config=False)


def add_commands(sub: argparse._SubParsersAction) -> None:
    """The Textual client's commands register here."""
    play = sub.add_parser("play", help="play in the terminal against bots (host, client and bots in one)")
    _table_flags(play)
    play.add_argument("--name", default=default_name(), help=NAME_HELP)
    play.add_argument("--start", action="store_true", help="start at once, skipping the lobby")
    play.add_argument("--menu", action="store_true", help="open the start screen (play / host / join)")
    play.add_argument("--local", action="store_true",
                      help="deprecated: the same as EKPEER_FORK_HOST=0 (the host runs in this process, "
                           "not in a forked one)")
    play.add_argument("--think", type=float, default=0.5, help="seconds a bot takes to move (about)")
    play.add_argument("--seed", type=int, default=None,
                      help="seed the host's deals (the same game again, against bots)")
    play.add_argument("--no-discovery", action="store_true",
                      help="with --menu: neither list LAN tables nor advertise a hosted one")
    play.add_argument("--insecure", action="store_true",
                      help="no encryption (plain TCP): loopback debugging only")
    play.add_argument("--save-replays", metavar="DIR", default=None,
                      help="save every finished game into DIR (play it back with ekpeer replay FILE)")
    play.set_defaults(func=cmd_play, default_bots="expert")

    replay = sub.add_parser("replay", help="play back a saved game step by step (ekpeer replay FILE)")
    replay.add_argument("file", help="a replay saved with --save-replays")
    replay.add_argument("--hands", action="store_true", help="start with every hand shown (h toggles)")
    replay.add_argument("--text", action="store_true",
                        help="print the game as plain text instead, one line a step, every card shown "
                             "(for a pipe or grep)")
    replay.set_defaults(func=cmd_replay)

    join = sub.add_parser("join", help="join a table on a host: ekpeer join tcp://HOST:PORT --name NAME "
                          "(no address: pick from the tables found on the LAN)")
    join.add_argument("address", nargs="?", default=None,
                      help="tcp://HOST:PORT/KEY as the host shows it, or HOST:PORT when its key is known or "
                           "advertised on the LAN (default: the start screen lists the tables on the LAN)")
    join.add_argument("--trust", action="store_true",
                      help="trust the key the LAN advertises for HOST:PORT (compare its fingerprint first)")
    join.add_argument("--no-discovery", action="store_true", help="do not look for tables on the LAN")
    join.add_argument("--name", default=default_name(), help=NAME_HELP)
    join.add_argument("--table", default=None, help="table id (default: the first one still in its lobby)")
    join.add_argument("--create", action="store_true",
                      help="make the --table named if the host has none of that name (without it, a "
                           "name the host does not have is refused with the tables it has)")
    join.add_argument("--password", nargs="?", const=ASK, default=None, metavar="PASSWORD",
                      help="the table's password (--password alone, or followed by the address, asks for it "
                           "without echoing it: a value beginning tcp:// is the address)")
    join.add_argument("--insecure", action="store_true",
                      help="allow an address without the host's key (plain TCP, loopback debugging only)")
    join.add_argument("--watch", action="store_true",
                      help="watch the table's game (arrived late: you may take a seat for the next game)")
    join.set_defaults(func=cmd_join, local=False, think=0.5)

"""Command-line entries for the network host, clients, bots and the Textual client."""

from __future__ import annotations

import argparse
import signal
import sys

from .bots.registry import BOT_KINDS  # the kinds only: loads no bot

# asyncio (~35 ms) loads inside the commands that run a loop: the parser is built for every
# command, and `ekpeer scenario` or `ekpeer simulate` never need it.


def _think(value: str) -> tuple[float, float]:
    lo, _, hi = value.partition(":")
    a = float(lo)
    b = float(hi) if hi else a
    if a < 0 or b < a:
        raise argparse.ArgumentTypeError("think must be SECONDS or LO:HI with 0 <= LO <= HI")
    return a, b


async def _headless(args: argparse.Namespace) -> int:
    import asyncio

    from .net.host import Host, stdout_logger
    from .net.lobby import SettingsError, load_config
    from .net.security import warn_insecure

    insecure = bool(getattr(args, "insecure", False))
    if insecure:
        warn_insecure(f"ekpeer host --headless on {args.bind}")
    journal = journal_for(args.bind)
    if journal is not None and not getattr(args, "resume", False):
        journal.clear()
    host = Host(args.bind, think=args.bot_think, seed=args.seed, log=stdout_logger,
                allow_create=not args.no_create, ping_seconds=args.ping, idle_seconds=args.idle,
                secure=not insecure, journal=journal)
    host.loop = asyncio.get_running_loop()
    if getattr(args, "resume", False):
        if journal is None:
            stdout_logger({"level": "error", "event": "cannot_resume",
                           "error": "--resume needs a fixed port in --bind"})
            return 2
        host.restore()
    assigned: set[str] = set()
    for path in args.config or []:
        try:
            table_id, settings, extra = load_config(path)
        except (OSError, SettingsError, ValueError) as exc:
            stdout_logger({"level": "error", "event": "bad_config", "path": path, "error": str(exc)})
            return 2
        wanted, n = table_id, 2
        while wanted in assigned:
            wanted = f"{table_id}-{n}"
            n += 1
        assigned.add(wanted)
        if wanted in host.tables:       # brought back by --resume
            continue
        host.add_table(wanted, settings, autostart=extra["autostart"], title=extra["title"],
                       description=extra["description"])
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        await host.start()
    except Exception as exc:
        stdout_logger({"level": "error", "event": "bind_failed", "endpoint": args.bind, "error": str(exc)})
        return 2
    if getattr(args, "save_replays", None):
        from .replays import ReplaySaver

        host.game_over_hooks.append(ReplaySaver(args.save_replays))
    advertiser = None
    if not getattr(args, "no_discovery", False):
        from .net.discovery import advertise

        advertiser = await advertise(host)
    import gc

    from . import collector

    collector.serve()      # started: from now on this process serves tables
    host.log("collector", threshold=list(gc.get_threshold()), frozen=gc.get_freeze_count())
    await stop.wait()
    host.log("signal", reason="shutdown requested")
    if advertiser is not None:
        await advertiser.close()
    await host.close()
    host.ctx.term()
    return 0


def journal_for(bind: str):
    """The crash journal of a host bound to ``bind``: ``<data>/tables/<port>`` (None for port 0)."""
    from .net.journal import Journal
    from .net.security import data_dir

    port = bind.rsplit(":", 1)[-1]
    if not port.isdigit() or port == "0":
        return None
    return Journal(data_dir() / "tables" / port)


def cmd_host(args: argparse.Namespace) -> int:
    import asyncio

    if not args.headless:
        from . import cli_tui

        fn = getattr(cli_tui, "host_with_player", None)
        if fn is None:
            print("the Textual client is not installed: use `ekpeer host --headless`", file=sys.stderr)
            return 2
        return int(fn(args) or 0)
    return asyncio.run(_headless(args))


def cmd_bot(args: argparse.Namespace) -> int:
    import asyncio

    from .net.remote_bot import run_bot

    try:
        return asyncio.run(run_bot(args.endpoint, args.name, args.table, args.kind, args.token, args.games,
                                   args.think, args.seed, args.timeout, args.insecure, args.password))
    except KeyboardInterrupt:
        return 130


async def _list(timeout: float) -> list:
    from .net.discovery import discover

    return await discover(timeout)


def cmd_list(args: argparse.Namespace) -> int:
    """Tables that hosts on the LAN advertise (multicast DNS), one a line."""
    import asyncio
    import json

    from .net.discovery import DiscoveryUnavailable

    try:
        tables = asyncio.run(_list(args.timeout))
    except DiscoveryUnavailable as exc:
        print(f"LAN discovery is not available here ({exc}); join by address instead", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    if args.json:
        for t in tables:
            print(json.dumps(t.as_dict()))
        return 0
    if not tables:
        print(f"no tables found on the LAN within {args.timeout:g} s (multicast may be blocked here: "
              "join with the host's address, ekpeer join tcp://HOST:PORT)", file=sys.stderr)
        return 0
    for t in tables:
        print(t.line())
    return 0


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Network and TUI commands register here as they land."""
    host = sub.add_parser("host", help="host tables (--headless: a server with JSON-lines logs)")
    host.add_argument("--headless", action="store_true",
                      help="serve tables without a player at this terminal")
    host.add_argument("--bind", default="tcp://127.0.0.1:5555", help="ZeroMQ endpoint, e.g. tcp://0.0.0.0:5555")
    host.add_argument("--config", action="append", metavar="TOML",
                      help="a lobby preset (configs/*.toml); repeat for several tables")
    host.add_argument("--bot-think", type=_think, default=(0.5, 1.5), metavar="LO:HI",
                      help="seconds the host's bots think before a move (default 0.5:1.5)")
    host.add_argument("--seed", type=int, default=None)
    host.add_argument("--no-create", action="store_true",
                      help="players may not create tables by joining them")
    host.add_argument("--ping", type=float, default=2.0,
                      help="seconds between client pings (told to clients)")
    host.add_argument("--idle", type=float, default=10.0,
                      help="seconds of silence before a client is dropped")
    host.add_argument("--save-replays", metavar="DIR", default=None,
                      help="save every finished game into DIR as JSON (ekpeer replay FILE plays it back)")
    host.add_argument("--no-discovery", action="store_true",
                      help="do not advertise the tables on the LAN (multicast DNS)")
    host.add_argument("--insecure", action="store_true",
                      help="no encryption or client keys (plain TCP): loopback debugging only")
    host.add_argument("--resume", action="store_true",
                      help="bring back every table (and game) this host had on this port, after a crash")
    host.set_defaults(func=cmd_host)

    lister = sub.add_parser("list", help="list the tables hosts advertise on the LAN")
    lister.add_argument("--timeout", type=float, default=2.0, help="seconds to listen (default 2)")
    lister.add_argument("--json", action="store_true", help="one JSON object a line")
    lister.set_defaults(func=cmd_list)

    bot = sub.add_parser("bot", help="connect a bot to a host from this process")
    bot.add_argument("endpoint", help="tcp://HOST:PORT#HOSTKEY (as the host prints it)")
    bot.add_argument("--name", required=True)
    bot.add_argument("--table", default="base")
    bot.add_argument("--kind", default="heuristic", choices=BOT_KINDS)
    bot.add_argument("--token", default=None, help="resume a seat")
    bot.add_argument("--games", type=int, default=1, help="games to play before leaving")
    bot.add_argument("--think", type=_think, default=(0.0, 0.0), metavar="LO:HI")
    bot.add_argument("--seed", type=int, default=None)
    bot.add_argument("--timeout", type=float, default=None, help="give up after this many seconds")
    bot.add_argument("--insecure", action="store_true",
                      help="allow an address without the host's key (plain TCP, loopback debugging only)")
    bot.add_argument("--password", default=None, help="the table's password, if it has one")
    bot.set_defaults(func=cmd_bot)

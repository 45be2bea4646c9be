"""Command-line entries for the network host, clients, bots and the Textual client."""

from __future__ import annotations

import argparse
import signal
import sys
from typing import Any

from .bots.registry import BOT_KINDS  # the kinds only: loads no bot
from .i18n import _, ngettext
from .net.reach import EVERY_INTERFACE  # `ekpeer host` listens where others reach it

# asyncio (~35 ms) loads inside the commands that run a loop: the parser is built for every
# command, and `ekpeer scenario` or `ekpeer simulate` never need it.


def _think(value: str) -> tuple[float, float]:
    lo, _sep, hi = value.partition(":")
    a = float(lo)
    b = float(hi) if hi else a
    if a < 0 or b < a:
        raise argparse.ArgumentTypeError("think must be SECONDS or LO:HI with 0 <= LO <= HI")
    return a, b


async def _headless(args: argparse.Namespace) -> int:
    import asyncio

    from .net.host import Host, stdout_logger
    from .net.lobby import SettingsError, load_config
    from .net.logsink import write_line
    from .net.security import warn_insecure

    insecure = bool(getattr(args, "insecure", False))
    if insecure:
        warn_insecure(f"ekpeer host --headless on {args.bind}")
    from .cli_tui import table_flags
    from .net.lobby import created_defaults

    flags = table_flags(args)       # --turn 30: at every table, the config files' too
    try:
        defaults = created_defaults(flags)
    except SettingsError as exc:
        stdout_logger({"level": "error", "event": "bad_flags", "error": str(exc)})
        from . import i18n

        write_line(_("ekpeer host: {flags}: {error}").format(
            flags=flag_words(flags), error=i18n.in_lang(exc.said, i18n.current())), "stderr")
        return 2
    journal = journal_for(args.bind)
    if journal is not None and not getattr(args, "resume", False):
        journal.clear()
    elif journal is not None:
        journal.take_back()         # a game set aside by a start without --resume, when none is here
    host = Host(args.bind, think=args.bot_think, seed=args.seed, log=stdout_logger,
                allow_create=not args.no_create, ping_seconds=args.ping, idle_seconds=args.idle,
                secure=not insecure, journal=journal, max_per_address=getattr(args, "max_per_address", 256),
                table_defaults=defaults)
    host.loop = asyncio.get_running_loop()
    restored: list[str] = []
    if getattr(args, "resume", False):
        if journal is None:
            stdout_logger({"level": "error", "event": "cannot_resume",
                           "error": "--resume needs a fixed port in --bind"})
            write_line(_("ekpeer host: --resume needs a fixed port in --bind"), "stderr")
            return 2
        restored = host.restore()
    assigned: set[str] = set()
    overridden: dict[str, dict[str, Any]] = {}      # setting -> {file: the file's value}
    for path in args.config or []:
        try:
            table_id, settings, extra = load_config(path, flags)
        except (OSError, SettingsError, ValueError) as exc:
            stdout_logger({"level": "error", "event": "bad_config", "path": path, "error": str(exc)})
            error = _said(exc)      # in words too: the JSON line alone left a person guessing
            if flags:       # the flags over the file may be what it refuses
                write_line(_("ekpeer host: {path} with {flags}: {error}").format(
                    path=path, flags=flag_words(flags), error=error), "stderr")
            elif str(path) in error:        # the file's own refusals name it already
                write_line(_("ekpeer host: {error}").format(error=error), "stderr")
            else:
                write_line(_("ekpeer host: {path}: {error}").format(path=path, error=error), "stderr")
            return 2
        wanted, n = table_id, 2
        while wanted in assigned:
            wanted = f"{table_id}-{n}"
            n += 1
        assigned.add(wanted)
        if wanted in host.tables:       # brought back by --resume: its settings as they were
            continue
        for key, value in extra["overridden"].items():      # (flags win over this file: said)
            overridden.setdefault(key, {})[path] = value
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
        write_line(_("ekpeer host: cannot listen on {endpoint}: {error}").format(
            endpoint=args.bind, error=exc), "stderr")
        return 2
    if overridden:
        host.log("flags_over_config", settings={k: flags[k] for k in overridden}, files=overridden)
        write_line(flags_win_words(flags, overridden), "stderr")
    for line in resumed_words([host.tables[t] for t in restored if t in host.tables]):
        write_line(line, "stderr")      # (only the JSON log's table_restored said it)
    if flags and restored:      # docs/server.md: the flags reach only the tables made now
        host.log("flags_not_resumed", settings=flags, tables=restored)
        write_line(flags_kept_words(flags, restored), "stderr")
    _say_addresses(host)
    from .net.journal_kept import kept_words, taken_back_words

    # host.log says it too (journal_kept, journal_taken_back); this is for the person
    kept = kept_words(journal) or taken_back_words(journal)
    if kept:
        write_line(kept, "stderr")
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


def _said(exc: Exception) -> str:
    """An error in the words of this command's language where it has them (a refused setting's
    ``said``), else as it reads."""
    said = getattr(exc, "said", None)
    if said is None:
        return str(exc)
    from . import i18n

    return i18n.in_lang(said, i18n.current())


def flag_words(flags: dict[str, Any]) -> str:
    """The table flags as typed: ``--turn 30 --players 5``."""
    from .cli_tui import TABLE_FLAGS

    def shown(value: Any) -> str:
        if isinstance(value, list):
            return ",".join(map(str, value))
        return f"{value:g}" if isinstance(value, float) else str(value)

    return " ".join(f"--{flag} {shown(flags[key])}" for flag, key in TABLE_FLAGS.items() if key in flags)


def flags_win_words(flags: dict[str, Any], overridden: dict[str, dict[str, Any]]) -> str:
    """One line for the person who started the host: which of their flags win over a config
    file that set the same setting otherwise (``--turn 30`` over ``turn_seconds = 60``)."""
    parts = []
    for key, files in overridden.items():
        by_value: dict[str, list[str]] = {}     # the same value in several files: said once
        for path, value in files.items():
            by_value.setdefault(setting_words(key, value), []).append(path)
        said = _(" and ").join(_("{setting} in {files}").format(setting=setting, files=", ".join(paths))
                         for setting, paths in by_value.items())
        parts.append(_("{flag} over {files}").format(flag=flag_words({key: flags[key]}), files=said))
    said = _("ekpeer host: the command line wins over the config files: {parts}")
    return said.format(parts="; ".join(parts))


def resumed_words(tables: list[Any]) -> list[str]:
    """A line for each table ``ekpeer host --resume`` brought back, for the person who started
    it: where its game was and who sits there (a stranger's resumed host printed only the
    usual join lines; that it had resumed anything showed only in the JSON log)."""
    lines = []
    for table in tables:
        game = table.game
        if game is None or table.phase != "playing":
            lines.append(_("ekpeer host: resumed table {table}: its lobby, no game on").format(
                table=table.id))
            continue
        moves = len(game.log)
        lines.append(ngettext(
            "ekpeer host: resumed table {table}: game {game}, {n} move played, seats {seats}",
            "ekpeer host: resumed table {table}: game {game}, {n} moves played, seats {seats}",
            moves).format(table=table.id, game=table.games, n=moves,
                          seats=", ".join(s.name for s in table.seats)))
    return lines


def flags_kept_words(flags: dict[str, Any], restored: list[str]) -> str:
    """One line for the person who resumed the host with table flags: the tables brought back
    keep the settings they had (a stranger's ``--resume --turn 30`` was told the command line
    won over the config files, and the resumed tables kept 60 s)."""
    return ngettext("ekpeer host: the table flags {flags} reach only new tables; the resumed table "
                    "keeps the settings it had: {tables}",
                    "ekpeer host: the table flags {flags} reach only new tables; the {n} resumed tables "
                    "keep the settings they had: {tables}", len(restored)).format(
        flags=flag_words(flags), n=len(restored), tables=", ".join(restored))


def setting_words(key: str, value: Any) -> str:
    """A config file's setting as written there: ``turn_seconds = 60``."""
    if isinstance(value, float):
        shown = f"{value:g}"
    elif isinstance(value, str):
        shown = f'"{value}"'
    elif isinstance(value, list):
        shown = "[" + ", ".join(f'"{v}"' for v in value) + "]"
    else:
        shown = str(value)
    return f"{key} = {shown}"


def _say_addresses(host) -> None:
    """For the person who started the server (stderr; stdout is the JSON log): the addresses
    other machines join by, never ``0.0.0.0`` (``ekpeer.net.reach``), and the key's fingerprint."""
    from .net.logsink import write_line
    from .net.reach import is_wildcard

    addresses = host.addresses
    where = _("every interface") if is_wildcard(host.endpoint) else host.endpoint
    lines = [_("ekpeer host: listening on {where}; players join with:").format(where=where)
             if len(addresses) == 1 else
             _("ekpeer host: listening on {where}; players join with (the address of their own "
               "network):").format(where=where)]
    tables = list(host.tables.values())
    # a table with a password says ``--password`` as the lobby's join command does: a friend
    # given the line without it was refused, and no line said the table had one
    alone = " --password" if len(tables) == 1 and _has_password(tables[0]) else ""
    lines += [f"  ekpeer join {a}{alone}" for a in addresses]
    if len(tables) > 1:     # which tables, in words: they were only in the JSON log's listening line
        lines.append("  " + _("add --table NAME for one of its tables (without it: the first with a "
                              "free seat):"))
        lines += [f"    --table {t.id}" + (" --password" if _has_password(t) else "")
                  + (f"  ({t.title})" if t.title != t.id else "") for t in tables[:12]]
        if len(tables) > 12:
            lines.append("    ...")
    if host.secure:
        from .net import security

        lines.append("  " + _("key fingerprint {fingerprint}").format(
            fingerprint=security.fingerprint(host.public_key)))
    for line in lines:
        write_line(line, "stderr")


def _has_password(table) -> bool:
    """Whether sitting down at ``table`` needs its password (kept sealed: only whether one is set)."""
    return bool(table.settings.get("password"))


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
            print(_("the Textual client is not installed: use `ekpeer host --headless`"), file=sys.stderr)
            return 2
        return int(fn(args) or 0)
    from .net.logsink import hold_standard_descriptors

    hold_standard_descriptors()     # before the event loop opens its own descriptors
    return asyncio.run(_headless(args))


def cmd_forget_host(args: argparse.Namespace) -> int:
    """Forget a host's key (after its own screen confirmed it has a new one)."""
    from .net.addresses import AddressError
    from .net.known_hosts import KnownHosts

    known = KnownHosts()
    try:
        gone = known.forget(args.host)
    except AddressError as exc:
        print(f"ekpeer forget-host: {exc}", file=sys.stderr)
        return 2
    if not gone:
        print(_("{host}: not in {path}").format(host=args.host, path=known.path), file=sys.stderr)
        return 1
    for line in gone:
        print(_("forgot: {line}").format(line=line))
    return 0


def cmd_bot(args: argparse.Namespace) -> int:
    import asyncio

    from .cli_trust import trusted_address
    from .net.remote_bot import run_bot

    endpoint = trusted_address(args.endpoint, trust=args.trust, discovery=not args.no_discovery,
                               insecure=args.insecure)
    if endpoint is None:
        return 2
    try:
        return asyncio.run(run_bot(endpoint, args.name, args.table, args.kind, args.token, args.games,
                                   args.think, args.seed, args.timeout, args.insecure, args.password,
                                   create=True if args.create else (False if args.table else None)))
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
        print(_("LAN discovery is not available here ({reason}); join by address instead").format(reason=exc),
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    if args.json:
        for t in tables:
            print(json.dumps(t.as_dict()))
        return 0
    if not tables:
        print(_("no tables found on the LAN within {seconds:g} s (multicast may be blocked here: "
                "join with the host's address, ekpeer join tcp://HOST:PORT)").format(seconds=args.timeout),
              file=sys.stderr)
        return 0
    from .net.addresses import AddressError
    from .net.known_hosts import HostKeyChanged, KeysContested, KnownHosts, check_found

    known = KnownHosts()
    for t in tables:
        try:
            trust = _("known key") if check_found(t, known).status == "known" else _("new key")
        except HostKeyChanged:          # another key than the one trusted before
            trust = _("KEY CHANGED: ekpeer join refuses it")
        except KeysContested:           # two keys advertised for one host: one is a look-alike
            trust = _("TWO KEYS for this host: ekpeer join refuses it")
        except AddressError:
            trust = _("no key")
        fp = _("  fingerprint {fingerprint} ({trust})").format(fingerprint=t.fingerprint, trust=trust) \
            if t.fingerprint else _("  (no key)")
        print(t.line() + fp)
    return 0


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Network and TUI commands register here as they land."""

    host = sub.add_parser("host", help="host tables (--headless: a server with JSON-lines logs)")
    host.add_argument("--headless", action="store_true",
                      help="serve tables without a player at this terminal")
    host.add_argument("--name", default=None,
                      help="your name at the table you host (not --headless; default: your login; "
                           'as root, "player")')
    host.add_argument("--bind", default=EVERY_INTERFACE,
                      help=f"ZeroMQ endpoint to listen on (default {EVERY_INTERFACE}: every interface, "
                           "where the others on the LAN reach it; tcp://127.0.0.1:5555 keeps it on "
                           "this machine)")
    host.add_argument("--config", action="append", metavar="TOML",
                      help="a lobby preset (configs/*.toml); repeat for several tables")
    host.add_argument("--bot-think", type=_think, default=(0.5, 1.5), metavar="LO:HI",
                      help="seconds the host's bots think before a move (default 0.5:1.5)")
    host.add_argument("--seed", type=int, default=None,
                      help="seed of the host's random choices, deals included (tests and debugging only)")
    host.add_argument("--no-create", action="store_true",
                      help="players may not create tables by joining them")
    host.add_argument("--ping", type=float, default=1.0,
                      help="seconds between client pings, told to clients (default 1; a client "
                           "calls the host gone after 3.5 s without a word)")
    host.add_argument("--idle", type=float, default=5.0,
                      help="seconds of silence before a client is dropped and its seat said gone "
                           "(default 5: clients ping every second)")
    host.add_argument("--max-per-address", type=int, default=256, metavar="N",
                      help="connections at once from one remote address (default 256; docs/security.md)")
    host.add_argument("--save-replays", metavar="DIR", default=None,
                      help="save every finished game into DIR as JSON (ekpeer replay FILE plays it back)")
    host.add_argument("--no-discovery", action="store_true",
                      help="do not advertise the tables on the LAN (multicast DNS)")
    host.add_argument("--insecure", action="store_true",
                      help="no encryption or client keys (plain TCP): loopback debugging only")
    host.add_argument("--resume", action="store_true",
                      help="bring back every table (and game) this host had on this port, after a crash "
                           "(or the games a start without --resume set aside)")
    from .cli_tui import host_player_flags

    host_player_flags(host)      # without --headless: your name and the table's shape
    host.set_defaults(func=cmd_host)

    lister = sub.add_parser("list", help="list the tables hosts advertise on the LAN")
    lister.add_argument("--timeout", type=float, default=2.0, help="seconds to listen (default 2)")
    lister.add_argument("--json", action="store_true", help="one JSON object a line")
    lister.set_defaults(func=cmd_list)

    bot = sub.add_parser("bot", help="connect a bot to a host from this process")
    bot.add_argument("endpoint", help="tcp://HOST:PORT/KEY as the host shows it (HOST:PORT alone: the key "
                     "of an earlier visit, or the one the LAN advertises with --trust)")
    bot.add_argument("--name", required=True, help="the bot's name at the table")
    bot.add_argument("--table", default=None,
                     help="table id (default: the host's first table with a free seat in its lobby); "
                     "a table the host does not have is refused unless --create")
    bot.add_argument("--create", action="store_true", help="make the table named by --table if the host "
                     "has none of that name")
    bot.add_argument("--kind", default="heuristic", choices=BOT_KINDS,
                     help="how the bot plays: random (easy), heuristic (normal) or expert "
                     "(hard, a search); default heuristic")
    bot.add_argument("--token", default=None, help="resume a seat")
    bot.add_argument("--games", type=int, default=1, help="games to play before leaving")
    bot.add_argument("--think", type=_think, default=(0.0, 0.0), metavar="LO:HI",
                     help="seconds the bot thinks before each move, SECONDS or LO:HI (default 0)")
    bot.add_argument("--seed", type=int, default=None,
                     help="seed of the bot's choices (the same seed, the same bot)")
    bot.add_argument("--timeout", type=float, default=None, help="give up after this many seconds")
    bot.add_argument("--insecure", action="store_true",
                      help="allow an address without the host's key (plain TCP, loopback debugging only)")
    bot.add_argument("--password", default=None, help="the table's password, if it has one")
    bot.add_argument("--trust", action="store_true",
                     help="trust the key the LAN advertises for HOST:PORT (compare its fingerprint first)")
    bot.add_argument("--no-discovery", action="store_true", help="do not look for HOST:PORT's key on the LAN")
    bot.set_defaults(func=cmd_bot)

    forget = sub.add_parser("forget-host", help="forget a host's key (when its own screen shows a new one)")
    forget.add_argument("host", help="HOST:PORT, a whole address, or name:HOST as the refusal named it")
    forget.set_defaults(func=cmd_forget_host)

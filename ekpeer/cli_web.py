"""``ekpeer serve``: seats for browsers at one host's tables (see ekpeer/web/server.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import i18n
from .i18n import _

ASK = "\0ask"     # --password with no value: asked without echo


def default_address(port: int = 5555) -> str | None:
    """The host on this machine, as `ekpeer host` on its default port prints it: loopback and
    the host key in this user's data directory (None when no host ever ran here)."""
    import json

    from .net.security import data_dir, join_address, valid_key

    try:
        key = json.loads((data_dir() / "keys" / "host.json").read_text())["public"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return join_address(f"tcp://127.0.0.1:{port}", key) if valid_key(key) else None


def cmd_serve(args: argparse.Namespace) -> int:
    import asyncio

    try:
        from .web.server import ServeOptions, serve
    except ImportError as exc:     # aiohttp and textual-serve come with ekpeer's `web` extra
        print(_("ekpeer serve needs textual-serve ({reason}): pip install 'ekpeer[web]'").format(reason=exc),
              file=sys.stderr)
        return 2
    from .net.security import AddressError, split_address, warn_insecure

    address = args.address or default_address()
    if address is None:
        print(_("ekpeer serve: give the host's address as it prints it (tcp://HOST:PORT/KEY); no host "
                "has run on this machine as this user to take it from"), file=sys.stderr)
        return 2
    from .cli_trust import trusted_address

    # a key in the address, or a trusted earlier visit's (HOST:PORT alone); another key for a
    # known host is refused, as by ekpeer join
    address = trusted_address(address, discovery=False, insecure=args.insecure)
    if address is None:
        return 2
    try:
        _where, key = split_address(address)
    except AddressError as exc:
        print(f"ekpeer serve: {exc}", file=sys.stderr)
        return 2
    if key is None and not args.insecure:
        print(_("ekpeer serve: the address carries no host key (tcp://HOST:PORT/KEY, as the host prints it); "
                "--insecure serves clients of a host without encryption"), file=sys.stderr)
        return 2
    if args.insecure:
        warn_insecure("ekpeer serve")
    if bool(args.cert) != bool(args.key):
        print(_("ekpeer serve: --cert and --key go together (the certificate and its private key, PEM)"),
              file=sys.stderr)
        return 2
    if args.plain_http and args.cert:
        print(_("ekpeer serve: --plain-http and --cert contradict each other"), file=sys.stderr)
        return 2
    password = args.password
    if password == ASK:
        import getpass

        password = getpass.getpass(_("The table's password (browsers must give it): "))
    if args.max_sessions < 1:
        print(_("ekpeer serve: --max-sessions must be 1 or more"), file=sys.stderr)
        return 2
    if args.sessions_per_address is not None and args.sessions_per_address < 1:
        print(_("ekpeer serve: --sessions-per-address must be 1 or more"), file=sys.stderr)
        return 2
    if password:
        try:
            open_tables = asyncio.run(tables_without_password(address, args.table, args.insecure))
        except Exception:       # the host not up yet, or not answering: the pages say so later
            open_tables = []
        if open_tables:
            print(_("ekpeer serve: WARNING: --password guards these pages only. At the host, {tables} "
                    "has no password, so a terminal client joins it without one: give it the same "
                    "password there (the host's lobby, or its config).").format(
                      tables=", ".join(open_tables)), file=sys.stderr)
    options = ServeOptions(address=address, bind=args.bind, port=args.port, table=args.table,
                           password=password or None, max_sessions=args.max_sessions,
                           sessions_per_address=args.sessions_per_address,
                           start_idle=max(0.0, args.start_idle),
                           insecure=args.insecure, public_host=args.public_host,
                           cert=Path(args.cert) if args.cert else None,
                           key=Path(args.key) if args.key else None, plain_http=args.plain_http,
                           static=Path(args.static) if args.static else None,
                           # an explicit --lang speaks to every browser, as it does on every command
                           lang=i18n.best(getattr(args, "lang", None)))
    try:
        return asyncio.run(serve(options))
    except KeyboardInterrupt:
        return 130


async def tables_without_password(address: str, table: str | None, insecure: bool = False) -> list[str]:
    """The tables served (``table``, else every one the host lists) that have no password at
    the host: ``ekpeer serve --password`` guards its own pages, and a stranger read it as the
    table's password while terminal clients walked in without one."""
    from .net.client import Client
    from .web.seat import every_table

    client = Client(address, insecure=insecure, reconnect=False, choices=False, request_timeout=3.0)
    try:
        tables = await every_table(client, await client.connect())
    finally:
        await client.close()
    return [str(t.get("table")) for t in tables
            if (table is None or t.get("table") == table) and not t.get("password")]


def add_commands(sub: argparse._SubParsersAction) -> None:
    from .web.limits import START_IDLE

    serve = sub.add_parser("serve", help="seat players who have only a browser at a host's tables "
                                         "(a web page, on loopback unless --bind says otherwise)")
    serve.add_argument("address", nargs="?", default=None,
                       help="the host, as it prints it: tcp://HOST:PORT/KEY (default: this machine's "
                            "host on port 5555)")
    serve.add_argument("--bind", default="127.0.0.1",
                       help="the web server's address (default 127.0.0.1; 0.0.0.0 for the LAN)")
    serve.add_argument("--port", type=int, default=8080, help="the web server's port (default 8080; 0: any)")
    serve.add_argument("--public-host", default=None,
                       help="the name or address browsers use to reach this machine, if not --bind's")
    serve.add_argument("--table", default=None, help="seat browsers at this table only")
    serve.add_argument("--password", nargs="?", const=ASK, default=None, metavar="PASSWORD",
                       help="the table's password: browsers must give it before a client starts for them "
                            "(--password alone asks for it without echoing it); set it on the table at the "
                            "host too, or terminal clients join without it")
    serve.add_argument("--max-sessions", type=int, default=8,
                       help="browser sessions (client processes) at once (default 8)")
    serve.add_argument("--sessions-per-address", type=int, default=None, metavar="N",
                       help="browser sessions at once from one address (default 2 when bound beyond "
                            "loopback; on loopback, --max-sessions)")
    serve.add_argument("--start-idle", type=float, default=START_IDLE, metavar="SECONDS",
                       help="a browser session left on its start screen (no seat at a table) with no "
                            f"key or click this long ends; a reload starts it again (default {START_IDLE:g}; "
                            "0: never)")
    serve.add_argument("--cert", default=None, metavar="PEM",
                       help="the TLS certificate to serve HTTPS with (with --key). Bound beyond "
                            "loopback, HTTPS is served anyway: without --cert with a certificate made "
                            "on first start and kept in the data folder, its fingerprint printed")
    serve.add_argument("--key", default=None, metavar="PEM", help="the private key of --cert")
    serve.add_argument("--plain-http", action="store_true",
                       help="serve plain HTTP even bound beyond loopback: anyone on the network then "
                            "reads the password, the screens and what is typed (said loudly at start)")
    serve.add_argument("--insecure", action="store_true",
                       help="serve clients of a host without encryption (loopback debugging only)")
    # tests: a copy of the page's assets whose script hands the terminal to the test
    serve.add_argument("--static", default=None, help=argparse.SUPPRESS)
    serve.set_defaults(func=cmd_serve)

"""Where ``ekpeer host`` listens and which addresses it shows (issue 25, 2.1).

A player hosting (``ekpeer host``, as the README's "Hosting on a LAN" says) listens on every
interface; ``ekpeer play`` stays on loopback. The address shown to others is one another
machine can use: never ``0.0.0.0``, never a host name (which may resolve to loopback), and on
a machine without a default route every interface address it is bound on. The same in the
LAN lab's namespaces: tests/lab/test_readme.py.
"""

from __future__ import annotations

import asyncio
import socket

import pytest

from ekpeer import cli, cli_tui
from ekpeer.net import reach
from ekpeer.net.addresses import parse
from ekpeer.net.hosted import LocalHost, lan_address


def _args(*argv: str):
    return cli.build_parser().parse_args(list(argv))


def test_a_player_hosting_listens_on_every_interface_by_default(monkeypatch):
    args = _args("host", "--name", "ann", "--players", "4", "--turn", "30")    # the README's line
    assert reach.is_wildcard(args.bind) and args.bind.endswith(":5555"), args.bind
    seen: dict = {}

    def factory(**kw):
        seen.update(kw)
        return lambda **_: None

    monkeypatch.setattr(cli_tui, "session_factory", factory)
    monkeypatch.setattr(cli_tui, "_run", lambda app: 0)
    monkeypatch.setattr("ekpeer.tui.app.make_app", lambda *a, **k: None)
    assert cli_tui.host_with_player(args) == 0
    assert reach.is_wildcard(seen["bind"]), seen["bind"]
    shown = seen["public_host"]
    assert shown and all(h not in reach.WILDCARDS and not h.startswith("127.") for h in shown
                         if reach.interface_addresses() or reach.default_route_address()), shown


def test_a_headless_host_listens_on_every_interface_by_default():
    assert reach.is_wildcard(_args("host", "--headless").bind)


def test_ekpeer_play_stays_on_loopback():
    made = cli_tui.session_factory()(mode="play", name="ann")
    assert made.host.bind.startswith("tcp://127.0.0.1:")


def test_without_a_default_route_every_interface_address_is_shown(monkeypatch):
    monkeypatch.setattr(reach, "default_route_address", lambda: None)
    monkeypatch.setattr(reach, "interface_addresses", lambda: ["10.213.1.1", "10.213.0.1"])
    assert reach.public_hosts("tcp://0.0.0.0:5555") == ["10.213.1.1", "10.213.0.1"]
    assert reach.public_hosts("tcp://10.213.0.1:5555") == ["10.213.0.1"]     # bound to one: that one
    monkeypatch.setattr(reach, "default_route_address", lambda: "192.168.1.20")
    assert reach.public_hosts("tcp://0.0.0.0:5555") == ["192.168.1.20"]


def test_never_a_host_name_nor_loopback_while_the_machine_has_an_address(monkeypatch):
    monkeypatch.setattr(socket, "gethostname", lambda: "localhost")
    monkeypatch.setattr(reach, "default_route_address", lambda: None)
    monkeypatch.setattr(reach, "interface_addresses", lambda: ["10.1.2.3"])
    assert lan_address() == "10.1.2.3"
    monkeypatch.setattr(reach, "interface_addresses", lambda: [])
    assert lan_address() == "127.0.0.1"          # nothing else: at least an address, not a name
    assert not reach._usable("127.0.1.1") and not reach._usable("169.254.3.4")
    assert not reach._usable("0.0.0.0") and reach._usable("192.168.1.20")


def test_a_host_bound_everywhere_tells_usable_addresses(monkeypatch):
    monkeypatch.setattr(reach, "default_route_address", lambda: None)
    monkeypatch.setattr(reach, "interface_addresses", lambda: ["10.9.0.1", "10.9.1.1"])

    async def run():
        here = LocalHost("tcp://0.0.0.0:0", think=(0, 0), public_host=reach.public_hosts("tcp://0.0.0.0:0"))
        await here.start("ann", "main", None, deal=False)
        try:
            shown = (here.address, here.addresses, here.host.address, here.host.addresses)
        finally:
            await here.close()
        return shown

    address, addresses, host_address, host_addresses = asyncio.run(run())
    assert [parse(a).host for a in addresses] == ["10.9.0.1", "10.9.1.1"]
    assert address == addresses[0] and host_addresses == addresses and host_address == address
    assert all(parse(a).key for a in addresses)


@pytest.mark.parametrize("bind", ["tcp://127.0.0.1:0"])
def test_a_host_bound_to_one_address_shows_that_one(bind):
    async def run():
        here = LocalHost(bind, think=(0, 0))
        await here.start("ann", "main", None, deal=False)
        try:
            return here.host.addresses
        finally:
            await here.close()

    (only,) = asyncio.run(run())
    assert parse(only).host == "127.0.0.1"

"""The addresses a host advertises on the LAN: never loopback beside a LAN address (no
multicast needed: the list is made before anything is sent)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from ekpeer.net import discovery
from ekpeer.net.discovery import Advertiser, local_addresses


def _adapters(*ips: str) -> list[SimpleNamespace]:
    return [SimpleNamespace(ips=[SimpleNamespace(ip=ip)]) for ip in ips]


@pytest.fixture
def interfaces(monkeypatch):
    import ifaddr

    def have(*ips: str) -> None:
        monkeypatch.setattr(ifaddr, "get_adapters", lambda: _adapters(*ips))

    return have


def test_a_wildcard_host_advertises_its_lan_addresses_not_loopback(interfaces):
    """`ekpeer list --json` showed 127.0.0.1 among the addresses of a host on another machine:
    there, 127.0.0.1 is the friend's own machine, never the host."""
    interfaces("127.0.0.1", "192.168.1.20", "169.254.3.4", "10.0.0.5")
    assert local_addresses() == ["192.168.1.20", "10.0.0.5"]
    host = SimpleNamespace(endpoint="tcp://0.0.0.0:5555", bind_to="tcp://0.0.0.0:5555")
    assert Advertiser(host, interfaces=None).addresses == ["192.168.1.20", "10.0.0.5"]


def test_loopback_is_advertised_when_it_is_all_there_is(interfaces):
    interfaces("127.0.0.1")
    assert local_addresses() == ["127.0.0.1"]
    interfaces()
    assert local_addresses() == ["127.0.0.1"]


def test_chosen_interfaces_leave_loopback_out_beside_others():
    assert local_addresses(["192.168.1.20", "127.0.0.1"]) == ["192.168.1.20"]
    assert local_addresses(["127.0.0.1"]) == ["127.0.0.1"]      # a test's or one machine's LAN
    assert discovery.local_addresses(["::1", "10.0.0.5"]) == ["10.0.0.5"]

"""``multicast_works`` (which decides whether the LAN tests run here) asks more than once: on
a loaded machine one datagram may come back late, and a single miss would skip the LAN
tests of a run whose network is fine."""

from __future__ import annotations

from ekpeer.net import discovery


def test_one_missed_datagram_does_not_call_multicast_blocked(monkeypatch):
    answers = iter([False, True])
    monkeypatch.setattr(discovery, "_multicast_comes_back", lambda interface, timeout: next(answers))
    assert discovery.multicast_works()


def test_a_network_that_never_answers_is_blocked_after_the_tries(monkeypatch):
    asked: list[str] = []
    monkeypatch.setattr(discovery, "_multicast_comes_back",
                        lambda interface, timeout: asked.append(interface) or False)
    assert not discovery.multicast_works(tries=3)
    assert asked == ["127.0.0.1"] * 3

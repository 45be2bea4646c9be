"""Issue 25, item 2: a mistyped key is not a spoofed host. The key in an address ends in a
checksum (bech32m's, over the same letters a-z and 2-7), so that a typo is caught and named as
a typo before anything is trusted or stored; the older 52-letter key, with no checksum, still
joins. A real host on loopback, and ``ekpeer join`` as a person runs it."""

from __future__ import annotations

import random
import re

import pytest
import zmq
import zmq.asyncio

from ekpeer.cli import main as ekpeer_main
from ekpeer.net.addresses import (
    ADDRESS_KEY_LEN,
    B32,
    KeyTypo,
    address_key,
    encode_key,
    join_command,
    parse,
)
from ekpeer.net.client import Client
from ekpeer.net.host import Host

from .conftest import free_port


def _typo(address: str, at: int, rng: random.Random) -> str:
    base, _, key = address.rpartition("/")
    wrong = rng.choice([c for c in B32 if c != key[at]])
    return f"{base}/{key[:at]}{wrong}{key[at + 1:]}"


def test_every_one_letter_typo_and_every_swap_is_caught_and_named():
    rng = random.Random(25)
    for _ in range(5):      # every typo and swap of five keys (twenty took half a minute)
        pub, _ = zmq.curve_keypair()
        address = f"tcp://10.0.0.5:5555/{address_key(pub)}"
        key = address.rpartition("/")[2]
        assert len(key) == ADDRESS_KEY_LEN and re.fullmatch("[a-z2-7]+", key)
        assert parse(address).key == pub and parse(address.upper().replace("TCP://", "tcp://")).key == pub
        for at in range(len(key)):
            with pytest.raises(KeyTypo, match=f"typo \\(letter {at + 1} of the key looks wrong\\)"):
                parse(_typo(address, at, rng))
        for at in range(len(key) - 1):          # two letters swapped
            if key[at] != key[at + 1]:
                with pytest.raises(KeyTypo, match="typo"):
                    parse(f"tcp://10.0.0.5:5555/{key[:at]}{key[at + 1]}{key[at]}{key[at + 2:]}")
        for cut in (key[:-1], key[1:], key + "a"):  # a letter lost or doubled
            with pytest.raises(KeyTypo, match="letters, not 58"):
                parse(f"tcp://10.0.0.5:5555/{cut}")
    with pytest.raises(KeyTypo, match="which no key has"):
        parse(f"tcp://10.0.0.5:5555/{address_key(zmq.curve_keypair()[0])[:-1]}0")


async def test_a_typo_after_an_earlier_visit_is_a_typo_and_nothing_is_stored(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("EKPEER_KNOWN_HOSTS", str(tmp_path / "known_hosts"))
    ctx = zmq.asyncio.Context()
    host = Host(f"tcp://127.0.0.1:{free_port()}", ctx=ctx)
    host.add_table("main", {"seats": 3})
    await host.start()
    try:
        assert host.address.rpartition("/")[2] == address_key(host.public_key)   # what it shows
        ann = Client(host.address, "ann", ctx=ctx, request_timeout=3.0, reconnect=False)
        await ann.connect()             # a first visit: the key is remembered
        await ann.close()
        before = (tmp_path / "known_hosts").read_text()
        assert encode_key(host.public_key) in before
        typo = _typo(host.address, 20, random.Random(1))
        code = ekpeer_main(["join", typo, "--name", "bob", "--no-discovery"])
        err = capsys.readouterr().err
        assert code == 2
        assert "has a typo (letter 21 of the key looks wrong)" in err and "Copy the whole address" in err
        assert "pretending" not in err and "forget-host" not in err
        assert (tmp_path / "known_hosts").read_text() == before                 # nothing stored
        # the older address, a bare 52-letter key, still joins the same host
        old = f"{host.address.rpartition('/')[0]}/{encode_key(host.public_key)}"
        bob = Client(old, "bob", ctx=ctx, request_timeout=3.0, reconnect=False)
        await bob.connect()
        await bob.join("main")
        await bob.close()
        assert join_command(old).endswith(address_key(host.public_key))      # shown anew with it
    finally:
        await host.close()
        ctx.destroy(linger=0)

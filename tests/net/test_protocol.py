"""Bounded decoding and schema checks of the wire protocol, without sockets."""

from __future__ import annotations

import msgpack
import pytest

from ekpeer.net import protocol as P


def frame(obj) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


def test_round_trip_and_extra_fields_tolerated():
    data = frame({"v": 1, "type": "move", "id": 5, "re": None, "body": {"move": {"do": "draw"}, "extra": 1},
                  "future_field": [1, 2]})
    env = P.decode(data)
    assert env.type == "move" and env.id == 5 and env.body["move"] == {"do": "draw"}


def test_encode_packed_equals_plain_packing():
    body = {"view": {"a": [1, "x"]}, "events": []}
    assert msgpack.unpackb(P.encode("update", body, 3, re=2, seq=9)) == {
        "v": 1, "type": "update", "id": 3, "re": 2, "seq": 9, "body": body}


@pytest.mark.parametrize("data, code", [
    (b"\xc1garbage", "bad_frame"),
    (b"", "bad_frame"),
    (frame([1, 2, 3]), "bad_frame"),
    (frame({"v": 1, "type": "move", "id": 1}) + b"\x00", "bad_frame"),
    (frame({1: 2}), "bad_frame"),
    (frame({"v": 1, "type": "ping", "id": 1, "body": {"x": b"\x00\x01"}}), "bad_frame"),
    (frame({"v": 2, "type": "ping", "id": 1}), "bad_version"),
    (frame({"type": "ping", "id": 1}), "bad_version"),
    (frame({"v": 1, "type": "launch", "id": 1}), "unknown_type"),
    (frame({"v": 1, "type": "move", "id": 1, "body": {}}), "bad_message"),
    (frame({"v": 1, "type": "move", "id": -1, "body": {"move": {}}}), "bad_message"),
    (frame({"v": 1, "type": "join", "id": 1, "body": {"table": "t", "name": "x" * 200}}), "bad_message"),
    (frame({"v": 1, "type": "join", "id": 1, "body": {"table": 5}}), "bad_message"),
    (frame({"v": 1, "type": "hello", "id": 1, "body": {"versions": ["1"]}}), "bad_message"),
    (frame({"v": 1, "type": "ping", "id": 1, "body": {"a": {"b": {"c": {"d": {"e": {"f": 1}}}}}}}),
     "too_deep"),
    (frame({"v": 1, "type": "ping", "id": 1, "body": {"a": [[[[[[[1]]]]]]]}}), "too_deep"),
    (frame({"v": 1, "type": "ping", "id": 1, "body": {str(i): i for i in range(100)}}), "bad_frame"),
    (b"\xdd\xff\xff\xff\xff", "bad_frame"),   # array claiming 4 billion items
])
def test_refused(data, code):
    with pytest.raises(P.ProtocolError) as info:
        P.decode(data)
    assert info.value.code == code


def test_oversized_frame_refused_before_decoding():
    big = frame({"v": 1, "type": "ping", "id": 1, "body": {"pad": "x" * (P.MAX_CLIENT_FRAME + 10)}})
    with pytest.raises(P.ProtocolError) as info:
        P.decode(big)
    assert info.value.code == "too_large"


def test_wrong_version_says_which_are_spoken():
    with pytest.raises(P.ProtocolError) as info:
        P.decode(frame({"v": 99, "type": "hello", "id": 4, "body": {"versions": [99]}}))
    assert info.value.re == 4
    assert info.value.extra["versions"] == [1]
    assert "1" in info.value.message and "99" in info.value.message
    with pytest.raises(P.ProtocolError):
        P.negotiate([7, 8])
    assert P.negotiate([1, 7]) == 1


def test_host_side_frames_decode_with_client_limits():
    view = {"players": [{"name": "a", "in_front": ["x"]}], "choices": [{"context": {"cards": ["a"]}}]}
    body = {"view": view, "events": []}
    env = P.decode(P.encode("update", body, 1, seq=1), P.MAX_HOST_FRAME, P.MAX_HOST_DEPTH, P.HOST_TYPES)
    assert env.body == body and env.seq == 1


@pytest.mark.parametrize("name", ["honest ", " honest", "\u0301\u0301\u0301", "\u0301honest", "   "])
def test_a_name_that_would_read_as_anothers_or_as_nothing_is_refused(name):
    """A stranger sat "honest " beside "honest" (two alike seats in every lobby) and a name of
    combining marks alone (a blank)."""
    for type_, body in (("join", {"table": "main", "name": name}), ("join", {"table": name}),
                        ("hello", {"versions": [1], "name": name})):
        with pytest.raises(P.ProtocolError) as info:
            P.check_body(type_, body)
        assert info.value.code == "bad_message"


@pytest.mark.parametrize("name", ["Søren", "ann-2", "李小龍", "ånd", "Zoë", "x"])
def test_names_in_any_script_are_taken(name):
    P.check_body("join", {"table": "main", "name": name})


def test_names_that_read_alike_are_the_same_name():
    assert P.same_name("Honest", "honest") and P.same_name("ﬁsh", "fish")
    assert not P.same_name("ann", "anna")
    # letters of another script drawn alike (security.md said these were not caught)
    assert P.same_name("h\u043enest", "honest") and P.same_name("\u0410nn", "ann")     # Cyrillic о, А
    assert P.same_name("b\u03bfb", "bob")                                              # Greek ο
    assert not P.same_name("\u0418\u0432\u0430\u043d", "ivan") and not P.same_name("s\u00f8ren", "soren")

"""``net.addresses.address_key``: one spelling per place, so that the seats and recent tables
an app keeps by address find a table however its address was typed."""
from __future__ import annotations

import pytest

from net.addresses import address_key, same_place


@pytest.mark.parametrize("host,key", [
    ("127.0.0.1", "127.0.0.1:7098"),
    ("localhost", "127.0.0.1:7098"),
    ("LocalHost.", "127.0.0.1:7098"),
    (" localhost ", "127.0.0.1:7098"),
    ("::ffff:127.0.0.1", "127.0.0.1:7098"),
    ("::1", "[::1]:7098"),
    ("0:0:0:0:0:0:0:1", "[::1]:7098"),
    ("FE80::0001%Eth0", "[fe80::1%Eth0]:7098"),  # the interface keeps its case
    ("MyBox.Local.", "mybox.local:7098"),
    ("10.0.0.5", "10.0.0.5:7098"),
])
def test_every_spelling_of_a_place_gives_one_key(host: str, key: str) -> None:
    assert address_key(host, 7098) == key


def test_places_that_differ_keep_apart() -> None:
    assert address_key("127.0.0.1", 7098) != address_key("127.0.0.1", 7099)
    assert address_key("mybox.local", 7098) != address_key("10.0.0.5", 7098)  # names are not looked up
    assert address_key("127.0.0.2", 7098) != address_key("localhost", 7098)


def test_same_place_reads_a_whole_address_and_leaves_what_is_not_one() -> None:
    assert same_place("localhost:7098") == same_place("127.0.0.1") == "127.0.0.1:7098"
    assert same_place("[0::1]:9") == "[::1]:9"
    assert same_place("a:b:c") == "a:b:c"  # not an address: kept as it was, compared as it is

"""The TXT schema of table adverts: what a host may send and what a browser accepts."""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from net.discovery import instance_label, LABEL_BYTES
from net.discovery_txt import (
    NAME_MAX,
    OPTIONS_BYTES_MAX,
    OPTIONS_MAX,
    PROTOCOL_VERSION,
    STATUSES,
    TXT_BYTES_MAX,
    VALUE_BYTES_MAX,
    TableAdvert,
    TxtError,
    advert_from_lobby,
    decode,
    encode,
    plain_text,
    read_properties,
)

ADVERT = TableAdvert(name="Ana's table", game="ninety-eight", preset="standard", seats_taken=1, seats_total=4,
                     app_version="0.1.0")


def raw(props: dict[str, str]) -> dict[bytes, bytes | None]:
    return {k.encode(): v.encode() for k, v in props.items()}


def roundtrip(advert: TableAdvert) -> TableAdvert:
    return decode(read_properties(raw(encode(advert))))


def test_keys_are_short_and_the_password_never_leaves() -> None:
    props = encode(TableAdvert(**{**ADVERT.__dict__, "password": True, "ssh_port": 2222}))
    assert props == {"pv": str(PROTOCOL_VERSION), "av": "0.1.0", "n": "Ana's table", "g": "ninety-eight",
                     "p": "standard", "s": "1/4", "st": "lobby", "pw": "1", "ssh": "2222"}
    assert all(len(k) <= 3 for k in props)
    assert "ssh" not in encode(ADVERT)


@given(name=st.text(min_size=1, max_size=60), taken=st.integers(0, 8), extra=st.integers(0, 8),
       status=st.sampled_from(STATUSES), password=st.booleans(),
       ssh=st.one_of(st.none(), st.integers(1, 65535)))
def test_what_a_host_sends_a_browser_reads_back(name: str, taken: int, extra: int, status: str,
                                                 password: bool, ssh: int | None) -> None:
    advert = TableAdvert(name=name, game="crazy-eights", preset="specials", seats_taken=taken,
                         seats_total=max(1, taken + extra), status=status, password=password, ssh_port=ssh)
    clean = plain_text(name)
    if not clean:
        with pytest.raises(TxtError, match="empty"):
            encode(advert)
        return
    back = roundtrip(advert)
    assert back == TableAdvert(**{**advert.__dict__, "name": clean})
    assert len(back.name) <= NAME_MAX
    assert sum(len(k) + len(v.encode()) + 2 for k, v in encode(advert).items()) <= TXT_BYTES_MAX


def test_plain_text_strips_escapes_and_keeps_markup_as_text() -> None:
    assert plain_text("\x1b[31mred\x1b[0m") == "[31mred[0m"
    assert plain_text("a\x9b2Jb\x07c\u202ed\u200be") == "a2Jbcde"  # C1 CSI, bell, bidi override, zero width
    assert plain_text("[bold]x[/bold] [link=http://h]y[/]") == "[bold]x[/bold] [link=http://h]y[/]"
    assert plain_text("two\nlines\u2028and\ttabs  ") == "two lines and tabs"
    assert len(plain_text("é" * 100)) == NAME_MAX


@pytest.mark.parametrize(("change", "message"), [
    ({"game": "Ninety Eight"}, "game"),
    ({"preset": ""}, "preset"),
    ({"app_version": "x" * 33}, "app version"),
    ({"status": "paused"}, "status"),
    ({"seats_total": 0}, "seats total"),
    ({"seats_total": 17}, "seats total"),
    ({"seats_taken": 5}, "seats taken"),
    ({"seats_taken": -1}, "seats taken"),
    ({"ssh_port": 0}, "ssh port"),
    ({"ssh_port": 70000}, "ssh port"),
    ({"name": "\x1b\x07 "}, "empty"),
    ({"turn_time": -1}, "turn clock"),
    ({"options": (("Limit", "50"),)}, "option name"),
    ({"options": (("limit", "[b]5"),)}, "option value"),
    ({"options": tuple((f"o{i}", "1") for i in range(OPTIONS_MAX + 1))}, "options, more than"),
    ({"options": tuple((f"option{i}", "1234567890") for i in range(6))}, f"more than {OPTIONS_BYTES_MAX} bytes"),
])
def test_a_host_refuses_to_send_a_bad_advert(change: dict, message: str) -> None:
    with pytest.raises(TxtError, match=message):
        encode(TableAdvert(**{**ADVERT.__dict__, **change}))


@pytest.mark.parametrize(("change", "message"), [
    ({"s": "4"}, "2/4"),
    ({"s": "3/2"}, "seats taken"),
    ({"s": "100/200"}, "2/4"),
    ({"pw": "yes"}, "0 or 1"),
    ({"pv": "-1"}, "not a number"),
    ({"pv": "123456"}, "not a number"),
    ({"ssh": "22x"}, "not a number"),
    ({"n": "z" * (NAME_MAX + 1)}, "more than"),
    ({"st": "[red]lobby"}, "status"),
    ({"g": "../../etc"}, "game"),
    ({"o": "limit"}, "limit=50"),
    ({"o": "limit=50,,lives=3"}, "limit=50"),
    ({"o": "limit=\x1b[2J"}, "option value"),
    ({"o": "=50"}, "option name"),
    ({"tc": "soon"}, "not a number"),
    ({"tc": "123456"}, "not a number"),
    ({"b": "5"}, "bots"),
    ({"b": "x"}, "not a number"),
])
def test_a_browser_refuses_a_bad_record(change: dict, message: str) -> None:
    props = {**encode(ADVERT), **change}
    with pytest.raises(TxtError, match=message):
        decode(read_properties(raw(props)))


def test_missing_keys_sizes_and_encodings_are_refused() -> None:
    for key in encode(ADVERT):
        props = encode(ADVERT)
        del props[key]
        with pytest.raises(TxtError, match="missing key"):
            decode(read_properties(raw(props)))
    with pytest.raises(TxtError, match=f"more than {VALUE_BYTES_MAX}"):
        read_properties({b"n": b"x" * (VALUE_BYTES_MAX + 1)})
    with pytest.raises(TxtError, match="UTF-8"):
        read_properties({b"n": b"\xc3("})
    with pytest.raises(TxtError, match="ASCII"):
        read_properties({"é".encode(): b"1"})
    with pytest.raises(TxtError, match=f"more than {TXT_BYTES_MAX}"):
        read_properties(raw(encode(ADVERT)), TXT_BYTES_MAX + 1)


def test_unknown_keys_are_ignored_and_names_are_cleaned_on_arrival() -> None:
    props = {**encode(ADVERT), "future": "whatever", "n": "\x1b]0;pwned\x07Bob"}
    advert = decode(read_properties({**raw(props), b"flag": None}))
    assert advert.name == "]0;pwnedBob"
    assert advert.compatible


def test_another_protocol_version_reads_as_incompatible() -> None:
    advert = decode(read_properties(raw({**encode(ADVERT), "pv": str(PROTOCOL_VERSION + 1)})))
    assert not advert.compatible and not advert.joinable


def test_advert_from_lobby_counts_players_and_bots() -> None:
    lobby = {"table": "ab12", "name": "Ana's table", "game": "ninety-nine", "preset": "standard", "options": {},
             "status": "lobby", "password": True, "spectators": 3,
             "seats": [{"seat": 0, "name": "Ana", "bot": None}, {"seat": 1, "name": None, "bot": "hard"},
                       {"seat": 2, "name": None, "bot": None}]}
    advert = advert_from_lobby(lobby, ssh_port=2222, app_version="0.1.0")
    assert (advert.seats_taken, advert.seats_total, advert.password, advert.ssh_port) == (2, 3, True, 2222)
    assert advert.joinable and roundtrip(advert) == advert
    # of the seats taken, the bots' (an organiser saw "2/4 seats" with no word that one was a bot)
    assert advert.bots == 1 and encode(advert)["b"] == "1"
    assert "b" not in encode(advert_from_lobby({**lobby, "seats": lobby["seats"][:1]}))
    assert decode(read_properties(raw({k: v for k, v in encode(advert).items() if k != "b"}))).bots == 0  # older host


def test_the_options_a_table_sets_travel_with_its_advert() -> None:
    """Switches as on/off, numbers and words as they are; as many as fit the record, in order."""
    lobby = {"name": "Ana's table", "game": "ninety-eight", "preset": "standard", "status": "lobby",
             "options": {"limit": 50, "teams": "pairs", "lives": 5},
             "seats": [{"seat": i, "name": None, "bot": None} for i in range(4)]}
    advert = advert_from_lobby(lobby, app_version="0.1.0")
    assert advert.options == (("limit", "50"), ("teams", "pairs"), ("lives", "5"))
    assert encode(advert)["o"] == "limit=50,teams=pairs,lives=5"
    assert roundtrip(advert) == advert
    assert advert_from_lobby({**lobby, "options": {"reshuffle": False, "jokers": True}}).options == \
        (("reshuffle", "off"), ("jokers", "on"))
    many = {f"option{i}": 1234567890 for i in range(20)}
    fitted = advert_from_lobby({**lobby, "options": many}).options
    assert 0 < len(fitted) < 20 and fitted == tuple((k, str(v)) for k, v in list(many.items())[:len(fitted)])
    assert roundtrip(advert_from_lobby({**lobby, "options": many})).options == fitted
    assert "o" not in encode(advert_from_lobby({**lobby, "options": {}}))


def test_a_tables_turn_clock_travels_with_its_advert() -> None:
    lobby = {"name": "Ana's table", "game": "ninety-eight", "preset": "standard", "status": "lobby",
             "options": {}, "turn_time": 30, "seats": [{"seat": i, "name": None, "bot": None} for i in range(4)]}
    advert = advert_from_lobby(lobby, app_version="0.1.0")
    assert advert.turn_time == 30 and encode(advert)["tc"] == "30" and roundtrip(advert) == advert
    assert "tc" not in encode(advert_from_lobby({**lobby, "turn_time": 0}))
    assert advert_from_lobby({k: v for k, v in lobby.items() if k != "turn_time"}).turn_time == 0


@given(name=st.text(min_size=1, max_size=NAME_MAX).filter(lambda n: plain_text(n) == n),
       options=st.dictionaries(st.from_regex(r"[a-z][a-z_]{0,31}", fullmatch=True),
                               st.one_of(st.booleans(), st.integers(0, 10**9), st.from_regex(r"[a-z]{1,32}", fullmatch=True)),
                               max_size=20))
def test_any_lobby_options_make_a_record_a_browser_takes(name: str, options: dict) -> None:
    lobby = {"name": name, "game": "crazy-eights", "preset": "standard", "status": "lobby", "options": options,
             "seats": [{"seat": i, "name": "x" * 24, "bot": None} for i in range(8)]}
    advert = advert_from_lobby(lobby, ssh_port=65535, app_version="0.1.0")
    assert roundtrip(advert) == advert
    assert sum(len(k) + len(v.encode()) + 2 for k, v in encode(advert).items()) <= TXT_BYTES_MAX


def test_instance_labels_fit_a_dns_label_with_room_for_a_suffix() -> None:
    assert instance_label("Ana's table") == "Ana's table"
    assert instance_label("v1.2 table") == "v1_2 table"
    assert instance_label("\x1b\x07") == "table"
    long = instance_label("ü" * 40)
    assert len(long.encode()) <= LABEL_BYTES and long == "ü" * (LABEL_BYTES // 2)


def test_a_free_seat_after_a_match_is_a_seat_to_sit_in_and_none_while_playing() -> None:
    """After a match the host seats whoever comes (its players ready up for the next), yet the
    Join list read "you watch" of such a table and then sat the player down."""
    free = TableAdvert(name="Play Room", game="ninety-eight", preset="standard", seats_taken=1, seats_total=2)
    assert dataclasses.replace(free, status="finished").joinable and free.joinable
    assert not dataclasses.replace(free, status="playing").joinable
    assert not dataclasses.replace(free, status="finished", seats_taken=2).joinable

"""The wire format on its own: framing, limits, message checks, text cleaning, password proofs."""
from __future__ import annotations

import struct

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from net.protocol import (CHAT_LEN, CLIENT_MESSAGES, MAX_FRAME, NAME_LEN, SERVER_MESSAGES, FrameReader,
                          ProtocolError, check, clean_name, clean_text, decode_body, encode, password_proof,
                          proof_ok)


def test_frames_split_anywhere_come_out_whole() -> None:
    msgs = [{"type": "chat", "text": "x" * n} for n in (0, 1, 300, 5000)]
    stream = b"".join(encode(m) for m in msgs)
    for step in (1, 3, 7, 4096):
        reader = FrameReader()
        out = []
        for i in range(0, len(stream), step):
            out += [decode_body(b) for b in reader.feed(stream[i:i + step])]
        assert out == msgs and reader.pending == 0


def test_a_declared_length_over_the_cap_is_refused_before_its_body() -> None:
    reader = FrameReader()
    assert reader.feed(struct.pack(">I", MAX_FRAME)) == []  # exactly the cap is allowed
    with pytest.raises(ProtocolError) as e:
        FrameReader().feed(struct.pack(">I", MAX_FRAME + 1))
    assert e.value.code == "too_large"


def test_encode_refuses_what_the_peer_would_refuse() -> None:
    with pytest.raises(ValueError):
        encode({"type": "chat", "text": "x" * MAX_FRAME})


@pytest.mark.parametrize("body", [
    b"\xdb" + struct.pack(">I", 100 * 2**20) + b"abc",  # 100 MB string declared
    b"\xdd" + struct.pack(">I", 2**31) + b"\x00",  # two billion array items declared
    b"\xdf" + struct.pack(">I", 2**31) + b"\x00",  # two billion map pairs declared
    b"\x91" * 5000 + b"\xc0",  # deep nesting
    b"\xd4\x01\x00",  # ext type
    b"\xd6\xff\x00\x00\x00\x00",  # timestamp ext
    b"\xc4\xff" + b"\x00" * 255,  # bin longer than any nonce or proof
    b"\x81\x01\x01",  # non-string map key
    b"\xc1",  # never-used byte
    b"",
])
def test_decode_refuses_hostile_bodies(body: bytes) -> None:
    with pytest.raises(ProtocolError) as e:
        decode_body(body)
    assert e.value.code == "bad_frame"


@pytest.mark.parametrize("msg,code", [
    ([1], "bad_frame"),
    ({"kind": "act"}, "unknown_type"),
    ({"type": "teleport"}, "unknown_type"),
    ({"type": "act", "action": "AS"}, "bad_field"),
    ({"type": "act", "action": "AS", "version": "1"}, "bad_field"),
    ({"type": "act", "action": "AS", "version": True}, "bad_field"),
    ({"type": "ready", "ready": 1}, "bad_field"),
    ({"type": "hello", "version": 1, "app": "x", "name": "y", "proof": "not bytes"}, "bad_field"),
    ({"type": "hello", "version": 1, "app": "x", "name": "y", "deltas": 1}, "bad_field"),
    ({"type": "configure", "options": ["limit", 50]}, "bad_field"),
])
def test_check_refuses_malformed_messages(msg: object, code: str) -> None:
    with pytest.raises(ProtocolError) as e:
        check(msg, CLIENT_MESSAGES)
    assert e.value.code == code


def test_a_hosts_view_is_checked_with_its_optional_fields() -> None:
    """docs/protocol.md, ``view`` and ``delta``: ``clock`` a number, ``earlier`` a list of
    moves, ``bot`` a boolean, each optional."""
    view = {"type": "view", "view": {}, "events": []}
    assert check(view, SERVER_MESSAGES) is view
    assert check({**view, "clock": 12.5, "earlier": [{"version": 3, "events": []}], "bot": True}, SERVER_MESSAGES)
    for field, bad in (("earlier", {"version": 3}), ("earlier", "moves"), ("clock", "soon"), ("bot", 1)):
        with pytest.raises(ProtocolError) as e:
            check({**view, field: bad}, SERVER_MESSAGES)
        assert e.value.code == "bad_field" and repr(field) in str(e.value)
    delta = {"type": "delta", "changes": {}, "events": [], "bot": True}
    assert check(delta, SERVER_MESSAGES) is delta
    with pytest.raises(ProtocolError):
        check({**delta, "bot": "yes"}, SERVER_MESSAGES)


def test_check_accepts_well_formed_and_optional_nil() -> None:
    msg = {"type": "configure", "game": None, "preset": "fast", "options": {"limit": 50}, "seats": None}
    assert check(msg, CLIENT_MESSAGES) is msg


@given(st.binary(max_size=300))
def test_any_bytes_either_decode_or_are_refused_cleanly(data: bytes) -> None:
    reader = FrameReader()
    try:
        for body in reader.feed(data):
            check(decode_body(body), CLIENT_MESSAGES)
    except ProtocolError:
        pass


def test_clean_text_strips_controls_and_escapes() -> None:
    assert clean_text("\x1b[31mred\x1b[0m\x07", 24) == "[31mred[0m"
    assert clean_text("a\tb\nc\r\n  d", 24) == "a b c d"
    assert clean_text("\u202eevil\u200b\x00", 24) == "evil"
    assert len(clean_text("é" * 100, NAME_LEN)) == 24 and len(clean_text("x" * 999, CHAT_LEN)) == 300
    assert clean_text("\x1b\x1b", 24) == ""


def test_names_that_look_alike_are_one_name_and_nothing_drawn_out_of_line_is_kept() -> None:
    """"Zoë" typed on one keyboard (one letter) and pasted from another (e and a combining
    diaeresis) read alike everywhere, and the table could not number them "Zoë" and "Zoë 2": they
    are composed into one. A skin tone after an emoji is drawn in no cell by the terminal but
    counted in two by the app, pushing every border after it out of line: it goes. A cut never
    leaves half a flag."""
    assert clean_name("Zoe\u0308", NAME_LEN) == clean_name("Zo\u00eb", NAME_LEN) == "Zo\u00eb"
    assert clean_text("Zoe\u0308 says hi", CHAT_LEN) == "Zo\u00eb says hi"
    assert clean_name("\U0001f44d\U0001f3fdBob", NAME_LEN) == "\U0001f44dBob"
    # "❤️" (with the emoji selector) and the keycap "1️⃣": two cells to the app, one in tmux or
    # xterm, and the lobby's border after "❤️1️⃣ Ana" stood two cells short of the others'
    from rich.cells import cell_len

    assert clean_name("\u2764\ufe0f1\ufe0f\u20e3 Ana", NAME_LEN) == "\u27641\u20e3 Ana"
    assert cell_len(clean_name("\u2764\ufe0f1\ufe0f\u20e3 Ana", NAME_LEN)) == 6
    assert clean_text("ok \u263a\ufe0f \u2603\ufe0e", CHAT_LEN) == "ok \u263a \u2603"
    flag = "\U0001f1ef\U0001f1f5"
    assert clean_name("a" * 23 + flag, NAME_LEN) == "a" * 23
    assert clean_name("a" * 22 + flag + "z", NAME_LEN) == "a" * 22 + flag
    assert clean_name(flag * 13, NAME_LEN) == flag * 12
    assert clean_name("a" * 23 + "\U0001f1ef", NAME_LEN) == "a" * 23 + "\U0001f1ef"  # a lone letter, whole
    assert len(clean_name("a" * 100, NAME_LEN)) == NAME_LEN


def test_a_cut_never_parts_a_letter_from_its_marks() -> None:
    """"प्रिया शर्मा कुमारी देवकी" is 25 characters: cut to 24 after the code point, it kept
    "देवक" without its vowel sign, another name; a cut falls between whole letters, and never
    after a virama, which joins the letter that follows to the one before."""
    name = "प्रिया शर्मा कुमारी देवकी"
    assert len(name) == 25
    assert clean_name(name, NAME_LEN) == "प्रिया शर्मा कुमारी देव"
    assert clean_name("a" * 23 + "é", NAME_LEN) == "a" * 23 + "é"  # composed first: one letter
    assert clean_name("a" * 23 + "q́̂", NAME_LEN) == "a" * 23  # no composed form: the letter goes
    assert clean_name("a" * 22 + "क्ष", NAME_LEN) == "a" * 22  # a conjunct is not cut after its virama
    assert clean_name("a" * 20 + " " + "क्षी", NAME_LEN) == "a" * 20


def test_a_name_that_shows_nothing_is_no_name() -> None:
    """Blank letters (Hangul fillers, the blank Braille pattern) and lone combining marks pass
    ``clean_text`` but draw as nothing: as a name they are none, so the seat reads "Player"."""
    for blank in ("\u3164", "\u115f\u1160", "\uffa0 \u2800", "\u0301\u0301\u20dd", "\u3164\u200b\x1b"):
        assert clean_text(blank, NAME_LEN) and clean_name(blank, NAME_LEN) == ""
    assert clean_name("Zoë", NAME_LEN) == "Zoë" and clean_name("\u3164Bo\u0301", NAME_LEN) == "\u3164B\u00f3"
    assert clean_name("\x1b[31mEve\x07", NAME_LEN) == "[31mEve" and clean_name("🂡", NAME_LEN) == "🂡"


def test_password_proof_is_bound_to_password_and_nonce() -> None:
    nonce = b"n" * 16
    proof = password_proof("s3cret", nonce)
    assert b"s3cret" not in proof and len(proof) == 32
    assert proof_ok("s3cret", nonce, proof)
    assert not proof_ok("s3cret", b"m" * 16, proof)
    assert not proof_ok("other", nonce, proof)
    assert not proof_ok("s3cret", nonce, None)
    assert msgpack.unpackb(msgpack.packb(proof, use_bin_type=True)) == proof


def test_a_failed_encode_leaves_nothing_behind() -> None:
    """The reused packer is reset when a message cannot be packed."""
    with pytest.raises(TypeError):
        encode({"type": "chat", "text": "half", "bad": {1, 2}})
    frame = encode({"type": "pong", "n": 1})
    assert FrameReader().feed(frame) == [frame[4:]]
    assert decode_body(frame[4:]) == {"type": "pong", "n": 1}


def test_a_text_is_read_only_as_far_as_its_limit_needs() -> None:
    """A 60,000-character chat line or name costs the host what a short one does (a peer under
    the rate limit kept the host busy cleaning otherwise): cleaning reads ``CLEAN_READ`` times
    the limit, and the text kept is the same as from the whole line."""
    from net.protocol import CLEAN_READ, clean_text

    line = "word " * 12_000
    assert clean_text(line, 300) == " ".join(line.split())[:300]
    hidden = "\u200b" * (300 * CLEAN_READ) + "late"  # past what is read: never looked at
    assert clean_text(hidden, 300) == ""
    assert clean_text("\u200b" * 100 + "soon", 300) == "soon"

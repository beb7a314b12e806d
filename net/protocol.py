"""The wire format: length-prefixed msgpack maps, their message types and field checks.

Every frame is a 4-byte big-endian length followed by one msgpack map of at most
``MAX_FRAME`` bytes. Why a length prefix rather than a streaming ``Unpacker`` is measured and
explained in ``docs/protocol.md``. Decoding sets every msgpack limit explicitly and accepts no
ext types, so a hostile peer cannot make the host allocate more than one frame's worth.
"""
from __future__ import annotations

import asyncio
import hashlib
import hmac
import struct
import threading
import unicodedata
from typing import Any

import msgpack

#: bumped on any incompatible change of the messages below
PROTOCOL_VERSION = 1
#: largest frame body, in bytes, either way
MAX_FRAME = 64 * 1024
HEADER = struct.Struct(">I")
NAME_LEN = 24
CHAT_LEN = 300
NONCE_LEN = 16
#: a hello's ``heartbeat``: its client sends a frame (a ``ping`` when it has nothing else to
#: say) at least every that many seconds, 1 to ``MOST_HEARTBEAT``; after ``SILENT_BEATS`` of
#: them without a frame each side takes the other for gone (a frozen app, a machine off the
#: network), which without it would hold the seat, and the table, for good
MOST_HEARTBEAT = 60
SILENT_BEATS = 3

#: msgpack limits: nothing in a frame may be larger than the frame itself
#: (``max_buffer_size`` is the frame cap itself, enforced by ``FrameReader`` before decoding)
UNPACK_LIMITS: dict[str, int] = {
    "max_str_len": MAX_FRAME,
    "max_bin_len": 64,
    "max_array_len": 4096,
    "max_map_len": 512,
    "max_ext_len": 0,
}


class ProtocolError(Exception):
    """A peer broke the protocol; the connection that sent it is closed."""

    def __init__(self, code: str, message: str, head: bytes = b"") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        #: the first bytes of a frame too large to take: what spoke, when it was no table
        self.head = head


def _no_ext(code: int, data: bytes) -> Any:
    raise ProtocolError("bad_frame", "msgpack ext types are not accepted")


# field name -> (accepted types, required). ``None`` in the types means the field may be nil.
_Spec = dict[str, tuple[tuple[type | None, ...], bool]]
_INT = (int,)
_STR = (str,)

#: what a client may send
CLIENT_MESSAGES: dict[str, _Spec] = {
    "hello": {"version": (_INT, True), "app": (_STR, True), "name": (_STR, True),
              "table": ((str, None), False), "token": ((str, None), False),
              "proof": ((bytes, None), False), "host_key": ((str, None), False),
              "spectator": ((bool, None), False), "deltas": ((bool, None), False),
              "hand_break": ((bool, None), False), "heartbeat": ((int, None), False)},
    "sit": {"seat": (_INT, True)},
    "stand": {},
    "ready": {"ready": ((bool,), True), "setup": ((int, None), False)},
    "configure": {"game": ((str, None), False), "preset": ((str, None), False),
                  "options": ((dict, None), False), "seats": ((int, None), False),
                  "turn_time": ((int, None), False)},
    "add_bot": {"seat": (_INT, True), "level": (_STR, True)},
    "remove_bot": {"seat": (_INT, True)},
    "kick": {"seat": (_INT, True)},
    "start": {},
    "rematch": {},
    "act": {"action": (_STR, True), "version": (_INT, True)},
    "away": {"away": ((bool,), True)},
    "seen": {"hand": (_INT, True)},
    "chat": {"text": (_STR, True)},
    "ping": {"n": ((int, None), False)},
    "bye": {},
}

#: what the host sends
SERVER_MESSAGES: dict[str, _Spec] = {
    "challenge": {"version": (_INT, True), "nonce": ((bytes,), True), "host": ((str,), False)},
    "welcome": {"table": (_STR, True), "seat": ((int, None), True), "token": (_STR, True),
                "host": ((bool,), True), "chat": (_STR, False), "number": (_INT, False)},
    "lobby": {"lobby": ((dict,), True)},
    "view": {"view": ((dict,), True), "events": ((list,), True), "clock": ((int, float), False),
             "earlier": ((list,), False), "bot": ((bool,), False)},
    "delta": {"changes": ((dict,), True), "events": ((list,), True), "clock": ((int, float), False),
              "bot": ((bool,), False)},
    "chat": {"name": (_STR, True), "seat": ((int, None), True), "text": (_STR, True), "n": (_INT, False),
             "earlier": ((bool,), False)},
    "error": {"code": (_STR, True), "message": (_STR, True)},
    "pong": {"n": (_INT, False)},
    "bye": {"reason": (_STR, False)},
}


_local = threading.local()


def encode(message: dict[str, Any]) -> bytes:
    """One frame: header and body. Refuses to build a frame the peer would refuse."""
    packer = getattr(_local, "packer", None)
    if packer is None:  # one reusable packer per thread: cheaper than ``packb`` each time
        packer = _local.packer = msgpack.Packer(use_bin_type=True)
    try:
        body = packer.pack(message)
    except BaseException:
        packer.reset()
        raise
    if len(body) > MAX_FRAME:
        raise ValueError(f"frame of {len(body)} bytes exceeds {MAX_FRAME}")
    return HEADER.pack(len(body)) + body


def decode_body(body: bytes | memoryview) -> Any:
    """The object in one frame body, with every msgpack limit set."""
    try:
        return msgpack.unpackb(body, raw=False, strict_map_key=True, use_list=True,
                               ext_hook=_no_ext, **UNPACK_LIMITS)
    except ProtocolError:
        raise
    except (ValueError, TypeError, msgpack.UnpackException, RecursionError) as e:
        # ExtraData, FormatError, StackError (deep nesting) and limit errors all land here
        raise ProtocolError("bad_frame", f"undecodable frame: {type(e).__name__}") from None


#: a spec as the checker walks it: per message type, per field (name, accepted types without
#: nil, nil accepted, required, booleans refused)
_Rules = dict[str, tuple[tuple[str, tuple[type, ...], bool, bool, bool], ...]]


def _rules(specs: dict[str, _Spec]) -> _Rules:
    out: _Rules = {}
    for kind, fields in specs.items():
        rules = []
        for name, (types, required) in fields.items():
            ok = tuple(t for t in types if t is not None)
            # bool is an int in Python: an int field refuses booleans
            rules.append((name, ok, None in types, required, bool not in ok))
        out[kind] = tuple(rules)
    return out


_COMPILED: dict[int, tuple[dict[str, _Spec], _Rules]] = {
    id(specs): (specs, _rules(specs)) for specs in (CLIENT_MESSAGES, SERVER_MESSAGES)}


def check(obj: Any, specs: dict[str, _Spec]) -> dict[str, Any]:
    """A decoded frame as a message of a known type with well-typed fields, or ``ProtocolError``."""
    if obj.__class__ is not dict:
        if not isinstance(obj, dict):
            raise ProtocolError("bad_frame", f"a frame must be a map, not {type(obj).__name__}")
    compiled = _COMPILED.get(id(specs))
    rules = compiled[1] if compiled is not None and compiled[0] is specs else _rules(specs)
    kind = obj.get("type")
    fields = rules.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise ProtocolError("unknown_type", f"unknown message type {str(kind)[:32]!r}")
    for name, types, nullable, required, no_bool in fields:
        if name not in obj:
            if required:
                raise ProtocolError("bad_field", f"{kind}: missing field {name!r}")
            continue
        value = obj[name]
        if value is None and nullable:
            continue
        if (no_bool and value.__class__ is bool) or not isinstance(value, types):
            raise ProtocolError("bad_field", f"{kind}: field {name!r} has the wrong type")
    return obj


#: bytes one read may take: as much as asyncio's own reads
RECV_SIZE = 256 * 1024


def _recv_buffer() -> memoryview:
    """The receive buffer every connection of this thread reads into (see ``FrameReader``)."""
    buf = getattr(_local, "recv", None)
    if buf is None:
        buf = _local.recv = memoryview(bytearray(RECV_SIZE))
    return buf


class FrameReader:
    """Cuts a byte stream into frame bodies; refuses a declared length over ``MAX_FRAME``
    before buffering it.

    Either ``feed`` it the bytes a plain protocol received, or, from an
    ``asyncio.BufferedProtocol``, let the transport read into ``buffer()`` and call
    ``received(nbytes)``. That buffer is one per thread, shared by every connection: a plain
    protocol's read allocates a fresh 256 KiB object each time, which costs more than the read
    itself, and a buffer per connection would cost the memory. Only the bytes of an unfinished
    frame are kept per connection.
    """

    __slots__ = ("_buf",)

    def __init__(self) -> None:
        self._buf = bytearray()

    def feed(self, data: bytes | memoryview) -> list[bytes | memoryview]:
        if self._buf:
            self._buf += data
            data = bytes(self._buf)
            self._buf.clear()
        out: list[bytes | memoryview] = []
        pos, end = 0, len(data)
        unpack_from = HEADER.unpack_from
        while end - pos >= 4:
            (size,) = unpack_from(data, pos)
            if size > MAX_FRAME:
                raise ProtocolError("too_large", f"declared frame of {size} bytes exceeds {MAX_FRAME}",
                                    bytes(data[pos:pos + 4]))
            stop = pos + 4 + size
            if stop > end:
                break
            out.append(data[pos + 4:stop])
            pos = stop
        if pos < end:
            self._buf += data[pos:]
        return out

    @staticmethod
    def buffer() -> memoryview:
        """Where the transport reads to (``BufferedProtocol.get_buffer``)."""
        return _recv_buffer()

    def received(self, nbytes: int) -> list[bytes | memoryview]:
        """The frame bodies completed by the ``nbytes`` just read into ``buffer()``. They may be
        views of that buffer: decode them before the next read (that is, before returning to
        the event loop)."""
        return self.feed(_recv_buffer()[:nbytes])

    @property
    def pending(self) -> int:
        """Bytes of an incomplete frame held."""
        return len(self._buf)


class FrameProtocol(asyncio.BufferedProtocol):
    """A connection that reads frames: the transport reads into ``FrameReader.buffer()`` (or,
    a transport that hands over bytes, into ``data_received``), and ``frames_received`` gets
    what was read. Subclasses set ``reader`` and implement ``frames_received``."""

    reader: FrameReader

    def get_buffer(self, sizehint: int) -> memoryview:
        return self.reader.buffer()

    def buffer_updated(self, nbytes: int) -> None:
        self.frames_received(nbytes)

    def data_received(self, data: bytes) -> None:
        self.frames_received(data)

    def read_frames(self, data: bytes | int) -> list[bytes | memoryview]:
        """The frame bodies completed by ``data`` (a byte count read into the buffer, or the
        bytes themselves); raises ``ProtocolError`` for a frame over ``MAX_FRAME``."""
        return self.reader.received(data) if data.__class__ is int else self.reader.feed(data)  # type: ignore[arg-type]

    def frames_received(self, data: bytes | int) -> None:
        raise NotImplementedError


def password_proof(password: str, nonce: bytes) -> bytes:
    """What a client sends instead of the password: HMAC-SHA256 keyed by it over the nonce."""
    return hmac.new(password.encode("utf-8"), nonce, hashlib.sha256).digest()


def proof_ok(password: str, nonce: bytes, proof: bytes | None) -> bool:
    return proof is not None and hmac.compare_digest(password_proof(password, nonce), proof)


#: raw characters read per character kept: what a cleaned text is made from is cut to this many
#: times its limit first, so a 60,000-character chat line costs what a 1,200-character one does
#: (a peer paced under the rate limit kept the host busy cleaning otherwise)
CLEAN_READ = 4


#: what the app and a terminal count in different cells, and every border after it went out of
#: line: the emoji skin tones (a terminal draws "👍🏽" in two cells where the app counts four; the
#: emoji keeps its plain tone) and the selectors of text or emoji presentation (the app counts
#: "❤️" two cells where many terminals, tmux and xterm, draw one; the sign is drawn as alone)
MISCOUNTED = frozenset(map(chr, range(0x1F3FB, 0x1F400))) | frozenset("\ufe0e\ufe0f")
#: the letters that pair up into a flag
FLAG_LETTERS = "".join(map(chr, range(0x1F1E6, 0x1F200)))


#: the canonical combining class of a virama (Devanagari's ्, and its kin in other scripts),
#: which joins the letter after it to the one before
VIRAMA = 9


def clean_text(text: str, limit: int) -> str:
    """Drop control, format and escape characters (a name or chat line cannot move a terminal's
    cursor or colour it), skin tones and presentation selectors (``MISCOUNTED``), compose
    accents (the "Zoë" of one keyboard and of another are one name), fold whitespace, then cut
    to ``limit`` characters, never between a flag's two letters nor within a letter and its
    marks. Only the first ``CLEAN_READ`` times ``limit`` characters are read."""
    kept = [" " if ch.isspace() else ch for ch in unicodedata.normalize("NFC", text[:limit * CLEAN_READ])
            if ch.isspace() or not unicodedata.category(ch).startswith("C") and ch not in MISCOUNTED]
    folded = " ".join("".join(kept).split())
    cut = folded[:limit]
    if len(folded) > limit:
        # never between a letter and the marks on it, nor after a virama that joins the next letter
        # to it: "देवकी" cut to "देवक" (its last vowel sign lost) is another name, not a shorter one
        end = limit
        while end > 0 and (unicodedata.category(folded[end]).startswith("M")
                           or unicodedata.combining(folded[end - 1]) == VIRAMA):
            end -= 1
        cut = folded[:end].rstrip() if end < limit else cut
    if len(folded) > limit and folded[limit] in FLAG_LETTERS:
        letters = len(cut) - len(cut.rstrip(FLAG_LETTERS))
        if letters % 2:  # the first of a pair, its second cut off
            cut = cut[:-1]
    return cut


#: letters that draw as blank space (Hangul fillers, the blank Braille pattern): a name made of
#: them alone reads as no name
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def clean_name(text: str, limit: int) -> str:
    """``clean_text`` for a name, and "" for one that would show nothing: blank letters and
    combining marks alone (no base to sit on) give a seat no one can read or tell apart."""
    name = clean_text(text, limit)
    shown = any(not ch.isspace() and ch not in BLANK_LETTERS and not unicodedata.category(ch).startswith("M")
                for ch in name)
    return name if shown else ""

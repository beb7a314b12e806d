"""The wire format: length-prefixed msgpack maps, their message types and field checks.

Every frame is a 4-byte big-endian length followed by one msgpack map of at most
``MAX_FRAME`` bytes. Why a length prefix rather than a streaming ``Unpacker`` is measured and
explained in ``docs/protocol.md``. Decoding sets every msgpack limit explicitly and accepts no
ext types, so a hostile peer cannot make the host allocate more than one frame's worth.
"""
from __future__ import annotations

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

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


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
              "spectator": ((bool,), False)},
    "sit": {"seat": (_INT, True)},
    "stand": {},
    "ready": {"ready": ((bool,), True)},
    "configure": {"game": ((str, None), False), "preset": ((str, None), False),
                  "options": ((dict, None), False), "seats": ((int, None), False)},
    "add_bot": {"seat": (_INT, True), "level": (_STR, True)},
    "remove_bot": {"seat": (_INT, True)},
    "kick": {"seat": (_INT, True)},
    "start": {},
    "rematch": {},
    "act": {"action": (_STR, True), "version": (_INT, True)},
    "chat": {"text": (_STR, True)},
    "ping": {"n": (_INT, False)},
    "bye": {},
}

#: what the host sends
SERVER_MESSAGES: dict[str, _Spec] = {
    "challenge": {"version": (_INT, True), "nonce": ((bytes,), True)},
    "welcome": {"table": (_STR, True), "seat": ((int, None), True), "token": (_STR, True),
                "host": ((bool,), True)},
    "lobby": {"lobby": ((dict,), True)},
    "view": {"view": ((dict,), True), "events": ((list,), True)},
    "chat": {"name": (_STR, True), "seat": ((int, None), True), "text": (_STR, True)},
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


def decode_body(body: bytes) -> Any:
    """The object in one frame body, with every msgpack limit set."""
    try:
        return msgpack.unpackb(body, raw=False, strict_map_key=True, use_list=True,
                               ext_hook=_no_ext, **UNPACK_LIMITS)
    except ProtocolError:
        raise
    except (ValueError, TypeError, msgpack.UnpackException, RecursionError) as e:
        # ExtraData, FormatError, StackError (deep nesting) and limit errors all land here
        raise ProtocolError("bad_frame", f"undecodable frame: {type(e).__name__}") from None


def check(obj: Any, specs: dict[str, _Spec]) -> dict[str, Any]:
    """A decoded frame as a message of a known type with well-typed fields, or ``ProtocolError``."""
    if not isinstance(obj, dict):
        raise ProtocolError("bad_frame", f"a frame must be a map, not {type(obj).__name__}")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in specs:
        raise ProtocolError("unknown_type", f"unknown message type {str(kind)[:32]!r}")
    for name, (types, required) in specs[kind].items():
        if name not in obj:
            if required:
                raise ProtocolError("bad_field", f"{kind}: missing field {name!r}")
            continue
        value = obj[name]
        if value is None and None in types:
            continue
        ok = [t for t in types if t is not None]
        # bool is an int in Python: an int field refuses booleans
        if isinstance(value, bool) and bool not in ok:
            raise ProtocolError("bad_field", f"{kind}: field {name!r} has the wrong type")
        if not isinstance(value, tuple(ok)):  # type: ignore[arg-type]
            raise ProtocolError("bad_field", f"{kind}: field {name!r} has the wrong type")
    return obj


class FrameReader:
    """Cuts a byte stream into frame bodies; refuses a declared length over ``MAX_FRAME``
    before buffering it."""

    __slots__ = ("_buf",)

    def __init__(self) -> None:
        self._buf = bytearray()

    def feed(self, data: bytes) -> list[bytes]:
        if self._buf:
            self._buf += data
            data = bytes(self._buf)
            self._buf.clear()
        out: list[bytes] = []
        pos, end = 0, len(data)
        unpack_from = HEADER.unpack_from
        while end - pos >= 4:
            (size,) = unpack_from(data, pos)
            if size > MAX_FRAME:
                raise ProtocolError("too_large", f"declared frame of {size} bytes exceeds {MAX_FRAME}")
            stop = pos + 4 + size
            if stop > end:
                break
            out.append(data[pos + 4:stop])
            pos = stop
        if pos < end:
            self._buf += data[pos:]
        return out

    @property
    def pending(self) -> int:
        """Bytes of an incomplete frame held."""
        return len(self._buf)


def password_proof(password: str, nonce: bytes) -> bytes:
    """What a client sends instead of the password: HMAC-SHA256 keyed by it over the nonce."""
    return hmac.new(password.encode("utf-8"), nonce, hashlib.sha256).digest()


def proof_ok(password: str, nonce: bytes, proof: bytes | None) -> bool:
    return proof is not None and hmac.compare_digest(password_proof(password, nonce), proof)


def clean_text(text: str, limit: int) -> str:
    """Drop control, format and escape characters (a name or chat line cannot move a terminal's
    cursor or colour it), fold whitespace, then cut to ``limit`` characters."""
    kept = [" " if ch.isspace() else ch for ch in text
            if ch.isspace() or not unicodedata.category(ch).startswith("C")]
    return " ".join("".join(kept).split())[:limit]

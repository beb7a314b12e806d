"""The TXT schema of a table advert, checked the same way when it is sent and when it is read.

Everything in a TXT record comes from whoever is on the LAN, so reading is strict: short keys,
bounded values, numbers in range, text stripped of control and format characters. The text
that survives is still untrusted and must be shown as plain text (never as markup)."""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from net.protocol import PROTOCOL_VERSION, clean_text

SERVICE_TYPE = "_dealmein._tcp.local."

STATUSES = ("lobby", "playing", "finished")
NAME_MAX = 40
"""Longest table name, in characters, after cleaning."""
WORD_MAX = 32
"""Longest game id, preset id or app version."""
VALUE_BYTES_MAX = 160
"""Longest raw TXT value; longer values make the record malformed."""
TXT_BYTES_MAX = 400
"""Longest whole TXT record we accept (DNS caps each key=value string at 255 bytes)."""
SEATS_MAX = 16
OPTIONS_BYTES_MAX = 96
"""Longest options value (``o``): the options a host sets over its preset, as many as fit."""
OPTIONS_MAX = 12

KEY_PROTOCOL = "pv"
KEY_APP = "av"
KEY_NAME = "n"
KEY_GAME = "g"
KEY_PRESET = "p"
KEY_SEATS = "s"
KEY_STATUS = "st"
KEY_PASSWORD = "pw"
KEY_SSH = "ssh"
KEY_OPTIONS = "o"
KEY_CLOCK = "tc"
KEY_HOST = "id"
KEY_BOTS = "b"

_WORD = re.compile(r"[a-z0-9][a-z0-9._+-]*\Z")
_SEATS = re.compile(r"(\d{1,2})/(\d{1,2})\Z")
_NUMBER = re.compile(r"\d{1,5}\Z")
#: a host's id: what its challenge says too (``net.server.Server.host_id``)
_HOST_ID = re.compile(r"[0-9a-f]{8,32}\Z")


class TxtError(ValueError):
    """A TXT record (or an advert about to become one) that breaks the schema."""


def plain_text(text: str, limit: int = NAME_MAX) -> str:
    """Untrusted text made safe to print: no control, format or escape characters (so no terminal
    escape sequence or bidi trick survives), blanks folded, at most `limit` characters. Markup-like
    text such as "[bold]" is kept as it is: whoever shows it must render it as plain text."""
    return clean_text(text, limit).strip()


@dataclass(frozen=True)
class TableAdvert:
    """What a table tells the LAN about itself. Never the password, only whether one is needed."""

    name: str
    game: str
    preset: str
    seats_taken: int
    seats_total: int
    status: str = "lobby"
    password: bool = False
    ssh_port: int | None = None
    app_version: str = "0.0.0"
    protocol: int = PROTOCOL_VERSION
    #: the options set over the preset, as text (``("limit", "50")``, switches ``on``/``off``)
    options: tuple[tuple[str, str], ...] = ()
    #: the table's turn clock in seconds (0: none)
    turn_time: int = 0
    #: the id of the host serving it, which its protocol challenge repeats: a table that went
    #: without a goodbye is not taken for whichever host answers at its port later ("": none said)
    host_id: str = ""
    #: of the seats taken, those a bot plays (a host of an older version says none: 0)
    bots: int = 0

    @property
    def compatible(self) -> bool:
        return self.protocol == PROTOCOL_VERSION

    @property
    def joinable(self) -> bool:
        """A seat to sit in: a free one at a table not playing (its lobby, or after a match,
        where its players ready up for the next: the host seats whoever comes)."""
        return self.compatible and self.status != "playing" and self.seats_taken < self.seats_total


def _word(value: str, what: str) -> str:
    if len(value) > WORD_MAX or not _WORD.match(value):
        raise TxtError(f"{what} must be 1-{WORD_MAX} characters of a-z 0-9 . _ + -, got {value[:WORD_MAX]!r}")
    return value


def _port(value: int, what: str) -> int:
    if not 1 <= value <= 65535:
        raise TxtError(f"{what} {value} is not a TCP port")
    return value


def check(advert: TableAdvert) -> TableAdvert:
    """The advert with its name cleaned, or TxtError: used before sending and after reading."""
    name = plain_text(advert.name)
    if not name:
        raise TxtError("the table name is empty")
    _word(advert.game, "game")
    _word(advert.preset, "preset")
    _word(advert.app_version, "app version")
    if advert.status not in STATUSES:
        raise TxtError(f"status must be one of {', '.join(STATUSES)}, got {advert.status[:WORD_MAX]!r}")
    if not 1 <= advert.seats_total <= SEATS_MAX:
        raise TxtError(f"seats total {advert.seats_total} is not in 1-{SEATS_MAX}")
    if not 0 <= advert.seats_taken <= advert.seats_total:
        raise TxtError(f"seats taken {advert.seats_taken} is not in 0-{advert.seats_total}")
    if not 0 <= advert.bots <= advert.seats_taken:
        raise TxtError(f"bots {advert.bots} is not in 0-{advert.seats_taken}")
    if not 0 <= advert.protocol <= 65535:
        raise TxtError(f"protocol version {advert.protocol} is out of range")
    if advert.ssh_port is not None:
        _port(advert.ssh_port, "ssh port")
    if not 0 <= advert.turn_time <= 65535:
        raise TxtError(f"turn clock {advert.turn_time} is out of range")
    if advert.host_id and not _HOST_ID.match(advert.host_id):
        raise TxtError(f"host id must be 8-32 characters of 0-9 a-f, got {advert.host_id[:32]!r}")
    if len(advert.options) > OPTIONS_MAX:
        raise TxtError(f"{len(advert.options)} options, more than {OPTIONS_MAX}")
    for key, value in advert.options:
        _word(key, "option name")
        _word(value, "option value")
    if len(options_text(advert.options).encode()) > OPTIONS_BYTES_MAX:
        raise TxtError(f"the options take more than {OPTIONS_BYTES_MAX} bytes")
    if name == advert.name:
        return advert
    return dataclasses.replace(advert, name=name)


def options_text(options: tuple[tuple[str, str], ...]) -> str:
    """The ``o`` value: ``limit=50,lives=5``."""
    return ",".join(f"{k}={v}" for k, v in options)


def _options(text: str) -> tuple[tuple[str, str], ...]:
    pairs = []
    for part in text.split(",") if text else ():
        key, eq, value = part.partition("=")
        if not eq:
            raise TxtError(f"{KEY_OPTIONS!r} must look like limit=50,lives=5")
        pairs.append((key, value))
    return tuple(pairs)


def encode(advert: TableAdvert) -> dict[str, str]:
    """TXT properties for an advert, after checking it (a host never sends what a browser would reject)."""
    advert = check(advert)
    props = {
        KEY_PROTOCOL: str(advert.protocol),
        KEY_APP: advert.app_version,
        KEY_NAME: advert.name,
        KEY_GAME: advert.game,
        KEY_PRESET: advert.preset,
        KEY_SEATS: f"{advert.seats_taken}/{advert.seats_total}",
        KEY_STATUS: advert.status,
        KEY_PASSWORD: "1" if advert.password else "0",
    }
    if advert.ssh_port is not None:
        props[KEY_SSH] = str(advert.ssh_port)
    if advert.options:
        props[KEY_OPTIONS] = options_text(advert.options)
    if advert.turn_time:
        props[KEY_CLOCK] = str(advert.turn_time)
    if advert.host_id:
        props[KEY_HOST] = advert.host_id
    if advert.bots:
        props[KEY_BOTS] = str(advert.bots)
    return props


def _text(props: dict[str, str], key: str) -> str:
    if key not in props:
        raise TxtError(f"missing key {key!r}")
    return props[key]


def _number(props: dict[str, str], key: str) -> int:
    value = _text(props, key)
    if not _NUMBER.match(value):
        raise TxtError(f"{key!r} is not a number")
    return int(value)


def read_properties(raw: dict[bytes, bytes | None], text_size: int | None = None) -> dict[str, str]:
    """Raw TXT properties as short text keys and values, or TxtError."""
    if text_size is not None and text_size > TXT_BYTES_MAX:
        raise TxtError(f"TXT record is {text_size} bytes, more than {TXT_BYTES_MAX}")
    props: dict[str, str] = {}
    for key, value in raw.items():
        try:
            k = key.decode("ascii").lower()
        except UnicodeDecodeError:
            raise TxtError("a TXT key is not ASCII") from None
        if value is None:
            continue  # a bare key carries no value we use
        if len(value) > VALUE_BYTES_MAX:
            raise TxtError(f"TXT value of {k[:9]!r} is {len(value)} bytes, more than {VALUE_BYTES_MAX}")
        try:
            props[k] = value.decode("utf-8")
        except UnicodeDecodeError:
            raise TxtError(f"TXT value of {k[:9]!r} is not UTF-8") from None
    return props


def protocol_of(props: dict[str, str]) -> int:
    """The advertised protocol version, read first so that other versions are reported, not dropped."""
    return _number(props, KEY_PROTOCOL)


def decode(props: dict[str, str]) -> TableAdvert:
    """An advert from TXT properties read with `read_properties`, or TxtError. Unknown keys are
    ignored so that later versions may add some."""
    seats = _SEATS.match(_text(props, KEY_SEATS))
    if not seats:
        raise TxtError(f"{KEY_SEATS!r} must look like 2/4")
    password = _text(props, KEY_PASSWORD)
    if password not in ("0", "1"):
        raise TxtError(f"{KEY_PASSWORD!r} must be 0 or 1")
    name = _text(props, KEY_NAME)
    if len(name) > NAME_MAX:
        raise TxtError(f"table name is {len(name)} characters, more than {NAME_MAX}")
    advert = TableAdvert(
        name=name,
        game=_text(props, KEY_GAME),
        preset=_text(props, KEY_PRESET),
        seats_taken=int(seats.group(1)),
        seats_total=int(seats.group(2)),
        status=_text(props, KEY_STATUS),
        password=password == "1",
        ssh_port=_number(props, KEY_SSH) if KEY_SSH in props else None,
        app_version=_text(props, KEY_APP),
        protocol=protocol_of(props),
        options=_options(props.get(KEY_OPTIONS, "")),
        turn_time=_number(props, KEY_CLOCK) if KEY_CLOCK in props else 0,
        host_id=props.get(KEY_HOST, ""),
        bots=_number(props, KEY_BOTS) if KEY_BOTS in props else 0,
    )
    return check(advert)


def advert_from_lobby(lobby: dict, *, ssh_port: int | None = None, app_version: str = "0.0.0",
                      host_id: str = "") -> TableAdvert:
    """The advert for a table from its lobby dict (docs: net API, LOBBY): a seat is taken by a player or a bot."""
    seats = lobby["seats"]
    taken = sum(1 for seat in seats if seat.get("name") is not None or seat.get("bot") is not None)
    from core.options import value_text  # here: a browser reads adverts without the engine

    options: list[tuple[str, str]] = []
    for key, value in (lobby.get("options") or {}).items():
        text = value_text(value)
        if not (_WORD.match(key) and _WORD.match(text) and len(key) <= WORD_MAX and len(text) <= WORD_MAX):
            continue
        if len(options) == OPTIONS_MAX or len(options_text((*options, (key, text))).encode()) > OPTIONS_BYTES_MAX:
            break  # as many as fit; the lobby shows them all
        options.append((key, text))
    return TableAdvert(
        name=str(lobby["name"]),
        game=str(lobby["game"]),
        preset=str(lobby["preset"]),
        seats_taken=taken,
        seats_total=len(seats),
        status=str(lobby["status"]),
        password=bool(lobby.get("password")),
        ssh_port=ssh_port,
        app_version=app_version,
        options=tuple(options),
        turn_time=clock if isinstance(clock := lobby.get("turn_time"), int) and 0 < clock <= 65535 else 0,
        host_id=host_id,
        bots=sum(1 for seat in seats if seat.get("bot") is not None),
    )

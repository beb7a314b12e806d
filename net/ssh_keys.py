"""The SSH host key: made on first run, kept with mode 0600, reused afterwards."""
from __future__ import annotations

import base64
import hashlib
import hmac
import os
from pathlib import Path

from .sshlib import asyncssh


class HostKeyProblem(OSError):
    """The SSH host key cannot be read or kept where it lives (the data folder): said as such,
    not as a port that cannot be listened on."""


def load_or_create_host_key(path: Path) -> asyncssh.SSHKey:
    """Players check the fingerprint, so the key must stay the same from run to run."""
    try:
        return _load_or_create(path)
    except (OSError, asyncssh.KeyImportError) as e:
        folder = next((p for p in path.parents if p.exists()), None)
        if folder is not None and not folder.is_dir():  # the data folder's place taken by a file
            why = f"{folder} is a file, not a folder"
        else:
            why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise HostKeyProblem(f"its host key cannot be kept in {path}: {why}") from None


def _load_or_create(path: Path) -> asyncssh.SSHKey:
    if path.exists():
        return asyncssh.read_private_key(str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    os.chmod(path, 0o600)
    return key


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The SHA256 fingerprint, as OpenSSH shows it."""
    return key.get_fingerprint("sha256")


def seat_token(key: asyncssh.SSHKey, name: str, address: str) -> str:
    """The seat token an SSH guest's app presents: the same for the same login name from the
    same address, as long as the host key stays (across ``--resume`` too), so a guest whose
    connection dropped gets their seat back by logging in again; secret, since it is keyed by
    the host's private key (its PKCS#8 form, the same bytes on every load)."""
    secret = hashlib.sha256(b"dealmein seat tokens\0" + key.export_private_key("pkcs8-der")).digest()
    mac = hmac.new(secret, f"{name}\0{address}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:24]).decode()


#: what an ``authorized_keys`` file holds, for a host told a file that holds none of it
AUTHORIZED_KEYS_FORM = "one public key a line, as in a copy of ~/.ssh/id_ed25519.pub"


def read_client_keys(path: str) -> asyncssh.SSHAuthorizedKeys:
    """The keys of an ``authorized_keys`` file, read by asyncssh's own reader as its server
    would read them: a file it cannot read or use is a ``ValueError`` naming the file and what
    is wrong, so that a host refuses it before it starts, not once it opens its SSH port."""
    try:
        return asyncssh.read_authorized_keys(path)
    except UnicodeDecodeError as e:  # (a ValueError too)
        raise ValueError(f"{path} is not a text file (byte {e.start} is not UTF-8): an authorized_keys "
                         f"file holds {AUTHORIZED_KEYS_FORM}") from None
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror or e}") from None
    except ValueError as e:
        if str(e) == "No valid entries found":
            raise ValueError(f"{path} holds no valid SSH public key: an authorized_keys file holds "
                             f"{AUTHORIZED_KEYS_FORM}") from None
        raise ValueError(f"{path} cannot be used as an authorized_keys file: {e}") from None


def passed_over(path: str) -> list[int]:
    """The lines of an ``authorized_keys`` file (numbered from 1) that asyncssh's reader passes
    over without a word, as OpenSSH does: neither blank, nor a comment, nor a key it can read.
    A host says so, or a friend's mangled key would only ever read "Permission denied"."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, ValueError):  # (``read_client_keys`` says what is wrong with the file)
        return []
    return [number for number, line in enumerate(text.splitlines(), start=1)
            if line.strip() and not line.strip().startswith("#") and not _one_key(line)]


def _one_key(line: str) -> bool:
    try:
        asyncssh.import_authorized_keys(line)
    except ValueError:
        return False
    return True

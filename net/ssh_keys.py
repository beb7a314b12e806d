"""The SSH host key: made on first run, kept with mode 0600, reused afterwards."""
from __future__ import annotations

import base64
import hashlib
import hmac
import os
from pathlib import Path

import asyncssh


def load_or_create_host_key(path: Path) -> asyncssh.SSHKey:
    """Players check the fingerprint, so the key must stay the same from run to run."""
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

"""The SSH host key: made on first run, kept with mode 0600, reused afterwards."""
from __future__ import annotations

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

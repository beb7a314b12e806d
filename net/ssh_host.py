"""Serving a hosted table over SSH: what each remote player's child runs, with what."""
from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

from .addresses import host_port
from .environ import CONFIG_DIR_ENV, DATA_DIR_ENV, JOIN_PASSWORD_ENV, SEAT_GRACE_ENV, SSH_SESSION_ENV
from .paths import data_dir
from .server import local_host
from .ssh_server import SSHConfig, SSHTableServer


def client_address(bind: str, port: int) -> str:
    """Where a child on this machine reaches the table server."""
    return host_port(local_host(bind), port)


def player_dir(name: str) -> Path:
    """Each SSH player name keeps its own settings (theme, card style) from visit to visit. A
    name that is not all letters, digits, ``_`` and ``-`` is told apart from its look-alikes
    ("a b" and "a_b", "Zoë" and "Zoé") by a digest of the whole name after it."""
    slug = re.sub(r"[^A-Za-z0-9_-]", "_", name)[:24] or "guest"
    if slug != name:
        slug = f"{slug}-{hashlib.sha256(name.encode()).hexdigest()[:10]}"
    return data_dir() / "ssh-players" / slug


def make_ssh_server(config: SSHConfig, table_address: str, table_password: str | None,
                    table_id: str | None = None, grace: float | None = None) -> SSHTableServer:
    """An SSH server whose sessions each open the app already joined to ``table_address``;
    ``grace``, the seconds that table keeps a seat whose player has gone, is told to each app
    (a guest is told it before leaving a match)."""
    if config.host_key_path is None:
        config.host_key_path = data_dir() / "ssh_host_ed25519_key"

    def app_args(name: str) -> list[str]:
        return ["join", table_address, f"--name={name}"]  # one word: a name like "-x" is not an option

    def command(name: str) -> list[str]:
        # (without a zygote: the app run as a forked session runs, SIGTERM asking it to quit)
        return [sys.executable, "-P", "-m", "net.ssh_zygote", "--session", *app_args(name)]  # (-P: ZYGOTE_FLAGS)

    def extra_env(name: str) -> dict[str, str]:
        env = {CONFIG_DIR_ENV: str(player_dir(name)), DATA_DIR_ENV: str(data_dir()),
               SSH_SESSION_ENV: "1"}
        if table_password:
            env[JOIN_PASSWORD_ENV] = table_password  # never on the command line
        if grace is not None:
            env[SEAT_GRACE_ENV] = f"{grace:g}"
        return env

    return SSHTableServer(config, command, extra_env, app_args=app_args)

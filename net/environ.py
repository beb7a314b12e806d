"""The environment variables Deal Me In reads: one place for their names, since the SSH host
sets them for a guest's app and the app, its settings and its paths read them."""
from __future__ import annotations

#: where settings live instead of the platform's config folder (each SSH guest has its own)
CONFIG_DIR_ENV = "DEALMEIN_CONFIG_DIR"
#: where saves, logs and keys live instead of the platform's data folder
DATA_DIR_ENV = "DEALMEIN_DATA_DIR"
#: "1" in an SSH guest's app: it plays at the table it was opened on and nothing else
SSH_SESSION_ENV = "DEALMEIN_SSH_SESSION"
#: an SSH guest's seat token (``net.ssh_keys.seat_token``)
SEAT_TOKEN_ENV = "DEALMEIN_SEAT_TOKEN"
#: the table's password for a guest's app, kept off its command line
JOIN_PASSWORD_ENV = "DEALMEIN_JOIN_PASSWORD"
#: seconds the table keeps a guest's seat once the guest is gone (the server's ``grace``), for
#: the guest's app to say before it leaves a match
SEAT_GRACE_ENV = "DEALMEIN_SEAT_GRACE"

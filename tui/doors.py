"""The ways in to a table this app hosts besides its address: its LAN advert and its SSH server."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

from .unexpected import note_unexpected

if TYPE_CHECKING:
    from net.discovery import Advertiser
    from net.discovery_txt import TableAdvert
    from net.server import Server
    from net.ssh_server import SSHTableServer
    from net.table import Table

    from .app import DealMeInApp

log = logging.getLogger("dealmein.tui")


class Doors:
    """The advert and the SSH server of a table this app hosts, each None while not open."""

    def __init__(self, app: "DealMeInApp") -> None:
        self.app = app
        self.advertiser: Advertiser | None = None
        self.ssh: SSHTableServer | None = None  # once it listens
        self._starting: SSHTableServer | None = None  # the one still starting: the lobby names no port until it listens
        self._password: str | None = None  # the table's own, which is the SSH login's too
        self._host_id = ""  # the server's, which its advert names (``net.server.Server.host_id``)

    async def advertise(self, server: Server, table: Table) -> None:
        """Tell the LAN about the table; a LAN without multicast only loses the advert."""
        try:
            from net.discovery import Advertiser, bound_advert, browse_problem

            # a table bound to one address gives that address, as the headless host's does
            interfaces, addresses = bound_advert(server.host, self.app.lan_interfaces)
            self.advertiser = Advertiser(server.port, interfaces=interfaces, addresses=addresses, bind=server.host)
            self._host_id = server.host_id
            await self.advertiser.start(self._advert(table))
            server.add_listener(lambda _table: self._readvertise(table))
            self.advertiser.keep_current(self._advert(table))  # the bots seated as it went out
        except Exception as e:  # no network interface, multicast refused...
            note_unexpected(e, "advertising the table")
            log.warning("no LAN advert: %s", e)
            said = browse_problem(e, self.app.lan_interfaces) if isinstance(e, OSError) else e
            self.app.notify(f"The table is not advertised on the LAN ({said}); players can still join by address.",
                            severity="warning", timeout=8)
            self.advertiser = None

    def _readvertise(self, table: Table) -> None:
        """The advert again, the table changed (its seats, its game): while it is advertised."""
        if self.advertiser is not None:
            self.advertiser.update_soon(self._advert(table))

    def _advert(self, table: Table) -> TableAdvert:
        from net.client import app_version
        from net.discovery_txt import advert_from_lobby

        return advert_from_lobby(table.lobby(), app_version=app_version(), host_id=self._host_id,
                                 ssh_port=self.ssh.port if self.ssh is not None else None)

    async def serve_ssh(self, bind: str, server: Server, table: Table, password: str | None) -> None:
        """Serve the app over SSH: each session runs the app joined to this table by address. A
        resumed table's front door opens again as it was (``TableConfig.ssh_door``: its port and
        its login, a headless host's too), so that its guests, told their seats are kept, find
        it; a new one takes the usual port with the password login."""
        from net.ssh_host import client_address, make_ssh_server
        from net.ssh_server import SSHConfig
        from net.tableconfig import SSHDoor

        self._password = password
        door = table.config.ssh_door if table is not None else None
        auth, keys = (door.auth, door.keys) if door is not None else ("password", None)
        # the door's own port, then the usual one, then any free one where those are taken
        # (another table's SSH on this machine), as the table's own port does: the lobby gives
        # the guests the one in use
        ports = list(dict.fromkeys(p for p in (door.port if door else None, self.app.ssh_port, 0) if p is not None))
        for port in ports:
            # the table's own password is the login's (docs/security.md), as at a headless host;
            # without one, a resumed table's guests log in with the password they had
            # (``TableConfig.ssh_password``), or one is made up
            own = password or (table.config.ssh_password if table is not None else None)
            config = SSHConfig(host=bind, port=port, auth=auth, password=own if auth == "password" else None,
                               authorized_keys=keys)
            ssh = self._starting = make_ssh_server(config, client_address(bind, server.port), password,
                                                   table.id if table is not None else None, grace=server.grace)
            try:
                await ssh.start()
            except (OSError, ValueError) as e:  # ValueError: the keys login's file, unusable now
                self._starting = None
                await _close_within(ssh.close(), 5, "ssh server not closed cleanly")  # its app zygote too
                if port == ports[-1] or isinstance(e, ValueError):
                    self.app.notify(f"SSH not started: {e}", severity="error", timeout=15)
                    return
                continue
            if self._starting is not ssh:  # the table closed meanwhile (``close_ssh``)
                await _close_within(ssh.close(), 5, "ssh server not closed cleanly")
                return
            self._starting, self.ssh = None, ssh
            if door is not None and self.ssh.port != door.port:
                self.app.notify(f"SSH is on port {self.ssh.port} now: port {door.port}, where its players "
                                "came in before, is in use. The lobby gives the new way in.",
                                title="SSH", severity="warning", timeout=15)
            elif door is None and self.app.ssh_port_chosen and self.app.ssh_port not in (0, self.ssh.port):
                self.app.notify(f"SSH is on port {self.ssh.port}: port {self.app.ssh_port} (--ssh) is in use. "
                                "The lobby gives the way in.", title="SSH", severity="warning", timeout=15)
            if table is not None:  # kept for a resume, which opens this door again
                table.keep_ssh(SSHDoor(self.ssh.port, auth, keys),
                               self.ssh.config.password if auth == "password" else None)
            return

    def _login(self, who: str) -> str:
        """The SSH command, and how its login lets a player in where it is not by password."""
        assert self.ssh is not None
        how = {"open": " (anyone may log in)", "keys": " (with a key its authorized_keys file lets in)"}
        return self.ssh.login_command(who) + how.get(self.ssh.config.auth, "")

    @property
    def ssh_lines(self) -> list[str]:
        """For the host's lobby: how to come in over SSH, the key to check, the password."""
        if self.ssh is None:
            return []
        lines = [f"SSH: {self._login('NAME')}", f"SSH host key {self.ssh.fingerprint}"]
        if self.ssh.config.auth == "password" and self.ssh.config.password != self._password:
            lines.append(f"SSH password: {self.ssh.config.password}")  # the table's own is on its own line
        return lines

    def ssh_invite(self) -> str | None:
        """The invite's line for a friend with nothing installed; None without SSH."""
        if self.ssh is None:
            return None
        login = self.ssh.login_command("YOURNAME")
        if self.ssh.config.auth == "open":
            return f"Nothing installed? {login} (host key {self.ssh.fingerprint})"
        if self.ssh.config.auth == "keys":
            return f"Nothing installed? {login} (with an SSH key the table lets in; host key {self.ssh.fingerprint})"
        return (f"Nothing installed? {login} "
                f"(password: {self.ssh.config.password}; host key {self.ssh.fingerprint})")

    async def close_advert(self) -> None:
        """Withdraw the advert, if any, within a few seconds."""
        if self.advertiser is not None:
            await _close_within(self.advertiser.close(), 3, "advert not withdrawn")
            self.advertiser = None

    async def close_ssh(self) -> None:
        """Close the SSH server, if any, and its app zygote, within a few seconds; the lobby
        and the invite stop naming it at once."""
        ssh, self.ssh = self.ssh, None
        self._starting = None  # one still starting closes once it has started (``serve_ssh``)
        if ssh is not None:
            await _close_within(ssh.close(), 5, "ssh server not closed cleanly")


async def _close_within(closing: Awaitable[Any], seconds: float, failure: str) -> None:
    """Await a part's close for at most ``seconds``: a part that fails to close is logged, and
    the rest of the session still closes."""
    try:
        await asyncio.wait_for(closing, seconds)
    except Exception as e:
        log.warning("%s: %s", failure, e)

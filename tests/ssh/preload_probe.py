"""Test helper: start the way an SSH session forked from the app zygote starts, on this terminal.

``python preload_probe.py TABLE_ADDRESS OUT_FILE``: runs the zygote's ``preload()``, then the app's
own command line joined to the table, with the real terminal driver. Once the lobby has been
drawn, it writes the modules imported since the preload (JSON) to OUT_FILE and quits.
"""
import json
import sys

from net.ssh_zygote import preload

preload()
BEFORE = set(sys.modules)

from tui.app import DealMeInApp  # noqa: E402  (already imported by the preload)
from tui.cli import build_parser  # noqa: E402


class Probe(DealMeInApp):
    reported = False

    def on_ready(self) -> None:
        self.set_interval(0.05, self._probe)

    def _probe(self) -> None:
        if type(self.screen).__name__ == "LobbyScreen" and not self.reported:
            self.reported = True
            self.call_after_refresh(self._report)

    def _report(self) -> None:
        with open(sys.argv[2], "w") as out:
            json.dump(sorted(set(sys.modules) - BEFORE), out)
        self.exit(0)


Probe(build_parser().parse_args(["join", sys.argv[1], "--name", "probe"])).run()

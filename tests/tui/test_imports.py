"""core/ and net/ never import Textual: they run headless on servers and in bots."""
from __future__ import annotations

import subprocess
import sys


def test_core_and_net_do_not_import_textual() -> None:
    code = (
        "import sys, importlib, pkgutil\n"
        "import core, net\n"
        "for pkg in (core, net):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(m.name)\n"
        "print(sorted(n for n in sys.modules if n == 'textual' or n.startswith('textual.') or n.startswith('tui')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"

"""asyncssh loads without printing ``cryptography``'s deprecation warnings (``net.sshlib``).

``cryptography`` 51 deprecates DSA, and asyncssh touches those names as it loads: unfiltered, a
dozen warning lines land on a host's standard error, before its one-line errors and its log.
Only those warnings, raised from asyncssh's own modules, are silenced.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def python(code: str) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter at the project's root, every warning shown."""
    return subprocess.run([sys.executable, "-W", "default", "-c", code], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_the_ssh_side_loads_without_a_word_on_standard_error() -> None:
    """Each module that uses asyncssh, loaded first in a fresh interpreter, prints nothing."""
    for module in ("net.ssh_keys", "net.ssh_server", "net.host_cli"):
        done = python(f"import {module}")
        assert done.returncode == 0 and done.stderr == "", (module, done.stderr)


def test_the_filter_leaves_other_warnings_alone() -> None:
    """The same kind of warning raised from anywhere but asyncssh is still shown."""
    done = python("import warnings, net.sshlib\n"
                  "from cryptography.utils import CryptographyDeprecationWarning\n"
                  "warnings.warn('raised by the caller', CryptographyDeprecationWarning)\n")
    assert done.returncode == 0 and "CryptographyDeprecationWarning: raised by the caller" in done.stderr, done.stderr
    assert "asyncssh" not in done.stderr, done.stderr

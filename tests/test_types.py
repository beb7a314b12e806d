"""The type hints hold: mypy finds nothing in core/, net/, tui/ and themes/ (pyproject's
``[tool.mypy]``), so a hint that says one thing while the code does another fails here."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_packages_type_check(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache")],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.startswith("Success: no issues found"), out.stdout

"""Shared test settings."""
import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True, print_blob=True
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")


import pytest


@pytest.fixture(autouse=True)
def _private_dirs(tmp_path_factory, monkeypatch):
    """Every test gets its own config, data and themes folders: never the real user's."""
    base = tmp_path_factory.mktemp("home")
    for var, sub in (("DEALMEIN_CONFIG_DIR", "config"), ("DEALMEIN_DATA_DIR", "data"),
                     ("DEALMEIN_THEMES_DIR", "themes")):
        monkeypatch.setenv(var, str(base / sub))

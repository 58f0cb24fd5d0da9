"""Suite-wide settings: a headless matplotlib and a hypothesis profile for CI."""

import os

import matplotlib
import pytest
from hypothesis import HealthCheck, settings

from qttt_edu import set_language

os.environ.setdefault("MPLBACKEND", "Agg")
matplotlib.use("Agg")

settings.register_profile(
    "default", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(autouse=True)
def _english_messages():
    """Every test starts in English, whatever language an earlier test switched on."""
    set_language("en")
    yield
    set_language("en")

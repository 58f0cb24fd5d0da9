"""Suite-wide settings: a headless matplotlib and a hypothesis profile for CI."""

import os

import matplotlib
from hypothesis import HealthCheck, settings

os.environ.setdefault("MPLBACKEND", "Agg")
matplotlib.use("Agg")

settings.register_profile(
    "default", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

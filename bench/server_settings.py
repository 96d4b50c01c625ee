"""The site's settings with the bare view mounted: what `make bench BENCH_ARGS=--server`
runs under gunicorn, so pages and the bare view are timed through the same server."""

from dawn_companion.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"

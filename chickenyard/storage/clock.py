"""Times as stored: UTC, ISO 8601, to the second."""
from datetime import datetime, timezone


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")

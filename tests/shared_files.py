"""The team's shared folder beside this checkout (../shared): the labelled real photos and the
rule books the rules quote. In CI a missing one fails the run; on a developer's machine the tests
that need it skip, saying where it goes."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"


def shared(*parts: str) -> Path:
    """A file or folder of the shared folder, or a failure (CI) or a skip (elsewhere) naming it."""
    path = SHARED.joinpath(*parts)
    if path.exists():
        return path
    if os.environ.get("CI"):
        pytest.fail(f"{path} is missing: CI runs the tests on the real photos and the rule books, "
                    f"so the shared folder must be beside the checkout as ../shared", pytrace=False)
    pytest.skip(f"{path} is missing: put the team's shared folder (photos, photos-more, seeds) "
                f"beside this checkout as ../shared to run this test")

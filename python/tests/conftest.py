from __future__ import annotations

from pathlib import Path

import pytest

import kaisen

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "observation" / "src" / "test" / "resources" / "golden"


@pytest.fixture
def env():
    e = kaisen.make("osaka", num_players=2, opponents="random", seed=0)
    yield e
    e.close()

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


@pytest.fixture(scope="session")
def dl4j_checkpoint(tmp_path_factory) -> Path:
    """A tiny checkpoint written by the Java trainer (``./kaisen train``), for ``dl4j:`` agents."""
    import subprocess

    from kaisen._jvm import find_jar

    out = tmp_path_factory.mktemp("dl4j") / "run"
    subprocess.run(
        ["java", "-jar", str(find_jar()), "train", "--steps", "256", "--envs", "4", "--rollout", "32",
         "--minibatch", "64", "--hidden", "16", "--eval-every", "256", "--eval-games", "2", "--threads", "1",
         "--opponents", "random", "--out", str(out)],
        check=True, capture_output=True, timeout=300,
    )
    return out / "best.zip"

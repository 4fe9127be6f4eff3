"""Fixtures, and the per-game parametrization: a test that takes ``game`` runs once per
registered game, one that takes ``game_players`` once per game and player count. A game
registered in the JVM gets every such test (marked ``conformance``) without a line here."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import kaisen

REPO = Path(__file__).resolve().parents[2]
#: The golden playthroughs the Java tests check too (``KAISEN_GOLDEN_DIR`` points elsewhere, e.g. to
#: files just written by ``java -jar kaisen.jar golden --out DIR``).
GOLDEN = Path(os.environ.get("KAISEN_GOLDEN_DIR") or REPO / "observation" / "src" / "test" / "resources" / "golden")

GAMES = kaisen.games()


def game_player_counts() -> list[tuple[str, int]]:
    return [(g.id, n) for g in GAMES for n in g.player_counts]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game" in metafunc.fixturenames:
        metafunc.parametrize("game", [g.id for g in GAMES])
    if "game_players" in metafunc.fixturenames:
        metafunc.parametrize("game_players", game_player_counts(), ids=[f"{g}-{n}p" for g, n in game_player_counts()])


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
        ["java", "-jar", str(find_jar()), "train", "--game", "osaka", "--steps", "256", "--envs", "4", "--rollout",
         "32", "--minibatch", "64", "--hidden", "16", "--eval-every", "256", "--eval-games", "2", "--threads", "1",
         "--opponents", "random", "--out", str(out)],
        check=True, capture_output=True, timeout=300,
    )
    return out / "best.zip"

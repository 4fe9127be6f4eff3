"""Fixtures, and the per-game parametrization: a test that takes ``game`` runs once per
registered game, one that takes ``game_players`` once per game and player count. A game
registered in the JVM gets every such test (marked ``conformance``) without a line here.

The JVM also loads Maven's ``observation/target/test-classes`` (``./kaisen build`` compiles
them with the jar), so the test-only games registered there (a 2-5 player sealed-bid auction
with 100 actions) run through every Python suite too. Set ``KAISEN_EXTRA_CLASSPATH`` to
choose other folders, or to an empty string for the jar's games alone.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import NoReturn

import numpy as np
import pytest

# leak accounting at the session's end (imported first: it marks the environment the JVMs inherit)
from .leaks import pytest_sessionfinish, pytest_sessionstart  # noqa: E402,F401

REPO = Path(__file__).resolve().parents[2]
os.environ.setdefault("KAISEN_EXTRA_CLASSPATH", str(REPO / "observation" / "target" / "test-classes"))

import kaisen  # noqa: E402  (after the class path is chosen: the game list depends on it)
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


def play_until_an_action_is_illegal(mask, step, rng, limit: int = 10_000) -> int:
    """Plays random legal actions (``step(action)``) until ``mask()`` forbids some action; returns one.

    In some games every action is legal at first (a sealed bid of any amount, coins permitting)."""
    for _ in range(limit):
        m = np.asarray(mask(), dtype=bool)
        if not m.all():
            return int(np.flatnonzero(~m)[0])
        step(int(rng.choice(np.flatnonzero(m))))
    raise AssertionError(f"every action stayed legal for {limit} decisions")


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


def start_page_server(session, **options):
    """A play page server for ``session`` on a free port (``options``: more of ``PageServer``'s), serving in
    a daemon thread (the play tests)."""
    import threading

    from kaisen.play.server import PageServer

    server = PageServer(session, **options)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    return server


def stop_page_server(server) -> None:
    """Stops a server from :func:`start_page_server` and its session."""
    server.shutdown()
    server.close()


def serve_command(args: list[str], printed: list[str] | None = None, env: dict[str, str] | None = None,
                  ) -> tuple[subprocess.Popen, str]:
    """``python -m kaisen.play ARGS --no-browser`` started (without ``--no-browser`` when ``env`` is
    given: it names the browser), and the link it printed (the lines before it added to ``printed``)."""
    extra = [] if env is not None else ["--no-browser"]
    proc = subprocess.Popen([sys.executable, "-m", "kaisen.play", *args, *extra], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=Path(__file__).parents[1],
                            env=None if env is None else {**os.environ, **env})
    for line in proc.stdout:
        if line.startswith("kaisen: open "):
            return proc, line.split("kaisen: open ", 1)[1].strip()
        if printed is not None:
            printed.append(line)
    proc.kill()
    raise AssertionError("no link printed: " + proc.stderr.read())


def skip_unless_required(reason: str, variable: str) -> NoReturn:
    """Skips the test, saying why, unless the environment variable ``variable`` is set (as ``./kaisen
    test`` sets ``KAISEN_REQUIRE_BROWSER`` and ``KAISEN_REQUIRE_DOCS``): then it fails."""
    if os.environ.get(variable):
        pytest.fail(f"{reason} ({variable} is set, so this fails instead of skipping)")
    pytest.skip(reason)


def headless_chromium() -> str:
    """The Chromium that Playwright drives headless (``kaisen.play.browser.find_browser``) for the
    browser tests: its path. Without Playwright or a Chromium the test skips, saying why, unless
    ``KAISEN_REQUIRE_BROWSER`` is set: then it fails."""
    from kaisen.play.browser import find_browser

    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        skip_unless_required("Playwright is not installed (pip install -e 'python[test]')", "KAISEN_REQUIRE_BROWSER")
    path = find_browser()
    if path is None:
        skip_unless_required("no Chromium found: install Debian's chromium (apt-get install chromium) or set "
                             "KAISEN_BROWSER", "KAISEN_REQUIRE_BROWSER")
    return path


def java_child(pid: int) -> int:
    """The JVM that process ``pid`` started (its one ``java`` child)."""
    out = subprocess.run(["ps", "-o", "pid=,comm=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    javas = [int(line.split()[0]) for line in out.splitlines() if line.split()[1:] == ["java"]]
    assert len(javas) == 1, out
    return javas[0]


@pytest.fixture(scope="session", autouse=True)
def sb3_logs_in_pytests_temp(tmp_path_factory):
    """Stable-Baselines3 makes an (empty) ``SB3-<date>`` folder in the temp folder at every ``learn``
    unless ``SB3_LOGDIR`` names one: the tests' go under pytest's temp folder instead (leaks.py)."""
    os.environ.setdefault("SB3_LOGDIR", str(tmp_path_factory.mktemp("sb3-logs")))

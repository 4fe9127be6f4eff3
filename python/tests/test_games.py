"""The game list: read from the jar's registry, cached per build, registered with Gymnasium at import."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import gymnasium as gym
import pytest

import kaisen
from kaisen._jvm import find_jar, java_command
from kaisen.games import _gym_name

IMPORT = "import kaisen; print(' '.join(kaisen.GYM_IDS))"


def _python(code: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-W", "always", "-c", code], env=env, capture_output=True, text=True,
                          timeout=300, check=True)


def test_games_are_the_registrys():
    listed = json.loads(subprocess.run(java_command(find_jar(), "games", "--json"), capture_output=True, text=True,
                                       check=True, timeout=300).stdout)
    assert [g.id for g in kaisen.games()] == [g["id"] for g in listed]
    for info, raw in zip(kaisen.games(), listed):
        assert (info.title, info.min_players, info.max_players, info.default_players) == (
            raw["title"], raw["minPlayers"], raw["maxPlayers"], raw["defaultPlayers"])
        assert [o.name for o in info.options] == [o["name"] for o in raw["options"]]
        assert list(info.views) == raw["views"]
        assert info.summary == raw["summary"] and info.bot_meanings == raw["botMeanings"]
        assert [(e.name, e.meaning) for e in info.chance_events] == [(e["name"], e["meaning"])
                                                                       for e in raw["chanceEvents"]]
        assert kaisen.game_info(info.id) is info
    assert "osaka" in [g.id for g in kaisen.games()]


def test_gymnasium_ids_are_derived_from_game_ids():
    assert kaisen.gym_id("osaka") == "kaisen/Osaka-v2"  # the registry's version: Java's GameProvider.version()
    assert kaisen.game_info("osaka").version == 2
    assert _gym_name("floating_market", 1) == "kaisen/FloatingMarket-v1"
    assert _gym_name("merchants-of-the-middle-ages", 3) == "kaisen/MerchantsOfTheMiddleAges-v3"
    with pytest.raises(ValueError):
        kaisen.gym_id("no_such_game")
    for g in kaisen.games():
        spec = gym.registry[g.gym_id]
        assert spec.entry_point == "kaisen.gym_env:KaisenEnv" and spec.kwargs == {"game": g.id}


def test_import_reads_the_cached_list_without_starting_java(tmp_path):
    env = dict(os.environ, KAISEN_CACHE_DIR=str(tmp_path / "cache"), KAISEN_JAR=str(find_jar()))
    first = _python(IMPORT, env)  # lists the games once (java -jar ... games --json) and caches them
    assert "kaisen/Osaka-v2" in first.stdout.split()
    assert len(list((tmp_path / "cache").glob("games-*.json"))) == 1
    env["PATH"] = str(tmp_path / "nowhere")  # no java to be found: only the cache can answer
    again = _python(IMPORT, env)
    assert again.stdout == first.stdout and "RuntimeWarning" not in again.stderr


def test_a_rebuilt_jar_is_listed_again(tmp_path):
    jar = find_jar()
    copy = tmp_path / "kaisen.jar"
    shutil.copy2(jar, copy)
    (tmp_path / "lib").symlink_to(jar.parent / "lib")  # the manifest's class path is relative to the jar
    env = dict(os.environ, KAISEN_CACHE_DIR=str(tmp_path / "cache"), KAISEN_JAR=str(copy))
    listed = _python(IMPORT, env).stdout
    os.utime(copy, ns=(copy.stat().st_atime_ns, copy.stat().st_mtime_ns + 1_000_000_000))  # "rebuilt"
    env["PATH"] = str(tmp_path / "nowhere")
    stale = _python(IMPORT, env)  # the cache no longer matches and java cannot run: a warning, no ids
    assert stale.stdout.strip() == "" and "no Gymnasium ids registered" in stale.stderr
    env["PATH"] = os.environ["PATH"]
    assert _python(IMPORT, env).stdout == listed
    assert len(list((tmp_path / "cache").glob("games-*.json"))) == 2


def test_the_test_only_game_is_registered_so_every_suite_covers_it():
    """``./kaisen test`` and ``./kaisen build`` compile Maven's test classes: the suites must not drop the test game."""
    from pathlib import Path

    classes = Path(__file__).resolve().parents[2] / "observation" / "target" / "test-classes"
    if os.environ.get("KAISEN_EXTRA_CLASSPATH") != str(classes):
        pytest.skip("KAISEN_EXTRA_CLASSPATH was chosen by hand")
    assert classes.is_dir(), f"{classes} is missing: build with ./kaisen build (or ./kaisen test)"
    assert "sealedbid" in {g.id for g in kaisen.games()}

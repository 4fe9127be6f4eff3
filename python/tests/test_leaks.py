"""The suite's leak accounting (tests/leaks.py) fails a session that leaves something behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from . import leaks

LEAKY = '''
import subprocess, sys, tempfile
import kaisen

KEEP = []


def test_that_leaks():
    KEEP.append(kaisen.make("osaka"))  # never closed
    KEEP.append(subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"]))
    KEEP.append(tempfile.mkdtemp(prefix="kaisen-leak-check-"))
'''


def test_a_session_that_leaves_a_jvm_a_process_and_a_temp_folder_fails_listing_them(tmp_path):
    (tmp_path / "test_leaky.py").write_text(LEAKY)
    temp = tmp_path / "tmp"  # the inner session's temp folder: its leaked folder lands there
    temp.mkdir()
    env = {**os.environ, leaks.MARK: "inner-" + os.environ[leaks.MARK], "TMPDIR": str(temp)}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.leaks",
                           str(tmp_path / "test_leaky.py")], capture_output=True, text=True, timeout=300,
                          cwd=Path(__file__).parents[1], env=env)
    for line in leaks._marked_processes(env[leaks.MARK]):  # what the inner session left, ended here
        os.kill(int(line.split()[1].rstrip(":")), signal.SIGKILL)
    out = done.stdout
    assert done.returncode == 1, out + done.stderr
    assert "1 passed" in out and "leak accounting: FAILED" in out, out
    assert "an env was not closed" in out and "kaisen.jar" in out and "time.sleep(30)" in out, out
    assert "kaisen-leak-check-" in out and "thread kaisen-jvm-watchdog-" in out, out


def test_shared_memory_of_another_live_job_is_not_counted_but_an_ended_makers_is():
    """Another job on the machine (a notebook, a training run) has shared-memory files of live
    processes without the session's mark: not counted. A file whose maker has ended is counted."""
    other_env = {k: v for k, v in os.environ.items() if k != leaks.MARK}
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], env=other_env)
    marked = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    names = [f"kaisen-{p.pid}-1-leakcheck" for p in (other, marked, ended)]
    try:
        for name in names:
            Path(leaks._shm_dir(), name).write_bytes(b"")
        found = leaks._shm()
        assert names[0] not in found, "another job's live file was counted"
        assert names[1] in found and names[2] in found
    finally:
        for p in (other, marked):
            p.kill()
            p.wait()
        for name in names:
            Path(leaks._shm_dir(), name).unlink(missing_ok=True)

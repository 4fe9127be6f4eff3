"""The notebooks a researcher opens (issue 30): they import only from the installed package (no
``sys.path`` edits, nothing from ``python/examples``, no path into the checkout), are stored
without outputs, and ``./kaisen test`` executes every one of them; ``./kaisen notebook`` serves
them with JupyterLab on 127.0.0.1 only, with Jupyter's token, and refuses a port in use in one
line. The notebooks themselves run in ``./kaisen test`` (nbmake, from a folder outside the
checkout), not here."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
LAUNCHER = REPO / "kaisen"

#: What reaches into the checkout from a notebook: a sys.path edit, an import of an example
#: script, or a path out of the notebook's folder (``../python/examples``, ``Path.cwd().parent``).
REACHES_OUT = {
    "sys.path": re.compile(r"\bsys\.path\b"),
    "an import from python/examples": re.compile(
        r"^\s*(from|import)\s+(ppo_masked|sb3_maskable_ppo|rllib_ppo|mcts|examples)\b", re.MULTILINE),
    "a path out of the notebook's folder": re.compile(r"""["']\.\.[/\\]|\.parent\b|\bexamples/"""),
}


def code(notebook: Path) -> str:
    return "\n".join("".join(c["source"]) for c in json.loads(notebook.read_text())["cells"]
                     if c["cell_type"] == "code")


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 6, NOTEBOOKS


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_imports_only_from_the_package(notebook):
    text = code(notebook)
    found = {what: m.group(0).strip() for what, rx in REACHES_OUT.items() if (m := rx.search(text))}
    assert not found, f"{notebook.name} reaches into the checkout: {found}"


def test_the_check_finds_the_old_ways():
    old = ('import sys, pathlib\nsys.path.insert(0, str(pathlib.Path.cwd().parent / "python" / "examples"))\n'
           "from ppo_masked import Args, train\n")
    assert all(rx.search(old) for rx in REACHES_OUT.values())
    assert REACHES_OUT["a path out of the notebook's folder"].search('run = pathlib.Path("../runs/x")')
    assert not any(rx.search("from kaisen.torch import Args, train\nrun = 'runs/notebook-ppo'")
                   for rx in REACHES_OUT.values())


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_stored_without_outputs(notebook):
    cells = [c for c in json.loads(notebook.read_text())["cells"] if c["cell_type"] == "code"]
    assert all(c["outputs"] == [] and c["execution_count"] is None for c in cells), notebook.name


def test_kaisen_test_executes_every_notebook_outside_the_checkout():
    launcher = LAUNCHER.read_text()
    body = launcher[launcher.index("cmd_test() {"):]
    body = body[:body.index("\n}\n")]
    assert [p.name for p in NOTEBOOKS if p.name not in body] == []
    assert "mktemp -d" in body and 'cp "$ROOT"/notebooks/*.ipynb' in body and 'cd "$ROOT/notebooks"' not in body


# --- ./kaisen notebook -------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def launcher(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    if not shutil.which("bash") or not shutil.which("python3"):
        pytest.skip("the launcher needs bash and python3")
    return subprocess.run(["bash", str(LAUNCHER), *args], capture_output=True, text=True, timeout=timeout)


def test_notebook_refuses_a_port_in_use_in_one_line():
    """Checked before the build and the install: nothing else happens, and one line says why."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = launcher("notebook", "--no-browser", "--port", str(port))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"kaisen: notebook: port {port} on 127.0.0.1 is in use; pick another with --port N\n"


@pytest.mark.parametrize("args, says", [
    (["--port", "http"], "--port must be a number from 1 to 65535, not 'http'"),
    (["--port", "70000"], "--port must be a number from 1 to 65535, not '70000'"),
    (["--port"], "--port needs a number"),
    (["--public"], "unknown option --public"),
])
def test_notebook_refuses_bad_options_in_one_line(args, says):
    done = launcher("notebook", *args)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("kaisen: notebook: ") and says in done.stderr and done.stderr.count("\n") == 1


def listening_addresses(port: int) -> set[str]:
    """The local addresses of the TCP sockets listening on ``port`` (Linux's /proc/net/tcp and tcp6)."""
    found = set()
    for table, size in (("/proc/net/tcp", 4), ("/proc/net/tcp6", 16)):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            address, _, hex_port = local.partition(":")
            if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                raw = bytes.fromhex(address)
                # the kernel prints each 32-bit word in host order (little-endian here)
                words = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
                found.add(socket.inet_ntop(socket.AF_INET if size == 4 else socket.AF_INET6, words))
    return found


def serve_and_check(command: list[str], port: int, tmp_path: Path) -> None:
    """Starts JupyterLab with ``command``; waits for its link with the token; checks that it listens on
    127.0.0.1 only, refuses the API without the token and lists the notebooks with it; stops it."""
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"), "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
           "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces"), "BROWSER": "true"}
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                            start_new_session=True)
    log: list[str] = []
    threading.Thread(target=lambda: log.extend(iter(proc.stdout.readline, "")), daemon=True).start()
    link = re.compile(rf"http://127\.0\.0\.1:{port}/lab\?token=(\w+)")
    try:
        deadline = time.monotonic() + 240
        token = None
        while token is None:
            assert proc.poll() is None, "JupyterLab exited:\n" + "".join(log)
            assert time.monotonic() < deadline, "no link with a token within 240 s:\n" + "".join(log)
            token = next((m.group(1) for line in list(log) if (m := link.search(line))), None)
            time.sleep(0.5)
        base = f"http://127.0.0.1:{port}"
        with urllib.request.urlopen(f"{base}/lab?token={token}", timeout=30) as r:
            assert r.status == 200 and "JupyterLab" in r.read().decode()
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{base}/api/contents", timeout=30)
        assert refused.value.code == 403, "the API answered without the token"
        with urllib.request.urlopen(f"{base}/api/contents?token={token}", timeout=30) as r:
            names = {item["name"] for item in json.load(r)["content"]}
        assert {p.name for p in NOTEBOOKS} <= names, names
        if Path("/proc/net/tcp").exists():
            assert listening_addresses(port) == {"127.0.0.1"}
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)  # its own session: Jupyter and anything it started
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def test_jupyterlab_serves_the_notebooks_on_loopback_only(tmp_path):
    """JupyterLab with the launcher's settings, from the interpreter running the tests."""
    pytest.importorskip("jupyterlab", reason="the notebooks extra (JupyterLab) is not installed")
    port = free_port()
    root = ["--allow-root"] if os.geteuid() == 0 else []  # as the launcher does
    serve_and_check([sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
                     f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
                     f"--ServerApp.root_dir={REPO / 'notebooks'}", *root], port, tmp_path)


def venv_ready() -> str | None:
    """Why ``./kaisen notebook`` would install or build before serving (then the test skips), or None."""
    venv = REPO / ".venv"
    toml = (REPO / "python" / "pyproject.toml").stat().st_mtime
    for extra in ("notebooks", "train"):
        marker = venv / f".kaisen-installed-{extra}"
        if not marker.exists() or marker.stat().st_mtime < toml:
            return f"the checkout's .venv has no fresh {extra} extra (./kaisen notebook would pip install it)"
    if not (REPO / "bridge" / "target" / "kaisen.jar").exists() or not shutil.which("mvn"):
        return "no jar or no Maven"
    return None


def test_kaisen_notebook_serves_on_loopback_only(tmp_path):
    """The launcher's verb itself, where its .venv is ready (as ./kaisen test leaves it)."""
    why = venv_ready()
    if why:
        pytest.skip(why)
    port = free_port()
    if not shutil.which("bash"):
        pytest.skip("the launcher needs bash")
    serve_and_check(["bash", str(LAUNCHER), "notebook", "--no-browser", "--port", str(port)], port, tmp_path)

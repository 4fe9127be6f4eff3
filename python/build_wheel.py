"""Builds a wheel of the ``kaisen`` package with the engine inside: ``./kaisen wheel`` runs it.

The distribution is ``kaisen-rl`` (import name ``kaisen``), so the wheel is
``kaisen_rl-VERSION-py3-none-TAG.whl``; the package index's ``kaisen`` is an unrelated project.

``python build_wheel.py [--out DIR] [--no-natives] [--target DIR]`` stages a copy of the package
(``kaisen/``, ``pyproject.toml``, ``README.md``, ``LICENSE``, ``NOTICE``) with the runnable jar and
its libraries under ``kaisen/_java/`` (``kaisen.jar`` + ``lib/``, where
:func:`kaisen._java_launch.find_jar` looks), builds it with ``pip wheel`` (setuptools, no build isolation)
into ``--out`` (default: ``dist/`` of the checkout) and prints the wheel's path and size.

The full wheel carries ND4J's and OpenBLAS's linux-x86_64 native libraries (``dl4j:`` checkpoints
need them), so it is tagged ``linux_x86_64``; ``--no-natives`` leaves them out and is
``py3-none-any`` (every game and bot, no ``dl4j:`` or ``zoo:`` agents). Both leave out the jars of
:data:`LEFT_OUT`, which the Python runtime path (the gateway, ``games --json``, ``dl4j:`` agents)
never loads.
"""

from __future__ import annotations

import argparse
import fnmatch
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PYTHON = Path(__file__).resolve().parent
#: Where Maven puts the runnable jar and its ``lib/`` (``./kaisen build``).
TARGET = PYTHON.parent / "bridge" / "target"
DIST = PYTHON.parent / "dist"

#: Jars of ``lib/`` that nothing on the Python runtime path loads (checked with ``-Xlog:class+load``
#: on ``tests/wheel_smoke.py``, which then passed without them; ``train`` passes without them too).
LEFT_OUT = {
    "fastutil-*.jar": "17 MB; only DL4J's CollectScoresListener, which Kaisen never uses, refers to it",
    "protobuf-*.jar": "4.5 MB; ND4J's shaded protobuf, for importing TensorFlow and ONNX graphs",
    "jmh-core-*.jar": "JMH, for `./kaisen bench engine` only",
    "jopt-simple-*.jar": "JMH's option parser",
}
#: The native jars (ND4J, OpenBLAS, JavaCPP), which ``--no-natives`` leaves out: only ``dl4j:``
#: checkpoints and training load them.
NATIVES = "*-linux-x86_64.jar"
PLATFORM_TAG = "linux_x86_64"
#: The distribution's name in wheel file names and ``.dist-info`` (``kaisen-rl`` in pyproject.toml).
WHEEL_NAME = "kaisen_rl"
#: Setuptools 77 reads pyproject.toml's ``license`` and ``license-files`` (PEP 639).
SETUPTOOLS = 77


def left_out(name: str, natives: bool) -> str | None:
    """Why the jar ``name`` stays out of the wheel, or None when it goes in."""
    for pattern, why in LEFT_OUT.items():
        if fnmatch.fnmatch(name, pattern):
            return why
    if not natives and fnmatch.fnmatch(name, NATIVES):
        return "native library (--no-natives)"
    return None


def stage(root: Path, target: Path, natives: bool) -> list[Path]:
    """Copies the package into ``root`` with the jars under ``kaisen/_java/``; returns the jars staged."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "_java")
    shutil.copytree(PYTHON / "kaisen", root / "kaisen", ignore=ignore)
    for name in ("pyproject.toml", "README.md", "LICENSE", "NOTICE"):
        shutil.copy2(PYTHON / name, root / name)  # LICENSE and NOTICE: links to the root's, copied as files
    java = root / "kaisen" / "_java"
    (java / "lib").mkdir(parents=True)
    staged = [_copy(target / "kaisen.jar", java / "kaisen.jar")]
    for jar in sorted((target / "lib").glob("*.jar")):
        if left_out(jar.name, natives) is None:
            staged.append(_copy(jar, java / "lib" / jar.name))
    return staged


def _copy(src: Path, dst: Path) -> Path:
    try:
        os.link(src, dst)  # same file system: no copy of 100 MB of jars
    except OSError:
        shutil.copy2(src, dst)
    return dst


def build(out: Path, natives: bool = True, target: Path = TARGET) -> Path:
    """Builds the wheel into ``out`` and returns its path."""
    jar = target / "kaisen.jar"
    if not jar.is_file() or not (target / "lib").is_dir():
        sys.exit(f"build_wheel: no {jar} with its lib/; build it first (./kaisen build)")
    for module in ("setuptools", "wheel"):
        try:
            __import__(module)
        except ImportError:
            sys.exit(f"build_wheel: needs {module} in this Python "
                     f"({sys.executable} -m pip install 'setuptools>=77' wheel)")
    import setuptools
    if int(re.match(r"\d*", setuptools.__version__).group() or 0) < SETUPTOOLS:
        sys.exit(f"build_wheel: needs setuptools>={SETUPTOOLS} in this Python, found {setuptools.__version__} "
                 f"({sys.executable} -m pip install 'setuptools>={SETUPTOOLS}')")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="kaisen-wheel-") as tmp:
        root = Path(tmp) / "src"
        stage(root, target, natives)
        built = Path(tmp) / "dist"
        # the platform tag is set by bdist_wheel's --plat-name; `wheel tags` rewrites the wheel if it was not
        plat = [f"--config-settings=--build-option=--plat-name={PLATFORM_TAG}"] if natives else []
        _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-cache-dir", "-q",
              *plat, "-w", str(built), str(root)])
        (wheel,) = built.glob(f"{WHEEL_NAME}-*.whl")
        tag = PLATFORM_TAG if natives else "any"
        if not wheel.name.endswith(f"-{tag}.whl"):
            _run([sys.executable, "-m", "wheel", "tags", "--remove", "--platform-tag", tag, str(wheel)])
            (wheel,) = built.glob(f"{WHEEL_NAME}-*.whl")
        dest = out / wheel.name
        shutil.move(str(wheel), dest)
    return dest


def _run(cmd: list[str]) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"build_wheel: `{' '.join(cmd)}` failed (code {done.returncode}):\n{done.stdout}{done.stderr}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="kaisen wheel", description="Builds a wheel of the kaisen package with "
                                     "the engine (the jar and its libraries) inside.")
    parser.add_argument("--out", type=Path, default=DIST, help=f"folder for the wheel (default {DIST})")
    parser.add_argument("--no-natives", action="store_true",
                        help="leave out ND4J's native libraries: a py3-none-any wheel without dl4j: or zoo: agents")
    parser.add_argument("--target", type=Path, default=TARGET, help=f"the Maven build's folder (default {TARGET})")
    args = parser.parse_args(argv)
    wheel = build(args.out, natives=not args.no_natives, target=args.target)
    print(f"{wheel} ({wheel.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()

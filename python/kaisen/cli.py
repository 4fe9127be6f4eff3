"""The Kaisen command line without the checkout's ``./kaisen``: ``python -m kaisen.cli ARGS...``, or
``kaisen ARGS...`` (the console script an installed wheel puts on the virtualenv's ``PATH``).

``kaisen selfplay ...``, ``kaisen eval ...``, ``kaisen zoo list``, ``kaisen games`` and every other
command of the jar run ``java -jar kaisen.jar ARGS...`` (:func:`kaisen._java_launch.java_command`:
the jar of :func:`~kaisen._java_launch.find_jar`, the Java of :func:`~kaisen._java_launch.find_java`,
which may be the runtime of the ``jre`` extra) with this process's stdin, stdout and stderr, and
exit with its exit code. ``kaisen play ...`` and ``kaisen view ...`` open the play page, as
``./kaisen`` does (:mod:`kaisen.play`). ``kaisen train ...`` and ``kaisen leaderboard ...`` then
plot what the jar wrote, as ``./kaisen`` does (:mod:`kaisen.plots`: the run's
``learning_curve.png``, the board's ``leaderboard.png``). No jar, or no Java 17+: one line on
stderr, exit code 2.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from ._java_launch import find_jar, java_command, java_env
from .errors import KaisenError

#: The commands served in Python (the page server of :mod:`kaisen.play`), not by the jar.
PAGE_COMMANDS = ("play", "view")
#: The jar's commands whose results are then plotted (:func:`_plotted`), as ``./kaisen`` does.
PLOTTED_COMMANDS = ("train", "leaderboard")
#: The exit code when the jar cannot be started (no jar, no Java 17+); the jar's own usage errors are 2 too.
CANNOT_START = 2


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in PAGE_COMMANDS:
        from .play.__main__ import main as page

        return page(args)
    if args and args[0] in PLOTTED_COMMANDS:
        return _plotted(args)
    try:
        command = java_command(find_jar(), *args)
    except KaisenError as e:
        print(f"kaisen: {e}", file=sys.stderr)
        return CANNOT_START
    sys.stdout.flush()
    sys.stderr.flush()
    if os.name == "posix":
        try:
            # the JVM takes this process's place: its signals, its exit code
            os.execve(command[0], command, java_env())
        except OSError as e:
            print(f"kaisen: cannot start Java ({command[0]}): {e}", file=sys.stderr)
            return CANNOT_START
    return _run(command)


#: Signals passed on to the JVM child while it runs (a ``kill PID`` of this process stops the JVM too).
_FORWARDED = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


def _run(command: list[str]) -> int:
    """Runs the JVM as a child with this process's streams; its exit code, or 2 when it cannot start.
    SIGTERM and SIGHUP sent to this process are passed on to the JVM (Ctrl-C reaches both already)."""
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        with subprocess.Popen(command, env=java_env()) as java:
            previous = {}
            if threading.current_thread() is threading.main_thread():
                for s in _FORWARDED:
                    previous[s] = signal.signal(s, lambda signum, frame: java.send_signal(signum))
            try:
                return java.wait()
            except KeyboardInterrupt:  # the JVM got the Ctrl-C too: let it end
                return java.wait() or 128 + signal.SIGINT
            finally:
                for s, handler in previous.items():
                    signal.signal(s, handler)
    except OSError as e:
        print(f"kaisen: cannot start Java ({command[0]}): {e}", file=sys.stderr)
        return CANNOT_START


def _option(args: list[str], name: str) -> str | None:
    """The last value of ``name`` (``--out DIR`` or ``--out=DIR``) in ``args``, as picocli reads it."""
    value = None
    for i, a in enumerate(args):
        if a == name and i + 1 < len(args):
            value = args[i + 1]
        elif a.startswith(name + "="):
            value = a[len(name) + 1:]
    return value


def _plotted(args: list[str]) -> int:
    """``train`` or ``leaderboard`` in the jar, then, when it succeeded and wrote its files, their
    plot: the run's learning curve (from ``--out``'s ``eval.csv``), or the board's ratings (from the
    folder the jar reports through ``--written-to``, as ``./kaisen`` asks it)."""
    with tempfile.TemporaryDirectory(prefix="kaisen-cli-") as tmp:
        marker = Path(tmp) / "written-to"
        extra = ["--written-to", str(marker)] if args[0] == "leaderboard" else []
        try:
            command = java_command(find_jar(), args[0], *extra, *args[1:])
        except KaisenError as e:
            print(f"kaisen: {e}", file=sys.stderr)
            return CANNOT_START
        rc = _run(command)
        if rc != 0:
            return rc
        from . import plots

        if args[0] == "train":
            out = _option(args[1:], "--out")
            if out and (Path(out) / "eval.csv").is_file():
                return plots.main([str(Path(out).absolute())])  # absolute: a folder named like an option stays a folder
        else:
            board = marker.read_text(encoding="utf-8").strip() if marker.is_file() else ""
            if board and (Path(board) / "leaderboard.json").is_file():
                return plots.main(["leaderboard", str(Path(board).absolute())])
    return 0


if __name__ == "__main__":
    sys.exit(main())

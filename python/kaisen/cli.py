"""The Kaisen command line without the checkout's ``./kaisen``: ``python -m kaisen.cli ARGS...``, or
``kaisen ARGS...`` (the console script an installed wheel puts on the virtualenv's ``PATH``).

``kaisen selfplay ...``, ``kaisen eval ...``, ``kaisen zoo list``, ``kaisen games`` and every other
command of the jar run ``java -jar kaisen.jar ARGS...`` (:func:`kaisen._java_launch.java_command`:
the jar of :func:`~kaisen._java_launch.find_jar`, the Java of :func:`~kaisen._java_launch.find_java`,
which may be the runtime of the ``jre`` extra) with this process's stdin, stdout and stderr, and
exit with its exit code. ``kaisen play ...`` and ``kaisen view ...`` open the play page, as
``./kaisen`` does (:mod:`kaisen.play`). No jar, or no Java 17+: one line on stderr, exit code 2.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys

from ._java_launch import find_jar, java_command, java_env
from .errors import KaisenError

#: The commands served in Python (the page server of :mod:`kaisen.play`), not by the jar.
PAGE_COMMANDS = ("play", "view")
#: The exit code when the jar cannot be started (no jar, no Java 17+); the jar's own usage errors are 2 too.
CANNOT_START = 2


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in PAGE_COMMANDS:
        from .play.__main__ import main as page

        return page(args)
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
    try:
        with subprocess.Popen(command, env=java_env()) as java:
            try:
                return java.wait()
            except KeyboardInterrupt:  # the JVM got the Ctrl-C too: let it end
                return java.wait() or 128 + signal.SIGINT
    except OSError as e:
        print(f"kaisen: cannot start Java ({command[0]}): {e}", file=sys.stderr)
        return CANNOT_START


if __name__ == "__main__":
    sys.exit(main())

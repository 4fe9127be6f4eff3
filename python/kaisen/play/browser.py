"""Which Chromium drives the page headless (the browser tests and ``python -m kaisen.play screenshot``).

``$KAISEN_BROWSER`` if set, else Debian's ``/usr/bin/chromium``, else ``chromium`` on the PATH;
Playwright drives it (``executable_path``): no browser is ever downloaded.
"""

from __future__ import annotations

import os
import shutil

#: Flags that work in containers and CI (no sandbox, no GPU, nothing fetched in the background).
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage")


def find_browser() -> str | None:
    """The Chromium to use, or None when there is none."""
    given = os.environ.get("KAISEN_BROWSER")
    if given:
        return given if os.path.isfile(given) and os.access(given, os.X_OK) else None
    if os.access("/usr/bin/chromium", os.X_OK):
        return "/usr/bin/chromium"
    return shutil.which("chromium")

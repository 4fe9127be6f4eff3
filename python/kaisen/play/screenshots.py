"""Pictures of a game in progress, one per game (``python -m kaisen.play screenshot --out DIR``).

Each game is played through the page in headless Chromium (Playwright, the system's browser: see
:mod:`kaisen.play.browser`): the person at seat 0 clicks random legal actions against ``random``
for a few decisions, then the page is saved as ``DIR/GAME.png`` on the person's turn.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterable
from pathlib import Path

from .browser import FLAGS, find_browser
from .server import PageServer
from .session import PlaySession


def screenshots(out: Path, *, games: Iterable[str] | None = None, decisions: int = 12, seed: int = 1) -> list[Path]:
    """Saves ``out/GAME.png`` for each game (default every registered game); returns the paths."""
    import kaisen

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit("kaisen screenshot: needs Playwright (pip install -e 'python[test]')") from None
    path = find_browser()
    if path is None:
        raise SystemExit("kaisen screenshot: no Chromium found: install Debian's chromium (apt-get install chromium) "
                         "or set KAISEN_BROWSER to a Chromium executable")
    out.mkdir(parents=True, exist_ok=True)
    done: list[Path] = []
    rng = random.Random(seed)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=list(FLAGS))
        try:
            for game in games or [g.id for g in kaisen.games()]:
                session = PlaySession(game, num_players=2, opponents="random", seat=0, seed=seed)
                server = PageServer(session)
                threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
                try:
                    page = browser.new_page(viewport={"width": 1400, "height": 900})
                    page.set_default_timeout(60_000)
                    page.goto(server.url + "&fast=1")
                    for _ in range(decisions):
                        page.wait_for_selector("body[data-phase=your-turn], body[data-phase=over]")
                        if page.get_attribute("body", "data-phase") != "your-turn":
                            break
                        ids = page.eval_on_selector_all("#actions button", "bs => bs.map(b => b.dataset.action)")
                        before = page.get_attribute("#status", "data-decision")
                        page.click(f"#actions button[data-action='{rng.choice(ids)}']")
                        page.wait_for_function("d => document.body.dataset.phase !== 'your-turn' || "
                                               "document.getElementById('status').dataset.decision !== d", arg=before)
                    page.wait_for_selector("body[data-phase=your-turn], body[data-phase=over]")
                    target = out / f"{game}.png"
                    page.screenshot(path=str(target), full_page=True)
                    done.append(target)
                    page.close()
                finally:
                    server.shutdown()
                    server.close()
        finally:
            browser.close()
    return done

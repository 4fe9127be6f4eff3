"""Play against any agent in the browser, and watch any game record (``./kaisen play``, ``./kaisen view``).

``python -m kaisen.play play --game osaka --players 2 --opponents greedy`` deals a game, starts a
small web server on 127.0.0.1 (a free port, a random token in the link it prints) and opens one
page: the game's board as the person at ``--seat`` sees it (the notebooks' renderers), their
legal actions as buttons with their meanings, the agents' moves stepped with a log in words, and
at the end the scores and the game record to download. ``python -m kaisen.play view RECORD.json``
opens the same page as a replay viewer for any record (``selfplay --records``, ``eval --records``, ``play``).
``python -m kaisen.play screenshot --out DIR`` saves a picture of a game in progress for each game.

:class:`~kaisen.play.session.PlaySession` and :class:`~kaisen.play.session.ViewSession` (what
the page may see: :mod:`kaisen.play.session`) and :class:`~kaisen.play.server.PageServer` (the
protocol: :mod:`kaisen.play.server`) are the parts.
"""

from __future__ import annotations

from .server import PageServer, serve
from .session import PlaySession, ViewSession, board_for

__all__ = ["PageServer", "PlaySession", "ViewSession", "board_for", "serve"]

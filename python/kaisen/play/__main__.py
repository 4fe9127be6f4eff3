"""``python -m kaisen.play [play]|view|screenshot ...`` (``./kaisen play`` and ``./kaisen view`` call it;
without a command, ``play``)."""

from __future__ import annotations

import argparse
import errno
import json
import secrets
import sys
from pathlib import Path
from typing import Any


def _config(text: str | None) -> dict[str, Any]:
    if not text:
        return {}
    try:
        value = json.loads(text)
    except ValueError as e:
        raise SystemExit(f"kaisen play: --config must be a JSON object of game options: {e}") from None
    if not isinstance(value, dict):
        raise SystemExit("kaisen play: --config must be a JSON object of game options, e.g. '{\"long\": true}'")
    if "players" in value:
        raise SystemExit("kaisen play: give the player count as --players, not in --config")
    return value


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="kaisen", description="Play against agents in the browser, or watch a record.")
    sub = p.add_subparsers(dest="command", required=True)
    pl = sub.add_parser("play", help="play a game against agents in the browser",
                        description="Deals a game and serves a page on 127.0.0.1 where you play one seat against "
                                    "JVM agents (bots, ismcts:N, dl4j:PATH, zoo:NAME).")
    pl.add_argument("--game", required=True, help="a registered game id (./kaisen games)")
    pl.add_argument("--players", type=int, default=None, help="player count (default: the game's)")
    pl.add_argument("--opponents", default="random",
                    help="one agent for every other seat, or a comma-separated list, one per other seat in seat "
                         "order (default: random)")
    pl.add_argument("--seat", type=int, default=0, help="your seat, 0-based (default 0)")
    pl.add_argument("--seed", type=int, default=None, help="the deal's seed (default: a random one, kept secret: it would tell the whole hidden deal; it is "
                         "in the game record, downloadable at the end)")
    pl.add_argument("--config", default=None, help="the game's options as JSON, e.g. '{\"long\": true}'")
    _server_args(pl)
    vw = sub.add_parser("view", help="watch a game record in the browser",
                        description="Serves a replay viewer for a game record (selfplay --records, eval --records, play).")
    vw.add_argument("record", help="a game record file (JSON)")
    vw.add_argument("--observer", default="all", help="whose view to show first: all, or a seat (default all)")
    _server_args(vw)
    sh = sub.add_parser("screenshot", help="save a PNG of a game in progress for each game (needs Chromium)",
                        description="Plays a few random decisions of each game through the page in headless "
                                    "Chromium and saves a screenshot of each as DIR/GAME.png.")
    sh.add_argument("--out", required=True, help="folder for the PNGs")
    sh.add_argument("--game", action="append", default=None, help="a game id (repeatable; default every game)")
    sh.add_argument("--decisions", type=int, default=12, help="your decisions played before the picture (default 12)")
    sh.add_argument("--seed", type=int, default=1, help="the deals' seed (default 1)")
    return p


#: The ports ``--port`` takes (0: any free port, the default).
PORTS = range(0, 65536)


def _server_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", type=int, default=0, help="port on 127.0.0.1, 1 to 65535 (default, or 0: a free one)")
    p.add_argument("--no-browser", action="store_true", help="print the link only; do not open a browser")


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0].startswith("--") and argv[0] != "--help":
        argv.insert(0, "play")  # python -m kaisen.play --game osaka ...: play is the default command
    args = parser().parse_args(argv)
    from .. import KaisenError, RecordError
    from .server import PageServer, serve
    from .session import PlaySession, ViewSession

    if args.command == "screenshot":
        from .screenshots import screenshots

        for path in screenshots(Path(args.out), games=args.game, decisions=args.decisions, seed=args.seed):
            print(path)
        return 0
    # the port first: a port in use is said before a game is dealt or a record read (and a JVM started)
    if args.port not in PORTS:
        print(f"kaisen {args.command}: --port must be from {PORTS[0]} to {PORTS[-1]} (0: any free port), "
              f"not {args.port}", file=sys.stderr)
        return 2
    query = f"observer={args.observer}" if args.command == "view" and args.observer != "all" else ""
    try:
        server = PageServer(port=args.port, query=query)
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            message = f"port {args.port} on 127.0.0.1 is in use; choose another --port or leave it out for a free one"
        else:
            message = f"cannot serve on 127.0.0.1:{args.port}: {e.strerror or e}"
        print(f"kaisen {args.command}: {message}", file=sys.stderr)
        return 2
    try:
        if args.command == "play":
            seed = args.seed if args.seed is not None else secrets.randbits(31)
            session: Any = PlaySession(args.game, num_players=args.players, opponents=args.opponents, seat=args.seat,
                                       seed=seed, options=_config(args.config))
            # a seed chosen here is not printed: it deals every hidden card (it is in the record at the end)
            given = f", seed {seed}" if args.seed is not None else ""
            print(f"kaisen: {args.game}, {session.state.num_players} players{given}; you are player "
                  f"{args.seat}, against {', '.join(n for n in session.agent_names if n)}", flush=True)
        else:
            from .session import load_page_record

            observer = args.observer
            record = load_page_record(args.record)
            if observer != "all" and not (observer.isdigit() and int(observer) < record.num_players):
                raise ValueError(f"--observer must be all or a seat 0..{record.num_players - 1}, not {observer!r}")
            session = ViewSession(record)
    except (RecordError, KaisenError, ValueError, OSError) as e:
        server.close()
        print(f"kaisen {args.command}: {e}", file=sys.stderr)
        return 2
    server.session = session
    serve(server, open_browser=not args.no_browser)
    return 0


if __name__ == "__main__":
    sys.exit(main())

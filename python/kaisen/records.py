"""Game records in Python: read the records the CLI and the envs write, replay them as states.

A game record (format ``kaisen.record/1``, ``docs/game-records.md``) is one JSON envelope for
every registered game: the game id, its config, the seed of the deal, every step in order (a
player's decision, or a chance outcome in the game's words) and the result. The CLI writes them
(``kaisen selfplay --records DIR``, ``kaisen eval ... --records DIR``), and so do the envs when
asked (``kaisen.make(..., record_dir=DIR)``, ``kaisen.aec_env(..., record_dir=DIR)``,
``env.record()``)::

    rec = kaisen.load_record("records/game-000000.json")    # read, checked step by step
    rec.game, rec.config, rec.num_players, rec.seed, rec.result.scores
    for move in rec.moves:                                    # every decision, every seat's
        move.player, move.action, move.name, move.chance      # and the chance outcomes it drew
    states = rec.states()                                     # kaisen.State before and after each move
    kaisen.render.Replay(rec)                                 # board by board, captions in words

Replaying deals the game from the seed and applies each decision with
``State.apply(action, chance=...)``: every decision must be made by the seat to act and be legal,
every chance outcome must be exactly the one the rules draw at that point, and the result must
match the final state, as ``kaisen replay FILE`` checks it. Anything else (a file that is not
UTF-8 JSON, a missing or mistyped field, an unknown step type, a step the rules do not give) is a
:class:`kaisen.RecordError` (a ``ValueError``) saying where.
"""

from __future__ import annotations

import json
import operator
import os
import re
import secrets
import stat
import warnings
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._deepjson import MAX_DEPTH, deep_json
from .errors import RecordError

if TYPE_CHECKING:
    from .render import Replay
    from .state import State

__all__ = ["FORMAT", "MAX_BYTES", "MAX_DEPTH", "Chance", "Move", "Record", "RecordResult", "load_record"]

#: The record format this module reads and writes.
FORMAT = "kaisen.record/1"
#: The largest record file read (as the CLI's ``GameRecord.MAX_BYTES``): 256 MiB.
MAX_BYTES = 256 << 20
_ENVELOPE = ("format", "game", "config", "seed", "steps", "result")
_RESULT = ("decisions", "endReason", "scores", "tiebreaks", "winners")


@dataclass(frozen=True)
class Chance:
    """A chance outcome: ``event`` in the game's words (e.g. ``shuffle``, ``draw``), ``data`` its payload."""

    event: str
    data: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        """As ``State.apply`` returns chance outcomes and takes them in ``chance=``."""
        return {"event": self.event, "data": self.data}


@dataclass(frozen=True)
class Move:
    """One decision: ``player`` chose ``action`` (its action-table ``name``), then chance drew ``chance``.

    ``step`` is the decision's index in the record's steps."""

    step: int
    player: int
    action: int
    name: str | None
    chance: tuple[Chance, ...] = ()


@dataclass(frozen=True)
class RecordResult:
    """How the recorded game ended: decisions made, the game's end reason (``NONE`` for an unfinished
    record), scores and first tie-breaks by seat, and the winning seats (empty when unfinished)."""

    decisions: int
    end_reason: str
    scores: tuple[int, ...]
    tiebreaks: tuple[int, ...]
    winners: tuple[int, ...]


class Record:
    """A game record (see the module docs): build it with :func:`load_record` or :meth:`from_json`.

    Attributes: ``game`` (registry id), ``config`` (the game's config, ``players`` included),
    ``num_players``, ``options`` (the config without ``players``), ``seed`` (of the deal),
    ``setup`` (the chance outcomes of the deal), ``moves`` (every decision, with the chance
    outcomes it drew), ``result`` (a :class:`RecordResult`, or None when the record has none) and
    ``path`` (the file it was read from, if any). A record does not say which agent sat where: the
    format names seats only.
    """

    def __init__(self, game: str, config: dict[str, Any], seed: int, setup: tuple[Chance, ...],
                 moves: tuple[Move, ...], result: RecordResult | None, path: Path | None = None) -> None:
        self.game = game
        self.config = config
        self.seed = seed
        self.setup = setup
        self.moves = moves
        self.result = result
        self.path = path
        self._ctx: Any = None  # the game's spec and a share of the JVM, once needed

    # reading and writing

    @classmethod
    def from_json(cls, record: str | bytes | dict[str, Any], *, path: str | os.PathLike[str] | None = None) -> Record:
        """A record from its JSON (text, or a dict as ``json.loads`` reads it); structure checked, not replayed."""
        where = f"{path}: " if path is not None else ""
        if isinstance(record, (bytes, bytearray)):
            try:
                record = bytes(record).decode("utf-8")
            except UnicodeDecodeError as e:
                raise RecordError(f"{where}not UTF-8 text ({e}); a game record is UTF-8 JSON") from None
        if isinstance(record, str):
            if not record.strip():
                raise RecordError(f"{where}the record is empty; give a game record as written by selfplay --records")
            _check_depth(_text_depth(record), where)
            try:
                record = deep_json(json.loads, record, object_pairs_hook=_no_duplicates)
            except RecordError as e:
                raise RecordError(f"{where}{e}") from None
            except ValueError as e:
                raise RecordError(f"{where}not JSON: {e}") from None
        else:
            _check_depth(_value_depth(record), where)
        try:
            return _parse(record, Path(path) if path is not None else None)
        except RecordError as e:
            raise RecordError(f"{where}{e}") from None

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON values, in the format's field order."""
        steps: list[dict[str, Any]] = [{"type": "chance", **c.as_dict()} for c in self.setup]
        for m in self.moves:
            d: dict[str, Any] = {"type": "decision", "player": m.player, "action": m.action}
            if m.name is not None:
                d["name"] = m.name
            steps.append(d)
            steps.extend({"type": "chance", **c.as_dict()} for c in m.chance)
        out: dict[str, Any] = {"format": FORMAT, "game": self.game, "config": self.config, "seed": self.seed,
                               "steps": steps}
        if self.result is not None:
            r = self.result
            out["result"] = {"decisions": r.decisions, "endReason": r.end_reason, "scores": list(r.scores),
                             "tiebreaks": list(r.tiebreaks), "winners": list(r.winners)}
        return out

    def to_json(self, pretty: bool = True) -> str:
        return deep_json(json.dumps, self.to_dict(), indent=2 if pretty else None)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Writes the record as UTF-8 JSON (``kaisen replay FILE`` reads it); returns the path."""
        p = Path(path)
        p.write_text(self.to_json(), encoding="utf-8")
        return p

    # what it holds

    @property
    def num_players(self) -> int:
        return int(self.config["players"])

    @property
    def options(self) -> dict[str, Any]:
        """The game's options (the config without ``players``), as keyword arguments of ``kaisen.make``."""
        return {k: v for k, v in self.config.items() if k != "players"}

    @property
    def actions(self) -> list[int]:
        """The action ids of every decision, in order."""
        return [m.action for m in self.moves]

    @property
    def players(self) -> list[int]:
        """The seat that made each decision, in order."""
        return [m.player for m in self.moves]

    @property
    def chance(self) -> list[Chance]:
        """Every chance outcome in order (the deal's, then each decision's)."""
        return [*self.setup, *(c for m in self.moves for c in m.chance)]

    def __len__(self) -> int:
        """The number of decisions."""
        return len(self.moves)

    def __repr__(self) -> str:
        end = f", ended {self.result.end_reason} scores {list(self.result.scores)}" if self.result else ""
        src = f" from {self.path}" if self.path else ""
        return f"<kaisen.Record {self.game} {self.config}, seed {self.seed}: {len(self.moves)} decisions{end}{src}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return bool(deep_json(operator.eq, self.to_dict(), other.to_dict()))

    __hash__ = None  # type: ignore[assignment]

    # replaying

    def states(self) -> list[State]:
        """Replays the record, checking every step: the :class:`kaisen.State` after the deal and after
        each move (``len(moves) + 1`` independent states; the last is the final one). A step that does
        not check is a :class:`RecordError` naming it."""
        out: list[State] = []
        self._replay(out)
        return out

    def final_state(self) -> State:
        """The final state, after checking the whole record as :meth:`verify` does."""
        from .state import State

        end = self._check()
        return State.from_json(end["state"], self.game, num_players=self.num_players, **self.options)

    def verify(self) -> None:
        """Checks every step and the result against the rules, in the JVM, with the very code of
        ``kaisen replay FILE`` (one call, however long the game); a :class:`RecordError` names the
        first step that does not check."""
        self._check()

    def _where(self) -> str:
        return f"{self.path}: " if self.path is not None else ""

    def _context(self) -> Any:
        """The game's spec and a share of the JVM, held while this record lives (so that reading many
        records in a row does not start a JVM for each)."""
        if self._ctx is None:
            from .spec import config_json
            from .state import _Context

            try:
                self._ctx = _Context(self.game, config_json(self.num_players, self.options, self.game))
            except ValueError as e:
                raise RecordError(f"{self._where()}game {self.game!r} with config {self.config}: {e}") from None
        return self._ctx

    def _check(self) -> dict[str, Any]:
        jvm = self._context().jvm
        try:
            return json.loads(jvm.call(jvm.entry.replayRecord, self.to_json(pretty=False)))
        except ValueError as e:
            raise RecordError(f"{self._where()}{e}") from None

    def captions(self) -> list[str]:
        """One line per state of :meth:`states`: the deal, then each move in words (who did what, and
        which chance events followed)."""
        sp = self._context().spec
        out = [f"{self.game}, {self.num_players} players, seed {self.seed}: the deal{_events(self.setup)}"]
        for k, m in enumerate(self.moves, 1):
            meaning = sp.actions[m.action].meaning if 0 <= m.action < sp.num_actions else ""
            name = sp.action_name(m.action) if 0 <= m.action < sp.num_actions else str(m.action)
            out.append(f"move {k}: player {m.player} {name}" + (f" ({meaning})" if meaning else "") + _events(m.chance))
        return out

    def replay(self, observer: int | None = None) -> Replay:
        """The game board by board (:class:`kaisen.render.Replay`), captioned with the moves."""
        from .render import Replay

        return Replay(self, observer=observer)

    def _replay(self, keep: list[State] | None) -> State:
        from .state import State

        where = self._where()
        self._context()
        try:
            state = State(self.game, num_players=self.num_players, seed=self.seed,
                          chance=[c.as_dict() for c in self.setup], **self.options)
        except ValueError as e:
            raise RecordError(f"{where}the deal (game {self.game!r}, config {self.config}, seed {self.seed}): "
                              f"{e}") from None
        for m in self.moves:
            if keep is not None:
                keep.append(state.clone())
            at = f"{where}steps[{m.step}] (player {m.player}, action {m.action}"
            at += f" {m.name!r})" if m.name is not None else ")"
            if state.is_terminal():
                raise RecordError(f"{at}: the game is already over, but the record goes on")
            if state.current_player() != m.player:
                raise RecordError(f"{at}: player {m.player} decides, but player {state.current_player()} is to act")
            if not 0 <= m.action < state.num_actions:
                raise RecordError(f"{at}: {m.action} is not an action id (0..{state.num_actions - 1})")
            if m.name is not None and m.name != state.action_name(m.action):
                raise RecordError(f"{at}: action {m.action} is named {state.action_name(m.action)!r}, "
                                  f"not {m.name!r}")
            try:
                state.apply(m.action, chance=[c.as_dict() for c in m.chance])
            except ValueError as e:  # an illegal action, or other chance outcomes than recorded
                raise RecordError(f"{at}: {e}") from None
        if keep is not None:
            keep.append(state)
        if self.result is not None:
            got = RecordResult(state.decisions(), state.end_reason(), tuple(state.scores()), tuple(state.tiebreaks()),
                               tuple(state.winners()) if state.is_terminal() else ())
            if got != self.result:
                raise RecordError(f"{where}the record's result {self.result} differs from the replayed one {got}")
        return state


def load_record(path: str | os.PathLike[str], *, verify: bool = True) -> Record:
    """The game record in the file ``path`` (UTF-8 JSON, at most 256 MiB and :data:`MAX_DEPTH`
    levels deep; as ``kaisen selfplay --records``, ``kaisen.make(..., record_dir=...)`` and the
    other envs write them).

    With ``verify`` (default) the record is replayed once and every step and the result are
    checked against the rules (about 0.1 ms per decision); ``verify=False`` checks only its
    structure. A missing or unreadable file is an ``OSError``; a path that is not a regular file
    (a folder, a FIFO, a device, a socket), a file over the size limit, and anything wrong with
    its content a :class:`kaisen.RecordError` naming the file and the place."""
    p = Path(path)
    record = Record.from_json(_read_bounded(p), path=p)
    if verify:
        record.verify()
    return record


def _read_bounded(p: Path) -> bytes:
    """The bytes of the regular file ``p``, refused past :data:`MAX_BYTES` without reading more than
    one byte beyond it (``st_size`` is 0 for ``/proc`` files and may grow as it is read). Anything
    but a regular file is refused before it is opened (a FIFO would block, ``/dev/zero`` never ends)."""
    st = os.stat(p)
    _regular(p, st.st_mode)
    too_large = (f"{p}: more than {MAX_BYTES} bytes; a game record is at most {MAX_BYTES} bytes "
                 f"({MAX_BYTES / 2**20:g} MiB)")
    if st.st_size > MAX_BYTES:
        raise RecordError(too_large)
    # O_NONBLOCK: should the path have become a FIFO since the stat, opening it does not wait for a writer
    fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    with open(fd, "rb", closefd=True) as f:
        _regular(p, os.fstat(fd).st_mode)
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise RecordError(too_large)
    return data


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"))


def _regular(p: Path, mode: int) -> None:
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _KINDS if test(mode)), "a special file")
        raise RecordError(f"{p} is {kind}, not a game record (JSON); give a regular file, as selfplay --records "
                          "writes them")


# nesting: the CLI's JSON reader refuses a document deeper than MAX_DEPTH; Python's json recurses once
# per level, so the depth is measured before parsing, and a deep but allowed record gets the headroom

_ESCAPE = re.compile(rb"\\.", re.DOTALL)  # a backslash and the byte it escapes (only in strings)


def _text_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in the JSON ``text`` (brackets in strings not
    counted), in numpy passes over its bytes: linear in time, bounded in memory, whatever it holds."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return 0  # cannot be too deep
    import numpy as np

    data = text.encode("utf-8")
    if b"\\" in data:
        data = _ESCAPE.sub(b"", data)  # then every quote left opens or closes a string
    raw = np.frombuffer(data, np.uint8)
    step = np.zeros(256, np.int8)  # what a byte does to the depth outside strings
    step[list(b"[{")] = 1
    step[list(b"]}")] = -1
    marks = step.astype(bool)
    marks[ord('"')] = True
    depth = deepest = 0
    in_string = 0
    for start in range(0, len(raw), 1 << 24):  # 16 MiB at a time
        chunk = raw[start:start + (1 << 24)]
        marked = chunk[marks[chunk]]  # the quotes and brackets, in order
        quote = marked == ord('"')
        brackets = marked[~quote & ((np.cumsum(quote, dtype=np.int32) + in_string) % 2 == 0)]
        if len(brackets):
            levels = np.cumsum(step[brackets], dtype=np.int32)
            deepest = max(deepest, depth + int(levels.max()))
            depth += int(levels[-1])
        in_string = (in_string + int(quote.sum())) % 2
    return deepest


def _value_depth(value: Any) -> int:
    """The nesting of lists and dicts in ``value`` (as ``json.loads`` reads JSON), without recursion."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        v, d = todo.pop()
        children = v.values() if isinstance(v, dict) else v if isinstance(v, (list, tuple)) else None
        if children is not None:
            deepest = max(deepest, d)
            todo.extend((c, d + 1) for c in children if isinstance(c, (dict, list, tuple)))
    return deepest


def _check_depth(depth: int, where: str) -> None:
    if depth > MAX_DEPTH:
        raise RecordError(f"{where}the record nests {depth} levels of JSON arrays and objects deep; a game record "
                          f"nests at most {MAX_DEPTH} levels (as kaisen replay reads it)")


# parsing

def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise RecordError(f"duplicate key {k!r}")
        out[k] = v
    return out


def _show(value: Any) -> str:
    """A JSON value for a message: at most 100 characters."""
    text = deep_json(json.dumps, value)
    return text if len(text) <= 100 else f"{text[:97]}..."


def _int(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{field} must be a whole JSON number, not {_show(value)}")
    return value


def _str(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{field} must be a string, not {_show(value)}")
    return value


def _ints(value: Any, field: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise RecordError(f"{field} must be a list of whole numbers, not {_show(value)}")
    return tuple(_int(v, f"{field}[{i}]") for i, v in enumerate(value))


def _object(value: Any, field: str, allowed: tuple[str, ...], required: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(f"{field or 'a game record'} must be a JSON object, not {type(value).__name__}")
    unknown = [k for k in value if k not in allowed]
    if unknown:
        raise RecordError(f"{field + ': ' if field else ''}unknown field(s) {', '.join(map(repr, unknown))}; "
                          f"known: {', '.join(allowed)}")
    missing = [k for k in required if value.get(k) is None]
    if missing:
        raise RecordError(f"{field + ': ' if field else ''}missing field(s) {', '.join(map(repr, missing))}")
    return value


def _parse(d: Any, path: Path | None) -> Record:
    if d is None:
        raise RecordError("the record is null; give a game record as written by selfplay --records")
    _object(d, "", _ENVELOPE, ("format", "game", "config", "seed", "steps"))
    if d["format"] != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, not {_show(d['format'])}")
    game = _str(d["game"], "game")
    config = d["config"]
    if not isinstance(config, dict):
        raise RecordError(f"config must be a JSON object, not {_show(config)}")
    _int(config.get("players"), "config.players")
    seed = _int(d["seed"], "seed")
    if not isinstance(d["steps"], list):
        raise RecordError(f"steps must be a list, not {type(d['steps']).__name__}")
    setup: list[Chance] = []
    moves: list[Move] = []
    for i, step in enumerate(d["steps"]):
        f = f"steps[{i}]"
        if not isinstance(step, dict):
            raise RecordError(f"{f} must be a JSON object, not {_show(step)}")
        kind = step.get("type")
        if kind == "decision":
            _object(step, f, ("type", "player", "action", "name"), ("player", "action"))
            name = step.get("name")
            moves.append(Move(i, _int(step["player"], f"{f}.player"), _int(step["action"], f"{f}.action"),
                              None if name is None else _str(name, f"{f}.name")))
        elif kind == "chance":
            _object(step, f, ("type", "event", "data"), ("event", "data"))
            if not isinstance(step["data"], dict):
                raise RecordError(f"{f}.data must be a JSON object, not {_show(step['data'])}")
            c = Chance(_str(step["event"], f"{f}.event"), step["data"])
            if moves:
                last = moves[-1]
                moves[-1] = Move(last.step, last.player, last.action, last.name, (*last.chance, c))
            else:
                setup.append(c)
        else:
            raise RecordError(f"{f}.type: unknown step type {_show(kind)} (expected decision or chance)")
    result = None
    if d.get("result") is not None:
        r = _object(d["result"], "result", _RESULT, _RESULT)
        result = RecordResult(_int(r["decisions"], "result.decisions"), _str(r["endReason"], "result.endReason"),
                              _ints(r["scores"], "result.scores"), _ints(r["tiebreaks"], "result.tiebreaks"),
                              _ints(r["winners"], "result.winners"))
    return Record(game, dict(config), seed, tuple(setup), tuple(moves), result, path)


def _events(chance: tuple[Chance, ...]) -> str:
    if not chance:
        return ""
    counts = Counter(c.event for c in chance)
    return "; then " + ", ".join(e if n == 1 else f"{n} × {e}" for e, n in counts.items())


class EnvRecorder:
    """What the envs share for ``record=`` / ``record_dir=``: turns recording on in the JVM (off by
    default, so an env that does not record pays nothing), fetches the episode's record, and writes
    one file per finished episode.

    Files are named ``<game>-<8 hex digits of this env>-<episode, 6 digits>.json``, so several envs
    can write into one folder; each is written to a temporary name and renamed, so a reader never
    sees half a record. Episodes started from a given state (``reset(options={"state": ...})``) have
    no record: a record starts from a seeded deal."""

    def __init__(self, resource: Any, game: str, record: bool, record_dir: str | os.PathLike[str] | None,
                 *args: Any) -> None:
        if not isinstance(record, bool):
            raise TypeError(f"record must be True or False, not {record!r}")
        if record_dir is not None and (not isinstance(record_dir, (str, os.PathLike)) or not str(record_dir).strip()):
            raise ValueError(f"record_dir must be a folder name, not {record_dir!r}")
        self.dir = Path(record_dir) if record_dir is not None else None
        if self.dir is not None:
            if self.dir.exists() and not self.dir.is_dir():
                raise ValueError(f"record_dir {self.dir} is a file, not a folder")
            self.dir.mkdir(parents=True, exist_ok=True)
        self.on = record or self.dir is not None
        self._resource = resource
        self._args = args
        self._prefix = f"{game}-{secrets.token_hex(4)}-"
        self._written = 0
        self._from_state = False
        if self.on:
            resource.call("setRecording", True)

    def write_finished(self, done: Any, from_state: Any) -> tuple[Any, Any]:
        """For a vector env with ``record_dir``: one file per env whose episode just ended (``done``,
        ``bool[N]``; the JVM kept each record across the same-step auto-reset), except those started
        from a given state (``from_state``, cleared here: auto-reset episodes are dealt from seeds).
        Returns the paths (object array, ``str`` or None) and which envs wrote one."""
        import numpy as np

        paths = np.empty(len(done), dtype=object)
        written = np.zeros(len(done), dtype=np.bool_)
        for i in np.flatnonzero(done).tolist():
            if from_state[i]:
                warnings.warn(f"env {i}'s episode started from a given state, and a game record starts from a "
                              "seeded deal: no record written for it", stacklevel=5)
                continue
            paths[i] = str(self.write(self._resource.call("finishedRecordJson", i)))
            written[i] = True
        from_state[done] = False
        return paths, written

    def started(self, from_state: bool) -> None:
        """A reset: from a given state (no record) or from a seed."""
        self._from_state = from_state

    def record(self) -> Record:
        """The current (or last) episode's record, read back from the JVM (structure checked, not replayed)."""
        if not self.on:
            raise RuntimeError("this env does not record games: create it with record=True (or record_dir=DIR)")
        return Record.from_json(self._resource.call("recordJson", *self._args))

    def finished(self) -> Path | None:
        """At an episode's end: writes its record into the folder and returns the file (None when no folder)."""
        if self.dir is None:
            return None
        if self._from_state:
            warnings.warn("this episode started from a given state, and a game record starts from a seeded deal: "
                          "no record written for it", stacklevel=3)
            return None
        return self.write(self._resource.call("recordJson", *self._args))

    def write(self, text: str) -> Path:
        """Writes one finished episode's record (its JSON text) as the folder's next file; returns it."""
        assert self.dir is not None
        path = self.dir / f"{self._prefix}{self._written:06d}.json"
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
        self._written += 1
        return path

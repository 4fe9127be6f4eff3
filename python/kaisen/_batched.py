"""What the two vector envs (single-learner and multi-agent) share: the Java handle's buffers, the
checks of a step's actions, game records, and their per-env accessors."""

from __future__ import annotations

import os
import secrets
from typing import Any

import numpy as np

from . import _common
from ._args import java_int
from .records import EnvRecorder
from .seeding import derive_seed, reset_seeds, to_java_long
from .state import state_json


class BatchedEnvCore:
    """A mixin over ``self._resource`` (a :class:`kaisen._common.JavaResource`), ``self.num_envs``,
    ``self.num_players``, ``self.spec_info`` and ``self.illegal_action``."""

    _resource: _common.JavaResource
    num_envs: int
    num_players: int
    illegal_action: str

    def _open_batch(self, create: Any, game: str, record_dir: str | os.PathLike[str] | None, *args: Any) -> dict:
        """Creates the Java env (``create(*args)`` plus the shared file), its recorder, and the
        views of the regions both layouts have; returns the buffers for the others."""
        self._resource.open(create, *args, commands="vector")
        try:
            self._recorder = EnvRecorder(self._resource, game, False, record_dir)
        except BaseException:
            self._resource.close()
            raise
        self._from_state = np.zeros(self.num_envs, dtype=np.bool_)  # episodes without a record
        b = self._resource.buffers
        assert b is not None
        self._actions = b["actions"]
        self._obs = b["observations"]
        self._masks = b["masks"]
        self._rewards = b["rewards"]
        self._terminated = b["terminated"].view(np.bool_)
        self._truncated = b["truncated"].view(np.bool_)
        self._final_obs = b["final_observations"]
        self._final_scores = b["final_scores"]
        self._final_winners = b["final_winners"]
        self._final_forfeited = b["final_forfeited"]
        self._episode_length = b["episode_length"]
        self._rows = np.arange(self.num_envs)
        self._seat_bits = (1 << np.arange(self.num_players)).astype(np.int32)
        self._all = np.ones(self.num_envs, dtype=np.bool_)
        return b

    def _checked_actions(self, actions: Any, live: np.ndarray | None = None, seats: np.ndarray | None = None) -> np.ndarray:
        """``actions`` as an array once its shape, dtype, range and (``illegal_action="raise"``)
        legality are right for the envs in ``live`` (all by default); a clear error otherwise,
        before anything is sent. ``seats`` names the acting seat in the error."""
        a = np.asarray(actions)
        if a.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), got {a.shape}")
        if not np.issubdtype(a.dtype, np.integer):
            raise TypeError(f"actions must be integers, got dtype {a.dtype}")
        n = self.spec_info.num_actions
        out = (a < 0) | (a >= n)
        if live is not None:
            out &= live
        if out.any():
            i = int(np.flatnonzero(out)[0])
            raise ValueError(f"env {i}: action {int(a[i])} is out of range 0..{n - 1}")
        if self.illegal_action == "raise":
            # every live env's action is in range now; the others may hold anything (-1, ignored ids)
            bad = self._masks[self._rows, a if live is None else np.where(live, a, 0)] == 0
            if live is not None:
                bad &= live
            if bad.any():
                i = int(np.flatnonzero(bad)[0])
                where = f"env {i} (seat {int(seats[i])}): " if seats is not None else f"env {i}: "
                raise _common.illegal(int(a[i]), self._masks[i], self.spec_info, where=where)
        return a

    def _send(self, actions: np.ndarray) -> tuple:
        """Steps with checked ``actions``; the step's ``(observations, rewards, terminated, truncated,
        infos)``, the env's ``_infos()`` and, where episodes ended, its ``_final_infos(done)``."""
        self._actions[:] = actions
        self._resource.request("step")
        infos = self._infos()
        done = self._terminated | self._truncated
        if done.any():
            infos.update(self._final_infos(done))
        return self._obs, self._rewards, self._terminated, self._truncated, infos

    def _record_paths(self, final: dict[str, Any], done: np.ndarray) -> None:
        """With ``record_dir``: each finished episode's record written, its path in ``final``."""
        if self._recorder.dir is not None:
            final["record_path"], final["_record_path"] = self._recorder.write_finished(done, self._from_state)

    @property
    def spec_segments(self) -> dict[str, Any]:
        """Observation segments by name (offset, length, meaning); slice a batch with ``obs[:, seg.slice]``."""
        return dict(self.spec_info.segments)

    def action_masks(self) -> np.ndarray:
        """Legal actions of the seat to act in every env, ``int8[N, spec.num_actions]``, 1 where legal (a view)."""
        self._resource.ensure_open()
        return self._masks

    def state_json(self, i: int) -> str:
        """Env i's whole game state (hidden parts included) as JSON, in the game's own format."""
        return self._resource.call("stateJson", java_int("env index i", i, 0, self.num_envs - 1))

    @property
    def java_threads(self) -> int:
        """Worker threads the JVM uses for this env's steps."""
        return int(self._resource.call("threads"))


def reset_batch(resource: _common.JavaResource, num_envs: int, game: str, seed: Any, options: Any,
                from_state: np.ndarray) -> None:
    """A vector env's reset: ``seed`` (one base seed, or one seed or None per env) and
    ``options={"states": [...]}`` (one state or None per env; env i then starts from its state,
    its agents seeded from env i's seed when given, else ``derive_seed(seed, i)`` of an int
    ``seed``, else a fresh random seed). Everything is checked before anything is reset, the states
    too (the JVM tries each start on a copy): a refused state raises and leaves every env as it
    was. ``from_state[i]`` is set where env i started from a given state."""
    opts = _common.reset_options(options, ("states",))
    starts = None
    if opts.get("states") is not None:
        starts = list(opts["states"])
        if len(starts) != num_envs:
            raise ValueError(f"need one state (or None) per env ({num_envs}), got {len(starts)}")
        starts = [None if s is None else state_json(s, game) for s in starts]
    resource.ensure_open()
    seed = reset_seeds(seed, num_envs)  # an int, a list of one int or None per env, or None
    seeds = seed if isinstance(seed, list) else None
    start_seeds: dict[int, int] = {}
    if starts is not None:
        fresh = secrets.randbits(63)
        for i, start in enumerate(starts):
            if start is not None:
                s = seeds[i] if seeds is not None and seeds[i] is not None else \
                    derive_seed(seed if isinstance(seed, int) else fresh, i)
                start_seeds[i] = to_java_long(int(s))
                try:
                    resource.call("checkStartFromState", i, start, start_seeds[i])
                except ValueError as e:
                    raise ValueError(f"env {i}: {e}; no env was reset") from None
    if isinstance(seed, int):
        resource.request("reseed", to_java_long(seed))
    resource.request("reset")
    from_state[:] = False
    if seeds is not None:
        for i, s in enumerate(seeds):
            if s is not None:
                resource.request("resetOne", i, to_java_long(s))
    for i, s in start_seeds.items():
        resource.call("resetFromState", i, starts[i], s)
        from_state[i] = True

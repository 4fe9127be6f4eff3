"""The single-agent Gymnasium env: one learning seat, the other seats played in the JVM."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.error import ResetNeeded

from . import _common
from .render import Board
from .spaces import LegalDiscrete
from .seeding import to_java_long
from .spec import Spec, spec

_SEED_BOUND = 2**63 - 1


class OsakaEnv(gym.Env):
    """Traders of Osaka for one learner against agents in the JVM.

    Observations are ``float32[427]`` (egocentric; see :attr:`spec_segments`), actions are
    ``Discrete(64)``; :meth:`action_masks` gives the legal ones (sb3-contrib's MaskablePPO
    uses it as is), and ``action_space.sample()`` draws a legal one. One Py4J call per step; the data moves through shared memory.

    An illegal action raises :class:`kaisen.IllegalActionError` (a ``ValueError``) naming the
    legal actions, and changes nothing. Stepping a finished episode raises
    ``gymnasium.error.ResetNeeded``.
    """

    metadata = {"render_modes": ["ansi", "html"], "render_fps": 4}

    def __init__(
        self,
        num_players: int = 2,
        opponents: str | Sequence[str] = "random",
        learner_seat: int | None = 0,
        reward_mode: str = "terminal",
        seed: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.num_players, opponents_csv, seat = _common.learner_config(num_players, opponents, learner_seat, reward_mode)
        self.render_mode = _common.check_render_mode(render_mode, self.metadata["render_modes"])
        self._resource = _common.JavaResource()
        self.spec_info: Spec = spec("osaka")
        self._resource.open(
            self._resource.jvm.slow_entry.newVectorEnv, "osaka", 1, self.num_players,
            seat, opponents_csv, reward_mode, 0, 1, False,
        )
        b = self._resource.buffers
        assert b is not None
        self._actions = b["actions"]
        self._obs = b["observations"][0]
        self._mask = b["masks"][0].view(np.bool_)
        self._rewards = b["rewards"]
        self._terminated = b["terminated"]
        self._truncated = b["truncated"]
        self._seat = b["learner_seat"]
        self._final_obs = b["final_observations"][0]
        self._final_vp = b["final_vp"][0]
        self._final_winners = b["final_winners"]
        self._episode_return = b["episode_return"]
        self._final_seat = b["final_learner_seat"]
        self._first_seed = seed
        self._needs_reset = True
        self._no_mask = np.zeros(self.spec_info.num_actions, dtype=np.bool_)
        self.observation_space = gym.spaces.Box(0.0, np.inf, (self.spec_info.observation_size,), np.float32)
        self.action_space = LegalDiscrete(self.spec_info.num_actions, self.action_masks)

    @property
    def spec_segments(self) -> dict[str, Any]:
        """Observation segments by name (offset, length, meaning); slice with ``obs[seg.slice]``."""
        return self.spec_info.segments

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(0, _SEED_BOUND))
        self._resource.call("resetOne", 0, to_java_long(game_seed))
        self._needs_reset = False
        return self._obs.copy(), {"learner_seat": int(self._seat[0])}

    def step(self, action: Any):
        if self._needs_reset:
            raise ResetNeeded("the episode has ended (or never started): call reset() before step()")
        action = _common.check_action(action, self._mask, self.spec_info)
        self._actions[0] = action
        self._resource.call("step")
        reward = float(self._rewards[0])
        terminated = bool(self._terminated[0])
        truncated = bool(self._truncated[0])
        if terminated or truncated:
            self._needs_reset = True
            winners = int(self._final_winners[0])
            info = {
                "vp": self._final_vp[: self.num_players].tolist(),
                "winners": [s for s in range(self.num_players) if winners >> s & 1],
                "learner_seat": int(self._final_seat[0]),
                "episode_return": float(self._episode_return[0]),
            }
            info["won"] = info["learner_seat"] in info["winners"]
            return self._final_obs.copy(), reward, terminated, truncated, info
        return self._obs.copy(), reward, False, False, {"learner_seat": int(self._seat[0])}

    def action_masks(self) -> np.ndarray:
        """Legal actions now as ``bool[64]`` (all False once the episode has ended)."""
        return self._no_mask if self._needs_reset else self._mask.copy()

    def legal_actions(self) -> list[int]:
        return [int(a) for a in np.flatnonzero(self.action_masks())]

    def render(self):
        if self.render_mode is None:
            gym.logger.warn("render() needs render_mode='ansi' or 'html' at creation")
            return None
        if self.render_mode == "ansi":
            return self._resource.call("render", 0)
        return self.board()._repr_html_()

    def state_json(self) -> str:
        """The whole game state (hidden parts included) as JSON (format ``kaisen.osaka.state/1``)."""
        return self._resource.call("stateJson", 0)

    def board(self, observer: int | None = None) -> Board:
        """The board now: an SVG view in notebooks, text with ``print``; ``observer`` hides the other hands."""
        return Board(self.state_json(), observer)

    def close(self) -> None:
        self._resource.close()
        super().close()

"""The PettingZoo AEC env: every seat is an agent, stepped in the game's own turn order."""

from __future__ import annotations

import os
import secrets
from typing import Any

import gymnasium as gym
import numpy as np
from pettingzoo import AECEnv

from . import _common
from .games import DEFAULT_GAME, game_info
from .records import EnvRecorder, Record
from .render import RENDER_MODES, Board, FrameCanvas, render, renderer_for
from .seeding import to_java_long
from .spaces import observation_box
from .spec import Segment
from .state import state_json




class KaisenAECEnv(AECEnv):
    """Any registered game as a PettingZoo AEC env.

    Agents are ``player_0`` .. ``player_{n-1}`` (seats). The agent to act is the game's
    current player, which need not be the next seat (multi-part decisions are sequences of
    small decisions). ``observe(agent)`` returns ``{"observation": float32[spec.observation_size],
    "action_mask": int8[spec.num_actions]}`` (that seat's view), sized by the game's spec
    (:attr:`spec_info`). ``step`` takes an action id or its name in the action table
    (``env.step("buy")``). Steps go to the JVM and back through shared memory, without a Py4J
    call (see ``kaisen._channel``).

    Rewards (``reward_mode``), every seat's after every step (``env.rewards``; ``env.last()``
    gives the acting agent's sum since it last acted, PettingZoo's cumulative reward):

    - ``terminal`` (default): 0 for every seat until the step that ends the game; then the
      winners share +1 and the others share -1 (k winners of n: +1/k each, -1/(n-k) each; all 0
      when every seat wins). Zero-sum. A game stopped at its cap on decisions (truncated) is
      scored the same way.
    - ``score_difference`` (aliases ``shaped``, ``vp_difference``): for each seat, the change that
      step's decision (and the chance it drew) made to that seat's score minus the mean score of
      the others (the game's score, ``spec_info.score_name``). No terminal bonus.

    When the game ends every agent is terminated (or truncated, at the game's cap on decisions)
    and is then stepped with ``None`` as usual; see :meth:`step` for the infos then.

    ``illegal_action="raise"`` (default): an illegal action raises
    :class:`kaisen.IllegalActionError` and changes nothing. ``"lose"`` (PettingZoo's
    ``TerminateIllegalWrapper`` convention): the agent that acted illegally forfeits, its
    reward is -1 and the others share +1, every agent is terminated, and the infos carry
    ``end_reason="ILLEGAL_ACTION"``, ``forfeited_by`` and ``illegal`` (why).

    No autoreset (PettingZoo has none): once every agent is done, ``agents`` is empty and
    ``step`` raises until :meth:`reset`.

    Seeds: ``reset(seed=s)`` deals the game from ``s`` (every chance outcome follows from it and
    the decisions); ``reset()`` without a seed deals from a fresh random seed (not repeatable).

    Render modes (``render_mode=`` at creation), as in :class:`kaisen.KaisenEnv`: ``ansi`` (the
    text of ``print(env.board())``), ``human`` (that text printed at each reset and step,
    PettingZoo-classic style; ``render()`` returns None), ``html`` and ``rgb_array``
    (``uint8[H, W, 3]``, one size for the env's life). PettingZoo's ``render_test`` passes.

    Game records: with ``record=True`` the JVM keeps each seeded episode's record (every decision
    and chance outcome) and :meth:`record` returns it; ``record_dir=DIR`` (implies ``record``) also
    writes one file per finished game into ``DIR`` (format of ``kaisen selfplay --records``, checked
    by ``kaisen replay FILE``; its path is in every agent's final info as ``record_path``). Off by
    default, at no cost.
    """

    metadata = {"render_modes": list(RENDER_MODES), "name": "kaisen_v2", "is_parallelizable": False,
                "render_fps": 4}

    def __init__(self, game: str = DEFAULT_GAME, *, num_players: int | None = None, reward_mode: str = "terminal",
                 view: str | None = None, illegal_action: str = "raise", render_mode: str | None = None,
                 record: bool = False, record_dir: str | os.PathLike[str] | None = None, **options: Any) -> None:
        super().__init__()
        self.render_mode = _common.check_render_mode(render_mode, self.metadata["render_modes"])
        self._resource = _common.JavaResource()
        try:
            s = _common.settings(self._resource.jvm, game, num_players, options, reward_mode, view,
                                 illegal_action)
        except BaseException:
            self._resource.close()
            raise
        self.game, self.num_players, self.spec_info = s.game, s.players, s.spec
        self.reward_mode, self.view, self.illegal_action = s.reward_mode, s.view, s.illegal_action
        self.metadata = {**type(self).metadata, "name": f"kaisen_{s.game}_v{game_info(s.game).version}"}
        self._resource.open(self._resource.jvm.entry.newAecEnv, s.game, s.config, s.reward_mode, s.view,
                            s.illegal_action, commands="aec")
        try:
            self._recorder = EnvRecorder(self._resource, s.game, record, record_dir)
        except BaseException:
            self._resource.close()
            raise
        b = self._resource.buffers
        assert b is not None
        self._status = b["status"]
        self._rewards = b["rewards"]
        self._obs = b["observations"]
        self._masks = b["masks"]
        self.possible_agents = [f"player_{p}" for p in range(self.num_players)]
        actions = self.spec_info.num_actions
        self.observation_spaces = {
            a: gym.spaces.Dict(
                {
                    "observation": observation_box(self.spec_info),
                    "action_mask": gym.spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: gym.spaces.Discrete(actions) for a in self.possible_agents}
        self.agents: list[str] = []
        self._started = False
        self._canvas = FrameCanvas()

    @property
    def spec_segments(self) -> dict[str, Segment]:
        """Observation segments by name (offset, length, meaning)."""
        return dict(self.spec_info.segments)

    def observation_space(self, agent: str) -> gym.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gym.spaces.Space:
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise ValueError(f"unknown agent {agent!r}; agents: {self.possible_agents}") from None

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game dealt from ``seed``; or, with ``options={"state": s}`` (a state's JSON, a dict,
        or a :class:`kaisen.State` of this game and player count), the game from that position,
        its current player to act (``seed`` is then unused: chance draws from the random stream
        the state carries). A finished state or bad JSON is a ValueError and changes nothing;
        ``state`` is the only option (any other key is a ValueError).

        [decision] One exception: the key ``"options"`` is accepted and ignored, because
        PettingZoo's own ``api_test`` calls ``reset(seed=0, options={"options": 1})`` to check that
        reset takes an ``options`` argument, and that test must pass unchanged.

        Returns None (PettingZoo's AEC API). Afterwards ``agents`` lists every seat,
        ``agent_selection`` is the seat to act, ``rewards`` are all 0, and every agent's info is
        empty (``infos[agent] == {}``): no info keys until the game ends (see :meth:`step`). With
        ``render_mode="human"`` the board is printed."""
        if isinstance(options, dict) and "options" in options:
            options = {k: v for k, v in options.items() if k != "options"}
        opts = _common.reset_options(options, ("state",))
        if opts.get("state") is not None:
            self._resource.call("resetFromState", state_json(opts["state"], self.game))
        else:
            game_seed = to_java_long(seed) if seed is not None else secrets.randbits(63)
            self._resource.request("reset", to_java_long(game_seed))
        self._started = True
        self._recorder.started(from_state=opts.get("state") is not None)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[int(self._status[0])]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        self._resource.ensure_open()
        p = self._seat(agent)
        return {"observation": self._obs[p].copy(), "action_mask": self._masks[p].copy()}

    def step(self, action: Any) -> None:
        """The decision of ``agent_selection``: an action id or its name in the action table (an
        illegal one raises :class:`kaisen.IllegalActionError` and changes nothing, or forfeits the
        game under ``illegal_action="lose"``); ``None`` for an agent that is already done
        (PettingZoo's dead step, which removes it from ``agents``). Returns None; the results are
        in the env's dicts and in ``last()``.

        ``rewards``: every seat's reward for this step (see the class doc); ``agent_selection``:
        the seat to act next, then, once the game has ended, each agent in turn to be stepped with
        None. ``terminations``/``truncations``: all True together when the game ends
        (``truncations`` when it hit its cap on decisions).

        ``infos[agent]`` stays ``{}`` while the game runs. When it ends, every agent's info holds:

        - ``score``, ``tiebreak``: that seat's score (``spec_info.score_name``) and first
          tie-break (``spec_info.tiebreak_name``).
        - ``scores``, ``tiebreaks`` (lists by seat): every seat's.
        - ``winners`` (list of seats); ``won`` (bool): this seat is among them.
        - ``end_reason`` (str): the game's reason for ending (``"ILLEGAL_ACTION"`` for a forfeit).
        - ``decisions`` (int): decisions made in the game.
        - ``forfeited_by`` (seat) and ``illegal`` (why the action was illegal): only after a
          forfeit under ``illegal_action="lose"``.
        - ``record_path`` (str): only with ``record_dir``, the file the game's record was written
          to (none for a game started from a given state).

        With ``render_mode="human"`` the board is printed."""
        self._resource.ensure_open()
        if not self._started:
            raise RuntimeError("call reset() before step()")
        if not self.agents:
            raise RuntimeError("the game is over and every agent is done; call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act and must choose an action; None is only for finished agents")
        p = self._seat(agent)
        action = _common.check_action(action, self._masks[p], self.spec_info, self.illegal_action)
        self._cumulative_rewards[agent] = 0.0
        self._resource.request("step", action)
        current, terminated, truncated = int(self._status[0]), bool(self._status[1]), bool(self._status[2])
        self.rewards = {a: float(self._rewards[i]) for i, a in enumerate(self.possible_agents)}
        if current >= 0:
            self.agent_selection = self.possible_agents[current]
        else:
            end = _common.end_info(self._resource.call("infoJson"))  # once per episode
            if (path := self._recorder.finished()) is not None:
                end["record_path"] = str(path)
            for i, a in enumerate(self.possible_agents):
                self.terminations[a] = terminated
                self.truncations[a] = truncated
                self.infos[a] = {**end, "score": end["scores"][i], "tiebreak": end["tiebreaks"][i],
                                 "won": i in end["winners"]}
            self.agent_selection = self.possible_agents[(p + 1) % self.num_players]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def record(self) -> Record:
        """The game record of the current game so far, or of the last one once it has ended (needs
        ``record=True`` or ``record_dir``; a game started from a given state has none: a record
        starts from a seeded deal). Its :meth:`~kaisen.Record.states` replay it as states."""
        self._resource.ensure_open()
        return self._recorder.record()

    def legal_actions(self, agent: str | None = None) -> list[int]:
        p = self._seat(agent or self.agent_selection)
        return [int(a) for a in np.flatnonzero(self._masks[p])]

    def render(self):
        """The board now in the env's ``render_mode``: ``ansi``, its text; ``html``, the SVG board in
        an HTML block; ``rgb_array``, an image ``uint8[H, W, 3]`` of one size for the env's life;
        ``human``, the text printed (returns None); no render mode, a warning and None."""
        return render(self.render_mode, self.board, self._canvas)

    def board(self, observer: int | None = None) -> Board:
        """The board now: SVG in notebooks, text with ``print``; ``observer`` hides what that seat cannot see."""
        text = None if renderer_for(self.game) is not None else self._resource.call("render")
        return Board(self.state_json(), observer, game=self.game, text=text)

    def state_json(self) -> str:
        """The whole game state (hidden parts included) as JSON, in the game's own format."""
        return self._resource.call("stateJson")

    def close(self) -> None:
        self._resource.close()

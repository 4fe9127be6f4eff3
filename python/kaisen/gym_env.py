"""The single-agent Gymnasium env: one learning seat, the other seats played in the JVM."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.error import ResetNeeded

from . import _common
from .games import DEFAULT_GAME
from .records import EnvRecorder, Record
from .render import RENDER_MODES, Board, FrameCanvas, render, renderer_for
from .seeding import to_java_long
from .spaces import LegalDiscrete, observation_box
from .spec import Segment
from .state import state_json

_SEED_BOUND = 2**63 - 1


class KaisenEnv(gym.Env):
    """Any registered game for one learner against agents in the JVM.

    Observations are ``float32[spec.observation_size]`` (egocentric: the learner's view; see
    :attr:`spec_segments`), actions ``Discrete(spec.num_actions)``, both read from the game's spec
    (:attr:`spec_info`). ``step`` takes an action id or its name in the action table
    (``env.step("buy")``). :meth:`action_masks` gives the legal ones (sb3-contrib's MaskablePPO
    uses it as is), and ``action_space.sample()`` draws a legal one. A step goes to the JVM and
    back through shared memory, without a Py4J call (see ``kaisen._channel``).

    The learner sits at ``learner_seat`` (None: a seat drawn each episode); every other seat is
    played in the JVM by ``opponents`` (one agent name, or one per other seat in turn order after
    the learner) until it is the learner's turn again, so each ``step`` is one learner decision
    and what the opponents did in reply.

    Rewards (``reward_mode``), always the learner's, one number per ``step`` (``reset`` gives none):

    - ``terminal`` (default): 0 at every step but the last; at the step that ends the game the
      winners share +1 and the others share -1 (k winners of n seats: +1/k each, -1/(n-k) each;
      0 when every seat wins). An episode cut at the game's cap on decisions (truncated) is scored
      the same way, by the winners the game names there.
    - ``score_difference`` (aliases ``shaped``, ``vp_difference``): the change, over the
      learner's decision and the opponents' moves after it, of the learner's score minus the mean
      score of the other seats (the score is the game's own, ``spec_info.score_name``). The
      opponents' moves before the learner's first decision are not counted, so an episode's
      return is the change of that difference from the learner's first decision to the end. No
      terminal bonus.
    - Either mode, ``illegal_action="lose"``: an illegal learner action ends the episode with
      reward -1.

    ``illegal_action="raise"`` (default): an illegal action raises
    :class:`kaisen.IllegalActionError` (a ``ValueError``) naming the legal actions, and changes
    nothing. ``illegal_action="lose"`` (PettingZoo's convention): the learner forfeits, the
    episode ends as terminated with reward -1 (the other seats share +1), and the info says
    why (``end_reason="ILLEGAL_ACTION"``, ``illegal``, ``forfeited_by``); Gymnasium's
    ``check_env``, which samples actions blindly, passes with it. An id outside the action
    space is a ``ValueError`` in both modes.

    No autoreset: the episode's last ``step`` returns its final observation and results, and the
    env stays at its end (:meth:`board`, :meth:`state_json` and :meth:`record` show it) until
    :meth:`reset`; stepping a finished episode (or one never started) raises
    ``gymnasium.error.ResetNeeded``.

    Seeds: ``reset(seed=s)`` deals the game from ``s``; the learner's seat (when drawn) comes from
    ``kaisen.derive_seed(s, 0)`` and the opponent r seats after the learner is seeded with
    ``kaisen.derive_seed(s, r)``, so an episode is a function of ``s`` and the learner's actions.
    ``seed=`` at creation seeds the first reset that gives none. A reset without a seed draws one
    from the env's ``np_random`` (Gymnasium's rule: seeded by the last seeded reset, so a run of
    resets after ``reset(seed=s)`` repeats).

    Render modes (``render_mode=`` at creation): ``ansi`` returns the text board (the same text
    as ``print(env.board())``); ``human`` prints it at each reset and step (and ``render()``
    prints it again, returning None); ``html`` returns the SVG board in an HTML block;
    ``rgb_array`` returns the board as an image, ``uint8[H, W, 3]``, one size for the env's life
    (see :class:`kaisen.render.FrameCanvas`), so Gymnasium's ``RecordVideo`` records it. With no
    render mode ``render()`` warns and returns None.

    Game records: with ``record=True`` the JVM keeps the record of each episode dealt from a seed
    (every seat's decisions, the opponents' included, and every chance outcome) and :meth:`record`
    returns it; ``record_dir=DIR`` (implies ``record``) also writes one file per finished episode
    into ``DIR``, in the format ``kaisen selfplay --records`` writes and ``kaisen replay FILE`` checks
    (:class:`kaisen.records.EnvRecorder` names the files), its path in the last step's info as
    ``record_path``. Off by default, at no cost.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        *,
        num_players: int | None = None,
        opponents: str | Sequence[str] = "random",
        learner_seat: int | None = None,
        reward_mode: str = "terminal",
        view: str | None = None,
        illegal_action: str = "raise",
        seed: int | None = None,
        render_mode: str | None = None,
        record: bool = False,
        record_dir: str | os.PathLike[str] | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.render_mode = _common.check_render_mode(render_mode, self.metadata["render_modes"])
        if seed is not None:
            to_java_long(seed)  # checked before the JVM is asked for anything
        self._resource = _common.JavaResource()
        try:
            s = _common.settings(self._resource.jvm, game, num_players, options, reward_mode, view,
                                 illegal_action)
            self.game, self.num_players, self.spec_info = s.game, s.players, s.spec
            self.reward_mode, self.view, self.illegal_action = s.reward_mode, s.view, s.illegal_action
            opponents_csv = _common.opponents_csv(opponents, s.players)
            seat = _common.learner_seat_arg(learner_seat, s.players)
        except BaseException:
            self._resource.close()
            raise
        self._resource.open(
            self._resource.jvm.entry.newVectorEnv, s.game, s.config, 1, seat, opponents_csv, s.reward_mode,
            s.view, s.illegal_action, 0, 1, False, commands="vector",
        )
        try:
            self._recorder = EnvRecorder(self._resource, s.game, record, record_dir, 0)
        except BaseException:
            self._resource.close()
            raise
        b = self._resource.buffers
        assert b is not None
        self._actions = b["actions"]
        self._obs = b["observations"][0]
        self._mask = b["masks"][0]
        self._rewards = b["rewards"]
        self._terminated = b["terminated"]
        self._truncated = b["truncated"]
        self._seat = b["learner_seat"]
        self._final_obs = b["final_observations"][0]
        self._episode_return = b["episode_return"]
        self._final_seat = b["final_learner_seat"]
        self._first_seed = seed
        self._needs_reset = True
        self._canvas = FrameCanvas()
        self._no_mask = np.zeros(self.spec_info.num_actions, dtype=np.int8)
        self.observation_space = observation_box(self.spec_info)
        self.action_space = LegalDiscrete(self.spec_info.num_actions, self.action_masks)

    @property
    def spec_segments(self) -> dict[str, Segment]:
        """Observation segments by name (offset, length, meaning); slice with ``obs[seg.slice]``."""
        return dict(self.spec_info.segments)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        """Starts an episode and returns ``(observation, info)``: the learner's first observation,
        after the opponents seated before it have moved.

        ``seed``: the game is dealt from it (the learner's seat, when drawn, and the opponents'
        agents are seeded from it too; see the class doc). None: the ``seed=`` given at creation
        for the first reset, else one drawn from the env's ``np_random``.

        ``options``: None, or ``{"state": s}`` (a state's JSON, a dict, or a :class:`kaisen.State` of
        this game and player count) to start from that position instead of a deal: the opponents
        (seeded from ``seed``) play from it until it is the learner's turn, so the first
        observation is always the learner's. A finished state, or one where the game ends before
        the learner decides, is a ValueError and changes nothing. ``state`` is the only option: any
        other key is a ValueError. An episode started from a state has no game record.

        ``info`` keys:

        - ``learner_seat`` (int): the learner's seat this episode.
        - ``action_mask`` (``int8[spec.num_actions]``, a copy): 1 where an action is legal now, as
          :meth:`action_masks`.

        With ``render_mode="human"`` the board is printed."""
        opts = _common.reset_options(options, ("state",))
        start = state_json(opts["state"], self.game) if opts.get("state") is not None else None
        if seed is None and self._first_seed is not None:
            seed, self._first_seed = self._first_seed, None
        self._resource.ensure_open()
        if seed is not None:
            to_java_long(seed)  # the package's message for a float or a string, before Gymnasium's
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(0, _SEED_BOUND))
        if start is not None:
            self._resource.call("resetFromState", 0, start, to_java_long(game_seed))
        else:
            self._resource.request("resetOne", 0, to_java_long(game_seed))
        self._needs_reset = False
        self._recorder.started(from_state=start is not None)
        if self.render_mode == "human":
            self.render()
        return self._obs.copy(), {"learner_seat": int(self._seat[0]), "action_mask": self._mask.copy()}

    def step(self, action: Any):
        """One learner decision, then the opponents' moves until the learner's next turn or the
        game's end; returns ``(observation, reward, terminated, truncated, info)``.

        ``action``: an action id (an int in ``0..spec.num_actions-1``) or its name in the action
        table. An illegal one raises :class:`kaisen.IllegalActionError` and changes nothing
        (``illegal_action="raise"``), or ends the episode as the learner's forfeit
        (``illegal_action="lose"``). Stepping after the episode's end raises
        ``gymnasium.error.ResetNeeded``: there is no autoreset.

        ``reward``: the learner's (see the class doc): ``terminal``, 0 until the step that ends
        the game, then the learner's share (+1/k as one of k winners, else -1/(n-k); 0 when all
        win); ``score_difference``, the change of (learner's score - mean of the others') over
        this step; -1 for a forfeit. ``terminated``: the game ended (or the learner forfeited);
        ``truncated``: the game stopped at its cap on decisions. At the end, ``observation`` is
        the learner's final observation.

        ``info`` keys at every step:

        - ``learner_seat`` (int): the learner's seat.
        - ``action_mask`` (``int8[spec.num_actions]``, a copy): the legal actions now (all 0 at the
          episode's end).

        and, at the step that ends the episode, the episode's results:

        - ``scores``, ``tiebreaks`` (lists by seat): the game's score (``spec_info.score_name``) and
          first tie-break (``spec_info.tiebreak_name``) of every seat.
        - ``winners`` (list of seats); ``won`` (bool): the learner is among them.
        - ``end_reason`` (str): the game's reason for ending (``"ILLEGAL_ACTION"`` for a forfeit).
        - ``decisions`` (int): decisions made in the game, every seat's.
        - ``episode_return`` (float): the learner's rewards summed over the episode.
        - ``forfeited_by`` (seat) and ``illegal`` (why the action was illegal): only after a
          forfeit under ``illegal_action="lose"``.
        - ``record_path`` (str): only with ``record_dir``, the file the episode's record was
          written to (none for an episode started from a given state).

        With ``render_mode="human"`` the board is printed."""
        self._resource.ensure_open()
        if self._needs_reset:
            raise ResetNeeded("the episode has ended (or never started): call reset() before step()")
        action = _common.check_action(action, self._mask, self.spec_info, self.illegal_action)
        self._actions[0] = action
        self._resource.request("step")
        reward = float(self._rewards[0])
        terminated = bool(self._terminated[0])
        truncated = bool(self._truncated[0])
        if self.render_mode == "human":
            self.render()
        if terminated or truncated:
            self._needs_reset = True
            # the env stays at its end (no auto-reset), so its info is this episode's: one call per episode
            info = _common.end_info(self._resource.call("infoJson", 0))
            info["learner_seat"] = int(self._final_seat[0])
            info["won"] = info["learner_seat"] in info["winners"]
            info["episode_return"] = float(self._episode_return[0])
            info["action_mask"] = self._no_mask.copy()
            if (path := self._recorder.finished()) is not None:
                info["record_path"] = str(path)
            return self._final_obs.copy(), reward, terminated, truncated, info
        return self._obs.copy(), reward, False, False, {"learner_seat": int(self._seat[0]),
                                                        "action_mask": self._mask.copy()}

    def record(self) -> Record:
        """The game record of the current episode so far, or of the last one once it has ended (needs
        ``record=True`` or ``record_dir``; an episode started from a given state has none: a record
        starts from a seeded deal). Its :meth:`~kaisen.Record.states` replay it as states."""
        self._resource.ensure_open()
        return self._recorder.record()

    def action_masks(self) -> np.ndarray:
        """Legal actions now as ``int8[spec.num_actions]``, 1 where legal (all 0 once the episode has
        ended; a copy). The same array is ``info["action_mask"]`` of ``reset`` and ``step``."""
        self._resource.ensure_open()
        return self._no_mask.copy() if self._needs_reset else self._mask.copy()

    def legal_actions(self) -> list[int]:
        return [int(a) for a in np.flatnonzero(self.action_masks())]

    def render(self):
        """The board now in the env's ``render_mode``: ``ansi``, its text (``str``); ``html``, the SVG
        board in an HTML block (``str``); ``rgb_array``, an image ``uint8[H, W, 3]`` of one size for
        the env's life; ``human``, the text printed (returns None); no render mode, a warning and None."""
        return render(self.render_mode, self.board, self._canvas)

    def state_json(self) -> str:
        """The whole game state (hidden parts included) as JSON, in the game's own format."""
        return self._resource.call("stateJson", 0)

    def board(self, observer: int | None = None) -> Board:
        """The board now: SVG in notebooks, text with ``print``; ``observer`` hides what that seat cannot see."""
        text = None if renderer_for(self.game) is not None else self._resource.call("render", 0)
        return Board(self.state_json(), observer, game=self.game, text=text)

    def close(self) -> None:
        self._resource.close()
        super().close()


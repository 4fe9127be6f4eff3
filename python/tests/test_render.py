from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import kaisen
from kaisen.render import Board, Replay, board_svg, board_text


def _state_after(moves: int, seed: int = 3) -> str:
    env = kaisen.make(seed=seed, opponents="random", learner_seat=0)
    try:
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(moves):
            env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        return env.state_json()
    finally:
        env.close()


def test_svg_board_shows_track_market_farm_and_players():
    state = json.loads(_state_after(25))
    svg = board_svg(state)
    root = ET.fromstring(svg)  # well-formed
    assert root.tag.endswith("svg")
    text = " ".join(t.text or "" for t in root.iter() if t.tag.endswith("text"))
    for label in ("Osaka", "Oshima", "Anori", "Enshunada 1", "Enshunada 2", "Edo", "Market", "Farm", "P0", "P1"):
        assert label in text
    ships = [e for e in root.iter() if e.tag.endswith("title") and e.text.endswith("ship")]
    assert len(ships) == 4 - len(state["sunkColours"])
    tokens = [e for e in root.iter() if e.tag.endswith("title") and e.text.endswith("tokens")]
    assert len(tokens) == 4 * state["players"]


def test_text_view_and_observer_hides_other_hands():
    state = json.loads(_state_after(10))
    full = board_text(state)
    assert full.startswith("Traders of Osaka, 2 players")
    mine = board_text(state, observer=0)
    assert f"{len(state['seats'][1]['hand'])} cards" in mine
    assert "(hidden)" in board_svg(state, observer=0)


def test_envs_render_html_boards():
    env = kaisen.make(seed=1, render_mode="html")
    try:
        env.reset(seed=1)
        page = env.render()
        assert "<svg" in page
        assert isinstance(env.board(), Board)
        assert "<svg" in env.board()._repr_html_()
    finally:
        env.close()
    aec = kaisen.aec_env(render_mode="html")
    try:
        aec.reset(seed=2)
        assert "<svg" in aec.render()
        assert "Traders of Osaka" in str(aec.board())
    finally:
        aec.close()


def test_replay_has_one_frame_per_state():
    frames = [_state_after(k) for k in (0, 5, 10)]
    replay = Replay(frames, ["start", "five", "ten"])
    page = replay.html()
    assert len(replay) == 3
    assert page.count('class="frame"') == 3
    assert "five" in str(replay)
    with pytest.raises(ValueError):
        Replay(frames, ["one caption"])


def test_not_a_state_is_rejected():
    with pytest.raises(ValueError, match="not a Traders of Osaka state"):
        Board('{"format": "something/1"}')

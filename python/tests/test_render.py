from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import kaisen
from kaisen.render import Board, Renderer, Replay, board_svg, board_text, register_renderer, renderer_for
from kaisen.render import _RENDERERS


def _state_after(moves: int, seed: int = 3, game: str = "osaka") -> str:
    env = kaisen.make(game, seed=seed, opponents="random", learner_seat=0)
    try:
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(moves):
            _, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            if term or trunc:
                break
        return env.state_json()
    finally:
        env.close()


def test_osaka_svg_board_shows_track_market_farm_and_players():
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


def test_osaka_text_view_and_observer_hides_other_hands():
    state = json.loads(_state_after(10))
    full = board_text(state)
    assert full.startswith("Traders of Osaka, 2 players")
    mine = board_text(state, observer=0)
    assert f"{len(state['seats'][1]['hand'])} cards" in mine
    assert "(hidden)" in board_svg(state, observer=0)


def test_the_game_is_read_from_the_state_or_given():
    state = json.loads(_state_after(3))
    assert Board(state).game == "osaka"
    assert Board(state, game="osaka").renderer is renderer_for("osaka")
    with pytest.raises(ValueError, match="not a Kaisen game state"):
        Board('{"format": "something/1"}')
    with pytest.raises(ValueError, match="not a Traders of Osaka state"):
        Board('{"format": "something/1"}', game="osaka").text()


def test_a_game_without_a_renderer_is_shown_as_plain_text(monkeypatch):
    state = {"format": "kaisen.newgame.state/1", "players": 3, "board": [1, 2, 3]}
    assert renderer_for("newgame") is None
    board = Board(state)
    assert json.loads(board.text()) == state  # the state itself, when no engine text is at hand
    assert "the engine's own text" in str(Board(state, text="the engine's own text"))
    assert "spectator view" in Board(state, observer=1, text="x").text()
    root = ET.fromstring(board.svg())  # text drawn as a well-formed SVG
    assert root.tag.endswith("svg") and "newgame" in board._repr_html_()
    monkeypatch.setitem(_RENDERERS, "newgame", Renderer(text=lambda s, o: f"{len(s['board'])} squares"))
    assert str(Board(state)) == "3 squares"
    register_renderer("newgame", Renderer(text=lambda s, o: "drawn", svg=lambda s, o: "<svg/>"))
    assert Board(state)._repr_html_() == '<div class="kaisen-board"><svg/></div>'


def test_every_game_renders_from_its_envs(game):
    env = kaisen.make(game, seed=1, render_mode="html")
    try:
        env.reset(seed=1)
        page = env.render()
        assert "<svg" in page
        board = env.board()
        assert isinstance(board, Board) and board.game == game
        assert "<svg" in board._repr_html_() and str(board)
    finally:
        env.close()
    aec = kaisen.aec_env(game, render_mode="html")
    try:
        aec.reset(seed=2)
        assert "<svg" in aec.render()
        assert str(aec.board())
    finally:
        aec.close()


def test_osaka_envs_draw_osaka_boards():
    aec = kaisen.aec_env("osaka")
    try:
        aec.reset(seed=2)
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

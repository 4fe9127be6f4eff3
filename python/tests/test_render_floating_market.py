"""The Floating Market renderer (kaisen.render.floating_market) on real states from the engine:
random 2-, 3- and 5-player games drawn at every step, the text view against the SVG, a replay."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import kaisen
from kaisen.render import Board, Replay, board_svg, board_text, renderer_for
from kaisen.render import floating_market as fm


def _states(players: int, seed: int, long: bool = False) -> list[dict]:
    """Every state of one game with random legal moves, from the start to the end."""
    options = {"long": True} if long else {}
    aec = kaisen.aec_env("floating-market", num_players=players, **options)
    try:
        aec.reset(seed=seed)
        rng = np.random.default_rng(seed)
        states = []
        for _ in range(5000):
            states.append(json.loads(aec.state_json()))
            if all(aec.terminations.values()) or all(aec.truncations.values()):
                break
            mask = aec.observe(aec.agent_selection)["action_mask"]
            aec.step(int(rng.choice(np.flatnonzero(mask))))
        return states
    finally:
        aec.close()


def _titles(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter() if e.tag.endswith("title")]


@pytest.fixture(scope="module", params=[2, 3, 5], ids=["2p", "3p", "5p"])
def played(request):
    return request.param, _states(request.param, seed=request.param + 30)


def test_the_registry_draws_floating_market():
    assert renderer_for("floating-market") is not None
    assert renderer_for("floating-market").svg is fm.board_svg
    assert renderer_for("floating-market").text is fm.board_text


def _check_svg(s: dict) -> None:
    """Every element of the state is in the picture (as a tooltip naming it)."""
    root = ET.fromstring(board_svg(s))  # well-formed XML
    assert root.tag.endswith("svg")
    titles = _titles(root)
    closed = fm.closed_location(s)
    # the seven boats with their range and fruit, and every customer on them
    for i, b in enumerate(s["boats"]):
        name = fm.locations(s)[i][0]
        boat = [t for t in titles if t.startswith(f"boat {i} ({name}, ")]
        assert len(boat) == 1, (i, boat)
        assert (f"face down ({b['fruit']}" if i == closed else f": {b['fruit']};") in boat[0]
        for p in b["customers"]:
            if p >= 0:
                assert any(t.startswith(f"P{p} customer on boat {i} ") for t in titles), (i, p)
    for a in s["ama"]:
        if a >= 0:
            assert any(t.startswith(f"Ama customer on boat {a} ") for t in titles)
    if s["standSlot"] >= 0:
        assert any("over the Fruit stand" in t for t in titles)
    # docks, buildings and who is on them
    for k, bank in enumerate(("west", "east")):
        assert any(t.startswith(f"{bank} dock: {fm._who(s['docks'][k])}") for t in titles)
        if s["docks"][k] >= 0:
            assert f"P{s['docks'][k]} customer on the {bank} dock" in titles
    for name, _ in fm.building_spots(s):
        assert any(t.startswith(f"{name}: ") for t in titles), name
    for p, seat in enumerate(s["seats"]):
        for b in seat["buildings"]:
            assert f"P{p} customer on the {b}" in titles
        # coins, fruits and dice per player
        assert any(t.startswith(f"P{p}: {seat['coins']} coins") for t in titles)
        for f in fm.FRUITS:
            assert f"P{p} {f}: " + ("held" if f in seat["fruits"] else "not held") in titles
        for d, where in seat["dice"].items():
            assert f"P{p} {d}: {where}" in titles
            if where == "pool":
                assert any(t.startswith(f"pool: P{p} {d} ") for t in titles)
    # the tiles and board dice in the pool, the Ama dice, the last roll
    for x in fm.pool_items(s):
        assert f"pool: {fm.POOL_LABEL[x]}" in titles
    assert sum(t.startswith("pool: Ama d6") for t in titles) == fm.ama_dice(s)
    if s["lastActivated"] >= 0:
        assert any(t.startswith(f"last roll {s['lastTotal']} -> boat {s['lastActivated']} ") for t in titles)
        assert any(t.startswith(f"boat {s['lastActivated']} ") and "activated by the last roll" in t for t in titles)


def _check_text_agrees(s: dict) -> None:
    """The text view states the same facts as the picture."""
    text = board_text(s)
    svg = board_svg(s)
    lines = text.splitlines()
    assert lines[0] == fm._header(s, None)
    assert fm._title(s, None) in svg and fm._status(s) in svg
    for i, b in enumerate(s["boats"]):
        line = next(line for line in lines if line[2:].startswith(f"boat {i} "))
        assert fm.locations(s)[i][0] in line and b["fruit"] in line
        for p in b["customers"]:
            if p >= 0:
                assert f"P{p}" in line
        assert ("Ama" in line) == (i in s["ama"])
        assert line.startswith(" *") == (i == s["lastActivated"])
    for p, seat in enumerate(s["seats"]):
        line = next(line for line in lines if line.startswith(f"P{p}"))
        assert f"{seat['coins']} coins" in line and f"{seat['coins']}</tspan> coins" in svg
        assert f"fruits {len(seat['fruits'])}/{fm.target(s)} [{' '.join(seat['fruits'])}]" in line
        assert f"{len(seat['fruits'])}/{fm.target(s)} fruits" in svg
        assert f"customers left {seat['customersLeft']}" in line and f"{seat['customersLeft']} customers left" in svg
        for b in seat["buildings"]:
            assert f"P{p}" in next(part for part in fm._buildings_text(s).split("; ") if part.startswith(b + " "))
    if s["lastActivated"] >= 0:
        assert f"last roll {s['lastTotal']} -> boat {s['lastActivated']}" in text
        assert f"{s['lastTotal']} -&gt; boat {s['lastActivated']}" in svg


def test_every_state_of_random_games_draws_every_element(played):
    players, frames = played
    assert frames[-1]["phase"] == "GAME_OVER" and len(frames) > 20
    phases = set()
    for s in frames:
        phases.add(s["phase"])
        _check_svg(s)
        _check_text_agrees(s)
    assert {"PLACE", "DIE", "SWAP", "GAME_OVER"} <= phases
    won = fm.winners(frames[-1])
    assert won and "won by " + " and ".join(f"P{p}" for p in won) in board_text(frames[-1])


def test_the_two_player_board_shows_the_closed_boat_and_the_ama():
    s = _states(2, seed=5)[0]
    closed = fm.closed_location(s)
    assert closed == 6
    assert "face down" in board_text(s).splitlines()[2 + closed]
    assert board_text(s).count("Ama") >= 2 and "2 Ama d6" in board_text(s)
    assert "artist (unused)" in board_text(s) and "Artist hut (unused)" in board_svg(s)


def test_the_long_game_target():
    s = _states(3, seed=2, long=True)[0]
    assert fm.target(s) == 7 and "(long game), target 7 fruits" in board_text(s)


def test_a_state_missing_optional_fields_still_draws(played):
    _, frames = played
    s = json.loads(json.dumps(frames[len(frames) // 2]))
    for key in ("ama", "standSlot", "toAdd", "officePlayer", "lastTotal", "lastActivated", "pool", "docks"):
        s.pop(key, None)
    for seat in s["seats"]:
        seat.pop("buildings", None)
        seat["dice"].pop("d12", None)
    ET.fromstring(board_svg(s))
    assert "Floating Market" in board_text(s)
    with pytest.raises(ValueError, match="not a Floating Market state"):
        fm.board_text({"format": "kaisen.osaka.state/2"})


def test_an_observer_sees_everything_and_is_marked(played):
    _, frames = played
    s = frames[len(frames) // 2]
    mine = board_text(s, observer=1)
    assert "seen by P1" in mine and "(you)" in mine
    assert mine.replace(", seen by P1", "").replace(" (you)", "") == board_text(s)
    assert "seen by P1" in board_svg(s, observer=1)


def test_envs_render_floating_market_boards():
    env = kaisen.make("floating-market", num_players=3, seed=1, render_mode="html")
    try:
        env.reset(seed=1)
        page = env.render()
        assert "dice pool" in page and "west dock" in page and "Fish market" in page
        board = env.board()
        assert isinstance(board, Board) and board.game == "floating-market"
        assert str(board).startswith("Floating Market, 3 players")
    finally:
        env.close()
    env = kaisen.make("floating-market", num_players=2, seed=1, render_mode="rgb_array")
    try:
        env.reset(seed=1)
        image = env.render()
        assert image.ndim == 3 and image.shape[2] == 3 and image.dtype == np.uint8
    finally:
        env.close()


def test_replay_of_a_short_game():
    frames = _states(2, seed=21)[::15]
    replay = Replay(frames, [f"frame {s['decisions']}" for s in frames])
    page = replay.html()
    assert len(replay) == len(frames)
    assert page.count('class="frame"') == len(frames)
    assert page.count("<svg") == len(frames)
    assert "Floating Market, 2 players" in str(replay)

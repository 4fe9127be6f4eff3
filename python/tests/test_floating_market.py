"""Floating Market from Python with a board of one's own: ``kaisen.make("floating-market",
board=PATH)`` plays on that board (its ranges reach the observation, its state and its picture),
and a malformed board is refused with a message that says what is wrong."""

from __future__ import annotations

import copy
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

import kaisen
from kaisen.render import board_svg

DEFAULT_BOARD = (Path(__file__).resolve().parents[2] / "env" / "src" / "main" / "resources" / "dev" / "kaisen"
                 / "env" / "floatingmarket" / "default-board.json")


def _custom() -> dict:
    """The default board with other ranges and names: <=6, 7-12, 13-16, 17-20, 21-24, 25-27, 28-40."""
    board = json.loads(DEFAULT_BOARD.read_text())
    bounds = [(0, 6), (7, 12), (13, 16), (17, 20), (21, 24), (25, 27), (28, 40)]
    for loc, (lo, hi) in zip(board["locations"], bounds):
        loc["min"], loc["max"] = lo, hi
        loc["name"] = f"r{lo}-{hi}"
    board["name"] = "custom"
    board["amaStart"] = ["r21-24", "r7-12"]
    board["twoPlayerClosed"] = "r28-40"
    board["buildings"] = [b for b in board["buildings"] if b["name"] != "fish-market"]
    return board


@pytest.fixture()
def board_file(tmp_path: Path) -> tuple[Path, dict]:
    board = _custom()
    path = tmp_path / "custom-board.json"
    path.write_text(json.dumps(board))
    return path, board


def test_a_custom_board_is_played_observed_and_drawn(board_file):
    path, board = board_file
    env = kaisen.make("floating-market", board=str(path), opponents="greedy", seed=3)
    try:
        obs, info = env.reset()
        ranges = env.spec_info.slice(obs, "boat_ranges")
        expected = [v for loc in board["locations"] for v in (loc["min"], loc["max"])]
        np.testing.assert_array_equal(ranges, np.array(expected, dtype=np.float32))
        fish = kaisen.spec("floating-market").action_id("place:fish-market")
        rng = np.random.default_rng(3)
        for _ in range(3000):
            mask = info["action_mask"]
            assert mask[fish] == 0, "the board has no Fish market"
            obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            if terminated or truncated:
                break
        assert terminated
        state = json.loads(env.state_json())
        assert state["board"]["name"] == "custom"
        assert [loc["name"] for loc in state["board"]["locations"]] == [loc["name"] for loc in board["locations"]]
        titles = [e.text or "" for e in ET.fromstring(board_svg(state)).iter() if e.tag.endswith("title")]
        assert any("r28-40" in t for t in titles), "the picture names the custom board's locations"
    finally:
        env.close()


def test_the_board_option_reaches_every_env(board_file):
    path, _ = board_file
    venv = kaisen.vector_env("floating-market", num_envs=2, board=str(path), opponents="random")
    try:
        obs, _ = venv.reset(seed=1)
        assert venv.spec_info.slice(obs[0], "boat_ranges")[-1] == 40
    finally:
        venv.close()


def test_a_relative_board_path_is_read_from_the_callers_directory(board_file, monkeypatch):
    path, _ = board_file
    kaisen.spec("floating-market")  # the JVM is up, started in another directory
    monkeypatch.chdir(path.parent)
    env = kaisen.make("floating-market", board=path.name, seed=2)
    try:
        obs, _ = env.reset()
        assert env.spec_info.slice(obs, "boat_ranges")[-1] == 40
    finally:
        env.close()
    state = kaisen.State("floating-market", board=Path(path.name), seed=2)  # an os.PathLike works too
    assert json.loads(state.to_json())["board"]["name"] == "custom"


@pytest.mark.parametrize("edit, message", [
    (lambda b: b["locations"][2].__setitem__("min", 12), "overlaps"),
    (lambda b: b["locations"][2].__setitem__("min", 14), "gap"),
    (lambda b: b["buildings"].append({"name": "casino", "spots": [1, 1, 1, 1]}), "unknown building 'casino'"),
    (lambda b: b["locations"].pop(), "not 6"),
    (lambda b: b.__setitem__("amaStart", ["r28-40", "r7-12"]), "also an Ama start"),
])
def test_a_malformed_board_is_refused_saying_what_is_wrong(tmp_path: Path, edit, message):
    board = copy.deepcopy(_custom())
    edit(board)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(board))
    with pytest.raises(ValueError, match=message) as e:
        kaisen.make("floating-market", board=str(path)).reset(seed=1)
    assert str(path) in str(e.value)


def test_a_missing_board_file_is_refused(tmp_path: Path):
    with pytest.raises(OSError, match="no such file: .*missing.json"):
        kaisen.make("floating-market", board=str(tmp_path / "missing.json")).reset(seed=1)

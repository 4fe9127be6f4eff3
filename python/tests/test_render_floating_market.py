"""The Floating Market renderer (kaisen.render.floating_market) on real states from the engine:
random 2-, 3- and 5-player games drawn at every step, the text board (the engine's) against the
SVG (drawn from the engine's view), a replay, a game on a custom board (drawn from the board the
state carries), the last roll's dice faces and the blocked d12; a state the engine cannot read is
shown as its JSON."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

import kaisen
from kaisen.render import Board, Replay, board_svg, board_text, renderer_for
from kaisen.render import floating_market as fm


#: The engine's default board (states on it carry no ``board`` field).
DEFAULT_BOARD = (Path(__file__).resolve().parents[2] / "env" / "src" / "main" / "resources" / "dev" / "kaisen"
                 / "env" / "floatingmarket" / "default-board.json")


def _states(players: int, seed: int, long: bool = False, board: str | None = None) -> list[dict]:
    """Every state of one game with random legal moves, from the start to the end."""
    options: dict = {"long": True} if long else {}
    if board is not None:
        options["board"] = board
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


def test_the_renderers_default_board_is_the_engines():
    """A state without ``board`` is drawn on default-board.json: the view gives its locations, the
    closed location and each building's spots for the player count (the renderer keeps no copy)."""
    board = json.loads(DEFAULT_BOARD.read_text())
    assert board["format"] == "kaisen.floating-market.board/1"
    assert set(board) == {"format", "name", "locations", "amaStart", "twoPlayerClosed", "docks", "buildings"}, \
        "the default board gained or lost a field: check what the view gives of it"
    names = [loc["name"] for loc in board["locations"]]
    # the renderer draws the state's ``ama`` (the Ama start is the engine's) and the docks west then east
    assert len(board["amaStart"]) == 2 and all(a in names for a in board["amaStart"])
    assert board["docks"] == ["west", "east"]
    for n in (2, 3, 4, 5):
        s = _states(n, seed=n)[0]
        assert "board" not in s
        v = fm.view(s)
        assert v["locations"] == board["locations"]
        assert [(b["name"], b["spots"]) for b in v["buildings"]] == [(b["name"], b["spots"][n - 2]) for b in board["buildings"]]
        assert v["closedLocation"] == (names.index(board["twoPlayerClosed"]) if n == 2 else -1)


def _check_inside(root: ET.Element) -> None:
    """Every element with an x (text, rect) or cx (circle) lies within the picture's width, rects and circles whole."""
    width = float(root.get("width"))
    assert [float(v) for v in root.get("viewBox").split()] == [0, 0, width, float(root.get("height"))]
    for e in root.iter():
        if e.get("cx") is not None:
            cx, r = float(e.get("cx")), float(e.get("r", 0))
            assert 0 <= cx - r and cx + r <= width, (e.tag, e.attrib)
        if e.get("x") is not None:
            x = float(e.get("x"))
            assert 0 <= x <= width and x + float(e.get("width", 0)) <= width, (e.tag, e.attrib)


def _last_dice(v: dict) -> list[tuple[str, int]]:
    """The view's last roll: (label such as ``P0 d4``, ``Ama d6``, ``board d12``, face) per die, in roll order."""
    return [(fm._die_label(d["die"]), d["face"]) for d in (v["lastRoll"] or {"dice": []})["dice"]]


def _check_svg(s: dict) -> None:
    """Every element of the state is in the picture (as a tooltip naming it)."""
    root = ET.fromstring(board_svg(s))  # well-formed XML
    assert root.tag.endswith("svg")
    _check_inside(root)
    titles = _titles(root)
    v = fm.view(s)
    closed = v["closedLocation"]
    # the seven boats with their range and fruit, and every customer on them
    for i, b in enumerate(s["boats"]):
        name = v["locations"][i]["name"]
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
    for building in v["buildings"]:
        assert any(t.startswith(f"{building['name']}: ") for t in titles), building
    for p, seat in enumerate(s["seats"]):
        for b in seat["buildings"]:
            assert f"P{p} customer on the {b}" in titles
        # coins, fruits and dice per player
        assert any(t.startswith(f"P{p}: {seat['coins']} coins") for t in titles)
        for f in v["fruits"]:
            assert f"P{p} {f}: " + ("held" if f in seat["fruits"] else "not held") in titles
        for d, where in seat["dice"].items():
            assert f"P{p} {d}: {where}" in titles
            if where == "pool":
                assert any(t.startswith(f"pool: P{p} {d} ") for t in titles)
    # the tiles and board dice in the pool, the Ama dice, the last roll
    for x in v["pool"]:
        assert f"pool: {fm.POOL_LABEL[x]}" in titles
    assert sum(t.startswith("pool: Ama d6") for t in titles) == v["amaDice"] == {2: 2, 3: 1}.get(len(s["seats"]), 0)
    if s["lastActivated"] >= 0:
        assert any(t.startswith(f"last roll {s['lastTotal']} -> boat {s['lastActivated']} ") for t in titles)
        assert any(t.startswith(f"boat {s['lastActivated']} ") and "activated by the last roll" in t for t in titles)
        # every die of the last roll with its face, and its tiles
        assert _last_dice(v) and len(_last_dice(v)) == len(s["lastDice"])
        for label, face in _last_dice(v):
            assert f"last roll: {label} showed {face}" in titles, (label, face)
        for t in s["lastTiles"]:
            assert f"last roll: the {t:+d} tile" in titles
    else:
        assert not any(t.startswith("last roll") for t in titles)
    assert ("the d12 is blocked" in board_svg(s)) == s["d12Blocked"]


def _check_text_agrees(s: dict) -> None:
    """The text view states the same facts as the picture."""
    text = board_text(s)
    svg = board_svg(s)
    v = fm.view(s)
    lines = text.splitlines()
    assert lines[0] == fm._title(v) + ", " + fm._status(v)
    assert fm._title(v) in svg and fm._status(v) in svg
    for i, b in enumerate(s["boats"]):
        line = next(line for line in lines if line[2:].startswith(f"boat {i} "))
        assert v["locations"][i]["name"] in line and b["fruit"] in line
        for p in b["customers"]:
            if p >= 0:
                assert f"P{p}" in line
        assert ("Ama" in line) == (i in s["ama"])
        assert line.startswith(" *") == (i == s["lastActivated"])
    for p, seat in enumerate(s["seats"]):
        line = next(line for line in lines if line.startswith(f"P{p}"))
        assert f"{seat['coins']} coins" in line and f"{seat['coins']}</tspan> coins" in svg
        assert f"fruits {len(seat['fruits'])}/{v['target']} [{' '.join(seat['fruits'])}]" in line
        assert f"{len(seat['fruits'])}/{v['target']} fruits" in svg
        assert f"customers left {seat['customersLeft']}" in line and f"{seat['customersLeft']} customers left" in svg
        buildings = next(line for line in lines if line.startswith("buildings: "))[len("buildings: "):]
        for b in seat["buildings"]:
            assert f"P{p}" in next(part for part in buildings.split("; ") if part.startswith(b + " "))
    if s["lastActivated"] >= 0:
        assert f"last roll {s['lastTotal']} -> boat {s['lastActivated']}" in text
        assert f"{s['lastTotal']} -&gt; boat {s['lastActivated']}" in svg
        roll = next(line for line in lines if "last roll " in line)
        for f in s["lastDice"]:
            assert f"{fm._die_label(f['die'])} {f['face']}" in roll
        # the faces and tiles add up to the total
        assert sum(f["face"] for f in s["lastDice"]) + sum(s["lastTiles"]) == s["lastTotal"]
    assert ("the d12 blocked" in text) == s["d12Blocked"]


def test_every_state_of_random_games_draws_every_element(played):
    players, frames = played
    assert frames[-1]["phase"] == "GAME_OVER" and len(frames) > 20
    phases = set()
    for s in frames:
        phases.add(s["phase"])
        _check_svg(s)
        _check_text_agrees(s)
    assert {"PLACE", "DIE", "SWAP", "GAME_OVER"} <= phases
    assert all("board" not in s for s in frames), "the default board is left out of the state"
    won = fm.view(frames[-1])["winners"]
    assert won and "won by " + " and ".join(f"P{p}" for p in won) in board_text(frames[-1])


def test_fifteen_customers_on_the_boatman_stay_inside_the_picture():
    """With 5 players all 15 customers can stand on the Boatman: they wrap onto further lines, each in a tooltip."""
    aec = kaisen.aec_env("floating-market", num_players=5)
    try:
        aec.reset(seed=7)
        s = json.loads(aec.state_json())
    finally:
        aec.close()
    per_seat = sum(seat["customersLeft"] for seat in s["seats"]) // 5
    assert per_seat == 3, "5 players have 3 customers each"
    for b in s["boats"]:
        b["customers"] = [-1, -1]
    s["docks"], s["standSlot"] = [-1, -1], -1
    for seat in s["seats"]:
        seat["buildings"], seat["customersLeft"] = ["boatman"] * per_seat, 0
    s["phase"], s["toAdd"] = "DIE", 1  # every customer placed: the last one's die to add (a state the engine reads)
    svg = board_svg(s)
    root = ET.fromstring(svg)
    _check_inside(root)
    _check_svg(s)
    titles = _titles(root)
    for p in range(5):
        assert titles.count(f"P{p} customer on the boatman") == per_seat, p
    assert any(t.startswith("boatman: " + " ".join(f"P{p}" for p in range(5) for _ in range(per_seat)) + " (")
               for t in titles)
    # the rows below the Boatman move down with it, and the panels below the column
    rects = {t: float(e.get("y")) for e in root.iter() if e.tag.endswith("rect")
             for t in [next((c.text for c in e if c.tag.endswith("title")), "")] if t}
    boatman = next(y for t, y in rects.items() if t.startswith("boatman: "))
    stand = next(y for t, y in rects.items() if t.startswith("fruit-stand: "))
    assert stand - boatman == 24 + 2 * 20 + 3, "three lines of tokens"
    fish = next(y for t, y in rects.items() if t.startswith("fish-market: "))
    tokens = [float(e.get("cy")) for e in root.iter() if e.tag.endswith("circle")
              and any(c.text == "P0 customer on the boatman" for c in e)]
    panels = [float(e.get("y")) for e in root.iter() if e.tag.endswith("rect") and e.get("x") == "6"
              and e.get("width") == str(fm.WIDTH - 12)]
    assert max(tokens) < stand and len(panels) == 5 and min(panels) > fish + 24
    assert "boatman " + " ".join(f"P{p}" for p in range(5) for _ in range(per_seat)) in board_text(s)


def test_the_two_player_board_shows_the_closed_boat_and_the_ama():
    s = _states(2, seed=5)[0]
    closed = fm.view(s)["closedLocation"]
    assert closed == 6
    assert "face down" in board_text(s).splitlines()[2 + closed]
    assert board_text(s).count("Ama") >= 2 and "2 Ama d6" in board_text(s)
    assert "artist (unused)" in board_text(s) and "Artist hut (unused)" in board_svg(s)


def test_the_long_game_target():
    s = _states(3, seed=2, long=True)[0]
    assert fm.view(s)["target"] == 7 and "(long game), target 7 fruits" in board_text(s)


def test_a_state_missing_optional_fields_still_draws(played):
    _, frames = played
    s = json.loads(json.dumps(frames[len(frames) // 2]))
    for key in ("ama", "standSlot", "toAdd", "officePlayer", "lastTotal", "lastActivated", "pool", "docks"):
        s.pop(key, None)
    for seat in s["seats"]:
        seat.pop("buildings", None)
        seat["dice"].pop("d12", None)
    ET.fromstring(board_svg(s))
    # the engine cannot read it: the text board and the picture show the state's JSON, marked as such
    assert board_text(s).startswith("(the engine cannot read this state: shown as JSON)\n")
    assert json.loads(board_text(s).split("\n", 1)[1]) == s
    assert "the engine cannot read this state" in board_svg(s) and fm.view(s) is None
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


#: A board unlike the default: other names, ranges, banks, Ama start, closed location and spots.
CUSTOM_BOARD = {
    "format": "kaisen.floating-market.board/1", "name": "wide river",
    "locations": [{"name": "A", "min": 0, "max": 10, "bank": "east"}, {"name": "B", "min": 11, "max": 12, "bank": "west"},
                  {"name": "C", "min": 13, "max": 15, "bank": "west"}, {"name": "D", "min": 16, "max": 18, "bank": "east"},
                  {"name": "E", "min": 19, "max": 21, "bank": "west"}, {"name": "F", "min": 22, "max": 25, "bank": "east"},
                  {"name": "G", "min": 26, "max": 40, "bank": "west"}],
    "amaStart": ["B", "F"], "twoPlayerClosed": "A", "docks": ["west", "east"],
    "buildings": [{"name": "boatman", "spots": [-1, -1, -1, -1]}, {"name": "market", "spots": [2, 2, 3, 3]},
                  {"name": "tailor", "spots": [1, 1, 2, 2]}, {"name": "carpenter", "spots": [1, 1, 1, 1]}],
}


def test_a_custom_board_is_drawn_from_the_board_the_state_carries(tmp_path):
    path = tmp_path / "wide.json"
    path.write_text(json.dumps(CUSTOM_BOARD))
    frames = _states(2, seed=4, board=str(path))
    assert frames[-1]["phase"] == "GAME_OVER"
    for s in frames[::7] + frames[-1:]:
        assert s["board"]["name"] == "wide river"
        v = fm.view(s)
        assert v["locations"] == CUSTOM_BOARD["locations"]
        assert v["closedLocation"] == 0, "the custom board closes A with 2 players"
        spots = {b["name"]: b["spots"] for b in v["buildings"]}
        assert spots["market"] == 2 and spots["office"] == 0 and spots["temple"] == 0
        _check_svg(s)
        _check_text_agrees(s)
        text = board_text(s)
        assert "boat 0      A east" in text and "face down" in text.splitlines()[2]
        assert "office (unused)" in text and "market " in text and "Artist hut (unused)" in board_svg(s)
        assert "<=8" not in text and "29-35" not in board_svg(s), "nothing of the default board"
    # the state's JSON is read back by a game of the same board, and refused by a default one
    state = kaisen.State("floating-market", num_players=2, state=frames[-1], board=str(path))
    assert json.loads(state.to_json()) == frames[-1]
    with pytest.raises(Exception, match="another board"):
        kaisen.State("floating-market", num_players=2, state=frames[-1])


def test_the_blocked_d12_is_its_own_field_and_older_states_still_draw(played):
    _, frames = played
    assert all(isinstance(f["d12Blocked"], bool) and "d12-blocked" not in f["pool"] for f in frames)
    s = json.loads(json.dumps(frames[len(frames) // 2]))
    s["d12Blocked"] = True
    assert "the d12 blocked" in board_text(s) and "the d12 is blocked" in board_svg(s)
    assert fm.view(s)["d12Blocked"] is True
    s["d12Blocked"] = False
    s["pool"] = list(s["pool"]) + ["d12-blocked"]  # as states before the field listed it: the engine refuses them
    assert fm.view(s) is None and "the d12 blocked" not in board_text(s)
    assert board_text(s).startswith("(the engine cannot read this state")


def test_the_last_roll_shows_each_die_and_its_face():
    s = next(f for f in _states(2, seed=8) if f["lastActivated"] >= 0)
    s = json.loads(json.dumps(s))
    s["lastDice"] = [{"die": "p0:d10", "face": 0}, {"die": "p1:neg-d6", "face": -4}, {"die": "ama:d6", "face": 6},
                     {"die": "ama:d6", "face": 2}, {"die": "board:d12", "face": 11}, {"die": "board:neg-d6", "face": -1}]
    s["lastTiles"] = [4, -2]
    s["lastTotal"], s["lastActivated"] = 16, 2  # what those faces and tiles add up to, and the boat it activates
    assert _last_dice(fm.view(s)) == [("P0 d10", 0), ("P1 neg-d6", -4), ("Ama d6", 6), ("Ama d6", 2), ("board d12", 11),
                                      ("board -d6", -1)]
    text = board_text(s)
    assert "P0 d10 0, P1 neg-d6 -4, Ama d6 6, Ama d6 2, board d12 11, board -d6 -1, +4 tile, -2 tile" in text
    titles = _titles(ET.fromstring(board_svg(s)))
    for t in ("last roll: P0 d10 showed 0", "last roll: P1 neg-d6 showed -4", "last roll: Ama d6 showed 6",
              "last roll: Ama d6 showed 2", "last roll: board d12 showed 11", "last roll: board -d6 showed -1",
              "last roll: the +4 tile", "last roll: the -2 tile"):
        assert t in titles, t
    del s["lastDice"], s["lastTiles"]  # a state without the faces: the engine cannot read it, shown as its JSON
    assert '"lastTotal": 16' in board_text(s) and ET.fromstring(board_svg(s)) is not None

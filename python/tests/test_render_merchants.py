"""The Merchants of the Middle Ages renderer (kaisen.render.merchants) on real states from the engine:
random 2-, 3- and 4-player games drawn at every other step, the engine's text board against the SVG,
the facts of the engine's view (map, prices, ladder, cards) in the picture, what a player's view
hides (checked by varying the hidden parts as the engine's hidden edits do: the view must not
change), a replay, and a game on custom data (other cities: drawn on a circle). The words and rules
behind the view (headings, sealed choices, the text board's lines) are tested in Java
(MerchantsTextTest)."""

from __future__ import annotations

import copy
import json
import math
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

import kaisen
from kaisen.render import Board, Replay, board_svg, board_text, renderer_for
from kaisen.render import merchants as mr

#: The engine's default data (states on it carry no ``data`` field).
DEFAULT_DATA = (Path(__file__).resolve().parents[2] / "env" / "src" / "main" / "resources" / "dev" / "kaisen"
                / "env" / "merchants" / "default-game.json")


def _states(players: int, seed: int, data: str | None = None) -> list[dict]:
    """Every state of one game with random legal moves, from the start to the end."""
    options = {"data": data} if data is not None else {}
    aec = kaisen.aec_env("merchants", num_players=players, **options)
    try:
        aec.reset(seed=seed)
        rng = np.random.default_rng(seed)
        states = []
        for _ in range(8000):
            states.append(json.loads(aec.state_json()))
            if all(aec.terminations.values()) or all(aec.truncations.values()):
                break
            mask = aec.observe(aec.agent_selection)["action_mask"]
            aec.step(int(rng.choice(np.flatnonzero(mask))))
        return states
    finally:
        aec.close()


def _start_view(players: int) -> dict:
    """The engine's view of a new game's state (the default data)."""
    aec = kaisen.aec_env("merchants", num_players=players)
    try:
        aec.reset(seed=1)
        return mr.view(aec.state_json())
    finally:
        aec.close()


def _neighbours(v: dict) -> dict[int, set[int]]:
    """Each place's neighbours, from the view's roads."""
    nb: dict[int, set[int]] = {node: set() for node in range(len(v["places"]))}
    for r in v["roads"]:
        chain = [r["from"], *r["spaces"], r["to"]]
        for a, b in zip(chain, chain[1:]):
            nb[a].add(b)
            nb[b].add(a)
    return nb


def _moving(s: dict) -> int:
    return s["moveTurn"]["movingWagon"] if s["phase"] == "MOVE" else -1


def _titles(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter() if e.tag.endswith("title")]


@pytest.fixture(scope="module", params=[2, 3, 4], ids=["2p", "3p", "4p"])
def played(request):
    return request.param, _states(request.param, seed=request.param + 40)


def test_the_registry_draws_merchants():
    assert renderer_for("merchants") is not None
    assert renderer_for("merchants").svg is mr.board_svg
    assert renderer_for("merchants").text is mr.board_text


def test_the_views_map_is_the_engines_default_map():
    """The view gives the default data's map as the engine numbers it: cities, forks, then road spaces."""
    v = _start_view(2)
    names = v["places"]
    assert len(names) == 45 and v["forks"] == 2 and len(v["roads"]) == 12
    assert names[:8] == ["Paris", "Cologne", "Vienna", "Bruges", "Hamburg", "Genoa", "Burgundy fork", "Alpine fork"]
    assert names[8:11] == ["Bruges-Paris#1", "Bruges-Paris#2", "Bruges-Paris#3"]
    assert _neighbours(v)[names.index("Burgundy fork")] == {
        names.index("Paris-Burgundy fork#2"), names.index("Burgundy fork-Cologne#1"), names.index("Burgundy fork-Genoa#1")}
    assert v["goods"] == json.loads(DEFAULT_DATA.read_text())["goods"]
    assert not mr.layout(v).circle


def test_the_default_map_is_laid_out_like_the_real_one():
    """Compass directions of the six cities, forks between their cities, spaces apart and off the cities."""
    for n in (2, 3, 4):
        v = _start_view(n)
        lay = mr.layout(v)
        names = v["places"]
        nb = _neighbours(v)
        at = {names[node]: lay.xy[node] for node in range(8)}
        assert at["Bruges"][0] < at["Cologne"][0] and at["Bruges"][1] < at["Cologne"][1]  # NW
        assert at["Hamburg"][1] < at["Cologne"][1] and at["Hamburg"][1] < at["Bruges"][1] + 40  # N
        assert at["Paris"][0] < at["Cologne"][0] and at["Vienna"][0] > at["Cologne"][0]  # W, E
        assert at["Genoa"][1] > max(at[c][1] for c in ("Paris", "Cologne", "Vienna", "Bruges", "Hamburg"))  # S
        for fork, ends in (("Burgundy fork", ("Paris", "Cologne", "Genoa")), ("Alpine fork", ("Cologne", "Vienna", "Genoa"))):
            xs, ys = [at[c][0] for c in ends], [at[c][1] for c in ends]
            assert min(xs) < at[fork][0] < max(xs) and min(ys) < at[fork][1] < max(ys), fork
        ch = mr.city_h(n)
        for node in range(8, len(names)):
            x, y = lay.xy[node]
            assert mr.MAP_X + 10 < x < mr.MAP_X + mr.MAP_W - 10 and mr.MAP_Y + 10 < y < mr.MAP_Y + mr.MAP_H - 20
            for c in range(6):
                cx, cy = lay.xy[c]
                assert abs(x - cx) > mr.CITY_W / 2 + mr.SPACE_R - 4 or abs(y - cy) > ch / 2 + mr.SPACE_R - 4, (node, c)
            for u in nb[node]:
                if u >= 6:
                    assert math.dist(lay.xy[u], lay.xy[node]) >= 2 * mr.SPACE_R + 3, (names[u], names[node])
        boxes = [(lay.xy[c][0], lay.xy[c][1]) for c in range(6)]
        for i, a in enumerate(boxes):
            for b in boxes[:i]:
                assert abs(a[0] - b[0]) > mr.CITY_W or abs(a[1] - b[1]) > ch + 24, "city boxes overlap"


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


def _check_svg(s: dict, observer: int | None = None) -> list[str]:
    """Every element of the state is in the picture (as a tooltip naming it); returns the tooltips."""
    svg = board_svg(s, observer)
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag.endswith("svg")
    _check_inside(root)
    titles = _titles(root)
    v = mr.view(s, observer)
    places, names = v["places"], v["goods"]
    # every city with its bonus and market, every place of the map
    for c, city in enumerate(places[:6]):
        market = ", ".join(names[g] for g in v["markets"][c])
        assert any(t.startswith(f"{city}: bonus {s['bonus'][c]}; market {market}") for t in titles), city
        for p, seat in enumerate(s["seats"]):
            assert f"P{p} warehouse in {city}: {mr._goods_list(v, seat['warehouses'][c])}" in titles
    for node in range(6, len(places)):
        assert any(t.startswith(f"{places[node]} (place {node}") for t in titles), places[node]
    for r in v["roads"]:
        assert f"road {places[r['from']]} - {places[r['to']]}: {len(r['spaces'])} spaces" in titles
    # the wagons, where the engine says they are, with their cargo; the courier
    for w, wagon in enumerate(s["wagons"]):
        assert places[wagon["node"]] == wagon["place"], "the view's map numbers places as the state"
        mine = [t for t in titles if t.startswith(f"wagon {w} at {wagon['place']}")]
        assert len(mine) == 1, (w, mine)
        assert ("master P" + str(wagon["master"]) if wagon["master"] >= 0 else "no master") in mine[0]
        assert ("arrived" in mine[0]) == wagon["arrived"]
        for p, row in enumerate(wagon["cargo"]):
            assert f"wagon {w} cargo of P{p}: {mr._goods_list(v, row)}" in titles
            for g, n in enumerate(row):
                assert titles.count(f"P{p} {names[g]} on wagon {w}") == n
    assert places[s["courier"]["node"]] == s["courier"]["place"]
    assert f"courier at {s['courier']['place']}" in titles
    # the price chart, the wagon track, the ladder, the cards
    for g, name in enumerate(names):
        lvl, cost, sale = v["prices"][g]["level"], v["prices"][g]["cost"], v["prices"][g]["sale"]
        assert lvl == s["price"][g] and (cost, sale) == (v["priceLines"]["cost"][lvl], v["priceLines"]["sale"][lvl])
        assert f"{name}: level {lvl + 1}, cost {cost}, sale {sale}; supply {s['supply'][g]}" in titles
    assert sum(t.startswith("arrival ") for t in titles) == max(v["endArrivals"], s["arrivals"], 1)
    assert sum(t.endswith(" - reached") for t in titles) == s["arrivals"]
    for p, seat in enumerate(s["seats"]):
        level = seat["status"]
        arms = f"P{p} coat of arms: status {level} ({v['statusLevels'][level]['name']})"
        assert titles.count(arms) == 2, "on the ladder and in the panel"
        assert any(t.startswith(f"P{p}: {seat['money']} florins, status {level}") for t in titles)
        for t in range(1, 5):
            assert f"P{p} tile {t}: " + ("face up" if t in seat["tiles"] else "played") in titles
        owned = [k for k, o in enumerate(s["investment"]["owner"]) if o == p]
        assert len(v["owned"][p]) == len(owned)
        for kind in v["owned"][p]:
            assert f"P{p} investment: {kind}" in titles
    for k, card in enumerate(s["investment"]["faceUp"]):
        assert (v["faceUp"][k] is None) == (card < 0)
        assert any(t.startswith(f"slot {k}: " + (v["faceUp"][k] or "empty")) for t in titles)
    assert sum(t.startswith("credit card ") and t.endswith("in the bank") for t in titles) == s["creditLeft"]
    return titles


def _check_text_agrees(s: dict) -> None:
    """The text view states the same facts as the picture."""
    text = board_text(s)
    svg = board_svg(s)
    lines = text.splitlines()
    v = mr.view(s)
    assert lines[0] == v["title"] and lines[1] == v["status"]
    assert mr._esc(v["title"]) in svg and mr._esc(v["status"]) in svg
    prices = next(line for line in lines if line.startswith("prices"))
    for g, name in enumerate(v["goods"]):
        assert f"{name} {v['prices'][g]['cost']}/{v['prices'][g]['sale']} ({s['supply'][g]})" in prices
    for c, city in enumerate(v["places"][:6]):
        line = next(line for line in lines if line.startswith(city + " "))
        assert f"bonus {s['bonus'][c]:>3}" in line
        assert ("[wagon" in line) == any(w["node"] == c for w in s["wagons"])
    for w, wagon in enumerate(s["wagons"]):
        line = next(line for line in lines if line.startswith(f"wagon {w} at "))
        assert line.startswith(f"wagon {w} at {wagon['place']}")
        assert ("arrived" in line) == wagon["arrived"]
    assert f"courier at {s['courier']['place']}" in lines
    for p, seat in enumerate(s["seats"]):
        line = next(line for line in lines if line.startswith(f"P{p}"))
        assert f"{seat['money']} fl, status {seat['status']}" in line
        assert f"<tspan font-weight=\"bold\">{seat['money']}</tspan> fl" in svg


def test_every_state_of_random_games_draws_every_element(played):
    players, frames = played
    assert frames[-1]["phase"] == "GAME_OVER" and len(frames) > 100
    phases = set()
    for k, s in enumerate(frames):
        phases.add(s["phase"])
        if k % 2 and k != len(frames) - 1 and not _moving(s) >= 0:
            continue
        _check_svg(s)
        _check_text_agrees(s)
    assert {"BUY", "BID", "MASTER_LOAD", "MOVE", "WHEEL", "SHIFT", "STATUS", "GAME_OVER"} <= phases
    assert all("data" not in s for s in frames), "the default data is left out of the state"
    end = mr.view(frames[-1])
    won = end["winners"]
    assert won and "won by " + " and ".join(f"P{p}" for p in won) in board_text(frames[-1])
    assert f"arrivals {frames[-1]['arrivals']}/{end['endArrivals']}" in board_text(frames[-1])
    assert frames[-1]["arrivals"] >= end["endArrivals"] == {2: 12, 3: 14, 4: 16}[players]


def test_a_moving_wagon_shows_its_path_and_the_road_to_choose(played):
    _, frames = played
    moving = [s for s in frames if _moving(s) >= 0]
    assert moving, "random play leaves a wagon waiting for its road"
    for s in moving[:5]:
        w = _moving(s)
        assert mr.view(s)["movingWagon"] == w and mr.view(s)["passed"] == s["moveTurn"]["path"]
        status = board_text(s).splitlines()[1]
        assert f"moving wagon {w} at {s['wagons'][w]['place']} ({s['moveTurn']['movePoints']} points left" in status
        if s["moveTurn"]["path"]:
            assert f"wagon {w} passed " in board_text(s)
            assert f"wagon {w} passed these places" in _titles(ET.fromstring(board_svg(s)))


def test_a_wagon_on_a_road_shows_its_heading():
    """The view's heading (the engine's; MerchantsTextTest checks it road by road) is in the wagon's line and tooltips."""
    s = next(f for f in _states(2, seed=3) if any(w["node"] >= 8 and w["prev"] >= 0 for w in f["wagons"]))
    v = mr.view(s)
    titles = _titles(ET.fromstring(board_svg(s)))
    for w, wagon in enumerate(s["wagons"]):
        head = v["wagons"][w]["heading"]
        if wagon["node"] >= 8 and wagon["prev"] >= 0:
            assert 0 <= head < 8 and f"heading to {v['places'][head]}" in v["wagons"][w]["line"]
            assert f"wagon {w} heading to {v['places'][head]}" in titles
        elif wagon["node"] < 8:
            assert head == -1


# ----------------------------------------------------------------------------------------- hidden information


def _vary_hidden(s: dict, observer: int, rng: random.Random) -> dict:
    """A state ``observer`` cannot tell from ``s``, as the engine's MerchantsHiddenEdits makes them: the
    others' influence cards dealt anew from their hands and the pile (hand sizes kept), the others'
    unrevealed bids and wheels redrawn, the investment pile reshuffled, another rng."""
    v = copy.deepcopy(s)
    v["rng"] = f"{rng.getrandbits(64):x}"
    rng.shuffle(v["investment"]["pile"])
    others = [q for q in range(len(v["seats"])) if q != observer]
    pool = list(v["influence"]["pile"])
    sizes = {}
    for q in others:
        h = v["seats"][q]["influence"]
        pool += [k for k, n in h.items() for _ in range(n)]
        sizes[q] = sum(h.values())
    rng.shuffle(pool)
    for q in others:
        dealt, pool = pool[:sizes[q]], pool[sizes[q]:]
        v["seats"][q]["influence"] = {k: dealt.count(k) for k in s["seats"][q]["influence"]}
    v["influence"]["pile"] = pool
    for key, top in (("bids", 20), ("wheels", 27)):
        if not v[key]["revealed"]:
            for q in others:
                if v[key]["choices"][q] >= 0:
                    v[key]["choices"][q] = rng.choice([x for x in range(top + 1) if x != v[key]["choices"][q]])
    return v


def _deal_influence(s: dict) -> dict:
    """The state with seat q holding q + 1 more influence cards, drawn from the top of the pile."""
    s = copy.deepcopy(s)
    pile = s["influence"]["pile"]
    for q, seat in enumerate(s["seats"]):
        for _ in range(min(q + 1, len(pile))):
            kind = pile.pop(0)
            seat["influence"][kind] += 1
    return s


def test_a_players_view_hides_what_the_player_cannot_see(played):
    """Varying what a seat cannot know never changes its view (text or SVG), but changes the spectator's."""
    players, frames = played
    rng = random.Random(players)
    def secret(s: dict) -> bool:
        return any(sum(seat["influence"].values()) for seat in s["seats"]) or any(
            not s[key]["revealed"] and any(c >= 0 for c in s[key]["choices"]) for key in ("bids", "wheels"))

    spectator_changed = 0
    for s in frames[::10] + [s for s in frames if secret(s)][::4] + [_deal_influence(s) for s in frames[::40]]:
        for o in range(players):
            v = _vary_hidden(s, o, rng)
            assert board_text(v, o) == board_text(s, o), (s["decisions"], o)
            assert board_svg(v, o) == board_svg(s, o), (s["decisions"], o)
            spectator_changed += board_svg(v) != board_svg(s)
    assert spectator_changed > 20, "the variations touch what the spectator sees"


def test_hidden_influence_kinds_and_sealed_choices_show_only_to_their_owner_and_spectators(played):
    players, frames = played
    held = [s for s in frames if any(sum(seat["influence"].values()) for seat in s["seats"])]
    held = held[:: max(1, len(held) // 8)] + [_deal_influence(s) for s in frames[::80]]
    for s in held:
        for o in range(players):
            titles = _titles(ET.fromstring(board_svg(s, o)))
            text = board_text(s, o)
            for q, seat in enumerate(s["seats"]):
                n = sum(seat["influence"].values())
                line = next(line for line in text.splitlines() if line.startswith(f"P{q}"))
                if q == o:
                    kinds = [k for k, c in seat["influence"].items() for _ in range(c)]
                    assert sorted(t[len(f"P{q} influence card: "):] for t in titles
                                  if t.startswith(f"P{q} influence card: ")) == sorted(kinds)
                    assert "(hidden)" not in line
                else:
                    assert not any(t.startswith(f"P{q} influence card: ") for t in titles)
                    assert f"P{q} influence: {n} card{'s' if n != 1 else ''} (hidden)" in titles
                    assert f"influence {n} card{'s' if n != 1 else ''} (hidden)" in line
        spectator = _titles(ET.fromstring(board_svg(s)))
        for q, seat in enumerate(s["seats"]):
            for k, c in seat["influence"].items():
                assert spectator.count(f"P{q} influence card: {k}") == c
    # sealed bids and wheels: another's committed choice shows as "sealed" until revealed
    for key, phase, label in (("bids", "BID", "bid"), ("wheels", "WHEEL", "wheel")):
        sealed = [s for s in frames if s["phase"] == phase and not s[key]["revealed"]
                  and sum(c >= 0 for c in s[key]["choices"]) >= 1]
        assert sealed, key
        words = "bidWords" if key == "bids" else "wheelWords"
        for s in sealed[:20]:
            every = mr.view(s)[words]
            for o in range(players):
                view = mr.view(s, o)[key]
                titles = _titles(ET.fromstring(board_svg(s, o)))
                for q, c in enumerate(s[key]["choices"]):
                    shown = every[q]
                    assert (shown == "-") == (c < 0) and shown != "sealed"
                    if c < 0:
                        assert view[q] is None and f"P{q} {label}: -" in titles
                    elif q == o:
                        assert view[q] == c and f"P{q} {label}: {shown}" in titles
                    else:
                        assert view[q] == "sealed" and f"P{q} {label}: sealed" in titles
                line = next(line for line in board_text(s, o).splitlines() if line.startswith(("bids", "price wheels")))
                assert "sealed until all are in" in line
            spectator = board_text(s)
            assert all(f"P{q} {every[q]}" in spectator for q, c in enumerate(s[key]["choices"]) if c >= 0)
    # once revealed, everybody sees every choice
    revealed = next(s for s in frames if s["phase"] == "SHIFT" and s["wheels"]["revealed"])
    for o in range(players):
        assert mr.view(revealed, o)["wheels"] == revealed["wheels"]["choices"]


def test_an_observer_is_marked(played):
    _, frames = played
    s = frames[len(frames) // 2]
    mine = board_text(s, observer=1)
    assert "seen by P1" in mine and "(you)" in mine
    assert "seen by P1" in board_svg(s, observer=1) and "(you)" in board_svg(s, observer=1)
    assert "seen by" not in board_text(s) and "(you)" not in board_svg(s)


# ----------------------------------------------------------------------------------------- the text view


def test_the_text_view():
    frames = _states(3, seed=12)
    s = frames[0]
    lines = board_text(s).splitlines()
    assert lines[0].startswith("Merchants of the Middle Ages, 3 players, round 1, first player P")
    assert "arrivals 0/14, next status step 1000, decision 0" in lines[0]
    assert lines[1].startswith(f"phase BUY, player {s['currentPlayer']} to act (buying goods), 0 of 3 goods bought "
                               "this turn; round 1 buying pass 1 of 2")
    assert lines[2] == ("prices (cost/sale, supply): cloth 100/600 (8)  iron 100/600 (8)  wine 100/600 (8)  "
                        "food 100/600 (8)  silk 100/600 (8)  salt 100/600 (8)")
    assert lines[3].startswith("Paris    bonus ") and "market cloth wine food" in lines[3]
    assert lines[9].startswith("wagon 0 at ") and "no master" in lines[9] and "cargo P0 -; P1 -; P2 -" in lines[9]
    assert lines[12].startswith("courier at ")
    assert lines[13].startswith("investment face up: ") and "(4 face down); influence pile 21, discard -; " \
                                                               "credit cards 5 of 5 left" in lines[13]
    assert [line[:2] for line in lines[14::2]] == ["P0", "P1", "P2"]
    for line in lines[14::2]:
        assert "5000 fl, status 0 (Peddler), tiles 1 2 3 4, investment -, influence -" in line
    assert all(line == "     warehouses: -" for line in lines[15::2])
    # the end: the winner, and credit scoring -1
    end = board_text(frames[-1])
    assert "phase GAME_OVER, game over (arrivals), won by " in end
    for p, seat in enumerate(frames[-1]["seats"]):
        if seat["credit"]:
            assert ", credit (scores -1)" in next(line for line in end.splitlines() if line.startswith(f"P{p}"))
    # a loading request, an offer, an answer: the status line names them
    for phase, words in (("REQUEST", "requests"), ("OFFER", "prices P"), ("ANSWER", "fl to P")):
        s = next((f for f in frames if f["phase"] == phase), None)
        if s is not None:
            status = board_text(s).splitlines()[1]
            assert f"loading wagon {s['loading']['wagon']} at " in status and words in status, phase


# ----------------------------------------------------------------------------------------- robustness and envs


def test_a_state_missing_optional_fields_still_draws(played):
    _, frames = played
    s = json.loads(json.dumps(frames[len(frames) // 2]))
    for key in ("bids", "wheels", "moveTurn", "loading", "buyTurn", "auction", "played", "courier", "bonus", "supply"):
        s.pop(key, None)
    for seat in s["seats"]:
        seat.pop("influence", None)
        seat.pop("warehouses", None)
    s["wagons"][1] = {}
    assert mr.view(s) is None, "the engine reads whole states only"
    ET.fromstring(board_svg(s))
    ET.fromstring(board_svg(s, observer=0))
    assert board_text(s).startswith("(the engine cannot read this state: shown as JSON)")
    assert board_text(s, observer=1) == "(the engine cannot read this state: no view for seat 1)", "no JSON to a seat"
    assert "the engine cannot read this state" in board_svg(s, observer=1) and "wagons" not in board_svg(s, observer=1)
    with pytest.raises(ValueError, match="not a Merchants of the Middle Ages state"):
        mr.board_text({"format": "kaisen.osaka.state/2"})


def test_envs_render_merchants_boards():
    env = kaisen.make("merchants", num_players=3, seed=1, render_mode="html")
    try:
        env.reset(seed=1)
        page = env.render()
        assert "price chart" in page and "wagon track" in page and "status ladder" in page and "Wagon 2" in page
        board = env.board()
        assert isinstance(board, Board) and board.game == "merchants"
        assert str(board).startswith("Merchants of the Middle Ages, 3 players")
        assert "seen by P0" in str(env.board(observer=0))
    finally:
        env.close()
    env = kaisen.make("merchants", num_players=2, seed=1, render_mode="rgb_array")
    try:
        env.reset(seed=1)
        image = env.render()
        assert image.ndim == 3 and image.shape[2] == 3 and image.dtype == np.uint8
    finally:
        env.close()


def test_replay_of_a_short_game():
    frames = _states(2, seed=21)[::60]
    replay = Replay(frames, [f"frame {s['decisions']}" for s in frames])
    page = replay.html()
    assert len(replay) == len(frames)
    assert page.count('class="frame"') == len(frames)
    assert page.count("<svg") == len(frames)
    assert "Merchants of the Middle Ages, 2 players" in str(replay)


# ----------------------------------------------------------------------------------------- custom data

#: Data unlike the default: other goods, cities, one fork, a road of no spaces, a short ladder and price chart.
CUSTOM_DATA = {
    **json.loads(DEFAULT_DATA.read_text()),
    "name": "hansa",
    "goods": ["amber", "fur", "herring", "wax", "grain", "timber"],
    "cities": [{"name": "Lubeck", "goods": ["amber", "fur", "herring"]},
               {"name": "Riga", "goods": ["wax", "grain", "timber"]},
               {"name": "Bergen", "goods": ["amber", "wax", "timber"]},
               {"name": "Danzig", "goods": ["fur", "grain", "herring"]},
               {"name": "Novgorod", "goods": ["amber", "grain", "fur"]},
               {"name": "Visby", "goods": ["herring", "wax", "timber"]}],
    "forks": ["Sound"],
    "roads": [{"from": "Lubeck", "to": "Riga", "spaces": 3}, {"from": "Riga", "to": "Bergen", "spaces": 2},
              {"from": "Bergen", "to": "Danzig", "spaces": 4}, {"from": "Danzig", "to": "Novgorod", "spaces": 2},
              {"from": "Novgorod", "to": "Visby", "spaces": 3}, {"from": "Visby", "to": "Lubeck", "spaces": 2},
              {"from": "Lubeck", "to": "Sound", "spaces": 1}, {"from": "Sound", "to": "Danzig", "spaces": 2},
              {"from": "Sound", "to": "Novgorod", "spaces": 0}],
    "setups": [{"wagons": ["Lubeck", "Bergen", "Novgorod"], "courier": {"from": "Riga", "to": "Bergen", "space": 1}}],
    "prices": {"cost": [100, 200, 300, 400], "sale": [500, 700, 900, 1100]},
    "status": {"levels": ["Apprentice", "Journeyman", "Master", "Elder", "Mayor"], "upkeep": [0, 100, 200, 300, 400],
               "stepCost": [800, 900, 1000]},
    "endArrivals": {"2": 5, "3": 6, "4": 7},
}


def test_custom_data_is_drawn_on_a_circle(tmp_path):
    path = tmp_path / "hansa.json"
    path.write_text(json.dumps(CUSTOM_DATA))
    frames = _states(3, seed=4, data=str(path))
    assert frames[-1]["phase"] == "GAME_OVER"
    default_names = {c["name"] for c in json.loads(DEFAULT_DATA.read_text())["cities"]} | {"Burgundy", "Alpine", "cloth", "Peddler"}
    for s in frames[::25] + frames[-1:]:
        assert s["data"]["name"] == "hansa"
        v = mr.view(s)
        assert v["places"][:6] == [c["name"] for c in CUSTOM_DATA["cities"]]
        lay = mr.layout(v)
        assert lay.circle
        # the cities on an ellipse around the map's centre, in id order, one sixth of a turn apart
        cx, cy = mr.MAP_X + mr.MAP_W / 2, mr.MAP_Y + mr.MAP_H / 2
        angles = [math.atan2(lay.xy[c][1] - cy, lay.xy[c][0] - cx) for c in range(6)]
        steps = [(b - a) % (2 * math.pi) for a, b in zip(angles, angles[1:] + angles[:1])]
        assert all(0.6 < st < 1.5 for st in steps), steps
        assert abs(angles[0] + math.pi / 2) < 1e-6, "the first city at the top"
        # the fork inside, the spaces along their roads
        fork = lay.xy[6]
        assert math.dist(fork, (cx, cy)) < 0.8 * mr.MAP_H / 2
        titles = _check_svg(s)
        assert "the map (circle layout: the data names other cities)" in titles
        text = board_text(s)
        svg = board_svg(s)
        assert "(data hansa)" in text.splitlines()[0]
        assert "amber" in text and "Journeyman" in svg and "Lubeck-Riga#1" in svg
        assert not any(name in text or name in svg for name in default_names), "nothing of the default data"
        assert sum(t.startswith("status ") and ": " in t and "upkeep" in t for t in titles) == 5
        assert sum(t.startswith("level ") for t in titles) == 4

"""The Tokaido renderer (kaisen.render.tokaido) on real states from the engine: several points of
2- and 5-player games, the text view, and a replay."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import kaisen
from kaisen.render import Board, Replay, board_svg, board_text, renderer_for
from kaisen.render import tokaido as tr



def _road(s: dict) -> list[dict]:
    """The road's spaces as the engine's view gives them (kind, letter, double)."""
    return tr.view(s)["road"]


def _doubles(s: dict) -> list[int]:
    return [pos for pos, space in enumerate(_road(s)) if space["double"]]


def _states(players: int, seed: int, every: int = 7) -> list[dict]:
    """States of one game with random legal moves: the start, every ``every`` decisions, and the end."""
    aec = kaisen.aec_env("tokaido", num_players=players)
    try:
        aec.reset(seed=seed)
        rng = np.random.default_rng(seed)
        states = []
        for k in range(5000):
            s = json.loads(aec.state_json())
            if k % every == 0:
                states.append(s)
            if all(aec.terminations.values()) or all(aec.truncations.values()):
                break
            mask = aec.observe(aec.agent_selection)["action_mask"]
            aec.step(int(rng.choice(np.flatnonzero(mask))))
        states.append(json.loads(aec.state_json()))
        return states
    finally:
        aec.close()


def _titles(root: ET.Element) -> list[str]:
    return [e.text or "" for e in root.iter() if e.tag.endswith("title")]


@pytest.fixture(scope="module", params=[2, 5], ids=["2p", "5p"])
def states(request):
    return request.param, _states(request.param, seed=request.param + 10)


def test_the_registry_draws_tokaido():
    assert renderer_for("tokaido") is not None
    assert renderer_for("tokaido").svg is tr.board_svg


def test_boards_parse_and_show_every_traveller_inn_and_double_space(states):
    players, frames = states
    assert frames[-1]["phase"] == "GAME_OVER" and len(frames) >= 4
    phases = set()
    for s in frames:
        phases.add(s["phase"])
        root = ET.fromstring(board_svg(s))  # well-formed XML
        assert root.tag.endswith("svg")
        titles = _titles(root)
        for p, seat in enumerate(s["seats"]):
            mine = [t for t in titles if t.startswith(f"P{p} ")]
            assert len(mine) == 1, (p, mine)
            assert f" at {seat['position']}" in mine[0]
        road = _road(s)
        assert [pos for pos, space in enumerate(road) if space["kind"] == "inn"] == list(tr.INNS)
        for inn in tr.INNS:
            assert any(t.startswith(f"{inn}: inn") for t in titles)
        doubles = _doubles(s)
        assert doubles and all(road[pos]['kind'] not in ('inn',) for pos in doubles)
        for pos in doubles:
            assert f"{pos}: {tr.KINDS[road[pos]['letter']][0]} (double space)" in titles
            assert any(t.startswith(f"{pos}: ") and "second spot" in t for t in titles)
        dashed = [t for t in titles if "used with 4-5 players only" in t]
        assert len(dashed) == (len(doubles) if players < 4 else 0)
    assert {"CHOOSE_TRAVELLER", "GAME_OVER"} <= phases and len(phases) >= 3


def test_two_travellers_on_a_double_space_take_both_spots():
    s = _states(5, seed=4, every=1)
    doubles = _doubles(s[0])
    shared = None
    for st in s:
        for pos in doubles:
            here = [p for p, seat in enumerate(st["seats"]) if seat["position"] == pos]
            if len(here) == 2:
                shared = (st, pos, here)
                break
        if shared:
            break
    assert shared, "no double space held two travellers in this game"
    st, pos, here = shared
    first, second = sorted(here, key=lambda p: st["seats"][p]["arrival"])
    assert [tr.view(st)["spots"][p] for p in (first, second)] == [0, 1]  # the engine's spots: road, second
    lines = {line[:2]: line for line in board_text(st).split("\n") if line[:1] == "P"}
    assert f" at {pos} " in lines[f"P{second}"] and ", second spot: " in lines[f"P{second}"]
    assert f" at {pos} " in lines[f"P{first}"] and "second spot" not in lines[f"P{first}"]
    titles = _titles(ET.fromstring(board_svg(st)))
    assert any(t.startswith(f"P{second} ") and f"at {pos}, second spot" in t for t in titles)
    assert any(t.startswith(f"P{first} ") and t.endswith(f"at {pos}") for t in titles)


def test_meals_on_offer_are_shown_at_an_inn():
    frames = _states(5, seed=4, every=1)
    at_inn = next(s for s in frames if s.get("offer"))
    svg = board_svg(at_inn)
    text = board_text(at_inn)
    assert "Meals on offer" in svg and "meals on offer" in text
    for meal in at_inn["offer"]:
        assert tr.card_kind(meal) in svg and tr.card_kind(meal) in text


def test_text_view_names_each_player(states):
    players, frames = states
    for s in (frames[0], frames[len(frames) // 2], frames[-1]):
        text = board_text(s)
        assert text.startswith(f"Tokaido, {players} players")
        for p, seat in enumerate(s["seats"]):
            assert f"P{p}" in text
            assert (seat.get("traveller") or seat["dealt"][0]) in text
    assert "won by" in board_text(frames[-1])


def test_a_state_missing_optional_fields_still_draws(states):
    _, frames = states
    s = json.loads(json.dumps(frames[len(frames) // 2]))
    for key in ("offer", "village", "drawnEncounters", "decks", "arrivals"):
        s.pop(key, None)
    for seat in s["seats"]:
        for key in ("souvenirSets", "mealSpent", "achievements", "dealt"):
            seat.pop(key, None)
    s["mealsOnOffer"] = [{"name": "sushi.1"}, None]  # a renamed field with cards as objects and a hidden one
    svg = board_svg(s)
    ET.fromstring(svg)
    assert "sushi" in svg and "? (hidden)" in svg
    # the engine cannot read it: the text board is the state JSON, marked as unread
    assert "sushi" in board_text(s) and board_text(s).startswith("(the engine cannot read this state")
    with pytest.raises(ValueError, match="not a Tokaido state"):
        tr.board_text({"format": "kaisen.osaka.state/2"})


def test_envs_render_tokaido_boards():
    env = kaisen.make("tokaido", num_players=3, seed=1, render_mode="html")
    try:
        env.reset(seed=1)
        assert "Kyoto" in env.render() and "Edo" in env.render()
        board = env.board()
        assert isinstance(board, Board) and board.game == "tokaido"
        assert str(board).startswith("Tokaido, 3 players")
        assert "seen by P0" in str(env.board(observer=0))
    finally:
        env.close()


def test_replay_of_a_short_game():
    frames = _states(2, seed=21, every=10)
    replay = Replay(frames, [f"frame {s['decisions']}" for s in frames])
    page = replay.html()
    assert len(replay) == len(frames)
    assert page.count('class="frame"') == len(frames)
    assert page.count("<svg") == len(frames)
    assert "Tokaido, 2 players" in str(replay)


def test_an_observer_sees_only_its_own_dealt_tiles_and_the_offer_only_at_the_inn():
    frames = _states(5, seed=4, every=1)
    start = frames[0]
    assert start["phase"] == "CHOOSE_TRAVELLER"
    mine = board_text(start, observer=1)
    assert "dealt " + " / ".join(start["seats"][1]["dealt"]) in mine
    assert mine.count("(hidden)") == len(start["seats"]) - 1
    assert " / ".join(start["seats"][0]["dealt"]) not in board_svg(start, observer=1)
    inn_state = next(s for s in frames if s.get("offer") and any(seat["position"] != max(
        seat2["position"] for seat2 in s["seats"] if seat2["position"] in tr.INNS) for seat in s["seats"]))
    inn = tr.view(inn_state)["offerInn"]
    assert inn == max(seat["position"] for seat in inn_state["seats"])  # the furthest traveller's inn
    away = next(p for p, seat in enumerate(inn_state["seats"]) if seat["position"] != inn)
    there = next(p for p, seat in enumerate(inn_state["seats"]) if seat["position"] == inn)
    known = inn_state.get("offerKnown", 0)
    assert tr.visible_offer(inn_state, there) == inn_state["offer"]
    seen = tr.visible_offer(inn_state, away)
    assert seen.count(None) == len(inn_state["offer"]) - known
    assert "? (hidden)" in board_svg(inn_state, observer=away) or known == len(inn_state["offer"])
    ET.fromstring(board_svg(inn_state, observer=away))

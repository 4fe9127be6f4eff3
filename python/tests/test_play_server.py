"""The play page's server over plain HTTP (no browser): the token, one tab, refused actions that
change nothing, the record, the viewer's steps, and that the person's payload never depends on what
the person cannot know (for every game: two determinizations of the state, made by the engine, give
byte-identical payloads)."""

from __future__ import annotations

import html
import json
import os
import random
import socket
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

import kaisen
from kaisen._jvm import find_jar
from kaisen.play.server import PageServer
from kaisen.play.session import ENGINE_STOPPED, PlaySession, ViewSession
from kaisen.seeding import derive_seed, to_java_long

from .conftest import java_child as _java_child
from .conftest import serve_command as _serve
from .conftest import start_page_server as start
from .conftest import stop_page_server as stop

TAB = "tab-one"


class Client:
    """Plain HTTP to one page server, as the page's script talks to it."""

    def __init__(self, server: PageServer, token: str | None = None, tab: str | None = TAB) -> None:
        host, port = server.server_address[:2]
        self.base = f"http://{host}:{port}"
        self.token = server.token if token is None else token
        self.tab = tab

    def request(self, path: str, body: bytes | None = None) -> tuple[int, bytes, dict[str, str]]:
        headers = {"X-Kaisen-Token": self.token}
        if self.tab is not None:
            headers["X-Kaisen-Tab"] = self.tab
        req = urllib.request.Request(self.base + path, data=body, headers=headers,
                                     method="POST" if body is not None else "GET")
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return r.status, r.read(), dict(r.headers)
        except urllib.error.HTTPError as e:
            return e.code, e.read(), dict(e.headers)

    def get(self, path: str) -> tuple[int, dict]:
        status, raw, _ = self.request(path)
        return status, json.loads(raw)

    def post(self, path: str, value) -> tuple[int, dict]:
        status, raw, _ = self.request(path, json.dumps(value).encode())
        return status, json.loads(raw)

    def raw_post(self, path: str, body: bytes) -> tuple[int, dict]:
        status, raw, _ = self.request(path, body)
        return status, json.loads(raw)


def until_turn(client: Client, since: int = 0, timeout: float = 60.0) -> dict:
    """Polls the person's view until it is the person's turn or the game is over."""
    import time

    end = time.monotonic() + timeout
    while True:
        status, v = client.get(f"/api/state?since={since}&boards=0")
        assert status == 200, v
        st = v["status"]
        assert st["error"] is None, st["error"]
        if st["yourTurn"] or st["over"]:
            return v
        assert time.monotonic() < end, "the agents did not finish their moves"
        time.sleep(0.02)


@pytest.fixture
def osaka():
    session = PlaySession("osaka", num_players=2, opponents="random", seat=0, seed=11)
    server = start(session)
    client = Client(server)
    status, info = client.post("/api/claim", {})
    assert status == 200, info
    yield session, server, client
    stop(server)


def test_the_token_is_required_everywhere(osaka):
    session, server, client = osaka
    for token in ("", "wrong", server.token[:-1] + ("A" if server.token[-1] != "A" else "B")):
        bad = Client(server, token=token)
        status, raw, headers = bad.request("/")
        assert status == 403 and b"wrong or missing token" in raw and headers["Cache-Control"] == "no-store"
        for path in ("/api/info", "/api/state", "/play.js", "/api/record"):
            status, raw, _ = bad.request(path)
            assert status == 403 and b"wrong or missing token" in raw, path
        status, v = bad.post("/api/act", {"decision": 0, "action": 0})
        assert status == 403 and "wrong or missing token" in v["error"]
    status, raw, headers = client.request("/")
    assert status == 200 and b"play.js" in raw and headers["Cache-Control"] == "no-store"
    assert b"http://" not in raw and b"https://" not in raw  # nothing from elsewhere
    for asset in ("play.js", "play.css"):
        status, raw, _ = client.request(f"/{asset}")
        assert status == 200 and b"https://" not in raw and b"http://" not in raw
    assert server.url.startswith("http://127.0.0.1:") and f"token={server.token}" in server.url


def test_a_second_tab_is_refused(osaka):
    session, server, client = osaka
    other = Client(server, tab="tab-two")
    status, v = other.post("/api/claim", {})
    assert status == 409 and "already open in another tab" in v["error"]
    v0 = until_turn(client)
    before = session.state.to_json()
    status, v = other.post("/api/act", {"decision": v0["status"]["decision"], "action": v0["actions"][0]["id"]})
    assert status == 409 and "already open in another tab" in v["error"]
    status, v = other.get("/api/state")
    assert status == 409 and "board" not in v
    assert session.state.to_json() == before
    status, _ = client.post("/api/claim", {})  # the claiming tab reloads: fine
    assert status == 200


def test_refused_actions_change_nothing(osaka):
    session, server, client = osaka
    rng = random.Random(3)
    v = until_turn(client)
    # play a few decisions, keeping an old decision number
    old = v["status"]["decision"], v["actions"][0]["id"]
    for _ in range(3):
        status, v = client.post("/api/act", {"decision": v["status"]["decision"],
                                             "action": rng.choice(v["actions"])["id"]})
        assert status == 200, v
        v = until_turn(client)
    legal = {a["id"] for a in v["actions"]}
    forged = next(a for a in range(session.state.num_actions) if a not in legal)
    cases = [
        ({"decision": old[0], "action": old[1]}, 409, "stale"),
        ({"decision": v["status"]["decision"], "action": forged}, 409, "not one of your legal actions"),
        ({"decision": v["status"]["decision"], "action": -1}, 409, "not one of your legal actions"),
        ({"decision": v["status"]["decision"], "action": 10 ** 9}, 409, "not one of your legal actions"),
        ({"decision": v["status"]["decision"], "action": "buy"}, 400, "whole number"),
        ({"decision": v["status"]["decision"], "action": True}, 400, "whole number"),
        ({"decision": v["status"]["decision"]}, 400, "nothing more or less"),
        ([1, 2], 400, "nothing more or less"),
    ]
    before, steps = session.state.to_json(), len(session.steps)
    for body, code, words in cases:
        status, r = client.post("/api/act", body)
        assert status == code and words in r["error"], (body, status, r)
        assert session.state.to_json() == before and len(session.steps) == steps
    status, r = client.raw_post("/api/act", b"{not json")
    assert status == 400 and "not JSON" in r["error"]
    status, r = client.raw_post("/api/act", b"\xff\xfe")
    assert status == 400 and "not JSON" in r["error"]
    status, r = client.get("/api/record")
    assert status == 409 and "once the game is over" in r["error"]
    assert session.state.to_json() == before and len(session.steps) == steps
    # not the person's turn: the person's move applied behind the page's back (no agent thread runs now)
    session.state.apply(v["actions"][0]["id"])
    if session.state.current_player() != session.seat and not session.state.is_terminal():
        before = session.state.to_json()
        d = session.state.decisions()
        status, r = client.post("/api/act", {"decision": d, "action": session.state.legal_actions()[0]})
        assert status == 409 and "not your turn" in r["error"] and session.state.to_json() == before


def test_a_whole_game_and_its_record(osaka, tmp_path):
    session, server, client = osaka
    rng = random.Random(5)
    v = until_turn(client)
    while not v["status"]["over"]:
        status, r = client.post("/api/act", {"decision": v["status"]["decision"],
                                             "action": rng.choice(v["actions"])["id"]})
        assert status == 200, r
        v = until_turn(client)
    assert v["result"]["scores"] == session.state.scores() and v["actions"] == []
    status, raw, headers = client.request("/api/record")
    assert status == 200 and "attachment" in headers["Content-Disposition"]
    path = tmp_path / "record.json"
    path.write_bytes(raw)
    rec = kaisen.load_record(path)  # replayed and checked
    assert rec.result.scores == tuple(session.state.scores()) and len(rec) == session.state.decisions()
    done = subprocess.run(["java", "-jar", str(find_jar()), "replay", str(path)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    status, r = client.post("/api/act", {"decision": v["status"]["decision"], "action": 0})
    assert status == 409 and "game is over" in r["error"]
    # every step's log is in words; the person's own moves carry the action table's meaning
    status, full = client.get("/api/state?since=0&boards=0")
    assert len(full["steps"]) == session.state.decisions()
    mine = [s for s in full["steps"] if s["player"] == session.seat]
    assert mine and all(s["log"].startswith("You (player 0): ") for s in mine)


def payload(client: Client, since: int) -> bytes:
    status, raw, _ = client.request(f"/api/state?since={since}")
    assert status == 200
    return raw


def _without_rng(state) -> dict:
    """The state's JSON form less its random stream (a determinization always restarts that)."""
    d = json.loads(state.to_json())
    d.pop("rng", None)
    return d


def test_the_person_sees_nothing_hidden(game):
    """Two states the person cannot tell apart (the engine's determinizations for the person's seat)
    give byte-identical payloads: board, legal actions, status. Checked at every turn of the person's
    in a whole game; some of them must have hidden information (the states differ). Then every board
    sent during the game (after each move, the agents' included) equals the board of a
    determinization of the state it shows. It also counts
    the turns where a spectator's board would show the difference (printed with ``-s``): those are
    the turns where drawing the person's board for the wrong observer would fail this test."""
    from kaisen.play.session import board_for

    session = PlaySession(game, num_players=2, opponents="random", seat=1, seed=3)
    server = start(session)
    try:
        client = Client(server)
        assert client.post("/api/claim", {})[0] == 200
        rng = random.Random(2)
        differed = streams = spectator_differed = turns = 0
        v = until_turn(client)
        while not v["status"]["over"] and turns < 300:
            since = len(session.steps)
            # the person's turn: no agent thread runs, so the state can be swapped (requests take the lock)
            true_state = session.state
            seen, boards = [], set()
            for seed in (101, 202):
                other = true_state.determinize(session.seat, seed)
                # a determinization always restarts the random stream: count what differs besides it
                differed += _without_rng(other) != _without_rng(true_state)
                streams += other.to_json() != true_state.to_json()
                boards.add(board_for(other, None))
                session.state = other
                seen.append(payload(client, since))
            session.state = true_state
            spectator_differed += len(boards) > 1
            assert seen[0] == seen[1], f"{game}: the payload at decision {true_state.decisions()} depends on " \
                                       "what player 1 cannot know"
            status, v = client.post("/api/act", {"decision": v["status"]["decision"],
                                                 "action": rng.choice(v["actions"])["id"]})
            assert status == 200, v
            v = until_turn(client)
            turns += 1
        # a game with everything on the table public hides only its random stream (future draws):
        # then `differed` is 0 and the payloads are compared across different futures only
        assert differed or streams, f"{game}: no hidden information at any checked turn: the check would be vacuous"
        # every board the server sent along the way (the agents' moves too), against the board of a
        # state the person cannot tell apart from the one it was drawn from
        status, everything = client.get("/api/state?since=0&boards=1")
        assert status == 200 and len(everything["steps"]) == session.state.decisions()
        assert session.state.is_terminal(), f"{game}: not over after {turns} turns"
        states = session.record().states()
        for k, step in enumerate(everything["steps"], 1):
            other = states[k].determinize(session.seat, 1000 + k)
            assert step["board"] == board_for(other, session.seat), \
                f"{game}: the board sent after decision {k} depends on what player 1 cannot know"
        # every move's words in the log, against the words for any action in a state the person cannot
        # tell apart that leaves the person's information state as the true move did
        from kaisen.play.session import _move_words

        moves, words_compared = session.record().moves, 0
        for k, step in enumerate(everything["steps"], 1):
            p = step["player"]
            if p == session.seat:
                continue
            after = states[k].observation(session.seat).tobytes()
            x = moves[k - 1].action
            for seed in range(300, 300 + (8 if k <= 2 * session.state.num_players else 2)):
                other = states[k - 1].determinize(session.seat, seed)
                legal = other.legal_actions()
                if x in legal:
                    cx = other.clone()
                    cx.apply(x)
                for y in (legal if len(legal) <= 24 else rng.sample(legal, 24)):
                    c = other.clone()
                    c.apply(y)
                    # (as in the Java check: two actions that even the actor cannot tell apart afterwards,
                    # e.g. a placement whose round resolved at once, were public and forgotten, not hidden)
                    forgotten = y != x and x in legal and \
                        c.observation(p).tobytes() == cx.observation(p).tobytes()
                    if c.observation(session.seat).tobytes() == after and not forgotten:
                        words_compared += 1
                        expected = f"{session.agent_names[p]} (player {p}): {_move_words(other, session.seat, p, y)}"
                        assert step["log"] == expected, \
                            f"{game}: the words for move {k} ({moves[k - 1].name}) depend on what player 1 cannot know"
        print(f"{game}: {turns} turns, {differed} determinizations differing outside the random stream "
              f"({streams} in it), {spectator_differed} turns where "
              f"a spectator's board shows the difference, {words_compared} log lines compared across determinizations")
    finally:
        stop(server)


def test_the_viewer_serves_each_step(tmp_path):
    out = tmp_path / "records"
    subprocess.run(["java", "-jar", str(find_jar()), "selfplay", "--game", "tokaido", "--players", "2", "--agents",
                    "random", "--games", "1", "--seed", "4", "--records", str(out)], check=True, capture_output=True,
                   timeout=120)
    rec = kaisen.load_record(out / "game-000000.json")
    states = rec.states()
    server = start(ViewSession(rec))
    try:
        client = Client(server)
        status, info = client.post("/api/claim", {})
        assert status == 200 and info["mode"] == "view" and info["steps"] == len(states)
        assert client.post("/api/claim", {})[0] == 200 and Client(server, tab="another").post("/api/claim", {})[0] == 200
        for k in (0, 1, len(states) // 2, len(states) - 1):
            status, d = client.get(f"/api/step?step={k}&observer=all")
            assert status == 200 and d["text"] == states[k].render() and d["decision"] == states[k].decisions()
            status, d = client.get(f"/api/step?step={k}&observer=0")
            assert status == 200 and "text" not in d and d["board"] == kaisen.play.board_for(states[k], 0)
            assert all("seed" not in line for line in d["log"]), "a seat's view names no seed (it deals the hidden cards)"
        # independently of rec.states() and render(): the final board is the one `kaisen replay`
        # prints after replaying the file in a JVM of its own
        replay = subprocess.run(["java", "-jar", str(find_jar()), "replay", str(out / "game-000000.json")],
                                capture_output=True, text=True, timeout=120, check=True).stdout
        status, d = client.get(f"/api/step?step={len(states) - 1}&observer=all")
        assert status == 200 and d["over"] and d["text"].strip() and d["text"].strip() in replay
        status, d = client.get(f"/api/step?step={len(states)}")
        assert status == 400 and f"0..{len(states) - 1}" in d["error"]
        status, d = client.get("/api/step?step=0&observer=5")
        assert status == 400 and "observer" in d["error"]
        status, d = client.get("/api/step?step=x")
        assert status == 400 and "whole number" in d["error"]
        status, d = client.post("/api/act", {"decision": 0, "action": 0})
        assert status == 404
    finally:
        stop(server)


@pytest.mark.parametrize("protocol", ["tournament", "head-to-head"])
def test_the_viewer_serves_the_records_eval_writes(protocol, tmp_path):
    """``eval --records`` writes the records ``selfplay --records`` writes (one per game, by index): they load
    checked against the rules, hold every seat's moves, and the viewer serves them."""
    out = tmp_path / "records"
    subprocess.run(["java", "-jar", str(find_jar()), "eval", "--protocol", protocol, "--game", "osaka", "--players",
                    "2", "--agents", "greedy,random", "--games", "3", "--seed", "4", "--threads", "2", "--records",
                    str(out)], check=True, capture_output=True, timeout=120)
    assert sorted(p.name for p in out.iterdir()) == ["game-000000.json", "game-000001.json", "game-000002.json"]
    for i in range(3):
        rec = kaisen.load_record(out / f"game-{i:06d}.json", verify=True)
        assert rec.game == "osaka" and rec.num_players == 2 and rec.result.winners
        assert rec.seed == to_java_long(derive_seed(4, i))  # game i is dealt from derive(seed, i)
        assert {m.player for m in rec.moves} == {0, 1}
    states = rec.states()
    server = start(ViewSession(rec))
    try:
        client = Client(server)
        status, info = client.post("/api/claim", {})
        assert status == 200 and info["mode"] == "view" and info["steps"] == len(states)
        assert info["file"] == "game-000002.json"
        last = len(states) - 1
        status, d = client.get(f"/api/step?step={last}&observer=all")
        assert status == 200 and d["text"] == states[last].render() and d["decision"] == rec.result.decisions
        status, d = client.get(f"/api/step?step={last}&observer=1")
        assert status == 200 and d["board"] == kaisen.play.board_for(states[last], 1)
    finally:
        stop(server)


def test_the_command_line_says_what_is_wrong(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "kaisen.record/1"}')
    cmd = [sys.executable, "-m", "kaisen.play"]
    done = subprocess.run([*cmd, "view", str(bad), "--no-browser"], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).parents[1])
    assert done.returncode == 2 and "kaisen view:" in done.stderr and "bad.json" in done.stderr, done.stderr
    done = subprocess.run([*cmd, "play", "--game", "osaka", "--opponents", "no-such-agent", "--no-browser"],
                          capture_output=True, text=True, timeout=120, cwd=Path(__file__).parents[1])
    assert done.returncode == 2 and "no-such-agent" in done.stderr, done.stderr
    done = subprocess.run([*cmd, "--game", "osaka", "--seat", "7", "--no-browser"],  # play: the default command
                          capture_output=True, text=True, timeout=120, cwd=Path(__file__).parents[1])
    assert done.returncode == 2 and "--seat must be 0..1" in done.stderr, done.stderr


@pytest.mark.parametrize("command", ["play", "view"])
def test_the_command_serves_until_stopped(command, tmp_path):
    """``python -m kaisen.play play|view`` prints the link (token, and the viewer's first observer),
    serves the page, and stops cleanly on SIGTERM."""
    import signal

    if command == "play":
        args = ["play", "--game", "osaka", "--seed", "3"]
    else:
        out = tmp_path / "records"
        subprocess.run(["java", "-jar", str(find_jar()), "selfplay", "--game", "osaka", "--players", "2", "--agents",
                        "random", "--games", "1", "--seed", "2", "--records", str(out)], check=True,
                       capture_output=True, timeout=120)
        args = ["view", str(out / "game-000000.json"), "--observer", "1"]
        done = subprocess.run([sys.executable, "-m", "kaisen.play", *args[:2], "--observer", "2", "--no-browser"],
                              capture_output=True, text=True, timeout=120, cwd=Path(__file__).parents[1])
        assert done.returncode == 2 and "--observer must be all or a seat 0..1" in done.stderr, done.stderr
    proc = subprocess.Popen([sys.executable, "-m", "kaisen.play", *args, "--no-browser"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=Path(__file__).parents[1])
    try:
        url = ""
        for line in proc.stdout:
            if line.startswith("kaisen: open "):
                url = line.split("kaisen: open ", 1)[1].strip()
                break
        assert url.startswith("http://127.0.0.1:") and "?token=" in url
        assert url.endswith("&observer=1") == (command == "view")
        with urllib.request.urlopen(url, timeout=30) as r:
            assert r.status == 200 and b"play.js" in r.read()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_a_game_can_be_moved_to_another_tab_by_a_takeover_claim():
    session = PlaySession("osaka", num_players=2, opponents="random", seat=0, seed=2)
    server = start(session)
    try:
        first, second = Client(server, tab="first"), Client(server, tab="second")
        assert first.post("/api/claim", {})[0] == 200
        status, r = second.post("/api/claim", {})
        assert status == 409 and "open the game here" in r["error"]
        for bad in ({"takeover": 1}, {"takeover": True, "x": 1}, []):
            status, r = second.post("/api/claim", bad)
            assert status == 400 and "takeover" in r["error"]
        assert Client(server, token="forged", tab="second").post("/api/claim", {"takeover": True})[0] == 403
        assert session.tab == "first"
        assert second.post("/api/claim", {"takeover": True})[0] == 200
        assert second.get("/api/state")[0] == 200
        status, r = first.get("/api/state")
        assert status == 409 and r["code"] == "moved" and "moved to another tab" in r["error"]
        status, r = first.post("/api/act", {"decision": 0, "action": 0})
        assert status == 409 and r["code"] == "moved"
        assert first.post("/api/claim", {"takeover": True})[0] == 200, "and back again"
        assert second.get("/api/state")[1]["code"] == "moved"
    finally:
        stop(server)


class _UrlClient(Client):
    def __init__(self, url: str) -> None:  # noqa: D107 - a Client for a server in another process
        parts = urllib.parse.urlsplit(url)
        self.base = f"{parts.scheme}://{parts.netloc}"
        self.token = urllib.parse.parse_qs(parts.query)["token"][0]
        self.tab = TAB


def test_a_dead_jvm_ends_the_game_with_a_clear_error_and_the_moves_so_far(tmp_path):
    """The JVM killed mid-game: the page's next poll gets a normal view with the error (phase error,
    no actions), the terminal one line (no traceback), and the moves so far can be downloaded as an
    unfinished record that replays."""
    import signal

    proc, url = _serve(["play", "--game", "osaka", "--seed", "3"])
    try:
        client = _UrlClient(url)
        assert client.post("/api/claim", {})[0] == 200
        v = until_turn(client)
        status, v = client.post("/api/act", {"decision": v["status"]["decision"], "action": v["actions"][0]["id"]})
        assert status == 200
        v = until_turn(client)
        moves = len(v["steps"])
        assert moves >= 1
        os.kill(_java_child(proc.pid), signal.SIGKILL)
        for _ in range(3):  # every poll after it: the same clear error, no 500
            status, v = client.get("/api/state?since=0&boards=0")
            assert status == 200, v
            assert v["status"]["error"] == ENGINE_STOPPED and v["status"]["record"] and v["actions"] == []
            assert len(v["steps"]) == moves and v["board"].startswith("<svg")
        status, r = client.post("/api/act", {"decision": v["status"]["decision"], "action": 0})
        assert status == 409 and ENGINE_STOPPED in r["error"]
        status, raw, headers = client.request("/api/record")
        assert status == 200 and 'filename="osaka-unfinished-record.json"' in headers["Content-Disposition"]
        path = tmp_path / "unfinished.json"
        path.write_bytes(raw)
        rec = kaisen.load_record(path, verify=True)
        assert rec.result is None and len(rec.moves) == moves and rec.seed == 3
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
        err = proc.stderr.read()
        assert "Traceback" not in err, err
        assert [line for line in err.splitlines() if "engine" in line] == [
            line for line in err.splitlines() if line.startswith("kaisen: the game engine (JVM) stopped")], err
        assert err.count("the game engine (JVM) stopped") == 1, err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_sigterm_while_an_agent_thinks_stops_at_once_without_tracebacks():
    import signal
    import time

    proc, url = _serve(["play", "--game", "tokaido", "--seed", "3", "--seat", "1", "--opponents", "ismcts:3000000"])
    try:
        client = _UrlClient(url)
        assert client.post("/api/claim", {})[0] == 200
        status, v = client.get("/api/state?boards=0")
        assert status == 200 and v["status"]["thinking"], "the agent thinks (seat 0 moves first)"
        time.sleep(1)
        begun = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
        took = time.monotonic() - begun
        err = proc.stderr.read()
        assert took < 8, f"took {took:.1f} s to stop"
        assert "Traceback" not in err and "engine" not in err, err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.parametrize("given", [True, False])
def test_a_random_seed_is_not_printed_only_a_given_one(given):
    """The seed deals every hidden card: a seed chosen by the command stays secret until the record."""
    import signal

    printed: list[str] = []
    proc, url = _serve(["play", "--game", "osaka"] + (["--seed", "7"] if given else []), printed)
    try:
        assert any(line.startswith("kaisen: osaka, 2 players") for line in printed), printed
        assert any("seed" in line for line in printed) == given, printed
        if given:
            assert any(", seed 7;" in line for line in printed), printed
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_the_browser_is_opened_on_a_private_redirect_file_not_on_the_link(tmp_path):
    """The token never appears on a browser's command line (the process list): the browser gets a
    0600 file in a 0700 folder that forwards to the link; the file is gone once the server stops."""
    import signal
    import time

    seen = tmp_path / "browser-saw.txt"
    fake = tmp_path / "fake-browser"
    fake.write_text("#!/bin/sh\n"
                    f'{{ echo "$@"; f="${{1#file://}}"; stat -c %a "$f" "$(dirname "$f")"; cat "$f"; }} > {seen}\n')
    fake.chmod(0o700)
    proc, url = _serve(["play", "--game", "osaka", "--seed", "3"], env={"BROWSER": f"{fake} %s"})
    try:
        for _ in range(200):
            if seen.exists() and "</html>" in seen.read_text():
                break
            time.sleep(0.05)
        argv, file_mode, dir_mode, page = seen.read_text().split("\n", 3)
        token = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)["token"][0]
        assert argv.startswith("file:///") and token not in argv
        assert (file_mode, dir_mode) == ("600", "700")
        assert html.escape(url, quote=True) in page and "http-equiv='refresh'" in page
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
        assert not Path(argv[len("file://"):]).exists() and not Path(argv[len("file://"):]).parent.exists()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_a_seed_of_64_bits_gives_a_record_that_loads(tmp_path):
    """Seeds may be given unsigned (as the CLI's): the record holds Java's long of the same bits."""
    big = (1 << 64) - 3
    session = PlaySession("osaka", num_players=2, opponents="random", seat=0, seed=big)
    assert session.seed == to_java_long(big) == -3
    assert session.state.to_json() == PlaySession("osaka", num_players=2, seat=0, seed=-3).state.to_json()
    with pytest.raises(ValueError, match="64 bits"):
        PlaySession("osaka", num_players=2, seed=1 << 64)
    server = start(session)
    try:
        client = Client(server)
        assert client.post("/api/claim", {})[0] == 200
        v = until_turn(client)
        while not v["status"]["over"]:
            status, v = client.post("/api/act", {"decision": v["status"]["decision"], "action": v["actions"][0]["id"]})
            assert status == 200, v
            v = until_turn(client)
        status, raw, _ = client.request("/api/record")
        assert status == 200
        path = tmp_path / "big.json"
        path.write_bytes(raw)
        assert kaisen.load_record(path, verify=True).seed == -3
    finally:
        stop(server)


def test_the_host_the_token_place_and_the_headers():
    session = PlaySession("osaka", num_players=2, opponents="random", seat=0, seed=2)
    server = start(session)
    try:
        client = Client(server)
        port = server.server_address[1]
        assert client.post("/api/claim", {})[0] == 200
        for host in ("evil.example:%d" % port, "127.0.0.1:1", "localhost"):
            req = urllib.request.Request(client.base + "/api/state", headers={
                "Host": host, "X-Kaisen-Token": server.token, "X-Kaisen-Tab": TAB})
            with pytest.raises(urllib.error.HTTPError) as e:
                urllib.request.urlopen(req, timeout=30)
            assert e.value.code == 403 and "answers only at" in json.loads(e.value.read())["error"]
        local = urllib.request.Request(client.base.replace("127.0.0.1", "localhost") + "/api/state",
                                       headers={"X-Kaisen-Token": server.token, "X-Kaisen-Tab": TAB})
        with urllib.request.urlopen(local, timeout=30) as r:
            assert r.status == 200
        # the token in the query: for the page, its assets and the record, not for the API
        query_only = Client(server, token="")
        assert query_only.get(f"/api/state?token={server.token}")[0] == 403
        for path in ("/", "/play.js", "/play.css"):
            status, _, headers = query_only.request(f"{path}?token={server.token}")
            assert status == 200, path
            assert headers["Referrer-Policy"] == "no-referrer" and headers["Server"] == "kaisen"
        status, r = query_only.get(f"/api/record?token={server.token}")
        assert status == 409 and "once the game is over" in r["error"], "the token was accepted"
    finally:
        stop(server)


def test_a_failing_agent_is_told_generically_on_the_page_and_in_full_on_the_terminal(capsys):
    class Failing:
        def act(self, state):
            raise RuntimeError("secret: its legal actions are [3, 4]")

    session = PlaySession("osaka", num_players=2, opponents="random", seat=0, seed=2)
    server = start(session)
    try:
        client = Client(server)
        assert client.post("/api/claim", {})[0] == 200
        v = until_turn(client)
        session.agents[1] = Failing()
        status, v = client.post("/api/act", {"decision": v["status"]["decision"], "action": v["actions"][0]["id"]})
        assert status == 200
        import time

        for _ in range(500):
            if v["status"]["error"] is not None or not v["status"]["thinking"]:
                break
            time.sleep(0.02)
            v = client.get("/api/state?boards=0")[1]
        assert v["status"]["error"] == "the agent random (player 1) failed; see the terminal"
        status, raw, _ = client.request("/api/state?since=0")
        assert b"secret" not in raw
        err = capsys.readouterr().err
        assert "kaisen: the agent random (player 1) failed: secret: its legal actions are [3, 4]" in err
    finally:
        stop(server)


def test_the_whole_games_boards_are_sent_only_when_asked():
    session = PlaySession("osaka", num_players=2, opponents="random", seat=0, seed=2)
    server = start(session)
    try:
        client = Client(server)
        assert client.post("/api/claim", {})[0] == 200
        v = until_turn(client)
        assert client.post("/api/act", {"decision": v["status"]["decision"], "action": v["actions"][0]["id"]})[0] == 200
        v = until_turn(client)
        assert len(v["steps"]) >= 2, "the person's move and the agent's"
        status, v = client.get("/api/state?since=0")
        assert status == 200 and v["steps"] and all("board" not in s for s in v["steps"])
        status, v = client.get("/api/state?since=0&boards=1")
        assert status == 200 and all(s["board"].startswith("<svg") for s in v["steps"])
        status, v = client.get("/api/state?since=1")
        assert status == 200 and all("board" in s for s in v["steps"])
        status, v = client.get("/api/state?since=0&boards=yes")
        assert status == 400 and "boards must be 0 or 1" in v["error"]
    finally:
        stop(server)


def _raw(server: PageServer, request: bytes) -> socket.socket:
    """A socket to ``server`` that has sent ``request`` (bytes as given: a test may stop mid-request)."""
    s = socket.create_connection(server.server_address[:2], timeout=30)
    s.sendall(request)
    return s


def _poll(server: PageServer) -> bytes:
    port = server.server_address[1]
    return (f"GET /api/state?boards=1 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Kaisen-Token: {server.token}\r\n"
            f"X-Kaisen-Tab: {TAB}\r\n\r\n").encode()


def test_clients_that_go_away_early_are_no_news_on_the_terminal(osaka, capsys):
    """Polls reset before their answer (a page closed or reloaded mid-poll), and a slow client closing
    mid-header: the server goes on answering, and prints nothing (no traceback)."""
    import socket
    import struct

    _, server, client = osaka
    port = server.server_address[1]
    for _ in range(5):
        s = _raw(server, _poll(server))
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close = RST
        s.close()
    for _ in range(3):  # reset while the request line or the headers arrive
        s = _raw(server, f"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Ka".encode())
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        s.close()
    s = _raw(server, f"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX".encode())
    s.close()  # a slowloris closing: the request is cut short and refused to a gone client
    import threading
    import time

    # the server's request threads meet the closed sockets and end (each handles one request)
    deadline = time.monotonic() + 30
    while any("process_request_thread" in t.name for t in threading.enumerate()) and time.monotonic() < deadline:
        time.sleep(0.02)
    status, v = client.get("/api/state?boards=0")
    assert status == 200 and v["status"]["error"] is None
    err = capsys.readouterr().err
    assert err == "", err


def test_a_body_that_stalls_is_answered_408_with_one_line_on_the_terminal(capsys):
    import time

    session = PlaySession("osaka", num_players=2, opponents="random", seat=0, seed=2)
    server = start(session, request_timeout=1)
    try:
        client = Client(server)
        assert client.post("/api/claim", {})[0] == 200
        port = server.server_address[1]
        s = _raw(server, f"POST /api/act HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Kaisen-Token: {server.token}\r\n"
                         f"X-Kaisen-Tab: {TAB}\r\nContent-Length: 16000\r\n\r\n{{".encode())
        begun = time.monotonic()
        assert client.get("/api/state?boards=0")[0] == 200, "other requests go on meanwhile"
        answer = b""
        while chunk := s.recv(4096):
            answer += chunk
        s.close()
        took = time.monotonic() - begun
        assert answer.startswith(b"HTTP/1.0 408 "), answer[:200]
        assert json.loads(answer.split(b"\r\n\r\n", 1)[1]) == {"error": "the request body did not arrive within 1 s"}
        assert 0.5 < took < 10, took
        err = capsys.readouterr().err
        assert err.splitlines() == ["kaisen: a client's 16000-byte body arrived too slowly (nothing for 1 s); "
                                    "answered 408, connection closed"], err
        assert client.get("/api/state?boards=0")[0] == 200
    finally:
        stop(server)


@pytest.mark.parametrize("port", ["70000", "-1"])
def test_a_port_out_of_range_is_one_line(port):
    done = subprocess.run([sys.executable, "-m", "kaisen.play", "--game", "osaka", "--port", port, "--no-browser"],
                          capture_output=True, text=True, timeout=120, cwd=Path(__file__).parents[1])
    assert done.returncode == 2 and done.stdout == "", done
    assert done.stderr == f"kaisen play: --port must be from 0 to 65535 (0: any free port), not {port}\n"


@pytest.mark.parametrize("command", ["play", "view"])
def test_a_port_in_use_is_one_line_and_nothing_else(command, tmp_path):
    import socket

    taken = socket.socket()
    try:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = ["--game", "osaka"] if command == "play" else [str(tmp_path / "no-such-record.json")]
        done = subprocess.run([sys.executable, "-m", "kaisen.play", command, *args, "--port", str(port),
                               "--no-browser"], capture_output=True, text=True, timeout=120,
                              cwd=Path(__file__).parents[1])
    finally:
        taken.close()
    assert done.returncode == 2 and done.stdout == "", done
    assert done.stderr == (f"kaisen {command}: port {port} on 127.0.0.1 is in use; choose another --port or leave "
                           "it out for a free one\n"), done.stderr


def test_a_burst_of_connections_waits_for_no_retransmit(osaka):
    """100 connections opened at once all find room in the listen backlog (with socketserver's 5, a
    burst waits out 1 s SYN retransmits)."""
    import socket
    import time

    _, server, client = osaka
    opened, slowest = [], 0.0
    try:
        for _ in range(100):
            begun = time.monotonic()
            opened.append(socket.create_connection(server.server_address[:2], timeout=30))
            slowest = max(slowest, time.monotonic() - begun)
    finally:
        for s in opened:
            s.close()
    assert slowest < 0.9, f"a connection waited {slowest:.1f} s"
    assert client.get("/api/state?boards=0")[0] == 200

"""The play page in a real headless Chromium (Playwright driving the system's Chromium; no
browser download): a whole game clicked through for every game, the replay viewer against the
Java text view step by step, the token, a second tab, refused actions, a stopped server, and that
the page's DOM never depends on what the person cannot know.

The browser is ``$KAISEN_BROWSER``, else ``/usr/bin/chromium`` (``./kaisen test`` installs
Debian's ``chromium`` when it can). Without one these tests skip, saying why, unless
``KAISEN_REQUIRE_BROWSER`` is set (as ``./kaisen test`` sets it): then they fail.
"""

from __future__ import annotations

import os
import random
import subprocess

import pytest

import kaisen
from kaisen._jvm import find_jar
from kaisen.play.browser import FLAGS
from kaisen.play.session import PlaySession, ViewSession

from .conftest import headless_chromium, java_child, serve_command
from .conftest import start_page_server as start
from .conftest import stop_page_server as stop


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    path = headless_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=list(FLAGS))
        yield b
        b.close()


@pytest.fixture
def context(browser, tmp_path):
    ctx = browser.new_context(accept_downloads=True, viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(60_000)
    yield ctx
    ctx.close()


READY = "body[data-phase=your-turn], body[data-phase=over], body[data-phase=error]"


def wait_ready(page) -> str:
    page.wait_for_selector(READY)
    return page.get_attribute("body", "data-phase")


def shown_actions(page) -> list[int]:
    return [int(x) for x in page.eval_on_selector_all("#actions button", "bs => bs.map(b => b.dataset.action)")]


def click_action(page, action: int) -> None:
    """Clicks an action's button and waits until the page has moved on from that decision."""
    decision = page.get_attribute("#status", "data-decision")
    page.click(f"#actions button[data-action='{action}']")
    page.wait_for_function("d => document.body.dataset.phase !== 'your-turn' || "
                           "document.getElementById('status').dataset.decision !== d", arg=decision)


def test_a_whole_game_by_clicking(game, context, tmp_path):
    """Every game, 2 players, against random: click a random shown button until the game ends; every
    button shown is a legal action; the end shows the scores and a record that loads and replays."""
    session = PlaySession(game, num_players=2, opponents="random", seat=0, seed=3)
    server = start(session)
    try:
        page = context.new_page()
        page.goto(server.url + "&fast=1")
        rng = random.Random(1)
        clicks = 0
        while (phase := wait_ready(page)) == "your-turn":
            shown = shown_actions(page)
            assert shown == session.state.legal_actions(), f"{game}: buttons {shown} are not the legal actions"
            decision = int(page.get_attribute("#status", "data-decision"))
            assert decision == session.state.decisions()
            click_action(page, rng.choice(shown))
            clicks += 1
        assert phase == "over", page.inner_text("#banner")
        assert session.state.is_terminal() and clicks > 0
        table = page.inner_text("#result-table")
        for score in session.state.scores():
            assert str(score) in table
        with page.expect_download() as dl:
            page.click("#download")
        path = tmp_path / "record.json"
        dl.value.save_as(path)
        rec = kaisen.load_record(path)
        assert rec.game == game and len(rec) == session.state.decisions()
        assert rec.result.scores == tuple(session.state.scores())
    finally:
        stop(server)


def test_the_page_plays_offline(context):
    """Nothing is fetched from anywhere but the page's own server: with every other request aborted,
    the page loads and plays."""
    session = PlaySession("osaka", num_players=2, opponents="random", seat=0, seed=8)
    server = start(session)
    elsewhere: list[str] = []

    def only_local(route):
        url = route.request.url
        if url.startswith(f"http://127.0.0.1:{server.server_address[1]}/"):
            route.continue_()
        else:
            elsewhere.append(url)
            route.abort()

    try:
        context.route("**/*", only_local)
        page = context.new_page()
        page.goto(server.url + "&fast=1")
        for _ in range(3):
            assert wait_ready(page) == "your-turn"
            click_action(page, shown_actions(page)[0])
        assert wait_ready(page) in ("your-turn", "over") and len(session.moves) >= 3
        assert page.inner_text("#banner") == "" and elsewhere == []
    finally:
        context.unroute("**/*")
        stop(server)


def test_the_viewer_shows_the_java_text_view_at_every_step(context, tmp_path):
    out = tmp_path / "records"
    subprocess.run(["java", "-jar", str(find_jar()), "selfplay", "--game", "osaka", "--players", "2", "--agents",
                    "random", "--games", "1", "--seed", "9", "--records", str(out)], check=True, capture_output=True,
                   timeout=120)
    rec = kaisen.load_record(out / "game-000000.json")
    texts = [s.render() for s in rec.states()]  # independently of the page's server
    server = start(ViewSession(rec))
    try:
        page = context.new_page()
        page.goto(server.url)

        def at(k: int) -> None:
            page.wait_for_selector(f"body[data-phase=ready][data-step='{k}']")
            assert page.eval_on_selector("#text", "e => e.textContent") == texts[k], f"step {k}"

        at(0)
        for k in range(1, len(texts)):
            page.click("#next")
            at(k)
        page.click("#next")  # past the end: stays at the last step
        at(len(texts) - 1)
        assert page.is_visible("#view-result")
        for k in range(len(texts) - 2, len(texts) - 12, -1):
            page.click("#prev")
            at(k)
        page.fill("#jump", "17")
        page.click("#jump-form button")
        at(17)
        page.click("#first")
        at(0)
        page.click("#last")
        at(len(texts) - 1)
        # a seat's view: its information state, no text view of everything
        page.select_option("#observer", "1")
        page.wait_for_selector(f"body[data-phase=ready][data-step='{len(texts) - 1}']")
        page.wait_for_function("() => document.getElementById('text').hidden")
        expected = kaisen.play.board_for(rec.states()[-1], 1)
        normalized = page.evaluate("s => { const d = document.createElement('div'); d.innerHTML = s; "
                                   "return d.innerHTML; }", expected)  # as the browser writes it back
        assert page.inner_html("#board") == normalized
    finally:
        stop(server)


def test_a_wrong_token_and_a_second_tab_get_a_message(context):
    session = PlaySession("osaka", num_players=2, opponents="random", seat=0, seed=2)
    server = start(session)
    try:
        page = context.new_page()
        r = page.goto(server.url.replace(server.token, "forged-token"))
        assert r.status == 403 and "wrong or missing token" in page.inner_text("#message")
        page.goto(server.url + "&fast=1")
        assert wait_ready(page) == "your-turn"
        second = context.new_page()  # a new tab: its own sessionStorage, so its own tab id
        second.goto(server.url + "&fast=1")
        second.wait_for_selector("body[data-phase=other-tab]")
        assert "already open in another tab" in second.inner_text("#banner")
        assert second.query_selector_all("#actions button") == []
        page.reload()  # the claiming tab may reload
        assert wait_ready(page) == "your-turn"
    finally:
        stop(server)


def test_a_closed_tab_loses_nothing_the_game_can_be_opened_in_another(context):
    """The claim is per tab: after the first tab is gone (or still open), a new tab offers to open
    the game there; the old tab's next request says the game moved, and that tab stops."""
    session = PlaySession("osaka", num_players=2, opponents="random", seat=0, seed=2)
    server = start(session)
    try:
        old = context.new_page()
        old.goto(server.url + "&fast=1")
        assert wait_ready(old) == "your-turn"
        new = context.new_page()
        new.goto(server.url + "&fast=1")
        new.wait_for_selector("body[data-phase=other-tab]")
        new.click("#takeover")
        assert wait_ready(new) == "your-turn"
        before = session.state.to_json()
        old.click("#actions button >> nth=0")
        old.wait_for_selector("body[data-phase=moved]")
        assert "moved to another tab" in old.inner_text("#banner")
        assert session.state.to_json() == before, "the old tab's click changed nothing"
        assert all(b.is_disabled() for b in old.query_selector_all("button"))
        click_action(new, shown_actions(new)[0])
        assert wait_ready(new) in ("your-turn", "over") and session.state.to_json() != before
    finally:
        stop(server)


def test_stale_and_forged_actions_from_the_page_change_nothing(context):
    session = PlaySession("tokaido", num_players=2, opponents="random", seat=0, seed=4)
    server = start(session)
    try:
        page = context.new_page()
        page.goto(server.url + "&fast=1")
        wait_ready(page)
        old = int(page.get_attribute("#status", "data-decision"))
        old_action = shown_actions(page)[0]
        click_action(page, old_action)
        assert wait_ready(page) == "your-turn"
        before, steps = session.state.to_json(), len(session.steps)
        post = """async ([d, a]) => { const r = await fetch('/api/act', {method: 'POST', headers: {
            'X-Kaisen-Token': new URLSearchParams(location.search).get('token'),
            'X-Kaisen-Tab': sessionStorage.getItem('kaisen-tab'), 'Content-Type': 'application/json'},
            body: JSON.stringify({decision: d, action: a})}); return [r.status, (await r.json()).error]; }"""
        status, error = page.evaluate(post, [old, old_action])
        assert status == 409 and "stale" in error
        legal = set(session.state.legal_actions())
        forged = next(a for a in range(session.state.num_actions) if a not in legal)
        status, error = page.evaluate(post, [session.state.decisions(), forged])
        assert status == 409 and "not one of your legal actions" in error
        assert session.state.to_json() == before and len(session.steps) == steps
        # the page still plays on
        page.click("#actions button >> nth=0")
        assert wait_ready(page) in ("your-turn", "over") and len(session.steps) > steps
    finally:
        stop(server)


def test_the_agents_moves_are_stepped_and_can_be_skipped(context):
    """Without ``fast=1`` each agent move is shown for a moment (board and log line), with a skip button."""
    session = PlaySession("tokaido", num_players=3, opponents="random", seat=0, seed=6)
    server = start(session)
    try:
        page = context.new_page()
        page.goto(server.url)
        assert wait_ready(page) == "your-turn"
        for _ in range(6):  # until a click is followed by agents' moves
            steps = len(session.steps)
            page.click("#actions button >> nth=0")
            page.wait_for_selector("body[data-phase=animating], body[data-phase=your-turn], body[data-phase=over]")
            if page.get_attribute("body", "data-phase") == "animating":
                assert page.is_visible("#skip")
                page.click("#skip")
                break
            assert len(session.steps) == steps + 1
        assert wait_ready(page) == "your-turn"
        assert not page.is_visible("#skip")
        logged = page.eval_on_selector_all("#log li", "ls => ls.map(l => l.textContent)")
        assert logged == [s.log for s in session.steps] and any("random (player " in x for x in logged)
    finally:
        stop(server)


def test_a_stopped_server_is_reported(context):
    session = PlaySession("osaka", num_players=2, opponents="random", seat=0, seed=5)
    server = start(session)
    page = context.new_page()
    page.goto(server.url + "&fast=1")
    assert wait_ready(page) == "your-turn"
    stop(server)
    page.click("#actions button >> nth=0")
    page.wait_for_selector("body[data-phase=stopped]")
    assert "server has stopped" in page.inner_text("#banner")


def test_a_request_that_fails_a_few_times_is_retried(context):
    """A dropped request is not yet a stopped server: the page tries again (with a growing wait)."""
    session = PlaySession("osaka", num_players=2, opponents="random", seat=0, seed=5)
    server = start(session)
    dropped: list[str] = []

    def flaky(route):
        if len(dropped) < 3:
            dropped.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    try:
        context.route("**/api/state*", flaky)
        page = context.new_page()
        page.goto(server.url + "&fast=1")
        assert wait_ready(page) == "your-turn"
        assert len(dropped) == 3 and page.inner_text("#banner") == ""
        click_action(page, shown_actions(page)[0])
        assert wait_ready(page) in ("your-turn", "over")
    finally:
        context.unroute("**/api/state*")
        stop(server)


def test_a_dead_jvm_is_shown_and_the_moves_so_far_offered(context, tmp_path):
    """The JVM of a served game killed: the page shows the error, stops, and offers the moves so far."""
    import signal

    proc, url = serve_command(["play", "--game", "osaka", "--seed", "3"])
    try:
        page = context.new_page()
        page.goto(url + "&fast=1")
        assert wait_ready(page) == "your-turn"
        click_action(page, shown_actions(page)[0])
        assert wait_ready(page) == "your-turn"
        os.kill(java_child(proc.pid), signal.SIGKILL)
        page.click("#actions button >> nth=0")
        page.wait_for_selector("body[data-phase=error]")
        assert "the game engine stopped" in page.inner_text("#banner")
        assert page.query_selector_all("#actions button") == []
        with page.expect_download() as dl:
            page.click("#download")
        assert dl.value.suggested_filename == "osaka-unfinished-record.json"
        dl.value.save_as(tmp_path / "r.json")
        rec = kaisen.load_record(tmp_path / "r.json", verify=True)
        assert rec.result is None and len(rec.moves) >= 2
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)


def test_the_page_shows_nothing_hidden(game, context):
    """The page's DOM (board, actions, status) for two determinizations of the state for the
    person's seat (made by the engine) is the same: nothing the person cannot know reaches it."""
    session = PlaySession(game, num_players=2, opponents="random", seat=1, seed=8)
    server = start(session)
    try:
        page = context.new_page()
        page.goto(server.url + "&fast=1")
        rng = random.Random(4)
        differed = 0
        for _ in range(8):
            if wait_ready(page) != "your-turn":
                break
            true_state = session.state  # the person's turn: no agent thread runs
            doms = []
            for seed in (11, 22):
                other = true_state.determinize(session.seat, seed)
                differed += other.to_json() != true_state.to_json()
                session.state = other
                page.reload()
                wait_ready(page)
                doms.append(page.evaluate("() => [document.getElementById('board').innerHTML, "
                                          "document.getElementById('actions').innerHTML, "
                                          "document.getElementById('status').textContent]"))
            session.state = true_state
            assert doms[0] == doms[1], f"{game}: the page depends on what player 1 cannot know"
            page.reload()
            wait_ready(page)
            click_action(page, rng.choice(shown_actions(page)))
        assert differed, f"{game}: no hidden information at any checked turn: the check would be vacuous"
    finally:
        stop(server)

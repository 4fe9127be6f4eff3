"""The documentation site (``./kaisen docs``): it builds with ``mkdocs build --strict`` (no broken
internal link, no missing page or image, no docstring warning), every page of the built site opens
in headless Chromium with its main heading, its images and no console error, every registered game
has its page, and each game page's tables are the JVM's (``kaisen spec``, the registry, the zoo).

The build needs the ``docs`` extra; without it these tests skip, saying why, unless
``KAISEN_REQUIRE_DOCS`` is set (as ``./kaisen test`` sets it): then they fail. The browser tests
need Chromium, as the play page's do (``KAISEN_REQUIRE_BROWSER``).
"""

from __future__ import annotations

import functools
import html
import http.server
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import kaisen
from kaisen._java_launch import find_jar, find_java
from kaisen.play.browser import FLAGS

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "_scripts"))

import site_data  # noqa: E402

from .conftest import headless_chromium, skip_unless_required  # noqa: E402

#: The landing README's most lines (issue #30: the manual is the site).
README_LINES = 150


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site built once, with --strict, as ./kaisen docs builds it."""
    try:
        import material  # noqa: F401
        import mkdocs  # noqa: F401
        import mkdocs_gen_files  # noqa: F401
        import mkdocstrings  # noqa: F401
    except ImportError as e:
        skip_unless_required(f"the docs extra is not installed ({e}; pip install -e 'python[docs]')", "KAISEN_REQUIRE_DOCS")
    out = tmp_path_factory.mktemp("site")
    env = dict(os.environ, DISABLE_MKDOCS_2_WARNING="true", NO_MKDOCS_2_WARNING="1")
    env.pop("KAISEN_EXTRA_CLASSPATH", None)  # the site documents the shipped games, not the test-only one
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(ROOT / "mkdocs.yml"),
                           "-d", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=900, env=env)
    assert done.returncode == 0, f"mkdocs build --strict failed:\n{done.stdout[-4000:]}\n{done.stderr[-8000:]}"
    assert not re.search(r"^WARNING", done.stderr, re.M), done.stderr
    return out


def _pages(site: Path) -> list[str]:
    return sorted(str(p.relative_to(site).parent).replace(os.sep, "/") for p in site.rglob("index.html"))


def _jar_json(*args: str):
    """What the jar prints for ``ARGS --json``, with the shipped games only (no test class path)."""
    env = dict(os.environ)
    env.pop("KAISEN_EXTRA_CLASSPATH", None)
    done = subprocess.run([find_java(), "-jar", str(find_jar()), *args, "--json"], capture_output=True, text=True,
                          timeout=300, check=True, env=env)
    return json.loads(done.stdout)


def _table_after(html: str, heading_id: str) -> list[list[str]]:
    """The rows (cell texts) of the first table after the heading with ``id=heading_id``."""
    from bs4 import BeautifulSoup
    soup = BeautifulSoup(html, "html.parser")
    heading = soup.find(id=heading_id)
    assert heading is not None, f"no heading #{heading_id}"
    table = heading.find_next("table")
    return [[c.get_text().strip() for c in row.find_all("td")] for row in table.find_all("tr") if row.find("td")]


def test_every_registered_game_has_its_page_with_the_jvms_actions_and_chance_events(site):
    pages = _pages(site)
    shipped = [g["id"] for g in _jar_json("games")]
    assert [p for p in pages if p.startswith("games/")] == sorted(f"games/{g}" for g in shipped)
    for info in (kaisen.game_info(g) for g in shipped):
        assert f"games/{info.id}" in pages, f"no page for the registered game {info.id}"
        assert (ROOT / "docs" / "rules" / f"{info.id}.md").is_file(), f"{info.id} has no rules document"
        html = (site / "games" / info.id / "index.html").read_text(encoding="utf-8")
        spec = _jar_json("spec", "--game", info.id)
        actions = _table_after(html, "actions")
        assert actions == [[str(a["id"]), a["name"], a["meaning"]] for a in spec["actions"]], info.id
        segments = _table_after(html, "information_state")
        assert [r[0] for r in segments] == [s["name"] for s in spec["segments"]], info.id
        assert [(int(r[1]), int(r[2])) for r in segments] == [(s["offset"], s["length"]) for s in spec["segments"]]
        chance = _table_after(html, "chance-events")
        assert chance == [[e.name, e.meaning] for e in info.chance_events], info.id
        if spec["explicitChance"]:
            outcomes = _table_after(html, "chance-outcomes")
            assert outcomes == [[str(o["id"]), o["name"], o["meaning"]] for o in spec["chanceOutcomes"]], info.id
        assert f'src="../{info.id}.svg"' in html or f'src="{info.id}.svg"' in html, "the board picture"
        assert (site / "games" / f"{info.id}.svg").read_text(encoding="utf-8").lstrip().startswith("<svg")
        for m in kaisen.zoo.models(info.id):
            assert f"zoo:{m.name}" in html, m.name
            for e in m.evaluations:
                assert f"{100 * e.win_rate:.1f}%" in html and e.command in html, (m.name, e.opponent)


def test_the_reference_covers_every_verb_and_public_module(site):
    cli = (site / "reference" / "cli" / "index.html").read_text(encoding="utf-8")
    for verb in ("selfplay", "eval", "train", "zoo measure", "zoo pack", "spec", "bench engine", "docs"):
        assert verb in cli, verb
    for module, _ in site_data.PYTHON_VERBS:
        assert f"python -m {module}" in cli, module
    for module in site_data.public_modules(ROOT / "python" / "kaisen"):
        assert (site / "reference" / "python" / module / "index.html").is_file(), module
    states = (site / "reference" / "states" / "index.html").read_text(encoding="utf-8")
    for game in (g["id"] for g in _jar_json("games")):
        assert f"kaisen.{game}.state/" in states and f"kaisen.{game}.view/" in states, game
    api = (site / "reference" / "python" / "index.html").read_text(encoding="utf-8")
    for name in ("make", "aec_env", "vector_env", "multi_agent_vector_env", "sb3_vec_env"):
        assert f'id="kaisen.{name}"' in api, name


def test_the_notebooks_changelog_and_citation_are_the_repositorys(site):
    for nb in (ROOT / "notebooks").glob("*.ipynb"):
        assert (site / "notebooks" / nb.stem / "index.html").is_file(), nb.name
    changelog = (site / "changelog" / "index.html").read_text(encoding="utf-8")
    assert f"[{kaisen.__version__}]" in changelog or kaisen.__version__ in changelog, "the package's version is in"
    cff = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert f'version: "{kaisen.__version__}"' in cff
    citation = (site / "citation" / "index.html").read_text(encoding="utf-8")
    assert re.search(r"@software</span>.*?\{.*?kaisen", citation), "the BibTeX entry"


@pytest.fixture(scope="module")
def served(site):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_every_page_opens_in_chromium_with_its_heading_images_and_no_console_error(site, served):
    path = headless_chromium()
    from playwright.sync_api import sync_playwright

    pages = _pages(site)
    assert len(pages) > 30, pages
    problems: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=list(FLAGS))
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        for rel in pages:
            url = served + ("" if rel == "." else rel + "/")
            errors.clear()
            response = page.goto(url, wait_until="load")
            if response is None or response.status != 200:
                problems.append(f"{rel}: HTTP {response and response.status}")
                continue
            heading = page.locator("article h1").first
            if page.locator("article h1").count() == 0 or not heading.inner_text().strip():
                problems.append(f"{rel}: no main heading")
            broken = page.evaluate("""() => [...document.images]
                .filter(i => !i.complete || i.naturalWidth === 0).map(i => i.getAttribute('src'))""")
            if broken:
                problems.append(f"{rel}: images that did not load: {broken}")
            if errors:
                problems.append(f"{rel}: console errors: {errors}")
        browser.close()
    assert not problems, "\n".join(problems)


def test_the_readme_is_a_landing_page_whose_strength_table_is_the_zoos():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= README_LINES
    table = site_data.readme_block(readme, "baselines")
    assert table == site_data.baselines_table(kaisen.zoo.models()), (
        "README.md's baseline table differs from the zoo's measured strength: regenerate it with "
        "`python docs/_scripts/site_data.py baselines` and paste it between its markers")


def test_every_committed_leaderboard_agrees_with_its_json_and_is_on_the_site(site):
    boards = site_data.leaderboards()
    for folder in boards:
        assert site_data.leaderboard_problems(folder) == []
    page = (site / "leaderboards" / "index.html").read_text(encoding="utf-8")
    for folder in boards:
        board = json.loads((folder / "leaderboard.json").read_text(encoding="utf-8"))
        # the page is leaderboards/index.html, so MkDocs writes the plot's link relative to that folder
        assert f'src="{folder.name}.png"' in page
        assert (site / "leaderboards" / f"{folder.name}.png").read_bytes() == (folder / "leaderboard.png").read_bytes()
        for r in board["ratings"]:
            assert html.escape(r["agent"], quote=False) in page


def test_a_leaderboard_table_that_is_not_its_json_is_found(tmp_path):
    folder = tmp_path / "osaka-2p"
    folder.mkdir()
    ratings = [{"rank": 1, "agent": "greedy", "elo": 1800.4}, {"rank": 2, "agent": "random", "elo": 1199.5}]
    (folder / "leaderboard.json").write_text(json.dumps({"ratings": ratings}))
    table = ["| rank | agent | Elo | 95% interval | encounters | points |", "|---:|---|---:|---|---:|---:|",
             "| 1 | `greedy` | 1800 | 1700 to 1900 | 100 | 90.0 |", "| 2 | `random` | 1200 | 1100 to 1300 | 100 | 10.0 |"]
    (folder / "leaderboard.md").write_text("\n".join(table) + "\n")
    assert site_data.leaderboard_problems(folder) == ["osaka-2p: no leaderboard.png"]
    (folder / "leaderboard.png").write_bytes(b"\x89PNG")
    assert site_data.leaderboard_problems(folder) == []
    (folder / "leaderboard.md").write_text("\n".join(table).replace("| 1800 |", "| 1801 |") + "\n")
    assert "not leaderboard.json's" in site_data.leaderboard_problems(folder)[0]
    assert site_data.leaderboards(tmp_path) == [folder]


def test_docs_serve_refuses_a_port_in_use_in_one_line():
    """Checked before the build and the install, as ``./kaisen notebook`` checks its port: nothing
    else happens, and one line says why."""
    if not shutil.which("bash") or not shutil.which("python3"):
        pytest.skip("the launcher needs bash and python3")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(["bash", str(ROOT / "kaisen"), "docs", "--serve", "--port", str(port)],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"kaisen: docs: port {port} on 127.0.0.1 is in use; pick another with --port N\n"

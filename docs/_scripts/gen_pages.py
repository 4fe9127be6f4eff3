"""Writes the documentation site's generated pages (mkdocs-gen-files runs this at every build).

Nothing here is copied by hand: the home page is README.md; each game's page comes from the JVM's
registry (``kaisen.games()``), its spec (``kaisen.spec``), its zoo models' metadata
(``kaisen.zoo.models()``) and its board renderer; the CLI reference is each verb's ``--help``; the
Python reference is the package's docstrings (mkdocstrings); the notebooks, the changelog and the
citation are the repository's own files. ``./kaisen docs`` runs the build; the site's test
(python/tests/test_docs_site.py) checks what this writes against ``kaisen spec``.
"""

from __future__ import annotations

import ast
import functools
import html
import inspect
import json
import re
import subprocess
import sys
from pathlib import Path

import mkdocs_gen_files
import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))

import site_data  # noqa: E402  (beside this script: what the pages and the site's test share)

import kaisen  # noqa: E402
from kaisen import _java_launch, render  # noqa: E402

#: Repository files that the site shows as pages of its own (the README links them).
REPOSITORY_PAGES = {"CHANGELOG.md": "changelog.md", "CITATION.cff": "citation.md"}

#: Moves of random play before a game page's board picture (mid-game, dealt from SEED).
PICTURE_MOVES = 24
SEED = 7


def write(path: str, text: str) -> None:
    with mkdocs_gen_files.open(path, "w") as f:
        f.write(text)


def cell(text: object) -> str:
    """A Markdown table cell: pipes escaped, lines joined."""
    return html.escape(str(text), quote=False).replace("|", "\\|").replace("\n", " ")


def code(text: object) -> str:
    """Inline code (in a table cell too: pipes escaped)."""
    t = str(text).replace("|", "\\|").replace("\n", " ")
    fence = "``" if "`" in t else "`"
    return f"{fence} {t} {fence}" if fence == "``" else f"`{t}`"


# ------------------------------------------------------------------ home page


def home() -> None:
    """index.md: README.md, its links into docs/ made site-relative, other repository paths as text."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")

    def link(m: re.Match[str]) -> str:
        bang, label, target = m.group(1), m.group(2), m.group(3)
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            return m.group(0)
        if target in REPOSITORY_PAGES:
            return f"{bang}[{label}]({REPOSITORY_PAGES[target]})"
        if target.startswith("docs/"):
            return f"{bang}[{label}]({target[len('docs/'):]})"
        return f"{label} (`{target}` in the repository)" if not bang else ""

    write("index.md", re.sub(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)", link, text))


# ------------------------------------------------------------------ games


@functools.cache
def played(game: str, players: int) -> str:
    """The state JSON mid-game: random legal moves from a fixed deal. Played once per game and
    player count: the board picture and the state formats page both show it."""
    state = kaisen.State(game, num_players=players, seed=SEED)
    rng = np.random.default_rng(SEED)
    for _ in range(PICTURE_MOVES):
        if state.is_terminal():
            break
        state.apply(int(rng.choice(state.legal_actions())))
    return state.to_json()


def picture(game: str, players: int) -> str:
    """A board picture mid-game, the spectator's view."""
    return render.board_svg(played(game, players), game=game)


def segments_table(spec: kaisen.Spec) -> list[str]:
    out = ["| segment | offset | length | bounds | meaning |", "|---|---:|---:|---|---|"]
    for s in spec.segments.values():
        out.append(f"| {code(s.name)} | {s.offset} | {s.length} | {code(s.range)} | {cell(s.meaning)} |")
    return out


def zoo_section(game: str) -> list[str]:
    models = [m for m in kaisen.zoo.models(game) if m.problem is None]
    if not models:
        return ["No zoo model plays this game yet."]
    out = ["Each plays by name as an agent or opponent (`zoo:NAME`). Strength: the model against copies of "
           "the opponent, seats rotated, with the 95% Wilson interval; each row's command reproduces it "
           "(`./kaisen zoo measure` writes them into the model's metadata).", ""]
    for m in models:
        minutes = f"{m.training_seconds / 60:.0f} min" if m.training_seconds else "unknown"
        out += [f"### `{m.agent}`", "",
                f"{m.players} players; {m.step:,} training steps in {minutes}; view `{m.view}`. "
                f"Hardware: {cell(m.hardware or 'unknown')}.", "",
                f"Trained with: {code(m.command)}", ""]
        if m.evaluations:
            out += ["| opponent | games | win rate | 95% interval | mean score (model vs opponents) | command |",
                    "|---|---:|---:|---|---|---|"]
            for e in m.evaluations:
                out.append(f"| {code(e.opponent)} | {e.games:,} | {100 * e.win_rate:.1f}% | "
                           f"[{100 * e.win_rate_low:.1f}, {100 * e.win_rate_high:.1f}] | "
                           f"{e.mean_score:.2f} vs {e.opponent_mean_score:.2f} | {code(e.command)} |")
        else:
            out.append("Not measured yet (`./kaisen zoo measure " + m.name + "`).")
        out.append("")
    return out


def game_page(info: kaisen.GameInfo) -> str:
    spec = kaisen.spec(info.id)
    write(f"games/{info.id}.svg", picture(info.id, info.default_players))
    out = [f"# {info.title}", "", info.summary, "",
           f"![{cell(info.title)}: a board mid-game, as a spectator sees it]({info.id}.svg)", "",
           f"- **Game id** `{info.id}`, Gymnasium id `{info.gym_id}`",
           f"- **Players** {info.min_players}–{info.max_players} (default {info.default_players})",
           f"- **Actions** {spec.num_actions}; **score** {spec.score_name}, then **tie-break** {spec.tiebreak_name}",
           f"- **Rules** [{info.title}: the rules as Kaisen plays them](../rules/{info.id}.md)", "",
           "```python",
           "import kaisen",
           f'env = kaisen.make("{info.id}", num_players={info.default_players}, opponents="random")',
           "obs, info = env.reset(seed=0)",
           "```", "",
           "## Options", ""]
    if info.options:
        out += ["Keyword arguments of every env (`kaisen.make(game, name=value)`), `--config '{\"name\": value}'` "
                "on the command line.", "",
                "| option | default | meaning |", "|---|---|---|"]
        out += [f"| `{o.name}` | {code(repr(o.default))} | {cell(o.meaning)} |" for o in info.options]
    else:
        out.append("None: the player count is the whole configuration.")
    out += ["", "## Observation views", ""]
    for view in info.views:
        vspec = kaisen.spec(info.id, view=view)
        out += [f"### `{view}`", "", site_data.VIEW_MEANINGS.get(view, ""), "",
                f"{vspec.observation_size} values of `{np.dtype(vspec.observation_dtype).name}` at the default "
                f"{vspec.players} players (layout hash `{vspec.layout_hash}`); the segments:", ""]
        out += segments_table(vspec)
        out.append("")
    out += ["## Actions", "",
            f"{spec.num_actions} actions; the legal ones at each step are the mask's ones "
            f"(`info[\"action_mask\"]`, `env.action_masks()`).", "",
            "| id | name | meaning |", "|---:|---|---|"]
    out += [f"| {a.id} | {code(a.name)} | {cell(a.meaning)} |" for a in spec.actions]
    out += ["", "## Chance events", "",
            "What chance decides, each a `chance` step of a game record "
            "([format](../game-records.md)) in the order it happens:", "",
            "| event | what it decides |", "|---|---|"]
    out += [f"| `{e.name}` | {cell(e.meaning)} |" for e in info.chance_events]
    out += ["", "## Chance outcomes", ""]
    if spec.explicit_chance:
        out += [f"In the explicit-chance mode (`kaisen.State.deal(\"{info.id}\", chance=\"explicit\")`, see "
                "[Chance nodes](../guides/search.md#chance-nodes)) each random event is a chance node whose outcomes "
                f"are ids of this table ({spec.max_chance_outcomes} outcomes, OpenSpiel's `max_chance_outcomes`).", "",
                "| id | name | meaning |", "|---:|---|---|"]
        out += [f"| {o.id} | {code(o.name)} | {cell(o.meaning)} |" for o in spec.chance_outcomes]
    else:
        out.append("This game has no explicit-chance mode yet: its chance happens inside each step (the events above).")
    out += ["", "## Agents", "",
            "Opponents of the envs and players of `./kaisen eval` and `kaisen.evaluate`, by name.", "",
            "| agent | what it does |", "|---|---|",
            "| `random` | a uniformly random legal action (every game's) |"]
    out += [f"| `{b}` | {cell(info.bot_meanings.get(b, ''))} |" for b in info.bots]
    out += ["", "Every game also has these:", ""]
    out += [f"- {code(a)}" for a in spec.agents if a.split(":")[0] not in ("random", *info.bots)]
    out += ["", "## Zoo models", ""] + zoo_section(info.id)
    return "\n".join(out) + "\n"


def games() -> None:
    infos = kaisen.games()
    index = ["# Games", "", "Every registered game, from the JVM's registry.", "",
             "| game | id | players | actions | observation (information_state) |", "|---|---|---|---:|---:|"]
    nav = ["* [Games](index.md)"]
    for info in infos:
        write(f"games/{info.id}.md", game_page(info))
        spec = kaisen.spec(info.id)
        index.append(f"| [{cell(info.title)}]({info.id}.md) | `{info.id}` | {info.min_players}–{info.max_players} | "
                     f"{spec.num_actions} | {spec.observation_size} |")
        nav.append(f"* [{info.title}]({info.id}.md)")
    write("games/index.md", "\n".join(index) + "\n")
    write("games/.nav.md", "\n".join(nav) + "\n")
    rules = ["* [Rules of the games](README.md)"] + [f"* [{i.title}]({i.id}.md)" for i in infos]
    write("rules/.nav.md", "\n".join(rules) + "\n")


# ------------------------------------------------------------------ state formats


def states() -> None:
    """reference/states.md: each game's state JSON (and the spectator's view JSON), by example."""
    out = ["# State JSON of every game", "",
           "Every game writes its whole state (hidden parts included) as JSON in a format of its own, "
           "`kaisen.GAME.state/N`, and reads it back strictly (`State.to_json()`, `kaisen.State(game, "
           "state=...)`, `reset(options={\"state\": ...})`). What a seat may see of it is the game's view "
           "JSON, `kaisen.GAME.view/N`, which the renderers draw. The Osaka and Tokaido formats are described "
           "field by field with the record format in [Game records and state JSON](../game-records.md); "
           "below, each game's state and spectator view as the engine writes them, mid-game "
           f"({PICTURE_MOVES} random moves from deal {SEED}, the default player count).", ""]
    for info in kaisen.games():
        doc = json.loads(played(info.id, info.default_players))
        view = _jvm_view(info.id, doc)
        out += [f"## {info.title}", "",
                f"State format `{doc.get('format')}`, view format `{view.get('format')}`. Top-level fields: "
                + ", ".join(f"`{k}`" for k in doc) + ".", "",
                f'??? example "{info.title}: a state"', "", "    ```json",
                *("    " + line for line in json.dumps(doc, indent=1).splitlines()), "    ```", "",
                f'??? example "{info.title}: the spectator\'s view of it"', "", "    ```json",
                *("    " + line for line in json.dumps(view, indent=1).splitlines()), "    ```", ""]
    write("reference/states.md", "\n".join(out))


def _jvm_view(game: str, doc: dict) -> dict:
    """The spectator's view JSON of the state ``doc`` of ``game`` (what the renderers draw)."""
    from kaisen.render import _parts
    view = _parts.engine_view(game, doc, None)
    if view is None:
        raise RuntimeError(f"the engine could not read a state of {game} that it wrote")
    return view


# ------------------------------------------------------------------ command line


def help_text(args: list[str]) -> str:
    done = subprocess.run(args, capture_output=True, text=True, timeout=120, cwd=ROOT)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed ({done.returncode}): {done.stderr}")
    return done.stdout.rstrip()


def java_verbs(java: str, jar: str, path: list[str]) -> list[tuple[list[str], str]]:
    """Every verb of the jar's command line under ``path``, depth first, with its ``--help``."""
    text = help_text([java, "-jar", jar, *path, "--help"])
    found = [(path, text)]
    if "Commands:" in text:
        for line in text.split("Commands:", 1)[1].splitlines():
            m = re.match(r"^  (\S+)\s", line)
            if m:
                found += java_verbs(java, jar, [*path, m.group(1)])
    return found


def cli() -> None:
    out = ["# Command line", "",
           "`./kaisen VERB ...` in a checkout. The launcher's own verbs set up what they need "
           "(Maven, the jar, a Python `.venv`); every other verb runs the jar "
           "(`java -jar bridge/target/kaisen.jar VERB ...`). Generated from each verb's `--help`.", "",
           "## The launcher", "", "```text", help_text(["bash", str(ROOT / "kaisen"), "--help"]), "```", ""]
    for module, verb in site_data.PYTHON_VERBS:
        out += [f"## `./kaisen {verb}`", "", f"Runs `python -m {module}`.", "", "```text",
                help_text([sys.executable, "-m", module, "--help"]), "```", ""]
    java, jar = _java_launch.find_java(), str(_java_launch.find_jar())
    for path, text in java_verbs(java, jar, []):
        title = " ".join(path) or "(the jar)"
        out += [f"## `{title}`" if path else "## The jar", "", "```text", text, "```", ""]
    write("reference/cli.md", "\n".join(out))


# ------------------------------------------------------------------ Python API


def python_api() -> None:
    package = ROOT / "python" / "kaisen"
    init = ast.parse((package / "__init__.py").read_text(encoding="utf-8"))
    own = [n.name for n in init.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")]
    # kaisen.aec_env and kaisen.vector_env are functions named as modules of the package: mkdocstrings
    # resolves those names to the modules, so their docs are written here from the functions themselves
    shadowed = [n for n in own if (package / f"{n}.py").is_file()]
    members = "\n".join(f"        - {n}" for n in own if n not in shadowed)
    text = "# `kaisen`\n\n::: kaisen\n    options:\n      show_root_heading: false\n      members:\n" + members + "\n"
    for name in shadowed:
        fn = getattr(kaisen, name)
        text += (f"\n## `kaisen.{name}` {{ #kaisen.{name} }}\n\n```python\n{name}{inspect.signature(fn)}\n```\n\n"
                 f"{inspect.cleandoc(fn.__doc__ or '')}\n\nThe module of the same name: [`kaisen.{name}`]"
                 f"(kaisen.{name}.md).\n")
    write("reference/python/index.md", text)
    nav = ["* [kaisen](index.md)"]
    for module in site_data.public_modules(package):
        write(f"reference/python/{module}.md", f"# `{module}`\n\n::: {module}\n    options:\n"
              "      show_root_heading: false\n")
        nav.append(f"* [{module}]({module}.md)")
    write("reference/python/.nav.md", "\n".join(nav) + "\n")


# ------------------------------------------------------------------ notebooks, changelog, citation


def notebooks() -> None:
    nav = ["* [Notebooks](index.md)"]
    write("notebooks/index.md", (ROOT / "notebooks" / "README.md").read_text(encoding="utf-8"))
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        with mkdocs_gen_files.open(f"notebooks/{nb.name}", "wb") as f:
            f.write(nb.read_bytes())
        nav.append(f"* [{site_data.notebook_title(nb)}]({nb.name})")
    write("notebooks/.nav.md", "\n".join(nav) + "\n")


def changelog_and_citation() -> None:
    write("changelog.md", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    cff = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    write("citation.md", "# Citation\n\nIf Kaisen helps your research, please cite it. `CITATION.cff` (the "
          "repository's citation file):\n\n```yaml\n" + cff.rstrip() + "\n```\n\nAs BibTeX:\n\n```bibtex\n"
          + site_data.bibtex(cff) + "\n```\n")


def leaderboards() -> None:
    """The committed leaderboards (``leaderboards/GAME-Np``): each one's table as the jar wrote it and its plot."""
    out = ["# Leaderboards", "",
           "Round-robins of each game's agents (`./kaisen leaderboard`, see "
           "[Agents and evaluation](guides/evaluation.md#kaisen-leaderboard)): every pair plays its own "
           "games with seats rotated, and one Bradley-Terry fit rates them all. Each table below is the "
           "committed `leaderboards/GAME-Np/leaderboard.md`, written with its `leaderboard.json` by the "
           "command it ends with; the site's test checks the two agree.", ""]
    boards = site_data.leaderboards()
    if not boards:
        out.append("No leaderboard is committed yet.")
    for folder in boards:
        text = (folder / "leaderboard.md").read_text(encoding="utf-8")
        out += [text.replace("### ", "## ", 1).rstrip(), "",
                f"![Elo ratings of {folder.name}, 95% intervals](leaderboards/{folder.name}.png)", ""]
        with mkdocs_gen_files.open(f"leaderboards/{folder.name}.png", "wb") as f:
            f.write((folder / "leaderboard.png").read_bytes())
    write("leaderboards.md", "\n".join(out) + "\n")


home()
games()
leaderboards()
states()
cli()
python_api()
notebooks()
changelog_and_citation()

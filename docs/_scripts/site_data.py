"""What the site's generator (gen_pages.py) and its test (python/tests/test_docs_site.py) share:
which modules and verbs the reference pages cover, and small readers of repository files."""

from __future__ import annotations

import json
import re
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: The two standard observation views (OpenSpiel's two tensors), as observation/Encoders.java defines them.
VIEW_MEANINGS = {
    "information_state": "The default: the player's perfect-recall information state, everything a player who "
                         "remembers all they saw can deduce, and nothing else.",
    "observation": "Memoryless: what lies on the table now as that player sees it (for research on recurrent "
                   "policies).",
}

#: Modules of the package that are internal, or command-line programs documented by the CLI page.
NOT_API = {"bench", "bench_faults", "bench_openspiel", "bench_rllib", "bench_train"}


def python_verbs() -> list[tuple[str, str]]:
    """The launcher's Python programs: ``(module, verb)`` for each ``-m kaisen.X`` it runs, the
    verb being the launcher's function name (``cmd_bench_train`` -> ``bench train``)."""
    text = (ROOT / "kaisen").read_text(encoding="utf-8")
    found: list[tuple[str, str]] = []
    for m in re.finditer(r"^cmd_(\w+)\(\) \{(.*?)^\}", text, re.S | re.M):
        for module in re.findall(r"-m (kaisen\.[a-z_]+)", m.group(2)):
            verb = "play / view" if module == "kaisen.play" else m.group(1).replace("_", " ")
            if module == "kaisen.plots":
                verb = "train (the learning-curve plot)"
            if (module, verb) not in found:
                found.append((module, verb))
    return found


PYTHON_VERBS = python_verbs()


def public_modules(package: Path) -> list[str]:
    """``kaisen.X`` for each public module and subpackage of the package (no leading ``_``)."""
    names = []
    for p in sorted(package.iterdir()):
        name = p.stem if p.suffix == ".py" else p.name if (p / "__init__.py").is_file() else None
        if name and not name.startswith("_") and name not in NOT_API:
            names.append(f"kaisen.{name}")
    return names


def notebook_title(path: Path) -> str:
    """The first Markdown heading of a notebook, else its file name."""
    for c in json.loads(path.read_text(encoding="utf-8")).get("cells", []):
        if c.get("cell_type") == "markdown":
            for line in "".join(c.get("source", [])).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return path.stem


def bibtex(cff: str) -> str:
    """A BibTeX entry for CITATION.cff's software (title, authors, version, year, licence)."""
    def field(name: str) -> str:
        m = re.search(rf"^{name}:\s*\"?(.*?)\"?\s*$", cff, re.M)
        return m.group(1) if m else ""
    authors = re.findall(r"^\s*-\s*name:\s*\"?(.*?)\"?\s*$", cff, re.M)
    year = field("date-released")[:4]
    return (f"@software{{kaisen,\n  title = {{{field('title')}}},\n  author = {{{' and '.join(authors)}}},\n"
            f"  version = {{{field('version')}}},\n  year = {{{year}}},\n  license = {{{field('license')}}}\n}}")


def readme_block(text: str, name: str) -> str:
    """The text between ``<!-- NAME:start -->`` and ``<!-- NAME:end -->`` (stripped)."""
    m = re.search(rf"<!-- {name}:start[^>]*-->\n(.*?)<!-- {name}:end -->", text, re.S)
    if m is None:
        raise ValueError(f"no <!-- {name}:start --> ... <!-- {name}:end --> block")
    return m.group(1).strip()


def baselines_table(models) -> str:
    """The landing README's table of the zoo models' measured strength (``kaisen.zoo.models()``),
    against random and greedy: each cell the win rate, its 95% interval and the games played."""
    def rate(model, opponent: str) -> str:
        e = next((e for e in model.evaluations if e.opponent == opponent), None)
        if e is None:
            return "not measured"
        return f"{100 * e.win_rate:.1f}% [{100 * e.win_rate_low:.1f}, {100 * e.win_rate_high:.1f}] ({e.games:,})"
    rows = ["| agent | game | players | vs `random` | vs `greedy` |", "|---|---|---:|---|---|"]
    for m in sorted((m for m in models if m.problem is None), key=lambda m: (m.game, m.players, m.name)):
        rows.append(f"| `{m.agent}` | {m.game} | {m.players} | {rate(m, 'random')} | {rate(m, 'greedy')} |")
    return "\n".join(rows)


#: Where the committed leaderboards live (``./kaisen leaderboard --out leaderboards/GAME-Np``).
LEADERBOARDS = ROOT / "leaderboards"


def leaderboards(root: Path = LEADERBOARDS) -> list[Path]:
    """The committed leaderboards' folders (each with leaderboard.json, .md and .png), by name."""
    return sorted(d for d in root.iterdir() if (d / "leaderboard.json").is_file()) if root.is_dir() else []


def leaderboard_problems(folder: Path) -> list[str]:
    """Where a committed leaderboard's Markdown table (``leaderboard.md``, written by the jar) is not
    its JSON's ratings (rank, agent and rounded Elo, row by row), or a file is missing."""
    problems = [f"{folder.name}: no {name}" for name in ("leaderboard.md", "leaderboard.png")
                if not (folder / name).is_file()]
    if problems:
        return problems
    board = json.loads((folder / "leaderboard.json").read_text(encoding="utf-8"))
    # the jar's %.0f rounds halves up (BigDecimal HALF_UP of the double's exact value), as Decimal does here
    want = [f"| {r['rank']} | `{r['agent']}` | {Decimal(r['elo']).quantize(Decimal(1), rounding=ROUND_HALF_UP)} |"
            for r in board["ratings"]]
    rows = [line for line in (folder / "leaderboard.md").read_text(encoding="utf-8").splitlines()
            if re.match(r"\| \d+ \| `", line)]
    got = ["| " + " | ".join(line.split(" | ")[:3]).lstrip("| ") + " |" for line in rows]
    if got != want:
        problems.append(f"{folder.name}: leaderboard.md's ratings {got} are not leaderboard.json's {want}: "
                        f"run its reproduce command again (./kaisen leaderboard ... --out {folder})")
    return problems


if __name__ == "__main__":
    import sys

    if sys.argv[1:] != ["baselines"]:
        sys.exit("usage: python docs/_scripts/site_data.py baselines  (prints the README's baseline table)")
    import kaisen

    print(baselines_table(kaisen.zoo.models()))

"""The package's modules import one another without a circle, at module level or inside a
function (a function-level import hides a circle; it does not remove it). A package's own
``__init__`` is not counted as a dependency of its submodules: Python always runs it first.
And PyTorch comes in only with ``kaisen.torch``, which names the ``train`` extra when it is missing."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import kaisen

PACKAGE = Path(kaisen.__file__).parent


def _modules() -> dict[str, Path]:
    out = {}
    for p in PACKAGE.rglob("*.py"):
        parts = list(p.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = p
    return out


def _targets(name: str, path: Path, node: ast.AST, modules: dict[str, Path]) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name in modules]
    assert isinstance(node, ast.ImportFrom)
    if node.level:
        parts = name.split(".")
        if path.name != "__init__.py":
            parts.pop()
        parts = parts[:len(parts) - (node.level - 1)]
        base = ".".join(parts + ([node.module] if node.module else []))
    else:
        base = node.module or ""
    out = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules]
    if len(out) < len(node.names) and base in modules:
        out.append(base)  # a name from the module itself, not a submodule
    return out


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        deps = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                deps.update(t for t in _targets(name, path, node, modules)
                            if t != name and not name.startswith(t + "."))
        graph[name] = deps
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_package_has_no_import_circle():
    graph = import_graph()
    found = circles(graph)
    detail = "; ".join(" ".join(c) + " (" + ", ".join(f"{a} -> {b}" for a in c for b in sorted(graph[a]) if b in c) + ")"
                       for c in found)
    assert not found, f"import circles: {detail}"


def test_the_check_finds_a_circle_hidden_in_a_function():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_relative_and_function_level_imports():
    graph = import_graph()
    assert "kaisen._common" in graph["kaisen.state"]  # from . import _common, _jvm
    assert "kaisen.state" in graph["kaisen._batched"]
    assert "kaisen.render" in graph["kaisen.records"]  # inside Record.replay


def test_importing_kaisen_does_not_import_torch():
    """PyTorch is the ``train`` extra's: only ``import kaisen.torch`` brings it in."""
    code = "import sys, kaisen; kaisen.games(); assert 'torch' not in sys.modules, 'torch was imported'"
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


def test_kaisen_torch_without_torch_names_the_train_extra():
    code = ("import sys; sys.modules['torch'] = None  # as if PyTorch were not installed\n"
            "try:\n    import kaisen.torch\nexcept ImportError as e:\n    print(e)\nelse:\n    sys.exit('imported')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr + done.stdout
    assert "kaisen.torch needs PyTorch" in done.stdout and 'pip install "kaisen-rl[train]"' in done.stdout

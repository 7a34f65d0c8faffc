"""The shared engine never imports a product: products stand on the engine, and the registry
(`kairos/registry.py`) is the one place that names them all."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO

PRODUCTS = ("restaurants", "meals", "venues", "operator", "trips")
ENGINE = (
    "runtime.py", "settings.py", "errors.py", "api", "core", "ingest", "llm", "pipeline",
    "profiles", "ratelimit", "recipes", "search", "signals", "store", "text",
)  # fmt: skip
ALLOWED: set[tuple[str, str]] = set()


def _product_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "kairos" and len(parts) > 1 and parts[1] in PRODUCTS:
                found.add(name)
    return found


def test_the_engine_imports_no_product() -> None:
    root = REPO / "src" / "kairos"
    files = []
    for entry in ENGINE:
        files += [root / entry] if entry.endswith(".py") else sorted((root / entry).rglob("*.py"))
    assert len(files) > 100, "the engine's modules were found"
    found = {
        (str(path.relative_to(root)), name) for path in files for name in _product_imports(path)
    }
    assert found - ALLOWED == set(), "engine modules import a product; go through the registry"
    assert ALLOWED - found == set(), "an allowed import is gone: take it off the list"


# Import circles, counted with imports inside functions (a deferred import hides a circle from
# the interpreter, not from the design) and without `if TYPE_CHECKING:` ones. None is allowed:
# the registry is the composition root (it imports the products and the runtime, and hands the
# runtime the products' steps), a product's routes import the product and never the reverse, and
# the commands share their progress bar through `kairos.progress_bar`.


def _modules() -> dict[str, Path]:
    root = REPO / "src"
    found = {}
    for path in (root / "kairos").rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _imports(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    tree = ast.parse(path.read_text())
    hidden = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for statement in node.body
        for inner in ast.walk(statement)
    }
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: list[str] = []
    for node in ast.walk(tree):
        if id(node) in hidden:
            continue
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            names += [f"{base}.{alias.name}" for alias in node.names] + [base]
    found = set()
    for name in names:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        if name and name != module:
            found.add(name)
    return found


def _circles(graph: dict[str, set[str]]) -> set[frozenset[str]]:
    """Strongly connected groups of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: set[frozenset[str]] = set()
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    circles.add(frozenset(group))
    return circles


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _circles(graph) == {frozenset({"a", "b", "c"})}


def test_no_import_circle() -> None:
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    assert len(graph) > 300, "the package's modules were found"
    circles = sorted(sorted(circle) for circle in _circles(graph))
    assert circles == [], (
        "modules import each other in a circle; make the layers read top to bottom"
    )

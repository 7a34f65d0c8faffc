"""The shared engine never imports a product: products stand on the engine, and the registry
(`kairos/registry.py`) is the one place that names them all."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO

PRODUCTS = ("restaurants", "meals", "venues", "operator", "trips")
ENGINE = (
    "runtime.py", "settings.py", "errors.py", "api", "core", "ingest", "llm", "pipeline",
    "profiles", "ratelimit", "search", "signals", "store", "text",
)  # fmt: skip
# Known debt, named so that it cannot grow: the recipe ingest derives recipes with the meal
# coach's own rules (they belong in the engine's catalog, with the recipes' models).
ALLOWED = {
    ("ingest/recipe_sample.py", "kairos.meals.recipes.derive"),
    ("ingest/recipes.py", "kairos.meals.recipes.derive"),
    ("ingest/recipes.py", "kairos.meals.recipes.models"),
    # the sample's dish coverage reads titles with the coach's course rule (same debt: issue 37,
    # item 5 moves the recipe catalogue, these rules with it, into the engine)
    ("ingest/common_dishes.py", "kairos.meals.recipes.course"),
}


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

"""Per-place data is derived again when the store was built by other derivation code."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path
from typing import Any

from sqlalchemy import text

from kairos.ingest import derivation
from kairos.ingest.derivation import (
    derivation_version,
    ensure_derived_current,
    record_derivation,
    stored_derivation,
)


class Recorder:
    def __init__(self) -> None:
        self.totals: dict[str, int] = {}
        self.done: dict[str, int] = {}

    def start(self, phase: str, total: int) -> None:
        self.totals[phase] = total
        self.done[phase] = 0

    def advance(self, phase: str, amount: int) -> None:
        self.done[phase] += amount


async def _knowledge(runtime: Any, place_id: int) -> tuple[Any, ...]:
    async with runtime.db.session() as session:
        row = (
            await session.execute(
                text(
                    "SELECT known_allergens, allergen_confidence, allergen_evidence, aspect_scores"
                    " FROM places WHERE id = :id"
                ),
                {"id": place_id},
            )
        ).one()
    return tuple(row)


def test_the_version_hashes_the_deriving_code_and_lexicons() -> None:
    version = derivation_version()
    assert len(version) == 16 and int(version, 16) >= 0
    assert "kairos.core.place_allergens" in derivation.DERIVING_MODULES
    assert any(path.endswith("allergen_lexicon.toml") for _, path in derivation.DERIVING_DATA)


def test_every_core_module_a_deriving_module_imports_is_versioned() -> None:
    """A rule moved into a new module (word parts, say) must still re-derive stored places."""
    missing = set()
    for name in derivation.DERIVING_MODULES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None
        tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("kairos.core."):
                module = node.module or ""
                if module not in derivation.DERIVING_MODULES:
                    missing.add(module)
    assert missing == set()


async def test_a_started_store_records_the_running_version(runtime: Any) -> None:
    assert await stored_derivation(runtime.db) == derivation_version()
    assert await ensure_derived_current(runtime.db) == 0


async def test_a_store_built_by_other_code_is_derived_again(runtime: Any) -> None:
    async with runtime.db.session() as session:
        place_id, places = (
            await session.execute(
                text(
                    "SELECT min(id) FILTER (WHERE cardinality(known_allergens) > 0), count(*)"
                    " FROM places"
                )
            )
        ).one()
    before = await _knowledge(runtime, place_id)
    async with runtime.db.session() as session, session.begin():
        await session.execute(
            text(
                "UPDATE places SET known_allergens = '{}', allergen_confidence = 'low',"
                " allergen_evidence = '[]', aspect_scores = '{}' WHERE id = :id"
            ),
            {"id": place_id},
        )
    await record_derivation(runtime.db, "0123456789abcdef")  # what an older Kairos left

    progress = Recorder()
    assert await ensure_derived_current(runtime.db, progress) == places
    assert progress.totals["re-derive"] == progress.done["re-derive"] == places
    assert await _knowledge(runtime, place_id) == before
    assert before[0] and before[1] != "low"
    assert await stored_derivation(runtime.db) == derivation_version()
    assert await ensure_derived_current(runtime.db) == 0

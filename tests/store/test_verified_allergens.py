"""One allergen truth in the hard filter: a place is out for an allergen when that allergen's own
strongest evidence is high, whatever is guessed about another allergen (plans p47: a deli's
likely fish lowered the place's confidence and lifted its review-verified tree nuts out of SQL)."""

from __future__ import annotations

from typing import Any

from kairos.core.place_allergens import AllergenEvidence, PlaceAllergens, infer_place_allergens
from kairos.search.filters import SearchFilters
from kairos.search.place_columns import COLUMNS_SQL, PlaceColumns
from kairos.search.sql_filters import compile_filters
from tests.catalog_rows import add_place, write


def _evidence(allergen: str, status: str, confidence: str, source: str) -> AllergenEvidence:
    return AllergenEvidence(
        allergen=allergen, status=status, confidence=confidence, source=source, span=allergen
    )  # type: ignore[arg-type]


def test_a_guess_about_one_allergen_leaves_another_verified() -> None:
    place = PlaceAllergens(
        known_allergens=["fish", "tree_nuts"],
        confidence="medium",
        evidence=[
            _evidence("tree_nuts", "may_contain", "high", "review"),
            _evidence("fish", "may_contain", "medium", "cuisine_heuristic"),
        ],
    )
    assert place.verified_allergens == ["tree_nuts"]


def test_a_deli_may_hold_fish_for_a_fish_allergy() -> None:
    deli = infer_place_allergens(["Delis", "Sandwiches"], name="Corner Deli")
    fish = deli.knowledge("fish")
    assert fish is not None and (fish.status, fish.confidence) == ("may_contain", "medium")


async def test_the_hard_filter_excludes_each_allergen_on_its_own_evidence(runtime: Any) -> None:
    place, _ = await add_place(runtime, "Verified Probe Deli", "walnut brownies")
    await write(
        runtime,
        "UPDATE places SET allergen_confidence = 'medium', known_allergens = '{fish,tree_nuts}',"
        " contains_allergens = '{}', verified_allergens = '{tree_nuts}' WHERE id = :id",
        {"id": place},
    )
    try:
        catalog = await runtime.search.catalog()
        columns = PlaceColumns(0, [dict(r) for r in await runtime.db.fetch(COLUMNS_SQL)])
        for allergen, allowed in (("tree_nuts", False), ("fish", True)):
            compiled = compile_filters(SearchFilters(exclude_allergens=[allergen]), catalog)
            rows = await runtime.db.fetch(
                f"SELECT p.id FROM places p WHERE {compiled.where} AND p.id = :probe",
                {**compiled.params, "probe": place},
            )
            assert bool(rows) is allowed, allergen
            keep = columns.mask(compiled.params)
            assert keep is not None
            assert bool(columns.allowed(keep, [place]).all()) is allowed, allergen
    finally:
        await write(runtime, "DELETE FROM places WHERE id = :id", {"id": place})


async def test_every_ingested_place_stores_the_allergens_its_evidence_verifies(
    runtime: Any,
) -> None:
    rows = await runtime.db.fetch(
        "SELECT id, verified_allergens FROM places WHERE source <> 'test' ORDER BY id"
    )
    records = await runtime.places.records([r["id"] for r in rows])
    assert len(records) == len(rows) > 100
    differ = [
        r["id"]
        for r in rows
        if sorted(r["verified_allergens"]) != records[r["id"]].allergens.verified_allergens
    ]
    assert differ == []
    assert sum(bool(r["verified_allergens"]) for r in rows) > 50

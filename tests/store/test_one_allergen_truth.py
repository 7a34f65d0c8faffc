"""One allergen truth: the SQL hard filter excludes exactly what the safety step excludes (a
high-confidence "contains"), and a verified "may contain" reaches the step, which flags it, whatever
is guessed about the place's other allergens. (The filter once also excluded every listed allergen
of a place verified throughout: a deli's likely fish lowered the place's confidence and let its
review-verified tree nuts through, while a place verified throughout was dropped by SQL for a "may
contain" the step would only have flagged, and plans never listed it.)"""

from __future__ import annotations

import json
from typing import Any

from kairos.core.allergy_guard import check
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.hard_filter import hard_excluded_allergens
from kairos.core.place_allergens import AllergenEvidence, infer_place_allergens
from kairos.search.filters import SearchFilters
from kairos.search.place_columns import COLUMNS_SQL, PlaceColumns
from kairos.search.sql_filters import compile_filters
from tests.catalog_rows import add_place, write

ALLERGENS = ("peanuts", "tree_nuts", "fish", "shellfish", "eggs", "sesame", "dairy", "gluten")


def _anaphylactic(allergen: str) -> AllergyProfile:
    return AllergyProfile(confirmed=[allergen], severity={allergen: "anaphylactic"})


def _evidence(allergen: str, status: str, verified: bool) -> dict[str, Any]:
    """A review's reading when `verified`, else a guess from the kind of place."""
    return AllergenEvidence(
        allergen=allergen,
        status=status,  # type: ignore[arg-type]
        confidence="high" if verified else "medium",
        source="review" if verified else "cuisine_heuristic",
        ref="r1" if verified else "deli",
        span=allergen,
    ).model_dump(mode="json")


def test_a_deli_may_hold_fish_for_a_fish_allergy() -> None:
    deli = infer_place_allergens(["Delis", "Sandwiches"], name="Corner Deli")
    fish = deli.knowledge("fish")
    assert fish is not None and (fish.status, fish.confidence) == ("may_contain", "medium")


async def test_a_verified_may_contain_is_flagged_whatever_the_other_allergens(
    runtime: Any,
) -> None:
    probes = [await add_place(runtime, f"Truth Probe {i}", "plain food") for i in range(3)]
    ids = [place for place, _ in probes]
    rows = [  # (confidence, known, contains): verified throughout, lowered by a guess, certain
        ("high", ["tree_nuts"], []),
        ("medium", ["fish", "tree_nuts"], []),
        ("high", ["tree_nuts"], ["tree_nuts"]),
    ]
    for place, (confidence, known, contains) in zip(ids, rows, strict=True):
        evidence = [
            _evidence(a, "contains" if a in contains else "may_contain", a == "tree_nuts")
            for a in known
        ]
        await write(
            runtime,
            "UPDATE places SET allergen_confidence = :c, known_allergens = :k,"
            " contains_allergens = :x, allergen_evidence = CAST(:e AS jsonb) WHERE id = :id",
            {"c": confidence, "k": known, "x": contains, "e": json.dumps(evidence), "id": place},
        )
    try:
        catalog = await runtime.search.catalog()
        columns = PlaceColumns(0, [dict(r) for r in await runtime.db.fetch(COLUMNS_SQL)])
        compiled = compile_filters(SearchFilters(exclude_allergens=["tree_nuts"]), catalog)
        passed = await runtime.db.fetch(
            f"SELECT p.id FROM places p WHERE {compiled.where} AND p.id = ANY(:probes)",
            {**compiled.params, "probes": ids},
        )
        assert {r["id"] for r in passed} == set(ids[:2])
        keep = columns.mask(compiled.params)
        assert keep is not None
        assert columns.allowed(keep, ids).tolist() == [True, True, False]
        records = await runtime.places.records(ids[:2])
        result = check(
            [records[i] for i in ids[:2]],
            _anaphylactic("tree_nuts"),
            allergens_of=lambda r: r.allergens,
        )
        assert len(result.flagged) == 2 and not result.safe and not result.excluded
    finally:
        for place in ids:
            await write(runtime, "DELETE FROM places WHERE id = :id", {"id": place})


async def test_sql_excludes_exactly_what_the_safety_step_excludes(runtime: Any) -> None:
    rows = await runtime.db.fetch(
        "SELECT id FROM places WHERE source <> 'test' AND is_active ORDER BY id"
    )
    active = {r["id"] for r in rows}
    records = await runtime.places.records(sorted(active))
    assert len(records) > 100
    catalog = await runtime.search.catalog()
    excluded_somewhere = 0
    for allergen in ALLERGENS:
        hard = sorted(hard_excluded_allergens(_anaphylactic(allergen)))
        compiled = compile_filters(SearchFilters(exclude_allergens=hard), catalog)
        passed = {
            r["id"] for r in await runtime.db.fetch(
                f"SELECT p.id FROM places p WHERE {compiled.where}", compiled.params
            )
        }  # fmt: skip
        result = check(
            [records[i] for i in sorted(active)],
            _anaphylactic(allergen),
            allergens_of=lambda r: r.allergens,
        )
        step_out = {e.item.place.id for e in result.excluded}
        assert step_out == active - passed, allergen
        excluded_somewhere += len(step_out)
    assert excluded_somewhere > 50

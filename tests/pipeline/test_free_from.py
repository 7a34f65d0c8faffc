"""The engine's free-from rule (issue 39, `pipeline.free_from`): a place holding an allergen of
the person's that shows food free of it (gluten-free, dairy-free, vegan for dairy) says so
beside the risk, with "confirm with staff", and comes before one that shows none; an
anaphylactic risk is never softened. Chat ranked them by search order only, so "ice cream in
boston" with a dairy intolerance listed FoMu (vegan) among places saying nothing."""

from __future__ import annotations

from kairos.pipeline.free_from import beside_free_from, lacks_free_from
from kairos.pipeline.safety import AllergyCheck, CheckedRisk
from kairos.restaurants.chat_order import answer_order
from kairos.restaurants.schemas import RestaurantResult
from kairos.restaurants.schemas_decomposition import Decomposition
from kairos.search.filters import SearchFilters
from kairos.search.models import PlaceSummary


def _risk(allergen: str, severity: str) -> CheckedRisk:
    return CheckedRisk(
        allergen=allergen, name=allergen, severity=severity, level="warning", status="contains",
        message=f"Contains {allergen}.", source="category", who=["you"],
    )  # fmt: skip


def _check(*risks: CheckedRisk) -> AllergyCheck:
    return AllergyCheck(
        checked_for=["you"], allergens=[r.allergen for r in risks], verdict="caution",
        basis="evidence", summary="Known risk.", risks=list(risks),
    )  # fmt: skip


def _place(traits: list[str]) -> PlaceSummary:
    evidence = [{"trait": t, "source": "category", "ref": t, "span": t, "holds": True}
                for t in traits]  # fmt: skip
    return PlaceSummary(
        id=1, name="Nebo", kind="restaurant", categories=[], price_tier=None, rating=None,
        votes=0, city=None, area=None, address=None, lat=None, lng=None, url=None,
        known_allergens=[], contains_allergens=[], allergen_confidence="low", traits=traits,
        trait_evidence=evidence,
    )  # fmt: skip


def test_a_kept_risk_says_the_free_from_evidence_and_to_confirm_with_staff() -> None:
    check = beside_free_from(
        _check(_risk("gluten", "severe"), _risk("dairy", "anaphylactic")),
        _place(["gluten_free", "vegan"]),
    )
    gluten, dairy = check.risks
    assert "gluten-free food (category: gluten_free)" in gluten.message, gluten.message
    assert "confirm with staff" in gluten.message
    assert gluten.severity == "severe" and check.verdict == "caution"
    assert dairy.message == "Contains dairy.", "an anaphylactic risk is never softened"
    plain = beside_free_from(_check(_risk("gluten", "severe")), _place([]))
    assert plain.risks[0].message == "Contains gluten."


def test_free_from_evidence_is_the_allergen_own() -> None:
    assert not lacks_free_from(["gluten_free"], ["gluten"])
    assert lacks_free_from([], ["gluten"])
    assert lacks_free_from(["vegan"], ["gluten"])
    assert not lacks_free_from(["vegan"], ["dairy"])
    assert not lacks_free_from([], ["peanuts"]), "no free-from evidence exists to rank by"


def _result(pid: int) -> RestaurantResult:
    check = _check(_risk("dairy", "intolerance"))
    return RestaurantResult(
        id=pid, name=f"Place {pid}", area=None, city="Boston", address=None, price_tier="$",
        rating=4.0, votes=100, cuisine_types=["ice cream & frozen yogurt"], url=None, lat=None,
        lng=None, known_allergens=[], allergen_confidence="low", allergy=check,
        allergy_safe=True, allergy_summary="Known risk.", composite_score=1.0 - pid / 10,
    )  # fmt: skip


def test_places_showing_food_free_of_the_allergen_come_first() -> None:
    scored = [_result(i) for i in range(4)]
    filters = SearchFilters(city="boston")
    decomposition = Decomposition(filters=filters)
    lacking = frozenset({0, 1})
    ordered = answer_order(scored, decomposition, filters, [], lacking=lacking)
    assert [scored[i].id for i in ordered.order] == [2, 3, 0, 1]

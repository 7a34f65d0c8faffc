"""Custom ingredients (a user can be allergic to anything): found in text by the allergen rules,
cited from reviews, and judged by the guard like a canonical allergen."""

from __future__ import annotations

from kairos.core.allergen_detection import detect_allergens
from kairos.core.allergy_guard import check
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.lexicon import custom_lexicon
from kairos.core.place_allergens import (
    MAX_EVIDENCE_PER_SOURCE,
    PlaceAllergens,
    custom_ingredient_evidence,
)


def found(text: str, *terms: str) -> set[tuple[str, str]]:
    return {(m.allergen, m.status) for m in detect_allergens(text, custom_lexicon(terms))}


def test_custom_terms_follow_the_allergen_rules() -> None:
    assert found("Garlic naan and two kiwis", "garlic", "kiwi") == {
        ("garlic", "contains"), ("kiwi", "contains"),
    }  # fmt: skip
    assert found("Stuffed bell peppers", "bell pepper") == {("bell pepper", "contains")}
    assert found("garlic-free sauce, no kiwi or garlic", "garlic", "kiwi") == set()
    assert found("my friend has a garlic allergy", "garlic") == set()
    assert found("may contain traces of kiwi", "kiwi") == {("kiwi", "may_contain")}
    assert found("peanut butter and milk", "garlic") == set()  # canonical words are not read


def test_a_custom_ingredient_is_found_in_what_is_made_from_it() -> None:
    """Allergy panel r12: a garlic intolerance, and a card quoting a review that praises the
    tzatziki said 'no allergen found'."""
    assert found("The tzatziki and the pesto were great", "garlic") == {("garlic", "contains")}
    assert found("Shrimp scampi, then hummus", "garlic") == {("garlic", "contains")}
    assert found("Guacamole on the side", "avocado") == {("avocado", "contains")}
    assert found("Aubergine curry", "eggplant") == {("eggplant", "contains")}


def test_review_evidence_needs_food_talk_and_is_bounded() -> None:
    reviews = [
        ("r1", "The garlic naan was amazing."),
        ("r2", "Parked on Garlic Street."),
        ("r3", "I'm allergic to garlic and they were lovely about it."),
    ]
    evidence = custom_ingredient_evidence(reviews, ["garlic"])
    assert [(e.allergen, e.status, e.source, e.ref, e.confidence) for e in evidence] == [
        ("garlic", "contains", "review", "r1", "high")
    ]
    many = [(f"r{i}", "Loved the garlic prawns.") for i in range(20)]
    assert len(custom_ingredient_evidence(many, ["garlic"])) == MAX_EVIDENCE_PER_SOURCE


def test_the_guard_warns_for_and_excludes_custom_ingredients_by_severity() -> None:
    stored = PlaceAllergens(confidence="high")
    place = stored.with_evidence(
        custom_ingredient_evidence([("r1", "The garlic naan was amazing.")], ["garlic"])
    )
    assert stored.knowledge("garlic") is None  # the stored knowledge is not changed
    severe = AllergyProfile(confirmed=["garlic"], severity={"garlic": "severe"})
    verdict = check([place, stored], severe, allergens_of=lambda p: p)
    assert [g.item for g in verdict.safe] == [stored, place]  # the conflict sorts last
    warned = verdict.safe[1].assessment
    (warning,) = warned.warnings
    assert (warning.allergen, warning.level, warning.status) == ("garlic", "warning", "contains")
    assert 'a review mentions "garlic naan"' in warning.message
    (status,) = warned.statuses
    assert (status.status, status.source, status.evidence) == (
        "contains",
        "review",
        "r1: garlic naan",
    )
    assert verdict.safe[0].assessment.statuses[0].status == "unverified"

    anaphylactic = AllergyProfile(confirmed=["garlic"], severity={"garlic": "anaphylactic"})
    verdict = check([place, stored], anaphylactic, allergens_of=lambda p: p)
    assert [e.item for e in verdict.excluded] == [place]
    assert verdict.excluded[0].allergens == ("garlic",)
    assert [g.item for g in verdict.safe] == [stored]
    assert "garlic" in verdict.hard_excluded_allergens

"""A quote recommending a place to a person never praises a dish holding their allergen."""

from __future__ import annotations

from kairos.core.allergy_profile import AllergyProfile
from kairos.pipeline.safety import quote_avoids
from kairos.text.aspects import ReviewText
from kairos.text.extractive import consolidated_review

REVIEWS = [
    ReviewText(id="r1", text="The lobster roll is a must, the best food in town.", rating=5),
    ReviewText(
        id="r2", text="Delicious food and friendly staff, a great neighbourhood spot.", rating=5
    ),
]


def test_a_shellfish_allergy_is_not_quoted_the_lobster_roll() -> None:
    avoid = quote_avoids(AllergyProfile(confirmed=["shellfish"]))
    assert avoid is not None and avoid("The lobster roll is a must") and not avoid("Great pasta")
    quote = consolidated_review(REVIEWS, ["food_quality"], avoid=avoid)
    assert "lobster" not in quote.text.lower() and quote.review_ids == ["r2"]
    unguarded = consolidated_review(REVIEWS, ["food_quality"])
    assert "lobster" in unguarded.text.lower()  # the same reviews, no allergy: the best praise


def test_nobody_with_no_allergies_is_kept_from_any_quote() -> None:
    assert quote_avoids(AllergyProfile()) is None


def test_a_groups_warning_speaks_of_the_member_at_risk_not_you() -> None:
    from kairos.core.allergy_guard import check
    from kairos.core.place_allergens import PlaceAllergens, infer_place_allergens
    from kairos.pipeline.safety import group_profile, shown_check

    place: PlaceAllergens = infer_place_allergens(cuisines=["Thai"])
    you = AllergyProfile()
    sam = AllergyProfile(confirmed=["peanuts"], severity={"peanuts": "anaphylactic"})
    verdict = check([place], group_profile([you, sam]), allergens_of=lambda p: p)
    guarded = (verdict.safe or verdict.flagged)[0]
    risk = shown_check(guarded.assessment, [("you", you), ("Sam", sam)]).risks[0]
    assert risk.who == ["Sam"] and "Anaphylaxis risk for Sam:" in risk.message
    assert "for you" not in risk.message and "their emergency medication with them" in risk.message

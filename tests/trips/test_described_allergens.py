"""A place to eat whose own description names a dish or food that usually carries the
traveller's allergen (a hawker centre "famed for its satay") is checked for it: ingestion stores
it as a "may contain" (`infer_place_allergens(descriptions=...)`), so a trip's meal and the
restaurant card say the same; the meal says what its words show, at every severity in its own
wording, and the place ranks after one with no such sign. A place whose words name nothing
keeps "unverified" (unknown said as unknown). The allergen truth is the engine's one lexicon;
no word list is written here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from typing import Any

import pytest

from kairos.core.allergy_profile import AllergyProfile
from kairos.core.place_allergens import described_evidence, infer_place_allergens
from kairos.store.places import PlaceRecord, PlaceSummary
from kairos.trips.allergy import checked_meals
from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import Candidate, TripRequest
from tests.trips.candidates import place_maker

SATAY = "A hawker centre famed for its satay, grilled skewers served late into the night."
PLAIN = "The historic market offers colonial architecture, heritage and delicious food."
SEAFOOD = "A busy seafood market where stalls grill fresh prawns and oysters to order."
SESAME = "A night market known for sesame pancakes and grilled corn."
NUTS = "A covered market with stalls of baklava, nougat and roasted chestnuts."


def _profile(allergen: str, severity: str) -> AllergyProfile:
    return AllergyProfile.of_levels({allergen: severity})  # type: ignore[dict-item]


def _summary(place_id: int, description: str) -> PlaceSummary:
    """The stored row ingestion writes for a market listed as a sight with this description."""
    known = infer_place_allergens(
        ["historic site"], name=f"Market {place_id}", descriptions=[description]
    )
    return PlaceSummary(
        id=place_id, source="poi", source_id=str(place_id), name=f"Market {place_id}",
        kind="attraction", categories=["historic site"], price_tier=None, rating=None,
        votes=0, city="Singapore", area=None, address=None, lat=1.28, lng=103.85, url=None,
        known_allergens=known.known_allergens, contains_allergens=known.contains_allergens,
        allergen_confidence=known.confidence,
        allergen_evidence=[e.model_dump(mode="json") for e in known.evidence],
    )  # fmt: skip


class _Places:
    """The catalog as `checked_meals` reads it: the rows ingestion stored."""

    def __init__(self, descriptions: dict[int, str]) -> None:
        self.descriptions = descriptions

    async def records(self, ids: Sequence[int]) -> dict[int, PlaceRecord]:
        return {i: PlaceRecord(place=_summary(i, self.descriptions[i]), aspects=None) for i in ids}


def _market(place_id: int, description: str) -> tuple[int, Candidate]:
    attributes: dict[str, Any] = {"poi": {"tourism": {"description": description}}}
    return place_id, Candidate.from_place(
        id=str(place_id), name=f"Market {place_id}", kind="food market", lat=1.28, lng=103.85,
        city="Singapore", attributes=attributes,
    )  # fmt: skip


async def _checked(profile: AllergyProfile, *descriptions: str) -> list[Candidate]:
    meals = [_market(i + 1, d) for i, d in enumerate(descriptions)]
    places = _Places({i + 1: d for i, d in enumerate(descriptions)})
    checked = await checked_meals(places, meals, profile)  # type: ignore[arg-type]
    return list(checked.meals)


def test_a_description_naming_satay_is_a_peanut_sign_never_a_verified_fact() -> None:
    found = {e.allergen: e for e in described_evidence([SATAY])}
    assert "peanuts" in found
    sign = found["peanuts"]
    assert (sign.status, sign.confidence, sign.source, sign.span) == (
        "may_contain", "medium", "description", "satay",
    )  # fmt: skip
    assert described_evidence([PLAIN]) == []
    # a dish word counts said plainly; a word that is a fish only on a menu does not
    assert [e.allergen for e in described_evidence(["Famed for its satay."])][:1] == ["peanuts"]
    assert described_evidence(["A quiet spot by the river, near Fischer Park."]) == []
    stored = infer_place_allergens(["historic site"], descriptions=[SATAY])
    assert stored.knowledge("peanuts") == sign and "peanuts" not in stored.contains_allergens
    assert stored.confidence == "medium"
    assert infer_place_allergens(["historic site"], descriptions=[PLAIN]).confidence == "low"


@pytest.mark.parametrize(
    ("description", "allergen", "word"),
    [(SATAY, "peanuts", "satay"), (SEAFOOD, "shellfish", "seafood"),
     (SESAME, "sesame", "sesame"), (NUTS, "tree_nuts", "baklava")],
)  # fmt: skip
async def test_the_meal_says_what_the_places_own_words_show(
    description: str, allergen: str, word: str
) -> None:
    (meal,) = await _checked(_profile(allergen, "severe"), description)
    check = meal.allergy
    assert check is not None and check.known_risk
    (risk,) = [r for r in check.risks if r.allergen == allergen]
    assert f'its own description names "{word}' in risk.message
    assert "not verified" in risk.message
    assert check.verdict == "caution"


async def test_each_severity_keeps_its_own_wording_and_the_place_is_kept() -> None:
    (danger,) = await _checked(_profile("peanuts", "anaphylactic"), SATAY)
    (mild,) = await _checked(_profile("peanuts", "intolerance"), SATAY)
    assert danger.allergy is not None and mild.allergy is not None
    assert danger.allergy.verdict == "danger"
    assert "Anaphylaxis risk for you: do not eat here" in danger.allergy.risks[0].message
    assert mild.allergy.verdict == "caution"
    assert "You noted an intolerance; choose dishes without peanuts" in (
        mild.allergy.risks[0].message
    )
    assert "Anaphylaxis" not in mild.allergy.risks[0].message


async def test_a_place_whose_words_name_nothing_stays_unverified() -> None:
    checked = await checked_meals(
        _Places({1: SATAY, 2: PLAIN}),  # type: ignore[arg-type]
        [_market(1, SATAY), _market(2, PLAIN)],
        _profile("peanuts", "severe"),
    )
    assert checked.with_risk == 1
    by_id = {c.id: c.allergy for c in checked.meals}
    plain = by_id["2"]
    assert plain is not None and not plain.known_risk
    assert plain.verdict == "no_known_risk" and plain.basis == "none"
    assert plain.summary.startswith("Unverified")
    assert by_id["1"] is not None and by_id["1"].known_risk


async def test_lunch_goes_to_the_market_without_the_sign_though_the_other_is_nearer() -> None:
    centre = (1.2800, 103.8500)
    stops = place_maker(centre, "Singapore", duration=90)
    near_satay, farther_plain = await _checked(_profile("peanuts", "anaphylactic"), SATAY, PLAIN)
    meals = (
        replace(near_satay, lat=centre[0] + 0.003, lng=centre[1] + 0.0005, hours=None),
        replace(farther_plain, lat=centre[0] + 0.003, lng=centre[1] + 0.006, hours=None),
    )
    itinerary = plan_itinerary(
        TripRequest(
            city="Singapore",
            start_date=date(2026, 11, 26),
            days=1,
            pace="moderate",
            mode="walk",
            candidates=tuple(stops(i, 0.002 * i, 0.0) for i in range(4)),
            meals=meals,
        )
    )
    lunch = next(s for s in itinerary.days[0].slots if s.kind == "lunch")
    assert lunch.place_id == farther_plain.id

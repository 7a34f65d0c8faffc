"""The planner's meal choice on the traveller's behalf, with checks made by the one safety step
(the guard's assessment of hand-made allergen knowledge, through `shown_check`): a place with no
known risk first; a place with a known risk only when none fits, and then the meal says why; the
verifier holds every meal to its place's check. No lexicon is read here."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import Any

from kairos.core.allergy_guard import check
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.place_allergens import AllergenEvidence, PlaceAllergens
from kairos.pipeline.safety import AllergyCheck, hard_set, shown_check
from kairos.trips.allergy import people
from kairos.trips.itinerary import plan_itinerary
from kairos.trips.models import Candidate, Itinerary, Slot, TripRequest
from kairos.trips.verify import verify
from tests.trips.candidates import place_maker

MONDAY = date(2025, 5, 5)
DELHI = (28.6139, 77.2090)
DAILY = tuple(((600, 1380),) for _ in range(7))
EVENINGS = tuple(((1080, 1380),) for _ in range(7))
SEVERE = AllergyProfile(confirmed=["shellfish"], severity={"shellfish": "severe"})


def _knowledge(*evidence: tuple[str, str, str]) -> PlaceAllergens:
    """(allergen, confidence, span): what ingestion would have stored for a place."""
    found = [
        AllergenEvidence(allergen=a, status="contains" if c == "high" else "may_contain",
                         confidence=c, source="review" if c == "high" else "cuisine_heuristic",
                         span=span)  # type: ignore[arg-type]
        for a, c, span in evidence
    ]  # fmt: skip
    return PlaceAllergens(
        known_allergens=[a for a, _, _ in evidence],
        contains_allergens=[a for a, c, _ in evidence if c == "high"],
        confidence="high" if any(c == "high" for _, c, _ in evidence) else "medium",
        evidence=found,
    )


def _checked(knowledge: PlaceAllergens, profile: AllergyProfile = SEVERE) -> AllergyCheck:
    """The safety step's check of one place for the traveller (guard, then `shown_check`)."""
    result = check([knowledge], profile, allergens_of=lambda k: k, hard_excluded=hard_set(profile))
    assert not result.flagged and not result.excluded
    return shown_check(result.safe[0].assessment, people(profile))


_place = place_maker(DELHI, "Delhi", duration=90, hours=DAILY)


def _meal(i: int, dlat: float, dlng: float, allergy: AllergyCheck, **kw: object) -> Candidate:
    return _place(i, dlat, dlng, kind="restaurant", allergy=allergy, **kw)


STOPS = [_place(i, 0.002 * i, 0.0) for i in range(4)]
RISKY = _checked(_knowledge(("shellfish", "high", "crab cakes")))
LIKELY = _checked(_knowledge(("shellfish", "medium", "Seafood")))
FREE = _checked(_knowledge(("peanuts", "high", "satay")))


def _plan(meals: list[Candidate], **kw: object) -> Itinerary:
    fields: dict[str, object] = {"city": "Delhi", "start_date": MONDAY, "days": 1,
                                 "pace": "moderate", "mode": "walk", "candidates": tuple(STOPS),
                                 "meals": tuple(meals)}  # fmt: skip
    fields.update(kw)
    return plan_itinerary(TripRequest(**fields))  # type: ignore[arg-type]


def _lunch(itinerary: Itinerary) -> Slot:
    return next(s for s in itinerary.days[0].slots if s.kind == "lunch")


def _meal_check(itinerary: Itinerary) -> tuple[bool, str]:
    result = next(r for r in verify(itinerary).results if r.constraint == "meal_allergy")
    return result.passed, result.detail


def test_the_checks_are_the_safety_steps() -> None:
    assert RISKY.known_risk and RISKY.checked_for == ["you"] and RISKY.verdict == "caution"
    assert [r.who for r in RISKY.risks] == [["you"]]
    assert not FREE.known_risk and FREE.verdict == "no_known_risk"  # peanuts: not theirs


def test_a_place_with_no_known_risk_is_preferred_over_a_nearer_one_with_a_risk() -> None:
    near_risky = _meal(100, 0.003, 0.0005, RISKY)
    farther_free = _meal(101, 0.003, 0.006, FREE)  # ~0.6 km off the route, within 1.2 km
    lunch = _lunch(_plan([near_risky, farther_free]))
    assert lunch.place_id == "p101"
    assert lunch.allergy == FREE and lunch.risk_reason is None


def test_the_only_place_in_reach_with_a_risk_is_kept_and_says_why() -> None:
    near_risky = _meal(100, 0.003, 0.0005, RISKY)
    far_free = _meal(101, 0.003, 0.2, FREE)  # ~20 km away: out of reach on foot
    itinerary = _plan([near_risky, far_free])
    lunch = _lunch(itinerary)
    assert lunch.place_id == "p100"
    assert lunch.allergy == RISKY and lunch.allergy.known_risk
    assert lunch.risk_reason and "without a known allergy risk" in lunch.risk_reason
    assert "1.2 km" in lunch.risk_reason
    assert _meal_check(itinerary) == (
        True,
        "1 meals; 1 at a place with a known allergy risk, each naming it and why it was kept",
    )


def test_a_risk_free_place_closed_at_lunch_leaves_the_risky_one_with_its_reason() -> None:
    near_risky = _meal(100, 0.003, 0.0005, RISKY)
    closed_free = _meal(101, 0.003, 0.001, FREE, hours=EVENINGS)
    lunch = _lunch(_plan([near_risky, closed_free]))
    assert lunch.place_id == "p100" and lunch.risk_reason


def test_among_places_with_a_risk_the_lesser_risk_comes_first() -> None:
    severity: dict[str, Any] = {"shellfish": "anaphylactic", "sesame": "moderate"}
    anaphylactic = AllergyProfile(confirmed=["shellfish", "sesame"], severity=severity)
    danger = _checked(_knowledge(("shellfish", "medium", "Seafood")), anaphylactic)
    caution = _checked(_knowledge(("sesame", "high", "tahini")), anaphylactic)
    assert danger.verdict == "danger" and caution.verdict == "caution"
    lunch = _lunch(_plan([_meal(100, 0.003, 0.0005, danger), _meal(101, 0.003, 0.004, caution)]))
    assert lunch.place_id == "p101" and lunch.allergy == caution and lunch.risk_reason


def test_the_verifier_holds_every_meal_to_its_places_check() -> None:
    itinerary = _plan([_meal(100, 0.003, 0.0005, RISKY)])
    lunch = _lunch(itinerary)
    assert lunch.risk_reason

    def with_lunch(slot: Slot) -> Itinerary:
        day = itinerary.days[0]
        slots = tuple(slot if s is lunch else s for s in day.slots)
        return replace(itinerary, days=(replace(day, slots=slots),))

    silent = with_lunch(replace(lunch, risk_reason=None))
    passed, detail = _meal_check(silent)
    assert not passed and "kept without saying why" in detail
    dropped = with_lunch(replace(lunch, allergy=None, risk_reason=None))
    passed, detail = _meal_check(dropped)
    assert not passed and "does not carry its place's allergy check" in detail
    elsewhere = with_lunch(replace(lunch, place_id="p1"))
    assert not _meal_check(elsewhere)[0]

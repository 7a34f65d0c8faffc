"""AllergyGuard behaviour on hand-made cases: buckets, order, wording, statuses, JSON."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import TypeAdapter

from kairos.core.allergy_guard import GuardResult, check
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.place_allergens import AllergenEvidence, PlaceAllergens, infer_place_allergens


@dataclass
class Place:
    name: str
    allergens: PlaceAllergens


def of(place: Place) -> PlaceAllergens:
    return place.allergens


PROFILE = AllergyProfile(
    confirmed=["peanuts", "shellfish", "sesame"],
    intolerances=["gluten"],
    severity={"peanuts": "anaphylactic", "sesame": "moderate"},
)


def places() -> list[Place]:
    return [
        Place("satay house", infer_place_allergens([], dishes=["Chicken satay"])),
        Place("thai heuristic", infer_place_allergens(["Thai"])),
        Place("prawn shack", infer_place_allergens([], dishes=["Grilled prawns"])),
        Place("bakery", infer_place_allergens([], dishes=["Sourdough loaf"])),
        Place("unknown", infer_place_allergens([])),
        Place("cross contact", infer_place_allergens([], menu=["May contain traces of peanuts"])),
        Place("salad bar", infer_place_allergens([], dishes=["Green salad"], menu=["Tomato soup"])),
        Place("tahini", infer_place_allergens([], dishes=["Hummus plate"])),
    ]


def names(items: tuple[object, ...]) -> list[str]:
    return [item.item.name for item in items]  # type: ignore[attr-defined]


def test_buckets_and_order() -> None:
    result = check(places(), PROFILE, allergens_of=of)
    assert names(result.excluded) == ["satay house"]
    assert names(result.flagged) == ["cross contact"]
    assert names(result.safe) == [
        "unknown", "salad bar",  # no known conflict, input order
        "bakery",  # intolerance
        "tahini",  # moderate
        "prawn shack",  # severe
        "thai heuristic",  # anaphylactic, but only from the cuisine: warned, not flagged
    ]  # fmt: skip
    assert result.hard_excluded_allergens == ("peanuts",)
    assert result.has_any_warnings


def test_requested_exclusions_add_to_the_hard_set() -> None:
    result = check(places(), PROFILE, allergens_of=of, hard_excluded=["prawns"])
    assert names(result.excluded) == ["satay house", "prawn shack"]
    assert result.hard_excluded_allergens == ("peanuts", "shellfish")
    assert "anaphylactic allergy" in result.excluded[0].reason
    assert "shellfish (excluded)" in result.excluded[1].reason


def test_warning_wording_matches_severity() -> None:
    result = check(places(), PROFILE, allergens_of=of)
    by_name = {g.item.name: g.assessment for g in (*result.safe, *result.flagged)}
    danger = by_name["cross contact"].warnings[0]
    assert (danger.level, danger.title) == ("danger", "Anaphylaxis risk")
    assert "Anaphylaxis risk for you" in danger.message and "May contain peanuts" in danger.message
    heuristic = by_name["thai heuristic"].warnings[0]
    assert heuristic.level == "danger" and "not verified" in heuristic.message
    assert [w.level for w in by_name["thai heuristic"].warnings] == ["danger", "warning", "warning"]
    severe = by_name["prawn shack"].warnings[0]
    assert (severe.level, severe.title) == ("warning", "Allergy warning")
    moderate = by_name["tahini"].warnings[0]
    assert (moderate.level, moderate.title) == ("caution", "May contain")
    info = by_name["bakery"].warnings[0]
    assert (info.level, info.title) == ("info", "Contains")
    assert "intolerance" in info.message and "risk" not in info.message.lower()


def test_statuses_and_confidence_notes() -> None:
    result = check(places(), PROFILE, allergens_of=of)
    by_name = {g.item.name: g.assessment for g in (*result.safe, *result.flagged)}
    thai = {s.allergen: s for s in by_name["thai heuristic"].statuses}
    assert (thai["peanuts"].status, thai["peanuts"].source) == ("may_contain", "cuisine_heuristic")
    assert thai["sesame"].status == "unverified" and thai["sesame"].source is None
    assert by_name["thai heuristic"].confidence_note is not None
    assert "cuisine" in by_name["thai heuristic"].confidence_note
    prawn = {s.allergen: s for s in by_name["prawn shack"].statuses}
    assert (prawn["shellfish"].status, prawn["shellfish"].source) == ("contains", "dish")
    assert by_name["prawn shack"].confidence_note is None
    assert by_name["unknown"].confidence_note is not None


def test_never_a_bare_safe_on_heuristic_data() -> None:
    profile = AllergyProfile(confirmed=["mustard"])
    result = check(
        [Place("italian", infer_place_allergens(["Italian"])), Place("none", PlaceAllergens())],
        profile,
        allergens_of=of,
    )
    italian, none = (g.assessment for g in result.safe)
    assert italian.is_safe and italian.basis == "cuisine_heuristic"
    assert "not verified" in italian.summary
    assert none.basis == "none" and none.summary.startswith("Unverified")


def test_empty_profile_and_empty_input() -> None:
    result = check(places(), AllergyProfile(), allergens_of=of)
    assert len(result.safe) == len(places()) and not result.has_any_warnings
    assert result.safe[0].assessment.summary == "No allergies in your profile."
    empty = check([], PROFILE, allergens_of=of)
    assert (empty.safe, empty.flagged, empty.excluded) == ((), (), ())


def test_result_serialises_to_json() -> None:
    result = check(places(), PROFILE, allergens_of=of)
    adapter = TypeAdapter(GuardResult[Place])
    data = adapter.dump_python(result, mode="json")
    assert data["hard_excluded_allergens"] == ["peanuts"]
    first = data["safe"][0]
    assert set(first["assessment"]) >= {"is_safe", "worst_severity", "warnings", "statuses"}
    assert adapter.dump_json(result)


def test_no_warning_means_has_any_warnings_is_false() -> None:
    result = check([Place("salad", places()[6].allergens)], PROFILE, allergens_of=of)
    assert result.has_any_warnings is False


def test_a_place_containing_two_hard_allergens_names_both() -> None:
    profile = AllergyProfile(
        confirmed=["peanuts", "shellfish"],
        severity={"peanuts": "anaphylactic", "shellfish": "anaphylactic"},
    )
    both = Place("both", infer_place_allergens([], dishes=["Peanut satay", "Grilled prawns"]))
    result = check([both], profile, allergens_of=of)
    (excluded,) = result.excluded
    assert excluded.allergens == ("peanuts", "shellfish")
    assert excluded.reason == (
        "Contains peanuts (anaphylactic allergy), shellfish (anaphylactic allergy), "
        "known from its own menu, dishes, reviews, category or name."
    )


def test_one_place_checked_for_two_profiles_gets_an_assessment_for_each() -> None:
    """Assessments are memoised on the place: the memo must be keyed by the profile."""
    place = Place("prawn shack", infer_place_allergens([], dishes=["Grilled prawns"]))
    shellfish = AllergyProfile(confirmed=["shellfish"])
    sesame = AllergyProfile(confirmed=["sesame"])
    for _ in range(2):
        first = check([place], shellfish, allergens_of=of).safe[0].assessment
        second = check([place], sesame, allergens_of=of).safe[0].assessment
        assert first.worst_severity == "severe" and not first.is_safe
        assert second.worst_severity is None and second.is_safe
    milder = AllergyProfile(intolerances=["shellfish"])
    assert check([place], milder, allergens_of=of).safe[0].assessment.worst_severity == (
        "intolerance"
    )


def test_the_summary_names_the_allergens_of_the_worst_severity_only() -> None:
    profile = AllergyProfile(
        confirmed=["peanuts", "sesame", "tree_nuts"],
        severity={"peanuts": "moderate", "sesame": "severe", "tree_nuts": "severe"},
    )
    place = Place(
        "mixed", infer_place_allergens([], dishes=["Peanut noodles", "Hummus", "Walnut cake"])
    )
    assessment = check([place], profile, allergens_of=of).safe[0].assessment
    assert assessment.worst_severity == "severe"
    assert assessment.summary == "Allergy warning: sesame, tree nuts."
    assert [w.allergen for w in assessment.warnings] == ["sesame", "tree_nuts", "peanuts"]


def test_the_assessment_carries_the_place_confidence() -> None:
    result = check(places(), PROFILE, allergens_of=of)
    for guarded in (*result.safe, *result.flagged):
        assert guarded.assessment.confidence == guarded.item.allergens.confidence
    confidences = {g.assessment.confidence for g in (*result.safe, *result.flagged)}
    assert confidences == {"high", "medium", "low"}


def test_each_status_and_warning_carries_its_evidence() -> None:
    profile = AllergyProfile(
        confirmed=["shellfish", "sesame", "eggs"], severity={"sesame": "moderate"}
    )
    shack = Place("shack", infer_place_allergens([], texts=[("r1", "The shrimp was great")]))
    assessment = check([shack], profile, allergens_of=of).safe[0].assessment
    statuses = {s.allergen: s for s in assessment.statuses}
    shrimp = statuses["shellfish"]
    assert (shrimp.severity, shrimp.status, shrimp.source, shrimp.confidence) == (
        "severe",
        "contains",
        "review",
        "high",
    )
    assert shrimp.evidence == "r1: shrimp"
    unverified = statuses["sesame"]
    assert (unverified.severity, unverified.status, unverified.source) == (
        "moderate",
        "unverified",
        None,
    )
    (warning,) = assessment.warnings
    assert (warning.allergen, warning.source, warning.confidence) == ("shellfish", "review", "high")


def test_evidence_without_a_reference_is_quoted_alone() -> None:
    place = Place(
        "stored",
        PlaceAllergens(
            confidence="high",
            evidence=[
                AllergenEvidence(
                    allergen="sesame",
                    status="may_contain",
                    confidence="high",
                    source="menu",
                    span="sesame seeds",
                )
            ],
        ),
    )
    status = check([place], AllergyProfile(confirmed=["sesame"]), allergens_of=of).safe[0]
    assert status.assessment.statuses[0].evidence == "sesame seeds"


def test_only_high_confidence_evidence_of_the_place_itself_is_verified() -> None:
    """A "contains" that rests on a cuisine, or on medium-confidence evidence, is shown as
    "may contain": never as a verified fact about the place."""

    def status_of(confidence: str, source: str) -> str:
        evidence = AllergenEvidence(
            allergen="soy",
            status="contains",
            confidence=confidence,  # type: ignore[arg-type]
            source=source,  # type: ignore[arg-type]
            span="soy",
        )
        place = Place("p", PlaceAllergens(confidence="medium", evidence=[evidence]))
        result = check([place], AllergyProfile(confirmed=["soy"]), allergens_of=of)
        return result.safe[0].assessment.statuses[0].status

    assert status_of("high", "dish") == "contains"
    assert status_of("medium", "review") == "may_contain"
    assert status_of("high", "cuisine_heuristic") == "may_contain"
    assert status_of("medium", "cuisine_heuristic") == "may_contain"


def test_a_cuisine_warning_names_the_cuisine_as_the_place_lists_it() -> None:
    place = Place("sushi", infer_place_allergens(["Sushi Bars"]))
    result = check([place], AllergyProfile(confirmed=["soy"]), allergens_of=of)
    (warning,) = result.safe[0].assessment.warnings
    assert warning.message.startswith("Sushi Bars kitchens commonly use soy")


def test_no_cuisine_note_when_every_allergen_of_the_profile_is_read_from_the_place() -> None:
    # an Indian place: tree nuts read in a review, dairy and others only from the cuisine, so
    # the place as a whole is "medium"
    nirvana = Place(
        "nirvana",
        infer_place_allergens(["Indian"], texts=[("r1", "The malai kofta was rich and creamy.")]),
    )
    assert nirvana.allergens.confidence == "medium"
    nuts = check([nirvana], AllergyProfile(confirmed=["tree_nuts"]), allergens_of=of)
    (guarded,) = (*nuts.safe, *nuts.flagged)
    assert guarded.assessment.warnings[0].source == "review"
    # "comes from its cuisine type, not from its menu or reviews" would contradict the card
    assert guarded.assessment.confidence_note is None
    # an allergen of the profile read only from the cuisine (or not at all) keeps the note
    two = check([nirvana], AllergyProfile(confirmed=["tree_nuts", "mustard"]), allergens_of=of)
    (guarded,) = (*two.safe, *two.flagged)
    assert guarded.assessment.confidence_note is not None

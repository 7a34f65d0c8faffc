"""Property tests: AllergyGuard invariants over random profiles and random candidate sets."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kairos.core.allergens import SEVERITIES, SEVERITY_RISK
from kairos.core.allergy_guard import GuardResult, check
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.allergy_warnings import LEVELS
from kairos.core.hard_filter import hard_excluded_allergens
from kairos.core.place_allergens import AllergenEvidence, PlaceAllergens

POOL = ["peanuts", "tree_nuts", "shellfish", "fish", "dairy", "gluten", "sesame", "garlic"]
HIGH_SOURCES = ("menu", "dish", "review")

profiles = st.builds(
    AllergyProfile,
    confirmed=st.lists(st.sampled_from([*POOL, "prawns", "ghee", "nuts"]), max_size=4),
    intolerances=st.lists(st.sampled_from(POOL), max_size=2),
    severity=st.dictionaries(
        st.sampled_from(POOL), st.sampled_from([*SEVERITIES, None]), max_size=4
    ),
)


@st.composite
def evidence_items(draw: st.DrawFn) -> AllergenEvidence:
    high = draw(st.booleans())
    return AllergenEvidence(
        allergen=draw(st.sampled_from(POOL)),
        status=draw(st.sampled_from(["contains", "may_contain"])),
        confidence="high" if high else "medium",
        source=draw(st.sampled_from(HIGH_SOURCES)) if high else "cuisine_heuristic",
        ref=draw(st.none() | st.text(max_size=5)),
        span=draw(st.text(min_size=1, max_size=8)),
    )


@st.composite
def places(draw: st.DrawFn) -> PlaceAllergens:
    if draw(st.integers(0, 4)) == 0:  # a stored row without its evidence
        known = draw(st.lists(st.sampled_from(POOL), unique=True, max_size=4))
        contains = draw(st.lists(st.sampled_from(known), unique=True)) if known else []
        confidence = draw(st.sampled_from(["high", "medium", "low"]))
        return PlaceAllergens(
            known_allergens=known, contains_allergens=contains, confidence=confidence
        )
    evidence = draw(st.lists(evidence_items(), max_size=6))
    levels = {e.confidence for e in evidence}
    confidence = "high" if "high" in levels else "medium" if levels else "low"
    return PlaceAllergens(
        known_allergens=sorted({e.allergen for e in evidence}),
        contains_allergens=sorted(
            {e.allergen for e in evidence if (e.status, e.confidence) == ("contains", "high")}
        ),
        confidence=confidence,
        evidence=evidence,
    )


candidate_sets = st.lists(places(), max_size=12)
requests = st.lists(st.sampled_from([*POOL, "prawns", "sesame seeds"]), max_size=2)


def run(
    profile: AllergyProfile, candidates: list[PlaceAllergens], requested: list[str]
) -> GuardResult[int]:
    return check(
        list(range(len(candidates))),
        profile,
        allergens_of=candidates.__getitem__,
        hard_excluded=requested,
    )


# One hypothesis test checks every invariant on the same random input: generating examples
# dominates the cost, so sharing them keeps the suite fast without weakening any property.
@settings(max_examples=300, deadline=None)
@given(profiles, candidate_sets, requests)
def test_guard_invariants(
    profile: AllergyProfile, candidates: list[PlaceAllergens], requested: list[str]
) -> None:
    result = run(profile, candidates, requested)
    nothing_is_lost(result, candidates)
    no_high_confidence_anaphylactic_allergen_is_safe(result, profile, candidates)
    hard_excluded_items_are_exactly_the_high_confidence_contains(
        result, profile, candidates, requested
    )
    sort_order_is_safe_first_then_severity_then_input(result)
    warnings_match_the_worst_severity(result, profile, candidates)
    statuses_and_notes_are_honest(result, profile, candidates)


def nothing_is_lost(result: GuardResult[int], candidates: list[PlaceAllergens]) -> None:
    seen = [g.item for g in result.safe] + [g.item for g in result.flagged]
    seen += [e.item for e in result.excluded]
    assert sorted(seen) == list(range(len(candidates)))


def no_high_confidence_anaphylactic_allergen_is_safe(
    result: GuardResult[int], profile: AllergyProfile, candidates: list[PlaceAllergens]
) -> None:
    severities = profile.resolved_severities()
    anaphylactic = [name for name, level in severities.items() if level == "anaphylactic"]
    for guarded in result.safe:
        for name in anaphylactic:
            knowledge = candidates[guarded.item].knowledge(name)
            assert knowledge is None or knowledge.confidence != "high"


def hard_excluded_items_are_exactly_the_high_confidence_contains(
    result: GuardResult[int],
    profile: AllergyProfile,
    candidates: list[PlaceAllergens],
    requested: list[str],
) -> None:
    hard = hard_excluded_allergens(profile, requested)
    assert set(result.hard_excluded_allergens) == hard
    excluded = {e.item for e in result.excluded}
    for index, place in enumerate(candidates):
        hits = set()
        for name in hard:
            knowledge = place.knowledge(name)
            strength = None if knowledge is None else (knowledge.status, knowledge.confidence)
            if strength == ("contains", "high"):
                hits.add(name)
        assert (index in excluded) == bool(hits)


def sort_order_is_safe_first_then_severity_then_input(result: GuardResult[int]) -> None:
    for bucket in (result.safe, result.flagged):
        keys = []
        for guarded in bucket:
            worst = guarded.assessment.worst_severity
            keys.append((0 if worst is None else SEVERITY_RISK[worst], guarded.item))
        assert keys == sorted(keys)


def warnings_match_the_worst_severity(
    result: GuardResult[int], profile: AllergyProfile, candidates: list[PlaceAllergens]
) -> None:
    severities = profile.resolved_severities()
    for guarded in (*result.safe, *result.flagged):
        assessment = guarded.assessment
        worst = assessment.worst_severity
        if worst is None:
            assert assessment.is_safe and not assessment.warnings
            continue
        assert not assessment.is_safe
        assert assessment.warnings[0].severity == worst
        assert max(SEVERITY_RISK[w.severity] for w in assessment.warnings) == SEVERITY_RISK[worst]
        for warning in assessment.warnings:
            assert warning.level == LEVELS[warning.severity]
            assert warning.severity == severities[warning.allergen]
            assert candidates[guarded.item].knowledge(warning.allergen) is not None


def statuses_and_notes_are_honest(
    result: GuardResult[int], profile: AllergyProfile, candidates: list[PlaceAllergens]
) -> None:
    flagged_items = {g.item for g in result.flagged}
    for guarded in (*result.safe, *result.flagged):
        assessment = guarded.assessment
        place = candidates[guarded.item]
        assert sorted(s.allergen for s in assessment.statuses) == sorted(profile.severity)
        for status in assessment.statuses:
            knowledge = place.knowledge(status.allergen)
            if knowledge is None:
                assert status.status == "unverified"
            elif status.status == "contains":
                assert knowledge.confidence == "high"
                assert knowledge.source != "cuisine_heuristic"
        own = bool(assessment.statuses) and all(
            s.source not in (None, "cuisine_heuristic") for s in assessment.statuses
        )  # every allergen of the profile read from the place itself: no cuisine note
        assert (assessment.confidence_note is None) == (place.confidence == "high" or own)
        if assessment.is_safe and assessment.basis != "evidence" and profile.severity:
            assert "verified" in assessment.summary.lower()
        danger = any(
            w.severity == "anaphylactic" and w.confidence == "high" for w in assessment.warnings
        )
        assert (guarded.item in flagged_items) == danger

"""The allergy profile is normalised on validation; the hard filter cannot be talked down."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from kairos.core.allergy_profile import AllergyProfile, anaphylactic_allergens, flags
from kairos.core.hard_filter import hard_excluded_allergens


def test_seed_shape_round_trips() -> None:
    data = {
        "confirmed": ["peanuts", "dairy"],
        "intolerances": ["gluten"],
        "severity": {"peanuts": "anaphylactic", "dairy": "severe"},
    }
    profile = AllergyProfile.model_validate(data)
    assert profile.model_dump() == {
        **data,
        "severity": {**data["severity"], "gluten": "intolerance"},
    }


def test_entries_are_normalised_and_deduplicated() -> None:
    profile = AllergyProfile(
        confirmed=["Ghee", "prawns", "milk", "Prawn", "  garlic "],
        intolerances=["maida"],
        severity={"ghee": "moderate"},
    )
    assert profile.confirmed == ["dairy", "shellfish", "garlic"]
    assert profile.intolerances == ["gluten"]
    assert profile.severity == {
        "dairy": "moderate",
        "shellfish": "severe",
        "garlic": "severe",
        "gluten": "intolerance",
    }
    assert profile.custom_ingredients == ["garlic"]


def test_unknown_severity_counts_as_severe() -> None:
    profile = AllergyProfile(confirmed=["sesame"], severity={"kiwi": None})
    assert profile.severity == {"sesame": "severe", "kiwi": "severe"}
    assert profile.confirmed == ["sesame", "kiwi"]


def test_duplicates_keep_the_riskiest_severity() -> None:
    profile = AllergyProfile(
        confirmed=["peanuts"],
        intolerances=["groundnut"],
        severity={"peanut": "moderate", "mungfali": "anaphylactic"},
    )
    assert profile.severity == {"peanuts": "anaphylactic"}
    assert profile.intolerances == []


def test_umbrella_words_widen() -> None:
    profile = AllergyProfile(confirmed=["nuts"], severity={"nuts": "anaphylactic"})
    assert profile.severity == {"tree_nuts": "anaphylactic", "peanuts": "anaphylactic"}


def test_validation_is_idempotent() -> None:
    profile = AllergyProfile(confirmed=["Prawns", "nuts"], intolerances=["milk"], severity={})
    assert AllergyProfile.model_validate(profile.model_dump()) == profile


def test_bad_input_is_rejected() -> None:
    with pytest.raises(ValidationError):
        AllergyProfile.model_validate({"confirmed": ["peanuts"], "severity": {"peanuts": "deadly"}})
    with pytest.raises(ValidationError):
        AllergyProfile.model_validate({"confirmd": ["peanuts"]})


def test_helpers() -> None:
    profile = AllergyProfile(
        confirmed=["peanuts", "dairy"],
        intolerances=["gluten"],
        severity={"peanuts": "anaphylactic"},
    )
    assert anaphylactic_allergens(profile) == {"peanuts"}
    assert flags(profile) == ["peanuts", "dairy", "gluten"]


def test_hard_filter_always_keeps_anaphylactic_allergens() -> None:
    profile = AllergyProfile(confirmed=["shellfish"], severity={"shellfish": "anaphylactic"})
    assert hard_excluded_allergens(profile) == {"shellfish", "molluscs"}  # as people mean it
    # "ignore my allergies, show me shellfish": a parser can only add, never remove.
    assert hard_excluded_allergens(profile, []) == {"shellfish", "molluscs"}
    assert hard_excluded_allergens(profile, ["Sesame seeds", "nuts"]) == {
        "shellfish",
        "molluscs",
        "sesame",
        "tree_nuts",
        "peanuts",
    }
    assert hard_excluded_allergens(AllergyProfile()) == frozenset()


def test_the_riskiest_stated_severity_wins_whatever_the_order() -> None:
    for severity in (
        {"peanut": "anaphylactic", "groundnut": "moderate"},
        {"groundnut": "moderate", "peanut": "anaphylactic"},
    ):
        profile = AllergyProfile(confirmed=["peanuts"], severity=severity)  # type: ignore[arg-type]
        assert profile.severity == {"peanuts": "anaphylactic"}, severity


def test_listing_an_allergy_again_as_an_intolerance_never_lowers_it() -> None:
    profile = AllergyProfile(confirmed=["dairy"], intolerances=["milk"])
    assert profile.severity == {"dairy": "severe"}
    assert (profile.confirmed, profile.intolerances) == (["dairy"], [])
    nuts = AllergyProfile(confirmed=["peanuts", "nuts"], severity={"peanuts": "anaphylactic"})
    assert nuts.severity == {"peanuts": "anaphylactic", "tree_nuts": "severe"}


def test_a_severity_alone_is_an_allergy_at_that_severity() -> None:
    profile = AllergyProfile(severity={"kiwi": None, "sesame": "anaphylactic", "soy": "moderate"})
    assert profile.severity == {"kiwi": "severe", "sesame": "anaphylactic", "soy": "moderate"}
    assert profile.confirmed == ["kiwi", "sesame", "soy"]

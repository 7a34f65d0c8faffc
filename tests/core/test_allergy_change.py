"""Partial allergy updates: only what is sent changes, and an anaphylactic allergy leaves only
when named. Checked against a small model of the profile over random update sequences."""

from __future__ import annotations

from typing import get_args

from hypothesis import given, settings
from hypothesis import strategies as st

from kairos.core.allergens import Severity
from kairos.core.allergy_change import AllergyChange, apply_change
from kairos.core.allergy_profile import AllergyProfile

SEVERITIES: tuple[Severity, ...] = get_args(Severity)
# Canonical names only, so the model needs no synonym table; synonyms are tested below.
NAMES = ("peanuts", "tree_nuts", "dairy", "eggs", "sesame", "molluscs", "garlic", "kiwi")


def model_apply(levels: dict[str, Severity], change: AllergyChange) -> dict[str, Severity]:
    """The documented rules, written as plainly as possible."""
    out = dict(levels)
    for name in change.remove or []:
        out.pop(name, None)
    if change.confirmed is not None:
        for name in list(out):
            if out[name] in ("severe", "moderate") and name not in change.confirmed:
                del out[name]
        for name in change.confirmed:
            if out.get(name) in (None, "intolerance"):
                out[name] = "severe"
    if change.intolerances is not None:
        for name in list(out):
            if out[name] == "intolerance" and name not in change.intolerances:
                del out[name]
        for name in change.intolerances:
            out.setdefault(name, "intolerance")
    for name, level in (change.severity or {}).items():
        out[name] = level
    return out


def first_named_order(levels: dict[str, Severity]) -> dict[str, Severity]:
    """A profile lists its confirmed allergies first, then its intolerances, each in order."""
    confirmed = {n: level for n, level in levels.items() if level != "intolerance"}
    return {**confirmed, **{n: level for n, level in levels.items() if level == "intolerance"}}


names = st.lists(st.sampled_from(NAMES), max_size=4, unique=True)
changes = st.builds(
    AllergyChange,
    confirmed=st.none() | names,
    intolerances=st.none() | names,
    severity=st.none() | st.dictionaries(st.sampled_from(NAMES), st.sampled_from(SEVERITIES)),
    remove=st.none() | names,
)


@settings(max_examples=300, deadline=None)
@given(st.lists(changes, min_size=1, max_size=8))
def test_any_sequence_of_partial_updates_matches_the_model(sequence: list[AllergyChange]) -> None:
    profile = AllergyProfile()
    model: dict[str, Severity] = {}
    for change in sequence:
        before = profile
        profile = apply_change(profile, change)
        model = first_named_order(model_apply(model, change))
        assert profile.resolved_severities() == model
        assert profile.allergens == list(model), "confirmed first, then intolerances"
        for name, level in before.resolved_severities().items():
            named = name in (change.remove or []) or name in (change.severity or {})
            if level == "anaphylactic" and not named:
                assert profile.severity_of(name) == "anaphylactic", (name, change)
        assert AllergyProfile.model_validate(profile.model_dump()) == profile


def test_the_reported_erasure_is_gone() -> None:
    """Issue 10: sending only `intolerances` dropped an anaphylactic peanut allergy."""
    stored = AllergyProfile(confirmed=["peanuts"], severity={"peanuts": "anaphylactic"})
    after = apply_change(stored, AllergyChange(intolerances=["lactose"]))
    assert after.model_dump() == {
        "confirmed": ["peanuts"],
        "intolerances": ["dairy"],
        "severity": {"peanuts": "anaphylactic", "dairy": "intolerance"},
    }


def test_nothing_sent_changes_nothing() -> None:
    stored = AllergyProfile(confirmed=["sesame"], intolerances=["gluten"])
    assert apply_change(stored, AllergyChange()) == stored


def test_a_confirmed_list_keeps_unnamed_anaphylactic_allergies() -> None:
    stored = AllergyProfile(
        confirmed=["peanuts", "eggs"], severity={"peanuts": "anaphylactic", "eggs": "severe"}
    )
    after = apply_change(stored, AllergyChange(confirmed=["sesame"]))
    assert after.severity == {"peanuts": "anaphylactic", "sesame": "severe"}


def test_names_are_normalised_like_a_profile() -> None:
    stored = AllergyProfile(
        confirmed=["prawns", "nuts"], severity={"prawns": "anaphylactic", "nuts": "severe"}
    )
    after = apply_change(
        stored, AllergyChange(remove=["Prawn"], severity={"groundnut": "moderate"})
    )
    assert after.severity == {"tree_nuts": "severe", "peanuts": "moderate"}


def test_an_intolerance_never_downgrades_a_confirmed_allergy() -> None:
    stored = AllergyProfile(confirmed=["dairy"])
    after = apply_change(stored, AllergyChange(intolerances=["milk"]))
    assert after.severity == {"dairy": "severe"}


def test_the_profile_keeps_confirmed_allergies_before_intolerances() -> None:
    stored = AllergyProfile(confirmed=["peanuts"], intolerances=["gluten"])
    after = apply_change(
        stored, AllergyChange(severity={"peanuts": "intolerance", "milk": "severe"})
    )
    assert after.allergens == ["dairy", "peanuts", "gluten"]
    assert (after.confirmed, after.intolerances) == (["dairy"], ["peanuts", "gluten"])


def test_two_names_for_one_allergen_in_one_change_keep_the_riskiest() -> None:
    for severity in (
        {"prawns": "anaphylactic", "shrimp": "moderate"},
        {"shrimp": "moderate", "prawns": "anaphylactic"},
    ):
        after = apply_change(AllergyProfile(), AllergyChange(severity=severity))  # type: ignore[arg-type]
        assert after.severity == {"shellfish": "anaphylactic"}, severity

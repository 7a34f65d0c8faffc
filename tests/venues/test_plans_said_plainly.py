"""Issue 38, plans panel half A: words a group organiser would not understand. 'Not what
"nice" asks for (rated 3.5★): kept for want of others' on 35 venues of seven plans (p09,
p13, p15, p19, p31, p33, p49); "Kim: dairy (contains) — intolerance allergy" for a lactose
intolerance (p33, p49: an intolerance is not an allergy); "a steakhouses place" (p49). Each
is said as a person would; what a member must avoid is named as before."""

from __future__ import annotations

from kairos.core.allergy_profile import AllergyProfile
from kairos.pipeline.safety import AllergyCheck, CheckedRisk
from kairos.venues.allergy import members_at_risk
from kairos.venues.group import GroupProfile
from kairos.venues.occasion import under_the_occasion
from kairos.venues.schemas import Member


def test_a_venue_plainer_than_the_occasion_says_so_in_plain_words() -> None:
    nice = under_the_occasion("nice", "dinner", False, 3.5, False)
    assert nice == (
        "Plainer than the nice dinner asked for (rated only 3.5★): shown because too few "
        "better-suited places were found."
    )
    graduation = under_the_occasion("graduation", "lunch", True, 3.5, True, "pub")
    assert graduation.startswith(
        "Plainer than a graduation lunch usually calls for (mainly a bar; a pub, by its name; "
        "rated only 3.5★; you order at a counter)"
    )
    assert under_the_occasion("anniversary", "dinner", False, None, False, chain=True).startswith(
        "Plainer than an anniversary dinner usually calls for (a casual chain)"
    )
    assert "a celebration lunch usually" in under_the_occasion("celebrating", "lunch", False, 3, 0)
    assert "a rehearsal dinner usually" in under_the_occasion("rehearsal dinner", "dinner", 0, 3, 0)
    for said in (nice, graduation):
        assert "Not what" not in said and "asks for (" not in said
        assert "kept for want of others" not in said


def test_an_intolerance_is_named_as_one_and_an_allergy_as_before() -> None:
    kim = Member(
        name="Kim",
        allergies=AllergyProfile(intolerances=["lactose"], severity={"lactose": "intolerance"}),
    )
    sam = Member(
        name="Sam",
        allergies=AllergyProfile(confirmed=["peanuts"], severity={"peanuts": "anaphylactic"}),
    )
    group = GroupProfile.of([kim, sam], AllergyProfile(), "you")
    check = AllergyCheck(
        checked_for=["Kim", "Sam"],
        allergens=["dairy", "peanuts"],
        verdict="danger",
        basis="cuisine_heuristic",
        summary="",
        risks=[
            CheckedRisk(
                allergen=a,
                name=a,
                severity=s,
                level="warning",
                status="likely",
                message="",
                source="category",
                who=[who],
            )
            for a, s, who in (("dairy", "intolerance", "Kim"), ("peanuts", "anaphylactic", "Sam"))
        ],
    )
    notes = {r.name: (r.severity, r.note) for r in members_at_risk(group, check)}
    assert notes["Kim"] == ("intolerance", "Kim: dairy (may contain) — intolerance")
    assert notes["Sam"] == ("anaphylactic", "Sam: peanuts (may contain) — anaphylactic allergy")

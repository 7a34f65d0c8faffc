"""Group plans, sixth round (issue 38): a group of ten or more hears every venue's capacity
or that it is unknown; an amount a head said for an occasion is the level the group means to
spend; a venue a member voted against is never called the best pick."""

from __future__ import annotations

from kairos.store.places import PlaceSummary
from kairos.venues.occasion import an_occasion
from kairos.venues.outing import seating_note, seating_summary
from kairos.venues.schemas import MemberRisk, VenueResult
from kairos.venues.synthesiser import synthesise
from kairos.venues.verdict import consensus
from tests.venues.test_agents import SEED_WEIGHTS, _scored

RAVI = MemberRisk(
    name="Ravi", allergens=[], severity="diet", note="Ravi: no evidence of vegetarian options"
)


def _place() -> PlaceSummary:
    return PlaceSummary.model_construct(traits=[], categories=[], name="X")


def test_a_group_of_ten_or_more_hears_capacity_unknown_at_every_venue() -> None:
    """ "work farewell dinner in back bay for 15": each venue said only "good for groups, its
    source says", never that seating for 15 is unknown (graders: required)."""
    place = _place()
    for good in (True, None):
        _, check = seating_note(place, good, 15)
        assert check is not None and "Capacity unknown" in check and "15" in check, (good, check)
    _, small = seating_note(place, True, 8)
    assert small is None, "a group of 8 at a venue good for groups needs no capacity word"
    said = seating_summary([("A", True), ("B", True), ("C", False)], 15)
    assert said is not None and "unknown at each of the top 3" in said, said


def test_an_occasion_at_a_target_a_head_is_not_led_by_a_venue_well_under_it() -> None:
    """ "work farewell dinner ... around $40 a head", Ravi vegetarian: a $ 3.5★ pizzeria led
    for its vegetarian listing while sit-down places priced for the target followed. It no
    longer leads; as the one venue showing Ravi's diet it is shown third, said why."""
    assert an_occasion("work farewell dinner in back bay for 15") == "farewell"
    assert an_occasion("team lunch in boston for 12") is None
    plain = [_scored(name, 0.6, 2, risks=[RAVI]) for name in ("one", "two", "three", "four")]
    veggie = _scored("veggie", 0.6, 1)
    veggie.off_budget = veggie.under_target = veggie.under_the_occasion = True
    ranked = synthesise([veggie, *plain], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert ranked[0].venue_id != "veggie"
    assert ranked[2].venue_id == "veggie", [v.venue_id for v in ranked]
    assert "priced well under" in (ranked[2].watch_out or ""), ranked[2].watch_out


def _venue(venue_id: str, rank: int, votes: dict[str, int]) -> VenueResult:
    return VenueResult.model_construct(
        venue_id=venue_id,
        name=venue_id.title(),
        rank=rank,
        votes=votes,
        vetoed_by=[],
        veto=False,
        risk_flags=[],
        vibe_score=None,
        price_range="$$",
        price_confidence="medium",
        rating=4.0,
    )


def test_a_venue_a_member_voted_against_is_never_called_the_best() -> None:
    """A $$$ rooftop bar a member voted no on was called "the best overall pick"."""
    first = _venue("roof", 1, {"yes": 2, "no": 1})
    second = _venue("pub", 2, {})
    said = consensus([first, second]) or ""
    assert "Roof is the best" not in said, said
    assert "voted against it" in said and "Pub is the first that nobody voted against" in said
    agreed = consensus([_venue("pub", 1, {"yes": 1})]) or ""
    assert agreed.startswith("Pub is the best overall pick"), agreed


def test_a_diet_said_beside_a_members_name_is_that_members() -> None:
    """ "dinner for 4 - Priya is vegan": Priya's need was shown as "You: no evidence of vegan
    options"; a diet said on its own is still the planner's."""
    from kairos.core.allergy_profile import AllergyProfile
    from kairos.venues.group import GroupProfile
    from kairos.venues.schemas import Member

    members = [Member(name="Priya"), Member(name="Tom")]
    group = GroupProfile.of(
        members, AllergyProfile(), "you", owner_diets=["vegan"],
        prompt="dinner in boston for 4 - Priya is vegan, Tom eats anything",
    )  # fmt: skip
    diets = {m.name: m.diets for m in group.members}
    assert diets["Priya"] == ["vegan"] and not diets["you"] and not diets["Tom"], diets
    alone = GroupProfile.of(
        members, AllergyProfile(), "you", owner_diets=["vegan"], prompt="vegan dinner for 3"
    )
    assert {m.name: m.diets for m in alone.members}["you"] == ["vegan"]


def test_cheaper_as_people_say_it() -> None:
    """A follow-up saying the plan costs too much in other words was read as no change: the
    same $$$ places came back with no word that nothing cheaper exists."""
    from kairos.venues.followups import asked_changes

    for said in (
        "that's too pricy", "we can't afford that", "tighter budget please",
        "something that costs less money", "too dear for us", "it's over our budget",
    ):  # fmt: skip
        assert asked_changes(said) == ("cheaper",), said
    assert asked_changes("somewhere with a view") == ()


def test_a_steakhouse_wings_bar_or_oyster_house_is_not_top_three_for_a_vegan() -> None:
    """A vegan ask led by a wings bar, an oyster house and a steakhouse, each "no evidence of
    vegan options" as every other place: a menu centred on meat or seafood ranks after the
    places that are not, and says why."""
    from kairos.core.allergy_profile import AllergyProfile
    from kairos.venues.group import GroupProfile, centred_against, diet_risks
    from kairos.venues.schemas import Member

    group = GroupProfile.of([Member(name="Ana", diets=["vegan"])], AllergyProfile(), "you")
    assert centred_against(group, "restaurant", [], ["Steakhouses"], "Mooo") == "Steakhouses"
    assert centred_against(group, "restaurant", [], ["Bars"], "Hourly Oyster House")
    assert centred_against(group, "restaurant", ["vegan"], ["Steakhouses"], "X") is None
    assert centred_against(group, "restaurant", [], ["Italian"], "Trattoria") is None
    (risk,) = diet_risks(group, "restaurant", [], ["Chicken Wings"], "Wing It")
    assert "listed as Chicken Wings: a menu centred on" in risk.note, risk.note
    ana = MemberRisk(name="Ana", allergens=[], severity="diet", note="Ana: no evidence of vegan")
    meaty = [_scored(n, 0.9, 2, risks=[ana]) for n in ("wings", "oysters", "steaks")]
    for s in meaty:
        s.centred_against_a_diet = True
    plain = [_scored(n, 0.3, 2, risks=[ana]) for n in ("thai", "italian", "indian")]
    ranked = synthesise([*meaty, *plain], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert {v.venue_id for v in ranked[:3]} == {"thai", "italian", "indian"}


def test_closer_keeps_the_city_and_says_where_and_what_changed() -> None:
    """ "closer please" after "lunch for 4 in cambridge" dropped the city ("No city was named:
    planned in Boston"), and "closer to Kendall" was never mentioned in the answer."""
    from kairos.venues.followups import closer_sentence
    from tests.venues.test_commander import read

    earlier = [{"role": "user", "content": "lunch for 4 in cambridge"}]
    again = read("closer please", chat_history=earlier)
    assert again.asked.changes == ("closer",) and again.location == "cambridge", again.location
    top = [_venue(n, i, {}) for i, n in enumerate(("a", "b", "c"), start=1)]
    said = closer_sentence(False, "kendall square", top, ["A", "X", "Y"])
    assert (
        said.startswith("Closer to Kendall Square, as asked") and "new in the top 3: B, C" in said
    )
    unplaced = closer_sentence(False, "kendall square", top, ["A", "B", "C"], placed=False)
    assert "could not be met" in unplaced and "the same as before" in unplaced, unplaced


def test_an_amount_a_head_said_plainly_for_an_occasion_is_a_level_too() -> None:
    """ "$40 a head" for a farewell is what the group means to spend, as "around $40" is; an
    amount said as a ceiling ("under $40 a head") is not a level."""
    from kairos.venues.cost import under_the_level
    from tests.venues.test_commander import read

    plain = read("work farewell dinner in boston for 15, $40 a head").budget
    around = read("birthday dinner for 8 in boston, around $40 a head").budget
    ceiling = read("birthday dinner for 8 in boston, under $40 a head").budget
    assert under_the_level("$", plain) and under_the_level("$", around)
    assert not under_the_level("$$", plain), "$$ is near what $40 a head buys"
    assert not under_the_level("$", ceiling)


def test_a_venue_reading_under_the_vibe_asked_says_so() -> None:
    """ "anniversary dinner ..., romantic": #2 read romantic 0.18, shown as a why and never
    said to be under what reads as romantic."""
    from kairos.venues.scoring import _low_vibe
    from kairos.venues.synthesiser import VibeScore
    from tests.venues.test_commander import read

    intent = read("anniversary dinner for 2 in boston, romantic, italian")
    assert intent.vibe == "romantic" and "vibe_matcher" in intent.active_agents
    said = _low_vibe(VibeScore(0.18, 0.9, "romantic"), intent)
    assert said is not None and "romantic at only 0.18 of 1" in said, said
    assert _low_vibe(VibeScore(0.6, 0.9, "romantic"), intent) is None
    assert _low_vibe(VibeScore(0.18, 0.9, None), read("dinner for 2 in boston")) is None

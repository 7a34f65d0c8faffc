"""The middle agents and the synthesiser as pure rules: the seed's cost table and value scores,
the critic's dealbreakers, the vibe filter, the composite, votes and the meeting point."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kairos.core.allergy_guard import check as guard
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.geo import haversine_km
from kairos.core.place_allergens import PlaceAllergens
from kairos.pipeline.safety import AllergyCheck, Person, group_profile, shown_check
from kairos.signals.weather.models import WeatherReport
from kairos.store.venue_facts import Inspection
from kairos.venues.cost import VALUE, cost_profile
from kairos.venues.critic import PlanSlot, VenueFacts, review, risk_score
from kairos.venues.group import rerank_with_votes
from kairos.venues.meeting import meeting_point
from kairos.venues.schemas import Budget, MemberLocation, MemberRisk, RiskFlag
from kairos.venues.synthesiser import Scored, VibeScore, backup_for, consensus, synthesise
from kairos.venues.vibe_matcher import keep_matching

SEED_WEIGHTS = {"vibe_matcher": 0.33, "cost_analyst": 0.40, "critic": 0.27}


@pytest.mark.parametrize(
    ("signals", "price", "confidence"),
    [
        ({"google": 2, "yelp": 2}, "$$", "high"),
        ({"yelp": 3}, "$$$", "medium"),
        ({"google": 1, "yelp": 3}, "$", "low"),  # median of a conflict (the lower middle)
        ({"a": 1, "b": 2, "c": 4}, "$$", "low"),
        ({}, None, "none"),
    ],
)
def test_the_seeds_cost_table(signals: dict[str, int], price: str | None, confidence: str) -> None:
    profile = cost_profile(signals, None)
    assert (profile.price_range, profile.confidence) == (price, confidence)


def test_the_price_note_names_sources_as_people_know_them() -> None:
    """ "$$ (from yelp_boston_cambridge only)" was said of Franklin Barbecue in Austin."""
    assert cost_profile({"yelp_boston_cambridge": 2}, None).note == "$$ from Yelp only"
    both = cost_profile({"yelp_boston_2015": 1, "tripadvisor_london": 3}, None).note
    assert both == "sources disagree (TripAdvisor $$$, Yelp (2015) $)"
    assert cost_profile({"some_new_feed": 2}, None).note == "$$ from some new feed only"


def test_value_scores_and_low_confidence() -> None:
    assert VALUE == {"$": 0.8, "$$": 0.6, "$$$": 0.4, "$$$$": 0.2}
    assert cost_profile({"a": 2}, None).value_score == 0.6
    assert cost_profile({"a": 1, "b": 3, "c": 2}, None).value_score == pytest.approx(0.55)
    assert cost_profile({}, None).value_score is None


def test_budget_fit_per_head() -> None:
    twenty = Budget(level="low", per_head=20)
    assert cost_profile({"a": 1}, twenty).budget_fit == 1.0
    assert 0 < cost_profile({"a": 2}, twenty).budget_fit < 1  # type: ignore[operator]
    assert cost_profile({"a": 4}, twenty).budget_fit == 0.0


def test_budget_fit_reads_a_budget_in_its_own_currencys_tiers() -> None:
    """₹500 a head is the top of $$ where rupees are spent, as $30 is in Boston: a $$ place
    fits it, a $$$ one barely; the number 500 itself would make every tier fit."""
    rupees = Budget(per_head=500, currency="INR")
    assert cost_profile({"a": 2}, rupees).budget_fit == 1.0
    assert cost_profile({"a": 4}, rupees).budget_fit == 0.0
    assert (
        cost_profile({"a": 3}, rupees).budget_fit
        == cost_profile({"a": 3}, Budget(per_head=30, currency="USD")).budget_fit
    )
    pounds = Budget(per_head=15, currency="GBP")  # the top of £ in London, like $10 in Boston
    assert (
        cost_profile({"a": 2}, pounds).budget_fit
        == cost_profile({"a": 2}, Budget(per_head=10)).budget_fit
    )


def _climate(rain: float, snow: float = 0.0, tmax: float = 15.0) -> WeatherReport:
    return WeatherReport(
        day=date(2026, 4, 10),
        kind="climatology",
        known=True,
        tmax_c=tmax,
        tmin_c=5.0,
        precip_chance=rain,
        snow_chance=snow,
        summary="usual weather",
        basis="Central Park",
    )


def test_rain_on_an_outdoor_venue_is_high_and_labelled_climatology() -> None:
    park = VenueFacts(name="Park", kind="park", weather=_climate(0.55))
    flags = review(park, PlanSlot(), 4)
    assert flags[0].kind == "weather" and flags[0].severity == "high"
    assert "climatology, not a forecast" in flags[0].description
    indoor = VenueFacts(name="Museum", kind="museum", weather=_climate(0.55))
    assert review(indoor, PlanSlot(), 4) == []


def _inspection(day: date, minor: int, major: int, severe: int) -> Inspection:
    return Inspection("boston", f"i{day}", day, minor, major, severe)


def test_severe_inspection_violations_are_high_and_dated() -> None:
    facts = VenueFacts(
        name="Diner",
        kind="restaurant",
        inspections=[
            _inspection(date(2015, 3, 2), 2, 1, 3),
            _inspection(date(2013, 1, 1), 0, 0, 9),
        ],
    )
    (flag,) = review(facts, PlanSlot(), 2)
    assert flag.severity == "high" and flag.kind == "inspection"
    assert "3 severe" in flag.description and "2015-03-02" in flag.description
    clean = VenueFacts(
        name="Diner", kind="restaurant", inspections=[_inspection(date(2015, 3, 2), 4, 0, 0)]
    )
    assert review(clean, PlanSlot(), 2) == []


def test_busy_times_from_check_ins() -> None:
    saturday_evening = {(5, h): 10 for h in range(17, 22)} | {(1, 12): 3}
    facts = VenueFacts(name="Bar", kind="bar", checkins=saturday_evening)
    (flag,) = review(facts, PlanSlot(weekday=5, part="evening"), 8)
    assert flag.kind == "busy" and flag.severity == "medium"
    assert "packed on Saturday evenings" in flag.description
    assert review(facts, PlanSlot(weekday=1, part="afternoon"), 8) == []
    (peak,) = review(facts, PlanSlot(), 2)
    assert "busiest on Saturday evenings" in peak.description


def test_capacity_and_closed() -> None:
    facts = VenueFacts(name="Nook", kind="cafe", good_for_groups=False, closed=True)
    kinds = [f.kind for f in review(facts, PlanSlot(), 8)]
    assert kinds == ["closed", "capacity"]
    assert [f.kind for f in review(facts, PlanSlot(), 2)] == ["closed"]


@given(st.lists(st.sampled_from(["high", "medium", "low"]), max_size=6))
def test_risk_score_is_in_range_and_falls_with_each_flag(severities: list[str]) -> None:
    flags = [RiskFlag(description="x", severity=s, kind="k") for s in severities]  # type: ignore[arg-type]
    score = risk_score(flags)
    assert 0.0 <= score <= 1.0
    assert score <= risk_score(flags[:-1]) if flags else score == 1.0


def test_vibe_filter_drops_under_04_but_keeps_three() -> None:
    scores = {i: VibeScore(s, 0.8, None) for i, s in enumerate([0.9, 0.1, 0.2, 0.35, 0.05])}
    assert keep_matching(list(scores), scores) == [0, 2, 3]
    scores[5] = VibeScore(None, 0.0, None)
    assert keep_matching(list(scores), scores) == [0, 3, 5]


def test_a_venue_holding_the_features_asked_survives_the_vibe_filter() -> None:
    """ "romantic rooftop": the one rooftop at romance 0.36 was filtered out under 0.4, and the
    plan said a rooftop came first above venues without one."""
    scores = {i: VibeScore(s, 0.8, None) for i, s in enumerate([0.9, 0.8, 0.7, 0.36, 0.1])}
    assert keep_matching(list(scores), scores) == [0, 1, 2]
    assert keep_matching(list(scores), scores, holding=[3]) == [0, 1, 2, 3]


def test_the_venues_brought_back_to_make_three_put_no_member_at_severe_risk_first() -> None:
    scores = {i: VibeScore(s, 0.8, None) for i, s in enumerate([0.12, 0.11, 0.08, 0.06, 0.05])}
    assert keep_matching(list(scores), scores) == [0, 1, 2]
    assert keep_matching(list(scores), scores, endangering=[0, 1]) == [2, 3, 4]
    assert keep_matching(list(scores), scores, endangering=[0, 1, 2, 3]) == [0, 1, 4]
    # two unscored venues with a member's severe allergen stay, and do not count towards the 3:
    # the safe ones under 0.4 come back (Haveli and Nirvana had pushed Christopher's out)
    scores[5], scores[6] = VibeScore(None, 0.0, None), VibeScore(None, 0.0, None)
    assert keep_matching(list(scores), scores, endangering=[5, 6]) == [0, 1, 2, 5, 6]


def _checked(risks: Sequence[MemberRisk] = ()) -> AllergyCheck:
    """The safety step's check of a venue that may contain each allergen of `risks`, for the
    members they name (and "you", with no allergies)."""
    people: list[Person] = [("you", AllergyProfile())]
    people += [
        (r.name, AllergyProfile(severity=dict.fromkeys(r.allergens, r.severity))) for r in risks
    ]  # type: ignore[arg-type]
    known = sorted({a for r in risks for a in r.allergens})
    place = PlaceAllergens(known_allergens=known, confidence="medium" if known else "low")
    guarded = guard([place], group_profile(p for _, p in people), allergens_of=lambda x: x)
    (only,) = (*guarded.safe, *guarded.flagged)
    return shown_check(only.assessment, people)


def _scored(
    venue_id: str,
    vibe: float | None,
    price: int | None,
    flags: list[RiskFlag] = (),  # type: ignore[assignment]
    risks: list[MemberRisk] = (),
    kind: str = "restaurant",
) -> Scored:  # type: ignore[assignment]
    return Scored(
        venue_id=venue_id,
        name=venue_id.title(),
        kind=kind,
        category=None,
        address=None,
        city="Boston",
        lat=42.0,
        lng=-71.0,
        rating=4.0,
        review_count=100,
        vibe=VibeScore(vibe, 0.9 if vibe is not None else 0.0, "cozy", (11, 12)),
        cost=cost_profile({"s": price} if price else {}, None),
        flags=list(flags),
        allergy=_checked(risks),
        member_risks=list(risks),
    )


def test_a_venue_without_the_vibe_asked_reads_as_its_own_in_words() -> None:
    venue = _scored("a", None, 2)
    venue.vibe = VibeScore(None, 0.5, "hole_in_the_wall")
    (only,) = synthesise([venue], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert only.why.startswith("reads as hole in the wall;"), only.why


def test_composite_uses_the_seed_weights() -> None:
    (only,) = synthesise([_scored("a", 0.7, 2)], SEED_WEIGHTS, vibe_name="cozy", budget_text=None)
    assert only.composite == pytest.approx(0.33 * 0.7 + 0.40 * 0.6 + 0.27 * 1.0, abs=1e-4)
    assert "cozy 0.70" in only.why and "#11" in only.why
    assert only.evidence[:2] == ["review 11", "review 12"]


def test_a_member_at_severe_risk_ranks_after_every_safe_venue_and_is_named() -> None:
    sam = MemberRisk(
        name="Sam",
        allergens=["peanuts"],
        severity="anaphylactic",
        note="Sam: peanuts (may contain) — anaphylactic allergy",
    )
    risky = _scored("risky", 0.99, 1, risks=[sam])
    plain = _scored("plain", 0.2, 4)
    ranked = synthesise([risky, plain], SEED_WEIGHTS, vibe_name="cozy", budget_text=None)
    assert [v.venue_id for v in ranked] == ["plain", "risky"]
    assert ranked[1].members_at_risk[0].name == "Sam" and "Sam" in ranked[1].watch_out
    assert ranked[1].veto


def test_a_cafe_that_serves_beer_comes_after_the_bars_for_drinks() -> None:
    """ "drinks with 6 friends in austin saturday night" planned Spokesman Coffee, Kick Butt
    Coffee and Little City Espresso first: cafés filed under Bars too, cheapest first."""
    from kairos.core.place_kinds import named_a_cafe

    cafe = _scored("cafe", None, 1, kind="bar")
    cafe.other_kind = True
    pub = _scored("pub", None, 2, kind="bar")
    ranked = synthesise([cafe, pub], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert [v.venue_id for v in ranked] == ["pub", "cafe"]
    assert named_a_cafe("Spokesman Coffee - St Elmo", ["beer bar", "cafes", "bars"])
    assert named_a_cafe("Dear Diary Coffeehouse", ["beer bar", "coffee & tea"])
    assert not named_a_cafe("Tap Room", ["breweries", "bars"])
    assert not named_a_cafe("Coffee Bar Lounge", ["bars", "lounges"]), "no café category"
    # plans16: Italian and tea-bar names ("a coffee bar for a night out")
    assert named_a_cafe("Caffe Paradiso", ["bars", "cocktail bars", "coffee & tea"])
    assert named_a_cafe("Caffè Vittoria", ["bars", "desserts", "coffee & tea"])
    assert named_a_cafe("Limoo Tea Bar", ["bubble tea", "cafes", "cocktail bars", "bars"])
    assert not named_a_cafe("Bar Moxy", ["coffee & tea", "cocktail bars", "bars"])


def test_a_chains_second_branch_comes_after_the_other_venues() -> None:
    """Clover Food Lab filled two of a plan's three picks."""
    first, second = _scored("clover-a", 0.9, 1), _scored("clover-b", 0.85, 1)
    first.name = second.name = "Clover Food Lab"
    other, risky = _scored("other", 0.3, 3), _scored("risky", 0.95, 1)
    risky.member_risks = [
        MemberRisk(name="Sam", allergens=["fish"], severity="anaphylactic", note="")
    ]
    risky.allergy = _checked(risky.member_risks)
    ranked = synthesise(
        [second, risky, other, first], SEED_WEIGHTS, vibe_name="cozy", budget_text=None
    )
    assert [v.venue_id for v in ranked] == ["clover-a", "other", "clover-b", "risky"]


def test_backup_when_the_top_pick_has_weather_risk() -> None:
    rain = RiskFlag(description="rain", severity="medium", kind="weather")
    park = _scored("park", 0.9, 1, [rain], kind="park")
    hall = _scored("hall", 0.5, 2)
    ranked = synthesise([park, hall], SEED_WEIGHTS, vibe_name="cozy", budget_text=None)
    assert ranked[0].venue_id == "park"
    backup = backup_for(ranked)
    assert backup is not None and backup.venue_id == "hall" and backup.is_backup
    assert backup_for(synthesise([hall], SEED_WEIGHTS, vibe_name=None, budget_text=None)) is None
    sentence = consensus(ranked)
    assert sentence and sentence.startswith("Park is the best overall pick")
    assert "reads as" not in str(consensus(ranked, "cozy")), "park reads as cozy at 0.9"


def test_the_consensus_says_when_no_top_pick_reads_as_the_vibe() -> None:
    """A cozy team dinner's picks were all under 0.1 on cozy and nothing said so."""
    ranked = synthesise(
        [_scored("a", 0.06, 1), _scored("b", 0.08, 2), _scored("c", 0.35, 3)],
        SEED_WEIGHTS, vibe_name="dark_academia", budget_text=None,
    )  # fmt: skip
    sentence = str(consensus(ranked, "dark_academia"))
    assert "none of the top picks reads as dark academia (at best 0.35 of 1)" in sentence
    assert "reads as" not in str(consensus(ranked))


def test_votes_rerank_and_a_veto_goes_last() -> None:
    ranked = synthesise(
        [_scored("a", 0.9, 1), _scored("b", 0.5, 2), _scored("c", 0.4, 3)],
        SEED_WEIGHTS,
        vibe_name=None,
        budget_text=None,
    )
    votes = {"a": {"Sam": "veto"}, "c": {"Sam": "yes", "Ana": "yes"}, "b": {"Ana": "no"}}
    again = rerank_with_votes(ranked, votes)
    assert [v.venue_id for v in again] == ["c", "b", "a"]
    assert again[-1].vetoed_by == ["Sam"] and again[0].votes["yes"] == 2
    assert [v.rank for v in again] == [1, 2, 3]


@given(st.lists(st.tuples(st.floats(42.2, 42.5), st.floats(-71.3, -70.9)), min_size=1, max_size=8))
def test_the_meeting_point_minimises_the_longest_trip(points: list[tuple[float, float]]) -> None:
    members = [MemberLocation(lat=a, lng=b) for a, b in points]
    found = meeting_point(members)
    assert found is not None and found.rule == "minimise_worst"
    worst = max(haversine_km(found.lat, found.lng, m.lat, m.lng) for m in members)
    mean_lat = sum(m.lat for m in members) / len(members)
    mean_lng = sum(m.lng for m in members) / len(members)
    worst_at_mean = max(haversine_km(mean_lat, mean_lng, m.lat, m.lng) for m in members)
    assert worst <= worst_at_mean * 1.01 + 0.01


def test_the_scout_merges_one_venue_seen_twice_and_keeps_neighbours_apart() -> None:
    from kairos.search.models import MatchExplanation, SearchHit
    from kairos.store.places import PlaceSummary
    from kairos.venues.scout import same_venue

    def hit(
        place_id: int, name: str, lat: float, lng: float, address: str | None = None
    ) -> SearchHit:
        place = PlaceSummary(
            id=place_id,
            name=name,
            kind="restaurant",
            categories=[],
            price_tier=None,
            rating=None,
            votes=0,
            city="Boston",
            area=None,
            address=address,
            lat=lat,
            lng=lng,
            url=None,
            known_allergens=[],
            contains_allergens=[],
            allergen_confidence="low",
        )
        return SearchHit(place=place, score=1.0, rank=1, why=MatchExplanation(arms=["text"]))

    legal = hit(1, "Legal Sea Foods", 42.3601, -71.0589)
    assert same_venue(legal, hit(2, "LEGAL SEA FOODS", 42.3605, -71.0590))
    assert same_venue(legal, hit(3, "Legal Sea Foods - Park Square", 42.3602, -71.0589))
    assert not same_venue(legal, hit(4, "Pho Pasteur", 42.3601, -71.0589))  # same building
    assert not same_venue(legal, hit(5, "Legal Sea Foods", 42.40, -71.10))  # another branch
    # one restaurant whose two listings' geocodes lie 2 km apart in one postcode: the catalog's
    # count of places with that name says whether it can be one venue
    nido = hit(6, "Piccolo Nido", 42.3634, -71.0542, "Boston, MA 02113")
    nido_off = hit(7, "Piccolo Nido", 42.3454, -71.0542, "North End, Boston, MA 02113")
    assert same_venue(nido, nido_off, {"piccolo nido": 2})
    assert not same_venue(nido, nido_off, {"piccolo nido": 5})  # a chain's name
    assert not same_venue(nido, nido_off)  # no counts: taken for a chain's


def test_members_diets_are_read_as_the_engine_reads_diets() -> None:
    """The planner kept its own table of five diet spellings: "plant-based" or "dairy free"
    was neither looked for nor named as unmet."""
    from kairos.core.allergy_profile import AllergyProfile
    from kairos.venues.group import GroupProfile, diet_risks
    from kairos.venues.schemas import Member

    members = [
        Member(name="Ana", diets=["plant-based"]),
        Member(name="Bo", diets=["dairy free", "gluten-free"]),
        Member(name="Cy", diets=["pescatarian"]),  # no place evidence can show it
    ]
    group = GroupProfile.of(members, AllergyProfile(), "you", owner_diets=["halal"])
    assert group.diet_traits() == ["halal", "vegan", "dairy_free", "gluten_free"]
    risks = diet_risks(group, "restaurant", ["vegan", "gluten_free"])
    assert {r.name: r.note for r in risks} == {
        "you": "you: no evidence of halal options",
        "Bo": "Bo: no evidence of dairy-free options",
    }
    said = GroupProfile.of([], AllergyProfile(), "you", owner_diets=["gluten_free"])
    (owner,) = diet_risks(said, "bakery", [])
    assert owner.note == "you: no evidence of gluten-free options", "a label, not a key"


def test_a_pescatarian_is_named_at_a_place_whose_menu_centres_on_meat() -> None:
    """A diet no place evidence can show was never said (plans panel p49: a pescatarian's
    homecoming dinner led by a barbecue place and a Brazilian steakhouse, Cal never named)."""
    from kairos.core.allergy_profile import AllergyProfile
    from kairos.venues.group import GroupProfile, diet_risks
    from kairos.venues.schemas import Member

    group = GroupProfile.of([Member(name="Cal", diets=["Pescatarian"])], AllergyProfile(), "you")
    (steak,) = diet_risks(group, "restaurant", [], ["Brazilian", "Steakhouses"])
    assert (steak.name, steak.severity) == ("Cal", "diet")
    assert steak.note == "Cal (pescatarian): listed under steakhouses, whose menus centre on meat"
    assert diet_risks(group, "restaurant", [], ["Barbeque"])[0].name == "Cal"
    assert diet_risks(group, "restaurant", [], ["Seafood", "Italian"]) == []
    assert diet_risks(group, "museum", [], ["Burgers"]) == []  # no menu to speak of
    vegetarian = GroupProfile.of(
        [Member(name="Ana", diets=["vegetarian"])], AllergyProfile(), "you"
    )
    (ana,) = diet_risks(vegetarian, "restaurant", [], ["Steakhouses"])
    # evidence-based, said once, with the menu it centres on (issue 38, sixth round)
    assert ana.note == (
        "Ana: no evidence of vegetarian options (listed as Steakhouses: a menu centred on what "
        "it keeps out)"
    )


def test_equal_composites_rank_by_the_honest_rating_and_no_rating_is_not_zero() -> None:
    """Museums carry no vibe read and no price: every composite is equal, and the plan's top
    pick was a museum with no rating ("0.0★ from 0 reviews") ahead of 4.5★ ones, by id."""
    unrated = _scored("a-unrated", None, None, kind="museum")
    unrated.rating, unrated.review_count = None, 0
    few = _scored("b-few", None, None, kind="museum")
    few.rating, few.review_count = 5.0, 2
    many = _scored("c-many", None, None, kind="museum")
    many.rating, many.review_count = 4.5, 300
    ranked = synthesise([unrated, few, many], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert [v.venue_id for v in ranked] == ["c-many", "b-few", "a-unrated"]
    assert "★" not in ranked[2].why
    assert "5.0★ from 2 reviews" in ranked[1].why
    # unrated alike: the scout's order (the search's relevance) stands, not the ids'
    first, second = _scored("z-museum", None, None), _scored("a-statue", None, None)
    for s in (first, second):
        s.rating, s.review_count = None, 0
    again = synthesise([first, second], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert [v.venue_id for v in again] == ["z-museum", "a-statue"]


def test_a_feature_vibe_without_evidence_is_not_claimed_in_the_why() -> None:
    """ "live music bar": a bar whose reviews speak of electronic music read "live music 1.00"
    in its why and "Nothing I read shows live music here." in its watch-out."""
    bar = _scored("bar", 1.0, 2, kind="bar")
    bar.missing_features = ["live_music"]
    (only,) = synthesise([bar], SEED_WEIGHTS, vibe_name="live_music", budget_text=None)
    assert "live music 1.00" not in only.why
    assert "Nothing I read shows live music here." in only.watch_out
    shown = _scored("shown", 1.0, 2, kind="bar")
    (held,) = synthesise([shown], SEED_WEIGHTS, vibe_name="live_music", budget_text=None)
    assert held.why.startswith("live music 1.00")


def _at(city: str | None) -> Any:
    return SimpleNamespace(record=SimpleNamespace(place=SimpleNamespace(city=city)))


def test_a_plan_with_no_place_named_keeps_to_the_city_of_most_matches() -> None:
    """ "Basketball court for 10 people under $200" planned Hyde Park, Cambridge, Austin and
    Orlando side by side: a group meets in one city."""
    from kairos.venues.scout import in_one_city

    found = [_at(c) for c in ["Austin", "Boston", "Dorchester", "Orlando", "Austin", "boston"]]
    kept, city = in_one_city(found)
    assert city == "Boston", "Dorchester is in Boston, which leads 3 to 2"
    assert kept == [found[1], found[2], found[5]]
    tie = [_at(c) for c in ["Austin", "Boston", "Boston", "Austin", "Austin", "Boston"]]
    assert in_one_city(tie)[1] == "Austin", "a tie goes to the city of the first match"
    few = [_at(c) for c in ["Austin", "Boston", "Orlando", "Boston"]]
    assert in_one_city(few) == (few, None), "two in one city is too few to plan from"
    assert in_one_city([_at("Boston"), _at(None), _at("Boston")])[1] is None, "one city already"


def test_a_venue_with_no_known_risk_ranks_before_one_with_a_milder_risk() -> None:
    """A moderate allergy's "may contain" lowered a venue only through its flag: a better-scored
    bakery that may hold Mo's tree nuts led a plan with a venue holding no known risk."""
    mo = MemberRisk(name="Mo", allergens=["tree_nuts"], severity="moderate", note="Mo: tree nuts")
    bakery = _scored("bakery", 0.99, 1, risks=[mo])
    plain = _scored("plain", 0.1, 4)
    ranked = synthesise([bakery, plain], SEED_WEIGHTS, vibe_name="cozy", budget_text=None)
    assert [v.venue_id for v in ranked] == ["plain", "bakery"]
    assert ranked[1].allergy.risks[0].who == ["Mo"]
    assert ranked[1].watch_out.startswith("Only 1 venue found carries no known allergy risk")
    assert "here Mo is at risk from tree nuts." in ranked[1].watch_out
    # a feature asked still counts first: the venue showing it leads, and says why
    plain.missing_features = ["rooftop"]
    ranked = synthesise([bakery, plain], SEED_WEIGHTS, vibe_name="cozy", budget_text=None)
    assert ranked[0].venue_id == "bakery"
    assert ranked[0].watch_out.startswith("Ranked above Plain, which carries no known allergy")


def test_a_venue_kept_with_a_risk_says_every_one_of_its_kind_holds_it() -> None:
    from kairos.core.place_allergens import venue_kinds

    nia = MemberRisk(
        name="Nia", allergens=["tree_nuts"], severity="anaphylactic", note="Nia: tree nuts"
    )
    bakeries = [_scored(f"bakery-{i}", 0.5, 2, risks=[nia]) for i in range(3)]
    for bakery in bakeries:
        bakery.venue_kinds = tuple(kind for _, kind in venue_kinds("Bakeries"))
    ranked = synthesise(bakeries, SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert ranked[0].watch_out.startswith(
        "Kept for want of a safer choice: every bakery found in Boston may hold tree nuts "
        "(almond croissants, nut breads and frangipane), which Nia must avoid."
    )
    assert all("Nia" in v.watch_out for v in ranked)

"""Group plans, second round (issue 38): the kind of place an outing needs, read from the
request's words (a lunch meeting sits at a table, however small the group)."""

from __future__ import annotations

from kairos.core.allergy_profile import AllergyProfile
from kairos.venues.group import GroupProfile, diet_risks
from kairos.venues.schemas import Member
from tests.venues.test_commander import read


def test_a_lunch_meeting_is_a_sit_down_lunch_whatever_the_size() -> None:
    """A taco truck led "quick lunch meeting for 3 in kendall square": a meeting over food
    is held at a table, so trucks and counters come after (or are left out)."""
    intent = read("quick lunch meeting for 3 in cambridge, $15 each")
    assert intent.outing == "a sit-down lunch for 3"
    assert read("business lunch in boston for 2").outing == "a sit-down lunch for 2"


def test_a_small_lunch_with_no_occasion_is_not_held_to_tables() -> None:
    assert read("quick lunch in boston for 3").outing is None


def test_a_pescatarian_is_named_wherever_nothing_shows_fish_or_vegetarian_dishes() -> None:
    """Cal, pescatarian, was never named at a homecoming dinner's Mexican places and sandwich
    shop (plans panel p49): only a meat-centred menu named him."""
    cal = GroupProfile.of([Member(name="Cal", diets=["pescatarian"])], AllergyProfile(), "you")
    (mexican,) = diet_risks(cal, "restaurant", [], ["Mexican"])
    assert (mexican.name, mexican.severity) == ("Cal", "diet")
    assert mexican.note == "Cal (pescatarian): no evidence of fish or vegetarian options"
    assert diet_risks(cal, "restaurant", ["vegetarian"], ["Mexican"]) == []
    assert diet_risks(cal, "restaurant", [], ["Sushi Bars"]) == []
    assert diet_risks(cal, "museum", [], []) == []


def test_after_quieter_the_venues_listed_as_quiet_lead_and_the_summary_says_which() -> None:
    """After "somewhere quieter" the same three venues came back in the same order, under a
    summary saying both that a quiet venue came first and that quiet ranked nothing (p43)."""
    from kairos.venues.summary import quiet_evidence
    from kairos.venues.synthesiser import synthesise
    from tests.venues.test_agents import SEED_WEIGHTS, _scored

    loud_maybe = _scored("usual", 0.9, 2)
    loud_maybe.unquiet = True
    listed = _scored("hushed", 0.2, 2)
    ranked = synthesise([loud_maybe, listed], SEED_WEIGHTS, vibe_name="quiet", budget_text=None)
    assert [v.venue_id for v in ranked] == ["hushed", "usual"]
    said = quiet_evidence(ranked, {"hushed"})
    assert "Listed as quiet by its source: Hushed" in said and "did not rank" not in said
    assert "None of the top picks" in quiet_evidence(ranked, {"elsewhere"})


def test_a_venue_showing_a_members_diet_below_the_top_picks_says_where_and_why() -> None:
    """ "One venue here shows evidence of vegan food: Darbar" over three venues each saying
    "Ana: no evidence of vegan options": Darbar was sixth, for its health record, unsaid (p03)."""
    from types import SimpleNamespace

    from kairos.venues.summary import ranked_features_line
    from kairos.venues.synthesiser import synthesise
    from tests.venues.test_agents import SEED_WEIGHTS, _scored
    from tests.venues.test_votes_follow_verdicts import HEALTH_CODE

    plain = [_scored(name, 0.6, 2) for name in ("one", "two", "three")]
    vegan = _scored("vegan", 0.9, 2, flags=[HEALTH_CODE])
    ranked = synthesise([*plain, vegan], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    found = SimpleNamespace(featured=1, featured_ids=["vegan"], features_short=["vegan"])
    line = ranked_features_line(["vegan"], found, ranked)  # type: ignore[arg-type]
    assert line.startswith("One venue here shows evidence of vegan food: Vegan (#4: ")
    assert HEALTH_CODE.description in line


def test_a_tavern_or_a_pub_by_its_name_is_below_somewhere_nice() -> None:
    """ "seafood dinner in boston for 6, somewhere nice" and "dinner ... nice atmosphere" were
    led by Five Horses Tavern and Lincoln Tavern (p15, p09): 4★ and $$, so nothing held them
    back, though the name says what kind of evening they are."""
    from kairos.venues.occasion import below_a_nice_outing, casual_by_name

    assert casual_by_name("Five Horses Tavern") == "tavern"
    assert casual_by_name("The Publick House") is None  # whole words only
    assert casual_by_name("Radius Restaurant") is None
    tavern = casual_by_name("Lincoln Tavern and Restaurant") is not None
    assert below_a_nice_outing(
        counter=False, price_tier="$$", rating=4.0, price_said=False, casual=tavern
    )
    assert not below_a_nice_outing(counter=False, price_tier="$$", rating=4.0, price_said=False)


def test_a_venue_rated_three_stars_by_a_handful_of_reviews_does_not_lead_a_group() -> None:
    """Pangaea, 3.0★ from 5 reviews and cheap, was second for a homecoming dinner for 9 (p49),
    ahead of better-known places that cost more."""
    from kairos.venues.synthesiser import synthesise
    from tests.venues.test_agents import SEED_WEIGHTS, _scored

    thin = _scored("thin", 0.6, 1)
    thin.rating, thin.review_count = 3.0, 5
    known = _scored("known", 0.6, 2)
    known.rating, known.review_count = 3.5, 147
    ranked = synthesise([thin, known], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert [v.venue_id for v in ranked] == ["known", "thin"]
    fair = _scored("fair", 0.6, 1)
    fair.rating, fair.review_count = 3.5, 60  # 3.5★ from many is not poorly rated
    ranked = synthesise([fair, known], SEED_WEIGHTS, vibe_name=None, budget_text=None)
    assert ranked[0].venue_id == "fair"
    # 3.0★ from many ranks after a venue rated better that fits as well (round 7)


def _place(pid: int, name: str, categories: list[str]):  # type: ignore[no-untyped-def]
    from kairos.store.places import PlaceSummary

    return PlaceSummary(
        id=pid, name=name, kind="restaurant", categories=categories, price_tier="$$",
        rating=4.0, votes=100, city="Somerville", area=None, address=None, lat=None,
        lng=None, url=None, known_allergens=[], contains_allergens=[],
        allergen_confidence="low",
    )  # fmt: skip


def test_a_brunch_keeps_its_cafes_where_a_dinner_cuts_counters() -> None:
    """ "housewarming brunch in somerville for 6" left out American Bakers Cafe as "counter
    service: not a sit-down meal for 6" and was led by a New Mexican place and a kebab house
    (p43): a café or a bakery is the kind of place a brunch asks for."""
    from types import SimpleNamespace

    from kairos.venues.fit import fit

    places = [
        _place(1, "American Bakers Cafe", ["Cafes", "Sandwiches", "Coffee & Tea"]),
        *(_place(i, f"Grill {i}", ["Indian"]) for i in range(2, 6)),
    ]
    candidates = [
        SimpleNamespace(place_id=p.id, record=SimpleNamespace(place=p), endangers=False)
        for p in places
    ]
    brunch = read("housewarming brunch in somerville for 6 on sunday")
    assert brunch.outing is not None
    kept = fit(candidates, {}, brunch)  # type: ignore[arg-type]
    assert 1 in {c.place_id for c in kept.candidates}, kept.excluded
    dinner = read("dinner in somerville for 6")
    cut = fit(candidates, {}, dinner)  # type: ignore[arg-type]
    assert [e.venue_id for e in cut.excluded] == ["kp_1"]

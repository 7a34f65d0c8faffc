"""The commander: the seed's fields on top of the shared reader, whole words only."""

from __future__ import annotations

from datetime import date

import pytest

from kairos.profiles.planner import PlannerPreferences
from kairos.text.query.catalog_words import CatalogVocabulary
from kairos.text.query.index import ProductWords
from kairos.text.query.understanding import QueryReader
from kairos.venues.commander import (
    DEFAULT_WEIGHTS,
    PLANNER_WORDS,
    Commander,
    agent_weights,
    find_activity,
)
from kairos.venues.product import _vibe_of
from kairos.venues.schemas import PlanRequest

VOCABULARY = CatalogVocabulary(
    frozenset({"italian", "bars", "coffee & tea", "barbeque", "tapas bars", "wine bars"}),
    frozenset({"boston", "cambridge", "new york"}),
    {"back bay": "boston"},
)
COMMANDER = Commander(QueryReader(VOCABULARY, PLANNER_WORDS), _vibe_of)
NEUTRAL = PlannerPreferences()


def read(prompt: str, prefs: PlannerPreferences = NEUTRAL, **body: object):  # type: ignore[no-untyped-def]
    return COMMANDER.read(PlanRequest(prompt=prompt, **body), prefs)  # type: ignore[arg-type]


def test_a_total_budget_for_a_group_is_divided_per_head() -> None:
    intent = read("Basketball court for 10 people under $200")
    assert intent.group_size == 10
    assert intent.budget is not None and intent.budget.per_head == 20
    assert intent.budget.level == "low"
    assert intent.activity == "sport"
    assert intent.features == ["sport"], "a court asked is a sports facility looked for"
    assert "budget 'under $200' read as $20 a head for 10" in intent.assumptions
    pounds = read("romantic dinner in boston for 2 under £150")
    assert "budget 'under £150' read as £75 a head for 2" in pounds.assumptions, "in pounds"


def test_a_group_amount_without_a_currency_is_dollars_not_rupees() -> None:
    intent = read("dinner for 10 under 200")
    assert intent.budget is not None and intent.budget.currency == "USD"
    assert "budget 'under 200' read as $20 a head for 10" in intent.assumptions
    assert not any("for two" in a for a in intent.assumptions), intent.assumptions
    rupees = read("drinks for 10 under 20000 rupees")
    assert rupees.budget is not None and rupees.budget.currency == "INR"
    assert rupees.budget.level == "high", "₹2,000 a head is above every band"
    cheap = read("lunch for 4 under ₹1000")
    assert cheap.budget is not None and cheap.budget.level == "low", "₹250 a head is $ there"


def test_a_per_head_budget_stays_per_head() -> None:
    intent = read("dinner for 6 in back bay, about $40 a head")
    assert intent.budget is not None and intent.budget.per_head == 40
    assert intent.budget.level == "medium"
    assert intent.location == "back bay, boston"


def test_budget_words_and_a_given_amount() -> None:
    assert read("cheap drinks in boston").budget.level == "low"  # type: ignore[union-attr]
    given = read("drinks", group_size=4, budget=100.0)
    assert given.budget is not None and given.budget.per_head == 25


@pytest.mark.parametrize(
    ("prompt", "activity"),
    [("a bar in boston", "drinks"), ("courtyard brunch", "meal"), ("museum afternoon", "culture")],
)
def test_keywords_match_whole_words_only(prompt: str, activity: str) -> None:
    assert find_activity(prompt)[1].name == activity  # type: ignore[union-attr]


def test_no_activity_word_in_a_longer_word() -> None:
    assert find_activity("barbershop quartet")[1] is None
    assert find_activity("barbecue")[1] is None


def test_a_cuisine_alone_means_a_meal() -> None:
    assert read("italian in boston for 4").activity == "meal"


def test_actions_declare_scopes_and_nothing_else() -> None:
    email = read("drinks in boston for 8, email the group")
    assert email.requires_oauth and email.actions == ["email"]
    assert email.oauth_scopes == ["https://www.googleapis.com/auth/gmail.send"]
    calendar = read("dinner saturday, add it to my calendar")
    assert calendar.actions == ["calendar"]
    assert not read("dinner in boston").requires_oauth
    assert not read("mailbox museum").requires_oauth


def test_tiers_and_agents() -> None:
    assert read("coffee").complexity_tier == "tier_1"
    assert "vibe_matcher" not in read("coffee").active_agents
    two = read("cozy dinner for 6 this saturday")
    assert two.complexity_tier == "tier_2" and "vibe_matcher" in two.active_agents
    assert read("offsite for the team with clients").complexity_tier == "tier_3"


def test_dates_and_vibes() -> None:
    intent = COMMANDER.read(
        PlanRequest(prompt="dark academia cafe in cambridge for 4 next friday"), NEUTRAL
    )
    assert intent.vibe == "dark_academia" or intent.vibe == "dark academia"
    assert intent.reading.when is not None and intent.reading.when.start is not None
    assert intent.reading.when.start.weekday() == 4 and intent.reading.when.start > date(2020, 1, 1)


def test_weights_default_to_the_seed_and_move_with_the_profile() -> None:
    everyone = ["vibe_matcher", "cost_analyst", "critic"]
    assert agent_weights(NEUTRAL, vibe_asked=False, active=everyone) == DEFAULT_WEIGHTS
    student = agent_weights(
        PlannerPreferences(budget_sensitivity=1.0), vibe_asked=False, active=everyone
    )
    assert student["cost_analyst"] > DEFAULT_WEIGHTS["cost_analyst"]
    vibe = agent_weights(PlannerPreferences(vibe_first=True), vibe_asked=True, active=everyone)
    assert vibe["vibe_matcher"] > DEFAULT_WEIGHTS["vibe_matcher"]
    careful = agent_weights(PlannerPreferences(risk_averse=True), vibe_asked=False, active=everyone)
    assert careful["critic"] > DEFAULT_WEIGHTS["critic"]
    for weights in (student, vibe, careful):
        assert sum(weights.values()) == pytest.approx(1.0, abs=1e-3)
    without_vibe = agent_weights(NEUTRAL, vibe_asked=False, active=["cost_analyst", "critic"])
    assert without_vibe["vibe_matcher"] == 0


def test_a_party_size_before_a_blanked_weekday_is_not_a_length_of_stay() -> None:
    """ "for 8 on friday night": "on friday" is read first and blanked; the spaces left must not
    join "8" and "night" into "8 nights"."""
    intent = read("drinks in cambridge for 8 on friday night")
    assert intent.group_size == 8
    assert intent.reading.when is not None and intent.reading.when.time_of_day == "night"
    assert intent.reading.duration is None and intent.reading.when.days is None


def test_a_venue_feature_is_kept_beside_the_vibe() -> None:
    """ "romantic rooftop dinner" used to keep one vibe (romantic) and drop "rooftop"."""
    intent = read("romantic rooftop dinner for 4 in boston")
    assert intent.vibe == "romantic"
    assert intent.features == ["rooftop"]
    assert intent.parsed_intent()["features"] == ["rooftop"]
    assert read("drinks with live music and a view").features == ["live_music", "view"]
    assert read("a cozy dinner in cambridge").features == []


def test_a_catalog_city_is_read_as_people_type_it() -> None:
    """The POI source names "Washington, D.C." and "Kathmandu Valley": "museum in washington dc"
    read no city and planned a Singapore toy museum first."""
    from kairos.text.query.index import spoken_forms

    assert spoken_forms("washington, d.c.") == {"washington dc", "washington"}
    assert spoken_forms("kathmandu valley") == {"kathmandu"}
    assert spoken_forms("boston") == set()
    vocabulary = CatalogVocabulary(
        frozenset({"museums"}),
        frozenset({"washington, d.c.", "kathmandu valley", "quebec city", "quebec"}),
        {},
    )
    reader = QueryReader(vocabulary, ProductWords())
    assert reader.read("museum in washington dc for 3").cities == ["washington, d.c."]
    assert reader.read("temples around kathmandu").cities == ["kathmandu valley"]
    assert reader.read("a museum in quebec").cities == ["quebec"], "a city's own name wins"


def test_temples_are_religious_sites() -> None:
    """ "temples around kathmandu" read no activity and planned guest houses."""
    intent = read("temples around kathmandu for 4")
    assert intent.activity == "religious_sites"
    assert intent.activity_kinds == ("religious_site",)


def test_a_bar_of_a_cuisine_is_looked_for_among_restaurants_too() -> None:
    """ "tapas bar in boston" asked bars only, found none with tapas, and said "Nothing here
    is a bar"; a tapas or sushi bar is a restaurant. A wine bar stays a bar."""
    assert read("tapas bar in boston").activity_kinds == ("bar", "restaurant")
    assert read("wine bar in boston").activity_kinds == ("bar",)


def test_a_place_the_catalog_does_not_hold_is_said() -> None:
    intent = read("drinks in nashville for 4")
    assert intent.location is None
    assert "no place called Nashville here: anywhere" in intent.assumptions


def test_a_night_out_is_drinks() -> None:
    """ "bachelorette party for 10 in austin, fun and lively" planned hot-dog stands and
    coffee: no activity was read."""
    assert read("bachelorette party for 10 in austin, fun and lively").activity == "drinks"
    assert read("hen do for 8 in london").activity == "drinks"
    assert read("a night out for 6 in boston").activity == "drinks"
    assert read("birthday dinner for a party of 6").activity == "meal", "a party of 6 is a size"


def test_a_follow_up_in_chat_history_keeps_what_it_does_not_change() -> None:
    """The seed's `chat_history`: "make it cheaper" planned anywhere, for anyone, anything."""
    history = [
        {"role": "user", "content": "italian dinner for 6 in the north end under $300, no peanuts"},
        {"role": "assistant", "content": "Carmen Trattoria is the best overall pick."},
    ]
    cheaper = read("make it cheaper", chat_history=history)
    assert cheaper.activity == "meal" and cheaper.reading.categories == ["italian"]
    assert (cheaper.group_size, cheaper.location) == (6, "north end, boston")
    assert cheaper.budget is not None and cheaper.budget.level == "low", "its own word wins"
    assert cheaper.reading.allergens == ["peanuts"], "a follow-up never drops an allergy"
    assert cheaper.assumptions[0].startswith("read as a follow-up of 'italian dinner for 6")
    drinks = read("what about drinks?", chat_history=history)
    assert drinks.activity == "drinks" and drinks.reading.categories == [], "drinks, not italian"
    assert drinks.location == "north end, boston" and drinks.budget.per_head == 50  # type: ignore[union-attr]
    fresh = read("drinks in cambridge for 4", chat_history=history)
    assert (fresh.location, fresh.group_size, fresh.budget) == ("cambridge", 4, None)
    assert not any(a.startswith("read as a follow-up") for a in fresh.assumptions)
    assert fresh.reading.allergens == ["peanuts"], "an allergy said once holds for the talk"
    assert "kept out peanuts, named earlier in the conversation" in fresh.assumptions


def test_food_after_a_concert_is_a_meal() -> None:
    assert read("late night food for 4 in boston after a concert").activity == "meal"
    assert read("drinks for 6 before the concert").activity == "drinks"


def test_a_food_the_sources_spell_otherwise_reaches_the_catalogues_spelling() -> None:
    """ "bbq" is filed "Barbeque" by Yelp (Austin's 194 places): asked as a group says it, it
    reaches those places, so a covered city is never answered "no BBQ" (issue 38)."""
    for said in ("team bbq for 20 in austin", "barbecue dinner in boston for 6", "smokehouse"):
        assert read(said).reading.categories == ["barbeque"], said

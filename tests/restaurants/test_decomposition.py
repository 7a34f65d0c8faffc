"""The offline decomposer against a table of realistic messages, and its contract."""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from kairos.evals.decomposition import evaluate_decomposition, load_cases
from kairos.restaurants.chat_rules import text_query
from kairos.restaurants.decomposition import QueryParser
from kairos.restaurants.schemas_decomposition import Decomposition
from kairos.text.query.catalog_words import CatalogVocabulary, clean_city

FIXTURE = Path(__file__).with_name("vocabulary.json")
SHARED = (
    Path(__file__).resolve().parents[2].parent
    / "shared/data/restaurant_reviews/restaurants.jsonl.gz"
)
_RANKING_TOWN = re.compile(r"Restaurants in (?P<town>.+)$")
_ZOMATO_AREA = re.compile(r"zomato\.com/[a-z]+/[a-z0-9-]+-(?P<area>[a-z]+)$")
REQUIRED_ACCURACY = 0.95
CASES = load_cases(Path(__file__).with_name("decomposition_cases.py"))


def vocabulary_from_shared_rows(rows: list[dict[str, object]]) -> CatalogVocabulary:
    """Cuisines and cities as they are; areas from what each source says about a locality
    (TripAdvisor's "Restaurants in Purley", the last word of a Zomato link)."""
    records = []
    for row in rows:
        area = None
        attributes = row.get("attributes")
        ranking = attributes.get("ranking") if isinstance(attributes, dict) else None
        if isinstance(ranking, str) and (town := _RANKING_TOWN.search(ranking)):
            area = town.group("town")
        url = row.get("url")
        if row.get("source") == "zomato_hyderabad" and isinstance(url, str):
            area = (m := _ZOMATO_AREA.search(url)) and m.group("area")
        city = row.get("city")
        if isinstance(area, str) and isinstance(city, str) and clean_city(area) == clean_city(city):
            area = None
        records.append({"cuisines": row.get("cuisines"), "city": city, "area": area})
    return CatalogVocabulary.from_records(records)


@pytest.fixture(scope="module")
def vocabulary() -> CatalogVocabulary:
    return CatalogVocabulary.from_json(FIXTURE)


@pytest.fixture(scope="module")
def parser(vocabulary: CatalogVocabulary) -> QueryParser:
    return QueryParser(vocabulary)


@pytest.fixture(scope="module")
def shared_vocabulary() -> CatalogVocabulary:
    if not SHARED.exists():
        pytest.skip(f"the shared data set is not here ({SHARED})")
    with gzip.open(SHARED, "rt", encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle]
    return vocabulary_from_shared_rows(rows)


def test_fixture_is_the_shared_data_vocabulary(shared_vocabulary: CatalogVocabulary) -> None:
    assert CatalogVocabulary.from_json(FIXTURE) == shared_vocabulary


@pytest.mark.parametrize("source", ["fixture", "shared"])
def test_field_accuracy_on_the_table(source: str, request: pytest.FixtureRequest) -> None:
    vocabulary = request.getfixturevalue(
        "vocabulary" if source == "fixture" else "shared_vocabulary"
    )
    report = evaluate_decomposition(CASES, vocabulary)
    print(report.summary())
    assert len(CASES) >= 60
    assert report.field_accuracy >= REQUIRED_ACCURACY, report.summary()


def test_every_case_round_trips_through_json(parser: QueryParser) -> None:
    for case in CASES:
        result = parser.decompose(case.message, history=case.history)
        assert Decomposition.model_validate_json(result.model_dump_json()) == result


def test_same_message_same_answer(parser: QueryParser) -> None:
    message = "romantic thai dinner in boston, not too loud, no peanuts please"
    assert parser.decompose(message) == parser.decompose(message)


def test_the_issue_example(parser: QueryParser) -> None:
    result = parser.decompose("romantic thai dinner, not too loud")
    assert result.filters.categories == ["thai", "thai restaurant"]
    assert "romantic" in result.vibes and "quiet" in result.vibes
    assert result.avoid == ["loud"]
    assert "loud" not in result.vector_query.split()
    assert {"romantic", "quiet", "dinner"} <= set(result.vector_query.split())
    assert result.matched["thai"] == "categories=thai,thai restaurant"


def test_allergy_in_a_message_applies_to_the_turn(parser: QueryParser) -> None:
    result = parser.decompose("I'm allergic to soy and sesame, sushi please")
    assert result.turn_allergens == ["soy", "sesame"]
    assert result.filters.exclude_allergens == ["sesame", "soy"]


def test_allergens_are_read_through_the_core_lexicon(parser: QueryParser) -> None:
    """No stand-in list: regional names the core lexicon knows reach the filter."""
    result = parser.decompose("allergic to ghee and maida, north indian in hyderabad")
    assert result.filters.exclude_allergens == ["dairy", "gluten"]


def test_a_food_that_contains_an_allergen_is_not_an_allergen_named(parser: QueryParser) -> None:
    """Issue 11: with the real recogniser "no dairy pizza" excluded gluten too."""
    result = parser.decompose("no dairy pizza in boston")
    assert result.filters.exclude_allergens == ["dairy"]
    assert result.filters.categories == ["pizza"]
    assert result.filters.city == "boston"
    no_pizza = parser.decompose("anything but pizza in boston")
    assert no_pizza.filters.exclude_allergens == []
    assert no_pizza.filters.exclude_categories == ["pizza"]


def test_an_allergy_outside_the_canonical_list_is_avoided(parser: QueryParser) -> None:
    result = parser.decompose("my son is allergic to kiwi, dessert place in cambridge")
    assert result.filters.exclude_allergens == []
    assert result.avoid == ["kiwi"]
    assert "kiwi" not in result.vector_query.split()
    assert result.assumptions


def test_a_dislike_is_not_an_allergy(parser: QueryParser) -> None:
    result = parser.decompose("not a fan of shrimp, cheap vietnamese in boston")
    assert result.filters.exclude_allergens == []
    assert result.avoid == ["shrimp"]


def test_one_clarifying_question_at_most(parser: QueryParser) -> None:
    first = parser.decompose("somewhere good")
    assert first.needs_clarification and first.clarification_question
    second = parser.decompose(
        "dunno, surprise me",
        history=["somewhere good"],
        pending_clarification=first.clarification_question,
    )
    assert not second.needs_clarification
    assert second.clarification_question is None
    assert second.assumptions


def test_typos_are_traced(parser: QueryParser) -> None:
    result = parser.decompose("itallian in cambrige")
    assert result.filters.categories == ["italian", "italian restaurant"]
    assert result.filters.city == "cambridge"
    assert result.matched["itallian"].endswith("(typo)")


def test_rupees_for_two_follow_the_seed_thresholds(parser: QueryParser) -> None:
    tiers = {
        amount: parser.decompose(f"dinner in hyderabad under {amount} for two").filters.price_tiers
        for amount in (400, 500, 900, 1500, 2500)
    }
    assert tiers == {
        400: ["$"],
        500: ["$"],
        900: ["$", "$$"],
        1500: ["$", "$$", "$$$"],
        2500: ["$", "$$", "$$$", "$$$$"],
    }


def test_follow_up_keeps_the_earlier_request(parser: QueryParser) -> None:
    result = parser.decompose("what about cambridge?", history=["quiet sushi in boston"])
    assert result.filters.city == "cambridge"
    assert result.filters.categories == ["sushi"]
    assert "quiet" in result.vibes
    assert any("earlier message" in a for a in result.assumptions)


def test_somewhere_an_allergic_person_can_eat_lets_the_earlier_food_go(
    parser: QueryParser,
) -> None:
    """After "sushi in boston" for a fish-allergic daughter, "somewhere she can eat too?" kept
    sushi and answered "every sushi place shows fish" again; the meal of the request stays."""
    for history in (["sushi in boston"], ["sushi in boston", "any cheaper?"]):
        result = parser.decompose(
            "actually my daughter has the fish allergy, somewhere she can eat too?", history=history
        )
        assert result.filters.city == "boston"
        assert result.filters.categories == [], result.filters.categories
        assert "sushi" not in result.vector_query
        assert any(a.startswith("Not only sushi") for a in result.assumptions), result.assumptions
    dinner = parser.decompose("my son has a peanut allergy, anywhere he can eat?",
                              history=["dinner in boston"])  # fmt: skip
    assert dinner.filters.city == "boston" and "dinner" in " ".join(
        dinner.filters.categories + dinner.vector_query.split()
    ), dinner
    cheaper = parser.decompose("any cheaper ones?", history=["sushi in boston"])
    assert cheaper.filters.categories == ["sushi"], "an ordinary follow-up keeps the food"


def test_a_message_naming_what_and_where_starts_a_new_request(parser: QueryParser) -> None:
    """Merged into the conversation, every earlier diet, vibe and word stayed: after "halal food
    in cambridge" and "quiet romantic dinner", "kosher options in boston?" asked for places both
    kosher, halal, quiet and romantic, found none, and answered with a harbour cruise."""
    halal = parser.decompose("halal food in cambridge")
    quiet = parser.decompose("quiet romantic dinner", previous=halal)
    assert quiet.filters.city == "cambridge" and "halal" in quiet.dietary, "a refinement"
    kosher = parser.decompose("kosher options in boston?", previous=quiet)
    assert kosher.filters.city == "boston"
    assert kosher.dietary == ["kosher"]
    assert kosher.vibes == []
    assert not any("earlier message" in a for a in kosher.assumptions)
    tea = parser.decompose("afternoon tea in boston", previous=quiet)
    assert tea.filters.city == "boston" and tea.dietary == [] and "tea" in tea.vector_query
    vegan = parser.decompose("and vegan places in cambridge?", previous=kosher)
    assert "kosher" in vegan.dietary, "a follow-up word keeps the request it refines"
    # "somewhere for …" follows up only a message that leaves what or where out: after "late
    # night food in atlanta", a brunch in Boston kept "open late"
    late = parser.decompose("late night food in cambridge")
    brunch = parser.decompose("somewhere for brunch with outdoor seating in boston", previous=late)
    assert brunch.filters.city == "boston" and "late_night" not in brunch.vibes, brunch.vibes
    assert not any("earlier message" in a for a in brunch.assumptions)
    later = parser.decompose("somewhere for brunch?", previous=late)
    assert later.filters.city == "cambridge", "without a place it refines the request"


def test_a_chain_of_follow_ups_keeps_a_bounded_query(parser: QueryParser) -> None:
    previous = parser.decompose("quiet sushi in boston")
    follow_ups = ("anything cheaper?", "any with outdoor seating?", "which are good with kids?",
                  "anything quieter?", "any with a view?", "somewhere for a birthday?")  # fmt: skip
    for message in follow_ups:
        previous = parser.decompose(message, previous=previous)
    assert 0 < len(previous.vector_query.split()) <= 12
    assert previous.filters.categories == ["sushi"]


def test_cheaper_than_the_lowest_price_level_says_so(parser: QueryParser) -> None:
    """ "anything cheaper?" after "$" places showed the same places with no word about it;
    after a list of "$" and "$$" places it asks for "$" ones, and "nothing is cheaper" would
    be untrue."""
    pricey = parser.decompose("fancy italian in boston")
    cheaper = parser.decompose("anything cheaper?", previous=pricey)
    assert cheaper.filters.price_tiers and "$$$$" not in cheaper.filters.price_tiers
    assert not any("Nothing is cheaper" in a for a in cheaper.assumptions)
    cheap = parser.decompose("cheap eats in cambridge")
    assert cheap.filters.price_tiers == ["$"]
    again = parser.decompose("anything cheaper?", previous=cheap)
    assert again.filters.price_tiers == ["$"] and again.filters.city == "cambridge"
    assert any(a.startswith("Nothing is cheaper than $") for a in again.assumptions)
    mixed = cheap.model_copy(update={"shown_price_tiers": ["$", "$$"]})
    cheaper_than_mixed = parser.decompose("somewhere cheaper", previous=mixed)
    assert cheaper_than_mixed.filters.price_tiers == ["$"]
    assert not any("Nothing is cheaper" in a for a in cheaper_than_mixed.assumptions)
    assert "Only $ places this time, the lowest price level." in cheaper_than_mixed.assumptions


def test_a_kept_vibe_is_said_with_what_else_was_kept(parser: QueryParser) -> None:
    """ "italian in boston" → "something quieter?" → "what about cambridge?": the quiet is
    kept, so the reply says it is, beside the cuisine."""
    quiet = parser.decompose("something quieter?", previous=parser.decompose("italian in boston"))
    moved = parser.decompose("what about cambridge?", previous=quiet)
    assert "quiet" in moved.vibes
    kept = next(a for a in moved.assumptions if a.startswith("Kept from your earlier message"))
    assert "quiet" in kept and "Italian" in kept


def test_an_empty_message_asks(parser: QueryParser) -> None:
    assert parser.decompose("   ").needs_clarification


async def test_the_product_runs_the_parser_the_tests_measure(app: Any) -> None:
    """One parser: the one the restaurant product builds from the catalog reads the issue's
    cases exactly as the tests' parser does (no stand-in vocabulary anywhere)."""
    production = await app.state.runtime.products["restaurants"].understand.parser()
    assert type(production) is QueryParser
    pizza = production.decompose("no dairy pizza in boston")
    assert pizza.filters.exclude_allergens == ["dairy"]
    assert pizza.filters.categories == ["pizza"]
    date = production.decompose("date night italian in boston")
    assert date.vibes == ["romantic"]
    assert date.filters.categories == ["italian"]


def test_food_requests_want_places_that_serve_meals(parser: QueryParser) -> None:
    assert parser.decompose("thai in boston").filters.kinds == ["restaurant"]
    assert parser.decompose("somewhere nice for lunch").filters.kinds == ["restaurant"]
    assert parser.decompose("coffee in cambridge").filters.kinds == []
    assert parser.decompose("cocktail bars in boston").filters.kinds == []


def test_a_diet_category_is_a_meal_request() -> None:
    """ "kosher food" once found "PEAK Event Services" (Kosher, Party Bus Rentals)."""
    from kairos.restaurants.decomposition import meal_kinds

    assert meal_kinds(["kosher"]) == ["restaurant"]
    assert meal_kinds(["Vegan", "thai"]) == ["restaurant"]
    assert meal_kinds(["vegan", "coffee & tea"]) == []


def test_a_known_area_the_catalog_files_as_a_town_is_that_town() -> None:
    """Richmond is a London area in the built-in list; where the catalog lists places under
    Richmond itself (TripAdvisor's "Restaurants in Richmond"), asking for it means that town."""
    records = [
        {"cuisines": ["Italian"], "city": "Richmond", "area": None},
        {"cuisines": ["Italian"], "city": "London", "area": None},
    ]
    filters = (
        QueryParser(CatalogVocabulary.from_records(records))
        .read("any good italian in richmond?")
        .filters
    )
    assert (filters.city, filters.area) == ("richmond", None)
    london_only = CatalogVocabulary.from_records([{"cuisines": ["Italian"], "city": "London"}])
    filters = QueryParser(london_only).read("any good italian in richmond?").filters
    assert (filters.city, filters.area) == ("london", "richmond")


@pytest.mark.parametrize(
    "message",
    [
        "ignore my allergies, show me shellfish",
        "please disregard our allergies",
        "forget about my allergies and find sushi",
    ],
)
def test_asking_to_set_allergies_aside_is_not_an_allergy(parser: QueryParser, message: str) -> None:
    decomposition = parser.decompose(message)
    assert decomposition.avoid == []
    assert not {"ignore", "disregard", "forget", "about"} & set(decomposition.vector_query.split())
    assert decomposition.assumptions == [
        "I keep your allergies in every search, even when asked not to; if they have changed, "
        "change them in your profile."
    ]


@pytest.mark.parametrize("message", ["my kiwi allergy, thai food", "allergic to kiwi, thai food"])
def test_an_unknown_allergy_word_is_still_avoided(parser: QueryParser, message: str) -> None:
    assert parser.decompose(message).avoid == ["kiwi"]


def test_a_thing_to_do_that_is_not_a_meal_is_said_not_searched(parser: QueryParser) -> None:
    """ "where can I play basketball in boston" was answered with five restaurants and no
    word about it; a landmark to eat by ("near the aquarium") is still a meal request."""
    court = parser.decompose("where can I play basketball in boston")
    assert court.intent == "other" and court.reply and '"basketball"' in court.reply
    assert "Plan tab" in court.reply
    assert parser.decompose("museum in boston").intent == "other"
    for message in (
        "dinner near the museum in boston",
        "thai near the aquarium",
        "lunch after hiking",
    ):
        assert parser.decompose(message).intent == "find_restaurant", message
    seafood = parser.decompose("seafood in boston")
    nearby = parser.decompose("anything near the aquarium?", previous=seafood)
    assert nearby.intent == "find_restaurant" and nearby.filters.categories == ["seafood"]


def test_a_portion_of_a_named_food_is_not_searched_for(parser: QueryParser) -> None:
    """ "a good bowl of pho": the full-text arm needs every word it is given, and no review of
    a pho place says "bowl" beside "pho", so the places that serve pho were never found by it."""
    assert parser.read("where can i get a good bowl of pho in columbus").vector_query == "pho"
    assert parser.read("a slice of pizza in boston").vector_query == ""


def test_watching_the_game_is_not_a_shop_for_watches() -> None:
    """The full catalogue holds a "Watches" category (a jeweller's): "somewhere to watch the
    game" asks for a place with the game on, never for "watch places" (a half-B cause)."""
    vocabulary = CatalogVocabulary.from_json(FIXTURE)
    shops = QueryParser(replace(vocabulary, categories=vocabulary.categories | {"watches"}))
    for message in ("somewhere to watch the game in boston", "a pub to watch football in austin"):
        read = shops.read(message)
        assert "watches" not in read.filters.categories, (message, read.filters.categories)
        assert "sports bars" in read.filters.categories, (message, read.filters.categories)


@pytest.mark.parametrize(
    "message", ["dog friendly patio in austin", "somewhere pet friendly with outdoor seating"]
)
def test_a_dog_friendly_place_is_an_occasion_not_hot_dogs(
    parser: QueryParser, message: str
) -> None:
    result = parser.decompose(message)
    assert "dog_friendly" in result.vibes and "outdoor" in result.vibes
    # "dog" searched as a word found Austin's hot-dog stands (judged chat half A, occasion_15)
    searched = " ".join([text_query(result), *result.filters.categories]).lower()
    assert "dog" not in searched.split() and "hot dogs" not in result.filters.categories

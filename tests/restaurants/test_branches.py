"""One line per business in a city: two J.P. Licks branches are one choice in a list of five."""

from __future__ import annotations

from kairos.pipeline.safety import AllergyCheck
from kairos.restaurants.chat_order import answer_order
from kairos.restaurants.schemas import RestaurantResult
from kairos.restaurants.schemas_decomposition import Decomposition
from kairos.search.filters import SearchFilters

NO_ALLERGIES = AllergyCheck(
    checked_for=["you"], allergens=[], verdict="no_allergies", basis="none",
    summary="No allergies were given, so none were checked.",
)  # fmt: skip


def place(pid: int, name: str, city: str = "Boston") -> RestaurantResult:
    return RestaurantResult(
        id=pid, name=name, area=None, city=city, address=None, price_tier="$", rating=4.0,
        votes=100, cuisine_types=["ice cream & frozen yogurt"], url=None, lat=None, lng=None,
        known_allergens=[], allergen_confidence="low", allergy=NO_ALLERGIES, allergy_safe=True,
        allergy_summary="No allergies in your profile.", composite_score=1.0 - pid / 10,
    )  # fmt: skip


SCORED = [
    place(0, "J.P. Licks"),
    place(1, "J.P. Licks"),
    place(2, "FoMu Ice Cream"),
    place(3, "FoMu"),
    place(4, "J.P. Licks - Newbury St"),
    place(5, "Cafe Fleuri"),
    place(6, "Cafe"),
    place(7, "J.P. Licks", city="Cambridge"),
    place(8, "Toscanini's"),
]


def names(branches: bool = False) -> list[str]:
    filters = SearchFilters(city="boston")
    decomposition = Decomposition(filters=filters)
    ordered = answer_order(SCORED, decomposition, filters, [], branches=branches)
    return [f"{SCORED[i].name} ({SCORED[i].city})" for i in ordered.order]


def test_one_line_per_business_in_a_city() -> None:
    assert names() == [
        "J.P. Licks (Boston)",
        "FoMu Ice Cream (Boston)",
        "Cafe Fleuri (Boston)",
        "Cafe (Boston)",
        "Toscanini's (Boston)",
        "J.P. Licks (Cambridge)",
    ]


def test_the_branches_asked_for_are_all_shown() -> None:
    assert len(names(branches=True)) == len(SCORED)


def test_a_food_that_means_cheap_puts_the_cheapest_first() -> None:
    """ "street food" (core/data/food_words.toml, `prices`): a stall before a sit-down $$$ grill
    that also lists kebab, whatever their scores; a price asked instead decides alone."""
    scored = [
        place(0, "Kebab Club").model_copy(update={"price_tier": "$$$", "city": "Hyderabad"}),
        place(1, "Momo Stall").model_copy(update={"price_tier": "$", "city": "Hyderabad"}),
        place(2, "Roll Truck").model_copy(update={"price_tier": None, "city": "Hyderabad"}),
    ]
    filters = SearchFilters(city="hyderabad", categories=["kebab", "momos", "rolls"])
    said = Decomposition(filters=filters, matched={"street food": "categories=kebab,momos,rolls"})
    order = answer_order(scored, said, filters, []).order
    assert [scored[i].name for i in order] == ["Momo Stall", "Roll Truck", "Kebab Club"]
    plain = Decomposition(filters=filters, matched={"kebab": "categories=kebab"})
    assert answer_order(scored, plain, filters, []).order[0] == 0

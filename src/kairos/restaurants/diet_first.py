"""A strict diet before the dish (issue 39): "halal burgers in atlanta" with no burger place
there showing halal food is answered with the city's halal places of other kinds, said as such,
rather than with nothing. A kitchen rule is a need; the dish is a wish, so the dish is the one
widened. Allergen exclusions, the city, the price and the occasions asked stay as they were.
"""

from __future__ import annotations

from dataclasses import replace

from kairos.core.allergy_warnings import display_name
from kairos.core.place_kinds import MEAL_KINDS
from kairos.restaurants.chat_search import (
    TOP_UP_BELOW,
    Searched,
    _joined,
    search_relaxing,
    strict_unheld,
)
from kairos.restaurants.phrasing import listed
from kairos.restaurants.request_words import describe_request
from kairos.restaurants.schemas_decomposition import Decomposition
from kairos.restaurants.searching import CachedSearch
from kairos.search.filters import SearchFilters

__all__ = ["DietFirst", "diet_before_dish", "diet_top_up"]


class DietFirst:
    """The request searched again without its dish: the decomposition, filters and search the
    answer is built from."""

    def __init__(self, decomposition: Decomposition, filters: SearchFilters, searched: Searched):
        self.decomposition = decomposition
        self.filters = filters
        self.searched = searched


def dish_dropped_sentence(
    decomposition: Decomposition, diets: list[str], unsafe_for: list[str] | None = None
) -> str:
    """ "I know no halal burger places in Atlanta, so these are halal places of other kinds
    there." When every place of the kind was left out for an allergen (`unsafe_for`: pizza for
    a coeliac), that is what is said instead."""
    f = decomposition.filters
    instead = describe_request([], diets, None)
    there = " there" if f.city else ""
    if unsafe_for:
        kind = describe_request(f.categories, [], f.city)
        shown = listed([display_name(a) for a in unsafe_for], "or")
        return (
            f"Every one of the {kind} I know shows {shown} in its menu, dishes, reviews, "
            f"category or name, so these are {instead} of other kinds{there}."
        )
    wanted = describe_request(f.categories, diets, f.city)
    return f"I know no {wanted}, so these are {instead} of other kinds{there}."


def strict_diet_with_categories(
    decomposition: Decomposition, filters: SearchFilters, searched: Searched
) -> bool:
    """What both answers of a strict diet before the dish start from: a strict diet asked, with
    a cuisine or dish (categories), not a "show me more" page (places to skip), and no kind of
    place asked beyond a meal's (ice cream is not widened to a halal grill)."""
    if not searched.strict or not filters.categories or decomposition.skip_place_ids:
        return False
    return not filters.kinds or set(filters.kinds) == MEAL_KINDS


async def diet_before_dish(
    search_index: CachedSearch,
    decomposition: Decomposition,
    filters: SearchFilters,
    hard: list[str],
    searched: Searched,
    towns: list[str] | None = None,
) -> DietFirst | None:
    """The request without its cuisine or dish when no place found for it shows a strict diet
    asked (halal, kosher, vegan, gluten-free) and places of other kinds here do; None otherwise
    (the diet met, nothing asked beyond the diet, or a kind of place asked for, such as ice
    cream, which a halal grill does not serve). Also when every place of the kind shows an
    allergen of the person: the diet's places of other kinds, same exclusions, said."""
    if not strict_diet_with_categories(decomposition, filters, searched):
        return None
    strict = searched.strict
    if not searched.all_unsafe and any(
        not strict_unheld(h, strict) for h in searched.traced.result.hits
    ):
        return None
    # every pizza place shows gluten to a coeliac asking for gluten-free pizza: the gluten-free
    # places of other kinds, under the same exclusions and checks, before none at all
    said = dish_dropped_sentence(decomposition, strict, hard if searched.all_unsafe else None)
    matched = {p: r for p, r in decomposition.matched.items() if not r.startswith("categories=")}
    plain_filters = decomposition.filters.model_copy(update={"categories": []})
    plain = decomposition.model_copy(
        update={
            "filters": plain_filters,
            "matched": matched,
            "assumptions": [*decomposition.assumptions, said],
        }
    )
    scope = filters.model_copy(update={"categories": []})
    again = await search_relaxing(search_index, plain, scope, hard, towns)
    if "categories" in again.relaxed:
        return None
    if not any(not strict_unheld(h, again.strict) for h in again.traced.result.hits):
        return None
    return DietFirst(plain, scope, again)


async def diet_top_up(
    search_index: CachedSearch,
    decomposition: Decomposition,
    filters: SearchFilters,
    hard: list[str],
    searched: Searched,
    towns: list[str] | None = None,
) -> Searched:
    """Fewer than five places of the dish show the strict diet asked ("halal burgers in
    atlanta": three): the diet's places of other kinds here follow them, under the same
    exclusions, said as such (`exact`, with no nearest kind), before a short list."""
    if not strict_diet_with_categories(decomposition, filters, searched):
        return searched
    if searched.exact is not None or searched.relaxed or searched.all_unsafe:
        return searched
    strict = searched.strict
    held = {h.place.id for h in searched.traced.result.hits if not strict_unheld(h, strict)}
    if not held or len(held) >= TOP_UP_BELOW:
        return searched
    plain = decomposition.model_copy(
        update={"filters": decomposition.filters.model_copy(update={"categories": []})}
    )
    scope = filters.model_copy(update={"categories": []})
    again = await search_relaxing(search_index, plain, scope, hard, towns)
    if again.relaxed:
        return searched
    shown = {h.place.id for h in searched.traced.result.hits}
    more = [
        h for h in again.traced.result.hits
        if h.place.id not in shown and not strict_unheld(h, strict)
    ]  # fmt: skip
    if not more:
        return searched
    traced = replace(searched.traced, result=_joined(searched.traced.result, more))
    return replace(searched, traced=traced, exact=frozenset(held), nearest=[])

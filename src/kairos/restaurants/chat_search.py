"""The chat turn's search: the places the request asks for, widened once when nothing
matches — first the filters around the request (rating, price, neighbourhood, radius), then
the cuisine itself, never the allergen exclusions, and never a named food (ice cream, satay)
for another."""

from __future__ import annotations

from dataclasses import dataclass

from kairos.core.place_kinds import MEAL_KINDS, STATED_DIET_KINDS
from kairos.core.traits import DERIVABLE_TRAITS
from kairos.restaurants.chat_rules import relax, said_by_price, text_query
from kairos.restaurants.decomposition import names_food
from kairos.restaurants.schemas_decomposition import Decomposition
from kairos.restaurants.searching import CachedSearch, TraitSearch, search_with_traits
from kairos.search.filters import SearchFilters

SEARCH_LIMIT = 15
MAX_SEARCH_LIMIT = 200
"""The search's own bound: "show me more" pages past it end with "That's all"."""
# One broadening round when nothing matches: first the filters around the request (rating,
# price, neighbourhood, radius), and only if that still finds nothing, the cuisine itself.
# Allergen exclusions are never relaxed.
RELAX_STAGES = (("min_rating", "price_tiers", "area", "near"), ("categories",))


@dataclass(frozen=True)
class Searched:
    traced: TraitSearch
    relaxed: list[str]
    """The filters widened, as the reply names them ("price tiers")."""
    all_unsafe: bool
    """Every place of the cuisine shows an allergen of the profile."""
    diets: list[str]
    occasions: list[str]
    text_query: str
    cuisine_unknown_here: bool = False
    """The cuisine was widened because the catalogue holds no place of it in the city at all
    (not because of the price, an allergy or an occasion): the answer says so."""


async def search_relaxing(
    search_index: CachedSearch,
    decomposition: Decomposition,
    filters: SearchFilters,
    hard: list[str],
) -> Searched:
    diets = [d for d in decomposition.dietary if d in DERIVABLE_TRAITS]
    occasions = [
        v for v in decomposition.vibes
        if v in DERIVABLE_TRAITS and not said_by_price(v, decomposition.filters.price_tiers)
    ]  # fmt: skip
    query = text_query(decomposition)

    # a diet with no cuisine named: a place of another food kind that states it is an answer
    diet_only = diets and not filters.categories and set(filters.kinds) == MEAL_KINDS
    also_kinds = sorted(STATED_DIET_KINDS) if diet_only else None

    skip = set(decomposition.skip_place_ids)  # "show me more": the places shown before

    async def search(scope: SearchFilters) -> TraitSearch:
        return await search_with_traits(
            search_index, decomposition.vector_query, scope,
            min(SEARCH_LIMIT + len(skip), MAX_SEARCH_LIMIT),
            diets=diets, occasions=occasions, text_query=query, also_kinds=also_kinds,
        )  # fmt: skip

    traced = await search(filters)
    relaxed: list[str] = []
    broader = filters
    all_unsafe = cuisine_unknown_here = False
    for stage in RELAX_STAGES:
        if traced.result.hits:
            break
        if "categories" in stage and hard and broader.categories:
            # every place of the cuisine shows an allergen of the profile: say so rather than
            # answer with another cuisine
            unsafe = broader.model_copy(update={"exclude_allergens": []})
            if await search_index.nothing_matches(unsafe) is None:
                all_unsafe = True
                break
        if "categories" in stage and (
            (broader.kinds and set(broader.kinds) != MEAL_KINDS) or names_food(decomposition)
        ):
            break  # ice cream or satay asked for: a café's coffee or a taverna is no answer
        if "categories" in stage and broader.categories:
            only_cuisine = SearchFilters(city=broader.city, categories=broader.categories)
            cuisine_unknown_here = await search_index.nothing_matches(only_cuisine) is not None
        broader, more = relax(broader, stage)
        if more:
            relaxed += more
            traced = await search(broader)
    if diets and traced.result.hits and not set(diets) <= set(traced.required) and not relaxed:
        # a diet is a need: when no place here holds it under the price, rating or area asked
        # for ("anything cheaper?" after a vegan request), widen those before answering
        # without it
        wider, more = relax(filters, RELAX_STAGES[0])
        if more:
            held = await search(wider)
            if set(diets) <= set(held.required):
                traced, relaxed = held, more
    return Searched(
        traced, relaxed, all_unsafe, diets, occasions, query,
        cuisine_unknown_here=cuisine_unknown_here and "categories" in relaxed,
    )  # fmt: skip

"""The chat turn's search: the places the request asks for, widened once when nothing
matches — first the filters around the request (rating, price, neighbourhood, radius), then
the cuisine itself, never the allergen exclusions, and never a named food (ice cream, satay)
for another."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace
from importlib.resources import files

from kairos.core.diets import DIETS
from kairos.core.place_kinds import MEAL_KINDS, STATED_DIET_KINDS, is_kind_name
from kairos.core.traits import DERIVABLE_TRAITS
from kairos.restaurants.chat_rules import relax, said_by_price, text_query
from kairos.restaurants.decomposition import names_food
from kairos.restaurants.schemas_decomposition import Decomposition
from kairos.restaurants.searching import CachedSearch, TraitSearch, search_with_traits
from kairos.search.filters import SearchFilters
from kairos.search.models import SearchHit, SearchResult

SEARCH_LIMIT = 15
MAX_SEARCH_LIMIT = 200
"""The search's own bound: "show me more" pages past it end with "That's all"."""
# One broadening round when nothing matches: first the filters around the request (rating,
# price, neighbourhood, radius), and only if that still finds nothing, the cuisine itself.
# Allergen exclusions are never relaxed.
RELAX_STAGES = (("min_rating", "price_tiers", "area", "near"), ("categories",))
TOP_UP_BELOW = 5
"""Fewer places of the asked kind, or at the asked lower price, and the answer goes on with the
nearest kinds, or the nearest prices, after them."""


def _nearest_table() -> dict[str, tuple[str, ...]]:
    """core/data/nearest_kinds.toml: the kinds that still serve a wish for a narrow one."""
    text = (files("kairos.core") / "data" / "nearest_kinds.toml").read_text(encoding="utf-8")
    return {k: tuple(v) for k, v in tomllib.loads(text)["nearest"].items()}


NEAREST_KINDS = _nearest_table()


def nearest_kinds(categories: list[str]) -> list[str]:
    """The nearest kinds of the asked ones ("dim sum" → Cantonese, Chinese), none asked; none
    for a request of many kinds ("street food": chaat, momos, kebab, falafel…), which a kebab
    shop's nearest kind (Turkish) or a falafel stand's (Mediterranean) would not serve."""
    asked = {c.lower() for c in categories}
    if not asked or any(c not in NEAREST_KINDS for c in asked):
        return []
    near = [n for c in categories for n in NEAREST_KINDS.get(c.lower(), ()) if n not in asked]
    return list(dict.fromkeys(near))


def kind_own_categories(filters: SearchFilters) -> list[str]:
    """When a food word asked for kinds of place ("ice cream": dessert shops, cafés, bakeries):
    its categories that say the food itself ("ice cream & frozen yogurt"), not a kind's name
    ("desserts"). A place filed with one of them is such a place whatever its kind."""
    if not filters.kinds or set(filters.kinds) == MEAL_KINDS:
        return []
    return [c for c in filters.categories if not is_kind_name(c)]


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
    exact: frozenset[int] | None = None
    """When the list goes on with the nearest kinds (`nearest`): the places that are what was
    asked, shown first."""
    nearest: list[str] = field(default_factory=list)
    """The nearest kinds the list goes on with ("cantonese", "chinese")."""
    strict: list[str] = field(default_factory=list)
    """The strict diets asked (`strict_diets`): a place without evidence of one is never listed."""
    served_by: list[str] = field(default_factory=list)
    """The kinds of place searched for a diet few places state (keto: steakhouses, salad)."""
    filed: frozenset[int] = frozenset()
    """Places to eat listed only because the source files them under the food asked ("ice
    cream & frozen yogurt" on a salad chain): kept on their reviews' word (`food_unmentioned`)."""
    filed_as: list[str] = field(default_factory=list)
    """The foods those categories name ("ice cream", "frozen yogurt")."""


def strict_diets(decomposition: Decomposition, diets: list[str]) -> list[str]:
    """The strict diets asked (vegan, gluten-free, halal…): not gluten-free read from "I'm
    coeliac" alone, an allergy the guard warns about (an Italian place with a gluten warning
    answers it), where "gluten free" said asks for evidence."""
    return [d for d in diets if d in DIETS and DIETS[d].strict and said_as_diet(decomposition, d)]


def said_as_diet(decomposition: Decomposition, diet: str) -> bool:
    """Whether the message asked for the diet ("gluten free"), not only read it from a
    condition ("I'm coeliac": an allergy, with gluten-free food welcome)."""
    named = [r for r in decomposition.matched.values() if f"dietary={diet}" in r]
    return not named or any(r.startswith("dietary=") for r in named)


def strict_unheld(hit: SearchHit, strict: list[str]) -> bool:
    """A place without evidence of a strict diet asked."""
    return any(d not in hit.place.traits for d in strict)


def _joined(result: SearchResult, more: list[SearchHit]) -> SearchResult:
    hits = [*result.hits, *more]
    return result.model_copy(
        update={"hits": [h.model_copy(update={"rank": i + 1}) for i, h in enumerate(hits)]}
    )


async def search_relaxing(
    search_index: CachedSearch,
    decomposition: Decomposition,
    filters: SearchFilters,
    hard: list[str],
    towns: list[str] | None = None,
) -> Searched:
    """`towns`: the towns of the asked city's metropolis, searched with it when the city
    itself holds too few places (the boroughs of Greater London, for London)."""
    diets = [d for d in decomposition.dietary if d in DERIVABLE_TRAITS]
    occasions = [
        v for v in decomposition.vibes
        if v in DERIVABLE_TRAITS and not said_by_price(v, decomposition.filters.price_tiers)
    ]  # fmt: skip
    query = text_query(decomposition)
    strict = strict_diets(decomposition, diets)
    served = [c for d in diets if d in DIETS for c in DIETS[d].served_by]
    if served and not filters.categories and set(filters.kinds) == MEAL_KINDS:
        # "keto friendly restaurant": few places state it; steakhouses and salad bars serve it
        against = [c for d in diets if d in DIETS for c in DIETS[d].served_against]
        excluded = list(dict.fromkeys([*filters.exclude_categories, *against]))
        filters = filters.model_copy(update={"categories": served, "exclude_categories": excluded})
    else:
        served = []

    # a diet with no cuisine named: a place of another food kind that states it is an answer
    diet_only = diets and not filters.categories and set(filters.kinds) == MEAL_KINDS
    also_kinds = sorted(STATED_DIET_KINDS) if diet_only else None

    skip = set(decomposition.skip_place_ids)  # "show me more": the places shown before
    filed_only: frozenset[int] = frozenset()
    filed_as: list[str] = []

    async def search(scope: SearchFilters) -> TraitSearch:
        return await search_with_traits(
            search_index, decomposition.vector_query, scope,
            min(SEARCH_LIMIT + len(skip), MAX_SEARCH_LIMIT),
            diets=diets, occasions=occasions, text_query=query, also_kinds=also_kinds,
        )  # fmt: skip

    traced = await search(filters)
    if towns and len(traced.result.hits) < TOP_UP_BELOW:
        # one Indian place in London: then Ealing's and Twickenham's, London to the person
        filters = filters.model_copy(update={"towns": towns})
        traced = await search(filters)
    if own := kind_own_categories(filters):
        # an ice cream shop the source also files under a meal ("burgers", "diners") is a
        # restaurant to place_kinds: it comes after the dessert places, never left out
        asked = {h.place.id for h in traced.result.hits}
        tagged = await search(filters.model_copy(update={"kinds": [], "categories": own}))
        if filed := [h for h in tagged.result.hits if h.place.id not in asked]:
            room = max(SEARCH_LIMIT + len(skip) - len(asked), 0)
            traced = replace(traced, result=_joined(traced.result, filed[:room]))
            filed_only = frozenset(h.place.id for h in filed[:room])
            filed_as = [w.strip() for c in own for w in re.split(r"[&/,]", c) if w.strip()]
    relaxed: list[str] = []
    broader = filters
    all_unsafe = cuisine_unknown_here = False
    exact: frozenset[int] | None = None
    nearest: list[str] = []
    compared = decomposition.price_comparison and filters.price_tiers
    if (
        len(traced.result.hits) < TOP_UP_BELOW and not compared
        and (kinds := nearest_kinds(filters.categories))
    ):  # fmt: skip
        # two dim sum places in Boston: then Cantonese and Chinese ones, after them and said as
        # what they are (the judged rubric's "broader kind that still serves the wish"); none
        # at all: the nearest kind alone, said, unless every one was left out for an allergy
        asked = {h.place.id for h in traced.result.hits}
        near = await search(filters.model_copy(update={"categories": kinds}))
        kin = [h for h in near.result.hits if h.place.id not in asked]
        kin = [h for h in kin if not strict_unheld(h, strict)]
        every_one_unsafe = (
            not asked
            and bool(hard)
            and (
                await search_index.nothing_matches(
                    filters.model_copy(update={"exclude_allergens": []})
                )
                is None
            )
        )
        if kin and not every_one_unsafe:
            exact, nearest = frozenset(asked), kinds
            traced = replace(traced, result=_joined(traced.result, kin))
    for stage in RELAX_STAGES:
        if traced.result.hits:
            break
        if "categories" in stage and hard and broader.categories:
            # every place of the cuisine shows an allergen of the profile: say so rather than
            # answer with another cuisine
            unsafe = broader.model_copy(update={"exclude_allergens": []})
            if await search_index.nothing_matches(unsafe) is None:
                all_unsafe = True
                # every tapas place shows shellfish: the nearest kinds' places that show none
                # (Spanish), said as the alternative they are, never the risky ones
                if kinds := nearest_kinds(broader.categories):
                    near = await search(broader.model_copy(update={"categories": kinds}))
                    if kin := [h for h in near.result.hits if not strict_unheld(h, strict)]:
                        exact, nearest = frozenset(), kinds
                        traced = replace(near, result=_joined(
                            near.result.model_copy(update={"hits": []}), kin
                        ))  # fmt: skip
                break
        if "categories" in stage and (kinds := nearest_kinds(broader.categories)):
            # no sushi place in Orlando at any price: its nearest kinds (Japanese, izakaya,
            # then Asian fusion) said as such, never unrelated places that fit the price
            near = await search(broader.model_copy(update={"categories": kinds}))
            if kin := [h for h in near.result.hits if not strict_unheld(h, strict)]:
                exact, nearest = frozenset(), kinds
                traced = replace(near, result=_joined(near.result.model_copy(update={"hits": []}),
                                                      kin))  # fmt: skip
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
        exact=exact, nearest=nearest, served_by=served,
        strict=strict, filed=filed_only, filed_as=filed_as,
    )  # fmt: skip

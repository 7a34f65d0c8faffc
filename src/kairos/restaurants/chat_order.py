"""The order of the chat's answer: the places the message names first, then by the blended
score, with what was asked held before what was not (the evidence, the price asked, the
dish's own categories, places to eat before shops)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kairos.core.place_kinds import MEAL_KINDS, is_store
from kairos.restaurants import evaluation, phrasing, request_words
from kairos.restaurants.branches import one_per_name
from kairos.restaurants.chat_rules import evidence_rank, is_named, named_first
from kairos.restaurants.chat_search import Searched
from kairos.restaurants.decomposition import food_said, named_in
from kairos.restaurants.schemas import RestaurantResult
from kairos.restaurants.schemas_decomposition import Decomposition
from kairos.restaurants.understanding import FOOD_PRICES
from kairos.search.filters import SearchFilters


@dataclass(frozen=True)
class Ordered:
    order: list[int]
    """Indices into the scored places, best first."""
    named: list[str]
    """The places the message names."""
    found_names: list[str]
    """Those of `named` a scored place is."""
    only_named: bool
    """A comparison or a "where is": the answer shows the named places alone."""


def answer_order(
    scored: list[RestaurantResult],
    decomposition: Decomposition,
    filters: SearchFilters,
    relaxed: list[str],
    exact: frozenset[int] | None = None,
    kin: Sequence[str] = (),
    unproven: frozenset[int] = frozenset(),
    branches: bool = False,
    lacking: frozenset[int] = frozenset(),
) -> Ordered:
    """`exact`: the places of the asked kind when the list goes on with its nearest kinds
    `kin`, nearest first (sushi: Japanese and izakaya before Asian fusion). `unproven`: places
    whose every matched word is only in their name, after those with evidence. `branches`:
    the message asks for a business's several places; otherwise one per name in a city.
    `lacking`: places holding an allergen of the person's with no evidence of food free of it
    (`pipeline.free_from.lacks_free_from`), after those showing it, in the asked city."""
    blended = evaluation.blended_order([r.composite_score or 0.0 for r in scored])
    # places showing more of what was asked (vegan, outdoor seating) come first, and a claim
    # resting on a category or a source attribute before one resting on reviews alone; for a
    # meal, a shop that also sells food (a grocery tagged "Thai") after the places to eat
    meal = set(filters.kinds) == MEAL_KINDS
    widened = decomposition.filters.price_tiers if "price tiers" in relaxed else []
    # the asked city's own places before its metropolis' towns (London, then Ealing)
    city = (filters.city or "").lower()
    # a dish no place names ("crawfish boil"): its most specific categories first (Cajun, then
    # any seafood place)
    dish = food_said(decomposition)
    nearest = [] if not dish or phrasing.holds_dish(dish, scored) else filters.categories
    # a food that means cheap ("street food"), no price asked: the cheapest first, a place of
    # unknown price (a food truck, often) beside the next tier up
    cheap = () if filters.price_tiers else FOOD_PRICES.get(dish or "", ())
    unpriced = "$" * (len(cheap[0]) + 1) if cheap else None
    order = sorted(blended, key=lambda i: (
        exact is not None and scored[i].id not in exact,  # what was asked, then the nearest
        exact is not None and scored[i].id not in exact
        and phrasing.category_rank(scored[i].cuisine_types, kin),
        scored[i].id in unproven,
        bool(city) and (scored[i].city or "").lower() != city,
        scored[i].id in lacking,
        phrasing.category_rank(scored[i].cuisine_types, nearest),
        phrasing.price_distance(scored[i].price_tier or unpriced, cheap),
        phrasing.price_distance(scored[i].price_tier, widened), -len(scored[i].evidence),
        evidence_rank(scored[i]), meal and is_store(scored[i].cuisine_types),
    ))  # fmt: skip
    named = named_in(decomposition.matched)
    found_names = [n for n in named if any(is_named(r.name, n) for r in scored)]
    first = named_first(scored, named)
    # a comparison or a "where is" shows what it names, never padded with other places
    only_named = bool(first) and decomposition.intent in ("compare", "locate")
    order = first if only_named else first + [i for i in order if i not in first]
    if not (only_named or branches):
        order = one_per_name(scored, order)
    return Ordered(order, named, found_names, only_named)


def nearest_kind_said(searched: Searched, asked: str, shown: list[RestaurantResult]) -> str | None:
    """What a list that goes on with the nearest kinds says: which of its places are the asked
    kind, and what the others are ("the others are Cantonese or Chinese places")."""
    if searched.exact is None:
        return None
    others = [r for r in shown if r.id not in searched.exact]
    if not others:
        return None
    held = len(shown) - len(others)
    first = "Only the first is" if held == 1 else f"Only the first {held} are"
    if any(r.id not in searched.exact for r in shown[:held]):
        # the allergy order moved a place of the asked kind down (a tree-nut risk at a Lebanese
        # place): "the first 2" would name the wrong places, so they are named
        names = phrasing.listed([r.name for r in shown if r.id in searched.exact], "and")
        first = f"Only {names} {'is' if held == 1 else 'are'}"
    if not searched.nearest and searched.strict:  # a strict diet's places of other kinds
        instead = request_words.describe_request([], searched.strict, None)
        return f"{first} {asked}; the others are {instead} of other kinds there."
    kinds = phrasing.categories_held(searched.nearest, others)
    names = phrasing.listed([request_words.category_name(k) for k in kinds], "or")
    if held == 0:
        return f"I know no {asked}, so these are {names} places, the nearest kind."
    if len(others) == 1:
        return f"{first} {asked}; the other is a {names} place, the nearest kind I know there."
    return f"{first} {asked}; the others are {names} places, the nearest kind I know there."


def towns_said(city: str | None, towns: list[str], shown: list[RestaurantResult]) -> str | None:
    """What a list that reached the towns of the city's metropolis says (Greater London's)."""
    held = sorted({r.city for r in shown if r.city and r.city.lower() in towns})
    if not city or not held:
        return None
    return (
        f"{city.title()} itself holds few of these, so towns of Greater {city.title()} are in "
        f"the list too: {phrasing.listed(held)}."
    )

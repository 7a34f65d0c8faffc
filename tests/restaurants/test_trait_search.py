"""The trait search's stages over a catalog held in a list: what the place states comes first,
reviews fill in, and a diet never falls back to places without it while one has it."""

from __future__ import annotations

from typing import Any, cast

from kairos.restaurants.searching import CachedSearch, search_with_traits
from kairos.search.filters import SearchFilters
from kairos.search.models import MatchExplanation, SearchHit, SearchResult
from kairos.store.places import PlaceSummary


def _place(pid: int, traits: list[str], kind: str = "restaurant") -> PlaceSummary:
    return PlaceSummary(
        id=pid, name=f"p{pid}", kind=kind, categories=[], price_tier=None, rating=4.0,
        votes=10, city="Cambridge", area=None, address=None, lat=None, lng=None, url=None,
        known_allergens=[], contains_allergens=[], allergen_confidence="low", traits=traits,
    )  # fmt: skip


class _Catalog:
    """Answers in catalog order (reviews-only places rank above stated ones here, as they can
    by rating), keeping the places that hold every trait of the filter."""

    def __init__(self, places: list[PlaceSummary]) -> None:
        self.places, self.stages = places, []  # type: list[PlaceSummary], list[list[str]]

    async def __call__(
        self, query: str, filters: SearchFilters, limit: int, *_: Any
    ) -> SearchResult:
        self.stages.append(list(filters.traits))
        kinds = set(filters.kinds) or {p.kind for p in self.places}
        held = [p for p in self.places if set(filters.traits) <= set(p.traits) and p.kind in kinds][
            :limit
        ]
        why = MatchExplanation(arms=[])
        return SearchResult(
            hits=[SearchHit(place=p, score=1.0, rank=i + 1, why=why) for i, p in enumerate(held)],
            strategy="exact",
        )

    async def nothing_matches(self, filters: SearchFilters) -> SearchResult | None:
        """As HybridSearch's: empty exactly when no place passes (traits included)."""
        if any(set(filters.traits) <= set(p.traits) for p in self.places):
            return None
        return SearchResult(hits=[], strategy="none")


async def test_places_that_state_a_diet_come_before_reviews_alone() -> None:
    stated = ["gluten_free", "gluten_free:stated"]
    catalog = _Catalog(
        [_place(1, ["gluten_free"]), _place(2, ["gluten_free"]), _place(3, []),
         _place(4, stated), _place(5, stated)]
    )  # fmt: skip
    found = await search_with_traits(
        cast(CachedSearch, catalog), "gluten free", SearchFilters(), 5,
        diets=["gluten_free"], occasions=[],
    )  # fmt: skip
    assert [h.place.id for h in found.result.hits] == [4, 5, 1, 2]
    assert [h.rank for h in found.result.hits] == [1, 2, 3, 4]
    assert catalog.stages == [["gluten_free:stated"], ["gluten_free"]]
    assert found.required == ["gluten_free"]


async def test_enough_stated_places_need_no_second_search() -> None:
    catalog = _Catalog([_place(i, ["vegan", "vegan:stated"]) for i in range(6)])
    found = await search_with_traits(
        cast(CachedSearch, catalog), "vegan", SearchFilters(), 5, diets=["vegan"], occasions=[]
    )
    assert len(found.result.hits) == 5 and catalog.stages == [["vegan:stated"]]
    assert found.short == []


async def test_filters_nothing_passes_are_not_searched_stage_by_stage() -> None:
    """A base nothing passes leaves every narrower stage empty: no stage is searched."""
    catalog = _Catalog([])
    found = await search_with_traits(
        cast(CachedSearch, catalog), "vegan quiet", SearchFilters(), 5,
        diets=["vegan"], occasions=["quiet"],
    )  # fmt: skip
    assert found.result.hits == [] and catalog.stages == []
    assert found.short == ["vegan", "quiet"] and found.required == []
    one = _Catalog([_place(1, [])])
    found = await search_with_traits(
        cast(CachedSearch, one), "vegan", SearchFilters(), 5, diets=["vegan"], occasions=[]
    )
    assert [h.place.id for h in found.result.hits] == [1]
    assert one.stages == [["vegan:stated"], ["vegan"], []]


async def test_a_diet_stated_by_another_food_kind_comes_before_reviews_alone() -> None:
    """ "kosher food in boston": a kosher ice-cream shop states it; a restaurant whose reviews
    say "kosher" does not. The shop comes second, after the stated restaurants."""
    stated = ["kosher", "kosher:stated"]
    catalog = _Catalog(
        [_place(1, ["kosher"]), _place(2, stated, "dessert"), _place(3, stated),
         _place(4, stated, "market")]
    )  # fmt: skip
    meals = SearchFilters(kinds=["restaurant"])
    found = await search_with_traits(
        cast(CachedSearch, catalog), "kosher", meals, 5, diets=["kosher"], occasions=[],
        also_kinds=["cafe", "dessert", "restaurant"],
    )  # fmt: skip
    assert [h.place.id for h in found.result.hits] == [3, 2, 1], "no market; stated first"
    plain = _Catalog(catalog.places)
    found = await search_with_traits(
        cast(CachedSearch, plain), "kosher", meals, 5, diets=["kosher"], occasions=[]
    )
    assert [h.place.id for h in found.result.hits] == [3, 1]

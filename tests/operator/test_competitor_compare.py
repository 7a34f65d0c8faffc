"""A turn asking how the restaurant compares with a named place is answered in its text (panel
half A, o27 Grezzo/Coppa, o41 Ghazal/Bon Savor: the comparison showed only as a footer line):
ratings, review themes, price and busy windows, each said as whose evidence it is."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace
from typing import Any

import numpy as np

from kairos.operator.competitor import _snapshot
from kairos.operator.demand import DAYPARTS
from kairos.operator.product import with_competitor
from kairos.operator.schemas import CompetitorSnapshot, ResolvedLocation
from kairos.store.operator import CatalogPlace, ReviewRow

OURS = CatalogPlace(1, "Grezzo", "restaurant", ["Italian"], "Boston", 42.36, -71.05,
                    price_level=3)  # fmt: skip
THEIRS = CatalogPlace(2, "Coppa", "restaurant", ["italian", "nightlife"], "Boston", 42.34, -71.07,
                      price_level=2)  # fmt: skip


def _review(pid: int, n: int, text: str, stars: float) -> ReviewRow:
    return ReviewRow(n, pid, text, stars, date(2019, 1, n))


REVIEWS = {
    1: [_review(1, i, "The food was bland and the pasta was cold.", 2.0) for i in range(1, 5)],
    2: [_review(2, i, "Wonderful food, the pasta was delicious.", 4.5) for i in range(1, 7)],
}


class _Store:
    async def place_named_near(self, *, name: str, lat: float, lng: float) -> CatalogPlace:
        return THEIRS

    async def place_by_id(self, *, place_id: int) -> CatalogPlace | None:
        return OURS if place_id == 1 else None


class _Signals:
    async def geocode(self, text: str, *, limit: int = 5) -> Any:
        match = SimpleNamespace(kind="place", label="Coppa, 253 Shawmut Ave", lat=42.34,
                                lng=-71.07)  # fmt: skip
        return SimpleNamespace(data=SimpleNamespace(matches=[match]))


class _Reviews:
    timeout_seconds = 2.0

    async def get(self, query: Any) -> Any:
        return SimpleNamespace(data=SimpleNamespace(reviews=REVIEWS[query.place_id]), detail=None)


def _checkins(pid: int) -> Any:
    if pid != 2:
        return None  # Grezzo has none of its own
    m = np.zeros((7, len(DAYPARTS)))
    m[5, DAYPARTS.index("dinner")] = 30
    m[1, DAYPARTS.index("lunch")] = 5
    return m


async def test_the_comparison_says_both_sides_each_from_its_own_record() -> None:
    here = ResolvedLocation(label="Grezzo", kind="place", lat=42.36, lng=-71.05, place_id=1,
                            resolved=True)  # fmt: skip
    answer = SimpleNamespace(locations=[here], window_start=date(2026, 12, 5))
    got = await _snapshot(_Store(), _Signals(), _Reviews(), answer, "Coppa",  # type: ignore[arg-type]
                          expand=False, checkins=_checkins)  # fmt: skip
    said = got.comparison
    assert said is not None and said.startswith("How Grezzo compares with Coppa, each from its own")
    assert (
        "Grezzo 2.0 of 5 (4 rated reviews), Coppa 4.5 of 5 (6 rated reviews); Coppa is rated higher"
        in said
    )
    assert "at Grezzo, guests criticise the food (4 of 4 reviews)" in said
    assert "at Coppa, guests praise the food (6 of 6 reviews)" in said
    assert "Price (each one's listing): Grezzo $$$, Coppa $$." in said
    assert "Grezzo: unknown (no check-ins of its own); Coppa: Sat dinner (its 35 check-ins)" in said


def test_the_json_answer_leads_with_the_comparison_its_last_line_kept() -> None:
    core = SimpleNamespace(text="Your plan is unchanged.\nAction: x | Window: y")
    block = CompetitorSnapshot(name="Coppa", status="ok", detail="d", comparison="How A compares")

    class _Answer:
        text = core.text

        def model_copy(self, update: dict[str, Any]) -> Any:
            return SimpleNamespace(**update)

    got = with_competitor(_Answer(), block)  # type: ignore[arg-type]
    assert got.text.startswith("How A compares\nYour plan is unchanged.")
    assert got.text.endswith("Action: x | Window: y")
    assert got.competitor is block
    missing = CompetitorSnapshot(name="Nowhere", status="not_found", detail="no place called it")
    assert with_competitor(_Answer(), missing).text.startswith(  # type: ignore[arg-type]
        "No comparison with Nowhere: no place called it.\n"
    )


def test_with_no_rated_reviews_the_listings_ratings_are_said_as_theirs() -> None:
    from dataclasses import replace

    from kairos.operator.competitor_compare import Side, comparison

    ours = Side(replace(OURS, rating=4.0), [], None, None)
    theirs = Side(replace(THEIRS, rating=3.5), [], None, None)
    said = comparison(ours, theirs)
    assert "Ratings (each one's listing; no rated reviews of either): Grezzo 4.0 of 5, " in said
    assert "Coppa 3.5 of 5." in said


def test_a_side_with_no_reviews_is_said_to_have_none() -> None:
    from kairos.operator.competitor_compare import Side, comparison

    said = comparison(Side(OURS, REVIEWS[1], None, None), Side(THEIRS, [], None, None))
    assert "; no reviews of Coppa in the catalog." in said
    assert said.startswith("How Grezzo compares with Coppa, each from its own catalog record: "
                           "Listed: Grezzo as Italian; Coppa as Italian.")  # fmt: skip

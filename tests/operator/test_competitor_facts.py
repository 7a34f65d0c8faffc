"""A competitor with no reviews in the catalog is still compared, with what the catalog holds of
both places (issue 36; half A, o49: 'how do we compare with Pho Thien Thien down the street?'
answered only 'No reviews of Pho Thien Thien in the catalog')."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace
from typing import Any

from kairos.operator.competitor import _snapshot
from kairos.operator.schemas import ResolvedLocation
from kairos.store.operator import CatalogPlace

OURS = CatalogPlace(1, "Golden Wok", "restaurant", ["Chinese", "Seafood"], "Boston", 42.35,
                    -71.06, {"Monday": "11:0-22:0", "Tuesday": "11:0-22:0"})  # fmt: skip
THREE_DAYS = {d: "10:0-21:0" for d in ("Monday", "Tuesday", "Friday")}
THEIRS = CatalogPlace(2, "Pho Corner", "restaurant", ["Vietnamese", "Soup"], "Boston", 42.351,
                      -71.061, THREE_DAYS)  # fmt: skip


class _Store:
    async def place_named_near(self, *, name: str, lat: float, lng: float) -> CatalogPlace:
        return THEIRS

    async def place_by_id(self, *, place_id: int) -> CatalogPlace | None:
        return OURS if place_id == 1 else None

    async def checkin_count(self, *, place_id: int) -> int:
        return {1: 40, 2: 120}[place_id]


class _Signals:
    async def geocode(self, text: str, *, limit: int = 5) -> Any:
        match = SimpleNamespace(kind="place", label="Pho Corner, 1 Beach St", lat=42.351,
                                lng=-71.061)  # fmt: skip
        return SimpleNamespace(data=SimpleNamespace(matches=[match]))


class _Reviews:
    timeout_seconds = 2.0

    async def get(self, query: Any) -> Any:
        return SimpleNamespace(data=SimpleNamespace(reviews=[]), detail=None)


async def test_a_competitor_with_no_reviews_is_compared_on_what_the_catalog_holds() -> None:
    here = ResolvedLocation(label="Golden Wok", kind="place", lat=42.35, lng=-71.06, place_id=1,
                            resolved=True)  # fmt: skip
    answer = SimpleNamespace(locations=[here], window_start=date(2026, 12, 1))
    got = await _snapshot(_Store(), _Signals(), _Reviews(), answer, "Pho Corner",  # type: ignore[arg-type]
                          expand=False)  # fmt: skip
    assert got.status == "ok"
    assert got.detail.startswith("No reviews of Pho Corner in the catalog, so no guests' words")
    assert "120 check-ins against your 40: about 3× your traffic" in got.detail, got.detail
    assert "listed as Vietnamese, Soup (you: Chinese, Seafood)" in got.detail
    assert "open 3 days a week (you: 2)" in got.detail

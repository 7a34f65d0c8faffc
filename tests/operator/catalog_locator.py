"""A Locator over a few catalog rows, with the geocoder the app uses and the one store call
locating makes, for tests of what operators type. A place's id is its row's position, from 1."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from kairos.operator.locating import Locator
from kairos.signals.client import SignalClient
from kairos.signals.geocoding.catalog import CatalogGeocoder, PlaceRow
from kairos.signals.geocoding.models import GeocodeQuery, GeocodeResult


class _Place:
    def __init__(self, id: int, name: str, kind: str) -> None:
        self.id, self.name, self.kind = id, name, kind


class _Store:
    """The one store call locating makes: the catalog row of a place found by name."""

    def __init__(
        self,
        rows: Sequence[PlaceRow],
        kinds: Mapping[str, str],
        categories: Mapping[str, list[str]] | None = None,
    ) -> None:
        self.ids = {(r[0], r[3], r[4]): i + 1 for i, r in enumerate(rows)}
        self.kinds = kinds
        self.rows, self.categories = rows, categories or {}

    async def named_categories(self) -> list[tuple[str, float, float, list[str]]]:
        """Each row's categories by its name, for the names without their kind's words."""
        return [(r[0], r[3], r[4], self.categories.get(r[0], [])) for r in self.rows
                if r[3] is not None and r[4] is not None]  # fmt: skip

    async def positions_of_kinds(self, kinds: Collection[str]) -> frozenset[Any]:
        return frozenset(
            (r[0], r[3], r[4]) for r in self.rows
            if r[3] is not None and self.kinds.get(r[0], "restaurant") in kinds
        )  # fmt: skip

    async def place_named_near(self, *, name: str, lat: float, lng: float) -> _Place | None:
        found = self.ids.get((name, lat, lng))
        return _Place(found, name, self.kinds.get(name, "restaurant")) if found else None


class _Signals:
    def __init__(self, geocoder: CatalogGeocoder) -> None:
        self.geocoding: SignalClient[GeocodeQuery, GeocodeResult] = SignalClient(
            geocoder, timeout_seconds=2.0, fresh_seconds=60.0, keep_seconds=60.0
        )

    async def geocode(self, text: str, *, limit: int = 5, refresh: bool = False) -> Any:
        return await self.geocoding.get(GeocodeQuery(text=text, limit=limit), refresh=refresh)


def catalog_locator(
    rows: Sequence[PlaceRow],
    kinds: Mapping[str, str] | None = None,
    categories: Mapping[str, list[str]] | None = None,
) -> Locator:
    """`kinds`: a place's kind by its name (a restaurant unless said); `categories` a place's
    categories by its name (none unless said), read by `Locator.load_names`."""
    store = _Store(rows, kinds or {}, categories)
    return Locator(signals=_Signals(CatalogGeocoder(rows)), store=store)  # type: ignore[arg-type]

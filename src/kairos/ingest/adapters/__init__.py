"""One adapter per real data set; each turns its files into `PlaceRecord`s."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

from kairos.ingest.records import ParsedBatch


class Adapter(Protocol):
    name: str
    description: str

    def count(self, path: Path) -> int:
        """How many places `read` will yield, for the progress bar."""
        ...

    def read(self, path: Path, batch_size: int) -> Iterator[ParsedBatch]: ...


def get_adapter(name: str) -> Adapter:
    from kairos.ingest.adapters.pois import PoisAdapter
    from kairos.ingest.adapters.restaurant_reviews import RestaurantReviewsAdapter
    from kairos.ingest.adapters.yelp_boston import YelpBostonAdapter
    from kairos.ingest.adapters.yelp_metadata import YelpMetadataAdapter

    adapters: dict[str, Adapter] = {
        a.name: a
        for a in (
            RestaurantReviewsAdapter(),
            YelpBostonAdapter(),
            YelpMetadataAdapter(),
            PoisAdapter(),
        )
    }
    if name not in adapters:
        raise KeyError(f"unknown source {name!r}; choose one of: {', '.join(sorted(adapters))}")
    return adapters[name]


ADAPTER_NAMES = ("restaurant_reviews", "yelp", "yelp_metadata", "pois")

"""How a data source is named in a sentence: "Yelp", not `yelp_boston_cambridge` (the shared
restaurant_reviews set files its Austin and Atlanta places under that id too)."""

from __future__ import annotations

from typing import Final

__all__ = ["source_name"]

_EXACT: Final = {
    "yelp_boston_2015": "Yelp (2015)",
    "yelp_boston_2015_tip": "Yelp tips (2015)",
    "google_places": "Google Places",
    "yelp_fusion": "Yelp Fusion",
    "datagovsg_tourism": "data.gov.sg",
}
_PREFIXES: Final = (
    ("yelp_", "Yelp"),
    ("tripadvisor_", "TripAdvisor"),
    ("zomato_", "Zomato"),
    ("google_maps_", "Google Maps"),
    ("osm_", "OpenStreetMap"),
)


def source_name(source: str) -> str:
    """The name a person knows a source by; an unknown id with its underscores as spaces."""
    if source in _EXACT:
        return _EXACT[source]
    for prefix, name in _PREFIXES:
        if source.startswith(prefix):
            return name
    return source.replace("_", " ")

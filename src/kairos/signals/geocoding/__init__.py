"""Geocoding: the catalog's own places and city centres offline, a Nominatim server hosted."""

from kairos.signals.geocoding.models import (
    GeocodeQuery,
    Geocoder,
    GeocodeResult,
    GeoMatch,
    check_location_text,
)

__all__ = ["GeoMatch", "GeocodeQuery", "GeocodeResult", "Geocoder", "check_location_text"]

"""Structured filters → one SQL WHERE clause over `places p`, with every fuzzy value resolved."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from kairos.core.london_areas import district_pattern, districts_of
from kairos.search.catalog import Catalog
from kairos.search.filters import SearchFilters
from kairos.store.places import hard_exclusion_sql

__all__ = ["HAVERSINE_KM", "CompiledFilters", "compile_filters", "hard_exclusion_sql"]

HAVERSINE_KM = (
    "2 * 6371.0088 * asin(sqrt(power(sin(radians(p.lat - :near_lat) / 2), 2)"
    " + cos(radians(:near_lat)) * cos(radians(p.lat))"
    " * power(sin(radians(p.lng - :near_lng) / 2), 2)))"
)


PLACES_PER_KM2 = 100
"""A city centre's density, for the `near` clause's share of `at_most` (a cost estimate only:
1,290 of the full catalog's places lie within 2 km of central Boston, 103 per km²)."""


@dataclass
class CompiledFilters:
    where: str
    params: dict[str, Any]
    resolved: dict[str, list[str]] = field(default_factory=dict)
    selective: bool = False
    at_most: int | None = None
    """The most places the filter can pass by the catalog's counts (cities, areas, categories,
    kinds), None when no such clause bounds it: a cost estimate only, never a filter."""


def compile_filters(filters: SearchFilters, catalog: Catalog) -> CompiledFilters:
    clauses = ["p.is_active"]
    params: dict[str, Any] = {}
    resolved: dict[str, list[str]] = {}
    bounds: list[int] = []
    if filters.price_tiers:
        clauses.append("p.price_tier = ANY(CAST(:price_tiers AS text[]))")
        params["price_tiers"] = list(filters.price_tiers)
    if filters.categories:
        expanded = sorted({c for w in filters.categories for c in catalog.expand_category(w)})
        resolved["categories"] = expanded
        clauses.append("p.categories && CAST(:categories AS text[])")
        params["categories"] = expanded or list(filters.categories)
        bounds.append(sum(catalog.categories.get(c, 0) for c in params["categories"]))
    if filters.exclude_categories:
        excluded = sorted(
            {c for w in filters.exclude_categories for c in catalog.expand_category(w)}
            | set(filters.exclude_categories)
        )
        resolved["exclude_categories"] = excluded
        clauses.append("NOT (p.categories && CAST(:exclude_categories AS text[]))")
        params["exclude_categories"] = excluded
    if filters.city:
        cities = catalog.resolve_city(filters.city)
        resolved["city"] = cities
        clauses.append("lower(p.city) = ANY(CAST(:cities AS text[]))")
        params["cities"] = [*(cities or [filters.city.lower()]), *filters.towns]
        bounds.append(sum(catalog.cities.get(c, 0) for c in params["cities"]))
        if country := catalog.city_country(params["cities"]):
            resolved["city_country"] = [country]
            clauses.append("p.country = :city_country")
            params["city_country"] = country
    if filters.area:
        areas = catalog.resolve_area(filters.area)
        resolved["area"] = areas
        if areas:
            clauses.append("lower(p.area) = ANY(CAST(:areas AS text[]))")
            params["areas"] = areas
            bounds.append(sum(catalog.areas.get(a, 0) for a in areas))
        else:
            # a London neighbourhood: also the places whose address carries one of its
            # postcode districts (the catalogue's London places have no coordinates)
            postcodes = district_pattern(districts_of(filters.area))
            either = " OR p.address ~ :area_postcodes" if postcodes else ""
            clauses.append(f"(p.area ILIKE :area_like OR p.address ILIKE :area_like{either})")
            params["area_like"] = f"%{filters.area}%"
            if postcodes:
                params["area_postcodes"] = postcodes
    if filters.min_rating is not None:
        clauses.append("p.rating >= :min_rating")
        params["min_rating"] = filters.min_rating
    if filters.near is not None:
        radius = filters.radius_km or 2.0
        lat, lng = filters.near.lat, filters.near.lng
        dlat = radius / 111.0
        dlng = radius / max(111.0 * math.cos(math.radians(lat)), 1e-6)
        clauses.append(
            "p.lat BETWEEN :lat_min AND :lat_max AND p.lng BETWEEN :lng_min AND :lng_max"
            f" AND {HAVERSINE_KM} <= :radius_km"
        )
        bounds.append(int(math.pi * radius * radius * PLACES_PER_KM2))
        params.update(
            near_lat=lat, near_lng=lng, radius_km=radius,
            lat_min=lat - dlat, lat_max=lat + dlat, lng_min=lng - dlng, lng_max=lng + dlng,
        )  # fmt: skip
    if filters.exclude_allergens:
        clauses.append(hard_exclusion_sql("exclude_allergens"))
        params["exclude_allergens"] = list(filters.exclude_allergens)
    if filters.kinds:
        clauses.append("p.kind = ANY(CAST(:kinds AS text[]))")
        params["kinds"] = list(filters.kinds)
        bounds.append(sum(catalog.kinds.get(k, 0) for k in filters.kinds))
    if filters.traits:
        clauses.append("p.traits @> CAST(:traits AS text[])")
        params["traits"] = list(filters.traits)
        bounds.append(min(catalog.traits.get(t, 0) for t in filters.traits))
    selective = len(clauses) > 1 + (1 if filters.exclude_allergens else 0)
    at_most = min(bounds) if bounds else None
    return CompiledFilters(" AND ".join(clauses), params, resolved, selective, at_most)

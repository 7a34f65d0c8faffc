"""Place kind at ingestion, from the source's categories (rules in `kairos.core.place_kinds`)."""

from __future__ import annotations

from kairos.core.place_kinds import kind_of


def infer_kind(categories: list[str], name: str = "") -> str:
    """A source with nothing to go on is a food source listing a restaurant."""
    return kind_of(categories, name) or "restaurant"

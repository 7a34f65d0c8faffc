"""What the fit scorer reads about a place: its cuisines, price, and the vibes and diets its
stored traits hold (`core/traits.py`: categories, source attributes, review sentences, aspect
scores — every one with its evidence), so a tag like "Known for being quiet" rests on evidence."""

from __future__ import annotations

from kairos.core.diets import DIETS
from kairos.core.fit_scorer import FitCandidate
from kairos.core.vibes import VIBES
from kairos.store.places import PlaceRecord


def vibe_tags(record: PlaceRecord) -> tuple[str, ...]:
    return tuple(t for t in record.place.traits if t in VIBES)


def dietary_tags(record: PlaceRecord) -> tuple[str, ...]:
    return tuple(t for t in record.place.traits if t in DIETS)


def fit_candidate(record: PlaceRecord) -> FitCandidate:
    return FitCandidate(
        cuisines=tuple(record.place.categories),
        vibe_tags=vibe_tags(record),
        price_tier=record.place.price_tier,
        dietary_tags=dietary_tags(record),
    )

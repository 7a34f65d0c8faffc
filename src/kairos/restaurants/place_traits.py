"""Vibe and dietary tags of a place, derived from its review-based aspect scores and its
categories, so a FitTag like "Known for quiet" always rests on what diners wrote."""

from __future__ import annotations

from kairos.core.diets import DIETS
from kairos.core.fit_scorer import FitCandidate
from kairos.core.vibes import VIBES
from kairos.restaurants.place_data import PlaceRecord
from kairos.text.aspects import AspectScores

# An aspect earns its tag at this score with at least this confidence (0–1).
TAG_SCORE = 6.5
TAG_CONFIDENCE = 0.25
# Inverse vibes (lively = low quietness) earn their tag at or below this score.
INVERSE_TAG_SCORE = 3.5


def _earned(aspects: AspectScores, aspect: str, inverse: bool = False) -> bool:
    score = aspects.get(aspect)
    strong = score.value <= INVERSE_TAG_SCORE if inverse else score.value >= TAG_SCORE
    return strong and score.confidence >= TAG_CONFIDENCE


def vibe_tags(aspects: AspectScores | None) -> tuple[str, ...]:
    """Canonical vibe names (core/vibes) the reviews support."""
    if aspects is None:
        return ()
    return tuple(
        vibe.name
        for vibe in VIBES.values()
        if vibe.aspect is not None and _earned(aspects, vibe.aspect, vibe.inverse)
    )


def dietary_tags(record: PlaceRecord) -> tuple[str, ...]:
    """Canonical diet names (core/diets) the categories or the reviews support."""
    tags: set[str] = set()
    categories = set(record.place.categories)
    for diet in DIETS.values():
        by_reviews = bool(diet.aspect and record.aspects and _earned(record.aspects, diet.aspect))
        if by_reviews or categories & set(diet.categories):
            tags.add(diet.name)
    return tuple(sorted(tags))


def fit_candidate(record: PlaceRecord) -> FitCandidate:
    return FitCandidate(
        cuisines=tuple(record.place.categories),
        vibe_tags=vibe_tags(record.aspects),
        price_tier=record.place.price_tier,
        dietary_tags=dietary_tags(record),
    )

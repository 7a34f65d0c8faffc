"""Vibe and dietary tags of a place, derived from its review-based aspect scores and its
categories, so a FitTag like "Known for quiet" always rests on what diners wrote."""

from __future__ import annotations

from kairos.core.fit_scorer import FitCandidate
from kairos.restaurants.place_data import PlaceRecord
from kairos.text.aspects import AspectScores

# An aspect earns its tag at this score with at least this confidence (0–1).
TAG_SCORE = 6.5
TAG_CONFIDENCE = 0.25
VIBE_TAGS = {
    "romance": ("romantic", "date night", "intimate"),
    "noise_level": ("quiet", "calm"),
    "group_friendly": ("group", "groups", "lively"),
    "kid_friendly": ("family", "kid-friendly", "family-friendly"),
    "classy": ("upscale", "classy", "fine dining"),
    "casual": ("casual", "relaxed"),
    "trendy": ("trendy", "hip"),
    "divey": ("divey", "dive"),
}
DIETARY_FROM_ASPECT = {"vegan_options": ("vegan", "vegetarian", "plant-based")}
DIETARY_CATEGORIES = {
    "vegan": ("vegan", "vegan options"),
    "vegetarian": ("vegetarian", "vegetarian friendly"),
    "halal": ("halal",),
    "kosher": ("kosher",),
    "gluten_free": ("gluten-free", "gluten free options"),
}


def vibe_tags(aspects: AspectScores | None) -> tuple[str, ...]:
    if aspects is None:
        return ()
    tags: list[str] = []
    for aspect, names in VIBE_TAGS.items():
        score = getattr(aspects, aspect)
        if score.value >= TAG_SCORE and score.confidence >= TAG_CONFIDENCE:
            tags.extend(names)
    return tuple(tags)


def dietary_tags(record: PlaceRecord) -> tuple[str, ...]:
    tags: set[str] = set()
    categories = set(record.place.categories)
    for flag, names in DIETARY_CATEGORIES.items():
        if categories & set(names):
            tags.add(flag)
    if record.aspects is not None:
        for aspect, names in DIETARY_FROM_ASPECT.items():
            score = getattr(record.aspects, aspect)
            if score.value >= TAG_SCORE and score.confidence >= TAG_CONFIDENCE:
                tags.update(names)
    return tuple(sorted(tags))


def fit_candidate(record: PlaceRecord) -> FitCandidate:
    return FitCandidate(
        cuisines=tuple(record.place.categories),
        vibe_tags=vibe_tags(record.aspects),
        price_tier=record.place.price_tier,
        dietary_tags=dietary_tags(record),
    )

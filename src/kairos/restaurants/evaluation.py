"""The evaluation step: five radar scores per place from review evidence, and the composite that
orders a chat answer. Offline and deterministic; every axis cites the reviews behind it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kairos.core.diets import DIETS, canonical_diet
from kairos.core.pricing import price_level
from kairos.core.vibes import VIBES, canonical_vibe
from kairos.restaurants.schemas import RadarScores
from kairos.text.aspects import AspectScores, ReviewText, score_aspects
from kairos.text.claims import supporting_review_ids

RADAR_AXES = ("romance", "noise_level", "food_quality", "vegan_options", "value_for_money")
# The seed's composite: the mean of these four (quietness is shown, not averaged in) …
COMPOSITE_AXES = ("romance", "food_quality", "value_for_money", "vegan_options")
# … and an axis the person asked for ("quiet", "romantic", "vegan", "cheap") counts this many
# times more.
REQUESTED_WEIGHT = 3.0
# A requested axis that reviews contradict (quiet asked, diners say loud) costs this much.
CONTRADICTED_BELOW = 4.0
CONTRADICTION_PENALTY = 1.5
# A place no diner reviewed in our data scores neutral on every axis; this keeps it below places
# whose scores rest on evidence.
UNREVIEWED_PENALTY = 1.0
# How much the search order counts against the composite (0–1 each). Every candidate already
# passed the filters and matched the words, so the order among them is mostly the composite's.
RELEVANCE_SHARE = 0.2

# Diets and cost words a radar axis measures; vibes name their own axis in core/vibes.
_OTHER_AXES = {
    **{name: diet.aspect for name, diet in DIETS.items() if diet.aspect in RADAR_AXES},
    "cheap": "value_for_money",
}


def aspects_for(
    reviews: Sequence[ReviewText], stored: AspectScores | None, tier: str | None
) -> AspectScores:
    """Stored at ingestion when possible; computed from the reviews otherwise."""
    if stored is not None:
        return stored
    return score_aspects(reviews, price_level=price_level(tier))


def radar(aspects: AspectScores) -> RadarScores:
    """Each axis from what reviews say of it, with the reviews whose words back its score
    (above the middle: praise; below: complaints; `text/claims`): a review that concedes or
    rations the aspect ("while there are some vegan options, most of the food is …"), or names
    something else (gluten-free entrees for vegan options), is never listed. An axis no review
    backs is null ("not enough reviews"), never a number with nothing behind it."""
    backed = {axis: supporting_review_ids(axis, getattr(aspects, axis)) for axis in RADAR_AXES}
    return RadarScores(
        **{
            axis: round(getattr(aspects, axis).value, 1) if backed[axis] else None
            for axis in RADAR_AXES
        },
        evidence=backed,
    )


def requested_axes(words: Iterable[str]) -> set[str]:
    """Radar axes a request weighs more: the axes of its vibes, diets and cost words."""
    axes: set[str] = set()
    for word in words:
        vibe = VIBES.get(canonical_vibe(word) or "")
        axis = vibe.axis if vibe else _OTHER_AXES.get(canonical_diet(word) or word.lower())
        if axis is not None:
            axes.add(axis)
    return axes


def composite(scores: RadarScores, requested: set[str], *, reviewed: bool = True) -> float:
    axes = list(COMPOSITE_AXES) + [a for a in requested if a not in COMPOSITE_AXES]
    weights = {a: REQUESTED_WEIGHT if a in requested else 1.0 for a in axes}
    total = sum(weights.values())
    weighted = sum(scores.value(a) * w for a, w in weights.items()) / total
    contradicted = sum(1 for a in requested if scores.value(a) < CONTRADICTED_BELOW)
    penalty = CONTRADICTION_PENALTY * contradicted + (0.0 if reviewed else UNREVIEWED_PENALTY)
    return round(max(0.0, weighted - penalty), 2)


def blended_order(composites: Sequence[float]) -> list[int]:
    """Indices of candidates (given in search order) by composite blended with search rank."""
    n = len(composites)

    def key(i: int) -> tuple[float, int]:
        relevance = 1.0 - i / max(n, 1)
        score = (1 - RELEVANCE_SHARE) * composites[i] / 10.0 + RELEVANCE_SHARE * relevance
        return (-round(score, 9), i)

    return sorted(range(n), key=key)

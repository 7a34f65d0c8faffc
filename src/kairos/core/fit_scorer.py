"""FitScorer: how well a place fits a user's tastes, 0-100, from rules only (seed 000 §11).

| dimension | max | rule |
| --- | --- | --- |
| cuisine | 30 | +30 full overlap, +15 partial, -10 aversion (a place can lose points here) |
| vibe | 25 | +5 per matching vibe tag, capped |
| price | 20 | +20 tier in the comfort tiers, +10 one tier away |
| dietary | 15 | +5 per dietary flag of the user the place supports, capped |
| allergy | 10 | +10 no known conflict, +5 intolerance-only conflicts, 0 otherwise |

Cuisine overlap: *full* when one of the place's cuisines is exactly a cuisine the user likes;
*partial* when they only share a distinctive whole word ("south indian" for a user who likes
"indian", "asian fusion" for "asian"); generic words ("food", "bar", "modern") never count.
The allergy points come from the guard's assessment, so they reflect the user's real risk.

Tags (at most 4): one per dimension that earned points, highest points first, ties in the
table's order. The "Safe for your allergy profile" tag is given only when the guard found no
conflict *and* the place's allergen knowledge rests on its own menu, dishes or reviews: a place
known only by its cuisine earns the allergy points but is never called safe.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal

from pydantic import BaseModel, Field

from kairos.core.allergy_guard import AllergyAssessment
from kairos.core.diets import canonical_diet, diet_label
from kairos.core.pricing import ComfortTier, price_level
from kairos.core.stored_text import StoredText
from kairos.core.vibes import VIBES, canonical_vibe

__all__ = [
    "FitCandidate",
    "FitScore",
    "FitScorer",
    "FitTag",
    "TastePreferences",
    "score_fit",
    "scorer_for",
]

FitTagType = Literal["cuisine", "vibe", "price", "dietary", "allergy_safe"]

CUISINE_FULL: Final = 30
CUISINE_PARTIAL: Final = 15
CUISINE_AVERSION: Final = -10
VIBE_EACH: Final = 5
VIBE_CAP: Final = 25
PRICE_EXACT: Final = 20
PRICE_ADJACENT: Final = 10
DIETARY_EACH: Final = 5
DIETARY_CAP: Final = 15
ALLERGY_SAFE: Final = 10
ALLERGY_INTOLERANCE_ONLY: Final = 5
MAX_TAGS: Final = 4
DIMENSIONS: Final = ("cuisine", "vibe", "price", "dietary", "allergy")

_GENERIC_WORDS: Final = frozenset(
    {"food", "foods", "cuisine", "restaurant", "bar", "bars", "style", "modern", "new",
     "traditional", "fusion", "contemporary", "house", "kitchen", "and", "&", "the", "grill"}
)  # fmt: skip
_WORD = re.compile(r"[^\W_]+")


# Caches are applied by assignment (`f = lru_cache(...)(f_uncached)`), not as decorators: mutmut
# does not mutate decorated functions, and these are part of what `make mutation` checks.
def _norm_uncached(value: str) -> str:
    return " ".join(value.lower().split())


_norm = lru_cache(maxsize=4096)(_norm_uncached)


class TastePreferences(BaseModel):
    """The parts of a user's preferences the scorer reads."""

    cuisine_affinity: list[StoredText] = Field(default_factory=list)
    cuisine_aversion: list[StoredText] = Field(default_factory=list)
    vibes: list[StoredText] = Field(default_factory=list, description="Most important first.")
    price_comfort: list[ComfortTier] = Field(default_factory=list)
    dietary: list[StoredText] = Field(default_factory=list)
    home_city: StoredText | None = Field(
        default=None, max_length=80, description="where the feed looks first, e.g. Boston"
    )


@dataclass(slots=True)
class FitCandidate:
    """What the scorer reads about a place. Sequences are stored as tuples (hashable)."""

    cuisines: tuple[str, ...] = ()
    vibe_tags: tuple[str, ...] = ()
    price_tier: str | int | None = None
    dietary_tags: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        self.cuisines = tuple(self.cuisines)
        self.vibe_tags = tuple(self.vibe_tags)
        self.dietary_tags = tuple(self.dietary_tags)


@dataclass(slots=True)
class FitTag:
    """One reason a place fits, as a template label. Shared between results: read-only."""

    label: str
    type: FitTagType


def _tag_uncached(label: str, kind: FitTagType) -> FitTag:
    return FitTag(label, kind)


_tag = lru_cache(maxsize=4096)(_tag_uncached)


@dataclass(slots=True)
class FitScore:
    score: int
    points: dict[str, int]
    tags: tuple[FitTag, ...]


_Part = tuple[int, FitTag | None]


def _distinctive_words_uncached(name: str) -> frozenset[str]:
    return frozenset(_WORD.findall(name)) - _GENERIC_WORDS


_distinctive_words = lru_cache(maxsize=4096)(_distinctive_words_uncached)


class FitScorer:
    """Scores many candidates for one user.

    Preferences are normalised once, here, and each dimension's result is memoised per distinct
    candidate value (cuisine list, vibe tags, tier, dietary tags): a feed's 50 candidates share
    most of these, so scoring is a handful of dictionary lookups per candidate.
    """

    def __init__(self, preferences: TastePreferences) -> None:
        self.affinity = {_norm(c): c for c in preferences.cuisine_affinity if c.strip()}
        self.affinity_words = [(_distinctive_words(key), key) for key in self.affinity]
        self.aversion = {_norm(c) for c in preferences.cuisine_aversion if c.strip()}
        self.aversion_words = [_distinctive_words(key) for key in self.aversion]
        self.vibes = [canonical_vibe(v) or _norm(v) for v in preferences.vibes if v.strip()]
        levels = (price_level(tier) for tier in preferences.price_comfort)
        self.price_levels = frozenset(level for level in levels if level is not None)
        self.dietary = [canonical_diet(d) or _norm(d) for d in preferences.dietary if d.strip()]
        self._cuisine_memo: dict[tuple[str, ...], _Part] = {}
        self._vibe_memo: dict[tuple[str, ...], _Part] = {}
        self._price_memo: dict[str | int | None, _Part] = {}
        self._diet_memo: dict[tuple[str, ...], _Part] = {}
        self._safe_tag = _tag("Safe for your allergy profile", "allergy_safe")

    def _cuisine(self, cuisines: tuple[str, ...]) -> _Part:
        names = [_norm(c) for c in cuisines]
        if not names:
            return 0, None
        label = next((self.affinity[n] for n in names if n in self.affinity), None)
        points = CUISINE_FULL if label else 0
        if label is None:
            for name in names:
                words = _distinctive_words(name)
                label = next(
                    (self.affinity[k] for ws, k in self.affinity_words if ws & words), None
                )
                if label is not None:
                    points = CUISINE_PARTIAL
                    break
        if any(
            n in self.aversion or any(ws & _distinctive_words(n) for ws in self.aversion_words)
            for n in names
        ):
            points += CUISINE_AVERSION
        if points > 0 and label:
            return points, _tag(f"Matches your {label.title()} preference", "cuisine")
        return points, None

    def _vibe(self, vibe_tags: tuple[str, ...]) -> _Part:
        place = {canonical_vibe(v) or _norm(v) for v in vibe_tags}
        matched = [v for v in self.vibes if v in place]
        if not matched:
            return 0, None
        points = min(VIBE_CAP, VIBE_EACH * len(matched))
        known = VIBES[matched[0]].known_for if matched[0] in VIBES else matched[0]
        return points, _tag(f"Known for {known} — your top vibe tag", "vibe")

    def _price(self, tier: str | int | None) -> _Part:
        level = price_level(tier)
        if level is None:
            return 0, None
        if level in self.price_levels:
            return PRICE_EXACT, _tag(f"Within your {'$' * level} comfort zone", "price")
        if level - 1 in self.price_levels or level + 1 in self.price_levels:
            return PRICE_ADJACENT, None
        return 0, None

    def _dietary(self, dietary_tags: tuple[str, ...]) -> _Part:
        place = {canonical_diet(d) or _norm(d) for d in dietary_tags}
        matched = [d for d in self.dietary if d in place]
        if not matched:
            return 0, None
        points = min(DIETARY_CAP, DIETARY_EACH * len(matched))
        label = diet_label(matched[0])
        text = f"{label.capitalize()} options" if label.endswith("-free") else f"{label}-friendly"
        return points, _tag(text[0].upper() + text[1:], "dietary")

    def score(self, candidate: FitCandidate, assessment: AllergyAssessment) -> FitScore:
        """Score one candidate, given the guard's assessment of it for this user."""
        cuisine = self._cuisine_memo.get(candidate.cuisines)
        if cuisine is None:
            cuisine = self._cuisine_memo[candidate.cuisines] = self._cuisine(candidate.cuisines)
        vibe = self._vibe_memo.get(candidate.vibe_tags)
        if vibe is None:
            vibe = self._vibe_memo[candidate.vibe_tags] = self._vibe(candidate.vibe_tags)
        price = self._price_memo.get(candidate.price_tier)
        if price is None:
            price = self._price_memo[candidate.price_tier] = self._price(candidate.price_tier)
        diet = self._diet_memo.get(candidate.dietary_tags)
        if diet is None:
            diet = self._diet_memo[candidate.dietary_tags] = self._dietary(candidate.dietary_tags)
        worst = assessment.worst_severity
        if worst is None:
            allergy = ALLERGY_SAFE
            safe_tag = assessment.basis == "evidence" and bool(assessment.statuses)
        else:
            allergy = ALLERGY_INTOLERANCE_ONLY if worst == "intolerance" else 0
            safe_tag = False
        total = cuisine[0] + vibe[0] + price[0] + diet[0] + allergy
        earned = []
        if cuisine[1] is not None:
            earned.append((-cuisine[0], 0, cuisine[1]))
        if vibe[1] is not None:
            earned.append((-vibe[0], 1, vibe[1]))
        if price[1] is not None:
            earned.append((-price[0], 2, price[1]))
        if diet[1] is not None:
            earned.append((-diet[0], 3, diet[1]))
        if safe_tag:
            earned.append((-allergy, 4, self._safe_tag))
        if len(earned) > 1:
            earned.sort()
        return FitScore(
            max(0, min(100, total)),
            {
                "cuisine": cuisine[0],
                "vibe": vibe[0],
                "price": price[0],
                "dietary": diet[0],
                "allergy": allergy,
            },
            tuple(entry[2] for entry in earned[:MAX_TAGS]),
        )


def _new_scorer(key: str) -> FitScorer:
    return FitScorer(TastePreferences.model_validate_json(key))


_cached_scorer = lru_cache(maxsize=256)(_new_scorer)


def scorer_for(preferences: TastePreferences) -> FitScorer:
    """A `FitScorer` shared by every request with the same preferences, memos included."""
    return _cached_scorer(preferences.model_dump_json())


def score_fit(
    candidate: FitCandidate, preferences: TastePreferences, assessment: AllergyAssessment
) -> FitScore:
    """One-off scoring; use `scorer_for` when scoring many candidates."""
    return scorer_for(preferences).score(candidate, assessment)

"""A venue whose own name or reviews show the food asked is a venue of that food (issue 38).

The scout finds the food or cuisine asked ("biryani", "tapas", "bbq") by the catalogue's
categories, and a source files many kitchens under broader ones. When the venues listed with
the food leave the group fewer than three it can use, the nearest venues of other kinds fill
the plan, each labelled "an alternative, not tapas" (`alternatives.py`): Barcelona's "Güell
Tapas Restaurant" (named for it, 64 of 150 reviews name tapas) and "Luzia" (listed
Mediterranean, 22 of 150) were so labelled (plans panel p39). Hyderabad's kitchens listed
"North Indian" whose reviews name biryani dozens of times (p37) are all known or likely to
hold tree nuts, and stay out for an anaphylactic member: nothing endangering a member is
added. A venue named for the food, or `MIN_REVIEWS` (and `MIN_SHARE`) of whose own reviews
name it, found by the same search, allergy filter and safety step, stands as a venue of the
food asked, before any alternative; one shown by its reviews only says so ("Not listed as
tapas: 22 of its reviews name it.") and quotes a review's sentence naming it as its why.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from kairos.store.database import Database
from kairos.store.places import PlaceSummary
from kairos.text.quoting import sentence_naming
from kairos.venues.alternative_fit import dearest, shown_count, suits
from kairos.venues.category_words import category_spellings
from kairos.venues.verdict import TOP

if TYPE_CHECKING:
    from kairos.venues.commander import Intent
    from kairos.venues.scouted import ScoutResult

__all__ = [
    "CAP",
    "MIN_REVIEWS",
    "FoodInReviews",
    "ReviewLookup",
    "food_in_reviews",
    "food_words",
    "in_reviews_note",
    "listed_with_food",
    "with_food_in_reviews",
]

MIN_REVIEWS: Final = 3
MIN_SHARE: Final = 0.05
"""Reviews naming the food for a venue to stand as one of it, at least `MIN_REVIEWS` and this
share of those stored: a place whose menu carries the food is named for it again and again
(Hyderabad's biryani kitchens: 12 to 54 of 100 reviews; Barcelona's Luzia, listed
Mediterranean, 22 of 150 for tapas); a few mentions are a side dish or a comparison ("better
than the biryani next door"; an Italian place's 5 of 150 for tapas)."""
QUOTE_CHARS: Final = 120
CAP: Final = 10

_SQL: Final = (
    "SELECT place_id, id, text, count(*) OVER (PARTITION BY place_id) AS naming, "
    "(SELECT count(*) FROM reviews a WHERE a.place_id = r.place_id) AS stored "
    "FROM reviews r WHERE place_id = ANY(CAST(:ids AS bigint[])) AND text ~* :pattern "
    "ORDER BY place_id, id"
)


@dataclass(frozen=True)
class FoodInReviews:
    """How many of a venue's reviews name the food asked, and one sentence naming it."""

    reviews: int
    review_id: int | None
    quote: str | None


ReviewLookup = Callable[[Sequence[int], Sequence[str]], Awaitable[Mapping[int, FoodInReviews]]]
"""`food_in_reviews` bound to the catalogue's database."""


def food_words(asked: Sequence[str]) -> tuple[str, ...]:
    """The words a review names the food `asked` by: each category asked and, for a food
    `venues/data/category_words.toml` lists, every phrase people say for it and every
    catalogue spelling ("bbq" → barbecue, barbeque, smokehouse…); "cajun/creole" as each."""
    wanted = {a.lower().replace("_", " ").strip() for a in asked}
    words = set(wanted)
    for phrase, categories in category_spellings().items():
        spelled = {c.lower() for c in categories}
        if phrase in wanted or wanted & spelled:
            words |= {phrase, *spelled}
    parts = {p.strip() for w in words for p in re.split(r"[/&]", w)}
    return tuple(sorted(p for p in parts if len(p) >= 3 and re.fullmatch(r"[a-z0-9 ]+", p)))


def _alternation(words: Sequence[str]) -> str:
    return "|".join(w.replace(" ", r"\s+") for w in sorted(words, key=len, reverse=True))


def listed_with_food(place: PlaceSummary, words: Sequence[str]) -> bool:
    """The venue's own name or categories name the food (a "Biryani House", "Bbq")."""
    if not words:
        return False
    pattern = re.compile(rf"\b(?:{_alternation(words)})(?:e?s)?\b", re.IGNORECASE)
    return any(pattern.search(t) for t in (place.name, *place.categories))


def _quote_tokens(words: Sequence[str]) -> list[str]:
    """The tokens a quoted sentence must hold: each phrase's longer words ("fish and chips":
    fish, chips), a phrase of short words whole ("dim sum"), each with its plural."""
    held: set[str] = set()
    for w in words:
        parts = w.split()
        held |= {p for p in parts if len(p) >= 4} or set(parts)
    return sorted(held | {f"{t}s" for t in held})


async def food_in_reviews(
    db: Database, ids: Sequence[int], words: Sequence[str]
) -> Mapping[int, FoodInReviews]:
    """Place id → its reviews naming one of `words`, for the places `MIN_REVIEWS` or more of
    whose reviews do, and `MIN_SHARE` of those stored (whole words, a plural allowed)."""
    if not ids or not words:
        return {}
    pattern = rf"\m(?:{_alternation(words)})(?:e?s)?\M"
    rows = await db.fetch(_SQL, {"ids": list(ids), "pattern": pattern})
    texts: dict[int, list[tuple[int, str]]] = {}
    for r in rows:
        if int(r["naming"]) >= max(MIN_REVIEWS, MIN_SHARE * int(r["stored"])):
            texts.setdefault(int(r["place_id"]), []).append((int(r["id"]), str(r["text"])))
    tokens = _quote_tokens(words)
    found: dict[int, FoodInReviews] = {}
    for place_id, reviews in texts.items():
        quotes = ((rid, sentence_naming(text, tokens, QUOTE_CHARS)) for rid, text in reviews)
        quoted = next(((rid, q) for rid, q in quotes if q), None)
        found[place_id] = FoodInReviews(
            reviews=len(reviews),
            review_id=quoted[0] if quoted else None,
            quote=quoted[1] if quoted else None,
        )
    return found


def in_reviews_note(asked: Sequence[str], shown: FoodInReviews) -> str:
    """What a venue standing as one of the food asked by its reviews says under watch out."""
    food = " or ".join(a.replace("_", " ") for a in asked)
    return f"Not listed as {food}: {shown.reviews} of its reviews name it."


async def with_food_in_reviews(
    found: ScoutResult, other: ScoutResult, intent: Intent, lookup: ReviewLookup
) -> ScoutResult:
    """`found` with the venues of `other` (the same search without the categories asked)
    whose name or categories, or `MIN_REVIEWS` of whose own reviews, name the food asked,
    after its own (to `CAP`, and never fewer than the usable ones missing from three), most
    reviews naming it first: each suits the outing as a venue of the kind asked would
    (`suits`, without a word on groups) and endangers no member. Each is a venue of the kind
    asked, not an alternative; those named by reviews only say so (`food_in_reviews` map)."""
    asked = intent.reading.categories
    words = food_words(asked)
    have = {c.place_id for c in found.candidates}
    priced_as = dearest(found.candidates)
    fresh = [
        c
        for c in other.candidates
        if c.place_id not in have
        and not c.endangers
        and suits(c, intent, priced_as, groups_said=False)
    ]
    if not fresh or not words:
        return found
    listed = [c for c in fresh if listed_with_food(c.record.place, words)]
    named = await lookup([c.place_id for c in fresh if c not in listed], words)
    by_reviews = sorted(
        (c for c in fresh if c.place_id in named), key=lambda c: -named[c.place_id].reviews
    )
    room = max(CAP - len(found.candidates), TOP - shown_count(found.candidates))
    added = [*listed, *by_reviews][:room]
    if not added:
        return found
    ids = {c.place_id for c in added}
    return dataclasses.replace(
        found,
        candidates=[*found.candidates, *added],
        food_in_reviews=found.food_in_reviews
        | {i: shown for i, shown in named.items() if i in ids},
        chains=found.chains | other.chains,
    )

"""The trivial baseline the chat suite measures Kairos against: a plain filter and a sort.

It reads the same scratch database as Kairos (the `places` table, nothing derived by Kairos'
search or chat code) and, for a conversation:

1. takes the first city of the catalogue named in it (whole words, longest name first);
2. takes its category words: words of the message that are words of the catalogue's category
   labels (plurals folded), leaving out `STOP_WORDS`, words too generic to name a kind of food,
   and the city's own words; for a follow-up, the first turn's words plus any of the second's;
3. keeps the active places in that city having a label with any of those words (every place of
   the city when none was named), sorts them by rating, then votes, then id, and shows 5.

No price, diet, occasion or allergy handling beyond what a category word happens to catch
("vegan" is a Yelp category, "cheap" is not). That is the point: it is what a person gets from
a directory's filter, and Kairos has to do better.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlalchemy import text

from kairos.evals.chat_truth import Words, fold, label_words, normalise_city
from kairos.runtime import Runtime

STOP_WORDS = frozenset({
    "food", "bar", "free", "new", "traditional", "style", "option", "friendly", "shop", "place",
    "service", "dinner", "local", "flavor", "specialty", "ethnic", "event", "planning", "the",
    "in", "of", "modern", "market", "store", "house", "good", "best", "spot",
})  # fmt: skip
"""Label words that do not name a kind of place on their own ("free" is in "gluten-free" and in
"free wifi"; "dinner" is in "dinner theater")."""
TOP = 5


@dataclass(frozen=True)
class BaselinePlace:
    id: int
    name: str
    city: str
    labels: tuple[Words, ...]
    rating: float | None
    votes: int


def _words(message: str) -> list[str]:
    return [fold(w) for w in re.findall(r"[a-z0-9]+", message.lower())]


class TrivialBaseline:
    def __init__(self, places: list[BaselinePlace]) -> None:
        self.places = places
        self.cities = sorted({p.city for p in places if p.city}, key=lambda c: (-len(c), c))
        self.vocabulary = {w for p in places for label in p.labels for w in label} - STOP_WORDS

    def city_named(self, message: str) -> str | None:
        lowered = " ".join(re.findall(r"[a-z0-9]+", message.lower()))
        for city in self.cities:
            if re.search(rf"\b{re.escape(city)}\b", lowered):
                return city
        return None

    def category_words(self, message: str, city: str | None) -> set[str]:
        city_words = set(_words(city or ""))
        return {w for w in _words(message) if w in self.vocabulary and w not in city_words}

    def answer(self, turns: tuple[str, ...]) -> list[BaselinePlace]:
        city = next((c for c in map(self.city_named, turns) if c is not None), None)
        words = set().union(*(self.category_words(t, city) for t in turns))
        kept = [
            p for p in self.places
            if (city is None or p.city == city)
            and (not words or any(w in label for label in p.labels for w in words))
        ]  # fmt: skip
        kept.sort(key=lambda p: (-(p.rating if p.rating is not None else -1.0), -p.votes, p.id))
        return kept[:TOP]


async def load_baseline(runtime: Runtime) -> TrivialBaseline:
    async with runtime.db.session() as session:
        rows = await session.execute(
            text("SELECT id, name, city, categories, rating, votes FROM places WHERE is_active")
        )
        places = [
            BaselinePlace(
                id=int(r.id),
                name=str(r.name),
                city=normalise_city(r.city or ""),
                labels=tuple(label_words(c) for c in r.categories or []),
                rating=float(r.rating) if r.rating is not None else None,
                votes=int(r.votes or 0),
            )
            for r in rows
        ]
    return TrivialBaseline(places)

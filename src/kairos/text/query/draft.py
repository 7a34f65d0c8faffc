"""The request being assembled while a message is read, before it becomes a
`QueryUnderstanding`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from kairos.core.pricing import PriceTier

QueryIntent = Literal["search", "compare", "locate"]


def add(target: dict[str, None], *values: str) -> None:
    """Ordered sets as dicts: first mention first, no duplicates."""
    for value in values:
        target.setdefault(value, None)


@dataclass
class Draft:
    intent: QueryIntent = "search"
    categories: dict[str, None] = field(default_factory=dict)
    secondary_categories: dict[str, None] = field(default_factory=dict)
    secondary_phrases: list[str] = field(default_factory=list)
    exclude_categories: dict[str, None] = field(default_factory=dict)
    cities: dict[str, None] = field(default_factory=dict)
    area: str | None = None
    area_city: str | None = None
    tiers: tuple[PriceTier, ...] = ()
    min_rating: float | None = None
    radius_km: float | None = None
    party_size: int | None = None
    allergens: dict[str, None] = field(default_factory=dict)
    dietary: dict[str, None] = field(default_factory=dict)
    vibes: dict[str, None] = field(default_factory=dict)
    avoid: dict[str, None] = field(default_factory=dict)
    dishes: dict[str, None] = field(default_factory=dict)
    near_user: bool = False
    unknown_place: str | None = None
    map_asked: bool = False
    matched: dict[str, str] = field(default_factory=dict)
    assumptions: list[str] = field(default_factory=list)

    def note(self, phrase: str, result: str) -> None:
        previous = self.matched.get(phrase)
        self.matched[phrase] = f"{previous}; {result}" if previous else result

    def set_tiers(self, tiers: tuple[PriceTier, ...], phrase: str) -> None:
        """The first price statement wins; later ones only narrow a cheap/splurge word."""
        if not self.tiers:
            self.tiers = tiers
        else:
            narrowed = tuple(t for t in self.tiers if t in tiers)
            self.tiers = narrowed or self.tiers
        self.note(phrase, "price_tiers=" + ",".join(tiers))

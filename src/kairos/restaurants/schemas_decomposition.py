"""The structured request a chat message turns into (seed 000 §5, Step 2).

One shape for every decomposer (the offline parser here, a model provider later), so the
orchestrator never has to know which one answered.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from kairos.core.pricing import PriceTier
from kairos.search.filters import SearchFilters

Intent = Literal["find_restaurant", "compare", "locate", "greeting", "other"]
UiPreference = Literal["restaurant_list", "radar_comparison", "map_view", "text"]
SEARCH_INTENTS: frozenset[Intent] = frozenset({"find_restaurant", "compare", "locate"})
"""Intents answered with places: a follow-up builds on the last of them."""


class Decomposition(BaseModel):
    """What the user asked for this turn, split into hard filters and a semantic query."""

    intent: Intent = "find_restaurant"
    filters: SearchFilters = Field(default_factory=SearchFilters)
    vector_query: str = Field(
        default="", description="the semantic part: vibe, occasion and dish words"
    )
    ui_preference: UiPreference = "restaurant_list"
    vibes: list[str] = Field(default_factory=list, description="romantic, quiet, group, …")
    dietary: list[str] = Field(
        default_factory=list, description="vegan, vegetarian, halal, kosher, gluten_free, …"
    )
    avoid: list[str] = Field(
        default_factory=list, description="negated wishes: 'not too loud' → 'loud'"
    )
    turn_allergens: list[str] = Field(
        default_factory=list,
        description="canonical allergens named in this message; this turn only, never saved",
    )
    party_size: int | None = Field(default=None, ge=1, le=500, description="people to seat")
    near_user: bool = Field(
        default=False, description="'near me', 'around here': search around the user's location"
    )
    unknown_place: str | None = Field(
        default=None, description="a place named that the catalogue does not hold ('nashville')"
    )
    needs_clarification: bool = False
    clarification_question: str | None = None
    reply: str | None = Field(
        default=None, description="a direct answer when the turn needs no search ('thanks!')"
    )
    assumptions: list[str] = Field(
        default_factory=list, description="what was assumed instead of asking"
    )
    matched: dict[str, str] = Field(
        default_factory=dict, description="message phrase → the field value it produced"
    )
    price_comparison: Literal["cheaper", "pricier"] | None = Field(
        default=None,
        description="a follow-up asked for cheaper or pricier places than the last answer's",
    )
    shown_place_ids: list[int] = Field(
        default_factory=list,
        description="every place the answers to this request showed, these and earlier 'show me "
        "more' pages: what the next 'show me more' leaves out",
    )
    skip_place_ids: list[int] = Field(
        default_factory=list,
        description="places an earlier answer to the same request showed ('show me more')",
    )
    shown_price_tiers: list[PriceTier] = Field(
        default_factory=list,
        description="the price tiers of the places the answer showed: what 'anything cheaper?' "
        "and 'something fancier' compare with",
    )

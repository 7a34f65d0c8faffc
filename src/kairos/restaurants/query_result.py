"""From a finished draft to the `Decomposition`: price resolution, UI, vector query, and the
decision to ask a question."""

from __future__ import annotations

from kairos.restaurants.query_conversation import CLARIFYING_QUESTION
from kairos.restaurants.query_draft import Draft, add
from kairos.restaurants.query_index import QueryIndex
from kairos.restaurants.query_numbers import NumberFacts, guess_currency, tiers_for
from kairos.restaurants.query_text import Words
from kairos.restaurants.query_vocabulary import CITY_CURRENCY, GENERIC_WORDS, STOPWORDS
from kairos.restaurants.schemas_decomposition import Decomposition, UiPreference
from kairos.search.filters import MAX_RADIUS_KM, PriceTier, SearchFilters

GROUP_SIZE = 6  # parties this large want a place that takes groups
MAX_VECTOR_WORDS = 12
MIN_RADIUS_KM = 0.1  # "within 0 km" still means "as close as it gets"


def _radius(draft: Draft, facts: NumberFacts) -> float | None:
    """The radius asked for, brought inside what the search takes, saying so when it was."""
    radius = facts.radius_km
    if radius is None:
        return None
    if radius > MAX_RADIUS_KM:
        draft.assumptions.append(
            f"{facts.radius_text!r} is wider than the search goes; searching within "
            f"{MAX_RADIUS_KM:g} km."
        )
        return MAX_RADIUS_KM
    if radius < MIN_RADIUS_KM:
        draft.assumptions.append(
            f"{facts.radius_text!r} is closer than the search goes; searching within "
            f"{MIN_RADIUS_KM * 1000:g} m."
        )
        return MIN_RADIUS_KM
    return radius


def _price_tiers(draft: Draft, facts: NumberFacts, place: str | None) -> tuple[PriceTier, ...]:
    """Numbers beat words; a word can narrow a number ("cheap, under 1500 for two")."""
    numeric = facts.tiers
    if facts.tiers:
        draft.note(facts.tier_text, "price_tiers=" + ",".join(facts.tiers))
    elif facts.price is not None:
        currency = guess_currency(facts.price, CITY_CURRENCY.get(place or ""))
        numeric = tiers_for(facts.price, currency)
        draft.note(facts.price.text, "price_tiers=" + ",".join(numeric))
        if facts.price.currency is None:
            unit = "" if facts.price.unit else " for two" if currency == "INR" else " a head"
            draft.assumptions.append(f"Read '{facts.price.text}' as {currency}{unit}.")
    if numeric and draft.tiers:
        return tuple(t for t in numeric if t in draft.tiers) or numeric
    return numeric or draft.tiers


def _vector_query(words: Words, draft: Draft) -> tuple[str, list[str]]:
    """Vibes said positively ("not too loud" searches for "quiet"), dishes, and every word
    no step claimed, stop words removed."""
    leftover = [w for w in words.leftover() if w not in STOPWORDS and w.isalnum()]
    if draft.categories:
        # "south indian breakfast": the meal word searches semantically instead
        leftover += draft.secondary_phrases
    parts = [v.replace("_", " ") for v in draft.vibes] + list(draft.dishes) + leftover
    unique = list(dict.fromkeys(" ".join(parts).split()))
    return " ".join(unique[:MAX_VECTOR_WORDS]), leftover


def build_decomposition(
    words: Words, draft: Draft, facts: NumberFacts, index: QueryIndex
) -> Decomposition:
    city = next(iter(draft.cities), None)
    if len(draft.cities) > 1:
        draft.assumptions.append(f"You named several cities; searching {city} first.")
    if city is None and draft.area_city and draft.area_city in index.vocabulary.cities:
        city = draft.area_city
        draft.note(draft.area or "", f"city={city}")
    tiers = _price_tiers(draft, facts, city or draft.area_city)
    if facts.min_rating is not None:
        draft.min_rating = facts.min_rating
        draft.note(facts.rating_text, f"min_rating={facts.min_rating}")
    radius = _radius(draft, facts)
    if radius is not None:
        draft.map_asked = True
        draft.note(facts.radius_text, f"radius_km={radius}")
        draft.near_user = draft.near_user or (draft.area is None and city is None)
    if facts.party_size and facts.party_size >= GROUP_SIZE:
        add(draft.vibes, "group")
        draft.note(f"party of {facts.party_size}", "vibes=group")
    vector_query, leftover = _vector_query(words, draft)
    filters = SearchFilters(
        price_tiers=list(tiers),
        categories=list(draft.categories or draft.secondary_categories),
        exclude_categories=list(draft.exclude_categories),
        city=city,
        area=draft.area,
        min_rating=draft.min_rating,
        radius_km=radius,
        exclude_allergens=list(draft.allergens),
    )
    structured = filters.model_dump(exclude_defaults=True)
    searchable = bool(
        structured
        or draft.vibes
        or draft.dietary
        or draft.avoid
        or draft.map_asked
        or draft.dishes
        or draft.intent != "find_restaurant"
        or any(w not in GENERIC_WORDS for w in leftover)
    )
    ui: UiPreference = "restaurant_list"
    if draft.intent == "compare":
        ui = "radar_comparison"
    elif draft.intent == "locate" or draft.map_asked or draft.near_user:
        ui = "map_view"
    return Decomposition(
        intent=draft.intent,
        filters=filters,
        vector_query=vector_query,
        ui_preference=ui if searchable else "text",
        vibes=list(draft.vibes),
        dietary=list(draft.dietary),
        avoid=list(draft.avoid),
        turn_allergens=list(draft.allergens),
        near_user=draft.near_user,
        needs_clarification=not searchable,
        clarification_question=None if searchable else CLARIFYING_QUESTION,
        assumptions=draft.assumptions,
        matched=draft.matched,
    )

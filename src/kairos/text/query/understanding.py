"""One reading of a message that every product starts from: `QueryUnderstanding`.

`QueryReader.read` goes through the message in a fixed order, each step claiming the words it
used (see `words.Words`): times and dates, numbers, a place to locate, a comparison, negated
idioms, allergy language, negations, places, vibe / diet / price words, the product's
categories, and last, typo-tolerant matching of what is left. What nobody claimed is kept as
`leftover` (a product's semantic query). Deterministic: the same message, vocabulary and
reference day give the same reading.

Allergens are recognised only through core's lexicon, and a food that merely contains one
("pizza") is a food, not an allergen the person named. The reader does not decide what a
product does with any of it; a product's `understanding.py` turns this into its own request.
"""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, Field

from kairos.core.geo import MAX_RADIUS_KM, MIN_RADIUS_KM
from kairos.core.pricing import PriceTier
from kairos.text.query.catalog_words import CatalogVocabulary
from kairos.text.query.constraints import extract_allergies, extract_negations
from kairos.text.query.context import context_spans
from kairos.text.query.conversation import SmallTalk, is_follow_up, replaces_earlier, small_talk
from kairos.text.query.draft import Draft, QueryIntent
from kairos.text.query.index import ProductWords, QueryIndex
from kairos.text.query.matching import (
    category_or_typo,
    match_categories,
    match_lexicon,
    match_typos,
)
from kairos.text.query.numbers import (
    Currency,
    NumberFacts,
    PriceMention,
    extract_numbers,
    guess_currency,
    tiers_for,
)
from kairos.text.query.places import extract_compare, extract_locate, extract_places
from kairos.text.query.vocabulary import CITY_CURRENCY, STOPWORDS
from kairos.text.query.when import Duration, When, extract_when
from kairos.text.query.words import Words, normalise_message

__all__ = ["Budget", "QueryReader", "QueryUnderstanding", "keep_earlier"]


class Budget(BaseModel):
    """Money the message named, with the price tiers it allows."""

    tiers: list[PriceTier]
    amount: float | None = None
    upper: float | None = None
    currency: str | None = None
    per_person: float | None = Field(default=None, description="the amount for one person")
    total: float | None = Field(default=None, description="the amount for the whole party")
    text: str = ""


class QueryUnderstanding(BaseModel):
    """What a message says, in every product's terms. Lists keep first-mention order."""

    text: str
    intent: QueryIntent = "search"
    small_talk: SmallTalk | None = None
    follow_up: bool = False
    categories: list[str] = []
    secondary_categories: list[str] = []
    secondary_phrases: list[str] = []
    exclude_categories: list[str] = []
    dishes: list[str] = []
    cities: list[str] = []
    area: str | None = None
    area_city: str | None = None
    near_user: bool = False
    unknown_place: str | None = Field(
        default=None, description='a place named after "in" that no table holds ("nashville")'
    )
    map_asked: bool = False
    price_tiers: list[PriceTier] = []
    budget: Budget | None = None
    min_rating: float | None = None
    radius_km: float | None = None
    party_size: int | None = None
    when: When | None = None
    duration: Duration | None = None
    allergens: list[str] = Field(default=[], description="canonical allergens named")
    dietary: list[str] = []
    vibes: list[str] = []
    avoid: list[str] = []
    leftover: list[str] = Field(default=[], description="words no step claimed")
    matched: dict[str, str] = {}
    assumptions: list[str] = []

    @property
    def city(self) -> str | None:
        return self.cities[0] if self.cities else None


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def _budget(
    facts: NumberFacts, draft: Draft, city: str | None, amounts_in: Currency | None
) -> Budget | None:
    """Numbers beat words; a word can narrow a number ("cheap, under 1500 for two")."""
    numeric: list[PriceTier] = list(facts.tiers)
    price: PriceMention | None = facts.price if not facts.tiers else None
    currency: str | None = None
    if facts.tiers:
        draft.note(facts.tier_text, "price_tiers=" + ",".join(facts.tiers))
    elif price is not None:
        currency = guess_currency(price, CITY_CURRENCY.get(city or "") or amounts_in)
        numeric = list(tiers_for(price, currency))
        draft.note(price.text, "price_tiers=" + ",".join(numeric))
        if price.currency is None:
            per = " for two" if currency == "INR" else " a head"
            unit = "" if price.unit or amounts_in else per
            draft.assumptions.append(f"Read '{price.text}' as {currency}{unit}.")
    if numeric and draft.tiers:
        tiers = [t for t in numeric if t in draft.tiers] or numeric
    else:
        tiers = numeric or list(draft.tiers)
    if not tiers and price is None:
        return None
    if price is None:
        return Budget(tiers=tiers, text=facts.tier_text)
    people = {"person": 1, "two": 2, "group": max(price.party, 1), None: 1}[price.unit]
    return Budget(
        tiers=tiers,
        amount=price.amount,
        upper=price.upper,
        currency=currency,
        per_person=round(price.amount / people, 2),
        total=price.amount if people > 1 else None,
        text=price.text,
    )


def _radius(draft: Draft, facts: NumberFacts) -> float | None:
    """The radius asked for, brought inside what a search takes, saying so when it was."""
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


class QueryReader:
    """Builds the vocabulary indexes once; `read` is then pure and deterministic."""

    def __init__(self, vocabulary: CatalogVocabulary, product: ProductWords) -> None:
        self.index = QueryIndex(vocabulary, product)

    def read(self, message: str, *, today: date | None = None) -> QueryUnderstanding:
        text = normalise_message(message)
        words = Words(text)
        draft = Draft()
        follow_up = is_follow_up(message)
        if (talk := small_talk(words)) is not None:
            return QueryUnderstanding(text=text, small_talk=talk)
        when, duration, when_spans = extract_when(text, today or date.today())
        for start, end in when_spans:
            words.claim_span(start, end)
        facts, spans = extract_numbers(_blank(text, when_spans))
        for start, end in spans:
            words.claim_span(start, end)
        for start, end in context_spans(text):
            words.claim_span(start, end)
            draft.note(text[start:end], "context, not a filter")
        index = self.index
        extract_locate(text, words, draft, index)
        extract_compare(text, words, draft, index)
        match_lexicon(words, draft, index, negated_only=True)
        extract_allergies(words, draft, index.allergens)
        extract_negations(
            words,
            draft,
            index.allergens,
            lambda phrase: category_or_typo(index, phrase),
            index.is_dietary,
        )
        extract_places(words, draft, index)
        match_lexicon(words, draft, index)
        match_categories(words, draft, index)
        match_typos(words, draft, index)
        cities = list(draft.cities)
        city = cities[0] if cities else draft.area_city
        budget = _budget(facts, draft, city, index.product.amounts_in)
        if facts.min_rating is not None:
            draft.min_rating = facts.min_rating
            draft.note(facts.rating_text, f"min_rating={facts.min_rating}")
        radius = _radius(draft, facts)
        if radius is not None:
            draft.map_asked = True
            draft.note(facts.radius_text, f"radius_km={radius}")
            draft.near_user = draft.near_user or (draft.area is None and not cities)
        if when is not None:
            draft.assumptions.extend(when.assumptions)
        return QueryUnderstanding(
            text=text,
            intent=draft.intent,
            follow_up=follow_up,
            categories=list(draft.categories),
            secondary_categories=list(draft.secondary_categories),
            secondary_phrases=list(draft.secondary_phrases),
            exclude_categories=list(draft.exclude_categories),
            dishes=list(draft.dishes),
            cities=cities,
            area=draft.area,
            area_city=draft.area_city,
            near_user=draft.near_user,
            unknown_place=draft.unknown_place,
            map_asked=draft.map_asked,
            price_tiers=budget.tiers if budget else [],
            budget=budget,
            min_rating=draft.min_rating,
            radius_km=radius,
            party_size=facts.party_size,
            when=when,
            duration=duration,
            allergens=list(draft.allergens),
            dietary=list(draft.dietary),
            vibes=list(draft.vibes),
            avoid=list(draft.avoid),
            leftover=[w for w in words.leftover() if w not in STOPWORDS and w.isalnum()],
            matched=draft.matched,
            assumptions=draft.assumptions,
        )


def keep_earlier(
    current: QueryUnderstanding, earlier: QueryUnderstanding, *, names_what: bool = False
) -> QueryUnderstanding:
    """A follow-up changes what it names and keeps the rest of the earlier request: what (the
    categories and dishes), where, the budget, the party, the day. Allergens and diets are
    kept beside the new ones (safety is never taken back by a follow-up); vibes too, unless
    the message replaces them ("… instead"). `names_what`: the product read a kind of outing
    the reader does not ("what about drinks?" after "italian dinner")."""
    names_what = names_what or bool(current.categories or current.dishes)
    names_where = bool(current.cities or current.area or current.near_user)
    replacing = replaces_earlier(current.text)
    earlier_diets = [] if replacing and current.dietary else earlier.dietary
    earlier_vibes = [] if replacing and current.vibes else earlier.vibes
    return current.model_copy(
        update={
            "follow_up": True,
            **(
                {}
                if names_what
                else {
                    "categories": earlier.categories,
                    "dishes": earlier.dishes,
                    "secondary_categories": earlier.secondary_categories,
                    "leftover": [*earlier.leftover, *current.leftover],
                }
            ),
            **(
                {}
                if names_where
                else {
                    "cities": earlier.cities,
                    "area": earlier.area,
                    "area_city": earlier.area_city,
                    "near_user": earlier.near_user,
                    "radius_km": current.radius_km or earlier.radius_km,
                }
            ),
            "exclude_categories": _union(earlier.exclude_categories, current.exclude_categories),
            "price_tiers": current.price_tiers or earlier.price_tiers,
            "budget": current.budget or earlier.budget,
            "min_rating": earlier.min_rating if current.min_rating is None else current.min_rating,
            "party_size": current.party_size or earlier.party_size,
            "when": current.when or earlier.when,
            "duration": current.duration or earlier.duration,
            "allergens": _union(earlier.allergens, current.allergens),
            "dietary": _union(earlier_diets, current.dietary),
            "vibes": _union(earlier_vibes, current.vibes),
            "avoid": _union(earlier.avoid, current.avoid),
        }
    )


def _union(first: list[str], second: list[str]) -> list[str]:
    return list(dict.fromkeys([*first, *second]))

"""Turn-level reading: small talk, follow-ups, and proceeding instead of asking twice."""

from __future__ import annotations

import re

from kairos.restaurants.query_draft import Draft
from kairos.restaurants.query_text import Words
from kairos.restaurants.query_vocabulary import word_set
from kairos.restaurants.schemas_decomposition import Decomposition
from kairos.search.filters import SearchFilters

ASSUMED_MIN_RATING = 4.0
CLARIFYING_QUESTION = (
    "What are you in the mood for — a cuisine, a neighbourhood, or an occasion "
    "(say, a quiet dinner or a cheap lunch)?"
)
GREETING_QUESTION = (
    "Hi! I find restaurants that fit your taste and your allergies. "
    "What are you in the mood for today?"
)
THANKS_REPLY = "You're welcome! Ask me any time you want another place to eat."

_GREETING_OPENERS = word_set("hi hello hey heya hiya yo namaste hola howdy")
_GREETINGS = _GREETING_OPENERS | word_set(
    "sup morning evening afternoon good there kairos guys all everyone folks"
)
_THANKS = word_set(
    """thanks thank you thx ty cheers bye goodbye ok okay cool great awesome perfect nice got
    it so much a lot that's thats helpful see ya later k kk"""
)
_FOLLOW_UP = re.compile(
    r"^(?:what|how) about\b|^(?:and|also|ok|okay|now|but|instead|same|only|just|in|near|around)\b"
    r"|\b(?:cheaper|pricier|fancier|closer|quieter|nicer|other|more) (?:ones?|options?|places?)\b"
    r"|^any (?:cheaper|other|more|closer|quieter|better|nicer)\b|\binstead\b|\bsame but\b"
)


def small_talk(words: Words, draft: Draft) -> Decomposition | None:
    """A reply for a message that is only a greeting or thanks; otherwise claims a leading
    "hey," so the rest reads as a request."""
    content = [w for w, sep in zip(words.words, words.is_sep, strict=True) if not sep]
    if content and all(w in _GREETINGS for w in content):
        # one text path in the orchestrator: a greeting is answered with a question
        return Decomposition(
            intent="greeting",
            ui_preference="text",
            needs_clarification=True,
            clarification_question=GREETING_QUESTION,
        )
    if content and all(w in _THANKS for w in content):
        return Decomposition(intent="other", ui_preference="text", reply=THANKS_REPLY)
    i = 0
    while i < len(words) and (words.words[i] in _GREETING_OPENERS or words.is_sep[i]):
        words.claim(i, i + 1)
        i += 1
    return None


def is_follow_up(message: str) -> bool:
    return bool(_FOLLOW_UP.search(message.strip().lower()))


def assume_instead_of_asking(result: Decomposition) -> Decomposition:
    """The previous turn asked already: answer with well-rated places and say so."""
    filters = result.filters.model_copy(update={"min_rating": ASSUMED_MIN_RATING})
    return result.model_copy(
        update={
            "filters": filters,
            "needs_clarification": False,
            "clarification_question": None,
            "ui_preference": "restaurant_list",
            "vector_query": result.vector_query or "popular well rated restaurant",
            "assumptions": [
                *result.assumptions,
                "No cuisine, area or occasion given, so showing well-rated places of any kind.",
            ],
        }
    )


def _union(*lists: list[str]) -> list[str]:
    return list(dict.fromkeys(v for values in lists for v in values))


def merge_follow_up(current: Decomposition, previous: Decomposition) -> Decomposition:
    """A follow-up changes what it names and keeps the rest of the previous request.

    Allergen exclusions are always kept: the earlier message asked for safety and a follow-up
    ("any cheaper ones?") does not take that back. `turn_allergens` stays this message's own.
    """
    now, before = current.filters, previous.filters
    kept: list[str] = []
    if not now.categories and before.categories:
        kept.append(", ".join(before.categories))
    city, area = now.city, now.area
    if not city and not area and (before.city or before.area):
        city, area = before.city, before.area
        kept.append(", ".join(p for p in (area, city) if p))
    if not now.price_tiers and before.price_tiers:
        kept.append(" or ".join(before.price_tiers))
    carried = [a for a in before.exclude_allergens if a not in now.exclude_allergens]
    if carried:
        kept.append("no " + ", ".join(carried))
    filters = SearchFilters(
        price_tiers=now.price_tiers or before.price_tiers,
        categories=now.categories or before.categories,
        exclude_categories=_union(now.exclude_categories, before.exclude_categories),
        city=city,
        area=area,
        min_rating=now.min_rating if now.min_rating is not None else before.min_rating,
        near=now.near or before.near,
        radius_km=now.radius_km or before.radius_km,
        exclude_allergens=_union(now.exclude_allergens, before.exclude_allergens),
        kinds=now.kinds or before.kinds,
    )
    searchable = bool(kept) or not current.needs_clarification
    ui = current.ui_preference
    if ui in {"restaurant_list", "text"} and previous.ui_preference in {
        "map_view",
        "radar_comparison",
    }:
        ui = previous.ui_preference
    assumptions = list(current.assumptions)
    if kept:
        assumptions.append("Kept from your earlier message: " + "; ".join(kept) + ".")
    return current.model_copy(
        update={
            "filters": filters,
            "ui_preference": ui if searchable else current.ui_preference,
            "vibes": _union(current.vibes, previous.vibes),
            "dietary": _union(current.dietary, previous.dietary),
            "avoid": _union(current.avoid, previous.avoid),
            "near_user": current.near_user or previous.near_user,
            "vector_query": " ".join(
                _union(current.vector_query.split(), previous.vector_query.split())
            ),
            "needs_clarification": current.needs_clarification and not searchable,
            "clarification_question": None if searchable else current.clarification_question,
            "assumptions": assumptions,
        }
    )

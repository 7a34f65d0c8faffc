"""A conversation's follow-ups: a message that refines the previous request keeps what it does
not change, and a second unanswerable message gets an assumption instead of a second question."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final, Literal

from kairos.core.allergy_warnings import display_name
from kairos.core.diets import diet_label
from kairos.core.vibes import vibe_label
from kairos.restaurants.request_words import category_name
from kairos.restaurants.schemas_decomposition import Decomposition
from kairos.search.filters import PRICE_TIERS, SearchFilters
from kairos.text.query.catalog_words import concept_form
from kairos.text.query.vocabulary import MEAL_WORDS

ASSUMED_MIN_RATING = 4.0
MAX_VECTOR_WORDS = 12
"""A chain of follow-ups keeps this many query words, the latest message's first."""


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


# Events a request is "for": "for a birthday", where a dish reads "for wings".
_EVENTS: Final = frozenset(
    ("birthday", "anniversary", "date", "celebration", "party", "meeting", "graduation")
)


def free_words(decomposition: Decomposition) -> list[str]:
    """The request's own words no step read as a city, cuisine, occasion or diet: the dish
    ("wings", "curry") or the event ("birthday") the full-text arm looks for."""
    claimed = {w for phrase in decomposition.matched for w in phrase.split()}
    claimed |= {w for v in decomposition.vibes for w in v.replace("_", " ").split()}
    return [w for w in dict.fromkeys(decomposition.vector_query.split()) if w not in claimed]


def names_event(word: str) -> bool:
    return word in _EVENTS


def for_words(words: list[str]) -> str:
    """ "wings", "a birthday", "curry and rice"."""
    return " and ".join(f"a {w}" if w in _EVENTS else w for w in words)


def _union(*lists: list[str]) -> list[str]:
    return list(dict.fromkeys(v for values in lists for v in values))


def _variant_of_another(name: str, names: Sequence[str]) -> bool:
    low = name.lower()
    return any(
        other.lower() != low and low.startswith((other.lower() + " ", other.lower() + "/"))
        for other in names
    )


def _is_meal(name: str) -> bool:
    return bool(set(re.findall(r"[a-z]+", name.lower())) & MEAL_WORDS)


def _asked_cheaper(decomposition: Decomposition) -> bool:
    """ "cheaper?" asks for less than before, not for the cheapest tier outright; a budget
    ("less than $20 a head") is a budget, not a comparison."""
    return any(
        word in phrase.split() and not any(c.isdigit() for c in phrase)
        for phrase in decomposition.matched
        for word in ("cheaper", "less")
    )


_PRICIER: Final = frozenset(
    ("fancier", "pricier", "classier", "posher", "swankier", "more expensive", "more upscale",
     "more upmarket")
)  # fmt: skip


def _asked_pricier(decomposition: Decomposition) -> bool:
    """ "something fancier" asks for more than before, not for the top tier outright; a whole
    phrase, so "no more than $20" is not one."""
    return any(phrase in _PRICIER for phrase in decomposition.matched)


def names_what_and_where(decomposition: Decomposition) -> bool:
    """A request of its own ("somewhere for brunch with outdoor seating in boston"): it names
    what (a cuisine, a diet, an occasion) and where, so it refines nothing unless it says so."""
    f = decomposition.filters
    what = f.categories or decomposition.dietary or decomposition.vibes
    return bool(what and (f.city or f.area))


def more_of(previous: Decomposition) -> Decomposition:
    """ "show me more": the previous request as it was, leaving out every place its answers
    showed, and saying so."""
    shown = previous.shown_place_ids
    said = f"the {len(shown)} already shown" if len(shown) != 1 else "the one already shown"
    return previous.model_copy(
        update={
            "skip_place_ids": shown,
            "shown_place_ids": [],
            "assumptions": [f"Leaving out {said}."],
            "price_comparison": None,
        }
    )


def merge_follow_up(
    current: Decomposition,
    previous: Decomposition,
    *,
    replacing: bool = False,
    food_dropped: bool = False,
) -> Decomposition:
    """A follow-up changes what it names and keeps the rest of the previous request; with
    `replacing` ("… instead"), the vibes and diets it names replace the earlier ones; with
    `food_dropped` ("somewhere she can eat too?"), the earlier food is let go and said so.

    Allergen exclusions are always kept: the earlier message asked for safety and a follow-up
    ("any cheaper ones?") does not take that back. `turn_allergens` stays this message's own.
    """
    now, before = current.filters, previous.filters
    kept: list[str] = []
    assumptions = list(current.assumptions)
    if food_dropped:  # the meal ("dinner") stays; the food that was the problem goes
        meals = [c for c in before.categories if _is_meal(category_name(c))]
        food = [category_name(c) for c in before.categories if c not in meals]
        if food := food or [w for w in free_words(previous) if not _is_meal(w)]:
            assumptions.append(
                f"Not only {' or '.join(food)}: any food that suits everyone's allergies."
            )
        before = before.model_copy(update={"categories": meals})
        words = [w for w in previous.vector_query.split() if _is_meal(w)]
        previous = previous.model_copy(update={"filters": before, "vector_query": " ".join(words)})
    if not now.categories and before.categories:
        names = {concept_form(c): c for c in reversed(before.categories)}
        said = [category_name(c) for c in reversed(names.values())]
        # the catalog's variants of one word ("tapas bars", "tapas/small plates") say "tapas"
        kept.append(" or ".join(n for n in said if not _variant_of_another(n, said)))
    said_now = set(current.vector_query.split())
    # the food's own words ("wings") when no cuisine named it; beside a cuisine they are
    # leftovers ("new" of "new american")
    earlier = [] if before.categories else free_words(previous)
    if earlier := [w for w in earlier if w not in said_now]:
        kept.append(for_words(earlier))
    city, area = now.city, now.area
    if not city and not area and (before.city or before.area):
        city, area = before.city, before.area
        kept.append("in " + ", ".join(p.title() for p in (area, city) if p))
    if not now.price_tiers and before.price_tiers:
        kept.append(" or ".join(before.price_tiers))
    carried = [a for a in before.exclude_allergens if a not in now.exclude_allergens]
    if carried:
        kept.append("no " + " or ".join(display_name(a) for a in carried))
    tiers = now.price_tiers or before.price_tiers
    # "cheaper" than what was shown, else than what was asked
    compared = previous.shown_price_tiers or before.price_tiers
    comparison: Literal["cheaper", "pricier"] | None = None
    if _asked_cheaper(current) and compared:
        comparison = "cheaper"
        lower = [t for t in PRICE_TIERS if PRICE_TIERS.index(t) < min(
            PRICE_TIERS.index(b) for b in compared)]  # fmt: skip
        tiers = lower or [PRICE_TIERS[0]]
        if not lower and set(compared) == {PRICE_TIERS[0]}:
            assumptions.append(f"Nothing is cheaper than {PRICE_TIERS[0]}, the lowest price level.")
        elif not lower:  # some shown were dearer: the cheapest level is cheaper than those
            assumptions.append(f"Only {PRICE_TIERS[0]} places this time, the lowest price level.")
    elif _asked_pricier(current) and compared and now.price_tiers:
        comparison = "pricier"
        top = max(PRICE_TIERS.index(b) for b in compared)
        higher = [t for t in PRICE_TIERS if PRICE_TIERS.index(t) > top]
        tiers = higher or [PRICE_TIERS[-1]]
        if not higher:
            assumptions.append(
                f"Nothing is pricier than {PRICE_TIERS[-1]}, the highest price level."
            )
    filters = SearchFilters(
        price_tiers=tiers,
        categories=now.categories or before.categories,
        exclude_categories=_union(now.exclude_categories, before.exclude_categories),
        city=city,
        area=area,
        min_rating=now.min_rating if now.min_rating is not None else before.min_rating,
        near=now.near or before.near,
        radius_km=now.radius_km or before.radius_km,
        exclude_allergens=_union(now.exclude_allergens, before.exclude_allergens),
        # a message naming what it wants ("cafe, ideally") says its kinds too, even "any"
        kinds=now.kinds if now.categories else (now.kinds or before.kinds),
    )
    if current.party_size is None and previous.party_size is not None:
        kept.append(f"a party of {previous.party_size}")
    earlier_diets = [] if replacing and current.dietary else previous.dietary
    kept_diets = [d for d in earlier_diets if d not in current.dietary]
    if kept_diets:
        kept.append(" and ".join(diet_label(d) for d in kept_diets))
    # "cheaper?" after "fancy" takes the fancy back: upscale was the price's word
    dropped = {"upscale"} if _asked_cheaper(current) else set()
    if replacing and current.vibes:
        dropped |= set(previous.vibes)
    earlier_vibes = [v for v in previous.vibes if v not in dropped]
    dropped_words = {w for v in dropped for w in v.split("_")}
    earlier_words = [w for w in previous.vector_query.split() if w not in dropped_words]
    kept_vibes = [v for v in earlier_vibes if v not in current.vibes]
    if kept_vibes:
        kept.append(" and ".join(vibe_label(v) for v in kept_vibes))
    searchable = bool(kept) or not current.needs_clarification
    ui = current.ui_preference
    if ui in {"restaurant_list", "text"} and previous.ui_preference in {
        "map_view",
        "radar_comparison",
    }:
        ui = previous.ui_preference
    if kept:
        assumptions.append("Kept from your earlier message: " + ", ".join(kept) + ".")
    return current.model_copy(
        update={
            "filters": filters,
            "ui_preference": ui if searchable else current.ui_preference,
            "vibes": _union(current.vibes, earlier_vibes),
            "dietary": _union(current.dietary, earlier_diets),
            "avoid": _union(current.avoid, previous.avoid),
            "near_user": current.near_user or previous.near_user,
            # "what about brunch?" after a city the catalogue lacks: still that city
            "unknown_place": current.unknown_place
            or (previous.unknown_place if not (city or area) else None),
            "party_size": current.party_size or previous.party_size,
            "vector_query": " ".join(
                _union(current.vector_query.split(), earlier_words)[:MAX_VECTOR_WORDS]
            ),
            "needs_clarification": current.needs_clarification and not searchable,
            "clarification_question": None if searchable else current.clarification_question,
            "assumptions": assumptions,
            "price_comparison": comparison,
        }
    )

"""Offline phrasing: every sentence is a template filled from results, or a quoted review.

Messages read as a person would write them: no internal labels (`gluten_free` is "gluten-free",
`min_rating` is "the minimum rating"), no empty phrases ("places for places"), one full stop,
and the allergy sentence says exactly what was done: places left out (the hard filter), places
shown apart (flagged), places shown with a note (warned), each naming the allergens.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kairos.core.allergy_warnings import display_name
from kairos.core.traits import evidence_phrase
from kairos.restaurants.request_words import attributive, category_name, head_noun_at
from kairos.restaurants.schemas import RestaurantResult
from kairos.restaurants.understanding import FOOD_DISHES
from kairos.search.filters import SearchFilters

# How a radar axis is said when reviews speak against it ("quiet" was asked, diners say loud).
# (Axes are the radar's own names, text/aspects; vibes and diets are labelled through core.)
AXIS_WANTS = {
    "romance": "romance",
    "noise_level": "quiet",
    "food_quality": "the food",
    "vegan_options": "vegan options",
    "value_for_money": "value for money",
}
RELAXED_NAMES = {
    "min rating": "the minimum rating",
    "price tiers": "the price range",
    "area": "the neighbourhood",
    "near": "the distance",
    "categories": "the cuisine",
}


def listed(words: Sequence[str], conjunction: str = "and") -> str:
    """ "a", "a and b", "a, b and c" (or another conjunction)."""
    if not words:
        return ""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def _names(allergens: Sequence[str]) -> str:
    return listed([display_name(a) for a in allergens])


def _sentence(text: str) -> str:
    """One sentence: a capital first letter and exactly one closing stop."""
    text = " ".join(text.split()).rstrip(" .;,")
    if not text:
        return ""
    return text[0].upper() + text[1:] + ("" if text[-1] in "!?”" else ".")


def _evidence(traits: Sequence[str]) -> str:
    return listed([evidence_phrase(t) for t in traits])


def _count(request: str, count: int) -> str:
    if count == 1:
        words = request.split()
        at = head_noun_at(words)
        one = " ".join(attributive(w) if i == at else w for i, w in enumerate(words))
        return f"I found one {one}."
    return f"Here are {count} {request}."


def nothing_mentions(words: Sequence[str], city: str | None) -> str:
    """No shown place holds the words asked for: what the list is instead."""
    where = f" in {city.title()}" if city else ""
    return (
        f"Nothing I know{where} mentions {listed(list(words), 'or')}, so these are the closest "
        "by what diners write."
    )


def left_out_of_search(asked: Mapping[str, Sequence[str]]) -> str:
    """What a turn did with food words that ask for an allergen kept out ("prawn" with
    shellfish kept out): the search ran without them, and the person is told why."""
    allergens = list(dict.fromkeys(a for found in asked.values() for a in found))
    return (
        f"I left {listed(list(asked))} out of the search: I'm keeping "
        f"{listed([display_name(a) for a in allergens])} out for you."
    )


def answer_message(
    *,
    request: str,
    safe: Sequence[RestaurantResult],
    flagged: Sequence[RestaurantResult],
    hard_excluded: Sequence[str],
    relaxed: Sequence[str],
    assumptions: Sequence[str],
    requested: Sequence[str] = (),
    contradicted_below: float = 4.0,
    short: Sequence[str] = (),
    missing: Sequence[str] = (),
    few: Sequence[str] = (),
    unknown_here: str = "",
    kept_free: Sequence[str] = (),
) -> str:
    """`unknown_here`: the asked cuisine in the city ("sushi bars in Orlando") when the
    catalogue holds none, so the cuisine was widened for that reason and says so.
    `short`: asked-for diets or occasions few places here show (those come first); `few`:
    ones few places here show, every shown place among them;
    `missing`: ones no shown place shows at all — the request is then described without them,
    so no place is ever called what it has no evidence of. `kept_free`: the free-from foods
    ("gluten-free") that kept places showing an allergen left out (`pipeline.free_from`)."""
    lines: list[str] = []
    if missing:
        lines.append(
            f"No place I know here shows evidence of {_evidence(missing)}, so these match the "
            "rest of your request."
        )
    if short:
        lines.append(
            f"Only a few places here show evidence of {_evidence(short)}: "
            "those come first, and each card says what its claim rests on."
        )
    if few:
        lines.append(
            f"Only a few places here show evidence of {_evidence(few)}; each card says what its "
            "claim rests on."
        )
    if unknown_here and "categories" in relaxed:
        lines.append(f"I know no {unknown_here}, so these are other places there.")
        relaxed = [r for r in relaxed if r != "categories"]
    if relaxed:
        names = [RELAXED_NAMES.get(r, r) for r in relaxed]
        lines.append(f"Nothing matched everything you asked, so I widened {listed(names)}.")
    lines.append(_count(request, len(safe)))
    if safe:
        top = safe[0]
        rating = f" ({top.rating:.1f}★ from {top.votes} reviews)" if top.rating is not None else ""
        line = f"Top pick: {top.name}{rating}"
        if top.summary and top.summary.text:
            line += f" — “{top.summary.text}”"  # a quote ends the sentence: no stop after it
        else:
            line += "."
        lines.append(line)
        if top.summary and top.summary.contrary:
            lines.append(f"But one diner wrote: “{top.summary.contrary}”")
        against = [
            f"{AXIS_WANTS.get(axis, axis.replace('_', ' '))} ({value:.1f}/10)"
            for axis in sorted(requested)
            if top.scores is not None
            and (value := getattr(top.scores, axis, None)) is not None
            and value < contradicted_below
        ]
        if against:
            lines.append(f"Its reviews speak against {listed(against)}; it is here for the rest.")
    if hard_excluded:
        lines.append(
            f"I left out every place whose menu, dishes, reviews, category or name show "
            f"{_names(hard_excluded)}"
            + (
                f", save those showing {listed(list(kept_free), 'or')} food: each card names "
                "the risk and that evidence, so confirm with staff before ordering."
                if kept_free
                else "."
            )
        )
    noted = sorted({w.allergen for r in safe for w in r.allergy_warnings})
    warned = sum(1 for r in safe if r.allergy_warnings)
    if warned:
        subject = (
            "It carries" if len(safe) == 1
            else "One of these carries" if warned == 1
            else f"{warned} of these carry"
        )  # fmt: skip
        lines.append(f"{subject} a note about {_names(noted)}: read it before you book.")
    if flagged:
        risky = sorted({w.allergen for r in flagged for w in r.allergy_warnings})
        more = "One more is" if len(flagged) == 1 else f"{len(flagged)} more are"
        lines.append(
            f"{more} shown apart: high risk for your {_names(risky)} allergy."
            if risky
            else f"{more} shown apart as high risk for your allergy."
        )
    return after_assumptions(assumptions, " ".join(line for line in lines if line))


def all_unsafe_message(
    request: str, allergens: Sequence[str], relaxed: Sequence[str], assumptions: Sequence[str]
) -> str:
    """Every place that fits shows an allergen the person must avoid: none is offered, and the
    reply says why rather than answering with something else."""
    names = [RELAXED_NAMES.get(r, r) for r in relaxed]
    tried = f" (even after widening {listed(names)})" if relaxed else ""
    said = listed([display_name(a) for a in allergens], "or")  # each shows one, not all
    return after_assumptions(
        assumptions,
        f"Every one of the {request} I know{tried} shows {said} in its menu, dishes, reviews, "
        f"category or name, so I left them all out. Another cuisine or area?",
    )


def all_unsafe_alternatives(request: str, allergens: Sequence[str], kinds: Sequence[str]) -> str:
    """Every place of the asked kind shows an allergen the person must avoid: the answer lists
    places of the nearest kinds that show none, and says so."""
    said = listed([display_name(a) for a in allergens], "or")
    return (
        f"Every one of the {request} I know shows {said}, so I left them all out; these are "
        f"{listed(kinds, 'or')} places, the nearest kind, where none is known. Ask the kitchen "
        "all the same."
    )


def no_results_message(request: str, relaxed: Sequence[str], assumptions: Sequence[str]) -> str:
    names = [RELAXED_NAMES.get(r, r) for r in relaxed]
    tried = f", even after widening {listed(names)}" if relaxed else ""
    return after_assumptions(
        assumptions,
        f"I couldn't find {request}{tried}. Try another neighbourhood or cuisine.",
    )


def holds_dish(dish: str, shown: Sequence[RestaurantResult]) -> bool:
    """Whether a dish asked for by name ("seafood boil") is one any shown place names; a food
    that is not a dish, or nothing shown, has nothing to miss."""
    if dish not in FOOD_DISHES or not shown:
        return True
    words = set(dish.split())
    return any(
        words <= {w for term in (r.why.matched_terms if r.why else []) for w in term.split()}
        for r in shown
    )


def categories_held(categories: Sequence[str], shown: Sequence[RestaurantResult]) -> list[str]:
    held = {c.lower() for r in shown for c in r.cuisine_types}
    return [c for c in categories if c.lower() in held]


def category_rank(held: Sequence[str], categories: Sequence[str]) -> int:
    """The place of a place's most specific category among those asked (listed most specific
    first); 0 for everyone when nothing is asked."""
    low = {c.lower() for c in held}
    return next((i for i, c in enumerate(categories) if c.lower() in low), len(categories))


def dish_not_found(dish: str, city: str | None, held: Sequence[str]) -> str:
    where = f" in {city.title()}" if city else ""
    these = f": these are {listed([category_name(c) for c in held], 'or')} places" if held else ""
    return f"No place I know{where} mentions “{dish}”{these}."


def price_widened(asked: Sequence[str], shown: Sequence[str | None], city: str | None) -> str:
    """A price range nothing here holds: said as the gap and the nearest range shown, so
    "cheap eats" answered with $$$ places says they are not cheap."""
    where = f" in {city.title()}" if city else ""
    known = sorted({t for t in shown if t}, key=len)
    nearest = f"; the nearest I know are {listed(known, 'or')}" if known else ""
    return f"I know no {listed(list(asked), 'or')} places{where} that fit the rest{nearest}."


def price_distance(tier: str | None, asked: Sequence[str]) -> int:
    """How far a place's price is from the range asked (an unknown price last)."""
    if not asked:
        return 0
    if tier is None:
        return 9
    return min(abs(len(tier) - len(a)) for a in asked)


def hours_said(asked: str, closed: int, checked: int) -> str:
    """What an answer for a time says about hours: what was left out, what was checked, and
    that unknown hours are on the cards. Nothing is called checked when no place found lists
    its hours."""
    if closed:
        places = f"{closed} place{'s' if closed != 1 else ''}"
        return (
            f"I left out {places} whose listed hours say closed then ({asked}); "
            "a card says when a place's hours are unknown."
        )
    if not checked:
        return (
            f"None of these places lists its opening hours, so none could be checked for "
            f"{asked}: check before you go."
        )
    return f"Checked against listed hours ({asked}); a card says when a place's hours are unknown."


def widen_questions(filters: SearchFilters) -> list[str]:
    """What to try when nothing was found: only what the request narrowed (a price range
    nobody gave is not widened)."""
    asked = [
        ("Try a different area?", bool(filters.area or filters.near)),
        ("Widen the price range?", bool(filters.price_tiers)),
        ("Try another cuisine?", bool(filters.categories)),
        ("Drop the minimum rating?", filters.min_rating is not None),
    ]
    return [q for q, narrowed in asked if narrowed] or ["Try another city or cuisine?"]


def no_more_message(request: str, shown: int) -> str:
    """ "show me more" after every place that fits was shown."""
    seen = "the one I showed" if shown == 1 else f"the {shown} I showed"
    return f"That's all: I know no other {request} than {seen}. Try another area or cuisine?"


def unmet_need_message(diets: Sequence[str], city: str | None, assumptions: Sequence[str]) -> str:
    """A kitchen rule (halal, kosher) no place here shows evidence of: said, with no list of
    places that may not keep it."""
    where = f" in {city.title()}" if city else ""
    return after_assumptions(
        assumptions,
        f"No place I know{where} shows evidence of {_evidence(diets)}, so I have none to suggest.",
    )


def after_assumptions(assumptions: Sequence[str], message: str) -> str:
    """The message after what the turn assumed or did on its own, as every answer says them."""
    return " ".join([*(s for a in assumptions if (s := _sentence(a))), message])

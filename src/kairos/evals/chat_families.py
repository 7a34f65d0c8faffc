"""One generator per request family (see `kairos.evals.chat_requests` for the rules they share).

Every template is a sentence a person would type; `{city}` is the place's own locality as the
files spell it, lower-cased as people type in a chat box.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from kairos.evals.chat_requests import (
    ALLERGENS,
    FAMILIES,
    OCCASION_NAMES,
    Constraints,
    EvalRequest,
    Picker,
    allergen_labels,
    anchors,
    cheaper_levels,
    city_names,
    cuisine_labels,
    cuisine_of,
    pick,
    round_robin,
    stable,
)
from kairos.evals.chat_truth import DIETS, TruthPlace

CUISINE_CITY = ("{cuisine} in {city}", "best {cuisine} in {city}",
                "any good {cuisine} in {city}?", "looking for {cuisine} in {city}")  # fmt: skip
OCCASION: dict[str, tuple[str, ...]] = {
    "group": ("table for {n} in {city}", "somewhere that can take a group of {n} in {city}"),
    "kids": ("somewhere good with kids in {city}", "family friendly restaurant in {city}"),
    "outdoor": ("outdoor seating in {city}", "somewhere to eat outside in {city}"),
    "wifi": ("cafe to work from in {city}", "somewhere with free wifi to work from in {city}"),
    "date": ("date night spot in {city}", "romantic dinner in {city}"),
    "quiet": ("quiet dinner in {city}", "somewhere quiet to talk in {city}"),
    "late_night": ("late night food in {city}", "where can i eat late at night in {city}"),
}
PRICE: dict[str, tuple[frozenset[int], tuple[str, ...], tuple[str, ...]]] = {
    "cheap": (frozenset({1}), ("cheap eats in {city}", "cheap food in {city}"),
              ("cheap {cuisine} in {city}", "{cuisine} on a budget in {city}")),
    "upscale": (frozenset({3, 4}), ("upscale dinner in {city}", "somewhere fancy in {city}"),
                ("fancy {cuisine} in {city}", "high end {cuisine} restaurant in {city}")),
}  # fmt: skip
DIETARY: dict[str, tuple[str, ...]] = {
    "vegan": ("vegan restaurant in {city}", "vegan food in {city}"),
    "vegetarian": ("vegetarian food in {city}", "good vegetarian places in {city}"),
    "halal": ("halal food in {city}", "halal restaurant in {city}"),
    "kosher": ("kosher restaurant in {city}", "kosher food in {city}"),
    "gluten_free": ("gluten-free options in {city}", "gluten free restaurant in {city}"),
}
ALLERGY = ("{cuisine} in {city}", "{cuisine} for dinner in {city}")
SWITCH_POOL = 12  # "italian, ideally" names one of the city's 12 commonest cuisines
REFINEMENTS = ("cheaper", "kids", "outdoor", "quiet", "switch")
REFINEMENT_TEXT = {
    "cheaper": "anything cheaper?", "kids": "which ones are good with kids?",
    "outdoor": "any with outdoor seating?", "quiet": "anything quieter?",
    "switch": "{cuisine}, ideally",
}  # fmt: skip


def cuisine_city(places: list[TruthPlace], cities: set[str], wanted: int) -> list[EvalRequest]:
    picker = Picker(places, cities, wanted)
    for anchor in anchors(places, "cuisine_city", cities):
        labels = cuisine_labels(anchor)
        if picker.full():
            break
        if not labels or anchor.locality is None:
            continue
        cuisine = cuisine_of(labels[0])
        text = pick(CUISINE_CITY, "cuisine_city", anchor.key)
        constraints = Constraints(city=anchor.locality, cuisine=cuisine)
        picker.offer("cuisine_city", (text.format(cuisine=cuisine.typed, city=anchor.locality),),
                     constraints)  # fmt: skip
    return picker.requests


def occasion(places: list[TruthPlace], cities: set[str], wanted: int) -> list[EvalRequest]:
    picker = Picker(places, cities, wanted)
    for name, anchor in round_robin(OCCASION_NAMES, places, "occasion", cities):
        if picker.full():
            break
        if anchor.locality is None or anchor.occasion(name) is not True:
            continue
        text = pick(OCCASION[name], "occasion", name, anchor.key)
        n = 6 + stable("party", anchor.key) % 7
        constraints = Constraints(city=anchor.locality, occasion=name)
        picker.offer("occasion", (text.format(city=anchor.locality, n=n),), constraints)
    return picker.requests


def price(places: list[TruthPlace], cities: set[str], wanted: int) -> list[EvalRequest]:
    picker = Picker(places, cities, wanted)
    for name, anchor in round_robin(tuple(PRICE), places, "price", cities):
        levels, plain, with_food = PRICE[name]
        if picker.full():
            break
        if anchor.locality is None or anchor.price_level not in levels:
            continue
        labels = cuisine_labels(anchor)
        city = anchor.locality
        if labels and stable("price-cuisine", anchor.key) % 2:
            cuisine = cuisine_of(labels[0])
            text = pick(with_food, "price", anchor.key).format(cuisine=cuisine.typed, city=city)
            constraints = Constraints(city=city, cuisine=cuisine, price_levels=levels)
            if picker.offer("price", (text,), constraints):
                continue
        text = pick(plain, "price", anchor.key).format(city=city)
        picker.offer("price", (text,), Constraints(city=city, price_levels=levels))
    return picker.requests


def dietary(places: list[TruthPlace], cities: set[str], wanted: int) -> list[EvalRequest]:
    picker = Picker(places, cities, wanted)
    for diet, anchor in round_robin(tuple(DIETS), places, "dietary", cities):
        if picker.full():
            break
        if anchor.locality is None or not anchor.diet(diet):
            continue
        text = pick(DIETARY[diet], "dietary", anchor.key).format(city=anchor.locality)
        picker.offer("dietary", (text,), Constraints(city=anchor.locality, diet=diet))
    return picker.requests


def allergy(places: list[TruthPlace], cities: set[str], wanted: int) -> list[EvalRequest]:
    picker = Picker(places, cities, wanted)
    for allergen, anchor in round_robin(ALLERGENS, places, "allergy", cities):
        if picker.full():
            break
        labels = allergen_labels(anchor, allergen)
        if anchor.locality is None or not labels:
            continue
        cuisine = cuisine_of(labels[0])
        text = pick(ALLERGY, "allergy", anchor.key).format(cuisine=cuisine.typed,
                                                           city=anchor.locality)  # fmt: skip
        constraints = Constraints(city=anchor.locality, cuisine=cuisine, allergen=allergen)
        picker.offer("allergy", (text,), constraints)
    return picker.requests


def _refine(
    kind: str, first: Constraints, places: list[TruthPlace], anchor: TruthPlace
) -> tuple[str, Constraints] | None:
    if kind == "cheaper":
        levels = cheaper_levels(places, first)
        return (
            None if levels is None else (REFINEMENT_TEXT[kind], replace(first, price_levels=levels))
        )
    if kind in ("kids", "outdoor", "quiet"):
        return REFINEMENT_TEXT[kind], replace(first, occasion=kind)
    counts = Counter(
        raw for p in places if p.locality == first.city for raw in cuisine_labels(p)
        if first.cuisine is not None and not p.matches_any(first.cuisine.alternatives)
    )  # fmt: skip
    common = [raw for raw, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
    others = sorted(common[:SWITCH_POOL], key=lambda raw: (stable("switch", anchor.key, raw), raw))
    for raw in others[:5]:
        cuisine = cuisine_of(raw)
        refined = replace(first, cuisine=cuisine)
        if sum(1 for p in places if refined.content_ok(p)) >= 3:
            return REFINEMENT_TEXT[kind].format(cuisine=cuisine.typed), refined
    return None


def follow_up(places: list[TruthPlace], cities: set[str], wanted: int) -> list[EvalRequest]:
    picker = Picker(places, cities, wanted)
    for anchor in anchors(places, "follow_up", cities):
        labels = cuisine_labels(anchor)
        if picker.full():
            break
        if not labels or anchor.locality is None:
            continue
        cuisine = cuisine_of(labels[0])
        first = Constraints(city=anchor.locality, cuisine=cuisine)
        opening = pick(CUISINE_CITY, "follow_up", anchor.key)
        opening = opening.format(cuisine=cuisine.typed, city=anchor.locality)
        start = stable("refine", anchor.key) % len(REFINEMENTS)
        for kind in REFINEMENTS[start:] + REFINEMENTS[:start]:
            refined = _refine(kind, first, places, anchor)
            if refined and picker.offer("follow_up", (opening, refined[0]), refined[1]):
                break
    return picker.requests


GENERATORS = {
    "cuisine_city": cuisine_city, "occasion": occasion, "price": price, "dietary": dietary,
    "allergy": allergy, "follow_up": follow_up,
}  # fmt: skip


def build_requests(
    truth: dict[str, TruthPlace], per_family: int, families: tuple[str, ...] = FAMILIES
) -> list[EvalRequest]:
    """Every family's requests over the places of the files, in family order."""
    places = sorted(truth.values(), key=lambda p: p.key)
    cities = city_names(places)
    return [r for family in families for r in GENERATORS[family](places, cities, per_family)]

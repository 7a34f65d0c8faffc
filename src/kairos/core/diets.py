"""Diets, spelled once, and the policy that says which "X-free" wishes are hard.

A diet is a wish about the menu (vegan, halal, gluten-free), not an allergy: it ranks and, where
the catalog holds evidence, filters; it never removes an allergen from the safety checks. Its
`name` is what profiles store and the parser produces; `label` is what sentences show;
`categories` are catalog categories that show a place serves it; `review_phrases` are what
diners write when it does ("great vegan options", "halal certified").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

__all__ = [
    "DIETS",
    "HARD_FREE_ALLERGENS",
    "SOFT_FREE_DIETS",
    "Diet",
    "canonical_diet",
    "diet_label",
    "quote_unfit",
]


@dataclass(frozen=True, slots=True)
class Diet:
    name: str
    label: str
    phrases: tuple[str, ...]
    categories: tuple[str, ...] = ()
    review_phrases: tuple[str, ...] = ()
    aspect: str | None = None
    """A review aspect that measures how well a place serves it."""
    implied_by: tuple[str, ...] = ()
    """Diets whose places also serve this one (a vegan place suits a vegetarian)."""
    certified: bool = False
    """A rule a kitchen keeps as a whole (halal, kosher): a place without evidence of it is no
    answer at all, where a place without vegan evidence may still have a vegan dish."""
    unfit: tuple[str, ...] = ()
    """Foods a quote recommending a place for this diet must not praise (bacon, for a
    vegetarian)."""
    strict: bool = False
    """A diet its keepers cannot eat around (vegan, vegetarian, gluten-free, halal, kosher): a
    place is listed for it only on evidence of it, never to fill a list."""
    served_by: tuple[str, ...] = ()
    """Catalogue categories of the kinds of place where it is easy to keep (keto: steakhouses,
    barbecue, salad), searched when no cuisine is named: few places state such a diet."""
    served_against: tuple[str, ...] = ()
    """Categories of places built on what the diet forgoes (keto: bubble tea, bakeries,
    pizza): left out of that search even when they also carry a `served_by` category (a
    bubble-tea café tagged "Salad" was a keto pick)."""


def _p(text: str) -> tuple[str, ...]:
    return tuple(p.strip() for p in text.split(",") if p.strip())


_MEAT = _p(
    "meat, meats, chicken, beef, pork, bacon, ham, lamb, steak, steaks, sausage, sausages, "
    "brisket, ribs, rib, wings, duck, turkey, veal, meatball, meatballs, pepperoni, prosciutto, "
    "chorizo, salami, pastrami, carnitas, jerky, hot dog, hot dogs, burger, burgers, "
    "cheeseburger, gyro, shawarma, kebab, kebabs, goat, mutton, oxtail, foie gras"
)
_SEAFOOD = _p(
    "fish, salmon, tuna, cod, shrimp, prawn, prawns, crab, lobster, oyster, oysters, clam, "
    "clams, mussels, scallops, calamari, octopus, squid, sushi, sashimi, anchovies, eel"
)
_ANIMAL_PRODUCE = _p("cheese, cheeses, butter, cream, egg, eggs, milk, yogurt, honey, mozzarella")


_DIETS: Final = (
    Diet(
        "vegan", "vegan",
        _p("vegan, vegans, plant based, vegan friendly, vegan options"),
        categories=_p("vegan, vegan options"),
        review_phrases=_p("vegan options, vegan menu, vegan dishes, vegan friendly, "
                          "fully vegan, all vegan, vegan food, vegan version, plant based"),
        aspect="vegan_options",
        unfit=(*_MEAT, *_SEAFOOD, *_ANIMAL_PRODUCE),
        strict=True,
    ),
    Diet(
        "vegetarian", "vegetarian",
        _p("vegetarian, vegetarians, veggie, veg, pure veg, pure vegetarian, meat free, "
           "meatless, vegetarian friendly, veg only"),
        categories=_p("vegetarian, vegetarian friendly, vegan, vegan options"),
        review_phrases=_p("vegetarian options, vegetarian menu, vegetarian dishes, "
                          "vegetarian friendly, veggie options, pure veg, vegetarian food"),
        aspect="vegan_options",
        implied_by=("vegan",),
        unfit=(*_MEAT, *_SEAFOOD),
        strict=True,
    ),
    Diet(
        "halal", "halal", ("halal",),
        categories=("halal",),
        review_phrases=_p("halal, halal certified, halal meat, halal food, zabiha"),
        certified=True,
        strict=True,
    ),
    Diet(
        "kosher", "kosher", ("kosher",),
        categories=("kosher",),
        # never the bare word: diners write "kosher salt" and "kosher pickles"
        review_phrases=_p("glatt kosher, kosher certified, certified kosher, kosher restaurant, "
                          "kosher food, kosher deli, kosher menu, kosher options, "
                          "kosher supervision, strictly kosher, fully kosher"),
        certified=True,
        strict=True,
    ),
    Diet("jain", "Jain", _p("jain, jain food, no onion no garlic, no onion garlic"),
         review_phrases=_p("jain food, jain options, jain menu")),
    Diet("pescatarian", "pescatarian", _p("pescatarian, pescetarian"), unfit=_MEAT),
    Diet(
        "gluten_free", "gluten-free",
        _p("gluten free, gf, gluten free options, celiac friendly, coeliac friendly"),
        categories=_p("gluten-free, gluten free, gluten free options"),
        review_phrases=_p("gluten free, gluten-free, gf options, gf menu, celiac friendly, "
                          "coeliac friendly, celiac safe"),
        strict=True,
    ),
    Diet("dairy_free", "dairy-free", _p("dairy free, lactose free, non dairy"),
         review_phrases=_p("dairy free, dairy-free, lactose free")),
    Diet("egg_free", "egg-free", _p("egg free, eggless"), review_phrases=_p("eggless, egg free")),
    Diet("soy_free", "soy-free", _p("soy free, soya free"), review_phrases=_p("soy free")),
    Diet("keto", "keto", _p("keto, low carb"), review_phrases=_p("keto, low carb"),
         served_by=_p("steakhouses, steakhouse, barbeque, barbecue, salad, seafood, brazilian, "
                      "grill"),
         served_against=_p("bubble tea, bakeries, donuts, pizza, pasta shops, desserts, "
                           "ice cream & frozen yogurt, cupcakes, waffles, pancakes, bagels, "
                           "creperies, juice bars & smoothies, shaved ice, patisserie/cake shop")),
)  # fmt: skip

DIETS: Final[dict[str, Diet]] = {d.name: d for d in _DIETS}
NOT_A_DIET: Final = _p("non veg, non vegetarian, nonveg")
""""non veg" asks for meat: it must win over "veg" and mean no diet at all."""

# Allergens whose "X-free" is a hard exclusion (reactions are often severe); for the others
# "X-free" is a diet ("gluten-free bakery" wants bakeries with gluten-free options, and
# excluding gluten would exclude every bakery).
HARD_FREE_ALLERGENS: Final = frozenset(
    ("peanuts", "tree_nuts", "sesame", "shellfish", "molluscs", "fish", "lupin")
)
SOFT_FREE_DIETS: Final[dict[str, str]] = {
    "gluten": "gluten_free",
    "dairy": "dairy_free",
    "eggs": "egg_free",
    "soy": "soy_free",
}

_BY_PHRASE: Final[dict[str, str]] = {
    **{d.name.replace("_", " "): d.name for d in _DIETS},
    **{d.label.lower(): d.name for d in _DIETS},
    **{p: d.name for d in _DIETS for p in d.phrases},
}


def canonical_diet(value: str) -> str | None:
    """The diet a stored or typed value means ("plant-based" → vegan), or None."""
    key = " ".join(value.lower().replace("-", " ").replace("_", " ").split())
    return _BY_PHRASE.get(key)


def quote_unfit(diets: Iterable[str]) -> frozenset[str]:
    """What a quote recommending a place to someone keeping these diets must not praise."""
    return frozenset(
        word for name in diets if (d := DIETS.get(canonical_diet(name) or name)) for word in d.unfit
    )


def diet_label(name: str) -> str:
    diet = DIETS.get(name)
    return diet.label if diet else name.replace("_", " ")

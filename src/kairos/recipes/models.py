"""The typed shapes of the recipes layer: what the coach (sessions, API, UI) codes against.

All are frozen pydantic models, so they validate once, serialise straight into API payloads and
cannot be changed by a caller after the safety check has read them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from kairos.core.allergens import Severity

__all__ = [
    "AdaptedIngredient",
    "AdaptedRecipe",
    "AdaptedStep",
    "Difficulty",
    "HealthScore",
    "IngredientLine",
    "Nutrition",
    "PantryMatch",
    "ParsedIngredient",
    "Recipe",
    "RecipeMatch",
    "Refusal",
    "Skill",
    "Substitution",
    "Units",
]

Units = Literal["metric", "imperial"]
Skill = Literal["beginner", "intermediate", "advanced"]
Difficulty = Literal["easy", "medium", "hard"]
SubstitutionKind = Literal["allergen", "dislike", "diet"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ParsedIngredient(_Frozen):
    """One ingredient line as written and as parsed ("1 14-ounce can coconut milk": quantity 1,
    unit "can", size "14 ounce", item "coconut milk"). Units are canonical names ("cup",
    "tablespoon", "gram", "can"); `quantity_max` is set for ranges ("2-3")."""

    original: str
    quantity: float | None = None
    quantity_max: float | None = None
    unit: str | None = None
    size: str | None = None
    item: str
    preparation: str | None = None
    optional: bool = False


class IngredientLine(ParsedIngredient):
    """A stored line: parsed, converted to metric (the original stays), mapped to a canonical
    food and read by the allergen core; `contains` / `may_contain` cite this line."""

    position: int
    food: str | None = None
    metric_quantity: float | None = None
    metric_unit: str | None = None
    contains: tuple[str, ...] = ()
    may_contain: tuple[str, ...] = ()


class Nutrition(_Frozen):
    """Per serving, as the source states it (never invented)."""

    calories_kcal: float | None = None
    protein_g: float | None = None
    fat_g: float | None = None
    saturated_fat_g: float | None = None
    carbohydrate_g: float | None = None
    sugar_g: float | None = None
    fiber_g: float | None = None
    sodium_mg: float | None = None


class HealthScore(_Frozen):
    """0 (least healthy) to 100. `method` names how it was computed (see `health.py`);
    `estimated` is true when the source gave no nutrients and the score comes from cooking
    method and ingredients: a ranking estimate from the recipe text, not a nutrition figure,
    never shown to a cook as one."""

    score: float
    method: str
    estimated: bool
    basis: tuple[str, ...] = ()
    """Each rule that moved the score, with the recipe's own value ("the steps deep-fry (-20)",
    "saturated fat 12 g per serving (-14)"); empty for a score read from an older store."""


class Recipe(_Frozen):
    """A real recipe from the store with everything Kairos derived from it."""

    id: int
    source: str
    source_id: str
    title: str
    language: str | None = None
    cuisine: str | None = None
    category: str | None = None
    url: str | None = None
    licence: str | None = None
    """The recipe text's licence as its source states it ("CC BY-SA 4.0 (Wikibooks); …")."""
    host: str | None = None
    author: str | None = None
    description: str | None = None
    servings: float | None = None
    total_minutes: int | None = None
    total_minutes_estimated: bool = False
    steps: tuple[str, ...] = ()
    ingredients: tuple[IngredientLine, ...] = ()
    nutrition: Nutrition | None = None
    health: HealthScore
    diets: tuple[str, ...] = ()
    methods: tuple[str, ...] = ()
    equipment: tuple[str, ...] = ()
    difficulty: Difficulty = "medium"
    contains_allergens: tuple[str, ...] = ()
    may_contain_allergens: tuple[str, ...] = ()
    foods: tuple[str, ...] = ()
    rating: float | None = None


class Substitution(_Frozen):
    """What replaced what, and why, in words a cook reads ("oat milk instead of milk — dairy
    allergy")."""

    original_item: str
    new_item: str
    reason: str
    kind: SubstitutionKind
    removes: tuple[str, ...] = ()
    main: bool = False
    """It replaced the dish's main protein (salmon, shrimp, squid)."""
    """The profile allergens, dislikes or diet rules this substitution takes away."""


class AdaptedIngredient(_Frozen):
    """One line of the adapted recipe: the original as written, what to use now, scaled."""

    position: int
    original: str
    display: str
    """The line to show: scaled quantity in the cook's units, the final item, preparation."""
    quantity: float | None = None
    quantity_max: float | None = None
    unit: str | None = None
    item: str
    preparation: str | None = None
    optional: bool = False
    substitution: Substitution | None = None
    omitted: bool = False
    """An optional line left out because it held something the profile must avoid."""


class AdaptedStep(_Frozen):
    number: int
    text: str
    original: str
    changed: bool = False


class AdaptedRecipe(_Frozen):
    """A real recipe made safe for a cook: the final ingredient list has been re-read by the
    allergen core and holds none of the constraint set's allergens, dislikes or diet breaks."""

    recipe_id: int
    title: str
    servings: float | None
    """None when neither the source nor its steps say how many it serves."""
    source_servings: float | None
    units: Units
    ingredients: tuple[AdaptedIngredient, ...]
    steps: tuple[AdaptedStep, ...]
    substitutions: tuple[Substitution, ...] = ()
    equipment: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    nutrition: Nutrition | None = None
    """Per serving from the source, only when no substitution changed the ingredients."""
    health: HealthScore
    total_minutes: int | None = None
    difficulty: Difficulty = "medium"
    diets: tuple[str, ...] = ()
    methods: tuple[str, ...] = ()
    cuisine: str | None = None
    source: str
    url: str | None = None
    licence: str | None = None


class Refusal(_Frozen):
    """A recipe that cannot be made safe, with the reason in a sentence a person reads."""

    recipe_id: int
    title: str
    reason: str
    allergens: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()


class RecipeMatch(_Frozen):
    """A real recipe chosen for a request, already adapted to the constraints."""

    recipe: Recipe
    adapted: AdaptedRecipe
    score: float
    title_match: bool = False
    had_allergens: bool = False
    """The original recipe held a profile allergen that adaptation replaced."""


class PantryMatch(RecipeMatch):
    """A recipe for "what can I cook with what I have": which pantry items it uses, what is
    missing (non-staple lines the pantry does not cover)."""

    used: tuple[str, ...] = ()
    main: tuple[str, ...] = ()
    """The used items that are main ingredients of the recipe (`pantry.main_uses`)."""
    missing: tuple[str, ...] = ()
    missing_main: tuple[str, ...] = ()
    """The foods still to buy that are main ingredients of the recipe (`pantry.missing_mains`)."""


class Matches(_Frozen):
    """Ranked safe matches, plus the best candidates that had to be refused (and why)."""

    matches: tuple[RecipeMatch, ...] = ()
    refused: tuple[Refusal, ...] = ()
    considered: int = 0


class PantryMatches(_Frozen):
    matches: tuple[PantryMatch, ...] = ()
    refused: tuple[Refusal, ...] = ()
    considered: int = 0


SeverityMap = dict[str, Severity]

"""Recipes for the meal coach: parsed, read by the allergen core, tagged, embedded, and adapted
safely to a cook or a household.

The interface the coach codes against (everything else in this package is internal):

- `CookConstraints` — the merged hard constraints of one request: allergens with severity
  (canonical names or custom ingredients), dislikes, diets, and the cook's equipment, time and
  skill. `CookConstraints.from_profile(...)` for one person, `CookConstraints.union([...])` for
  a household.
- `RecipeRepository(db, embedder)`:
  - `await get(recipe_id) -> Recipe` (raises `NotFound`);
  - `await similar_dishes(dish_name, k=3, constraints=...) -> Matches` — real recipes of the
    same dish ranked by embedding similarity plus title match, each already adapted
    (`RecipeMatch.adapted`); recipes that cannot be made safe are in `Matches.refused`;
  - `await from_pantry(ingredients, k=5, constraints=...) -> PantryMatches` — ranked by how many
    pantry items a recipe uses, with `used` / `missing` lists, adapted the same way.
- `adapt_recipe(recipe, constraints, servings=None, units="metric", skill=None)
  -> AdaptedRecipe | Refusal` — substitutions applied to the ingredient list and the steps,
  quantities scaled and converted (the original line kept), equipment, warnings, nutrition per
  serving when the source has it, source and link. The final ingredient list is re-read by the
  allergen core: no line may contain an allergen of the constraint set, otherwise a `Refusal`
  that says why in a sentence; a line that only likely holds one stays unless a substitute is
  safe, and the coach's allergy check (`pipeline.safety.recipe_check`) names it.
- `remaining_hazards(lines, constraints)` — the invariant check itself (what the coach's output
  gating calls on any final ingredient list, including a model's): contained allergens, custom
  entries, dislikes and diet breaks.
- `parse_ingredient(line) -> ParsedIngredient` — the ingredient-line parser.
"""

from kairos.recipes.adapt import adapt_recipe, remaining_hazards
from kairos.recipes.constraints import CookConstraints
from kairos.recipes.models import (
    AdaptedIngredient,
    AdaptedRecipe,
    AdaptedStep,
    HealthScore,
    IngredientLine,
    Matches,
    Nutrition,
    PantryMatch,
    PantryMatches,
    ParsedIngredient,
    Recipe,
    RecipeMatch,
    Refusal,
    Substitution,
)
from kairos.recipes.parser import parse_ingredient
from kairos.recipes.repository import RecipeRepository

__all__ = [
    "AdaptedIngredient",
    "AdaptedRecipe",
    "AdaptedStep",
    "CookConstraints",
    "HealthScore",
    "IngredientLine",
    "Matches",
    "Nutrition",
    "PantryMatch",
    "PantryMatches",
    "ParsedIngredient",
    "Recipe",
    "RecipeMatch",
    "RecipeRepository",
    "Refusal",
    "Substitution",
    "adapt_recipe",
    "parse_ingredient",
    "remaining_hazards",
]

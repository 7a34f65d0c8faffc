"""Suggestions: the healthiest real recipes of the dish first, compared with its usual
versions; learned preferences move them; the gate refuses any final list that holds an
allergen."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from kairos.core.allergy_profile import AllergyProfile
from kairos.core.fit_scorer import TastePreferences
from kairos.meals.context import Context
from kairos.meals.dish_identity import identity_rank
from kairos.meals.dish_search import CachedRecipeRepository
from kairos.meals.gate import final_check
from kairos.meals.suggest import HEALTHIER_POINTS, KNOWN_SERVINGS_POINTS, meal_suggestions
from kairos.meals.understanding import read_message
from kairos.profiles.schemas import UserPublic
from kairos.recipes import CookConstraints, adapt_recipe

NOW = datetime.now(UTC)


def _context(constraints: CookConstraints, facts: list[tuple[str, float]] = ()) -> Context:  # type: ignore[assignment]
    user = UserPublic(
        uid=uuid.uuid4(), preferences=TastePreferences(), allergies=AllergyProfile(),
        allergy_flags=[], dietary_flags=[], vibe_tags=[], preferred_price_tiers=[],
        interaction_count=0, version=1, last_active_at=None, created_at=NOW,
    )  # fmt: skip
    return Context(user=user, request=read_message("lasagna"), household=False,
                   constraints=constraints, facts=list(facts))  # fmt: skip


async def test_healthiest_of_the_dish_first(runtime: Any) -> None:
    """Those shown healthier than the dish's other recipes first, then by health score; each is
    compared with the dish's other titled recipes, never with itself. A recipe of another kind
    named after the dish (a lasagna sauce) or lacking most of what defines it ranks after the
    dish's own recipes whatever its health (`dish_identity`)."""
    repo = CachedRecipeRepository(runtime.db, runtime.embedder)
    open_ = CookConstraints()
    candidates = await repo.dish_candidates("lasagna", constraints=open_)
    suggestions, _ = meal_suggestions(candidates, _context(open_), "lasagna")
    titled = {r.id for r, _, t in candidates if t}
    own = {r.id for r, _, t in candidates
           if t and identity_rank(r.title, [i.item for i in r.ingredients], "lasagna")[:2]
           == (False, False)}  # fmt: skip
    order = [
        s.health.score
        + HEALTHIER_POINTS
        * ((s.healthier.verdict == "healthier") - (s.healthier.verdict == "less_healthy"))
        + KNOWN_SERVINGS_POINTS * ("servings not stated" not in s.summary)
        for s in suggestions
        if s.healthier and s.source_recipe_ids[0] in own
    ]
    assert len(suggestions) == 3 and order == sorted(order, reverse=True)
    assert suggestions[0].healthier is not None
    assert suggestions[0].healthier.baseline_recipes == len(titled) - 1
    # a strong learned liking for a method moves a recipe that has it to the top
    method = next(t for s in suggestions[1:] for t in s.tags if t in ("bake", "boil", "fry"))
    liked, _ = meal_suggestions(candidates, _context(open_, [(f"like:{method}", 5.0)]), "lasagna")
    assert method in liked[0].tags


async def test_the_gate_refuses_a_final_list_with_an_allergen(runtime: Any) -> None:
    repo = CachedRecipeRepository(runtime.db, runtime.embedder)
    candidates = await repo.dish_candidates("mac and cheese", constraints=CookConstraints())
    recipe = next(r for r, _, _ in candidates if "dairy" in r.contains_allergens)
    unadapted = adapt_recipe(recipe, CookConstraints())
    dairy = CookConstraints(allergens={"dairy": "anaphylactic"})
    people = [("you", AllergyProfile(severity={"dairy": "anaphylactic"}))]
    reason = final_check(unadapted, dairy, people)  # type: ignore[arg-type]
    assert isinstance(reason, str) and "dairy allergy" in reason
    safe = adapt_recipe(recipe, dairy)
    if hasattr(safe, "ingredients"):
        check = final_check(safe, dairy, people)  # type: ignore[arg-type]
        assert not isinstance(check, str) and check.checked_for == ["you"]

"""The recipes repository against the real store, with the sample ingested at start."""

from __future__ import annotations

from typing import Any

import pytest

from kairos.errors import NotFound
from kairos.recipes import CookConstraints, RecipeRepository
from kairos.recipes.adapt import remaining_hazards
from kairos.recipes.pantry import pantry_order
from kairos.recipes.parser import parse_ingredient
from kairos.recipes.timing import split_time


async def test_similar_dishes_are_real_recipes_of_the_dish(runtime: Any) -> None:
    repo = RecipeRepository(runtime.db, runtime.embedder)
    found = await repo.similar_dishes("chocolate cake", k=3, constraints=CookConstraints())
    assert found.matches
    assert any("cake" in m.recipe.title.lower() for m in found.matches)
    scores = [m.score for m in found.matches]
    assert scores == sorted(scores, reverse=True)


async def test_matches_are_safe_for_an_anaphylactic_household(runtime: Any) -> None:
    repo = RecipeRepository(runtime.db, runtime.embedder)
    household = CookConstraints.union(
        [CookConstraints(allergens={"dairy": "anaphylactic"}),
         CookConstraints(allergens={"eggs": "severe", "gluten": "intolerance"})]
    )  # fmt: skip
    found = await repo.similar_dishes("pancakes", k=3, constraints=household)
    for match in found.matches:
        lines = [line.display for line in match.adapted.ingredients if not line.omitted]
        assert remaining_hazards(lines, household) == []
    assert found.matches or found.refused


async def test_pantry_ranks_by_what_the_items_make_of_the_dish(runtime: Any) -> None:
    repo = RecipeRepository(runtime.db, runtime.embedder)
    pantry = ["chicken", "garlic", "onion", "rice", "lemon"]
    found = await repo.from_pantry(pantry, k=5, constraints=CookConstraints())
    assert found.matches
    keys = [pantry_order(m.main, m.missing, m.score, m.missing_main) for m in found.matches]
    assert keys == sorted(keys)
    assert set(found.matches[0].used) <= {"chicken", "garlic", "onion", "rice", "lemon"}


async def test_get_loads_lines_and_unknown_id_is_not_found(runtime: Any) -> None:
    repo = RecipeRepository(runtime.db, runtime.embedder)
    found = await repo.similar_dishes("soup", k=1, constraints=CookConstraints())
    recipe = await repo.get(found.matches[0].recipe.id)
    assert recipe.ingredients and recipe.ingredients[0].original
    with pytest.raises(NotFound):
        await repo.get(-1)


async def test_pantry_puts_the_dish_using_most_of_the_cupboard_first(runtime: Any) -> None:
    """Chickpeas, tinned tomatoes, an onion and spinach: the first answer has at least as many
    of those as main ingredients as any other, and the chickpeas (the protein) among them."""
    repo = RecipeRepository(runtime.db, runtime.embedder)
    pantry = ["chickpeas", "a tin of tomatoes", "an onion", "a bag of spinach"]
    found = await repo.from_pantry(pantry, k=5, constraints=CookConstraints())
    assert len(found.matches) >= 2
    first, *rest = found.matches
    assert all(len(first.main) >= len(m.main) for m in rest)
    assert "chickpea" in first.main


async def test_a_stored_line_keeps_the_package_size_its_source_states(runtime: Any) -> None:
    """ "1 (29 ounce) can tomato sauce": the size reaches the coach from the store, so a scaled
    can is measured by its weight ("210 g"), not read as "¼ can" of an unknown can."""
    repo = RecipeRepository(runtime.db, runtime.embedder)
    found = await repo.similar_dishes("lasagna", k=5, constraints=CookConstraints())
    lines = [line for m in found.matches for line in (await repo.get(m.recipe.id)).ingredients]
    sized = [line for line in lines if parse_ingredient(line.original).size]
    assert sized
    assert [line.size for line in sized] == [parse_ingredient(line.original).size for line in sized]


async def test_an_item_no_answer_uses_gets_the_last_place_when_a_meal_has_it(
    runtime: Any,
) -> None:
    """Chicken, rice, broccoli and lime: the closest meals use the chicken and rice, none the
    broccoli; the last place goes to the best meal made mainly of broccoli."""
    repo = RecipeRepository(runtime.db, runtime.embedder)
    pantry = ["chicken", "rice", "broccoli", "lime"]
    found = await repo.from_pantry(pantry, k=5, constraints=CookConstraints())
    assert len(found.matches) == 5
    assert any("broccoli" in m.used for m in found.matches)
    assert "chicken" in found.matches[0].used


async def test_a_time_limit_leaves_out_a_recipe_whose_steps_wait_past_it(runtime: Any) -> None:
    """ "chicken, rice, broccoli and lime, 30 minutes" offered a satay stated as 30 min whose
    steps marinate it overnight (meals panel m11): the waits the steps name count against the
    cook's limit, in a pantry answer and a dish answer alike."""
    repo = RecipeRepository(runtime.db, runtime.embedder)
    limit = CookConstraints(max_minutes=30)
    pantry = ["chicken", "rice", "broccoli", "lime"]
    found = await repo.from_pantry(pantry, k=5, constraints=limit)
    dishes = await repo.similar_dishes("chicken satay", k=3, constraints=limit)
    assert found.matches and dishes.matches
    for match in (*found.matches, *dishes.matches):
        split = split_time(match.recipe.total_minutes, match.recipe.steps)
        assert split is None or split.total <= 30, (match.recipe.title, split)

"""A deep-fried recipe chosen for a "healthier" request is cooked the lighter way in its steps,
not only told it in a tip: the deep-frying step becomes the oven-frying one, the frying steps
after it go, and the steps after the frying (a gravy, serving) stay."""

from __future__ import annotations

from kairos.meals.lighter import lighter_steps, with_lighter_method
from kairos.recipes import CookConstraints, adapt_recipe
from kairos.recipes.derive import derive_recipe
from kairos.recipes.models import AdaptedStep, Refusal
from kairos.recipes.tags import METHODS

METHOD = "oven-fry instead of deep-frying: coat the pieces as written and bake at 220 °C"
STEPS = [
    "Whisk the flour, salt and paprika in a bowl.",
    "Dip the chicken in the buttermilk, then in the flour.",
    "Heat 5 cm of oil in a deep pan to 175 °C.",
    "Fry the chicken for 5 minutes a side until browned.",
    "Drain on paper towels; keep the frying oil for the gravy.",
    "Serve with the gravy.",
    "Whisk butter and flour in a saucepan, then the milk, to make the gravy.",
]


def _steps(texts: list[str]) -> list[AdaptedStep]:
    return [AdaptedStep(number=n, text=t, original=t) for n, t in enumerate(texts, start=1)]


def test_the_deep_frying_steps_become_the_oven_frying_step() -> None:
    steps = lighter_steps(_steps(STEPS), METHOD)
    assert steps is not None
    texts = [s.text for s in steps]
    assert texts[:2] == STEPS[:2]
    assert (
        texts[2]
        == "Oven-fry instead of deep-frying: coat the pieces as written and bake at 220 °C."
    )
    assert steps[2].changed
    assert texts[3:] == STEPS[5:]
    assert not [t for t in texts[3:] if METHODS["deep-fry"].search(t) or "fry" in t.lower()]
    assert [s.number for s in steps] == list(range(1, len(texts) + 1))


def test_steps_that_do_not_deep_fry_are_left_alone() -> None:
    assert lighter_steps(_steps(["Bake the chicken at 200 °C for 40 minutes."]), METHOD) is None


def test_oil_heated_before_the_coating_is_cooked_the_lighter_way_after_it() -> None:
    """Oil heated first, the pieces coated, then fried in batches and kept warm, then a sauce:
    the coating stays before the oven-frying step, the sauce after it."""
    texts = [
        "Marinate the chicken in the buttermilk for 1 hour.",
        "Heat 5 cm of oil in a deep pan to 175 °C.",
        "Mix the coating ingredients in a bowl.",
        "Dredge the chicken in the coating.",
        "Once the oil is hot enough, add 5 or 6 pieces.",
        "Cook for 3-5 minutes until golden brown.",
        "Keep warm in the oven while you cook the rest of the chicken.",
        "Meanwhile, make the sauce with the gochujang and honey.",
        "Pour the sauce over the chicken.",
    ]
    steps = lighter_steps(_steps(texts), METHOD)
    assert steps is not None
    assert [s.text for s in steps] == [
        *texts[:1], *texts[2:4], f"{METHOD[0].upper()}{METHOD[1:]}.", *texts[7:],
    ]  # fmt: skip


def test_oven_frying_drops_the_pan_of_frying_oil_from_the_lines_and_the_gravy() -> None:
    """Oven-fried, the pan of frying oil is the 1-2 tbsp brushed on, and a gravy made with the
    oil kept from the frying (or butter) is made with the butter: no 'frying oil' line is left."""
    row = {
        "recipe_id": "f-1", "title": "Chicken Fried Chicken", "yields": "4",
        "ingredients": [
            "4 chicken breasts", "1 cup flour", "1 cup buttermilk", "Oil for deep frying",
            "1/3 cup the used frying oil, or butter", "2 cups milk",
        ],
        "instructions": [
            "Dip the chicken in the buttermilk, then in the flour.",
            "Heat the oil in a deep fryer to 175 °C and deep-fry the chicken until golden.",
            "Drain on paper towels.",
            "Serve with the country gravy.",
            "For the gravy, stir together the reserved frying oil and flour, then the milk.",
        ],
    }  # fmt: skip
    recipe = derive_recipe(row)
    adapted = adapt_recipe(recipe, CookConstraints())
    assert not isinstance(adapted, Refusal)
    lighter = with_lighter_method(recipe, adapted, None)
    lines = [line.display for line in lighter.ingredients]
    assert not [line for line in lines if "frying" in line.lower()], lines
    assert "1–2 tbsp oil, to brush or spray" in lines
    assert any(line.endswith("butter") for line in lines), lines
    gravy = lighter.steps[-1].text
    assert "the butter and flour" in gravy and "frying" not in gravy, gravy

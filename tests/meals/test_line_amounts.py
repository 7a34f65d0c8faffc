"""One amount a cook can measure on every line (issue 37, items 3-4): a package's size read
wherever the source wrote it, a bottle or a small or large can by its usual size, no size
invented where none is known, the amount written twice said once, a line whose amount
follows a word ("Info 6 oz. Linguine") read from its amount."""

from __future__ import annotations

from kairos.recipes import CookConstraints, adapt_recipe
from kairos.recipes.derive import derive_recipe
from kairos.recipes.models import AdaptedRecipe


def _lines(ingredients: list[str], servings: int | None = None) -> list[str]:
    recipe = derive_recipe(
        {"recipe_id": "t-1", "title": "Weeknight Bake", "yields": "4 servings",
         "ingredients": ingredients, "instructions": ["Mix everything and bake."]}
    )  # fmt: skip
    adapted = adapt_recipe(recipe, CookConstraints(), servings=servings)
    assert isinstance(adapted, AdaptedRecipe)
    return [line.display for line in adapted.ingredients]


def test_a_size_written_after_the_package_weighs_it() -> None:
    """ "2 cans salmon (about 290 g; a usual can is 145 g), 170 g / 170 g each" contradicted
    itself: the size the source gives is the can's."""
    assert _lines(
        ["2 cans salmon (6 oz / 170 grams each)", "1 can (14½ ounces) diced tomatoes",
         "1 can chickpeas (16 ounce (drained, rinsed, patted dry))",
         "1 box (16 oz . 500 g) of spaghetti noodles", "1 can (4 ounce size) sliced mushrooms"]
    ) == [
        "2 cans salmon (170 g each)", "1 can tomatoes (410 g), diced",
        "1 can chickpeas (450 g), drained, rinsed, patted dry", "1 box spaghetti noodles (500 g)",
        "1 can mushrooms (115 g), sliced",
    ]  # fmt: skip
    assert _lines(["2 cans salmon (6 oz / 170 grams each)"], servings=2) == ["170 g salmon"]


def test_bottles_and_small_or_large_cans_by_their_usual_size_or_said_unknown() -> None:
    assert _lines(
        [
            "1 bottle dry red wine",
            "1 large can crushed tomatoes",
            "3 small cans tomato sauce",
            "1 package enoki mushrooms",
            "1 large can cinnamon rolls",
        ]
    ) == [
        "1 bottle dry red wine (a usual bottle is about 750 ml)",
        "1 can tomatoes (a usual large can is about 800 g), crushed",
        "3 cans tomato sauce (about 680 g; a usual small can is 225 g)",
        "1 package enoki mushrooms (package size not given)",
        "1 can cinnamon rolls (large can, size not given)",
    ]
    assert _lines(["1 large can crushed tomatoes"], servings=2) == [
        "400 g tomatoes (about ½ can; a usual large can is 800 g), crushed"
    ]


def test_the_amount_written_twice_is_said_once() -> None:
    assert _lines(
        ["1 1/4 cups all-purpose or plain flour, (6.3oz | 180g)", "500g (1 lb 2 oz) tomatoes",
         "210 ml (3/4 cup + 2 tbsp) water", "1 & 1/2 cup all-purpose flour 180 g",
         "2 cups stock (500 millilitres)", "3/4 stick (90 g / 3 oz) unsalted butter",
         "2-3 tbsp / 30-45 ml olive oil"]
    ) == [
        "155 g all-purpose or plain flour", "500 g tomatoes", "210 ml water",
        "190 g all-purpose flour", "470 ml stock", "85 g unsalted butter", "2–3 tbsp olive oil",
    ]  # fmt: skip


def test_an_amount_after_a_word_is_read_scaled_and_converted() -> None:
    assert _lines(
        [
            "Info 6 oz. Linguine",
            "Optional Glaze: ½ cup powdered sugar",
            "mirin: 60 ml",
            "green cabbage: 500 g, minced",
            "Juice of 1 lemon",
        ],
        servings=2,
    ) == [
        "85 g Linguine",
        "30 g powdered sugar, for the optional glaze",
        "30 ml mirin",
        "250 g green cabbage, minced",
        "Juice of 1 lemon",
    ]


def test_an_amount_added_to_another_is_one_amount_scaled_whole() -> None:
    """ "120 ml plus 2 tablespoons milk" scaled only its first part."""
    assert _lines(
        ["1 1/2 cups plus 3 tablespoons sugar", "2/3 + 1/4 cup semi-sweet chocolate chips",
         "3/4 cup minus 1 tbsp extra-virgin olive oil, divided",
         "4 teaspoons dry yeast dissolved in ½ cup of warm water"],
        servings=2,
    ) == [
        "170 g sugar", "75 g semi-sweet chocolate chips",
        "80 ml extra-virgin olive oil, divided", "2 tsp dry yeast dissolved in 60 ml of warm water",
    ]  # fmt: skip


def test_a_measure_read_as_the_item_is_the_lines_unit() -> None:
    assert _lines(
        ["4 to 5-pound boneless pork loin roast", "2 cups* water", "1 ½-inch knob ginger",
         "2 ¼-inch (0.5 cm) thick lemon slices"]
    ) == [
        "1810–2270 g boneless pork loin roast", "470 ml water", "4 cm knob ginger",
        "2¼ inch thick lemon slices, 0.5 cm",  # the size of each slice: not an amount
    ]  # fmt: skip


def test_sticks_of_butter_in_a_step_are_weighed_once() -> None:
    from kairos.recipes.step_amounts import adapt_step

    step = "Cream together 1 cup (2 sticks) unsalted butter and the sugar."
    assert adapt_step(step, 1.0, "metric") == "Cream together 230 g unsalted butter and the sugar."
    assert adapt_step("Add 2 cinnamon sticks.", 0.5, "metric") == "Add 2 cinnamon sticks."


def test_a_us_pan_by_its_bare_sides_is_given_in_centimetres() -> None:
    """ "a 9×13 baking dish" stayed unconverted for a metric cook (panel half A, m23's grader)."""
    from kairos.recipes.step_amounts import adapt_step

    assert adapt_step("Spread in a 9×13 baking dish.", 1.0, "metric") == (
        "Spread in a 23 x 33 cm baking dish."
    )
    assert adapt_step("Pour into an 8 x 8 pan.", 1.0, "metric") == "Pour into a 20 x 20 cm pan."
    assert adapt_step("Cut into 2x3 pieces.", 1.0, "metric") == "Cut into 2x3 pieces."


def test_two_preparations_joined_by_or_stay_together() -> None:
    """ "830 g or grated tomatoes, diced" (panel half A, m49's grader: a garble)."""
    assert _lines(
        ["500 g (17.5 ounces) diced or grated tomatoes", "2 tbsp minced or finely-chopped garlic"]
    ) == ["500 g tomatoes, diced or grated", "2 tbsp garlic, minced or finely-chopped"]


def test_a_metric_amount_then_the_same_in_us_units_keeps_the_metric_one() -> None:
    from kairos.recipes.step_amounts import clean_preparation

    said = clean_preparation("cut into pieces; 8 ea./800 g/1.8 lb", measured=False, factor=1.0,
                             units="metric")  # fmt: skip
    assert said == "cut into pieces; 8 ea./800 g"

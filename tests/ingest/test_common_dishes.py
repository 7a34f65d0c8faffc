"""The dishes cooks ask for (issue 37): the list, which titles name a dish, and the committed
recipe sample's coverage of it, with the source and licence of every Wikibooks recipe kept."""

from __future__ import annotations

from pathlib import Path

from kairos.ingest.common_dishes import common_dishes, coverage, names_dish
from kairos.ingest.recipes import read_recipe_rows
from kairos.recipes.derive import derive_recipe

SAMPLE = Path(__file__).parents[2] / "data" / "sample" / "recipes"


def _dish(name: str) -> tuple[str, ...]:
    return next(d for d in common_dishes() if name in d)


def test_at_least_a_hundred_common_dishes() -> None:
    assert len(common_dishes()) >= 100
    assert len({d[0] for d in common_dishes()}) == len(common_dishes())


def test_a_title_names_a_dish_by_its_words_not_by_a_part_of_it() -> None:
    assert names_dish("Spaghetti alla Bolognese", _dish("spaghetti bolognese"))
    assert names_dish("Macaroni and Cheese (Vegan)", _dish("mac and cheese"))
    assert names_dish("Basic Lasagne", _dish("lasagna"))
    assert not names_dish("Pad Thai Sauce", _dish("pad thai"))
    assert not names_dish("Chicken Stir-Fry", _dish("fried chicken"))


def test_the_sample_covers_the_dishes_people_ask_for() -> None:
    rows = list(read_recipe_rows(SAMPLE))
    covered, listed, missing = coverage(rows)
    assert covered / listed >= 0.9, missing
    for asked in ("pad thai", "spaghetti bolognese", "mac and cheese", "lasagna",
                  "shrimp scampi", "chili", "shepherd's pie", "chicken alfredo"):  # fmt: skip
        assert asked not in missing
    wikibooks = [r for r in rows if r["source_dataset"] == "wikibooks-cookbook"]
    assert wikibooks and all("CC BY-SA 4.0" in r["license"] for r in wikibooks)


def test_a_recipe_keeps_its_licence() -> None:
    row = {"recipe_id": "wb-1", "source_dataset": "wikibooks-cookbook", "title": "Basic Lasagna",
           "url": "https://en.wikibooks.org/wiki/Cookbook:Basic_Lasagna",
           "site_name": "Wikibooks Cookbook", "ingredients": ["1 lb lasagna noodles"],
           "instructions": ["Bake."], "license": "CC BY-SA 4.0 (Wikibooks)"}  # fmt: skip
    recipe = derive_recipe(row)
    assert recipe.licence == "CC BY-SA 4.0 (Wikibooks)" and recipe.host == "Wikibooks Cookbook"
    assert derive_recipe({**row, "license": None}).licence is None

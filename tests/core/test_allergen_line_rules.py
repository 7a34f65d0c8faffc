"""Allergen knowledge chosen on the third development extension of the hand-labelled lines
(`evals/allergen_lines/`, half A, set development-extension-3) and on an audit of the shared
recipe lines outside the labelled set: the cases are real lines of the shared recipe sets or
menus (none from half B; a few short ones written for the purpose), read by the core as a cook
or an allergic person means them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

from kairos.core.allergen_detection import detect_allergens
from kairos.evals.allergen_lines import evaluate_lines, render_lines_report


def read(text: str) -> set[tuple[str, str]]:
    return {(m.allergen, m.status) for m in detect_allergens(text)}


def allergens(text: str) -> set[str]:
    return {m.allergen for m in detect_allergens(text)}


@pytest.mark.parametrize(
    "line",
    [
        "1/2 cup Chardonnay", "¼ bottle of Riesling white wine", "1 ½ cups Pinot Noir wine",
        "1 cup Cabernet Sauvignon or other dry red wine", "1 cup red wine, preferably Chianti",
        "3 tablespoons Madeira", "1 cup Sauvignon Blanc, chilled",
    ],
)  # fmt: skip
def test_wine_named_by_its_grape_or_region_holds_sulphites(line: str) -> None:
    assert ("sulphites", "contains") in read(line)


def test_madeira_cake_is_the_sponge_not_the_wine() -> None:
    assert read("1 Madeira cake, sliced") == {
        ("gluten", "contains"), ("eggs", "contains"), ("dairy", "contains")
    }  # fmt: skip


@pytest.mark.parametrize(
    ("line", "wine"),
    [("1/4 cup Chinese rice wine", True), ("1 tablespoon Chinese rice wine", True),
     ("1/4 teaspoon Chinkiang vinegar", False), ("1-2 tbsp Chinese black vinegar", False)],
)  # fmt: skip
def test_chinese_brewed_wines_and_black_vinegars_hold_wheat(line: str, wine: bool) -> None:
    found = read(line)
    assert ("gluten", "contains") in found
    assert (("sulphites", "may_contain") in found) is wine


@pytest.mark.parametrize(
    "line",
    ["1 (18.25 ounce) package moist white cake mix", "1 (15 ounce) box yellow cake mix",
     "1 and 1/4 cup (190g) yellow or vanilla boxed cake mix (not the whole box and you just "
     "need the DRY mix)*"],
)  # fmt: skip
def test_a_dry_cake_mix_holds_wheat_but_not_the_eggs_the_cook_adds(line: str) -> None:
    assert read(line) == {("gluten", "contains"), ("dairy", "may_contain"), ("soy", "may_contain")}


def test_unsulphured_says_no_sulphites_were_added() -> None:
    assert allergens("1/2 cup unsulfured molasses") == set()
    assert allergens("3/4 cup (227g) unsulphured molasses (not blackstrap molasses)") == set()
    assert read("¼ cup blackstrap molasses") == {("sulphites", "may_contain")}
    assert read("1 cup molasses") == {("sulphites", "may_contain")}


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("4 Twinkies, halved", {("gluten", "contains"), ("eggs", "contains"),
                                ("dairy", "may_contain"), ("soy", "may_contain")}),
        ("100g Naked Tofoo, sliced", {("soy", "contains")}),
        ("4 ounces dry Chinese noodles", {("gluten", "contains"), ("eggs", "may_contain")}),
        ("Thousand Island dressing", {("eggs", "contains"), ("mustard", "may_contain")}),
        ("2 parts coarse-grained mustard", {("mustard", "contains"), ("sulphites", "may_contain")}),
        ("2-3 small bread and butter pickles", {("mustard", "contains")}),
        ("2 lb Pale 6-Row", {("gluten", "contains")}),
    ],
)  # fmt: skip
def test_products_are_read_with_what_they_are_made_of(
    line: str, expected: set[tuple[str, str]]
) -> None:
    assert read(line) == expected


def test_dishes_are_read_with_what_they_are_made_of() -> None:
    alfredo = read("Chicken Alfredo: Chicken, Butter, Cream, Parmesan cheese")
    assert {("gluten", "contains"), ("eggs", "may_contain")} <= alfredo
    assert ("gluten", "contains") not in read("1 (15 ounce) jar Alfredo sauce")  # the sauce alone
    parmesan = read("Eggplant Parmesan: Eggplant, Olive oil, Marinara sauce, cheese")
    assert {("dairy", "contains"), ("gluten", "may_contain"), ("eggs", "may_contain")} <= parmesan
    assert read("Chicken Fajitas: Chicken, Vegetable oil, Fajita seasoning") == {
        ("gluten", "may_contain")
    }


@pytest.mark.parametrize(
    "line",
    ["4 pounds (1.8 kg) gravy beef", "Stuffed Cabbage Rolls: Cabbage, Olive oil, Ground meat, rice",
     "1 packet fajita seasoning", "Chicken Biryani: Chicken, Ghee, Basmati rice, spices"],
)  # fmt: skip
def test_words_that_only_look_like_an_allergen_bring_none_of_their_own(line: str) -> None:
    assert not allergens(line) - {"dairy"}  # the biryani's ghee is milk; nothing else is there


def test_vegan_parmesan_is_not_milk_but_usually_nuts() -> None:
    assert read("1 cup vegan parmesan cheese (115g)") == {("tree_nuts", "may_contain")}


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("3.5 oz. bag crunchy wonton strips or crunchy chow mein noodles",
         {("gluten", "contains"), ("eggs", "may_contain")}),
        ("½ pound dry wonton noodles", {("gluten", "contains"), ("eggs", "may_contain")}),
        ("1/4 cup tonkatsu sauce or barbeque sauce",
         {("gluten", "may_contain"), ("soy", "may_contain"), ("mustard", "may_contain"),
          ("sulphites", "may_contain")}),
        ("2 (21-ounce) cans cherry pie filling", set()),
        ("2 boxes (3.4 oz each) Jell-O™ vanilla-flavor instant pudding & pie filling mix",
         {("dairy", "may_contain")}),
        ("1 cup (100 g / 3.5 oz) granola, rolled oats or Grape-Nuts",
         {("gluten", "contains"), ("tree_nuts", "may_contain")}),
        ("3 tbsp cream of wheat", {("gluten", "contains")}),
        ("1 dessert spoon (2.5 teaspoons) yeast extract spread (Marmite)",
         {("gluten", "contains"), ("celery", "may_contain")}),
    ],
)  # fmt: skip
def test_a_product_is_not_the_dish_or_the_food_its_name_borrows(
    line: str, expected: set[tuple[str, str]]
) -> None:
    """Noodles and wrapper strips are not the filled dish (no shrimp, no soy sauce), tonkatsu
    sauce is not the breaded cutlet (no egg), pie filling is not pastry, Grape-Nuts hold no
    nuts and cream of wheat no cream."""
    assert read(line) == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("2 tablespoons chicken soup base", {("celery", "may_contain"), ("gluten", "may_contain")}),
        ("Vegeta to taste, approximately 1 tablespoon", {("celery", "contains")}),
        ("1 (10.75 ounce) can condensed tomato soup", {("gluten", "may_contain")}),
        ("2 c. Golden Grahams cereal", {("gluten", "contains")}),
        ("6 cups Rice Krispie cereal", {("gluten", "contains")}),
        ("1 pkt Ranch Seasoning", {("dairy", "may_contain")}),
        ("8 ea. 3-inch hamburger or potato buns, split in half",
         {("gluten", "contains"), ("dairy", "may_contain")}),
        ("1/2 c . I Can't Believe It's Not Butter!&#174; Spread", {("dairy", "may_contain")}),
    ],
)  # fmt: skip
def test_soup_bases_seasoning_mixes_cereals_and_breads_named_by_kind_or_brand(
    line: str, expected: set[tuple[str, str]]
) -> None:
    """Lines the reader read as holding nothing, found by auditing the shared recipes' lines
    that name no allergen."""
    assert read(line) == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Zucchini Noodles: Zucchini, Olive oil, Garlic, herbs", set()),
        ("1 spaghetti squash", set()),
        ("8 oz konjac noodles, rinsed", set()),
        ("1 cauliflower pizza crust", {("eggs", "may_contain"), ("dairy", "may_contain")}),
        ("8 almond flour tortillas", {("tree_nuts", "contains")}),
        ("1 cup egg substitute", {("eggs", "may_contain")}),
        ("1 lb spaghetti", {("gluten", "contains")}),
    ],
)  # fmt: skip
def test_vegetables_shaped_like_pasta_hold_no_wheat(
    line: str, expected: set[tuple[str, str]]
) -> None:
    """The words "noodles", "spaghetti" and "crust" inside a vegetable's name are its shape,
    not wheat; a carton egg substitute is egg white."""
    assert read(line) == expected


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("2 beef stock cubes", {("celery", "may_contain"), ("gluten", "may_contain")}),
        ("1 tablespoon (10g) bouillon powder",
         {("celery", "may_contain"), ("gluten", "may_contain"), ("soy", "may_contain")}),
        ("2 teaspoons yellow curry powder", {("mustard", "may_contain")}),
        ("1 tablespoon Korean chile bean paste", {("soy", "contains"), ("gluten", "contains")}),
        ("1 Kaiser bun, sliced in half", {("gluten", "contains")}),
        ("1 lb filet of pike", {("fish", "contains")}),
        ("3 dessert spoons Musca or sweet port", {("sulphites", "contains")}),
        ("1 cup (250 ml / 8.5 oz) non-skim milk", {("dairy", "contains")}),
    ],
)  # fmt: skip
def test_a_longer_word_keeps_what_its_kind_holds(line: str, expected: set[tuple[str, str]]) -> None:
    """Found by reading every shared recipe line with an independent checker's word lists: a
    shorter word inside ("beef stock", "yellow curry", "bun", "pike", "port", "skim milk")
    used to decide the reading and lose what the whole word holds."""
    assert read(line) == expected


def test_the_half_a_report_lists_what_the_reader_wrongly_flags(tmp_path: Path) -> None:
    rows = [
        {"id": "x#1", "source": "recipes", "half": "A", "text": "1 cup white wine",
         "contains": [], "likely": [], "note": "deliberately unlabelled"},
        {"id": "x#2", "source": "recipes", "half": "A", "text": "2 eggs",
         "contains": ["eggs"], "likely": ["dairy"], "note": ""},
    ]  # fmt: skip
    lines = tmp_path / "lines.jsonl"
    lines.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    report = evaluate_lines(lines, "A")
    console = Console(record=True, width=200)
    render_lines_report(report, console)
    text = console.export_text()
    assert "1 allergens reported that no label names" in text
    assert "sulphites  (none) 1 cup white wine" in text
    assert "dairy      (likely) 2 eggs" in text
    assert report.overall.precision == 0.5


@pytest.mark.parametrize(
    "line",
    ["1 (7.6 ounce) package instant mashed potato flakes", "2 cups instant mashed potatoes",
     "1 cup mashed potato flakes"],
)  # fmt: skip
def test_instant_mashed_potato_is_likely_sulphited_like_potato_flakes(line: str) -> None:
    # found by bench/meal_allergy_check.py: 'mashed potato' (dairy likely) took the line and
    # the flakes' sulphite preservative was lost
    assert ("sulphites", "may_contain") in read(line)


@pytest.mark.parametrize(
    "line",
    ["6 Pickled Scallions", "2 tablespoons minced pickled ginger", "Beni shōga (pickled ginger)",
     "2 slices pickled jalapeno pepper, finely chopped", "1 cup dill pickles, chopped",
     "1 or more pickled gherkin, chopped", "12 cornichons"],
)  # fmt: skip
def test_vegetables_in_vinegar_or_brine_may_hold_sulphites(line: str) -> None:
    # the independent meal checker's 1,000 cooks: an anaphylactic sulphite allergy was served
    # '6 Pickled Scallions' with no word; the EU allows E220-E228 in vegetables in vinegar
    assert ("sulphites", "may_contain") in read(line)

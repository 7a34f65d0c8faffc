"""The allergen knowledge base: the Open Food Facts taxonomy table, the derived rules, words read
by kind (compounds, plurals, hyphens, spacing), what a person's words cover, and lines the
knowledge cannot read."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from kairos.core.allergen_detection import detect_allergens
from kairos.core.allergens import is_known_food
from kairos.core.allergy_change import AllergyChange, apply_change
from kairos.core.allergy_profile import AllergyProfile, coverage
from kairos.core.lexicon import food_lexicon, read_table
from kairos.ingest.allergen_taxonomy import build_from, build_table, read_taxonomy
from kairos.pipeline.safety import UnsafeToShow, group_profile, recipe_check
from tests.conftest import SHARED_DATA

CORE_DATA = Path(__file__).resolve().parents[2] / "src" / "kairos" / "core" / "data"


def read(text: str) -> set[tuple[str, str]]:
    return {(m.allergen, m.status) for m in detect_allergens(text)}


@pytest.mark.parametrize(
    ("line", "allergen"),
    [
        ("8 oz crabmeat", "shellfish"), ("8 oz crab meat", "shellfish"),
        ("1 cup half-and-half", "dairy"), ("1 cup half and half", "dairy"),
        ("1 package phyllo dough", "gluten"), ("6 sheets filo pastry", "gluten"),
        ("8 oz rigatoni", "gluten"), ("1/2 cup dry sherry", "sulphites"),
        ("1 (750 ml) bottle dry red wine", "sulphites"), ("2 tbsp Marsala", "sulphites"),
        ("1/4 cup dry vermouth", "sulphites"), ("2 tbsp balsamic vinegar", "sulphites"),
        ("1 cup champagne", "sulphites"), ("1 cup white wine vinegar", "sulphites"),
        ("4 hamburger bun", "gluten"), ("1 cup cream of mushroom soup", "dairy"),
        ("7oz Fresh homemade dough, room temperature", "gluten"),
    ],
)  # fmt: skip
def test_words_the_core_did_not_know_are_contains(line: str, allergen: str) -> None:
    assert (allergen, "contains") in read(line)


@pytest.mark.parametrize(
    ("line", "allergen", "because"),
    [
        ("2 tbsp green curry paste", "shellfish", "shrimp paste"),
        ("1 cup chicken stock", "celery", "celery"),
        ("2 stock cubes", "celery", "celery"),
        ("1 cup semisweet chocolate chips", "dairy", "milk"),
        ("1/2 cup dried cranberries", "sulphites", "sulphites"),
        ("2 cups lo mein", "soy", "soy sauce"),
        ("1 tbsp Thai chile paste", "shellfish", "shrimp paste"),
        ("1 tbsp roasted chili paste", "fish", "fish sauce"),
    ],
)
def test_products_that_usually_hold_an_allergen_are_likely_with_a_reason(
    line: str, allergen: str, because: str
) -> None:
    mentions = [m for m in detect_allergens(line) if m.allergen == allergen]
    assert mentions and all(m.status == "may_contain" for m in mentions)
    assert mentions[0].reason and because in mentions[0].reason


@pytest.mark.parametrize(
    "text",
    ["the sole reason we came", "they were out of stock", "I am fond of this place",
     "a block from the Port Authority", "white vinegar", "2 tbsp rice vinegar",
     "1 can coconut milk", "2 tbsp cocoa butter", "1 tsp apple pie spice",
     "½ teaspoon pumpkin pie spice", "1/2 pound Korean dang myun noodles",
     "200 g sweet potato noodles", "Heat the oil in a pan over medium heat.",
     "Cook over medium-high heat for 5 minutes", "simmer over medium-low, stirring"],
)  # fmt: skip
def test_false_friends_stay_silent(text: str) -> None:
    assert read(text) == set()


@pytest.mark.parametrize(
    "text", ["two eggs over medium", "over medium with toast and bacon", "fried over easy"]
)
def test_an_egg_asked_over_medium_is_still_eggs(text: str) -> None:
    assert ("eggs", "contains") in read(text)


def test_a_longer_word_carries_what_its_parts_carry() -> None:
    assert read("9 oz cheese tortellini") >= {("dairy", "contains"), ("gluten", "contains")}
    assert ("gluten", "contains") in read("2 tbsp dark soy sauce")
    assert ("dairy", "contains") not in read("2 tbsp hazelnut butter")  # butter is its form
    # the hand list's doubt wins: refined soybean oil is exempt from labelling
    assert read("partially hydrogenated soybean oil") == {("soy", "may_contain")}


def test_a_negation_reaches_only_the_word_it_follows() -> None:
    assert ("gluten", "contains") in read("fiber (wheat gluten-free fiber, pea fiber)")
    assert read("gluten-free bread") == set()


def test_shellfish_as_people_say_it_covers_molluscs() -> None:
    wide = AllergyProfile(confirmed=["shellfish"], severity={"shellfish": "anaphylactic"})
    assert wide.severity == {"shellfish": "anaphylactic", "molluscs": "anaphylactic"}
    assert AllergyProfile.model_validate(wide.model_dump()) == wide
    assert ("molluscs", "contains") in read("clam chowder")
    assert ("molluscs", "may_contain") in read("a shellfish platter")
    assert coverage(wide)[0].startswith("Shellfish: crustaceans and molluscs")


def test_crustaceans_narrow_it_and_the_narrowing_is_kept() -> None:
    narrow = AllergyProfile(confirmed=["crustaceans"])
    assert narrow.allergens == ["shellfish"] and narrow.crustaceans_only
    again = AllergyProfile.model_validate(narrow.model_dump())
    assert again == narrow
    assert group_profile([narrow]).allergens == ["shellfish"]
    assert "molluscs are not kept out" in coverage(narrow)[0]
    # naming a mollusc widens it again; removing molluscs narrows a wide one
    assert "molluscs" in AllergyProfile(confirmed=["crustaceans", "squid"]).allergens
    wide = AllergyProfile(confirmed=["shellfish"])
    assert apply_change(wide, AllergyChange(remove=["molluscs"])).allergens == ["shellfish"]


def test_nuts_say_that_peanuts_are_included() -> None:
    lines = coverage(AllergyProfile(confirmed=["nuts"]))
    assert lines == [lines[0]] and lines[0].startswith("Nuts: tree nuts") and "peanuts" in lines[0]


def test_a_line_naming_no_known_food_is_unread_never_safe() -> None:
    assert not is_known_food("1 cup frobnitz paste")
    assert is_known_food("2 zucchini, sliced") and is_known_food("1 tbsp gochugaru")
    check = recipe_check(
        ["2 cups rice", "1 cup frobnitz paste"], [("you", AllergyProfile(confirmed=["celery"]))]
    )
    assert check.unread == ["1 cup frobnitz paste"] and check.verdict == "caution"


def test_recipe_check_refuses_contains_and_names_likely_lines() -> None:
    sam = AllergyProfile(confirmed=["shellfish"], severity={"shellfish": "anaphylactic"})
    people = [("you", AllergyProfile(confirmed=["peanuts"])), ("Sam", sam)]
    with pytest.raises(UnsafeToShow):
        recipe_check(["1 cup salted peanuts"], people)
    check = recipe_check(["2 tbsp red curry paste", "1 cup jasmine rice"], people)
    assert check.verdict == "danger" and check.checked_for == ["you", "Sam"]
    risk = next(r for r in check.risks if r.allergen == "shellfish")
    assert risk.status == "likely" and risk.who == ["Sam"] and "shrimp paste" in risk.message


TAXONOMY = """
en: dairy, dairy products
allergens:en: en:milk

< en:dairy
en: cheese

< en:cheese
en: feta

en: wine

< en:wine
en: port, port wine

en: broth, stock

< en:broth
en: chicken broth, chicken stock

en: zucchini
"""

RULES = {
    "ambiguous": ["port"],
    "kind": [
        {"under": ["en:wine"], "allergens": ["sulphites"], "status": "contains", "reason": "w"},
        {"under": ["en:broth"], "allergens": ["celery"], "status": "likely", "reason": "b"},
    ],
}


def test_the_taxonomy_is_read_by_kind(tmp_path: Path) -> None:
    path = tmp_path / "ingredients.txt"
    path.write_text(TAXONOMY)
    rows = {r.name: r for r in build_table(read_taxonomy(path), RULES)}
    assert rows["feta"].contains == ("dairy",)  # through cheese, then dairy
    assert rows["port wine"].contains == ("sulphites",) and rows["port wine"].reason == "w"
    assert rows["port"].contains == ()  # ambiguous: a known food, no allergen read from it
    assert rows["chicken stock"].likely == ("celery",) and not rows["chicken stock"].contains
    assert rows["zucchini"].contains == rows["zucchini"].likely == ()


def test_the_shipped_table_carries_its_attribution_and_reads() -> None:
    head = gzip.decompress((CORE_DATA / "ingredient_allergens.tsv.gz").read_bytes())[:400]
    assert b"Open Food Facts" in head and b"ODbL" in head
    names = {row.name for row in read_table()}
    assert {"feta", "crabmeat", "red wine"} <= names


def test_the_shipped_table_is_built_from_the_shared_taxonomy(tmp_path: Path) -> None:
    taxonomy = SHARED_DATA / "off_taxonomy"
    if not taxonomy.exists():
        pytest.skip("../shared/data/off_taxonomy is not present")
    out = tmp_path / "table.tsv.gz"
    build_from(taxonomy, CORE_DATA / "derived_allergens.toml", out)
    assert out.read_bytes() == (CORE_DATA / "ingredient_allergens.tsv.gz").read_bytes()


@pytest.mark.parametrize(
    ("dislike", "line"),
    [
        ("onions", "1 onion, diced"), ("bell peppers", "2 red bell pepper, sliced"),
        ("lemongrass", "1 stalk lemon grass"), ("lemon grass", "2 tbsp lemongrass paste"),
        ("tomatoes", "2 cups marinara sauce"), ("tomato", "1/4 cup ketchup"),
        ("tomatoes", "1/2 cup sun-dried tomatoes"), ("avocado", "1 cup guacamole"),
        ("eggplant", "1 large aubergine"), ("cilantro", "a handful of fresh coriander"),
        # the outside dislike checker (bench/meal_dislike_check.py, 1,000 cooks) found these kept
        ("brussels sprouts", "240 ml brussel sprouts, halved"),
        ("lamb", "1130 g deboned mutton, cut in chunks"),
    ],
)  # fmt: skip
def test_dislikes_are_read_as_foods_not_spellings(dislike: str, line: str) -> None:
    found = [m.allergen for m in detect_allergens(line, food_lexicon((dislike,)))]
    assert found == [dislike]


def test_a_dislike_does_not_reach_other_foods() -> None:
    lexicon = food_lexicon(("lemongrass", "onions"))
    assert detect_allergens("juice of 1 lemon, onion-free stock", lexicon) == []

"""The allergen detector measured on real Open Food Facts labels (../shared/data)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from rich.console import Console

from kairos.evals.allergens import (
    AllergenEvalReport,
    evaluate_allergens,
    off_tag_allergens,
    product_half,
    render_allergen_report,
)

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "openfoodfacts"
MAIN_FILE = DATA / "off_products_en_allergens.jsonl.gz"
needs_data = pytest.mark.skipif(
    not MAIN_FILE.exists(), reason=f"Open Food Facts sample not found at {MAIN_FILE}"
)


@pytest.fixture(scope="module")
def report() -> AllergenEvalReport:
    return evaluate_allergens(MAIN_FILE)


@pytest.fixture(scope="module")
def label_report() -> AllergenEvalReport:
    return evaluate_allergens(MAIN_FILE, "label")


def test_tag_mapping() -> None:
    assert off_tag_allergens("en:milk") == ("dairy",)
    assert off_tag_allergens("en:nuts") == ("tree_nuts",)
    assert off_tag_allergens("en:sulphur-dioxide-and-sulphites") == ("sulphites",)
    assert off_tag_allergens("fr:avoine") == ("gluten",)
    assert off_tag_allergens("en:gelatin") == ()


def test_small_file_and_json_shape(tmp_path: Path) -> None:
    rows = [
        {
            "code": "1",
            "ingredients_text_en": "wheat flour, milk",
            "allergens_tags": ["en:gluten", "en:milk"],
        },
        {"code": "2", "ingredients_text_en": "sugar, cocoa", "allergens_tags": ["en:nuts"]},
        {
            "code": "3",
            "ingredients_text_en": "soy lecithin, eggs",
            "allergens_tags": ["en:soybeans"],
        },
        {"code": "4", "ingredients_text_en": "water", "allergens_tags": []},
    ]
    path = tmp_path / "off.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.writelines(json.dumps(row) + "\n" for row in rows)
    report = evaluate_allergens(path)
    data = report.model_dump()
    assert set(data["overall"]) == {"recall", "precision", "support"}
    assert data["overall"] == {"recall": 0.75, "precision": 0.75, "support": 4}
    assert data["per_allergen"]["tree_nuts"] == {"recall": 0.0, "precision": None, "support": 1}
    assert [(m["product_id"], m["allergen"]) for m in data["misses"]] == [("2", "tree_nuts")]
    assert [(d["product_id"], d["allergen"]) for d in data["detected_untagged"]] == [("3", "eggs")]
    assert report.labelled_products == 3 and report.products == 4
    console = Console(record=True, width=120)
    render_allergen_report(report, console)
    assert "tree_nuts" in console.export_text()


@needs_data
def test_recall_floor_on_the_real_file(report: AllergenEvalReport) -> None:
    """Guards what is measured today. Every remaining miss is a label the English text does not
    support (text cut at 255 characters by the source export, or a tag the text contradicts);
    see the report's misses. Raise these floors when the data allow."""
    assert report.overall.recall is not None and report.overall.recall >= 0.985
    for name, score in report.per_allergen.items():
        if score.support >= 20:
            assert score.recall is not None and score.recall >= 0.90, name
    assert len(report.misses) == round(report.overall.support * (1 - report.overall.recall))


def test_no_support_means_no_recall(tmp_path: Path) -> None:
    path = tmp_path / "off.jsonl"
    row = {"code": "9", "ingredients_text_en": "milk, sesame", "allergens_tags": ["en:milk"]}
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    sesame = evaluate_allergens(path).per_allergen["sesame"]
    assert (sesame.recall, sesame.precision, sesame.support) == (None, 0.0, 0)


@needs_data
@pytest.mark.xfail(
    strict=True,
    reason=(
        "Issue 3 targets (recall >= 0.99 overall, >= 0.95 per allergen with >= 20 products) sit "
        "above what the labels allow: 19 of 1,641 tagged allergens (1.2%) have no support in "
        "the English ingredient text, so the ceiling is 0.988 overall and 0.91 for eggs."
    ),
)
def test_issue_targets_on_the_real_file(report: AllergenEvalReport) -> None:
    assert report.overall.recall is not None and report.overall.recall >= 0.99
    for name, score in report.per_allergen.items():
        if score.support >= 20:
            assert score.recall is not None and score.recall >= 0.95, name


def test_label_reading_reads_the_name_and_the_original_language(tmp_path: Path) -> None:
    rows = [
        {  # the English text was cut to the filling; the name says what the dough is
            "code": "1",
            "product_name": "Cheese Ravioli",
            "ingredients_text_en": "FILLING: RICOTTA CHEESE (MILK, WHEY), SALT",
            "allergens_tags": ["en:gluten", "en:eggs", "en:milk"],
        },
        {  # the English field is another product's; the label's own language is right
            "code": "2",
            "product_name": "Gaufres",
            "ingredients_text_en": "blueberries, sugar, pectin",
            "ingredients_text_original": "Farine de _blé_, sucre, _œufs_ 23%",
            "allergens_tags": ["en:gluten", "en:eggs"],
        },
        {  # a "GLUTEN FREE" in the name never clears the wheat of the ingredients
            "code": "3",
            "product_name": "Gluten free crackers",
            "ingredients_text_en": "wheat flour, salt",
            "allergens_tags": ["en:gluten"],
        },
    ]
    path = tmp_path / "off.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.writelines(json.dumps(row) + "\n" for row in rows)
    ingredients = evaluate_allergens(path)
    label = evaluate_allergens(path, "label")
    assert ingredients.reading == "ingredients" and ingredients.fields == ["ingredients_text_en"]
    assert sorted((m.product_id, m.allergen) for m in ingredients.misses) == [
        ("1", "eggs"), ("1", "gluten"), ("2", "eggs"), ("2", "gluten"),
    ]  # fmt: skip
    assert label.misses == [] and label.overall.recall == 1.0
    assert label.labelled_products == ingredients.labelled_products == 3


@needs_data
def test_label_reading_reaches_the_issue_targets_on_the_real_file(
    label_report: AllergenEvalReport, report: AllergenEvalReport
) -> None:
    """What a person reads on the pack (name + every ingredients text) meets the targets the
    English ingredients alone cannot, on the same products."""
    assert label_report.labelled_products == report.labelled_products
    assert label_report.overall.recall is not None and label_report.overall.recall >= 0.99
    for name, score in label_report.per_allergen.items():
        if score.support >= 20:
            assert score.recall is not None and score.recall >= 0.95, name


def test_halves_split_by_a_stable_hash_of_the_barcode(tmp_path: Path) -> None:
    """The split must never move: changes are chosen on half A and judged on half B."""
    assert [product_half(code) for code in ("1", "2", "3", "4")] == ["B", "B", "A", "A"]
    assert product_half("0000111301201") == product_half(" 0000111301201 ") == "B"
    rows = [
        {"code": code, "ingredients_text_en": "wheat flour", "allergens_tags": ["en:gluten"]}
        for code in ("1", "2", "3", "4", "5")
    ]
    path = tmp_path / "off.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    whole = evaluate_allergens(path, "label")
    a, b = (evaluate_allergens(path, "label", half) for half in ("A", "B"))
    assert (a.half, b.half, whole.half) == ("A", "B", None)
    assert a.products + b.products == whole.products == 5
    assert a.overall.support + b.overall.support == whole.overall.support


def test_original_reading_scores_only_labels_not_in_english(tmp_path: Path) -> None:
    rows = [
        {  # a German label: only its own text is read
            "code": "1",
            "ingredients_text_en": "durum wheat semolina",
            "ingredients_text_original": "Hartweizengrieß",
            "allergens_tags": ["en:gluten"],
        },
        {  # an English label: its "original" text is the English one, so it is not scored
            "code": "2",
            "ingredients_text_en": "wheat flour",
            "ingredients_text_original": "wheat flour",
            "allergens_tags": ["en:gluten"],
        },
        {  # a Polish label whose own text names nothing the tags say
            "code": "3",
            "ingredients_text_en": "oat flakes, milk",
            "ingredients_text_original": "płatki owsiane",
            "allergens_tags": ["en:gluten", "en:milk"],
        },
    ]
    path = tmp_path / "off.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    report = evaluate_allergens(path, "original")
    assert report.fields == ["ingredients_text_original"] and report.labelled_products == 2
    assert report.overall.support == 3 and report.overall.recall == round(2 / 3, 4)
    assert [(m.product_id, m.allergen) for m in report.misses] == [("3", "dairy")]

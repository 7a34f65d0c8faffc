"""The aspects and absa suites and their rank metrics, on small files and on the real shared data.

Quality targets are reported by the suites, not asserted here: these tests check that the figures
are computed and sane.
"""

from __future__ import annotations

import gzip
import json
import math
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from kairos.evals.absa import PUBLISHED_BEST, evaluate_absa, predict, render_absa_report
from kairos.evals.aspects import evaluate_aspects, render_aspect_report
from kairos.evals.metrics import average_ranks, roc_auc, spearman

SHARED = Path(__file__).resolve().parents[2].parent / "shared/data"
RESTAURANTS = SHARED / "restaurant_reviews/restaurants.jsonl.gz"
REVIEWS = SHARED / "restaurant_reviews/reviews.jsonl.gz"
ABSA = SHARED / "absa_restaurants/semeval2014_restaurants_train.jsonl.gz"


def write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "wt", encoding="utf-8") as handle:
        handle.writelines(json.dumps(row) + "\n" for row in rows)
    return path


def test_rank_metrics_match_hand_computed_values() -> None:
    assert average_ranks([10, 20, 20, 30]) == [1.0, 2.5, 2.5, 4.0]
    assert roc_auc([0.1, 0.4, 0.35, 0.8], [False, False, True, True]) == 0.75
    assert roc_auc([1, 1, 1], [True, False, True]) == 0.5
    assert roc_auc([3, 2, 1], [True, False, False]) == 1.0
    assert math.isnan(roc_auc([1, 2], [True, True]))
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # scipy.stats.spearmanr([1, 2, 2, 3, 5], [2, 1, 3, 3, 4]).statistic == 0.7631578947368421
    assert spearman([1, 2, 2, 3, 5], [2, 1, 3, 3, 4]) == pytest.approx(0.7631578947368421)
    assert math.isnan(spearman([1, 1, 1], [1, 2, 3]))
    with pytest.raises(ValueError):
        roc_auc([1.0], [True, False])


def place(rid: str, **attributes: Any) -> dict[str, Any]:
    return {
        "restaurant_id": rid,
        "source": "yelp_boston_cambridge",
        "price_level": attributes.pop("price", 2),
        "attributes": attributes,
    }


def test_aspects_suite_on_a_small_split(tmp_path: Path) -> None:
    quiet_romantic = {"romantic": True, "intimate": False, "casual": False, "classy": True}
    loud_casual = {"romantic": False, "intimate": False, "casual": True, "classy": False}
    restaurants = [
        place("a", Ambience=quiet_romantic, NoiseLevel="quiet", price=4, GoodForKids=False),
        place("b", Ambience=loud_casual, NoiseLevel="loud", price=1, GoodForKids=True),
        place("c", Ambience=loud_casual, NoiseLevel="very_loud", price=1, GoodForKids=True),
        {"restaurant_id": "t", "source": "tripadvisor_london", "attributes": {}},
    ]
    texts = {
        "a": "So romantic and quiet. An elegant, intimate room for our anniversary.",
        "b": "Loud, casual and cheap. Great for the kids.",
        "c": "Way too noisy, a cheap casual spot. Our kids loved it.",
        "t": "Romantic.",
    }
    reviews = [
        {"review_id": f"{rid}{i}", "restaurant_id": rid, "text": text}
        for rid, text in texts.items()
        for i in range(3)
    ]
    report = evaluate_aspects(
        write_jsonl(tmp_path / "r.jsonl.gz", restaurants),
        write_jsonl(tmp_path / "v.jsonl", reviews),
    )
    assert report.places_scored == 3 and report.reviews_scored == 9
    figures = {f.name: f for f in report.figures}
    assert figures["romance"].value == 1.0
    assert (figures["romance"].positives, figures["romance"].negatives) == (1, 2)
    assert figures["quietness"].value == 1.0
    assert figures["quietness (ordinal)"].value is not None
    assert figures["quietness (ordinal)"].value < 0
    assert figures["value for money"].value is not None and figures["value for money"].value < 0
    assert figures["divey"].value is None and figures["divey"].met is None
    json.dumps(report.model_dump())
    with pytest.raises(FileNotFoundError, match="--reviews"):
        evaluate_aspects(tmp_path / "r.jsonl.gz", tmp_path / "missing.jsonl")


def test_absa_suite_on_a_small_file(tmp_path: Path) -> None:
    rows = [
        {"text": "The staff was so horrible to us.", "aspect_categories": [
            {"category": "service", "polarity": "negative"}]},
        {"text": "Great pizza, but pricey.", "aspect_categories": [
            {"category": "food", "polarity": "positive"},
            {"category": "price", "polarity": "negative"}]},
        {"text": "We will be back.", "aspect_categories": [
            {"category": "anecdotes/miscellaneous", "polarity": "positive"}]},
    ]  # fmt: skip
    report = evaluate_absa(write_jsonl(tmp_path / "absa.jsonl", rows))
    assert report.sentences == 3 and report.gold_categories == 4
    assert report.detection_f1 == 1.0 and report.polarity_accuracy == 1.0
    assert report.published_best == PUBLISHED_BEST
    assert predict("Romantic decor but deafening noise.") == {"ambience": "conflict"}
    json.dumps(report.model_dump())


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # No opinion word, no aspect named: an anecdote, neutral.
        ("We went there for her birthday.", {"anecdotes/miscellaneous": "neutral"}),
        # No opinion word, an aspect named: annotators mostly read it as positive.
        ("They have a garden.", {"ambience": "positive"}),
        ("Love the jazz band on Fridays.", {"ambience": "positive"}),
        ("The seats are uncomfortable.", {"ambience": "negative"}),
        ("The dinner was forgettable.", {"food": "negative"}),
        ("It was a crappy experience.", {"anecdotes/miscellaneous": "negative"}),
    ],
)
def test_absa_categories_and_polarities(sentence: str, expected: dict[str, str]) -> None:
    assert predict(sentence) == expected


def test_renderers_print_every_figure(tmp_path: Path) -> None:
    rows = [{"text": "Rude waiter.", "aspect_categories": [
        {"category": "service", "polarity": "negative"}]}]  # fmt: skip
    console = Console(record=True, width=160)
    render_absa_report(evaluate_absa(write_jsonl(tmp_path / "a.jsonl", rows)), console)
    restaurants = [
        place("a", Ambience={"romantic": True}),
        place("b", Ambience={"romantic": False}),
    ]
    reviews = [
        {"review_id": "1", "restaurant_id": "a", "text": "Romantic."},
        {"review_id": "2", "restaurant_id": "b", "text": "Loud."},
    ]
    render_aspect_report(
        evaluate_aspects(
            write_jsonl(tmp_path / "r.jsonl", restaurants),
            write_jsonl(tmp_path / "v.jsonl", reviews),
        ),
        console,
    )
    out = console.export_text()
    assert "category detection F1" in out and "0.886" in out
    assert "romance" in out and "quietness (ordinal)" in out


@pytest.mark.skipif(not REVIEWS.exists(), reason="../shared/data/restaurant_reviews absent")
def test_aspects_suite_on_the_shared_split() -> None:
    report = evaluate_aspects(RESTAURANTS, REVIEWS)
    assert report.places_scored > 900 and report.reviews_scored > 15_000
    for figure in report.figures:
        assert figure.value is not None, figure.name
        assert figure.places > 0
        if figure.metric == "roc_auc":
            assert 0.0 <= figure.value <= 1.0
            assert figure.positives and figure.negatives
            assert figure.value > 0.5, figure.name
        else:
            assert -1.0 <= figure.value <= 1.0


@pytest.mark.skipif(not ABSA.exists(), reason="../shared/data/absa_restaurants absent")
def test_absa_suite_on_the_shared_train_file() -> None:
    report = evaluate_absa(ABSA)
    # 3,714 category labels; two sentences list anecdotes/miscellaneous twice.
    assert report.sentences == 3044 and report.gold_categories == 3712
    for value in (report.detection_f1, report.detection_precision, report.detection_recall):
        assert 0.0 < value <= 1.0
    assert report.detection_f1 > report.detection_misc_only_baseline_f1
    assert report.polarity_accuracy > report.polarity_majority_baseline
    assert {c.category for c in report.per_category} == {
        "food", "service", "price", "ambience", "anecdotes/miscellaneous"
    }  # fmt: skip

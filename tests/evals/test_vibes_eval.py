"""`kairos eval venues` on a small file in the 2015 format: labels read, AUC of the right side."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import numpy as np

from kairos.evals.vibes import evaluate_vibes
from kairos.settings import Settings
from kairos.text.embeddings import get_embedder

ROMANTIC = "Candle-lit tables for two, a very romantic date night spot."
OTHER = "Quick counter service, we grabbed burritos to go."


def _write(folder: Path) -> Path:
    businesses, tips = [], []
    for i in range(12):
        romantic = i % 2 == 0
        ambience = {"romantic": romantic, "casual": not romantic, "upscale": False}
        businesses.append({"business_id": f"b{i}", "attributes": {"Ambience": ambience}})
        tips.append({"business_id": f"b{i}", "text": ROMANTIC if romantic else OTHER})
    businesses.append({"business_id": "unlabelled", "attributes": {}})
    for name, rows in (("boston_business", businesses), ("boston_tip", tips)):
        with gzip.open(folder / f"{name}.jsonl.gz", "wt") as handle:
            handle.writelines(json.dumps(r) + "\n" for r in rows)
    return folder / "boston_business.jsonl.gz"


def test_held_out_reading_ranks_the_labelled_side(tmp_path: Path, settings: Settings) -> None:
    data = _write(tmp_path)
    report = evaluate_vibes(data, get_embedder(settings), tmp_path / "cache")
    figures = {f.key: f for f in report.figures}
    assert report.places_labelled == 12 and report.reading.startswith("shipped model")
    assert figures["romantic"].auc == 1.0 and figures["romantic"].positives == 6
    assert figures["casual"].auc == 1.0
    assert figures["upscale"].auc is None and figures["upscale"].met is None
    assert report.embedded == 2
    again = evaluate_vibes(data, get_embedder(settings), tmp_path / "cache")
    assert again.embedded == 0 and again.figures == report.figures


def _write_rows(path: Path, rows: list[dict[str, object]]) -> None:
    with gzip.open(path, "wt") as handle:
        handle.writelines(json.dumps(r) + "\n" for r in rows)


def test_a_held_out_split_is_read_with_its_own_texts_file(tmp_path: Path) -> None:
    from kairos.evals.vibe_data import is_tips_file, load_labelled, texts_file

    ambience = {"romantic": True, "casual": False}
    _write_rows(tmp_path / "restaurants_holdout.jsonl.gz",
                [{"restaurant_id": "r1", "attributes": {"Ambience": ambience}}])  # fmt: skip
    _write_rows(tmp_path / "reviews_holdout.jsonl.gz", [{"restaurant_id": "r1", "text": ROMANTIC}])
    _write_rows(tmp_path / "reviews.jsonl.gz", [{"restaurant_id": "r1", "text": OTHER}])
    places = tmp_path / "restaurants_holdout.jsonl.gz"
    assert not is_tips_file(places)
    assert texts_file(places) == tmp_path / "reviews_holdout.jsonl.gz"
    assert load_labelled(places)[0].texts == (ROMANTIC,)
    # the 2015 format is told by its rows, whatever the file is called
    _write_rows(tmp_path / "business_split.jsonl.gz",
                [{"business_id": "b1", "attributes": {"Ambience": ambience}}])  # fmt: skip
    _write_rows(tmp_path / "tip_split.jsonl.gz", [{"business_id": "b1", "text": OTHER}])
    assert is_tips_file(tmp_path / "business_split.jsonl.gz")
    assert load_labelled(tmp_path / "business_split.jsonl.gz")[0].texts == (OTHER,)


def test_the_shipped_model_knows_the_texts_it_was_fitted_on() -> None:
    from kairos.venues.vibes.model import load_model, text_fingerprints

    model = load_model()
    assert model.fitted_texts.size > 10_000
    assert bool(np.all(np.diff(model.fitted_texts.astype(np.float64)) >= 0))
    assert not model.seen([ROMANTIC, OTHER]) and not model.seen([])
    fitted = model.fitted_texts[:1]
    assert text_fingerprints([" same text "])[0] == text_fingerprints(["same text"])[0]
    from dataclasses import replace

    known = replace(model, fitted_texts=np.sort(np.append(fitted, text_fingerprints([OTHER]))))
    assert known.seen([ROMANTIC, OTHER]) and not known.seen([ROMANTIC])


def test_a_key_with_fewer_than_five_positives_has_no_figure(
    tmp_path: Path, settings: Settings
) -> None:
    businesses, tips = [], []
    for i in range(14):
        ambience = {"romantic": i < 4, "casual": i % 2 == 0}
        businesses.append({"business_id": f"b{i}", "attributes": {"Ambience": ambience}})
        tips.append({"business_id": f"b{i}", "text": ROMANTIC if i < 4 else OTHER})
    _write_rows(tmp_path / "boston_business.jsonl.gz", businesses)
    _write_rows(tmp_path / "boston_tip.jsonl.gz", tips)
    report = evaluate_vibes(tmp_path / "boston_business.jsonl.gz", get_embedder(settings),
                            tmp_path / "cache")  # fmt: skip
    figures = {f.key: f for f in report.figures}
    assert figures["romantic"].positives == 4 and figures["romantic"].auc is None
    assert figures["romantic"].zero_shot_auc is None and figures["romantic"].met is None
    assert figures["romantic"].note is not None and "4 positives" in figures["romantic"].note
    assert figures["casual"].auc is not None and figures["casual"].note is None

"""`kairos eval venues` on a small file in the 2015 format: labels read, AUC of the right side."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

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

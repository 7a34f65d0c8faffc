"""Simulate a held-out split of restaurant_reviews for `kairos eval venues` (docs/BENCHMARKS.md).

The shared file's places are split 80 / 20 by place (seeded), a vibe model is fitted on the 80 %
exactly as `kairos venues fit-vibes` fits it, and the 20 % — written as
`restaurants_holdout.jsonl.gz` + `reviews_holdout.jsonl.gz` — is scored the way an unseen split
is: by that model as it is. For comparison, the same split cross-validated within itself (what
the eval did with such a file before it recorded its fitting texts). Embeddings come from the
eval cache, so a run takes ≈ 15 s a seed once the shared reviews are embedded.

    .venv/bin/python scripts/vibe_holdout_simulation.py --seeds 1 2 3 4 5
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from kairos.evals import vibes as vibe_eval
from kairos.evals.vibe_data import load_labelled
from kairos.settings import get_settings
from kairos.text.embeddings import get_embedder
from kairos.venues.vibes.fitting import fit_model
from kairos.venues.vibes.model import VibeModel, text_fingerprints

SHARED = Path("../shared/data/restaurant_reviews")


def _read(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def _write(path: Path, rows: list[dict[str, Any]]) -> None:
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        handle.writelines(json.dumps(r) + "\n" for r in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=SHARED)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1])
    args = parser.parse_args()
    places, reviews = (
        _read(args.data / "restaurants.jsonl.gz"),
        _read(args.data / "reviews.jsonl.gz"),
    )
    settings = get_settings()
    embedder = get_embedder(settings)
    cache = settings.data_dir / "eval-cache" / "embeddings"
    for seed in args.seeds:
        ids = sorted(str(r["restaurant_id"]) for r in places)
        random.Random(seed).shuffle(ids)
        held = set(ids[: len(ids) // 5])
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder)
            for name, rows in (("restaurants", places), ("reviews", reviews)):
                _write(
                    out / f"{name}_train.jsonl.gz",
                    [r for r in rows if r["restaurant_id"] not in held],
                )
                _write(
                    out / f"{name}_holdout.jsonl.gz",
                    [r for r in rows if r["restaurant_id"] in held],
                )
            venues, _ = vibe_eval.to_venues(
                load_labelled(out / "restaurants_train.jsonl.gz"), embedder, cache
            )
            model = fit_model(venues, embedder)
            model.save(out / "model.npz")
            fitted = VibeModel.from_bytes((out / "model.npz").read_bytes())
            holdout = out / "restaurants_holdout.jsonl.gz"
            texts = [t for v in load_labelled(holdout) for t in v.texts]
            within = replace(fitted, fitted_texts=np.unique(text_fingerprints(texts)))
            for label, shipped in (("held out", fitted), ("CV within the split", within)):
                vibe_eval.load_model = lambda m=shipped: m  # type: ignore[assignment]
                report = vibe_eval.evaluate_vibes(holdout, embedder, cache)
                figures = {f.key: (f.auc, f.positives) for f in report.figures}
                where = f"{report.reading}, {report.places_scored} places"
                print(f"seed {seed}, {label} ({where}): {figures}")


if __name__ == "__main__":
    main()

"""Cut the small real sample shipped in `data/sample/` from the full data sets in `shared/data`.

Deterministic (seeded), several cities, every common cuisine represented, reviews capped per place
so the sample stays a few MB and its embeddings can ship beside it.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kairos.ingest.adapters.jsonl import find_file, open_text

PLACES_PER_SOURCE = {
    "yelp_boston_cambridge": 140,
    "tripadvisor_london": 50,
    "zomato_hyderabad": 40,
    "google_maps_barcelona": 25,
}
REVIEWS_PER_PLACE = 12
METADATA_PLACES = 400
PER_CUISINE_FLOOR = 3


@dataclass
class SampleStats:
    places: int
    reviews: int
    metadata_places: int


def _stable_key(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def _read(path: Path) -> list[dict[str, Any]]:
    with open_text(path) as handle:
        return [json.loads(line) for line in handle if line.strip()]


def _write(path: Path, rows: Iterable[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.GzipFile(path, "wb", mtime=0) as raw:
        for row in rows:
            raw.write((json.dumps(row, ensure_ascii=False) + "\n").encode())


def _choose(places: list[dict[str, Any]], quota: int) -> list[dict[str, Any]]:
    """Cover every cuisine that has a few places, then fill in a seeded order."""
    ordered = sorted(places, key=lambda p: _stable_key(p["restaurant_id"]))
    counts = Counter(c.lower() for p in ordered for c in p.get("cuisines") or [])
    chosen: dict[str, dict[str, Any]] = {}
    taken: Counter[str] = Counter()
    for cuisine, count in counts.most_common():
        if count < 5:
            continue
        for place in ordered:
            if len(chosen) >= quota or taken[cuisine] >= PER_CUISINE_FLOOR:
                break
            cuisines = {c.lower() for c in place.get("cuisines") or []}
            if cuisine in cuisines and place["restaurant_id"] not in chosen:
                chosen[place["restaurant_id"]] = place
                taken.update(cuisines)
    for place in ordered:
        if len(chosen) >= quota:
            break
        chosen.setdefault(place["restaurant_id"], place)
    return sorted(chosen.values(), key=lambda p: p["restaurant_id"])


def cut_sample(shared_data: Path, out: Path) -> SampleStats:
    folder = shared_data / "restaurant_reviews"
    restaurants = _read(find_file(folder, "restaurants.jsonl"))
    by_source: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in restaurants:
        by_source[row["source"]].append(row)
    chosen = [p for s, q in PLACES_PER_SOURCE.items() for p in _choose(by_source.get(s, []), q)]
    ids = {p["restaurant_id"] for p in chosen}
    reviews: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for review in _read(find_file(folder, "reviews.jsonl")):
        if review["restaurant_id"] in ids:
            reviews[review["restaurant_id"]].append(review)
    kept_reviews = [
        r
        for pid in sorted(reviews)
        for r in sorted(reviews[pid], key=lambda r: _stable_key(r["review_id"]))[:REVIEWS_PER_PLACE]
    ]
    for place in chosen:
        place["n_reviews_in_file"] = min(len(reviews[place["restaurant_id"]]), REVIEWS_PER_PLACE)
    _write(out / "restaurant_reviews" / "restaurants.jsonl.gz", chosen)
    _write(out / "restaurant_reviews" / "reviews.jsonl.gz", kept_reviews)

    metadata = [
        m
        for m in _read(find_file(folder, "yelp_restaurants_metadata.jsonl"))
        if m["restaurant_id"] not in ids
    ]
    metadata.sort(key=lambda m: _stable_key(m["restaurant_id"]))
    _write(
        out / "yelp_metadata" / "yelp_restaurants_metadata.jsonl.gz",
        sorted(metadata[:METADATA_PLACES], key=lambda m: m["restaurant_id"]),
    )
    return SampleStats(len(chosen), len(kept_reviews), min(len(metadata), METADATA_PLACES))

"""Yelp places with `Ambience` labels and their texts, in either shared format.

- restaurant_reviews: `restaurants.jsonl(.gz)` (yelp rows carry `attributes.Ambience`) with
  `reviews.jsonl(.gz)` beside it (full review texts);
- the 2015 Boston academic set: `boston_business.jsonl(.gz)` (`attributes.Ambience`) with
  `boston_tip.jsonl(.gz)` beside it (short tips instead of reviews).

The format is read from the places file's first row (`business_id` and no `restaurant_id`: the
2015 set), not its name; the texts file is the sibling named like it with `restaurants` →
`reviews` or `business` → `tip` (`restaurants_holdout.jsonl.gz` → `reviews_holdout.jsonl.gz`),
else the plain `reviews` / `boston_tip` file.

Only the texts are handed on: no rating, price, category or any other attribute.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["LabelledVenue", "is_tips_file", "load_labelled", "texts_file"]


@dataclass(frozen=True)
class LabelledVenue:
    venue_id: str
    labels: dict[str, bool]
    """Ambience key → label; a key the source leaves unset (null) is absent."""
    texts: tuple[str, ...]


def _rows(path: Path) -> Iterator[dict[str, Any]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def _stem(name: str) -> str:
    for suffix in (".jsonl.gz", ".jsonl"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def is_tips_file(places: Path) -> bool:
    """True for the 2015 format (places keyed by `business_id`, tips beside them)."""
    for row in _rows(places):
        return "business_id" in row and "restaurant_id" not in row
    return places.name.startswith("boston_business")


def texts_file(places: Path) -> Path:
    """The file of texts that belongs to a places file (reviews, or tips for the 2015 set)."""
    stem = _stem(places.name)
    if is_tips_file(places):
        stems = [stem.replace("business", "tip", 1), "boston_tip"]
    else:
        stems = [stem.replace("restaurants", "reviews", 1), "reviews"]
    for candidate in dict.fromkeys(s for s in stems if s != stem):
        for name in (f"{candidate}.jsonl.gz", f"{candidate}.jsonl"):
            if (places.parent / name).is_file():
                return places.parent / name
    raise FileNotFoundError(f"{stems[0]}.jsonl(.gz) is expected beside {places}")


def _ambience(row: dict[str, Any]) -> dict[str, bool] | None:
    ambience = (row.get("attributes") or {}).get("Ambience")
    if not isinstance(ambience, dict):
        return None
    labels = {str(k): v for k, v in ambience.items() if isinstance(v, bool)}
    return labels or None


def load_labelled(places: Path) -> list[LabelledVenue]:
    """Every place with at least one Ambience label, in file order, with its non-empty texts."""
    tips = is_tips_file(places)
    id_key = "business_id" if tips else "restaurant_id"
    labelled: dict[str, dict[str, bool]] = {}
    for row in _rows(places):
        labels = _ambience(row)
        if labels is not None:
            labelled[str(row[id_key])] = labels
    texts: dict[str, list[str]] = {k: [] for k in labelled}
    for row in _rows(texts_file(places)):
        key = str(row.get(id_key))
        text = str(row.get("text") or "").strip()
        if key in texts and text:
            texts[key].append(text)
    return [LabelledVenue(k, v, tuple(texts[k])) for k, v in labelled.items()]

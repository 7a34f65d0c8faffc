"""The aspects suite: does the review-derived radar see what diners see?

Yelp places carry crowd-sourced labels (Ambience, NoiseLevel, GoodForGroups, GoodForKids, price
level). The suite scores every labelled Yelp place from its review texts alone — no ratings, no
price tier, never the attributes — with `kairos.text.aspects.score_aspects`, then measures how well
each score ranks the places a label marks (ROC AUC) or orders an ordinal label (Spearman).
It reads any split in the format of ../shared/data/restaurant_reviews, so held-out splits give
honest figures: the lexicon was built on the shared split.
"""

from __future__ import annotations

import gzip
import json
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel
from rich.console import Console
from rich.table import Table

from kairos.evals.metrics import roc_auc, spearman
from kairos.text.aspects import AspectScores, ReviewText, score_aspects

Labels = dict[str, Any]
NOISE_ORDER = {"quiet": 0, "average": 1, "loud": 2, "very_loud": 3}
AUC_TARGET = 0.75
STRICT_AUC_TARGET = 0.85


def _ambience(*keys: str) -> Callable[[Labels], bool | None]:
    """True if any key is True; False if none is and at least one is False; else unlabelled."""

    def read(attrs: Labels) -> bool | None:
        ambience = attrs.get("Ambience")
        if not isinstance(ambience, dict):
            return None
        values = [ambience.get(k) for k in keys]
        if any(v is True for v in values):
            return True
        return False if any(v is False for v in values) else None

    return read


def _flag(key: str) -> Callable[[Labels], bool | None]:
    def read(attrs: Labels) -> bool | None:
        value = attrs.get(key)
        return value if isinstance(value, bool) else None

    return read


def _quiet(attrs: Labels) -> bool | None:
    level = attrs.get("NoiseLevel")
    return level == "quiet" if level in NOISE_ORDER else None


@dataclass(frozen=True)
class _AucSpec:
    name: str
    aspect: str
    label: str
    read: Callable[[Labels], bool | None]
    target: float


AUC_SPECS = (
    _AucSpec("romance", "romance", "Ambience.romantic or .intimate",
             _ambience("romantic", "intimate"), STRICT_AUC_TARGET),
    _AucSpec("quietness", "noise_level", "NoiseLevel == quiet", _quiet, STRICT_AUC_TARGET),
    _AucSpec("group-friendly", "group_friendly", "RestaurantsGoodForGroups",
             _flag("RestaurantsGoodForGroups"), AUC_TARGET),
    _AucSpec("kid-friendly", "kid_friendly", "GoodForKids", _flag("GoodForKids"), AUC_TARGET),
    _AucSpec("classy/upscale", "classy", "Ambience.classy or .upscale",
             _ambience("classy", "upscale"), AUC_TARGET),
    _AucSpec("casual", "casual", "Ambience.casual", _ambience("casual"), AUC_TARGET),
    _AucSpec("trendy", "trendy", "Ambience.trendy", _ambience("trendy"), AUC_TARGET),
    _AucSpec("divey", "divey", "Ambience.divey", _ambience("divey"), AUC_TARGET),
)  # fmt: skip


class AspectFigure(BaseModel):
    """One figure; `value` is None when a split has no places on one side of the label."""

    name: str
    aspect: str
    label: str
    metric: Literal["roc_auc", "spearman"]
    value: float | None
    target: float | None
    expected: str
    met: bool | None
    places: int
    positives: int | None = None
    negatives: int | None = None


class AspectEvalReport(BaseModel):
    restaurants_file: str
    reviews_file: str
    places_scored: int
    reviews_scored: int
    figures: list[AspectFigure]
    seconds: float
    ms_per_place: float
    note: str = "scores from review texts only: no ratings, no price tier, no attributes"


def _rows(path: Path) -> Iterator[dict[str, Any]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def _clean(x: float) -> float | None:
    return None if math.isnan(x) else round(x, 4)


def _auc_figure(spec: _AucSpec, pairs: list[tuple[float, bool]]) -> AspectFigure:
    value = _clean(roc_auc([s for s, _ in pairs], [y for _, y in pairs]))
    positives = sum(1 for _, y in pairs if y)
    return AspectFigure(
        name=spec.name,
        aspect=spec.aspect,
        label=spec.label,
        metric="roc_auc",
        value=value,
        target=spec.target,
        expected=f">= {spec.target:.2f}",
        met=None if value is None else value >= spec.target,
        places=len(pairs),
        positives=positives,
        negatives=len(pairs) - positives,
    )


def _rho_figure(
    name: str, aspect: str, label: str, pairs: list[tuple[float, float]]
) -> AspectFigure:
    """Spearman figures have no numeric target: the issue asks for a negative rank correlation."""
    value = _clean(spearman([s for s, _ in pairs], [y for _, y in pairs]))
    return AspectFigure(
        name=name,
        aspect=aspect,
        label=label,
        metric="spearman",
        value=value,
        target=None,
        expected="< 0",
        met=None if value is None else value < 0,
        places=len(pairs),
    )


def evaluate_aspects(restaurants_path: str | Path, reviews_path: str | Path) -> AspectEvalReport:
    """Score every labelled Yelp place of a split and measure the scores against its labels."""
    restaurants_path, reviews_path = Path(restaurants_path), Path(reviews_path)
    for path, flag in ((restaurants_path, "--restaurants"), (reviews_path, "--reviews")):
        if not path.exists():
            raise FileNotFoundError(f"no file at {path}; pass {flag} with a JSONL(.gz) file")
    places: dict[str, tuple[Labels, int | None]] = {}
    for row in _rows(restaurants_path):
        attrs = row.get("attributes")
        if str(row.get("source", "")).startswith("yelp") and isinstance(attrs, dict):
            places[str(row["restaurant_id"])] = (attrs, row.get("price_level"))
    texts: dict[str, list[ReviewText]] = {rid: [] for rid in places}
    for row in _rows(reviews_path):
        bucket = texts.get(str(row.get("restaurant_id")))
        if bucket is not None and row.get("text"):
            bucket.append(ReviewText(id=str(row["review_id"]), text=str(row["text"])))
    started = time.perf_counter()
    scores: dict[str, AspectScores] = {
        rid: score_aspects(reviews) for rid, reviews in sorted(texts.items()) if reviews
    }
    seconds = time.perf_counter() - started
    figures = []
    for spec in AUC_SPECS:
        pairs = []
        for rid, s in scores.items():
            y = spec.read(places[rid][0])
            if y is not None:
                pairs.append((s.get(spec.aspect).value, y))
        figures.append(_auc_figure(spec, pairs))
        if spec.aspect == "noise_level":
            ordinal = [
                (s.noise_level.value, float(NOISE_ORDER[level]))
                for rid, s in scores.items()
                if (level := places[rid][0].get("NoiseLevel")) in NOISE_ORDER
            ]
            label = "NoiseLevel quiet < average < loud < very_loud"
            figures.append(_rho_figure("quietness (ordinal)", "noise_level", label, ordinal))
    priced = [
        (s.value_for_money.value, float(price))
        for rid, s in scores.items()
        if isinstance(price := places[rid][1], int)
    ]
    figures.append(_rho_figure("value for money", "value_for_money", "price_level 1–4", priced))
    return AspectEvalReport(
        restaurants_file=str(restaurants_path),
        reviews_file=str(reviews_path),
        places_scored=len(scores),
        reviews_scored=sum(len(texts[rid]) for rid in scores),
        figures=figures,
        seconds=round(seconds, 2),
        ms_per_place=round(1000 * seconds / max(len(scores), 1), 3),
    )


def render_aspect_report(report: AspectEvalReport, console: Console) -> None:
    """One row per figure with its label counts and whether it meets its target."""
    table = Table(
        title=f"Aspect scores vs Yelp labels — {report.places_scored} places, "
        f"{report.reviews_scored} reviews ({report.ms_per_place:.2f} ms/place)"
    )
    for column in ("figure", "label", "metric", "value", "target", "pos", "neg", "met"):
        table.add_column(column, justify="left" if column in ("figure", "label") else "right")
    for f in report.figures:
        value = "n/a" if f.value is None else f"{f.value:.3f}"
        met = {True: "[green]yes[/]", False: "[red]no[/]", None: "–"}[f.met]
        table.add_row(
            f.name,
            f.label,
            "AUC" if f.metric == "roc_auc" else "rho",
            value,
            f.expected,
            "" if f.positives is None else str(f.positives),
            "" if f.negatives is None else str(f.negatives),
            met,
        )
    console.print(table)
    console.print(report.note)

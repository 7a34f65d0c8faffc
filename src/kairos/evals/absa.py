"""The absa suite: does the radar's aspect machinery find what annotators found?

SemEval-2014 Task 4 (restaurants) labels each sentence with aspect categories (food, service,
price, ambience, anecdotes/miscellaneous) and a polarity per category. Kairos reads every sentence
with `kairos.text.aspects.analyse_sentence` — the same lexicon, negation and target attachment
that build the radar — and maps radar aspects onto categories. Nothing is trained: the only
parameters are the thresholds below, set on the train file (the test split is not in ../shared).

Figures follow the task: category detection micro-P/R/F1 over (sentence, category) pairs, and
polarity accuracy over the gold categories (four classes: positive, negative, neutral, conflict).
"""

from __future__ import annotations

import gzip
import json
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field
from rich.console import Console
from rich.table import Table

from kairos.text.aspect_reading import Mention, analyse_sentence

Category = Literal["food", "service", "price", "ambience", "anecdotes/miscellaneous"]
Polarity = Literal["positive", "negative", "neutral", "conflict"]
CATEGORIES: tuple[Category, ...] = (
    "food",
    "service",
    "price",
    "ambience",
    "anecdotes/miscellaneous",
)
MISC: Category = "anecdotes/miscellaneous"

# Radar aspect → SemEval category. Group and kid friendliness have no category of their own.
ASPECT_CATEGORY: dict[str, Category] = {
    "food_quality": "food",
    "vegan_options": "food",
    "value_for_money": "price",
    "service": "service",
    "romance": "ambience",
    "noise_level": "ambience",
    "classy": "ambience",
    "casual": "ambience",
    "trendy": "ambience",
    "divey": "ambience",
    "ambience": "ambience",
}
# A direct cue names its category only when it is an explicit opinion, not a topic proxy
# ("my husband" is a weak romance proxy, not an ambience mention).
CUE_MIN_STRENGTH = 0.6
# Net opinion within ±NEUTRAL_BAND reads as neutral; both sides at CONFLICT_MIN or more, conflict.
NEUTRAL_BAND = 0.1
CONFLICT_MIN = 0.8
# Sentences with no opinion word: a named aspect is mostly read as positive by annotators ("They
# have a garden"), while a sentence naming no aspect is an anecdote, mostly neutral ("We went for
# her birthday"): in the train file, 257 positive / 81 neutral / 162 negative named categories
# against 178 / 251 / 88 anecdotes.
NO_OPINION_POLARITY: Polarity = "positive"
NO_OPINION_ANECDOTE_POLARITY: Polarity = "neutral"

# Best systems at SemEval-2014 Task 4, restaurants (Pontiki et al., 2014), for scale.
PUBLISHED_BEST = {"category_detection_f1": 0.886, "category_polarity_accuracy": 0.829}


class CategoryFigure(BaseModel):
    category: str
    gold: int
    predicted: int
    correct: int
    precision: float
    recall: float
    f1: float


class AbsaEvalReport(BaseModel):
    data_file: str
    sentences: int
    gold_categories: int
    detection_precision: float
    detection_recall: float
    detection_f1: float
    per_category: list[CategoryFigure]
    polarity_accuracy: float
    polarity_gold_counts: dict[str, int]
    polarity_majority_baseline: float = Field(
        description="accuracy of always answering the most frequent gold polarity"
    )
    detection_misc_only_baseline_f1: float = Field(
        description="micro-F1 of answering anecdotes/miscellaneous for every sentence"
    )
    published_best: dict[str, float] = Field(default_factory=lambda: dict(PUBLISHED_BEST))
    seconds: float


def _polarity(weights: list[float]) -> Polarity:
    positive = sum(w for w in weights if w > 0)
    negative = -sum(w for w in weights if w < 0)
    if positive >= CONFLICT_MIN and negative >= CONFLICT_MIN:
        return "conflict"
    net = positive - negative
    if net > NEUTRAL_BAND:
        return "positive"
    if net < -NEUTRAL_BAND:
        return "negative"
    return "neutral"


def _opinion(m: Mention) -> bool:
    """Readings that judge (explicit cues and attached opinion words), not topic proxies."""
    return m.kind == "opinion" or (m.kind == "cue" and m.strength >= CUE_MIN_STRENGTH)


def categorise(mentions: list[Mention]) -> dict[Category, list[float]]:
    """Categories a sentence's readings name, each with the opinion weights that bear on it;
    a sentence naming none is anecdotes/miscellaneous, judged by all of its opinion words."""
    found: dict[Category, list[float]] = {}
    for m in mentions:
        category = ASPECT_CATEGORY.get(m.aspect)
        if category is None or (m.kind == "cue" and not _opinion(m)):
            continue
        weights = found.setdefault(category, [])
        if m.weight and _opinion(m):
            weights.append(m.weight)
    if not found:
        found[MISC] = _sentence_opinions(mentions)
    return found


def _sentence_opinions(mentions: list[Mention]) -> list[float]:
    return [m.weight for m in mentions if m.weight and _opinion(m)]


def _polarity_of(category: str, weights: list[float], mentions: list[Mention]) -> Polarity:
    """A category's polarity from its own opinions, else from the whole sentence's; a sentence
    with no opinion word at all gets `NO_OPINION_POLARITY`, or `NO_OPINION_ANECDOTE_POLARITY`
    for anecdotes/miscellaneous."""
    weights = weights or _sentence_opinions(mentions)
    if weights:
        return _polarity(weights)
    return NO_OPINION_ANECDOTE_POLARITY if category == MISC else NO_OPINION_POLARITY


def predict(sentence: str) -> dict[Category, Polarity]:
    """Category → polarity for one sentence, from the radar's own machinery."""
    mentions = analyse_sentence(sentence)
    return {c: _polarity_of(c, w, mentions) for c, w in categorise(mentions).items()}


def gold_polarity_prediction(sentence: str, category: str) -> Polarity:
    """Polarity of a gold category, read even when detection missed it (as the task scores it)."""
    mentions = analyse_sentence(sentence)
    found = {str(c): w for c, w in categorise(mentions).items()}
    return _polarity_of(category, found.get(category, []), mentions)


def _rows(path: Path) -> Iterator[dict[str, object]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def _ratio(a: int, b: int) -> float:
    return a / b if b else 0.0


def _f1(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r else 0.0


def evaluate_absa(path: str | Path) -> AbsaEvalReport:
    """Score a SemEval-2014 restaurants JSONL file (`text`, `aspect_categories[{category,
    polarity}]`); raises FileNotFoundError with the path when it is missing."""
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"no ABSA file at {path}; pass --data with a SemEval JSONL file")
    started = time.perf_counter()
    gold_n, pred_n, hit_n = Counter[str](), Counter[str](), Counter[str]()
    pol_total = pol_right = sentences = 0
    pol_counts = Counter[str]()
    misc_gold = 0
    for row in _rows(path):
        text = str(row["text"])
        raw = row.get("aspect_categories") or []
        gold = {str(c["category"]): str(c["polarity"]) for c in raw}  # type: ignore[attr-defined]
        sentences += 1
        predicted = predict(text)
        for found in predicted:
            pred_n[found] += 1
        for category, polarity in gold.items():
            gold_n[category] += 1
            hit_n[category] += category in predicted
            pol_counts[polarity] += 1
            pol_total += 1
            pol_right += gold_polarity_prediction(text, category) == polarity
        misc_gold += MISC in gold
    per_category = []
    for category in CATEGORIES:
        p = _ratio(hit_n[category], pred_n[category])
        r = _ratio(hit_n[category], gold_n[category])
        per_category.append(
            CategoryFigure(
                category=category,
                gold=gold_n[category],
                predicted=pred_n[category],
                correct=hit_n[category],
                precision=round(p, 4),
                recall=round(r, 4),
                f1=round(_f1(p, r), 4),
            )
        )
    total_gold, total_pred, total_hit = (sum(c.values()) for c in (gold_n, pred_n, hit_n))
    precision, recall = _ratio(total_hit, total_pred), _ratio(total_hit, total_gold)
    misc_p, misc_r = _ratio(misc_gold, sentences), _ratio(misc_gold, total_gold)
    return AbsaEvalReport(
        data_file=str(path),
        sentences=sentences,
        gold_categories=total_gold,
        detection_precision=round(precision, 4),
        detection_recall=round(recall, 4),
        detection_f1=round(_f1(precision, recall), 4),
        per_category=per_category,
        polarity_accuracy=round(_ratio(pol_right, pol_total), 4),
        polarity_gold_counts=dict(sorted(pol_counts.items())),
        polarity_majority_baseline=round(_ratio(max(pol_counts.values(), default=0), pol_total), 4),
        detection_misc_only_baseline_f1=round(_f1(misc_p, misc_r), 4),
        seconds=round(time.perf_counter() - started, 2),
    )


def render_absa_report(report: AbsaEvalReport, console: Console) -> None:
    """Two tables: headline figures beside the published best, then per-category detection."""
    best = report.published_best
    head = Table(title=f"ABSA — {report.sentences} sentences, {report.gold_categories} categories")
    for column in ("figure", "Kairos", "baseline", "published best"):
        head.add_column(column, justify="left" if column == "figure" else "right")
    head.add_row(
        "category detection F1 (micro)",
        f"{report.detection_f1:.3f}",
        f"{report.detection_misc_only_baseline_f1:.3f}",
        f"{best['category_detection_f1']:.3f}",
    )
    head.add_row("  precision", f"{report.detection_precision:.3f}", "", "")
    head.add_row("  recall", f"{report.detection_recall:.3f}", "", "")
    head.add_row(
        "category polarity accuracy",
        f"{report.polarity_accuracy:.3f}",
        f"{report.polarity_majority_baseline:.3f}",
        f"{best['category_polarity_accuracy']:.3f}",
    )
    console.print(head)
    per = Table(title="Detection per category")
    for column in ("category", "gold", "predicted", "P", "R", "F1"):
        per.add_column(column, justify="left" if column == "category" else "right")
    for c in report.per_category:
        per.add_row(
            c.category,
            str(c.gold),
            str(c.predicted),
            f"{c.precision:.3f}",
            f"{c.recall:.3f}",
            f"{c.f1:.3f}",
        )
    console.print(per)
    console.print(
        "baselines: detection = anecdotes/miscellaneous for every sentence; "
        "polarity = the most frequent gold polarity"
    )

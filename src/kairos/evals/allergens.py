"""Allergen detection measured against Open Food Facts labels.

Reads any JSON Lines file (gzip or plain) in the format of
`../shared/data/openfoodfacts/*.jsonl.gz`: `code`, `product_name`, `ingredients_text_en`,
`ingredients_text_original`, `allergens_tags`. Every product whose `allergens_tags` name at least
one canonical allergen and that has an English ingredients list is scored against those tags,
in one of two readings:

- `ingredients`: the detector reads `ingredients_text_en` only (the figure the safety issue names);
- `label`: the detector reads what a person reads on the pack: the product name as a dish name
  ("Ravioli", "Pierogi"), the English ingredients, and the ingredients in the label's own language
  when they differ (Open Food Facts derives its tags from that text, and some English fields are
  truncated or OCR noise). Each field is read on its own, so a "GLUTEN FREE" in one never clears
  a word in another. The same products are scored in both readings.
- `original`: only the ingredients in the label's own language, on the products whose label is
  not in English (that text differs from the English one): what the detector makes of a German,
  Polish or French label when no English text rescues it, as on products it has never seen.

How it counts, and why:
- recall (the safety figure): a tagged allergen is found when the detector reports it with any
  status, because a "may contain" warning still reaches the user;
- precision (indicative only: OFF tags are incomplete, many products name soy lecithin or
  wheat flour and carry no tag for it): detections with status "contains" against the tags, so
  a product's own "may contain" sentence never counts against it;
- every miss is listed, and a sample of detected-but-untagged cases is kept for a person to judge.

Halves, for honest figures: every lexicon or rule change is chosen by reading half A (misses and
false positives) and judged on half B, which is never read while choosing. A product's half is a
stable hash of its barcode (`product_half`), so it never moves between runs, files or machines,
and the committed cut (a subset of file 1) splits the same way as the file it was cut from.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import BaseModel, Field
from rich.console import Console
from rich.table import Table

from kairos.core.allergen_detection import AllergenMention, detect_allergens
from kairos.core.allergens import CANONICAL_ALLERGENS, term_allergens

__all__ = [
    "HALVES",
    "READINGS",
    "AllergenEvalReport",
    "AllergenMiss",
    "AllergenScore",
    "Half",
    "Reading",
    "UntaggedDetection",
    "evaluate_allergens",
    "off_tag_allergens",
    "product_half",
    "render_allergen_report",
]

# The Open Food Facts taxonomy ids of the 14 EU allergens. Other tags (contributors' free text,
# other languages: "pl:pszenicy", "fr:avoine") go through the lexicon instead.
OFF_TAGS: Final[dict[str, str]] = {
    "en:peanuts": "peanuts",
    "en:nuts": "tree_nuts",
    "en:tree-nuts": "tree_nuts",
    "en:crustaceans": "shellfish",
    "en:shellfish": "shellfish",
    "en:molluscs": "molluscs",
    "en:fish": "fish",
    "en:milk": "dairy",
    "en:eggs": "eggs",
    "en:gluten": "gluten",
    "en:soybeans": "soy",
    "en:sesame-seeds": "sesame",
    "en:mustard": "mustard",
    "en:celery": "celery",
    "en:lupin": "lupin",
    "en:sulphur-dioxide-and-sulphites": "sulphites",
}
Reading = Literal["ingredients", "label", "original"]
READINGS: Final[dict[Reading, tuple[str, ...]]] = {
    "ingredients": ("ingredients_text_en",),
    "label": ("product_name", "ingredients_text_en", "ingredients_text_original"),
    "original": ("ingredients_text_original",),
}
Half = Literal["A", "B"]
HALVES: Final[tuple[Half, ...]] = ("A", "B")
HELD_OUT: Final[Half] = "B"
"""The half no lexicon or rule change may be chosen on."""
UNTAGGED_SAMPLE: Final = 40
_EXCERPT = 160


class AllergenScore(BaseModel):
    recall: float | None = Field(description="None when no labelled product has the allergen.")
    precision: float | None = Field(description="None when the detector reported it nowhere.")
    support: int = Field(description="Labelled products tagged with this allergen.")


class AllergenMiss(BaseModel):
    product_id: str
    allergen: str
    product_name: str
    excerpt: str


class UntaggedDetection(BaseModel):
    product_id: str
    allergen: str
    evidence: str
    excerpt: str


class AllergenEvalReport(BaseModel):
    source: str
    reading: Reading = Field(description="Which fields the detector read; see the module doc.")
    half: Half | None = Field(
        default=None, description="Only the products of this half (see `product_half`); None: all."
    )
    fields: list[str]
    products: int
    labelled_products: int
    overall: AllergenScore
    per_allergen: dict[str, AllergenScore]
    misses: list[AllergenMiss]
    detected_untagged: list[UntaggedDetection]
    detected_untagged_total: int
    unmapped_tags: dict[str, int]


def off_tag_allergens(tag: str) -> tuple[str, ...]:
    """Canonical allergens an Open Food Facts tag stands for ("en:milk" -> dairy)."""
    known = OFF_TAGS.get(tag.strip().lower())
    if known is not None:
        return (known,)
    label = tag.split(":", 1)[-1].replace("-", " ")
    return term_allergens(label)


def product_half(code: str) -> Half:
    """The half a product belongs to: the parity of the SHA-256 of its barcode.

    A hash, not the file order or a random draw, so the split is the same on every run and in
    every file that holds the product, and roughly even whatever the barcodes look like.
    """
    digest = hashlib.sha256(code.strip().encode("utf-8")).digest()
    return HALVES[digest[-1] % 2]


def _rows(path: Path) -> Iterator[dict[str, Any]]:
    with path.open("rb") as probe:
        gzipped = probe.read(2) == b"\x1f\x8b"
    opener = gzip.open if gzipped else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                row = json.loads(line)
                if isinstance(row, dict):
                    yield row


def _excerpt(text: str, start: int | None = None) -> str:
    if start is None or len(text) <= _EXCERPT:
        return text[:_EXCERPT]
    left = max(0, start - _EXCERPT // 2)
    return ("…" if left else "") + text[left : left + _EXCERPT]


def _ratio(numerator: int, denominator: int) -> float | None:
    return round(numerator / denominator, 4) if denominator else None


def _scored_text(row: dict[str, Any], reading: Reading) -> str:
    """The text that makes a product scored: its English ingredients, or, for the `original`
    reading, its ingredients in the label's own language when that is not the English text."""
    english = str(row.get("ingredients_text_en") or "")
    if reading != "original":
        return english
    own = str(row.get("ingredients_text_original") or "")
    return "" if own.strip() == english.strip() else own


def _read_fields(row: dict[str, Any], fields: tuple[str, ...]) -> list[tuple[str, str]]:
    """The distinct non-empty texts of `fields`, each with the field it came from."""
    texts: list[tuple[str, str]] = []
    for field in fields:
        text = str(row.get(field) or "")
        if text.strip() and all(text != seen for _, seen in texts):
            texts.append((field, text))
    return texts


def evaluate_allergens(
    path: Path, reading: Reading = "ingredients", half: Half | None = None
) -> AllergenEvalReport:
    """Score `detect_allergens` on the labelled products of one Open Food Facts file, or of one
    half of it (`product_half`)."""
    fields = READINGS[reading]
    hits: Counter[str] = Counter()
    support: Counter[str] = Counter()
    false_pos: Counter[str] = Counter()
    unmapped: Counter[str] = Counter()
    misses: list[AllergenMiss] = []
    untagged: list[UntaggedDetection] = []
    untagged_total = products = labelled = 0
    for row in _rows(path):
        if half is not None and product_half(str(row.get("code", ""))) != half:
            continue
        products += 1
        gold: set[str] = set()
        for tag in row.get("allergens_tags") or []:
            mapped = off_tag_allergens(str(tag))
            gold.update(mapped)
            if not mapped:
                unmapped[str(tag)] += 1
        text = _scored_text(row, reading)
        if not gold or not text.strip():
            continue
        labelled += 1
        product_id = str(row.get("code", ""))
        found: set[str] = set()
        contains: dict[str, tuple[str, str, AllergenMention]] = {}
        for field, field_text in reversed(_read_fields(row, fields)):
            mentions = detect_allergens(field_text)
            found.update(mention.allergen for mention in mentions)
            for mention in reversed(mentions):
                if mention.status == "contains":
                    contains[mention.allergen] = (field, field_text, mention)
        for allergen in sorted(gold):
            support[allergen] += 1
            if allergen in found:
                hits[allergen] += 1
            else:
                name = str(row.get("product_name") or "")
                misses.append(
                    AllergenMiss(
                        product_id=product_id,
                        allergen=allergen,
                        product_name=name,
                        excerpt=_excerpt(text),
                    )
                )
        for allergen in sorted(set(contains) - gold):
            false_pos[allergen] += 1
            untagged_total += 1
            if len(untagged) < UNTAGGED_SAMPLE:
                field, field_text, mention = contains[allergen]
                evidence = (
                    mention.text if field == "ingredients_text_en" else f"{field}: {mention.text}"
                )
                untagged.append(
                    UntaggedDetection(
                        product_id=product_id,
                        allergen=allergen,
                        evidence=evidence,
                        excerpt=_excerpt(field_text, mention.start),
                    )
                )
    per_allergen = {
        allergen: AllergenScore(
            recall=_ratio(hits[allergen], support[allergen]),
            precision=_ratio(hits[allergen], hits[allergen] + false_pos[allergen]),
            support=support[allergen],
        )
        for allergen in CANONICAL_ALLERGENS
        if support[allergen] or false_pos[allergen]
    }
    total_hits, total_support = sum(hits.values()), sum(support.values())
    overall = AllergenScore(
        recall=_ratio(total_hits, total_support),
        precision=_ratio(total_hits, total_hits + sum(false_pos.values())),
        support=total_support,
    )
    return AllergenEvalReport(
        source=str(path),
        reading=reading,
        half=half,
        fields=list(fields),
        products=products,
        labelled_products=labelled,
        overall=overall,
        per_allergen=per_allergen,
        misses=misses,
        detected_untagged=untagged,
        detected_untagged_total=untagged_total,
        unmapped_tags=dict(unmapped.most_common()),
    )


def _fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def render_allergen_report(report: AllergenEvalReport, console: Console) -> None:
    """Print the report as Rich tables: overall, per allergen, every miss, untagged sample."""
    part = "" if report.half is None else f" (half {report.half})"
    console.print(
        f"[bold]Allergen detection[/bold] on {report.source}{part}: {report.products} products, "
        f"{report.labelled_products} with allergen tags; read: {', '.join(report.fields)}"
    )
    scores = Table(title="Recall and precision against allergens_tags")
    for column in ("allergen", "recall", "precision", "support"):
        scores.add_column(column, justify="left" if column == "allergen" else "right")
    ordered = sorted(report.per_allergen.items(), key=lambda item: (-item[1].support, item[0]))
    for name, score in [*ordered, ("overall", report.overall)]:
        low = score.recall is not None and score.recall < 0.95
        style = "bold" if name == "overall" else ("red" if low else None)
        scores.add_row(
            name, _fmt(score.recall), _fmt(score.precision), str(score.support), style=style
        )
    console.print(scores)
    misses = Table(title=f"Misses ({len(report.misses)}): tagged but not detected")
    for column in ("product", "allergen", "name", "ingredients (excerpt)"):
        misses.add_column(column, overflow="fold")
    for miss in report.misses:
        misses.add_row(miss.product_id, miss.allergen, miss.product_name, miss.excerpt)
    console.print(misses)
    sample = Table(
        title=(
            f"Detected but untagged: {len(report.detected_untagged)} of "
            f"{report.detected_untagged_total} (labels are incomplete; judge these by eye)"
        )
    )
    for column in ("product", "allergen", "evidence", "ingredients (excerpt)"):
        sample.add_column(column, overflow="fold")
    for case in report.detected_untagged:
        sample.add_row(case.product_id, case.allergen, case.evidence, case.excerpt)
    console.print(sample)

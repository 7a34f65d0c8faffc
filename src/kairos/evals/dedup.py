"""`kairos eval dedup`: precision and recall of `core.venue_identity.same_venue` on labelled
pairs of two Yelp releases of Boston (`evals/dedup_pairs.py` says how pairs and labels are
made). Each listing reaches the rule as the catalog would hold it: its address and postcode,
and how many listings of the two sources carry its name. Reported beside the overall figures:
the same on pairs within 300 m, on the hand-checked pairs alone, and the seed's literal rule
(same name, or within 100 m) for comparison.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel
from rich.console import Console
from rich.table import Table

from kairos.core.venue_identity import Venue, distance_m, name_key, same_venue
from kairos.evals.dedup_pairs import (
    CANDIDATE_RADIUS_M,
    HAND_LABELS,
    LabelledPair,
    labelled_pairs,
    load_listings,
)
from kairos.evals.gate import Figure

__all__ = ["DedupReport", "dedup_figures", "evaluate_dedup", "render_dedup_report"]

DATA_2015 = Path("../shared/data/yelp")
DATA_NEW = Path("../shared/data/restaurant_reviews")
TARGET = 0.95


class Score(BaseModel):
    pairs: int
    positives: int
    true_positives: int
    false_positives: int
    false_negatives: int
    precision: float
    recall: float


class DedupReport(BaseModel):
    data_2015: str
    data_new: str
    listings_2015: int
    listings_new: int
    rule: Score
    rule_within_300_m: Score
    rule_on_hand_labels: Score
    seed_literal_rule: Score
    errors: list[str]


def _score(
    pairs: list[LabelledPair], decide: Callable[[Venue, Venue], bool], listings: Counter[str]
) -> Score:
    tp = fp = fn = 0
    for pair in pairs:
        said = decide(*_venues(pair, listings))
        tp += said and pair.same
        fp += said and not pair.same
        fn += pair.same and not said
    return Score(
        pairs=len(pairs), positives=tp + fn, true_positives=tp, false_positives=fp,
        false_negatives=fn, precision=round(tp / max(tp + fp, 1), 4),
        recall=round(tp / max(tp + fn, 1), 4),
    )  # fmt: skip


def _venues(pair: LabelledPair, listings: Counter[str]) -> tuple[Venue, Venue]:
    return (
        pair.a.venue(listings[name_key(pair.a.name)]),
        pair.b.venue(listings[name_key(pair.b.name)]),
    )


def _seed_literal(a: Venue, b: Venue) -> bool:
    assert a.lat is not None and a.lng is not None and b.lat is not None and b.lng is not None
    return name_key(a.name) == name_key(b.name) or distance_m(a.lat, a.lng, b.lat, b.lng) < 100


def evaluate_dedup(
    data_2015: Path = DATA_2015, data_new: Path = DATA_NEW, hand_labels: Path = HAND_LABELS
) -> DedupReport:
    side_a, side_b = load_listings(data_2015, data_new)
    pairs = labelled_pairs(side_a, side_b, hand_labels)
    # the catalog's count of listings per name, over both sources as ingested together
    listings = Counter(name_key(x.name) for x in (*side_a, *side_b))
    errors = [
        f"{'missed' if p.same else 'merged'}: {p.a.name!r} / {p.b.name!r}, {p.metres:.0f} m"
        for p in pairs
        if same_venue(*_venues(p, listings)) != p.same
    ]
    near = [p for p in pairs if p.metres <= CANDIDATE_RADIUS_M]
    return DedupReport(
        data_2015=str(data_2015), data_new=str(data_new),
        listings_2015=len(side_a), listings_new=len(side_b),
        rule=_score(pairs, same_venue, listings),
        rule_within_300_m=_score(near, same_venue, listings),
        rule_on_hand_labels=_score([p for p in pairs if p.by_hand], same_venue, listings),
        seed_literal_rule=_score(pairs, _seed_literal, listings),
        errors=sorted(errors)[:200],
    )  # fmt: skip


def dedup_figures(report: DedupReport) -> list[Figure]:
    return [
        Figure(key="dedup.precision", suite="dedup", value=report.rule.precision, target=TARGET),
        Figure(key="dedup.recall", suite="dedup", value=report.rule.recall, target=TARGET),
        Figure(
            key="dedup.within_300_m.precision", suite="dedup",
            value=report.rule_within_300_m.precision, target=TARGET,
        ),
        Figure(
            key="dedup.within_300_m.recall", suite="dedup",
            value=report.rule_within_300_m.recall, target=TARGET,
        ),
        Figure(
            key="dedup.hand_labelled.precision", suite="dedup",
            value=report.rule_on_hand_labels.precision, gated=False,
        ),
        Figure(
            key="dedup.hand_labelled.recall", suite="dedup",
            value=report.rule_on_hand_labels.recall, gated=False,
        ),
    ]  # fmt: skip


def render_dedup_report(report: DedupReport, console: Console) -> None:
    table = Table(
        title=f"same_venue — {report.listings_2015} Yelp 2015 × {report.listings_new} newer Yelp "
        f"listings, {report.rule.pairs} candidate pairs"
    )
    for column in ("rule", "pairs", "same", "TP", "FP", "FN", "precision", "recall"):
        table.add_column(column, justify="left" if column == "rule" else "right")
    for name, s in (
        ("same_venue", report.rule),
        ("same_venue, pairs within 300 m", report.rule_within_300_m),
        ("same_venue, hand-checked pairs", report.rule_on_hand_labels),
        ("seed literal (name or < 100 m)", report.seed_literal_rule),
    ):
        table.add_row(name, *map(str, (s.pairs, s.positives, s.true_positives,
                      s.false_positives, s.false_negatives, s.precision, s.recall)))  # fmt: skip
    console.print(table)

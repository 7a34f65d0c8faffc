"""Grading one answer's top 5 against a request's constraints, and the figures over many.

For every place shown in the top 5 (`restaurants`, then `flagged_restaurants`), mapped back to
its source rows:

- **hard violations**: `wrong_city` (its locality is not the city asked), `wrong_cuisine` (no
  label holds the cuisine's words, when one was asked, nor a clearly related kind's:
  `RELATED_KINDS`), `wrong_price` (a known price level
  outside the range asked), `wrong_diet` (no evidence of the diet asked), `unflagged_allergen`
  (the profile's anaphylactic allergen is certain or usual by the place's categories and no
  allergy warning on the card names it). Occasions are not hard constraints: a place whose
  attribute says no, or does not say, is simply not relevant.
- **relevant**: no hard violation, every occasion asked is a known yes and a price asked is a
  known level in range. A place known to contain the allergen counts when the card warns of it.

precision@5 = relevant shown / min(5, places in the files satisfying the request), so a
request with three possible answers is not graded out of five; nDCG@5 uses binary gains with
the same ideal. The violation rate is violating places / places shown, pooled over a family's
requests (an empty answer shows nothing and violates nothing, but scores 0 on both figures).
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

from pydantic import BaseModel

from kairos.evals.chat_requests import Constraints, EvalRequest
from kairos.evals.chat_truth import TruthPlace, Words, label_words

TOP = 5
RELATED_KINDS: dict[str, tuple[str, ...]] = {
    "taco": ("mexican", "tex mex"), "burrito": ("mexican", "tex mex"), "tex mex": ("mexican",),
    "dim sum": ("chinese",), "cantonese": ("chinese",), "szechuan": ("chinese",),
    "dumpling": ("chinese",), "hot pot": ("chinese",), "sushi": ("japanese",),
    "ramen": ("japanese",), "pho": ("vietnamese",), "banh mi": ("vietnamese",),
    "biryani": ("indian", "hyderabadi", "mughlai"), "tapa": ("spanish",), "thai": ("asian",),
    "pizza": ("italian",), "falafel": ("middle eastern", "lebanese"),
    "kebab": ("turkish", "middle eastern"), "gyro": ("greek",), "poke": ("hawaiian",),
}  # fmt: skip
"""The grader's own reading of the judged rubric's "a narrower or a clearly related label is not
a violation" and "a broader kind that still serves the wish ('Asian' for 'thai')": a place of
one of these kinds shown for the asked one is no violation, and not relevant either."""
VIOLATIONS = ("wrong_city", "wrong_cuisine", "wrong_price", "wrong_diet", "unflagged_allergen")


@dataclass(frozen=True)
class Shown:
    place_id: int
    name: str
    warned: frozenset[str] = frozenset()


class PlaceJudgement(BaseModel):
    name: str
    locality: str | None
    relevant: bool
    violations: list[str]


class Answer(BaseModel):
    """One system's top 5 for one request, graded."""

    places: list[PlaceJudgement]
    precision_at_5: float
    ndcg_at_5: float
    note: str = ""


class SystemFigures(BaseModel):
    precision_at_5: float
    ndcg_at_5: float
    violation_rate: float
    shown: int
    violations: dict[str, int]
    empty_answers: int


class FamilyFigures(BaseModel):
    family: str
    requests: int
    kairos: SystemFigures
    baseline: SystemFigures
    kairos_beats_baseline: bool


class RequestResult(BaseModel):
    family: str
    turns: list[str]
    constraints: str
    candidates: int
    kairos: Answer
    baseline: Answer


def related_kinds(alternatives: tuple[Words, ...]) -> list[Words]:
    """The kinds `RELATED_KINDS` relates to an asked cuisine ("sushi bars" → Japanese)."""
    return [
        label_words(kind)
        for asked, kinds in RELATED_KINDS.items()
        if any(label_words(asked) <= words for words in alternatives)
        for kind in kinds
    ]


def judge(place: TruthPlace | None, shown: Shown, c: Constraints) -> PlaceJudgement:
    if place is None:
        return PlaceJudgement(name=shown.name, locality=None, relevant=False,
                              violations=["unmapped"])  # fmt: skip
    found: list[str] = []
    if place.locality != c.city:
        found.append("wrong_city")
    if c.cuisine is not None and not place.matches_any(c.cuisine.alternatives):
        related = place.matches_any(related_kinds(c.cuisine.alternatives))
        found.extend([] if related else ["wrong_cuisine"])
    price_known = place.price_level is not None
    if c.price_levels is not None and price_known and place.price_level not in c.price_levels:
        found.append("wrong_price")
    if c.diet is not None and not place.diet(c.diet):
        found.append("wrong_diet")
    if c.allergen and place.likely_contains(c.allergen) and c.allergen not in shown.warned:
        found.append("unflagged_allergen")
    relevant = (
        not found
        and (c.cuisine is None or place.matches_any(c.cuisine.alternatives))
        and (c.occasion is None or place.occasion(c.occasion) is True)
        and (c.price_levels is None or place.price_level in c.price_levels)
    )
    return PlaceJudgement(name=shown.name, locality=place.locality, relevant=relevant,
                          violations=found)  # fmt: skip


def precision_at(flags: list[bool], attainable: int, k: int = TOP) -> float:
    ideal = min(k, attainable)
    return 0.0 if ideal <= 0 else min(1.0, sum(flags[:k]) / ideal)


def ndcg_at(flags: list[bool], attainable: int, k: int = TOP) -> float:
    ideal = sum(1 / math.log2(i + 2) for i in range(min(k, attainable)))
    dcg = sum(1 / math.log2(i + 2) for i, hit in enumerate(flags[:k]) if hit)
    return 0.0 if ideal == 0 else min(1.0, dcg / ideal)


def grade(
    request: EvalRequest, shown: list[Shown], truth: dict[int, TruthPlace], note: str = ""
) -> Answer:
    places = [judge(truth.get(s.place_id), s, request.constraints) for s in shown[:TOP]]
    flags = [p.relevant for p in places]
    return Answer(
        places=places,
        precision_at_5=round(precision_at(flags, request.candidates), 4),
        ndcg_at_5=round(ndcg_at(flags, request.candidates), 4),
        note=note,
    )


def _mean(values: list[float]) -> float:
    return round(statistics.fmean(values), 4) if values else 0.0


def system_figures(answers: list[Answer]) -> SystemFigures:
    shown = [p for a in answers for p in a.places]
    counts = {kind: sum(kind in p.violations for p in shown) for kind in VIOLATIONS}
    violating = sum(1 for p in shown if p.violations)
    return SystemFigures(
        precision_at_5=_mean([a.precision_at_5 for a in answers]),
        ndcg_at_5=_mean([a.ndcg_at_5 for a in answers]),
        violation_rate=round(violating / len(shown), 4) if shown else 0.0,
        shown=len(shown),
        violations={k: v for k, v in counts.items() if v},
        empty_answers=sum(1 for a in answers if not a.places),
    )


def family_figures(family: str, results: list[RequestResult]) -> FamilyFigures:
    kairos = system_figures([r.kairos for r in results])
    baseline = system_figures([r.baseline for r in results])
    return FamilyFigures(
        family=family,
        requests=len(results),
        kairos=kairos,
        baseline=baseline,
        kairos_beats_baseline=kairos.precision_at_5 > baseline.precision_at_5,
    )

"""Field accuracy of the offline decomposer over a table of labelled chat messages.

Used by the test suite (which asserts the issue's ≥ 95 % bar) and by `kairos eval
decomposition`. Core fields are always scored, empty when a case does not name them, so a
parser that invents a city or a cuisine loses points; optional fields are scored only when a
case names them. Categories are compared the way the search uses them: two lists agree when
they reach the same catalog categories ("sushi" and "sushi bars" both reach "sushi bars").
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel

from kairos.restaurants.decomposition import QueryParser
from kairos.restaurants.schemas_decomposition import Decomposition
from kairos.text.query.catalog_words import (
    CatalogVocabulary,
    concept_form,
    expand_categories,
)

Expected = str | float | bool | list[str] | None

CORE_FIELDS: dict[str, Expected] = {
    "intent": "find_restaurant",
    "ui": "restaurant_list",
    "categories": [],
    "exclude_categories": [],
    "city": None,
    "area": None,
    "price_tiers": [],
    "min_rating": None,
    "exclude_allergens": [],
    "dietary": [],
    "needs_clarification": False,
}
OPTIONAL_FIELDS = frozenset(
    {"vibes", "avoid", "turn_allergens", "near_user", "radius_km", "vector_has", "assumed"}
)


@dataclass(frozen=True)
class DecompositionCase:
    message: str
    expected: Mapping[str, Expected]
    history: tuple[str, ...] = ()
    pending_clarification: str | None = None

    def __post_init__(self) -> None:
        unknown = set(self.expected) - set(CORE_FIELDS) - OPTIONAL_FIELDS
        if unknown:
            raise ValueError(f"unknown expected fields {sorted(unknown)} in {self.message!r}")


def load_cases(path: Path) -> list[DecompositionCase]:
    """The `CASES` list of a table module, loaded by path so that the test suite and the CLI
    read the same table however the tests directory is packaged."""
    spec = importlib.util.spec_from_file_location(f"_decomposition_cases_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise FileNotFoundError(f"no case table at {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    cases = getattr(module, "CASES", None)
    if not isinstance(cases, list) or not all(isinstance(c, DecompositionCase) for c in cases):
        raise ValueError(f"{path} must define CASES: list[DecompositionCase]")
    return cases


class FieldScore(BaseModel):
    correct: int = 0
    total: int = 0

    @property
    def accuracy(self) -> float:
        return self.correct / self.total if self.total else 1.0


class CaseFailure(BaseModel):
    message: str
    field: str
    expected: Expected
    actual: Expected


class DecompositionEvalReport(BaseModel):
    cases: int
    correct_fields: int
    total_fields: int
    field_accuracy: float
    per_field: dict[str, FieldScore]
    clarification_share: float
    failures: list[CaseFailure]

    def summary(self) -> str:
        lines = [
            f"{self.cases} messages, field accuracy {self.field_accuracy:.1%} "
            f"({self.correct_fields}/{self.total_fields}), "
            f"clarification asked for {self.clarification_share:.1%}",
        ]
        for name, score in sorted(self.per_field.items()):
            lines.append(f"  {name:<20} {score.accuracy:6.1%}  {score.correct}/{score.total}")
        for failure in self.failures:
            lines.append(
                f"  FAIL {failure.field}: {failure.message!r} expected {failure.expected!r}, "
                f"got {failure.actual!r}"
            )
        return "\n".join(lines)


@dataclass
class _Tally:
    per_field: dict[str, FieldScore] = field(default_factory=dict)
    failures: list[CaseFailure] = field(default_factory=list)


def _actual(name: str, result: Decomposition) -> Expected:
    f = result.filters
    values: dict[str, Expected] = {
        "intent": result.intent,
        "ui": result.ui_preference,
        "categories": f.categories,
        "exclude_categories": f.exclude_categories,
        "city": f.city,
        "area": f.area,
        "price_tiers": list(f.price_tiers),
        "min_rating": f.min_rating,
        "exclude_allergens": f.exclude_allergens,
        "dietary": result.dietary,
        "needs_clarification": result.needs_clarification,
        "vibes": result.vibes,
        "avoid": result.avoid,
        "turn_allergens": result.turn_allergens,
        "near_user": result.near_user,
        "radius_km": f.radius_km,
        "vector_has": result.vector_query.split(),
        "assumed": bool(result.assumptions),
    }
    return values[name]


def _categories_agree(
    expected: Sequence[str], actual: Sequence[str], catalog: frozenset[str]
) -> bool:
    reach_expected = expand_categories(expected, catalog)
    reach_actual = expand_categories(actual, catalog)
    if reach_expected or reach_actual:
        return reach_expected == reach_actual
    return {concept_form(c) for c in expected} == {concept_form(c) for c in actual}


def _agree(name: str, expected: Expected, actual: Expected, catalog: frozenset[str]) -> bool:
    if name in {"categories", "exclude_categories"}:
        assert isinstance(expected, list) and isinstance(actual, list)
        return _categories_agree(expected, actual, catalog)
    if name == "vector_has":
        assert isinstance(expected, list) and isinstance(actual, list)
        return set(expected) <= set(actual)
    if isinstance(expected, list) and isinstance(actual, list):
        return sorted(set(expected)) == sorted(set(actual))
    if isinstance(expected, float) and isinstance(actual, float):
        return abs(expected - actual) < 1e-6
    return expected == actual


def evaluate_decomposition(
    cases: Iterable[DecompositionCase],
    vocabulary: CatalogVocabulary,
    *,
    parser: QueryParser | None = None,
) -> DecompositionEvalReport:
    parser = parser or QueryParser(vocabulary)
    tally = _Tally()
    count = asked = 0
    for case in cases:
        count += 1
        result = parser.decompose(
            case.message, history=case.history, pending_clarification=case.pending_clarification
        )
        asked += result.needs_clarification
        checks = {**CORE_FIELDS, **case.expected}
        for name, expected in checks.items():
            actual = _actual(name, result)
            score = tally.per_field.setdefault(name, FieldScore())
            score.total += 1
            if _agree(name, expected, actual, vocabulary.categories):
                score.correct += 1
            else:
                tally.failures.append(
                    CaseFailure(message=case.message, field=name, expected=expected, actual=actual)
                )
    correct = sum(s.correct for s in tally.per_field.values())
    total = sum(s.total for s in tally.per_field.values())
    return DecompositionEvalReport(
        cases=count,
        correct_fields=correct,
        total_fields=total,
        field_accuracy=correct / total if total else 1.0,
        per_field=tally.per_field,
        clarification_share=asked / count if count else 0.0,
        failures=tally.failures,
    )

"""Ingredient-line parser exactness on the hand-labelled lines (`data/ingredient_lines.json`):
the share of lines whose quantity, unit and item each match the label exactly."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

__all__ = ["LabelledLine", "ParserScore", "load_labelled_lines", "normalise_item", "score_parser"]

ParseFn = Callable[[str], tuple[float | None, str | None, str]]
"""line -> (quantity, unit as a canonical name of `kairos.recipes.units`, item)."""

_PUNCTUATION = re.compile(r"[^\w\s\-'’]")


@dataclass(frozen=True, slots=True)
class LabelledLine:
    line: str
    quantity: float | None
    unit: str | None
    item: str


@dataclass
class ParserScore:
    lines: int = 0
    quantity: int = 0
    unit: int = 0
    item: int = 0
    misses: list[dict[str, Any]] = field(default_factory=list)

    def rate(self, count: int) -> float:
        return count / self.lines if self.lines else 0.0


def normalise_item(item: str) -> str:
    return " ".join(_PUNCTUATION.sub(" ", item.lower().replace("’", "'")).split())


def load_labelled_lines() -> list[LabelledLine]:
    path = resources.files("kairos.evals").joinpath("data").joinpath("ingredient_lines.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    return [
        LabelledLine(row["line"], row["quantity"], row["unit"], row["item"])
        for row in data["lines"]
    ]


def _same_quantity(found: float | None, expected: float | None) -> bool:
    if found is None or expected is None:
        return found is expected
    return abs(found - expected) <= 1e-3


def score_parser(parse: ParseFn, lines: list[LabelledLine]) -> ParserScore:
    score = ParserScore()
    for labelled in lines:
        try:
            quantity, unit, item = parse(labelled.line)
        except Exception:  # a library that raises on a line scores a miss on it
            quantity, unit, item = None, None, ""
        checks = (
            _same_quantity(quantity, labelled.quantity),
            unit == labelled.unit,
            normalise_item(item) == normalise_item(labelled.item),
        )
        score.lines += 1
        score.quantity += checks[0]
        score.unit += checks[1]
        score.item += checks[2]
        if not all(checks):
            score.misses.append(
                {"line": labelled.line, "found": [quantity, unit, item],
                 "expected": [labelled.quantity, labelled.unit, labelled.item]}
            )  # fmt: skip
    return score

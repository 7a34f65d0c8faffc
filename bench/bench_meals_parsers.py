"""Compare the pure-Python ingredient parsers on PyPI with Kairos' own on the labelled lines.

    .venv/bin/pip install ingreedypy quantulum3   # not project dependencies
    .venv/bin/python bench/bench_meals_parsers.py

recipe-scrapers was checked too: it has no ingredient-line parser (its `_utils` read only
yields and times), so it is not in the table. `ingredient-parser-nlp` needs NLTK data from the
network at run time and cannot run here.
"""

from __future__ import annotations

import re
import warnings

from kairos.evals.meals_parser import ParseFn, load_labelled_lines, score_parser
from kairos.recipes.parser import parse_ingredient
from kairos.recipes.units import UNIT_ALIASES


def _unit(name: str | None) -> str | None:
    if not name:
        return None
    key = name.lower().replace("_", " ")
    return UNIT_ALIASES.get(key, UNIT_ALIASES.get(key.rstrip("s"), key))


def kairos(line: str) -> tuple[float | None, str | None, str]:
    parsed = parse_ingredient(line)
    return parsed.quantity, parsed.unit, parsed.item


def ingreedypy(line: str) -> tuple[float | None, str | None, str]:
    from ingreedypy import Ingreedy  # type: ignore[import-untyped]

    parsed = Ingreedy().parse(line)
    quantities = parsed.get("quantity") or []
    first = quantities[0] if quantities else {}
    return first.get("amount"), _unit(first.get("unit")), parsed.get("ingredient") or ""


def quantulum3(line: str) -> tuple[float | None, str | None, str]:
    from quantulum3 import parser  # type: ignore[import-untyped]

    found = parser.parse(line)
    if not found:
        return None, None, line
    first = found[0]
    unit = None if first.unit.name == "dimensionless" else _unit(first.unit.name)
    item = (line[: first.span[0]] + line[first.span[1] :]).strip()
    return float(first.value), unit, re.sub(r"^of\s+", "", item)


def main() -> None:
    warnings.simplefilter("ignore")
    lines = load_labelled_lines()
    parsers: dict[str, ParseFn] = {"kairos": kairos}
    for name, fn in (("ingreedypy", ingreedypy), ("quantulum3", quantulum3)):
        try:
            fn("1 cup milk")
        except ImportError:
            print(f"{name}: not installed, skipped")
            continue
        parsers[name] = fn
    print(f"{'parser':<12} {'lines':>5} {'quantity':>9} {'unit':>6} {'item':>6}")
    for name, fn in parsers.items():
        score = score_parser(fn, lines)
        print(
            f"{name:<12} {score.lines:>5} {score.rate(score.quantity):>9.1%}"
            f" {score.rate(score.unit):>6.1%} {score.rate(score.item):>6.1%}"
        )


if __name__ == "__main__":
    main()

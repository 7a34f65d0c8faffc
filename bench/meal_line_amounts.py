"""Can a cook measure every final ingredient line? Read from outside, offline (issue 37, items
3-4: "no ⅛ container", metric everywhere, one amount a line).

    .venv/bin/python bench/meal_line_amounts.py [--data ../shared/data] [--servings 2] [--show 20]

Every English recipe of the two shared recipe files is derived as the ingest derives it and
adapted for a cook with no constraints (metric), once as written and once scaled to
--servings. Each shown line (left-out lines excluded) is read with this file's own patterns,
which import nothing of Kairos:

- unsized package: the amount is a package word (can, tin, package, pack, packet, container,
  tub, carton, pot, bottle, jar, box, bag, envelope, sachet) and the line holds no metric
  weight or volume anywhere; counted apart when the line says plainly that the size is not
  known ("size not given");
- non-metric: the outside checker's pattern of `meal_numbers.NON_METRIC` (cups, ounces,
  pounds, sticks of butter, inches, °F...);
- contradictory: a clause that is a bare amount ("stock, 500 ml", "salmon (...), 170 g / 170 g
  each") naming a weight or volume other than the line's first (by more than 5 %), or two
  different ones; a usual size said beside a part ("about ⅓ can; a usual can is 425 g") and an
  alternative with its own food ("or 240 ml fresh spinach") are not counted.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

from meal_numbers import NON_METRIC

from kairos.recipes.adapt import adapt_recipe
from kairos.recipes.constraints import CookConstraints
from kairos.recipes.derive import derive_recipe
from kairos.recipes.models import AdaptedRecipe

FILES = ("recipes/recipes.jsonl.gz", "recipes_wikibooks/recipes_wikibooks.jsonl.gz")

PACKAGE = re.compile(
    r"^\s*[\d½¼¾⅓⅔⅛][\d\s/.,½¼¾⅓⅔⅛–-]*\s*(?:cans?|tins?|packages?|packs?|packets?|pkgs?\.?"
    r"|containers?|tubs?|cartons?|pots?|bottles?|jars?|box(?:es)?|bags?|envelopes?|sachets?)\b",
    re.IGNORECASE,
)
METRIC = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)?)(?:\s*[–-]\s*\d+(?:[.,]\d+)?)?\s*(g|kg|ml|l|cl)\b")
NOT_GIVEN = re.compile(r"\bsize not (?:given|known|stated)\b", re.IGNORECASE)
USUAL = re.compile(r"usual (?:small |large )?\w+ is (?:about )?$")


CLAUSE = re.compile(r"[,;()]")
BARE = re.compile(
    r"^\s*(?:about|approx\.?|approximately|~)?\s*(?:[\d½¼¾⅓⅔⅛][\d\s/.,½¼¾⅓⅔⅛–-]*\s*(?:g|kg|ml|l|cl|"
    r"dl|oz|lbs?|cups?|tbsp|tsp)\.?\s*(?:/|\||\+|=|\s)?\s*)+(?:each|total)?\s*$",
    re.IGNORECASE,
)


def _amounts(text: str) -> dict[str, set[int]]:
    kinds: dict[str, set[int]] = {"mass": set(), "volume": set()}
    for found in METRIC.finditer(text):
        if USUAL.search(text[: found.start()]):
            continue
        scale = {"kg": 1000, "l": 1000, "cl": 10}.get(found[2], 1)
        value = round(float(found[1].replace(",", ".")) * scale)
        kinds["mass" if found[2] in ("g", "kg") else "volume"].add(value)
    return kinds


def contradictory(line: str) -> bool:
    """A clause that is a bare amount ("stock, 500 ml", "salmon (...), 170 g / 170 g each")
    naming a weight or volume other than the line's own first one. An alternative with its own
    food ("or 240 ml fresh spinach") is no contradiction."""
    clauses = CLAUSE.split(line)
    lead = _amounts(clauses[0])
    if not any(lead.values()):
        lead = _amounts(line)
    for clause in clauses[1:]:
        if not BARE.match(clause):
            continue
        for kind, values in _amounts(clause).items():
            first = min(lead[kind]) if lead[kind] else None
            if first is not None and any(abs(v - first) > 0.05 * first for v in values):
                return True
            if len(values) > 1:
                return True
    return False


def recipes(data: Path) -> Iterator[dict[str, object]]:
    for name in FILES:
        with gzip.open(data / name, "rt") as handle:
            for number, line in enumerate(handle, 1):
                if line.strip():
                    row = json.loads(line)
                    if str(row.get("language") or "en").startswith("en"):
                        row["_number"] = number
                        yield row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data"))
    parser.add_argument("--servings", type=float, default=2.0)
    parser.add_argument("--show", type=int, default=20)
    args = parser.parse_args()
    nobody = CookConstraints()
    rows = list(recipes(args.data))
    for servings in (None, args.servings):
        counts = {"lines": 0, "unsized": 0, "said": 0, "non_metric": 0, "contradictory": 0}
        examples: dict[str, list[str]] = {key: [] for key in counts}
        for row in rows:
            recipe = derive_recipe(row, int(str(row["_number"])))
            adapted = adapt_recipe(recipe, nobody, servings=servings)
            if not isinstance(adapted, AdaptedRecipe):
                continue
            for line in (i.display for i in adapted.ingredients if not i.omitted):
                counts["lines"] += 1
                found = []
                if PACKAGE.match(line) and not METRIC.search(line):
                    found.append("said" if NOT_GIVEN.search(line) else "unsized")
                if NON_METRIC.search(line):
                    found.append("non_metric")
                if contradictory(line):
                    found.append("contradictory")
                for key in found:
                    counts[key] += 1
                    examples[key].append(line)
        label = "as written" if servings is None else f"scaled to {servings:g}"
        print(f"{label}: {counts['lines']} lines; unsized package {counts['unsized']} "
              f"(+{counts['said']} said not given); non-metric {counts['non_metric']}; "
              f"contradictory {counts['contradictory']}")  # fmt: skip
        for key in ("unsized", "said", "non_metric", "contradictory"):
            random.Random(1).shuffle(examples[key])
            for example in examples[key][: args.show]:
                print(f"  {key:>13} | {example[:140]}")


if __name__ == "__main__":
    main()

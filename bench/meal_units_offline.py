"""How many shared recipes a metric cook would still read with a non-metric unit, offline.

    .venv/bin/python bench/meal_units_offline.py [--servings 2] [--show 30]

Every English recipe of ../shared/data/recipes and ../shared/data/recipes_wikibooks is derived
as the ingest derives it, adapted for a cook with no constraints (`adapt_recipe`, metric, scaled
to --servings), and its shown ingredient lines and steps are read by the outside checker's
pattern (`meal_numbers.NON_METRIC`, which imports nothing of Kairos). It prints how many
recipes still hold a unit, in a line or in a step, with examples.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
from pathlib import Path

from meal_numbers import NON_METRIC

from kairos.recipes.adapt import adapt_recipe
from kairos.recipes.constraints import CookConstraints
from kairos.recipes.derive import derive_recipe
from kairos.recipes.models import AdaptedRecipe

FILES = (
    Path("../shared/data/recipes/recipes.jsonl.gz"),
    Path("../shared/data/recipes_wikibooks/recipes_wikibooks.jsonl.gz"),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--servings", type=float, default=2.0)
    parser.add_argument("--show", type=int, default=30)
    args = parser.parse_args()
    total = in_line = in_step = 0
    examples: list[str] = []
    nobody = CookConstraints()
    for path in FILES:
        with gzip.open(path, "rt") as handle:
            rows = [json.loads(line) for line in handle if line.strip()]
        for number, row in enumerate(rows, 1):
            if not str(row.get("language") or "en").startswith("en"):
                continue
            adapted = adapt_recipe(derive_recipe(row, number), nobody, servings=args.servings)
            if not isinstance(adapted, AdaptedRecipe):
                continue
            total += 1
            lines = [i.display for i in adapted.ingredients if not i.omitted]
            line = next((t for t in lines if NON_METRIC.search(t)), None)
            step = next((s.text for s in adapted.steps if NON_METRIC.search(s.text)), None)
            if line is not None:
                in_line += 1
                examples.append(f"line: {line}")
            elif step is not None:
                in_step += 1
                found = NON_METRIC.search(step)
                assert found is not None
                start = max(0, found.start() - 50)
                examples.append(f"step: ...{step[start : found.end() + 30]}")
    left = in_line + in_step
    print(f"{total} recipes; {left} ({100 * left / max(total, 1):.2f} %) hold a non-metric unit: "
          f"{in_line} in a line, {in_step} only in a step")  # fmt: skip
    random.Random(1).shuffle(examples)
    for example in examples[: args.show]:
        print("  |", example.replace("\n", " "))


if __name__ == "__main__":
    main()

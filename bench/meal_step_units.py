"""How many recipe steps a metric cook would still read in °F or inches.

    .venv/bin/python bench/meal_step_units.py [--show 20]

Every step of every English recipe of ../shared/data/recipes and ../shared/data/recipes_wikibooks
is rewritten as the coach rewrites it for a metric cook (`adapt_step`, unscaled), then read by
this script's own patterns (it does not use the rewriter's): a figure in °F or Fahrenheit,
200-599 in bare degrees (200-299 may be °C: counted all the same), inches as a word, an inch
mark after a figure. It prints how many steps hold one as written and how many still do after
the rewrite, with examples of those.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
from pathlib import Path

from kairos.recipes.step_amounts import adapt_step

FILES = (
    Path("../shared/data/recipes/recipes.jsonl.gz"),
    Path("../shared/data/recipes_wikibooks/recipes_wikibooks.jsonl.gz"),
)
FAHRENHEIT = re.compile(
    r"\d\s*(?:°|º|˚|degrees?|deg\.?)?\s*F(?:ahrenheit)?\b|\b[2-5]\d\d\s*(?:°|º|˚|degrees?\b)(?!\s*C)",
    re.IGNORECASE,
)
INCH = re.compile(r"\d\s*(?:-|\s)?(?:inch(?:es)?\b|in\.(?!\w)|[\"″”])|\binch(?:es)?\b", re.I)


def not_metric(text: str) -> re.Match[str] | None:
    return FAHRENHEIT.search(text) or INCH.search(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=20, help="examples of steps still imperial")
    args = parser.parse_args()
    steps = written = left = 0
    recipes_left: set[str] = set()
    examples: list[str] = []
    for path in FILES:
        with gzip.open(path, "rt") as handle:
            rows = [json.loads(line) for line in handle]
        for row in rows:
            if not str(row.get("language") or "en").startswith("en"):
                continue
            for step in row.get("instructions") or []:
                if not isinstance(step, str):
                    continue
                steps += 1
                written += bool(not_metric(step))
                rewritten = adapt_step(step, 1.0, "metric")
                found = not_metric(rewritten)
                if found:
                    left += 1
                    recipes_left.add(str(row["recipe_id"]))
                    start = max(0, found.start() - 60)
                    examples.append(rewritten[start : found.end() + 30].replace("\n", " "))
    print(f"{steps} steps; {written} hold a °F or inch figure as written; {left} still do for a "
          f"metric cook, in {len(recipes_left)} recipes")  # fmt: skip
    random.Random(1).shuffle(examples)
    for example in examples[: args.show]:
        print("  |", example)


if __name__ == "__main__":
    main()

"""Draw the third development extension of the allergen line set (half A only), stdlib only.

Half A is where rules are chosen; by the end of `extension-2` the reader missed almost none of its
`contains` labels, so it no longer showed what the reader does not know. This draw gives it new
lines. They come from the same sources as the rest of the set (both shared recipe sets, English
recipes only, and the allergens menu file; every Indian menu dish is already in the set) and use
the same ids (`<source>:<recipe_id>#<line number>`, `menus_allergens:<dish>`). A line is a
candidate only if neither its id nor its text (spacing and case ignored) is already in
`lines.jsonl` (its own lines excepted, so the draw can be run again); texts repeated among
candidates are taken once.

Two draws with one fixed seed (`random.Random(SEED)`), both blind to the reader being improved:

- `random`: a uniform sample of each source's candidates (RANDOM_PER_SOURCE);
- `sulphite-egg-mustard-words`: sulphites, eggs and mustard are the allergens whose half-B figures
  stand at or below their targets, so WORDS_EXTRA further lines are drawn at random among the
  candidates left whose text holds a word cooks associate with them (WORDS, written before any
  reader output on these lines was looked at). Figures on the `random` draw alone are unbiased;
  the words draw only adds those allergens (and whatever else the lines hold) to learn from.

    python evals/allergen_lines/draw_development_extension.py ../shared/data > unlabelled.jsonl

Every drawn line is half A and `"set": "development-extension-3"`; its labels are written by hand.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path

SEED = 20261130
SET_NAME = "development-extension-3"
RANDOM_PER_SOURCE = {"recipes": 125, "recipes_wikibooks": 125, "menus_allergens": 20}
WORDS_EXTRA = 40
WORDS = re.compile(
    r"\b(wines?|sherry|port|marsala|madeira|vermouth|champagne|prosecco|cider|beer|ale|stout"
    r"|vinegars?|balsamic|verjuice|raisins?|sultanas?|currants|prunes|dried (?:fruits?|apricots?"
    r"|figs?|cranberr(?:y|ies)|cherr(?:y|ies)|mango(?:es)?)|glac[eé] cherr(?:y|ies)|candied"
    r"|molasses|pickles?|pickled|gherkins?|capers|olives|relish|chutney|sauerkraut"
    r"|mayonnaise|mayo|aioli|hollandaise|b[eé]arnaise|custard|meringue|dressing"
    r"|vinaigrette|remoulade|tartar sauce|egg noodles|brioche|mustard|dijon|horseradish|wasabi"
    r"|curry powder|piccalilli|worcestershire)\b",
    re.IGNORECASE,
)
LINES = Path(__file__).with_name("lines.jsonl")


def normalised(text: str) -> str:
    return " ".join(text.split()).lower()


def _recipes(path: Path, source: str) -> Iterator[tuple[str, str]]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for raw in handle:
            recipe = json.loads(raw)
            if not str(recipe.get("language") or "en").startswith("en"):
                continue
            for n, line in enumerate(recipe.get("ingredients") or []):
                text = " ".join(str(line).split())
                if text:
                    yield f"{source}:{recipe['recipe_id']}#{n}", text


def _menu_allergens(path: Path) -> Iterator[tuple[str, str]]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for row in csv.DictReader(io.StringIO(handle.read())):
            parts = [row[c] for c in ("Main Ingredient", "Sweetener", "Fat/Oil", "Seasoning")]
            text = f"{row['Food Product']}: " + ", ".join(p for p in parts if p and p != "None")
            yield f"menus_allergens:{row['Food Product']}", text


def candidates(shared: Path) -> dict[str, list[tuple[str, str]]]:
    rows = [json.loads(raw) for raw in LINES.read_text(encoding="utf-8").splitlines() if raw]
    existing = [row for row in rows if row.get("set") != SET_NAME]  # the draw is reproducible
    taken_ids = {row["id"] for row in existing}
    taken_texts = {normalised(row["text"]) for row in existing}
    sources = {
        "recipes": _recipes(shared / "recipes" / "recipes.jsonl.gz", "recipes"),
        "recipes_wikibooks": _recipes(
            shared / "recipes_wikibooks" / "recipes_wikibooks.jsonl.gz", "recipes_wikibooks"
        ),
        "menus_allergens": _menu_allergens(
            shared / "menus" / "food_ingredients_and_allergens.csv.gz"
        ),
    }
    pools: dict[str, list[tuple[str, str]]] = {}
    for source, rows in sources.items():
        pool: list[tuple[str, str]] = []
        for line_id, text in sorted(rows):
            if line_id in taken_ids or normalised(text) in taken_texts:
                continue
            taken_ids.add(line_id)
            taken_texts.add(normalised(text))
            pool.append((line_id, text))
        pools[source] = pool
    return pools


def draw(shared: Path) -> list[dict[str, object]]:
    rng = random.Random(SEED)
    pools = candidates(shared)
    chosen: list[tuple[str, str, str, str]] = []
    for source, pool in pools.items():
        for line_id, text in rng.sample(pool, min(RANDOM_PER_SOURCE[source], len(pool))):
            chosen.append((source, line_id, text, "random"))
    drawn = {line_id for _, line_id, _, _ in chosen}
    words_pool = [
        (source, line_id, text)
        for source, pool in pools.items()
        for line_id, text in pool
        if line_id not in drawn and WORDS.search(text)
    ]
    for source, line_id, text in rng.sample(words_pool, min(WORDS_EXTRA, len(words_pool))):
        chosen.append((source, line_id, text, "sulphite-egg-mustard-words"))
    return [
        {"id": line_id, "source": source, "half": "A", "set": SET_NAME, "draw": how,
         "text": text, "contains": [], "likely": [], "note": ""}
        for source, line_id, text, how in chosen
    ]  # fmt: skip


def main(shared: Path) -> None:
    for row in draw(shared):
        print(json.dumps(row, ensure_ascii=False))


if __name__ == "__main__":
    main(Path(sys.argv[1]))

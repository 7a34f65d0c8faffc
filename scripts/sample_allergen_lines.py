"""Draw the hand-labelled allergen line set's lines from the shared recipes and menus.

Deterministic: every candidate line gets the key sha256("kairos-allergen-lines:<source>:<id>:<n>")
and the lowest keys of each source are taken, so the draw never depends on the reader being
judged. A line's half (A: rules are chosen by reading it; B: only judged) is the parity of the
first byte of sha256("kairos-allergen-half:<line id>").

    python scripts/sample_allergen_lines.py ../shared/data > evals/allergen_lines/unlabelled.jsonl
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path

PER_SOURCE = {"recipes": 330, "recipes_wikibooks": 330, "menus_indian": 60, "menus_allergens": 40}


def _key(*parts: object) -> str:
    return hashlib.sha256("kairos-allergen-lines:".encode() + ":".join(map(str, parts)).encode()).hexdigest()


def half_of(line_id: str) -> str:
    return "A" if hashlib.sha256(f"kairos-allergen-half:{line_id}".encode()).digest()[0] % 2 == 0 else "B"


def _recipes(path: Path, source: str) -> Iterator[tuple[str, str, str]]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for raw in handle:
            recipe = json.loads(raw)
            if not str(recipe.get("language") or "en").startswith("en"):
                continue
            for n, line in enumerate(recipe.get("ingredients") or []):
                text = " ".join(str(line).split())
                if text:
                    yield _key(source, recipe["recipe_id"], n), f"{recipe['recipe_id']}#{n}", text


def _menu_indian(path: Path) -> Iterator[tuple[str, str, str]]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            text = f"{row['name']}: {row['ingredients']}"
            yield _key("menus_indian", row["name"]), row["name"], text


def _menu_allergens(path: Path) -> Iterator[tuple[str, str, str]]:
    seen: set[str] = set()
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for row in csv.DictReader(io.StringIO(handle.read())):
            parts = [row[c] for c in ("Main Ingredient", "Sweetener", "Fat/Oil", "Seasoning")]
            text = f"{row['Food Product']}: " + ", ".join(p for p in parts if p and p != "None")
            if text not in seen:
                seen.add(text)
                yield _key("menus_allergens", text), row["Food Product"], text


def main(shared: Path) -> None:
    sources = {
        "recipes": _recipes(shared / "recipes" / "recipes.jsonl.gz", "recipes"),
        "recipes_wikibooks": _recipes(
            shared / "recipes_wikibooks" / "recipes_wikibooks.jsonl.gz", "recipes_wikibooks"
        ),
        "menus_indian": _menu_indian(shared / "menus" / "indian_food.csv.gz"),
        "menus_allergens": _menu_allergens(shared / "menus" / "food_ingredients_and_allergens.csv.gz"),
    }
    for source, rows in sources.items():
        chosen = sorted(rows)[: PER_SOURCE[source]]
        for key, ref, text in chosen:
            line_id = f"{source}:{ref}"
            print(json.dumps({"id": line_id, "source": source, "half": half_of(line_id), "text": text},
                             ensure_ascii=False))


if __name__ == "__main__":
    main(Path(sys.argv[1]))

"""What the allergen line set's extension draws share, standard library only: the candidate
lines of the shared recipe sets (English recipes) and the allergens menu file, under the set's
ids, none already in `lines.jsonl` by id or text (spacing and case ignored; the extension's own
lines excepted, so a draw can be run again), and one seeded draw of random lines per source plus
extra lines whose text holds chosen words."""

from __future__ import annotations

import csv
import gzip
import io
import json
import random
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

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


def candidates(shared: Path, set_name: str) -> dict[str, list[tuple[str, str]]]:
    rows = [json.loads(raw) for raw in LINES.read_text(encoding="utf-8").splitlines() if raw]
    existing = [row for row in rows if row.get("set") != set_name]  # the draw is reproducible
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


@dataclass(frozen=True)
class Extension:
    """One extension's draw: its seed, set name and half, how many random lines per source, and
    the extra lines drawn among those whose text holds one of `words`, under `words_draw`."""

    seed: int
    set_name: str
    half: str
    random_per_source: dict[str, int]
    words: re.Pattern[str]
    words_extra: int
    words_draw: str


def draw(shared: Path, extension: Extension) -> list[dict[str, object]]:
    rng = random.Random(extension.seed)
    pools = candidates(shared, extension.set_name)
    chosen: list[tuple[str, str, str, str]] = []
    for source, pool in pools.items():
        wanted = extension.random_per_source[source]
        for line_id, text in rng.sample(pool, min(wanted, len(pool))):
            chosen.append((source, line_id, text, "random"))
    drawn = {line_id for _, line_id, _, _ in chosen}
    words_pool = [
        (source, line_id, text)
        for source, pool in pools.items()
        for line_id, text in pool
        if line_id not in drawn and extension.words.search(text)
    ]
    extra = min(extension.words_extra, len(words_pool))
    for source, line_id, text in rng.sample(words_pool, extra):
        chosen.append((source, line_id, text, extension.words_draw))
    return [
        {"id": line_id, "source": source, "half": extension.half, "set": extension.set_name,
         "draw": how, "text": text, "contains": [], "likely": [], "note": ""}
        for source, line_id, text, how in chosen
    ]  # fmt: skip


def main(extension: Extension) -> None:
    for row in draw(Path(sys.argv[1]), extension):
        print(json.dumps(row, ensure_ascii=False))

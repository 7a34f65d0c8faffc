"""Cut the recipes shipped in `data/sample/recipes/` from the full shared set, with their
embeddings computed by Kairos (so a fresh clone's first start computes none).

Deterministic: English recipes of the first source in the order of a seeded hash, every recipe
with nutrients first up to a third of `size` (they carry the `nutrients-v1` health score), then
the rest; then, from every source, up to `PER_DISH` recipes of each common dish
(`common_dishes.py`) not yet held, those whose title is most nearly the dish first. Each row is
kept as its source wrote it (with its `license` where the source gives one).
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import numpy as np

from kairos.ingest.common_dishes import common_dishes, dish_score
from kairos.ingest.recipes import read_recipe_rows
from kairos.recipes.derive import derive_recipe, embedding_text
from kairos.text.embeddings import EmbeddingProvider, content_hash

__all__ = ["cut_recipe_sample"]

SAMPLE_SIZE = 300
PER_DISH = 2


def _key(row: dict[str, object]) -> str:
    return hashlib.sha256(f"kairos-sample:{row['recipe_id']}".encode()).hexdigest()


def _english(path: Path) -> list[dict[str, object]]:
    rows = (r for r in read_recipe_rows(path) if str(r.get("language") or "en").startswith("en"))
    return sorted(rows, key=_key)


def _dish_recipes(rows: list[dict[str, object]], held: set[str]) -> list[dict[str, object]]:
    """Up to `PER_DISH` recipes of each common dish that `held` lacks, nearest titles first."""
    added: list[dict[str, object]] = []
    for dish in common_dishes():
        scores = ((dish_score(str(r.get("title") or ""), dish), _key(r), r) for r in rows)
        scored = [(score, key, r) for score, key, r in scores if score is not None]
        have = sum(1 for _, _, r in scored if str(r["recipe_id"]) in held)
        for _, _, row in sorted(scored, key=lambda t: (t[0], t[1]))[: max(0, PER_DISH - have)]:
            if str(row["recipe_id"]) not in held:
                held.add(str(row["recipe_id"]))
                added.append(row)
    return added


def cut_recipe_sample(
    sources: Path | list[Path], out: Path, embedder: EmbeddingProvider, size: int = SAMPLE_SIZE
) -> int:
    paths = [sources] if isinstance(sources, Path) else list(sources)
    rows = _english(paths[0])
    with_nutrients = [r for r in rows if r.get("nutrients")][: size // 3]
    chosen = {str(r["recipe_id"]): r for r in with_nutrients}
    for row in rows:
        if len(chosen) >= size:
            break
        chosen.setdefault(str(row["recipe_id"]), row)
    everything = [row for path in paths for row in _english(path)]
    for row in _dish_recipes(everything, set(chosen)):
        chosen[str(row["recipe_id"])] = row
    ordered = sorted(chosen.values(), key=lambda r: str(r["recipe_id"]))
    out.mkdir(parents=True, exist_ok=True)
    with gzip.GzipFile(out / "recipes.jsonl.gz", "wb", mtime=0) as raw:
        for row in ordered:
            raw.write((json.dumps(row, ensure_ascii=False) + "\n").encode())
    texts = [embedding_text(derive_recipe(row)) for row in ordered]
    vectors = embedder.embed(texts)
    np.savez_compressed(
        out / "embeddings.npz",
        hashes=np.array([content_hash(t, embedder.name) for t in texts]),
        vectors=np.asarray(vectors, dtype=np.float16),
    )
    return len(ordered)

"""Cut the recipes shipped in `data/sample/recipes/` from the full shared set, with their
embeddings computed by Kairos (so a fresh clone's first start computes none).

Deterministic: English recipes in the order of a seeded hash, every recipe with nutrients
first up to a third of the sample (they carry the `nutrients-v1` health score), then the rest.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import numpy as np

from kairos.ingest.recipes import read_recipe_rows
from kairos.meals.recipes.derive import derive_recipe, embedding_text
from kairos.text.embeddings import EmbeddingProvider, content_hash

__all__ = ["cut_recipe_sample"]

SAMPLE_SIZE = 300


def _key(row: dict[str, object]) -> str:
    return hashlib.sha256(f"kairos-sample:{row['recipe_id']}".encode()).hexdigest()


def cut_recipe_sample(
    source: Path, out: Path, embedder: EmbeddingProvider, size: int = SAMPLE_SIZE
) -> int:
    rows = sorted(
        (r for r in read_recipe_rows(source) if str(r.get("language") or "en").startswith("en")),
        key=_key,
    )
    with_nutrients = [r for r in rows if r.get("nutrients")][: size // 3]
    chosen = {str(r["recipe_id"]): r for r in with_nutrients}
    for row in rows:
        if len(chosen) >= size:
            break
        chosen.setdefault(str(row["recipe_id"]), row)
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

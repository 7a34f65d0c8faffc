"""Embeddings of evaluation texts, computed once and kept on disk by content hash.

The files are the sample's format (`hashes`, float16 `vectors`) under `eval-cache/embeddings/`,
the folder the scratch databases seed themselves from, so a text embedded by one suite is never
embedded again by another. New vectors are written in parts of `PART` texts, so an interrupted
run keeps what it computed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from kairos.text.embeddings import EmbeddingProvider, content_hash

__all__ = ["PART", "cached_vectors", "known_vectors"]

PART: Final = 2000
F32 = npt.NDArray[np.float32]


def known_vectors(files: Sequence[Path], wanted: set[str]) -> dict[str, F32]:
    """The vectors of `wanted` hashes found in `files` (later files never replace earlier ones)."""
    found: dict[str, F32] = {}
    for path in files:
        if not path.is_file() or len(found) == len(wanted):
            continue
        with np.load(path) as data:
            hashes, vectors = data["hashes"], data["vectors"]
        for i, h in enumerate(hashes):
            key = str(h)
            if key in wanted and key not in found:
                found[key] = vectors[i].astype(np.float32)
    return found


def cached_vectors(
    texts: Sequence[str],
    embedder: EmbeddingProvider,
    folder: Path,
    *,
    seed_files: Sequence[Path] = (),
    on_progress: Callable[[int], None] | None = None,
) -> tuple[F32, int]:
    """Unit vectors of `texts` in input order, and how many were embedded now: only texts no
    file in `folder` holds are."""
    hashes = [content_hash(t, embedder.name) for t in texts]
    unique = dict(zip(hashes, texts, strict=True))
    files = [*sorted(folder.glob("*.npz")), *seed_files]
    found = known_vectors(files, set(unique))
    missing = sorted((h for h in unique if h not in found), key=lambda h: len(unique[h]))
    if on_progress is not None and found:
        on_progress(sum(1 for h in hashes if h in found))
    for start in range(0, len(missing), PART):
        part = missing[start : start + PART]
        vectors = embedder.embed([unique[h] for h in part])
        folder.mkdir(parents=True, exist_ok=True)
        name = hashlib.sha256("".join(part).encode()).hexdigest()[:16]
        np.savez_compressed(
            folder / f"texts-{name}.npz",
            hashes=np.array(part),
            vectors=vectors.astype(np.float16),
        )
        for h, v in zip(part, vectors, strict=True):
            found[h] = v.astype(np.float16).astype(np.float32)
        if on_progress is not None:
            on_progress(sum(1 for h in hashes if h in set(part)))
    out = np.stack([found[h] for h in hashes]) if hashes else np.zeros((0, embedder.dimension))
    out = out.astype(np.float32)
    out /= np.maximum(np.linalg.norm(out, axis=1, keepdims=True), np.float32(1e-12))
    return out, len(missing)

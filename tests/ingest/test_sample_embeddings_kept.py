"""`kairos sample make` recomputes the sample's review vectors; a recomputation differs from the
committed file in the last float16 bit, so the committed file is put back when nothing else
changed (the sample is reproducible byte for byte), and replaced when something did."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np

from kairos.ingest.embedding_phase import keep_if_unchanged


def _npz(hashes: list[str], vectors: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    np.savez_compressed(buffer, hashes=np.array(hashes), vectors=vectors.astype(np.float16))
    return buffer.getvalue()


def test_a_recomputation_one_ulp_apart_keeps_the_committed_bytes(tmp_path: Path) -> None:
    rng = np.random.default_rng(7)
    vectors = rng.normal(size=(4, 8)).astype(np.float16)
    committed = _npz(["a", "b", "c", "d"], vectors)
    nudged = np.nextafter(vectors, np.float16(np.inf))  # one float16 ulp up everywhere
    path = tmp_path / "embeddings.npz"
    path.write_bytes(_npz(["a", "b", "c", "d"], nudged))
    assert path.read_bytes() != committed
    assert keep_if_unchanged(path, committed)
    assert path.read_bytes() == committed


def test_other_reviews_or_other_vectors_replace_the_file(tmp_path: Path) -> None:
    vectors = np.ones((2, 4), dtype=np.float16)
    committed = _npz(["a", "b"], vectors)
    path = tmp_path / "embeddings.npz"
    for hashes, new in ((["a", "c"], vectors), (["a", "b"], vectors * 0.5)):
        fresh = _npz(hashes, new)
        path.write_bytes(fresh)
        assert not keep_if_unchanged(path, committed)
        assert path.read_bytes() == fresh
    path.write_bytes(committed)
    assert not keep_if_unchanged(path, None), "no earlier file: the new one stays"

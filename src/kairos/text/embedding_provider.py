"""What every embedding provider promises, so search and ingestion never care which one runs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

F32 = npt.NDArray[np.float32]


@runtime_checkable
class EmbeddingProvider(Protocol):
    """Text → unit vectors. Rows come back in input order; cosine similarity is a dot product.

    `embed` is synchronous and may be CPU-bound or do network I/O: async callers run it with
    `asyncio.to_thread`.
    """

    name: str
    """Identifies the vectors (provider and model): two providers with one name are interchangeable,
    which is what the content-hash cache keys on."""

    dimension: int

    def embed(self, texts: Sequence[str]) -> F32:
        """float32 array of shape (len(texts), dimension), each row L2-normalised."""
        ...

    def embed_one(self, text: str) -> F32:
        """One text → a 1-D float32 unit vector."""
        ...


def l2_normalise(vectors: F32) -> F32:
    """Rows scaled to unit length in place; an all-zero row stays zero instead of becoming NaN."""
    norms = np.sqrt(np.einsum("ij,ij->i", vectors, vectors))
    norms[norms == 0] = np.float32(1.0)
    vectors /= norms[:, None]
    return vectors

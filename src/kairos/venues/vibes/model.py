"""The fitted numbers the vectoriser reads, shipped as `venues/data/vibe_model.npz` (< 1 MB).

Built by `kairos venues fit-vibes` (`fitting.py`) from the shared restaurant_reviews files; how
it was fitted and its cross-validated figures are in `vibe_model.json` beside it. The model is
tied to the embedder whose vectors it read (`embedder`) and to the dimensions file it was built
from (`vibes_sha`): `version` changes with either, which makes every stored vector stale.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from kairos.venues.vibes.dimensions import vibes_file_bytes
from kairos.venues.vibes.terms import TermFeatures

__all__ = ["MODEL_FILE", "VibeModel", "load_model", "model_version", "text_fingerprints"]

MODEL_FILE: Final = "data/vibe_model.npz"
F64 = npt.NDArray[np.float64]
U64 = npt.NDArray[np.uint64]


def text_fingerprints(texts: Iterable[str]) -> U64:
    """64-bit fingerprints of texts (the first 8 bytes of the SHA-256 of the stripped text)."""
    return np.array(
        [int.from_bytes(hashlib.sha256(t.strip().encode()).digest()[:8], "big") for t in texts],
        dtype=np.uint64,
    )


@dataclass(frozen=True)
class VibeModel:
    embedder: str
    vibes_sha: str
    center: F64
    prototypes: F64
    text_mu: F64
    text_sigma: F64
    prototype_mu: F64
    prototype_sigma: F64
    lexical_mu: F64
    lexical_sigma: F64
    ambience_keys: tuple[str, ...]
    ambience_index: npt.NDArray[np.intp]
    ambience_weights: F64
    ambience_bias: F64
    ambience_mu: F64
    ambience_sigma: F64
    term_vocabulary: tuple[str, ...]
    term_idf: F64
    term_weights: F64
    term_bias: F64
    term_mu: F64
    term_sigma: F64
    fitted_texts: U64 = field(default_factory=lambda: np.zeros(0, dtype=np.uint64))
    """Sorted `text_fingerprints` of every text the model was fitted on: `kairos eval venues`
    scores a place none of whose texts is here by the shipped model (held out) and a file of
    places it was fitted on by cross-validation."""

    def seen(self, texts: Iterable[str]) -> bool:
        """Whether any of these texts was among the fitting texts."""
        found = text_fingerprints(texts)
        if not found.size or not self.fitted_texts.size:
            return False
        at = np.clip(np.searchsorted(self.fitted_texts, found), 0, self.fitted_texts.size - 1)
        return bool((self.fitted_texts[at] == found).any())

    @cached_property
    def terms(self) -> TermFeatures:
        return TermFeatures(self.term_vocabulary, self.term_idf)

    def save(self, path: Path) -> None:
        arrays = {
            k: v.astype(np.float32) if isinstance(v, np.ndarray) and v.dtype == np.float64 else v
            for k, v in self.__dict__.items()
            if k not in {"ambience_keys", "term_vocabulary"}
        }
        arrays["ambience_keys"] = np.array(self.ambience_keys, dtype=str)
        arrays["term_vocabulary"] = np.array(self.term_vocabulary, dtype=str)
        buffer = io.BytesIO()
        np.savez_compressed(buffer, **arrays)  # type: ignore[arg-type]
        path.write_bytes(buffer.getvalue())

    @classmethod
    def from_bytes(cls, data: bytes) -> VibeModel:
        with np.load(io.BytesIO(data)) as npz:
            values = {k: npz[k] for k in npz.files}
        return cls(
            embedder=str(values.pop("embedder")),
            vibes_sha=str(values.pop("vibes_sha")),
            ambience_keys=tuple(str(k) for k in values.pop("ambience_keys")),
            term_vocabulary=tuple(str(t) for t in values.pop("term_vocabulary")),
            ambience_index=values.pop("ambience_index").astype(np.intp),
            fitted_texts=np.sort(values.pop("fitted_texts", np.zeros(0)).astype(np.uint64)),
            **{k: v.astype(np.float64) for k, v in values.items()},
        )


def vibes_sha() -> str:
    return hashlib.sha256(vibes_file_bytes()).hexdigest()[:16]


def _model_bytes() -> bytes:
    return resources.files("kairos.venues").joinpath(MODEL_FILE).read_bytes()


@cache
def load_model() -> VibeModel:
    return VibeModel.from_bytes(_model_bytes())


@cache
def model_version() -> str:
    """Changes with the model, the dimensions file or the vectoriser's code (read as files: the
    vectoriser imports this module, and importing it back closed a circle)."""
    digest = hashlib.sha256(_model_bytes())
    digest.update(vibes_file_bytes())
    for name in ("vectoriser", "lexical", "terms"):
        digest.update(Path(__file__).with_name(f"{name}.py").read_bytes())
    return digest.hexdigest()[:16]

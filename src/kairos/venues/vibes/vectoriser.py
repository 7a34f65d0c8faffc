"""A venue's texts → a 52-d vibe vector in [0, 1], a confidence, the primary vibe and evidence.

Pure numpy over the texts' stored MiniLM embeddings plus one lexical pass and one word pass per
text; no model is run here (a venue of 25 reviews ≈ 7 ms, of 150 ≈ 50 ms on a loaded 2-core
machine, most of it the two passes over the words).

Per dimension d:
- *prototype*: each text's cosine with the dimension's prototype, after removing the mean review
  (`center`), as a z-score against reference reviews (`text_mu`, `text_sigma`), averaged over
  the venue's texts;
- *lexical*: the share of the venue's texts that use one of its phrases or cues;
- the nine dimensions Yelp labels (`Ambience`) add two logistic regressions fitted on the shared
  labels (`fitting.py`, `data/vibe_model.json`): one on the venue's mean embedding and one on
  its words and word pairs (`terms.py`, twice that weight: it reads what the mean embedding
  blurs, "tablecloth" or "paper plates"); the two figures above, together, count as much as the
  embedding model there (`combine_learnt`).
Each raw figure is standardised against the reference venues, so 0 means "an ordinary venue",
shrunk by the number of texts n (× n / (n + SHRINK)), and mapped by
`score = sigmoid(SLOPE · (raw − SHIFT))`: an ordinary venue scores ≈ 0.15, one a
standard deviation above ≈ 0.5 (`SHIFT`), two above ≈ 0.85.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from kairos.venues.vibes.dimensions import VIBE_COUNT, VIBE_DIMENSIONS
from kairos.venues.vibes.lexical import lexical_hits
from kairos.venues.vibes.model import VibeModel

__all__ = ["EVIDENCE_DIMENSIONS", "VibeText", "VibeVector", "combine_learnt", "vectorise"]

F32 = npt.NDArray[np.float32]
SLOPE: Final = 1.7
SHIFT: Final = 1.0
EVIDENCE_DIMENSIONS: Final = 3
EVIDENCE_TEXTS: Final = 3
TERM_WEIGHT: Final = 2.0
"""Weight of the word model's standardised logit beside the embedding model's (1)."""
ZERO_SHOT_WEIGHT: Final = 1.0
"""Weight of the zero-shot figure (prototype + lexical) on the nine learnt dimensions. Both
weights were chosen among a few values by cross-validated AUC on the shared labels (`kairos eval
venues`). Word weight 3 with zero-shot ½ scored +0.006 mean AUC (within the selection's noise)
but left two plainly romantic texts less romantic than "bright and airy" (the learnt models
read short texts unlike their training reviews weakly, the zero-shot figure reads them well),
so it was not kept."""
SHRINK: Final = 5
"""Raw figures are multiplied by n / (n + SHRINK): two vivid texts are weaker evidence than
twenty ordinary ones, so a venue with few texts stays nearer "ordinary"."""
CONFIDENCE_HALF: Final = 5
"""Texts at which the count factor of the confidence reaches one half."""


@dataclass(frozen=True, slots=True)
class VibeText:
    id: int
    text: str
    embedding: F32 | None


@dataclass(frozen=True, slots=True)
class VibeVector:
    scores: tuple[float, ...]
    confidence: float
    primary: str
    texts: int
    evidence: dict[str, list[dict[str, Any]]] = field(default_factory=dict)


def _sigmoid(x: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    out: npt.NDArray[np.float64] = 1.0 / (1.0 + np.exp(-np.clip(x, -30.0, 30.0)))
    return out


def raw_scores(
    embeddings: npt.NDArray[np.floating],
    hits: npt.NDArray[np.float64],
    model: VibeModel,
    terms: npt.NDArray[np.float64] | None = None,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """(raw venue figure per dimension, per-text prototype z-scores) for one venue; `terms` is
    its row of `model.terms` (without it, the word model is left out)."""
    e = np.asarray(embeddings, dtype=np.float64)
    z = ((e - model.center) @ model.prototypes.T - model.text_mu) / model.text_sigma
    prototype = (z.mean(axis=0) - model.prototype_mu) / model.prototype_sigma
    lexical = (hits.mean(axis=0) - model.lexical_mu) / model.lexical_sigma
    raw = (prototype + lexical) / np.sqrt(2.0)
    if model.ambience_index.size:
        mean = e.mean(axis=0) - model.center
        mean /= max(float(np.linalg.norm(mean)), 1e-12)
        logits = model.ambience_weights @ mean + model.ambience_bias
        learnt = (logits - model.ambience_mu) / model.ambience_sigma
        words = None
        if terms is not None:
            words = (
                model.term_weights @ terms + model.term_bias - model.term_mu
            ) / model.term_sigma
        raw[model.ambience_index] = combine_learnt(learnt, raw[model.ambience_index], words)
    return raw, z


def combine_learnt(
    learnt: npt.NDArray[np.float64],
    zero_shot: npt.NDArray[np.float64],
    words: npt.NDArray[np.float64] | None,
) -> npt.NDArray[np.float64]:
    """A learnt dimension's figure: the embedding model's and the word model's standardised
    logits with the zero-shot figure, weighted, scaled back to unit variance (were the three
    independent); without the word model, the embedding logit beside the zero-shot figure."""
    if words is None:
        out: npt.NDArray[np.float64] = (learnt + zero_shot) / np.sqrt(2.0)
        return out
    total = learnt + ZERO_SHOT_WEIGHT * zero_shot + TERM_WEIGHT * words
    out = total / np.sqrt(1.0 + ZERO_SHOT_WEIGHT**2 + TERM_WEIGHT**2)
    return out


def hit_matrix(texts: Sequence[str]) -> tuple[npt.NDArray[np.float64], list[dict[int, str]]]:
    found = [lexical_hits(t) for t in texts]
    hits = np.zeros((len(texts), VIBE_COUNT))
    for row, words in enumerate(found):
        hits[row, list(words)] = 1.0
    return hits, found


def vectorise(texts: Sequence[VibeText], model: VibeModel) -> VibeVector | None:
    """The venue's vector, or None when no text has an embedding (the caller's score: null)."""
    usable = [t for t in texts if t.embedding is not None]
    if not usable:
        return None
    embeddings = np.stack([np.asarray(t.embedding, dtype=np.float64) for t in usable])
    hits, words = hit_matrix([t.text for t in usable])
    terms = model.terms.rows([[t.text for t in usable]])[0]
    raw, z = raw_scores(embeddings, hits, model, terms)
    scores = _sigmoid(SLOPE * (raw * len(usable) / (len(usable) + SHRINK) - SHIFT))
    order = sorted(range(VIBE_COUNT), key=lambda d: (-scores[d], d))
    primary = order[0]
    count = len(usable) / (len(usable) + CONFIDENCE_HALF)
    agreement = float((z[:, primary] > 0).mean())
    evidence: dict[str, list[dict[str, Any]]] = {}
    for d in order[:EVIDENCE_DIMENSIONS]:
        ranked = sorted(range(len(usable)), key=lambda i: (-hits[i, d], -z[i, d], usable[i].id))
        cited = [
            {"id": usable[i].id, "z": round(float(z[i, d]), 2)}
            | ({"phrase": words[i][d]} if d in words[i] else {})
            for i in ranked[:EVIDENCE_TEXTS]
            if hits[i, d] > 0 or z[i, d] > 0
        ]
        evidence[VIBE_DIMENSIONS[d].name] = cited
    return VibeVector(
        scores=tuple(round(float(s), 4) for s in scores),
        confidence=round(count * (0.5 + 0.5 * agreement), 3),
        primary=VIBE_DIMENSIONS[primary].name,
        texts=len(usable),
        evidence=evidence,
    )

"""Fit the vibe model (`vibe_model.npz`) from labelled venues' texts and their embeddings.

Unsupervised parts, from every review of the reference venues: the mean review (`center`), the
prototypes (the description, example sentences and phrases of each dimension, embedded, less
the mean prototype so that what all vibes share cancels), and the reference statistics that
standardise text and venue figures. Supervised part, only for the nine dimensions Yelp labels:
an L2 logistic regression (`L2`, chosen among 0.01–3 by 5-fold cross-validated AUC on the shared
file) on the venue's mean embedding less `center`, unit length; and one (`TERM_L2`) on its
TF-IDF word and word-pair shares (`terms.py`: the `TERM_SIZE` terms used by the most venues, at
least `TERM_MIN_PLACES`). Nothing else of a place (rating, price, categories, attributes) is read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from kairos.text.embeddings import EmbeddingProvider
from kairos.venues.vibes.dimensions import VIBE_COUNT, VIBE_DIMENSIONS, YELP_AMBIENCE
from kairos.venues.vibes.logistic import fit_logistic, fit_wide
from kairos.venues.vibes.model import VibeModel, text_fingerprints, vibes_sha
from kairos.venues.vibes.terms import TermFeatures, term_shares
from kairos.venues.vibes.vectoriser import hit_matrix

__all__ = [
    "L2",
    "Venue",
    "fit_key",
    "fit_model",
    "fit_term_key",
    "labelled_rows",
    "mean_features",
    "term_features",
]

L2: Final = 0.3
TERM_L2: Final = 1e-3
TERM_SIZE: Final = 10_000
TERM_MIN_PLACES: Final = 3
F64 = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Venue:
    texts: Sequence[str]
    embeddings: npt.NDArray[np.floating]
    labels: dict[str, bool]


def prototype_texts(index: int) -> list[str]:
    d = VIBE_DIMENSIONS[index]
    return [d.description, *d.prototypes, *(f"A {p} place." for p in d.phrases[:6])]


def mean_features(venues: Sequence[Venue], center: F64) -> F64:
    x = np.array([np.asarray(v.embeddings, dtype=np.float64).mean(axis=0) - center for v in venues])
    norms: F64 = np.maximum(np.linalg.norm(x, axis=1, keepdims=True), 1e-12)
    out: F64 = x / norms
    return out


def _standardised(values: F64) -> tuple[F64, F64]:
    return values.mean(axis=0), np.maximum(values.std(axis=0), 1e-2)


def labelled_rows(
    venues: Sequence[Venue], key: str
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]]:
    rows = np.array([i for i, v in enumerate(venues) if key in v.labels], dtype=np.intp)
    return rows, np.array([venues[i].labels[key] for i in rows], dtype=bool)


def fit_key(x: F64, y: npt.NDArray[np.bool_]) -> tuple[F64, float]:
    """Weights on unit mean features, standardisation folded in."""
    mu, sigma = x.mean(axis=0), np.maximum(x.std(axis=0), 1e-6)
    model = fit_logistic((x - mu) / sigma, y, l2=L2)
    weights = model.weights / sigma
    return weights, model.bias - float(weights @ mu)


def term_features(shares: Sequence[tuple[Counter[str], int]]) -> TermFeatures:
    """The vocabulary of the venues whose `terms.term_shares` are given."""
    return TermFeatures.from_shares(shares, min_places=TERM_MIN_PLACES, size=TERM_SIZE)


def fit_term_key(x: F64, y: npt.NDArray[np.bool_]) -> tuple[F64, float]:
    """Weights on unit TF-IDF rows (no standardisation: most terms are absent from most rows)."""
    model = fit_wide(x, y, l2=TERM_L2)
    return model.weights, model.bias


def _logit_stats(logits: F64) -> tuple[float, float]:
    return float(logits.mean()), max(float(logits.std()), 1e-6)


def fit_model(venues: Sequence[Venue], embedder: EmbeddingProvider) -> VibeModel:
    every = np.concatenate([np.asarray(v.embeddings, dtype=np.float64) for v in venues])
    center = every.mean(axis=0)
    means = np.array(
        [
            embedder.embed(prototype_texts(i)).astype(np.float64).mean(axis=0)
            for i in range(VIBE_COUNT)
        ]
    )
    prototypes = means - means.mean(axis=0)
    prototypes /= np.linalg.norm(prototypes, axis=1, keepdims=True)
    text_z = (every - center) @ prototypes.T
    text_mu, text_sigma = text_z.mean(axis=0), text_z.std(axis=0)
    proto, lexical = [], []
    for v in venues:
        z = (
            (np.asarray(v.embeddings, dtype=np.float64) - center) @ prototypes.T - text_mu
        ) / text_sigma
        proto.append(z.mean(axis=0))
        lexical.append(hit_matrix(v.texts)[0].mean(axis=0))
    prototype_mu, prototype_sigma = _standardised(np.array(proto))
    lexical_mu, lexical_sigma = _standardised(np.array(lexical))
    x = mean_features(venues, center)
    shares = [term_shares(v.texts) for v in venues]
    terms = term_features(shares)
    t = terms.rows_of(shares)
    keys = sorted(YELP_AMBIENCE)
    weights, biases, logit_mu, logit_sigma = [], [], [], []
    t_weights, t_biases, t_mu, t_sigma = [], [], [], []
    for key in keys:
        rows, y = labelled_rows(venues, key)
        w, b = fit_key(x[rows], y)
        mu, sigma = _logit_stats(x @ w + b)
        weights.append(w)
        biases.append(b)
        logit_mu.append(mu)
        logit_sigma.append(sigma)
        w, b = fit_term_key(t[rows], y)
        mu, sigma = _logit_stats(t @ w + b)
        t_weights.append(w)
        t_biases.append(b)
        t_mu.append(mu)
        t_sigma.append(sigma)
    return VibeModel(
        embedder=embedder.name, vibes_sha=vibes_sha(), center=center, prototypes=prototypes,
        text_mu=text_mu, text_sigma=text_sigma, prototype_mu=prototype_mu,
        prototype_sigma=prototype_sigma, lexical_mu=lexical_mu, lexical_sigma=lexical_sigma,
        ambience_keys=tuple(keys),
        ambience_index=np.array([YELP_AMBIENCE[k].index for k in keys], dtype=np.intp),
        ambience_weights=np.array(weights), ambience_bias=np.array(biases),
        ambience_mu=np.array(logit_mu), ambience_sigma=np.array(logit_sigma),
        term_vocabulary=terms.vocabulary, term_idf=terms.idf,
        term_weights=np.array(t_weights), term_bias=np.array(t_biases),
        term_mu=np.array(t_mu), term_sigma=np.array(t_sigma),
        fitted_texts=np.unique(text_fingerprints(t for v in venues for t in v.texts)),
    )  # fmt: skip

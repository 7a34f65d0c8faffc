"""Word and word-pair features of a venue's texts, for the nine dimensions Yelp labels.

A venue is described by the share of its texts that use each term of a fixed vocabulary (words
and adjacent word pairs, after `normalise`), weighted by the term's inverse document frequency
over the fitting venues and scaled to unit length (TF-IDF on "texts using it" rather than raw
counts, so one long review does not dominate). A linear model over it (`fitting.fit_terms`)
reads words the embedding mean blurs: "tablecloth", "dress code", "paper plates", "no frills".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from kairos.venues.vibes.dimensions import normalise

__all__ = ["TermCorpus", "TermFeatures", "term_shares", "text_terms"]

F64 = npt.NDArray[np.float64]


def text_terms(text: str) -> set[str]:
    """The words and adjacent word pairs of one text, each once."""
    words = normalise(text).split()
    return {*words, *(f"{a} {b}" for a, b in pairwise(words))}


def term_shares(texts: Iterable[str]) -> tuple[Counter[str], int]:
    """Term → number of texts using it, and the number of texts."""
    counts: Counter[str] = Counter()
    n = 0
    for text in texts:
        counts.update(text_terms(text))
        n += 1
    return counts, n


@dataclass(frozen=True)
class TermFeatures:
    """A vocabulary with its inverse document frequencies: texts → unit feature rows."""

    vocabulary: tuple[str, ...]
    idf: F64

    @cached_property
    def index(self) -> dict[str, int]:
        return {t: i for i, t in enumerate(self.vocabulary)}

    def rows(self, venues: Sequence[Sequence[str]]) -> F64:
        return self.rows_of([term_shares(texts) for texts in venues])

    def rows_of(self, shares: Sequence[tuple[Counter[str], int]]) -> F64:
        """`rows` from each venue's `term_shares`, computed once when many fits read them."""
        index = self.index
        out = np.zeros((len(shares), len(self.vocabulary)))
        for row, (counts, n) in enumerate(shares):
            for term, c in counts.items():
                j = index.get(term)
                if j is not None:
                    out[row, j] = c / n
        out *= self.idf
        norms: F64 = np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-12)
        scaled: F64 = out / norms
        return scaled

    @classmethod
    def from_venues(
        cls, venues: Sequence[Sequence[str]], *, min_places: int, size: int
    ) -> TermFeatures:
        shares = [term_shares(texts) for texts in venues]
        return cls.from_shares(shares, min_places=min_places, size=size)

    @classmethod
    def from_shares(
        cls, shares: Sequence[tuple[Counter[str], int]], *, min_places: int, size: int
    ) -> TermFeatures:
        """The `size` terms used by the most venues (at least `min_places`; ties by term)."""
        places: Counter[str] = Counter()
        for counts, _ in shares:
            places.update(counts.keys())
        ranked = sorted((t for t, c in places.items() if c >= min_places),
                        key=lambda t: (-places[t], t))[:size]  # fmt: skip
        idf = np.log(len(shares) / np.array([places[t] for t in ranked], dtype=np.float64))
        return cls(tuple(ranked), idf)


class TermCorpus:
    """Many venues' term shares indexed once, so that cross-validation can draw a vocabulary
    and feature rows per fold with array operations; `vocabulary(rows)` and `matrix` give
    what `TermFeatures.from_shares` and `rows_of` give on the same venues."""

    def __init__(self, shares: Sequence[tuple[Counter[str], int]], *, min_places: int) -> None:
        places: Counter[str] = Counter()
        for counts, _ in shares:
            places.update(counts.keys())
        self.terms = sorted(t for t, c in places.items() if c >= min_places)
        index = {t: i for i, t in enumerate(self.terms)}
        self.min_places = min_places
        self.ids: list[npt.NDArray[np.intp]] = []
        self.values: list[F64] = []
        for counts, n in shares:
            found = [(index[t], c / n) for t, c in counts.items() if t in index]
            self.ids.append(np.array([i for i, _ in found], dtype=np.intp))
            self.values.append(np.array([v for _, v in found], dtype=np.float64))

    def vocabulary(self, rows: Sequence[int], *, size: int) -> tuple[TermFeatures, F64]:
        """The features of the venues `rows` and the map from corpus term to feature column."""
        places = np.zeros(len(self.terms), dtype=np.intp)
        for r in rows:
            places[self.ids[r]] += 1
        kept = np.flatnonzero(places >= self.min_places)
        kept = kept[np.lexsort((kept, -places[kept]))][:size]
        column = np.full(len(self.terms), -1, dtype=np.intp)
        column[kept] = np.arange(len(kept))
        features = TermFeatures(
            tuple(self.terms[i] for i in kept), np.log(len(rows) / places[kept].astype(float))
        )
        return features, column.astype(np.float64)

    def matrix(self, rows: Sequence[int], features: TermFeatures, column: F64) -> F64:
        out = np.zeros((len(rows), len(features.vocabulary)))
        for at, r in enumerate(rows):
            local = column[self.ids[r]].astype(np.intp)
            mask = local >= 0
            out[at, local[mask]] = self.values[r][mask]
        out *= features.idf
        norms: F64 = np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-12)
        scaled: F64 = out / norms
        return scaled

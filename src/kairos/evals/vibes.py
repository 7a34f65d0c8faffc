"""The venues suite: does a venue's vibe vector rank the places Yelp's `Ambience` labels mark?

For each of the nine keys (romantic, intimate, classy, upscale, hipster, trendy, casual,
touristy, divey) the matching dimension's score is ranked against the label (ROC AUC), from the
places' texts alone. Two readings, never mixed:

- a restaurant_reviews file (the shared one the model was fitted on, or the sample cut from it):
  k-fold cross-validated AUC (places are the unit) — each fold's places are scored by logistic
  weights, and a word vocabulary, fitted without them, so no place is scored by weights that saw
  its label;
- a file of places the shipped model never saw (the 2015 Boston tips file, a held-out split of
  either format): the shipped model as it is, on those places only. Which reading applies is
  decided from the texts, not the file's name: a place is "seen" when one of its texts is among
  the model's fitting texts (`VibeModel.fitted_texts`); when at least half the file's places
  are seen, the file is cross-validated, otherwise its seen places are left out.

Beside it, `zero_shot_auc` ranks by the prototype and lexical figure alone (no labels used). A
key with fewer than `MIN_PER_SIDE` positives or negatives among the scored places has no figure.
Embeddings are computed once per text and kept under `eval-cache/embeddings/` by content hash.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel
from rich.console import Console
from rich.table import Table

from kairos.evals.metrics import roc_auc
from kairos.evals.text_vectors import cached_vectors
from kairos.evals.vibe_data import LabelledVenue, load_labelled
from kairos.text.embeddings import EmbeddingProvider
from kairos.venues.vibes.dimensions import YELP_AMBIENCE
from kairos.venues.vibes.fitting import (
    TERM_MIN_PLACES,
    TERM_SIZE,
    Venue,
    fit_key,
    fit_term_key,
    labelled_rows,
    mean_features,
)
from kairos.venues.vibes.logistic import stratified_folds
from kairos.venues.vibes.model import VibeModel, load_model
from kairos.venues.vibes.terms import TermCorpus, term_shares
from kairos.venues.vibes.vectoriser import combine_learnt, hit_matrix, raw_scores

__all__ = ["VibeEvalReport", "evaluate_vibes", "render_vibe_report"]

AUC_TARGET: Final = 0.80
FOLDS: Final = 5
SEED: Final = 20241124
MIN_PER_SIDE: Final = FOLDS
"""A key with fewer positives (or negatives) than this has no figure in either reading: an AUC
over one to four positives is the rank of those few places (standard error above 0.1), not an
estimate; cross-validation needs one per fold anyway."""
F64 = npt.NDArray[np.float64]


class VibeLabelFigure(BaseModel):
    key: str
    dimension: str
    auc: float | None
    zero_shot_auc: float | None
    positives: int
    negatives: int
    met: bool | None
    note: str | None = None
    """Why there is no figure, when there is none."""


class VibeEvalReport(BaseModel):
    data: str
    reading: str
    places_labelled: int
    places_scored: int
    places_without_text: int
    places_left_out: int = 0
    """Places the shipped model was fitted on, left out of a held-out reading."""
    texts: int
    embedded: int
    figures: list[VibeLabelFigure]
    seconds: float


def _number(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 4)


def _standardised(logits: F64, seen: F64) -> F64:
    out: F64 = (logits - seen.mean()) / max(float(seen.std()), 1e-6)
    return out


def cross_validated(
    venues: Sequence[Venue],
    model: VibeModel,
    key: str,
    zero_shot: F64,
    corpus: TermCorpus,
) -> float:
    """The stored figure's AUC with everything learnt from labels fitted without the scored
    fold: the embedding model, and the word model with its vocabulary and idf; each fold's
    logits standardised by the training places' logits and combined with the zero-shot
    figure as `vectoriser.raw_scores` does."""
    x = mean_features(venues, model.center)
    rows, y = labelled_rows(venues, key)
    if int(y.sum()) < FOLDS or len(y) - int(y.sum()) < FOLDS:
        return math.nan
    predicted = np.zeros(len(rows))
    for fold in stratified_folds(y, FOLDS, SEED):
        train = np.setdiff1d(np.arange(len(rows)), fold)
        seen_x, fold_x = x[rows[train]], x[rows[fold]]
        w, b = fit_key(seen_x, y[train])
        learnt = _standardised(fold_x @ w + b, seen_x @ w + b)
        terms, column = corpus.vocabulary(rows[train].tolist(), size=TERM_SIZE)
        seen_t = corpus.matrix(rows[train].tolist(), terms, column)
        fold_t = corpus.matrix(rows[fold].tolist(), terms, column)
        w, b = fit_term_key(seen_t, y[train])
        words = _standardised(fold_t @ w + b, seen_t @ w + b)
        predicted[fold] = combine_learnt(learnt, zero_shot[rows[fold]], words)
    return roc_auc(predicted.tolist(), y.tolist())


def to_venues(
    labelled: Sequence[LabelledVenue],
    embedder: EmbeddingProvider,
    cache: Path,
    on_progress: Callable[[int], None] | None = None,
    seed_files: Sequence[Path] = (),
) -> tuple[list[Venue], int]:
    with_text = [v for v in labelled if v.texts]
    texts = [t for v in with_text for t in v.texts]
    vectors, embedded = cached_vectors(
        texts, embedder, cache, seed_files=seed_files, on_progress=on_progress
    )
    venues, at = [], 0
    for v in with_text:
        venues.append(Venue(v.texts, vectors[at : at + len(v.texts)], v.labels))
        at += len(v.texts)
    return venues, embedded


def evaluate_vibes(
    data: Path,
    embedder: EmbeddingProvider,
    cache: Path,
    *,
    seed_files: Sequence[Path] = (),
    on_progress: Callable[[int], None] | None = None,
) -> VibeEvalReport:
    started = time.perf_counter()
    model = load_model()
    labelled = load_labelled(data)
    venues, embedded = to_venues(labelled, embedder, cache, on_progress, seed_files)
    seen = [model.seen(v.texts) for v in venues]
    held_out = 2 * sum(seen) < len(venues)
    if held_out:
        venues = [v for v, s in zip(venues, seen, strict=True) if not s]
    shares = [term_shares(v.texts) for v in venues]
    term_rows = model.terms.rows_of(shares)
    corpus = TermCorpus(shares, min_places=TERM_MIN_PLACES)
    raws = np.array(
        [
            raw_scores(v.embeddings, hit_matrix(v.texts)[0], model, term_rows[i])[0]
            for i, v in enumerate(venues)
        ]
    )
    zero_shot = np.array(
        [
            raw_scores(v.embeddings, hit_matrix(v.texts)[0], _without_ambience(model))[0]
            for v in venues
        ]
    )
    figures = []
    for key, dim in sorted(YELP_AMBIENCE.items()):
        rows, y = labelled_rows(venues, key)
        enough = min(int(y.sum()), len(y) - int(y.sum())) >= MIN_PER_SIDE
        zs = roc_auc(zero_shot[rows, dim.index].tolist(), y.tolist()) if enough else math.nan
        if not enough:
            auc = math.nan
        elif held_out:
            auc = roc_auc(raws[rows, dim.index].tolist(), y.tolist())
        else:
            auc = cross_validated(venues, model, key, zero_shot[:, dim.index], corpus)
        value = _number(auc)
        positives, negatives = int(y.sum()), int(len(y) - y.sum())
        figures.append(
            VibeLabelFigure(
                key=key, dimension=dim.name, auc=value, zero_shot_auc=_number(zs),
                positives=positives, negatives=negatives,
                met=None if value is None else value >= AUC_TARGET,
                note=None if enough else _too_few(positives, negatives),
            )
        )  # fmt: skip
    return VibeEvalReport(
        data=str(data),
        reading="shipped model, held-out places" if held_out else f"{FOLDS}-fold cross-validated",
        places_labelled=len(labelled),
        places_scored=len(venues),
        places_without_text=sum(1 for v in labelled if not v.texts),
        places_left_out=sum(seen) if held_out else 0,
        texts=sum(len(v.texts) for v in venues),
        embedded=embedded,
        figures=figures,
        seconds=round(time.perf_counter() - started, 1),
    )


def _too_few(positives: int, negatives: int) -> str:
    side, count = ("positives", positives) if positives < negatives else ("negatives", negatives)
    return (
        f"{count} {side} (fewer than {MIN_PER_SIDE}): an AUC over so few places is their rank, "
        "not an estimate"
    )


def _without_ambience(model: VibeModel) -> VibeModel:
    from dataclasses import replace

    return replace(model, ambience_index=np.zeros(0, dtype=np.intp))


def render_vibe_report(report: VibeEvalReport, console: Console) -> None:
    table = Table(title=f"Vibe AUC per Yelp Ambience label — {report.reading}")
    for column in ("label", "AUC", "zero-shot AUC", "positives", "negatives", "≥ 0.80"):
        table.add_column(column, justify="left" if column == "label" else "right")
    for f in report.figures:
        table.add_row(
            f.key,
            "n/a" if f.auc is None else f"{f.auc:.3f}",
            "n/a" if f.zero_shot_auc is None else f"{f.zero_shot_auc:.3f}",
            str(f.positives),
            str(f.negatives),
            {True: "yes", False: "no", None: "n/a"}[f.met],
        )
    console.print(table)
    for f in report.figures:
        if f.note:
            console.print(f"{f.key}: no figure — {f.note}")
    console.print(
        f"{report.data}: {report.places_scored} of {report.places_labelled} labelled places "
        f"scored ({report.places_without_text} without texts, {report.places_left_out} left "
        f"out as fitted on; {report.texts} texts, {report.embedded} embedded now), "
        f"{report.seconds} s"
    )

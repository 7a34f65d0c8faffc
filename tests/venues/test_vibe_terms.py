"""The word model of the nine Yelp dimensions: its features, its fit, and what the shipped
model reads from words alone."""

from __future__ import annotations

import numpy as np
import pytest

from kairos.venues.vibes import vibe_index
from kairos.venues.vibes.logistic import fit_logistic, fit_wide
from kairos.venues.vibes.model import load_model
from kairos.venues.vibes.terms import TermCorpus, TermFeatures, term_shares, text_terms
from kairos.venues.vibes.vectoriser import vectorise

DRESSED_UP = [
    "There is a dress code, white tablecloth on every table, an elegant dining room.",
    "Elegant and refined, jackets required, the sommelier guided us through the wine list.",
    "White tablecloth service, polished waiters, we dressed up for the evening.",
]
NO_FRILLS = [
    "No frills, paper plates, you order at the counter and grab a seat.",
    "Paper plates and plastic forks, no frills at all, cheap and quick.",
    "Order at the counter, no frills, paper napkins, in and out in ten minutes.",
]


def test_words_and_word_pairs_each_once() -> None:
    assert text_terms("No frills, no fuss!") == {"no", "frills", "fuss", "no frills", "frills no",
                                                 "no fuss"}  # fmt: skip
    counts, n = term_shares(["paper plates", "Paper plates and forks", "forks"])
    assert n == 3 and counts["paper plates"] == 2 and counts["forks"] == 2


def test_feature_rows_are_unit_tf_idf_of_the_share_of_texts() -> None:
    features = TermFeatures(("elegant", "paper plates"), np.array([1.0, 2.0]))
    rows = features.rows([["elegant", "elegant and paper plates"], ["nothing here"]])
    assert rows[0] == pytest.approx(np.array([1.0, 1.0]) / np.sqrt(2.0))
    assert rows[1] == pytest.approx([0.0, 0.0])


def test_the_corpus_gives_what_the_features_give() -> None:
    """The eval's fast path (per-fold vocabulary by arrays) must match the shipped path."""
    venues = [DRESSED_UP, NO_FRILLS, DRESSED_UP[:2], NO_FRILLS[1:], ["elegant paper plates"]]
    shares = [term_shares(v) for v in venues]
    rows = [0, 1, 2, 3]
    direct = TermFeatures.from_shares([shares[r] for r in rows], min_places=2, size=15)
    corpus = TermCorpus(shares, min_places=2)
    features, column = corpus.vocabulary(rows, size=15)
    assert features.vocabulary == direct.vocabulary
    assert features.idf == pytest.approx(direct.idf)
    assert corpus.matrix([4, 0], features, column) == pytest.approx(
        direct.rows_of([shares[4], shares[0]])
    )


def test_wide_fit_is_the_ordinary_fit_when_both_apply() -> None:
    rng = np.random.default_rng(7)
    x = rng.normal(size=(30, 60))
    y = x[:, 0] + 0.3 * rng.normal(size=30) > 0
    wide, plain = fit_wide(x, y, l2=0.05), fit_logistic(x, y, l2=0.05)
    assert wide.weights == pytest.approx(plain.weights, abs=1e-6)
    assert wide.bias == pytest.approx(plain.bias, abs=1e-6)


def test_the_shipped_word_model_matches_its_vocabulary() -> None:
    model = load_model()
    size = len(model.term_vocabulary)
    assert 1000 <= size <= 20_000 and model.term_idf.shape == (size,)
    assert model.term_weights.shape == (len(model.ambience_keys), size)


def test_dress_code_scores_classy_above_paper_plates(embed) -> None:  # type: ignore[no-untyped-def]
    dressed, plain = (
        vectorise(embed(DRESSED_UP), load_model()),
        vectorise(embed(NO_FRILLS), load_model()),
    )
    assert dressed is not None and plain is not None
    classy, casual = vibe_index("classy"), vibe_index("casual")
    assert dressed.scores[classy] > plain.scores[classy]
    assert plain.scores[casual] > dressed.scores[casual]


def test_the_word_model_alone_tells_them_apart() -> None:
    """Without embeddings: the words of the shipped word model rank classy and casual."""
    model = load_model()
    rows = model.terms.rows([DRESSED_UP, NO_FRILLS])
    logits = rows @ model.term_weights.T + model.term_bias
    keys = list(model.ambience_keys)
    classy, casual = keys.index("classy"), keys.index("casual")
    assert logits[0, classy] > logits[1, classy]
    assert logits[1, casual] > logits[0, casual]

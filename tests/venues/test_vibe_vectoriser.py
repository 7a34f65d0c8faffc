"""The vectoriser on the real embedder: ranking, bounds, determinism, the failure shape."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kairos.venues.vibes import vibe_index
from kairos.venues.vibes.model import load_model
from kairos.venues.vibes.vectoriser import VibeText, vectorise

ROMANTIC = [
    "Super romantic candle-lit dinner, perfect for our anniversary.",
    "Intimate tables for two, soft music, a lovely date night.",
]
SPORTS = [
    "A sports bar with TVs everywhere, we watched the Red Sox game with wings and beer.",
    "Loud crowd cheering for the Celtics, pitchers of beer and big screens.",
]


def test_romantic_text_scores_romantic_above_a_sports_bar(embed) -> None:  # type: ignore[no-untyped-def]
    romantic = vectorise(embed(ROMANTIC), load_model())
    sports = vectorise(embed(SPORTS), load_model())
    assert romantic is not None and sports is not None
    r, s = vibe_index("romantic"), vibe_index("sporty")
    assert romantic.scores[r] > sports.scores[r]
    assert sports.scores[s] > romantic.scores[s]
    assert sports.primary == "sporty"
    top = sorted(range(52), key=lambda d: -romantic.scores[d])[:5]
    assert r in top


def test_evidence_cites_the_texts_that_drove_the_top_dimensions(embed) -> None:  # type: ignore[no-untyped-def]
    texts = embed([*ROMANTIC, "The parking lot was big."])
    vector = vectorise(texts, load_model())
    assert vector is not None and len(vector.evidence) == 3
    cited = vector.evidence[vector.primary]
    assert cited and cited[0]["id"] in {0, 1}
    assert any(c.get("phrase") for c in vector.evidence["romantic"])


def test_same_texts_same_vector(embed) -> None:  # type: ignore[no-untyped-def]
    texts = embed(SPORTS)
    assert vectorise(texts, load_model()) == vectorise(texts, load_model())


def test_no_embedded_text_is_no_vector() -> None:
    assert vectorise([], load_model()) is None
    assert vectorise([VibeText(1, "cozy", None)], load_model()) is None


def test_confidence_grows_with_agreeing_texts(embed) -> None:  # type: ignore[no-untyped-def]
    one = vectorise(embed(SPORTS[:1]), load_model())
    many = vectorise(embed(SPORTS * 4), load_model())
    assert one is not None and many is not None
    assert 0.0 < one.confidence < many.confidence <= 1.0


unit = st.lists(st.floats(-1, 1, allow_nan=False), min_size=384, max_size=384).filter(
    lambda v: any(abs(x) > 1e-3 for x in v)
)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.text(max_size=80), unit), min_size=1, max_size=6))
def test_any_texts_give_52_values_in_the_unit_interval(rows: list[tuple[str, list[float]]]) -> None:
    texts = []
    for i, (text, values) in enumerate(rows):
        v = np.array(values, dtype=np.float32)
        texts.append(VibeText(i, text, v / np.linalg.norm(v)))
    vector = vectorise(texts, load_model())
    assert vector is not None
    assert len(vector.scores) == 52
    assert all(0.0 <= s <= 1.0 for s in vector.scores)
    assert 0.0 <= vector.confidence <= 1.0
    assert vector.texts == len(rows)


def test_learnt_dimensions_weigh_words_twice_the_embedding_and_zero_shot_figures() -> None:
    from kairos.venues.vibes.vectoriser import combine_learnt

    one, zero = np.array([1.0]), np.array([0.0])
    scale = np.sqrt(1.0 + 1.0 + 4.0)
    assert combine_learnt(one, zero, zero) == pytest.approx(1.0 / scale)
    assert combine_learnt(zero, one, zero) == pytest.approx(1.0 / scale)
    assert combine_learnt(zero, zero, one) == pytest.approx(2.0 / scale)
    # independent unit-variance figures give a unit-variance figure
    rng = np.random.default_rng(0)
    a, b, c = rng.standard_normal((3, 20_000))
    assert float(combine_learnt(a, b, c).std()) == pytest.approx(1.0, abs=0.02)
    assert combine_learnt(one, one, None) == pytest.approx(2.0 / np.sqrt(2.0))

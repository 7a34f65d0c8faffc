"""The 52 dimensions: stable indices, one spelling shared with core vibes, whole-word matching."""

from __future__ import annotations

import pytest

from kairos.core.vibes import VIBES
from kairos.text.minilm import MINILM_MODEL_NAME
from kairos.venues.vibes import VIBE_DIMENSIONS, YELP_AMBIENCE, match_vibe, vibe_index
from kairos.venues.vibes.model import load_model, vibes_sha

SEED_NAMES = ("cozy", "minimalist", "cyberpunk", "dark_academia", "romantic", "lively",
              "rustic", "industrial", "cottagecore", "instagrammable")  # fmt: skip


def test_fifty_two_dimensions_with_the_seed_names_first() -> None:
    assert len(VIBE_DIMENSIONS) == 52
    assert [d.index for d in VIBE_DIMENSIONS] == list(range(52))
    assert tuple(d.name for d in VIBE_DIMENSIONS[:10]) == SEED_NAMES
    assert all(d.description.endswith(".") and d.phrases and d.prototypes for d in VIBE_DIMENSIONS)


def test_the_nine_yelp_ambience_keys_have_their_dimension() -> None:
    assert sorted(YELP_AMBIENCE) == sorted(
        ["romantic", "intimate", "classy", "upscale", "hipster", "trendy", "casual", "touristy",
         "divey"]
    )  # fmt: skip
    assert all(YELP_AMBIENCE[k].name == k for k in YELP_AMBIENCE)


def test_core_vibe_names_are_kept() -> None:
    names = {d.name for d in VIBE_DIMENSIONS}
    assert {"romantic", "quiet", "lively", "cozy", "family_friendly", "trendy", "casual",
            "upscale", "outdoor", "rooftop", "live_music", "late_night"} <= names  # fmt: skip
    assert names & set(VIBES) == set(VIBES)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("somewhere cozy with a dark academia feel", "dark_academia"),
        ("a Dark-Academia café", "dark_academia"),
        ("date night for two", "romantic"),
        ("a sports bar to watch the game", "sporty"),
        ("a cheap dive bar", "divey"),
        ("cyberpunk neon bar", "cyberpunk"),
        ("hot dogs for lunch", None),
        ("a club sandwich", None),
        ("cozier", None),
        ("", None),
    ],
)
def test_match_vibe_reads_whole_words_only(text: str, expected: str | None) -> None:
    found = match_vibe(text)
    assert (found.name if found else None) == expected


def test_vibe_index_takes_any_spelling() -> None:
    assert vibe_index("cozy") == 0
    assert vibe_index("dark academia") == vibe_index("dark_academia") == 3
    assert vibe_index("date night") == 4
    with pytest.raises(KeyError):
        vibe_index("not a vibe")


def test_the_shipped_model_was_built_from_this_dimensions_file() -> None:
    """Editing vibes.toml without `kairos venues fit-vibes` leaves stale prototypes."""
    model = load_model()
    assert model.vibes_sha == vibes_sha()
    assert model.embedder == MINILM_MODEL_NAME
    assert model.prototypes.shape == (52, 384)
    assert sorted(model.ambience_keys) == sorted(YELP_AMBIENCE)

"""The aspect scorer: negation, intensity, evidence ids, the neutral prior, determinism."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from kairos.settings import Settings
from kairos.text.aspect_lexicon import ALL_ASPECTS, RADAR_ASPECTS, aspect_prototypes
from kairos.text.aspects import (
    NEUTRAL,
    ReviewText,
    analyse_sentence,
    score_aspects,
    split_sentences,
)
from kairos.text.embeddings import get_embedder
from kairos.text.extractive import crowd_mentions


def weight(sentence: str, aspect: str) -> float:
    return sum(m.weight for m in analyse_sentence(sentence) if m.aspect == aspect)


def review(rid: str, text: str, rating: float | None = None) -> ReviewText:
    return ReviewText(id=rid, text=text, rating=rating)


def test_explicit_cues_push_their_aspect() -> None:
    assert weight("Such a romantic spot.", "romance") > 0
    assert weight("The room was quiet and calm.", "noise_level") > 0
    assert weight("It was loud.", "noise_level") < 0


@pytest.mark.parametrize(
    ("sentence", "aspect", "sign"),
    [
        ("It was not romantic at all.", "romance", -1),
        ("The place wasn't loud.", "noise_level", 1),
        ("It was hard to hear each other.", "noise_level", -1),
        ("We couldn't hear each other over the music.", "noise_level", -1),
        ("Not a quiet place.", "noise_level", -1),
        ("There are no vegan options.", "vegan_options", -1),
        ("The food was not good.", "food_quality", -1),
        ("Prices are not cheap.", "value_for_money", -1),
        # a clause opened by "none of" negates it all: this was a vegetarian card's quote
        (
            "None of the entrees were vegetarian friendly, so you'd be limited to salads.",
            "vegan_options",
            -1,
        ),
        ("Not one of the dishes was tasty.", "food_quality", -1),
        ("Nothing beats their vegetarian curry.", "vegan_options", 1),
        # a filler after the negator keeps its reach: a vegan feed card quoted this as praise
        ("The curry they mark is not by any means vegan.", "vegan_options", -1),
        ("Not even remotely quiet.", "noise_level", -1),
        ("The vegetarian plates were great, none of the meat was.", "vegan_options", 1),
    ],
)
def test_negation_flips_the_cue(sentence: str, aspect: str, sign: int) -> None:
    assert weight(sentence, aspect) * sign > 0


@pytest.mark.parametrize(
    "sentence",
    [
        "The burger was packed with flavor.",
        "Can't wait to come back!",
        "We had a blast.",
    ],
)
def test_look_alike_phrases_say_nothing_about_noise(sentence: str) -> None:
    assert weight(sentence, "noise_level") == 0


def test_crowd_and_waiting_talk_lowers_quietness() -> None:
    assert weight("The music was blasting.", "noise_level") < 0
    assert weight("We waited in line for an hour.", "noise_level") < 0
    # "not crowded" is a statement about the room, not a litotes like "not too loud".
    assert weight("It wasn't crowded.", "noise_level") >= weight("It wasn't loud.", "noise_level")
    assert weight("It wasn't crowded.", "noise_level") > 0


def test_casual_is_not_read_from_the_menu() -> None:
    """Pizza is served on white tablecloths too; fine dining talk is what says "not casual"."""
    assert weight("The pizza and the sandwiches were good.", "casual") == 0
    assert weight("A tasting menu with a sommelier.", "casual") < 0
    assert weight("Very laid back and casual.", "casual") > 0


def test_negated_complaint_is_weaker_than_the_plain_praise() -> None:
    """Litotes: "wasn't loud" is said of average rooms, "quiet" of quiet ones."""
    assert 0 < weight("It wasn't loud.", "noise_level") < weight("It was quiet.", "noise_level")


def test_intensity_and_hypotheticals() -> None:
    assert weight("Too noisy to talk.", "noise_level") < weight("Noisy.", "noise_level") < 0
    assert weight("A bit noisy.", "noise_level") > weight("Noisy.", "noise_level")
    wish = weight("If you want a quiet place, go elsewhere.", "noise_level")
    assert 0 < wish < weight("A quiet place.", "noise_level")


def test_opinion_words_attach_to_the_nearest_target() -> None:
    readings = analyse_sentence("The food was great but the service was terrible.")
    food = sum(m.weight for m in readings if m.aspect == "food_quality")
    service = sum(m.weight for m in readings if m.aspect == "service")
    assert food > 0 > service
    assert weight("The prices were high.", "value_for_money") < 0
    assert weight("The prices were low.", "value_for_money") > 0


def test_no_reviews_or_no_evidence_gives_neutral_scores() -> None:
    for reviews in ([], [review("r1", "We went on Tuesday. The address is on Main Street.")]):
        scores = score_aspects(reviews)
        for aspect, s in scores.items():
            assert s.value == NEUTRAL, aspect
            assert s.confidence == 0.0
            assert s.evidence == []


def test_evidence_carries_real_sentences_and_review_ids() -> None:
    reviews = [
        review("a", "Lovely dinner. So romantic, with candles everywhere!"),
        review("b", "Our anniversary dinner was perfect. Very intimate room."),
        review("c", "Parking was easy."),
    ]
    scores = score_aspects(reviews)
    romance = scores.romance
    assert romance.value > 7.0
    assert 0 < romance.confidence < 1
    ids = {e.review_id for e in romance.evidence}
    assert ids == {"a", "b"}
    texts = {r.id: r.text for r in reviews}
    for e in romance.evidence:
        assert e.sentence in texts[e.review_id]
        assert e.weight > 0


def test_few_mentions_shrink_towards_neutral() -> None:
    one = score_aspects([review("a", "Very loud.")]).noise_level
    many = score_aspects([review(str(i), "Very loud.") for i in range(8)]).noise_level
    assert many.value < one.value < NEUTRAL
    assert many.confidence > one.confidence


def test_opposite_cues_pull_a_score_back_and_stay_traceable() -> None:
    """A loud review lowers the quietness of a place others call quiet; a queue (a topic proxy)
    lowers it less, and is cited as evidence without being quoted as an explicit reason."""
    quiet = [review(str(i), "Quiet and calm.") for i in range(3)]
    loud = score_aspects([*quiet, review("x", "Way too loud on weekends.")]).noise_level
    queue = score_aspects([*quiet, review("y", "We waited in line for an hour.")]).noise_level
    alone = score_aspects(quiet).noise_level
    assert loud.value < queue.value < alone.value
    cited = {e.review_id: e for e in loud.evidence + queue.evidence}
    assert cited["x"].weight < 0 and cited["x"].explicit
    assert cited["y"].weight < 0 and not cited["y"].explicit
    assert cited["y"].sentence == "We waited in line for an hour."


def test_one_review_counts_once_however_long() -> None:
    rant = " ".join(["It is so loud in here."] * 20)
    capped = score_aspects([review("a", rant)]).noise_level
    two = score_aspects([review("a", "So loud."), review("b", "Loud music.")]).noise_level
    assert capped.value > two.value


def test_ratings_feed_food_quality_only() -> None:
    text = "We ordered the noodles."
    high = score_aspects([review("a", text, 5.0), review("b", text, 5.0)])
    low = score_aspects([review("a", text, 1.0), review("b", text, 1.0)])
    assert high.food_quality.value > NEUTRAL > low.food_quality.value
    assert high.romance == low.romance


def test_price_tier_is_optional_evidence_for_value() -> None:
    reviews = [review("a", "Nice place.")]
    assert score_aspects(reviews, price_level=1).value_for_money.value > NEUTRAL
    assert score_aspects(reviews, price_level=4).value_for_money.value < NEUTRAL
    assert score_aspects(reviews).value_for_money.value == NEUTRAL


def test_review_embeddings_add_semantic_evidence(settings: Settings) -> None:
    """The optional path, with the real model: a review that reads as a date spot without any
    romance word gains romance; one that does not is left alone (the path is positive-only)."""
    embedder = get_embedder(settings)
    prototypes = aspect_prototypes(embedder)
    assert set(prototypes) == set(ALL_ASPECTS)
    reviews = [
        review(
            "a", "Candles on every table, soft jazz, a bottle of wine for two. Perfect evening."
        ),
        review("b", "Parking was easy and the line moved fast."),
    ]
    vectors = embedder.embed([r.text for r in reviews])
    plain = score_aspects(reviews)
    semantic = score_aspects(reviews, review_vectors=vectors, prototypes=prototypes)
    assert semantic.romance.value > plain.romance.value
    assert semantic.vegan_options.value == plain.vegan_options.value == NEUTRAL
    with pytest.raises(ValueError, match="review vectors"):
        score_aspects(reviews, review_vectors=vectors[:1], prototypes=prototypes)


def test_scores_are_deterministic_and_complete() -> None:
    reviews = [review("a", "Great food, cheap, loud and fun. Good for groups!")]
    first, second = score_aspects(reviews), score_aspects(reviews)
    assert first == second
    assert set(first.radar()) == set(RADAR_ASPECTS)
    assert [a for a, _ in first.items()] == list(ALL_ASPECTS)
    with pytest.raises(KeyError, match="unknown aspect"):
        first.get("parking")


@hypothesis_settings(max_examples=60, deadline=None)
@given(st.lists(st.text(max_size=300), max_size=5))
def test_any_text_gives_bounded_scores(texts: list[str]) -> None:
    scores = score_aspects([review(str(i), t) for i, t in enumerate(texts)])
    for _, s in scores.items():
        assert 0.0 <= s.value <= 10.0
        assert 0.0 <= s.confidence <= 1.0
        assert {e.review_id for e in s.evidence} <= {str(i) for i in range(len(texts))}


def test_control_characters_do_not_break_sentence_alignment() -> None:
    scores = score_aspects([review("a", "Quiet\x00 room. So\x00 romantic!\x00")])
    assert scores.noise_level.value > NEUTRAL and scores.romance.value > NEUTRAL


def test_sentences_and_crowd() -> None:
    assert split_sentences("One. Two!\nThree? ") == ["One.", "Two!", "Three?"]
    # a quote once ended "… and I had the St." (St. Germain)
    assert split_sentences("I had the St. Germain spritz. Dr. Lee loved it.") == [
        "I had the St. Germain spritz.",
        "Dr. Lee loved it.",
    ]
    # a sentence typed without its space was quoted with the next one run on
    assert split_sentences("A surprise every time.We usually have the dal.") == [
        "A surprise every time.",
        "We usually have the dal.",
    ]
    assert split_sentences("Visit Yelp.com today.") == ["Visit Yelp.com today."]
    found = crowd_mentions("Came with my family and a group of friends from college.")
    assert found == {"families", "groups", "students"}

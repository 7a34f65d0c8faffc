"""Extractive phrasing: real sentences only, ≤ 160 characters, every claim with its review ids."""

from __future__ import annotations

import gzip
import json
from collections import defaultdict
from pathlib import Path

import pytest

from kairos.text.aspects import ReviewText, score_aspects
from kairos.text.extractive import (
    ELLIPSIS,
    QUOTE_MAX_CHARS,
    Quote,
    avoid_if,
    best_for,
    consolidated_review,
    crowd_profile,
    highlights,
    tidy,
    trim,
)

SHARED_REVIEWS = Path(__file__).resolve().parents[2].parent / "shared/data/restaurant_reviews"

REVIEWS = [
    ReviewText(id="r1", text="So romantic and quiet. We could hear each other all night!"),
    ReviewText(id="r2", text="Perfect for our anniversary dinner. The food was delicious."),
    ReviewText(id="r3", text="Intimate room, candles on every table. A little pricey though."),
    ReviewText(id="r4", text="Came with my husband for a date night. Quiet and calm."),
    ReviewText(id="r5", text="My husband loved the pasta. The dessert was amazing."),
]


def normalised(text: str) -> str:
    """A review as quotes show it: one space between words, `tidy`'s punctuation."""
    return tidy(" ".join(text.split()))


def assert_real(text: str, ids: list[str], reviews: list[ReviewText]) -> None:
    """`text` (without a final ellipsis) is a sentence, or the prefix of one, of a cited review."""
    by_id = {r.id: normalised(r.text) for r in reviews}
    assert ids and all(i in by_id for i in ids)
    assert tidy(text).removesuffix(ELLIPSIS) in " ".join(by_id[i] for i in ids), text


def assert_real_quote(quote: Quote, reviews: list[ReviewText]) -> None:
    """Each quoted sentence is in its own review, and the text is them joined (or trimmed)."""
    assert len(quote.sentences) == len(quote.review_ids) >= 1
    for sentence, review_id in zip(quote.sentences, quote.review_ids, strict=True):
        assert_real(sentence, [review_id], reviews)
    assert tidy(" ".join(quote.sentences)).startswith(quote.text.removesuffix(ELLIPSIS))


def test_consolidated_review_quotes_real_sentences_with_ids() -> None:
    quote = consolidated_review(REVIEWS, ["romance"])
    assert 0 < len(quote.text) <= QUOTE_MAX_CHARS
    assert_real_quote(quote, REVIEWS)
    assert len(set(quote.review_ids)) == len(quote.review_ids)


def test_consolidated_review_focuses_on_what_was_asked() -> None:
    quote = consolidated_review(REVIEWS, ["noise_level"])
    assert "quiet" in quote.text.lower() or "hear each other" in quote.text.lower()
    with pytest.raises(ValueError, match="unknown aspect"):
        consolidated_review(REVIEWS, ["parking"])


def test_long_sentences_are_cut_at_a_word_boundary() -> None:
    long = ReviewText(id="x", text="The food was delicious " + "and very fresh " * 20 + "indeed.")
    quote = consolidated_review([long], ["food_quality"])
    assert len(quote.text) <= QUOTE_MAX_CHARS and quote.text.endswith(ELLIPSIS)
    assert long.text.startswith(quote.text.removesuffix(ELLIPSIS))
    assert trim("short") == "short"
    assert trim("The best food in town with a stunning city view....") == (
        "The best food in town with a stunning city view" + ELLIPSIS
    )
    assert trim("Good..") == "Good" + ELLIPSIS and trim("Good.") == "Good."
    assert trim("A good place with family..Pizzas good") == (
        f"A good place with family{ELLIPSIS} Pizzas good"
    )
    assert trim("Good hospitality ,tasty food") == "Good hospitality, tasty food"
    assert trim("Just had good coffee .") == "Just had good coffee."
    assert trim("It cost 1,000 rupees") == "It cost 1,000 rupees"
    cut = trim("word " * 50, 20)
    assert len(cut) <= 20 and cut == "word word word word" + ELLIPSIS


def test_the_summary_never_argues_against_the_card() -> None:
    """Issue 12: "don't come here on a date" was the summary of a date-night pick."""
    reviews = [
        ReviewText(id="a", text="Don't come here on a date, it is far too loud and crowded."),
        ReviewText(id="b", text="The dumplings were delicious and the staff were lovely."),
        ReviewText(id="c", text="Honestly the noise was unbearable, we could not talk at all."),
    ]
    quote = consolidated_review(reviews, ["romance", "noise_level"])
    assert quote.review_ids == ["b"], quote
    assert "delicious" in quote.text
    assert quote.contrary is not None and quote.contrary_review_id in {"a", "c"}
    assert quote.contrary not in quote.text


def test_one_sentence_of_one_review_never_two_spliced() -> None:
    quote = consolidated_review(REVIEWS, ["romance", "noise_level"])
    assert len(quote.review_ids) == 1 and len(quote.sentences) == 1


def test_no_reviews_and_no_evidence() -> None:
    assert consolidated_review([], []).text == ""
    plain = [ReviewText(id="p", text="We went on a Tuesday. It is on Main Street.")]
    quote = consolidated_review(plain, [])
    assert quote.review_ids == [] and quote.text == "", "no praise: no quote, not any sentence"
    assert highlights(plain) == []
    assert crowd_profile(plain).segments == []


def test_highlights_best_for_and_avoid_if_cite_reviews() -> None:
    scores = score_aspects(REVIEWS)
    found = highlights(REVIEWS, scores)
    assert found and found[0].aspect in {"romance", "noise_level", "food_quality"}
    for h in found:
        assert_real(h.text, [h.review_id], REVIEWS)
    lines = best_for(scores)
    assert "romance" in {line.aspect for line in lines}
    for line in lines:
        assert line.review_ids and f"{line.score:.1f}/10" in line.text
    assert avoid_if(scores) == []
    loud = [ReviewText(id=str(i), text="Way too loud, we had to shout.") for i in range(4)]
    avoid = avoid_if(score_aspects(loud))
    assert [a.aspect for a in avoid] == ["noise_level"]
    assert avoid[0].review_ids == ["0", "1", "2", "3"]


def test_crowd_profile_counts_reviews_not_mentions() -> None:
    profile = crowd_profile(REVIEWS)
    couples = next(s for s in profile.segments if s.segment == "couples")
    assert couples.reviews == 3 and couples.review_ids == ["r2", "r4", "r5"]
    assert couples.example_review_id in couples.review_ids
    assert_real(couples.example, [couples.example_review_id], REVIEWS)
    assert "couples (3 of 5 reviews)" in profile.text


@pytest.mark.skipif(not SHARED_REVIEWS.exists(), reason="../shared/data/restaurant_reviews absent")
def test_real_reviews_keep_every_invariant() -> None:
    places: dict[str, list[ReviewText]] = defaultdict(list)
    with gzip.open(SHARED_REVIEWS / "reviews.jsonl.gz", "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            places[row["restaurant_id"]].append(
                ReviewText(id=row["review_id"], text=row["text"], rating=row["rating"])
            )
            if len(places) > 60:
                break
    for reviews in list(places.values())[:60]:
        scores = score_aspects(reviews)
        quote = consolidated_review(reviews, ["romance", "noise_level"], scores=scores)
        assert len(quote.text) <= QUOTE_MAX_CHARS
        if quote.text:
            assert_real_quote(quote, reviews)
        for h in highlights(reviews, scores):
            assert len(h.text) <= QUOTE_MAX_CHARS
            assert_real(h.text, [h.review_id], reviews)
        ids = {r.id for r in reviews}
        for line in best_for(scores) + avoid_if(scores):
            assert set(line.review_ids) <= ids


def test_praise_that_turns_against_itself_or_leads_on_is_no_summary() -> None:
    """A top pick was once summed up as "I really tried to give 5 stars as the food was so
    delicious and felt very authentic but I could not for the following reason:"."""
    turned = "I really tried to give 5 stars as the food was so delicious but I could not at all."
    lead_in = "The food was so delicious and fresh for the following reason:"
    plain = "The lamb tagine was delicious and the staff were lovely."
    reviews = [ReviewText(id="t", text=turned), ReviewText(id="l", text=lead_in)]
    assert consolidated_review(reviews, ["food_quality"]).text == ""
    quote = consolidated_review([*reviews, ReviewText(id="p", text=plain)], ["food_quality"])
    assert quote.text == plain and quote.review_ids == ["p"]


def test_a_diet_is_quoted_only_from_a_sentence_that_names_it() -> None:
    """A vegetarian's top pick was summed up by "The drink menu is filled with great choices":
    the vegan-options aspect reads "choices", but only a sentence naming a diet is its reason."""
    generic = "The drink menu is filled with great choices and an amazing selection."
    named = "Good vegetarian options on the menu."
    reviews = [ReviewText(id="g", text=generic), ReviewText(id="v", text=named)]
    scores = score_aspects(reviews)
    generic_evidence = [e for e in scores.get("vegan_options").evidence if e.review_id == "g"]
    assert generic_evidence and generic_evidence[0].explicit, "the aspect still reads 'choices'"
    quote = consolidated_review(reviews, ["vegan_options"], scores=scores)
    assert quote.review_ids == ["v"] and quote.aspect == "vegan_options", quote
    only_generic = [ReviewText(id="g", text=generic)]
    assert consolidated_review(only_generic, ["vegan_options"]).aspect != "vegan_options"
    assert all(h.aspect != "vegan_options" for h in highlights(only_generic))


def test_a_diet_quote_never_praises_what_the_diet_leaves_out() -> None:
    """A vegetarian list once quoted "Bacon and potato, or buffalo chicken are some intriguing
    options"; the sentence is no summary for a vegetarian, unless it speaks of the diet."""
    from kairos.core.diets import quote_unfit

    meat = "The bacon and buffalo chicken pizza was amazing, delicious and perfect."
    plain = "The tomato basil pizza was good, we liked it."
    reviews = [ReviewText(id="m", text=meat), ReviewText(id="p", text=plain)]
    assert consolidated_review(reviews, ["food_quality"]).review_ids == ["m"]
    vegetarian = quote_unfit(["vegetarian"])
    quote = consolidated_review(reviews, ["food_quality"], unfit=vegetarian)
    assert quote.review_ids == ["p"], quote
    assert consolidated_review(reviews[:1], ["food_quality"], unfit=vegetarian).text == ""
    both = "The vegetarian chili is delicious, better than their beef one."
    assert consolidated_review(
        [ReviewText(id="b", text=both)], ["food_quality"], unfit=vegetarian
    ).review_ids == ["b"]
    assert "cheese" in quote_unfit(["vegan"]) and "cheese" not in vegetarian
    assert "salmon" not in quote_unfit(["pescatarian"]) and "bacon" in quote_unfit(["pescatarian"])


def test_a_claim_the_card_rests_on_is_its_quote() -> None:
    """A rooftop request's card rests on "amazing views of the skyline"; no aspect speaks for a
    view, so the claim's sentence is the quote, ahead of praise for the food."""
    reviews = [
        ReviewText(id="f", text="The food was delicious, the best tapas ever."),
        ReviewText(id="v", text="We sat upstairs. Amazing views of the skyline from the rooftop!"),
        ReviewText(id="x", text="The rooftop was closed and the view was terrible, sadly."),
    ]
    assert consolidated_review(reviews, ["food_quality"]).review_ids == ["f"]
    quote = consolidated_review(reviews, [], claims=[("v", "Amazing views of the skyline")])
    assert quote.review_ids == ["v"] and quote.text.startswith("Amazing views"), quote
    assert quote.aspect is None
    negated = [ReviewText(id="n", text="The rooftop view was not good at all.")]
    assert consolidated_review(negated, [], claims=[("n", "The rooftop view")]).text == ""
    against = consolidated_review(reviews, [], claims=[("x", "The rooftop was closed")])
    assert against.review_ids == ["f"], "a claim's sentence that reads against is no quote"
    missing = consolidated_review(reviews, [], claims=[("nope", "Amazing views")])
    assert missing.review_ids == ["f"]


def test_a_diet_cue_among_words_against_is_no_praise() -> None:
    """A vegetarian feed card was summed up as "Vegetarians beware, I would look elsewhere.":
    the diet word read as praise, the warning as nothing."""
    warned = ReviewText(id="w", text="Vegetarians beware, I would look elsewhere.")
    liked = ReviewText(id="l", text="Great vegetarian options and friendly staff.")
    assert consolidated_review([warned, liked], ["vegan_options"]).review_ids == ["l"]
    assert consolidated_review([warned], ["vegan_options"]).text == ""


def test_praise_that_names_what_was_asked_comes_first() -> None:
    """A brunch card was summed up as "Had their delicious smoky chicken dinner": among the
    praise for the food, a sentence naming brunch is the quote when there is one."""
    reviews = [
        ReviewText(id="d", text="Had their delicious smoky chicken dinner with a great beer."),
        ReviewText(id="b", text="This is a great place for brunch with great Bloody Marys."),
        ReviewText(id="r", text="Such a romantic spot, candles everywhere."),
    ]
    assert consolidated_review(reviews, ["food_quality"]).review_ids == ["d"]
    brunch = frozenset({"brunch", "breakfast"})
    assert consolidated_review(reviews, ["food_quality"], naming=brunch).review_ids == ["b"]
    # a requested aspect still comes first: a romantic brunch is quoted for its romance
    assert consolidated_review(reviews, ["romance"], naming=brunch).review_ids == ["r"]
    assert consolidated_review(reviews, [], naming=frozenset({"tacos"})).review_ids == ["d"]


def test_a_complaint_with_a_quiet_word_is_no_praise_of_quiet() -> None:
    """A quiet person's feed card quoted "Management was realy silent and did not work very much
    to, calm our FEAR of ingestion of PLASTIC." as praise of quiet."""
    complaint = (
        "Management was realy silent and did not work very much to, calm our FEAR of ingestion "
        "of PLASTIC."
    )
    assert consolidated_review([ReviewText(id="p", text=complaint)], ["noise_level"]).text == ""
    # a quiet vegetarian's feed: servers who were "very quiet" in a complaint about service
    servers = (
        "The service needs a bit of work, it was kind of hard to hear the servers when the spoke "
        "(they were very quiet) and didn't really introduce themselves or say anything other "
        'than "ok".'
    )
    assert consolidated_review([ReviewText(id="s", text=servers)], ["noise_level"]).text == ""


@pytest.mark.parametrize(
    "sentence",
    [
        # a feed card's quote: sarcasm that ends in disappointment, opened by a regret
        "Unfortunately I think the place trades on the hype, and the waiters describe at great "
        "lengths a dish which will taste great for a mouthful but leave you rather disappointed.",
        "The food was great but the service was slow.",
        "Great pizza, but a bit pricey.",
        "The calamari were delicious, but after that dish I could barely taste the mussels.",
    ],
)
def test_praise_that_turns_against_itself_is_no_quote(sentence: str) -> None:
    assert consolidated_review([ReviewText(id="t", text=sentence)], ["food_quality"]).text == ""


def test_praise_whose_turn_is_praise_too_is_quoted() -> None:
    sentence = "Bit oily and taste was ok but the mint chutney served with it was delicious."
    assert consolidated_review([ReviewText(id="t", text=sentence)], ["food_quality"]).text

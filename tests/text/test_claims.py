"""A claim is backed only by sentences that support it (issue 34, items 3 and 7): a review that
concedes vegan options ("while there are some …, most of the food is …"), rations them or speaks
of gluten-free dishes once gave a tavern "Vegans and vegetarians (vegan options 8.2/10)" and a
radar number with nothing a vegan could use behind it."""

from __future__ import annotations

from kairos.restaurants.evaluation import radar
from kairos.text.aspects import ReviewText, score_aspects
from kairos.text.extractive import avoid_if, best_for, highlights

# Diners of an ordinary tavern: every sentence naming a diet concedes it, rations it or is
# about another diet; the rest is burgers and beer.
TAVERN = [
    ReviewText(
        id="concedes",
        text="While there are a couple of vegetarian and vegan dishes, the menu is mostly "
        "wonderful smoked meats and burgers. Friendly bartenders.",
        rating=5,
    ),
    ReviewText(
        id="gluten",
        text="Several of the mains can be made gluten-free on request. They also have a "
        "small selection of dairy-free desserts.",
        rating=4,
    ),
    ReviewText(
        id="rations",
        text="They have only a few vegan plates but the beer list is superb.",
        rating=4,
    ),
    ReviewText(id="choices", text="Great choices on tap and a lovely patio.", rating=5),
]


def test_a_conceded_or_rationed_diet_backs_no_vegan_claim() -> None:
    scores = score_aspects(TAVERN)
    # the reader still counts these sentences towards the score …
    assert scores.vegan_options.value > 5
    # … but none of them is the reason for a claim about vegans
    lines = best_for(scores)
    assert not any(line.aspect == "vegan_options" for line in lines), lines
    assert not any(h.aspect == "vegan_options" for h in highlights(TAVERN, scores))
    shown = radar(scores)
    assert shown.evidence["vegan_options"] == []
    assert shown.vegan_options is None  # "not enough reviews", never 7-8 out of 10


def test_a_review_that_says_it_plainly_still_backs_the_claim() -> None:
    reviews = [
        *TAVERN,
        ReviewText(
            id="plain", text="Fantastic vegan options, the vegan chili is the best.", rating=5
        ),
        ReviewText(id="plain2", text="So many vegetarian dishes, all delicious.", rating=5),
    ]
    scores = score_aspects(reviews)
    shown = radar(scores)
    assert shown.vegan_options is not None and shown.vegan_options >= 7
    assert set(shown.evidence["vegan_options"]) <= {"plain", "plain2"}
    assert "plain" in shown.evidence["vegan_options"]
    vegan = [line for line in best_for(scores) if line.aspect == "vegan_options"]
    assert vegan and set(vegan[0].review_ids) <= {"plain", "plain2"}


def test_a_conceded_complaint_is_no_reason_to_avoid() -> None:
    reviews = [
        ReviewText(id=f"r{i}", text=text, rating=4)
        for i, text in enumerate(
            [
                "Although it gets loud on weekends, the booths are cosy and the food is great.",
                "Although it can be noisy, the staff were lovely.",
                "Although the room is loud, the pasta was perfect.",
            ]
        )
    ]
    scores = score_aspects(reviews)
    for line in avoid_if(scores):
        assert line.aspect != "noise_level", line
    assert radar(scores).evidence["noise_level"] == []


def test_a_warning_or_a_recommendation_against_is_never_the_reason() -> None:
    """Seen in chats: 'vegan options 8.0' on a barbecue stand backed only by "If you're a
    vegetarian …, I wouldn't recommend getting this", and a romantic card whose quote was
    "And don't think you're going to have intimate conversation here."."""
    reviews = [
        ReviewText(
            id="against",
            text="If you are vegetarian or want something meatless, I would not recommend "
            "this place, the sides left me hungry.",
            rating=3,
        ),
        ReviewText(
            id="warning",
            text="And don't think you are going to have an intimate dinner here. Superb brisket.",
            rating=4,
        ),
        ReviewText(id="date", text="A lovely romantic spot for a date night.", rating=5),
        ReviewText(id="tofu", text="Great vegan options, the tofu is lovely.", rating=5),
    ]
    scores = score_aspects(reviews)
    # the reader misses the far negation and counts the hypothetical as praise
    assert scores.romance.value > 5 and scores.vegan_options.value > 5
    shown = radar(scores)
    assert "against" not in shown.evidence["vegan_options"]
    assert "warning" not in shown.evidence["romance"]
    for line in best_for(scores):
        assert not {"against", "warning"} & set(line.review_ids), line

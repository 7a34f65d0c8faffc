"""The offline answer's sentences: filled templates and real quotes, punctuated once."""

from __future__ import annotations

from kairos.restaurants.phrasing import answer_message
from kairos.restaurants.schemas import RadarScores, RestaurantResult
from kairos.text.extractive import Quote


def place(summary: str | None) -> RestaurantResult:
    quote = Quote(text=summary, review_ids=["r1"]) if summary else None
    return RestaurantResult(
        id=1, name="Lune", area=None, city="Boston", address=None, price_tier="$$",
        rating=4.5, votes=120, cuisine_types=["thai"], url=None, lat=None, lng=None,
        known_allergens=[], allergen_confidence="low", summary=quote,
    )  # fmt: skip


def answer(top: RestaurantResult) -> str:
    return answer_message(
        request="thai places in Boston", safe=[top], flagged=[], hard_excluded=["peanuts"],
        relaxed=[], assumptions=[],
    )  # fmt: skip


def test_a_quoted_top_pick_ends_at_its_closing_quote() -> None:
    text = answer(place("The curry was rich and the room was calm enough to talk…"))
    assert (
        "Top pick: Lune (4.5★) — “The curry was rich and the room was calm enough to talk…” "
        in text
    )
    assert "”." not in text


def test_an_unquoted_top_pick_is_a_full_sentence() -> None:
    text = answer(place(None))
    assert "Top pick: Lune (4.5★). " in text
    assert text.endswith("Places known to contain peanuts are excluded for you.")


def test_a_top_pick_that_reviews_contradict_says_so() -> None:
    top = place("Loud music all night, but the curry was great.").model_copy(
        update={
            "scores": RadarScores(
                romance=6.0, noise_level=2.5, food_quality=8.0, vegan_options=5.0,
                value_for_money=5.0, evidence={},
            )
        }
    )  # fmt: skip
    text = answer_message(
        request="quiet, romantic thai places", safe=[top], flagged=[], hard_excluded=[],
        relaxed=[], assumptions=[], requested=["noise_level", "romance"],
    )  # fmt: skip
    assert "Its reviews speak against quiet (2.5/10); it is here for the rest." in text
    assert "romance" not in text.split("speak against")[1].split(";")[0]  # 6.0 is not against
    assert "speak against" not in answer(top)  # nothing was asked

"""The offline answer's sentences: filled templates and real quotes, punctuated once."""

from __future__ import annotations

from kairos.restaurants.phrasing import answer_message
from kairos.restaurants.schemas import RestaurantResult
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

"""The text arm ignores the city's own name: "Toronto" in a request must not pull places named
"Toronto …" (a square, a sign, a city hall), as every place of the trip is in Toronto. A typo
of the name ("Dehli", "tokio") is the name too; the other words stay."""

from __future__ import annotations

from kairos.trips.query_text import query_words


def test_the_city_name_is_no_word_of_the_text_arm() -> None:
    assert query_words("Toronto, 2 days, art galleries", "Toronto") == "days | art | galleries"
    assert query_words("3 days in Dehli, history", "Delhi") == "days | history"
    assert query_words("tokio temples", "Tokyo") == "temples"
    assert query_words("New York museums", "New York") == "museums"


def test_without_a_city_every_word_stays() -> None:
    assert query_words("Toronto art") == "toronto | art"

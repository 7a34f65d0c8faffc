"""A kind of place the request asks for and the city's candidates do not hold is said in the
trip's notes, with the places of the same family Kairos does know (issue 35)."""

from __future__ import annotations

from kairos.trips.interest_gaps import interest_gaps, kinds_asked
from kairos.trips.models import Candidate


def _place(i: int, name: str, kind: str = "park", category: str | None = None) -> Candidate:
    return Candidate(id=f"p{i}", name=name, kind=kind, lat=50.0, lng=8.0, city="Lyra",
                     duration=60, category=category)  # fmt: skip


PLACES = [
    _place(1, "Moonlight Safari"),
    _place(2, "Harbour Oceanarium", kind="attraction"),
    _place(3, "Old Town Hall", kind="attraction"),
    _place(4, "Gallery of Clocks", kind="museum"),
]


def test_a_zoo_the_city_lacks_is_said_with_the_animal_places_it_knows() -> None:
    notes = interest_gaps("lyra 3 days with kids, zoo and something with animals", "Lyra", PLACES)
    assert notes == [
        "Kairos knows no zoo in Lyra; the animal places it knows: Moonlight Safari, "
        "Harbour Oceanarium."
    ]


def test_a_kind_the_city_holds_is_no_gap_and_a_gap_without_family_is_just_the_gap() -> None:
    with_zoo = [*PLACES, _place(5, "Lyra Zoological Garden")]
    assert interest_gaps("zoo, museums", "Lyra", with_zoo) == []
    assert interest_gaps("beaches and a castle", "Lyra", PLACES[2:]) == [
        "Kairos knows no beach in Lyra.",
        "Kairos knows no castle in Lyra.",
    ]


def test_a_phrase_is_read_whole_and_words_inside_words_are_not_kinds() -> None:
    assert [k.label for k in kinds_asked("a theme park, then parking near the museum")] == [
        "theme park",
        "museum",
    ]
    assert kinds_asked("zoology lectures and bazaars") == []


def test_a_temple_named_in_its_countrys_words_is_no_gap() -> None:
    # panel trips half A (t25): "Kairos knows no temple in Tokyo" with Fukagawa Fudo-do planned
    tokyo = [_place(1, "Senso-ji", kind="attraction"), _place(2, "Ueno Park")]
    assert interest_gaps("tokyo for 5 days, temples, shrines and food", "Tokyo", tokyo) == []
    shrine = [_place(3, "Meiji-jingū", kind="attraction"), _place(4, "Ueno Park")]
    assert interest_gaps("temples", "Tokyo", shrine) == [
        "Kairos knows no temple in Tokyo; the places of worship it knows: Meiji-jingū."
    ]


def test_food_markets_are_places_to_eat_not_a_gallery_named_market() -> None:
    """Panel trips half A, t19 ("Toronto, 2 days, art galleries and food markets"): no place to
    eat is known in Toronto, yet "The Market Gallery" answered "markets" and nothing was said.
    A food market asked for is a place to eat that is a market, hawker centre or food court."""
    gallery = [*PLACES, _place(6, "The Market Gallery", kind="museum")]
    assert interest_gaps("art galleries and food markets", "Lyra", gallery) == [
        "Kairos knows no food market in Lyra."
    ]
    hawker = _place(7, "Lau Pa Sat", kind="food market")
    assert interest_gaps("museums and hawker centres", "Lyra", [*gallery, hawker]) == []

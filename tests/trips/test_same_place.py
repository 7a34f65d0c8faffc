"""One sight under two spellings or two sources is one stop (issue 35: "Neela Gumbad" and
"Nila Gumbad", "Boudha Stupa" and "Baudhanath Stupa", two nodes of one Bose museum)."""

from __future__ import annotations

import pytest

from kairos.core.same_place import near_duplicates, same_name, skeleton


@pytest.mark.parametrize(
    ("a", "b"), [("neela", "nila"), ("boudha", "baudha"), ("phool", "fool"), ("Mahal", "mahal")]
)
def test_transliterations_fold_to_one_skeleton(a: str, b: str) -> None:
    assert skeleton(a) == skeleton(b)


def test_one_name_in_two_transliterations_is_one_place_anywhere_in_the_city() -> None:
    places = [("Neela Gumbad", 28.5555, 77.2029, 0.45), ("Nila Gumbad", 28.5919, 77.2531, 0.5)]
    assert near_duplicates(places) == {0}


def test_a_gazetteer_point_to_the_arc_minute_and_an_osm_node_are_one_stupa() -> None:
    places = [
        ("Boudha Stupa", 27.7218093, 85.3620735, 0.3),
        ("Baudhanath Stupa", 27.71667, 85.36667, 0.95),
    ]
    assert near_duplicates(places) == {0}


def test_two_nodes_of_one_museum_are_one_museum() -> None:
    places = [
        ("Museum on Netaji Subhas Chandra Bose and Indian National Army", 28.6581876, 77.2420738,
         0.5),
        ("Bose museum", 28.6582072, 77.2420126, 0.5),
    ]  # fmt: skip
    assert near_duplicates(places) == {1}


@pytest.mark.parametrize(
    ("a", "b", "far"),
    [
        ("Bade Khan ka Gumbad", "Bhure Khan ka Gumbad", False),
        ("Munda Gumbad", "Neela Gumbad", False),
        ("Lal Gumbad", "Nila Gumbad", True),
        ("Red Fort", "Purana Qila", False),
    ],
)
def test_different_places_stay_apart(a: str, b: str, far: bool) -> None:
    second = (28.60, 77.25) if far else (28.5562, 77.2036)  # 100 m apart
    assert not same_name(a, b)
    assert near_duplicates([(a, 28.5555, 77.2029, 0.5), (b, *second, 0.5)]) == set()


def test_places_with_no_position_are_one_only_by_the_same_name() -> None:
    places: list[tuple[str, float | None, float | None, float]] = [
        ("The Metropolitan Museum of Art", None, None, 0.9),
        ("Metropolitan Opera House", None, None, 0.8),
        ("The Metropolitan Museum of Art", None, None, 0.5),
    ]
    assert near_duplicates(places) == {2}


def test_many_places_are_compared_quickly() -> None:
    import time

    places = [(f"Place {i} Tomb", 28.5 + (i % 40) * 0.004, 77.1 + (i // 40) * 0.004, 0.5)
              for i in range(2000)]  # fmt: skip
    started = time.process_time()  # this process's CPU: the wall clock grows with the load
    near_duplicates(places)
    assert time.process_time() - started < 2.0


def test_two_names_ending_in_one_word_a_dozen_metres_apart_are_one_place() -> None:
    """Two sources' names for Hiroshima's dome, 8 m apart (panel half A t47: both were stops)."""
    places = [
        ("Hiroshima Peace Memorial (Genbaku Dome)", 34.395556, 132.453611, 1.0),
        ("Atomic Bomb Dome", 34.395483, 132.453592, 0.9),
    ]
    assert near_duplicates(places) == {1}
    # the same word farther apart, or another last word at one point: two places
    apart = [("North Gate", 28.6, 77.2, 0.9), ("Lahori Gate", 28.6003, 77.2, 0.9)]
    assert near_duplicates(apart) == set()
    assert near_duplicates([("Jagannath Temple", 27.7, 85.3, 0.9),
                            ("Kala Bhairav", 27.70005, 85.3, 0.9)]) == set()  # fmt: skip

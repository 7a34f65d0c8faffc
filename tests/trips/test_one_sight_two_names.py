"""One sight listed under a longer and a shorter name, or one museum under its old and new
name, is one stop (panel half A at e08ebe2: t41 planned "Kathmandu Durbar Square" and
"Basantapur Durbar Square", 150 m apart; t51 planned "Royal Museum" after "National Museum
of Scotland", listed at one point)."""

from __future__ import annotations

from kairos.core.same_place import near_duplicates
from kairos.trips.retrieval_rules import Row, sights


def _row(i: int, name: str, kind: str, lat: float, lng: float) -> Row:
    basis = {"notability_basis": "a curated sight list", "category": kind}
    return Row(i, name, kind, "Town", lat, lng, {"poi": {"curated": basis}}, 0)


def test_a_square_under_the_city_name_and_under_its_own_is_one_square() -> None:
    rows = [
        _row(1, "Townsville Durbar Square", "historic_site", 27.7041, 85.30843),
        _row(2, "Basantapur Durbar Square", "attraction", 27.7045198, 85.3069725),
    ]
    kept, _, _ = sights(rows, city="Townsville")
    assert len(kept) == 1


def test_two_museums_at_one_point_are_one_museum() -> None:
    places = [("Royal Museum", 55.94694, -3.19, 0.9), ("National Museum", 55.94694, -3.19, 0.95)]
    assert near_duplicates(places, ["museum", "museum"]) == {0}


def test_of_two_museums_listed_alike_the_fuller_name_is_kept() -> None:
    places = [
        ("Royal Museum", 55.94694, -3.19, 0.9),
        ("National Town Museum", 55.94694, -3.19, 0.9),
    ]
    assert near_duplicates(places, ["museum", "museum"]) == {0}


def test_old_and_new_or_far_apart_stay_two() -> None:
    assert near_duplicates([("City Hall", 43.6534, -79.3841, 0.9),
                            ("Old City Hall", 43.6525, -79.3820, 0.9)]) == set()  # fmt: skip
    far = [("Durbar Square", 27.7041, 85.30843, 0.9), ("Patan Durbar Square", 27.673, 85.325, 1)]
    assert near_duplicates(far) == set()
    apart = [("Art Museum", 55.9469, -3.19, 0.9), ("Castle Museum", 55.9489, -3.20, 0.9)]
    assert near_duplicates(apart, ["museum", "museum"]) == set()


def test_museums_placed_at_one_postal_centroid_stay_two() -> None:
    # the full shared POIs after d2999b6: 130 of New York's 170 museums dropped as duplicates
    from dataclasses import replace

    from kairos.trips.retrieval_rules import Row, sights

    zip_point = {"location": {"routable": True, "basis": "geocoded", "precision": "ZIP centroid"}}
    rows = [
        Row(id=i, name=name, kind="museum", city="New York", lat=40.7813, lng=-73.9740,
            attributes={**zip_point, "poi": {"tripadvisor_attractions": {"category": "museum"}}},
            votes=votes)
        for i, (name, votes) in enumerate(
            [("American Museum of Natural History", 40000), ("Children's Museum of Manhattan", 900)]
        )
    ]  # fmt: skip
    kept, _, _ = sights(rows, lambda r: 0.8, "New York City")
    assert sorted(r.name for r in kept) == sorted(r.name for r in rows)
    source_point = [replace(r, attributes={"poi": r.attributes["poi"]}) for r in rows]
    kept, _, _ = sights(source_point, lambda r: 0.8, "New York City")
    assert len(kept) == 1  # at one point given by the source they are one building

"""A square or a plaza a source files as a park is no park for a swap or an interest asking for
one (panel trips half A, t55, round 13: "a park" brought Yonge-Dundas Square, a plaza); a park
named after a square ("Madison Square Park") still is one."""

from __future__ import annotations

from kairos.trips.kind_groups import fits, paved


def test_a_name_ending_in_square_or_plaza_is_paved() -> None:
    assert paved("Yonge-Dundas Square") and paved("Plaza Mayor Plaza") and paved("Piazza")
    assert not paved("Madison Square Park") and not paved("High Park") and not paved("")


def test_a_paved_place_filed_as_a_park_fits_no_park_or_outdoors_ask() -> None:
    assert not fits("park", "park", None, "Dundas Square")
    assert not fits("outdoors", "park", "park", "Dundas Square")
    assert not fits("garden", "garden", None, "Garden Plaza")
    assert fits("park", "park", None, "Madison Square Park")
    assert fits("outdoors", "park", None, "High Park")
    assert fits("sights", "attraction", None, "Dundas Square")  # still a sight

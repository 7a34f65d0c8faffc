"""Seasonal places: the months come from OSM month rules or from a sentence about the place
being open; a month range about something else is not a closure."""

from __future__ import annotations

from kairos.ingest.poi_derived import derive_poi_attributes
from kairos.ingest.poi_season import months_from_osm, months_from_text, season_record
from kairos.trips.retrieval import _in_season, _Row

SUMMER = [4, 5, 6, 7, 8, 9, 10]


def test_a_sentence_about_operating_gives_the_months() -> None:
    text = (
        "A floating bar. We are a seasonal establishment operating from Mid-April through October."
    )
    found = months_from_text([text])
    assert found is not None
    assert found[0] == SUMMER
    assert found[1].startswith("We are a seasonal establishment")


def test_a_range_that_wraps_the_new_year() -> None:
    found = months_from_text(["The ice rink is open November to March."])
    assert found is not None and found[0] == [11, 12, 1, 2, 3]


def test_closed_months_are_the_complement() -> None:
    found = months_from_text(["The garden is closed December to February for works."])
    assert found is not None and found[0] == [3, 4, 5, 6, 7, 8, 9, 10, 11]


def test_a_range_about_events_is_not_a_closure() -> None:
    assert months_from_text(["Free concerts in the park from June to August."]) is None
    assert months_from_text(["Free garden tours on Saturdays, April-September."]) is None


def test_osm_month_rules() -> None:
    assert months_from_osm("Apr-Oct: Mo-Su 09:00-18:00") == SUMMER
    assert months_from_osm("Mo-Fr 09:00-17:00") is None  # open all year
    assert months_from_osm("not an expression") is None


def test_osm_hours_come_first_and_the_record_keeps_its_evidence() -> None:
    record = season_record([("osm_delhi", {"opening_hours": "May-Sep: 10:00-18:00",
                                           "description": "Open all year round."})])  # fmt: skip
    assert record == {"months": [5, 6, 7, 8, 9], "basis": "osm opening_hours",
                      "evidence": "May-Sep: 10:00-18:00"}  # fmt: skip


def test_ingestion_derives_the_season() -> None:
    raw = {"tripadvisor_attractions": {"category": "attraction", "description":
           "A seasonal floating bar in operation from April through October."}}  # fmt: skip
    derived = derive_poi_attributes({"poi": raw}, "attraction")
    assert derived["season"]["months"] == SUMMER
    assert "season" not in derive_poi_attributes(
        {"poi": {"osm_delhi": {"category": "museum", "opening_hours": "Mo-Su 10:00-17:00"}}},
        "museum",
    )


def _row(pid: int, months: list[int] | None) -> _Row:
    attributes = {"season": {"months": months, "evidence": "open in summer"}} if months else {}
    return _Row(pid, f"place {pid}", "park", "X", 1.0, 2.0, attributes, 0)


def test_retrieval_leaves_out_places_closed_in_every_month_of_the_trip() -> None:
    rows = [_row(1, SUMMER), _row(2, None), _row(3, [12, 1, 2])]
    kept, out = _in_season(rows, frozenset({12}))
    assert [r.id for r in kept] == [2, 3]
    assert out == [("place 1", "open in summer")]
    kept, out = _in_season(rows, frozenset({10, 11}))  # a trip across a boundary
    assert [r.id for r in kept] == [1, 2] and [name for name, _ in out] == ["place 3"]
    assert _in_season(rows, frozenset())[0] == rows

"""Issue 35, panel half A: a 4-day Delhi trip spent its days at 15-minute statues ("The Indian
Elephant", "Rajasaurus") and gave a World Heritage site 45 minutes. A statue, a sculpture or a
mural of less than landmark note follows the forts and museums of like note and takes at most
half an hour; a museum, a fort, a palace or a World Heritage site takes an hour and a half or
more; a listing of several World Heritage sites says how many it names."""

from __future__ import annotations

import asyncio
from typing import Any

from kairos.core.visit_length import serial_sites, shown_name
from kairos.trips.retrieval_rules import Row
from tests.trips.offline_retrieval import OfflineRetrieval

DELHI = (28.6139, 77.2090)
WIKI = {"wikidata": "Q1", "wikipedia": "en:X"}


def _row(i: int, name: str, source: str, raw: dict[str, Any], bm25: float = 0.0,
         minutes: int | None = None) -> Row:  # fmt: skip
    attributes: dict[str, Any] = {"poi": {source: raw}}
    if minutes is not None:
        attributes["visit"] = {"minutes": minutes, "minutes_basis": "default", "source": source}
    return Row(id=i, name=name, kind="attraction", city="Delhi", lat=DELHI[0] + i / 500,
               lng=DELHI[1], attributes=attributes, votes=0, bm25=bm25)  # fmt: skip


ROWS = [
    _row(1, "Mahatma Gandhi", "osm_delhi",
         {"category": "artwork", "osm_tags": {"tourism": "artwork", **WIKI}}, bm25=0.9,
         minutes=60),
    _row(2, "Rajasaurus", "osm_delhi", {"category": "artwork",
         "osm_tags": {"tourism": "artwork", **WIKI}}, bm25=0.8, minutes=45),
    _row(3, "Purana Qila Fort", "osm_delhi",
         {"category": "historic_site", "osm_tags": {"historic": "fort", **WIKI}}, minutes=45),
    _row(4, "Tomb of a Mughal Emperor", "unesco_whc_2021",
         {"category": "historic_site", "notability_basis": "UNESCO World Heritage Site"},
         minutes=45),
    _row(5, "Statue of a Liberty", "unesco_whc_2021",
         {"category": "landmark", "notability_basis": "UNESCO World Heritage Site"}, minutes=30),
]  # fmt: skip


def _retrieved() -> dict[str, tuple[int, int]]:
    retrieved = asyncio.run(
        OfflineRetrieval(ROWS).retrieve(
            city="Delhi", centre=DELHI, radius_km=30.0, interests="statues and monuments", room=9
        )
    )
    return {c.name: (i, c.duration) for i, c in enumerate(retrieved.candidates)}


def test_a_statue_follows_a_fort_of_like_note_and_takes_half_an_hour_at_most() -> None:
    got = _retrieved()
    assert got["Purana Qila Fort"][0] < got["Mahatma Gandhi"][0], got
    assert got["Purana Qila Fort"][0] < got["Rajasaurus"][0], got
    assert got["Mahatma Gandhi"][1] <= 30 and got["Rajasaurus"][1] <= 30, got


def test_a_fort_and_a_world_heritage_site_take_an_hour_and_a_half_or_more() -> None:
    got = _retrieved()
    for name in ("Purana Qila Fort", "Tomb of a Mughal Emperor", "Statue of a Liberty"):
        assert got[name][1] >= 90, (name, got)


def test_a_listing_of_several_world_heritage_sites_says_how_many() -> None:
    def unesco(description: str) -> dict[str, Any]:
        raw = {"notability_basis": "UNESCO World Heritage Site", "description": description}
        return {"poi": {"unesco_whc_2021": raw}}

    gaudi = unesco(
        "Seven properties built by the architect Antoni Gaudí (1852–1926) in or near "
        "Barcelona testify to his creative contribution. The seven buildings are: …"
    )
    assert serial_sites(gaudi) == 7
    assert "listing of 7 sites" in shown_name("Works of Antoni Gaudí", gaudi)
    assert serial_sites(unesco("Twelve Buddhist temples of the valley stand ...")) == 12
    assert serial_sites(unesco("Built in 1632 by the emperor, the tomb stands on 2 terraces.")) == 0
    assert serial_sites({"poi": {"osm_delhi": {"description": "Seven properties of a shop."}}}) == 0


def test_a_place_of_worship_of_landmark_note_takes_an_hour_and_a_half() -> None:
    """Panel t03/t13 half A: the great stupas of a valley got 45 minutes, as a wayside shrine
    does. A religious site of landmark note is walked round; one of lesser note keeps its length."""
    from kairos.core.visit_length import LANDMARK, MAJOR_MINUTES, stop_minutes

    raw = {"poi": {"geonames_np_2016": {"category": "religious_site"}}}
    great = stop_minutes("Great Stupa", "religious_site", raw, LANDMARK + 0.05, 45, sourced=False)
    lesser = stop_minutes("Ghat", "religious_site", raw, 0.6, 45, sourced=False)
    assert great >= MAJOR_MINUTES and lesser == 45


def test_a_gazetteer_temple_known_by_several_names_is_a_major_sight() -> None:
    """Panel t03/t13 half A: "great temples get only 45 min each". A gazetteer's palace or
    historic site, or its temple known by four names or more, is a major sight; a great stupa
    is a complex of two hours; a ghat, or a temple known by fewer names, keeps its length."""
    from kairos.core.notability import notability
    from kairos.core.visit_length import COMPLEX_MINUTES, MAJOR_MINUTES, stop_minutes

    def gazetteer(code: str, names: int) -> dict[str, Any]:
        basis = f"GeoNames sight feature {code}; {names} alternate names"
        raw = {"notability_basis": basis, "category": "religious_site",
               "extra": {"alternate_names_count": names}}  # fmt: skip
        return {"poi": {"geonames_np_2016": raw}}

    def minutes(name: str, code: str, names: int) -> int:
        attributes = gazetteer(code, names)
        note = notability(name, "religious_site", attributes)
        return stop_minutes(name, "religious_site", attributes, note, 45, sourced=False)

    assert minutes("Pashupatinath", "S.TMPL", 4) >= MAJOR_MINUTES
    assert minutes("Kathmandu Durbar Square", "S.HSTS", 0) >= MAJOR_MINUTES
    assert minutes("Baudhanath Stupa", "S.SHRN", 10) >= COMPLEX_MINUTES
    assert minutes("Aryaghat", "S.GHAT", 0) == 45
    assert minutes("Indrayani", "S.TMPL", 3) == 45

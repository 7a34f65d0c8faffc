"""Which points of interest are sights: businesses and homes tagged as artwork or attraction are
never stops, and landmarks with evidence of note rank above minor ones. The expectations here are
written from what a traveller would call a sight, not read from the module's word lists."""

from __future__ import annotations

from typing import Any

import pytest

from kairos.core.notability import not_a_sight, notability


def _osm(name: str, category: str = "attraction", **tags: str) -> dict[str, Any]:
    return {"poi": {"osm_kathmandu": {"category": category, "osm_tags": {"name": name, **tags}}}}


@pytest.mark.parametrize(
    ("name", "tags"),
    [
        ("Anup Home", {"tourism": "attraction"}),
        ("Florid human resources", {"tourism": "attraction"}),
        ("Sweet knife shop", {"tourism": "artwork"}),
        ("ward 9- 0ffice", {"tourism": "attraction"}),
        ("Er. Abhiyan Poudel Flat", {"tourism": "attraction"}),
        ("Rajdhani Media", {"tourism": "attraction"}),
        ("URSTYLE Entertaintment", {"tourism": "attraction"}),
        ("A", {"tourism": "attraction"}),
        ("Deep Kiran Offset Press", {"tourism": "artwork"}),
        ("Himal Treks and Expedition Pvt. Ltd.", {"tourism": "attraction"}),
        ("Star Banquet and Party Palace", {"tourism": "viewpoint"}),
        ("Sapkota Home", {"tourism": "viewpoint"}),
        ("Mohan's Tattoo Inn", {"tourism": "artwork"}),
        ("Anantaashram, House #1343/40", {"tourism": "attraction"}),
        ("Green Valley Guest House", {"tourism": "attraction"}),
        ("Everest Apartments", {"tourism": "attraction"}),
        ("Shree Ganesh Traders", {"tourism": "artwork"}),
        ("Blue Sky Travels", {"tourism": "attraction", "phone": "+977 1 4410000"}),
        ("Lumbini Handicrafts", {"tourism": "artwork"}),
        # a way in and a shop's capitals padded a relaxed Kathmandu trip (round 12's t50)
        ("Ingresso serie di cortili tranquilli", {"tourism": "attraction"}),
        ("Main Entrance", {"tourism": "attraction"}),
        ("HUB", {"tourism": "attraction"}),
        ("EAM", {"tourism": "attraction"}),
        ("City motorbike", {"tourism": "attraction"}),
    ],
)
def test_businesses_and_homes_are_not_sights(name: str, tags: dict[str, str]) -> None:
    assert not_a_sight(name, "attraction", _osm(name, **tags)) is not None


@pytest.mark.parametrize(
    ("name", "kind", "tags"),
    [
        ("Rani Pokhari", "attraction", {"tourism": "attraction"}),
        ("Swayambhunath", "religious_site", {"amenity": "place_of_worship", "wikidata": "Q1"}),
        ("Humayun's Tomb", "attraction", {"historic": "tomb"}),
        ("Royal Mahendra Museum", "museum", {"tourism": "museum", "phone": "01 4000000"}),
        ("Shivapuri Nagarjun National Park", "attraction", {"tourism": "attraction"}),
        ("Garden of Dreams", "park", {"leisure": "garden"}),
        ("Opera House", "venue", {"amenity": "theatre"}),
        ("Dahachowk View Tower", "viewpoint", {"tourism": "viewpoint"}),
        ("ROM", "attraction", {"tourism": "museum", "wikidata": "Q3"}),
        ("India Gate", "attraction", {"historic": "memorial"}),
        ("Deeley Motorcycle Exhibition", "museum", {"tourism": "museum"}),
    ],
)
def test_sights_stay_sights(name: str, kind: str, tags: dict[str, str]) -> None:
    assert not_a_sight(name, kind, _osm(name, **tags)) is None


def test_evidence_of_note_ranks_above_a_bare_node() -> None:
    basis = "UNESCO World Heritage Site"
    unesco = {"poi": {"unesco_whc_2021": {"category": "religious_site", "notability_basis": basis}}}
    wiki = _osm("Jama Masjid", "religious_site", wikidata="Q2", historic="yes")
    bare_mural = _osm("Streetart", "artwork", tourism="artwork")
    reviewed = {"poi": {"tripadvisor_attractions": {"category": "museum"}}}
    assert notability("Boudhanath", "religious_site", unesco) >= 0.9
    assert notability("Jama Masjid", "religious_site", wiki) > 0.7
    many = notability("The Met", "museum", reviewed, votes=50000)
    few = notability("Small Gallery", "museum", reviewed, votes=3)
    assert many > few
    assert notability("Streetart", "attraction", bare_mural) < 0.25
    assert notability("Boudhanath", "religious_site", unesco) > notability(
        "Streetart", "attraction", bare_mural
    )


def test_a_generic_word_as_a_name_ranks_low() -> None:
    named = _osm("Isa Khan's Tomb", "historic_site", historic="tomb")
    generic = _osm("Dome", "historic_site", historic="archaeological_site")
    assert notability("Dome", "attraction", generic) < notability(
        "Isa Khan's Tomb", "attraction", named
    )


def _geonames(name: str, alternates: int, code: str = "S.TMPL") -> dict[str, Any]:
    basis = f"GeoNames sight feature {code}; {alternates} alternate names"
    raw = {"category": "religious_site", "notability_basis": basis,
           "extra": {"alternate_names_count": alternates}}  # fmt: skip
    return {"poi": {"geonames_np_2016": raw}}


def test_a_gazetteer_sight_known_by_many_names_ranks_above_one_known_by_none() -> None:
    famous = notability("Big Stupa", "religious_site", _geonames("Big Stupa", 10, "S.SHRN"))
    local = notability("Small Ghat", "religious_site", _geonames("Small Ghat", 0, "S.GHAT"))
    assert famous > local + 0.2


def test_a_pilgrims_rest_house_is_lodging() -> None:
    attributes = _geonames("Maitri Dharmashala", 0)
    assert not_a_sight("Nepal-Bharat Maitri Dharmashala", "religious_site", attributes)


def test_kinds_that_take_half_a_day_are_not_an_hour() -> None:
    from kairos.core.notability import typical_minutes

    assert typical_minutes("Singapore Zoo", "park", 60) >= 180
    assert typical_minutes("Night Safari", "park", 60) >= 180
    assert typical_minutes("Wonderland Theme Park", "attraction", 60) >= 180
    assert typical_minutes("City Aquarium", "attraction", 60) >= 120
    assert typical_minutes("Old Clock Tower", "attraction", 30) == 30


def _listing(name: str, category: str, *labels: str) -> dict[str, Any]:
    raw = {"category": category, "category_raw": list(labels)}
    return {"poi": {"tripadvisor_attractions": raw}}


@pytest.mark.parametrize(
    ("name", "category", "labels"),
    [
        ("Park Avenue", "historic_site", ("Points of Interest & Landmarks",)),
        ("Madison Avenue", "attraction", ("Points of Interest & Landmarks",)),
        ("Pennsylvania Avenue", "landmark", ("Historic Walking Areas",)),
        ("Bleecker Street", "attraction", ("Neighbourhoods",)),
        ("Robson St", "attraction", ("Points of Interest & Landmarks",)),
        ("Rue du Petit-Champlain", "attraction", ()),
        ("Sunset Boulevard", "attraction", ()),
        ("Gangalal Path", "attraction", ()),
    ],
)
def test_a_street_is_no_stop(name: str, category: str, labels: tuple[str, ...]) -> None:
    assert not_a_sight(name, "attraction", _listing(name, category, *labels)) is not None


def test_a_street_a_notable_list_names_as_a_sight_stays_a_sight() -> None:
    raw = {"category": "attraction", "notability_basis": "Wikipedia sight list"}
    listed = {"poi": {"yfcc_itinerary_poi_ijcai15": raw}}
    assert not_a_sight("Royal Mile Street", "attraction", listed) is None


@pytest.mark.parametrize(
    "name", ["Park Avenue Armory", "Central Park", "Street Art Museum", "Avenue Q Theatre"]
)
def test_a_sight_named_after_a_street_stays_a_sight(name: str) -> None:
    assert not_a_sight(name, "attraction", _listing(name, "attraction")) is None


@pytest.mark.parametrize(
    ("name", "kind"),
    [("Museum at Eldridge Street", "museum"), ("St. Paul's Bloor Street", "religious_site")],
)
def test_a_museum_or_a_church_on_a_street_stays_a_sight(name: str, kind: str) -> None:
    assert not_a_sight(name, kind, _listing(name, kind)) is None

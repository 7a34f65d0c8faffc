"""Points of interest join the one catalog: kinds, raw fields kept, licences, no coordinates."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import select, text

from kairos.ingest.adapters import ADAPTER_NAMES
from kairos.ingest.runner import ingest
from kairos.store.tables import Place, PlaceSource
from tests.conftest import REPO

POIS_SMALL = REPO / "tests" / "data" / "pois_small"


async def _place(runtime: Any, poi_id: str) -> Place:
    async with runtime.db.session() as session:
        return (
            await session.execute(
                select(Place)
                .join(PlaceSource, PlaceSource.place_id == Place.id)
                .where(PlaceSource.source_id == poi_id)
            )
        ).scalar_one()


async def test_pois_land_with_kinds_raw_fields_and_licences(runtime: Any) -> None:
    assert "pois" in ADAPTER_NAMES
    report = await ingest(runtime.db, "pois", POIS_SMALL, runtime.embedder)
    assert (report.places_read, report.bad_rows) == (11, [])
    kinds = {
        "ta_2150f6941d09": "park",
        "ta_b7419274e549": "museum",
        "sg_bc1b43a1e10a": "religious_site",
        "osm_delhi_n416361396": "restaurant",
        "osm_delhi_n248852574": "cafe",
        "osm_delhi_n477905016": "bar",
        "osm_ktm_node_317040754": "lodging",
        "osm_ktm_node_1966018536": "viewpoint",
        "osm_delhi_n1024317412": "attraction",
        "osm_delhi_n416361412": "other",
        "osm_delhi_n416361412_test_unknown": "other",
    }
    for poi_id, kind in kinds.items():
        assert (await _place(runtime, poi_id)).kind == kind, poi_id

    park = await _place(runtime, "ta_2150f6941d09")
    assert park.city == "New York City"  # its source has no coordinates: see the ZIP test below
    assert park.attributes["location"]["basis"] == "geocoded"
    raw = park.attributes["poi"]["tripadvisor_attractions"]
    assert raw["licence"] is None
    assert raw["suggested_duration"] == "More than 3 hours"
    assert raw["opening_hours"] == "6:00 AM - 1:00 AM", "hours are kept as written"
    assert raw["description"].startswith("For more than 150 years")

    temple = await _place(runtime, "sg_bc1b43a1e10a")
    raw = temple.attributes["poi"]["datagovsg_tourism"]
    assert raw["licence"].startswith("Singapore Open Data Licence")
    assert raw["last_updated"] and raw["free_of_charge"]

    viewpoint = await _place(runtime, "osm_ktm_node_1966018536")
    raw = viewpoint.attributes["poi"]["osm_kathmandu"]
    assert raw["licence"].startswith("ODbL 1.0")
    assert raw["osm_tags"]["tourism"] == "viewpoint"
    assert raw["last_updated"] == "2023-07-04T18:29:59Z"

    restaurant = await _place(runtime, "osm_delhi_n416361396")
    assert "south indian" in restaurant.categories and restaurant.city == "Delhi"
    unknown = await _place(runtime, "osm_delhi_n416361412_test_unknown")
    assert unknown.attributes["poi"]["osm_delhi"]["category"] == "spaceport"


async def test_poi_descriptions_reach_full_text_search(runtime: Any) -> None:
    await ingest(runtime.db, "pois", POIS_SMALL, runtime.embedder)
    async with runtime.db.session() as session:
        found = await session.execute(
            text(
                "SELECT name FROM places "
                "WHERE search_tsv @@ plainto_tsquery('english', 'conservancy acres')"
            )
        )
        # the words are in Central Park's description, not its name (the sample's wider cut
        # holds another park described so, 538f81e)
        assert "Central Park" in found.scalars().all()


async def test_bad_poi_rows_are_counted(runtime: Any, tmp_path: Path) -> None:
    path = tmp_path / "pois.jsonl"
    path.write_text(
        '{"poi_id": "test_poi_1", "source": "osm_delhi", "name": "  "}\n'
        '{"source": "osm_delhi", "name": "No Id"}\n'
        '{"poi_id": "test_poi_2", "name": "No Source"}\n'
        '{"poi_id": "test_poi_3", "source": "osm_delhi", "name": "Fine Place", "lat": 95}\n'
    )
    report = await ingest(runtime.db, "pois", path, runtime.embedder)
    assert report.places_read == 1
    assert report.bad_reasons() == {
        "poi: missing name": 1,
        "poi: missing poi_id": 1,
        "poi: missing source": 1,
    }
    fine = await _place(runtime, "test_poi_3")
    assert (fine.lat, fine.lng, fine.kind) == (None, None, "other")


async def test_pois_get_hours_visit_facts_and_locations(runtime: Any) -> None:
    report = await ingest(runtime.db, "pois", POIS_SMALL, runtime.embedder)
    assert report.locations is not None and report.locations.unroutable >= 2
    park = await _place(runtime, "ta_2150f6941d09")
    hours = park.attributes["opening_hours"]
    assert (hours["status"], hours["parser"], hours["source"]) == (
        "known",
        "text",
        "tripadvisor_attractions",
    )
    assert hours["weekly"][0] == [[0, 60], [360, 1440]], "6 am to 1 am, past midnight"
    visit = park.attributes["visit"]
    assert (visit["minutes"], visit["minutes_basis"], visit["licence"]) == (210, "source", None)
    assert visit["last_updated_basis"] == "ingest" and visit["last_updated"]
    location = park.attributes["location"]  # no coordinates; "…, NY 10022": the ZIP's centroid
    assert location["routable"] and location["precision"] == "ZIP centroid", location
    assert abs(park.lat - 40.76) < 0.03 and abs(park.lng + 73.97) < 0.03, (park.lat, park.lng)

    temple = await _place(runtime, "sg_bc1b43a1e10a")
    assert temple.attributes["opening_hours"]["weekly"][3] == [[450, 1050]]
    assert temple.attributes["visit"]["last_updated_basis"] == "source"
    assert temple.attributes["location"] == {"routable": True, "basis": "source"}


async def test_a_poi_without_coordinates_is_geocoded_from_the_catalog(
    runtime: Any, tmp_path: Path
) -> None:
    path = tmp_path / "pois.jsonl"
    path.write_text(
        '{"poi_id": "test_geo_osm", "source": "osm_delhi", "city": "Delhi", "name": '
        '"Kite Flyers Hall", "category": "museum", "address": "17 Janpath Lane, New Delhi", '
        '"lat": 28.6201, "lon": 77.2183, "opening_hours": "Tu-Su 10:00-18:00; Mo off"}\n'
        '{"poi_id": "test_geo_ta", "source": "tripadvisor_attractions", "city": "Delhi", '
        '"name": "Museum of Paper Kites", "category": "museum", "address": '
        '"17 Janpath Lane, New Delhi", "suggested_duration": "1-2 hours"}\n'
        '{"poi_id": "test_geo_far", "source": "tripadvisor_attractions", "city": "Toronto", '
        '"name": "Kite Flyers Hall", "category": "museum", "address": "17 Janpath Lane"}\n'
    )
    await ingest(runtime.db, "pois", path, None)
    found = await _place(runtime, "test_geo_ta")
    assert (found.lat, found.lng) == (28.6201, 77.2183)
    location = found.attributes["location"]
    assert location["routable"] and location["basis"] == "geocoded"
    assert location["precision"] in ("address", "place")
    namesake = await _place(runtime, "test_geo_far")
    assert namesake.lat is None and namesake.attributes["location"]["routable"] is False
    museum = await _place(runtime, "test_geo_osm")
    assert museum.attributes["opening_hours"]["weekly"][0] == []


async def test_a_poi_without_coordinates_is_placed_at_its_postal_code(
    runtime: Any, tmp_path: Path
) -> None:
    """TripAdvisor's Toronto, Vancouver, New York and Washington rows carry no coordinates and the
    catalog rarely reaches those cities: the address's own postal code places them, a Canadian
    code at about a block, a ZIP at its district; a code of another city is never taken."""
    path = tmp_path / "pois.jsonl"
    rows = [
        ("test_pc_city_hall", "Toronto", "Old City Hall Steps", "12 Nowhere Lane, Toronto, "
         "Ontario M5H 2N1 Canada"),
        ("test_pc_met", "New York City", "Fifth Avenue Art House", "7 Nowhere Mews, New York "
         "City, NY 10028-0198"),
        ("test_pc_elsewhere", "Toronto", "Stanley Park Steps", "Vancouver, BC V6G 1Z4 Canada"),
        ("test_pc_none", "Toronto", "Somewhere Hall", "Neighbourhood: East End"),
    ]  # fmt: skip
    path.write_text("".join(
        f'{{"poi_id": "{pid}", "source": "tripadvisor_attractions", "city": "{city}", '
        f'"name": "{name}", "category": "museum", "address": "{address}"}}\n'
        for pid, city, name, address in rows
    ))  # fmt: skip
    await ingest(runtime.db, "pois", path, None)
    hall = await _place(runtime, "test_pc_city_hall")
    assert hall.attributes["location"]["precision"] == "postal code centroid"
    assert abs(hall.lat - 43.652) < 0.005 and abs(hall.lng + 79.384) < 0.005, (hall.lat, hall.lng)
    met = await _place(runtime, "test_pc_met")
    assert met.attributes["location"]["precision"] == "ZIP centroid"
    assert abs(met.lat - 40.776) < 0.01 and abs(met.lng + 73.953) < 0.01, (met.lat, met.lng)
    for far in ("test_pc_elsewhere", "test_pc_none"):
        place = await _place(runtime, far)
        assert place.lat is None and place.attributes["location"]["routable"] is False, far


async def test_a_poi_description_naming_a_dish_is_stored_as_a_may_contain(
    runtime: Any, tmp_path: Path
) -> None:
    """A hawker centre whose source says it is "famed for its satay" is stored with a medium
    "may contain" peanuts from its description (never a verified "contains"): every product
    reading the place (a trip's meal, the restaurant card) shows the same sign."""
    path = tmp_path / "pois.jsonl"
    path.write_text(
        '{"poi_id": "test_poi_satay", "source": "datagovsg_tourism", "name": "Satay Market",'
        ' "city": "Singapore", "lat": 1.28, "lon": 103.85, "category": "historic_site",'
        ' "description": "A hawker centre famed for its satay, grilled late into the night."}\n'
    )
    await ingest(runtime.db, "pois", path, runtime.embedder)
    place = await _place(runtime, "test_poi_satay")
    assert "peanuts" in place.known_allergens and "peanuts" not in place.contains_allergens
    (sign,) = [e for e in place.allergen_evidence if e["allergen"] == "peanuts"]
    assert (sign["source"], sign["status"], sign["span"]) == ("description", "may_contain", "satay")

"""Notable landmarks (`shared/data/pois_notable/`) join the catalogue through the pois adapter:
a natural site is a park to visit, the row keeps why it is notable, and a sample folder holding
only `pois_notable.jsonl.gz` is read."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from kairos.ingest.adapters.pois import PoisAdapter, place_from_poi

ROW = {
    "poi_id": "gn_1", "source": "geonames_np_2016", "city": "Kathmandu Valley", "country": "NP",
    "name": "Shivapuri Hills", "category": "natural_site", "category_raw": ["T.HLLS"],
    "lat": 27.8, "lon": 85.38, "notability_basis": "GeoNames hill with 6 alternate names",
}  # fmt: skip


def test_a_notable_row_is_a_place_to_visit_that_says_why_it_is_notable() -> None:
    place = place_from_poi(ROW)
    assert place.kind == "park"
    raw = place.attributes["poi"]["geonames_np_2016"]
    assert raw["notability_basis"].startswith("GeoNames")
    assert raw["licence"] and "CC BY" in raw["licence"]


def test_a_folder_with_only_the_notable_file_is_read(tmp_path: Path) -> None:
    with gzip.open(tmp_path / "pois_notable.jsonl.gz", "wt") as out:
        out.write(json.dumps(ROW) + "\n")
    batches = list(PoisAdapter().read(tmp_path, 10))
    assert [p.name for b in batches for p in b.places] == ["Shivapuri Hills"]


def _unesco(name: str, lat: float, lon: float, country: str = "IN") -> dict[str, object]:
    return {
        "poi_id": f"whc_{name}", "source": "unesco_whc_2021", "city": None, "country": country,
        "name": name, "category": "historic_site", "lat": lat, "lon": lon,
        "notability_basis": "UNESCO World Heritage Site",
    }  # fmt: skip


def test_a_site_the_source_places_in_no_city_belongs_to_the_city_it_lies_near() -> None:
    # a fort 5 km and a minaret 11 km from central Delhi: a Delhi trip's sights
    assert place_from_poi(_unesco("Fort", 28.6562, 77.2410)).city == "Delhi"
    assert place_from_poi(_unesco("Minaret", 28.5245, 77.1855)).city == "Delhi"


def test_a_site_far_from_every_catalogue_city_stays_in_none() -> None:
    # Agra is ~180 km from Delhi; a point near a centre but in another country is not that city
    assert place_from_poi(_unesco("Mausoleum", 27.1751, 78.0421)).city is None
    assert place_from_poi(_unesco("Border", 28.70, 77.30, country="NP")).city is None

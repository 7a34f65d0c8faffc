"""Issue 35, panel trips half A, t31 ("kyoto 3 days, temples and gardens"): every Kyoto place
is an "attraction" of a curated list, so nothing fitted the traveller's temple and garden tags
and the days took a street crossing, a river bank and a shopping lane as readily as Kinkaku-ji
and Kiyomizu-dera; and a World Heritage listing of seventeen sites over three cities ("Historic
Monuments of Ancient Kyoto (Kyoto, Uji and Otsu Cities)") was planned as a 90-minute stop.

A place whose name says the kind asked for (a temple or shrine by its romanised suffix, a garden
by "-en"/"teien"/"gyoen") comes before places that say nothing of it; a listing of several
sites is left out when the city's other sights fill the trip, else its name says to pick one or
two."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import pytest

from kairos.core.visit_length import several_sites, shown_name
from kairos.trips.retrieval_rules import Row, kind_said
from tests.trips.offline_retrieval import OfflineRetrieval

KYOTO = (35.0116, 135.7681)
CURATED = {"category_raw": ["Others"], "notability_basis": "POI list hand-crafted (POI Ext 1)"}
LISTED = {
    "name": "Historic Monuments of Ancient Nara-ish (Kyoto, Uji and Otsu Cities)",
    "category": "historic_site",
    "notability_basis": "UNESCO World Heritage List (inscribed 1994)",
    "description": "Built in A.D. 794 on the model of the capitals of ancient China, the city "
    "was the imperial capital. It illustrates the development of wooden architecture.",
}


def _row(i: int, name: str, raw: dict[str, Any] | None = None) -> Row:
    source = "unesco_whc_2021" if raw is LISTED else "rectour"
    return Row(id=i, name=name, kind="attraction", city="Kyoto", lat=KYOTO[0] + i / 400,
               lng=KYOTO[1], attributes={"poi": {source: raw or CURATED}}, votes=0)  # fmt: skip


PLACES = ["Shijo karasuma", "Kamogawa delta", "Hanamikoji", "Toji-machi lane",
          "Kinkaku-ji", "Kiyomizu-dera", "Chion-in", "Heianjingu", "Kenroku-en"]  # fmt: skip


def _names(rows: list[Row], room: int, tags: tuple[str, ...] = ()) -> list[str]:
    retrieved = asyncio.run(
        OfflineRetrieval(rows).retrieve(city="Kyoto", centre=KYOTO, radius_km=30.0,
                                        interests="temples and gardens", tags=tags, room=room)
    )  # fmt: skip
    return [c.name for c in retrieved.candidates]


def test_places_whose_names_say_temple_or_garden_come_first() -> None:
    rows = [_row(i, name) for i, name in enumerate(PLACES)]
    names = _names(rows, room=9, tags=("religious_site", "park"))
    said = {"Kinkaku-ji", "Kiyomizu-dera", "Chion-in", "Heianjingu", "Kenroku-en"}
    assert set(names[: len(said)]) == said, names


@pytest.mark.parametrize(
    ("want", "name"),
    [("religious_site", "Chion-in"), ("religious_site", "Heianjingu"),
     ("park", "Kenroku-en"), ("park", "Hama-rikyū Onshi-teien"), ("park", "Kyotogyoen")],
)  # fmt: skip
def test_a_name_says_its_kind(want: str, name: str) -> None:
    assert kind_said(want, name)


@pytest.mark.parametrize("name", ["Shijo karasuma", "Kamogawa delta", "Golden Gai", "Ginza"])
def test_other_names_say_no_kind(name: str) -> None:
    assert not kind_said("religious_site", name) and not kind_said("park", name)


def test_a_listing_of_several_sites_is_read_from_its_listed_name() -> None:
    listing = {"poi": {"unesco_whc_2021": LISTED}}
    assert several_sites(listing)
    assert "pick one or two" in shown_name(LISTED["name"], listing)
    one = {**LISTED, "name": "Villa Adriana (Tivoli)"}
    assert not several_sites({"poi": {"unesco_whc_2021": one}})
    assert not several_sites({"poi": {"rectour": {**CURATED, "name": LISTED["name"]}}})


def test_a_listing_of_several_sites_names_the_sites_its_description_lists() -> None:
    # panel t21 half A: "Works of Antoni Gaudí (... pick one or two)", Sagrada Família unnamed
    gaudi = {
        "name": "Works of Antoni Gaudí",
        "category": "historic_site",
        "notability_basis": "UNESCO World Heritage List (inscribed 1984)",
        "description": "Seven properties built by the architect Antoni Gaudí (1852-1926) in or "
        "near Barcelona testify to Gaudí's creative contribution. The seven buildings are: "
        "Parque Güell; Palacio Güell; Casa Mila; Casa Vicens; Gaudí's work on the Nativity "
        "façade and Crypt of La Sagrada Familia; Casa Batlló; Crypt in Colonia Güell.",
    }
    shown = shown_name(gaudi["name"], {"poi": {"unesco_whc_2021": gaudi}})
    assert shown.startswith("Works of Antoni Gaudí (a World Heritage listing of 7 sites: Parque "
                            "Güell, Palacio Güell, Casa Mila"), shown  # fmt: skip
    assert "Sagrada Familia" in shown and "Casa Batlló" in shown
    assert shown.endswith("Crypt in Colonia Güell; pick one or two)"), shown
    # a listing whose description lists none keeps the plain words
    kyoto = shown_name(str(LISTED["name"]), {"poi": {"unesco_whc_2021": LISTED}})
    assert kyoto.endswith("(a World Heritage listing of several sites: pick one or two)"), kyoto


def test_a_listing_of_several_sites_is_no_stop_when_the_city_fills_the_trip() -> None:
    rows = [_row(i, name) for i, name in enumerate(PLACES)]
    rows.append(_row(99, str(LISTED["name"]), LISTED))
    assert not any("Historic Monuments" in n for n in _names(rows, room=6))
    # nine sights of its own, fewer than the room: still no "pick one or two of seven" stop
    assert not any("Historic Monuments" in n for n in _names(rows, room=12))


def test_a_city_known_for_little_else_keeps_its_listing_of_several_sites() -> None:
    rows = [_row(i, name) for i, name in enumerate(PLACES[4:7])]
    rows.append(_row(99, str(LISTED["name"]), LISTED))
    kept = [n for n in _names(rows, room=12) if "Historic Monuments" in n]
    assert kept and "pick one or two" in kept[0], kept


def test_a_garden_named_in_japanese_is_no_garden_gap() -> None:
    from kairos.trips.interest_gaps import interest_gaps
    from kairos.trips.models import Candidate

    garden = Candidate(id="p1", name="Kenroku-en", kind="attraction", lat=35.0, lng=135.7,
                       city="Kyoto", duration=60)  # fmt: skip
    temple = Candidate(id="p2", name="Kinkaku-ji", kind="attraction", lat=35.0, lng=135.7,
                       city="Kyoto", duration=60)  # fmt: skip
    assert interest_gaps("temples and gardens", "Kyoto", [garden, temple]) == []
    assert interest_gaps("temples and gardens", "Kyoto", [temple]) == [
        "Kairos knows no garden in Kyoto."
    ]


def test_a_stored_listing_is_read_from_the_place_s_own_name() -> None:
    """A stored row keeps its source's name as the place's, not in the raw record."""
    raw = {k: v for k, v in LISTED.items() if k != "name"}
    listing = replace(_row(99, str(LISTED["name"])),
                      attributes={"poi": {"unesco_whc_2021": raw}})  # fmt: skip
    rows = [*(_row(i, name) for i, name in enumerate(PLACES)), listing]
    assert not any("Historic Monuments" in n for n in _names(rows, room=6))
    kept = [n for n in _names(rows[4:7] + rows[-1:], room=12) if "Historic Monuments" in n]
    assert kept and "pick one or two" in kept[0], kept

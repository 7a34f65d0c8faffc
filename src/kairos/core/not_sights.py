"""Places listed as sights that a traveller would not go to see: shops, housing, stations,
murals on a wall and venues for nights out, shows, games or meals (a jazz club, a nightclub,
an arena: their listing's labels or OSM amenity), read from `core/data/not_sights.toml`
(name words and phrases, a listing's own labels, OSM keys and artwork types, a description's
first sentence). `why_not_a_sight` says why in a traveller's words, or None.

Stations, housing and such venues are no stop even when a notable list names them (a list of
what a city holds is not a list of what to visit), unless a World Heritage listing does; shops,
murals defer to a notable list or heritage tags (`notability.not_a_sight` checks those first)."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from typing import Any

__all__ = [
    "NotSightRules", "asks_for_a_show", "bare_residence", "commercial_gallery", "rules",
    "stage_venue",
    "why_no_stop_even_if_listed", "why_not_a_sight",
]  # fmt: skip


@dataclass(frozen=True)
class NotSightRules:
    shop_why: str
    shop_words: frozenset[str]
    shop_phrases: tuple[str, ...]
    shop_labels: frozenset[str]
    shop_osm_keys: tuple[str, ...]
    home_why: str
    home_words: frozenset[str]
    home_phrases: tuple[str, ...]
    station_why: str
    station_words: frozenset[str]
    station_unless: frozenset[str]
    station_phrases: tuple[str, ...]
    venue_why: str
    venue_labels: frozenset[str]
    venue_amenities: frozenset[str]
    mural_why: str
    mural_types: frozenset[str]
    keep_labels: frozenset[str]
    school_why: str
    school_labels: frozenset[str]
    school_words: frozenset[str]
    school_unless: frozenset[str]
    stage_words: frozenset[str]
    stage_phrases: tuple[str, ...]
    stage_labels: frozenset[str]
    stage_keep_labels: frozenset[str]
    stage_unless: frozenset[str]
    show_words: frozenset[str]
    auction_words: frozenset[str]
    sale_words: tuple[str, ...]
    public_words: tuple[str, ...]
    business_labels: frozenset[str]
    lodging_why: str = ""
    lodging_words: frozenset[str] = frozenset()
    lodging_phrases: tuple[str, ...] = ()
    lodging_tourism: frozenset[str] = frozenset()
    lodging_labels: frozenset[str] = frozenset()
    lodging_unless: tuple[str, ...] = ()
    service_words: frozenset[str] = frozenset()
    service_phrases: tuple[str, ...] = ()
    bare_words: frozenset[str] = frozenset()
    bare_unless: frozenset[str] = frozenset()
    bare_labels: frozenset[str] = frozenset()
    residence_words: frozenset[str] = frozenset()
    residence_labels: frozenset[str] = frozenset()


@lru_cache(maxsize=1)
def rules() -> NotSightRules:
    text = (files("kairos.core") / "data" / "not_sights.toml").read_text(encoding="utf-8")
    t = tomllib.loads(text)
    shop, home, station, mural = t["shop"], t["home"], t["station"], t["mural"]
    venue, school, stage, gallery = t["venue"], t["education"], t["stage"], t["commercial_gallery"]
    lodging = t["lodging"]
    return NotSightRules(
        shop_why=shop["why"], shop_words=frozenset(shop["name_words"]),
        shop_phrases=tuple(shop["name_phrases"]), shop_labels=frozenset(shop["labels"]),
        shop_osm_keys=tuple(shop["osm_keys"]),
        home_why=home["why"], home_words=frozenset(home["name_words"]),
        home_phrases=tuple(home["description_phrases"]),
        station_why=station["why"], station_words=frozenset(station["name_words"]),
        station_unless=frozenset(station["unless_words"]),
        station_phrases=tuple(station.get("description_phrases", ())),
        venue_why=venue["why"], venue_labels=frozenset(venue["labels"]),
        venue_amenities=frozenset(venue["osm_amenities"]),
        mural_why=mural["why"], mural_types=frozenset(mural["artwork_types"]),
        keep_labels=frozenset(t["keeps_sight"]["labels"]),
        school_why=school["why"], school_labels=frozenset(school["labels"]),
        school_words=frozenset(school["name_words"]),
        school_unless=frozenset(school["unless_words"]),
        stage_words=frozenset(stage["name_words"]), stage_phrases=tuple(stage["name_phrases"]),
        stage_labels=frozenset(stage["labels"]), stage_keep_labels=frozenset(stage["keep_labels"]),
        stage_unless=frozenset(stage["unless_words"]),
        show_words=frozenset(stage["show_words"]),
        auction_words=frozenset(gallery["auction_words"]),
        sale_words=tuple(gallery["sale_words"]), public_words=tuple(gallery["public_words"]),
        business_labels=frozenset(gallery["business_labels"]),
        lodging_why=lodging["why"], lodging_words=frozenset(lodging["name_words"]),
        lodging_phrases=tuple(lodging["name_phrases"]),
        lodging_tourism=frozenset(lodging["osm_tourism"]),
        lodging_labels=frozenset(lodging["labels"]),
        lodging_unless=tuple(lodging["unless_words"]),
        service_words=frozenset(shop["service_words"]),
        service_phrases=tuple(shop["service_phrases"]),
        bare_words=frozenset(stage["bare_words"]), bare_unless=frozenset(stage["bare_unless"]),
        bare_labels=frozenset(stage["bare_labels"]),
        residence_words=frozenset(home["bare_words"]),
        residence_labels=frozenset(home["bare_labels"]),
    )  # fmt: skip


def _words(text: str) -> list[str]:
    return re.findall(r"[0-9a-z]+", text.lower())


def _raws(attributes: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    poi = attributes.get("poi") or {}
    if not isinstance(poi, Mapping):
        return []
    return [r for r in poi.values() if isinstance(r, Mapping)]


def _labels(raws: Sequence[Mapping[str, Any]]) -> set[str]:
    return {str(x) for r in raws for x in (r.get("category_raw") or []) if isinstance(x, str)}


def _first_sentence(raws: Sequence[Mapping[str, Any]]) -> str:
    said = " ".join(str(r.get("description") or "") for r in raws)
    return re.split(r"(?<=[.!?])\s", said, maxsplit=1)[0].lower()


def _venue(raws: Sequence[Mapping[str, Any]], r: NotSightRules) -> bool:
    """A bar, a club, a show or live-music venue, an arena, a place to eat or a transport hub:
    its listing's labels (no [keeps_sight] label beside them) or its OSM amenity."""
    labels = _labels(raws)
    if labels & r.venue_labels and not labels & r.keep_labels:
        return True
    for raw in raws:
        tags = raw.get("osm_tags")
        if isinstance(tags, Mapping) and str(tags.get("amenity")) in r.venue_amenities:
            return True
    return False


def _lodging(name: str, raws: Sequence[Mapping[str, Any]], r: NotSightRules) -> bool:
    """A hotel (its name's words or a chain's brand, OSM tourism, its listing's labels) that no
    heritage tag, World Heritage listing, [keeps_sight] label or description keeps a sight
    (issue 35, panel trips half A t37: "PARKROYAL on Pickering" planned as a stop)."""
    words = set(_words(name))
    lowered = " ".join(_words(name))
    labels = _labels(raws)
    tourism = {str((raw.get("osm_tags") or {}).get("tourism")) for raw in raws
               if isinstance(raw.get("osm_tags"), Mapping)}  # fmt: skip
    said = (words & r.lodging_words or any(f" {p} " in f" {lowered} " for p in r.lodging_phrases)
            or tourism & r.lodging_tourism or labels & r.lodging_labels)  # fmt: skip
    heritage = any(
        (
            isinstance(tags := raw.get("osm_tags"), Mapping)
            and any(tags.get(k) not in (None, "", "no") for k in ("historic", "heritage"))
        )
        or "unesco" in str(raw.get("notability_basis") or "").lower()
        for raw in raws
    )
    if not said or heritage or labels & r.keep_labels:
        return False
    described = " ".join(_words(" ".join(str(raw.get("description") or "") for raw in raws)))
    return not any(f" {u} " in f" {described} " for u in r.lodging_unless)


def why_no_stop_even_if_listed(name: str, kind: str, attributes: Mapping[str, Any]) -> str | None:
    """A station, housing or a venue for nights, shows, games or meals (`_venue`): no stop
    even when a notable list names it (World Heritage aside)."""
    r = rules()
    raws = _raws(attributes)
    if any("unesco" in str(raw.get("notability_basis") or "").lower() for raw in raws):
        return None
    if kind != "museum" and _venue(raws, r):
        return r.venue_why
    if kind != "museum" and _lodging(name, raws, r):
        return r.lodging_why
    words = set(_words(name))
    labels = _labels(raws)
    if (labels & r.school_labels or words & r.school_words) and not (
        words & r.school_unless or labels & r.keep_labels
    ):
        return r.school_why
    station = words & r.station_words or any(p in _first_sentence(raws) for p in r.station_phrases)
    if station and not words & r.station_unless and kind != "museum":
        return r.station_why
    if words & r.home_words or any(p in _first_sentence(raws) for p in r.home_phrases):
        return r.home_why
    return None


def why_not_a_sight(name: str, kind: str, attributes: Mapping[str, Any]) -> str | None:
    """A shop (its name; its listing's labels, with no museum's or historic quarter's label
    beside them; an OSM shop, craft or office key), a bare mural, or what
    `why_no_stop_even_if_listed` says."""
    r = rules()
    raws = _raws(attributes)
    lowered = " ".join(_words(name))
    if kind != "museum" and "museum" not in lowered.split():
        labels = _labels(raws)
        tags: dict[str, Any] = {}
        for raw in raws:
            if isinstance(raw.get("osm_tags"), Mapping):
                tags.update(raw["osm_tags"])
        if (
            set(lowered.split()) & (r.shop_words | r.service_words)
            or any(p in lowered for p in (*r.shop_phrases, *r.service_phrases))
            or (labels & r.shop_labels and not labels & r.keep_labels)
            or any(tags.get(k) not in (None, "", "no") for k in r.shop_osm_keys)
        ):
            return r.shop_why
        if tags.get("tourism") == "artwork" and str(tags.get("artwork_type")) in r.mural_types:
            return r.mural_why
    return why_no_stop_even_if_listed(name, kind, attributes)


def _heritage_tagged(raws: Sequence[Mapping[str, Any]]) -> bool:
    for raw in raws:
        tags = raw.get("osm_tags")
        if isinstance(tags, Mapping) and any(
            tags.get(k) not in (None, "", "no") for k in ("historic", "heritage", "wikidata")
        ):
            return True
    return any("unesco" in str(raw.get("notability_basis") or "").lower() for raw in raws)


def stage_venue(name: str, attributes: Mapping[str, Any]) -> bool:
    """A concert hall, a theatre, an auditorium (its name or its listing's labels), not a
    museum, not listed among historic sites or planetariums, not World Heritage: a venue for
    an evening's show, a stop only when the traveller asks for one (`asks_for_a_show`)."""
    r = rules()
    raws = _raws(attributes)
    words = set(_words(name))
    lowered = " ".join(_words(name))
    labels = _labels(raws)
    said = words & r.stage_words or any(p in lowered for p in r.stage_phrases)
    if not (said or labels & r.stage_labels or _bare_hall(name, raws, labels, r)):
        return False
    if words & r.stage_unless:
        return False
    return not (labels & (r.keep_labels | r.stage_keep_labels) or _heritage_tagged(raws))


def _bare_hall(
    name: str, raws: Sequence[Mapping[str, Any]], labels: set[str], r: NotSightRules
) -> bool:
    """A name ending in a word of `bare_words` ("Usher Hall") with nothing in its data saying
    it is visited: no description, no label beyond `bare_labels`, no heritage tag."""
    words = _words(re.sub(r"\([^)]*\)", " ", name))
    if not words or words[-1] not in r.bare_words or set(words) & r.bare_unless:
        return False
    described = any(str(raw.get("description") or "").strip() for raw in raws)
    return not (described or labels - r.bare_labels or _heritage_tagged(raws))


def bare_residence(name: str, kind: str, attributes: Mapping[str, Any]) -> bool:
    """A house or a residence by its name ("… House", "… Residence": often a home, an official
    one among them) whose data says nothing of visits: not a museum, no description, no opening
    hours, price or reviews, no label beyond a list's theme (`[home] bare_labels`), no
    heritage tag. Such a place is seen from the street at most (trips half A t51)."""
    r = rules()
    raws = _raws(attributes)
    words = _words(re.sub(r"\([^)]*\)", " ", name))
    if kind == "museum" or not words or words[-1] not in r.residence_words:
        return False
    visited = any(raw.get(k) for raw in raws for k in
                  ("description", "opening_hours", "price", "review_count", "rating"))  # fmt: skip
    if visited or any(raw.get("category") == "museum" for raw in raws):
        return False
    return not (_labels(raws) - r.residence_labels or _heritage_tagged(raws))


def asks_for_a_show(interests: str) -> bool:
    """Whether a traveller's interests ask for a show (theatre, a concert, opera...)."""
    return bool(set(_words(interests)) & rules().show_words)


def _says(text: str, phrases: Sequence[str] | frozenset[str]) -> bool:
    plain = f" {' '.join(_words(text))} "
    return any(f" {' '.join(_words(p))} " in plain for p in phrases)


def commercial_gallery(name: str, kind: str, attributes: Mapping[str, Any]) -> bool:
    """An auction house (its description says auctions), a workshop (`business_labels`), or a
    place a source files as a
    gallery with no museum's label whose description says it sells (purchase, represents,
    collectors...) or says nothing of being public (a museum, a foundation's, a university's):
    a business showing what it sells, not a collection a traveller asking for art came for."""
    r = rules()
    raws = _raws(attributes)
    said = " ".join(str(raw.get("description") or "") for raw in raws)
    labels = _labels(raws)
    if _says(said, r.auction_words) or labels & r.business_labels:
        return True
    filed = {kind} | {str(raw.get("category")) for raw in raws}
    if "gallery" not in filed or any("museum" in x.lower() for x in labels | {name.lower()}):
        return False
    return _says(said, r.sale_words) or not _says(said, r.public_words)

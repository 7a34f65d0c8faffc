"""How much of a day a sight deserves, from its name, kind, sources and notability.

- a *major* sight (a museum, a fort, a palace, a castle, a cathedral, a World Heritage site) of
  note takes at least `MAJOR_MINUTES`: a traveller does not see the Red Fort in 45 minutes;
- a gazetteer's palace, historic site, museum or zoo (Kathmandu Durbar Square), and its temple
  or shrine known by four names or more (notability `KNOWN_TEMPLE`: Pashupatinath), is a major
  sight too; a place of worship of landmark note (a great stupa, a temple city) takes
  `COMPLEX_MINUTES`, being a complex walked round;
- a *minor* stop (a statue, a bust, a sculpture, a mural, a plaque; a node tagged as artwork) of
  less than landmark note (below `LANDMARK`; the Statue of Liberty is a landmark) takes no more
  than `MINOR_MINUTES` unless its source says otherwise, and follows bigger sights in a day;
- a World Heritage listing of several sites ("Works of Antoni Gaudí": seven properties) is not
  one place to visit; `serial_sites` says how many sites it names;
- a place whose visit grows with its note (`grows_with_note`: a museum, a gallery, a zoo, an
  aquarium, a garden, a theme park, a palace or a castle; never a square, a plaza, a viewpoint
  or a monument by its name), of landmark note and listed or reviewed (a city's flagship:
  Kelvingrove, the Art Gallery of Ontario, Gardens by the Bay), deserves `FLAGSHIP_MINUTES`
  (`flagship_minutes`); a day gives it that where it has room (`trips.flagships`), never at
  the cost of a stop (issue 35 item 2: a flagship museum got the hour and a half of a minor
  one; at two and a half hours up front, panel trips half A t33 lost the Burrell Collection).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from kairos.core.notability import NOTABLE

__all__ = [
    "COMPLEX_MINUTES", "FLAGSHIP_MINUTES", "KNOWN_TEMPLE", "LANDMARK", "MAJOR_MINUTES",
    "MINOR_MINUTES", "SERIAL_MINUTES", "area_listing", "flagship_minutes", "grows_with_note",
    "is_major_sight", "is_minor_stop", "listed_parts", "no_one_place", "serial_sites",
    "several_sites", "shown_name", "stop_minutes",
]  # fmt: skip

MAJOR_MINUTES: Final = 90
COMPLEX_MINUTES: Final = 120
"""A place of worship of landmark note: a complex of courtyards, shrines and ghats."""
KNOWN_TEMPLE: Final = 0.75
"""Notability of a gazetteer's temple known by four names or more; below it a temple is a local
one that keeps its kind's length."""
_GAZETTEER_MAJOR: Final = ("S.PAL", "S.HSTS", "S.MUS", "S.ZOO")
_GAZETTEER_WORSHIP: Final = ("S.TMPL", "S.SHRN")
MINOR_MINUTES: Final = 30
SERIAL_MINUTES: Final = 180
"""A listing of several World Heritage sites: half a day for the one or two a traveller picks."""
LANDMARK: Final = 0.9
"""Notability from which a statue is a landmark (a World Heritage site, a curated list, tens of
thousands of reviews), not a minor stop."""


def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


_MAJOR_WORDS: Final = _wordset(
    "fort fortress palace castle citadel citadelle chateau château cathedral basilica abbey "
    "museum museo musée kremlin"
)
_MINOR_WORDS: Final = _wordset(
    "statue statues bust sculpture sculptures mural murals plaque obelisk cenotaph marker graffiti"
)
FLAGSHIP_MINUTES: Final = 150
"""A city's flagship museum, gallery, garden, zoo or palace: two and a half hours."""
_GROWS_KINDS: Final = frozenset(
    {"museum", "gallery", "zoo", "aquarium", "garden", "theme_park", "palace", "castle"}
)
_COLLECTION_NAMES: Final = _wordset(
    "museum museums museo musée musee gallery galleries galerie collection kunsthalle"
)
_GROWS_WORDS: Final = _COLLECTION_NAMES | _wordset(
    "garden gardens botanic botanical zoo aquarium palace castle chateau château schloss"
)
_COLLECTION_GARDENS: Final = _wordset("botanic botanical arboretum zoo aquarium")
_STAYS_SHORT: Final = _wordset(
    "square plaza piazza platz viewpoint lookout overlook monument monuments memorial statue"
)
_MINOR_CATEGORIES: Final = frozenset({"artwork"})
_NUMBERS: Final = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip
_SEVERAL: Final = re.compile(
    r"\b(\d{1,3}|" + "|".join(_NUMBERS) + r")\s+(?:[a-z-]+\s+){0,3}?"
    r"(properties|sites|buildings|monuments|churches|temples|components|locations|ensembles)\b",
    re.I,
)


def _words(name: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]+", name.lower()))


def _raws(attributes: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    poi = attributes.get("poi") or {}
    if not isinstance(poi, Mapping):
        return []
    return [(str(s), r) for s, r in poi.items() if isinstance(r, Mapping)]


def _world_heritage(attributes: Mapping[str, Any]) -> bool:
    return any(
        "unesco" in (source + " " + str(raw.get("notability_basis") or "")).lower()
        for source, raw in _raws(attributes)
    )


def _gazetteer_major(attributes: Mapping[str, Any], note: float) -> bool:
    """A gazetteer's palace, historic site, museum or zoo, or its temple of `KNOWN_TEMPLE` note."""
    bases = [str(raw.get("notability_basis") or "") for _source, raw in _raws(attributes)]
    codes = _GAZETTEER_MAJOR + (_GAZETTEER_WORSHIP if note >= KNOWN_TEMPLE else ())
    return any(code in basis for basis in bases for code in codes)


def is_major_sight(name: str, kind: str, attributes: Mapping[str, Any], note: float) -> bool:
    """A sight of note a traveller spends an hour and a half or more at."""
    if note < NOTABLE:
        return False
    if _gazetteer_major(attributes, note):
        return True
    # a place of worship of landmark note is a complex walked round (a great stupa, a temple
    # city), not a 45-minute stop
    worship = kind == "religious_site" and note >= LANDMARK
    return (kind == "museum" or worship or bool(_words(name) & _MAJOR_WORDS)
            or _world_heritage(attributes))  # fmt: skip


def is_minor_stop(name: str, kind: str, attributes: Mapping[str, Any], note: float) -> bool:
    """A statue, a sculpture, a mural or a node tagged as artwork, of less than landmark note."""
    if note >= LANDMARK or kind == "museum" or is_major_sight(name, kind, attributes, note):
        return False
    artwork = any(
        str(raw.get("category") or "") in _MINOR_CATEGORIES for _, raw in _raws(attributes)
    )
    tags = [raw.get("osm_tags") for _, raw in _raws(attributes)]
    artwork |= any(isinstance(t, Mapping) and t.get("tourism") == "artwork" for t in tags)
    return artwork or bool(_words(name) & _MINOR_WORDS)


def serial_sites(attributes: Mapping[str, Any]) -> int:
    """How many sites a World Heritage listing names when it is a listing of several ("Seven
    properties built by …" → 7); 0 for one place."""
    if not _world_heritage(attributes):
        return 0
    for _source, raw in _raws(attributes):
        description = raw.get("description")
        if not isinstance(description, str):
            continue
        first = description.split(". ", 1)[0]
        if found := _SEVERAL.search(first):
            count = found.group(1).lower()
            number = int(count) if count.isdigit() else _NUMBERS[count]
            if number >= 2:
                return number
    return 0


_PLURAL_HEAD: Final = re.compile(
    r"^(?:[^\W\d_]+\s+){0,2}?(?:monuments|sites|temples|churches|buildings|properties|works"
    r"|ensembles|tombs|mounds|castles|palaces|villas|monasteries)\s+(?:of|in|at)\b",
    re.I,
)
_PLACES_LISTED: Final = re.compile(r"\(([^()]*(?:,|\band\b)[^()]*)\)")


def several_sites(attributes: Mapping[str, Any], name: str = "") -> bool:
    """Whether a World Heritage listing is of several sites: its description counts them
    (`serial_sites`), its listed name is headed by a plural of sites ("Historic Monuments of
    …", "Buddhist Monuments in …") or names several places in brackets ("(Kyoto, Uji and Otsu
    Cities)"). Such a listing is no one place to go to."""
    if serial_sites(attributes):
        return True
    if not _world_heritage(attributes):
        return False
    # the place's own name too: a stored row keeps its source's name as the place's, not in
    # the raw record
    for listed in [name, *(str(raw.get("name") or "") for _, raw in _raws(attributes))]:
        if _PLURAL_HEAD.search(listed) or _PLACES_LISTED.search(listed):
            return True
    return False


_AREA: Final = re.compile(
    r"\b(?:historic\s+(?:centre|center|district|quarter|area|town|city)|old\s+(?:and\s+new\s+)?"
    r"towns?|old\s+city|medieval\s+(?:town|city)|walled\s+city|cultural\s+landscape)\b"
    r"|^(?:\S+\s+){0,2}?(?:town|city)\s+of\b",
    re.I,
)


def area_listing(attributes: Mapping[str, Any], name: str = "") -> bool:
    """Whether a World Heritage listing's name (the place's, or its source's) is an area, not a
    place to go ("Old and New Towns of Edinburgh", "Historic Centre of Vienna", "Historic
    District of Old Québec", "Town of Bamberg", "… Cultural Landscape"): a walk through it,
    never a 90-minute stop (issue 35; panel trips half A t51: "'Old and New Towns' as a stop")."""
    if not _world_heritage(attributes):
        return False
    for listed in [name, *(str(raw.get("name") or "") for _, raw in _raws(attributes))]:
        found = _AREA.search(listed)
        # heading the name ("Urban Historic Centre of …"), not a building in one ("Basilica in
        # the Historic Centre of …")
        if found and len(listed[: found.start()].split()) <= 3:
            return True
    return False


def no_one_place(attributes: Mapping[str, Any], name: str = "") -> bool:
    """A World Heritage listing of several sites or of an area."""
    return several_sites(attributes, name) or area_listing(attributes, name)


_PARTS: Final = re.compile(
    r"\b(?:are|include|includes|comprise|comprises|comprising|namely)\s*:\s*(.+?)(?:\.(?:\s|$)|$)"
)


def listed_parts(attributes: Mapping[str, Any]) -> list[str]:
    """The sites a World Heritage listing's description names in a list ("The seven buildings
    are: Parque Güell; Palacio Güell; …"), in its order; none when it lists none."""
    if not _world_heritage(attributes):
        return []
    for _source, raw in _raws(attributes):
        description = raw.get("description")
        if not isinstance(description, str) or not (found := _PARTS.search(description)):
            continue
        parts = [re.sub(r"^(?:and|the)\s+", "", p.strip()) for p in found.group(1).split(";")]
        parts = [p for p in parts if p and len(p) <= 80]
        if len(parts) >= 2:
            return parts
    return []


def shown_name(name: str, attributes: Mapping[str, Any]) -> str:
    """The name a traveller reads: a listing of several sites says so and names the sites its
    description lists ("Works of Antoni Gaudí (a World Heritage listing of 7 sites: Parque
    Güell, …, Casa Batlló, Crypt in Colonia Güell; pick one or two)")."""
    if "listing of" in name:
        return name
    parts = ", ".join(listed_parts(attributes))
    named = f": {parts};" if parts else ":"
    if count := serial_sites(attributes):
        return f"{name} (a World Heritage listing of {count} sites{named} pick one or two)"
    if several_sites(attributes, name):
        return f"{name} (a World Heritage listing of several sites{named} pick one or two)"
    if area_listing(attributes, name):
        return f"{name} (a World Heritage area: a walk through its streets, not one building)"
    return name


def stop_minutes(
    name: str, kind: str, attributes: Mapping[str, Any], note: float, minutes: int, *, sourced: bool
) -> int:
    """A visit's length: `minutes` (the source's when `sourced`, else the kind's typical one), at
    most `MINOR_MINUTES` for a minor stop the source gives no length for, at least
    `MAJOR_MINUTES` for a major sight (`COMPLEX_MINUTES` for a place of worship of landmark
    note), `SERIAL_MINUTES` for a listing of several sites."""
    if not sourced and is_minor_stop(name, kind, attributes, note):
        minutes = min(minutes, MINOR_MINUTES)
    if is_major_sight(name, kind, attributes, note):
        minutes = max(minutes, MAJOR_MINUTES)
        if kind == "religious_site" and note >= LANDMARK:
            minutes = max(minutes, COMPLEX_MINUTES)
    if several_sites(attributes, name):
        minutes = max(minutes, SERIAL_MINUTES)
    return minutes


def grows_with_note(name: str, kind: str) -> bool:
    """A place whose visit grows with its note: a museum (named a museum, a gallery or a
    collection: not a hall a list files as one), a gallery, a zoo, an aquarium, a garden, a
    theme park, a palace or a castle, by its kind or its name; a square, a plaza, a viewpoint or
    a monument by its name ("Palace Square") of no such kind is not, nor a city park named
    gardens ("Princes Street Gardens"; a park named botanic is a garden)."""
    words = _words(name)
    if kind in _GROWS_KINDS:
        return kind != "museum" or bool(words & _COLLECTION_NAMES)
    if kind == "park":  # a city park named gardens is walked through; a botanic garden is not
        return bool(words & _COLLECTION_GARDENS)
    return bool(words & _GROWS_WORDS) and not words & _STAYS_SHORT


def _listed_or_reviewed(attributes: Mapping[str, Any]) -> bool:
    """A notable list (`notability_basis`) or a reviewed listing describes the place: a Wikipedia
    tag on a map node alone makes no flagship."""
    return any(
        str(raw.get("notability_basis") or "").strip() or source.startswith("tripadvisor")
        for source, raw in _raws(attributes)
    )


def flagship_minutes(
    name: str, kind: str, attributes: Mapping[str, Any], note: float, minutes: int
) -> int | None:
    """`FLAGSHIP_MINUTES` for a city's flagship planned for less (`grows_with_note`, landmark
    note, listed or reviewed, one place); None for any other place."""
    if minutes >= FLAGSHIP_MINUTES or note < LANDMARK or not grows_with_note(name, kind):
        return None
    if several_sites(attributes, name) or not _listed_or_reviewed(attributes):
        return None
    return FLAGSHIP_MINUTES

"""Which points of interest are sights, and how notable each one is, from what the data carries.

OpenStreetMap nodes tagged `tourism=artwork` or `attraction` are often businesses or homes
("… Home", "… Pvt Ltd", "… Flat", a ward office). `not_a_sight` says why a place is not one (None
when it may be):

- its name is not a name (fewer than two letters or digits), or names two places ("a;b");
- its name says a business, an office or a home: a word of `_BUSINESS_WORDS` / `_HOME_WORDS`, or
  a phrase of `_BUSINESS_PHRASES`, or a house number ("House #1343/40", "Er." before a name);
- a node tagged only as artwork, attraction, viewpoint or information that carries a business's
  contact details (phone, e-mail, website, street number) and no mark of heritage;
- a shop, housing, a station, a bare mural or a venue for nights, shows, games or meals by the
  table `core/data/not_sights.toml` (`core.not_sights`; stations, housing and such venues even
  when a notable list names them);
- an attraction whose name says a street (ends in Street, Avenue, Road, Marg…, or begins with
  Rue): a traveller walks it on the way, it is no stop, unless a notable list
  (`notability_basis`) names it.

`notability(name, kind, attributes, votes)` in [0, 1], the evidence it reads:
- a notable-landmark source (`notability_basis`: UNESCO, GeoNames, curated sight lists) 0.9+;
- OSM `wikidata` / `wikipedia` / `heritage` tags 0.85, `historic` 0.45, a museum 0.5, names in
  other languages and an alternative name add to it;
- a reviewed listing (TripAdvisor): 0.35 + 0.55 · log10(reviews + 1) / 4.5;
- an official tourism layer (data.gov.sg) 0.65;
- a bare artwork node 0.15, a bare attraction 0.3; a description adds 0.1; a name that is
  only a generic word ("Dome", "Mosque", "Streetart") or in no Latin letter (a traveller cannot
  read it on a sign) takes 0.2 away.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any, Final

from kairos.core.not_sights import why_no_stop_even_if_listed, why_not_a_sight
from kairos.core.same_place import DUPLICATE_KM, near_duplicates

__all__ = [
    "DUPLICATE_KM", "MINOR", "NOTABLE", "nameless", "near_duplicates", "not_a_sight",
    "notability", "two_places", "typical_minutes",
]  # fmt: skip


def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


NOTABLE: Final = 0.5
"""A sight a traveller would go out of the way for (counted in "N notable sights known")."""
MINOR: Final = 0.2
"""Below this a place is noise: planned only when nothing better is within reach."""

_BUSINESS_WORDS: Final = _wordset(
    "pvt ltd limited inc llc llp enterprise enterprises company co corp corporation shop shops "
    "store stores mart traders trading traders suppliers supplier press printers printing "
    "tattoo paints handicraft handicrafts travels travel tours treks trekking expedition "
    "expeditions consultancy consultants consulting media entertainment entertaintment banquet "
    "hotel hotels guesthouse hostel lodge resort restaurant salon parlour parlor clinic "
    "hospital pharmacy school college academy institute bank atm office 0ffice offices ward "
    "poultry agency agencies services service solutions studio boutique showroom garage "
    "workshop electronics hardware tailors tailor cosmetics furniture motorbike motorbikes "
    "scooter scooters rental rentals hire"
)
_HOME_WORDS: Final = _wordset(
    "home homes flat flats apartment apartments apts niwas nivas bhawan residency quarters "
    "villa hostel"
)
_LODGING_WORDS: Final = _wordset(
    "hotel hotels guesthouse hostel lodge dharamshala dharmashala dhamashala dharmasala dharamsala"
)
_BUSINESS_PHRASES: Final = (
    "human resources", "guest house", "party palace", "real estate", "private limited",
    "water atm",
)  # fmt: skip
_STREET_ENDS: Final = _wordset(
    "street st avenue ave road rd boulevard blvd lane ln drive marg path"
)
"""A name that ends in one of these is a street (Park Avenue, Robson St, Gangalal Path)."""
_STREET_STARTS: Final = _wordset("rue calle via")
_ENTRANCE_WORDS: Final = _wordset("entrance entrances ingresso entrata entrada eingang entree exit")
"""A name saying a way in ("Ingresso serie di cortili tranquilli"): a gate to a sight, not one."""
"""A name that begins with one of these is a street (Rue du Petit-Champlain)."""
_HOUSE_NUMBER: Final = re.compile(r"(house|h\.?\s*no\.?)\s*#?\s*\d|#\s*\d|^er\.?\s", re.I)
_CONTACT_TAGS: Final = ("phone", "mobile", "email", "website", "contact:phone", "addr:housenumber")
_HERITAGE_TAGS: Final = ("wikidata", "wikipedia", "subject:wikidata", "heritage", "historic")
_BARE_TOURISM: Final = frozenset({"artwork", "attraction", "viewpoint", "information"})
_GENERIC: Final = _wordset(
    "dome mosque temple church shrine statue streetart street art mural tomb ruins ruin gate "
    "monument memorial park garden museum gallery viewpoint fountain well pond tank tower "
    "sculpture painting graffiti artwork attraction"
)


_UNNAMED: Final = _wordset(
    "unidentified unknown unnamed untitled anonymous nameless old ancient small big large "
    "little dalan chhatri chattri baradari baoli stepwell ghat kund mandir masjid "
    "pavilion arch wall pillar"
)
"""Words that say what a place is, never which one ("Unidentified Tomb", "Old Mosque", "Dalans"):
with `_GENERIC`, a name of only these is no name a traveller could find."""


def nameless(name: str) -> bool:
    """Whether a place's name only says what it is ("Tombs", "Unidentified Tomb", "Dalan"),
    plurals folded: no name a traveller could ask the way to or find on a sign."""
    words = _words(name)
    if not words:  # a name in another script is a name (`not_a_sight` reads the unreadable)
        return False
    plain = _GENERIC | _UNNAMED
    return all(w in plain or (w.endswith("s") and w[:-1] in plain) for w in words)


def two_places(name: str) -> bool:
    """An OSM name holding two values ("Dhobhi Mart;Rico's"): no one place to plan or find."""
    return len([part for part in name.split(";") if part.strip()]) > 1


def _words(name: str) -> list[str]:
    return re.findall(r"[0-9a-z]+", name.lower())


def _raws(attributes: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    poi = attributes.get("poi") or {}
    if not isinstance(poi, Mapping):
        return []
    return [(str(s), r) for s, r in poi.items() if isinstance(r, Mapping)]


def _osm_tags(attributes: Mapping[str, Any]) -> dict[str, str]:
    tags: dict[str, str] = {}
    for _source, raw in _raws(attributes):
        found = raw.get("osm_tags")
        if isinstance(found, Mapping):
            tags.update({str(k): str(v) for k, v in found.items()})
    return tags


def _heritage(tags: Mapping[str, str]) -> bool:
    return any(tags.get(k) not in (None, "", "no") for k in _HERITAGE_TAGS)


def not_a_sight(
    name: str, kind: str, attributes: Mapping[str, Any], address: str | None = None
) -> str | None:
    """Why a place to visit is not a sight (a business, an office, a home), or None; `address`
    (the place's own) tells a street corner."""
    words = _words(name)
    if sum(len(w) for w in words) < 2 and not re.search(r"[^\W\d_]{2}", name):
        return "it has no real name"
    if two_places(name):
        return "its name holds two places, not one"
    lowered = " ".join(words)
    tags = _osm_tags(attributes)
    if set(words) & _LODGING_WORDS or "guest house" in lowered:
        return "its name says it is a lodging, not a sight"
    if (listed_why := why_no_stop_even_if_listed(name, kind, attributes)) is not None:
        return listed_why
    if any(_notable_basis(raw) for _s, raw in _raws(attributes)):
        return None
    if not _heritage(tags) and (table_why := why_not_a_sight(name, kind, attributes)):
        return table_why
    street = any(_street(_words(part)) for part in name.split("/"))
    if street and kind == "attraction":  # a museum, a church or a venue on a street is a sight
        return "a street, not a sight (a notable list would name it)"
    if kind == "attraction" and _crossing(name, address):
        return "a street corner, not a sight (a notable list would name it)"
    if kind == "attraction" and words and words[-1] in _SIGN_WORDS and not _heritage(tags):
        return "a sign, not a sight (a notable list would name it)"
    if kind == "attraction" and set(words) & _ENTRANCE_WORDS and not _heritage(tags):
        return "an entrance, not a sight (a notable list would name it)"
    capitals = len(words) == 1 and name.strip().isupper() and len(name.strip()) <= 4
    if kind == "attraction" and capitals and not _heritage(tags):
        return "its name is only capitals (a shop's or a club's), not a sight a notable list names"
    business = set(words) & _BUSINESS_WORDS or any(p in lowered for p in _BUSINESS_PHRASES)
    if business and (kind != "museum" or not _heritage(tags)):
        return "its name says it is a business or an office, not a sight"
    if set(words) & _HOME_WORDS or _HOUSE_NUMBER.search(name):
        return "its name says it is a home or a lodging, not a sight"
    tourism = tags.get("tourism")
    if tourism in _BARE_TOURISM and any(tags.get(k) for k in _CONTACT_TAGS) and not _heritage(tags):
        return "a business's contact details on a node tagged as a sight"
    return None


_COMPASS: Final = _wordset("north south east west n s e w nw ne sw se")
_SIGN_WORDS: Final = _wordset("sign signs signpost")
"""A name ending in one of these ("Toronto Sign"): lettering to photograph on the way, no stop."""
_CROSSING: Final = re.compile(r"^\s*(.+?)\s+(?:and|&|at)\s+(.+?)\s*$", re.I)


def _street(words: list[str]) -> bool:
    """Words that name a street: they end in a street word, before a compass point or not
    ("Robson St", "Bloor Street West"), or begin with one (Rue du Petit-Champlain)."""
    while len(words) > 1 and words[-1] in _COMPASS:
        words = words[:-1]
    return bool(words) and (
        words[-1] in _STREET_ENDS or (len(words) > 1 and words[0] in _STREET_STARTS)
    )


def _crossing(name: str, address: str | None) -> bool:
    """A name of two streets' meeting ("Yonge and Eglinton"): each half stands in the place's
    address just before a street word ("Yonge Street", "Eglinton Avenue West")."""
    found = _CROSSING.match(name)
    if found is None:
        return False
    said = " ".join(_words(address or ""))
    if not said:
        return False
    ends = "|".join(sorted(_STREET_ENDS))
    return all(
        re.search(rf"\b{re.escape(' '.join(_words(half)))}\s+(?:{ends})\b", said)
        for half in found.groups()
        if _words(half)
    )


def _notable_basis(raw: Mapping[str, Any]) -> str | None:
    basis = raw.get("notability_basis")
    return basis if isinstance(basis, str) and basis.strip() else None


_GAZETTEER_LANDMARKS: Final = ("S.SHRN", "S.PAL", "S.HSTS", "S.MNMT", "S.MUS", "S.ZOO")


def _listed(source: str, basis: str, raw: Mapping[str, Any]) -> float:
    """A row of a notable-landmark source: a World Heritage site 1.0, a curated sight list 0.9,
    a gazetteer's sight by how many names it is known by (0 → 0.55, 8 or more → 0.95) and
    0.15 more for a shrine, palace, historic site, monument, museum or zoo."""
    text = (source + " " + basis).lower()
    if "unesco" in text:
        return 1.0
    if "geonames" not in text:
        return 0.9
    extra = raw.get("extra") if isinstance(raw.get("extra"), Mapping) else {}
    names = extra.get("alternate_names_count") if isinstance(extra, Mapping) else None
    if not isinstance(names, int):
        found = re.search(r"(\d+) alternate names", basis)
        names = int(found.group(1)) if found else 0
    landmark = 0.15 if any(code in basis for code in _GAZETTEER_LANDMARKS) else 0.0
    return min(1.0, 0.55 + 0.05 * min(names, 8) + landmark)


_HALF_DAY: Final = _wordset("zoo safari theme amusement wildlife waterpark disneyland universal")
_LONG: Final = {"aquarium": 150, "botanic": 150, "botanical": 150, "national park": 150}


def typical_minutes(name: str, kind: str, minutes: int) -> int:
    """A visit's length with what its name says of its kind put first: a zoo, a safari or a
    theme park is half a day (240 minutes), an aquarium, a botanic garden or a national park
    2½ hours; any other place keeps `minutes`."""
    words = set(_words(name))
    lowered = " ".join(_words(name))
    if words & _HALF_DAY or "theme park" in lowered or "bird park" in lowered:
        return max(minutes, 240)
    longest = max((m for w, m in _LONG.items() if w in lowered), default=0)
    return max(minutes, longest)


def notability(
    name: str, kind: str, attributes: Mapping[str, Any], votes: int | None = None
) -> float:
    """How notable a place to visit is, in [0, 1] (see the module's docstring)."""
    raws = _raws(attributes)
    tags = _osm_tags(attributes)
    found: list[float] = []
    for source, raw in raws:
        if basis := _notable_basis(raw):
            found.append(_listed(source, basis, raw))
        elif source.startswith("tripadvisor"):
            reviews = max(0, int(votes or 0))
            found.append(0.35 + 0.55 * min(1.0, math.log10(reviews + 1) / 4.5))
        elif source.startswith("datagov"):
            found.append(0.65)
    if tags:
        osm = 0.3
        if any(tags.get(k) for k in ("wikidata", "wikipedia", "subject:wikidata", "heritage")):
            osm = 0.85
        elif tags.get("historic") not in (None, "", "no"):
            osm = 0.45
        elif tags.get("tourism") == "museum" or kind == "museum":
            osm = 0.5
        elif tags.get("tourism") == "artwork":
            osm = 0.15
        languages = sum(1 for k in tags if k.startswith("name:") and k != "name:en")
        found.append(osm + 0.05 * min(languages, 3) + (0.05 if tags.get("alt_name") else 0.0))
    score = max(found, default=0.3)
    if any(isinstance(r.get("description"), str) and len(r["description"]) > 80 for _, r in raws):
        score += 0.1
    words = _words(name)
    if not words or all(w in _GENERIC for w in words):
        score -= 0.2
    if not re.search(r"[a-zA-Z]{2}", name):
        score -= 0.2
    return round(max(0.0, min(1.0, score)), 3)

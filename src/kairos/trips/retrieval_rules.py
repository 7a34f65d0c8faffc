"""The rules retrieval applies to a city's rows (`trips/retrieval.py`): sights only (not
businesses or homes, `trips/notability.py`), places to eat listed as sights, the season, the
traveller's favourite tags and the seed's diversification rule; and the blend's pieces (the
interests' words, a place's category label, its age, min–max scaling)."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from kairos.core.notability import MINOR, nameless, near_duplicates, not_a_sight, notability
from kairos.ingest.poi_season import SEASON_KEY
from kairos.signals.geocoding.cities import find_city
from kairos.trips.models import Candidate
from kairos.trips.shows import capped_for_show

_FOOD_NAME: Final = re.compile(
    r"\b(?:hawker|food\s+(?:cent(?:re|er)|court|hall|market|street|village|republic)"
    r"|night\s+market|kopitiam|pasar\s+malam)\b",
    re.I,
)
_MARKET: Final = re.compile(
    r"\b(?:market|hawker\s+cent(?:re|er)|food\s+cent(?:re|er)|food\s+court)\b", re.I
)
_FOOD_WORDS: Final = re.compile(
    r"\b(?:food|foods|eat|eats|eating|dishes|hawker|stalls|cuisine|snacks|delicacies)\b", re.I
)
_FOOD_AMENITIES: Final = frozenset({"food_court", "marketplace"})

_LISTING_TAIL: Final = re.compile(
    r"\s*[:|]\s*(?:(?:attractions|things\s+to\s+do|places\s+of\s+interest|"
    r"history|culture|heritage|leisure|tours?|guide|what\s+to\s+see|sightseeing)"
    r"(?:\s*(?:&|and|,)\s*|\s+)?)+\s*$",
    re.I,
)


def plain_name(name: str) -> str:
    """A place's name without a listing's title tail ("Marina Bay Singapore: Attractions &
    Things to do" → "Marina Bay Singapore", "… : History & Culture Tours" → "…"): the name
    a traveller reads on a sign, not a web page's title."""
    cut = _LISTING_TAIL.sub("", name).strip()
    return cut or name


RECENCY_DAYS: Final = 365.0
"""The recency arm's scale (and the age of a place with no `last_updated`)."""
KID_FRIENDLY: Final = frozenset({"park", "zoo", "aquarium", "beach", "museum", "playground"})
"""Travelling with children: these count as favourite tags too."""
TOP: Final = 8
DOMINANT_SHARE: Final = 0.6
REPLACED: Final = 2


@dataclass(frozen=True)
class Row:
    id: int
    name: str
    kind: str
    city: str | None
    lat: float
    lng: float
    attributes: dict[str, Any]
    votes: int
    bm25: float = 0.0
    positioned: bool = True
    """False: the source gives no position; `lat`/`lng` are the city's centre."""
    address: str | None = None


@dataclass(frozen=True)
class Scored:
    candidate: Candidate
    score: float
    arms: tuple[float, float, float]
    tags: frozenset[str]


def _raws(attributes: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    poi = attributes.get("poi") or {}
    return (
        [raw for raw in poi.values() if isinstance(raw, Mapping)]
        if isinstance(poi, Mapping)
        else []
    )


def is_food_place(name: str, attributes: Mapping[str, Any]) -> bool:
    """A place listed as a sight that is a place to eat: a hawker centre, a food court, a food
    or night market (its name says so, OSM tags it so, or its description's first sentence
    calls it a market and speaks of food). A traveller has lunch or dinner there."""
    if _FOOD_NAME.search(name):
        return True
    for raw in _raws(attributes):
        tags = raw.get("osm_tags") or {}
        if isinstance(tags, Mapping) and tags.get("amenity") in _FOOD_AMENITIES:
            return True
        first = re.split(r"(?<=[.!?])\s", str(raw.get("description") or ""), maxsplit=1)[0]
        if _MARKET.search(first) and _FOOD_WORDS.search(first):
            return True
    return False


_EXPERIENCE: Final = re.compile(
    r"\b(?:immersive|multi-?sensory|selfies?|instagram(?:mable|able)?|edutainment|illusions?"
    r"|(?:art|interactive|pop-up)\s+experience|participatory\s+installations?"
    r"|madame\s+tussaud(?:['’]?s)?|wax\s*works?|(?:celebrity\s+)?wax\s+figures?)\b",
    re.I,
)
_SERIOUS: Final = re.compile(
    r"\b(?:art|arts|artist|artists|galler(?:y|ies)|museums?|histor(?:y|ic|ical)|heritage"
    r"|monuments?|culture|cultural)\b",
    re.I,
)


def commercial_experience(name: str, attributes: Mapping[str, Any]) -> bool:
    """A ticketed "experience" listed as a museum or gallery (Museum of Illusions, Color
    Factory, Museum of Ice Cream, Madame Tussauds): its name or its listing's description says
    immersive, multisensory, selfies, illusions, edutainment, an art experience or wax
    figures."""
    said = " ".join(str(r.get("description") or "") for r in _raws(attributes))
    return bool(_EXPERIENCE.search(name) or _EXPERIENCE.search(said))


def shown_as_experience(name: str, attributes: Mapping[str, Any]) -> bool:
    """A ticketed experience a traveller would not call a museum: its name says it (Madame
    Tussauds, Museum of Illusions), or its description does and its name does not say museum
    (Artechouse, Hall des Lumières). A museum whose description says immersive (the Intrepid,
    the Spy Museum) stays a museum."""
    if _EXPERIENCE.search(name):
        return True
    return "museum" not in name.lower() and commercial_experience(name, attributes)


def shown_kind(name: str, kind: str, experience: bool = False) -> str:
    """A farm a list files as a museum ("Riverdale Farm", 'Cultural'), or a ticketed experience
    (wax figures, selfie rooms: `experience`, `shown_as_experience`), is shown as what it is to
    a traveller: an attraction, not a museum."""
    words = set(name.lower().replace("'", " ").split())
    farm = bool(words & {"farm", "farms"}) and "museum" not in words
    return "attraction" if kind == "museum" and (farm or experience) else kind


_ROUGH: Final = re.compile(
    r"\b(?:nature\s+reserves?|reserves|islands?|pulau|trails?|trek(?:s|king)?|hik(?:e|es|ing)"
    r"|ridges?|bumboat|mangroves?|wetlands?|rainforest|jungle)\b",
    re.I,
)


def rough_ground(name: str, attributes: Mapping[str, Any]) -> bool:
    """A nature reserve, an island reached by boat, a trail or a ridge walk: its name, its
    listing's labels or its description's first sentence say so. Nobody has said it is
    step-free, and a wheelchair user is not sent there."""
    if _ROUGH.search(name):
        return True
    for raw in _raws(attributes):
        labels = " ".join(str(x).replace("-", " ") for x in raw.get("category_raw") or ())
        first = re.split(r"(?<=[.!?])\s", str(raw.get("description") or ""), maxsplit=1)[0]
        if _ROUGH.search(labels) or _ROUGH.search(first):
            return True
    return False


def asks_for_collections(interests: str) -> bool:
    """Whether the interests ask for art, history or museums (a collection, not a ticketed
    experience)."""
    return bool(_SERIOUS.search(interests))


def judged(row: Row) -> float | None:
    """None when the row is no sight (a business, an office, a home, or a sight named as a city:
    "Kathmandu Valley", a serial World Heritage site, is the city), else its notability (a
    show's capped low: `trips/shows.py`)."""
    if not_a_sight(row.name, row.kind, row.attributes, row.address) is not None or find_city(
        row.name
    ):
        return None
    return capped_for_show(row.name, notability(row.name, row.kind, row.attributes, row.votes))


def pinpointed(r: Row) -> bool:
    """Whether a row's point is the place's own, not the centroid of its postal code or street
    (`ingest.poi_locations`): 130 of New York's 170 museums placed at their ZIP's centroid were
    'two museums at one point', one place, the American Museum of Natural History among them. A
    centroid places a stop for routing; as one place with another it counts as no position."""
    location = (r.attributes or {}).get("location")
    precision = location.get("precision") if isinstance(location, Mapping) else None
    return not (isinstance(precision, str) and "centroid" in precision)


def sights(
    rows: Sequence[Row], judge: Callable[[Row], float | None] = judged, city: str = ""
) -> tuple[list[Row], int, list[float]]:
    """The rows that are sights, how many were not (businesses, offices, homes), and each kept
    row's notability (`judge`: `judged`, or a cache of it). A place whose name only says what
    it is (`nameless`: "Tombs", "Unidentified Tomb") is never one. A place of no note (below
    `MINOR`: a generic word or an unreadable name for a name, a bare mural) is kept only when the
    interests' words name it (bm25 > 0); of two rows naming one place within
    `notability.DUPLICATE_KM`, the more notable is kept (the `city`'s own name aside: "Kathmandu
    Durbar Square" is "Basantapur Durbar Square")."""
    kept: list[tuple[Row, float]] = []
    not_sights = 0
    for r in rows:
        if nameless(r.name):  # "Tombs", "Unidentified Tomb": no name to find it by
            continue
        note = judge(r)
        if note is None:
            not_sights += 1
            continue
        if note < MINOR and r.bm25 <= 0:
            continue
        kept.append((r, note))
    at = [(r.lat, r.lng) if r.positioned and pinpointed(r) else (None, None) for r, _ in kept]
    drop = near_duplicates(
        [(r.name, *xy, note) for (r, note), xy in zip(kept, at, strict=True)],
        [r.kind for r, _ in kept],
        city,
    )
    kept = [k for i, k in enumerate(kept) if i not in drop]
    return [r for r, _ in kept], not_sights, [n for _, n in kept]


def in_season(
    rows: Sequence[Row], months: frozenset[int]
) -> tuple[list[Row], list[tuple[str, str]]]:
    """Rows open in at least one of the trip's months; the others with their evidence."""
    if not months:
        return list(rows), []
    kept, out = [], []
    for r in rows:
        season = r.attributes.get(SEASON_KEY)
        open_months = set(season.get("months") or ()) if isinstance(season, dict) else set()
        if open_months and not open_months & months:
            out.append((r.name, str(season.get("evidence") or "")))  # type: ignore[union-attr]
        else:
            kept.append(r)
    return kept, out


def liked(favourites: Sequence[str], companions: str | None) -> frozenset[str]:
    liked = {f.strip().lower().replace(" ", "_") for f in favourites if f.strip()}
    if companions == "family_with_kids":
        liked |= KID_FRIENDLY
    return frozenset(liked)


_WORSHIP: Final = re.compile(
    r"\b(?:temples?|shrines?|stupa|pagoda|mandir|gurdwara|mosque|masjid|church|cathedral|"
    r"basilica|synagogue|monastery|gompa|chapel|abbey|jinja|jingu|taisha)\b"
    r"|-(?:ji|dera|in|gu|jingu|jinja|taisha)\b|\B(?:jingu|jinja|taisha)\b",
    re.I,
)
"""A name that says a place of worship, in English or a romanised Japanese suffix
("Sensō-ji", "Kiyomizu-dera", "Chion-in", "Meiji-jingū", "Yasaka jinja", "Heianjingu")."""
_GARDEN: Final = re.compile(
    r"\b(?:gardens?|park|parks|grove|arboretum)\b|-(?:en|koen|teien)\b|(?:koen|teien|gyoen)\b",
    re.I,
)
"""A name that says a garden or a park, in English or a romanised Japanese suffix
("Kenroku-en", "Hama-rikyū Onshi-teien", "Kyotogyoen")."""
_SAID_KINDS: Final = {
    "religious_site": _WORSHIP, "spiritual": _WORSHIP, "park": _GARDEN, "garden": _GARDEN,
    "outdoors": _GARDEN,
}  # fmt: skip


def _folded(name: str) -> str:
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()


def kind_said(want: str, name: str) -> bool:
    """Whether a place's name says the kind `want` (a temple or shrine for "religious_site", a
    garden or park for "park"): a curated list files Kinkaku-ji and Kenroku-en under
    "attractions", and a traveller asking for temples and gardens means them."""
    said = _SAID_KINDS.get(want)
    return bool(said and said.search(_folded(name)))


def worship_named(name: str) -> bool:
    """Whether a place's name says it is a temple, a shrine, a church or another place of
    worship (accents folded: "jingū" is "jingu")."""
    return bool(_WORSHIP.search(_folded(name)))


def tags_of(row: Row, label: str) -> set[str]:
    """The words a favourite tag may name: the kind, the category, the source's own
    categories and the OSM `tourism` / `historic` / `leisure` values; `religious_site` when
    the name says a place of worship (`worship_named`: a curated list files Sensō-ji under
    "attractions")."""
    tags = {row.kind, label.replace(" ", "_")}
    if worship_named(row.name):
        tags.add("religious_site")
    poi = row.attributes.get("poi") or {}
    for raw in poi.values() if isinstance(poi, dict) else ():
        if not isinstance(raw, dict):
            continue
        for category in raw.get("category_raw") or ():
            tags.add(str(category).strip().lower().replace(" ", "_"))
            tags.update(str(category).strip().lower().replace("&", " ").split())
        osm = raw.get("osm_tags") or {}
        if isinstance(osm, dict):
            tags.update(str(osm[k]).lower() for k in ("tourism", "historic", "leisure") if k in osm)
    return tags


def diversify(scored: list[Scored]) -> tuple[list[Scored], bool]:
    """The seed's rule: > 60 % of the top 8 with one identical tag set → the lowest 2 of the 8
    make way for the best places with another tag set."""
    top = scored[:TOP]
    if len(top) < TOP:
        return scored, False
    dominant, count = Counter(s.tags for s in top).most_common(1)[0]
    if count / len(top) <= DOMINANT_SHARE:
        return scored, False
    others = [s for s in scored[TOP:] if s.tags != dominant][:REPLACED]
    if not others:
        return scored, False
    keep = top[: TOP - len(others)]
    dropped = top[TOP - len(others) :]
    rest = [s for s in scored[TOP:] if s not in others]
    return keep + others + dropped + rest, True


def interleave(
    scored: list[Scored], asked: Sequence[str], fit: Callable[[Scored, str], bool], margin: float
) -> tuple[list[Scored], bool]:
    """Several kinds named ("museums and monuments"): the best place of each named kind in turn,
    so no kind asked for is crowded out by another whose word the interests' text matches better
    (the text arms score every museum above every memorial). A kind whose next place scores more
    than `margin` below the best next place waits (a minor monument does not pass a landmark
    museum). Places of no named kind keep their order after. Whether anything moved."""
    if len(asked) < 2:
        return scored, False
    queues: list[list[Scored]] = [[] for _ in asked]
    rest: list[Scored] = []
    for s in scored:
        at = next((i for i, want in enumerate(asked) if fit(s, want)), None)
        (rest if at is None else queues[at]).append(s)
    if sum(1 for q in queues if q) < 2:
        return scored, False
    merged: list[Scored] = []
    turn = 0
    while any(queues):
        best = max(q[0].score for q in queues if q)
        for _ in range(len(queues)):
            q = queues[turn % len(queues)]
            turn += 1
            if q and q[0].score >= best - margin:
                merged.append(q.pop(0))
                break
    out = merged + rest
    return out, [s.candidate.id for s in out] != [s.candidate.id for s in scored]


def label_of(row: Any, attributes: dict[str, Any]) -> str:
    poi = attributes.get("poi") or {}
    for raw in poi.values() if isinstance(poi, dict) else ():
        if isinstance(raw, dict) and raw.get("category"):
            return str(raw["category"]).replace("_", " ")
    return str(row.kind).replace("_", " ")


def age_days(attributes: dict[str, Any], now: datetime) -> float:
    stamp = (attributes.get("visit") or {}).get("last_updated")
    try:
        when = datetime.fromisoformat(str(stamp)) if stamp else None
    except ValueError:
        when = None
    if when is None:
        return RECENCY_DAYS
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (now - when).total_seconds() / 86400)


def scaled(values: Sequence[float]) -> list[float]:
    if not values:
        return []
    low, high = min(values), max(values)
    if high - low < 1e-9:
        return [0.0 for _ in values]
    return [(v - low) / (high - low) for v in values]

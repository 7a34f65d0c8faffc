"""Parts of one site are one stop: a fort, a palace, a castle, a citadel or a durbar square
holds museums, halls, gates and courtyards that sources list one by one (Delhi's Red Fort:
Diwan-e-Aam and eight museums inside its walls; Kathmandu Durbar Square: Nasal Chok, Mul Chok,
the Royal Mahendra Museum), and a traveller visits them in one go.

A place names its site (`site_of`) by its Wikipedia or Wikimedia Commons title: the title's
qualifier ("Diwan-i-Am (Red Fort)") or the title itself when it names a compound ("Basantapur
Durbar Square" is filed under "Kathmandu Durbar Square"), else by its own name when that is a
compound's ("Red Fort", "Fort York"); never a city's, never a name of something at or of a
compound ("Residence of the Governor General at the Citadelle"), never an artwork's.
A site's parts (`parts_of_sites`) are the places naming it, however far apart their sources
place them (the Red Fort's Lahori Gate, filed 2 km off, shown as "Lahori Gate (Red Fort)" on
one day and the fort's hall on another, was the fort twice: panel half A t07), those whose name
holds its name ("Red Fort Baoli") within `SITE_SPAN_KM`, and places with no entry of their own
(`Candidate.entry`) that name no site within `SITE_KM` of one of the parts naming it (a museum
inside the fort). The site keeps one stop: the place named as the site when it is a
candidate, else its part naming the site with the most parts within `SITE_KM` (the best ranked
of those); the others are left out, unless the traveller named or locked them. The stop's
visit is lengthened by theirs (to `SITE_VISIT_MAX`) and its day says which parts it stands for.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from kairos.core.geo import haversine_km
from kairos.signals.geocoding.cities import find_city
from kairos.trips.models import Candidate, Day

__all__ = ["SITE_KM", "SITE_VISIT_MAX", "Site", "given_way_first", "one_stop_per_site",
           "parts_of_sites", "site_note", "site_of", "with_site"]  # fmt: skip

SITE_KM: Final = 0.4
"""How far from a place that names a site a place of little note is taken for one of its parts
(a few hundred metres: a fort's or a palace square's own grounds)."""
SITE_SPAN_KM: Final = 1.0
"""How far from the site's best-ranked part a place whose name holds the site's name ("Red Fort
Baoli") is taken for one of its parts."""
OWN_ENTRY: Final = 0.6
"""The notability (`core.notability`) of a place known on its own (a Wikipedia or Wikidata
entry, a notable list, a museum with a hundred reviews: the Smithsonian's museums beside its
Castle): never absorbed into a site it does not name. A bare OSM museum (0.5, 0.55 with a
name in another language: the Red Fort's Freedom-Struggle Museum) is not."""
SITE_VISIT_MAX: Final = 150
"""Minutes at most a site's one visit takes with the parts it stands for (each part's own visit
added to the kept one's)."""

_ENDS: Final = ("fort", "fortress", "palace", "castle", "citadel", "citadelle", "durbar square",
                "qila", "quila", "kremlin", "alcazar")  # fmt: skip
"""A name ending with one of these is a compound's ("Red Fort", "Edinburgh Castle")."""
_BEGINS: Final = ("fort", "castle", "citadel")
"""A two-word name beginning with one of these is too ("Fort York")."""
_QUALIFIER: Final = re.compile(r"\(([^()]+)\)\s*$")


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower().replace("’", "'").replace("'", "")))


_LINKS: Final = frozenset({"at", "in", "inside", "near", "of", "by", "de", "du", "des", "and"})
"""A name holding one of these is something at or of a compound ("Residence of the Governor
General at the Citadelle", "Star Banquet and Party Palace"), not the compound."""
_NOT_SITES: Final = frozenset({"artwork"})
"""What a place filed as one of these is, whatever its name ("The Light Fort", a mural)."""


def _compound(name: str) -> bool:
    words = _words(name)
    first, _, rest = words.partition(" ")
    if _LINKS & set(words.split()):
        return False
    return (any(words == e or words.endswith(" " + e) for e in _ENDS)
            or (first in _BEGINS and rest != "" and " " not in rest))  # fmt: skip


def _title(value: object) -> str:
    """A Wikipedia ("en:Diwan-i-Am (Red Fort)") or Commons ("Category:…") title, bare."""
    text = str(value or "").strip()
    return text.split(":", 1)[1].strip() if ":" in text else text


def site_of(name: str, attributes: Mapping[str, Any]) -> str | None:
    """The compound a place is (its own name) or is part of (its Wikipedia or Commons title, or
    that title's qualifier); None when it names none."""
    poi = attributes.get("poi") or {}
    raws = [r for r in (poi.values() if isinstance(poi, Mapping) else ()) if isinstance(r, Mapping)]
    if any(r.get("category") in _NOT_SITES for r in raws):
        return None
    for raw in raws:
        tags = raw.get("osm_tags")
        if not isinstance(tags, Mapping):
            continue
        for key in ("wikipedia", "wikimedia_commons"):
            title = _title(tags.get(key))
            said = _QUALIFIER.search(title)
            for found in (said.group(1).strip() if said else "", title):
                if found and _compound(found) and find_city(found) is None:
                    return found
    return name if _compound(name) and find_city(name) is None else None


def with_site(name: str, site: str | None) -> str:
    """How a part of a site is shown: with the site's name ("Diwan-e-Aam (Red Fort)"), so a
    traveller knows where it is; a place whose name holds its site's, or is the site, as it
    is."""
    if not site or f" {_words(site)} " in f" {_words(name)} ":
        return name
    return f"{name} ({site})"


@dataclass(frozen=True)
class Site:
    """One site's stop (`kept`) and the parts it stands for."""

    name: str
    kept: str
    parts: tuple[str, ...]


def _near(a: Candidate, b: Candidate, km: float) -> bool:
    return a.positioned and b.positioned and haversine_km(a.lat, a.lng, b.lat, b.lng) <= km


def parts_of_sites(ordered: Sequence[Candidate], keep: Collection[str] = ()) -> list[Site]:
    """The sites among `ordered` (best first) with two or more parts: which one stays and which
    give way (`keep`: ids never given way, the places locked or named)."""
    groups: list[tuple[str, list[Candidate]]] = []
    for c in ordered:
        if c.site is None:
            continue
        key = _words(c.site)
        group = next((g for k, g in groups if k == key), None)  # far or near: one site
        if group is None:
            groups.append((key, [c]))
        else:
            group.append(c)
    sites: list[Site] = []
    taken: set[str] = set()
    for key, named in groups:
        site_name = next((c.site for c in named if _words(c.name) == key), named[0].site)
        members = [
            c for c in ordered
            if c.id not in taken and (
                c in named
                or (c.site is None and f" {key} " in f" {_words(c.name)} "
                    and _near(named[0], c, SITE_SPAN_KM))
                or (c.site is None and not c.entry and any(_near(a, c, SITE_KM) for a in named)))
        ]  # fmt: skip
        if len(members) < 2:
            continue
        # the site itself, else the part naming it with the most parts around it (Diwan-e-Aam
        # inside the Red Fort, not its gate filed 2 km off), the best ranked of those
        around = {a.id: sum(_near(a, c, SITE_KM) for c in members) for a in named}
        kept = next((c for c in members if _words(c.name) == key),
                    max(named, key=lambda a: around[a.id]))  # fmt: skip
        gone = tuple(c.id for c in members if c.id != kept.id and c.id not in keep)
        taken.update(c.id for c in members)
        if gone:
            sites.append(Site(site_name or kept.name, kept.id, gone))
    return sites


def one_stop_per_site(
    ordered: Sequence[Candidate], keep: Collection[str] = ()
) -> tuple[list[Candidate], list[tuple[Candidate, str]], dict[str, str]]:
    """`ordered` (best first) with one stop per site: the kept stop's visit lengthened by its
    parts' (to `SITE_VISIT_MAX`), its rank and its place in the order its best part's; the
    parts given way with why; what the day holding the kept stop says of it (by its id)."""
    by_id = {c.id: c for c in ordered}
    sites = parts_of_sites(ordered, keep)
    gone: dict[str, str] = {}
    longer: dict[str, int] = {}
    best: dict[str, float] = {}
    said: dict[str, str] = {}
    for site in sites:
        kept = by_id[site.kept]
        parts = [by_id[p] for p in site.parts]
        names = ", ".join(p.name for p in parts[:3]) + (" …" if len(parts) > 3 else "")
        whole = with_site(kept.name, site.name)
        for p in parts:
            gone[p.id] = f"part of {site.name}: one visit with {kept.name}"
        minutes = kept.duration + sum(p.duration for p in parts)
        longer[kept.id] = max(kept.duration, min(minutes, SITE_VISIT_MAX))
        best[kept.id] = min(c.rank for c in (kept, *parts))
        said[kept.id] = (f"{whole}: one visit for the site and its parts Kairos knows there "
                         f"({names}), not a stop each.")  # fmt: skip
    # the site is as wanted as its most wanted part, and comes where that part came
    pool = [replace(c, duration=longer[c.id], rank=best[c.id]) if c.id in longer else c
            for c in ordered if c.id not in gone]  # fmt: skip
    at = {c.id: i for i, c in enumerate(ordered)}
    at.update({s.kept: min(at[i] for i in (s.kept, *s.parts)) for s in sites})
    pool.sort(key=lambda c: at[c.id])
    return pool, [(by_id[i], why) for i, why in gone.items()], said


def site_note(day: Day, said: Mapping[str, str]) -> Day:
    """A day holding a site's one stop says which parts it stands for."""
    notes = [said[s.place_id] for s in day.stops if s.place_id in said]
    return replace(day, notes=(*day.notes, *notes)) if notes else day


def given_way_first(free: Sequence[Candidate], site_stops: Collection[str]) -> Candidate:
    """The stop a day leaves out to be more relaxed, among its `free` ones (not locked): never a
    stop standing for a site's parts (`site_stops`, by id) while one standing for nothing else
    is free, then the least notable (`core.notability`: a place of little note, then one with
    no entry of its own), then the least preferred (rank, then id). A site's stop carries its
    best part's rank and the parts' visits: leaving it out leaves the whole site out, where a
    minor stop beside it is one small place."""

    def note(c: Candidate) -> int:
        return 0 if c.minor else 2 if c.entry else 1

    return max(free, key=lambda c: (c.id not in site_stops, -note(c), c.rank, c.id))

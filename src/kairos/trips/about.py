"""One place by name, as a trip's "about" answer: what is known of it, its source and licence,
what enrichment would fill (offline: nothing, named), and the safety step's check of it for the
traveller."""

from __future__ import annotations

from typing import Any

from kairos.core.allergy_profile import AllergyProfile
from kairos.errors import InvalidInput
from kairos.runtime import Runtime
from kairos.trips.allergy import place_check
from kairos.trips.enrichment import Enricher
from kairos.trips.enrichment_models import EnrichmentTarget
from kairos.trips.retrieval import TripRetrieval
from kairos.trips.schemas import TripView
from kairos.trips.view import NO_LICENCE

__all__ = ["about_place", "poi_description"]


def poi_description(attributes: dict[str, Any]) -> str:
    """A POI's own description, from the first source that has one."""
    for raw in (attributes.get("poi") or {}).values():
        if isinstance(raw, dict) and isinstance(raw.get("description"), str):
            return " ".join(str(raw["description"]).split())
    return ""


async def about_place(
    runtime: Runtime, retrieval: TripRetrieval, enricher: Enricher, name: str,
    trip: TripView | None, allergies: AllergyProfile,
) -> dict[str, Any]:  # fmt: skip
    """The place called `name` (near the trip's city when there is a trip)."""
    signals = runtime.signals
    if signals is None:
        raise InvalidInput("place lookup is not available in this process")
    text = f"{name}, {trip.city}" if trip else name
    found = await signals.geocode(text, limit=3)
    matches = [m for m in (found.data.matches if found.data else []) if m.kind == "place"]
    if not matches:
        raise InvalidInput(f"no place called {name!r} in the catalog; check the spelling")
    match = matches[0]
    # a label is the name, then the address; a name may hold a comma ("NUS University Museum,
    # Singapore"): the longest leading part that names a place wins
    parts = [p.strip() for p in match.label.split(",")]
    place = None
    for guess in [", ".join(parts[:k]) for k in range(len(parts), 0, -1)]:
        if (place := await retrieval.named(guess, match.lat, match.lng)) is not None:
            break
    if place is None:
        raise InvalidInput(f"{match.label} has no catalog entry")
    pid, place_name, kind, city, attributes, tier = place
    target = EnrichmentTarget(id=str(pid), name=place_name, kind=kind, city=city,
                              lat=match.lat, lng=match.lng, price_tier=tier,
                              attributes=attributes)  # fmt: skip
    result = (await enricher.enrich([target]))[0]
    hours = attributes.get("opening_hours") or {}
    hours = hours if isinstance(hours, dict) else {}
    visit = attributes.get("visit") or {}
    check = await place_check(runtime.places, pid, kind, allergies)
    return {
        "place_id": str(pid),
        "name": place_name,
        "kind": kind,
        "city": city,
        "hours": hours.get("text"),
        "hours_status": hours.get("status", "unknown"),
        "weekly_minutes": hours.get("weekly"),
        "visit_minutes": visit.get("minutes"),
        "visit_minutes_basis": visit.get("minutes_basis"),
        "source": visit.get("source"),
        "licence": visit.get("licence") or NO_LICENCE,
        "last_updated": visit.get("last_updated"),
        "enrichment": result.model_dump(mode="json", exclude={"raw"}),
        "allergy": check.model_dump(mode="json"),
    }

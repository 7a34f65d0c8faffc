"""What the itinerary planner takes and gives: plain frozen dataclasses, no I/O.

Times of day are minutes from the day's local midnight (570 = 09:30); a day's weekday is 0 for
Monday, as `datetime.date.weekday()` and `core.opening_hours` count.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from typing import Any, Final, Literal

from kairos.core.opening_hours import HOURS_KEY, Interval, Weekly, weekly_from_attributes
from kairos.pipeline.safety import AllergyCheck
from kairos.profiles.travel import Mode as ModeChoice
from kairos.profiles.travel import Pace as PaceChoice
from kairos.trips.stairs import stairs_of

__all__ = [
    "MODES",
    "PACES",
    "Candidate",
    "Day",
    "Itinerary",
    "Lock",
    "Pace",
    "PaceName",
    "Slot",
    "TravelMode",
    "TripRequest",
    "Unplaced",
    "closed_spans",
]

PaceName = PaceChoice
StepFree = Literal["yes", "no", "unknown"]
ModeName = ModeChoice


@dataclass(frozen=True)
class Pace:
    name: PaceName
    day_start: int
    day_end: int
    max_stops: int
    buffer: int
    """Minutes kept free after each stop (tickets, queues, a rest)."""
    lunch_minutes: int
    dinner: bool
    """A dinner break too: only days that run into the evening."""


PACES: Final[Mapping[str, Pace]] = {
    "relaxed": Pace("relaxed", 10 * 60, 18 * 60, 3, 20, 75, dinner=False),
    "moderate": Pace("moderate", 9 * 60, 19 * 60 + 30, 5, 10, 60, dinner=False),
    "packed": Pace("packed", 8 * 60 + 30, 21 * 60 + 30, 7, 5, 45, dinner=True),
}
"""relaxed 10:00–18:00, ≤ 3 stops, 20 min between; moderate 09:00–19:30, ≤ 5 stops, 10 min;
packed 08:30–21:30, ≤ 7 stops, 5 min, and a dinner break. The day's window holds everything,
the way back to the start point included."""


@dataclass(frozen=True)
class TravelMode:
    name: ModeName
    speed_kmh: float
    detour: float
    """Street distance ÷ straight-line distance: streets are not straight lines."""
    overhead: int
    """Fixed minutes per leg: waiting for a train, parking."""
    longest_leg: int
    """Minutes a leg between two stops may take; a place farther than that from the stop
    before it waits for another day (a locked place is placed all the same)."""


MODES: Final[Mapping[str, TravelMode]] = {
    "walk": TravelMode("walk", 4.5, 1.3, 0, 45),
    "transit": TravelMode("transit", 20.0, 1.3, 8, 75),
    "drive": TravelMode("drive", 24.0, 1.4, 5, 75),
}
"""Walking 4.5 km/h; urban transit 20 km/h door-to-door plus 8 min waiting (a leg walks when
walking is quicker); city driving 24 km/h plus 5 min parking. Street distance is the
straight-line (haversine) distance × the detour factor. Longest leg between two stops: 45 min
on foot (about 3.5 km of streets), 75 min by transit or car."""

CHILD_LEG: Final = 60
RELAXED_LEG: Final = 45
"""A relaxed or step-free trip's longest leg between two stops (issue 35, t27: a wheelchair
user's relaxed day held legs of 64 and 71 minutes): a far place waits for a day it is near to,
or is said as not placed."""
"""Minutes a leg between two stops may take with children (a longer one is said on the day)."""
CHILD_SAID: Final = 30
"""With children, a leg longer than this is said on its day."""


@dataclass(frozen=True)
class Candidate:
    """A place a trip may visit (or eat at). `hours`: the weekdays known in full (None: no day
    is), `closed`: per weekday not known in full, the spans known closed, `weekdays_given`:
    False when the source's one range named no weekday (`trips/hours.py` reads the three for a
    visit: open, closed or unknown; unknown is planned, never certified); `rank` orders
    preference (lower first), ties by id."""

    id: str
    name: str
    kind: str
    lat: float
    lng: float
    city: str
    duration: int
    hours: Weekly | None = None
    source: str = ""
    licence: str | None = None
    category: str | None = None
    rank: float = 0.0
    allergy: AllergyCheck | None = field(default=None, compare=False)
    """A place to eat: the safety step's check of it for the traveller (`pipeline.safety`),
    which the meal break carries; None for a place to visit."""
    closed: tuple[tuple[Interval, ...], ...] | None = None
    hours_text: str | None = None
    """The hours as the source writes them (named when a traveller has to check them)."""
    weekdays_given: bool = True
    step_free: StepFree = "unknown"
    """What the source says of wheelchair access (OSM `wheelchair`): yes, no or unknown."""
    positioned: bool = True
    """False when the source gives no position: `lat`/`lng` are the city's centre, travel to
    and from it is an allowance, not a measure (`travel.UNKNOWN_LEG`)."""
    pinpointed: bool = True
    """False when `lat`/`lng` is the centroid of its postal code or street, not its own point
    (`retrieval_rules.pinpointed`): a leg to or from it takes at least `travel.CENTROID_LEG`."""
    address: str | None = None
    """The source's street address of a place it gives no position for (the traveller's way
    there)."""
    minor: bool = False
    """A place of little note (below `notability.NOTABLE`): a filler a full day needs no more
    of (`day_plan.top_up` adds it only while the day holds fewer than the pace's stops)."""
    by_boat: bool = False
    """An island with no land link (`water.by_boat`): its legs take a boat's crossing more."""
    diets: tuple[str, ...] = field(default=(), compare=False)
    """A place to eat: the diets its source says it serves (`diet_words.diet_evidence`)."""
    interests: tuple[str, ...] = field(default=(), compare=False)
    """The interests said in words it answers (`interest_words.answers`: "mughal", "old")."""
    site: str | None = None
    """The compound it is or is part of (`sites.site_of`, set at retrieval: "Red Fort" for
    Diwan-e-Aam): parts of one site are one stop (`sites.one_stop_per_site`)."""
    full_minutes: int | None = None
    """A city's flagship planned for less: the visit it deserves where a day has room
    (`visit_length.flagship_minutes`, `flagships.lengthen_flagships`)."""
    holiday: str | None = field(default=None, compare=False)
    """The public holiday it is visited on when its hours that day are unknown for it
    (`holiday_hours.on_holiday`): the stop's check says so."""
    stairs: str | None = field(default=None, compare=False)
    """What its data says of stairs (`stairs.stairs_of`: a step count, "a spiral staircase")."""
    entry: bool = False
    """Known on its own (a Wikipedia or Wikidata entry, a list of notable places, many reviews:
    notability of `sites.OWN_ENTRY` or more): never taken for a part of a site it does not
    name."""

    @classmethod
    def from_place(
        cls,
        *,
        id: str,
        name: str,
        kind: str,
        lat: float,
        lng: float,
        city: str,
        attributes: Mapping[str, Any],
        rank: float = 0.0,
        default_minutes: int = 60,
        positioned: bool = True,
        address: str | None = None,
    ) -> Candidate:
        """From a catalog place's stored attributes (`visit`, `opening_hours` or Yelp `hours`)."""
        visit = attributes.get("visit") or {}
        poi = attributes.get("poi") or {}
        record = attributes.get(HOURS_KEY)
        record = record if isinstance(record, Mapping) else {}
        hours = weekly_from_attributes(attributes)
        closed = record.get("closed")
        raw: Any = (poi.get(visit.get("source")) or next(iter(poi.values()), {})) if poi else {}
        return cls(
            id=id,
            name=name,
            kind=kind,
            lat=lat,
            lng=lng,
            city=city,
            duration=int(visit.get("minutes") or default_minutes),
            hours=hours if hours is not None and any(d is not None for d in hours) else None,
            source=str(visit.get("source") or ""),
            licence=visit.get("licence"),
            category=raw.get("category") if isinstance(raw, Mapping) else None,
            rank=rank,
            closed=closed_spans(closed),
            hours_text=str(record["text"]) if record.get("text") else None,
            weekdays_given=record.get("weekdays_given") is not False,
            step_free=step_free_of(attributes),
            stairs=stairs_of(name, attributes),
            positioned=positioned,
            address=None if positioned else _findable(address),
        )


def _findable(address: str | None) -> str | None:
    """An address a traveller can find a place by: a street number, or the neighbourhood the
    source names ("Neighbourhood: Stanley Park"); not "Visit website"."""
    said = (address or "").strip()
    return said if any(ch.isdigit() for ch in said) or said.startswith("Neighbourhood") else None


_STEP_FREE: Final[Mapping[str, StepFree]] = {"yes": "yes", "designated": "yes", "limited": "yes",
                                            "no": "no"}  # fmt: skip


def step_free_of(attributes: Mapping[str, Any]) -> StepFree:
    """What a place's source says of wheelchair access: OSM `wheelchair=yes|designated|limited`
    is yes, `no` is no, anything else (or nothing) is unknown."""
    poi = attributes.get("poi") or {}
    for raw in poi.values() if isinstance(poi, Mapping) else ():
        tags = raw.get("osm_tags") if isinstance(raw, Mapping) else None
        said = _STEP_FREE.get(str(tags.get("wheelchair"))) if isinstance(tags, Mapping) else None
        if said is not None:
            return said
    return "unknown"


def closed_spans(value: object) -> tuple[tuple[Interval, ...], ...] | None:
    """The stored `closed` spans (seven days of [start, end] lists), or None."""
    if not isinstance(value, list | tuple) or len(value) != 7:
        return None
    days = tuple(
        tuple((int(a), int(b)) for a, b in day if int(a) < int(b))
        if isinstance(day, list | tuple) else ()
        for day in value
    )  # fmt: skip
    return days if any(days) else None


@dataclass(frozen=True)
class Lock:
    """A stop the traveller fixed to a day (0-based), and optionally to a start time."""

    place_id: str
    day: int
    start: int | None = None


@dataclass(frozen=True)
class TripRequest:
    city: str
    start_date: date
    days: int
    pace: PaceName = "moderate"
    mode: ModeName = "walk"
    candidates: tuple[Candidate, ...] = ()
    meals: tuple[Candidate, ...] = ()
    """Places to eat, already passed through the safety step by the caller (places it flags or
    excludes are not here), each with its `allergy` check: a meal prefers one with no known
    risk."""
    hotel: tuple[float, float] | None = None
    locks: tuple[Lock, ...] = ()
    centre: tuple[float, float] | None = None
    """The city's centre; None: the known centre of `city`, else the candidates' median."""
    radius_km: float = 30.0
    """A stop farther than this from the centre is not "in the city"."""
    free_days: frozenset[int] = frozenset()
    """Days (0-based) the traveller asked to keep free: nothing is planned on them."""
    by_appointment: bool = False
    """The traveller will book visits: places open by appointment only may be planned."""
    step_free: bool = False
    """Step-free places asked for: a stop whose source says wheelchair=no is never planned, one
    whose source says nothing is planned only after those marked yes, and named to check."""

    children: bool = False
    """Travelling with children: a leg between two stops takes at most `CHILD_LEG` minutes."""
    hours: tuple[int | None, int | None] = (None, None)
    """The first and last minute of each day as the traveller said them (`intent_hours`), the
    way back included; None: the pace's."""
    named: frozenset[str] = frozenset()
    """Places (ids) the traveller named in the request (`trips/named_places.py`): each comes
    before the other stops of its day, shortened rather than dropped."""
    diets: tuple[str, ...] = ()
    """Diets said in the request (`diet_words.said_diets`): a meal prefers a place whose source
    says it serves them."""

    @property
    def dates(self) -> list[date]:
        return [self.start_date + timedelta(days=i) for i in range(self.days)]

    @property
    def travel_mode(self) -> TravelMode:
        """The mode as this trip travels it: with children, legs of `CHILD_LEG` minutes at
        most, on a relaxed or step-free trip `RELAXED_LEG` (a far place waits for a day it is
        near to, or is said as not placed)."""
        mode = MODES[self.mode]
        if self.children and mode.longest_leg > CHILD_LEG:
            mode = replace(mode, longest_leg=CHILD_LEG)
        if (self.pace == "relaxed" or self.step_free) and mode.longest_leg > RELAXED_LEG:
            mode = replace(mode, longest_leg=RELAXED_LEG)
        return mode


@dataclass(frozen=True)
class Slot:
    kind: Literal["stop", "lunch", "dinner"]
    place_id: str
    name: str
    place_kind: str
    lat: float
    lng: float
    arrive: int
    start: int
    end: int
    travel_minutes: int
    """From the previous slot (or the start point; 0 for a day's first stop without one)."""
    distance_km: float
    source: str = ""
    licence: str | None = None
    locked: bool = False
    hours_known: bool = False
    allergy: AllergyCheck | None = field(default=None, compare=False)
    """A meal: its place's check for the traveller (None for a stop, or a meal planned without
    one)."""
    risk_reason: str | None = None
    """A meal at a place with a known risk: why it was kept (no place without one fitted)."""
    positioned: bool = True
    """False: the source gives no position (the city's centre stands in; travel is assumed)."""
    pinpointed: bool = True
    """False: its point is a postal code's or street's centroid (its legs are allowances)."""
    step_free: StepFree = "unknown"


@dataclass(frozen=True)
class Day:
    index: int
    date: date
    slots: tuple[Slot, ...]
    window: tuple[int, int]
    max_stops: int
    buffer: int
    return_minutes: int = 0
    """From the last slot back to the start point (0 without one)."""
    notes: tuple[str, ...] = ()

    @property
    def weekday(self) -> int:
        return self.date.weekday()

    @property
    def stops(self) -> tuple[Slot, ...]:
        return tuple(s for s in self.slots if s.kind == "stop")


@dataclass(frozen=True)
class Unplaced:
    place_id: str
    name: str
    reason: str


@dataclass(frozen=True)
class Itinerary:
    request: TripRequest
    days: tuple[Day, ...]
    unplaced: tuple[Unplaced, ...] = ()
    """Candidates chosen or locked but not placed, with why."""
    excluded: tuple[Unplaced, ...] = ()
    """Candidates left out before planning (no coordinates, another city, closed every day)."""
    centre: tuple[float, float] = (0.0, 0.0)
    notes: tuple[str, ...] = field(default=())
    site_stops: Mapping[str, Candidate] = field(default_factory=dict)
    """The stops standing for a site's parts (`sites.one_stop_per_site`), by id, as planned: the
    visit lengthened by the parts', the rank the best part's. A day planned again keeps them so."""
    site_notes: Mapping[str, str] = field(default_factory=dict)
    """What a day holding one of them says of it (`sites.site_note`), by its id."""

    def place_ids(self) -> list[str]:
        return [s.place_id for d in self.days for s in d.slots]

"""What the scout hands on (moved out of `scout.py`): each candidate venue with its safety
check, facts and history, and the scout's result with everything left out on the way."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from kairos.core.allergy_guard import AllergyAssessment
from kairos.core.venue_identity import UNIQUE_NAME_LISTINGS, Venue, name_key
from kairos.core.venue_identity import same_venue as is_same_venue
from kairos.pipeline.safety import AllergyCheck
from kairos.search.filters import SearchFilters
from kairos.search.models import SearchHit
from kairos.store.places import PlaceRecord
from kairos.store.plans import StoredRiskEvent
from kairos.venues.facts import RawFacts
from kairos.venues.free_from import covered

if TYPE_CHECKING:
    from kairos.venues.food_in_reviews import FoodInReviews
from kairos.venues.group import GroupProfile, diet_risks
from kairos.venues.schemas import ExcludedVenue, MeetingPoint, MemberDistance
from kairos.venues.synthesiser import SEVERE

__all__ = ["PER_PROVIDER", "WIDE", "Candidate", "ScoutResult", "cap_order", "pool", "same_venue"]

PER_PROVIDER: Final = 16
WIDE: Final = 32
"""Venues asked of each provider when the group's allergies or diets will leave some out:
the venues showing a member's diet, or safe for a member's allergy, were ranked 17th and
never seen, or seen and cut to three that show neither (plans panel p03, p13, p49)."""


def pool(hard: Collection[str], group: GroupProfile) -> int:
    """How many venues each provider is asked for: `WIDE` when a member's allergy is kept out
    (`hard`) or a member keeps a diet, else `PER_PROVIDER`."""
    return WIDE if hard or any(m.diets for m in group.members) else PER_PROVIDER


def _venue(hit: SearchHit, listings: Mapping[str, int] | None) -> Venue:
    p = hit.place
    count = listings.get(name_key(p.name), 0) if listings is not None else None
    return Venue(id=str(p.id), name=p.name, lat=p.lat, lng=p.lng, address=p.address,
                 name_listings=count)  # fmt: skip


def same_venue(a: SearchHit, b: SearchHit, listings: Mapping[str, int] | None = None) -> bool:
    """The same catalog place, or the same venue by `core.venue_identity` (name, distance and
    the catalog's street address and postcode; measured on the two Yelp releases of Boston,
    `kairos eval dedup`). `listings` counts the catalog's places per name (`name_key`): a name
    few places carry may join two listings across a postcode; without it every name is taken
    for a chain's."""
    return a.place.id == b.place.id or is_same_venue(_venue(a, listings), _venue(b, listings))


@dataclass
class Candidate:
    venue_id: str
    hit: SearchHit
    record: PlaceRecord
    assessment: AllergyAssessment
    allergy: AllergyCheck
    """The assessment as shown to every member and the planner (`venues/allergy.py`)."""
    facts: RawFacts
    past_risks: list[StoredRiskEvent] = field(default_factory=list)
    distances: list[MemberDistance] = field(default_factory=list)

    @property
    def place_id(self) -> int:
        return self.record.place.id

    @property
    def traits(self) -> list[str]:
        return self.record.place.traits

    @property
    def endangers(self) -> bool:
        """A member's severe or anaphylactic allergen is known or likely here, save a severe
        one the venue lists options free of (`free_from.covered`: named, not ranked last)."""
        traits = self.record.place.traits
        return any(
            r.severity in SEVERE and not covered([r.allergen], r.severity, traits)
            for r in self.allergy.risks
        )


@dataclass
class ScoutResult:
    candidates: list[Candidate]
    excluded: list[ExcludedVenue]
    """Every venue found and left out, with why and for whom (`leftout.py`)."""
    found: int
    duplicates: int
    meeting: MeetingPoint | None
    filters: SearchFilters
    providers: dict[str, str]
    broadened: str | None = None
    missing_kinds: list[str] = field(default_factory=list)
    """Kinds of place asked that nothing here is ("religious_site" for temples): the venues
    planned are of other kinds, which the summary says."""
    hard_excluded: list[str] = field(default_factory=list)
    """Allergens no venue shown may be known to contain (SQL and the guard)."""
    left_out_words: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Words of the request that ask for a hard-excluded allergen ("lobster" with shellfish
    kept out), left out of the search: searched for, they found only venues the filter then
    left out, and the plan filled with unrelated ones."""
    all_unsafe: bool = False
    """The request's categories hold venues, and every one of them is known to contain a
    hard-excluded allergen ("seafood" with shellfish kept out)."""
    instead: list[str] = field(default_factory=list)
    """With `all_unsafe`: the categories dropped to plan other venues of the kind instead."""
    features: list[str] = field(default_factory=list)
    """What the scout looked for: the features asked, and the members' diets at food venues."""
    features_short: list[str] = field(default_factory=list)
    """Features asked that fewer than `FEATURED_ENOUGH` venues show evidence of: venues
    without them fill the plan."""
    featured: int = 0
    """Candidates that show evidence of every feature asked."""
    featured_ids: list[str] = field(default_factory=list)
    """Their venue ids: the plan's summary names those ranked, wherever they rank."""
    around: str | None = None
    """The area asked, read as a distance from its centre ("within 1.5 km of Harvard Square")."""
    closed_left_out: int = 0
    """Venues their source lists as closed, left out because enough open ones fit."""
    one_city: str | None = None
    """No place named: the city the plan was kept to, the one most of the matches are in."""
    unknown_city: str | None = None
    """A place the request names that the catalogue does not hold: nothing was searched."""
    no_city: bool = False
    """No place named, nobody located, no city of the planner's own: nothing was searched,
    the plan asks which city the group is in (`where.ask_city`)."""
    notes: list[str] = field(default_factory=list)
    """What fitting the outing came to ("Cheaper, as asked: …")."""
    counter_kept: set[int] = field(default_factory=set)
    alternatives: set[int] = field(default_factory=set)
    """Place ids of venues not of the categories asked, added because those left fewer than
    three safe venues (`alternatives.py`): each is labelled as an alternative."""
    alternative_closeness: dict[int, int] = field(default_factory=dict)
    """Each alternative's `alternative_fit.closeness` to the kinds asked (0 nearest)."""
    alternatives_note: str | None = None
    """Why they were added ("Only 1 seafood place in Boston is safe for Sam")."""
    food_in_reviews: dict[int, FoodInReviews] = field(default_factory=dict)
    """Venues of the food asked by their own reviews, not their listing (`food_in_reviews`):
    how many reviews name it, and one sentence naming it, quoted as the why."""
    closed_by_reviews: int = 0
    """Venues left out because their own latest reviews say they have closed."""
    chains: set[int] = field(default_factory=set)
    """Candidates whose name more catalogue places carry than one venue's (`chains_of`)."""


def cap_order(
    c: Candidate, features: Sequence[str], group: GroupProfile, counter_kept: Collection[int]
) -> tuple[bool, int, int, bool, bool]:
    """The order the scout's cap keeps candidates in (the synthesiser's, roughly): those that
    put no member at severe risk, then those showing the most of what was asked, then those
    showing every member's diet (a pescatarian's: fish or vegetarian dishes, which no single
    feature shows), then those with no known risk, counters kept for want of others last."""
    p = c.record.place
    return (
        c.endangers,
        -len(set(features) & set(p.traits)),
        len(diet_risks(group, p.kind, p.traits, p.categories)),
        c.allergy.known_risk,
        c.place_id in counter_kept,
    )


_BRANCH: Final = re.compile(r"\s+(?:at|@|-|–|—)\s+")
"""What sets a branch's own name after a chain's ("California Pizza Kitchen at Prudential")."""


def chains_of(candidates: Sequence[Candidate], listings: Mapping[str, int] | None) -> set[int]:
    """The candidates a chain runs: their name, or its part before a branch's ("X at Y",
    "X - Y", two words or more), carried by more than `UNIQUE_NAME_LISTINGS` catalogue places
    (`PlacesRepository.name_listings`); none when the counts are unknown."""
    if not listings:
        return set()
    found = set()
    for c in candidates:
        name = c.record.place.name
        names = [name, *([head] if len((head := _BRANCH.split(name)[0]).split()) > 1 else [])]
        if max(listings.get(name_key(n), 0) for n in names) > UNIQUE_NAME_LISTINGS:
            found.add(c.place_id)
    return found

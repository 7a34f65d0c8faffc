"""Which restaurant the operator means (issue 36, item 1), from what operators type: a name
("Stephanies on Newbury here"), a name with a street ("Toro on Washington St in Boston"), an
address, a ZIP, a street, a neighbourhood, several at once.

- Names are spotted in the whole message against the catalog (`signals/geocoding/spotting.py`,
  offline catalog geocoder only), then read with the parts next to them (`reading.py`).
- A named restaurant's candidates are narrowed by what the message says about where: its ZIP,
  its street, its city or neighbourhood (held to the one the message names — "Washington St,
  Boston" is in Boston), else the city of the session's restaurant. One left: that place. Several
  left: the first is assumed and one question asks which (ADR-004), its answer ("the one on
  Boylston") picked from them next turn. None left: the rest of the mention is geocoded.
- Anything else is geocoded as before (the name first, then the address, street, ZIP or city);
  an address that is a catalog place's own is that place (its reviews and check-ins).
- Light memory (ADR-015): a new session starts from the restaurant the operator stated before
  only when the first message names none; a newly named restaurant replaces it, the answer says
  so, and the remembered baseline (stated for the other restaurant) is not carried over.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from kairos.core.geo import haversine_km
from kairos.core.place_kinds import SIGHT_KINDS
from kairos.errors import InvalidInput
from kairos.operator.answer_pick import mention_of, pick_answer
from kairos.operator.area_said import area_for, elsewhere_note, near_names
from kairos.operator.held_city import anchor_of, far_from, held_mention, held_places, unplaced
from kairos.operator.narrowing import bare_street, narrow, street_key
from kairos.operator.other_city import (
    held_elsewhere,
    other_city_question,
    outside,
    without_name,
)
from kairos.operator.proxies import named_near, not_in_catalog
from kairos.operator.reading import LocationMention
from kairos.operator.region_hold import outside_region, region_said, typed_name, typed_near
from kairos.operator.schemas import ResolvedLocation
from kairos.operator.short_names import ShortNames, merged
from kairos.operator.state import SessionState
from kairos.operator.street_near import on_street, other_spellings
from kairos.operator.street_short import read_street
from kairos.signals.geocoding.catalog import CatalogGeocoder, KnownPlace
from kairos.signals.geocoding.models import GeoMatch, check_location_text
from kairos.signals.geocoding.spotting import Spotted
from kairos.signals.service import Signals
from kairos.store.operator import CatalogPlace, OperatorStore

__all__ = ["Located", "Locator", "mention_of"]

PRECISE: Final = frozenset({"place", "address"})
MAX_CHOICES: Final = 3  # at most this many restaurants are offered in the one question


@dataclass
class Located:
    """One turn's locations and what the operator should be told about them."""

    locations: list[ResolvedLocation] = field(default_factory=list)
    leads: list[str] = field(default_factory=list)
    question: str | None = None
    choices: list[ResolvedLocation] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    """Restaurants named that the catalog does not hold (their street or area stands in)."""
    fitting: list[tuple[float, float]] = field(default_factory=list)
    """Where every place that fits the one question's mention is (more than the choices named
    when more fit)."""


class Locator:
    def __init__(self, *, signals: Signals, store: OperatorStore) -> None:
        self.signals = signals
        self.store = store
        self.short_names: ShortNames | None = None
        self.sights: frozenset[tuple[str, float, float]] = frozenset()

    @property
    def catalog(self) -> CatalogGeocoder | None:
        """The offline catalog geocoder, when it is the one configured (names are spotted only
        against a catalog Kairos holds)."""
        source = getattr(self.signals.geocoding, "source", None)
        return source if isinstance(source, CatalogGeocoder) else None

    async def load_names(self) -> None:
        """The catalog's names without their own kind's words (`short_names.py`), read from
        the store once."""
        catalog = self.catalog
        if self.short_names is None and catalog is not None:
            self.short_names = ShortNames(catalog, await self.store.named_categories())
            self.sights = await self.store.positions_of_kinds(SIGHT_KINDS)

    def spot(self, message: str) -> list[Spotted]:
        catalog = self.catalog
        if catalog is None:
            return []
        found = catalog.spot(message)
        return merged(found, self.short_names.spot(message)) if self.short_names else found

    def spot_restaurants(self, message: str) -> list[Spotted]:
        """`spot` without a catalog sight's name: "Banq on Washington St" spelled Washington
        Square Park (a park in New York, placed since d2999b6), read as a third restaurant;
        nor a name only like words typed in lower case ("lunch vs dinner" is not V's Diner,
        Orlando: a misspelt name is still one the operator writes as a name)."""
        kept = []
        for s in self.spot(message):
            if s.score < 100 and s.text == s.text.lower():
                continue
            own = [i for i in s.candidates if self._may_be_a_restaurant(self._place(i))]
            kept += [replace(s, candidates=own)] if own else []
        return kept

    def _place(self, i: int) -> KnownPlace:
        assert self.catalog is not None
        return self.catalog.places[i]

    # --- a turn's mentions ----------------------------------------------------------------------

    async def locate(
        self,
        message: str,
        mentions: Sequence[LocationMention],
        spotted: Sequence[Spotted],
        state: SessionState,
        refresh: bool,
    ) -> Located:
        out = Located()
        by_text = {s.text: s for s in spotted}
        named: dict[int, Spotted] = {}
        for mention in mentions:
            try:
                check_location_text(mention.text)
            except InvalidInput as exc:
                out.rejected.append(exc.detail)
                continue
            spot = by_text.get(mention.name or "")
            mention = read_street(self.catalog, mention, anchor_of(state.locations, out.locations))
            found = None
            if spot is not None:
                found = await self._named(message, mention, spot, state, out)
                bare = not (mention.address or mention.zip or mention.city)
                named.update({len(out.locations): spot} if found is not None and bare else {})
            if found is None:
                found = await self._resolve_held(mention, refresh, out, state)
                found = await area_for(
                    self.signals, self.catalog, message, mention, found, out.leads
                )
                if spot is not None and mention.where and self.catalog is not None:
                    own = [self.catalog.places[i].label for i in spot.candidates]
                    out.leads.append(elsewhere_note(spot.text, mention.where, found, own))
                if mention.name and found.kind != "place" and spot is None:
                    if (near := named_near(self.catalog, mention.name, found)) is not None:
                        out.locations.append(await self._resolved(near))  # "Fish Pier" there
                        continue
                    out.leads.append(
                        not_in_catalog(mention.name, found) + near_names(self.catalog, found)
                    )
                    out.unknown.append(mention.name)
            if spot is not None and (mention.address or mention.city or mention.zip):
                found = await self._held_elsewhere(mention, spot, found, state, refresh, out)
            out.locations.append(found)
        await self._hold_to_region(message, named, out)
        return out

    async def _held_elsewhere(
        self,
        mention: LocationMention,
        spot: Spotted,
        found: ResolvedLocation,
        state: SessionState,
        refresh: bool,
        out: Located,
    ) -> ResolvedLocation:
        """A name known only in other cities, said with a street or city of the one held: the
        street there, and one question (`other_city.py`), never another city's place."""
        assert self.catalog is not None
        anchor = anchor_of(state.locations, out.locations)
        known = [self.catalog.places[i] for i in spot.candidates]
        held = held_elsewhere(self.catalog, mention, found, anchor, known)
        if held is None:
            return found
        there = await self.resolve(without_name(mention, held[2]), refresh)
        if out.question is None or out.question.startswith(f"Which {spot.text}"):
            out.question = other_city_question(spot.text, mention, held[2], known)
            out.choices, out.fitting = [], []
            out.leads = [x for x in out.leads if not x.startswith(("I found", "I know", "I used"))]
        return there if not outside(there, held, any_kind=True) else unplaced(mention)

    async def _hold_to_region(self, message: str, named: dict[int, Spotted], out: Located) -> None:
        """A name said with no street, ZIP or city of its own whose place is far from every
        street, ZIP and city or neighbourhood the message names is not the operator's
        (`region_hold.py`): the name as typed near there, else not found; no question about
        it."""
        if self.catalog is None:
            return
        region = region_said(self.catalog, message, out.locations, named)
        for k, spot in named.items():
            if not outside_region(loc := out.locations[k], region):
                continue
            near = typed_near(self.catalog, typed_name(message, spot.start, spot.end), region)
            out.locations[k] = (
                await self._resolved(near) if near else unplaced(LocationMention(name=spot.text))
            )
            if any(c.label == loc.label for c in out.choices):
                out.question, out.choices, out.fitting = None, [], []
                out.leads = [x for x in out.leads if not x.startswith("I found")]

    async def _resolve_held(
        self, mention: LocationMention, refresh: bool, out: Located, state: SessionState
    ) -> ResolvedLocation:
        """`resolve`, held to the city of the restaurant already placed (`held_city.py`)."""
        found = await self.resolve(mention, refresh, out)
        anchor = anchor_of(state.locations, out.locations)
        held = held_mention(self.catalog, mention, anchor) if far_from(found, anchor) else None
        if held is None:
            return found
        found = await self.resolve(held, refresh, out)
        return unplaced(mention) if far_from(found, anchor) else found

    async def _named(
        self,
        message: str,
        mention: LocationMention,
        spot: Spotted,
        state: SessionState,
        out: Located,
    ) -> ResolvedLocation | None:
        catalog = self.catalog
        assert catalog is not None
        candidates = [catalog.places[i] for i in spot.candidates
                      if self._may_be_a_restaurant(catalog.places[i])]  # fmt: skip
        narrowed = narrow(catalog, candidates, mention, message, state)
        if (mention.address or bare_street(message, mention, on=True)) and self.short_names:
            narrowed = self._on_street(message, mention, spot, state, candidates, narrowed)
        narrowed = held_places(narrowed, mention, anchor_of(state.locations, out.locations))
        if not narrowed:
            return None  # said with what the name and street resolve to (`elsewhere_note`)
        chosen = [await self._resolved(p) for p in narrowed[:MAX_CHOICES]]
        if len(narrowed) > 1 and out.question is None:
            self._ask(
                out, f"Which {spot.text}", chosen, len(narrowed), f"places called {spot.text}"
            )
            out.fitting = [(p.lat, p.lng) for p in narrowed]
        return chosen[0]

    def _on_street(
        self,
        message: str,
        mention: LocationMention,
        spot: Spotted,
        state: SessionState,
        candidates: list[KnownPlace],
        narrowed: list[KnownPlace],
    ) -> list[KnownPlace]:
        """A name said with its street is looked for among every row the name can be, when
        none of its own rows is on that street: its short spelling's ("Upper Crust on
        Tremont": Upper Crust Pizzeria, 683 Tremont St, not The Upper Crust on Summer St) and
        the rows whose name opens with it ("Qdoba on Huntington Ave": QDOBA Mexican Eats,
        standing there with no address, not Qdoba, Cambridge)."""
        assert self.catalog is not None and self.short_names is not None
        street = street_key(mention.address) if mention.address else None
        street = street or bare_street(message, mention, on=True) or ""
        places = self.catalog.places
        if on_street(places, narrowed, street):
            return narrowed
        extra = other_spellings(places, spot, self.short_names.spot(message))
        more = [places[i] for i in extra if self._may_be_a_restaurant(places[i])]
        wider = narrow(self.catalog, [*candidates, *more], mention, message, state)
        return wider if more and on_street(places, wider, street) else narrowed

    def _may_be_a_restaurant(self, place: KnownPlace) -> bool:
        """A sight of the catalog (a park, a museum: `load_names` reads them once) is never the
        operator's restaurant."""
        return (place.name, place.lat, place.lng) not in self.sights

    @staticmethod
    def _ask(out: Located, which: str, chosen: list[ResolvedLocation], fit: int, what: str) -> None:
        """One question (ADR-004): which of the places that fit is theirs; with more than can
        be listed, their street tells them apart."""
        out.choices = chosen
        listed = "; ".join(c.label for c in chosen)
        if fit > len(chosen):
            out.question = f"{which} is yours? I know {fit}, e.g. {listed}: say its street."
        else:
            out.question = f"{which} is yours: {listed}?"
        out.leads.append(f"I found {fit} {what}; until you say which, I use {chosen[0].label}.")

    async def _resolved(self, place: KnownPlace) -> ResolvedLocation:
        row = await self.store.place_named_near(name=place.name, lat=place.lat, lng=place.lng)
        return ResolvedLocation(
            label=place.label,
            kind="place",
            lat=place.lat,
            lng=place.lng,
            place_id=row.id if row else None,
            resolved=True,
        )

    async def resolve(
        self, mention: LocationMention, refresh: bool, out: Located | None = None
    ) -> ResolvedLocation:
        """The place's name first (its reviews and check-ins), then the address or street, then
        the ZIP or city. An address that is a catalog place's own is that place; several places
        at that address are asked about (`out`). A mention without a name is never matched to a
        place by its name ("L St" is a street, not "Abo's on Pearl Street Pizza")."""
        tries = list(dict.fromkeys(t for t in (mention.text, mention.where) if t))
        for n, text in enumerate(tries):
            answer = await self.signals.geocode(text, limit=MAX_CHOICES + 3, refresh=refresh)
            if answer.data is None:
                continue
            matches = [m for m in answer.data.matches if mention.name or m.kind != "place"]
            place: CatalogPlace | None = None
            while matches and matches[0].kind in PRECISE:
                place = await self._place_of(matches[0].label, matches[0].lat, matches[0].lng)
                if place is None or place.kind not in SIGHT_KINDS:
                    break
                # a sight at a like address ("1145 17th St NW, Washington DC" for "1145
                # Washington St") is never the operator's restaurant: its street stands in
                matches, place = matches[1:], None
                if not matches and (street := _HOUSE_NUMBER.sub("", text)) not in tries:
                    tries.append(street)
            if not matches:
                continue
            match = matches[0]
            if match.kind == "city" and n + 1 < len(tries):
                continue  # an unknown name with its street: the street, not the city's centre
            found = ResolvedLocation(
                label=match.label,
                kind="place" if place is not None else match.kind,
                lat=match.lat,
                lng=match.lng,
                place_id=place.id if place else None,
                resolved=match.kind in PRECISE,
            )
            if match.kind == "address" and out is not None and out.question is None:
                await self._same_address(found, match.score, matches, mention, out)
            return found
        return ResolvedLocation(label=mention.text, kind="unresolved", resolved=False)

    async def _place_of(self, label: str, lat: float, lng: float) -> CatalogPlace | None:
        """The store's row of a catalog place the geocoder matched ("Cambridge, 1., 1381
        Boylston St": a name may hold a comma, so each cut of the label is tried)."""
        parts = label.split(",")
        for cut in range(1, len(parts) + 1):
            place = await self.store.place_named_near(
                name=",".join(parts[:cut]).strip(), lat=lat, lng=lng
            )
            if place is not None:
                return place
        return None

    async def _same_address(
        self,
        found: ResolvedLocation,
        score: float,
        matches: Sequence[GeoMatch],
        mention: LocationMention,
        out: Located,
    ) -> None:
        """Two places at the address said ("140 Boylston St": Troquet and Le Patissier at
        Troquet) are one question, not a guess."""
        here = (found.lat or 0.0, found.lng or 0.0)
        same = [m for m in matches[1:] if m.kind == "address" and m.score >= score
                and haversine_km(m.lat, m.lng, *here) <= _SAME_ADDRESS_KM]  # fmt: skip
        if not same:
            return
        others = []
        for m in same[: MAX_CHOICES - 1]:
            row = await self._place_of(m.label, m.lat, m.lng)
            others.append(ResolvedLocation(label=m.label, kind="place" if row else "address",
                                           lat=m.lat, lng=m.lng, place_id=row.id if row else None,
                                           resolved=True))  # fmt: skip
        chosen = [found, *others]
        at = mention.where or mention.text
        self._ask(out, f"Which place at {at}", chosen, len(same) + 1, f"places at {at}")
        out.fitting = [(c.lat or 0.0, c.lng or 0.0) for c in chosen]

    # --- answers to the question, and memory ----------------------------------------------------

    pick = staticmethod(pick_answer)


_SAME_ADDRESS_KM: Final = 0.3
"""Two catalog places matched at one house number this close share it (sources place one
building up to ~100 m apart)."""

_HOUSE_NUMBER = re.compile(r"^\s*\d+[a-z]?\s+(?=\S)", re.IGNORECASE)

"""The fetch and decide steps of a turn (ADR-001): for each restaurant the answer is about, its
catalog row, the outside signals and its reviews on one tool budget, its demand shape and guest
snapshot, the signal pack (a what-if laid over it, never saved), and the card's decision."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from kairos.operator.cafe_listing import cafe_day
from kairos.operator.counter_said import counter_categories
from kairos.operator.demand import DemandModel, DemandShape
from kairos.operator.event_venue import placed
from kairos.operator.guest_signals import snapshot
from kairos.operator.lean import lean_categories, leaned, orders_led, shape_categories
from kairos.operator.opportunity import NEIGHBOUR_KM, Neighbours
from kairos.operator.proxies import proxy_snapshot
from kairos.operator.reading import Reading
from kairos.operator.rules import Decision, SignalPack, decide
from kairos.operator.schemas import GuestSnapshot, ResolvedLocation, SourceStatus
from kairos.operator.service_kind import listing_categories
from kairos.operator.sources import ReviewList, ReviewsQuery, ToolBudget, fetch_pack
from kairos.operator.state import SessionState
from kairos.operator.stated_events import stated_events
from kairos.operator.turn import Turn
from kairos.operator.what_if import apply_scenario
from kairos.signals.client import SignalClient
from kairos.signals.geocoding.catalog import CatalogGeocoder
from kairos.signals.service import Signals
from kairos.store.operator import OperatorStore


@dataclass
class Gathered:
    """What the turn's targets gave: one decision and one demand shape per target, the sources'
    statuses (a timeout or error kept over an answer), and the guest snapshot, if any."""

    decisions: list[Decision] = field(default_factory=list)
    shapes: list[DemandShape] = field(default_factory=list)
    statuses: dict[str, SourceStatus] = field(default_factory=dict)
    guests: GuestSnapshot | None = None
    budget: ToolBudget = field(default_factory=ToolBudget)


async def gather(
    *,
    store: OperatorStore,
    signals: Signals,
    reviews: SignalClient[ReviewsQuery, ReviewList],
    catalog: CatalogGeocoder | None,
    model: DemandModel,
    targets: list[ResolvedLocation],
    reading: Reading,
    state: SessionState,
    turn: Turn,
    days: list[date],
    window: tuple[date, date],
    refresh: bool,
    today: date | None = None,
) -> Gathered:
    out = Gathered()
    guests = None
    for loc in targets:
        assert loc.lat is not None and loc.lng is not None
        place = await store.place_by_id(place_id=loc.place_id) if loc.place_id is not None else None
        fetched = await fetch_pack(
            signals=signals,
            reviews=reviews,
            card=state.card,
            lat=loc.lat,
            lng=loc.lng,
            days=days,
            place_id=loc.place_id,
            want_reviews=reading.expand or reading.why or reading.ask == "fix_first",
            refresh=refresh,
            budget=out.budget,
        )
        for name, status in fetched.statuses.items():
            out.statuses.setdefault(name, status)
            if status.status in ("timeout", "error"):
                out.statuses[name] = status
        for name in fetched.timeouts:
            turn.event("source.timeout", source=name)
        own = state.place_baselines.get(loc.label, state.baseline)
        listed = (
            cafe_day(model, loc.place_id, place.categories, place.name, place.hours)
            if place is not None and state.lean is None
            else None
        )  # a lean the operator said wins over the listing
        shape = listed or leaned(
            model.shape(
                place_id=loc.place_id,
                categories=shape_categories(place.categories if place else [], state.lean),
            ),
            state.lean,
        )
        out.shapes.append(shape)
        if place is None and reading.expand:
            guests = guests or await proxy_snapshot(catalog, store, loc, days[0])
        if fetched.reviews is not None and place is not None:
            guests = guests or snapshot(
                place=place.name,
                place_id=place.id,
                reviews=fetched.reviews,
                as_of=window[0],
                expand=reading.expand,
            )
        pack = SignalPack(
            location=loc.label,
            days=days,
            demand=shape,
            baseline_covers=own.covers if own else None,
            baseline_weekday=own.weekday if own else None,
            baseline_daypart=own.daypart if own else None,
            weather=fetched.weather,
            school=fetched.school,
            events=fetched.events.events if fetched.events else None,
            closures=fetched.closures.closures if fetched.closures else None,
            guests=guests if place is not None and guests and guests.place_id == place.id
            else None,
            daypart=state.daypart,
            checkins=model.hourly_of(loc.place_id),
            categories=orders_led(counter_categories(lean_categories(
                listing_categories(place.categories, place.waiter_service) if place else None,
                state.lean), state.counter), own.unit if own else None),
            neighbours=Neighbours(*model.neighbours(loc.place_id, loc.lat, loc.lng,
                                                    NEIGHBOUR_KM)),
            today=today,
        )  # fmt: skip
        said = stated_events(days, state.events_said, state.event_venues)
        if said and (reading.what_if is None or reading.what_if.kind != "event"):
            pack.events = [*(pack.events or []), *said]  # a fact the operator gave, not a what-if
        if reading.what_if is not None:
            pack, turn.scenario = apply_scenario(pack, reading)
            turn.event("what_if", kind=reading.what_if.kind)
        if pack.events:  # a venue the operator named, measured from this restaurant
            pack.events = placed(pack.events, loc.lat, loc.lng)
        label = loc.label if len(targets) > 1 else None
        out.decisions.append(decide(pack, state.card, location_label=label))
    out.guests = guests
    return out

"""`POST /trips/intent`: a traveller's words → the seed's pipeline. The intent decides what
happens: discovery plans a trip, refine_trip_day edits one day of a trip, enrich_petal answers
about one place (its hours, visit length, source and licence, and what is still unknown)."""

from __future__ import annotations

import logging
import re
import uuid
from datetime import timedelta
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field

from kairos.core.allergens import SEVERITY_RISK, Severity
from kairos.core.allergy_profile import AllergyProfile
from kairos.core.geo import haversine_km
from kairos.errors import Conflict, InvalidInput
from kairos.profiles.schemas import UserPublic
from kairos.profiles.travel import Companions
from kairos.signals.geocoding.cities import find_city
from kairos.trips.airports import airport_of, airport_said, layover_asked
from kairos.trips.day_notes import SHORT_SAID
from kairos.trips.edit_words import Move, also_added, changed_words, move_asked, roomiest_day
from kairos.trips.gentle import gentle_for
from kairos.trips.intent import Intent, IntentFilters, TripWindow, classify, normalise
from kairos.trips.intent_cues import cues, tokens
from kairos.trips.intent_hours import hours_said, said_hours
from kairos.trips.named_places import ASKED_SAID
from kairos.trips.product import TripsProduct
from kairos.trips.said_allergy import SAID_ALLERGY, said_allergens
from kairos.trips.schemas import TripCreate, TripView
from kairos.trips.sun_words import sun_note
from kairos.trips.unmet_words import unmet_note, unmet_phrases
from kairos.trips.weather_words import is_outdoors, weather_note, weather_said

__all__ = ["IntentAnswer", "IntentBody", "answer_intent"]

logger = logging.getLogger("kairos.trips")

SWAP_TARGETS: Final = {"indoors": "culture", "outdoors": "outdoors", "culture": "culture",
                       "sights": "sights", "spiritual": "spiritual"}  # fmt: skip
DEFAULT_DAYS: Final = 3
UNNAMED: Final = frozenset({"that stop", "this stop", "stop", "it", "that", "this", "one"})
SAME_AREA_KM: Final = 25.0
"""A second place named within this of the trip's city is part of it (Brooklyn on a New York
trip), not another city left out."""


class IntentBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    raw_text: str = Field(default="", max_length=1000)
    trip_id: uuid.UUID | None = None
    filters: IntentFilters | None = None
    channel: str = Field(default="web", pattern="^(web|mobile|system_recommendation)$")
    locale: str = Field(default="en", max_length=16)


class IntentAnswer(BaseModel):
    intent_id: str
    intent: Intent
    message: str
    trip: TripView | None = None
    place: dict[str, Any] | None = None


async def answer_intent(
    product: TripsProduct, user: UserPublic, body: IntentBody, embedder: Any
) -> IntentAnswer:
    intent_id = uuid.uuid4().hex
    today = product.today()
    request = normalise(body.raw_text, profile_id=str(user.uid),
                        trip_id=str(body.trip_id) if body.trip_id else None, filters=body.filters,
                        channel=body.channel, locale=body.locale, today=today)  # type: ignore[arg-type]  # fmt: skip
    trip_view = await product.read(user, body.trip_id) if body.trip_id else None
    window = TripWindow(trip_view.start_date, len(trip_view.days)) if trip_view else None
    intent = classify(request, embedder=embedder, trip=window)
    if (
        trip_view is not None
        and intent.intent_type == "discovery"
        and (said := _stops_unnamed(body.raw_text, trip_view)) != body.raw_text
    ):
        # a stop's name ("Hong San See Temple Singapore") is no new trip's city or kind
        asked = normalise(said, profile_id=str(user.uid), trip_id=str(body.trip_id),
                          filters=body.filters, locale=body.locale, today=today,
                          channel=body.channel)  # type: ignore[arg-type]  # fmt: skip
        again = classify(asked, embedder=embedder, trip=window)
        if again.intent_type == "refine_trip_day" or again.change is not None:
            intent = again
    logger.info("intent %s: %s (%s, %.2f)", intent_id, intent.intent_type, intent.method,
                intent.confidence)  # fmt: skip
    if trip_view is not None and body.trip_id is not None:
        checked = trip_view.allergies_checked
        new = tuple(a for a in said_allergens(body.raw_text)
                    if checked.get(a) not in ("severe", "anaphylactic"))  # fmt: skip
        if new:
            # an allergy said on a trip: every place to eat is checked for it before anything
            trip_view = await product.say_allergies(user, body.trip_id, new)
            if intent.intent_type != "refine_trip_day":
                note = next((n for n in trip_view.notes if n.startswith(SAID_ALLERGY)), "")
                return IntentAnswer(intent_id=intent_id, intent=intent, trip=trip_view,
                                    message=note or "Your allergies are checked at every place "
                                    "to eat.")  # fmt: skip
    if trip_view is not None and intent.change is not None and intent.change.kind == "swap":
        day = intent.day_index or _day_named(request.raw_text, trip_view)
        intent = intent.model_copy(update={"intent_type": "refine_trip_day", "day_index": day})
    if intent.intent_type == "discovery":
        f = request.filters
        if not f.city:
            raise InvalidInput("name a city to plan a trip, e.g. '3 days in Delhi next week'")
        if find_city(f.city) is None and await product.retrieval.catalogue_centre(f.city) is None:
            # a chat answers in words: the traveller learns where Kairos can plan instead
            known = await product.retrieval.plannable_cities()
            return IntentAnswer(intent_id=intent_id, intent=intent,
                                message=unknown_city_message(f.city, known))  # fmt: skip
        start = f.start or today + timedelta(days=1)
        days = f.days or (((f.end - start).days + 1) if f.end else DEFAULT_DAYS)
        port = airport_of(f.city) if layover_asked(request.raw_text) else None
        gentle = None if f.pace else gentle_for(request.raw_text, f.accessibility)
        create = TripCreate(
            city=f.city, start_date=start, days=max(1, min(days, 14)),
            pace=f.pace or ("relaxed" if gentle else None), mode=f.mode,
            companions=_companions(f.companions),
            interests=request.raw_text,
            tags=[t for t in f.tags if t][:10], accessibility=True if f.accessibility else None,
            free_days=[d for d in f.free_days if d <= max(1, min(days, 14))],
            hotel=(port.lat, port.lng) if port is not None else None,
        )  # fmt: skip
        trip = await product.create(user, create)
        logger.info("intent %s: trip %s planned, verified=%s", intent_id, trip.trip_id,
                    trip.verified)  # fmt: skip
        short = next((n for n in trip.notes if n.startswith(SHORT_SAID)), None)
        said = (f"A {trip.pace} {len(trip.days)}-day trip in {trip.city}." if short is None
                else f"A {trip.pace} trip in {trip.city}: {short[len(SHORT_SAID):]}")  # fmt: skip
        # a place the traveller named and the trip leaves out is said first, with why
        others = _other_cities_said(body.raw_text, trip.city, len(trip.days))
        # an allergy said in the words is checked, and said before anything else
        allergy = [n for n in trip.notes if n.startswith(SAID_ALLERGY)][:1]
        hours = hours_said(said_hours(body.raw_text, len(trip.days)))  # "9am to 6pm", read
        named = [n for n in trip.notes if n.startswith(ASKED_SAID)]
        named = [*_weather(body.raw_text, trip), *named, *_unmet(body.raw_text, trip)]
        sun = sun_note(body.raw_text, trip.city, [d.date for d in trip.days])
        named += [sun] if sun else []
        slow = f"Relaxed days, as you said '{gentle}'." if gentle else None
        hours = " ".join(x for x in (hours, airport_said(port) if port else None, slow) if x)
        said = " ".join([*allergy, said, *([hours] if hours else []), *named, *others])
        return IntentAnswer(intent_id=intent_id, intent=intent, trip=trip, message=said)
    if intent.intent_type == "refine_trip_day":
        if trip_view is None or body.trip_id is None:
            raise InvalidInput("to change a day, send the trip_id of the trip to change")
        if (move := move_asked(request.raw_text, trip_view)) is not None:
            return await _moved(product, user, body.trip_id, trip_view, move, intent, intent_id)
        stop_word = intent.change.stop if intent.change is not None else None
        lead = ""
        if intent.day_index is None and stop_word and stop_word.lower() not in UNNAMED:
            # "skip the zoo": the day of the stop the word names, or no such stop, said
            holding = _days_of_word(stop_word, trip_view)
            added = also_added(request.raw_text) if not holding else None
            if not holding and added is None:
                return IntentAnswer(intent_id=intent_id, intent=intent, trip=trip_view,
                                    message=_no_such_stop(stop_word, trip_view))  # fmt: skip
            if added is not None:  # "skip the zoo, add another memorial": no zoo; the add
                lead = f"No stop of this trip is a {stop_word}, so none is taken out. "
                intent = intent.model_copy(update={"change": added})
            else:
                intent = intent.model_copy(update={"day_index": holding[0]})
        if intent.day_index is None and intent.change is not None and intent.change.kind == "add":
            intent = intent.model_copy(update={"day_index": roomiest_day(trip_view)})
        if intent.day_index is None:
            raise InvalidInput("say which day to change, e.g. 'make day 2 more relaxed'")
        edit = _edit(intent, trip_view, request.raw_text)
        try:
            trip = await product.edit(user, body.trip_id, edit)
        except Conflict as refused:
            # a locked stop asked to be swapped: the trip stays as it was, and says why
            return IntentAnswer(intent_id=intent_id, intent=intent, trip=trip_view,
                                message=f"Nothing changed: {refused.detail}.")  # fmt: skip
        return IntentAnswer(intent_id=intent_id, intent=intent, trip=trip,
                            message=lead + changed_words(trip, intent.day_index))  # fmt: skip
    # on a trip, a place is checked for what its meals were checked for (said allergies too)
    allergies = _trip_allergies(user.allergies, trip_view)
    return IntentAnswer(intent_id=intent_id, intent=intent,
                        place=await product.about(intent.petal or request.raw_text, trip_view,
                                                  allergies),
                        message=f"About {intent.petal or 'that place'}.")  # fmt: skip


async def _moved(
    product: TripsProduct,
    user: UserPublic,
    trip_id: uuid.UUID,
    trip: TripView,
    move: Move,
    intent: Intent,
    intent_id: str,
) -> IntentAnswer:
    """ "move sentosa to day 1": the stop locked on that day (the trip planned again around it),
    or said already there; never a refusal of the words."""
    if move.now == move.day:
        said = f"Nothing changed: {move.name} is already on day {move.day}."
        return IntentAnswer(intent_id=intent_id, intent=intent, trip=trip, message=said)
    edit = {"kind": "lock", "place_id": move.place_id, "day": move.day, "start": None}
    try:
        moved = await product.edit(user, trip_id, edit)
    except Conflict as refused:
        return IntentAnswer(intent_id=intent_id, intent=intent, trip=trip,
                            message=f"Nothing changed: {refused.detail}.")  # fmt: skip
    said = (f"{move.name} moved to day {move.day} and locked there (unlock it to let the "
            "planner place it again); the days were planned again around it.")  # fmt: skip
    return IntentAnswer(intent_id=intent_id, intent=intent, trip=moved, message=said)


def _trip_allergies(profile: AllergyProfile, trip: TripView | None) -> AllergyProfile:
    """The profile, with the allergies the trip's meals were also checked for (said in its
    words) after its own, never at a lower severity."""
    levels: dict[str, Severity] = dict(profile.resolved_severities())
    for allergen, level in (trip.allergies_checked if trip is not None else {}).items():
        if allergen not in levels or SEVERITY_RISK[level] > SEVERITY_RISK[levels[allergen]]:
            levels[allergen] = level
    if levels == profile.resolved_severities():
        return profile
    return AllergyProfile.of_levels(levels)


def _other_cities_said(text: str, planned: str, days: int) -> list[str]:
    """A second city the words name ("Osaka and Kyoto in 2 days"), said plainly as not in
    this trip: a trip covers one city, the first named."""
    here = find_city(planned)
    others = list(dict.fromkeys(
        hit.value for hit in cues().cities.find(tokens(text))
        if (there := find_city(hit.value)) is not None and there != here
        and (here is None or haversine_km(here.lat, here.lng, there.lat, there.lng) > SAME_AREA_KM)
    ))  # fmt: skip
    if not others:
        return []
    names, one = " and ".join(others), len(others) == 1
    length = "1 day" if days == 1 else f"{days} days"
    return [f"{names} {'is' if one else 'are'} not planned: a trip covers one city, so this one "
            f"is {length} in {planned}; ask for {names} as a trip of {'its' if one else 'their'} "
            "own."]  # fmt: skip


def unknown_city_message(city: str, known: list[str]) -> str:
    """A city the catalogue does not hold, said as a sentence naming the cities it does."""
    named = sorted({c.name for c in (find_city(k) for k in known) if c is not None})
    where = f"It can plan trips in {', '.join(named)}." if named else "It holds no city yet."
    return f"Kairos knows no places to visit in {city}, so it cannot plan a trip there. {where}"


COMPANIONS: dict[str, Companions] = {
    "kids": "family_with_kids", "family": "family_with_kids", "teens": "family_with_kids",
    "partner": "partner", "friends": "friends", "solo": "solo",
}  # fmt: skip
"""The intent's companion words → the profile's companions (others, e.g. elderly, are not one)."""


def _weather(text: str, trip: TripView) -> list[str]:
    """The weather ask read ("rainy", "-20"), with the stops outdoors the trip still has."""
    if (said := weather_said(text)) is None:
        return []
    out = [s.name for d in trip.days for s in d.slots
           if s.kind == "stop" and is_outdoors(s.place_kind, None, s.name)]  # fmt: skip
    return [weather_note(said, out)]


def _unmet(text: str, trip: TripView) -> list[str]:
    """What the words ask for that nothing of the trip answers, said by name ('anime')."""
    held = [s.name for d in trip.days for s in d.slots] + [*trip.notes]
    note = unmet_note(unmet_phrases(text, trip.city, held), trip.city)
    return [note] if note else []


def _companions(said: list[str]) -> Companions | None:
    return next((COMPANIONS[c] for c in said if c in COMPANIONS), None)


def _plain(text: str) -> list[str]:
    return re.findall(r"[0-9a-z]+", text.lower())


def _stops_unnamed(text: str, trip: TripView) -> str:
    """`text` with the names of the trip's stops it holds said as 'that stop'."""
    said = " ".join(_plain(text))
    names = sorted({" ".join(_plain(s.name)) for d in trip.days for s in d.slots
                    if s.kind == "stop"}, key=len, reverse=True)  # fmt: skip
    for name in names:
        if name and f" {name} " in f" {said} ":
            said = f" {said} ".replace(f" {name} ", " that stop ").strip()
    return said if said != " ".join(_plain(text)) else text


def _day_named(text: str, trip: TripView) -> int | None:
    """The day of the stop the words name ("swap Casa Loma for a museum"), the longest name
    found first; None when no stop is named."""
    said = f" {' '.join(_plain(text))} "
    found = [(len(s.name), d.index) for d in trip.days for s in d.slots
             if s.kind == "stop" and f" {' '.join(_plain(s.name))} " in said]  # fmt: skip
    return max(found)[1] if found else None


def _days_of_word(word: str, trip: TripView) -> list[int]:
    """The days holding a stop the word names by its name or its kind ("zoo", "museum")."""
    said = " ".join(_plain(word))
    one = said[:-1] if said.endswith("s") else said
    return sorted({d.index for d in trip.days for s in d.slots if s.kind == "stop" and (
        s.place_kind in (said, one) or f" {said} " in f" {' '.join(_plain(s.name))} "
        or f" {one} " in f" {' '.join(_plain(s.name))} ")})  # fmt: skip


def _no_such_stop(word: str, trip: TripView) -> str:
    """Nothing changed: no stop is what the words name; the stops there are, by day."""
    stops = "; ".join(f"day {d.index}: " + ", ".join(s.name for s in d.slots if s.kind == "stop")
                      for d in trip.days if any(s.kind == "stop" for s in d.slots))  # fmt: skip
    return (
        f"Nothing changed: no stop of this trip is a {word} or named '{word}'. Its stops are "
        f"{stops}. Name one of them, or a day ('swap day 2's museum for a park')."
    )


def _edit(intent: Intent, trip: TripView, text: str = "") -> dict[str, Any]:
    assert intent.day_index is not None
    _text = " ".join(_plain(text))
    change = intent.change
    kind = change.kind if change else None
    if kind == "more_relaxed":
        return {"kind": "refine", "day": intent.day_index, "change": "more_relaxed"}
    if kind == "add" and change is not None and change.target not in (None, "food"):
        added = SWAP_TARGETS.get(change.target or "", change.target)
        return {"kind": "refine", "day": intent.day_index, "change": "add", "want": added}
    if kind == "swap" and change is not None:
        want = SWAP_TARGETS.get(change.target or "", change.target)
        if not want or want == "food":
            raise InvalidInput(
                "say what to swap to: outdoors, indoors, culture, sights or spiritual"
            )
        day = next((d for d in trip.days if d.index == intent.day_index), None)
        stops = [s for s in day.slots if s.kind == "stop"] if day else []
        if not stops:
            raise InvalidInput(f"day {intent.day_index} has no stop to swap")
        said = f" {' '.join(_plain(change.stop or ''))} "
        # a stop named in full wins over one a word fits ("Museum of the Bible", not the
        # day's last museum), the longest name first
        exact = [s for s in stops if f" {' '.join(_plain(s.name))} " in f" {_text} "]
        named = [s for s in stops
                 if (change.stop and change.stop.lower() in f"{s.name} {s.place_kind}".lower())
                 or (said.strip() and said in f" {' '.join(_plain(s.name))} ")]  # fmt: skip
        chosen = max(exact, key=lambda s: len(s.name)) if exact else (named or stops)[-1]
        return {"kind": "refine", "day": intent.day_index, "change": "swap",
                "place_id": chosen.place_id, "want": want}  # fmt: skip
    raise InvalidInput(
        "this change is not supported yet; try 'make day 2 more relaxed' or 'swap the museum on "
        "day 3 for something outdoors'"
    )

"""A stored trip rendered for other programs and for paper: an iCalendar file (RFC 5545), a
GeoJSON FeatureCollection (RFC 7946) and a page to print.

- iCalendar: one VEVENT per slot with UID, DTSTAMP, DTSTART / DTEND in the city's time zone
  (`TZID`, with its VTIMEZONE), SUMMARY, LOCATION (the place and the city), GEO and a
  description that opens with what to check (opening hours nobody could check) and a meal's
  allergy check in words.
- GeoJSON: a Point per slot ([lng, lat]) and a LineString per day of two or more slots.
- The page: the verdict first ("Verified …" only when every check ran and passed, else what to
  check before going), the days, the checks (passed, failed, not checked) and the sources.
"""

from __future__ import annotations

import html
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, Final
from zoneinfo import ZoneInfo

from icalendar import Calendar
from icalendar import Event as CalendarEvent

from kairos.pipeline.safety import AllergyCheck
from kairos.trips.daylight import trip_zone
from kairos.trips.phrasing import MODE_WORDS
from kairos.trips.schemas import SlotView, TripView

__all__ = ["allergy_lines", "calendar_bytes", "geojson_of", "printable_html", "trip_zone"]

LEVEL_WORDS: Final = {"danger": "DANGER", "warning": "WARNING", "caution": "CAUTION",
                      "info": "NOTE"}  # fmt: skip
RISK_WORDS: Final = {"danger": "Danger", "warning": "Warning", "caution": "Caution", "info": "Note"}
CHECK_MARKS: Final = {"passed": "✓ passed", "failed": "✗ failed", "not_checked": "? not checked"}


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def verdict_words(check: AllergyCheck) -> str:
    """The check in the words every view uses (web/js/allergy-words.js): a place nothing is known
    of is "Unknown", never "no known risk"."""
    if check.verdict == "no_allergies":
        return "No allergies given, so none were checked"
    if check.verdict == "excluded":
        return f"Left out: known to contain {_listed([r.name for r in check.risks])}"
    if check.risks:
        return "; ".join(
            f"{RISK_WORDS.get(r.level, r.level)}: "
            f"{'contains' if r.status == 'contains' else 'may contain'} {r.name}"
            for r in check.risks
        )
    if check.verdict == "caution":
        return "Check before you eat: not every allergen could be checked"
    if check.basis == "none":
        return "Unknown: no menu or reviews"
    whose = (
        "your allergies"
        if check.checked_for == ["you"]
        else f"the allergies of {_listed(check.checked_for)}"
    )
    if check.basis == "cuisine_heuristic":
        return f"No known risk for {whose}, judged from its cuisine only"
    return f"No known risk for {whose}"


def allergy_lines(slot: SlotView) -> list[str]:
    """A meal's allergy check in words, for the calendar and the printed page: the summary, why
    a place with a known risk was kept, each risk (its level, for whom, its message), and how far
    the knowledge goes. A stop (not a place to eat) has none: nothing to eat is planned there."""
    check = slot.allergy
    if slot.kind == "stop" or check.verdict == "not_food":
        return []
    lines = [f"Allergies ({', '.join(check.checked_for)}): {verdict_words(check)}. {check.summary}"]
    if slot.risk_reason:
        lines.append(f"Why this place: {slot.risk_reason}")
    lines += [
        f"{LEVEL_WORDS.get(r.level, r.level.upper())}: {r.name}, for {', '.join(r.who)}: "
        f"{r.message}"
        for r in check.risks
    ]
    if check.note and check.verdict != "no_allergies":
        lines.append(check.note)
    return lines


def _hours_line(slot: SlotView) -> list[str]:
    if slot.hours == "closed":
        return ["CLOSED for part of this slot, by its source's opening hours."]
    return [slot.hours_check] if slot.hours_check else []


def _when(day: date, hhmm: str, zone: ZoneInfo) -> datetime:
    hours, minutes = map(int, hhmm.split(":"))
    return datetime.combine(day, time(hours % 24, minutes), tzinfo=zone)


def calendar_bytes(view: TripView, now: datetime | None = None) -> bytes:
    """The trip as an iCalendar file (see the module)."""
    zone = trip_zone(view.city)
    stamp = (now or datetime.now(UTC)).astimezone(UTC)
    cal = Calendar()
    cal.add("prodid", "-//Kairos//trips//EN")
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-timezone", zone.key)
    for d in view.days:
        for i, s in enumerate(d.slots):
            event = CalendarEvent()
            event.add("uid", f"{view.trip_id}-{d.index}-{i}-{s.place_id}@kairos")
            event.add("dtstamp", stamp)
            event.add("summary", s.name if s.kind == "stop" else f"{s.kind.title()}: {s.name}")
            start, end = _when(d.date, s.start, zone), _when(d.date, s.end, zone)
            event.add("dtstart", start)
            event.add("dtend", end if end > start else end + timedelta(days=1))  # past midnight
            event.add("location", f"{s.name}, {s.address or view.city}")
            if s.position_known:
                event.add("geo", (s.lat, s.lng))
            lines = [*_hours_line(s), *allergy_lines(s), f"Source: {s.source} ({s.licence})"]
            event.add("description", "\n".join(lines))
            cal.add_component(event)
    cal.add_missing_timezones()
    return bytes(cal.to_ical())


def geojson_of(view: TripView) -> dict[str, Any]:
    """A point per slot and a line per day, in visiting order (RFC 7946: [lng, lat])."""
    features: list[dict[str, Any]] = []
    for d in view.days:
        for order, s in enumerate(d.slots, start=1):
            if not s.position_known:
                continue  # the city's centre stands in for it: not a place on a map
            features.append({
                "type": "Feature",
                "geometry": {"type": "Point", "coordinates": [s.lng, s.lat]},
                "properties": {"day": d.index, "order": order, "name": s.name, "kind": s.kind,
                               "start": s.start, "end": s.end, "licence": s.licence,
                               "hours": s.hours, "hours_check": s.hours_check,
                               "allergy_verdict": s.allergy.verdict,
                               "allergy_summary": s.allergy.summary},
            })  # fmt: skip
        placed = [s for s in d.slots if s.position_known]
        if len(placed) > 1:
            features.append({
                "type": "Feature",
                "geometry": {"type": "LineString",
                             "coordinates": [[s.lng, s.lat] for s in placed]},
                "properties": {"day": d.index},
            })  # fmt: skip
    return {"type": "FeatureCollection", "features": features}


STEP_FREE_WORDS: Final = {
    "yes": "marked wheelchair accessible by its source",
    "no": "its source says not wheelchair accessible",
    "unknown": "unknown, its source says nothing: check before you go",
}


def printable_html(view: TripView) -> str:
    """The trip as a page to print, every value escaped (see the module)."""
    e = html.escape
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>Trip to {e(view.city)}</title><style>body{{font:14px/1.4 system-ui;"
        "max-width:48rem;margin:2rem auto}td{padding:.2rem .6rem;vertical-align:top}"
        ".allergy ul{margin:0 0 .4rem;padding-left:1.2rem}.verdict{font-weight:600}"
        "</style></head><body>",
        f"<h1>{e(view.city)}, {len(view.days)} day{'' if len(view.days) == 1 else 's'} "
        f"from {view.start_date:%a %d %b %Y}</h1>",
        f"<p>{e(view.pace.capitalize())} pace, {e(MODE_WORDS.get(view.mode, view.mode))}.</p>",
        f"<p class='verdict'>{e(view.verdict)}</p>",
    ]
    if view.to_check:
        parts.append("<h2>Check before you go</h2><ul class='to-check'>")
        parts += [f"<li>{e(c.advice)}</li>" for c in view.to_check]
        parts.append("</ul>")
    parts += [
        f"<p>{e(view.overview)}</p>" if view.overview else "",
        f"<p><small>{e(view.disclaimer)}</small></p>" if view.disclaimer else "",
    ]
    for d in view.days:
        parts.append(f"<h2>Day {d.index}: {d.date:%A %d %B}</h2>")
        if d.summary:
            parts.append(f"<p>{e(d.summary)}</p>")
        parts.append("<table>")
        for s in d.slots:
            label = e(s.name) if s.kind == "stop" else f"{s.kind.title()}: {e(s.name)}"
            if not s.position_known:
                at = f": {e(s.address)}" if s.address else ""
                label += (f"<br><small>no position in its source{at}; the travel time is an "
                          "allowance, not a measure</small>")  # fmt: skip
            if view.accessibility and s.kind == "stop":
                label += f"<br><small>step-free: {e(STEP_FREE_WORDS[s.step_free])}</small>"
            hours = {"open": "open then (hours checked)", "closed": "CLOSED then",
                     "unknown": "opening hours not checked"}[s.hours]  # fmt: skip
            parts.append(
                f"<tr><td>{s.start}–{s.end}</td><td>{label}<br><small>{hours}</small></td>"
                f"<td>{s.travel_minutes} min travel</td><td><small>{e(s.licence)}</small></td></tr>"
            )
            if lines := allergy_lines(s):
                parts.append("<tr><td></td><td colspan='3' class='allergy'><ul>"
                             + "".join(f"<li>{e(line)}</li>" for line in lines)
                             + "</ul></td></tr>")  # fmt: skip
        parts.append("</table>")
        parts += [f"<p><em>{e(n)}</em></p>" for n in d.notes]
    parts.append("<h2>Checks</h2><ul>")
    parts += [f"<li>{CHECK_MARKS[c.status]} {e(c.constraint)}: {e(c.detail)}</li>"
              for c in view.verification]  # fmt: skip
    parts.append("</ul><h2>Sources</h2><ul>")
    parts += [f"<li>{e(a)}</li>" for a in view.attribution]
    parts.append("</ul></body></html>")
    return "".join(parts)

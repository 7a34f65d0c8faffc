"""Exports that validate (issue 34): the trip's iCalendar file read back by the `icalendar`
library and by a second, independent reader written here from RFC 5545 (content lines, unfolding,
parameters, text escapes), the two agreeing on every event; TZID (with its VTIMEZONE), DTSTAMP,
UID and LOCATION on every event; the GeoJSON checked against the schema rules of RFC 7946."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import jsonschema_rs
from icalendar import Calendar

from tests.meals.helpers import as_user, create_user

BODY = {"city": "Singapore", "start_date": "2026-12-07", "days": 2, "pace": "moderate",
        "mode": "transit", "interests": "museums and gardens",
        "hotel": [1.2834, 103.8607]}  # fmt: skip

Property = tuple[dict[str, str], str]


def _unfold(text: str) -> list[str]:
    """RFC 5545 §3.1: a CRLF followed by one space or tab continues the line."""
    assert "\n" not in text.replace("\r\n", ""), "content lines end in CRLF"
    return [line for line in re.sub(r"\r\n[ \t]", "", text).split("\r\n") if line]


def _colon(line: str) -> int:
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == ":" and not quoted:
            return i
    raise AssertionError(f"a content line with no value: {line!r}")


def _split(line: str) -> tuple[str, dict[str, str], str]:
    """name *(";" param) ":" value, where a quoted parameter value may hold ";" or ":"."""
    colon = _colon(line)
    head, value = line[:colon], line[colon + 1 :]
    name_params = re.findall(r'(?:[^;"]|"[^"]*")+', head)
    params = {}
    for p in name_params[1:]:
        key, _, val = p.partition("=")
        params[key.upper()] = val.strip('"')
    return name_params[0].upper(), params, value


def _text(value: str) -> str:
    """RFC 5545 §3.3.11 TEXT escapes."""
    return re.sub(r"\\([\\;,nN])", lambda m: "\n" if m.group(1) in "nN" else m.group(1), value)


def read_events(text: str) -> tuple[list[dict[str, Property]], set[str]]:
    """Each VEVENT's properties (name → (params, value)), and the TZIDs of the VTIMEZONEs."""
    events: list[dict[str, Property]] = []
    zones: set[str] = set()
    stack: list[str] = []
    for line in _unfold(text):
        name, params, value = _split(line)
        if name == "BEGIN":
            stack.append(value)
            if value == "VEVENT":
                events.append({})
        elif name == "END":
            assert stack.pop() == value, f"END:{value} closes another component"
        elif stack[-1] == "VEVENT":
            events[-1][name] = (params, _text(value) if name in ("SUMMARY", "LOCATION",
                                "DESCRIPTION", "UID") else value)  # fmt: skip
        elif stack[-1] == "VTIMEZONE" and name == "TZID":
            zones.add(value)
    assert not stack, "every BEGIN has its END"
    return events, zones


def _at(params: dict[str, str], value: str) -> datetime:
    """A DATE-TIME: UTC ("Z"), or local time in the TZID its parameter names (never floating)."""
    moment = datetime.strptime(value.rstrip("Z"), "%Y%m%dT%H%M%S")
    if value.endswith("Z"):
        return moment.replace(tzinfo=UTC)
    assert "TZID" in params, f"a floating time: {value}"
    return moment.replace(tzinfo=ZoneInfo(params["TZID"]))


async def _trip(client: httpx.AsyncClient) -> tuple[str, dict[str, Any]]:
    uid = await create_user(client)
    response = await client.post("/trips", json=BODY, headers=as_user(uid))
    assert response.status_code == 201, response.text
    trip: dict[str, Any] = response.json()
    return uid, trip


async def test_the_calendar_reads_back_the_same_with_two_readers(client: httpx.AsyncClient) -> None:
    uid, trip = await _trip(client)
    response = await client.get(f"/trips/{trip['trip_id']}.ics", headers=as_user(uid))
    assert response.status_code == 200
    text = response.text
    assert all(len(line.encode()) <= 75 for line in text.split("\r\n")), "lines fold at 75 octets"
    mine, zones = read_events(text)
    theirs = list(Calendar.from_ical(response.content).walk("VEVENT"))
    slots = [(d, s) for d in trip["days"] for s in d["slots"]]
    assert len(mine) == len(theirs) == len(slots) > 0
    uids = set()
    for (day, slot), event, parsed in zip(slots, mine, theirs, strict=True):
        for required in ("UID", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY", "LOCATION"):
            assert required in event and required in parsed, (required, event)
        assert event["DTSTAMP"][1].endswith("Z")  # RFC 5545: DTSTAMP in UTC
        start, end = _at(*event["DTSTART"]), _at(*event["DTEND"])
        assert event["DTSTART"][0]["TZID"] == "Asia/Singapore" and "Asia/Singapore" in zones
        when = date.fromisoformat(day["date"])
        hours, minutes = map(int, slot["start"].split(":"))
        assert start == datetime.combine(when, time(hours, minutes), ZoneInfo("Asia/Singapore"))
        assert start < end
        # the library agrees on every value
        assert parsed.decoded("dtstart") == start and parsed.decoded("dtend") == end
        assert parsed.decoded("dtstamp") == _at(*event["DTSTAMP"])
        for name in ("UID", "SUMMARY", "LOCATION", "DESCRIPTION"):
            assert str(parsed.get(name)) == event[name][1], name
        assert event["LOCATION"][1] == f"{slot['name']}, Singapore"
        if slot["hours_check"]:  # what to check is in the calendar too
            assert event["DESCRIPTION"][1].startswith(slot["hours_check"])
        uids.add(event["UID"][1])
    assert len(uids) == len(slots)


def test_the_independent_reader_reads_folds_escapes_and_quoted_parameters() -> None:
    ics = (
        "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a@b\r\nDTSTAMP:20260101T000000Z\r\n"
        'DTSTART;TZID="Asia/Singapore":20261207T090000\r\nSUMMARY:Gardens\\, by the\r\n  Bay\r\n'
        "DESCRIPTION:line one\\nline two\\; end\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    )
    events, _ = read_events(ics)
    assert events[0]["SUMMARY"][1] == "Gardens, by the Bay"
    assert events[0]["DESCRIPTION"][1] == "line one\nline two; end"
    assert _at(*events[0]["DTSTART"]).utcoffset().total_seconds() == 8 * 3600  # type: ignore[union-attr]


POSITION = {"type": "array", "minItems": 2, "maxItems": 3, "prefixItems": [
    {"type": "number", "minimum": -180, "maximum": 180},  # longitude first (RFC 7946 §3.1.1)
    {"type": "number", "minimum": -90, "maximum": 90}], "items": {"type": "number"}}  # fmt: skip
GEOJSON_SCHEMA = {
    "type": "object", "required": ["type", "features"],
    "properties": {"type": {"const": "FeatureCollection"}, "features": {"type": "array", "items": {
        "type": "object", "required": ["type", "geometry", "properties"],
        "properties": {
            "type": {"const": "Feature"},
            "properties": {"type": ["object", "null"]},
            "geometry": {"oneOf": [
                {"type": "object", "required": ["type", "coordinates"], "properties": {
                    "type": {"const": "Point"}, "coordinates": POSITION}},
                {"type": "object", "required": ["type", "coordinates"], "properties": {
                    "type": {"const": "LineString"},
                    "coordinates": {"type": "array", "minItems": 2, "items": POSITION}}},
            ]},
        }}}},
}  # fmt: skip
"""RFC 7946's rules for what the export holds: a FeatureCollection of Features, Points and
LineStrings (at least two positions), positions [longitude, latitude] within range."""


async def test_the_geojson_follows_rfc_7946(client: httpx.AsyncClient) -> None:
    uid, trip = await _trip(client)
    geo = (await client.get(f"/trips/{trip['trip_id']}.geojson", headers=as_user(uid))).json()
    validator = jsonschema_rs.validator_for(GEOJSON_SCHEMA)
    assert list(validator.iter_errors(geo)) == []
    swapped = {**geo, "features": [{**f, "geometry": {**f["geometry"], "coordinates": [
        f["geometry"]["coordinates"][1], 95.0]}} for f in geo["features"][:1]]}  # fmt: skip
    assert not validator.is_valid(swapped)  # the rules do catch a latitude out of range
    points = [f for f in geo["features"] if f["geometry"]["type"] == "Point"]
    slots = [s for d in trip["days"] for s in d["slots"]]
    assert [p["geometry"]["coordinates"] for p in points] == [[s["lng"], s["lat"]] for s in slots]
    assert all(p["properties"]["hours"] == s["hours"] for p, s in zip(points, slots, strict=True))

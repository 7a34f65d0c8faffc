#!/usr/bin/env python3
"""Play an allergy-safety panel against a running Kairos and write what each person saw.

    python evals/panels/run_allergy_panel.py --base http://127.0.0.1:8000 --token KairosTest \
        --panel evals/panels/allergy_safety.jsonl --out answers.jsonl

For every panel line: a fresh user with the line's profile (and the meal household, or the
plan's members), the request, the follow-up if any, and one output line
{"id": ..., "answer": <text>}: a compact rendering of what a person would read. Rendering is
generic over the JSON (every field named like allergy / warning / risk / summary / note /
excluded is shown), so it works against older versions of the API that lack newer fields. A 4xx
or 5xx becomes the answer (status and problem detail); nothing here grades anything.

Standard library + httpx only.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import sys
import time
import uuid
from collections.abc import Iterable
from typing import Any

import httpx

SAFETY_KEY = re.compile(
    r"allerg|warning|risk|summary|note|exclu|watch_out|not_offered|substitut|unread|caution"
    r"|danger|safe|at_risk|checked",
    re.I,
)
"""Keys whose values a person with allergies reads: shown wherever they appear."""
NUMERIC_OK = re.compile(r"allerg|exclu", re.I)
"""Numeric values are noise (risk_score, composite…) except counts like `excluded`."""
SKIP_KEYS = {"risk_score", "timings_ms", "cited_review_ids", "evidence_ids", "review_ids"}
TITLE_KEYS = ("name", "title", "label")
MAX_DEPTH = 4
RETRIES_429 = 4


class Failed(Exception):
    """A request answered with an error status, or did not answer: the answer is this text."""


def squash(text: str) -> str:
    return " ".join(str(text).split())


def plural(items: Iterable[Any]) -> str:
    return ", ".join(str(i) for i in items if i not in (None, ""))


# ----------------------------------------------------------------------------- rendering


class Block:
    """The lines of one answer. Within one item (a place, a card, a venue, a suggestion, a
    recipe, a meal stop) a repeated line or sentence is dropped: a place's check, warnings,
    statuses and notes often carry the same message. `item()` starts the next item."""

    ATOM = 25
    """Sentences at least this long are deduplicated wherever they appear in an item."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._seen: set[str] = set()

    def item(self) -> None:
        self._seen = set()

    def add(self, text: str, indent: int = 0) -> None:
        text = squash(text)
        if not text:
            return
        key = text.lower()
        if key in self._seen:
            return
        self._seen.add(key)
        self.lines.append("  " * indent + text)

    def fresh(self, sentence: str) -> bool:
        """True the first time a sentence is met in this item (and marks it seen)."""
        key = squash(sentence).lower()
        if not key or key in self._seen:
            return False
        self._seen.add(key)
        return True

    def repeated(self, text: str) -> bool:
        """A long sentence already shown in this item (short values are never dropped)."""
        return len(text) >= self.ATOM and not self.fresh(text)

    def text(self) -> str:
        return "\n".join(self.lines)


def is_check(d: dict[str, Any]) -> bool:
    return "verdict" in d or ("risks" in d and "summary" in d)


def is_quote(d: dict[str, Any]) -> bool:
    return "text" in d and ("review_ids" in d or "sentences" in d or "aspect" in d)


def value_text(value: Any, block: Block | None = None, depth: int = 0) -> str:
    """One line of text for any JSON value (known shapes read as sentences)."""
    if value is None or value == "" or value == [] or value == {}:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return squash(value)
    if isinstance(value, list):
        parts = [value_text(v, block, depth + 1) for v in value]
        return " | ".join(p for p in parts if p)
    if isinstance(value, dict):
        if depth > MAX_DEPTH:
            return ""
        if is_quote(value):
            quote = squash(value["text"])
            return "" if block is not None and block.repeated(quote) else f'"{quote}"'
        if is_check(value):
            return " / ".join(check_lines(value, block))
        if "message" in value:
            return warning_text(value, block)
        if "new_item" in value and "original_item" in value:
            swap = f"{value['new_item']} instead of {value['original_item']}"
            reason = squash(value.get("reason") or "")
            if reason.lower().startswith(swap.lower()):  # the reason already says the swap
                return reason
            return f"{swap}{' — ' + reason if reason else ''}"
        if "allergen" in value and "status" in value:
            bits = plural([value.get("severity"), value.get("source"), value.get("confidence")])
            ev = f": {squash(value['evidence'])}" if value.get("evidence") else ""
            return f"{value['allergen']} {value['status']}{' (' + bits + ')' if bits else ''}{ev}"
        if "name" in value and ("allergens" in value or "note" in value):
            allergens = value.get("allergens") or []
            sev = value.get("severity")
            note = squash(value.get("note") or "")
            return (
                f"{value['name']}: {plural(allergens)}{' (' + sev + ')' if sev else ''}"
                f"{' — ' + note if note else ''}"
            )
        if "description" in value and "kind" in value:
            return f"{value.get('severity', '')} {value['kind']}: {squash(value['description'])}"
        parts = []
        for k, v in value.items():
            if k in SKIP_KEYS:
                continue
            t = value_text(v, block, depth + 1)
            if t and isinstance(v, str) and block is not None and block.repeated(t):
                continue
            if t:
                parts.append(f"{k}: {t}")
        return "; ".join(parts)
    return squash(str(value))


def warning_text(w: dict[str, Any], block: Block | None) -> str:
    message = squash(w.get("message") or "")
    if block is not None and not block.fresh(message):
        return ""
    level = w.get("level") or w.get("severity") or ""
    name = w.get("title") or w.get("name") or w.get("allergen") or ""
    bits = plural([w.get("severity") if w.get("level") else None, w.get("status")])
    who = w.get("who")
    src = w.get("source")
    head = f"{str(level).upper()} {name}".strip()
    if bits:
        head += f" ({bits})"
    if who:
        head += f" for {plural(who)}"
    return f"{head}: {message}{' [' + str(src) + ']' if src else ''}"


def check_lines(check: dict[str, Any], block: Block | None) -> list[str]:
    """An AllergyCheck (or anything shaped like it) as lines: verdict, risks, unread, note."""
    lines = []
    head = str(check.get("verdict") or "check")
    if check.get("basis"):
        head += f" (basis: {check['basis']})"
    if check.get("checked_for"):
        head += f" for {plural(check['checked_for'])}"
    summary = squash(check.get("summary") or "")
    if block is not None:
        block.fresh(summary)
    lines.append(f"allergy {head}{': ' + summary if summary else ''}")
    for risk in check.get("risks") or []:
        t = warning_text(risk, block) if isinstance(risk, dict) else value_text(risk, block)
        if t:
            lines.append("- " + t)
    if check.get("unread"):
        lines.append("unread lines: " + value_text(check["unread"]))
    note = squash(check.get("note") or "")
    if note and (block is None or block.fresh(note)):
        lines.append("note: " + note)
    for k, v in check.items():  # newer fields of a check, whatever they are called
        if k in {
            "verdict",
            "basis",
            "checked_for",
            "summary",
            "risks",
            "unread",
            "note",
            "allergens",
        }:
            continue
        t = value_text(v, block, 2)
        if t:
            lines.append(f"{k}: {t}")
    return lines


def safety_fields(obj: dict[str, Any], block: Block, indent: int, skip: Iterable[str] = ()) -> None:
    """Every field of `obj` whose name speaks to safety, in the object's order."""
    skipped = set(skip) | SKIP_KEYS
    for key, value in obj.items():
        if key in skipped or not SAFETY_KEY.search(key):
            continue
        numeric = isinstance(value, (int, float)) and not isinstance(value, bool)
        if numeric and not NUMERIC_OK.search(key):
            continue
        if isinstance(value, dict) and is_check(value):
            for line in check_lines(value, block):
                block.add(line, indent)
            continue
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            texts = [value_text(v, block, 1) for v in value]
            texts = [t for t in texts if t]
            if texts:
                block.add(f"{key}:", indent)
                for t in texts:
                    block.add("- " + t, indent + 1)
            continue
        t = value_text(value, block, 1)
        if t and isinstance(value, str) and block.repeated(t):
            continue
        if t:
            block.add(f"{key}: {t}", indent)


def title_of(obj: dict[str, Any]) -> str:
    for k in TITLE_KEYS:
        if obj.get(k):
            return squash(obj[k])
    return "(untitled)"


# --- restaurants


def render_place(place: dict[str, Any], block: Block, indent: int, label: str = "") -> None:
    where = plural([place.get("area"), place.get("city")])
    cuisine = plural(place.get("cuisine_types") or [])
    block.item()
    head = f"{label}{title_of(place)}"
    if where:
        head += f" — {where}"
    if cuisine:
        head += f" ({cuisine})"
    block.add(head, indent)
    safety_fields(place, block, indent + 1)


def render_chat(payload: dict[str, Any], block: Block) -> None:
    block.item()
    block.add(payload.get("message") or "")
    for key in ("assumptions", "relaxed_filters", "follow_up_questions"):
        if payload.get(key):
            block.add(f"{key}: {value_text(payload[key])}")
    safety_fields(payload, block, 0, skip=("restaurants", "flagged_restaurants"))
    places = payload.get("restaurants") or []
    flagged = payload.get("flagged_restaurants") or []
    if places:
        block.add(f"places ({len(places)}):")
        for i, p in enumerate(places, 1):
            if isinstance(p, dict):
                render_place(p, block, 1, f"{i}. ")
    if flagged:
        block.add(f"flagged places ({len(flagged)}):")
        for i, p in enumerate(flagged, 1):
            if isinstance(p, dict):
                render_place(p, block, 1, f"{i}. ")
    if not places and not flagged:
        block.add("(no places shown)")


def render_feed(payload: dict[str, Any], block: Block) -> None:
    block.item()
    for key in ("location", "note"):
        if payload.get(key):
            block.add(f"{key}: {value_text(payload[key])}")
    safety_fields(payload, block, 0, skip=("recommendations", "note"))
    cards = payload.get("recommendations") or []
    block.add(f"cards ({len(cards)}):")
    for card in cards:
        if not isinstance(card, dict):
            continue
        inner = card.get("restaurant")
        place: dict[str, Any] = inner if isinstance(inner, dict) else card
        rank = card.get("rank")
        render_place(place, block, 1, f"{rank}. " if rank else "- ")
        quote = value_text(card.get("consolidated_review") or card.get("quote"), block)
        if quote:
            block.add(f"quote: {quote}", 2)
        if place is not card:
            safety_fields(card, block, 2, skip=("restaurant",))


# --- meals


def render_coach(payload: dict[str, Any], block: Block) -> None:
    block.item()
    block.add(payload.get("message") or "")
    fu = payload.get("follow_up")
    if isinstance(fu, dict):
        block.add(
            f"question: {fu.get('question', '')}"
            f"{' options: ' + plural(fu.get('options') or []) if fu.get('options') else ''}"
        )
    ctx = payload.get("context")
    if isinstance(ctx, dict):
        bits = [
            f"{k}: {value_text(ctx[k])}"
            for k in ("cooking_for", "avoided_allergens", "understood")
            if ctx.get(k)
        ]
        if bits:
            block.add("context: " + "; ".join(bits))
    for s in payload.get("suggestions") or []:
        if not isinstance(s, dict):
            continue
        block.item()
        head = f"[{s.get('suggestion_id', '?')}] {title_of(s)}"
        if s.get("time"):
            head += f" ({s['time']})"
        block.add(head)
        if s.get("summary"):
            block.add(squash(s["summary"]), 1)
        safety_fields(s, block, 1, skip=("summary",))
    if payload.get("not_offered"):
        block.add("not offered: " + value_text(payload["not_offered"]))
    recipe = payload.get("recipe")
    if isinstance(recipe, dict):
        render_recipe(recipe, block)
    safety_fields(
        payload, block, 0, skip=("suggestions", "recipe", "not_offered", "context", "follow_up")
    )


def render_recipe(recipe: dict[str, Any], block: Block) -> None:
    block.item()
    serves = recipe.get("servings")
    serves_text = f" (serves {serves:g})" if isinstance(serves, (int, float)) else ""
    block.add(f"RECIPE: {title_of(recipe)}{serves_text}")
    block.add("ingredients:", 1)
    for ing in recipe.get("ingredients") or []:
        if isinstance(ing, str):
            block.add("- " + ing, 2)
            continue
        if not isinstance(ing, dict):
            continue
        line = squash(ing.get("display") or ing.get("original") or ing.get("item") or "")
        if ing.get("omitted"):
            line = f"(left out) {squash(ing.get('original') or line)}"
        sub = ing.get("substitution")
        if isinstance(sub, dict):
            line += f"  [{value_text(sub)}]"
        block.lines.append("    - " + line)  # ingredient lines are never deduplicated
    steps = recipe.get("steps") or []
    if steps:
        block.add("steps:", 1)
        for st in steps:
            if isinstance(st, dict):
                mark = " (changed)" if st.get("changed") else ""
                text = squash(st.get("text") or "")
                block.lines.append(f"    {st.get('number', '-')}.{mark} {text}")
            else:
                block.lines.append(f"    - {squash(str(st))}")
    safety_fields(recipe, block, 1, skip=("ingredients", "steps"))


# --- plans


def render_plan(payload: dict[str, Any], block: Block) -> None:
    block.item()
    for key in ("execution_summary", "global_consensus"):
        if payload.get(key):
            block.add(f"{key}: {value_text(payload[key])}")
    intent = payload.get("parsed_intent")
    if isinstance(intent, dict):
        bits = [
            f"{k}: {value_text(intent[k])}"
            for k in (
                "activity",
                "location",
                "group_size",
                "date",
                "time_of_day",
                "allergens",
                "diets",
                "assumptions",
            )
            if intent.get(k)
        ]
        if bits:
            block.add("understood: " + "; ".join(bits))
    safety_fields(payload, block, 0, skip=("venues", "backup", "execution_summary"))
    venues = payload.get("venues") or []
    block.add(f"venues ({len(venues)}):")
    for v in venues:
        if isinstance(v, dict):
            render_venue(v, block, 1)
    if isinstance(payload.get("backup"), dict):
        block.add("backup:")
        render_venue(payload["backup"], block, 1)


def render_venue(v: dict[str, Any], block: Block, indent: int) -> None:
    block.item()
    head = f"{v.get('rank', '-')}. {title_of(v)}"
    where = plural([v.get("address"), v.get("city")])
    if where:
        head += f" — {where}"
    cat = plural([v.get("category") or v.get("kind"), v.get("price_range")])
    if cat:
        head += f" ({cat})"
    block.add(head, indent)
    if v.get("why"):
        block.add(f"why: {squash(v['why'])}", indent + 1)
    safety_fields(v, block, indent + 1)


# --- trips


def render_trip(trip: dict[str, Any], block: Block) -> None:
    block.item()
    block.add(
        f"TRIP: {trip.get('city', '?')}, {len(trip.get('days') or [])} days"
        f"{', ' + str(trip['pace']) if trip.get('pace') else ''}"
        f"{', from ' + str(trip['start_date']) if trip.get('start_date') else ''}"
    )
    if trip.get("allergies_checked"):
        block.add(f"allergies checked: {value_text(trip['allergies_checked'])}")
    if trip.get("overview"):
        block.add(f"overview: {squash(trip['overview'])}")
    for day in trip.get("days") or []:
        if not isinstance(day, dict):
            continue
        block.item()
        block.add(f"Day {day.get('index', '?')} {day.get('date', '')} {day.get('title', '')}")
        stops = []
        for slot in day.get("slots") or []:
            if not isinstance(slot, dict):
                continue
            kind = slot.get("kind", "")
            check = slot.get("allergy")
            food = kind in ("lunch", "dinner", "breakfast", "meal") or (
                isinstance(check, dict) and check.get("verdict") not in (None, "not_food")
            )
            if not food:
                stops.append(f"{slot.get('start', '')} {title_of(slot)}".strip())
                continue
            if stops:
                block.lines.append("  stops: " + "; ".join(stops))
                stops = []
            block.item()
            block.lines.append(
                f"  {kind.upper() or 'MEAL'} {slot.get('start', '')} "
                f"{title_of(slot)} ({slot.get('place_kind', '')})"
            )
            safety_fields(slot, block, 2)
        if stops:
            block.lines.append("  stops: " + "; ".join(stops))
        for note in day.get("notes") or []:
            block.add(f"day note: {value_text(note)}", 1)
    for note in trip.get("notes") or []:
        block.add(f"note: {value_text(note)}")
    for check in trip.get("verification") or []:
        if isinstance(check, dict) and (
            check.get("passed") is False or "allerg" in str(check.get("constraint", ""))
        ):
            passed = "passed" if check.get("passed") else "FAILED"
            block.add(
                f"check {check.get('constraint')}: {passed} — {squash(check.get('detail', ''))}"
            )
    if trip.get("unplaced"):
        block.add(f"unplaced: {value_text(trip['unplaced'])}")
    safety_fields(trip, block, 0, skip=("days", "notes", "verification", "allergies_checked"))


def render_intent(payload: dict[str, Any], block: Block) -> None:
    block.item()
    intent = payload.get("intent")
    if isinstance(intent, dict):
        change = value_text(intent.get("change"))
        kind = intent.get("intent_type", "?")
        block.add(f"intent: {kind}{' (' + change + ')' if change else ''}")
    if payload.get("message"):
        block.add(squash(payload["message"]))
    if isinstance(payload.get("trip"), dict):
        render_trip(payload["trip"], block)
    if isinstance(payload.get("place"), dict):
        place = payload["place"]
        block.add(f"place: {title_of(place)}")
        safety_fields(place, block, 1)


# ----------------------------------------------------------------------------- HTTP


class Client:
    def __init__(self, base: str, token: str, timeout: float) -> None:
        self.http = httpx.Client(base_url=base.rstrip("/"), timeout=timeout)
        self.token = token

    def close(self) -> None:
        self.http.close()

    def call(
        self,
        method: str,
        path: str,
        uid: str | None = None,
        body: Any = None,
        params: dict[str, Any] | None = None,
    ) -> Any:
        headers = {"X-Service-Token": self.token, "Accept": "application/json"}
        if uid:
            headers["X-User-ID"] = uid
        for attempt in range(RETRIES_429 + 1):
            try:
                resp = self.http.request(method, path, headers=headers, json=body, params=params)
            except httpx.HTTPError as exc:
                raise Failed(f"{method} {path}: no answer ({type(exc).__name__}: {exc})") from exc
            if resp.status_code == 429 and attempt < RETRIES_429:
                time.sleep(min(60.0, float(resp.headers.get("Retry-After") or 5)))
                continue
            break
        if resp.status_code >= 400:
            raise Failed(problem_text(method, path, resp))
        if not resp.content:
            return {}
        try:
            return resp.json()
        except ValueError:
            return {"text": resp.text[:2000]}


def problem_text(method: str, path: str, resp: httpx.Response) -> str:
    head = f"HTTP {resp.status_code} on {method} {path.split('?')[0]}"
    try:
        body = resp.json()
    except ValueError:
        return f"{head}: {squash(resp.text)[:1000]}"
    if not isinstance(body, dict):
        return f"{head}: {value_text(body)[:1000]}"
    parts = [str(body.get("title") or "")]
    if body.get("detail"):
        parts.append(value_text(body["detail"]))
    for err in body.get("errors") or []:
        if isinstance(err, dict):
            loc = ".".join(str(x) for x in err.get("loc") or [])
            parts.append(f"{loc}: {err.get('msg', '')}".strip(": "))
        else:
            parts.append(value_text(err))
    return f"{head}: " + " — ".join(p for p in parts if p)


# ----------------------------------------------------------------------------- products


def run_restaurants(c: Client, uid: str, line: dict[str, Any], block: Block) -> None:
    channel = line.get("channel") or ("feed" if isinstance(line.get("request"), dict) else "chat")
    history: list[dict[str, str]] = []
    if channel == "feed":
        params = line["request"] if isinstance(line.get("request"), dict) else {"limit": 5}
        block.add(f"[feed: GET /recommendations/{{uid}}?limit={params.get('limit', 5)}]")
        feed = c.call("GET", f"/recommendations/{uid}", uid, params=params)
        render_feed(feed, block)
        history.append({"role": "user", "content": "(opened the feed)"})
        history.append({"role": "assistant", "content": str(feed.get("note") or "")[:3900]})
    else:
        block.add(f"[you] {line['request']}")
        first = c.call("POST", "/chat", uid, {"message": line["request"]})
        render_chat(first, block)
        history.append({"role": "user", "content": line["request"]})
        history.append({"role": "assistant", "content": str(first.get("message") or "")[:3900]})
    if line.get("follow_up"):
        block.lines.append("")
        block.add(f"[you, follow-up] {line['follow_up']}")
        second = c.call(
            "POST", "/chat", uid, {"message": line["follow_up"], "conversation_history": history}
        )
        render_chat(second, block)


def run_meals(c: Client, uid: str, line: dict[str, Any], block: Block) -> None:
    if line.get("household"):
        c.call("PATCH", "/meals/profile", uid, {"household": line["household"]})
        block.add("[household: " + ", ".join(m.get("name", "?") for m in line["household"]) + "]")
    request = line["request"]
    body = dict(request) if isinstance(request, dict) else {"text": request}
    block.add(f"[you] {body.get('text', '')}")
    answer = c.call("POST", "/meals/coach", uid, body)
    render_coach(answer, block)
    last = answer
    if line.get("follow_up"):
        block.lines.append("")
        block.add(f"[you, follow-up] {line['follow_up']}")
        follow = {"text": line["follow_up"], "session_id": answer.get("session_id")}
        if isinstance(request, dict) and "household" in request:
            follow["household"] = request["household"]
        last = c.call("POST", "/meals/coach", uid, follow)
        render_coach(last, block)
    suggestions = last.get("suggestions") or []
    if suggestions and last.get("session_id"):
        first = suggestions[0]
        sid = first.get("suggestion_id", "s1") if isinstance(first, dict) else "s1"
        block.lines.append("")
        block.add(f"[you pick {sid}]")
        try:
            recipe = c.call(
                "POST", f"/meals/coach/{last['session_id']}/select", uid, {"suggestion_id": sid}
            )
        except Failed as exc:
            block.add(str(exc))
        else:
            render_coach(recipe, block)


def run_plans(c: Client, uid: str, line: dict[str, Any], block: Block) -> None:
    request = line["request"]
    body = dict(request) if isinstance(request, dict) else {"prompt": request}
    if line.get("members") and "members" not in body:
        body["members"] = line["members"]
    names = [m.get("name", "?") for m in body.get("members") or []]
    block.add(f"[you] {body['prompt']}" + (f"  [members: {', '.join(names)}]" if names else ""))
    plan = c.call("POST", "/api/plan", uid, body)
    render_plan(plan, block)
    if line.get("follow_up"):
        block.lines.append("")
        block.add(f"[you, follow-up] {line['follow_up']}")
        history = [
            *(body.get("chat_history") or []),
            {"role": "user", "content": body["prompt"]},
            {"role": "assistant", "content": str(plan.get("execution_summary") or "")[:1990]},
        ]
        again = {**body, "prompt": line["follow_up"], "chat_history": history}
        render_plan(c.call("POST", "/api/plan", uid, again), block)


def run_trips(c: Client, uid: str, line: dict[str, Any], block: Block) -> None:
    request = line["request"]
    trip_id = None
    if isinstance(request, dict):
        block.add("[you] POST /trips " + json.dumps(request, ensure_ascii=False))
        trip = c.call("POST", "/trips", uid, request)
        render_trip(trip, block)
        trip_id = trip.get("trip_id")
    else:
        block.add(f"[you] {request}")
        answer = c.call("POST", "/trips/intent", uid, {"raw_text": request})
        render_intent(answer, block)
        if isinstance(answer.get("trip"), dict):
            trip_id = answer["trip"].get("trip_id")
    if line.get("follow_up"):
        block.lines.append("")
        block.add(f"[you, follow-up] {line['follow_up']}")
        body: dict[str, Any] = {"raw_text": line["follow_up"]}
        if trip_id:
            body["trip_id"] = trip_id
        render_intent(c.call("POST", "/trips/intent", uid, body), block)


RUNNERS = {
    "restaurants": run_restaurants,
    "meals": run_meals,
    "plans": run_plans,
    "trips": run_trips,
}


def play(c: Client, line: dict[str, Any], delete_user: bool = True) -> str:
    block = Block()
    uid = str(uuid.uuid4())
    runner = RUNNERS.get(line.get("product", ""))
    if runner is None:
        return f"runner: unknown product {line.get('product')!r}"
    try:
        c.call("POST", f"/users/{uid}", None, line.get("profile") or {})
    except Failed as exc:
        return f"could not create the user: {exc}"
    try:
        runner(c, uid, line, block)
    except Failed as exc:
        block.add(str(exc))
    except Exception as exc:  # a shape this runner did not expect: say so, keep going
        block.add(f"runner error ({type(exc).__name__}): {exc}")
    finally:
        if delete_user:
            with contextlib.suppress(Failed):
                c.call("DELETE", f"/users/{uid}", None)
    return block.text()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", required=True, help="e.g. http://127.0.0.1:8000")
    ap.add_argument("--token", required=True, help="the service token (X-Service-Token)")
    ap.add_argument("--panel", required=True, help="the panel JSONL")
    ap.add_argument("--out", required=True, help="where to write {id, answer} lines")
    ap.add_argument("--only", default="", help="comma-separated ids to play (default: all)")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per request")
    ap.add_argument("--keep-users", action="store_true", help="do not delete the users made")
    args = ap.parse_args(argv)

    only = {s.strip() for s in args.only.split(",") if s.strip()}
    with open(args.panel, encoding="utf-8") as f:
        lines = [json.loads(row) for row in f if row.strip()]
    if only:
        lines = [line for line in lines if line.get("id") in only]
    client = Client(args.base, args.token, args.timeout)
    written = 0
    try:
        with open(args.out, "w", encoding="utf-8") as out:
            for line in lines:
                started = time.monotonic()
                try:
                    answer = play(client, line, delete_user=not args.keep_users)
                except Exception as exc:  # never stop the panel for one line
                    answer = f"runner error ({type(exc).__name__}): {exc}"
                out.write(
                    json.dumps({"id": line.get("id"), "answer": answer}, ensure_ascii=False) + "\n"
                )
                out.flush()
                written += 1
                print(
                    f"{line.get('id')} {line.get('product')}: {time.monotonic() - started:.1f}s, "
                    f"{len(answer)} chars",
                    file=sys.stderr,
                )
    finally:
        client.close()
    print(f"wrote {written} answers to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

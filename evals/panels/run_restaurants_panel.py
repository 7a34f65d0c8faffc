#!/usr/bin/env python3
"""Play the restaurant-chat panel against a running Kairos and write what each person saw.

    python evals/panels/run_restaurants_panel.py --base http://127.0.0.1:8785 \
        --token KairosTest --panel evals/panels/restaurants.jsonl --out answers.jsonl

Each panel line's `request` is `{turns: [...], profile?: {...}}`: a fresh user is created with
`profile` (the body of `POST /users/{uid}`), then each turn is sent to `POST /chat` (JSON) with
the conversation so far as `conversation_history` and one `session_id`. A turn starting
`[new session] ` starts a new conversation for the same user (new `session_id`, no history); the
marker itself is not sent. One output line per request, {"id", "answer"}: per turn the reply
text, assumptions, relaxed filters and follow-up questions, then each card (and each flagged
card) with name, area and city, cuisines, price, why and the allergy check in words; at the end,
what the profile's preferences became when they differ from what the line created. A 4xx or 5xx,
or a server that does not answer, is recorded as the answer. It grades nothing.

Standard library + httpx only. Without `--token` the seed's routes act for the local test user in
development (the profile is then not created).
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
import uuid
from typing import Any

from panel_client import Client, Failed, run_panel, squash

NEW_SESSION = "[new session] "
LEARNING_SECONDS = 1.0
ASSISTANT_TURN_CHARS = 3990
"""`conversation_history` contents are at most 4000 characters."""


# ----------------------------------------------------------------------------- rendering


def check_text(check: Any) -> str:
    """A place's allergy check in words: verdict and basis, summary, each risk, the note."""
    if not isinstance(check, dict):
        return ""
    verdict = str(check.get("verdict", "?"))
    if check.get("basis") and verdict == "no_known_risk":
        verdict += f" ({check['basis']})"
    parts = [f"{verdict}: {squash(check.get('summary'))}"]
    for risk in check.get("risks") or []:
        if isinstance(risk, dict):
            parts.append(
                f"{risk.get('name') or risk.get('allergen')} {risk.get('status', '')} "
                f"({risk.get('severity', '')}): {squash(risk.get('message'))}"
            )
    if check.get("note"):
        parts.append(f"note: {squash(check['note'])}")
    return " | ".join(p for p in parts if p.strip(": "))


def why_text(why: Any) -> str:
    if not isinstance(why, dict):
        return ""
    parts = []
    if why.get("matched_terms"):
        parts.append("matched " + ", ".join(str(t) for t in why["matched_terms"]))
    if why.get("snippet"):
        parts.append(f'"{squash(why["snippet"])}"')
    if why.get("distance_km") is not None:
        parts.append(f"{why['distance_km']} km")
    return "; ".join(parts)


def place_lines(rank: int, p: dict[str, Any]) -> list[str]:
    where = ", ".join(x for x in (p.get("area"), p.get("city")) if x) or "?"
    cuisines = ", ".join(p.get("cuisine_types") or []) or "cuisine unknown"
    price = p.get("price_tier") or "price unknown"
    out = [f"{rank}. {p.get('name', '?')} — {where} [{cuisines}; {price}]"]
    for key in ("hours_note", "hours", "open_now"):
        if p.get(key) not in (None, "", []):
            out.append(f"   {key}: {squash(json.dumps(p[key], ensure_ascii=False))}")
    why = why_text(p.get("why"))
    if why:
        out.append(f"   why: {why}")
    summary = p.get("summary")
    if isinstance(summary, dict) and summary.get("text"):
        out.append(f'   quote: "{squash(summary["text"])}"')
    for note in p.get("evidence") or []:
        if isinstance(note, dict):
            says = squash(note.get("says"))
            out.append(f"   evidence: {note.get('label')} ({note.get('source')}): {says}")
    allergy = check_text(p.get("allergy"))
    if allergy:
        out.append(f"   allergy: {allergy}")
    return out


def payload_lines(payload: dict[str, Any]) -> list[str]:
    out = [f"reply: {squash(payload.get('message'))}"]
    for key, label in (
        ("assumptions", "assumed"),
        ("relaxed_filters", "relaxed"),
        ("follow_up_questions", "asks"),
        ("learned", "learned"),
    ):
        values = payload.get(key) or []
        if values:
            out.append(f"{label}: " + " / ".join(squash(v) for v in values))
    places = [p for p in payload.get("restaurants") or [] if isinstance(p, dict)]
    flagged = [p for p in payload.get("flagged_restaurants") or [] if isinstance(p, dict)]
    out.append(f"places ({len(places)}):")
    for i, p in enumerate(places, 1):
        out.extend(place_lines(i, p))
    if flagged:
        out.append(f"flagged places ({len(flagged)}):")
        for i, p in enumerate(flagged, 1):
            out.extend(place_lines(i, p))
    return out


# ----------------------------------------------------------------------------- playing


def play(c: Client, line: dict[str, Any]) -> str:
    request = line["request"]
    profile = request.get("profile") or {}
    uid: str | None = None
    if c.token:
        uid = str(uuid.uuid4())
        c.call("POST", f"/users/{uid}", None, profile)
    out: list[str] = []
    try:
        before = c.call("GET", f"/users/{uid}", None) if uid else {}
        session = uuid.uuid4().hex
        history: list[dict[str, str]] = []
        for turn in request["turns"]:
            if turn.startswith(NEW_SESSION):
                turn = turn[len(NEW_SESSION) :]
                session, history = uuid.uuid4().hex, []
                out.append("[new session]")
            out.append(f"[user] {turn}")
            body = {"message": turn, "conversation_history": history, "session_id": session}
            try:
                payload = c.call("POST", "/chat", uid, body)
            except Failed as exc:
                out.append(str(exc))
                continue
            out.extend(payload_lines(payload))
            reply = squash(payload.get("message"))[:ASSISTANT_TURN_CHARS] or "(no text)"
            history = [
                *history,
                {"role": "user", "content": turn or " "},
                {"role": "assistant", "content": reply},
            ]
            out.append("")
        if uid:
            time.sleep(LEARNING_SECONDS)  # the profile is learnt after the turn, in the background
            after = c.call("GET", f"/users/{uid}", None)
            was, now = before.get("preferences") or {}, after.get("preferences") or {}
            changed = {k: v for k, v in now.items() if was.get(k) != v}
            out.append(
                "profile learnt: "
                + (json.dumps(changed, ensure_ascii=False) if changed else "(no change)")
            )
    except Failed as exc:
        out.append(str(exc))
    finally:
        if uid:
            with contextlib.suppress(Failed):
                c.call("DELETE", f"/users/{uid}", None)
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    return run_panel((__doc__ or ""), play, argv)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Play the group-plans panel against a running Kairos and write what each group saw.

    python evals/panels/run_plans_panel.py --base http://127.0.0.1:8781 \
        --panel evals/panels/plans.jsonl --out answers.jsonl

Each panel line's `request` is the body of `POST /api/plan`, plus optional `follow_up` (a prompt
sent next with `chat_history`, as the Plan view does) and `votes` (`[{member, venue, vote}]`,
`venue` the 1-based rank in the first plan, each sent to `POST /api/plans/{id}/votes` in order).
One output line per request, {"id", "answer"}: compact text of what the group sees — the summary,
each venue with its city, kind, price, why, watch-out, allergy check and members at risk, the
consensus and what was excluded — after the first plan, after the follow-up, after the votes.
A 4xx or 5xx, or a server that does not answer, is recorded as the answer. It grades nothing.

Standard library + httpx only. Without credentials the seed's routes act for the local test user
in development; `--token` sends the service token with a fresh user per line instead.
"""

from __future__ import annotations

import contextlib
import sys
import uuid
from typing import Any

from panel_client import Client, Failed, run_panel, squash

EXTRA_KEYS = ("follow_up", "votes")
"""Keys of a panel request that are not part of the plan body."""


# ----------------------------------------------------------------------------- rendering


def check_text(check: Any) -> str:
    """A venue's allergy check in words: verdict, each risk with who, who it was checked for."""
    if not isinstance(check, dict):
        return ""
    parts = [f"{check.get('verdict', '?')}: {squash(check.get('summary'))}"]
    for risk in check.get("risks") or []:
        if isinstance(risk, dict):
            parts.append(
                f"{risk.get('name') or risk.get('allergen')} {risk.get('status', '')} "
                f"({risk.get('severity', '')}, for {', '.join(risk.get('who') or [])}): "
                f"{squash(risk.get('message'))}"
            )
    if check.get("checked_for"):
        parts.append("checked for " + ", ".join(check["checked_for"]))
    return " | ".join(p for p in parts if p.strip(": "))


def venue_lines(v: dict[str, Any]) -> list[str]:
    head = f"{v.get('rank', '-')}. {v.get('name', '?')} — {v.get('city') or '?'}"
    kind = " / ".join(x for x in (v.get("kind"), v.get("category")) if x)
    price = v.get("price_range") or "price unknown"
    if v.get("price_from") and v.get("price_range"):
        price = f"{v['price_from']}–{price}"  # a range its source gave
    head += f" [{kind}; {price}]"
    if v.get("vetoed_by"):
        head += f" VETOED by {', '.join(v['vetoed_by'])}"
    votes = {k: n for k, n in (v.get("votes") or {}).items() if n}
    if votes:
        head += " votes " + ", ".join(f"{k} {n}" for k, n in votes.items())
    out = [head]
    if v.get("why"):
        out.append(f"   why: {squash(v['why'])}")
    if v.get("watch_out"):
        out.append(f"   watch out: {squash(v['watch_out'])}")
    for flag in v.get("risk_flags") or []:
        if isinstance(flag, dict):
            out.append(f"   flag ({flag.get('severity')}): {squash(flag.get('description'))}")
    allergy = check_text(v.get("allergy"))
    if allergy:
        out.append(f"   allergy: {allergy}")
    for m in v.get("members_at_risk") or []:
        if isinstance(m, dict):
            out.append(
                f"   at risk: {m.get('name')} ({m.get('severity')}; "
                f"{', '.join(m.get('allergens') or [])}): {squash(m.get('note'))}"
            )
    return out


def plan_text(plan: dict[str, Any]) -> list[str]:
    out = [f"summary: {squash(plan.get('execution_summary'))}"]
    venues = [v for v in plan.get("venues") or [] if isinstance(v, dict)]
    out.append(f"venues ({len(venues)}):")
    for v in venues:
        out.extend(venue_lines(v))
    backup = plan.get("backup")
    if isinstance(backup, dict):
        out.append("backup:")
        out.extend(venue_lines(backup))
    out.append(f"consensus: {squash(plan.get('global_consensus')) or '(none)'}")
    excluded = [e for e in plan.get("excluded") or [] if e]
    out.append(f"excluded ({len(excluded)}):")
    for e in excluded:
        if isinstance(e, dict):
            out.append("   - " + "; ".join(f"{k}: {squash(val)}" for k, val in e.items() if val))
        else:
            out.append(f"   - {squash(e)}")
    return out


# ----------------------------------------------------------------------------- playing


def play(c: Client, line: dict[str, Any]) -> str:
    request = line["request"]
    body = {k: val for k, val in request.items() if k not in EXTRA_KEYS}
    uid: str | None = None
    if c.token:
        uid = str(uuid.uuid4())
        c.call("POST", f"/users/{uid}", None, {})
    out = [f"[group] {body['prompt']}"]
    try:
        plan = c.call("POST", "/api/plan", uid, body)
        out.extend(plan_text(plan))
        if request.get("follow_up"):
            out += ["", f"[group, follow-up] {request['follow_up']}"]
            history = [
                *(body.get("chat_history") or []),
                {"role": "user", "content": body["prompt"]},
                {"role": "assistant", "content": squash(plan.get("execution_summary"))[:1990]},
            ]
            plan = c.call(
                "POST",
                "/api/plan",
                uid,
                {**body, "prompt": request["follow_up"], "chat_history": history},
            )
            out.extend(plan_text(plan))
        votes = request.get("votes") or []
        if votes:
            first = [v for v in plan.get("venues") or [] if isinstance(v, dict)]
            said = []
            for vote in votes:
                index = int(vote["venue"]) - 1
                if index >= len(first):
                    said.append(f"{vote['member']} {vote['vote']} on #{vote['venue']}: no venue")
                    continue
                venue = first[index]
                plan = c.call(
                    "POST",
                    f"/api/plans/{plan['plan_id']}/votes",
                    uid,
                    {"member": vote["member"], "venue_id": venue["venue_id"], "vote": vote["vote"]},
                )
                said.append(f"{vote['member']} {vote['vote']} on {venue.get('name')}")
            out += ["", "[votes] " + "; ".join(said)]
            out.extend(plan_text(plan))
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

#!/usr/bin/env python3
"""Play the operator panel against a running Kairos and write what each operator read.

    python evals/panels/run_operator_panel.py --base http://127.0.0.1:8791 --token KairosTest \
        --panel evals/panels/operator.jsonl --today 2026-12-02 --out answers.jsonl --append

Every line is one operator (a fresh user): its turns are sent in order to `POST
/operator/chat` with `Accept: application/json`, in one session; a turn starting
`[new session] ` starts a new session for the same operator (the marker is not sent). The
answer written for the line, {"id": ..., "answer": <text>}, is each turn as the operator read it:
the message, the answer's text, then what the view shows beside it — card and kind, the window,
the location resolved, confidence with its caps, the sources, the guest snapshot with any
quotes, the competitor block. A 4xx / 5xx becomes that turn's answer (status and problem
detail). Nothing here grades anything.

The service reads its own day (`KAIROS_TODAY`): `--today` plays only the lines written for the
day the server was started with, so one server per distinct day covers the panel.

Standard library + httpx only.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
import uuid
from typing import Any

import httpx

NEW_SESSION = "[new session] "
RETRIES_429 = 4


class Failed(Exception):
    """A request answered with an error status, or did not answer: the answer is this text."""


def squash(text: Any) -> str:
    return " ".join(str(text).split())


class Client:
    def __init__(self, base: str, token: str, timeout: float) -> None:
        self.http = httpx.Client(base_url=base.rstrip("/"), timeout=timeout)
        self.token = token

    def close(self) -> None:
        self.http.close()

    def call(self, method: str, path: str, uid: str | None = None, body: Any = None) -> Any:
        headers = {"X-Service-Token": self.token, "Accept": "application/json"}
        if uid:
            headers["X-User-ID"] = uid
        for attempt in range(RETRIES_429 + 1):
            try:
                resp = self.http.request(method, path, headers=headers, json=body)
            except httpx.HTTPError as exc:
                raise Failed(f"{method} {path}: no answer ({type(exc).__name__}: {exc})") from exc
            if resp.status_code == 429 and attempt < RETRIES_429:
                time.sleep(min(60.0, float(resp.headers.get("Retry-After") or 5)))
                continue
            break
        if resp.status_code >= 400:
            raise Failed(problem_text(method, path, resp))
        try:
            return resp.json() if resp.content else {}
        except ValueError:
            return {"text": resp.text[:2000]}


def problem_text(method: str, path: str, resp: httpx.Response) -> str:
    head = f"HTTP {resp.status_code} on {method} {path}"
    try:
        body = resp.json()
    except ValueError:
        return f"{head}: {squash(resp.text)[:1000]}"
    if not isinstance(body, dict):
        return f"{head}: {squash(body)[:1000]}"
    parts = [str(body.get("title") or ""), squash(body.get("detail") or "")]
    for err in body.get("errors") or []:
        if isinstance(err, dict):
            parts.append(f"{'.'.join(str(x) for x in err.get('loc') or [])}: {err.get('msg', '')}")
    return f"{head}: " + " — ".join(p for p in parts if p)


# ----------------------------------------------------------------------------- rendering


def render(answer: dict[str, Any]) -> list[str]:
    """One answer as the operator reads it in the view."""
    out = [str(answer.get("text") or "(no text)")]
    out.append(
        f"  [card {answer.get('card')} · {answer.get('kind')} · window "
        f"{answer.get('window_start')} – {answer.get('window_end')}]"
    )
    locations = answer.get("locations") or []
    if locations:
        shown = [
            f"{loc.get('label')} ({loc.get('kind')}"
            + (f", place #{loc['place_id']}" if loc.get("place_id") else "")
            + ")"
            for loc in locations
        ]
        out.append("  [location: " + "; ".join(shown) + "]")
    else:
        out.append("  [location: none]")
    if answer.get("baseline"):
        b = answer["baseline"]
        day = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")[b["weekday"]] if b.get(
            "weekday") is not None else "any day"  # fmt: skip
        out.append(f"  [baseline: {b.get('covers')} covers, {day}, {b.get('origin')}]")
    conf = answer.get("confidence") or {}
    caps = "; ".join(f"{c.get('level')}: {c.get('reason')}" for c in conf.get("caps") or [])
    out.append(f"  [confidence {conf.get('level')}" + (f" (capped: {caps})" if caps else "") + "]")
    sources = answer.get("sources") or []
    if sources:
        out.append(
            "  [sources: "
            + "; ".join(
                f"{s.get('name')} {s.get('status')}"
                + (f" ({s.get('freshness')})" if s.get("status") in ("ok", "stale") else "")
                + ("" if s.get("informative", True) else ", not here")
                for s in sources
            )
            + "]"
        )
    snap = answer.get("guest_snapshot")
    if snap:
        quotes = [e for e in snap.get("evidence") or [] if e.get("snippet")]
        out.append(f"  [guest signals: {squash(snap.get('summary'))}]")
        for e in quotes:
            out.append(
                f'    "{squash(e["snippet"])}" ({e.get("place")}, review {e.get("review_id")}, '
                f"{e.get('date')}, {e.get('theme')}, {e.get('polarity')})"
            )
    comp = answer.get("competitor")
    if comp:
        out.append(f"  [competitor {comp.get('name')}: {comp.get('status')} — "
                   f"{squash(comp.get('detail'))}]")  # fmt: skip
    return out


# ----------------------------------------------------------------------------- playing


def play(c: Client, line: dict[str, Any], delete_user: bool = True) -> str:
    uid = str(uuid.uuid4())
    try:
        c.call("POST", f"/users/{uid}", None, {})
    except Failed as exc:
        return f"could not create the user: {exc}"
    lines: list[str] = []
    session: str | None = None
    try:
        for n, turn in enumerate(line["turns"], 1):
            message = turn
            if turn.startswith(NEW_SESSION):
                message, session = turn[len(NEW_SESSION) :], None
                lines.append("--- a new session (the same operator, later) ---")
            lines.append(f"Turn {n} — operator: {message}")
            body: dict[str, Any] = {"message": message}
            if session is not None:
                body["session_id"] = session
            try:
                answer = c.call("POST", "/operator/chat", uid, body)
            except Failed as exc:
                lines.append(f"  {exc}")
                continue
            session = str(answer.get("session_id") or session)
            lines += ["  " + row if not row.startswith("  ") else row for row in render(answer)]
            lines.append("")
    except Exception as exc:  # a shape this runner did not expect: say so, keep going
        lines.append(f"runner error ({type(exc).__name__}): {exc}")
    finally:
        if delete_user:
            with contextlib.suppress(Failed):
                c.call("DELETE", f"/users/{uid}", None)
    return "\n".join(lines).rstrip()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", required=True, help="e.g. http://127.0.0.1:8791")
    ap.add_argument("--token", required=True, help="the service token (X-Service-Token)")
    ap.add_argument("--panel", required=True, help="the panel JSONL")
    ap.add_argument("--out", required=True, help="where to write {id, answer} lines")
    ap.add_argument("--today", default="", help="play only the lines for this day (YYYY-MM-DD)")
    ap.add_argument("--only", default="", help="comma-separated ids to play (default: all)")
    ap.add_argument("--append", action="store_true", help="append to --out (one run per day)")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per request")
    ap.add_argument("--keep-users", action="store_true", help="do not delete the users made")
    args = ap.parse_args(argv)

    only = {s.strip() for s in args.only.split(",") if s.strip()}
    with open(args.panel, encoding="utf-8") as f:
        rows = [json.loads(row) for row in f if row.strip()]
    rows = [r for r in rows if (not only or r["id"] in only)
            and (not args.today or r.get("today") == args.today)]  # fmt: skip
    client = Client(args.base, args.token, args.timeout)
    written = 0
    try:
        with open(args.out, "a" if args.append else "w", encoding="utf-8") as out:
            for row in rows:
                started = time.monotonic()
                try:
                    answer = play(client, row, delete_user=not args.keep_users)
                except Exception as exc:  # never stop the panel for one line
                    answer = f"runner error ({type(exc).__name__}): {exc}"
                out.write(json.dumps({"id": row["id"], "answer": answer}, ensure_ascii=False))
                out.write("\n")
                out.flush()
                written += 1
                print(f"{row['id']}: {time.monotonic() - started:.1f}s", file=sys.stderr)
    finally:
        client.close()
    print(f"wrote {written} answers to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What the panel runners share: a client for a served Kairos that acts for a user with the
service token, waits out 429s and 503s (with their Retry-After), and turns an error status or
no answer into `Failed`, whose text is the answer the panel records."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any

import httpx

RETRIES_429 = 4


class Failed(Exception):
    """An error status or no answer: the answer is this text."""


def squash(text: Any) -> str:
    return " ".join(str(text or "").split())


class Client:
    def __init__(self, base: str, token: str | None, timeout: float) -> None:
        self.http = httpx.Client(base_url=base.rstrip("/"), timeout=timeout)
        self.token = token

    def close(self) -> None:
        self.http.close()

    def call(self, method: str, path: str, uid: str | None, body: Any = None) -> Any:
        headers = {"Accept": "application/json"}
        if self.token:
            headers["X-Service-Token"] = self.token
            if uid:
                headers["X-User-ID"] = uid
        for attempt in range(RETRIES_429 + 1):
            try:
                resp = self.http.request(method, path, headers=headers, json=body)
            except httpx.HTTPError as exc:
                raise Failed(f"{method} {path}: no answer ({type(exc).__name__}: {exc})") from exc
            # 429, and 503 while the server's database watch holds an outage (a loaded machine)
            if resp.status_code in (429, 503) and attempt < RETRIES_429:
                time.sleep(min(60.0, float(resp.headers.get("Retry-After") or 5)))
                continue
            break
        if resp.status_code >= 400:
            try:
                detail = squash(json.dumps(resp.json(), ensure_ascii=False))
            except ValueError:
                detail = squash(resp.text)
            raise Failed(f"HTTP {resp.status_code} on {method} {path}: {detail[:800]}")
        return resp.json() if resp.content else {}


def run_panel(
    description: str,
    play: Callable[[Client, dict[str, Any]], str],
    argv: list[str] | None = None,
    *,
    default_panel: str | None = None,
    default_token: str | None = None,
) -> int:
    """Play every panel line (or `--only` ids) against `--base`, one `{id, answer}` line each
    in `--out`; a line whose play fails records the failure as its answer."""
    ap = argparse.ArgumentParser(description=description.split("\n\n")[0])
    ap.add_argument("--base", required=True, help="e.g. http://127.0.0.1:8811")
    ap.add_argument("--panel", required=default_panel is None, default=default_panel)
    ap.add_argument("--out", required=True)
    ap.add_argument("--token", default=default_token, help="service token: a fresh user per line")
    ap.add_argument("--only", default="", help="comma-separated ids (default: all)")
    ap.add_argument("--timeout", type=float, default=300.0)
    args = ap.parse_args(argv)
    only = {s.strip() for s in args.only.split(",") if s.strip()}
    with open(args.panel, encoding="utf-8") as f:
        lines = [json.loads(row) for row in f if row.strip()]
    lines = [x for x in lines if not only or x["id"] in only]
    client = Client(args.base, args.token or None, args.timeout)
    try:
        with open(args.out, "w", encoding="utf-8") as out:
            for line in lines:
                started = time.monotonic()
                try:
                    answer = play(client, line)
                except Exception as exc:  # never stop the panel for one line
                    answer = f"runner error ({type(exc).__name__}): {exc}"
                out.write(json.dumps({"id": line["id"], "answer": answer}, ensure_ascii=False))
                out.write("\n")
                out.flush()
                print(f"{line['id']}: {time.monotonic() - started:.1f}s", file=sys.stderr)
    finally:
        client.close()
    print(f"wrote {len(lines)} answers to {args.out}", file=sys.stderr)
    return 0

"""What the panel runners share: a client for a served Kairos that acts for a user with the
service token, waits out 429s and 503s (with their Retry-After), and turns an error status or
no answer into `Failed`, whose text is the answer the panel records."""

from __future__ import annotations

import json
import time
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

"""Largest paint and bytes on the wire for each view of the web UI (issue 41, item 4).

A real `kairos serve` (started here over a scratch data folder that ingests the committed sample,
or `--base URL` for one already running) and Debian's Chromium through Playwright, throttled over
the DevTools protocol as Chromium's "Slow 4G" preset (150 ms x 3.75 latency, 1.6 Mbit/s x 0.9
down, 750 kbit/s x 0.9 up) with the CPU slowed 4x. For each view:

- first visit: a fresh browser context (empty cache) opens `/#view`;
- repeat visit: a new tab in the same context opens it again, as a person coming back.

Reported per visit: the largest contentful paint (the last `largest-contentful-paint` entry
once the page is loaded and the network quiet) and what it painted; bytes transferred as sent
(compressed, headers included), for the UI's files (`/` and `/static/`) and for the API; and,
on the repeat visit, the requests that went to the server although cached: revalidated (304)
and fetched again (200), the page itself counted apart (it is always revalidated, since it names
the versioned URLs of everything else).

Run: .venv/bin/python bench/bench_web_paint.py [--base URL] [--runs 3] [--port 8712] [--json FILE]
[--cpu-slowdown 4] (1 measures the network alone, which a loaded machine disturbs less)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
VIEWS = ["restaurants", "meals", "plan", "trips", "operator"]
# Chromium DevTools' "Slow 4G" preset (front_end/core/sdk/NetworkManager.ts, Slow4GConditions:
# called "Fast 3G" until May 2024). 400 kbit/s each way with a 400 ms target RTT is another
# preset, "3G" (formerly "Slow 3G": 500 kbit/s x 0.8, latency 400 x 5 = 2,000 ms), not this one.
SLOW_4G = {
    "offline": False,
    "latency": 150 * 3.75,
    "downloadThroughput": 1.6 * 1000 * 1000 / 8 * 0.9,
    "uploadThroughput": 750 * 1000 / 8 * 0.9,
}
CPU_SLOWDOWN = 4

_OBSERVE_LCP = """
window.__lcp = null;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const el = entry.element;
    window.__lcp = { at: entry.startTime, size: entry.size,
      what: el ? `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${el.className ? "." +
        String(el.className).trim().split(/\\s+/).join(".") : ""}` : entry.url || "?",
      text: el ? (el.textContent || "").trim().slice(0, 40) : "" };
  }
}).observe({ type: "largest-contentful-paint", buffered: true });
"""


@dataclass
class Visit:
    view: str
    kind: str
    lcp_ms: float
    painted: str
    ui_bytes: int
    api_bytes: int
    requests: int
    revalidated: list[str] = field(default_factory=list)
    refetched: list[str] = field(default_factory=list)
    page_revalidated: bool = False


@contextmanager
def served(port: int) -> Iterator[str]:
    """`kairos serve` over a scratch data folder that ingests the committed sample."""
    data = Path(tempfile.mkdtemp(prefix="kairos-paint-"))
    env = {
        **os.environ,
        "KAIROS_DATA_DIR": str(data),
        "KAIROS_AUTO_INGEST_SAMPLE": "true",
        "KAIROS_LOG_LEVEL": "WARNING",
    }
    kairos = shutil.which("kairos", path=str(Path(sys.executable).parent)) or "kairos"
    log = (data / "serve.log").open("wb")
    process = subprocess.Popen(
        [kairos, "serve", "--port", str(port)], env=env, cwd=REPO, stdout=log, stderr=log
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/ready", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None:
                raise SystemExit(f"kairos serve exited; see {data / 'serve.log'}")
            time.sleep(1)
        else:
            raise SystemExit("kairos serve was not ready in 600 s")
        yield base
    finally:
        process.terminate()
        process.wait(timeout=60)
        log.close()
        shutil.rmtree(data, ignore_errors=True)


def _visit(context: Any, base: str, view: str, kind: str, cpu_slowdown: float) -> Visit:
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu_slowdown})
    urls: dict[str, str] = {}
    status: dict[str, int] = {}
    cached: set[str] = set()
    wire: dict[str, int] = {}
    sent: dict[str, int] = {}
    cdp.on(
        "Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"])
    )
    cdp.on("Network.requestServedFromCache", lambda e: cached.add(e["requestId"]))

    def responded(event: dict[str, Any]) -> None:
        status[event["requestId"]] = event["response"]["status"]
        if event["response"].get("fromDiskCache") or event["response"].get("fromMemoryCache"):
            cached.add(event["requestId"])

    cdp.on("Network.responseReceived", responded)
    # A revalidated response is reported as the cached 200; the status on the wire is here.
    cdp.on(
        "Network.responseReceivedExtraInfo",
        lambda e: wire.__setitem__(e["requestId"], int(e.get("statusCode", 0))),
    )
    cdp.on(
        "Network.loadingFinished",
        lambda e: sent.__setitem__(e["requestId"], int(e["encodedDataLength"])),
    )
    page.goto(f"{base}/#{view}", wait_until="load", timeout=120_000)
    page.wait_for_load_state("networkidle", timeout=120_000)
    page.wait_for_timeout(500)
    lcp = page.evaluate("window.__lcp") or {"at": float("nan"), "what": "nothing", "text": ""}
    cdp.detach()
    page.close()

    ui = {r for r, u in urls.items() if u.startswith(base) and (u == f"{base}/" or "/static/" in u)}
    on_wire = {r for r in urls if r not in cached}
    visit = Visit(
        view=view, kind=kind, lcp_ms=round(float(lcp["at"]), 1),
        painted=f"{lcp['what']} {lcp['text']!r}".strip(),
        ui_bytes=sum(sent.get(r, 0) for r in ui & on_wire),
        api_bytes=sum(sent.get(r, 0) for r in on_wire - ui),
        requests=len(on_wire),
    )  # fmt: skip
    for request in ui & on_wire:
        path = urls[request].removeprefix(base)
        revalidated = 304 in (status.get(request), wire.get(request))
        if path == "/":
            visit.page_revalidated = revalidated
        elif revalidated:
            visit.revalidated.append(path)
        else:
            visit.refetched.append(path)
    return visit


def measure(base: str, runs: int, cpu_slowdown: float = CPU_SLOWDOWN) -> list[Visit]:
    from playwright.sync_api import sync_playwright

    visits = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        for _ in range(runs):
            for view in VIEWS:
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                context.add_init_script(_OBSERVE_LCP)
                visits.append(_visit(context, base, view, "first", cpu_slowdown))
                visits.append(_visit(context, base, view, "repeat", cpu_slowdown))
                context.close()
        browser.close()
    return visits


def report(visits: list[Visit], load: tuple[list[float], list[float]], cpu_slowdown: float) -> str:
    lines = [
        f"Slow 4G ({SLOW_4G['latency']:.1f} ms, {SLOW_4G['downloadThroughput'] * 8 / 1e6:.2f} "
        f"Mbit/s down), CPU {cpu_slowdown:g}x slower; load before {load[0]} after {load[1]}",
        "| view | visit | LCP median (min-max) | painted | UI KB | API KB | requests | "
        "revalidated / refetched (UI files) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for view in VIEWS:
        for kind in ("first", "repeat"):
            got = [v for v in visits if v.view == view and v.kind == kind]
            lcps = [v.lcp_ms for v in got]
            last = got[-1]
            again = f"{max(len(v.revalidated) for v in got)} / {max(len(v.refetched) for v in got)}"
            if kind == "repeat":
                again += " (+ the page, 304)" if any(v.page_revalidated for v in got) else ""
            lines.append(
                f"| {view} | {kind} | {statistics.median(lcps):.0f} ms ({min(lcps):.0f}-"
                f"{max(lcps):.0f}) | {last.painted[:50]} | "
                f"{statistics.median(v.ui_bytes for v in got) / 1024:.1f} | "
                f"{statistics.median(v.api_bytes for v in got) / 1024:.1f} | "
                f"{last.requests} | {again if kind == 'repeat' else '-'} |"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--base", help="an already running kairos serve, e.g. http://127.0.0.1:8712"
    )
    parser.add_argument("--port", type=int, default=8712)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", type=Path, help="write every visit here")
    parser.add_argument(
        "--cpu-slowdown", type=float, default=CPU_SLOWDOWN, help="1 = the network alone"
    )
    args = parser.parse_args()
    before = [round(x, 1) for x in os.getloadavg()]
    if args.base:
        visits = measure(args.base.rstrip("/"), args.runs, args.cpu_slowdown)
    else:
        with served(args.port) as base:
            visits = measure(base, args.runs, args.cpu_slowdown)
    after = [round(x, 1) for x in os.getloadavg()]
    print(report(visits, (before, after), args.cpu_slowdown))
    if args.json:
        args.json.write_text(json.dumps([asdict(v) for v in visits], indent=1))


if __name__ == "__main__":
    main()

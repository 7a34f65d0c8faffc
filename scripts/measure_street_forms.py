"""Generated probes of two resolution forms (issue 36, item 1) on a data dir holding the full
catalogue (a copy: the embedded server is started on it), run with the operator's own locating:
(1) a name known only outside Boston said with a Boston street (with and without ', Boston');
(2) a Boston catalogue address with its street shortened (Dot/Comm/Mass Ave). Counts outcomes.

    PYTHONPATH=src .venv/bin/python scripts/measure_street_forms.py /tmp/a-copy-of-the-full-data-dir
"""

import asyncio
import random
import sys
from collections import Counter
from datetime import date
from pathlib import Path

from kairos.core.geo import haversine_km
from kairos.evals.scratch import scratch_settings
from kairos.operator.locating import Locator
from kairos.operator.reading import read_message
from kairos.operator.state import SessionState
from kairos.registry import start_runtime
from kairos.store.operator import OperatorStore

BOSTON = (42.3601, -71.0589)
SHORT = {
    "dorchester ave": "Dot Ave",
    "commonwealth ave": "Comm Ave",
    "massachusetts ave": "Mass Ave",
}


async def main():
    runtime = await start_runtime(scratch_settings(Path(sys.argv[1])), ingest_sample=False)
    try:
        loc = Locator(signals=runtime.signals, store=OperatorStore(runtime.db))
        await loc.load_names()
        places = loc.catalog.places
        by_name = {}
        for p in places:
            by_name.setdefault(p.name, []).append(p)
        far = sorted(
            n
            for n, ps in by_name.items()
            if len(n) > 6 and all(haversine_km(p.lat, p.lng, *BOSTON) > 100 for p in ps)
        )
        rng = random.Random(7)
        names = rng.sample(far, 60)
        streets = [
            "Newbury St",
            "Boylston St",
            "Tremont St",
            "Hanover St",
            "Huntington Ave",
            "Cambridge St",
        ]

        async def run(m):
            spotted = loc.spot_restaurants(m)
            r = read_message(m, date(2026, 12, 2), names=[(s.start, s.end) for s in spotted])
            return await loc.locate(m, r.locations, spotted, SessionState(), refresh=False)

        for with_city in (True, False):
            c = Counter()
            for i, n in enumerate(names):
                m = f"{n} on {streets[i % len(streets)]}{', Boston' if with_city else ''}. weekend?"
                out = await run(m)
                first = out.locations[0] if out.locations else None
                if first is None or first.lat is None:
                    c["not placed"] += 1
                elif haversine_km(first.lat, first.lng or 0.0, *BOSTON) > 30:
                    c["other city"] += 1
                else:
                    c["held in Boston" + (" + question" if out.question else "")] += 1
            print(
                f"name known only elsewhere + Boston street{' + Boston' if with_city else ''}: "
                f"n={len(names)}",
                dict(c),
            )
        c = Counter()
        n = 0
        for p in places:
            key = p.address_key or ""
            hit = next((s for s in SHORT if f" {s}" in f" {key}"), None)
            if (
                not hit
                or not p.house_number
                or p.city
                not in ("Boston", "Dorchester", "Allston", "Brighton", "Dorchester Center")
            ):
                continue
            n += 1
            m = f"we're at {p.house_number} {SHORT[hit]}, Boston. weekend?"
            out = await run(m)
            ok = any(
                x.lat is not None
                and haversine_km(x.lat, x.lng, p.lat, p.lng) < 0.2
                and x.kind in ("place", "address")
                for x in out.locations
            ) or any(ch.label == p.label for ch in out.choices)
            c[
                "right place or asked among it"
                if ok
                else (
                    "other city"
                    if any(
                        x.lat and haversine_km(x.lat, x.lng, *BOSTON) > 30 for x in out.locations
                    )
                    else "missed"
                )
            ] += 1
        print(
            f"catalogue address with street shortened (Dot/Comm/Mass Ave) + Boston: n={n}", dict(c)
        )
    finally:
        await runtime.close()


asyncio.run(main())

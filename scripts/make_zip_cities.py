"""Recompute `src/kairos/signals/geocoding/zip_cities.csv`: ZIP -> catalog city, for the ZIPs
that no catalog address carries ("Highland Fried, 02139" must still be Cambridge).

The rows come from the `zipcodes` package (3.0.0, the USPS ZIP list it bundles, no download at
run time), which Kairos does not install; run it in a scratch environment:

    python3 -m venv /tmp/zip-venv && /tmp/zip-venv/bin/pip install zipcodes==3.0.0
    /tmp/zip-venv/bin/python scripts/make_zip_cities.py

A ZIP is kept when its USPS city (or one of its acceptable city names) is a US city of
`signals/data/city_centres.csv` in the same state. USPS names most Boston ZIPs by neighbourhood
("Dorchester", "Jamaica Plain"), so those neighbourhoods of the City of Boston count as Boston.
Consecutive ZIPs of one city are one row (first,last).
"""

from __future__ import annotations

import csv
from pathlib import Path

import zipcodes  # type: ignore[import-not-found]

REPO = Path(__file__).resolve().parents[1]
CENTRES = REPO / "src" / "kairos" / "signals" / "data" / "city_centres.csv"
OUT = REPO / "src" / "kairos" / "signals" / "geocoding" / "zip_cities.csv"

BOSTON_NEIGHBOURHOODS = {
    "Brighton", "Charlestown", "Dorchester", "Dorchester Center", "East Boston", "Hyde Park",
    "Jamaica Plain", "Mattapan", "Readville", "Roslindale", "Roxbury", "Roxbury Crossing",
    "South Boston", "West Roxbury",
}  # fmt: skip
"""USPS place names of ZIPs inside the City of Boston (Allston has its own catalog centre)."""


def main() -> None:
    with CENTRES.open(encoding="utf-8") as handle:
        cities = {(r["name"], r["region"]) for r in csv.DictReader(handle) if r["country"] == "US"}
    found: dict[str, str] = {}
    for state in sorted({s for _, s in cities}):
        for z in zipcodes.filter_by(state=state):
            if not z["active"]:
                continue
            names = [z["city"], *z.get("acceptable_cities", [])]
            city = next((n for n in names if (n, state) in cities), None)
            if city is None and state == "MA" and z["city"] in BOSTON_NEIGHBOURHOODS:
                city = "Boston"
            if city is not None:
                found[z["zip_code"]] = city
    rows: list[list[str]] = []
    for code in sorted(found):
        if rows and found[code] == rows[-1][2] and int(code) == int(rows[-1][1] or rows[-1][0]) + 1:
            rows[-1][1] = code
        else:
            rows.append([code, "", found[code]])
    with OUT.open("w", encoding="utf-8", newline="") as handle:
        handle.write(
            f"# ZIP -> catalog city, from the zipcodes package {zipcodes.__version__} (USPS ZIPs;"
            " active ones only), by scripts/make_zip_cities.py. Boston's neighbourhood names count"
            " as Boston.\n"
        )
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["first", "last", "city"])
        writer.writerows(rows)
    print(f"{len(found)} ZIPs in {len(rows)} rows -> {OUT}")


if __name__ == "__main__":
    main()

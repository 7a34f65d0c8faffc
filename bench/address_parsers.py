"""Compare the operator's own location reader with `usaddress` on the restaurant openers.

    PYTHONPATH=src:<site-packages holding usaddress> python bench/address_parsers.py

Issue 36 asks for address-parsing libraries to be compared before writing one. Over the 240
openers of `evals/operator_openers/openers.jsonl` (built from the shared Yelp Boston places,
whose `full_address` is the gold): a street or ZIP the message names is found when an extracted
address holds the gold street's first word (and its house number, when the message gives it),
or an extracted ZIP equals the gold's. A "false address" is one extracted from a message that
names no street or ZIP of its places. usaddress tags a whole message as one address string (it
is built for address strings, not sentences), so its tokens labelled AddressNumber, street
name, direction or type are joined into runs, and ZipCode tokens read as ZIPs.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

from kairos.operator.mentions import locations

REPO = Path(__file__).resolve().parents[1]
OPENERS = REPO / "evals" / "operator_openers" / "openers.jsonl"
BUSINESS = Path(sys.argv[1] if len(sys.argv) > 1 else REPO.parent / "shared" / "data" / "yelp"
                / "boston_business.jsonl.gz")  # fmt: skip
STREET_LABELS = {"AddressNumber", "StreetNamePreDirectional", "StreetName", "StreetNamePostType"}


def words(text: str | None) -> list[str]:
    return re.sub(r"[^a-z0-9 ]", " ", (text or "").lower()).split()


def gold_addresses(ids: set[str]) -> dict[str, tuple[str, str | None]]:
    gold: dict[str, tuple[str, str | None]] = {}
    with gzip.open(BUSINESS, "rt") as handle:
        for line in handle:
            row = json.loads(line)
            if row["business_id"] in ids:
                full = row.get("full_address") or ""
                zip_code = re.search(r"\b(\d{5})\s*$", full)
                gold[row["business_id"]] = (full.split("\n")[0], zip_code and zip_code.group(1))
    return gold


def ours(message: str) -> tuple[list[str], list[str]]:
    found = locations(message)
    return [m.address for m in found if m.address], [m.zip for m in found if m.zip]


def by_usaddress(message: str) -> tuple[list[str], list[str]]:
    import usaddress  # type: ignore[import-not-found]

    runs: list[str] = []
    run: list[str] = []
    zips: list[str] = []
    for token, label in usaddress.parse(message):
        token = token.strip(",.?!")
        if label in STREET_LABELS:
            run.append(token)
            continue
        if run:
            runs.append(" ".join(run))
            run = []
        if label == "ZipCode":
            zips.append(token)
    return [*runs, " ".join(run)] if run else runs, zips


def score(read: Any, openers: list[dict[str, Any]], gold: dict[str, Any]) -> dict[str, float]:
    found = named = false = 0
    started = time.perf_counter()
    for opener in openers:
        addresses, zips = read(opener["message"])
        said = words(opener["message"])
        names_any = False
        for place in opener["expected"]:
            street, zip_code = gold.get(place, ("", None))
            street_words = [w for w in words(street) if not w.isdigit()]
            if street_words and street_words[0] in said:
                names_any, named = True, named + 1
                number = [w for w in words(street) if w.isdigit()][:1]
                need = [street_words[0], *[n for n in number if n in said]]
                found += any(all(w in words(a) for w in need) for a in addresses)
            if zip_code and zip_code in opener["message"]:
                names_any, named = True, named + 1
                found += zip_code in zips
        if not names_any:
            false += len(addresses)
    ms = (time.perf_counter() - started) * 1000 / len(openers)
    return {"found": found, "named": named, "share": found / named, "false": false, "ms": ms}


def main() -> None:
    openers = [json.loads(line) for line in OPENERS.read_text().splitlines() if line.strip()]
    gold = gold_addresses({p for o in openers for p in o["expected"]})
    readers = {"kairos.operator.mentions": ours, "usaddress": by_usaddress}
    for name, read in readers.items():
        try:
            got = score(read, openers, gold)
        except ImportError:
            print(f"{name}: not installed")
            continue
        print(f"{name}: {got['found']}/{got['named']} streets and ZIPs found "
              f"({got['share']:.1%}), {got['false']} false addresses, "
              f"{got['ms']:.2f} ms a message")  # fmt: skip


if __name__ == "__main__":
    main()

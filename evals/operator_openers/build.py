"""Build the operator resolution set (issue 36): first messages as operators type them, each
naming a catalogue restaurant drawn with a fixed seed from a Yelp Boston business file, with the
business id(s) it must resolve to and a half (A: used to choose rules; B: used to judge them).

The forms and their templates were written before any resolution output was seen:
- name: the name alone;
- name_street: the name with its street (with or without the house number);
- address: the street address alone ("we're at 500 Boylston St"), sometimes with the city;
- name_zip: the name with its ZIP;
- variant: the name with a typo, or without its apostrophe, its "The" or its "Restaurant";
- lowercase: the name in lower case;
- name_area: the name with its neighbourhood or city;
- two: two locations in one message, each a name with its street.

Run: .venv/bin/python evals/operator_openers/build.py [--business FILE] [--count N] [--out FILE]
(default: ../shared/data/yelp/boston_business.jsonl.gz, 240 openers, openers.jsonl here).
`--business data/sample/yelp/boston_business.jsonl.gz --count 120 --out sample_openers.jsonl`
makes the committed cut the tests play over the app's sample.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
SEED = 20261129
FORMS = ("name", "name_street", "address", "name_zip", "variant", "lowercase", "name_area", "two")

ASKS = (
    "how busy will we be this weekend?",
    "what staffing do I need Friday?",
    "any risks for tomorrow?",
    "how many covers should I expect Saturday night?",
    "should I add a server this weekend?",
    "what's next week looking like?",
)
ABBREVIATIONS = {
    "street": "St", "avenue": "Ave", "boulevard": "Blvd", "road": "Rd", "place": "Pl",
    "square": "Sq", "drive": "Dr", "court": "Ct", "highway": "Hwy", "parkway": "Pkwy",
    "terrace": "Ter", "lane": "Ln",
}  # fmt: skip
ZIP = re.compile(r"\b(\d{5})\b")
HOUSE = re.compile(r"^\d+[A-Za-z]?(-\d+)?\s+")


def read_businesses(path: Path) -> list[dict[str, Any]]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    return [
        r for r in rows
        if r.get("name") and r.get("full_address") and r.get("latitude") is not None
        and HOUSE.match(r["full_address"].split("\n")[0])
    ]  # fmt: skip


def street_line(business: dict[str, Any]) -> str:
    return str(business["full_address"].split("\n")[0]).strip()


def abbreviate(street: str) -> str:
    words = street.split()
    return " ".join(ABBREVIATIONS.get(w.lower().strip(","), w) for w in words)


def street_name(street: str) -> str:
    return HOUSE.sub("", street)


def zip_of(business: dict[str, Any]) -> str | None:
    found = ZIP.findall(business["full_address"])
    return found[-1] if found else None


def area_of(business: dict[str, Any], rng: random.Random) -> str:
    hoods = business.get("neighborhoods") or []
    if hoods and rng.random() < 0.5:
        return str(hoods[0])
    return str(business.get("city") or "Boston")


def variant(name: str, rng: random.Random) -> str:
    """A name as an operator might slip: its apostrophe, 'The' or 'Restaurant' dropped, or a
    typo (two letters swapped, or one doubled, inside a word of five letters or more)."""
    options = []
    if "'" in name or "\u2019" in name:
        options.append(name.replace("'", "").replace("\u2019", ""))
    if name.lower().startswith("the "):
        options.append(name[4:])
    if re.search(r"\s+restaurant\b", name, re.I):
        options.append(re.sub(r"\s+restaurant\b", "", name, flags=re.I))
    long_words = [i for i, w in enumerate(name.split()) if len(w) >= 5 and w.isalpha()]
    if long_words:
        words = name.split()
        i = rng.choice(long_words)
        w = words[i]
        j = rng.randrange(1, len(w) - 2)
        if rng.random() < 0.5:
            words[i] = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
        else:
            words[i] = w[: j + 1] + w[j] + w[j + 1 :]
        options.append(" ".join(words))
    return rng.choice(options) if options else name


def street_said(business: dict[str, Any], rng: random.Random, *, number: bool) -> str:
    street = street_line(business)
    if rng.random() < 0.6:
        street = abbreviate(street)
    return street if number else street_name(street)


def opener(form: str, business: dict[str, Any], other: dict[str, Any] | None,
           rng: random.Random) -> str:  # fmt: skip
    name, ask = business["name"], rng.choice(ASKS)
    if form == "name":
        return rng.choice([f"{name} here, {ask}", f"This is {name}. {ask.capitalize()}",
                           f"I manage {name} - {ask}"])  # fmt: skip
    if form == "name_street":
        where = street_said(business, rng, number=rng.random() < 0.5)
        return rng.choice([f"{name} on {where}, {ask}", f"{name}, {where} - {ask}"])
    if form == "address":
        where = street_said(business, rng, number=True)
        if rng.random() < 0.5:
            where = f"{where}, {business.get('city') or 'Boston'}"
        return rng.choice([f"we're at {where}. {ask}", f"Restaurant at {where}: {ask}"])
    if form == "name_zip":
        return f"{name} {zip_of(business)} - {ask}"
    if form == "variant":
        return f"{variant(name, rng)} here, {ask}"
    if form == "lowercase":
        return f"{name.lower()} here, {ask}"
    if form == "name_area":
        in_area = f"{name} in {area_of(business, rng)}, {ask}"
        run_area = f"I run {name}, {area_of(business, rng)}. {ask.capitalize()}"
        return rng.choice([in_area, run_area])
    assert other is not None
    first = f"{name} on {street_said(business, rng, number=False)}"
    second = f"{other['name']} on {street_said(other, rng, number=False)}"
    return f"We have two places, {first} and {second}: {ask}"


def build(businesses: list[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    rng = random.Random(SEED)
    pool = sorted(businesses, key=lambda b: b["business_id"])
    rng.shuffle(pool)
    rows = []
    for i in range(count):
        form = FORMS[i % len(FORMS)]
        business = pool[i % len(pool)]
        other = pool[(i + len(pool) // 2 + 1) % len(pool)] if form == "two" else None
        if form == "name_zip" and zip_of(business) is None:
            form = "name_area"
        expected = [business["business_id"]] + ([other["business_id"]] if other else [])
        rows.append({
            "id": f"op{i + 1:03d}",
            "half": rng.choice("AB"),
            "form": form,
            "message": opener(form, business, other, rng),
            "expected": expected,
            "expected_names": [business["name"]] + ([other["name"]] if other else []),
        })  # fmt: skip
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--business", type=Path, default=REPO.parent / "shared/data/yelp/boston_business.jsonl.gz"
    )
    parser.add_argument("--count", type=int, default=240)
    parser.add_argument("--out", type=Path, default=HERE / "openers.jsonl")
    args = parser.parse_args()
    rows = build(read_businesses(args.business), args.count)
    with args.out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(rows)} openers -> {args.out}")


if __name__ == "__main__":
    main()

"""Play the operator resolution set (issue 36) through the operator's own locating code, in
process, over the venue catalogue of `../shared/data` (every venue source: Boston's Yelp places
and the other cities' restaurants and sights; built once under eval-cache/) or, with `--sample`,
over the app's sample. Prints right / asked / wrong / other-city / not-found per half and form;
`--misses A` lists half A's misses (the half rules are chosen on).

Run: .venv/bin/python evals/operator_openers/run.py [--sample] [--openers FILE]
     [--misses A|B] [--json FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import json
from datetime import date
from pathlib import Path

from kairos.evals.operator_resolution import load_openers, misses, resolve_openers
from kairos.evals.scratch import Build, build_sample, sample_folder, scratch_runtime
from kairos.evals.venues_catalogue import VenueFiles, venue_build, venue_folder

HERE = Path(__file__).resolve().parent
TODAY = date(2026, 12, 2)


async def run(args: argparse.Namespace) -> None:
    build: Build
    if args.sample:
        folder, build = sample_folder(), build_sample
    else:
        files = VenueFiles.under(args.shared)
        folder, build = venue_folder(files), venue_build(files, venue_folder(files), None)
    openers = load_openers(args.openers)
    async with scratch_runtime(folder, build) as (runtime, _):
        report = await resolve_openers(runtime, openers, TODAY)
    if report.missing:
        print(f"not in the store (skipped): {len(report.missing)}")
    cols = ("n", "resolved", "right", "asked", "wrong", "other_city", "not_found")
    print(f"{'':16}" + "".join(f"{c:>11}" for c in cols))
    for name, rates in report.table().items():
        print(f"{name:16}" + "".join(f"{rates[c]:>11}" for c in cols))
    if args.misses:
        for r in misses(report, args.misses):
            print(f"{r.opener.id} {r.opener.form:11} {r.outcome:10} {r.opener.message!r}")
            print(f"    -> {r.labels}")
    if args.json:
        args.json.write_text(json.dumps(report.table(), indent=2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sample", action="store_true")
    parser.add_argument("--shared", type=Path, default=HERE.parents[2] / "shared" / "data")
    parser.add_argument("--openers", type=Path, default=None)
    parser.add_argument("--misses", choices=("A", "B"), default=None)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    if args.openers is None:
        args.openers = HERE / ("sample_openers.jsonl" if args.sample else "openers.jsonl")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()

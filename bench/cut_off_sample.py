"""Cut the small Open Food Facts sample that `kairos eval all` reads when ../shared is absent.

    .venv/bin/python bench/cut_off_sample.py [--source FILE] [--out FILE] [--count 300]

Deterministic: products ordered by sha256 of their barcode, the first `count` kept, every field
unchanged, so the cut has the source's own mix of labelled and unlabelled products.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SOURCE = REPO.parent / "shared/data/openfoodfacts/off_products_en_allergens.jsonl.gz"
OUT = REPO / "data/sample/openfoodfacts/off_products_en_allergens_sample.jsonl.gz"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--count", type=int, default=300)
    args = parser.parse_args()
    with gzip.open(args.source, "rt", encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    rows.sort(key=lambda r: hashlib.sha256(str(r["code"]).encode()).hexdigest())
    kept = rows[: args.count]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    # mtime=0 keeps the gzip bytes identical across runs
    with (
        args.out.open("wb") as raw,
        gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as packed,
    ):
        for row in kept:
            packed.write((json.dumps(row, ensure_ascii=False) + "\n").encode())
    labelled = sum(1 for r in kept if r.get("allergens_tags"))
    print(f"{len(kept)} products ({labelled} with allergens_tags) from {args.source} -> {args.out}")


if __name__ == "__main__":
    main()

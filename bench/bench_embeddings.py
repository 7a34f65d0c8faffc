"""Embedding speed: one short query's latency and batch throughput on real reviews.

    .venv/bin/python bench/bench_embeddings.py [--reviews PATH] [--texts 512] [--sweep]

Targets (issue 2): query ≤ 10 ms, batch ≥ 150 texts/s. Prints the BLAS library and kernel in use,
because OPENBLAS_CORETYPE changes it and with it the numbers. Timings are wall-clock; other
processes on the machine move them, so each throughput figure is the best of `--repeats` runs,
printed with the CPU seconds it used (a figure that contention moves much less).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np

from kairos.text.minilm import MiniLMEmbedder

REPO = Path(__file__).resolve().parents[1]
DEFAULT_REVIEWS = REPO.parent / "shared" / "data" / "restaurant_reviews" / "reviews.jsonl.gz"
QUERY = "quiet romantic italian in cambridge"


def load_reviews(path: Path, count: int) -> list[str]:
    """Every k-th review of the file: all sources and lengths, the same texts on every run."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        texts = [t for t in (json.loads(line).get("text") or "" for line in fh) if t.strip()]
    step = max(1, len(texts) // count)
    return texts[::step][:count]


def blas_description() -> str:
    try:
        from threadpoolctl import threadpool_info  # type: ignore[import-untyped]
    except ImportError:
        return "threadpoolctl not installed (BLAS kernel unknown, workers share BLAS threads)"
    parts = [
        f"{i.get('internal_api')} {i.get('version')} kernel={i.get('architecture')} "
        f"threads={i.get('num_threads')}"
        for i in threadpool_info()
        if i.get("user_api") == "blas"
    ]
    return "; ".join(parts) or "no BLAS found"


def query_latency(embedder: MiniLMEmbedder, runs: int) -> tuple[float, float]:
    for _ in range(20):
        embedder.embed_one(QUERY)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        embedder.embed_one(QUERY)
        times.append(time.perf_counter() - start)
    p50 = statistics.quantiles(times, n=100)[49] * 1e3
    p95 = statistics.quantiles(times, n=100)[94] * 1e3
    return p50, p95


def throughput(embedder: MiniLMEmbedder, texts: list[str], repeats: int) -> tuple[float, float]:
    """Best texts/s over `repeats` runs, and the CPU seconds that run used (all threads)."""
    embedder.embed(texts[:64])
    best, cpu = float("inf"), 0.0
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        embedder.embed(texts)
        elapsed = time.perf_counter() - start
        if elapsed < best:
            best, cpu = elapsed, time.process_time() - start_cpu
    return len(texts) / best, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reviews", type=Path, default=DEFAULT_REVIEWS)
    parser.add_argument("--texts", type=int, default=512)
    parser.add_argument("--runs", type=int, default=200, help="query latency samples")
    parser.add_argument("--repeats", type=int, default=2, help="throughput runs, best kept")
    parser.add_argument("--sweep", action="store_true", help="also sweep batch sizes and workers")
    args = parser.parse_args()

    env = {k: os.environ.get(k, "(unset)") for k in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")}
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, numpy {np.__version__}")
    print(f"env: {env}")
    print(f"blas: {blas_description()}")

    texts = load_reviews(args.reviews, args.texts)
    embedder = MiniLMEmbedder()
    start = time.perf_counter()
    embedder.load()
    print(f"model load: {(time.perf_counter() - start) * 1e3:.0f} ms")
    lengths = np.array([len(ids) for ids in embedder.tokenize(texts)])
    print(
        f"sample: {len(texts)} reviews, tokens (truncated at 256) mean {lengths.mean():.0f}, "
        f"p50 {np.percentile(lengths, 50):.0f}, p90 {np.percentile(lengths, 90):.0f}, "
        f"total {lengths.sum()}"
    )

    p50, p95 = query_latency(embedder, args.runs)
    print(f"query latency ({args.runs} runs, {QUERY!r}): p50 {p50:.2f} ms, p95 {p95:.2f} ms")

    configs: list[dict[str, Any]] = [
        {"bucket_by_length": True},
        {"bucket_by_length": False},
    ]
    if args.sweep:
        configs += [
            {"workers": 1},
            {"batch_size": 8},
            {"batch_size": 16},
            {"batch_size": 64, "max_batch_tokens": 2048},
            {"batch_size": 128, "max_batch_tokens": 4096},
            {"max_batch_tokens": 512},
        ]
    for config in configs:
        batch = MiniLMEmbedder(**config)
        batch.load()
        rate, cpu = throughput(batch, texts, args.repeats)
        described = (
            f"batch_size={batch.batch_size} max_batch_tokens={batch.max_batch_tokens} "
            f"workers={batch.workers} bucket_by_length={batch.bucket_by_length}"
        )
        print(
            f"throughput: {rate:6.1f} texts/s ({rate * lengths.mean():6.0f} tokens/s, "
            f"{cpu:5.1f} CPU s)  {described}"
        )


if __name__ == "__main__":
    main()

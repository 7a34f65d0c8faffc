"""The seed's metrics table (seed 003 §9) for this process, in Prometheus' text format: end-to-end
latency, the retrieval cache hit ratio, the invalid JSON rate, enrichment success and the
diversification rate. Counters live in the product; a process restart starts them again."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from kairos.trips.product import TripsProduct

__all__ = ["prometheus_text"]

WINDOW = 1000
"""Latency quantiles over the last this many trips built."""


def _line(name: str, help_text: str, kind: str, value: float | None, labels: str = "") -> str:
    shown = "NaN" if value is None else f"{value:.6g}"
    return f"# HELP {name} {help_text}\n# TYPE {name} {kind}\n{name}{labels} {shown}\n"


def prometheus_text(product: TripsProduct) -> str:
    recent = product.latencies_ms[-WINDOW:]
    p95 = float(np.percentile(recent, 95)) if recent else None
    p50 = float(np.percentile(recent, 50)) if recent else None
    retrieval = product.retrieval
    diversification = retrieval.diversified / retrieval.retrievals if retrieval.retrievals else None
    stats = product.enricher.stats
    parts = [
        "# HELP kairos_trips_e2e_latency_ms Trip build time, retrieval to verification.\n"
        "# TYPE kairos_trips_e2e_latency_ms summary\n"
        f'kairos_trips_e2e_latency_ms{{quantile="0.5"}} {"NaN" if p50 is None else f"{p50:.6g}"}\n'
        f'kairos_trips_e2e_latency_ms{{quantile="0.95"}} {"NaN" if p95 is None else f"{p95:.6g}"}\n'
        f"kairos_trips_e2e_latency_ms_count {len(product.latencies_ms)}\n",
        _line("kairos_trips_retrieval_cache_hit_ratio", "Retrieval sets served from the cache.",
              "gauge", product.caches.hit_ratio("retrieval")),
        _line("kairos_trips_invalid_json_rate", "Model answers whose first output failed the "
              "schema or the policy filter (0 when no model writes).", "gauge",
              product.invalid_outputs / product.generations if product.generations else 0.0),
        _line("kairos_trips_generations_total", "Trips whose words a model was asked for.",
              "counter", float(product.generations)),
        _line("kairos_trips_enrichment_success_rate", "Enrichment calls answered, after retries.",
              "gauge", stats.success_rate),
        _line("kairos_trips_diversification_rate", "Retrievals the diversity rule changed.",
              "gauge", diversification),
        _line("kairos_trips_retrievals_total", "Retrievals run.", "counter",
              float(retrieval.retrievals)),
        _line("kairos_trips_retrieval_timeouts_total", "Searches slower than their budget.",
              "counter", float(product.retrieval_timeouts)),
    ]  # fmt: skip
    return "".join(parts)

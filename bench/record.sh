#!/usr/bin/env bash
# Re-measure every figure of docs/BENCHMARKS.md; JSON outputs go to bench/out/ (not committed).
#   bench/record.sh            fast figures + speed at the sample size
#   bench/record.sh --full     also retrieval and speed at the full size and the 10x curve
# Timings move with machine load: run on a quiet machine and note `uptime` beside the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${SHARED:-../shared/data}
OUT=bench/out
K=.venv/bin/kairos
mkdir -p "$OUT"
{ nproc; grep -m1 "model name" /proc/cpuinfo; free -g | sed -n 2p; uptime; git rev-parse --short HEAD; } \
  > "$OUT/machine.txt"

for f in "$SHARED"/openfoodfacts/*.jsonl.gz data/sample/openfoodfacts/*.jsonl.gz; do
  [ -f "$f" ] && $K eval allergens --data "$f" --json > "$OUT/allergens_$(basename "$f" .jsonl.gz).json"
done
[ -f "$SHARED/absa_restaurants/semeval2014_restaurants_train.jsonl.gz" ] &&
  $K eval absa --data "$SHARED/absa_restaurants/semeval2014_restaurants_train.jsonl.gz" --json > "$OUT/absa.json"
$K eval decomposition --json > "$OUT/decomposition.json"
$K eval aspects --json > "$OUT/aspects_sample.json"
$K eval retrieval --json > "$OUT/retrieval_sample.json"
$K eval contract --json > "$OUT/contract.json" || true
.venv/bin/python bench/bench_guard.py > "$OUT/bench_guard.txt"
.venv/bin/python bench/bench_embeddings.py > "$OUT/bench_embeddings.txt"
.venv/bin/python bench/bench_load.py --out "$OUT/load.json" > "$OUT/load.txt" || true

if [ "${1:-}" = "--full" ]; then
  RR="$SHARED/restaurant_reviews"
  $K eval aspects --restaurants "$RR/restaurants.jsonl.gz" --reviews "$RR/reviews.jsonl.gz" --json > "$OUT/aspects_full.json"
  $K eval retrieval --restaurants "$RR/restaurants.jsonl.gz" --reviews "$RR/reviews.jsonl.gz" --json > "$OUT/retrieval_full.json"
  $K eval speed --full --replicas 10 --json > "$OUT/speed_full.json"
else
  $K eval speed --json > "$OUT/speed_sample.json"
fi
$K eval all --json > "$OUT/all.json" || true
uptime >> "$OUT/machine.txt"
echo "figures in $OUT"

"""Figures per module from the last `mutmut run` (see `make mutation`).

Reads `mutmut results --all=true`, marks the mutants listed in `scripts/mutation_equivalent.txt`
as equivalent (each with its reason), and prints, per module: mutants, killed, survived,
equivalent, not tested (no fast test reaches the function: counted as not killed) and the
kill rate, killed / (mutants - equivalent). Lists every mutant left alive that is not known to
be equivalent, and fails (exit 1) when a module is below the floor or a listed equivalent was
killed (the list is stale).
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EQUIVALENT_FILE = ROOT / "scripts" / "mutation_equivalent.txt"
FLOOR = 0.90
# Modules mostly SQL run by the database tests, of which only the pure helpers (these name
# prefixes) are in scope. None today: hybrid search's pure helpers (`tsquery_for`,
# `review_words`) live in `search/text_query.py`, mutated whole, and hybrid.py is not mutated.
PURE_ONLY: dict[str, tuple[str, ...]] = {}


def equivalents() -> dict[str, str]:
    """`mutant-name  reason` per line; blank lines and `#` comments are skipped."""
    listed: dict[str, str] = {}
    for line in EQUIVALENT_FILE.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, _, reason = line.partition(" ")
            listed[name] = reason.strip()
    return listed


def results() -> dict[str, str]:
    out = subprocess.run(
        [str(Path(sys.executable).with_name("mutmut")), "results", "--all=true"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    found: dict[str, str] = {}
    for line in out.splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep:
            found[name] = status
    return found


def module_of(name: str) -> str:
    return name.split(".x_")[0].split(".xǁ")[0]


def in_scope(name: str) -> bool:
    prefixes = PURE_ONLY.get(module_of(name))
    return prefixes is None or any(p in name for p in prefixes)


def main() -> int:
    found = results()
    listed = equivalents()
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    survivors: list[str] = []
    stale = [name for name in listed if found.get(name) == "killed"]
    for name, status in sorted(found.items()):
        if not in_scope(name):
            continue
        module = module_of(name)
        counts[module]["mutants"] += 1
        if status == "survived" and name in listed:
            counts[module]["equivalent"] += 1
        elif status == "survived":
            counts[module]["survived"] += 1
            survivors.append(name)
        elif status == "no tests":
            counts[module]["not tested"] += 1
            survivors.append(f"{name} (no tests)")
        elif status in ("killed", "timeout", "caught by type check"):
            counts[module]["killed"] += 1
        else:
            counts[module][status] += 1
            survivors.append(f"{name} ({status})")
    header = "| module | mutants | killed | survived | equivalent | not tested | kill rate |"
    print(header)
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    below = []
    for module, c in sorted(counts.items()):
        judged = c["mutants"] - c["equivalent"]
        rate = c["killed"] / judged if judged else 1.0
        if rate < FLOOR:
            below.append(module)
        print(
            f"| {module} | {c['mutants']} | {c['killed']} | {c['survived']} | "
            f"{c['equivalent']} | {c['not tested']} | {rate:.1%} |"
        )
    if survivors:
        print("\nalive and not listed as equivalent:")
        print("\n".join(f"  {name}" for name in survivors))
    if stale:
        print("\nlisted as equivalent but killed (remove from the list):")
        print("\n".join(f"  {name}" for name in stale))
    if below:
        print(f"\nbelow the {FLOOR:.0%} floor: {', '.join(below)}")
    return 1 if below or stale else 0


if __name__ == "__main__":
    raise SystemExit(main())

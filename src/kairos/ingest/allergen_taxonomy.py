"""The Open Food Facts ingredients taxonomy, read once at build time into the table the allergen
core reads (`core/data/ingredient_allergens.tsv.gz`).

    kairos allergens build-table --taxonomy ../shared/data/off_taxonomy

Each English name or synonym of every taxonomy entry becomes one row: the allergens the entry
carries itself or through any parent (`allergens:en:` → contains, `likely_allergens:en:` →
likely), plus what the taxonomy does not say, from the `[[kind]]` rules of
`core/data/derived_allergens.toml`: every entry under a named kind inherits the rule's allergen
(wines and wine vinegars → sulphites, broths → celery as likely), with the rule's reason. Names
with no allergen are kept too: they tell the core that a line names a food it knows (a line it
cannot read is "unknown", never "safe"). When both copies of the taxonomy are given (the
October-2022 one and `newer_2026/`), the newer wins for an entry both have and the older adds
the entries only it has.

Open Food Facts data is under the Open Database License 1.0; the table's first lines say so and
name the files it was built from.
"""

from __future__ import annotations

import gzip
import hashlib
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

__all__ = ["OFF_ALLERGENS", "TaxonomyEntry", "build_table", "read_taxonomy", "write_table"]

OFF_ALLERGENS: Final[dict[str, str]] = {
    "en:milk": "dairy",
    "en:gluten": "gluten",
    "en:nuts": "tree_nuts",
    "en:peanuts": "peanuts",
    "en:crustaceans": "shellfish",
    "en:molluscs": "molluscs",
    "en:fish": "fish",
    "en:eggs": "eggs",
    "en:soybeans": "soy",
    "en:sesame-seeds": "sesame",
    "en:mustard": "mustard",
    "en:celery": "celery",
    "en:lupin": "lupin",
    "en:sulphur-dioxide-and-sulphites": "sulphites",
}
"""Open Food Facts' allergen ids → Kairos' canonical names (the EU-14)."""

ATTRIBUTION: Final = (
    "Built from the Open Food Facts ingredients taxonomy (Open Food Facts contributors, "
    "https://world.openfoodfacts.org), available under the Open Database License (ODbL) 1.0."
)
_LANGUAGE_LINE = re.compile(r"^([a-z]{2,3}|[a-z]{2}_[a-z]{2}):\s*(.*)$")
_PROPERTY_LINE = re.compile(r"^([a-z_]+):([a-z]{2}):\s*(.*)$")


@dataclass
class TaxonomyEntry:
    id: str
    parents: list[str] = field(default_factory=list)
    english: list[str] = field(default_factory=list)
    allergens: set[str] = field(default_factory=set)
    likely: set[str] = field(default_factory=set)


def _id_of(language: str, name: str) -> str:
    return f"{language}:{name.strip().lower().replace(' ', '-')}"


def _entry(block: str) -> TaxonomyEntry | None:
    entry: TaxonomyEntry | None = None
    parents: list[str] = []
    for raw in block.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("<"):
            language, _, name = line[1:].strip().partition(":")
            parents.append(_id_of(language.strip(), name))
            continue
        prop = _PROPERTY_LINE.match(line)
        if prop:
            key, value = prop.group(1), prop.group(3).strip()
            if entry is not None and key in ("allergens", "likely_allergens"):
                ids = {v.strip() for v in value.split(",") if v.strip()}
                (entry.allergens if key == "allergens" else entry.likely).update(ids)
            continue
        names = _LANGUAGE_LINE.match(line)
        if names is None:
            continue
        language, rest = names.groups()
        if language in ("synonyms", "stopwords"):
            return None
        forms = [n.strip() for n in rest.split(",") if n.strip()]
        if not forms:
            continue
        if entry is None:
            entry = TaxonomyEntry(_id_of(language, forms[0]))
        if language == "en":
            entry.english.extend(forms)
    if entry is not None:
        entry.parents = parents
    return entry


def read_taxonomy(path: Path) -> dict[str, TaxonomyEntry]:
    """Every entry of one `ingredients.txt(.gz)`, by id."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        text = handle.read()
    entries: dict[str, TaxonomyEntry] = {}
    for block in re.split(r"\n\s*\n", text):
        entry = _entry(block)
        if entry is not None:
            entries[entry.id] = entry
    return entries


@dataclass(frozen=True)
class KindRule:
    under: tuple[str, ...]
    allergens: tuple[str, ...]
    status: str
    reason: str


def _kind_rules(rules: Mapping[str, object]) -> list[KindRule]:
    kinds = rules.get("kind", [])
    assert isinstance(kinds, list)
    return [
        KindRule(tuple(k["under"]), tuple(k["allergens"]), str(k["status"]), str(k["reason"]))
        for k in kinds
    ]


@dataclass(frozen=True)
class Row:
    name: str
    contains: tuple[str, ...]
    likely: tuple[str, ...]
    reason: str
    entry: str


def build_table(entries: Mapping[str, TaxonomyEntry], rules: Mapping[str, object]) -> list[Row]:
    """One row per English name: allergens by the entry and its ancestors, and by kind rules."""
    kinds = _kind_rules(rules)
    listed = rules.get("ambiguous", [])
    ambiguous = {str(w).lower() for w in listed} if isinstance(listed, list) else set()

    def ancestry(eid: str, trail: frozenset[str] = frozenset()) -> frozenset[str]:
        if eid in trail or eid not in entries:
            return frozenset({eid})
        found = {eid}
        for parent in entries[eid].parents:
            found |= ancestry(parent, trail | {eid})
        return frozenset(found)

    rows: list[Row] = []
    seen: set[str] = set()
    for eid, entry in entries.items():
        if not entry.english:
            continue
        line = ancestry(eid)
        contains: set[str] = set()
        likely: set[str] = set()
        reasons: list[str] = []
        for ancestor in line:
            if ancestor in entries:
                contains |= {
                    OFF_ALLERGENS[a] for a in entries[ancestor].allergens if a in OFF_ALLERGENS
                }
                likely |= {OFF_ALLERGENS[a] for a in entries[ancestor].likely if a in OFF_ALLERGENS}
        for rule in kinds:
            if line.isdisjoint(rule.under):
                continue
            (contains if rule.status == "contains" else likely).update(rule.allergens)
            reasons.append(rule.reason)
        likely -= contains
        for name in entry.english:
            key = " ".join(name.lower().split())
            if key in seen or not re.search(r"[a-z]", key):
                continue
            seen.add(key)
            if key in ambiguous:  # a food the table knows, but no allergen is read from it
                rows.append(Row(key, (), (), "", eid))
                continue
            rows.append(
                Row(key, tuple(sorted(contains)), tuple(sorted(likely)), "; ".join(reasons), eid)
            )
    rows.sort(key=lambda r: r.name)
    return rows


def merged(
    newer: Mapping[str, TaxonomyEntry], older: Mapping[str, TaxonomyEntry]
) -> dict[str, TaxonomyEntry]:
    """The newer copy, plus entries (and English names) only the older one has."""
    result = dict(newer)
    for eid, entry in older.items():
        if eid not in result:
            result[eid] = entry
            continue
        known = {n.lower() for n in result[eid].english}
        extra = [n for n in entry.english if n.lower() not in known]
        if extra:
            result[eid].english.extend(extra)
    return result


def sources(taxonomy_dir: Path) -> list[Path]:
    newer = taxonomy_dir / "newer_2026" / "ingredients.txt.gz"
    older = taxonomy_dir / "ingredients.txt.gz"
    return [p for p in (newer, older) if p.exists()]


def write_table(rows: Iterable[Row], out: Path, built_from: Iterable[Path]) -> None:
    """A gzipped TSV, byte for byte the same for the same input (no timestamps)."""
    lines = [f"# {ATTRIBUTION}"]
    for path in built_from:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        lines.append(f"# source: {path.parent.name}/{path.name} sha256:{digest}")
    lines.append("# name\tcontains\tlikely\treason\toff_entry")
    lines += [
        f"{r.name}\t{','.join(r.contains)}\t{','.join(r.likely)}\t{r.reason}\t{r.entry}"
        for r in rows
    ]
    data = ("\n".join(lines) + "\n").encode()
    out.write_bytes(gzip.compress(data, mtime=0))


def build_from(taxonomy_dir: Path, rules_path: Path, out: Path) -> int:
    paths = sources(taxonomy_dir)
    if not paths:
        raise FileNotFoundError(f"no ingredients.txt.gz under {taxonomy_dir}")
    entries = read_taxonomy(paths[0])
    for older in paths[1:]:
        entries = merged(entries, read_taxonomy(older))
    with rules_path.open("rb") as handle:
        rules = tomllib.load(handle)
    rows = build_table(entries, rules)
    write_table(rows, out, paths)
    return len(rows)

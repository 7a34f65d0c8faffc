"""The statements of hybrid search that filter the arms' candidates and read the hits' rows
in order (fused places first, then the rating fill)."""

from __future__ import annotations

from kairos.search.sql_filters import CompiledFilters
from kairos.search.text_index import VERSION_SQL as TEXT_VERSION_SQL
from kairos.search.vector_index import VERSION_SQL
from kairos.store.places import WEIGHTED_RATING_SQL

CANDIDATE_TIERS = (300, 900, 2700)
"""Where the in-process text arm's candidates are cut into tiers for the filter statement."""


def tiered_filter_sql(where: str, with_vector: bool = False) -> str:
    """The text index's version and the allowed ids of each tier of candidates (:tier0,
    :tier1, …), a tier read only while the tiers before it allowed fewer than :depth; with
    `with_vector`, also the vector arm's version and allowed reviewed places (one statement
    for both arms)."""
    probe = "ARRAY(SELECT p.id FROM places p WHERE p.id = ANY(CAST(:{} AS bigint[])) AND {})"
    ctes = [f"t0 AS (SELECT {probe.format('tier0', where)} AS ids)"]
    for i in range(1, len(CANDIDATE_TIERS) + 1):
        before = " + ".join(f"cardinality(t{j}.ids)" for j in range(i))
        frm = ", ".join(f"t{j}" for j in range(i))
        ctes.append(
            f"t{i} AS (SELECT CASE WHEN {before} < :depth THEN {probe.format(f'tier{i}', where)}"
            f" ELSE CAST('{{}}' AS bigint[]) END AS ids FROM {frm})"
        )
    every = ", ".join(f"t{i}" for i in range(len(CANDIDATE_TIERS) + 1))
    ids = " || ".join(f"t{i}.ids" for i in range(len(CANDIDATE_TIERS) + 1))
    vector = vector_columns(where, all_ids=False) if with_vector else ""
    return (
        f"WITH {', '.join(ctes)} SELECT {TEXT_VERSION_SQL} AS version, {ids} AS ids{vector} "
        f"FROM {every}"
    )


def vector_columns(where: str, *, all_ids: bool) -> str:
    """The vector arm's version, and its allowed places unless the statement's `ids` are all
    the filter's places already (places without reviews have no vectors: the arm skips them)."""
    version = f", {VERSION_SQL} AS vector_version"
    if all_ids:
        return version
    reviewed = f"ARRAY(SELECT p.id FROM places p WHERE p.review_count > 0 AND {where})"
    return f"{version}, {reviewed} AS vector_ids"


NARROW_FILL = 3_000
"""A filter the catalog's counts bound to at most this many places is filled by reading them
and sorting; a broader one along `ix_places_weighted_rating`, which stops at the first rows that
pass. Walking the index for a narrow filter that almost nothing passes ("sushi" without fish)
read every entry: 33–45 ms at full size, against 1 ms for the narrow form."""


def row_columns(distance: str) -> str:
    return (
        f"p.id, p.xmin::text AS version, {distance} AS distance_km, "
        f"{TEXT_VERSION_SQL} AS text_version, {VERSION_SQL} AS vector_version"
    )


def fused_rows_sql(f: CompiledFilters, columns: str) -> str:
    return (
        f"(SELECT {columns} FROM unnest(CAST(:ids AS bigint[]), CAST(:scores AS float8[])) "
        f"AS top(id, score) JOIN places p ON p.id = top.id WHERE {f.where} "
        f"ORDER BY top.score DESC, {WEIGHTED_RATING_SQL} DESC, p.id LIMIT :limit)"
    )


def listed_rows_sql(f: CompiledFilters, distance: str = "NULL") -> str:
    """`ordered_rows_sql` with the rating fill's places named (`:fill`, best first) by the
    in-process columns instead of found by PostgreSQL: each row is read by its key and passes
    the same filter again (the caller checks the versions the statement returns)."""
    columns = row_columns(distance)
    listed = (
        f"(SELECT {columns} FROM unnest(CAST(:fill AS bigint[])) WITH ORDINALITY AS fill(id, n) "
        f"JOIN places p ON p.id = fill.id WHERE {f.where} ORDER BY fill.n LIMIT :limit)"
    )
    return f"{fused_rows_sql(f, columns)} UNION ALL {listed} LIMIT :limit"


def ordered_rows_sql(f: CompiledFilters, distance: str = "NULL") -> str:
    """The hits' rows in one statement: the fused places (`:ids`, `:scores`) that pass the
    filters first, then, only when they leave `:limit` unmet, the best places by the
    Bayesian-average rating that pass them (PostgreSQL's Append never starts the second part
    otherwise, and a CTE is computed only when first read). Columns: id, the row's version, the
    `distance` expression as distance_km, and both in-process indexes' versions."""
    columns = row_columns(distance)
    fused = fused_rows_sql(f, columns)
    passing = f"FROM places p WHERE {f.where} AND NOT (p.id = ANY(CAST(:ids AS bigint[])))"
    if f.at_most is not None and f.at_most <= NARROW_FILL:
        return (
            f"WITH fill AS MATERIALIZED (SELECT {columns}, {WEIGHTED_RATING_SQL} AS weighted "
            f"{passing}) {fused} UNION ALL (SELECT id, version, distance_km, text_version, "
            "vector_version FROM fill "
            "ORDER BY weighted DESC, id LIMIT :limit) LIMIT :limit"
        )
    return (
        f"{fused} UNION ALL (SELECT {columns} {passing} "
        f"ORDER BY {WEIGHTED_RATING_SQL} DESC, p.id LIMIT :limit) LIMIT :limit"
    )

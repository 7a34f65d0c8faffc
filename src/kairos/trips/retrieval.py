"""Points of interest for a trip: the catalog's places to visit in the trip's city, scored by the
seed's blend (seed 003 §4)

    score = 0.55 · vector + 0.35 · bm25 + 0.10 · recency

with every arm normalised to [0, 1] over the candidate set:
- vector: cosine of the request's interests (or `DEFAULT_INTERESTS`) with the place's category
  label ("museum", "viewpoint", "religious site"…) under the shared MiniLM, min–max scaled. POIs
  seldom have reviews; their category is the text every one of them has, and each label is
  embedded once per process;
- bm25: PostgreSQL's `ts_rank_cd` of the interests' words (OR-ed) against the place's name and
  search facets (its description and tags), divided by the set's best;
- recency: `exp(−age / 365 days)` of the place's `last_updated`.
Filters (in SQL): a visit kind, routable coordinates, within `radius_km` of the city centre;
tags filter when given; step-free asked: OSM `wheelchair=no` is left out and a place whose source
says nothing follows the marked ones (`STEP_FREE_UNKNOWN`). Places with no position join at the
city's centre when the positioned sights cannot fill the trip (`UNPOSITIONED_PENALTY`); hawker
centres, food courts and markets are places to eat (`meals`), not sights. The rows are read by
`trips/place_rows.py`; this module scores them.
Season: a place whose `season` (`ingest/poi_season.py`) shares no month with the trip's days
is left out, and the answer names it with its evidence.
Personalisation: after the blend, + `FAVOURITE_BONUS` for a place whose kind, category, source
categories or OSM `tourism` / `historic` / `leisure` value is one of the traveller's favourite
tags (travelling with children, `KID_FRIENDLY` kinds count as favourites).
Diversification: when more than 60 % of the top 8 share one identical tag set, the lowest 2 of
the 8 are replaced by the best-scoring places with another tag set (the seed's rule; applied
rates are counted for the metrics). Several kinds named ("museums and monuments"): the best of
each named kind in turn (`interleave`). An empty result broadens once: twice the radius, no tags.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Final

import numpy as np

from kairos.core.not_sights import commercial_gallery, stage_venue
from kairos.core.notability import NOTABLE, typical_minutes
from kairos.core.visit_length import (
    flagship_minutes,
    is_minor_stop,
    shown_name,
    stop_minutes,
)
from kairos.store.database import Database
from kairos.text.embedding_provider import EmbeddingProvider
from kairos.trips.interest_words import answering, asked_words, interest_step
from kairos.trips.kind_groups import fits, group_of, groups_named, kept_out
from kairos.trips.kind_words import names_a_kind
from kairos.trips.leave_out import without_listings, without_stages
from kairos.trips.lookups import VISIT_KINDS
from kairos.trips.models import Candidate, step_free_of
from kairos.trips.named_places import named_in
from kairos.trips.place_rows import BM25_RANKS, PlaceRows
from kairos.trips.query_text import query_words
from kairos.trips.retrieval_rules import (
    RECENCY_DAYS,
    Row,
    Scored,
    age_days,
    asks_for_collections,
    commercial_experience,
    diversify,
    in_season,
    interleave,
    judged,
    kind_said,
    label_of,
    liked,
    pinpointed,
    rough_ground,
    scaled,
    shown_as_experience,
    shown_kind,
    sights,
    tags_of,
)  # fmt: skip
from kairos.trips.sites import OWN_ENTRY, site_of, with_site
from kairos.trips.water import by_boat

__all__ = ["BLEND", "DEFAULT_INTERESTS", "VISIT_KINDS", "Retrieved", "TripRetrieval"]

_Row = Row  # the name tests and older callers import
_in_season = in_season

BLEND: Final = (0.55, 0.35, 0.10)
FAVOURITE_BONUS: Final = 0.25
"""Added after the blend to a place one of the traveller's favourite tags names: a quarter of the
blend's range, so a favourite outranks places that only fit the default interests, while a
place that matches the request's own words (bm25 and vector arms) can still come first."""
OFF_TAG: Final = 0.35
"""Taken from a place of a kind the traveller did not name, when the named kinds cannot fill the
trip: it follows them."""
STEP_FREE_UNKNOWN: Final = 0.5
"""Taken from a place whose source says nothing of wheelchair access, when step-free places
were asked for: those marked step-free come first, the others fill in and are named to check."""
KIND_ARM_UNSAID: Final = 0.1
"""The kind (vector) arm's weight, in place of `BLEND[0]`, when the request's words name no kind
of place (`kind_words.names_a_kind`: "4 days in Delhi with my family", no interests): the
likeness of a category to words that say nothing of places is noise, and notability ranks."""
NOTABILITY_WEIGHT: Final = 0.6
"""Added after the blend times the place's notability (`trips/notability.py`): a landmark with
evidence of note (UNESCO, a Wikipedia article, thousands of reviews) comes before a mural or an
unnamed-looking node of the same kind."""
MINOR_FOLLOWS: Final = 1.0
"""Taken from a place of little note (below `NOTABLE`: a statue few review, a mural, a bare
node): the blend's whole range, so a World Heritage site or a listed sight (0.9 or more) comes
before it whatever the words and a favourite tag; among minor places the blend still orders."""
MINOR_STOP_FOLLOWS: Final = 0.5
"""Taken from a statue, a sculpture or a mural below landmark note (`core.visit_length`): it
follows museums, forts and temples of like note, so it fills a day's gap, never the day."""
DEFAULT_INTERESTS: Final = "famous landmarks, museums, parks and viewpoints"
COMMERCIAL_FOLLOWS: Final = 0.6
"""Taken, when the interests ask for art, history or museums, from a ticketed experience, a
gallery that sells, an auction house or a workshop (`commercial_experience`,
`not_sights.commercial_gallery`): the collections come first."""
UNPOSITIONED_PENALTY: Final = 0.15
"""Taken from a place its source gives no position for: of two equal places, the one whose
travel can be measured comes first."""


@dataclass
class Retrieved:
    candidates: list[Candidate]
    scores: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)
    """place id → (score, vector, bm25, recency)."""
    diversified: bool = False
    broadened: bool = False
    considered: int = 0
    out_of_season: list[tuple[str, str]] = field(default_factory=list)
    """(name, the evidence) of places left out because they are closed in the trip's months."""
    favourites_matched: int = 0
    not_sights: int = 0
    """Places tagged as sights left out because they are businesses, offices or homes."""
    notable: int = 0
    """Places of the set with evidence of note (`notability.NOTABLE` or more)."""


class TripRetrieval(PlaceRows):
    def __init__(self, db: Database, embedder: EmbeddingProvider) -> None:
        super().__init__(db)
        self.embedder = embedder
        self._labels: dict[str, np.ndarray] = {}
        self._queries: dict[str, np.ndarray] = {}
        self._judged: dict[tuple[int, str, str, int], float | None] = {}
        self._traits: dict[tuple[int, str, str], tuple[bool, bool]] = {}
        """(place id, name, kind, votes) → `judged` (not a sight, or its notability: ~0.2 ms a
        row, asked for every row of a city each retrieval)."""
        self.retrievals = 0
        self.diversified = 0

    def _trait(self, row: Row) -> tuple[bool, bool]:
        """(a stage venue, a commercial gallery or a ticketed experience) of a row, cached as
        `_judge` is."""
        key = (row.id, row.name, row.kind)
        found = self._traits.get(key)
        if found is None:
            if len(self._traits) > 200_000:
                self._traits.clear()
            found = self._traits[key] = (
                stage_venue(row.name, row.attributes),
                commercial_gallery(row.name, row.kind, row.attributes)
                or commercial_experience(row.name, row.attributes),
            )
        return found

    def _judge(self, row: Row) -> float | None:
        key = (row.id, row.name, row.kind, row.votes)
        if key in self._judged:
            return self._judged[key]
        if len(self._judged) > 200_000:
            self._judged.clear()
        found = self._judged[key] = judged(row)
        return found

    def _label_vector(self, label: str) -> np.ndarray:
        vector = self._labels.get(label)
        if vector is None:
            vector = np.asarray(self.embedder.embed_one(label), dtype=np.float32)
            self._labels[label] = vector
        return vector

    async def _with_unpositioned(
        self, rows: list[Row], city: str, centre: tuple[float, float], interests: str,
        accessibility: bool, room: int,
    ) -> list[Row]:  # fmt: skip
        """`rows`, and the city's places with no position when the positioned sights cannot
        fill the trip's `room` (their text arm asked like the others')."""
        extra = await self._unpositioned(city, centre)
        if not extra or len(sights(self._filter(rows, (), accessibility), self._judge)[0]) >= room:
            # a place the traveller named is among them all the same
            asked = named_in(interests, extra, city)
            return [*rows, *(r for r in extra if str(r.id) in asked)]
        query = query_words(interests, city)
        if query:
            async with self.db.reading() as session:
                found = await session.execute(
                    BM25_RANKS, {"q": query, "ids": [r.id for r in extra]}
                )
                ranks = {r.id: float(r.bm25) for r in found}
            extra = [replace(r, bm25=ranks.get(r.id, 0.0)) for r in extra]
        return [*rows, *extra]

    def _query_vector(self, interests: str) -> np.ndarray:
        vector = self._queries.get(interests)
        if vector is None:
            vector = np.asarray(self.embedder.embed_one(interests), dtype=np.float32)
            if len(self._queries) > 2048:
                self._queries.clear()
            self._queries[interests] = vector
        return vector

    async def retrieve(
        self,
        *,
        city: str,
        centre: tuple[float, float],
        radius_km: float,
        interests: str,
        tags: Sequence[str] = (),
        accessibility: bool = False,
        months: frozenset[int] = frozenset(),
        favourites: Sequence[str] = (),
        companions: str | None = None,
        now: datetime | None = None,
        room: int = 0,
    ) -> Retrieved:
        """`room`: the stops the trip can hold; when the kinds the traveller named have fewer
        places than that, the other places follow them (`OFF_TAG` lower), so days are full."""
        now = now or datetime.now(UTC)
        rows = await self._rows(centre, radius_km, interests, VISIT_KINDS, city)
        rows = await self._with_unpositioned(rows, city, centre, interests, accessibility, room)
        broadened = False
        rows, out_of_season = in_season(rows, months)
        filtered = self._filter(rows, tags, accessibility)
        if tags and (said := named_in(interests, rows, city) | answering(interests, rows)):
            filtered += [r for r in self._filter(rows, (), accessibility)  # named, or "Mughal"
                         if str(r.id) in said and r not in filtered]  # fmt: skip
        if not filtered:
            broadened = True
            rows = await self._rows(centre, radius_km * 2, interests, VISIT_KINDS, city)
            rows = await self._with_unpositioned(rows, city, centre, interests, accessibility,
                                                 room)  # fmt: skip
            rows, out_of_season = in_season(rows, months)
            filtered = self._filter(rows, (), accessibility)
        self.retrievals += 1
        if not filtered:
            return Retrieved([], broadened=broadened, out_of_season=out_of_season)
        eat = {r.id for r in rows if self._is_food(r)}
        filtered = [r for r in filtered if r.id not in eat]  # they are lunch or dinner
        named = {r.id for r in filtered}
        fitting = set() if broadened else set(named)
        if tags and filtered and sum(self._judge(r) is not None for r in filtered) < room:
            filtered += [r for r in self._filter(rows, (), accessibility)
                         if r.id not in named and r.id not in eat]  # fmt: skip
        # a place whose name says a kind asked for (Kinkaku-ji, a curated list's "attraction",
        # for temples): when some do, the places that neither fit nor say it follow them
        says_kind = {r.id for r in filtered if any(kind_said(t, r.name) for t in tags)}
        filtered, not_sights, notes = sights(filtered, self._judge, city)
        filtered, notes = without_listings(filtered, notes, room, self._judge)
        filtered, notes, stages = without_stages(filtered, notes, interests, self._trait)
        not_sights += stages
        if not filtered:
            return Retrieved([], broadened=broadened, out_of_season=out_of_season,
                             not_sights=not_sights)  # fmt: skip
        wanted_tags = liked(favourites, companions)
        query = self._query_vector(interests or DEFAULT_INTERESTS)
        labels = [label_of(r, r.attributes) for r in filtered]
        vector = scaled([float(self._label_vector(label) @ query) for label in labels])
        best = max((float(r.bm25) for r in filtered), default=0.0)
        bm25 = [float(r.bm25) / best if best > 0 else 0.0 for r in filtered]
        recency = [math.exp(-age_days(r.attributes, now) / RECENCY_DAYS) for r in filtered]
        scored: list[Scored] = []
        matched = 0
        kind_arm = BLEND[0] if tags or names_a_kind(interests) else KIND_ARM_UNSAID
        asked = [g for g in (group_of(n) for n in groups_named(interests)) if g is not None]
        # galleries that sell and experiences follow the collections when the city has some
        collections = asks_for_collections(interests) and any(
            not self._trait(r)[1]
            and (r.kind == "museum" or fits("gallery", r.kind, label.replace(" ", "_"), r.name))
            for r, label in zip(filtered, labels, strict=True)
        )
        boats, eras = by_boat(rows), asked_words(interests)
        for r, label, v, b, c, note in zip(
            filtered, labels, vector, bm25, recency, notes, strict=True
        ):
            score = kind_arm * v + BLEND[1] * b + BLEND[2] * c + NOTABILITY_WEIGHT * note
            unsaid = bool(says_kind) and r.id not in says_kind and r.id not in fitting
            if r.id not in named or unsaid or kept_out(asked, r.kind, label, r.name):
                score -= OFF_TAG
            elif collections and self._trait(r)[1]:
                score -= COMMERCIAL_FOLLOWS  # no collection of art or history
            step, answered = interest_step(eras, r.name, r.attributes)  # "Mughal", "old"
            score += step
            if note < NOTABLE:
                score -= MINOR_FOLLOWS
            if is_minor_stop(r.name, r.kind, r.attributes, note):
                score -= MINOR_STOP_FOLLOWS
            if accessibility and step_free_of(r.attributes) != "yes":
                score -= STEP_FREE_UNKNOWN
            if not r.positioned:
                score -= UNPOSITIONED_PENALTY
            if wanted_tags and tags_of(r, label) & wanted_tags:
                score += FAVOURITE_BONUS
                matched += 1
            candidate = Candidate.from_place(
                id=str(r.id),
                name=r.name,
                kind=shown_kind(
                    r.name, r.kind, r.kind == "museum" and shown_as_experience(r.name, r.attributes)
                ),
                lat=r.lat,
                lng=r.lng,
                city=city,
                attributes=dict(r.attributes or {}),
                rank=-score,
                positioned=r.positioned,
                address=r.address,
            )
            site = site_of(r.name, r.attributes)
            sourced = (r.attributes.get("visit") or {}).get("minutes_basis") == "source"
            minutes = candidate.duration
            if not sourced:
                minutes = typical_minutes(r.name, r.kind, minutes)
            minutes = stop_minutes(r.name, r.kind, r.attributes, note, minutes, sourced=sourced)
            candidate = replace(candidate, duration=minutes, minor=note < NOTABLE,
                                by_boat=r.id in boats, interests=answered,
                                name=with_site(shown_name(r.name, r.attributes), site),
                                site=site, entry=note >= OWN_ENTRY, pinpointed=pinpointed(r),
                                full_minutes=flagship_minutes(r.name, r.kind, r.attributes, note,
                                                              minutes))  # fmt: skip
            scored.append(Scored(candidate, score, (v, b, c), frozenset({r.kind, label})))
        scored.sort(key=lambda s: (-s.score, -(s.candidate.rank), s.candidate.id))
        # the rule serves exploration; a traveller who named kinds asked for the opposite
        scored, diversified = diversify(scored) if not tags else (scored, False)
        label_by = {
            str(r.id): label.replace(" ", "_") for r, label in zip(filtered, labels, strict=True)
        }
        wanted = list(dict.fromkeys(t.replace(" ", "_").lower() for t in tags))
        scored, _ = interleave(
            scored, wanted, lambda s, want: fits(want, s.candidate.kind,
                                                 label_by.get(s.candidate.id), s.candidate.name)
            or kind_said(want, s.candidate.name),
            MINOR_FOLLOWS,
        )  # fmt: skip
        if diversified:
            self.diversified += 1
        ranked = [replace(s.candidate, rank=float(i)) for i, s in enumerate(scored)]
        return Retrieved(
            candidates=ranked,
            scores={
                s.candidate.id: (
                    round(s.score, 4),
                    round(s.arms[0], 4),
                    round(s.arms[1], 4),
                    round(s.arms[2], 4),
                )
                for s in scored
            },
            diversified=diversified,
            broadened=broadened,
            considered=len(filtered),
            out_of_season=out_of_season,
            favourites_matched=matched,
            not_sights=not_sights,
            notable=sum(1 for n in notes if n >= NOTABLE),
        )

    @staticmethod
    def _filter(rows: Sequence[Row], tags: Sequence[str], accessibility: bool) -> list[Row]:
        wanted = {t.replace(" ", "_").lower() for t in tags}
        out = []
        for r in rows:
            attributes = r.attributes
            access = step_free_of(attributes) if accessibility else "yes"
            if access == "no" or (access != "yes" and rough_ground(r.name, attributes)):
                continue
            if wanted:
                label = label_of(r, attributes).replace(" ", "_")
                if not any(fits(w, r.kind, label, r.name) for w in wanted):
                    continue
            out.append(r)
        return out

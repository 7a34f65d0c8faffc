"""A counter venue kept for want of others is never "the best overall pick", and the note that
keeps it says where it stands (an outside audit, plans: Thinking Cup, a bagel counter "kept for
want of others", was called "the best overall pick", and the note said the counter venues were
"kept, after the others" while they ranked first and second)."""

from __future__ import annotations

from dataclasses import replace

from kairos.venues.fit import counter_order_said
from kairos.venues.schemas import VenueResult
from kairos.venues.synthesiser import consensus, synthesise
from tests.venues.test_agents import SEED_WEIGHTS, _scored

NOTE = (
    "Few venues here serve a sit-down meal for 6 at tables: 1 counter or street venue(s) are "
    "kept, after the others."
)


def _ranked() -> list[VenueResult]:
    """The counter venue first, as a member's diet or a price can put it."""
    made = synthesise(
        [replace(_scored("counter", 0.9, 1), other_kind=True), _scored("tables", 0.6, 2)],
        SEED_WEIGHTS,
        vibe_name=None,
        budget_text=None,
    )
    by_id = {v.venue_id: v for v in made}
    assert by_id["counter"].other_kind and not by_id["tables"].other_kind
    return [
        by_id["counter"].model_copy(update={"rank": 1}),
        by_id["tables"].model_copy(update={"rank": 2}),
    ]


def test_summary_never_calls_a_counter_kept_for_want_of_others_the_best_pick() -> None:
    said = str(consensus(_ranked()))
    assert "Counter is the best overall pick" not in said, said
    assert said.startswith("Counter ranks first"), said
    assert "Tables is the first of the kind asked" in said, said


def test_summary_note_on_counters_kept_follows_the_order_shown() -> None:
    notes = [NOTE]
    counter_order_said(notes, _ranked(), {"counter"})
    assert "after the others" not in notes[0], notes
    assert "Counter ranks #1" in notes[0], notes
    notes = [NOTE]
    counter_order_said(notes, list(reversed(_ranked())), {"counter"})
    assert notes == [NOTE]

"""After a vote, the venue ranked first is the one the verdict calls the best (issue 34, item 5):
two "no" votes on the leader once moved a venue the critic advises against to rank 1 (the gold
badge), while the consensus and the summary named the other venue as the best and the leader."""

from __future__ import annotations

from kairos.venues.group import rerank_with_votes
from kairos.venues.schemas import RiskFlag
from kairos.venues.synthesiser import consensus, synthesise
from kairos.venues.verdict import vote_sentence
from tests.venues.test_agents import SEED_WEIGHTS, _scored

HEALTH_CODE = RiskFlag(
    description="4 severe health-code violation(s) at inspections",
    severity="high",
    kind="inspection",
    evidence=["inspection 2015-03-04"],
)


def test_no_vote_lifts_an_advised_against_venue_above_the_best_pick() -> None:
    ranked = synthesise(
        [_scored("leader", 0.6, 2), _scored("flagged", 0.9, 2, flags=[HEALTH_CODE])],
        SEED_WEIGHTS,
        vibe_name=None,
        budget_text=None,
    )
    assert any(v.veto for v in ranked), "the critic advises against 'flagged'"
    votes = {"leader": {"Ana": "no", "Bo": "no"}}
    again = rerank_with_votes(ranked, votes)
    first = again[0]
    assert not first.veto and not first.vetoed_by, [(v.name, v.rank, v.veto) for v in again]
    # two members voted no on it: it ranks first but is never called the best (sixth round)
    said = str(consensus(again))
    assert said.startswith(f"{first.name} ranks first") and "Flagged is the best" not in said
    assert f"{first.name} leads" in vote_sentence(again, votes)
    assert [v.rank for v in again] == [1, 2]


def test_a_member_veto_still_goes_after_an_advised_against_venue() -> None:
    ranked = synthesise(
        [_scored("leader", 0.6, 2), _scored("flagged", 0.9, 2, flags=[HEALTH_CODE])],
        SEED_WEIGHTS,
        vibe_name=None,
        budget_text=None,
    )
    again = rerank_with_votes(ranked, {"leader": {"Sam": "veto"}})
    assert [v.venue_id for v in again] == ["flagged", "leader"]
    assert consensus(again) is not None and "best overall pick" not in str(consensus(again))


def test_the_summary_names_the_venues_with_a_feature_wherever_they_rank() -> None:
    """ "One venue here shows evidence of vegan food; it comes first, the others follow" was said
    of Darbar, which the critic had sent last."""
    from types import SimpleNamespace

    from kairos.venues.summary import ranked_features_line

    ranked = synthesise(
        [_scored("leader", 0.6, 2), _scored("vegan", 0.9, 2, flags=[HEALTH_CODE])],
        SEED_WEIGHTS,
        vibe_name=None,
        budget_text=None,
    )
    assert ranked[-1].venue_id == "vegan"
    found = SimpleNamespace(featured=1, featured_ids=["vegan"], features_short=["vegan"])
    line = ranked_features_line(["vegan"], found, ranked)  # type: ignore[arg-type]
    assert line == "One venue here shows evidence of vegan food: Vegan"
    assert "first" not in line

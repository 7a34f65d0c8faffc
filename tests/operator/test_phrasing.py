"""ADR-023 stage B against a server speaking the OpenAI protocol: the model may reword the
recommendation, bullets and trigger; a new number or a question gets one repair, then the rules'
own words; the action line is never the model's."""

from __future__ import annotations

import json

from kairos.llm.chain import ModelChain
from kairos.llm.openai_compatible import OpenAICompatibleProvider
from kairos.operator.action_line import parse_last_line
from kairos.operator.compose import Composed, Phrasing
from kairos.operator.schemas import ActionLine
from tests.llm.fake_openai import FakeOpenAI, Scripted

LINE = ActionLine(action="Add 1 server", window="Sat 28 Nov, dinner", confidence="medium",
                  sources=[("events ticketmaster", "live")])  # fmt: skip
RULES = Composed(
    recommendation="Add 1 server for Sat 28 Nov, dinner (≈90 covers against your usual 70).",
    why=["Sat 28 Nov at 19:00: Concert, 0.4 km away (+15% expected guests)"],
    trigger="Escalate if bookings run 15% above usual; de-escalate if the concert is cancelled.",
    text="",
    action_line=LINE,
)
RULES.text = "\n".join(
    [RULES.recommendation, "Why:", f"- {RULES.why[0]}", f"Trigger: {RULES.trigger}",
     LINE.render()]
)  # fmt: skip
PACK = {"actions": [RULES.recommendation], "drivers": RULES.why}


def _phrasing(fake: FakeOpenAI) -> Phrasing:
    provider = OpenAICompatibleProvider(
        base_url="http://fake-openai.test/v1", model="m", api_key="k", client=fake.client()
    )
    return Phrasing(ModelChain([(provider, 5.0)]))


def _wording(recommendation: str) -> Scripted:
    return Scripted(json.dumps({
        "recommendation": recommendation,
        "why": ["A concert 0.4 km away starts at 19:00 (+15% expected guests)"],
        "trigger": "If bookings run 15% above usual, escalate.",
    }))  # fmt: skip


async def test_the_models_words_are_used_and_the_action_line_is_kept() -> None:
    fake = FakeOpenAI()
    fake.enqueue(_wording("Bring in 1 extra server for Saturday dinner: about 90 covers."))
    phrased = await _phrasing(fake).phrase(RULES, PACK)
    assert phrased.phrased_by == "openai:m"
    assert phrased.recommendation.startswith("Bring in 1 extra server")
    assert "Bring in 1 extra server" in phrased.text
    assert parse_last_line(phrased.text) == LINE


async def test_a_new_number_is_repaired_then_the_rules_words_stand() -> None:
    fake = FakeOpenAI()
    fake.enqueue(_wording("Add 3 servers, expect 140 covers."),
                 _wording("Add 3 servers, expect 140 covers."))  # fmt: skip
    phrased = await _phrasing(fake).phrase(RULES, PACK)
    assert len(fake.requests) == 2  # one repair
    assert phrased is RULES
    assert "140" not in phrased.text


async def test_offline_keeps_the_rules_words_without_a_call() -> None:
    phrased = await Phrasing(ModelChain([])).phrase(RULES, PACK)
    assert phrased is RULES

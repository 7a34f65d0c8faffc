"""The contract suite: its checks catch what they are meant to catch, and a few real turns of the
fixed set pass against the real app on the sample."""

from __future__ import annotations

import json
from typing import Any

import httpx

from kairos.evals.contract import (
    Turn,
    check_allergens,
    check_clarification,
    check_stream,
    check_turn_log,
    load_contract_set,
    parse_stream,
    run_contract,
)
from kairos.restaurants.schemas import GenerativeUIPayload

UID = "00000000-0000-4000-8000-000000000001"


def place(pid: int, allergens: list[str], confidence: str = "high") -> dict[str, Any]:
    return {
        "id": pid, "name": f"p{pid}", "area": None, "city": None, "address": None,
        "price_tier": None, "rating": None, "votes": 0, "cuisine_types": [], "url": None,
        "lat": None, "lng": None, "known_allergens": allergens,
        "allergen_confidence": confidence, "allergy_safe": not allergens,
        "allergy_summary": "", "allergy": {
            "checked_for": ["you"], "allergens": ["peanuts"], "basis": "evidence",
            "verdict": "caution" if allergens else "no_known_risk", "summary": "",
        },
    }  # fmt: skip


def turn(events: str = "", history: list[dict[str, str]] | None = None) -> Turn:
    t = Turn("p", "m", history or [], frozenset({"peanuts"}), UID, "s-1")
    t.response = httpx.Response(
        200, text=events, headers={"content-type": "text/event-stream", "x-request-id": "r-9"}
    )
    return t


def sse(*events: tuple[str, Any]) -> str:
    return "".join(f"event: {name}\ndata: {json.dumps(data)}\n\n" for name, data in events)


def test_the_fixed_set_is_100_messages_by_10_profiles() -> None:
    data = load_contract_set()
    assert len(data["messages"]) == 100 and len(data["profiles"]) == 10
    assert all(1 <= len(m["message"]) <= 2000 for m in data["messages"])
    severities = {s for p in data["profiles"] for s in p["allergies"].get("severity", {}).values()}
    assert {"anaphylactic", "severe", "moderate", "intolerance"} <= severities


def test_stream_check_wants_exactly_one_result_and_no_error() -> None:
    result = ("result", {"ui_type": "text", "message": "hi"})
    ok = turn(": heartbeat\n\n" + sse(("thinking", {"step": "decomposing"}), result))
    assert check_stream(ok) is None and len(ok.events) == 2
    assert "2 result events" in (check_stream(turn(sse(result, result))) or "")
    assert "error event" in (check_stream(turn(sse(("error", {"title": "x"}), result))) or "")
    events, problems = parse_stream("event: result\ndata: {not json\n\nevent: odd\ndata: 1\n\n")
    assert len(events) == 1 and len(problems) == 2
    refused = turn()
    refused.response = httpx.Response(400, text="bad")
    assert "HTTP 400" in (check_stream(refused) or "")


def test_allergen_check_catches_a_high_confidence_anaphylactic_place() -> None:
    t = turn()
    body: dict[str, Any] = {
        "ui_type": "restaurant_list", "message": "m", "hard_excluded_allergens": ["peanuts"],
        "restaurants": [place(1, ["peanuts"]), place(2, ["peanuts"], "medium"), place(3, ["soy"])],
    }  # fmt: skip
    t.payload = GenerativeUIPayload.model_validate(body)
    problem = check_allergens(t) or ""
    assert "p1 (id 1)" in problem and "p2" not in problem and "p3" not in problem
    t.payload = GenerativeUIPayload.model_validate({**body, "restaurants": [place(3, [])]})
    assert check_allergens(t) is None
    body = {**body, "restaurants": [place(3, [])], "hard_excluded_allergens": []}
    t.payload = GenerativeUIPayload.model_validate(body)
    assert "not hard-excluded" in (check_allergens(t) or "")


def test_clarification_check_allows_one_question_and_never_two_in_a_row() -> None:
    asked = {"ui_type": "text", "message": "?", "follow_up_questions": ["Which city?"]}
    t = turn()
    t.events = [("thinking", {"step": "decomposing"}), ("result", asked)]
    t.payload = GenerativeUIPayload.model_validate(asked)
    assert check_clarification(t) is None
    t.payload = t.payload.model_copy(update={"follow_up_questions": ["Which city?", "Budget?"]})
    assert "2 clarifying questions" in (check_clarification(t) or "")
    again = turn(history=[{"role": "assistant", "content": "Which city?"}])
    again.events, again.payload = t.events, GenerativeUIPayload.model_validate(asked)
    assert "asked again" in (check_clarification(again) or "")
    searched = turn()
    searched.events = [("thinking", {"step": "searching"})]
    searched.payload = t.payload  # no-results suggestions after a search are not clarifications
    assert check_clarification(searched) is None


def test_turn_log_check_wants_one_canonical_record_matching_the_payload() -> None:
    t = turn()
    t.payload = GenerativeUIPayload(ui_type="text", message="m", turn_id="abc", session_id="s-1")
    record = {
        "event": "turn_completed", "trace_id": "abc", "request_id": "r-9", "session_id": "s-1",
        "product": "restaurants", "user": UID, "turn_index": 1, "latency_ms": 3.2,
        "ui_type": "text", "restaurants": 0, "flagged": 0, "fallbacks": [],
    }  # fmt: skip
    t.records = [json.dumps(record)]
    assert check_turn_log(t) is None
    for key, wrong in (("request_id", "r-8"), ("session_id", "s-2"), ("turn_index", 2)):
        t.records = [json.dumps({**record, key: wrong})]
        assert key in (check_turn_log(t) or ""), key
    t.records = [json.dumps({k: v for k, v in record.items() if k != "request_id"})]
    assert "request_id" in (check_turn_log(t) or "")
    t.request_id = "sent-by-client"  # the server must keep the client's id
    t.records = [json.dumps(record)]
    assert "request_id" in (check_turn_log(t) or "")
    t.request_id = None
    later = turn(history=[{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}])
    later.payload, later.records = t.payload, [json.dumps({**record, "turn_index": 2})]
    assert check_turn_log(later) is None
    t.records = [json.dumps(record), json.dumps(record)]
    assert "2 turn_completed" in (check_turn_log(t) or "")
    t.records = [json.dumps({**record, "trace_id": "other", "turn_index": True})]
    problem = check_turn_log(t) or ""
    assert "trace_id" in problem and "turn_index" in problem
    t.records = []
    assert "0 turn_completed" in (check_turn_log(t) or "")


async def test_a_few_turns_of_the_fixed_set_pass_on_the_sample(runtime: Any) -> None:
    report = await run_contract(runtime, messages=4, profiles=2)
    assert report.turns == 8
    assert report.all_passed, report.failures
    assert all(c.passed == 8 for c in report.checks.values())
    assert report.clarification_turns >= 2  # "hi" is the fourth message

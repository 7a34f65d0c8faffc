"""The operator assistant over HTTP on the real app, database and sample catalog."""

from __future__ import annotations

import json
import re
import time
import uuid
from typing import Any, ClassVar

import httpx

from kairos.evals.operator_checks import SLOW_BUDGET_SECONDS, SlowEvents, untruthful_sources
from kairos.operator.action_line import parse_last_line
from kairos.operator.agent import CHAIN
from kairos.signals.client import SignalClient
from kairos.signals.geocoding.models import GeocodeQuery, GeocodeResult, GeoMatch
from tests.meals.helpers import as_user, create_user

JSON = {"Accept": "application/json"}
SEED = (
    "we're on Atlantic Ave in Brooklyn, usually 180 covers on a Friday — what should I do about "
    "staffing this weekend?"
)


async def _turn(client: httpx.AsyncClient, uid: str, **body: Any) -> dict[str, Any]:
    response = await client.post("/operator/chat", json=body, headers={**as_user(uid), **JSON})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    line = parse_last_line(answer["text"])
    assert line.confidence == answer["confidence"]["level"]
    assert answer["text"].count("?") == (1 if answer["question"] else 0)
    return answer


async def test_the_seeds_first_message_gets_an_insight(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    answer = await _turn(client, uid, message=SEED)
    assert answer["card"] == "staffing" and answer["kind"] == "insight"
    assert answer["baseline"] == {
        "covers": 180,
        "weekday": 4,
        "daypart": None,
        "origin": "explicit",
    }
    assert answer["locations"][0]["label"].startswith("Brooklyn")
    # a city-level location is not an address: capped at medium, and said so
    assert answer["confidence"]["level"] in ("low", "medium")
    assert answer["confidence"]["caps"]
    assert {s["name"] for s in answer["sources"]} >= {"weather", "events", "closures", "demand"}
    assert len(answer["why"]) <= 2
    assert answer["trigger"]


async def test_a_correction_recomputes_at_once(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    first = await _turn(client, uid, message=SEED)
    second = await _turn(
        client, uid, message="actually more like 120 covers", session_id=first["session_id"]
    )
    assert second["kind"] == "correction"
    assert second["baseline"]["covers"] == 120 and second["baseline"]["weekday"] == 4
    assert "assumption_corrected" in second["events"]
    assert second["text"] != first["text"]


async def test_what_if_leaves_the_plan_unchanged(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    first = await _turn(client, uid, message=SEED)
    rain = await _turn(client, uid, message="what if it rains?", session_id=first["session_id"])
    assert rain["kind"] == "what_if"
    assert any(a["kind"] == "cut_staff" for a in rain["actions"]), rain["text"]
    again = await _turn(client, uid, message="and now?", session_id=first["session_id"])
    assert not any(a["kind"] == "cut_staff" for a in again["actions"])


async def test_scope_is_asked_once_then_the_first_location(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    first = await _turn(
        client,
        uid,
        message="We run 350 Atlantic Ave, Brooklyn and 100 Broadway, New York. Fridays we do "
        "220 covers.",
    )
    assert first["question"] and "all locations or just the first" in first["question"]
    second = await _turn(client, uid, message="thanks", session_id=first["session_id"])
    assert second["question"] is None and second["scope"] == "first"
    third = await _turn(client, uid, message="all locations", session_id=first["session_id"])
    assert third["scope"] == "all" and len(third["locations"]) == 2


async def test_no_location_asks_once_and_answers_conservatively(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    first = await _turn(client, uid, message="what should I do about staffing?")
    assert first["question"] and first["confidence"]["level"] == "low"
    assert first["action_line"]["sources"] == [["system", "rules only"]]
    # no lookup yet, and still no promise to check what has no provider
    assert [s["status"] for s in first["sources"]] == ["not_configured", "not_configured"]
    assert "check weather around it" in first["trigger"]
    assert "No events source is configured" in first["text"]
    second = await _turn(client, uid, message="hmm", session_id=first["session_id"])
    assert second["question"] is None


async def test_short_locations_are_refused_with_examples(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    response = await client.post(
        "/operator/chat",
        json={"message": "staffing", "locations": ["x"]},
        headers={**as_user(uid), **JSON},
    )
    assert response.status_code == 422
    assert "ZIP code" in response.json()["detail"]


async def test_sessions_belong_to_their_user(client: httpx.AsyncClient) -> None:
    owner, other = await create_user(client), await create_user(client)
    answer = await _turn(client, owner, message=SEED)
    sid = answer["session_id"]
    stolen = await client.post(
        "/operator/chat", json={"message": "hi", "session_id": sid}, headers=as_user(other)
    )
    assert stolen.status_code == 403
    assert (
        await client.get(f"/operator/sessions/{sid}", headers=as_user(other))
    ).status_code == 403
    missing = await client.post(
        "/operator/chat",
        json={"message": "hi", "session_id": str(uuid.uuid4())},
        headers=as_user(owner),
    )
    assert missing.status_code == 404


async def test_every_turn_stores_its_event_chain_and_no_raw_address(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    answer = await _turn(client, uid, message="we're at 350 Atlantic Ave, Brooklyn; staffing?")
    await _turn(client, uid, message="why?", session_id=answer["session_id"])
    view = (
        await client.get(f"/operator/sessions/{answer['session_id']}", headers=as_user(uid))
    ).json()
    for turn in (1, 2):
        names = [e["name"] for e in view["events"] if e["turn_index"] == turn]
        assert [n for n in names if n in CHAIN] == list(CHAIN)
    assert "Atlantic" not in view["turns"][0]["message"]
    # not a bare "350": an event's timing in milliseconds may hold those digits
    events = json.dumps(view["events"])
    assert "350 Atlantic" not in events and "Atlantic Ave" not in events


async def test_the_stream_sends_steps_then_the_result(client: httpx.AsyncClient) -> None:
    uid = await create_user(client)
    async with client.stream(
        "POST", "/operator/chat", json={"message": SEED}, headers=as_user(uid)
    ) as response:
        body = (await response.aread()).decode()
    kinds = [line[7:] for line in body.splitlines() if line.startswith("event: ")]
    assert kinds[0] == "thinking" and kinds[-1] == "result"


async def test_a_timing_out_source_is_named_and_the_answer_still_comes(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    uid = await create_user(client)
    real = runtime.signals.events
    runtime.signals.events = SignalClient(
        SlowEvents(), timeout_seconds=SLOW_BUDGET_SECONDS, fresh_seconds=60, keep_seconds=60
    )
    try:
        started = time.perf_counter()
        answer = await _turn(client, uid, message=SEED)
        elapsed = time.perf_counter() - started
    finally:
        runtime.signals.events = real
    events = next(s for s in answer["sources"] if s["name"] == "events")
    assert events["status"] == "timeout" and events["error_code"] == "timeout"
    assert "source.timeout" in answer["events"]
    assert elapsed < SLOW_BUDGET_SECONDS * 5  # the slow source's own delay is not waited for


class _OneAddress:
    """Every text is 350 Atlantic Ave, Brooklyn: an address (resolved), inside the offline
    climatology's coverage, so every source the risk card asks is fetched for real offline."""

    name = "one-address"
    needs_key: ClassVar[bool] = False
    offline: ClassVar[bool] = True

    async def fetch(self, query: GeocodeQuery) -> GeocodeResult:
        return GeocodeResult(matches=[GeoMatch(label="350 Atlantic Ave, Brooklyn", kind="address",
                                               lat=40.6857, lng=-73.9806, score=1.0)])  # fmt: skip

    async def aclose(self) -> None:
        return None


async def test_a_source_with_no_provider_is_never_cited_counted_or_ok(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """Issue 34, as the operator met it: a resolved address and a stated baseline, offline. The
    answer was `high` on "no closures or weather risks stand out", citing "events
    no-events-source (live); closures no-closures-source (live)" and "3 of 3 sources answered"."""
    uid = await create_user(client)
    real = runtime.signals.geocoding
    runtime.signals.geocoding = SignalClient(
        _OneAddress(), timeout_seconds=1, fresh_seconds=60, keep_seconds=600
    )
    try:
        answer = await _turn(
            client,
            uid,
            card="risk",
            message="We're at 350 Atlantic Ave, "
            "Brooklyn, usually 180 covers on a Saturday. Any risks this weekend?",
        )
    finally:
        runtime.signals.geocoding = real
    assert answer["locations"][0]["resolved"] and answer["baseline"]["origin"] == "explicit"
    by_name = {s["name"]: s for s in answer["sources"]}
    for name in ("events", "closures"):
        assert by_name[name]["status"] == "not_configured", by_name[name]
        assert not by_name[name]["informative"] and not by_name[name]["external"]
        assert by_name[name]["freshness"] == "not configured"
    line = parse_last_line(answer["text"])
    assert [name for name, _ in line.sources] == ["weather climatology", "demand checkins"]
    assert "(live)" not in answer["text"].replace("weather climatology (live)", "")
    assert answer["confidence"]["level"] != "high"
    said = " ".join(answer["confidence"]["reasons"])
    assert not re.search(r"\b(\d+) of \1 sources answered", said), said
    assert "KAIROS_EVENTS_PROVIDER=ticketmaster" in answer["text"]
    assert "KAIROS_CLOSURES_PROVIDER=nycdot" in answer["text"]
    assert "No closures or weather risks stand out" not in answer["text"]
    assert untruthful_sources(answer, line) is None  # the gate's own reading agrees
    assert answer["events"].count("sources.fetched") == 1


async def _reviewed_places(runtime: Any, city: str = "Boston") -> list[str]:
    from sqlalchemy import text

    async with runtime.db.reading() as session:
        rows = await session.execute(
            text(
                "SELECT name FROM places WHERE city = :city AND review_count >= 3 AND "
                "name ~ '^[A-Z][a-z]+ [A-Z]' ORDER BY review_count DESC, id LIMIT 3"
            ),
            {"city": city},
        )
        return [r.name for r in rows]


async def test_a_named_place_brings_its_reviews_and_one_competitor(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    own, rival, third = await _reviewed_places(runtime)
    uid = await create_user(client)
    answer = await _turn(
        client,
        uid,
        message=f"I run {own} in Boston, usually 120 covers on a Saturday. Staffing this "
        f"weekend? How do we compare with {rival}?",
    )
    assert answer["locations"][0]["kind"] == "place" and answer["locations"][0]["place_id"]
    snapshot = answer["guest_snapshot"]
    assert snapshot["place"] == own and snapshot["sample_size"] >= 3
    assert all(e["snippet"] is None for e in snapshot["evidence"])  # quotes only on request
    assert answer["competitor"]["status"] == "ok"
    assert answer["competitor"]["name"] == rival
    shown = await _turn(client, uid, message="show me the reviews", session_id=answer["session_id"])
    evidence = shown["guest_snapshot"]["evidence"]
    assert evidence and all(e["snippet"] and e["review_id"] for e in evidence)
    again = await _turn(
        client, uid, message=f"and compared with {third}?", session_id=answer["session_id"]
    )
    assert again["competitor"]["status"] == "already_used"
    async with client.stream(
        "POST",
        "/operator/chat",
        json={"message": f"how do we compare with {rival}?", "session_id": answer["session_id"]},
        headers=as_user(uid),
    ) as response:
        body = (await response.aread()).decode()
    kinds = [line[7:] for line in body.splitlines() if line.startswith("event: ")]
    assert kinds[-2:] == ["result", "supplement"]  # after the core answer, never before


async def test_a_too_short_location_is_a_422_on_the_stream_too(client: httpx.AsyncClient) -> None:
    """The streamed turn refuses it before the stream starts, with the JSON answer's detail."""
    uid = await create_user(client)
    body = {"message": "staffing this weekend", "locations": ["x"]}
    for accept in ("text/event-stream", "application/json"):
        response = await client.post(
            "/operator/chat", json=body, headers={**as_user(uid), "Accept": accept}
        )
        assert response.status_code == 422, (accept, response.text)
        assert response.headers["content-type"].startswith("application/problem+json")
        assert "too short to look up" in response.json()["detail"]


async def test_a_new_session_starts_from_what_the_operator_stated_before(
    client: httpx.AsyncClient,
) -> None:
    uid = await create_user(client)
    await _turn(client, uid, message=SEED)
    remembered = await _turn(client, uid, message="any risks this week?")
    assert remembered["locations"][0]["label"].startswith("Brooklyn")
    assert remembered["baseline"]["origin"] == "memory"
    assert any("last session" in a for a in remembered["assumptions"])
    assert any("assumed" in c["reason"] or "approximate" in c["reason"]
               for c in remembered["confidence"]["caps"])  # fmt: skip
    moved = await _turn(client, uid, message="we're at 100 Broadway, New York; staffing friday?")
    assert not moved["locations"][0]["label"].startswith("Brooklyn")
    assert not any("last session" in a and "Brooklyn" in a for a in moved["assumptions"])


async def test_an_operator_naming_the_place_gets_its_own_evidence_and_what_ifs_move_nothing(
    client: httpx.AsyncClient, runtime: Any
) -> None:
    """Issue 36: the restaurant named as operators type it (no "we're called"), a what-if that
    keeps the card and window, the place's own quotes on request, and a new session naming
    another restaurant that replaces the remembered one and its baseline, saying so."""
    own, other, _ = await _reviewed_places(runtime)
    uid = await create_user(client)
    first = await _turn(client, uid, message=f"{own} here. about 180 covers on a Friday, staffing "
                        "this weekend?")  # fmt: skip
    assert first["locations"][0]["kind"] == "place"
    assert first["locations"][0]["label"].startswith(own)
    sid = first["session_id"]
    snow = await _turn(client, uid, message="what if it snows sunday?", session_id=sid)
    assert snow["kind"] == "what_if" and snow["card"] == first["card"]
    assert (snow["window_start"], snow["window_end"]) == (first["window_start"],
                                                         first["window_end"])  # fmt: skip
    risk = await _turn(client, uid, message="what if there's a game? any risk?", session_id=sid)
    assert risk["card"] == first["card"]  # a what-if names no card for the session
    shown = await _turn(client, uid, message="show me what people say", session_id=sid)
    assert shown["kind"] != "what_if"
    assert f"From {own}'s own reviews" in shown["text"]
    assert re.search(r'- ".+" \(\d\d \w{3} \d{4}; ', shown["text"])
    assert "catalog_reviews (catalog)" in shown["text"]  # stored reviews are never "live"
    assert "(live)" not in shown["text"].replace("weather climatology (live)", "")
    moved = await _turn(client, uid, message=f"Different restaurant today: {other}. Friday?")
    assert moved["locations"][0]["label"].startswith(other)
    assert f"not {first['locations'][0]['label']}" in moved["text"]
    assert moved["baseline"] is None and "180 covers you gave last time" in moved["text"]

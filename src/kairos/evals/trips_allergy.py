"""Trips for allergic travellers (issue 33): random travellers, real trips, each meal checked
against the restaurant product's own card for that place and person.

Each traveller has 1–4 of the EU-14 allergens, each at a severity drawn from all four (seeded),
and plans one trip in every city the catalog can plan (`POST /trips` through the real app,
in-process). For every slot: it carries the safety step's check for "you" (a stop's is
`not_food`). For every meal, the restaurant product's card for that place and this traveller
(`GET /recommendations/{uid}/{place_id}/expand`, the same safety step) is read, and:

- a meal at a place the card knows a risk at (any of the traveller's allergens with a status
  other than "unverified") whose slot does not name every one of them, for "you", and say why it
  was kept is a violation (`unnamed_risky_meals`, target 0);
- a meal at a place the card excludes, or whose evidence the guard flags (an anaphylactic
  allergen with high-confidence evidence), is a violation (`meals_at_left_out_places`, target 0);
- the slot's verdict and its risk allergens are compared with the card's (`agree` /
  `disagree`; the summary too when neither names a risk).
"""

from __future__ import annotations

import random
import secrets
import time
import uuid
from collections import Counter
from datetime import date, timedelta
from typing import Any

import httpx
from pydantic import BaseModel, Field, SecretStr
from rich.console import Console
from rich.table import Table
from sqlalchemy import text

from kairos.core.allergens import SEVERITIES
from kairos.core.lexicon import CANONICAL_ALLERGENS
from kairos.runtime import Runtime
from kairos.signals.geocoding.cities import find_city
from kairos.trips.product import RADIUS_KM, TripsProduct
from kairos.trips.retrieval import VISIT_KINDS

__all__ = ["TripsAllergyReport", "random_travellers", "render_trips_allergy", "run_trips_allergy"]

PACES = ("relaxed", "moderate", "packed", "packed")
MODES = ("walk", "transit", "drive")
EXAMPLES = 5


class TripsAllergyReport(BaseModel):
    travellers: int
    severities: dict[str, int] = Field(description="allergies drawn per severity")
    cities: dict[str, int] = Field(description="plannable city → places to eat near it")
    trips: int = 0
    refused: int = 0
    slots: int = 0
    slots_without_check: int = 0
    """A slot with no `allergy`, or one not checked for "you" alone (target 0)."""
    stops_not_food: int = 0
    stops: int = 0
    meal_slots: int = 0
    meals_with_known_risk: int = 0
    """By the restaurant card: the traveller's allergen is known or likely at that place."""
    meals_named: int = 0
    unnamed_risky_meals: int = 0
    meals_at_left_out_places: int = 0
    meals_danger: int = 0
    agree: int = 0
    disagree: int = 0
    meal_allergy_check_failed: int = 0
    examples: list[dict[str, Any]] = Field(default_factory=list)
    seconds: float = 0.0

    @property
    def passed(self) -> bool:
        return not (self.unnamed_risky_meals or self.meals_at_left_out_places or self.disagree
                    or self.slots_without_check or self.meal_allergy_check_failed)  # fmt: skip


def random_travellers(count: int, seed: int) -> list[dict[str, Any]]:
    """Allergy profiles: 1–4 of the 14, each at any of the four severities."""
    rng = random.Random(seed)
    made = []
    for _ in range(count):
        chosen = rng.sample(list(CANONICAL_ALLERGENS), rng.randint(1, 4))
        made.append({"confirmed": chosen, "severity": {a: rng.choice(SEVERITIES) for a in chosen}})
    return made


async def plannable_cities(runtime: Runtime) -> list[str]:
    """Every city with a routable place to visit whose centre Kairos knows, once per centre."""
    async with runtime.db.reading() as session:
        rows = await session.execute(
            text("SELECT city, count(*) AS n FROM places WHERE is_active AND city IS NOT NULL "
                 "AND lat IS NOT NULL AND kind = ANY(CAST(:k AS text[])) AND coalesce(attributes "
                 "-> 'location' ->> 'routable', 'true') <> 'false' GROUP BY city ORDER BY n DESC, "
                 "city"),
            {"k": list(VISIT_KINDS)},
        )  # fmt: skip
        names = [r.city for r in rows]
    seen: dict[str, str] = {}
    for name in names:
        if (centre := find_city(name)) is not None and centre.name not in seen:
            seen[centre.name] = name
    return list(seen)


def _card(card: dict[str, Any], severity: dict[str, str]) -> tuple[str, set[str], bool, str]:
    """The restaurant card's verdict, risk allergens, whether the place is left out (excluded, or
    flagged: an anaphylactic allergen with high-confidence evidence), and its summary. Reads the
    card's `allergy` check when it carries one, else what its `allergy_detail` says."""
    detail = card["allergy_detail"]
    statuses = [s for s in detail["statuses"] if s["status"] != "unverified"]
    flagged = any(s["severity"] == "anaphylactic" and s["confidence"] == "high" for s in statuses)
    if isinstance(check := card.get("allergy"), dict):
        risks = {r["allergen"] for r in check.get("risks", [])}
        verdict = str(check["verdict"])
        return verdict, risks, flagged or verdict == "excluded", str(check.get("summary", ""))
    if not detail["statuses"] and severity:
        return "excluded", set(), True, str(detail["summary"])
    risks = {s["allergen"] for s in statuses}
    if not severity:
        verdict = "no_allergies"
    elif any(severity.get(a) == "anaphylactic" for a in risks):
        verdict = "danger"
    else:
        verdict = "caution" if risks else "no_known_risk"
    return verdict, risks, flagged, str(detail["summary"])


def _example(report: TripsAllergyReport, what: str, **about: Any) -> None:
    if len(report.examples) < EXAMPLES * 3:
        report.examples.append({"what": what, **about})


async def _check_trip(
    http: httpx.AsyncClient, headers: dict[str, str], uid: str, trip: dict[str, Any],
    severity: dict[str, str], report: TripsAllergyReport,
) -> None:  # fmt: skip
    meal_check = next((c for c in trip["verification"] if c["constraint"] == "meal_allergy"), None)
    if meal_check is None or not meal_check["passed"]:
        report.meal_allergy_check_failed += 1
    for day in trip["days"]:
        for slot in day["slots"]:
            report.slots += 1
            check = slot.get("allergy")
            if not isinstance(check, dict) or check.get("checked_for") != ["you"]:
                report.slots_without_check += 1
                _example(report, "slot without its check", slot=slot["name"])
                continue
            if slot["kind"] == "stop":
                report.stops += 1
                report.stops_not_food += check["verdict"] == "not_food"
                continue
            await _check_meal(http, headers, uid, slot, check, severity, report)


async def _check_meal(
    http: httpx.AsyncClient, headers: dict[str, str], uid: str, slot: dict[str, Any],
    check: dict[str, Any], severity: dict[str, str], report: TripsAllergyReport,
) -> None:  # fmt: skip
    report.meal_slots += 1
    report.meals_danger += check["verdict"] == "danger"
    response = await http.get(f"/recommendations/{uid}/{slot['place_id']}/expand", headers=headers)
    response.raise_for_status()
    verdict, risks, left_out, summary = _card(response.json(), severity)
    if left_out:
        report.meals_at_left_out_places += 1
        _example(report, "meal at a place the safety step leaves out", place=slot["name"],
                 allergies=severity)  # fmt: skip
    named = {r["allergen"] for r in check["risks"] if "you" in r["who"]}
    if risks:
        report.meals_with_known_risk += 1
        if risks <= named and slot.get("risk_reason"):
            report.meals_named += 1
        else:
            report.unnamed_risky_meals += 1
            _example(report, "meal at a known risk, not named", place=slot["name"],
                     risks=sorted(risks), named=sorted(named),
                     reason=slot.get("risk_reason"))  # fmt: skip
    shown = {r["allergen"] for r in check["risks"]}
    same = verdict == check["verdict"] and risks == shown
    if same and not risks and verdict not in ("no_allergies", "excluded"):
        same = summary == check["summary"]
    if same:
        report.agree += 1
    else:
        report.disagree += 1
        _example(report, "slot and restaurant card disagree", place=slot["name"],
                 card=[verdict, sorted(risks)], slot=[check["verdict"], sorted(shown)])  # fmt: skip


async def run_trips_allergy(
    runtime: Runtime, *, travellers: int = 100, seed: int = 20261129, app: Any = None
) -> TripsAllergyReport:
    """Plans one trip per traveller in every plannable city and checks every slot."""
    from kairos.api.app import create_app

    started = time.perf_counter()
    token = runtime.settings.service_token.get_secret_value()
    if app is None:
        token = secrets.token_hex(16)
        settings = runtime.settings.model_copy(
            update={"chat_limit_per_user": 0, "chat_limit_per_address": 0,
                    "service_token": SecretStr(token)}
        )  # fmt: skip
        app = create_app(settings, runtime=runtime)
    cities = await plannable_cities(runtime)
    profiles = random_travellers(travellers, seed)
    report = TripsAllergyReport(
        travellers=travellers,
        severities=dict(Counter(s for p in profiles for s in p["severity"].values())),
        cities={},
    )
    trips: TripsProduct = runtime.products["trips"]  # type: ignore[assignment]
    for name in cities:
        centre = find_city(name)
        assert centre is not None
        found = await trips.retrieval.meals((centre.lat, centre.lng), RADIUS_KM, centre.name)
        report.cities[name] = len(found)
    rng = random.Random(seed + 1)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://kairos.eval") as http:
        for allergies in profiles:
            uid = str(uuid.uuid4())
            created = await http.post(f"/users/{uid}", json={"allergies": allergies},
                                      headers={"X-Service-Token": token})  # fmt: skip
            created.raise_for_status()
            severity = created.json()["allergies"]["severity"]
            headers = {"X-Service-Token": token, "X-User-ID": uid}
            for city in cities:
                body = {"city": city, "days": rng.randint(1, 3), "pace": rng.choice(PACES),
                        "mode": rng.choice(MODES),
                        "start_date": (date(2027, 1, 4) + timedelta(days=rng.randint(0, 300)))
                        .isoformat()}  # fmt: skip
                response = await http.post("/trips", json=body, headers=headers)
                if response.status_code == 422:
                    report.refused += 1
                    continue
                response.raise_for_status()
                report.trips += 1
                await _check_trip(http, headers, uid, response.json(), severity, report)
    report.seconds = round(time.perf_counter() - started, 1)
    return report


def render_trips_allergy(report: TripsAllergyReport, console: Console) -> None:
    cities = ", ".join(f"{c} ({n} places to eat)" for c, n in report.cities.items())
    table = Table(
        title=f"trips for allergic travellers: {report.travellers} travellers in {cities}"
    )
    for column in ("trips", "meal slots", "at a known risk", "named", "unnamed", "left-out places",
                   "agree", "disagree", "slots without check", "seconds"):  # fmt: skip
        table.add_column(column, justify="right")
    table.add_row(*map(str, (report.trips, report.meal_slots, report.meals_with_known_risk,
                             report.meals_named, report.unnamed_risky_meals,
                             report.meals_at_left_out_places, report.agree, report.disagree,
                             report.slots_without_check, report.seconds)))  # fmt: skip
    console.print(table)
    for example in report.examples:
        console.print(f"  {example}")

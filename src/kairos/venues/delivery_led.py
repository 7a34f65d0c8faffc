"""A kitchen its own reviews show is ordered from, not sat in (issue 38, item 2).

Cloud kitchens carry a cuisine and nothing else ("Behrouz Biryani: Mughlai, Biryani"), so their
categories pass them as restaurants; their reviews speak of the delivery, the packaging, the
app, and almost never of a table, a waiter or the place. Over the shared Hyderabad reviews
(100 a place), the delivery kitchens (Behrouz Biryani, Faasos, eat.fit, Triptify, Domino's)
have 28–41% of reviews naming the delivery and 2–7% naming anything of a visit; sit-down
restaurants there name a visit in 15–25%. A place is read as delivery-led when at least
`DELIVERED_SHARE` of at least `READ_AT_LEAST` reviews name the delivery and fewer than
`VISITED_SHARE` a visit: a sit-down meal leaves it out (`fit`), with the counts. Over all
1,265 shared places with reviews, 25 are: the 6 Hyderabad kitchens (Amul's parlour too), and
19 Boston and Cambridge places, most of them pizza and Chinese delivery shops (Domino's,
Pizza Pie-er, Fiorella's Express); a few read as such may seat diners (Stone Hearth Pizza, 7
of 24 on the delivery, 2 on a visit): the reason shows the counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from kairos.store.database import Database

__all__ = ["DELIVERED_SHARE", "delivery_led", "delivery_said"]

READ_AT_LEAST: Final = 10
DELIVERED_SHARE: Final = 0.25
VISITED_SHARE: Final = 0.10
_DELIVERY: Final = (
    r"\m(deliver\w*|swiggy|packag\w*|parcel|ordered online|home delivery|takeaway|take away)\M"
)
_VISIT: Final = (
    r"\m(ambien\w*|staff|waiters?|served|seating|visited|dine|dined|dining|went there|"
    r"tables?|buffet|interiors?|decor)\M"
)
_COUNTS_SQL: Final = (
    "SELECT place_id, count(*) AS n,"
    " count(*) FILTER (WHERE text ~* :delivery) AS delivered,"
    " count(*) FILTER (WHERE text ~* :visit) AS visited"
    " FROM reviews WHERE place_id = ANY(CAST(:ids AS bigint[])) GROUP BY place_id"
)


def delivery_led(reviews: int, delivered: int, visited: int) -> str | None:
    """Why a place's reviews show a delivery kitchen, or None."""
    if reviews < READ_AT_LEAST or delivered < DELIVERED_SHARE * reviews:
        return None
    if visited >= VISITED_SHARE * reviews:
        return None
    return (
        f"a delivery kitchen by its reviews ({delivered} of {reviews} speak of the delivery, "
        f"{visited} of a visit)"
    )


async def delivery_said(db: Database, ids: Sequence[int]) -> Mapping[int, str]:
    """Place id → why its reviews show a delivery kitchen (none for most places)."""
    if not ids:
        return {}
    rows = await db.fetch(_COUNTS_SQL, {"ids": list(ids), "delivery": _DELIVERY, "visit": _VISIT})
    found = {
        int(r["place_id"]): delivery_led(int(r["n"]), int(r["delivered"]), int(r["visited"]))
        for r in rows
    }
    return {i: why for i, why in found.items() if why}

"""Places a trip test plans with: most build many alike (a museum open all day near a centre,
ranked by its number) and change a field or two; `place_maker` makes such a builder."""

from __future__ import annotations

from typing import Any, Protocol

from kairos.trips.models import Candidate

ALL_DAY = tuple(((0, 1440),) for _ in range(7))


class PlaceMaker(Protocol):
    def __call__(
        self, i: int, dlat: float = 0.0, dlng: float = 0.0, **fields: Any
    ) -> Candidate: ...


def place_maker(
    centre: tuple[float, float], city: str, *, label: str = "Place", **defaults: Any
) -> PlaceMaker:
    """A builder of place `i`, `dlat` / `dlng` degrees from `centre`: id "p{i}", named
    "{label} {i}", a 60-minute museum open all day, ranked `i`. `defaults` (for every place)
    and then `fields` (for one) override any of these."""

    def make(i: int, dlat: float = 0.0, dlng: float = 0.0, **fields: Any) -> Candidate:
        values: dict[str, Any] = {
            "id": f"p{i}", "name": f"{label} {i}", "kind": "museum", "lat": centre[0] + dlat,
            "lng": centre[1] + dlng, "city": city, "duration": 60, "rank": float(i),
            "hours": ALL_DAY,
        }  # fmt: skip
        return Candidate(**(values | defaults | fields))

    return make

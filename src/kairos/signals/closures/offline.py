"""No street-closure data ships with Kairos (see PROVENANCE.md), so offline the answer is `ok`,
no closures, and a note saying no source is configured."""

from __future__ import annotations

from typing import ClassVar

from kairos.signals.closures.models import ClosureList, ClosuresQuery

NO_SOURCE_NOTE = (
    "no street-closure source is configured, so closures nearby are unknown (not absent); set "
    "KAIROS_CLOSURES_PROVIDER=nycdot for New York City's DOT closures"
)


class NoClosures:
    needs_key: ClassVar[bool] = False
    offline: ClassVar[bool] = True
    name = "no-closures-source"

    async def fetch(self, query: ClosuresQuery) -> ClosureList:
        return ClosureList(closures=[], note=NO_SOURCE_NOTE)

    async def aclose(self) -> None:
        return None

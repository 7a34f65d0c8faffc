"""No street-closure data ships with Kairos (see PROVENANCE.md), so offline the closures role has
no provider: every answer is `not_configured` (never `ok` with no closures, which would say the
streets are clear), with the settings that configure one."""

from __future__ import annotations

from kairos.signals.source import NoProvider

NO_SOURCE_NOTE = (
    "no street-closure source is configured, so closures nearby are unknown (not absent); the one "
    "source Kairos speaks today covers New York City only (KAIROS_CLOSURES_PROVIDER=nycdot)"
)


class NoClosures(NoProvider):
    name = "no-closures-source"
    setup = NO_SOURCE_NOTE

"""The search's statement path, for A/B runs of the in-process filters (session 11).

    PYTHONPATH=bench/statement_path KAIROS_STATEMENT_PATH=1 .venv/bin/kairos eval speed --full ...
    PYTHONPATH=bench/statement_path:. KAIROS_STATEMENT_PATH=1 .venv/bin/python bench/cpu_per_turn.py

Python imports `sitecustomize` at start-up in every process that has this folder on its path
(the speed suite's server inherits the environment): with the variable set,
`HybridSearch._search_in_process` answers None, so every search takes the path with a filter
statement first, exactly as before the filters ran in process. Without the variable it does
nothing.
"""

from __future__ import annotations

import os
from typing import Any

if os.environ.get("KAIROS_STATEMENT_PATH"):
    from kairos.search import hybrid

    async def _statement_path(*_: Any, **__: Any) -> None:
        return None

    hybrid.HybridSearch._search_in_process = _statement_path  # type: ignore[method-assign]

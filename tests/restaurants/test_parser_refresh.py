"""The parser is built from the runtime's one catalog and rebuilt when the catalog moves (an
ingest, a reload); until then the same parser answers every turn."""

from __future__ import annotations

from typing import Any


async def test_the_parser_follows_the_catalog(runtime: Any) -> None:
    product = runtime.products["restaurants"]
    await product.warm()
    first = await product.understand.parser()
    assert await product.understand.parser() is first, "the same catalog: the same parser"
    runtime.catalog.invalidate()
    rebuilt = await product.understand.parser()
    assert rebuilt is not first, "a new catalog generation: a new parser"
    message = "quiet thai dinner in boston"
    assert rebuilt.decompose(message) == first.decompose(message)

"""An expired parser keeps answering while a fresh one is built in the background."""

from __future__ import annotations

from typing import Any

from kairos.restaurants.product import PARSER_TTL_SECONDS


async def test_an_expired_parser_is_refreshed_without_making_a_turn_wait(
    app: Any, runtime: Any
) -> None:
    product = app.state.restaurants
    await product.warm()
    first = await product.parser()
    assert await product.parser() is first  # fresh: reused
    product._parser_built -= PARSER_TTL_SECONDS + 1
    assert await product.parser() is first  # expired: still answers at once...
    assert await product.parser() is first  # ...and starts one rebuild only
    await runtime.drain()
    rebuilt = await product.parser()
    assert rebuilt is not first
    message = "quiet thai dinner in boston"
    assert rebuilt.decompose(message) == first.decompose(message)

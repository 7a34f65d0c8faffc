"""What the runtime needs from a product, and the registry that holds them.

A product is a folder (`restaurants/`, `meals/`, …) with a `product.py` that builds an object
satisfying `Product`, registered by one line in `kairos/registry.py` beside its router (the
product does not import its routes; its routes import it). The API mounts every registered
router; the runtime warms the products at start-up, tells them of every profile change, and
closes them at shutdown. Nothing else about a product is known outside its folder.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Protocol, runtime_checkable

__all__ = ["Product", "ProductRegistry"]


@runtime_checkable
class Product(Protocol):
    name: str
    """Short, unique, lower case: "restaurants", "meals"; also the interactions' `product`."""

    async def warm(self) -> None:
        """Build what the first request would otherwise wait for."""
        ...

    async def on_profile_changed(self, uid: uuid.UUID, deleted: bool) -> None:
        """Drop what was cached for the user; pre-warm if useful. Never raises."""
        ...

    async def close(self) -> None: ...


class ProductRegistry:
    """The products of one process, in registration order."""

    def __init__(self) -> None:
        self._products: dict[str, Product] = {}

    def register(self, product: Product) -> None:
        if product.name in self._products:
            raise ValueError(f"a product named {product.name!r} is registered already")
        self._products[product.name] = product

    def __iter__(self) -> Iterator[Product]:
        return iter(list(self._products.values()))

    def __getitem__(self, name: str) -> Product:
        return self._products[name]

    def __contains__(self, name: object) -> bool:
        return name in self._products

    def names(self) -> list[str]:
        return list(self._products)

"""The products this build serves: one line each. A product is a folder with a `product.py`
whose class satisfies `pipeline.product.Product`; registering it here mounts its routes, warms
it at start-up, tells it of profile changes and closes it at shutdown."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fastapi import APIRouter

from kairos.pipeline.product import Product, ProductRegistry
from kairos.runtime import Runtime
from kairos.settings import Settings

__all__ = ["PRODUCTS", "ProductEntry", "install_products"]


@dataclass(frozen=True)
class ProductEntry:
    name: str
    router: APIRouter
    build: Callable[[Runtime], Product]


def _restaurants() -> ProductEntry:
    from kairos.restaurants.product import RestaurantProduct
    from kairos.restaurants.routes import router

    return ProductEntry("restaurants", router, RestaurantProduct)


def _meals() -> ProductEntry:
    from kairos.meals.product import MealsProduct
    from kairos.meals.routes import router

    return ProductEntry("meals", router, MealsProduct)


def _venues() -> ProductEntry:
    from kairos.venues.product import VenuesProduct
    from kairos.venues.routes import router

    return ProductEntry("venues", router, VenuesProduct)


def _operator() -> ProductEntry:
    from kairos.operator.product import OperatorProduct
    from kairos.operator.routes import router

    return ProductEntry("operator", router, OperatorProduct)


def _trips() -> ProductEntry:
    from kairos.trips.product import TripsProduct
    from kairos.trips.routes import router

    return ProductEntry("trips", router, TripsProduct)


# One line per product. Loaders, not imports: a product's modules import the runtime, and the
# API mounts the routers before the runtime exists.
PRODUCTS: tuple[Callable[[], ProductEntry], ...] = (
    _restaurants,
    _meals,
    _venues,
    _operator,
    _trips,
)


def upload_limits(settings: Settings) -> dict[str, int]:
    """Paths that take photos, with their body limit (the edge refuses larger bodies first)."""
    from kairos.meals.photos import upload_limit

    return {"/meals/coach": upload_limit(settings)}


def entries() -> list[ProductEntry]:
    return [load() for load in PRODUCTS]


def install_products(runtime: Runtime) -> ProductRegistry:
    """Builds every registered product on `runtime` once (a second app on the same runtime
    shares them)."""
    if not runtime.products.names():
        for entry in entries():
            runtime.products.register(entry.build(runtime))
    return runtime.products

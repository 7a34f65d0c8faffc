"""The products this build serves: one line each. A product is a folder with a `product.py`
whose class satisfies `pipeline.product.Product`; registering it here mounts its routes, warms
it at start-up, tells it of profile changes and closes it at shutdown."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from fastapi import APIRouter

from kairos.ingest.runner import ProgressSink
from kairos.pipeline.product import Product, ProductRegistry
from kairos.runtime import Runtime
from kairos.settings import Settings
from kairos.store.database import Database

# What a product derives from the catalog once a sample is ingested (the venues' vibe vectors).
AfterIngest = Callable[[Database, ProgressSink | None], Awaitable[None]]

__all__ = ["PRODUCTS", "ProductEntry", "install_products"]


@dataclass(frozen=True)
class ProductEntry:
    name: str
    router: APIRouter
    build: Callable[[Runtime], Product]
    after_ingest: AfterIngest | None = None


def _restaurants() -> ProductEntry:
    from kairos.restaurants.product import RestaurantProduct
    from kairos.restaurants.routes import router

    return ProductEntry("restaurants", router, RestaurantProduct)


def _meals() -> ProductEntry:
    from kairos.meals.product import MealsProduct
    from kairos.meals.routes import router

    return ProductEntry("meals", router, MealsProduct)


def _venues() -> ProductEntry:
    from kairos.venues.product import VenuesProduct, build_sample_vibes
    from kairos.venues.routes import router

    return ProductEntry("venues", router, VenuesProduct, after_ingest=build_sample_vibes)


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


async def after_sample_ingest(db: Database, progress: ProgressSink | None) -> None:
    """Each product's own derivation of a freshly ingested sample."""
    for entry in entries():
        if entry.after_ingest is not None:
            await entry.after_ingest(db, progress)


def install_products(runtime: Runtime) -> ProductRegistry:
    """Builds every registered product on `runtime` once (a second app on the same runtime
    shares them)."""
    if not runtime.products.names():
        for entry in entries():
            runtime.products.register(entry.build(runtime))
    return runtime.products

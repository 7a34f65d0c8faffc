"""The products this build serves: one line each. A product is a folder with a `product.py`
whose class satisfies `pipeline.product.Product`; registering it here mounts its routes, warms
it at start-up, tells it of profile changes and closes it at shutdown.

This is the composition root: it imports every product and the runtime, and nothing it imports
imports it back. The runtime learns of the products only through what it is handed here (their
after-ingest steps, the built products), so start a runtime with `start_runtime`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fastapi import APIRouter

from kairos.clock import Clock
from kairos.ingest.runner import ProgressSink
from kairos.pipeline.product import Product, ProductRegistry
from kairos.runtime import AfterIngest, Runtime
from kairos.settings import Settings
from kairos.store.database import Database

__all__ = ["PRODUCTS", "ProductEntry", "install_products", "prepare_database", "start_runtime"]


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


# One line per product. Loaders, not imports: the commands that serve no product's routes do not
# pay for importing them all.
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


async def _after_sample_ingest(db: Database, progress: ProgressSink | None) -> None:
    """Each product's own derivation of a freshly ingested sample, in registration order (the
    products are loaded only when a sample is ingested)."""
    for entry in entries():
        if entry.after_ingest is not None:
            await entry.after_ingest(db, progress)


AFTER_INGEST: tuple[AfterIngest, ...] = (_after_sample_ingest,)


async def start_runtime(
    settings: Settings, *, ingest_sample: bool | None = None, clock: Clock | None = None
) -> Runtime:
    """A started runtime that derives the products' data from any sample it ingests."""
    return await Runtime.start(
        settings, after_ingest=AFTER_INGEST, ingest_sample=ingest_sample, clock=clock
    )


async def prepare_database(settings: Settings) -> None:
    """Migrations, derived data and the sample (with the products' steps), once, before workers."""
    await Runtime.prepare(settings, after_ingest=AFTER_INGEST)


def install_products(runtime: Runtime) -> ProductRegistry:
    """Builds every registered product on `runtime` once (a second app on the same runtime
    shares them)."""
    if not runtime.products.names():
        for entry in entries():
            runtime.products.register(entry.build(runtime))
    return runtime.products

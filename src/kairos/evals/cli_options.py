"""What the `kairos eval …` commands share: the console, the --json option, file options,
the build progress bar and how a report is printed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

console = Console()

Json = Annotated[bool, typer.Option("--json", help="print one JSON object of the figures")]
ExistingFile = Annotated[Path, typer.Option(exists=True, dir_okay=False, readable=True)]

SAMPLE_REVIEWS_DIR = Path("data/sample/restaurant_reviews")
Restaurants = Annotated[
    Path,
    typer.Option(exists=True, dir_okay=False, help="restaurants.jsonl(.gz) of restaurant_reviews"),
]
Reviews = Annotated[
    Path, typer.Option(exists=True, dir_okay=False, help="reviews.jsonl(.gz) of restaurant_reviews")
]


@contextmanager
def build_progress() -> Iterator[Any]:
    """Progress of long database builds, on stderr so that --json output stays clean."""
    from kairos.progress_bar import RichProgress, progress_bar

    with progress_bar(Console(stderr=True), transient=True) as bar:
        yield RichProgress(bar)


def emit(report: Any, as_json: bool, render: Any) -> None:
    if as_json:
        print(json.dumps(report.model_dump(mode="json"), ensure_ascii=False))
    else:
        render(report, console)

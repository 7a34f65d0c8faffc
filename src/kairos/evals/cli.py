"""`kairos eval …`: one command per suite; each prints a table, or one JSON object with --json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

eval_app = typer.Typer(help="Measure Kairos against real labels.", no_args_is_help=True)
console = Console()

Json = Annotated[bool, typer.Option("--json", help="print one JSON object of the figures")]
ExistingFile = Annotated[Path, typer.Option(exists=True, dir_okay=False, readable=True)]


def _emit(report: Any, as_json: bool, render: Any) -> None:
    if as_json:
        print(json.dumps(report.model_dump(mode="json"), ensure_ascii=False))
    else:
        render(report, console)


@eval_app.command()
def allergens(data: ExistingFile, as_json: Json = False) -> None:
    """Allergen detection from ingredients_text_en against Open Food Facts allergens_tags."""
    from kairos.evals.allergens import evaluate_allergens, render_allergen_report

    _emit(evaluate_allergens(data), as_json, render_allergen_report)


@eval_app.command()
def absa(data: ExistingFile, as_json: Json = False) -> None:
    """SemEval-2014 aspect-category detection and polarity, with the radar's aspect machinery."""
    from kairos.evals.absa import evaluate_absa, render_absa_report

    _emit(evaluate_absa(data), as_json, render_absa_report)

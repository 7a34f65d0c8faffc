"""`kairos meals suggest "…" [--profile …]`: the coach from a terminal, through the same
product the API serves (same understanding, suggestions, gating and recipe)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from kairos.errors import KairosError
from kairos.settings import get_settings

meals_app = typer.Typer(help="The meal coach (seed 001).", no_args_is_help=True)
console = Console()


def _profile_body(profile: str | None) -> tuple[uuid.UUID | None, dict[str, object]]:
    """An existing user's uid, or a JSON file (or inline JSON) like POST /users' body."""
    if profile is None:
        return None, {}
    try:
        return uuid.UUID(profile), {}
    except ValueError:
        pass
    text = Path(profile).read_text() if Path(profile).is_file() else profile
    try:
        body = json.loads(text)
    except ValueError as exc:
        raise typer.BadParameter(
            "--profile takes a user's uid, a JSON file, or inline JSON such as "
            '\'{"allergies": {"confirmed": ["peanuts"]}, "cook": {"skill": "beginner"}}\''
        ) from exc
    if not isinstance(body, dict):
        raise typer.BadParameter("--profile JSON must be an object like POST /users' body")
    return None, body


@meals_app.command("suggest")
def suggest(
    text: Annotated[str, typer.Argument(help="a meal or the ingredients you have")],
    profile: Annotated[
        str | None,
        typer.Option(help="a user's uid, or a JSON profile (file or inline) used for this run"),
    ] = None,
    household: Annotated[bool, typer.Option(help="cook for every household member")] = False,
    recipe: Annotated[
        str | None, typer.Option(help="also print this suggestion's recipe (s1, s2…)")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Healthier suggestions for a meal, or ideas from ingredients; offline by default."""
    from kairos.meals.product import MealsProduct
    from kairos.meals.schemas import CoachRequest, SelectRequest
    from kairos.profiles.schemas import UserCreate
    from kairos.registry import install_products, start_runtime

    uid, body = _profile_body(profile)

    async def run() -> None:
        runtime = await start_runtime(get_settings())
        temporary = uid is None
        user_id = uid or uuid.uuid4()
        try:
            product = install_products(runtime)["meals"]
            assert isinstance(product, MealsProduct)
            if temporary:
                await runtime.profiles.create(user_id, UserCreate.model_validate(body))
            user = await runtime.profiles.get(user_id)
            answer = await product.coach_turn(
                user, CoachRequest(text=text, household=household or None)
            )
            chosen = None
            if recipe and answer.suggestions:
                chosen = await product.select(
                    user, answer.session_id, SelectRequest(suggestion_id=recipe)
                )
        finally:
            if temporary:
                with contextlib.suppress(KairosError):
                    await runtime.profiles.delete(user_id)
            await runtime.close()
        if as_json:
            out = {"answer": answer.model_dump(mode="json")}
            if chosen is not None:
                out["recipe"] = chosen.model_dump(mode="json")
            console.print_json(json.dumps(out))
            return
        console.print(f"[bold]{answer.message}[/bold]")
        if answer.follow_up:
            console.print(answer.follow_up.question)
        table = Table()
        for column in ("id", "title", "why", "time", "difficulty", "recipe"):
            table.add_column(column)
        for s in answer.suggestions:
            table.add_row(s.suggestion_id, s.title, s.rationale, s.time or "", s.difficulty,
                          str(s.source_recipe_ids[0]))  # fmt: skip
        if answer.suggestions:
            console.print(table)
        for reason in answer.not_offered:
            console.print(f"  [yellow]not offered:[/yellow] {reason}")
        if chosen is not None and chosen.recipe is not None:
            r = chosen.recipe
            serves = f"serves {r.servings:g}" if r.servings else "servings not stated"
            console.print(f"\n[bold]{r.title}[/bold] — {serves} ({r.source})")
            for line in r.ingredients:
                mark = " [green](swapped)[/green]" if line.substitution else ""
                console.print(f"  • {line.display}{mark}")
            for step in r.steps:
                console.print(f"  {step.number}. {step.text}")
            for warning in r.warnings:
                console.print(f"  [yellow]![/yellow] {warning}")

    try:
        asyncio.run(run())
    except KairosError as exc:
        console.print(f"[red]error:[/red] {exc.detail}")
        raise typer.Exit(code=2) from None


@meals_app.command("healthier-audit")
def healthier_audit(
    paths: Annotated[
        list[Path], typer.Argument(exists=True, help="recipes.jsonl.gz files (or their folders)")
    ],
    show: Annotated[int, typer.Option(help="print this many unbacked 'healthier' claims")] = 5,
) -> None:
    """How many dish suggestions say "healthier", and how many of those beat the usual version
    on a measure an independent checker reads from the source; and method tags against the
    steps (no database, no model)."""
    from kairos.meals.healthier_audit import audit_healthier, audit_method_tags, load_catalogue

    rows, recipes = load_catalogue(paths)
    counts, unbacked = audit_healthier(rows, recipes)
    tags = audit_method_tags(rows, recipes)
    for title, figures in (("'healthier' against the usual version", counts),
                           ("cooking method tags against the steps", tags)):  # fmt: skip
        table = Table(title=title)
        table.add_column("figure")
        table.add_column("value", justify="right")
        for key, value in figures.items():
            table.add_row(key, str(value))
        console.print(table)
    for line in unbacked[:show]:
        console.print(f"  [yellow]unbacked:[/yellow] {line}")

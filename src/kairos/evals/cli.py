"""`kairos eval …`: one command per suite; each prints a table, or one JSON object with --json.

The commands live in `cli_suites` (scored against labelled data) and `cli_gates` (the products'
gates and the whole run); they are listed here in the order `--help` shows them."""

from __future__ import annotations

import typer

from kairos.evals import cli_gates, cli_suites

eval_app = typer.Typer(help="Measure Kairos against real labels.", no_args_is_help=True)

for name, command in (
    ("allergens", cli_suites.allergens),
    ("allergen-lines", cli_suites.allergen_lines),
    ("absa", cli_suites.absa),
    ("aspects", cli_suites.aspects),
    ("decomposition", cli_suites.decomposition),
    ("venues", cli_suites.venues),
    ("retrieval", cli_suites.retrieval),
    ("meals", cli_suites.meals),
    ("chat", cli_suites.chat),
    ("venue-safety", cli_gates.venue_safety),
    ("trips-allergy", cli_gates.trips_allergy),
    ("trips", cli_gates.trips),
    ("trips-intent", cli_gates.trips_intent),
    ("operator", cli_gates.operator_gate),
    ("contract", cli_gates.contract),
    ("speed", cli_gates.speed),
    ("all", cli_gates.all_suites),
    ("dedup", cli_suites.dedup),
):
    eval_app.command(name)(command)

"""The terminal progress bar the commands share (`kairos`, `kairos eval`, `kairos venues`)."""

from __future__ import annotations

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


class RichProgress:
    """A Rich progress bar per ingestion phase, with rate and ETA."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.tasks: dict[str, TaskID] = {}

    def start(self, phase: str, total: int) -> None:
        self.tasks[phase] = self.progress.add_task(phase, total=total, rate="")

    def advance(self, phase: str, amount: int) -> None:
        task_id = self.tasks[phase]
        self.progress.advance(task_id, amount)
        speed = self.progress.tasks[task_id].speed
        self.progress.update(task_id, rate=f"{speed:,.0f}/s" if speed else "")


def progress_bar(console: Console, *, transient: bool = False) -> Progress:
    """One bar per phase: name, bar, done of total, rate, elapsed and time remaining."""
    return Progress(
        TextColumn("[bold]{task.description:<10}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        console=console,
        transient=transient,
    )

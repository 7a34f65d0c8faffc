"""recipes.licence: the recipe text's licence as its source states it

Wikibooks Cookbook recipes are CC BY-SA 4.0: the coach shows the source, its page and the
licence on every recipe and suggestion from them (issue 37).

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-29
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("recipes", sa.Column("licence", sa.Text(), nullable=True))


def downgrade() -> None:
    op.drop_column("recipes", "licence")

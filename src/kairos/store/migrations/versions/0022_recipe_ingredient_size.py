"""recipe_ingredients.size: the package size a line states ("1 (29 ounce) can")

A scaled can or package is measured by its stated size ("¼ can" of a 29 ounce can is 210 g);
without the column the size was parsed at ingest and lost in the store (issue 37).

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("recipe_ingredients", sa.Column("size", sa.Text(), nullable=True))


def downgrade() -> None:
    op.drop_column("recipe_ingredients", "size")

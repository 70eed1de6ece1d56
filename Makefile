# Everything installs on first use into .venv (Python 3.11+ and pip are all that is needed).
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The extras that the tests need and playing does not: the research adapters' frameworks,
# Redis's client for several servers, and Ray.
RESEARCH := $(VENV)/.research
# Processes for the test suite (pytest-xdist): one per core of the project's 2-core machine,
# each file's tests in one process, so a module's server or database is set up once.
TEST_WORKERS ?= 2

.PHONY: play test lint bench docs screenshots clean

# The engine's modules that the install compiles with mypyc (src/belot/engine/build.py).
COMPILED := $(VENV)/.compiled
ENGINE := setup.py $(wildcard src/belot/engine/*.py src/belot/engine/games/*.py)

# The venv with belot and the extras named (a comma-separated list in a variable), in one install.
EXTRAS := dev,postgres
TEST_EXTRAS := $(EXTRAS),openspiel,pettingzoo,cluster,ray
define install
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[$(1)]'
endef

$(STAMP): pyproject.toml
	$(call install,$(EXTRAS))
	touch $(STAMP) $(COMPILED)

# An edited engine is compiled again (until then it runs from its source).
$(COMPILED): $(STAMP) $(ENGINE)
	$(PY) -m pip install --quiet --no-deps -e .
	touch $(COMPILED)

# Everything in one install (one compile of the engine, not two) when the tests come first.
$(RESEARCH): pyproject.toml
	$(call install,$(TEST_EXTRAS))
	touch $(STAMP) $(RESEARCH) $(COMPILED)

play: $(COMPILED)
	$(VENV)/bin/belot serve --open

# The tests are type-checked in two runs, tests/ then tests/web/: each folder has a conftest.py
# that its tests import by that name (pyproject.toml's [tool.mypy]).
test: $(RESEARCH) $(COMPILED)
	$(VENV)/bin/ruff check src tests benchmarks docs/_ext setup.py
	$(VENV)/bin/ruff format --check src tests benchmarks docs/_ext setup.py
	$(VENV)/bin/mypy src/belot
	$(VENV)/bin/mypy --exclude '^tests/web/' tests
	$(VENV)/bin/mypy tests/web
	$(VENV)/bin/mypy benchmarks
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet --site-dir build/site
	$(VENV)/bin/pytest -n $(TEST_WORKERS) --dist loadfile

bench: $(COMPILED)
	$(VENV)/bin/belot bench

# The documentation site at http://127.0.0.1:8000/, rebuilt on every edit.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs serve

# The table's picture in the README and the docs, taken again by the browser test.
screenshots: $(STAMP)
	BELOT_SCREENSHOTS=1 $(VENV)/bin/pytest tests/web/test_screenshot.py -q

clean:
	rm -rf $(VENV) build site src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
	find src -name '*.so' -delete
	rm -f src/belot/engine/compiled.json

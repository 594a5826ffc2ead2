# Two commands set everything up on a fresh machine with only Python 3.10+:
#   make lab    creates .venv, installs tabletop_nb with the lab extra, opens JupyterLab
#   make voila  the same set-up, then serves the dice lesson as the classroom app (Voila)
#   make test   creates .venv, installs the test and docs extras (and Chromium with apt when root),
#               runs the unit tests, the notebooks under nbval, builds the docs site (warnings are
#               errors) and runs the browser tests (the site's among them)
# Installing compiles the modules listed in pyproject.toml's [tool.tabletop_nb.compiled] with mypyc
# where a C compiler is there (setup.py); TABLETOP_PURE=1 runs their Python source instead.
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
PORT   ?= 8888

.PHONY: lab voila classroom test lint unit unit-source notebooks browser chromium bench clean docs docs-notebooks docs-serve compiled

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Every install builds the package, so it compiles (setup.py) and stamps .compiled too.
WHICH_BUILD = $(PY) -c "from tabletop_nb import native; print(native.describe())"
$(VENV)/.lab-installed: pyproject.toml setup.py | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e ".[lab]"
	@$(WHICH_BUILD)
	touch $@ $(VENV)/.compiled

# the test and docs extras in one install (make test needs both): one compile, not two
$(VENV)/.test-installed: pyproject.toml setup.py | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e ".[test,docs]"
	@$(WHICH_BUILD)
	touch $@ $(VENV)/.lab-installed $(VENV)/.docs-installed $(VENV)/.compiled

# The compiled modules again when one of their sources changed (an editable install runs the
# source of all of them until then: tabletop_nb/native.py). `make compiled` does only this.
COMPILED_SOURCES := $(shell sed -n '/^\[tool.tabletop_nb.compiled\]/,/^\]/p' pyproject.toml | grep -o '"tabletop_nb/[^"]*"' | tr -d '"')
$(VENV)/.compiled: $(COMPILED_SOURCES) | $(VENV)/.lab-installed
	$(PY) -m pip install --quiet --no-deps -e .
	@$(WHICH_BUILD)
	touch $@
compiled: $(VENV)/.compiled

# as root (containers, Binder-like machines) JupyterLab refuses to start without --allow-root
ALLOW_ROOT = $(if $(filter 0,$(shell id -u)),--allow-root)

# The classroom app fetches nothing from another host (issue 29): Voila finds the project's
# template (share/jupyter/voila/templates/tabletop: the lab template without its CDN links)
# through JUPYTER_PATH, voila.json here selects it and progressive rendering, and
# etc/jupyter/jupyter_server_config.json stops /voila/render/... inside a Jupyter server from
# loading MathJax from a CDN. The same for `make voila`, `make lab` and Binder (binder/start).
# etc/jupyter/labconfig/page_config.json turns off JupyterLab's announcements plugin, so no
# "get notified about Jupyter news?" box covers the apps (and nothing asks the internet for news).
export JUPYTER_PATH := $(CURDIR)/share/jupyter$(if $(JUPYTER_PATH),:$(JUPYTER_PATH))
export JUPYTER_CONFIG_PATH := $(CURDIR)/etc/jupyter$(if $(JUPYTER_CONFIG_PATH),:$(JUPYTER_CONFIG_PATH))

# the classroom app's template linked into the environment's share/jupyter as well, so that
# plain `voila notebooks/dice_odds.ipynb` (without this Makefile's JUPYTER_PATH) finds it
VOILA_TEMPLATE = $(VENV)/share/jupyter/voila/templates/tabletop
$(VOILA_TEMPLATE): | $(VENV)/bin/python
	mkdir -p $(dir $@)
	ln -sfn $(CURDIR)/share/jupyter/voila/templates/tabletop $@

lab: $(VENV)/.lab-installed $(VENV)/.compiled $(VOILA_TEMPLATE)
	$(PY) -m jupyter lab --ServerApp.root_dir=. --port=$(PORT) $(ALLOW_ROOT) \
	  --LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb

# the classroom app: the dice lesson with its code hidden, at http://localhost:$(VOILA_PORT)
# (voila.json, read from this folder: the tabletop template and progressive rendering)
VOILA_PORT ?= 8866
voila: $(VENV)/.lab-installed $(VENV)/.compiled $(VOILA_TEMPLATE)
	$(PY) -m voila notebooks/dice_odds.ipynb --port=$(VOILA_PORT)

# the dice lesson served to a class from this computer (tools/classroom.py): on the classroom
# network, behind a short token, idle kernels culled, each kernel's memory bounded; it prints
# the address students type and, for this computer only, the teacher's view of the class's
# pooled rolls. CLASS_ARGS passes options (e.g. CLASS_ARGS="--port 9000 --cull 300").
classroom: $(VENV)/.lab-installed $(VENV)/.compiled $(VOILA_TEMPLATE)
	$(PY) tools/classroom.py $(CLASS_ARGS)

# Chromium for the browser tests: Debian's package, installed only when missing and root.
chromium:
	@if [ -n "$$TABLETOP_SKIP_BROWSER" ]; then \
	  echo "TABLETOP_SKIP_BROWSER is set: browser tests will be skipped on purpose"; \
	elif command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Chromium with apt for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
	  echo "Chromium is missing and cannot be installed here (not root or no apt):"; \
	  echo "the browser tests will fail; set TABLETOP_SKIP_BROWSER=1 to skip them on purpose"; \
	fi

# the documentation site (docs/_build/html), from the Python source (TABLETOP_PURE=1: the API
# pages find a function's home by its Python function object, which a compiled one is not): Sphinx + PyData theme + MyST-NB + numpydoc, warnings
# are errors; notebooks are rendered from the executed copies in docs/notebooks/, which
# `make docs-notebooks` writes (only those missing or stale; about 20-70 s each)
$(VENV)/.docs-installed: pyproject.toml setup.py | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e ".[docs]"
	@$(WHICH_BUILD)
	touch $@ $(VENV)/.lab-installed $(VENV)/.compiled

docs: $(VENV)/.docs-installed
	TABLETOP_PURE=1 $(PY) -m sphinx -b html -W --keep-going -q docs docs/_build/html

docs-notebooks: $(VENV)/.docs-installed
	$(PY) tools/docs_notebooks.py

# read the built site with its search snippets: the search page fetches each page's text,
# which a browser refuses over file://, so serve docs/_build/html on this machine only
DOCS_PORT ?= 8000
DOCS_HTML ?= docs/_build/html
docs-serve:
	@test -f $(DOCS_HTML)/index.html || { echo "no site in $(DOCS_HTML): run make docs first"; exit 1; }
	@echo "the docs site: http://127.0.0.1:$(DOCS_PORT)/  (Ctrl-C stops it)"
	$(PY) -m http.server $(DOCS_PORT) --bind 127.0.0.1 --directory $(DOCS_HTML)

# ruff with the small rule set in pyproject.toml ([tool.ruff.lint]): errors, not style;
# mypy over the files listed in pyproject.toml ([tool.mypy])
lint: $(VENV)/.test-installed
	$(PY) -m ruff check tabletop_nb tests tools benchmarks
	$(PY) -m mypy

unit: $(VENV)/.test-installed $(VENV)/.compiled
	$(PY) -m pytest tests -m "not browser" -q

# The Python source of the compiled modules, the reference: the build's own tests, every
# game's golden records (core/codec.py, compiled, encodes them all), the records' and codec's
# tests, the caches on and off (compiled code's cache look-ups are not counted), and the compiled
# games' engine and bot tests, the conformance suite and the lab's tests (studies, comparisons,
# analysis: they play the compiled games) again with TABLETOP_PURE=1 (the unit run above uses
# the compiled modules); both pin the same digests.
SOURCE_MODE_TESTS = tests/build tests/test_golden_records.py \
  tests/core/test_record.py tests/core/test_rules_codec.py tests/test_caches_off.py \
  tests/games/neko tests/games/pacal tests/games/pebble_rock tests/conformance tests/lab
unit-source: $(VENV)/.test-installed
	TABLETOP_PURE=1 $(PY) -m pytest $(SOURCE_MODE_TESTS) -m "not browser and not slow" -q -p no:cacheprovider -k "not speed"

notebooks: $(VENV)/.test-installed
	$(PY) -m pytest --nbval-lax --nbval-cell-timeout=120 -p no:cacheprovider notebooks -q

browser: $(VENV)/.test-installed chromium
	$(PY) -m pytest tests -m browser -q

test: $(VENV)/.test-installed $(VENV)/.docs-installed $(VENV)/.compiled $(VOILA_TEMPLATE) chromium
	$(PY) -m ruff check tabletop_nb tests tools benchmarks setup.py
	$(PY) -m mypy
	$(PY) -m pytest tests -m "not browser" -q
	TABLETOP_PURE=1 $(PY) -m pytest $(SOURCE_MODE_TESTS) -m "not browser and not slow" -q -p no:cacheprovider -k "not speed"
	$(PY) -m pytest --nbval-lax --nbval-cell-timeout=120 -p no:cacheprovider notebooks -q
	TABLETOP_PURE=1 $(PY) -m sphinx -b html -W --keep-going -q -E docs docs/_build/html
	$(PY) -m pytest tests -m browser -q

# the benchmarks (issue 12): engine throughput, our random playouts beside OpenSpiel's (the
# bench extra installs it), and the 10,000-game two-variant comparison on 2 processes and on
# 1 (BENCH_GAMES=500 for a quicker run); each prints the machine's load average beside it
BENCH_GAMES ?= 10000
$(VENV)/.bench-installed: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e ".[bench]"
	touch $@

bench: $(VENV)/.bench-installed
	$(PY) -m tabletop_nb bench --seconds 3
	$(PY) benchmarks/bench_vs_openspiel.py
	$(PY) benchmarks/bench_compare.py --games $(BENCH_GAMES)

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info tabletop_nb/_native_build*.json
	find tabletop_nb -name '*.so' -delete

# Dawn Companion. Quick start: `make run` (serve the demo) and `make test` (the whole suite).
SHELL := /bin/bash
PYTHON ?= $(shell for p in python3.13 python3.12 python3.11 python3; do command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null && { echo $$p; break; }; done)
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run lan test test-fast test-browser lint format bench load lighthouse setup ci clean

$(BIN)/.installed: pyproject.toml
	@test -n "$(PYTHON)" || { echo "Python 3.11 or newer is needed (python3 --version)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@touch $@

## setup: create .venv, install, migrate, load the rules reference and the demo campaigns
setup: $(BIN)/.installed
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py load_rules
	$(BIN)/python manage.py demo_data

## run: set up, then serve on http://127.0.0.1:8000 (SQLite under var/)
run: setup
	@echo
	@echo "  Dawn Companion is starting on http://$(HOST):$(PORT)/"
	@echo "  Log in as demo / dawn-demo (a second account: demo-friend / dawn-demo)."
	@echo "  Phones on the same Wi-Fi: run 'make lan' instead, then open"
	@echo "  http://$$($(BIN)/python -c 'import socket; s=socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.connect(("10.255.255.255", 1)); print(s.getsockname()[0])' 2>/dev/null || echo THIS-MACHINE-IP):$(PORT)/ on each phone."
	@echo
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

## lan: like run, but listening on every interface so phones on the LAN can connect
lan:
	$(MAKE) run HOST=0.0.0.0

## test: the whole suite (unit, database, pages and browser tests)
test: $(BIN)/.installed
	$(BIN)/pytest -q -n auto

## test-fast: everything except the browser tests
test-fast: $(BIN)/.installed
	$(BIN)/pytest -q -n auto -m "not browser"

## lint: ruff lint and format check
lint: $(BIN)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

## format: apply ruff's formatting and safe fixes
format: $(BIN)/.installed
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

## bench: rules-search accuracy and latency, then every page and fragment of every game
##        (p50/p95, ratio to a bare view, SQL per page, bytes on the wire) on a scratch
##        database of the configured engine, timed through gunicorn as a phone meets them
##        (BENCH_ARGS="--rounds 30 --profile 3"; without --server: timed in process)
BENCH_ARGS ?= --server
bench: setup
	$(BIN)/python manage.py bench_search
	$(BIN)/python -m bench.pages $(BENCH_ARGS)

## load: replay game nights (4 phones a table) against gunicorn on loopback for a fixed time;
##       TABLES=50,100 DURATION=60 WORKERS=3 THREADS=1 SERVERS=1 (SERVERS=2: two processes,
##       round robin; THREADS=4: gunicorn's gthread workers; WORKER_CLASS=sync: gunicorn's
##       own sync worker instead of ours, which wakes one idle worker per connection)
TABLES ?= 50
DURATION ?= 60
WARMUP ?= 15
WORKERS ?= 3
THREADS ?= 1
SERVERS ?= 1
WORKER_CLASS ?= dawn_companion.gunicorn_worker.ExclusiveWakeWorker
load: $(BIN)/.installed
	$(BIN)/python -m bench.load --tables $(TABLES) --duration $(DURATION) --warmup $(WARMUP) \
		--workers $(WORKERS) --threads $(THREADS) --servers $(SERVERS) \
		--worker-class $(WORKER_CLASS)

## lighthouse: Lighthouse's installability audits (manifest, icons, service worker) on a dev server
# Lighthouse 11 is the last with the installable-manifest audit; npm installs it under var/.
LIGHTHOUSE := var/lighthouse/node_modules/.bin/lighthouse
LIGHTHOUSE_PORT ?= 8799
CHROMIUM ?= /usr/bin/chromium
$(LIGHTHOUSE):
	npm install --prefix var/lighthouse --no-audit --no-fund --silent lighthouse@11
lighthouse: setup $(LIGHTHOUSE)
	@$(BIN)/python manage.py runserver 127.0.0.1:$(LIGHTHOUSE_PORT) --noreload >var/lighthouse/server.log 2>&1 & \
	server=$$!; trap 'kill $$server' EXIT; \
	for i in $$(seq 50); do curl -sf -o /dev/null http://127.0.0.1:$(LIGHTHOUSE_PORT)/accounts/login/ && break; sleep 0.2; done; \
	$(LIGHTHOUSE) http://127.0.0.1:$(LIGHTHOUSE_PORT)/accounts/login/ --quiet --output=json \
	  --output-path=var/lighthouse/report.json --chrome-path=$(CHROMIUM) \
	  --chrome-flags="--headless --no-sandbox" \
	  --only-audits=installable-manifest,splash-screen,themed-omnibox,maskable-icon,viewport && \
	$(BIN)/python -c 'import json, sys; audits = json.load(open("var/lighthouse/report.json"))["audits"]; \
	[print("pass" if a["score"] == 1 else "FAIL", name) for name, a in audits.items()]; \
	sys.exit(any(a["score"] != 1 for a in audits.values()))'

## ci: what CI runs (SQLite, then PostgreSQL)
ci:
	bash .ci/run

clean:
	rm -rf $(VENV) var/*.sqlite3* var/static .pytest_cache

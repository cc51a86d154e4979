# Forecourt — the two commands a new user runs are `make demo` and `make test`.
# Everything they need (npm packages, the Python venv for the DynamoDB test server, the
# sample feed, the frontend bundles) is installed or generated here, from the registries.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

CARGO      ?= cargo
NPM        ?= npm
PYTHON     ?= python3
VENV       := .venv
FEED       ?= feeds/sample.jsonl
SAMPLE_CARS ?= 3000
SAMPLE_SEED ?= 42
SAMPLE_MEDIA := $(dir $(FEED))media
DIST       ?= dist
DATA       ?= data
ADDR       ?= 127.0.0.1:8080
FORECOURT  := target/debug/forecourt
SAMPLE_FEED := target/debug/forecourt-sample-feed
API        := target/debug/forecourt-api

# Stamp files so each install runs once per change of its lock file.
NODE_STAMP := frontend/node_modules/.installed
VENV_STAMP := $(VENV)/.installed

.PHONY: help demo build serve lint lint-formatting test test-rust test-search-real test-frontend test-e2e test-infra \
        test-api-fuzz bench venv \
        frontend-deps bins schema check package deploy clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | sort

# Card deposits in the demo go to localstripe (a local stand-in for Stripe) on this port:
# the pages are built with its Stripe.js URL, and `serve` starts it beside the API.
STRIPE_PORT ?= 8421
STRIPE_BASE := http://127.0.0.1:$(STRIPE_PORT)

demo: venv ## build every sample dealer and serve them at http://<slug>.localhost:8080
	@FORECOURT_STRIPE_JS_URL=$(STRIPE_BASE)/js.stripe.com/v3/ $(MAKE) --no-print-directory build
	@# The watcher republishes the dealer whose rows of $(FEED) change while the API serves.
	@FORECOURT_STRIPE_JS_URL=$(STRIPE_BASE)/js.stripe.com/v3/ $(FORECOURT) watch --dealers dealers --feed $(FEED) --out $(DIST) & \
	  watcher=$$!; trap 'kill $$watcher 2>/dev/null' EXIT; \
	  $(MAKE) --no-print-directory serve

build: bins frontend-deps $(FEED) $(SAMPLE_MEDIA) ## the sample feed if missing, then every dealer into dist/
	$(FORECOURT) build --dealers dealers --feed $(FEED) --out $(DIST)
	$(FORECOURT) postcodes --out $(DIST)/_data/postcodes.tsv

serve: bins venv ## the local API over dist/ (one server for every dealer host), with localstripe
	scripts/lib/with-localstripe.sh $(STRIPE_PORT) \
	  $(API) --addr $(ADDR) --dist $(DIST) --data $(DATA) --dealers dealers --dev-mode \
	  --config scripts/lib/demo-api.toml

bins:
	$(CARGO) build -p generator -p edge-api -p sample-feed --bins $(BIN_FEATURES)

# The feed and its photos are written together; either missing regenerates both. The
# demo (and `make bench`) use photographs (JPEG, a real photo's size and weight, pooled
# per body shape and colour: about 1 GB and a few minutes once; a re-run reuses them).
# The Rust tests draw SVG (`--drawings`) for speed; the e2e journeys use photographs
# (the vehicle hero is checked through the image service) and keep them between runs.
$(FEED) $(SAMPLE_MEDIA) &: | bins
	$(SAMPLE_FEED) --cars $(SAMPLE_CARS) --seed $(SAMPLE_SEED) --dealers dealers --out $(FEED)

frontend-deps: $(NODE_STAMP)
$(NODE_STAMP): frontend/package-lock.json
	cd frontend && $(NPM) ci --no-audit --no-fund
	touch $@

venv: $(VENV_STAMP) ## Python tools for tests (moto's DynamoDB server, cfn-lint)
$(VENV_STAMP): requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet -r requirements-dev.txt
	touch $@

lint: frontend-deps ## formatting and lints: rustfmt, clippy, ESLint, Prettier (make test runs them too)
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	@$(MAKE) --no-print-directory lint-formatting

lint-formatting: frontend-deps
	$(CARGO) fmt --all --check
	cd frontend && $(NPM) run lint
	cd frontend && $(NPM) run format:check

# `make test` runs clippy as the compiler of the workspace's own crates while it builds the
# tests (CLIPPY_ARGS is how cargo-clippy hands its arguments to that driver), so one cold
# build both lints and compiles them: `cargo clippy` first would type-check every
# dependency a second time, which on a fresh clone costs as long as compiling them.
test: export RUSTC_WORKSPACE_WRAPPER := clippy-driver
test: export CLIPPY_ARGS := -D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__
# The test build turns on search's test-server (a dev-dependency asks for it); binaries
# built with it too are the test build's own, so the journeys need no second compile.
test: export BIN_FEATURES := --features search/test-server
# Each phase is timed and the times are printed at the end, so the next slowdown shows
# where it is (CI's limit is 90 minutes; the suite is held to 35 on 2 cores).
TEST_PHASES ?= lint-formatting test-rust test-search-real test-frontend test-infra test-api-fuzz test-e2e
test: frontend-deps venv ## lint, then every test suite: Rust, frontend unit, end-to-end in Chromium
	@report=""; total=0; \
	for phase in $(TEST_PHASES); do \
	  start=$$(date +%s); \
	  $(MAKE) --no-print-directory $$phase; \
	  took=$$(( $$(date +%s) - start )); total=$$(( total + took )); \
	  report+=$$(printf '\n  %-18s %5d s' "$$phase" "$$took"); \
	done; \
	echo "make test: time per phase$$report"; \
	printf '  %-18s %5d s\n' total "$$total"; \
	echo "phases: $(words $(TEST_PHASES)) passed, 0 failed"

# The real-Meilisearch cases run in test-search-real, where a skipped run says so.
test-rust: venv
	$(CARGO) test --workspace -- --skip real_meilisearch

# The search conformance suite and the API's search tests against a real Meilisearch each
# test starts from MEILISEARCH_BIN (.ci/run unpacks ../shared/tools/meilisearch.gz there),
# or the server at MEILISEARCH_URL. `--tests`: the same test builds as test-rust.
test-search-real:
	@if [[ -z "$${MEILISEARCH_BIN:-}$${MEILISEARCH_URL:-}" ]]; then \
	  echo "search: real Meilisearch run skipped (set MEILISEARCH_BIN to a meilisearch binary; .ci/run does when ../shared/tools/meilisearch.gz is there)"; \
	else \
	  echo "search: conformance suite and API search tests against a real Meilisearch"; \
	  $(CARGO) test --workspace --tests real_meilisearch; \
	fi

test-frontend: frontend-deps
	cd frontend && $(NPM) run typecheck && $(NPM) test

test-e2e: bins frontend-deps venv ## build a small sample into a temp dir, serve it, drive Chromium
	scripts/e2e.sh

test-api-fuzz: bins venv frontend-deps ## every endpoint of the OpenAPI document fuzzed (schemathesis): no 5xx for any input
	scripts/api-fuzz.sh

test-infra: venv ## lint the AWS template and the workflows, check dealer files against the schema
	$(VENV)/bin/cfn-lint infra/template.yaml
	$(VENV)/bin/check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml

package: venv ## the Lambda zip (bootstrap for provided.al2023 + dealers/, postcodes; no stock)
	scripts/package.sh

deploy: bins ## publish dist/ to ENV (DRY_RUN=1 prints the S3 and CloudFront operations instead)
	@test -n "$(ENV)" || { echo "usage: make deploy ENV=staging|production [DRY_RUN=1]"; exit 2; }
	DRY_RUN=$(DRY_RUN) scripts/deploy.sh $(ENV)

bench: bins frontend-deps venv ## print the performance figures
	scripts/bench.sh

schema: bins ## regenerate dealers/schema.json from the config types
	$(FORECOURT) schema --write dealers

check: bins ## validate dealers/
	$(FORECOURT) check dealers

clean:
	rm -rf $(DIST) $(DATA) frontend/build

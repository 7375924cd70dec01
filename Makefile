# Two commands for people: `make play` and `make test`. See README.md.
SHELL := /bin/bash
PORT ?= 8000
export PATH := $(HOME)/.cargo/bin:$(PATH)
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: play test build setup serve test-rust test-wasm test-js test-e2e test-browsers measure clean

## play: install what is missing, build the wasm, serve the page on http://127.0.0.1:$(PORT)/
play: setup build serve

## test: every test of the project: Rust (workspace), wasm (wasm-bindgen tests), the cascade
## replay against the rules (Node, real wasm), browser (Playwright in Chromium; the cross-browser
## scenarios in Firefox and WebKit)
test: setup test-rust test-wasm build test-js test-e2e test-browsers

## build: build pkg/ (the wasm packages, release profile) and build/ (the pages' bundles, esbuild)
build:
	scripts/build-wasm.sh
	node scripts/build-web.mjs

## dist: dist/grolman-embed/, the folder a composer copies to their site for <grolman-board>
## (the element, its modules, both wasm packages, a README with the script tag and the CSP)
dist: build
	node scripts/dist.mjs

setup:
	scripts/setup.sh

serve:
	node scripts/serve.mjs --port $(PORT)

test-rust:
	cargo test --workspace

# The facade's #[wasm_bindgen_test] tests run in Node through wasm-bindgen-test-runner,
# which scripts/setup.sh installed with wasm-bindgen-cli: nothing is downloaded.
test-wasm:
	CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
	  cargo test -p grolman-wasm --target wasm32-unknown-unknown --features engine,extras

# Replaying every turn's events must reach the turn's FEN (needs pkg/: `make build`).
test-js:
	node --test tests/unit/

test-e2e:
	npx playwright test

# tests/browsers/: one set of scenarios in Firefox ESR (puppeteer-core, WebDriver BiDi) and
# WebKitGTK (WebKitWebDriver + MiniBrowser, selenium-webdriver). MiniBrowser needs an X display:
# xvfb-run gives it one, larger than the 1280x900 window. Needs pkg/ (`make build`).
test-browsers:
	xvfb-run -a --server-args="-screen 0 1600x1200x24" node --test --test-concurrency=1 tests/browsers/

## measure: page weight, load time; turn query, perft and search in wasm (Chromium) against native, in CPU time
measure: build
	node scripts/measure.mjs

clean:
	rm -rf pkg build dist test-results playwright-report

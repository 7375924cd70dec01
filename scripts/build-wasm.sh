#!/usr/bin/env bash
# Builds the rules into pkg/ (grolman.js + grolman_bg.wasm) for the page, as docs/wasm-api.md says.
# wasm-pack runs in no-install mode with its own wasm-opt off: wasm-bindgen comes from PATH
# (scripts/setup.sh installs the version of Cargo.lock) and Debian's binaryen optimizes here.
# Usage: scripts/build-wasm.sh [--dev]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

profile=--release
[ "${1:-}" = "--dev" ] && profile=--dev

wasm-pack build crates/grolman-wasm --target web --out-dir ../../pkg --out-name grolman \
  --mode no-install --no-opt --no-pack "$profile"

# wasm-opt comes from binaryen's npm package (a pinned devDependency, installed by npm ci):
# Debian bookworm's binaryen 108 writes wasm-bindgen's externref table as anyref, and the
# page then fails at start-up in Chromium ("WebAssembly.Table.set(): Argument 1 is invalid").
# Name every feature that rustc's wasm output uses, so older and newer wasm-opt agree.
wasm_opt=node_modules/.bin/wasm-opt
features=(--enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int
          --enable-mutable-globals --enable-multivalue --enable-reference-types)
level=${WASM_OPT_LEVEL:--O3}
if [ "$profile" = --release ]; then
  if [ -x "$wasm_opt" ]; then
    before=$(stat -c %s pkg/grolman_bg.wasm)
    "$wasm_opt" "${features[@]}" "$level" --strip-debug --strip-producers \
      pkg/grolman_bg.wasm -o pkg/grolman_bg.opt.wasm
    mv pkg/grolman_bg.opt.wasm pkg/grolman_bg.wasm
    echo "build-wasm: wasm-opt $level: $before -> $(stat -c %s pkg/grolman_bg.wasm) bytes"
  else
    echo "build-wasm: $wasm_opt missing (run scripts/setup.sh): the wasm is left unoptimized" >&2
  fi
fi

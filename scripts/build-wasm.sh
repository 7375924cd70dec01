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

# binaryen 108 (Debian bookworm) predates some of rustc's default wasm features being
# on by default in wasm-opt, so name every feature that rustc's output uses.
features=(--enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int
          --enable-mutable-globals --enable-multivalue --enable-reference-types)
if [ "$profile" = --release ]; then
  before=$(stat -c %s pkg/grolman_bg.wasm)
  wasm-opt "${features[@]}" -Oz --strip-debug --strip-producers \
    pkg/grolman_bg.wasm -o pkg/grolman_bg.opt.wasm
  mv pkg/grolman_bg.opt.wasm pkg/grolman_bg.wasm
  echo "build-wasm: wasm-opt -Oz: $before -> $(stat -c %s pkg/grolman_bg.wasm) bytes"
fi

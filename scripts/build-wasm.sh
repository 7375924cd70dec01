#!/usr/bin/env bash
# Builds the rules into pkg/ (grolman.js + grolman_bg.wasm) for the page, as docs/wasm-api.md
# says, and, when crates/grolman-wasm has an `engine` feature, the engine worker's own package
# into pkg/engine/grolman_engine.js (the same facade plus search and solver, kept out of the
# page's wasm; web/worker/ loads it).
# wasm-pack runs in no-install mode with its own wasm-opt off: wasm-bindgen comes from PATH
# (scripts/setup.sh installs the version of Cargo.lock) and binaryen optimizes here.
# Usage: scripts/build-wasm.sh [--dev]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

profile=--release
[ "${1:-}" = "--dev" ] && profile=--dev

# wasm-opt comes from binaryen's npm package (a pinned devDependency, installed by npm ci):
# Debian bookworm's binaryen 108 writes wasm-bindgen's externref table as anyref, and the
# page then fails at start-up in Chromium ("WebAssembly.Table.set(): Argument 1 is invalid").
# Name every feature that rustc's wasm output uses, so older and newer wasm-opt agree.
# -O3 rather than -Oz: the same size within 1 %, and up to 40 % faster perft.
wasm_opt=node_modules/.bin/wasm-opt
features=(--enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int
          --enable-mutable-globals --enable-multivalue --enable-reference-types)
level=${WASM_OPT_LEVEL:--O3}

# build OUT_DIR NAME [cargo arguments...]
build() {
  local out=$1 name=$2
  shift 2
  wasm-pack build crates/grolman-wasm --target web --out-dir "../../$out" --out-name "$name" \
    --mode no-install --no-opt --no-pack "$profile" -- "$@"
  rm -f "$out/.gitignore"
  [ "$profile" = --release ] || return 0
  if [ -x "$wasm_opt" ]; then
    local before
    before=$(stat -c %s "$out/${name}_bg.wasm")
    "$wasm_opt" "${features[@]}" "$level" --strip-debug --strip-producers \
      "$out/${name}_bg.wasm" -o "$out/${name}_bg.opt.wasm"
    mv "$out/${name}_bg.opt.wasm" "$out/${name}_bg.wasm"
    echo "build-wasm: $out/$name: wasm-opt $level: $before -> $(stat -c %s "$out/${name}_bg.wasm") bytes"
  else
    echo "build-wasm: $wasm_opt missing (run scripts/setup.sh): $out is left unoptimized" >&2
  fi
}

# The release page leaves out console_error_panic_hook (a default feature, kept for --dev): the
# facade never panics, and the page stays under its 150 KB gzip budget.
hook=()
[ "$profile" = --release ] && hook=(--no-default-features)
build pkg grolman "${hook[@]}"
build pkg/engine grolman_engine "${hook[@]}" --features engine
# The piece drawings' one home is the diagram crate; the board reads this copy beside the wasm.
cp crates/grolman-diagram/pieces.json pkg/pieces.json
# For offline use: the icon and the service worker's list of files, named by their hash.
node scripts/offline.mjs

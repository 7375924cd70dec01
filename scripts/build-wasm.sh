#!/usr/bin/env bash
# Builds the rules into three packages, as docs/wasm-api.md says: pkg/ (grolman.js +
# grolman_bg.wasm), what the pages need to a playable board; pkg/extras/grolman_extras.js (the
# same facade plus PGN, the diagram SVG and the board editor: web/extras.js loads it when a panel
# needs it); pkg/engine/grolman_engine.js, the engine worker's (the facade plus search, solver
# and perft; web/worker/ loads it).
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
wasm_opt=node_modules/.bin/wasm-opt
features=(--enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int
          --enable-mutable-globals --enable-multivalue --enable-reference-types)

# build OUT_DIR NAME SIZE|SPEED [cargo arguments...]
# SIZE (the page's package, on the way to a playable board): rustc opt-level "z" and wasm-opt -Oz,
# 10 KB gzip less than opt-level 3, for queries that take well under a millisecond either way.
# SPEED (the engine worker's package: search, solver, perft): opt-level 3 and wasm-opt -O3, the
# same size as -Oz within 1 % there, and up to 40 % faster perft. WASM_OPT_LEVEL overrides both.
build() {
  local out=$1 name=$2 rustc_level=3 level=-O3
  [ "$3" = SIZE ] && rustc_level=z level=-Oz
  level=${WASM_OPT_LEVEL:-$level}
  shift 3
  # A target directory per opt-level: the packages built at the same level share their
  # dependencies' builds, and a rebuild does not compile everything again for the other level.
  CARGO_PROFILE_RELEASE_OPT_LEVEL=$rustc_level CARGO_TARGET_DIR="$PWD/target/wasm-opt-$rustc_level" \
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
# facade never panics, and the page loads less.
hook=()
[ "$profile" = --release ] && hook=(--no-default-features)
build pkg grolman SIZE "${hook[@]}"
build pkg/extras grolman_extras SIZE "${hook[@]}" --features extras
build pkg/engine grolman_engine SPEED "${hook[@]}" --features engine
# The piece drawings' one home is the diagram crate; the board imports this copy beside the wasm,
# as a plain module (a JSON module's import attribute needs Chromium 123, Safari 17.2, Firefox 138).
{ printf '// Written by scripts/build-wasm.sh from crates/grolman-diagram/pieces.json.\nexport default '
  cat crates/grolman-diagram/pieces.json; printf ';\n'; } > pkg/pieces.js
rm -f pkg/pieces.json
# For offline use: the icon and the service worker's list of files, named by their hash.
node scripts/offline.mjs

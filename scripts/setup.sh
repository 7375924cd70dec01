#!/usr/bin/env bash
# Installs what building and testing the playground needs, on a fresh Debian machine
# with rustup and Node present. Idempotent: each step checks first, so a second run is quick.
# Everything comes from the package registries (crates.io, Debian, npm): wasm-pack is never
# allowed to download wasm-bindgen or wasm-opt itself, and Playwright never downloads a browser.
set -euo pipefail
cd "$(dirname "$0")/.."

export PATH="$HOME/.cargo/bin:$PATH"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

say() { printf '\033[1msetup:\033[0m %s\n' "$*"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# 1. The wasm target of the active toolchain.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# 2. wasm-pack.
if ! command -v wasm-pack >/dev/null 2>&1; then
  say "installing wasm-pack (cargo install, a few minutes)"
  cargo install wasm-pack --locked || cargo install wasm-pack
fi

# 3. wasm-bindgen-cli at exactly the version of the wasm-bindgen crate in Cargo.lock
#    (the generated JS glue and the wasm must come from the same version).
if [ ! -f Cargo.lock ] && [ -f Cargo.toml ]; then
  cargo generate-lockfile
fi
wanted=""
if [ -f Cargo.lock ]; then
  wanted=$(awk '/^name = "wasm-bindgen"$/ { found = 1; next }
                found && /^version = / { gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
fi
if [ -n "$wanted" ]; then
  have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
  if [ "$have" != "$wanted" ]; then
    say "installing wasm-bindgen-cli $wanted (found: ${have:-none})"
    # --locked first; if the registry no longer serves a version pinned in the tool's own lock
    # file (it happens after yanks), let cargo pick the newest compatible dependencies instead.
    cargo install wasm-bindgen-cli --version "$wanted" --locked --force \
      || cargo install wasm-bindgen-cli --version "$wanted" --force
  fi
else
  say "no wasm-bindgen in Cargo.lock yet: skipping wasm-bindgen-cli"
fi

# 4. Debian packages: the three browser engines of the tests (Chromium for Playwright; Firefox ESR,
#    which puppeteer-core drives through WebDriver BiDi; WebKitGTK's WebDriver and MiniBrowser, under
#    an X server of its own from xvfb), and a font. (wasm-opt comes from binaryen's npm package,
#    step 5: Debian bookworm's binaryen 108 breaks wasm-bindgen's externref table.)
packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium)
[ -x /usr/bin/firefox-esr ] || packages+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || packages+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null 2>&1 || packages+=(xvfb xauth)
# A font, so that screenshots of the page show text (the base image has none).
[ -d /usr/share/fonts/truetype/dejavu ] || packages+=(fonts-dejavu-core)
if [ ${#packages[@]} -gt 0 ]; then
  say "installing Debian packages: ${packages[*]}"
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${packages[@]}"
fi

# 5. Node packages: Playwright's test runner (it drives the Debian Chromium) and binaryen (wasm-opt).
if [ -f package-lock.json ]; then
  if [ ! -d node_modules/@playwright/test ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "npm ci"
    npm ci --no-audit --no-fund
  fi
else
  say "npm install"
  npm install --no-audit --no-fund
fi

say "ready"

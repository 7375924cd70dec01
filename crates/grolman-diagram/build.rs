//! The piece drawings have one source, this crate's `pieces.json` (role -> SVG body in a
//! 100 x 100 box), compiled in by this step; `scripts/build-wasm.sh` writes it to
//! `pkg/pieces.js` (a plain module) for the browser board.

use std::fmt::Write;
use std::path::Path;

fn main() {
    // The manifest directory of this build, read when the script runs (a path compiled into
    // the script would point at whichever checkout built it first).
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let source = Path::new(&manifest).join("pieces.json");
    println!("cargo:rerun-if-changed={}", source.display());
    let text = std::fs::read_to_string(&source).expect("pieces.json");
    let shapes: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&text).expect("pieces.json: an object of role -> SVG string");
    let mut out = String::from(
        "/// `(role name, SVG body)` from pieces.json.\npub const SHAPES: [(&str, &str); 6] = [\n",
    );
    for role in ["pawn", "knight", "bishop", "rook", "queen", "king"] {
        let body = shapes
            .get(role)
            .and_then(|v| v.as_str())
            .unwrap_or_else(|| panic!("pieces.json: no string for {role:?}"));
        writeln!(out, "    ({role:?}, {body:?}),").unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("pieces.rs");
    std::fs::write(dest, out).unwrap();
}

//! `diagramFacts(fen)`: a caption's unit count and the position in words, from the
//! grolman-diagram crate (the element's caption shows them, so they are in the page's package;
//! the SVG writer is in `diagram_svg`, an extra).

use grolman::Position;
use grolman_diagram::{describe, unit_count, unit_count_text};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{to_js, Fail};

/// What a caption says of a position besides the picture.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DiagramFacts {
    white: usize,
    black: usize,
    /// `"(5+4)"`: white units + black units, as problemists write it.
    unit_count: String,
    /// `"White: Ke1, Pe2. Black: Ke8."`, for readers that cannot see the board.
    description: String,
    /// The FEN's placement field, e.g. for a file name.
    placement: String,
}

/// `{ white, black, unitCount, description, placement }` of `fen`. Throws on a bad FEN.
#[wasm_bindgen(js_name = diagramFacts)]
pub fn diagram_facts(fen: &str) -> Result<JsValue, Fail> {
    let pos = Position::from_fen(fen)?;
    let (white, black) = unit_count(pos.board());
    let full = pos.fen();
    to_js(&DiagramFacts {
        white,
        black,
        unit_count: unit_count_text(pos.board()),
        description: describe(pos.board()),
        placement: full.split(' ').next().unwrap_or_default().to_string(),
    })
}

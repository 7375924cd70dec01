//! `diagramFacts(fen)`: a caption's unit count and the units the page words its description
//! from, from the grolman-diagram crate (the element's caption shows them, so they are in the
//! page's package; the SVG writer is in `diagram_svg`, an extra).

use grolman::{Color, Position, Role, Square};
use grolman_diagram::{unit_count, unit_count_text, units};
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
    /// The units of each side, strongest kind first, each kind by square: what the page says
    /// to readers that cannot see the board ("White: Ke1, Pe2. Black: Ke8.").
    units: Sides,
    /// The FEN's placement field, e.g. for a file name.
    placement: String,
}

#[derive(Serialize)]
struct Sides {
    white: Vec<Unit>,
    black: Vec<Unit>,
}

#[derive(Serialize)]
struct Unit {
    role: &'static str,
    square: String,
}

fn side(units: Vec<(Role, Square)>) -> Vec<Unit> {
    units
        .into_iter()
        .map(|(role, sq)| Unit {
            role: role.name(),
            square: sq.to_string(),
        })
        .collect()
}

/// `{ white, black, unitCount, units: { white, black }, placement }` of `fen`. Throws on a bad FEN.
#[wasm_bindgen(js_name = diagramFacts)]
pub fn diagram_facts(fen: &str) -> Result<JsValue, Fail> {
    let pos = Position::from_fen(fen)?;
    let (white, black) = unit_count(pos.board());
    let full = pos.fen();
    to_js(&DiagramFacts {
        white,
        black,
        unit_count: unit_count_text(pos.board()),
        units: Sides {
            white: side(units(pos.board(), Color::White)),
            black: side(units(pos.board(), Color::Black)),
        },
        placement: full.split(' ').next().unwrap_or_default().to_string(),
    })
}

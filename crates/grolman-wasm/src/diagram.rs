//! `diagramSvg(fen, options)`: the problem diagram of the grolman-diagram crate, so that the
//! page's SVG (and PNG) download and `grolman diagram` draw the same picture; `diagramFacts(fen)`:
//! the caption's unit count and the position in words, from the same crate.

use grolman::Position;
use grolman_diagram::{describe, diagram_svg, unit_count, unit_count_text, Caption, Options, Style};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::{from_js, to_js, FacadeError, Fail};

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

/// `{ title, author, source, stipulation, condition, flip, coordinates, style }`, every field
/// optional; `style` is `"colour"` (the default) or `"black-and-white"`.
#[derive(Deserialize, Default)]
#[serde(default)]
struct DiagramOptions {
    title: Option<String>,
    author: Option<String>,
    source: Option<String>,
    stipulation: Option<String>,
    condition: Option<String>,
    flip: bool,
    coordinates: Option<bool>,
    style: Option<String>,
}

/// The SVG document of `fen`'s diagram with the caption of `options` (may be undefined).
#[wasm_bindgen(js_name = diagramSvg)]
pub fn diagram_svg_of(fen: &str, options: JsValue) -> Result<String, Fail> {
    let o: DiagramOptions = if options.is_undefined() || options.is_null() {
        DiagramOptions::default()
    } else {
        from_js(options, "diagram options")?
    };
    let pos = Position::from_fen(fen)?;
    let style = match o.style.as_deref().unwrap_or("colour") {
        "colour" | "color" => Style::Colour,
        "black-and-white" => Style::BlackAndWhite,
        other => return Err(FacadeError::DiagramStyle(other.to_string()).into()),
    };
    let options = Options {
        style,
        flip: o.flip,
        coordinates: o.coordinates.unwrap_or(true),
        caption: Caption {
            title: o.title,
            author: o.author,
            source: o.source,
            stipulation: o.stipulation,
            condition: o.condition,
        },
    };
    Ok(diagram_svg(pos.board(), &options))
}

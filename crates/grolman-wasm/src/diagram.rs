//! `diagramSvg(fen, options)`: the problem diagram of the grolman-diagram crate, so that the
//! page's SVG (and PNG) download and `grolman diagram` draw the same picture.

use grolman::Position;
use grolman_diagram::{diagram_svg, Caption, Options};
use serde::Deserialize;
use wasm_bindgen::prelude::*;

use super::err;

/// `{ title, author, source, stipulation, condition, flip, coordinates }`, every field optional.
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
}

/// The SVG document of `fen`'s diagram with the caption of `options` (may be undefined).
#[wasm_bindgen(js_name = diagramSvg)]
pub fn diagram_svg_of(fen: &str, options: JsValue) -> Result<String, JsError> {
    let o: DiagramOptions = if options.is_undefined() || options.is_null() {
        DiagramOptions::default()
    } else {
        serde_wasm_bindgen::from_value(options).map_err(err)?
    };
    let pos = Position::from_fen(fen).map_err(err)?;
    let options = Options {
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

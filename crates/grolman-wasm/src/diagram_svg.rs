//! `diagramSvg(fen, options)` (an extra): the problem diagram of the grolman-diagram crate, so
//! that the page's SVG (and PNG) download and `grolman diagram` draw the same picture.

use grolman::Position;
use grolman_diagram::{diagram_svg, Caption, Options, Style};
use serde::Deserialize;
use wasm_bindgen::prelude::*;

use super::{from_js, FacadeError, Fail};

/// `{ title, author, source, stipulation, condition, flip, coordinates, style, name,
/// description }`, every field optional; `style` is `"colour"` (the default) or
/// `"black-and-white"`; `name` and `description` are the diagram's text alternative, in the
/// page's language.
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
    name: Option<String>,
    description: Option<String>,
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
        name: o.name,
        description: o.description,
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

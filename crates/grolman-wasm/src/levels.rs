//! The engine's playing levels for the page (`engineLevels`): the page names each level and
//! asks the worker to search within its limits, and `grolman match --a level=3` plays the same
//! levels. In the page's package too (the search itself is in the engine package only): the
//! level table is data, and the search code it does not call is not linked in. The page says a
//! level in its own words (its catalog, keyed by `table` and `level`), so the engine's English
//! `label` and `meaning` are in the engine package alone, where the tests read them as the
//! reference the catalog must follow.

use grolman::Variant;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{parse_variant, to_js, Fail};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LevelJs {
    level: u32,
    /// In whole milliseconds: a float would bring float printing into the page's wasm.
    movetime_ms: u32,
    /// 0: as deep as the time allows.
    max_depth: u32,
    /// `"3: up to 0.5 s"`: what the level asks of the search.
    #[cfg(feature = "engine")]
    label: String,
    /// What playing the level is like.
    #[cfg(feature = "engine")]
    meaning: &'static str,
    /// The table the level belongs to (`"fast"`, `"tatarstan"`): the page's texts are keyed by it.
    table: &'static str,
}

fn levels_of(variant: Variant) -> Vec<LevelJs> {
    grolman_engine::levels(variant)
        .iter()
        .map(|l| LevelJs {
            level: l.number,
            movetime_ms: l.movetime_ms.round() as u32,
            max_depth: l.max_depth,
            #[cfg(feature = "engine")]
            label: l.label(),
            #[cfg(feature = "engine")]
            meaning: l.meaning,
            table: grolman_engine::table_name(variant),
        })
        .collect()
}

/// The five playing levels of `variant`, weakest first: `{ level, movetimeMs, maxDepth, table }`,
/// and in the engine package `label` and `meaning` too. Throws on an unknown variant.
#[wasm_bindgen(js_name = engineLevels)]
pub fn engine_levels(variant: &str) -> Result<JsValue, Fail> {
    to_js(&levels_of(parse_variant(variant)?))
}

//! PGN both ways (an extra, in `pkg/extras/`): the page's game lives in the page's package, so
//! a game crosses to and from PGN as the description the page keeps in its URL fragment and
//! storage (variant, start FEN, the tree in turn codes), which the page's `Game` reads and writes.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{parse_variant, to_js, Fail};

/// A game as the page's `Game` opens it.
#[derive(Serialize)]
struct Description {
    variant: &'static str,
    /// The start position.
    fen: String,
    /// The whole tree in turn codes (`Game.readTreeCodes` reads it), `""` for no turns.
    tree: String,
}

/// `{ variant, fen, tree }` of a PGN game (variant from the `Variant` tag, start from the `FEN`
/// tag). Throws naming the line and token.
#[wasm_bindgen(js_name = readPgn)]
pub fn read_pgn(text: &str) -> Result<JsValue, Fail> {
    let game = grolman::Game::from_pgn(text)?;
    to_js(&Description {
        variant: game.variant().name(),
        fen: game.start_position().fen(),
        tree: game.tree_codes(),
    })
}

/// The PGN of the game of `variant` from `fen` (the standard start when missing) with the tree
/// `tree` in turn codes (`Game.treeCodes()`), or when that is missing or empty the main line
/// `moves`. Throws on a bad variant, FEN or turn.
#[wasm_bindgen(js_name = writePgn)]
pub fn write_pgn(
    variant: &str,
    fen: Option<String>,
    moves: Vec<String>,
    tree: Option<String>,
) -> Result<String, Fail> {
    let mut game = grolman::Game::new(parse_variant(variant)?, fen.as_deref())?;
    match tree.filter(|t| !t.is_empty()) {
        Some(tree) => game.read_tree_codes(&tree)?,
        None => {
            for code in &moves {
                game.play(code)?;
            }
        }
    }
    Ok(game.pgn())
}

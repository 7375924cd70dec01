//! The browser's view of the rules: one exported [`Game`], whole-position queries in one call,
//! turns and events as plain JS objects, every error a JS `Error` with the Rust message and the
//! error as data (`code`, `facts`: [`fail`]).
//! The contract is `docs/wasm-api.md`. Every object that crosses the boundary has camelCase keys.
//!
//! Three packages are built from this crate (scripts/build-wasm.sh): the page's `pkg/grolman.js`,
//! what a playable board needs; with the `extras` feature `pkg/extras/grolman_extras.js`, which
//! adds PGN, the diagram SVG and the board editor's questions and loads when a panel needs them;
//! with `engine`, the engine worker's `pkg/engine/grolman_engine.js` (search, solver, perft).

mod diagram;
pub use diagram::diagram_facts;
#[cfg(feature = "extras")]
mod diagram_svg;
#[cfg(feature = "extras")]
pub use diagram_svg::diagram_svg_of;
#[cfg(feature = "extras")]
mod editor;
#[cfg(feature = "extras")]
pub use editor::{examine_setup, setup_of};
#[cfg(feature = "engine")]
mod engine;
#[cfg(feature = "engine")]
pub use engine::analyse;
pub mod fail;
mod levels;
mod turns_js;

pub use levels::engine_levels;
mod note;
#[cfg(feature = "extras")]
mod pgn;
#[cfg(feature = "extras")]
pub use pgn::{read_pgn, write_pgn};

use fail::{FacadeError, Fail};
use grolman::{notation, Castling, Color, Kingless, LeadKind, Outcome, Position, Turn, Variant};
use serde::Serialize;
use turns_js::{played_to_js, Played};
use wasm_bindgen::prelude::*;

/// `value` as a JavaScript value: written as JSON here, read by one `JSON.parse`. One call across
/// the boundary, where serde-wasm-bindgen made one per field and key (its serializer weighed
/// about 1.5 KB gzip of the page's wasm). An `Option`'s `None` and `()` become `null`.
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, Fail> {
    let text = serde_json::to_string(value).map_err(|e| FacadeError::Internal(e.to_string()))?;
    js_sys::JSON::parse(&text)
        .map_err(|_| FacadeError::Internal("the facade wrote JSON that does not parse".into()).into())
}

/// An object from the page, read into `T`; `what` names it in the error. Not in the page's package
/// (its deserializer's messages bring float printing): `setNote` reads its object by hand.
#[cfg(any(feature = "extras", feature = "engine"))]
fn from_js<T: serde::de::DeserializeOwned>(value: JsValue, what: &'static str) -> Result<T, Fail> {
    serde_wasm_bindgen::from_value(value).map_err(|e| {
        FacadeError::BadObject {
            what,
            detail: e.to_string(),
        }
        .into()
    })
}

fn parse_variant(name: &str) -> Result<Variant, Fail> {
    Ok(name.parse::<Variant>()?)
}

/// The page's `kingless` argument: none when missing.
fn kingless_of(letters: Option<String>) -> Result<Kingless, Fail> {
    let letters = letters.unwrap_or_default();
    Kingless::from_letters(&letters).ok_or_else(|| {
        FacadeError::BadObject {
            what: "kingless sides",
            detail: letters,
        }
        .into()
    })
}

// The packages built for size (the page's and extras) allocate with talc in place of Rust's
// default, dlmalloc: 2 KB gzip less in the page's wasm, for turn queries 5-20 % slower in V8
// (Node, three runs: Tatarstan chess at the start 0.38 against 0.35 ms). The engine worker's
// package, built for speed, keeps dlmalloc.
// SAFETY: talc's wasm allocator asks for a single thread: these packages are built without the
// atomics feature (no shared memory), and each instance (the page's, a worker's) has its own memory.
#[cfg(all(
    target_arch = "wasm32",
    not(target_feature = "atomics"),
    not(feature = "engine")
))]
#[global_allocator]
static ALLOCATOR: talc::TalckWasm = unsafe { talc::TalckWasm::new_global() };

#[wasm_bindgen(start)]
pub fn start() {
    #[cfg(feature = "console_error_panic_hook")]
    console_error_panic_hook::set_once();
}

/// A unit on its square, as the board draws it.
#[derive(Serialize)]
struct PlacedPiece {
    square: grolman::Square,
    color: Color,
    role: grolman::Role,
}

fn pieces(pos: &Position) -> Vec<PlacedPiece> {
    pos.board()
        .pieces()
        .map(|(square, p)| PlacedPiece {
            square,
            color: p.color,
            role: p.role,
        })
        .collect()
}

#[derive(Serialize, PartialEq)]
struct LeadJs {
    from: grolman::Square,
    to: grolman::Square,
    /// The rook's square when the lead castles (a click on it means the same lead).
    rook: Option<grolman::Square>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StatusJs {
    state: &'static str,
    check: bool,
    /// The king of the side to move, when it is in check.
    check_square: Option<grolman::Square>,
    turn: Color,
    /// The full-move number of the position (FEN field 6).
    move_number: u32,
    result: &'static str,
    message: String,
}

fn played<'a>(before: &Position, turn: &'a Turn, outcome: Option<Outcome>) -> Played<'a> {
    Played {
        turn,
        move_number: before.fullmoves(),
        color: before.turn(),
        outcome,
    }
}

/// A node of the tree of turns, as the move list draws it: the turn (`null` for the start)
/// with its move number and side, where it stands, and its note.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct NodeJs<'a> {
    id: grolman::NodeId,
    parent: Option<grolman::NodeId>,
    /// The continuations, the main one first.
    children: &'a [grolman::NodeId],
    /// `null` here: `tree()` sets the played turns after, all written in one call by
    /// [`turns_js::played_to_js`].
    turn: (),
    note: &'a grolman::Note,
}

/// The whole tree and the node played from.
#[derive(Serialize)]
struct TreeJs<'a> {
    current: grolman::NodeId,
    nodes: Vec<NodeJs<'a>>,
}

/// A variant as the page offers it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct VariantJs {
    name: &'static str,
    display_name: &'static str,
    aliases: &'static [&'static str],
    /// The condition a problem diagram names (none for orthodox chess, which is no condition).
    condition: Option<&'static str>,
}

/// A game under one rule set.
#[wasm_bindgen]
pub struct Game {
    inner: grolman::Game,
}

#[wasm_bindgen]
impl Game {
    /// A game of `variant` from `fen` (the standard start when missing or empty). `kingless`
    /// (may be undefined): the sides that `fen` may have without a king, `"w"`, `"b"` or
    /// `"wb"`, as a problem's report names them (`Option NoWk` / `NoBk`); without it both
    /// kings are needed.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, fen: Option<String>, kingless: Option<String>) -> Result<Game, Fail> {
        let variant = parse_variant(variant)?;
        let inner = match fen.as_deref().filter(|f| !f.trim().is_empty()) {
            Some(f) => grolman::Game::from_position(
                variant.into(),
                Position::from_fen_with(f, kingless_of(kingless)?)?,
            ),
            None => grolman::Game::new(variant, None)?,
        };
        Ok(Game { inner })
    }

    /// The sides the game's start has without a king (`"w"`, `"b"`, `"wb"`; `""` in a game):
    /// what the game is opened again with.
    pub fn kingless(&self) -> String {
        self.inner.start_position().kingless().letters()
    }

    pub fn variant(&self) -> String {
        self.inner.variant().name().to_string()
    }

    pub fn fen(&self) -> String {
        self.inner.position().fen()
    }

    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen(&self) -> String {
        self.inner.start_position().fen()
    }

    /// `[{square, color, role}]` of the current position.
    pub fn pieces(&self) -> Result<JsValue, Fail> {
        to_js(&pieces(self.inner.position()))
    }

    #[wasm_bindgen(js_name = turnColor)]
    pub fn turn_color(&self) -> String {
        self.inner.position().turn().name().to_string()
    }

    /// Every legal turn of the current position, with code, notation, events and FEN after.
    pub fn turns(&self) -> Result<JsValue, Fail> {
        Ok(turns_js::turns_to_js(self.inner.legal_turns().iter()).into())
    }

    /// `[{from, to}]`: the leading moves that start a legal turn, one entry per from/to pair
    /// (promotion choices are asked by `choices`). Much lighter than `turns` when a Tatarstan
    /// position has thousands of turns.
    pub fn leads(&self) -> Result<JsValue, Fail> {
        let mover = self.inner.position().turn();
        let mut pairs: Vec<LeadJs> = Vec::new();
        for lead in self.inner.leading_moves() {
            let rook = match lead.kind {
                LeadKind::Castle(side) => Some(Castling::squares(mover, side).1),
                _ => None,
            };
            let pair = LeadJs {
                from: lead.from,
                to: lead.to,
                rook,
            };
            if !pairs.contains(&pair) {
                pairs.push(pair);
            }
        }
        to_js(&pairs)
    }

    /// The legal turns led from `from` to `to` (squares like "e2"), as `turns` gives them.
    #[wasm_bindgen(js_name = turnsLedBy)]
    pub fn turns_led_by(&self, from: &str, to: &str) -> Result<JsValue, Fail> {
        let square =
            |s: &str| grolman::Square::parse(s).ok_or_else(|| FacadeError::NotASquare(s.to_string()));
        let turns = self.inner.turns_led_by(square(from)?, square(to)?);
        Ok(turns_js::turns_to_js(turns.iter()).into())
    }

    /// The open choice of a partly entered turn.
    pub fn choices(&self, prefix: &str) -> Result<JsValue, Fail> {
        to_js(&self.inner.choices(prefix)?)
    }

    /// Plays a turn code (forced-chain prefixes accepted); returns the turn played, with its
    /// move number and side.
    pub fn play(&mut self, code: &str) -> Result<JsValue, Fail> {
        let (move_number, color) = (self.inner.position().fullmoves(), self.inner.position().turn());
        let turn = self.inner.play(code)?;
        let outcome = self.inner.outcome();
        Ok(played_to_js(&[Played {
            turn: &turn,
            move_number,
            color,
            outcome,
        }])
        .get(0))
    }

    /// Takes back the last turn; returns it, or `undefined` at the start.
    pub fn undo(&mut self) -> Result<JsValue, Fail> {
        match self.inner.undo() {
            Some(t) => Ok(played_to_js(&[played(self.inner.position(), &t, None)]).get(0)),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// The turns from the start to the current node, each with its move number and side; the
    /// last one with the game's outcome if it ended the game.
    pub fn history(&self) -> Result<JsValue, Fail> {
        let mut before = self.inner.start_position();
        let turns = self.inner.history();
        let mut out = Vec::with_capacity(turns.len());
        for (i, &turn) in turns.iter().enumerate() {
            let outcome = if i + 1 == turns.len() {
                self.inner.outcome()
            } else {
                None
            };
            out.push(played(before, turn, outcome));
            before = &turn.after;
        }
        Ok(played_to_js(&out).into())
    }

    pub fn ply(&self) -> usize {
        self.inner.history().len()
    }

    /// `{current, nodes: [{id, parent, children, turn, note: {comment, nags, shapes}}]}`: every
    /// node of the tree of turns (node 0 is the start, its `turn` null; every other `turn` as
    /// `history()` gives it, without `outcome`), and the node played from.
    pub fn tree(&self) -> Result<JsValue, Fail> {
        let tree = self.inner.tree();
        let nodes = (0..tree.len())
            .map(|id| NodeJs {
                id,
                parent: tree.parent(id),
                children: tree.children(id),
                turn: (),
                note: tree.note(id),
            })
            .collect();
        let out = to_js(&TreeJs {
            current: self.inner.current(),
            nodes,
        })?;
        // Every node but the start has a turn, played from its parent's position.
        let (ids, turns): (Vec<u32>, Vec<Played>) = (0..tree.len())
            .filter_map(|id| {
                let turn = tree.turn(id)?;
                let parent = tree.parent(id).unwrap_or(grolman::Tree::ROOT);
                Some((id as u32, played(self.inner.position_at(parent), turn, None)))
            })
            .unzip();
        let nodes = js_sys::Reflect::get(&out, &JsValue::from_str("nodes"))
            .map_err(|_| FacadeError::Internal("the tree has no nodes".into()))?;
        let nodes: &js_sys::Array = nodes.unchecked_ref();
        for (id, turn) in ids.into_iter().zip(played_to_js(&turns).iter()) {
            turns_js::set(&nodes.get(id), "turn", &turn);
        }
        Ok(out)
    }

    /// The node played from.
    pub fn current(&self) -> usize {
        self.inner.current()
    }

    /// Makes node `id` the one played from: a turn played there follows its line, or starts a
    /// side line.
    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to(&mut self, id: usize) -> Result<(), Fail> {
        Ok(self.inner.go_to(id)?)
    }

    /// Moves the side line through `id` one place up where it branches off; false when it is
    /// the main line already.
    pub fn promote(&mut self, id: usize) -> Result<bool, Fail> {
        Ok(self.inner.promote(id)?)
    }

    /// Removes the turn at `id` and every turn after it (node ids after it change).
    #[wasm_bindgen(js_name = deleteLine)]
    pub fn delete_line(&mut self, id: usize) -> Result<(), Fail> {
        Ok(self.inner.delete_line(id)?)
    }

    /// Sets the note of node `id`: `{comment, nags: [n], shapes: [{color, from, to}]}` (colour
    /// green, red, yellow or blue; `from == to` circles a square).
    #[wasm_bindgen(js_name = setNote)]
    pub fn set_note(&mut self, id: usize, note: JsValue) -> Result<(), Fail> {
        let note = note::read(&note)
            .map_err(|detail| Fail::from(FacadeError::BadObject { what: "note", detail }))?;
        Ok(self.inner.set_note(id, note)?)
    }

    /// The turn codes of the main line.
    #[wasm_bindgen(js_name = mainLine)]
    pub fn main_line(&self) -> Vec<String> {
        self.inner.main_line().iter().map(|t| t.code.clone()).collect()
    }

    /// The whole tree in turn codes, side lines in parentheses and notes in braces (`""`
    /// when it is the bare main line: then `mainLine()` says it all).
    #[wasm_bindgen(js_name = treeCodes)]
    pub fn tree_codes(&self) -> String {
        let tree = self.inner.tree();
        let bare = (0..tree.len()).all(|id| tree.children(id).len() <= 1 && tree.note(id).is_empty());
        if bare {
            String::new()
        } else {
            self.inner.tree_codes()
        }
    }

    /// Reads a tree written by `treeCodes()` from the current node; the game then goes on from
    /// the end of the main line. Throws naming the token; the turns before it stay.
    #[wasm_bindgen(js_name = readTreeCodes)]
    pub fn read_tree_codes(&mut self, text: &str) -> Result<(), Fail> {
        Ok(self.inner.read_tree_codes(text)?)
    }

    /// `{state, check, checkSquare, turn, moveNumber, result, message}`.
    pub fn status(&self) -> Result<JsValue, Fail> {
        let s = self.inner.status();
        let pos = self.inner.position();
        to_js(&StatusJs {
            state: s.outcome.map_or("ongoing", Outcome::name),
            check: s.check,
            check_square: if s.check {
                pos.board().king_of(s.turn)
            } else {
                None
            },
            turn: s.turn,
            move_number: pos.fullmoves(),
            result: s.outcome.map_or("*", Outcome::result),
            message: s.outcome.map_or(String::new(), |o| o.to_string()),
        })
    }

    /// The perft count of the current position (engine package only: perft's own counter is
    /// kept out of the page's wasm).
    #[cfg(feature = "engine")]
    pub fn perft(&self, depth: u32) -> Result<f64, Fail> {
        check_depth(depth)?;
        Ok(grolman::fast_perft(self.inner.position(), self.inner.rules(), depth) as f64)
    }
}

#[cfg(feature = "engine")]
fn check_depth(depth: u32) -> Result<(), Fail> {
    if depth > 8 {
        return Err(FacadeError::PerftDepth { most: 8 }.into());
    }
    Ok(())
}

/// `[{square, color, role}]` of any FEN (`kingless` as in `new Game`: a problem's).
#[wasm_bindgen(js_name = piecesOf)]
pub fn pieces_of(fen: &str, kingless: Option<String>) -> Result<JsValue, Fail> {
    let pos = Position::from_fen_with(fen, kingless_of(kingless)?)?;
    to_js(&pieces(&pos))
}

/// The perft count of `fen` under `variant`.
#[cfg(feature = "engine")]
#[wasm_bindgen]
pub fn perft(variant: &str, fen: &str, depth: u32) -> Result<f64, Fail> {
    check_depth(depth)?;
    let rules = parse_variant(variant)?.into();
    let pos = Position::from_fen(fen)?;
    Ok(grolman::fast_perft(&pos, rules, depth) as f64)
}

/// The FEN of `fen` with the other side to move (no en passant square): the position of a
/// threat (after the key) or of set play (the diagram, the defender first). Throws when the
/// side to move is in check, which may not pass.
/// `kingless` as in `new Game`.
#[wasm_bindgen(js_name = passFen)]
pub fn pass_fen(fen: &str, kingless: Option<String>) -> Result<String, Fail> {
    let pos = Position::from_fen_with(fen, kingless_of(kingless)?)?;
    Ok(pos.passed()?.fen())
}

/// Every legal turn of `fen` under `variant` (for boards that hold no game).
#[wasm_bindgen(js_name = turnsOf)]
pub fn turns_of(variant: &str, fen: &str) -> Result<JsValue, Fail> {
    let rules = parse_variant(variant)?.into();
    let pos = Position::from_fen(fen)?;
    Ok(turns_js::turns_to_js(notation::legal_turns(&pos, rules).iter()).into())
}

/// Literature notation (one turn, or a line of numbered turns) with `letters` for the English
/// piece letters: five letters separated by spaces, king, queen, rook, bishop, knight
/// (`"Кр Ф Л С К"`, `"♔ ♕ ♖ ♗ ♘"`). The page shows turns so; PGN, codes and links stay English.
#[wasm_bindgen(js_name = notationIn)]
pub fn notation_in(text: &str, letters: &str) -> Result<String, Fail> {
    let letters = notation::letters::Letters::parse(letters).map_err(|e| FacadeError::BadObject {
        what: "piece letters",
        detail: e.to_string(),
    })?;
    Ok(notation::letters::relabel(text, &letters))
}

/// `[{name, displayName, aliases, condition}]`: every variant, in the order the page offers them.
#[wasm_bindgen]
pub fn variants() -> Result<JsValue, Fail> {
    let offered = [Variant::Grolman, Variant::Tatarstan, Variant::Orthodox];
    let list: Vec<VariantJs> = offered
        .into_iter()
        .map(|v| VariantJs {
            name: v.name(),
            display_name: v.display_name(),
            aliases: v.aliases(),
            condition: v.has_chain().then(|| v.display_name()),
        })
        .collect();
    to_js(&list)
}

#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

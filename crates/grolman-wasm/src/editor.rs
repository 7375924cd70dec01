//! The board editor's questions (web/edit/): `setupOf(fen)` reads any FEN that parses, legal or
//! not, into units and fields; `examineSetup(setup)` writes the FEN of an edited setup and says
//! what the crate says of it: which castling rights and en passant squares the placement
//! allows, and why the position is not legal yet. The editor decides none of this itself.
//! An extra: the editor's package is `pkg/extras/`.

use grolman::{Board, Castling, Color, Piece, Position, Role, Setup, Square};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::{from_js, to_js, FacadeError, Fail};

#[derive(Serialize, Deserialize)]
struct Unit {
    square: Square,
    color: Color,
    role: Role,
}

/// A setup as the editor holds it: the FEN fields, the placement as units.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SetupJs {
    pieces: Vec<Unit>,
    turn: Color,
    /// The FEN castling field (`"KQkq"`, `"-"` or `""` for none).
    #[serde(default)]
    castling: String,
    #[serde(default)]
    en_passant: Option<Square>,
    #[serde(default)]
    halfmoves: u32,
    #[serde(default = "one")]
    fullmoves: u32,
}

const fn one() -> u32 {
    1
}

impl SetupJs {
    fn of(setup: &Setup) -> SetupJs {
        SetupJs {
            pieces: setup
                .board
                .pieces()
                .map(|(square, p)| Unit {
                    square,
                    color: p.color,
                    role: p.role,
                })
                .collect(),
            turn: setup.turn,
            castling: setup.castling.to_string(),
            en_passant: setup.ep,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Examined {
    /// The FEN of the setup with the rights the placement does not allow dropped.
    fen: String,
    setup: SetupJs,
    /// Why the position is not legal (the crate's message), or null when it is.
    error: Option<grolman::ErrorData>,
    /// The castling rights the placement allows, as a FEN field (`"-"` when none).
    possible_castling: String,
    /// The squares the placement allows as the en passant square.
    possible_en_passant: Vec<Square>,
}

/// The units and fields of any FEN that parses, even when the position is not legal (no king,
/// a pawn on a back rank): `{ pieces, turn, castling, enPassant, halfmoves, fullmoves }`.
/// Throws the reader's message when the FEN does not parse.
#[wasm_bindgen(js_name = setupOf)]
pub fn setup_of(fen: &str) -> Result<JsValue, Fail> {
    let setup = Setup::from_fen(fen)?;
    to_js(&SetupJs::of(&setup))
}

/// `{ fen, setup, error, possibleCastling, possibleEnPassant }` of an edited setup (the shape
/// `setupOf` returns). Castling rights and an en passant square the placement does not allow
/// are dropped, so that moving a rook off its square ends its right. Throws on a malformed
/// setup (two units on one square, a bad castling letter).
#[wasm_bindgen(js_name = examineSetup)]
pub fn examine_setup(setup: JsValue) -> Result<JsValue, Fail> {
    let js: SetupJs = from_js(setup, "setup")?;
    let mut board = Board::empty();
    for unit in &js.pieces {
        if board.piece_at(unit.square).is_some() {
            return Err(FacadeError::TwoUnits(unit.square).into());
        }
        board.put(unit.square, Piece::new(unit.color, unit.role));
    }
    // The castling field is read by the FEN reader, with its messages.
    let field = if js.castling.is_empty() { "-" } else { &js.castling };
    let castling = Setup::from_fen(&format!("8/8/8/8/8/8/8/8 w {field} - 0 1"))?.castling;
    let mut setup = Setup {
        board,
        turn: js.turn,
        castling,
        ep: js.en_passant,
        halfmoves: js.halfmoves,
        fullmoves: js.fullmoves.max(1),
    };
    let possible = setup.possible_castling();
    let possible_ep = setup.possible_en_passant();
    setup.castling = Castling(setup.castling.0 & possible.0);
    setup.ep = setup.ep.filter(|sq| possible_ep.contains(sq));
    let error = Position::from_setup(setup.clone())
        .err()
        .map(|e| grolman::Coded::data(&e));
    to_js(&Examined {
        fen: setup.to_string(),
        setup: SetupJs::of(&setup),
        error,
        possible_castling: possible.to_string(),
        possible_en_passant: possible_ep,
    })
}

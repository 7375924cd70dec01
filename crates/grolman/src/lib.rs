//! The rules of orthodox chess and of L. V. Grolman's fairy-chess variants: Grolman chess
//! ("follow the leader") and Tatarstan chess (Grolman chess with transformation by defence).
//!
//! ```
//! use grolman::{Game, Variant};
//! let mut game = Game::new(Variant::Grolman, None).unwrap();
//! let turn = game.play("e2e4").unwrap();
//! assert_eq!(turn.notation, "e4 (Ng1-e2, Rh1-g1)");
//! assert_eq!(game.position().fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPNPPP/RNBQKBR1 b Qkq e3 0 1");
//! ```
//!
//! Every turn comes with the ordered list of [`Event`]s that produced it, so a board can replay
//! and explain each step of a cascade.

mod ascii;
mod attacks;
mod bitboard;
mod board;
mod chain;
mod checks;
pub mod coded;
mod entry;
mod game;
mod king_followed;
mod lead_filter;
mod movegen;
pub mod notation;
mod perft;
mod position;
pub mod random;
mod setup;
mod slice;
mod step;
mod transform;
mod tree;
mod turn;
mod turn_error;
mod turns;
mod types;
mod variant;
mod zobrist;

pub use attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
pub use bitboard::Bitboard;
pub use board::Board;
pub use chain::first_followers;
pub use checks::{Behind, CheckFilter};
pub use coded::{Coded, ErrorData, Fact, Facts};
pub use entry::{choices_at, open_choices, Choice, ChoiceKind, ChoiceOption, Choices};
pub use game::{dead_material, Game, GameError, Outcome, Status};
pub use king_followed::{king_followed, king_followed_past};
pub use lead_filter::{LeadFilter, TurnGoal};
pub use movegen::{for_each_lead_of, leads, leads_from, leads_of, Lead, LeadKind, LeadSet};
#[cfg(not(target_arch = "wasm32"))]
pub use perft::perft_parallel;
pub use perft::{fast_perft, perft};
pub use position::{Castling, CastlingSide, FenError, Kingless, Position, SetupError, START_FEN};
pub use setup::{FenField, ParseFenError, Setup};
pub use transform::stages_ahead;
pub use tree::{NodeId, Note, Shape, ShapeColor, Tree};
pub use turn::{
    write_code, Candidate, Capture, CastleRook, Event, FollowReason, OwnerPromotion, Right, Step, StepToken,
    Turn, TurnCode,
};
pub use turn_error::{
    AmbiguousTurnError, IllegalTurnError, IllegalTurnKind, ParseTurnError, ParseTurnErrorKind, TurnError,
};
pub use turns::{
    count_turns, find_by_code, find_turn, for_each_checking_turn_of, for_each_turn, for_each_turn_of,
    for_each_turn_of_judged, for_each_turn_where, has_legal_turn, play_chainless, Visit,
};
pub use types::{Color, Piece, Role, Square};
pub use variant::{Options, ParseVariantError, Rules, Variant};

//! Turns as people and programs write them: literature notation (docs/rules.md 4.1), turn codes
//! (4.2) and PGN (4.3), with the
//! movetext they share with the page's tree of turns.

pub mod letters;
mod lexer;
pub mod literature;
pub mod movetext;
pub mod pgn;

pub use crate::turns::{leading_moves, legal_turns, legal_turns_judged, legal_turns_where};

//! Any text given as literature notation, in the start position (all rule sets), a Grolman
//! castling position and a Tatarstan position with owner choices: an error with a lower-case
//! message, or a legal turn.
#![no_main]

use std::sync::OnceLock;

use grolman::notation::{self, literature};
use grolman::{Position, Turn};
use libfuzzer_sys::fuzz_target;

mod common;
use common::{lower_case, POSITIONS};

fn positions() -> &'static [(Position, Vec<Turn>)] {
    static TURNS: OnceLock<Vec<(Position, Vec<Turn>)>> = OnceLock::new();
    TURNS.get_or_init(|| {
        POSITIONS
            .iter()
            .map(|(v, fen)| {
                let pos = Position::from_fen(fen).unwrap();
                let turns = notation::legal_turns(&pos, (*v).into());
                (pos, turns)
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(e) = literature::parse(text) {
        lower_case(e.to_string());
        return;
    }
    for (pos, turns) in positions() {
        match literature::find(pos, turns, text) {
            Ok(turn) => assert!(turns.iter().any(|t| t.code == turn.code)),
            Err(e) => lower_case(e.to_string()),
        }
    }
});

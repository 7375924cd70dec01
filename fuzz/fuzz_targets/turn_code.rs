//! Any text given as a turn code, in the start position (all rule sets), a Grolman castling
//! position and a Tatarstan position with owner choices: an error with a lower-case message,
//! or a legal turn whose own code it prefixes.
#![no_main]

use std::sync::OnceLock;

use grolman::notation;
use grolman::{Position, Turn, TurnCode};
use libfuzzer_sys::fuzz_target;

mod common;
use common::{lower_case, POSITIONS};

fn positions() -> &'static [Vec<Turn>] {
    static TURNS: OnceLock<Vec<Vec<Turn>>> = OnceLock::new();
    TURNS.get_or_init(|| {
        POSITIONS
            .iter()
            .map(|(v, fen)| notation::legal_turns(&Position::from_fen(fen).unwrap(), (*v).into()))
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(e) = TurnCode::parse(text) {
        lower_case(e.to_string());
    }
    for turns in positions() {
        match grolman::find_by_code(turns, text) {
            Ok(turn) => assert!(TurnCode::parse(text)
                .unwrap()
                .matches(&turn.steps, &turn.owner_promotions)),
            Err(e) => lower_case(e.to_string()),
        }
        if let Err(e) = grolman::open_choices(turns, text) {
            lower_case(e.to_string());
        }
    }
});

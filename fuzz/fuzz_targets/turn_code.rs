//! Any text given as a turn code, in the start position (all rule sets), a Grolman castling
//! position and a Tatarstan position with owner choices: an error with a lower-case message,
//! or a legal turn whose own code it prefixes.
#![no_main]

use std::sync::OnceLock;

use grolman::notation::{self, choices};
use grolman::{Position, Turn, TurnCode, Variant};
use libfuzzer_sys::fuzz_target;

fn positions() -> &'static [Vec<Turn>] {
    static TURNS: OnceLock<Vec<Vec<Turn>>> = OnceLock::new();
    TURNS.get_or_init(|| {
        let fixed = [
            (Variant::Orthodox, grolman::START_FEN),
            (Variant::Grolman, grolman::START_FEN),
            (Variant::Tatarstan, grolman::START_FEN),
            (
                Variant::Grolman,
                "r3k2r/pppq1pbp/2npbnp1/4p3/4P3/2NPBNP1/PPPQ1PBP/R3K2R w KQkq - 0 1",
            ),
            (Variant::Tatarstan, "4k3/8/8/8/8/8/1p6/n3K3 w - - 0 1"),
            (Variant::Grolman, "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"),
        ];
        fixed
            .iter()
            .map(|(v, fen)| notation::legal_turns(&Position::from_fen(fen).unwrap(), (*v).into()))
            .collect()
    })
}

fn lower_case(msg: String) {
    assert!(msg.starts_with(|c: char| c.is_ascii_lowercase()), "{msg}");
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(e) = TurnCode::parse(text) {
        lower_case(e.to_string());
    }
    for turns in positions() {
        match notation::find_by_code(turns, text) {
            Ok(turn) => assert!(TurnCode::parse(text)
                .unwrap()
                .matches(&turn.steps, &turn.owner_promotions)),
            Err(e) => lower_case(e.to_string()),
        }
        if let Err(e) = choices::open_choices(turns, text) {
            lower_case(e.to_string());
        }
    }
});

//! Any text given as a FEN: an error with a message naming the field, or a position that
//! writes back to the same FEN and whose turns can be generated in every rule set.
#![no_main]

use grolman::{perft, Position, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Position::from_fen(text) {
        Ok(pos) => {
            let fen = pos.fen();
            let again = Position::from_fen(&fen).expect("a written FEN reads back");
            assert_eq!(again, pos);
            assert_eq!(again.fen(), fen);
            for variant in Variant::ALL {
                perft(&pos, variant.into(), 1);
            }
        }
        Err(e) => {
            let msg = e.to_string();
            assert!(msg.starts_with(|c: char| c.is_ascii_lowercase()), "{msg}");
        }
    }
});

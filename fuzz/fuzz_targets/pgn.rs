//! Any text given as PGN: an error with a lower-case message, or a game that writes back to
//! PGN and reads again to the same positions.
#![no_main]

use grolman::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Game::from_pgn(text) {
        Ok(game) => {
            let pgn = game.pgn();
            let again = Game::from_pgn(&pgn).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
            let fens = |g: &Game| g.history().iter().map(|t| t.fen.clone()).collect::<Vec<_>>();
            assert_eq!(fens(&again), fens(&game), "{pgn}");
            assert_eq!(again.start_position(), game.start_position());
        }
        Err(e) => {
            let msg = e.to_string();
            assert!(msg.starts_with(|c: char| c.is_ascii_lowercase()), "{msg}");
        }
    }
});

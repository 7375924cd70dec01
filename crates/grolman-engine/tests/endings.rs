//! Won endings played out to mate by the engine on both sides, as a match plays them: a search
//! of a few turns sees no mate from far, so the evaluation must lead the stronger side there
//! (eval.rs, `mop_up`) before the fifty-move rule ends the game.

use grolman::{Color, Game, Outcome, Position, Rules, Variant};
use grolman_engine::{native_clock, pv_turns, Engine, Limits};

/// Plays `fen` with an engine for each side at `depth` until the game ends; the outcome.
fn self_play(rules: Rules, fen: &str, depth: u32) -> Outcome {
    let mut game = Game::from_position(rules, Position::from_fen(fen).unwrap());
    let mut engines = [Color::White, Color::Black].map(|_| Engine::with_table(rules, native_clock(), 4));
    loop {
        if let Some(outcome) = game.outcome() {
            return outcome;
        }
        let mut keys: Vec<u64> = vec![game.start_position().key()];
        keys.extend(game.history().iter().map(|t| t.after.key()));
        keys.pop();
        let pos = game.position().clone();
        let engine = &mut engines[usize::from(pos.turn() == Color::Black)];
        engine.set_game_history(&keys);
        let info = engine.search(&pos, &Limits::depth(depth), &mut |_| {}).unwrap();
        let turn = pv_turns(&pos, rules, &info.pv[..1]).pop().unwrap();
        game.play(&turn.code).unwrap();
    }
}

#[test]
fn a_rook_up_the_tatarstan_engine_mates_a_lone_king_before_the_fifty_move_rule() {
    // Ends of fixed-depth Tatarstan matches that were drawn by the fifty-move rule: king and
    // rook against king, the rook safe, either side stronger.
    for (fen, winner) in [
        ("8/3k4/8/8/8/8/8/K1r5 w - - 0 1", Color::Black),
        ("8/8/8/8/6K1/8/1k6/4R3 b - - 0 1", Color::White),
        ("8/8/k7/8/8/8/8/1K2r3 w - - 0 1", Color::Black),
        ("8/8/1k6/8/8/8/1K6/3r4 w - - 0 1", Color::Black),
    ] {
        let outcome = self_play(Variant::Tatarstan.into(), fen, 3);
        assert_eq!(outcome, Outcome::Checkmate { winner }, "{fen}");
    }
}

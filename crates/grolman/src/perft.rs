//! Counting turns to a fixed depth: the standard check of a move generator.

use crate::legal::{count_turns, for_each_turn};
use crate::position::Position;
use crate::variant::Rules;

/// The number of turn sequences of length `depth` from `pos` (every tie, promotion and owner
/// choice counted as its own turn).
///
/// ```
/// use grolman::{perft, Position, Variant};
/// assert_eq!(perft(&Position::start(), Variant::Grolman.into(), 2), 400);
/// ```
pub fn perft(pos: &Position, rules: Rules, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_turns(pos, rules),
        _ => {
            let mut n = 0;
            for_each_turn(pos, rules, false, &mut |v| {
                n += perft(v.after, rules, depth - 1);
                false
            });
            n
        }
    }
}

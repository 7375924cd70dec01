//! Counting turns to a fixed depth: the standard check of a move generator.
//!
//! [`perft`] is the reference: it plays every turn with the general generator that the board,
//! the engine and the solver use, so a change to a rule shows in its counts. [`fast_perft`]
//! counts the same with the fast counters of [`fast`] (one per variant), which
//! the golden counts of `tests/data` check against the reference.

use crate::position::Position;
use crate::turns::{count_turns, for_each_turn};
use crate::variant::Rules;

mod fast;

pub(crate) use fast::tatarstan_has_legal_turn;

/// The number of turn sequences of length `depth` from `pos` (every tie, promotion and owner
/// choice counted as its own turn), by the general generator.
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
            for_each_turn(pos, rules, false, &mut |turn| {
                n += perft(turn.after, rules, depth - 1);
                false
            });
            n
        }
    }
}

/// [`perft`] by the fast counters of each variant (many times faster).
///
/// ```
/// use grolman::{fast_perft, perft, Position, Variant};
/// let pos = Position::start();
/// assert_eq!(fast_perft(&pos, Variant::Grolman.into(), 3), perft(&pos, Variant::Grolman.into(), 3));
/// ```
pub fn fast_perft(pos: &Position, rules: Rules, depth: u32) -> u64 {
    fast::perft(pos, rules, depth)
}

/// [`fast_perft`] with the turns of the root shared among `threads` threads.
///
/// # Panics
/// Only if [`fast_perft`] itself panics in a worker (a bug).
///
/// ```
/// use grolman::{fast_perft, perft_parallel, Position, Variant};
/// let pos = Position::start();
/// assert_eq!(perft_parallel(&pos, Variant::Orthodox.into(), 3, 2), fast_perft(&pos, Variant::Orthodox.into(), 3));
/// ```
#[cfg(not(target_arch = "wasm32"))]
pub fn perft_parallel(pos: &Position, rules: Rules, depth: u32, threads: usize) -> u64 {
    if depth < 2 || threads < 2 {
        return fast_perft(pos, rules, depth);
    }
    let mut children = Vec::new();
    for_each_turn(pos, rules, false, &mut |v| {
        children.push(v.after.clone());
        false
    });
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut n = 0;
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(child) = children.get(i) else { return n };
                        n += fast_perft(child, rules, depth - 1);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a perft worker panicked"))
            .sum()
    })
}

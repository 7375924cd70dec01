//! Counting turns to a fixed depth: the standard check of a move generator.

use crate::position::Position;
use crate::turns::{count_turns, for_each_turn};
use crate::variant::{Rules, Variant};

mod count;
mod inner;

use inner::grolman;

/// The number of turn sequences of length `depth` from `pos` (every tie, promotion and owner
/// choice counted as its own turn).
///
/// ```
/// use grolman::{perft, Position, Variant};
/// assert_eq!(perft(&Position::start(), Variant::Grolman.into(), 2), 400);
/// ```
pub fn perft(pos: &Position, rules: Rules, depth: u32) -> u64 {
    match (rules.variant, depth) {
        (_, 0) => 1,
        (Variant::Orthodox, _) => crate::orthodox::perft(pos, depth),
        (Variant::Grolman, _) => grolman(&mut pos.clone(), rules, depth, &mut count::Scratch::default()),
        (_, 1) => count_turns(pos, rules),
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

/// [`perft`] with the turns of the root shared among `threads` threads.
///
/// # Panics
/// Only if [`perft`] itself panics in a worker (a bug).
///
/// ```
/// use grolman::{perft, perft_parallel, Position, Variant};
/// let pos = Position::start();
/// assert_eq!(perft_parallel(&pos, Variant::Orthodox.into(), 3, 2), perft(&pos, Variant::Orthodox.into(), 3));
/// ```
#[cfg(not(target_arch = "wasm32"))]
pub fn perft_parallel(pos: &Position, rules: Rules, depth: u32, threads: usize) -> u64 {
    if depth < 2 || threads < 2 {
        return perft(pos, rules, depth);
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
                        n += perft(child, rules, depth - 1);
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

#[cfg(test)]
mod tests {
    use super::count::count_grolman;
    use super::*;

    /// The positions of the perft suite, and seven more: a pinned unit that leads, castling
    /// rights with a queen in the middle, a pawn that promotes as a follower, two about
    /// castling rights and castling followers, and two where a chain may end by emptying a
    /// pinned unit's square.
    fn positions() -> Vec<&'static str> {
        let suite = include_str!("../../../../tests/data/perft.txt");
        let mut fens: Vec<&str> = suite.lines().filter_map(|l| l.strip_prefix("fen ")).collect();
        fens.extend([
            "4r1k1/8/8/8/8/8/4N3/4KB2 w - - 0 1",
            "r3k2r/8/8/8/3q4/8/8/R3K2R w KQkq - 0 1",
            "1R6/1P6/7k/8/8/8/8/K7 w - - 0 1",
            // A leader may take a rook on its first square, and with it a castling right.
            "r3k2r/8/8/8/8/8/1B6/4K3 w kq - 0 1",
            // Black's knight leaving a3 lets the queen follow the castling rook, and then
            // either knight follow the queen.
            "7k/8/8/2N5/Q7/n1N5/1PP5/R3K3 b Q - 0 1",
            // The rook leaving g4 is followed by either knight; behind the one from e5 the
            // pinned bishop follows, and its square stays empty.
            "k7/8/8/b3N3/6R1/2B1N3/8/4K3 w - - 0 1",
            // The bishop leaving e4 is followed by the pinned knight, and the knight by the
            // rook, unless the bishop lands on c2 across the rook's line (or cannot, with
            // Black's rook on d3).
            "7k/3r4/8/b7/4B3/2N5/8/2R1K3 b - - 0 1",
        ]);
        fens.sort_unstable();
        fens.dedup();
        fens
    }

    /// Grolman with castling allowed (the default) and forbidden.
    fn both_castling_rules() -> [Rules; 2] {
        [
            Rules::new(Variant::Grolman),
            Rules {
                options: crate::Options { castling: false },
                ..Rules::new(Variant::Grolman)
            },
        ]
    }

    /// The fast counter against the general generator, on every position of small trees grown
    /// from positions with pins, checks, castling, en passant and promotions.
    #[test]
    fn counter_agrees_with_the_generator() {
        // One scratch for all, so that chains kept from one position are offered to the next
        // (tree order: siblings, but also a parent after its last child).
        fn walk(pos: &Position, rules: Rules, depth: u32, scratch: &mut count::Scratch, seen: &mut u32) {
            assert_eq!(
                count_grolman(pos, rules, scratch),
                count_turns(pos, rules),
                "{}",
                pos.fen()
            );
            *seen += 1;
            if depth > 0 {
                for_each_turn(pos, rules, false, &mut |v| {
                    walk(v.after, rules, depth - 1, scratch, seen);
                    false
                });
            }
        }
        let mut seen = 0;
        let mut scratch = count::Scratch::default();
        for fen in positions() {
            let pos = Position::from_fen(fen).expect("fen");
            for rules in both_castling_rules() {
                walk(&pos, rules, 2, &mut scratch, &mut seen);
            }
        }
        assert!(seen > 10_000, "{seen} positions");
    }

    /// The in-place inner plies, and the last two plies played from kept chains, against the
    /// general generator, three plies deep.
    #[test]
    fn inner_plies_agree_with_the_generator() {
        fn slow(pos: &Position, rules: Rules, depth: u32) -> u64 {
            if depth == 1 {
                return count_turns(pos, rules);
            }
            let mut n = 0;
            for_each_turn(pos, rules, false, &mut |v| {
                n += slow(v.after, rules, depth - 1);
                false
            });
            n
        }
        for fen in positions() {
            let pos = Position::from_fen(fen).expect("fen");
            for rules in both_castling_rules() {
                for depth in [2, 3] {
                    assert_eq!(perft(&pos, rules, depth), slow(&pos, rules, depth), "{fen}");
                }
            }
        }
    }
}

//! The pruned solver (mate bounds, bounded table) against the exhaustive one on random
//! positions in all three rule sets: the same solutions, line for line, short solutions of
//! helpmates included. A few dozen positions
//! per rule set and stipulation here; `GROLMAN_RANDOM_PROBLEMS=n` asks for n each (in a
//! release build: `cargo test --release -p grolman-engine --test pruned`).

use grolman::random::{position_of, Xorshift};
use grolman::{Board, Color, Piece, Position, Role};
use grolman_engine::problem::{parse, solve_twin_with, Method};

/// A legal position: `base` (an empty board if none) with `extra` units added at random (and
/// both kings if `base` has none).
fn random_position(rng: &mut Xorshift, base: Option<&str>, extra: usize, turn: Color) -> Position {
    loop {
        let mut board: Board = base.map_or_else(Board::default, |b| b.parse().unwrap());
        let mut pieces = Vec::new();
        if base.is_none() {
            pieces = vec![
                Piece::new(Color::White, Role::King),
                Piece::new(Color::Black, Role::King),
            ];
        }
        for _ in 0..extra {
            let color = rng.color();
            let role = rng.role();
            pieces.push(Piece::new(color, role));
        }
        for piece in pieces {
            rng.put(&mut board, piece);
        }
        if let Some(pos) = position_of(board, turn) {
            return pos;
        }
    }
}

fn count() -> usize {
    std::env::var("GROLMAN_RANDOM_PROBLEMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8)
}

fn same_solutions(variant: &str, stipulation: &str, extra: usize, seed: u64) {
    let solved = same_solutions_around(variant, None, stipulation, extra, seed);
    // The positions must exercise the solver, not only its "no solution".
    assert!(solved > 0, "{variant} {stipulation}: no position had a solution");
}

/// As [`same_solutions`] on positions made from `base` (a FEN placement) by adding units;
/// returns how many had solutions.
fn same_solutions_around(
    variant: &str,
    base: Option<&str>,
    stipulation: &str,
    extra: usize,
    seed: u64,
) -> usize {
    let mut rng = Xorshift(seed);
    // In a helpmate of whole moves the side to be mated moves first.
    let turn = if stipulation.starts_with("h#") && !stipulation.ends_with(".5") {
        Color::Black
    } else {
        Color::White
    };
    let mut with_solutions = 0;
    for _ in 0..count() {
        let pos = random_position(&mut rng, base, extra, turn);
        let text = format!("{variant} {} {stipulation}", pos.fen());
        let problem = &parse(&text).unwrap()[0];
        let twin = &problem.twins[0];
        // The solutions, and the short solutions of helpmates (mates in fewer moves, which a
        // composer must see as flaws), each set sorted.
        let sorted = |method| {
            let r = solve_twin_with(problem, twin, method, &mut |_| true).unwrap();
            let mut s = r.solutions;
            s.sort();
            let mut short: Vec<Vec<String>> = r
                .short
                .iter()
                .map(|l| l.turns.iter().map(|t| t.code.clone()).collect())
                .collect();
            short.sort();
            (s, short)
        };
        let exhaustive = sorted(Method::Exhaustive);
        assert_eq!(sorted(Method::Pruned), exhaustive, "{text}");
        with_solutions += usize::from(!exhaustive.0.is_empty());
    }
    with_solutions
}

/// Positions where a looser bound went wrong (found by larger random runs), kept so that the
/// quick run sees them.
const SEEN: &[(&str, &str, &str)] = &[
    // The knight h1 blocks a flight in Black's last turn.
    ("grolman", "8/1r4k1/8/8/3Q3K/8/q7/7N b - - 0 1", "h#2"),
];

#[test]
fn pruned_solver_keeps_the_solutions_of_positions_seen_to_need_care() {
    for &(variant, fen, stipulation) in SEEN {
        let text = format!("{variant} {fen} {stipulation}");
        let problem = &parse(&text).unwrap()[0];
        let twin = &problem.twins[0];
        let solutions = |method| {
            solve_twin_with(problem, twin, method, &mut |_| true)
                .unwrap()
                .solutions
        };
        let exhaustive = solutions(Method::Exhaustive);
        assert!(!exhaustive.is_empty(), "{text}");
        assert_eq!(solutions(Method::Pruned), exhaustive, "{text}");
    }
}

#[test]
fn pruned_helpmates_have_the_exhaustive_solutions() {
    for (i, variant) in ["orthodox", "grolman", "tatarstan"].into_iter().enumerate() {
        same_solutions(variant, "h#2", 4, 11 + i as u64);
        same_solutions(variant, "h#1.5", 5, 21 + i as u64);
    }
}

#[test]
fn pruned_direct_mates_have_the_exhaustive_keys() {
    for (i, variant) in ["orthodox", "grolman", "tatarstan"].into_iter().enumerate() {
        same_solutions(variant, "#2", 5, 31 + i as u64);
    }
}

#[test]
fn pruned_selfmates_have_the_exhaustive_keys() {
    // Random selfmates rarely have a key: units are added to a selfmate in one instead (1.Qd4
    // g2#, orthodox; tests/mates.rs).
    let mut solved = 0;
    for (i, variant) in ["orthodox", "grolman", "tatarstan"].into_iter().enumerate() {
        let seed = 41 + 10 * i as u64;
        solved += same_solutions_around(variant, Some("3Q4/8/8/8/8/6pk/8/6BK"), "s#2", 1, seed);
        solved += same_solutions_around(variant, Some("3Q4/8/8/8/8/6pk/8/6BK"), "s#2", 2, seed + 1);
    }
    assert!(solved > 0, "no selfmate had a key");
}

#[test]
fn pruned_orthodox_helpmates_in_three_have_the_exhaustive_solutions() {
    // The mated side's last move judged before it is played, the bound skipped two plies
    // before the mate (problem/near.rs, solve.rs): on h#3, and on h#2 with more units.
    let mut solved = same_solutions_around("orthodox", None, "h#3", 3, 51);
    solved += same_solutions_around("orthodox", None, "h#2", 7, 52);
    assert!(solved > 0, "no orthodox helpmate had a solution");
}

#[test]
fn pruned_orthodox_helpmates_keep_their_solutions_when_the_mating_turn_before_the_last_is_judged_unplayed() {
    // The mating side's turn three half-moves before the mate is played only towards squares
    // from which the bound may still allow a mate (problem/approach.rs): h#2 with more units,
    // and h#2 around a lone white rook and knight against a central king and random units, as
    // in the helpmates of the solver's bench.
    let mut solved = 0;
    for seed in 0..2 {
        solved += same_solutions_around("orthodox", None, "h#2", 5, 61 + seed);
        solved += same_solutions_around("orthodox", Some("8/8/8/3k4/8/8/8/R3K1N1"), "h#2", 3, 71 + seed);
    }
    assert!(solved > 0, "no orthodox helpmate had a solution");
}

#[test]
fn pruned_tatarstan_helpmates_keep_their_solutions_where_a_side_keeps_its_kinds() {
    // The bound with the kinds each side may still have (problem/kinds.rs), and the mating
    // side's last move made as its own kind: around a lone white bishop and knight against a
    // central king, as in the helpmates of the solver's bench (White keeps its kinds while it
    // has no pawn), and around a white pawn a few ranks from promoting.
    let mut solved = 0;
    for seed in 0..2 {
        solved += same_solutions_around("tatarstan", Some("8/8/8/3k4/8/8/8/2B1K1N1"), "h#2", 3, 81 + seed);
        solved += same_solutions_around("tatarstan", Some("8/8/8/3k4/2P5/8/8/4K1N1"), "h#2", 3, 91 + seed);
    }
    assert!(solved > 0, "no Tatarstan helpmate had a solution");
}

#[test]
fn pruned_grolman_helpmates_keep_their_solutions_when_the_mating_turn_has_one_leader() {
    // The bound's mating turn with one leader and the others staying or following
    // (problem/leader.rs), and the mated side's last move judged before its chains are walked
    // (problem/near.rs): h#2 with more units.
    let mut solved = same_solutions_around("grolman", None, "h#2", 6, 101);
    solved += same_solutions_around("grolman", None, "h#2", 8, 102);
    assert!(solved > 0, "no Grolman helpmate had a solution");
}

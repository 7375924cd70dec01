//! Helpmate and selfmate solution sets against a brute force that walks every line with the
//! rules crate alone: none missing, none extra.

use grolman::{for_each_turn, has_legal_turn, write_code, Position, Rules, Variant};
use grolman_engine::problem::{parse, solve};

fn mated(pos: &Position, rules: Rules) -> bool {
    pos.is_check() && !has_legal_turn(pos, rules)
}

/// Every line of exactly `plies` turns that ends in mate, as turn codes.
fn brute_help(pos: &Position, rules: Rules, plies: u32, line: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    if plies == 0 {
        if mated(pos, rules) {
            out.push(line.clone());
        }
        return;
    }
    let mut next = Vec::new();
    for_each_turn(pos, rules, false, &mut |v| {
        next.push((write_code(v.steps, v.owner_promotions), v.after.clone()));
        false
    });
    for (code, after) in next {
        line.push(code);
        brute_help(&after, rules, plies - 1, line, out);
        line.pop();
    }
}

fn solver_set(text: &str) -> Vec<Vec<String>> {
    let problems = parse(text).unwrap();
    let mut all: Vec<Vec<String>> = solve(&problems[0], &mut |_| true)
        .unwrap()
        .into_iter()
        .flat_map(|r| r.solutions)
        .collect();
    all.sort();
    all
}

const HELPMATES: &[(&str, &str, u32)] = &[
    ("orthodox", "8/4k2K/1pB5/3R4/8/8/8/8 b - - 0 1", 4),
    ("orthodox", "7k/8/5K2/8/8/8/8/6R1 b - - 0 1", 4),
    ("grolman", "8/5p2/2R1k3/8/8/1KB5/2P5/8 b - - 0 1", 4),
    ("grolman", "8/8/8/3PK3/6B1/1k6/pR6/8 b - - 0 1", 4),
    ("grolman", "4N1k1/2R5/p7/8/8/8/8/6K1 w - - 0 1", 3),
    ("tatarstan", "8/8/5kR1/8/B3p3/8/2P5/5K2 b - - 0 1", 4),
    ("tatarstan", "8/8/8/BK6/2p1k3/1P6/8/7R b - - 0 1", 4),
    // Owner promotions: Black's transformed knight a1 promotes inside White's turns.
    ("tatarstan", "4k3/8/8/8/8/8/1p6/n3K3 w - - 0 1", 3),
];

#[test]
fn helpmate_solutions_are_exactly_the_brute_force_lines() {
    for &(variant, fen, plies) in HELPMATES {
        let rules: Rules = variant.parse::<Variant>().unwrap().into();
        let pos = Position::from_fen(fen).unwrap();
        let mut expected = Vec::new();
        brute_help(&pos, rules, plies, &mut Vec::new(), &mut expected);
        expected.sort();
        let stip = if plies % 2 == 0 {
            format!("h#{}", plies / 2)
        } else {
            format!("h#{}.5", plies / 2)
        };
        let found = solver_set(&format!("{variant} {fen} {stip}"));
        assert_eq!(found, expected, "{variant} {fen} {stip}");
    }
    // The composed ones have exactly one solution.
    assert_eq!(
        solver_set("orthodox 8/4k2K/1pB5/3R4/8/8/8/8 b - - 0 1 h#2").len(),
        1
    );
    assert_eq!(
        solver_set("tatarstan 8/8/8/BK6/2p1k3/1P6/8/7R b - - 0 1 h#2").len(),
        1
    );
}

/// White to move forces Black to mate White within `n` Black turns (owner choices ignored:
/// these positions have none).
fn brute_self(pos: &Position, rules: Rules, n: u32) -> bool {
    let mut whites = Vec::new();
    for_each_turn(pos, rules, false, &mut |v| {
        whites.push(v.after.clone());
        false
    });
    whites.into_iter().any(|after| {
        let mut blacks = Vec::new();
        for_each_turn(&after, rules, false, &mut |v| {
            blacks.push(v.after.clone());
            false
        });
        !blacks.is_empty()
            && blacks
                .iter()
                .all(|b| mated(b, rules) || (n > 1 && brute_self(b, rules, n - 1)))
    })
}

#[test]
fn selfmate_keys_match_the_definition() {
    for (variant, fen) in [
        ("orthodox", "3Q4/8/8/8/8/6pk/8/6BK w - - 0 1"),
        ("grolman", "3Q4/8/8/8/8/6pk/8/6BK w - - 0 1"),
        ("orthodox", "8/8/8/8/8/5k2/6p1/5BK1 w - - 0 1"),
    ] {
        let rules: Rules = variant.parse::<Variant>().unwrap().into();
        let pos = Position::from_fen(fen).unwrap();
        let solvable = brute_self(&pos, rules, 1);
        let found = solver_set(&format!("{variant} {fen} s#1"));
        assert_eq!(!found.is_empty(), solvable, "{variant} {fen}");
    }
}

//! Writes golden perft counts, computed by the reference ([`grolman::perft`], the general
//! generator), in the format of `tests/data/perft*.txt`.
//!
//! `cargo run --release -p grolman --example golden_perft -- <rules> <budget> < positions`
//!
//! `rules` is `grolman`, `grolman-no-castling` or `tatarstan`; each input line is `id fen`, or
//! an EPD line (`fen ;D1 ...`, numbered by its line). Each position is counted depth by depth
//! while the count stays within `budget` nodes (depth 1 always), and the next depth is tried
//! only if it looks feasible (its count, guessed from the last two, within 20 budgets).

use std::io::BufRead;

use grolman::{perft, Options, Position, Rules, Variant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [rules, budget] = &args[..] else {
        eprintln!("usage: golden_perft <grolman | grolman-no-castling | tatarstan> <budget> < positions");
        std::process::exit(2);
    };
    let (variant, castling) = match rules.as_str() {
        "grolman" => (Variant::Grolman, true),
        "grolman-no-castling" => (Variant::Grolman, false),
        "tatarstan" => (Variant::Tatarstan, true),
        other => {
            eprintln!("golden_perft: unknown rules {other:?}");
            std::process::exit(2);
        }
    };
    let Ok(budget) = budget.parse::<u64>() else {
        eprintln!("golden_perft: the budget must be a number, not {budget:?}");
        std::process::exit(2);
    };
    let rules = Rules {
        variant,
        options: Options { castling },
    };
    println!("variant {}", variant.name());
    if !castling {
        println!("castling no");
    }
    for (i, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.expect("stdin");
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (id, fen) = match line.split_once(';') {
            Some((fen, _)) => (format!("suite-{}", i + 1), fen.trim().to_string()),
            None => {
                let (id, fen) = line.split_once(' ').expect("id fen");
                (id.to_string(), fen.to_string())
            }
        };
        let pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        println!();
        println!("id {id}");
        println!("fen {}", pos.fen());
        let (mut last, mut depth) = (1u64, 1);
        loop {
            let n = perft(&pos, rules, depth);
            if depth > 1 && n > budget {
                break;
            }
            println!("perft {depth} {n}");
            let guess = n.saturating_mul(n / last.max(1));
            if n == 0 || guess > budget.saturating_mul(20) {
                break;
            }
            (last, depth) = (n, depth + 1);
        }
    }
}

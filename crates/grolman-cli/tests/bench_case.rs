//! `grolman bench-case`, which `scripts/speed.mjs` runs in turn with the same case in
//! Chromium: each case on one line it can read, the count that the wasm must match, a time.

mod common;

use common::grolman;
use std::process::Command;

/// `<kind> <count> <seconds> s cpu|wall` -> (kind, count, seconds).
fn case_line(line: &str) -> (String, u64, f64) {
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(words.len(), 5, "{line:?}");
    assert_eq!(words[3], "s", "{line:?}");
    assert!(["cpu", "wall"].contains(&words[4]), "{line:?}");
    let seconds: f64 = words[2].parse().expect("seconds");
    assert!(seconds > 0.0, "{line:?}");
    (words[0].to_string(), words[1].parse().expect("count"), seconds)
}

#[test]
fn a_perft_case_prints_its_count_and_a_time() {
    // tests/data/perft-grolman.txt: the start, depth 3.
    let (ok, out, err) = grolman(&["bench-case", "perft", "grolman", "3"]);
    assert!(ok, "{err}");
    let (kind, count, _) = case_line(out.trim_end());
    assert_eq!((kind.as_str(), count), ("perft", 9_040));
}

#[test]
fn a_turn_query_case_counts_the_turns_of_its_fen() {
    let fen = "4k3/8/b7/8/8/8/4K3/2N5 w - - 0 1";
    let mut args = vec!["bench-case", "turns", "grolman", "1"];
    args.extend(fen.split(' '));
    let (ok, out, err) = grolman(&args);
    assert!(ok, "{err}");
    // docs/rules.md 5: seven king moves, each followed by Nc1-e2, and Nd3.
    assert_eq!(case_line(out.trim_end()).1, 8);
}

#[test]
fn the_listed_cases_name_every_kind_and_variant_with_a_fen() {
    let (ok, out, err) = grolman(&["bench-case", "list"]);
    assert!(ok, "{err}");
    let mut seen = std::collections::BTreeSet::new();
    for line in out.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        assert!(
            words.len() == 10,
            "kind variant depth name and a six-field FEN: {line:?}"
        );
        assert!(words[2].parse::<u32>().is_ok(), "{line:?}");
        seen.insert((words[0], words[1]));
    }
    for kind in ["turns", "perft", "search"] {
        for variant in ["orthodox", "grolman", "tatarstan"] {
            assert!(seen.contains(&(kind, variant)), "no {kind} case for {variant}");
        }
    }
}

#[test]
fn an_unknown_case_kind_is_a_usage_error_naming_the_kinds() {
    let out = Command::new(env!("CARGO_BIN_EXE_grolman"))
        .args(["bench-case", "mate", "orthodox", "2"])
        .output()
        .expect("run grolman");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("\"mate\"") && err.contains("search, perft or turns"),
        "{err}"
    );
}

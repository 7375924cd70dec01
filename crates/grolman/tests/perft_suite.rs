//! Perft counts: the published ones of `tests/data/perft.txt`, and the golden counts of
//! `tests/data/perft-*.txt` (computed by the reference, see their headers). The reference
//! (`perft`, the general generator) and the fast counters (`fast_perft`) must both find them.

use grolman::{fast_perft, perft, Options, Position, Rules};

/// A perft counter: the reference or the fast one.
type Counter = fn(&Position, Rules, u32) -> u64;

struct Case {
    /// `file:line` of the `perft` line.
    place: String,
    id: String,
    rules: Rules,
    fen: String,
    depth: u32,
    count: u64,
}

/// The cases of a file of `tests/data`: blocks of `id`, `fen` and `perft <depth> <count>`
/// lines, under the last `variant` line (and `castling no` after it for Grolman chess without
/// castling).
fn cases(name: &str) -> Vec<Case> {
    let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut id, mut rules, mut fen) = (String::new(), None, String::new());
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let place = format!("{name}:{}", i + 1);
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{place}: bad line"));
        match key {
            "id" => id = rest.to_string(),
            "variant" => {
                rules = Some(Rules::new(
                    rest.parse().unwrap_or_else(|e| panic!("{place}: {e}")),
                ))
            }
            "castling" => {
                let castling = match rest {
                    "yes" => true,
                    "no" => false,
                    other => panic!("{place}: castling yes or no, not {other:?}"),
                };
                let r: &mut Rules = rules
                    .as_mut()
                    .unwrap_or_else(|| panic!("{place}: castling before variant"));
                r.options = Options { castling };
            }
            "fen" => fen = rest.to_string(),
            "perft" => {
                let (d, n) = rest
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("{place}: perft <depth> <count>"));
                out.push(Case {
                    id: id.clone(),
                    rules: rules.unwrap_or_else(|| panic!("{place}: variant before perft")),
                    fen: fen.clone(),
                    depth: d.parse().unwrap_or_else(|e| panic!("{place}: depth: {e}")),
                    count: n.parse().unwrap_or_else(|e| panic!("{place}: count: {e}")),
                    place,
                });
            }
            other => panic!("{place}: unknown key {other:?}"),
        }
    }
    out
}

/// Checks the cases with counts in `min + 1 ..= max` by the counters `counters`; returns how
/// many it checked.
fn check(cases: &[Case], (min, max): (u64, u64), counters: &[(&str, Counter)]) -> usize {
    let mut ran = 0;
    for c in cases.iter().filter(|c| c.count <= max && c.count > min) {
        let pos = Position::from_fen(&c.fen).unwrap_or_else(|e| panic!("{}: {e}", c.place));
        for (name, count) in counters {
            let got = count(&pos, c.rules, c.depth);
            assert_eq!(
                got, c.count,
                "{}: {} depth {} by the {name}",
                c.place, c.id, c.depth
            );
        }
        ran += 1;
    }
    ran
}

const BOTH: &[(&str, Counter)] = &[("fast counter", fast_perft), ("reference", perft)];

#[test]
fn published_counts_up_to_two_million_nodes_by_both_counters() {
    assert!(check(&cases("perft.txt"), (0, 2_000_000), BOTH) >= 20);
}

#[test]
fn golden_counts_of_the_reference_are_found_by_both_counters() {
    let mut ran = 0;
    for name in [
        "perft-grolman.txt",
        "perft-grolman-no-castling.txt",
        "perft-tatarstan.txt",
    ] {
        let cases = cases(name);
        let positions = cases
            .iter()
            .map(|c| &c.id)
            .collect::<std::collections::BTreeSet<_>>()
            .len();
        assert_eq!(
            positions, 130,
            "{name}: the classic suite and the 124 other positions of the perft suite"
        );
        ran += check(&cases, (0, u64::MAX), BOTH);
    }
    assert!(ran > 3 * 130 * 2, "{ran} counts");
}

#[test]
#[ignore = "deep: run with --ignored (release recommended)"]
fn published_counts_deep_by_the_fast_counter() {
    check(
        &cases("perft.txt"),
        (2_000_000, u64::MAX),
        &[("fast counter", fast_perft)],
    );
}

//! The perft suite of `tests/data/perft.txt`.

use grolman::{perft, Position, Rules};

struct Case {
    line: usize,
    id: String,
    rules: Rules,
    fen: String,
    depth: u32,
    count: u64,
}

fn cases() -> Vec<Case> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/perft.txt");
    let text = std::fs::read_to_string(path).expect("tests/data/perft.txt");
    let (mut id, mut rules, mut fen) = (String::new(), None, String::new());
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("perft.txt:{}: bad line", i + 1));
        match key {
            "id" => id = rest.to_string(),
            "variant" => rules = Some(Rules::new(rest.parse().expect("variant"))),
            "fen" => fen = rest.to_string(),
            "perft" => {
                let (d, n) = rest.split_once(' ').expect("perft <depth> <count>");
                out.push(Case {
                    line: i + 1,
                    id: id.clone(),
                    rules: rules.expect("variant before perft"),
                    fen: fen.clone(),
                    depth: d.parse().expect("depth"),
                    count: n.parse().expect("count"),
                });
            }
            other => panic!("perft.txt:{}: unknown key {other:?}", i + 1),
        }
    }
    out
}

fn run(max: u64, min: u64) -> usize {
    let mut ran = 0;
    for c in cases().into_iter().filter(|c| c.count <= max && c.count > min) {
        let pos = Position::from_fen(&c.fen).unwrap_or_else(|e| panic!("perft.txt:{}: {e}", c.line));
        let got = perft(&pos, c.rules, c.depth);
        assert_eq!(got, c.count, "perft.txt:{}: {} depth {}", c.line, c.id, c.depth);
        ran += 1;
    }
    ran
}

#[test]
fn perft_suite_up_to_two_million_nodes() {
    assert!(run(2_000_000, 0) >= 20);
}

#[test]
#[ignore = "deep: run with --ignored (release recommended)"]
fn perft_suite_deep() {
    run(u64::MAX, 2_000_000);
}

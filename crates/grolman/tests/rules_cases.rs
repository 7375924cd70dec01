//! Table-driven rule cases from `tests/data/rules.txt`; a failure names the line.

use grolman::notation::{find_by_code, legal_turns};
use grolman::{Position, Rules, Variant};

fn data() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/rules.txt");
    std::fs::read_to_string(path).expect("tests/data/rules.txt")
}

#[test]
fn every_rule_case_holds() {
    let text = data();
    let mut rules = Rules::new(Variant::Grolman);
    let mut pos: Option<Position> = None;
    let mut case = String::new();
    let mut cases = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("tests/data/rules.txt:{} ({case})", i + 1);
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "case" => {
                case = rest.to_string();
                cases += 1;
            }
            "variant" => rules = Rules::new(rest.parse().unwrap_or_else(|e| panic!("{at}: {e}"))),
            "fen" => pos = Some(Position::from_fen(rest).unwrap_or_else(|e| panic!("{at}: {e}"))),
            _ => {
                let p = pos.as_ref().unwrap_or_else(|| panic!("{at}: no fen yet"));
                let turns = legal_turns(p, rules);
                let notations: Vec<&str> = turns.iter().map(|t| t.notation.as_str()).collect();
                match key {
                    "count" => {
                        let n: usize = rest.parse().unwrap_or_else(|e| panic!("{at}: {e}"));
                        assert_eq!(turns.len(), n, "{at}: turns are {notations:#?}");
                    }
                    "has" => assert!(
                        notations.contains(&rest),
                        "{at}: {rest:?} missing from {notations:#?}"
                    ),
                    "lacks" => assert!(
                        !notations
                            .iter()
                            .any(|n| *n == rest || n.starts_with(&format!("{rest} "))),
                        "{at}: {rest:?} should not be legal: {notations:#?}"
                    ),
                    "code" => {
                        let (notation, code) = rest
                            .split_once(" = ")
                            .unwrap_or_else(|| panic!("{at}: code <n> = <c>"));
                        let t = turns
                            .iter()
                            .find(|t| t.notation == notation)
                            .unwrap_or_else(|| panic!("{at}: {notation:?} missing"));
                        assert_eq!(t.code, code, "{at}");
                    }
                    "play" => {
                        let t = find_by_code(&turns, rest).unwrap_or_else(|e| panic!("{at}: {e}"));
                        pos = Some(t.after);
                    }
                    "fen-is" => assert_eq!(p.fen(), rest, "{at}"),
                    other => panic!("{at}: unknown key {other:?}"),
                }
            }
        }
    }
    assert!(cases >= 15, "only {cases} cases read");
}

#[test]
fn castling_can_be_switched_off_in_grolman_chess() {
    let pos = Position::from_fen("1k6/8/8/8/4Q3/8/8/4K2R w K - 0 1").unwrap();
    let mut rules = Rules::new(Variant::Grolman);
    assert!(legal_turns(&pos, rules).iter().any(|t| t.san == "O-O"));
    rules.options.castling = false;
    assert!(!legal_turns(&pos, rules).iter().any(|t| t.san == "O-O"));
}

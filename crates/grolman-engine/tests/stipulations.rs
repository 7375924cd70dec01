//! Stalemate goals, series stipulations and short helpmate solutions against a brute force
//! over the rules crate alone (orthodox, Grolman and Tatarstan chess); options checked on
//! small problems whose answers are worked out in the comments.

use grolman::{for_each_turn, has_legal_turn, write_code, Position, Rules};
use grolman_engine::problem::{parse, solve, TwinReport};

fn turns(pos: &Position, rules: Rules) -> Vec<(String, Position)> {
    let mut out = Vec::new();
    for_each_turn(pos, rules, false, &mut |v| {
        out.push((write_code(v.steps, v.owner_promotions), v.after.clone()));
        false
    });
    out
}

/// The side to move has lost: mated, or stalemated when `stale`.
fn lost(pos: &Position, rules: Rules, stale: bool) -> bool {
    !has_legal_turn(pos, rules) && pos.is_check() != stale
}

fn pass(pos: &Position) -> Option<Position> {
    pos.passed().ok()
}

fn brute_help(
    pos: &Position,
    rules: Rules,
    plies: u32,
    stale: bool,
    line: &mut Vec<String>,
    out: &mut Vec<Vec<String>>,
) {
    if plies == 0 {
        if lost(pos, rules, stale) {
            out.push(line.clone());
        }
        return;
    }
    for (code, after) in turns(pos, rules) {
        line.push(code);
        brute_help(&after, rules, plies - 1, stale, line, out);
        line.pop();
    }
}

/// `kind`: 'd' ser-#, 'h' ser-h#, 's' ser-s#.
fn brute_series(
    pos: &Position,
    rules: Rules,
    n: u32,
    kind: char,
    line: &mut Vec<String>,
    out: &mut Vec<Vec<String>>,
) {
    for (code, after) in turns(pos, rules) {
        line.push(code);
        if n > 1 {
            if let Some(next) = pass(&after) {
                brute_series(&next, rules, n - 1, kind, line, out);
            }
        } else if kind == 'd' {
            if lost(&after, rules, false) {
                out.push(line.clone());
            }
        } else {
            let last = turns(&after, rules);
            let forced = kind == 'h' || (!last.is_empty() && last.iter().all(|(_, a)| lost(a, rules, false)));
            for (c, a) in last {
                if forced && lost(&a, rules, false) {
                    let mut l = line.clone();
                    l.push(c);
                    out.push(l);
                }
            }
        }
        line.pop();
    }
}

fn reports(text: &str) -> Vec<TwinReport> {
    solve(&parse(text).unwrap()[0], &mut |_| true).unwrap()
}

fn codes(lines: &[grolman_engine::problem::Line]) -> Vec<Vec<String>> {
    let mut v: Vec<Vec<String>> = lines
        .iter()
        .map(|l| l.turns.iter().map(|t| t.code.clone()).collect())
        .collect();
    v.sort();
    v
}

fn popeye(condition: &str, pieces: &str, stipulation: &str, options: &str) -> String {
    format!("BeginProblem\n{condition}\nPieces {pieces}\nStipulation {stipulation}\n{options}\nEndProblem")
}

const CASES: &[(&str, &str)] = &[
    ("", "White Kc6 Rh1 Bb5 Black Ka7 Pb6"),
    ("", "White Kf6 Qg1 Black Kh8 Pa5"),
    ("Condition GrolmanChess", "White Kc6 Rh1 Bb5 Sd4 Black Ka7 Pb6"),
    ("Condition TatarstanChess", "White Kc7 Rh1 Sc5 Black Ka7 Pa6"),
];

#[test]
fn helpstalemates_and_short_helpmates_are_those_of_the_brute_force() {
    let mut found = std::collections::BTreeMap::new();
    for (condition, pieces) in CASES {
        for (stip, stale, plies) in [("h=2", true, 4), ("h#2", false, 4), ("h#2.5", false, 5)] {
            let r = reports(&popeye(condition, pieces, stip, "")).remove(0);
            let rules: Rules = r.variant.into();
            let pos = Position::from_fen(&r.fen).unwrap();
            let mut full = Vec::new();
            brute_help(&pos, rules, plies, stale, &mut Vec::new(), &mut full);
            let mut short = Vec::new();
            let mut p = plies - 2;
            while p >= 1 {
                brute_help(&pos, rules, p, stale, &mut Vec::new(), &mut short);
                if p < 2 {
                    break;
                }
                p -= 2;
            }
            full.sort();
            short.sort();
            *found.entry(stip.to_string()).or_insert(0) += full.len() + short.len();
            assert_eq!(codes(&r.help), full, "{pieces} {stip}");
            assert_eq!(codes(&r.short), short, "{pieces} {stip} short");
        }
    }
    assert!(
        found.values().all(|&n| n > 0),
        "every stipulation has solutions to check: {found:?}"
    );
}

/// Series selfmates with solutions: the selfmate in one 1.Qd4 g2# (orthodox), and two found
/// by a search over random additions to it. Grolman: 1.Ra4 2.Qf5+ g2 (Kh3-g3, Ng5-h3)#, the
/// chain closing the king's last square; Tatarstan: 2.Rh4+ g2 (Kh3-g3)# after a first turn
/// that makes a second rook, or 1.Rh4 at once (short).
const SERIES_SELFMATES: &[(&str, &str)] = &[
    ("", "White Qd8 Bg1 Kh1 Black Kh3 Pg3"),
    ("Condition GrolmanChess", "White Kh1 Qe5 Ra2 Black Kh3 Sg5 Pg3"),
    ("Condition TatarstanChess", "White Kh1 Rb4 Sd3 Black Kh3 Bc5 Pg3"),
];

#[test]
fn series_stipulations_are_those_of_the_brute_force() {
    let mut found = std::collections::BTreeMap::new();
    for (condition, pieces) in CASES.iter().chain(SERIES_SELFMATES) {
        for (stip, kind, n) in [("ser-#3", 'd', 3), ("ser-h#2", 'h', 2), ("ser-s#2", 's', 2)] {
            let r = reports(&popeye(condition, pieces, stip, "")).remove(0);
            let rules: Rules = r.variant.into();
            let pos = Position::from_fen(&r.fen).unwrap();
            let mut full = Vec::new();
            brute_series(&pos, rules, n, kind, &mut Vec::new(), &mut full);
            let mut short = Vec::new();
            for k in 1..n {
                brute_series(&pos, rules, k, kind, &mut Vec::new(), &mut short);
            }
            full.sort();
            short.sort();
            *found.entry(stip.to_string()).or_insert(0) += full.len() + short.len();
            assert_eq!(codes(&r.help), full, "{pieces} {stip}");
            assert_eq!(codes(&r.short), short, "{pieces} {stip} short");
            if kind == 's' && SERIES_SELFMATES.contains(&(*condition, *pieces)) {
                assert!(!full.is_empty(), "{condition} {pieces}: a ser-s#2");
            }
            if kind == 's' && SERIES_SELFMATES.contains(&(*condition, *pieces)) {
                assert!(!full.is_empty(), "{condition} {pieces}: a ser-s#2");
            }
        }
    }
    assert!(
        found.values().all(|&n| n > 0),
        "every stipulation has solutions to check: {found:?}"
    );
}

#[test]
fn duplex_solves_again_with_the_other_side_and_half_duplex_only_that() {
    // h#1, Black first: Black's king on c3 is far from any edge, White cannot mate it in one.
    // Duplex, White first: 1.Ra2 Rg1# (a2 blocked, b2 the black king's, b1 the rook's), in
    // orthodox chess only: in Grolman chess White answers Ra2-a3 (Ka1-a2), the king following.
    let pieces = "White Ka1 Rh2 Black Kc3 Rg8";
    for condition in ["", "Condition GrolmanChess", "Condition TatarstanChess"] {
        let both = reports(&popeye(condition, pieces, "h#1", "Option Duplex"));
        let half = reports(&popeye(condition, pieces, "h#1", "Option HalfDuplex"));
        assert_eq!(both.len(), 2);
        assert_eq!(half.len(), 1);
        assert_eq!(
            (
                both[0].change.as_str(),
                both[1].change.as_str(),
                half[0].change.as_str()
            ),
            ("", "duplex", "")
        );
        let normal = Position::from_fen(&both[0].fen).unwrap();
        let duplex = Position::from_fen(&both[1].fen).unwrap();
        assert_eq!(normal.board(), duplex.board());
        assert_eq!(duplex.turn(), normal.turn().other());
        assert_eq!(half[0].fen, both[1].fen);
        let rules: Rules = both[0].variant.into();
        for (r, pos) in [(&both[0], &normal), (&both[1], &duplex), (&half[0], &duplex)] {
            let mut brute = Vec::new();
            brute_help(pos, rules, 2, false, &mut Vec::new(), &mut brute);
            brute.sort();
            assert_eq!(codes(&r.help), brute, "{condition} {}", r.fen);
        }
        let expected: &[&[&str]] = if condition.is_empty() {
            &[&["h2a2", "g8g1"]]
        } else {
            &[]
        };
        assert_eq!(codes(&both[1].help), expected, "{condition}");
        assert!(both[0].help.is_empty());
    }
    // A direct mate's duplex half is the same board with Black to move, as a FEN line says it.
    let both = reports(&popeye(
        "",
        "White Kc6 Rh1 Bb5 Black Ka7 Pb6",
        "#2",
        "Option Duplex",
    ));
    let fen = both[1].fen.clone();
    assert!(fen.contains(" b "), "{fen}");
    let line = reports(&format!("orthodox {fen} #2")).remove(0);
    let keys = |r: &TwinReport| -> Vec<String> { r.keys.iter().map(|k| k.turn.code.clone()).collect() };
    assert_eq!(keys(&both[1]), keys(&line));
    assert_eq!(keys(&both[0]), ["c6c7"]);
}

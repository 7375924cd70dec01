//! Options that restrict the defence or change the goal of battle play (`Threat n`,
//! `NonTrivial m n`, `NullMoves`, `s=n`), against a brute force over the rules crate alone in
//! all three rule sets; the positions where an option changes the answer are worked out in
//! comments.

mod brute;

use brute::Brute;
use grolman::{has_legal_turn, CastlingSide, Position, Rules};
use grolman_engine::problem::{parse, solve, TwinReport};
use grolman_engine::turns::children;

fn problem(condition: &str, pieces: &str, stipulation: &str, options: &str) -> String {
    format!("BeginProblem\n{condition}\nPieces {pieces}\nStipulation {stipulation}\n{options}\nEndProblem")
}

fn report(text: &str) -> TwinReport {
    solve(&parse(text).unwrap()[0], &mut |_| true).unwrap().remove(0)
}

fn keys(r: &TwinReport) -> Vec<String> {
    let mut k: Vec<String> = r.keys.iter().map(|k| k.turn.code.clone()).collect();
    k.sort();
    k.dedup();
    k
}

const CONDITIONS: [&str; 3] = ["", "Condition GrolmanChess", "Condition TatarstanChess"];

/// Solves `stipulation` with `options` in each rule set and checks the keys against the
/// brute force; returns how many cases had keys and how many differ from the keys without
/// the option (each test asks for some of both, so that the option is exercised).
fn against_brute(
    cases: &[&str],
    stipulation: &str,
    options: &str,
    brute: impl Fn(Rules) -> Brute,
) -> (usize, usize) {
    let n: u32 = stipulation
        .trim_start_matches(|c: char| !c.is_ascii_digit())
        .parse()
        .unwrap();
    let (mut solved, mut changed) = (0, 0);
    for condition in CONDITIONS {
        for pieces in cases {
            let r = report(&problem(
                condition,
                pieces,
                stipulation,
                &format!("Option NoThreat {options}"),
            ));
            let pos = Position::from_fen(&r.fen).unwrap();
            let expected = brute(r.variant.into()).keys(&pos, n);
            assert_eq!(keys(&r), expected, "{condition} {pieces} {stipulation} {options}");
            let plain = report(&problem(condition, pieces, stipulation, "Option NoThreat"));
            solved += usize::from(!expected.is_empty());
            changed += usize::from(keys(&plain) != expected);
        }
    }
    (solved, changed)
}

#[test]
fn threat_n_requires_a_threat_only_with_more_play_to_come() {
    let cases = [
        "White Kc6 Rh1 Bb5 Black Ka7 Pb6",
        "White Kc7 Rh1 Sc5 Black Ka7 Pa6",
        "White Kf6 Qg1 Black Kh8 Pa5",
        "White Kc6 Rh1 Bb5 Sd4 Black Ka7 Pb6",
    ];
    let brute = |threat| {
        move |rules| Brute {
            rules,
            selfplay: false,
            stalemate: false,
            threat,
            non_trivial: None,
            passes: false,
            exclusive: None,
            max_flights: None,
        }
    };
    let (solved, changed) = against_brute(&cases, "#3", "Threat 1", brute(Some(1)));
    assert!(solved > 0 && changed > 0, "{solved} solved, {changed} changed");
    // With one turn to come the option does not apply (Popeye: the rest of the play is too
    // short for it): Qg1 against Ka8 Pb7 keeps its 16 keys, zugzwangs among them.
    let (solved, changed) = against_brute(&["White Kb6 Qg1 Black Ka8 Pb7"], "#2", "Threat 1", brute(Some(1)));
    assert_eq!((solved, changed), (3, 0));
    let r = report(&problem(
        "",
        "White Kb6 Qg1 Black Ka8 Pb7",
        "#2",
        "Option Threat 1",
    ));
    assert_eq!(r.keys.len(), 16);
}

#[test]
fn non_trivial_spends_its_budget_along_the_line() {
    // The selfmate in one 1.Qd4 g2# (tests/mates.rs) with a unit more on each side.
    let cases = [
        "White Qd8 Bg1 Kh1 Ba6 Black Kh3 Pg3 Ph7",
        "White Qd8 Bg1 Kh1 Be7 Black Kh3 Pg3 Pb7",
        "White Qd8 Bg1 Kh1 Ra5 Black Kh3 Pg3 Pc6",
        "White Qd8 Bg1 Kh1 Be2 Black Kh3 Pg3 Pd7",
    ];
    let brute = |m, k| {
        move |rules| Brute {
            rules,
            selfplay: true,
            stalemate: false,
            threat: None,
            non_trivial: Some((m, k)),
            passes: false,
            exclusive: None,
            max_flights: None,
        }
    };
    let mut changed = 0;
    for (m, k) in [(0, 1), (1, 0), (0, 0)] {
        let (solved, c) = against_brute(&cases, "s#3", &format!("NonTrivial {m} {k}"), brute(m, k));
        assert!(solved > 0, "NonTrivial {m} {k}: nothing solved");
        changed += c;
    }
    assert!(changed > 0);
}

#[test]
fn a_selfstalemate_forces_the_defender_to_stalemate_the_attacker() {
    // Black can move only c3-c2 (the king is boxed by its pawn h7, its bishop g8 and White's
    // pawns' g7; the pawns a3, f7, h7 are blocked). 1.Qb8 pins the bishop, and after 1...c2
    // 2.Qxg8+ Kxg8 White's king has no square (b1 is the c2 pawn's, b2 the a3 pawn's) and
    // its pawns are blocked: stalemate. 1.Qb8 is the only key of the s=2.
    let pieces = "White Ka1 Qb3 Pa2 Pf6 Ph6 Black Kh8 Bg8 Pf7 Ph7 Pa3 Pc3";
    let r = report(&problem("", pieces, "s=2", ""));
    assert_eq!(keys(&r), ["b3b8"]);
    assert_eq!(
        r.text().lines().find(|l| l.contains("1.Qb8")).map(str::trim),
        Some("1.Qb8! (zugzwang)")
    );
    let stale = |rules| Brute {
        rules,
        selfplay: true,
        stalemate: true,
        threat: None,
        non_trivial: None,
        passes: false,
        exclusive: None,
        max_flights: None,
    };
    let cases = [
        pieces,
        "White Ka1 Qd1 Pa2 Pf6 Ph6 Black Kh8 Bg8 Pf7 Ph7 Pa3 Pc3",
        "White Ka1 Qc6 Pa2 Pf6 Ph6 Black Kh8 Bg8 Pf7 Ph7 Pa3 Pc3",
    ];
    let mut solved = 0;
    for stip in ["s=1", "s=2"] {
        solved += against_brute(&cases, stip, "", stale).0;
    }
    assert!(solved >= 6, "{solved}");
}

#[test]
fn null_moves_let_either_side_pass() {
    // With NullMoves the defender may pass too, so a zugzwang key is no key any more
    // (Kb6 Qg1 against Ka8 Pb7 loses its zugzwangs), and the attacker's pass is a first move.
    let cases = [
        "White Kb6 Qg1 Black Ka8 Pb7",
        "White Kc6 Rh1 Bb5 Black Ka7 Pb6",
        "White Kc7 Rh1 Sc5 Black Ka7 Pa6",
        "White Kf6 Qg1 Black Kh8 Pa5",
    ];
    let brute = |selfplay| {
        move |rules| Brute {
            rules,
            selfplay,
            stalemate: false,
            threat: None,
            non_trivial: None,
            passes: true,
            exclusive: None,
            max_flights: None,
        }
    };
    let (mut solved, mut changed) = (0, 0);
    for stipulation in ["#2", "#3"] {
        let (s, c) = against_brute(&cases, stipulation, "NullMoves", brute(false));
        solved += s;
        changed += c;
    }
    let selfmates = [
        "White Qd8 Bg1 Kh1 Ba6 Black Kh3 Pg3 Ph7",
        "White Kh1 Qd8 Ba6 Bg1 Black Kh3 Pg3 Ph7",
    ];
    let (s, c) = against_brute(&selfmates, "s#2", "NullMoves", brute(true));
    // The selfmates lose their keys: after 1.Qd4 Black passes instead of mating.
    assert!(
        solved > 0 && changed > 0 && s == 0 && c > 0,
        "{solved} {s} {changed} {c}"
    );
}

/// Whether a helpmate of exactly `plies` half-moves exists, either side passing when it may.
fn helps_with_passes(pos: &Position, rules: Rules, plies: u32) -> bool {
    if plies == 0 {
        return !has_legal_turn(pos, rules) && pos.is_check();
    }
    let mut next: Vec<Position> = children(pos, rules).turns.into_iter().map(|c| c.after).collect();
    next.extend(pos.passed().ok());
    next.iter().any(|p| helps_with_passes(p, rules, plies - 1))
}

#[test]
fn null_moves_in_a_helpmate_are_half_moves_of_either_side() {
    // Either side may pass in a helpmate as in battle play: the solutions are those of the
    // brute force, in every rule set, and some of them pass.
    let cases = [
        ("White Kf6 Qg1 Black Kh8", "h#1.5"),
        ("White Kf6 Qg1 Black Kh8", "h#2"),
        ("White Kc6 Rh1 Black Ka7 Pb6", "h#2"),
    ];
    let mut with = 0;
    for condition in CONDITIONS {
        for (pieces, stip) in cases {
            let text = |options: &str| problem(condition, pieces, stip, options);
            let r = report(&text("Option NullMoves"));
            let pos = Position::from_fen(&r.fen).unwrap();
            let plies: u32 = if stip.ends_with(".5") { 3 } else { 4 };
            let rules: Rules = r.variant.into();
            assert_eq!(
                !r.help.is_empty(),
                helps_with_passes(&pos, rules, plies),
                "{condition} {pieces} {stip}"
            );
            // Every line shown is a helpmate: its passes and turns played out end in mate.
            for line in &r.help {
                let mut p = pos.clone();
                for m in &line.turns {
                    p = if m.code == "0000" {
                        p.passed().unwrap()
                    } else {
                        grolman::notation::legal_turns(&p, rules)
                            .into_iter()
                            .find(|t| t.code == m.code)
                            .unwrap()
                            .after
                    };
                }
                assert!(!has_legal_turn(&p, rules) && p.is_check(), "{}", line.text());
            }
            with += r
                .help
                .iter()
                .filter(|l| l.turns.iter().any(|m| m.code == "0000"))
                .count();
        }
    }
    assert!(with > 0, "some solution passes");
}

/// The position after the turn with `code` (`0000`: the pass).
fn play(pos: &Position, rules: Rules, code: &str) -> Position {
    if code == "0000" {
        return pos.passed().unwrap();
    }
    grolman::notation::legal_turns(pos, rules)
        .into_iter()
        .find(|t| t.code == code)
        .unwrap()
        .after
}

/// Checks the lines shown below a defender's node `pos` (after an attacker turn leaving
/// `n - 1`) against the brute force with `budget` NonTrivial defences left: each defence with
/// the fewest attacker turns that win after it, and exactly the attacker's turns that win in
/// that many, each with its own lines. Returns how many answers were checked.
fn check_defences(
    b: &Brute,
    pos: &Position,
    n: u32,
    budget: u32,
    defences: &[grolman_engine::problem::Defence],
) -> usize {
    let budget = b.left_after(pos, n, budget).unwrap_or(0);
    let mut checked = 0;
    for d in defences {
        let x = play(pos, b.rules, &d.turn.code);
        if d.turns_left == 0 {
            assert!(b.selfplay && b.lost(&x));
            continue;
        }
        let fastest = (1..n).find(|&k| b.wins(&x, k, budget));
        assert_eq!(
            Some(d.turns_left),
            fastest,
            "{} after {}",
            d.turn.notation,
            pos.fen()
        );
        let k = d.turns_left;
        let mut expected: Vec<String> = grolman::notation::legal_turns(&x, b.rules)
            .into_iter()
            .filter(|t| b.loses(&t.after, k, budget))
            .map(|t| t.code)
            .collect();
        expected.sort();
        let mut shown: Vec<String> = d.answers.iter().map(|a| a.turn.code.clone()).collect();
        shown.sort();
        assert_eq!(
            shown,
            expected,
            "answers to {} after {}",
            d.turn.notation,
            pos.fen()
        );
        for a in &d.answers {
            checked += 1 + check_defences(b, &play(&x, b.rules, &a.turn.code), k, budget, &a.defences);
        }
    }
    checked
}

#[test]
fn non_trivial_lines_shown_follow_the_budget_left() {
    // The keys of NonTrivial are exact (above); the lines below them are shown as the budget
    // left along each line allows: a defence's answers are those that still win once this
    // node has spent its share. In the first direct mates, the key leaves Black two defences
    // against NonTrivial 1 0, so the one defence granted is spent at once; an answer after
    // which Black has two moves again is then no answer (it was shown before).
    let cases = [
        ("White Kc3 Qe7 Sh2 Black Ka2 Pf6", "#3", false),
        ("White Kg7 Qb6 Sf3 Black Ke7 Pd3", "#3", false),
        ("White Ke3 Qa7 Sd6 Black Kh3 Pf3", "#3", false),
        ("White Kf5 Qb5 Sb6 Black Kh6 Pb4", "#3", false),
        ("White Qd8 Bg1 Kh1 Ra5 Black Kh3 Pg3 Pc6", "s#3", true),
        ("White Qd8 Bg1 Kh1 Be2 Black Kh3 Pg3 Pd7", "s#3", true),
    ];
    let mut checked = 0;
    for condition in CONDITIONS {
        for (pieces, stip, selfplay) in cases {
            for (m, k) in [(1, 0), (0, 1), (1, 1)] {
                let r = report(&problem(
                    condition,
                    pieces,
                    stip,
                    &format!("Option NoThreat MatesIn1 NonTrivial {m} {k}"),
                ));
                let b = Brute {
                    rules: r.variant.into(),
                    selfplay,
                    stalemate: false,
                    threat: None,
                    non_trivial: Some((m, k)),
                    passes: false,
                    exclusive: None,
                    max_flights: None,
                };
                let pos = Position::from_fen(&r.fen).unwrap();
                for key in &r.keys {
                    let after = play(&pos, b.rules, &key.turn.code);
                    checked += check_defences(&b, &after, 3, m, &key.defences);
                }
            }
        }
    }
    assert!(checked > 0);
}

#[test]
fn mutually_exclusive_castlings_take_the_other_right_away() {
    // 1.O-O-O threatens 2.Rd8# (d7 is the b6 knight's, d8 the c6 knight's, e7 and f7 are
    // blocked, f8 and g8 are on the rook's line); 1...Kf8 2.Rd8# too, as f6 takes e7 and g7.
    // Only 1...O-O escapes, and with `CastlingMutuallyExclusive a1h8` White's queen-side
    // castling takes it away: 1.O-O-O! is the key, 1.Rd1? still fails to 1...O-O. Pairing h1
    // with h8 changes nothing here.
    let pieces = "White Ke1 Ra1 Sb6 Sc6 Pf6 Pa2 Ph2 Black Ke8 Rh8 Pe7 Pf7";
    let brute = |exclusive| {
        move |rules| Brute {
            rules,
            selfplay: false,
            stalemate: false,
            threat: None,
            non_trivial: None,
            passes: false,
            exclusive,
            max_flights: None,
        }
    };
    let pair = Some((CastlingSide::Queen, CastlingSide::King));
    let (solved, changed) = against_brute(&[pieces], "#2", "CastlingMutuallyExclusive a1h8", brute(pair));
    assert!(solved > 0 && changed > 0, "{solved} {changed}");
    let other = Some((CastlingSide::King, CastlingSide::King));
    against_brute(&[pieces], "#2", "CastlingMutuallyExclusive h1h8", brute(other));
    let r = report(&problem(
        "",
        pieces,
        "#2",
        "Option Try CastlingMutuallyExclusive a1h8",
    ));
    assert_eq!(keys(&r), ["e1c1"]);
    let tries: Vec<(&str, Vec<&str>)> = r
        .tries
        .iter()
        .map(|t| {
            let refutations = t.refutations.iter().map(|m| m.notation.as_str()).collect();
            (t.attack.turn.notation.as_str(), refutations)
        })
        .collect();
    assert_eq!(tries, [("Rd1", vec!["O-O"])]);
}

#[test]
fn max_flightsquares_lets_a_king_with_too_many_flights_defend() {
    // Kc6 Rh1 Bb5 against Ka7 Pb6: the key 1.Kc7! leaves the king one flight (1...Ka8
    // 2.Ra1#), so `MaxFlightsquares 0` takes it away and `MaxFlightsquares 1` keeps it. A turn
    // that moves the king counts (castling, a Grolman king that follows), as in Popeye's
    // program, whose manual says "more or equal" where the program allows exactly n.
    let key = |option: &str| {
        keys(&report(&problem(
            "",
            "White Kc6 Rh1 Bb5 Black Ka7 Pb6",
            "#2",
            option,
        )))
    };
    assert_eq!(key(""), ["c6c7"]);
    assert_eq!(key("Option MaxFlightsquares 1"), ["c6c7"]);
    assert!(key("Option MaxFlightsquares 0").is_empty());
    let cases = [
        "White Kc6 Rh1 Bb5 Black Ka7 Pb6",
        "White Kc7 Rh1 Sc5 Black Ka7 Pa6",
        "White Kf6 Qg1 Black Kh8 Pa5",
        "White Kb6 Qg1 Black Ka8 Pb7",
    ];
    let brute = |most, selfplay| {
        move |rules| Brute {
            rules,
            selfplay,
            stalemate: false,
            threat: None,
            non_trivial: None,
            passes: false,
            exclusive: None,
            max_flights: Some(most),
        }
    };
    let (mut solved, mut changed) = (0, 0);
    for (stipulation, most) in [("#2", 0), ("#2", 1), ("#3", 1)] {
        let (s, c) = against_brute(
            &cases,
            stipulation,
            &format!("MaxFlightsquares {most}"),
            brute(most, false),
        );
        solved += s;
        changed += c;
    }
    let selfmates = [
        "White Qd8 Bg1 Kh1 Ba6 Black Kh3 Pg3 Ph7",
        "White Qd8 Bg1 Kh1 Be2 Black Kh3 Pg3 Pd7",
    ];
    let (s, _) = against_brute(&selfmates, "s#2", "MaxFlightsquares 0", brute(0, true));
    assert!(
        solved > 0 && changed > 0 && s > 0,
        "{solved} solved, {changed} changed, {s} selfmates"
    );
}

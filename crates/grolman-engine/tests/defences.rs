//! Options that restrict the defence or change the goal of battle play (`Threat n`,
//! `NonTrivial m n`, `s=n`), against a brute force over the rules crate alone in all three
//! rule sets; the positions where an option changes the answer are worked out in comments.

use grolman::{has_legal_turn, Position, Rules};
use grolman_engine::problem::{parse, solve, TwinReport};
use grolman_engine::turns::children;

/// A direct play or selfplay problem solved by walking every line, with the options' rules
/// as Popeye states them.
struct Brute {
    rules: Rules,
    selfplay: bool,
    stalemate: bool,
    threat: Option<u32>,
    non_trivial: Option<(u32, u32)>,
}

impl Brute {
    /// The side to move has lost by the goal.
    fn lost(&self, pos: &Position) -> bool {
        !has_legal_turn(pos, self.rules) && pos.is_check() != self.stalemate
    }

    /// The defender's choice groups (Tatarstan owner promotions: the mover picks the group,
    /// the other side the member), each as the positions after its members.
    fn groups(&self, pos: &Position) -> Vec<Vec<Position>> {
        let ch = children(pos, self.rules);
        (0..ch.groups.len())
            .map(|g| ch.members(g).iter().map(|m| m.after.clone()).collect())
            .collect()
    }

    /// The attacker (to move) wins within `n` turns, with `budget` non-trivial defences left
    /// to grant.
    fn wins(&self, pos: &Position, n: u32, budget: u32) -> bool {
        n > 0
            && self
                .groups(pos)
                .iter()
                .any(|g| g.iter().all(|a| self.loses(a, n, budget)))
    }

    /// After an attacker turn with `n - 1` attacker turns to come, the defender loses.
    /// `Threat t` applies with more than `t` turns to come; `NonTrivial m k` with more than
    /// `k`: each defence beyond the first not answered within `k` (with `k` = 0: each defence
    /// beyond the first) spends one of the `m` granted along the line.
    fn loses(&self, pos: &Position, n: u32, mut budget: u32) -> bool {
        if !self.selfplay && self.lost(pos) {
            return true;
        }
        if !self.selfplay && n == 1 {
            return false;
        }
        let defences = self.groups(pos);
        if defences.is_empty() {
            return false;
        }
        if let Some(t) = self.threat {
            if n - 1 > t {
                if let Ok(passed) = pos.passed() {
                    if !self.wins(&passed, t, budget) {
                        return false;
                    }
                }
            }
        }
        let answered =
            |x: &Position, k: u32, budget: u32| (self.selfplay && self.lost(x)) || self.wins(x, k, budget);
        if let Some((_, k)) = self.non_trivial {
            if n - 1 > k {
                let open = defences
                    .iter()
                    .filter(|g| k == 0 || !g.iter().any(|x| answered(x, k, budget)))
                    .count() as u32;
                let spent = open.saturating_sub(1);
                if spent > budget {
                    return false;
                }
                budget -= spent;
            }
        }
        defences
            .iter()
            .all(|g| g.iter().any(|x| answered(x, n - 1, budget)))
    }

    /// The keys' turn codes, sorted.
    fn keys(&self, pos: &Position, n: u32) -> Vec<String> {
        let budget = self.non_trivial.map_or(0, |(m, _)| m);
        let winning: Vec<u64> = self
            .groups(pos)
            .into_iter()
            .filter(|g| g.iter().all(|a| self.loses(a, n, budget)))
            .flatten()
            .map(|a| a.key())
            .collect();
        let mut out: Vec<String> = grolman::notation::legal_turns(pos, self.rules)
            .into_iter()
            .filter(|t| winning.contains(&t.after.key()))
            .map(|t| t.code)
            .collect();
        out.sort();
        out
    }
}

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

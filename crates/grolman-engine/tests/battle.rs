//! Keys, tries with their refutations, and set play of `#2` problems against a brute force
//! over the rules crate alone, in all three variants.

use std::collections::BTreeMap;

use grolman::{for_each_turn, has_legal_turn, write_code, Position, Rules, Setup, Variant};
use grolman_engine::problem::{parse, solve, TwinReport};

fn mated(pos: &Position, rules: Rules) -> bool {
    pos.is_check() && !has_legal_turn(pos, rules)
}

fn turns(pos: &Position, rules: Rules) -> Vec<(String, Position)> {
    let mut out = Vec::new();
    for_each_turn(pos, rules, false, &mut |v| {
        out.push((write_code(v.steps, v.owner_promotions), v.after.clone()));
        false
    });
    out
}

fn mates_in_one(pos: &Position, rules: Rules) -> bool {
    turns(pos, rules).iter().any(|(_, after)| mated(after, rules))
}

/// Each first turn with the defences that leave no mate in one (`None`: the defender is
/// stalemated, so neither key nor try).
fn refutations(pos: &Position, rules: Rules) -> BTreeMap<String, Option<Vec<String>>> {
    let mut out = BTreeMap::new();
    for (code, after) in turns(pos, rules) {
        let replies = turns(&after, rules);
        let refs = if mated(&after, rules) {
            Some(Vec::new())
        } else if replies.is_empty() {
            None
        } else {
            Some(
                replies
                    .into_iter()
                    .filter(|(_, a)| !mates_in_one(a, rules))
                    .map(|(c, _)| c)
                    .collect(),
            )
        };
        out.insert(code, refs);
    }
    out
}

fn report(text: &str) -> TwinReport {
    let problems = parse(text).unwrap();
    solve(&problems[0], &mut |_| true).unwrap().remove(0)
}

const PROBLEMS: &[(&str, &str)] = &[
    ("", "White Kb6 Qg1 Black Ka8 Pb7"),
    ("", "White Kc7 Rh1 Sc5 Black Ka7 Pa6"),
    ("", "White Kc6 Rh1 Bb5 Black Ka7 Pb6"),
    ("Condition GrolmanChess", "White Kc6 Rh1 Bb5 Sd4 Black Ka7 Pb6"),
    ("Condition GrolmanChess", "White Kb6 Qg1 Rh3 Black Ka8 Pb7"),
    ("Condition TatarstanChess", "White Kc7 Rh1 Sc5 Black Ka7 Pa6"),
];

#[test]
fn keys_and_tries_with_one_refutation_are_those_of_the_brute_force() {
    for (condition, pieces) in PROBLEMS {
        let text =
            format!("BeginProblem\n{condition}\nPieces {pieces}\nStipulation #2\nOption Try\nEndProblem");
        let r = report(&text);
        let variant: Variant = r.variant;
        let rules: Rules = variant.into();
        let pos = Position::from_fen(&r.fen).unwrap();
        let brute = refutations(&pos, rules);
        let mut keys: Vec<String> = brute
            .iter()
            .filter(|(_, r)| r.as_ref().is_some_and(Vec::is_empty))
            .map(|(c, _)| c.clone())
            .collect();
        let mut tries: Vec<(String, Vec<String>)> = brute
            .iter()
            .filter_map(|(c, r)| {
                r.as_ref()
                    .filter(|r| r.len() == 1)
                    .map(|r| (c.clone(), r.clone()))
            })
            .collect();
        let mut found_keys: Vec<String> = r.keys.iter().map(|k| k.turn.code.clone()).collect();
        let mut found_tries: Vec<(String, Vec<String>)> = r
            .tries
            .iter()
            .map(|t| {
                (
                    t.attack.turn.code.clone(),
                    t.refutations.iter().map(|m| m.code.clone()).collect(),
                )
            })
            .collect();
        keys.sort();
        tries.sort();
        found_keys.sort();
        found_tries.sort();
        assert_eq!(found_keys, keys, "{pieces}");
        assert_eq!(found_tries, tries, "{pieces}");
        assert!(
            !tries.is_empty() || !keys.is_empty(),
            "{pieces}: a test with nothing to find"
        );
    }
}

#[test]
fn set_play_is_each_defence_the_attacker_mates_after_if_it_could_pass() {
    for (condition, pieces) in PROBLEMS {
        let text =
            format!("BeginProblem\n{condition}\nPieces {pieces}\nStipulation #2\nOption SetPlay\nEndProblem");
        let r = report(&text);
        let rules: Rules = r.variant.into();
        let pos = Position::from_fen(&r.fen).unwrap();
        let null = Position::from_setup(Setup {
            turn: pos.turn().other(),
            ep: None,
            ..pos.setup()
        })
        .unwrap();
        let mut brute: Vec<(String, Vec<String>)> = turns(&null, rules)
            .into_iter()
            .map(|(c, after)| {
                let mates = turns(&after, rules)
                    .into_iter()
                    .filter(|(_, a)| mated(a, rules))
                    .map(|(m, _)| m)
                    .collect();
                (c, mates)
            })
            .filter(|(_, m): &(String, Vec<String>)| !m.is_empty())
            .collect();
        let mut found: Vec<(String, Vec<String>)> = r
            .set_play
            .iter()
            .map(|d| {
                (
                    d.turn.code.clone(),
                    d.answers.iter().map(|a| a.turn.code.clone()).collect(),
                )
            })
            .collect();
        brute.sort();
        found.sort();
        assert_eq!(found, brute, "{pieces}");
    }
    let r = report(
        "BeginProblem\nPieces White Kb6 Qg1 Black Ka8 Pb7\nStipulation #2\nOption SetPlay\nEndProblem",
    );
    let lines: Vec<String> = r.lines[..2].iter().map(ToString::to_string).collect();
    assert_eq!(lines, ["set play:", "   1...Kb8 2.Qg8#"]);
}

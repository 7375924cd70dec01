//! Direct mates in 1 to 3 composed for each variant and checked by hand (the reasoning is in
//! the comments); the solver must find exactly the listed keys, and the search must see the
//! mate.

use grolman::{Position, Variant};
use grolman_engine::problem::{parse, solve, solve_twin_with, Method, Verdict};
use grolman_engine::{native_clock, Engine, Limits};

/// (variant, FEN, stipulation, key codes)
const PROBLEMS: &[(&str, &str, &str, &[&str])] = &[
    // Back-rank mate.
    ("orthodox", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "#1", &["a1a8"]),
    // The same in Grolman chess is no mate: h6 lets the king follow to h7 (Kg8-h7).
    ("grolman", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "#1", &[]),
    // Ra8 draws Bb2-a1 after it: the bishop keeps g7 (g6 would bring Kh8-g7 into check), the
    // knight g5 keeps h7 (h6 would bring Kh8-h7 into check), the rook keeps g8.
    (
        "grolman",
        "7k/6pp/8/6N1/8/8/1B6/R6K w - - 0 1",
        "#1",
        &["a1a8,b2a1"],
    ),
    // The rook arriving on d3 or h1 defends Bh3, which becomes a rook and checks along the
    // h-file; Kf7 keeps g7 and g8.
    (
        "tatarstan",
        "7k/5K2/8/8/8/7B/8/3R4 w - - 0 1",
        "#1",
        &["d1h1", "d1d3"],
    ),
    // 1.Kf7 Kh7 2.Rh1#.
    ("orthodox", "7k/8/5K2/8/8/8/8/6R1 w - - 0 1", "#2", &["f6f7"]),
    // 1.Kb3 (Na5-c4): the knight that follows the king guards d2, so after 1...Kc1 (or any
    // move) 2.Rf1# holds; the king b3 guards a2, b2, c2.
    (
        "grolman",
        "8/2p5/p4R2/N7/2K3B1/8/8/1k6 w - - 0 1",
        "#2",
        &["c4b3,a5c4"],
    ),
    // Without the follower there is no mate in two.
    ("orthodox", "8/2p5/p4R2/N7/2K3B1/8/8/1k6 w - - 0 1", "#2", &[]),
    // 1.Rg2 (Be2-g4) [g4=R]: the rook g2 defends the bishop, which becomes a rook; then
    // 2.Rg1 (Rg4-g2, Kh3-g4)# with rooks on g1 and g2 closing ranks 1 and 2.
    (
        "tatarstan",
        "8/8/8/3P4/2p3R1/7K/4B3/2k5 w - - 0 1",
        "#2",
        &["g4g2,e2g4"],
    ),
    // 1.Kc6 Ka6 2.Ra4#; 1...Ka8 2.Kb6 Kb8 3.Rh8#; 1...Kb8 2.Ra4 Kc8 3.Ra8#.
    ("orthodox", "8/k7/8/3K4/7R/8/8/8 w - - 0 1", "#3", &["d5c6"]),
    // 1.Kf2 threatens 2.Rh4#; 1...Kh3 2.Rxb4 Kh2 3.Rh4#.
    ("grolman", "8/8/8/7N/1p2R3/5K2/7k/8 w - - 0 1", "#3", &["f3f2"]),
    // 1.Ra6 [a3=R] (the knight a3, defended by the rook, becomes one), then 2.Ra7 (Ra3-a6)+
    // and 3.Ra8 (Ra6-a7)#: the doubled rooks sweep the seventh and eighth ranks.
    ("tatarstan", "8/5k2/4R3/5p2/8/N7/2K5/8 w - - 0 1", "#3", &["e6a6"]),
];

fn keys(variant: &str, fen: &str, stip: &str) -> (Vec<String>, Verdict) {
    let problems = parse(&format!("{variant} {fen} {stip} 1")).unwrap();
    let reports = solve(&problems[0], &mut |_| true).unwrap();
    let mut keys: Vec<String> = reports[0].solutions.iter().map(|s| s[0].clone()).collect();
    keys.sort();
    (keys, reports[0].verdict)
}

#[test]
fn solver_finds_exactly_the_composed_keys() {
    for &(variant, fen, stip, expected) in PROBLEMS {
        let (found, verdict) = keys(variant, fen, stip);
        let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
        expected.sort();
        assert_eq!(found, expected, "{variant} {stip} {fen}");
        match expected.len() {
            0 => assert_eq!(verdict, Verdict::NoSolution),
            1 => assert_eq!(verdict, Verdict::Sound),
            n => assert_eq!(
                verdict,
                Verdict::Cooked {
                    found: n,
                    intended: 1
                }
            ),
        }
    }
}

#[test]
fn search_sees_the_mates_and_plays_a_key() {
    for &(variant, fen, stip, expected) in PROBLEMS {
        if expected.is_empty() {
            continue;
        }
        let n: i32 = stip[1..].parse().unwrap();
        let rules = variant.parse::<Variant>().unwrap().into();
        let pos = Position::from_fen(fen).unwrap();
        let mut engine = Engine::with_table(rules, native_clock(), 4);
        let info = engine
            .search(&pos, &Limits::depth(2 * n as u32 + 2), &mut |_| {})
            .unwrap();
        let mate = info.mate_in().unwrap_or(0);
        assert!(
            (1..=n).contains(&mate),
            "{variant} {fen}: score {}",
            info.score_text()
        );
        if mate == n {
            let best = &grolman_engine::pv_turns(&pos, rules, &info.pv)[0];
            assert!(
                expected.contains(&best.code.as_str()),
                "{variant} {fen}: played {}",
                best.code
            );
        }
    }
}

#[test]
fn report_names_key_threat_and_variations() {
    let problems = parse("orthodox 8/k7/8/3K4/7R/8/8/8 w - - 0 1 #3").unwrap();
    let text = solve(&problems[0], &mut |_| true).unwrap()[0].text();
    assert!(text.contains("1.Kc6! threat:"), "{text}");
    assert!(text.contains("1...Ka6 2.Ra4#"), "{text}");
    assert!(text.ends_with("1 key: sound\n"), "{text}");
    let problems = parse("tatarstan 7k/5K2/8/8/8/7B/8/3R4 w - - 0 1 #1").unwrap();
    let text = solve(&problems[0], &mut |_| true).unwrap()[0].text();
    assert!(text.contains("1.Rd3 [h3=R]#!"), "{text}");
    assert!(text.contains("cooked: 2 keys, 1 intended"), "{text}");
}

#[test]
fn selfmate_in_one_where_the_follower_rule_refutes_it() {
    // Orthodox: 1.Qd4 leaves Black only 1...g2#, the king h1 boxed by its bishop and the black
    // king. In Grolman chess 1...g2 brings Kh3-g3 after it and the mate fails: White answers
    // e.g. 2.Bf2 (Kh1-g1), the king following its bishop out of the corner.
    let fen = "3Q4/8/8/8/8/6pk/8/6BK w - - 0 1";
    assert_eq!(
        keys("orthodox", fen, "s#1"),
        (vec!["d8d4".to_string()], Verdict::Sound)
    );
    assert_eq!(keys("grolman", fen, "s#1"), (vec![], Verdict::NoSolution));
}

/// The solver tells its progress what first move it is trying: each one a legal first move of
/// the position, counted among all of them, in order.
#[test]
fn progress_names_the_first_move_being_tried() {
    let problems = parse("orthodox rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 #3").unwrap();
    let mut seen = Vec::new();
    // The exhaustive method, so that the search is long enough to ask.
    solve_twin_with(
        &problems[0],
        &problems[0].twins[0],
        Method::Exhaustive,
        &mut |s| {
            seen.push(s.clone());
            true
        },
    )
    .unwrap();
    let start = Position::start();
    let firsts: Vec<String> = grolman::notation::legal_turns(&start, Variant::Orthodox.into())
        .iter()
        .map(grolman::notation::literature::write_moves)
        .collect();
    let tried: Vec<_> = seen.iter().filter(|s| !s.first.is_empty()).collect();
    assert!(
        tried.len() > 1,
        "the search of 20 first moves to mate in 3 asked more than once: {seen:?}"
    );
    for s in &tried {
        assert_eq!(s.count, 20);
        assert_eq!(firsts.get(s.index - 1), Some(&s.first), "{s:?}");
    }
    assert!(tried.windows(2).all(|w| w[0].index <= w[1].index));
}

//! Problems without a side's king: Popeye's `Option NoWk` / `NoBk` (French `SansRB` / `SansRN`,
//! German `OhneWk` / `OhneSk`), read in the three languages and solved as docs/rules.md says
//! (1.6, 1.7: a side without a king is never in check, so it is never mated and every otherwise
//! legal turn is legal for it; it can be stalemated; 3.2: no unit becomes a king). The keys are
//! checked against the brute force of tests/brute/ and the helpmates against a walk of every
//! line over the rules crate alone, in all three rule sets.

mod brute;

use brute::Brute;
use grolman::random::Xorshift;
use grolman::{
    has_legal_turn, Board, Castling, Color, Kingless, Piece, Position, Role, Rules, Setup, SetupError,
    Variant,
};
use grolman_engine::problem::{
    parse, parse_with_options, solve, solve_twin_with, Method, ProblemErrorKind as Kind, TwinReport,
};

const CONDITIONS: [&str; 3] = ["", "Condition GrolmanChess", "Condition TatarstanChess"];

fn problem(condition: &str, pieces: &str, stipulation: &str, option: &str) -> String {
    format!("BeginProblem\n{condition}\nPieces {pieces}\nStipulation {stipulation}\nOption NoThreat {option}\nEndProblem")
}

fn report(text: &str) -> TwinReport {
    solve(
        &parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))[0],
        &mut |_| true,
    )
    .unwrap()
    .remove(0)
}

fn keys(r: &TwinReport) -> Vec<String> {
    let mut k: Vec<String> = r.keys.iter().map(|k| k.turn.code.clone()).collect();
    k.sort();
    k.dedup();
    k
}

/// The report's position, read as a problem's (either side may lack its king).
fn position(r: &TwinReport) -> Position {
    Position::from_fen_with(&r.fen, Kingless::from_letters("wb").unwrap()).unwrap()
}

fn brute(rules: Rules, selfplay: bool, stalemate: bool) -> Brute {
    Brute {
        rules,
        selfplay,
        stalemate,
        threat: None,
        non_trivial: None,
        passes: false,
        exclusive: None,
        max_flights: None,
    }
}

/// Every helpmate line of exactly `plies` half-moves from `pos`, as turn codes, walked over
/// the rules crate's legal turns alone.
fn help_lines(pos: &Position, rules: Rules, plies: u32, stalemate: bool) -> Vec<Vec<String>> {
    if plies == 0 {
        let lost = !has_legal_turn(pos, rules) && pos.is_check() != stalemate;
        return if lost { vec![Vec::new()] } else { Vec::new() };
    }
    let mut out = Vec::new();
    for turn in grolman::notation::legal_turns(pos, rules) {
        for mut rest in help_lines(&turn.after, rules, plies - 1, stalemate) {
            rest.insert(0, turn.code.clone());
            out.push(rest);
        }
    }
    out
}

#[test]
fn no_wk_and_no_bk_are_read_in_each_language_and_admit_that_king_only() {
    let black = Kingless::NONE.with(Color::Black);
    let white = Kingless::NONE.with(Color::White);
    let cases = [
        (
            "BeginProblem\nPieces White Ka1 Rc1 Black Pa7\nStipulation =1\nOption NoBk\nEndProblem",
            black,
        ),
        (
            "DebutProbleme\nPieces Blanc Ra1 Tc1 Noir Pa7\nEnonce =1\nOption SansRN\nFinProbleme",
            black,
        ),
        (
            "AnfangProblem\nSteine Weiss Ka1 Tc1 Schwarz Ba7\nForderung =1\nOption OhneSk\nEndeProblem",
            black,
        ),
        (
            "BeginProblem\nPieces White Rc1 Black Ka8 Pa7\nStipulation #1\nOption NoWk\nEndProblem",
            white,
        ),
        (
            "DebutProbleme\nPieces Blanc Tc1 Noir Ra8 Pa7\nEnonce #1\nOption SansRB\nFinProbleme",
            white,
        ),
        (
            "AnfangProblem\nSteine Weiss Tc1 Schwarz Ka8 Ba7\nForderung #1\nOption OhneWk\nEndeProblem",
            white,
        ),
    ];
    for (text, kingless) in cases {
        let p = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p[0].twins[0].position.kingless(), kingless, "{text}");
        // Without the option the same diagram is refused, as before.
        let plain = text
            .replace("Option NoBk", "")
            .replace("Option SansRN", "")
            .replace("Option OhneSk", "");
        let plain = plain
            .replace("Option NoWk", "")
            .replace("Option SansRB", "")
            .replace("Option OhneWk", "");
        let missing = if kingless == black {
            Color::Black
        } else {
            Color::White
        };
        let e = parse(&plain).unwrap_err();
        assert_eq!(
            e.kind,
            Kind::IllegalPosition(SetupError::NoKing(missing)),
            "{plain}"
        );
    }
    // NoBk admits a missing black king, not a missing white one.
    let e = parse("BeginProblem\nPieces White Rc1 Black Pa7\nStipulation =1\nOption NoBk\nEndProblem")
        .unwrap_err();
    assert_eq!(e.kind, Kind::IllegalPosition(SetupError::NoKing(Color::White)));
    // Both options together: neither king is needed.
    let p = parse("BeginProblem\nPieces White Rc1 Black Pa7\nStipulation =1\nOption NoWk NoBk\nEndProblem")
        .unwrap();
    assert_eq!(p[0].twins[0].position.kingless(), white.with(Color::Black));
}

#[test]
fn a_fen_line_may_lack_the_king_its_options_name() {
    let line = "orthodox 8/p7/8/8/8/8/8/K1R5 w - - 0 1 =1";
    let e = parse(line).unwrap_err();
    assert!(matches!(e.kind, Kind::Fen(_)), "{:?}", e.kind);
    for options in ["NoBk", "SansRN", "OhneSk"] {
        let p = parse_with_options(line, options).unwrap_or_else(|e| panic!("{options}: {e}"));
        assert_eq!(p[0].twins[0].position.kingless().letters(), "b", "{options}");
    }
    assert!(parse_with_options(line, "NoWk").is_err());
}

/// A kingless side is never mated: `#n` against it has no key; a direct mate of the side that
/// has a king is found (in orthodox chess 1.Rc8#), the kingless attacker never in check.
#[test]
fn a_kingless_side_cannot_be_mated_and_the_side_with_a_king_can() {
    for condition in CONDITIONS {
        let none = report(&problem(
            condition,
            "White Ke1 Qd1 Rh1 Black Pb6 Ba7",
            "#2",
            "NoBk",
        ));
        assert!(none.keys.is_empty(), "{condition}");
        let rules = none.variant.into();
        assert!(brute(rules, false, false).keys(&position(&none), 2).is_empty());

        let mate = report(&problem(
            condition,
            "White Rc1 Black Ka8 Pa7 Pb7 Ph5",
            "#1",
            "NoWk",
        ));
        let expected = brute(mate.variant.into(), false, false).keys(&position(&mate), 1);
        assert_eq!(keys(&mate), expected, "{condition}");
        // In Grolman and Tatarstan chess 1...a6 (Ka8-a7) answers the check.
        if condition.is_empty() {
            assert_eq!(expected, ["c1c8"]);
        }
    }
}

/// A kingless side can be stalemated: `=1` with NoBk, the rook blocks the only free pawn.
#[test]
fn a_kingless_side_can_be_stalemated() {
    for condition in CONDITIONS {
        let r = report(&problem(
            condition,
            "White Ke1 Rd4 Pb2 Black Pb3 Ph5",
            "=1",
            "NoBk",
        ));
        let expected = brute(r.variant.into(), false, true).keys(&position(&r), 1);
        assert_eq!(keys(&r), expected, "{condition}");
        assert_eq!(expected, ["d4h4"], "{condition}");
    }
}

/// `s#1` with NoBk: White waits (1.a3 or 1.a4) and Black, without a king, must mate: both its
/// turns take on g2 with mate (in orthodox chess), the other pawn guarding g2.
#[test]
fn a_selfmate_has_the_kingless_side_mate_the_side_with_a_king() {
    for condition in CONDITIONS {
        let r = report(&problem(
            condition,
            "White Kh1 Bg1 Sh2 Pg2 Pf2 Pa2 Black Pf3 Ph3",
            "s#1",
            "NoBk",
        ));
        let expected = brute(r.variant.into(), true, false).keys(&position(&r), 1);
        assert_eq!(keys(&r), expected, "{condition}");
        if condition.is_empty() {
            assert_eq!(expected, ["a2a3", "a2a4"]);
        }
        // Without its king White cannot be mated: the same play with NoWk has no key.
        let none = report(&problem(
            condition,
            "White Bg1 Sh2 Pg2 Pf2 Pa2 Black Ke8 Pf3 Ph3",
            "s#1",
            "NoWk",
        ));
        assert!(none.keys.is_empty(), "{condition}");
    }
}

/// `h#1` with NoWk: Black, who has the king, helps the kingless White mate it (in orthodox
/// chess 1...h4 2.Rc8#).
#[test]
fn a_helpmate_without_the_white_king_has_black_help_white_mate() {
    for condition in CONDITIONS {
        let r = report(&problem(
            condition,
            "White Rc1 Black Ka8 Pa7 Pb7 Ph5",
            "h#1",
            "NoWk",
        ));
        let walked = help_lines(&position(&r), r.variant.into(), 2, false);
        let mut found = r.solutions.clone();
        found.sort();
        assert_eq!(found, walked, "{condition}");
        if condition.is_empty() {
            assert_eq!(walked, [["h5h4", "c1c8"]]);
            // `grolman solve --popeye`: Popeye's layout of the line.
            assert!(
                r.popeye_text(None).contains("  1.h5-h4 Rc1-c8 #"),
                "{}",
                r.popeye_text(None)
            );
        }
    }
}

/// A random legal position with `white` and `black` units besides the kings, the side of
/// `kingless` without its king.
fn random_kingless(rng: &mut Xorshift, kingless: Color, units: usize, turn: Color) -> Position {
    loop {
        let mut board = Board::default();
        rng.put(&mut board, Piece::new(kingless.other(), Role::King));
        for i in 0..units {
            let color = if i % 2 == 0 { Color::White } else { Color::Black };
            let role = rng.role();
            rng.put(&mut board, Piece::new(color, role));
        }
        let setup = Setup {
            board,
            turn,
            castling: Castling::NONE,
            ep: None,
            halfmoves: 0,
            fullmoves: 1,
        };
        if let Ok(pos) = Position::from_setup_with(setup, Kingless::NONE.with(kingless)) {
            return pos;
        }
    }
}

/// Random kingless positions in the three rule sets: the solver's keys of `#2` and `=2` are
/// the brute force's, its `h#2` solutions (pruned and exhaustive) those of the walk.
#[test]
fn random_kingless_problems_have_the_brute_forces_solutions() {
    let mut rng = Xorshift(0x6b69_6e67_6c65_7373);
    let mut solved = [0usize; 3];
    for variant in [Variant::Orthodox, Variant::Grolman, Variant::Tatarstan] {
        let rules: Rules = variant.into();
        let units = if variant == Variant::Tatarstan { 4 } else { 5 };
        for case in 0..6 {
            let kingless = if case % 2 == 0 { Color::White } else { Color::Black };
            let option = if kingless == Color::White { "NoWk" } else { "NoBk" };
            for (i, (stipulation, selfplay, stalemate)) in [("#2", false, false), ("=2", false, true)]
                .into_iter()
                .enumerate()
            {
                let pos = random_kingless(&mut rng, kingless, units, Color::White);
                let text = format!("{} {} {stipulation}", variant.name(), pos.fen());
                let p = parse_with_options(&text, option).unwrap();
                let r = solve(&p[0], &mut |_| true).unwrap().remove(0);
                let expected = brute(rules, selfplay, stalemate).keys(&pos, 2);
                assert_eq!(keys(&r), expected, "{text} {option}");
                solved[i] += usize::from(!expected.is_empty());
            }
            let pos = random_kingless(&mut rng, kingless, units, Color::Black);
            let text = format!("{} {} h#2", variant.name(), pos.fen());
            let p = parse_with_options(&text, option).unwrap();
            let mut walked = help_lines(&pos, rules, 4, false);
            walked.sort();
            for method in [Method::Pruned, Method::Exhaustive] {
                let mut found = solve_twin_with(&p[0], &p[0].twins[0], method, &mut |_| true)
                    .unwrap()
                    .solutions;
                found.sort();
                assert_eq!(found, walked, "{text} {option} {method:?}");
            }
            solved[2] += usize::from(!walked.is_empty());
        }
    }
    // The positions must exercise the solver: some have solutions (a direct mate only where
    // the kingless side attacks). Random selfmates almost never have one (none in 200,000
    // five-unit positions tried), so the selfmate above is made for it.
    assert!(solved.iter().all(|&n| n > 0), "{solved:?}");
}

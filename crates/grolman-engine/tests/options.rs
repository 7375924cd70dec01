//! What the solving options do, on small problems whose answers are worked out in the
//! comments (or by a brute force over the rules crate), and Popeye's output layout.

use grolman::{for_each_turn, has_legal_turn, write_code, Position, Rules};
use grolman_engine::problem::{parse, solve, TwinReport};

fn reports(text: &str) -> Vec<TwinReport> {
    solve(&parse(text).unwrap()[0], &mut |_| true).unwrap()
}

fn problem(pieces: &str, stipulation: &str, options: &str) -> String {
    format!("BeginProblem\nPieces {pieces}\nStipulation {stipulation}\nOption {options}\nEndProblem")
}

fn keys(r: &TwinReport) -> Vec<String> {
    let mut k: Vec<String> = r.keys.iter().map(|k| k.turn.code.clone()).collect();
    k.sort();
    k
}

#[test]
fn post_key_play_solves_the_position_after_the_key() {
    // After 1.Kc7 (the key of Kc6 Rh1 Bb5 against Ka7 Pb6) Black has only Ka8 (b8 is the
    // king's, a6 the bishop's, b6 is blocked), and 2.Ra1 mates.
    let r = reports(&problem("White Kc7 Rh1 Bb5 Black Ka7 Pb6", "#2", "PostKeyPlay")).remove(0);
    assert_eq!(r.fen, "8/k1K5/1p6/1B6/8/8/8/7R b - - 0 1");
    let play: Vec<(String, Vec<String>)> = r
        .post_key
        .iter()
        .map(|d| {
            (
                d.turn.notation.clone(),
                d.answers.iter().map(|a| a.turn.notation.clone()).collect(),
            )
        })
        .collect();
    assert_eq!(play, [("Ka8".to_string(), vec!["Ra1#".to_string()])]);
    assert!(r.post_key_refutations.is_empty());
    assert_eq!(r.solutions.len(), 1);
}

#[test]
fn quodlibet_lets_a_selfmate_be_won_by_a_direct_mate() {
    let pieces = "White Kb6 Qg1 Black Ka8 Pb7";
    // Black's king and pawn cannot mate: no s#1 at all, but with Quodlibet every mate in one.
    assert!(reports(&problem(pieces, "s#1", "NoThreat"))
        .remove(0)
        .keys
        .is_empty());
    let r = reports(&problem(pieces, "s#1", "Quodlibet")).remove(0);
    let pos = Position::from_fen(&r.fen).unwrap();
    let rules = Rules::from(r.variant);
    let mut mates = Vec::new();
    for_each_turn(&pos, rules, false, &mut |v| {
        if v.after.is_check() && !has_legal_turn(v.after, rules) {
            mates.push(write_code(v.steps, v.owner_promotions));
        }
        false
    });
    mates.sort();
    assert_eq!(keys(&r), mates);
    assert!(!mates.is_empty());
}

#[test]
fn max_solutions_stops_and_defence_n_widens_the_tries() {
    // Qg1 against Ka8 Pb7 has 16 keys (a cook): MaxSolutions 2 stops after two.
    let pieces = "White Kb6 Qg1 Black Ka8 Pb7";
    assert_eq!(
        reports(&problem(pieces, "#2", "NoThreat")).remove(0).keys.len(),
        16
    );
    assert_eq!(
        reports(&problem(pieces, "#2", "MaxSolutions 2"))
            .remove(0)
            .keys
            .len(),
        2
    );
    // Tries of Kc7 Rh1 Sc5 against Ka7 Pa6: with Defence 2 every try has one or two
    // refutations, and the one-refutation tries are those of Option Try.
    let pieces = "White Kc7 Rh1 Sc5 Black Ka7 Pa6";
    let one = reports(&problem(pieces, "#2", "Try")).remove(0).tries;
    let two = reports(&problem(pieces, "#2", "Defence 2")).remove(0).tries;
    assert!(two.iter().all(|t| (1..=2).contains(&t.refutations.len())));
    let singles: Vec<_> = two.iter().filter(|t| t.refutations.len() == 1).cloned().collect();
    assert_eq!(singles, one);
    assert!(two.len() > one.len());
}

#[test]
fn short_helpmates_are_reported_and_stop_on_short_solutions_stops_there() {
    // Kf6 Qg1 against Kh8 Pa5: 1.a4 Qg7# is a helpmate in one, a short solution of the h#2;
    // StopOnShortSolutions reports it and does not solve the full length.
    let pieces = "White Kf6 Qg1 Black Kh8 Pa5";
    let r = reports(&problem(pieces, "h#2", "NoBoard")).remove(0);
    assert!(!r.short.is_empty() && !r.help.is_empty());
    let stopped = reports(&problem(pieces, "h#2", "StopOnShortSolutions")).remove(0);
    assert_eq!(stopped.short, r.short);
    assert!(stopped.help.is_empty());
}

#[test]
fn no_short_variations_leaves_only_the_full_length_play() {
    let pieces = "White Kc6 Rh1 Bb5 Black Ka7 Pb6";
    let all = reports(&problem(pieces, "#3", "NoThreat")).remove(0);
    let full = reports(&problem(pieces, "#3", "NoShortVariations")).remove(0);
    let lefts = |r: &TwinReport| -> Vec<u32> {
        r.keys
            .iter()
            .flat_map(|k| k.defences.iter().map(|d| d.turns_left))
            .collect()
    };
    assert!(
        lefts(&all).iter().any(|&n| n < 2),
        "the test needs a short variation"
    );
    assert!(lefts(&full).iter().all(|&n| n == 2));
    assert_eq!(keys(&full), keys(&all));
}

#[test]
fn popeye_layout_writes_long_notation_threats_tries_and_the_end_line() {
    let r = reports(&problem("White Kc6 Rh1 Bb5 Black Ka7 Pb6", "#2", "Try")).remove(0);
    assert_eq!(
        r.popeye_text(None),
        "
  1.Kc6-c7 ! threat:
          2.Rh1-a1 #
      1...Ka7-a8
          2.Rh1-a1 #
  1.Rh1-a1 + ?
    but
      1...Ka7-b8 !

solution finished.
"
    );
    let r = reports("BeginProblem\nPieces White Kf6 Qg1 Black Kh8\nStipulation h#1\nEndProblem").remove(0);
    assert!(r
        .popeye_text(Some(0.25))
        .ends_with("\n\nsolution finished. Time = 0.250 s\n"));
}

#[test]
fn mates_in_1_shows_a_defence_that_mates_before_the_end() {
    // s#2: 1.Be2! (zugzwang) 1...h6 2.Bh5 g2#, 1...h5 2.Bxh5 g2#. Black's 1...g2# mates
    // White at once while the play could go on: Popeye leaves it out unless MatesIn1.
    let pieces = "White Kh1 Qd8 Ba6 Bg1 Black Kh3 Pg3 Ph7";
    let defences = |options: &str| -> Vec<String> {
        let r = reports(&problem(pieces, "s#2", options)).remove(0);
        assert_eq!(keys(&r), ["a6e2"]);
        r.keys[0]
            .defences
            .iter()
            .map(|d| d.turn.notation.clone())
            .collect()
    };
    assert_eq!(defences("NoBoard"), ["h6", "h5"]);
    assert_eq!(defences("MatesIn1"), ["g2#", "h6", "h5"]);
    // At the end of the play the mates are the play itself, shown either way.
    let r = reports(&problem(pieces, "s#2", "NoBoard")).remove(0);
    let last: Vec<&str> = r.keys[0].defences[0].answers[0]
        .defences
        .iter()
        .map(|d| d.turn.notation.as_str())
        .collect();
    assert_eq!(last, ["g2#"]);
}

/// The problem `Pieces White Ke1 Black Ke8`, `Stipulation #2` and one option line, in English,
/// French and German; the option is on line 4.
fn in_three_languages(en: &str, fr: &str, de: &str) -> [String; 3] {
    [
        format!("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nOption {en}\nEndProblem"),
        format!("DebutProbleme\nPieces Blanc Re1 Noir Re8\nEnonce #2\nOption {fr}\nFinProbleme"),
        format!("AnfangProblem\nSteine Weiss Ke1 Schwarz Ke8\nForderung #2\nOption {de}\nEndeProblem"),
    ]
}

#[test]
fn refused_options_say_why_in_each_language() {
    use grolman_engine::problem::{Expected, ProblemErrorKind as Kind};
    let cases = [
        (
            "CastlingMutuallyExclusive a1h1",
            "RoquesMutuellementExclusifs a1h1",
            "RochadenGegenseitigAusschliessend a1h1",
            Kind::ExclusiveCastlingSquares,
        ),
        (
            "StartMoveNumber 0",
            "Enroute 0",
            "StartZugnummer 0",
            Kind::BadNumber(Expected::MoveNumber),
        ),
        (
            "UpToMoveNumber three",
            "JusquAuCoup trois",
            "BisZugnummer drei",
            Kind::BadNumber(Expected::MoveNumber),
        ),
        (
            "UpToMoveNumber 2 StartMoveNumber 3",
            "JusquAuCoup 2 Enroute 3",
            "BisZugnummer 2 StartZugnummer 3",
            Kind::NoFirstMoves { start: 3, up_to: 2 },
        ),
        (
            "MaxFlightsquares many",
            "MaxCasesFuites beaucoup",
            "MaxFluchtFelder viele",
            Kind::BadNumber(Expected::FlightCount),
        ),
        ("Search", "Search", "Suchen", Kind::OptionNotSupported("Search")),
        (
            "MultiSolutions",
            "MultiSolutions",
            "MehrereLoesungen",
            Kind::OptionNotSupported("MultiSolutions"),
        ),
        (
            "NoSymmetry",
            "NonSymetrique",
            "KeineSymmetrie",
            Kind::OptionNotSupported("NoSymmetry"),
        ),
        (
            "LastCapture",
            "DernierePrise",
            "LetzterSchlag",
            Kind::OptionNotSupported("LastCapture"),
        ),
    ];
    for (en, fr, de, kind) in cases {
        for text in in_three_languages(en, fr, de) {
            let e = parse(&text).unwrap_err();
            assert_eq!((e.line, &e.kind), (4, &kind), "{text}");
        }
    }
    // Popeye's structured stipulation, by its name in each language.
    for text in [
        "BeginProblem\nPieces White Ke1 Black Ke8\nSStipulation white 3a[#]d\nEndProblem",
        "DebutProbleme\nPieces Blanc Re1 Noir Re8\nSEnonce blanc 3a[#]d\nFinProbleme",
        "AnfangProblem\nSteine Weiss Ke1 Schwarz Ke8\nSForderung weiss 3a[#]d\nEndeProblem",
    ] {
        let e = parse(text).unwrap_err();
        assert_eq!((e.line, e.kind), (3, Kind::StructuredStipulation), "{text}");
    }
}

#[test]
fn null_moves_are_refused_where_a_pass_changes_the_goal_itself() {
    use grolman_engine::problem::ProblemErrorKind as Kind;
    // A side that may pass is never stalemated, and a series lets the other side pass already.
    for stipulation in ["=2", "h=2", "s=2", "ser-#3", "ser-h#3"] {
        for (i, text) in in_three_languages("NullMoves", "CoupsVides", "NullZuege")
            .into_iter()
            .enumerate()
        {
            let text = text.replace("#2", stipulation);
            let e = parse(&text).unwrap_err();
            assert_eq!(e.line, 4, "{text}");
            assert_eq!(
                e.kind,
                Kind::NullMovesRefused(stipulation.parse().unwrap()),
                "{i} {text}"
            );
        }
    }
    // In a twin too.
    let e = parse(
        "BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nOption NullMoves\nTwin Stipulation =2\nEndProblem",
    )
    .unwrap_err();
    assert_eq!(e.line, 4);
}

#[test]
fn a_pass_is_a_first_move_and_a_defence_with_null_moves() {
    // 1.Ra4# mates at once; 1.--? is a try: after White's pass every black move allows 2.Ra4#
    // but 1...b5 (Black's own pass 1...-- is answered by the mate too). Popeye writes a null
    // move as `...`.
    let r = reports(&problem("White Kc7 Rg4 Bd7 Black Ka6 Pb7", "#2", "Try NullMoves")).remove(0);
    assert_eq!(keys(&r), ["g4a4"]);
    let pass = r
        .tries
        .iter()
        .find(|t| t.attack.turn.code == "0000")
        .expect("the pass is a try");
    let refutations: Vec<&str> = pass.refutations.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(refutations, ["b5"]);
    let text = r.text();
    assert!(text.contains("1.--? threat: 2.Ra4#\n"), "{text}");
    assert!(text.contains("   1...-- 2.Ra4#\n"), "{text}");
    let popeye = r.popeye_text(None);
    assert!(
        popeye.contains("  1. ... ? threat:\n          2.Rg4-a4 #\n"),
        "{popeye}"
    );
    assert!(
        popeye.contains("      1... ...\n          2.Rg4-a4 #\n"),
        "{popeye}"
    );
    assert!(popeye.contains("    but\n      1...b7-b5 !\n"), "{popeye}");
    // Without the option neither side passes.
    let plain = reports(&problem("White Kc7 Rg4 Bd7 Black Ka6 Pb7", "#2", "Try")).remove(0);
    assert!(plain.tries.iter().all(|t| t.attack.turn.code != "0000"));
}

#[test]
fn trivial_tries_avoid_drops_the_tries_that_check() {
    // Kc6 Rh1 Bb5 against Ka7 Pb6: 1.Ra1+? fails to 1...Kb8 (above); a checking try is
    // trivial for Popeye's TrivialTriesAvoid.
    let tries = |options: &str| -> Vec<String> {
        let r = reports(&problem("White Kc6 Rh1 Bb5 Black Ka7 Pb6", "#2", options)).remove(0);
        assert_eq!(keys(&r), ["c6c7"]);
        r.tries.iter().map(|t| t.attack.turn.notation.clone()).collect()
    };
    assert_eq!(tries("Try"), ["Ra1+"]);
    for words in ["Try TrivialTriesAvoid", "Try TrivialT"] {
        assert!(tries(words).is_empty(), "{words}");
    }
}

#[test]
fn a_zero_position_is_not_solved_and_its_changes_make_twin_a() {
    // Popeye's ZeroPosition (NullStellung): a) is the diagram with Rh1 moved to h3, b) with
    // it moved to h2 instead (twins change the zero position unless Continued).
    for text in [
        "BeginProblem\nPieces White Kc6 Rh1 Bb5 Black Ka7 Pb6\nStipulation #2\nZeroPosition Move h1 h3\nTwin Move h1 h2\nEndProblem",
        "DebutProbleme\nPieces Blanc Rc6 Th1 Fb5 Noir Ra7 Pb6\nEnonce #2\nZeroPosition Deplacement h1 h3\nJumeau Deplacement h1 h2\nFinProbleme",
        "AnfangProblem\nSteine Weiss Kc6 Th1 Lb5 Schwarz Ka7 Bb6\nForderung #2\nNullStellung Versetze h1 h3\nZwilling Versetze h1 h2\nEndeProblem",
    ] {
        let p = &parse(text).unwrap()[0];
        let twins: Vec<(&str, &str, String)> = p
            .twins
            .iter()
            .map(|t| (t.label.as_str(), t.change.as_str(), t.position.fen()))
            .collect();
        assert_eq!(
            twins,
            [
                ("a)", "h1-->h3", "8/k7/1pK5/1B6/8/7R/8/8 w - - 0 1".to_string()),
                ("b)", "h1-->h2", "8/k7/1pK5/1B6/8/8/7R/8 w - - 0 1".to_string()),
            ],
            "{text}"
        );
    }
}

#[test]
fn the_initial_game_array_sets_up_the_opening_position() {
    for text in [
        "BeginProblem\nInitialGameArray\nStipulation h#2\nEndProblem",
        "DebutProbleme\nPositionInitialePartie\nEnonce h#2\nFinProbleme",
        "AnfangProblem\nPartieAnfangsStellung\nForderung h#2\nEndeProblem",
    ] {
        let p = &parse(text).unwrap()[0];
        assert_eq!(
            p.twins[0].position.fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            "{text}"
        );
    }
    // Pieces given as well go onto it, replacing what stood there.
    let p = &parse("BeginProblem\nInitialGameArray\nPieces White Qd2 Black Se7\nStipulation #2\nEndProblem")
        .unwrap()[0];
    assert_eq!(
        p.twins[0].position.fen(),
        "rnbqkbnr/ppppnppp/8/8/8/8/PPPQPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn start_and_up_to_move_number_solve_the_first_moves_numbered_so() {
    // The first moves are numbered in the order the solver tries them, the order of the rules
    // crate's legal turns, as the progress counts them ("trying Kc7 (3 of 20)"). A cooked #2
    // (four keys) and an h#2 with several solutions: the range keeps exactly the keys and
    // solutions whose first move's number is in it.
    let cases = [
        ("White Kb6 Qg1 Black Ka8 Pb7", "#2"),
        ("White Kc6 Rh1 Black Ka7 Pb6", "h#2"),
    ];
    for (pieces, stipulation) in cases {
        let all = &reports(&problem(pieces, stipulation, "NoBoard"))[0];
        let pos = grolman::Position::from_fen(&all.fen).unwrap();
        let order: Vec<String> = grolman::notation::legal_turns(&pos, all.variant.into())
            .into_iter()
            .map(|t| t.code)
            .collect();
        let number = |s: &Vec<String>| order.iter().position(|c| *c == s[0]).unwrap() + 1;
        let mut numbers: Vec<usize> = all.solutions.iter().map(number).collect();
        numbers.dedup();
        assert!(numbers.len() >= 2, "{pieces}: {numbers:?}");
        // From the second first move that solves on, up to the last but one, and the second alone.
        let (low, high) = (numbers[1], numbers[numbers.len() - 2]);
        for (option, start, up_to) in [
            (format!("StartMoveNumber {low}"), low, usize::MAX),
            (format!("UpToMoveNumber {high}"), 1, high),
            (format!("StartMoveNumber {low} UpToMoveNumber {low}"), low, low),
        ] {
            let r = &reports(&problem(pieces, stipulation, &option))[0];
            let expected: Vec<&Vec<String>> = all
                .solutions
                .iter()
                .filter(|s| (start..=up_to).contains(&number(s)))
                .collect();
            assert_eq!(
                r.solutions.iter().collect::<Vec<_>>(),
                expected,
                "{pieces} {option}"
            );
            assert!(r.solutions.len() < all.solutions.len(), "{pieces} {option}");
        }
    }
    // French and German spellings read the same.
    for text in [
        "DebutProbleme\nPieces Blanc Rb6 Dg1 Noir Ra8 Pb7\nEnonce #2\nOption Enroute 30 JusquAuCoup 40\nFinProbleme",
        "AnfangProblem\nSteine Weiss Kb6 Dg1 Schwarz Ka8 Bb7\nForderung #2\nOption StartZugnummer 30 BisZugnummer 40\nEndeProblem",
    ] {
        let p = &parse(text).unwrap()[0];
        assert_eq!((p.options.first_moves.start, p.options.first_moves.up_to), (Some(30), Some(40)));
    }
}

#[test]
fn options_beside_a_fen_line_are_popeyes_and_those_the_fen_states_are_refused() {
    use grolman_engine::problem::{parse_with_options, Expected, ProblemErrorKind as Kind};
    let fen = |stip: &str| format!("orthodox 8/k7/1pK5/1B6/8/8/8/7R w - - 0 1 {stip}");
    let problems = parse_with_options(&fen("#2"), "SetPlay Threat 1 MaxFlightsquares 0").unwrap();
    assert_eq!(
        (
            problems[0].options.set_play,
            problems[0].options.threat,
            problems[0].options.max_flights
        ),
        (true, Some(1), Some(0))
    );
    // 1.Kc7 leaves a flight: with MaxFlightsquares 0 the #2 has no key.
    assert!(solve(&problems[0], &mut |_| true).unwrap()[0].keys.is_empty());
    let kind = |stip: &str, options: &str| parse_with_options(&fen(stip), options).unwrap_err();
    for option in [
        "WhiteToPlay",
        "PostKeyPlay",
        "Duplex",
        "HalfDuplex",
        "EnPassant e2 e3 e4",
        "NoCastling e1",
    ] {
        let e = kind("#2", &format!("SetPlay {option}"));
        assert_eq!(
            (e.token.as_str(), e.kind),
            (option.split(' ').next().unwrap(), Kind::OptionChangesPosition)
        );
    }
    assert_eq!(
        kind("#2", "Threat").kind,
        Kind::EndOfInput {
            expected: Expected::MoveCount
        }
    );
    assert!(matches!(
        kind("#2", "SetPlay Twin").kind,
        Kind::UnsupportedOption(_)
    ));
    assert!(matches!(kind("=2", "NullMoves").kind, Kind::NullMovesRefused(_)));
}

#[test]
fn options_beside_a_fen_line_may_be_written_in_french_or_german() {
    use grolman_engine::problem::parse_with_options;
    let fen = "orthodox 8/k7/1pK5/1B6/8/8/8/7R w - - 0 1 #2";
    for (text, language) in [
        ("Apparent Menace 1 MaxCasesFuites 0", "French"),
        ("Satzspiel Drohung 1 MaxFluchtfelder 0", "German"),
    ] {
        let problems = parse_with_options(fen, text).unwrap_or_else(|e| panic!("{language}: {e}"));
        let o = &problems[0].options;
        assert_eq!(
            (o.set_play, o.threat, o.max_flights),
            (true, Some(1), Some(0)),
            "{language}"
        );
    }
    // One language for the whole list, as in a Popeye file: an English word after French ones
    // is not read.
    assert!(parse_with_options(fen, "Menace 1 SetPlay").is_err());
}

/// An option we do not read, in a French or German list (a Popeye file's or the element's
/// `options`), gets the list of those we read in that language, not in English.
#[test]
fn an_unread_option_is_answered_with_the_options_in_the_inputs_language() {
    use grolman_engine::problem::{parse_with_options, ProblemErrorKind as Kind};
    let fen = "orthodox 8/k7/1pK5/1B6/8/8/8/7R w - - 0 1 #2";
    let cases = [
        (
            "SetPlay Bogus",
            "SetPlay, Threat",
            "MoveNumbers, NoBoard",
            "Apparent",
        ),
        (
            "Apparent Bidule",
            "Essais, Defense, Apparent, Menace",
            "Trace, SansEchiquier",
            "SetPlay",
        ),
        (
            "Satzspiel Unsinn",
            "Verfuehrung, Widerlegung, Satzspiel, Drohung",
            "Zugnummern, OhneBrett",
            "SetPlay",
        ),
    ];
    for (options, supported, accepted, foreign) in cases {
        let e = parse_with_options(fen, options).unwrap_err();
        assert!(
            matches!(e.kind, Kind::UnsupportedOption(_)),
            "{options}: {:?}",
            e.kind
        );
        let text = e.to_string();
        assert!(
            text.contains(supported) && text.contains(accepted),
            "{options}: {text}"
        );
        assert!(!text.contains(foreign), "{options}: {text}");
        let facts = grolman::Coded::facts(&e);
        assert!(format!("{facts:?}").contains(supported), "{options}: {facts:?}");
    }
    let german =
        "AnfangProblem\nSteine Weiss Ke1 Schwarz Ke8\nForderung #2\nOption Satzspiel Unsinn\nEndeProblem";
    let text = parse(german).unwrap_err().to_string();
    assert!(
        text.contains("Satzspiel, Drohung") && !text.contains("SetPlay"),
        "{text}"
    );
}

//! Popeye's input in English, French and German: each command, colour, piece letter, option
//! and twin change in the three spellings reads to the same problem.

use grolman::{CastlingSide, Variant};
use grolman_engine::problem::{parse, solve, Options, Problem};

/// One problem written three times: every command, a two-letter colour, each language's
/// piece letters, and twin changes.
const ENGLISH: &str = "BeginProblem
Title three languages
Author Someone
Origin Somewhere
Remark nothing
Protocol out.txt
Condition GrolmanChess
Pieces White Ke1 Qd1 Ra1 Bc1 Sb1 Pe2 bl Ke8 Qd8 Rh8 Bf8 Sg8 Pe7
Pieces White Pd2
Stipulation #3
Option Try SetPlay Threat 2 NoThreat MaxSolutions 3 NoShortVariations Variations MoveNumbers NoBoard
Twin Move e2 e4 Exchange a1 h8
Twin Continued Remove d2 Add White Pa2 Black Pa7
Twin Substitute R B
Twin Rotate 180
Twin Mirror a1<-->h1
Twin Shift a1 a2
Twin PolishType
Twin Stipulation h#2
EndProblem";

const FRENCH: &str = "DebutProbleme
Titre three languages
Auteur Someone
Source Somewhere
Remarque nothing
Protocol out.txt
Condition GrolmanChess
Pieces Blanc Re1 Dd1 Ta1 Fc1 Cb1 Pe2 no Re8 Dd8 Th8 Ff8 Cg8 Pe7
Pieces Blanc Pd2
Enonce #3
Option Essais Apparent Menace 2 SansMenace MaxSolutions 3 SansVariantesCourtes Variantes Trace SansEchiquier
Jumeau Deplacement e2 e4 Echange a1 h8
Jumeau Enplus Ote d2 Ajoute Blanc Pa2 Noir Pa7
Jumeau Remplace T F
Jumeau Rotation 180
Jumeau Miroir a1<-->h1
Jumeau Translation a1 a2
Jumeau CouleurEchange
Jumeau Enonce h#2
FinProbleme";

const GERMAN: &str = "AnfangProblem
Titel three languages
Autor Someone
Quelle Somewhere
Bemerkung nothing
Protokoll out.txt
Bedingung GrolmanChess
Steine Weiss Ke1 Dd1 Ta1 Lc1 Sb1 Be2 sc Ke8 Dd8 Th8 Lf8 Sg8 Be7
Steine Weiss Bd2
Forderung #3
Option Verfuehrung Satzspiel Drohung 2 OhneDrohung MaxLoesungen 3 OhneKurzVarianten Varianten Zugnummern OhneBrett
Zwilling Versetze e2 e4 Tausche a1 h8
Zwilling Ferner Entferne d2 Hinzufuegen Weiss Ba2 Schwarz Ba7
Zwilling Ersetze T L
Zwilling Drehung 180
Zwilling Spiegelung a1<-->h1
Zwilling Verschiebung a1 a2
Zwilling Farbwechsel
Zwilling Forderung h#2
EndeProblem";

fn summary(p: &Problem) -> Vec<(String, String, String, String)> {
    p.twins
        .iter()
        .map(|t| {
            (
                t.label.clone(),
                t.change.clone(),
                t.position.fen(),
                t.stipulation.to_string(),
            )
        })
        .collect()
}

#[test]
fn the_three_languages_read_to_the_same_problem() {
    let english = parse(ENGLISH).unwrap().remove(0);
    for (name, text) in [("French", FRENCH), ("German", GERMAN)] {
        let other = parse(text).unwrap().remove(0);
        assert_eq!(summary(&other), summary(&english), "{name}");
        assert_eq!(other.options, english.options, "{name}");
        assert_eq!(
            (other.title.as_str(), other.variant),
            ("three languages", english.variant)
        );
    }
    assert_eq!(
        english.options,
        Options {
            no_threat: true,
            tries: Some(1),
            set_play: true,
            threat: Some(2),
            max_solutions: Some(3),
            no_short_variations: true,
            ..Options::default()
        }
    );
}

#[test]
fn twin_changes_do_what_popeyes_manual_says() {
    let p = parse(ENGLISH).unwrap().remove(0);
    let changes: Vec<&str> = p.twins.iter().map(|t| t.change.as_str()).collect();
    assert_eq!(
        changes,
        [
            "",
            "e2-->e4, a1<-->h8",
            "-d2, +wPa2 +bPa7",
            "R==>B",
            "rotation 180",
            "mirror a1<-->h1",
            "PolishType",
            "stipulation h#2",
        ]
    );
    let fen = |label: &str| p.twins.iter().find(|t| t.label == label).unwrap().position.fen();
    // a) the second Pieces command added Pd2; castling rights where king and rook stand.
    assert_eq!(fen("a)"), "3qkbnr/4p3/8/8/8/8/3PP3/RNBQK3 w Qk - 0 1");
    // b) the pawn moved, the rooks exchanged: no castling rights left.
    assert_eq!(fen("b)"), "3qkbnR/4p3/8/8/4P3/8/3P4/rNBQK3 w - - 0 1");
    // c) goes on from b): d2 removed, a pawn added for each side in one change.
    assert_eq!(fen("c)"), "3qkbnR/p3p3/8/8/4P3/8/P7/rNBQK3 w - - 0 1");
    // d) from the diagram: every rook, of both colours, a bishop.
    assert_eq!(fen("d)"), "3qkbnb/4p3/8/8/8/8/3PP3/BNBQK3 w - - 0 1");
    // e) turned by 180 degrees: e1 goes to d8, a1 to h8.
    assert_eq!(fen("e)"), "3KQBNR/3PP3/8/8/8/8/3p4/rnbkq3 w - - 0 1");
    // f) mirrored file for file: e1 goes to d1.
    assert_eq!(fen("f)"), "rnbkq3/3p4/8/8/8/8/3PP3/3KQBNR w - - 0 1");
    // g) shifted a rank up, pushing the eighth rank off the board: reported and skipped.
    let g = &p.illegal[0];
    assert_eq!(
        (g.label.as_str(), g.change.as_str(), g.before),
        ("g)", "shift a1 ==> a2", 6)
    );
    assert_eq!(
        g.error.to_string(),
        "line 17, at \"Twin\": twin: the shift moves the unit on d8 off the board"
    );
    // h) every unit changes colour.
    assert_eq!(fen("h)"), "3QKBNR/4P3/8/8/8/8/3pp3/rnbqk3 w - - 0 1");
    // i) a helpmate: Black moves first.
    assert_eq!(fen("i)"), "3qkbnr/4p3/8/8/8/8/3PP3/RNBQK3 b Qk - 0 1");
}

/// The other options, and the words of a problem with `Forsyth` and `NextProblem`.
const OPTIONS: [&str; 3] = [
    "BeginProblem Forsyth 4k2r/8/8/3pP3/8/8/8/R3K2R Stipulation s#2
     Option Defence 2 PostKeyPlay Quodlibet NonTrivial 0 1 StopOnShortSolutions EnPassant d7 d6 d5
     NoCastling a1 h8 Intelligent 2 MaxTime 10 Duplex MatesIn1 TrivialTriesAvoid KeepMatingPiece
     Beep 2 SuppressGrid WriteGrid GoalIsEnd NullMoves CastlingMutuallyExclusive a1h8 LaTeX out.tex
     Award 1st Prize
     LaTeXPieces G G Grasshopper
     NR NR Nightrider
     NextProblem Pieces White Ke1 Black Ke8 Stipulation h#2 Option WhiteToPlay HalfDuplex EndProblem",
    "DebutProbleme Forsyth 4r2t/8/8/3pP3/8/8/8/T3R2T Enonce s#2
     Option Defense 2 ApresCle Quodlibet NonTrivial 0 1 FinApresSolutionsCourtes EnPassant d7 d6 d5
     SansRoquer a1 h8 Intelligent 2 MaxTemps 10 Duplex MatsEn1 TrivialEssaiSupprimer RetiensPieceMatante
     Bip 2 SansGrille AjouteGrille ButEstFin CoupsVides RoquesMutuellementExclusifs a1h8 LaTeX out.tex
     Prix 1er Prix
     PiecesLaTeX S S Sauterelle
     NO NO Noctambule
     ASuivre Pieces Blanc Re1 Noir Re8 Enonce h#2 Option ApparentSeul DemiDuplex FinProbleme",
    "AnfangProblem Forsyth 4k2t/8/8/3bB3/8/8/8/T3K2T Forderung s#2
     Option Widerlegung 2 NachSchluessel Quodlibet NichtTrivial 0 1 StopNachKurzloesungen EnPassant d7 d6 d5
     KeineRochade a1 h8 Intelligent 2 MaxZeit 10 Duplex MattsIn1 TrivialeFehlversucheUnterdruecken
     HalteMattsetzendenStein Pieps 2 OhneGitter ZeichneGitter ZielIstEnde NullZuege
     RochadenGegenseitigAusschliessend a1h8 LaTeX out.tex
     Auszeichnung 1. Preis
     LaTeXSteine G G Grashuepfer
     N N Nachtreiter
     WeiteresProblem Steine Weiss Ke1 Schwarz Ke8 Forderung h#2 Option WeissBeginnt HalbDuplex EndeProblem",
];

#[test]
fn every_option_has_its_french_and_german_name() {
    let read: Vec<Vec<Problem>> = OPTIONS.iter().map(|t| parse(t).unwrap()).collect();
    for other in &read[1..] {
        for (a, b) in read[0].iter().zip(other) {
            assert_eq!(summary(b), summary(a));
            assert_eq!(b.options, a.options);
        }
    }
    let [first, second] = &read[0][..] else {
        panic!("two problems")
    };
    assert_eq!(
        first.options,
        Options {
            tries: Some(2),
            post_key: true,
            quodlibet: true,
            non_trivial: Some((0, 1)),
            stop_on_short: true,
            mates_in_1: true,
            null_moves: true,
            trivial_tries_avoid: true,
            exclusive_castling: vec![(CastlingSide::Queen, CastlingSide::King)],
            ..Options::default()
        }
    );
    // PostKeyPlay puts Black, the defender, to move; but EnPassant d7 d6 d5 says Black just
    // moved, so that position is illegal, reported and skipped. Duplex solves it once more
    // with White to move, where e5xd6 is possible; NoCastling a1 h8 leaves White's O-O only.
    let sides: Vec<(String, &str)> = first
        .twins
        .iter()
        .map(|t| (t.position.fen(), t.change.as_str()))
        .collect();
    assert_eq!(
        sides,
        [("4k2r/8/8/3pP3/8/8/8/R3K2R w K d6 0 1".to_string(), "duplex")]
    );
    assert_eq!(first.illegal.len(), 1, "Black to move after a black double step");
    // WhiteToPlay: h#2 becomes h#1.5 with White first; HalfDuplex: only the other side, Black.
    assert_eq!(second.twins.len(), 1);
    assert_eq!(second.twins[0].stipulation.to_string(), "h#1.5");
    assert_eq!(second.twins[0].position.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn a_twin_may_change_the_rule_set_in_each_language() {
    // The selfmate in one 1.Qd4 g2# (orthodox) fails in Grolman chess, where 1...g2 brings
    // Kh3-g3 after it (tests/mates.rs); Tatarstan chess as a FEN line says.
    let texts = [
        "BeginProblem\nPieces White Qd8 Bg1 Kh1 Black Kh3 Pg3\nStipulation s#1\n\
         Twin Condition GrolmanChess\nTwin Continued Condition TatarstanChess\n\
         Twin Condition OrthodoxChess\nEndProblem",
        "DebutProbleme\nPieces Blanc Dd8 Fg1 Rh1 Noir Rh3 Pg3\nEnonce s#1\n\
         Jumeau Condition EchecsGrolman\nJumeau EnPlus Condition EchecsTatarstan\n\
         Jumeau Condition EchecsOrthodoxes\nFinProbleme",
        "AnfangProblem\nSteine Weiss Dd8 Lg1 Kh1 Schwarz Kh3 Bg3\nForderung s#1\n\
         Zwilling Bedingung GrolmanSchach\nZwilling Ferner Bedingung TatarstanSchach\n\
         Zwilling Bedingung OrthodoxesSchach\nEndeProblem",
    ];
    let fen = "3Q4/8/8/8/8/6pk/8/6BK w - - 0 1";
    let line = |variant: &str| {
        let p = parse(&format!("{variant} {fen} s#1")).unwrap().remove(0);
        solve(&p, &mut |_| true).unwrap().remove(0).solutions
    };
    assert_eq!(line("orthodox"), [["d8d4"]]);
    assert!(line("grolman").is_empty());
    for text in texts {
        let p = parse(text).unwrap().remove(0);
        let variants: Vec<Variant> = p.twins.iter().map(|t| t.variant).collect();
        assert_eq!(
            variants,
            [
                Variant::Orthodox,
                Variant::Grolman,
                Variant::Tatarstan,
                Variant::Orthodox
            ]
        );
        let reports = solve(&p, &mut |_| true).unwrap();
        let got: Vec<(&str, Variant, Vec<Vec<String>>)> = reports
            .iter()
            .map(|r| (r.change.as_str(), r.variant, r.solutions.clone()))
            .collect();
        assert_eq!(
            got,
            [
                ("", Variant::Orthodox, line("orthodox")),
                ("condition Grolman chess", Variant::Grolman, line("grolman")),
                ("condition Tatarstan chess", Variant::Tatarstan, line("tatarstan")),
                ("condition Orthodox chess", Variant::Orthodox, line("orthodox")),
            ]
        );
    }
}

#[test]
fn latex_pieces_are_read_and_dropped_and_an_entry_needs_its_abbreviation() {
    use grolman_engine::problem::{Expected, ProblemErrorKind as Kind};
    // Popeye names fairy pieces for its LaTeX diagram with them; we write no LaTeX (as with
    // `LaTeX file`), so the entries are read as Popeye reads them and change nothing.
    // (`OPTIONS` above has entries in each language.) Like Popeye, the reader takes the next
    // word as the abbreviation wherever it stands, so an entry cut short is found at the end.
    for (begin, latex) in [
        ("BeginProblem", "LaTeXPieces"),
        ("DebutProbleme", "PiecesLaTeX"),
        ("AnfangProblem", "LaTeXSteine"),
    ] {
        let text = format!("{begin} {latex} G");
        let e = parse(&text).unwrap_err();
        assert_eq!(
            (e.line, e.token.as_str(), e.kind),
            (
                1,
                "G",
                Kind::EndOfInput {
                    expected: Expected::LaTeXName
                }
            ),
            "{text}"
        );
    }
}

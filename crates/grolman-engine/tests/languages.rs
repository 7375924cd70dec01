//! Popeye's input in English, French and German: each command, colour, piece letter, option
//! and twin change in the three spellings reads to the same problem.

use grolman_engine::problem::{parse, Options, Problem};

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

//! Reading problems: Popeye input with twins, FEN lines, and clear errors for bad files.

use grolman::Variant;
use grolman_engine::problem::{parse, solve, Aim};

const POPEYE: &str = "BeginProblem
Title Grolman twins
Condition GrolmanChess
Pieces White Kc4 Rf6 Bg4 Sa5 Black Kb1 Pa6c7
Stipulation #2
Twin Move a5 b7
Twin Continued Stipulation h#2 Exchange b1 c4
EndProblem
";

#[test]
fn popeye_problem_with_twins_is_read_and_solved() {
    let problems = parse(POPEYE).unwrap();
    let p = &problems[0];
    assert_eq!(p.title, "Grolman twins");
    assert_eq!(p.variant, Variant::Grolman);
    assert_eq!(p.twins.len(), 3);
    assert_eq!(p.twins[0].position.fen(), "8/2p5/p4R2/N7/2K3B1/8/8/1k6 w - - 0 1");
    assert_eq!(p.twins[1].label, "b)");
    assert_eq!(p.twins[1].position.fen(), "8/1Np5/p4R2/8/2K3B1/8/8/1k6 w - - 0 1");
    assert_eq!(p.twins[2].stipulation.aim, Aim::Help);
    assert_eq!(p.twins[2].position.fen(), "8/1Np5/p4R2/8/2k3B1/8/8/1K6 b - - 0 1");
    let reports = solve(p, &mut |_| true).unwrap();
    assert_eq!(reports[0].solutions, vec![vec!["c4b3,a5c4".to_string()]]);
    assert!(reports[0].text().contains("1.Kb3 (Na5-c4)! threat: 2.Rf1#"));
}

#[test]
fn keywords_may_be_abbreviated_and_knights_written_n() {
    let text = "beginprob\ncond TatarstanChess\npieces white Kh3 Rg4 Be2 Pd5 black Kc1 Pc4\nstip #2\nendprob";
    let p = &parse(text).unwrap()[0];
    assert_eq!(p.variant, Variant::Tatarstan);
    let text = "BeginProblem Pieces White Ke1 Nb1 Sg1 Black Ke8 Stipulation h#1.5 EndProblem";
    let p = &parse(text).unwrap()[0];
    assert_eq!(p.twins[0].position.fen(), "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1");
}

fn error(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn bad_problem_files_name_the_line_and_token() {
    assert_eq!(
        error("BeginProblem\nCondition FollowMyLeader\nEndProblem"),
        "line 2, at \"FollowMyLeader\": FollowMyLeader is Popeye's own condition (each move must go to \
         the square the previous move left), not Grolman chess: write 'Condition GrolmanChess'"
    );
    assert_eq!(
        error("BeginProblem\nPieces White Ke1 Qz9\nEndProblem"),
        "line 2, at \"Qz9\": \"z9\" is not a square"
    );
    assert_eq!(
        error("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation r#3\nEndProblem"),
        "line 3, at \"r#3\": unsupported stipulation \"r#3\" (expected #n, =n, h#n, h#n.5, h=n, s#n, \
         s=n, ser-#n, ser-h#n or ser-s#n)"
    );
    assert_eq!(
        error("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nTwin Swap e1 e8\nEndProblem"),
        "line 4, at \"Swap\": unsupported twin change (supported: Move, Remove, Add, Exchange, \
         Substitute, Rotate, Mirror, Shift, PolishType, Stipulation, Condition, Continued)"
    );
    assert_eq!(
        error("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nTwin Move d4 d5\nEndProblem"),
        "line 4, at \"Twin\": twin: no piece on d4"
    );
    assert_eq!(
        error("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\n"),
        "line 3: missing EndProblem"
    );
    assert_eq!(
        error("BeginProblem\nPieces White Ke1 Qe7 Black Ke8\nStipulation #2\nEndProblem"),
        "line 2, at \"Pieces\": illegal position: black is in check but it is not black's turn"
    );
    assert_eq!(
        error("BeginProblem\nPieces White Ke1\nStipulation #2\nEndProblem"),
        "line 2, at \"Pieces\": illegal position: black has no king"
    );
    assert_eq!(
        error("BeginProblem\nStipulation #9\nEndProblem"),
        "line 2, at \"#9\": \"#9\": the number of moves must be from 1 to 5"
    );
    assert!(error("grolmann 8/8/8/8/8/8/8/8 w - - 0 1 #2")
        .starts_with("line 1, at \"grolmann\": unknown variant"));
    assert!(error("\n\ngrolman 8/8/8/8/8/8/8/8 w - - 0 1 #2")
        .starts_with("line 3, at \"8/8/8/8/8/8/8/8\": illegal position"));
    assert_eq!(
        error("  "),
        "line 1: no problem found: expected BeginProblem or a line '<variant> <fen> <stipulation>'"
    );
}

#[test]
fn a_bad_stipulation_says_by_kind_what_is_wrong_and_names_the_text() {
    use grolman_engine::problem::{ParseStipulationErrorKind as Kind, Stipulation};
    let cases = [
        (
            "r#3",
            Kind::Unsupported,
            "unsupported stipulation \"r#3\" (expected #n, =n, h#n, h#n.5, h=n, s#n, s=n, \
             ser-#n, ser-h#n or ser-s#n)",
        ),
        (
            "#2.5",
            Kind::HalfMoveNotHelp,
            "\"#2.5\": half moves (.5) are only for helpmates",
        ),
        (
            "h#x",
            Kind::NotANumber,
            "\"h#x\": expected a number of moves after '#'",
        ),
        (
            "#0",
            Kind::OutOfRange { least: 1, most: 5 },
            "\"#0\": the number of moves must be from 1 to",
        ),
    ];
    for (text, kind, message) in cases {
        let error = text.parse::<Stipulation>().unwrap_err();
        assert_eq!((error.text.as_str(), error.kind), (text, kind), "{text}");
        assert!(error.to_string().starts_with(message), "{text}: {error}");
    }
    assert!(
        "h#0.5".parse::<Stipulation>().is_ok(),
        "a helpmate in half a move"
    );
}

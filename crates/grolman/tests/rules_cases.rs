//! Table-driven rule cases from `tests/data/rules.txt`; a failure names the line.

use grolman::find_by_code;
use grolman::notation::legal_turns;
use grolman::{Event, Game, Outcome, Position, Rules, Square, Variant, START_FEN};

fn data() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/rules.txt");
    std::fs::read_to_string(path).expect("tests/data/rules.txt")
}

#[test]
fn every_rule_case_holds() {
    let text = data();
    let mut rules = Rules::new(Variant::Grolman);
    let mut pos: Option<Position> = None;
    let mut case = String::new();
    let mut cases = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("tests/data/rules.txt:{} ({case})", i + 1);
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "case" => {
                case = rest.to_string();
                cases += 1;
            }
            "variant" => rules = Rules::new(rest.parse().unwrap_or_else(|e| panic!("{at}: {e}"))),
            "fen" => pos = Some(Position::from_fen(rest).unwrap_or_else(|e| panic!("{at}: {e}"))),
            _ => {
                let p = pos.as_ref().unwrap_or_else(|| panic!("{at}: no fen yet"));
                let turns = legal_turns(p, rules);
                let notations: Vec<&str> = turns.iter().map(|t| t.notation.as_str()).collect();
                match key {
                    "count" => {
                        let n: usize = rest.parse().unwrap_or_else(|e| panic!("{at}: {e}"));
                        assert_eq!(turns.len(), n, "{at}: turns are {notations:#?}");
                    }
                    "has" => assert!(
                        notations.contains(&rest),
                        "{at}: {rest:?} missing from {notations:#?}"
                    ),
                    "lacks" => assert!(
                        !notations
                            .iter()
                            .any(|n| *n == rest || n.starts_with(&format!("{rest} "))),
                        "{at}: {rest:?} should not be legal: {notations:#?}"
                    ),
                    "code" => {
                        let (notation, code) = rest
                            .split_once(" = ")
                            .unwrap_or_else(|| panic!("{at}: code <n> = <c>"));
                        let t = turns
                            .iter()
                            .find(|t| t.notation == notation)
                            .unwrap_or_else(|| panic!("{at}: {notation:?} missing"));
                        assert_eq!(t.code, code, "{at}");
                    }
                    "play" => {
                        let t = find_by_code(&turns, rest).unwrap_or_else(|e| panic!("{at}: {e}"));
                        pos = Some(t.after);
                    }
                    "fen-is" => assert_eq!(p.fen(), rest, "{at}"),
                    other => panic!("{at}: unknown key {other:?}"),
                }
            }
        }
    }
    assert!(cases >= 15, "only {cases} cases read");
}

#[test]
fn castling_can_be_switched_off_in_grolman_chess() {
    let pos = Position::from_fen("1k6/8/8/8/4Q3/8/8/4K2R w K - 0 1").unwrap();
    let mut rules = Rules::new(Variant::Grolman);
    assert!(legal_turns(&pos, rules).iter().any(|t| t.san == "O-O"));
    rules.options.castling = false;
    assert!(!legal_turns(&pos, rules).iter().any(|t| t.san == "O-O"));
}

fn game_after(variant: Variant, fen: &str, codes: &[&str]) -> Game {
    let mut game = Game::new(variant, Some(fen)).unwrap();
    for code in codes {
        game.play(code).unwrap_or_else(|e| panic!("{code}: {e}"));
    }
    game
}

/// docs/rules.md 6.3: after 1. e4 no black pawn can take on e3, so the position after it is
/// the one the knights come back to.
#[test]
fn repetition_ignores_an_en_passant_square_no_turn_can_capture_on() {
    let knights = ["g8f6", "g1f3", "f6g8", "f3g1"];
    let mut codes = vec!["e2e4"];
    codes.extend(knights);
    codes.extend(knights);
    let game = game_after(Variant::Orthodox, START_FEN, &codes);
    assert_eq!(game.outcome(), Some(Outcome::ThreefoldRepetition));
}

/// docs/rules.md 6.3: where exd6 e.p. is legal, the position before the knights move differs
/// from the one they come back to.
#[test]
fn repetition_counts_an_en_passant_square_a_turn_can_capture_on() {
    let knights = ["b1c3", "b8c6", "c3b1", "c6b8"];
    let codes: Vec<&str> = knights.iter().chain(&knights).copied().collect();
    let game = game_after(
        Variant::Orthodox,
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        &codes,
    );
    assert_eq!(game.outcome(), None);
}

/// docs/rules.md 6.3 with 1.6: whether the capture is legal is judged by the rule set. exd6 e.p.
/// opens the fifth rank to the king, which in Grolman chess the e4 pawn closes again.
#[test]
fn en_passant_counts_for_repetition_where_the_rule_set_makes_the_capture_legal() {
    let with = Position::from_fen("7k/8/8/K2pP2r/4P3/8/8/8 w - d6 0 2").unwrap();
    let without = Position::from_fen("7k/8/8/K2pP2r/4P3/8/8/8 w - - 0 2").unwrap();
    let orthodox = Rules::new(Variant::Orthodox);
    let grolman = Rules::new(Variant::Grolman);
    assert_eq!(with.repetition_key(orthodox), without.repetition_key(orthodox));
    assert_ne!(with.repetition_key(grolman), without.repetition_key(grolman));
}

/// docs/rules.md 6.5: the pawns on c3 and e3 both defend the rook on d4; c3 is named.
#[test]
fn a_transformation_names_the_defender_on_the_lowest_square() {
    let game = game_after(Variant::Tatarstan, "7k/8/8/8/3R4/2P1P3/8/7K w - - 0 1", &["h1g1"]);
    let defenders: Vec<(Square, Square)> = game.history()[0]
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Transform { square, defender, .. } => Some((*square, *defender)),
            _ => None,
        })
        .collect();
    assert_eq!(
        defenders,
        [(Square::parse("d4").unwrap(), Square::parse("c3").unwrap())]
    );
}

/// A problem's `NoBk` / `NoWk`: only the named side may lack its king; plain FENs need both.
#[test]
fn a_side_may_lack_its_king_only_when_the_setup_allows_it() {
    use grolman::{Color, FenError, Kingless, SetupError};
    let fen = "8/8/8/8/8/8/8/R3K3 w - - 0 1";
    let no_king = Err(FenError::Setup(SetupError::NoKing(Color::Black)));
    assert_eq!(Position::from_fen(fen), no_king);
    assert_eq!(
        Position::from_fen_with(fen, Kingless::NONE.with(Color::White)),
        no_king
    );
    let pos = Position::from_fen_with(fen, Kingless::NONE.with(Color::Black)).unwrap();
    assert_eq!(pos.kingless().letters(), "b");
    assert_eq!(Kingless::from_letters("b"), Some(pos.kingless()));
    // Passing keeps the permission: the position after it is validated as this one was.
    assert_eq!(pos.passed().unwrap().fen(), "8/8/8/8/8/8/8/R3K3 b - - 0 1");
    assert_eq!(
        Position::from_fen_with("8/8/8/8/8/8/8/8 w - - 0 1", Kingless::from_letters("wb").unwrap())
            .map(|p| p.kingless()),
        Ok(Kingless::from_letters("wb").unwrap())
    );
}

/// docs/rules.md 1.6, 1.7: a side without a king is never in check, so every otherwise legal
/// turn is legal for it and it is never mated; without a legal turn it is stalemated. In all
/// three rule sets.
#[test]
fn a_kingless_side_is_never_in_check_and_can_be_stalemated() {
    use grolman::{has_legal_turn, Color, Kingless};
    let no_black = Kingless::NONE.with(Color::Black);
    for variant in [Variant::Orthodox, Variant::Grolman, Variant::Tatarstan] {
        // Black's lone rook, attacked by the queen: nothing is in check, and each of its 14
        // moves is a legal turn.
        let pos = Position::from_fen_with("8/8/8/8/8/3K4/1Q6/r7 b - - 0 1", no_black).unwrap();
        assert!(!pos.is_check());
        assert_eq!(legal_turns(&pos, variant.into()).len(), 14, "{variant}");
        // A black pawn blocked, no other black unit: stalemate, not mate.
        let blocked = Position::from_fen_with("8/8/8/8/8/p7/P7/K7 b - - 0 1", no_black).unwrap();
        assert!(!has_legal_turn(&blocked, variant.into()), "{variant}");
        let game = Game::from_position(variant.into(), blocked);
        assert_eq!(game.status().outcome, Some(Outcome::Stalemate), "{variant}");
    }
}

/// docs/rules.md 1.10 names kings: a lone king against a kingless side with one unit, or with
/// none, is not king against king, so the game goes on.
#[test]
fn material_with_a_kingless_side_is_not_dead() {
    use grolman::{Color, Kingless};
    let no_black = Kingless::NONE.with(Color::Black);
    for fen in [
        "8/8/8/8/8/8/8/K6r w - - 0 1",
        "8/8/8/8/8/8/8/K6n w - - 0 1",
        "8/8/8/8/8/8/8/KB5n w - - 0 1",
    ] {
        let pos = Position::from_fen_with(fen, no_black).unwrap();
        let game = Game::from_position(Variant::Grolman.into(), pos);
        assert_eq!(game.status().outcome, None, "{fen}");
    }
}

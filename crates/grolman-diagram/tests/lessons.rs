//! Every claim of the lessons page (`web/learn/lessons.json`) checked against the rules crate:
//! a turn is legal (with its turn code), a turn is illegal (exactly, or every turn that starts so), the number of legal turns, the
//! status after some turns; and every board of a lesson plays its moves. A failure names the
//! lesson and the claim.

use grolman::{Game, Outcome, Variant};
use serde_json::Value;

fn lessons() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/learn/lessons.json");
    let text = std::fs::read_to_string(path).expect("web/learn/lessons.json");
    serde_json::from_str(&text).expect("web/learn/lessons.json is JSON")
}

fn text<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str)
}

/// The game of a board or claim: its variant (else the lesson's), FEN ("" = start), moves played.
fn game_of(lesson: &Value, item: &Value, at: &str) -> Game {
    let variant: Variant = text(item, "variant")
        .or_else(|| text(lesson, "variant"))
        .unwrap_or_else(|| panic!("{at}: no variant"))
        .parse()
        .unwrap_or_else(|e| panic!("{at}: {e}"));
    let fen = text(item, "fen").unwrap_or("");
    let mut game =
        Game::new(variant, Some(fen).filter(|f| !f.is_empty())).unwrap_or_else(|e| panic!("{at}: {e}"));
    for code in item.get("moves").and_then(Value::as_array).into_iter().flatten() {
        let code = code
            .as_str()
            .unwrap_or_else(|| panic!("{at}: a move is not a string"));
        game.play(code)
            .unwrap_or_else(|e| panic!("{at}: move {code:?}: {e}"));
    }
    game
}

#[test]
fn every_lesson_claim_holds() {
    let data = lessons();
    let lessons = data["lessons"].as_array().expect("lessons: an array");
    let mut claims = 0;
    for lesson in lessons {
        let id = text(lesson, "id").expect("every lesson has an id");
        for (i, claim) in lesson["claims"].as_array().expect("claims").iter().enumerate() {
            // The claim's words are the catalogs' (web/i18n/en/lessons.js: lesson.<id>.claim.<n>).
            let at = format!("lesson {id}, claim {}", i + 1);
            let game = game_of(lesson, claim, &at);
            let turns = game.legal_turns();
            let notations: Vec<&str> = turns.iter().map(|t| t.notation.as_str()).collect();
            let mut checked = 0;
            if let Some(notation) = text(claim, "legal") {
                let turn = turns
                    .iter()
                    .find(|t| t.notation == notation)
                    .unwrap_or_else(|| panic!("{at}: {notation:?} is not legal; legal: {notations:#?}"));
                if let Some(code) = text(claim, "code") {
                    assert_eq!(turn.code, code, "{at}: turn code");
                }
                checked += 1;
            }
            if let Some(notation) = text(claim, "illegal") {
                assert!(!notations.contains(&notation), "{at}: {notation:?} is legal");
                checked += 1;
            }
            if let Some(prefix) = text(claim, "illegal_start") {
                assert!(
                    !notations.iter().any(|n| n.starts_with(prefix)),
                    "{at}: a legal turn starts with {prefix:?}: {notations:#?}"
                );
                checked += 1;
            }
            if let Some(count) = claim.get("count") {
                assert_eq!(
                    Some(turns.len() as u64),
                    count.as_u64(),
                    "{at}: number of legal turns"
                );
                checked += 1;
            }
            if let Some(status) = text(claim, "status") {
                let s = game.status();
                let actual = match s.outcome {
                    Some(Outcome::Checkmate { .. }) => "checkmate",
                    Some(Outcome::Stalemate) => "stalemate",
                    Some(_) => "draw",
                    None if s.check => "check",
                    None => "ongoing",
                };
                assert_eq!(actual, status, "{at}: status");
                checked += 1;
            }
            assert_eq!(
                checked, 1,
                "{at}: a claim checks exactly one thing (legal, illegal, illegal_start, count or status)"
            );
            claims += 1;
        }
    }
    assert!(claims >= 30, "only {claims} claims read");
}

#[test]
fn every_lesson_board_plays_its_moves() {
    let data = lessons();
    let mut boards = 0;
    for lesson in data["lessons"].as_array().expect("lessons") {
        let id = text(lesson, "id").expect("id");
        for (i, board) in lesson["boards"].as_array().expect("boards").iter().enumerate() {
            let at = format!("lesson {id}, board {}", i + 1);
            let game = game_of(lesson, board, &at);
            let mode = text(board, "mode").unwrap_or("replay");
            assert!(
                matches!(mode, "replay" | "play" | "diagram"),
                "{at}: mode {mode:?}"
            );
            if mode == "replay" {
                assert!(!game.history().is_empty(), "{at}: a replay board needs moves");
            }
            boards += 1;
        }
    }
    assert!(boards >= 10, "only {boards} boards");
}

#[test]
fn the_lesson_topics_of_the_issue_are_all_there() {
    let data = lessons();
    let ids: Vec<&str> = data["lessons"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| text(l, "id"))
        .collect();
    for topic in [
        "follower",
        "weakest",
        "ties",
        "castling",
        "pinned",
        "promotion",
        "stages",
        "last-rank",
        "transform-check",
    ] {
        assert!(ids.contains(&topic), "no lesson {topic:?}");
    }
}

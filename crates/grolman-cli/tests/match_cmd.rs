//! `grolman match` and `grolman openings`, run as a user runs them.

use std::process::{Command, Output};

fn grolman(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grolman"))
        .args(args)
        .output()
        .expect("run grolman")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A file of two openings, in the temporary directory.
fn openings_file(name: &str) -> String {
    let path = std::env::temp_dir().join(format!("grolman-match-{name}-{}.txt", std::process::id()));
    std::fs::write(
        &path,
        "# two openings\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPPNPPP/RNBQKBR1 b Qkq e3 0 1\n\n7k/6pp/8/6N1/8/8/1B6/R6K w - - 0 1\n",
    )
    .unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn a_match_plays_each_opening_with_both_colours_and_scores_it() {
    let openings = openings_file("inside");
    let out = grolman(&[
        "match",
        "grolman",
        "--games",
        "4",
        "--threads",
        "2",
        "--openings",
        &openings,
        "--a",
        "depth=2",
        "--b",
        "depth=1,baseline",
    ]);
    let text = stdout(&out);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for game in 1..=4 {
        assert!(
            text.contains(&format!(
                "game {game:>3}  A {}",
                if game % 2 == 1 { "White" } else { "Black" }
            )),
            "{text}"
        );
    }
    // The second opening is a mate in one for White (crates/grolman-engine/tests/mates.rs):
    // whoever plays White there mates at once.
    assert!(
        text.lines()
            .any(|l| l.starts_with("game   3  A White  1-0      checkmate              1 turns")),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("game   4  A Black  1-0      checkmate              1 turns")),
        "{text}"
    );
    assert!(text.contains(" of 4 (score "), "{text}");
    assert!(text.contains("Elo difference A - B: "), "{text}");
}

#[test]
fn another_binary_plays_through_its_search_command() {
    let openings = openings_file("binary");
    let me = env!("CARGO_BIN_EXE_grolman");
    let b = format!("{me},depth=1");
    let out = grolman(&[
        "match",
        "orthodox",
        "--games",
        "2",
        "--threads",
        "1",
        "--max-turns",
        "6",
        "--openings",
        &openings,
        "--a",
        "depth=1",
        "--b",
        &b,
    ]);
    let text = stdout(&out);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains(&format!("B: {b} (depth 1)")), "{text}");
    assert!(
        text.contains("turn limit") || text.contains("checkmate"),
        "{text}"
    );
    assert!(text.contains(" of 2 (score "), "{text}");
}

#[test]
fn a_bad_engine_setting_is_refused_with_its_name() {
    let out = grolman(&["match", "grolman", "--a", "level=9", "--b", "depth=1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("level must be 1 to 5, not 9"));
    let out = grolman(&["match", "grolman", "--a", "king_safety=3", "--b", "depth=1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown weight \"king_safety\""));
    let out = grolman(&[
        "match",
        "grolman",
        "--a",
        "depth=1",
        "--b",
        "depth=1",
        "--openings",
        "/nonexistent/x",
    ]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn the_same_seed_makes_the_same_openings() {
    let args = [
        "openings", "grolman", "--count", "3", "--plies", "4", "--depth", "1", "--seed", "7",
    ];
    let (first, second) = (grolman(&args), grolman(&args));
    assert!(first.status.success());
    assert_eq!(stdout(&first), stdout(&second));
    let fens: Vec<String> = stdout(&first)
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(String::from)
        .collect();
    assert_eq!(fens.len(), 3);
    for fen in &fens {
        assert!(grolman::Position::from_fen(fen).is_ok(), "{fen}");
    }
    let other = grolman(&[
        "openings", "grolman", "--count", "3", "--plies", "4", "--depth", "1", "--seed", "8",
    ]);
    assert_ne!(stdout(&first), stdout(&other));
}

#[test]
fn a_match_writes_every_game_as_pgn_that_reads_back_with_its_players_and_result() {
    let openings = openings_file("pgn");
    let pgn = std::env::temp_dir().join(format!("grolman-match-pgn-{}.pgn", std::process::id()));
    let out = grolman(&[
        "match",
        "grolman",
        "--games",
        "4",
        "--threads",
        "1",
        "--max-turns",
        "8",
        "--openings",
        &openings,
        "--a",
        "depth=2",
        "--b",
        "depth=1",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games: Vec<&str> = text.split("\n\n[Event").collect();
    assert_eq!(games.len(), 4, "{text}");
    for (i, game) in games.iter().enumerate() {
        let game = if i == 0 {
            game.to_string()
        } else {
            format!("[Event{game}")
        };
        let read = grolman::Game::from_pgn(&game).unwrap_or_else(|e| panic!("{e}\n{game}"));
        assert_eq!(read.variant(), grolman::Variant::Grolman);
        assert!(game.contains("[Round \""), "{game}");
    }
    // Game 3 is A's mate in one as White from the second opening (the first test above).
    assert!(
        text.contains("[Round \"3\"]\n[White \"A: depth=2\"]\n[Black \"B: depth=1\"]\n[Termination \"checkmate\"]\n[Result \"1-0\"]"),
        "{text}"
    );
    assert!(text.contains("[Black \"A: depth=2\"]"), "{text}");
}

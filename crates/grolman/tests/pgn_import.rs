//! PGN as other programs write it (lichess, chess.com): clocks, evaluations, annotation glyphs,
//! side lines and free comments are read as comments; our own chain and transformation
//! comments (docs/rules.md 4.3) still decide the turn, wherever the other comments stand.

use grolman::{Game, Variant};

fn codes(game: &Game) -> Vec<&str> {
    game.history().iter().map(|t| t.code.as_str()).collect()
}

const LICHESS_ANALYSED: &str = r#"[Event "Rated Blitz game"]
[Site "https://lichess.org/abcdEFGH"]
[Date "2024.01.15"]
[White "alice"]
[Black "bob"]
[Result "1-0"]
[UTCDate "2024.01.15"]
[UTCTime "12:00:00"]
[WhiteElo "1500"]
[BlackElo "1480"]
[Variant "Standard"]
[TimeControl "180+0"]
[ECO "C20"]
[Opening "King's Pawn Game: Wayward Queen Attack"]
[Termination "Normal"]
[Annotator "lichess.org"]

1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%eval 0.23] [%clk 0:03:00] }
2. Qh5?! { [%eval -0.28] [%clk 0:02:58] } { Inaccuracy. Nf3 was best. } (2. Nf3 Nc6 3. Bb5 { The Ruy Lopez (Spanish). })
2... Nc6 { [%eval -0.1] [%clk 0:02:57] } 3. Bc4 $6 { [%clk 0:02:55] }
3... Nf6?? $4 { [%eval #1] [%clk 0:02:50] } { Blunder. g6 was best. } (3... g6 4. Qf3 (4. Qe2) Nf6)
4. Qxf7# { [%clk 0:02:49] } 1-0
"#;

#[test]
fn lichess_export_with_clocks_evals_glyphs_and_side_lines_imports() {
    let game = Game::from_pgn(LICHESS_ANALYSED).unwrap();
    assert_eq!(game.variant(), Variant::Orthodox);
    assert_eq!(
        codes(&game),
        ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]
    );
    assert_eq!(game.outcome().map(|o| o.result()), Some("1-0"));
}

const CHESS_COM: &str = r#"[Event "Live Chess"]
[Site "Chess.com"]
[Date "2024.01.15"]
[Round "-"]
[White "alice"]
[Black "bob"]
[Result "0-1"]
[CurrentPosition "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"]
[Timezone "UTC"]
[ECO "A00"]
[ECOUrl "https://www.chess.com/openings/Barnes-Opening"]
[UTCDate "2024.01.15"]
[UTCTime "12:00:00"]
[WhiteElo "800"]
[BlackElo "900"]
[TimeControl "600"]
[Termination "bob won by checkmate"]
[StartTime "12:00:00"]
[EndDate "2024.01.15"]
[EndTime "12:01:00"]
[Link "https://www.chess.com/game/live/123456789"]

1. f3 {[%clk 0:09:58.3]} 1... e5 {[%clk 0:09:57.1]} 2. g4 {[%clk 0:09:55.9]} 2... Qh4# {[%clk 0:09:54]} 0-1
"#;

#[test]
fn chess_com_export_with_clocks_imports() {
    let game = Game::from_pgn(CHESS_COM).unwrap();
    assert_eq!(codes(&game), ["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(game.outcome().map(|o| o.result()), Some("0-1"));
}

#[test]
fn lichess_game_from_a_position_imports() {
    let pgn = r#"[Variant "From Position"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[SetUp "1"]

1. e4 { [%clk 0:01:00] } 1... Kd7 *"#;
    let game = Game::from_pgn(pgn).unwrap();
    assert_eq!(game.variant(), Variant::Orthodox);
    assert_eq!(codes(&game), ["e2e4", "e8d7"]);
}

/// `4k3/8/8/8/8/8/3P4/1N3N1K w`: after d2-d4 the knights on b1 and f1 tie for d2, so only the
/// chain comment says which one followed.
const TIE: &str = r#"[Variant "Grolman"]
[FEN "4k3/8/8/8/8/8/3P4/1N3N1K w - - 0 1"]
"#;

#[test]
fn chain_comment_followed_by_free_text_decides_the_follower() {
    let game = Game::from_pgn(&format!("{TIE}\n1. d4 {{(Nf1-d2) a good move}} *")).unwrap();
    assert_eq!(codes(&game), ["d2d4,f1d2"]);
}

#[test]
fn chain_comment_with_clock_and_eval_commands_decides_the_follower() {
    let game = Game::from_pgn(&format!(
        "{TIE}\n1. d4 {{ [%clk 0:03:00] (Nb1-d2) [%eval 0.3] }} *"
    ))
    .unwrap();
    assert_eq!(codes(&game), ["d2d4,b1d2"]);
}

#[test]
fn chain_comment_after_a_glyph_and_a_clock_comment_still_belongs_to_the_move() {
    let game = Game::from_pgn(&format!(
        "{TIE}\n1. d4 $1 {{ [%clk 0:03:00] }} {{(Nf1-d2)}} (1. d4 {{(Nb1-d2)}}) *"
    ))
    .unwrap();
    assert_eq!(codes(&game), ["d2d4,f1d2"]);
    // The side line's chain comment is its own: the other knight followed there.
    let tree = game.tree();
    let side = tree.children(grolman::Tree::ROOT)[1];
    assert_eq!(tree.turn(side).unwrap().code, "d2d4,b1d2");
}

#[test]
fn parenthesised_free_comment_is_a_comment() {
    let game = Game::from_pgn(
        "[Variant \"Grolman\"]\n\n1. e4 {(a fine idea) [see the notes]} 1... e5 {(Ng8-e7, Rh8-g8)} *",
    )
    .unwrap();
    assert_eq!(codes(&game), ["e2e4,g1e2,h1g1", "e7e5,g8e7,h8g8"]);
}

#[test]
fn transformation_comment_next_to_a_clock_decides_the_owner_promotion() {
    let pgn = r#"[Variant "Tatarstan"]
[FEN "4k3/8/8/8/8/8/1p6/n3K3 w - - 0 1"]

1. Kf2 { [a1=R] [%clk 0:01:00] the knight becomes a rook } *"#;
    let game = Game::from_pgn(pgn).unwrap();
    assert_eq!(game.history()[0].notation, "Kf2 [a1=R]");
}

#[test]
fn a_wrong_chain_comment_is_still_refused() {
    let err = Game::from_pgn("[Variant \"Grolman\"]\n\n1. e4 {(Nb1-c3) [%clk 0:03:00]} *")
        .unwrap_err()
        .to_string();
    assert!(err.contains("followers"), "{err}");
}

#[test]
fn empty_or_comment_only_text_is_no_game() {
    for text in ["", "  \n\t", "{ just a comment }", "% escape line\n"] {
        let err = Game::from_pgn(text).unwrap_err().to_string();
        assert!(err.contains("no tag and no move"), "{text:?}: {err}");
    }
}

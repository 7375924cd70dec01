//! The tree of turns: side lines from earlier turns, promoting and deleting lines, notes, and
//! the tree through PGN (RAV, comments, NAGs, `[%cal]` / `[%csl]`) and through turn codes.

use grolman::{Game, GameError, Note, Shape, Tree, Variant};

fn codes(turns: &[&grolman::Turn]) -> Vec<String> {
    turns.iter().map(|t| t.code.clone()).collect()
}

fn shape(text: &str) -> Shape {
    Shape::parse(text).unwrap()
}

/// 1. e4 e5 2. Nf3, then 1... c5 2. Nf3 and 1... e6 as side lines.
fn italian_with_side_lines() -> Game {
    let mut g = Game::new(Variant::Orthodox, None).unwrap();
    for code in ["e2e4", "e7e5", "g1f3"] {
        g.play(code).unwrap();
    }
    let e4 = g.tree().children(Tree::ROOT)[0];
    g.go_to(e4).unwrap();
    g.play("c7c5").unwrap();
    g.play("g1f3").unwrap();
    g.go_to(e4).unwrap();
    g.play("e7e6").unwrap();
    g
}

#[test]
fn a_turn_played_at_an_earlier_node_starts_a_side_line_and_keeps_the_main_line() {
    let g = italian_with_side_lines();
    assert_eq!(codes(&g.history()), ["e2e4", "e7e6"]);
    assert_eq!(codes(&g.main_line()), ["e2e4", "e7e5", "g1f3"]);
    let e4 = g.tree().children(Tree::ROOT)[0];
    let replies: Vec<&str> = g
        .tree()
        .children(e4)
        .iter()
        .map(|&n| g.tree().turn(n).unwrap().code.as_str())
        .collect();
    assert_eq!(replies, ["e7e5", "c7c5", "e7e6"]);
    assert_eq!(
        g.position().fen(),
        "rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
}

#[test]
fn playing_a_turn_that_is_already_there_follows_it_instead_of_adding_a_line() {
    let mut g = italian_with_side_lines();
    let nodes = g.tree().len();
    g.go_to(g.tree().children(Tree::ROOT)[0]).unwrap();
    g.play("e7e5").unwrap();
    assert_eq!(g.tree().len(), nodes);
    assert_eq!(codes(&g.history()), ["e2e4", "e7e5"]);
}

#[test]
fn promoting_a_side_line_moves_it_up_one_place_until_it_is_the_main_line() {
    let mut g = italian_with_side_lines();
    let e4 = g.tree().children(Tree::ROOT)[0];
    let c5 = g.tree().children(e4)[1];
    let nf3 = g.tree().children(c5)[0];
    assert!(g.promote(nf3).unwrap());
    assert_eq!(codes(&g.main_line()), ["e2e4", "c7c5", "g1f3"]);
    assert!(!g.promote(nf3).unwrap(), "already the main line");
    assert!(matches!(g.promote(999), Err(GameError::NoNode(999))));
}

#[test]
fn deleting_a_line_removes_its_turns_and_moves_the_current_node_back() {
    let mut g = italian_with_side_lines();
    let e4 = g.tree().children(Tree::ROOT)[0];
    let e6 = g.tree().children(e4)[2];
    g.delete_line(e6).unwrap();
    assert_eq!(
        codes(&g.history()),
        ["e2e4"],
        "the current node was in the deleted line"
    );
    assert_eq!(g.tree().children(g.current()).len(), 2);
    let c5 = g.tree().children(g.current())[1];
    g.delete_line(c5).unwrap();
    assert_eq!(g.tree().len(), 4);
    assert_eq!(codes(&g.main_line()), ["e2e4", "e7e5", "g1f3"]);
}

#[test]
fn undo_takes_back_the_current_turn_only_from_its_line() {
    let mut g = italian_with_side_lines();
    assert_eq!(g.undo().unwrap().code, "e7e6");
    assert_eq!(codes(&g.history()), ["e2e4"]);
    assert_eq!(codes(&g.main_line()), ["e2e4", "e7e5", "g1f3"]);
}

#[test]
fn a_comment_pgn_cannot_hold_is_refused_and_the_note_kept() {
    let mut g = italian_with_side_lines();
    let id = g.current();
    let note = Note {
        comment: "fine".into(),
        nags: vec![1],
        shapes: vec![shape("Ge2e4")],
    };
    g.set_note(id, note.clone()).unwrap();
    let bad = Note {
        comment: "a } b".into(),
        ..Note::default()
    };
    let error = g.set_note(id, bad).unwrap_err();
    assert!(error.to_string().contains("cannot hold '}'"), "{error}");
    assert_eq!(g.tree().note(id), &note);
}

#[test]
fn pgn_keeps_side_lines_comments_nags_and_shapes_through_export_and_import() {
    let mut g = italian_with_side_lines();
    let e4 = g.tree().children(Tree::ROOT)[0];
    let c5 = g.tree().children(e4)[1];
    g.set_note(
        Tree::ROOT,
        Note {
            comment: "A lesson.".into(),
            ..Note::default()
        },
    )
    .unwrap();
    g.set_note(
        c5,
        Note {
            comment: "The Sicilian.".into(),
            nags: vec![5],
            shapes: vec![shape("Gc7c5"), shape("Rd4"), shape("Bb8c6")],
        },
    )
    .unwrap();
    let pgn = g.pgn();
    let movetext = pgn.replace('\n', " ");
    let expected = "{A lesson.} 1. e4 e5 (1... c5 $5 {The Sicilian. [%csl Rd4] [%cal Gc7c5,Bb8c6]} 2. Nf3) (1... e6) 2. Nf3 *";
    assert!(movetext.contains(expected), "{pgn}");
    let back = Game::from_pgn(&pgn).unwrap();
    assert_eq!(back.pgn(), pgn);
    let e4 = back.tree().children(Tree::ROOT)[0];
    let c5 = back.tree().children(e4)[1];
    assert_eq!(
        back.tree().note(c5),
        g.tree()
            .note(g.tree().children(g.tree().children(Tree::ROOT)[0])[1])
    );
    assert_eq!(codes(&back.main_line()), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(
        codes(&back.history()),
        ["e2e4", "e7e5", "g1f3"],
        "the game goes on at the main line's end"
    );
}

#[test]
fn a_lichess_study_chapter_imports_with_its_lines_comments_glyphs_and_arrows() {
    let study = r#"[Event "Openings: The Italian"]
[Site "https://lichess.org/study/abcdefgh/ijklmnop"]
[Result "*"]
[Variant "Standard"]
[ECO "C50"]
[Annotator "https://lichess.org/@/teacher"]
[UTCDate "2024.01.01"]

{ Two classical openings. } 1. e4 e5 2. Nf3 { [%cal Gg1f3,Rf3e5] } 2... Nc6 3. Bc4!? { Aims at f7. [%csl Gf7][%cal Gc4f7] } (3. Bb5 { The Spanish. } 3... a6 (3... Nf6 $1 { The Berlin. }) 4. Ba4) 3... Bc5 $10 *
"#;
    let g = Game::from_pgn(study).unwrap();
    let tree = g.tree();
    assert_eq!(tree.note(Tree::ROOT).comment, "Two classical openings.");
    assert_eq!(
        codes(&g.main_line()),
        ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"]
    );
    let path = tree.path(tree.line_end(Tree::ROOT));
    let nf3 = tree.note(path[2]);
    assert_eq!(nf3.shapes, [shape("Gg1f3"), shape("Rf3e5")]);
    let bc4 = tree.note(path[4]);
    assert_eq!(bc4.comment, "Aims at f7.");
    assert_eq!(bc4.nags, [5]);
    assert_eq!(bc4.shapes, [shape("Gf7"), shape("Gc4f7")]);
    assert_eq!(tree.note(path[5]).nags, [10]);
    let bb5 = tree.children(path[3])[1];
    assert_eq!(tree.note(bb5).comment, "The Spanish.");
    let a6 = tree.children(bb5)[0];
    let nf6 = tree.children(bb5)[1];
    assert_eq!(tree.turn(nf6).unwrap().san, "Nf6");
    assert_eq!(
        tree.note(nf6),
        &Note {
            comment: "The Berlin.".into(),
            nags: vec![1],
            shapes: vec![]
        }
    );
    assert_eq!(tree.turn(tree.children(a6)[0]).unwrap().san, "Ba4");
    // And back: the same tree again.
    let again = Game::from_pgn(&g.pgn()).unwrap();
    assert_eq!(again.pgn(), g.pgn());
}

#[test]
fn the_tree_in_turn_codes_reads_back_the_same_tree() {
    let mut g = Game::new(Variant::Grolman, None).unwrap();
    g.play("e2e4").unwrap();
    g.play("e7e5").unwrap();
    g.go_to(Tree::ROOT).unwrap();
    g.play("d2d4").unwrap();
    let d4 = g.current();
    g.set_note(
        d4,
        Note {
            comment: "Or the queen's pawn.".into(),
            nags: vec![3],
            shapes: vec![shape("Yd2d4")],
        },
    )
    .unwrap();
    let text = g.tree_codes();
    assert_eq!(
        text,
        "e2e4,g1e2,h1g1 (d2d4,b1d2,a1b1 $3 {Or the queen's pawn. [%cal Yd2d4]}) e7e5,g8e7,h8g8"
    );
    let mut back = Game::new(Variant::Grolman, None).unwrap();
    back.read_tree_codes(&text).unwrap();
    assert_eq!(back.tree_codes(), text);
    assert_eq!(codes(&back.history()), ["e2e4,g1e2,h1g1", "e7e5,g8e7,h8g8"]);
}

#[test]
fn a_bad_code_in_a_tree_is_named_and_the_turns_before_it_stay() {
    let mut g = Game::new(Variant::Orthodox, None).unwrap();
    let error = g.read_tree_codes("e2e4 e7e5 (c7c5 e2e4)").unwrap_err();
    assert!(error.to_string().contains("\"e2e4\""), "{error}");
    assert_eq!(g.tree().len(), 4);
    let error = Game::new(Variant::Orthodox, None)
        .unwrap()
        .read_tree_codes("e2e4 e7e5 (c7c5")
        .unwrap_err();
    assert!(error.to_string().contains("variation without ')'"), "{error}");
    let error = Game::new(Variant::Orthodox, None)
        .unwrap()
        .read_tree_codes("(e2e4)")
        .unwrap_err();
    assert!(error.to_string().contains("variation before any turn"), "{error}");
}

//! Turn codes, literature notation, choices, PGN and game status.

use grolman::notation::{legal_turns, literature};
use grolman::{find_by_code, ChoiceKind, Game, GameError, Outcome, Position, TurnError, Variant};

fn game(variant: Variant, fen: &str) -> Game {
    Game::new(variant, Some(fen)).unwrap()
}

#[test]
fn forced_chain_prefix_plays_the_whole_turn() {
    let mut g = Game::new(Variant::Grolman, None).unwrap();
    let t = g.play("e2e4").unwrap();
    assert_eq!(t.code, "e2e4,g1e2,h1g1");
    assert_eq!(t.notation, "e4 (Ng1-e2, Rh1-g1)");
}

#[test]
fn tie_is_reported_as_the_missing_choice() {
    let mut g = game(Variant::Grolman, "k7/8/8/8/8/5NN1/8/4K2R w K - 0 1");
    let err = g.play("e1g1").unwrap_err();
    let GameError::Turn(TurnError::Ambiguous(open)) = &err else {
        panic!("{err}")
    };
    assert_eq!(open.choice.kind, ChoiceKind::Follower);
    assert_eq!(open.step, 2);
    assert!(err.to_string().contains("which unit follows (step 2)"), "{err}");
    assert!(
        err.to_string().contains("f3e1") && err.to_string().contains("g3h1"),
        "{err}"
    );
    assert_eq!(g.history().len(), 0, "nothing played");
    let t = g.play("e1g1,g3h1").unwrap();
    assert_eq!(t.notation, "O-O (Ng3-h1)");
}

#[test]
fn choices_walk_a_castling_tie_step_by_step() {
    let g = game(Variant::Grolman, "k7/8/8/8/8/5NN1/8/4K2R w K - 0 1");
    let c = g.choices("e1g1").unwrap();
    assert!(!c.complete);
    let open = c.open.unwrap();
    assert_eq!(open.kind, ChoiceKind::Follower);
    assert_eq!(open.vacated.len(), 2);
    let codes: Vec<&str> = open.options.iter().map(|o| o.code.as_str()).collect();
    assert_eq!(codes, ["e1g1,f3e1", "e1g1,g3h1"]);
    assert_eq!((c.sample.as_str(), c.moves), ("e1g1,f3e1", 1));
    let done = g.choices("e1g1,f3e1").unwrap();
    assert!(done.complete);
    assert_eq!(done.turn.as_deref(), Some("e1g1,f3e1"));
}

#[test]
fn choices_ask_for_the_leaders_promotion() {
    let g = game(Variant::Orthodox, "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let c = g.choices("e7e8").unwrap();
    let open = c.open.unwrap();
    assert_eq!(open.kind, ChoiceKind::Promotion);
    assert_eq!(open.options.len(), 4);
}

#[test]
fn choices_ask_the_owner_in_tatarstan_chess() {
    let g = game(Variant::Tatarstan, "4k3/8/8/8/8/8/1p6/n3K3 w - - 0 1");
    let c = g.choices("e1f2").unwrap();
    let open = c.open.unwrap();
    assert_eq!(open.kind, ChoiceKind::OwnerPromotion);
    let codes: Vec<&str> = open.options.iter().map(|o| o.code.as_str()).collect();
    assert_eq!(codes, ["e1f2;a1r", "e1f2;a1b", "e1f2;a1n"]);
    assert!(open
        .options
        .iter()
        .all(|o| o.color == Some(grolman::Color::Black)));
}

#[test]
fn a_wrong_follower_is_named_with_the_one_the_rules_require() {
    let turns = legal_turns(&Position::start(), Variant::Grolman.into());
    let err = find_by_code(&turns, "e2e4,d1e2").unwrap_err().to_string();
    assert!(err.contains("g1e2") && err.contains("step 2"), "{err}");
    let err = find_by_code(&turns, "e2e5").unwrap_err().to_string();
    assert!(err.contains("e2 to e5"), "{err}");
    let err = find_by_code(&turns, "e2e4,zz").unwrap_err().to_string();
    assert!(err.contains("\"zz\""), "{err}");
}

#[test]
fn san_disambiguates_among_leading_moves() {
    let turns = legal_turns(
        &Position::from_fen("k7/8/8/8/8/2N3N1/8/4K3 w - - 0 1").unwrap(),
        Variant::Orthodox.into(),
    );
    let sans: Vec<&str> = turns.iter().map(|t| t.san.as_str()).collect();
    assert!(sans.contains(&"Nce4") && sans.contains(&"Nge4"), "{sans:?}");
}

#[test]
fn literature_notation_reads_with_or_without_the_chain() {
    let pos = Position::start();
    let turns = legal_turns(&pos, Variant::Grolman.into());
    for text in ["e4", "e4 (Ng1-e2, Rh1-g1)", "e4 (Ng1-e2, Rh1-g1)!"] {
        assert_eq!(
            literature::find(&pos, &turns, text).unwrap().code,
            "e2e4,g1e2,h1g1"
        );
    }
    let err = literature::find(&pos, &turns, "e4 (Bf1-e2)")
        .unwrap_err()
        .to_string();
    assert!(err.contains("followers"), "{err}");
    let err = literature::find(&pos, &turns, "Ke2").unwrap_err().to_string();
    assert!(err.contains("no legal turn"), "{err}");
}

#[test]
fn pgn_writes_chains_in_comments_and_reads_them_back() {
    let mut g = Game::new(Variant::Grolman, None).unwrap();
    g.play("e2e4").unwrap();
    g.play("e7e5").unwrap();
    let pgn = g.pgn();
    assert!(pgn.contains("[Variant \"Grolman\"]"), "{pgn}");
    assert!(
        pgn.contains("1. e4 {(Ng1-e2, Rh1-g1)} e5 {(Ng8-e7, Rh8-g8)} *"),
        "{pgn}"
    );
    let back = Game::from_pgn(&pgn).unwrap();
    assert_eq!(back.position(), g.position());
    assert_eq!(back.variant(), Variant::Grolman);
}

#[test]
fn pgn_from_a_position_with_black_to_move() {
    let mut g = game(Variant::Tatarstan, "4k3/8/8/8/8/8/1p6/n2K4 b - - 0 7");
    g.play("e8e7;a1n").unwrap();
    g.play("d1e1;a1n").unwrap();
    let pgn = g.pgn();
    assert!(
        pgn.contains("[FEN \"4k3/8/8/8/8/8/1p6/n2K4 b - - 0 7\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("7... Ke7"), "{pgn}");
    let back = Game::from_pgn(&pgn).unwrap();
    assert_eq!(back.position().fen(), g.position().fen());
}

#[test]
fn pgn_errors_name_the_line_and_token() {
    let err = Game::from_pgn("[Variant \"Grolman\"]\n\n1. e4 e5 2. Qh5 Ke9 *")
        .unwrap_err()
        .to_string();
    assert!(err.contains("line 3") && err.contains("Qh5"), "{err}");
    let err = Game::from_pgn("[Variant \"Crazyhouse\"]\n1. e4")
        .unwrap_err()
        .to_string();
    assert!(err.contains("Crazyhouse"), "{err}");
}

#[test]
fn status_reports_checkmate_stalemate_and_draws() {
    let mate = game(Variant::Orthodox, "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Checkmate {
            winner: grolman::Color::White
        })
    );
    let stale = game(Variant::Orthodox, "k7/8/1Q6/8/8/8/8/7K b - - 0 1");
    assert_eq!(stale.outcome(), Some(Outcome::Stalemate));
    let bare = game(Variant::Grolman, "k7/8/8/8/8/8/8/6NK w - - 0 1");
    assert_eq!(bare.outcome(), Some(Outcome::DeadMaterial));
    let fifty = game(Variant::Orthodox, "k7/8/8/8/8/8/8/1R5K w - - 100 80");
    assert_eq!(fifty.outcome(), Some(Outcome::FiftyMoves));
    let mut rep = game(Variant::Orthodox, "k7/8/8/8/8/8/8/1R5K w - - 0 1");
    for code in ["h1g1", "a8a7", "g1h1", "a7a8", "h1g1", "a8a7", "g1h1", "a7a8"] {
        rep.play(code).unwrap();
    }
    assert_eq!(rep.outcome(), Some(Outcome::ThreefoldRepetition));
    assert!(rep.play("b1b2").is_err(), "no turn after the game ended");
}

#[test]
fn undo_goes_back_one_turn() {
    let mut g = Game::new(Variant::Tatarstan, None).unwrap();
    let before = g.position().clone();
    g.play("e2e4").unwrap();
    assert!(g.undo().is_some());
    assert_eq!(g.position(), &before);
    assert!(g.undo().is_none());
}

#[test]
fn events_serialise_for_the_browser() {
    let turns = legal_turns(&Position::start(), Variant::Grolman.into());
    let e4 = turns.iter().find(|t| t.san == "e4").unwrap();
    let json = serde_json::to_value(e4).unwrap();
    assert_eq!(json["code"], "e2e4,g1e2,h1g1");
    assert_eq!(json["events"][0]["type"], "lead");
    assert_eq!(json["events"][1]["type"], "candidates");
    assert_eq!(json["events"][1]["weakest"], "knight");
    let units: Vec<&str> = json["events"][1]["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["square"].as_str().unwrap())
        .collect();
    assert_eq!(units, ["g1", "f1", "d1", "e1"]);
    assert_eq!(json["events"][2]["type"], "follow");
    assert_eq!(json["events"][2]["reason"], "weakest");
    assert_eq!(json["events"][4]["reason"], "only");
}

#[test]
fn pgn_tag_values_may_contain_brackets() {
    let g = Game::from_pgn("[Event \"a]b\"]\n[Variant \"Grolman\"]\n\n1. e4 *").unwrap();
    assert_eq!(g.history().len(), 1);
}

#[test]
fn an_open_leader_promotion_keeps_the_prefix_as_given() {
    let g = game(Variant::Orthodox, "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(g.choices("e7e8").unwrap().prefix, "e7e8");
}

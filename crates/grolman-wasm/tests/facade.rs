//! The wasm facade, run in Node by wasm-bindgen-test-runner.
#![cfg(target_arch = "wasm32")]

use grolman_wasm::{pieces_of, turns_of, Game};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

fn text(value: &JsValue, key: &str) -> String {
    let map: serde_json::Value = serde_wasm_bindgen::from_value(value.clone()).unwrap();
    map[key].as_str().unwrap_or_default().to_string()
}

#[wasm_bindgen_test]
fn playing_a_forced_prefix_returns_the_whole_turn() {
    let mut g = Game::new("grolman", None).unwrap();
    let t = g.play("e2e4").unwrap();
    assert_eq!(text(&t, "notation"), "e4 (Ng1-e2, Rh1-g1)");
    assert_eq!(text(&t, "code"), "e2e4,g1e2,h1g1");
    assert_eq!(g.ply(), 1);
    assert!(g.undo().unwrap().is_object());
    assert!(g.undo().unwrap().is_undefined());
}

#[wasm_bindgen_test]
fn bad_input_becomes_an_error_and_keeps_the_game() {
    assert!(Game::new("crazyhouse", None).is_err());
    assert!(Game::new("grolman", Some("not a fen".into())).is_err());
    let mut g = Game::new("tatarstan", None).unwrap();
    assert!(g.play("e2e5").is_err());
    assert!(g.play("").is_err());
    assert!(g.choices("zz").is_err());
    assert_eq!(g.ply(), 0);
    assert!(Game::from_pgn("1. e4 {unclosed").is_err());
    assert!(pieces_of("8/8/8/8/8/8/8/8 w - - 0 1").is_err());
}

#[wasm_bindgen_test]
fn whole_position_queries_answer_in_one_call() {
    let g = Game::new("grolman", None).unwrap();
    let turns: Vec<serde_json::Value> = serde_wasm_bindgen::from_value(g.turns().unwrap()).unwrap();
    assert_eq!(turns.len(), 20);
    assert!(turns.iter().all(|t| t["events"][0]["type"] == "lead"));
    let all: Vec<serde_json::Value> =
        serde_wasm_bindgen::from_value(turns_of("orthodox", grolman::START_FEN).unwrap()).unwrap();
    assert_eq!(all.len(), 20);
    let pieces: Vec<serde_json::Value> = serde_wasm_bindgen::from_value(g.pieces().unwrap()).unwrap();
    assert_eq!(pieces.len(), 32);
}

/// perft, in the engine package only (`make test-wasm` builds it).
#[cfg(feature = "engine")]
#[wasm_bindgen_test]
fn perft_counts_and_refuses_bad_input() {
    use grolman_wasm::perft;
    assert_eq!(perft("grolman", grolman::START_FEN, 3).unwrap(), 9040.0);
    assert_eq!(perft("orthodox", grolman::START_FEN, 3).unwrap(), 8902.0);
    let g = Game::new("tatarstan", None).unwrap();
    assert_eq!(g.perft(1).unwrap(), 20.0);
    assert!(perft("orthodox", "8/8 w", 1).is_err());
    assert!(perft("orthodox", grolman::START_FEN, 99).is_err());
    assert!(perft("crazyhouse", grolman::START_FEN, 1).is_err());
}

#[wasm_bindgen_test]
fn choices_and_status_cross_as_objects() {
    let g = Game::new("grolman", Some("k7/8/8/8/8/5NN1/8/4K2R w K - 0 1".into())).unwrap();
    let c: serde_json::Value = serde_wasm_bindgen::from_value(g.choices("e1g1").unwrap()).unwrap();
    assert_eq!(c["complete"], false);
    assert_eq!(c["open"]["kind"], "follower");
    assert_eq!(c["open"]["options"].as_array().unwrap().len(), 2);
    let s: serde_json::Value = serde_wasm_bindgen::from_value(g.status().unwrap()).unwrap();
    assert_eq!(s["state"], "ongoing");
    assert_eq!(s["result"], "*");
    let pgn = Game::from_pgn(&Game::new("grolman", None).unwrap().pgn()).unwrap();
    assert_eq!(pgn.variant(), "grolman");
}

#[wasm_bindgen_test]
fn leads_list_each_leading_move_once() {
    let g = Game::new("grolman", Some("k7/4P3/8/8/8/8/8/4K3 w - - 0 1".into())).unwrap();
    let leads: Vec<serde_json::Value> = serde_wasm_bindgen::from_value(g.leads().unwrap()).unwrap();
    // e7-e8 (one entry for four promotions) and five king moves.
    assert_eq!(leads.len(), 6);
    assert!(leads.iter().any(|l| l["from"] == "e7" && l["to"] == "e8"));
}

#[wasm_bindgen_test]
fn turns_led_by_one_leader() {
    let g = Game::new("grolman", Some("k7/8/8/8/8/5NN1/8/4K2R w K - 0 1".into())).unwrap();
    let turns: Vec<serde_json::Value> =
        serde_wasm_bindgen::from_value(g.turns_led_by("e1", "g1").unwrap()).unwrap();
    assert_eq!(turns.len(), 2);
    assert!(g.turns_led_by("e9", "g1").is_err());
}

//! The facade's turn lists (src/turns_js.rs and js/turns.js) against the `Serialize` derives
//! of `grolman::Turn`, in Node by wasm-bindgen-test-runner.
#![cfg(target_arch = "wasm32")]

use grolman::{notation, Position, Variant};
use grolman_wasm::{turns_of, Game};
use wasm_bindgen_test::*;

/// Positions whose turns hold every kind of event and every optional field: captures, en
/// passant, castling, promotions by the leader and by a follower, ties, owners' promotions in
/// Tatarstan chess, rights that lapse by a move, a capture and a transformation, check and mate.
const CASES: &[(&str, &str)] = &[
    ("orthodox", grolman::START_FEN),
    ("grolman", grolman::START_FEN),
    ("tatarstan", grolman::START_FEN),
    ("orthodox", KIWIPETE),
    ("grolman", KIWIPETE),
    ("tatarstan", KIWIPETE),
    ("grolman", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"),
    ("tatarstan", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"),
    ("orthodox", "r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1"),
    ("grolman", "1N2k3/1P6/8/8/8/8/8/4K3 w - - 0 1"),
    ("grolman", "k7/8/8/8/8/5NN1/8/4K2R w K - 0 1"),
    ("tatarstan", "4k2N/6P1/8/8/8/8/8/4K3 w - - 0 1"),
    ("tatarstan", "4k3/8/8/8/8/8/3PN3/4K3 w - - 0 1"),
    ("orthodox", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),
];

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn derived(variant: &str, fen: &str) -> serde_json::Value {
    let variant: Variant = variant.parse().unwrap();
    let turns = notation::legal_turns(&Position::from_fen(fen).unwrap(), variant.into());
    serde_json::to_value(turns).unwrap()
}

/// Fails naming the first turn (and its first event) that differ, not the whole lists.
fn same(got: &serde_json::Value, want: &serde_json::Value, case: &str) {
    let (got, want) = (got.as_array().unwrap(), want.as_array().unwrap());
    assert_eq!(got.len(), want.len(), "{case}: number of turns");
    for (g, w) in got.iter().zip(want) {
        let (ge, we) = (g["events"].as_array().unwrap(), w["events"].as_array().unwrap());
        if let Some((e, f)) = ge.iter().zip(we).find(|(e, f)| e != f) {
            panic!("{case}: turn {}: event {e} instead of {f}", w["code"]);
        }
        assert_eq!(g, w, "{case}: turn {}", w["code"]);
    }
}

/// Every event key with a value other than null, as `type.key`, and the turn keys likewise.
fn fields_set(turns: &serde_json::Value, seen: &mut std::collections::BTreeSet<String>) {
    for turn in turns.as_array().unwrap() {
        for (key, value) in turn.as_object().unwrap() {
            if value.as_bool() != Some(false) {
                seen.insert(key.clone());
            }
        }
        for event in turn["events"].as_array().unwrap() {
            let kind = event["type"].as_str().unwrap();
            for (key, value) in event.as_object().unwrap() {
                if !value.is_null() && value.as_bool() != Some(false) {
                    seen.insert(format!("{kind}.{key}"));
                }
            }
        }
    }
}

#[wasm_bindgen_test]
fn turn_lists_cross_in_the_shape_of_the_turn_derive() {
    let mut seen = std::collections::BTreeSet::new();
    for &(variant, fen) in CASES {
        let want = derived(variant, fen);
        let game = Game::new(variant, Some(fen.into()), None).unwrap();
        let got: serde_json::Value = serde_wasm_bindgen::from_value(game.turns().unwrap()).unwrap();
        same(&got, &want, &format!("turns() {variant} {fen}"));
        let of: serde_json::Value = serde_wasm_bindgen::from_value(turns_of(variant, fen).unwrap()).unwrap();
        same(&of, &want, &format!("turnsOf {variant} {fen}"));
        fields_set(&want, &mut seen);
    }
    let every = [
        "check",
        "mate",
        "lead.capture",
        "lead.promotion",
        "lead.castle",
        "lead.enPassant",
        "candidates.weakest",
        "candidates.choice",
        "candidates.units",
        "follow.promotion",
        "follow.reason",
        "stage.role",
        "transform.promotion",
        "transform.wave",
        "right_lapsed.color",
        "right_lapsed.side",
        "right_lapsed.square",
    ];
    for field in every {
        assert!(seen.contains(field), "no case sets {field}");
    }
}

#[wasm_bindgen_test]
fn turns_led_by_one_leader_cross_in_the_same_shape() {
    let fen = "k7/8/8/8/8/5NN1/8/4K2R w K - 0 1";
    let game = Game::new("grolman", Some(fen.into()), None).unwrap();
    let got: serde_json::Value =
        serde_wasm_bindgen::from_value(game.turns_led_by("e1", "g1").unwrap()).unwrap();
    let want: Vec<serde_json::Value> = derived("grolman", fen)
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["from"] == "e1" && t["to"] == "g1")
        .cloned()
        .collect();
    assert_eq!(want.len(), 2, "castling with a tie: two turns");
    same(&got, &serde_json::Value::from(want), "turnsLedBy e1 g1");
}

#[wasm_bindgen_test]
fn played_turns_are_the_turn_derive_with_their_move_number_side_and_outcome() {
    let js = |value| -> serde_json::Value { serde_wasm_bindgen::from_value(value).unwrap() };
    let mut mates = 0;
    for &(variant, fen) in CASES {
        let want = derived(variant, fen);
        let turns = want.as_array().unwrap();
        let turn = turns.iter().find(|t| t["mate"] == true).unwrap_or(&turns[0]);
        let pos = Position::from_fen(fen).unwrap();
        let mut game = Game::new(variant, Some(fen.into()), None).unwrap();
        let played = js(game.play(turn["code"].as_str().unwrap()).unwrap());
        let case = format!("{variant} {fen} {}", turn["code"]);

        let mut bare = played.clone();
        let place = bare.as_object_mut().unwrap();
        assert_eq!(place.remove("moveNumber"), Some(pos.fullmoves().into()), "{case}");
        assert_eq!(place.remove("color"), Some(pos.turn().name().into()), "{case}");
        let outcome = place.remove("outcome").unwrap();
        same(&serde_json::json!([bare]), &serde_json::json!([turn]), &case);
        if turn["mate"] == true {
            mates += 1;
            let status = js(game.status().unwrap());
            assert_eq!(outcome["state"], "checkmate", "{case}");
            assert_eq!(outcome["message"], status["message"], "{case}");
        } else {
            assert!(outcome.is_null(), "{case}");
        }

        assert_eq!(js(game.history().unwrap()), serde_json::json!([played]), "{case}");
        let mut unended = played.clone();
        unended["outcome"] = serde_json::Value::Null;
        assert_eq!(js(game.tree().unwrap())["nodes"][1]["turn"], unended, "{case}");
        assert_eq!(js(game.undo().unwrap()), unended, "{case}");
    }
    assert!(mates > 0, "no case ends the game");
}

//! The wasm facade, run in Node by wasm-bindgen-test-runner.
#![cfg(target_arch = "wasm32")]

use grolman_wasm::{
    diagram_facts, engine_levels, examine_setup, notation_in, pass_fen, pieces_of, read_pgn, setup_of,
    turns_of, variants, write_pgn, Game,
};
use serde::Serialize;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

fn text(value: &JsValue, key: &str) -> String {
    let map: serde_json::Value = serde_wasm_bindgen::from_value(value.clone()).unwrap();
    map[key].as_str().unwrap_or_default().to_string()
}

#[wasm_bindgen_test]
fn playing_a_forced_prefix_returns_the_whole_turn() {
    let mut g = Game::new("grolman", None, None).unwrap();
    let t = g.play("e2e4").unwrap();
    assert_eq!(text(&t, "notation"), "e4 (Ng1-e2, Rh1-g1)");
    assert_eq!(text(&t, "code"), "e2e4,g1e2,h1g1");
    assert_eq!(g.ply(), 1);
    assert!(g.undo().unwrap().is_object());
    assert!(g.undo().unwrap().is_undefined());
}

#[wasm_bindgen_test]
fn bad_input_becomes_an_error_and_keeps_the_game() {
    assert!(Game::new("crazyhouse", None, None).is_err());
    assert!(Game::new("grolman", Some("not a fen".into()), None).is_err());
    let mut g = Game::new("tatarstan", None, None).unwrap();
    assert!(g.play("e2e5").is_err());
    assert!(g.play("").is_err());
    assert!(g.choices("zz").is_err());
    assert_eq!(g.ply(), 0);
    assert!(read_pgn("1. e4 {unclosed").is_err());
    assert!(pieces_of("8/8/8/8/8/8/8/8 w - - 0 1", None).is_err());
}

#[wasm_bindgen_test]
fn whole_position_queries_answer_in_one_call() {
    let g = Game::new("grolman", None, None).unwrap();
    let turns: Vec<serde_json::Value> = serde_wasm_bindgen::from_value(g.turns().unwrap()).unwrap();
    assert_eq!(turns.len(), 20);
    assert!(turns.iter().all(|t| t["events"][0]["type"] == "lead"));
    let all: Vec<serde_json::Value> =
        serde_wasm_bindgen::from_value(turns_of("orthodox", grolman::START_FEN).unwrap()).unwrap();
    assert_eq!(all.len(), 20);
    let pieces: Vec<serde_json::Value> = serde_wasm_bindgen::from_value(g.pieces().unwrap()).unwrap();
    assert_eq!(pieces.len(), 32);
}

#[wasm_bindgen_test]
fn the_engine_levels_come_with_their_limits_and_what_they_mean() {
    let levels: Vec<serde_json::Value> =
        serde_wasm_bindgen::from_value(engine_levels("grolman").unwrap()).unwrap();
    assert_eq!(levels.len(), 5);
    assert_eq!(levels[0]["label"], "1: up to 0.1 s, depth 1");
    assert_eq!(levels[0]["maxDepth"], 1);
    assert!(levels.iter().all(|l| !l["meaning"].as_str().unwrap().is_empty()));
    let tatarstan: Vec<serde_json::Value> =
        serde_wasm_bindgen::from_value(engine_levels("tatarstan").unwrap()).unwrap();
    assert_ne!(tatarstan[2]["movetimeMs"], levels[2]["movetimeMs"]);
    assert!(engine_levels("crazyhouse").is_err());
}

/// perft, in the engine package only (`make test-wasm` builds it).
#[cfg(feature = "engine")]
#[wasm_bindgen_test]
fn perft_counts_and_refuses_bad_input() {
    use grolman_wasm::perft;
    assert_eq!(perft("grolman", grolman::START_FEN, 3).unwrap(), 9040.0);
    assert_eq!(perft("orthodox", grolman::START_FEN, 3).unwrap(), 8902.0);
    let g = Game::new("tatarstan", None, None).unwrap();
    assert_eq!(g.perft(1).unwrap(), 20.0);
    assert!(perft("orthodox", "8/8 w", 1).is_err());
    assert!(perft("orthodox", grolman::START_FEN, 99).is_err());
    assert!(perft("crazyhouse", grolman::START_FEN, 1).is_err());
}

/// The analysis panel's lines, in the engine package only.
#[cfg(feature = "engine")]
#[wasm_bindgen_test]
fn analyse_gives_three_lines_from_white_side_and_refuses_bad_input() {
    use grolman_wasm::analyse;
    // White mates by Ra8. With Black to move, each line's score is Black's and whiteScore
    // its opposite.
    let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    let result = json(analyse("orthodox", fen, 3, 0.0, 3, JsValue::NULL).unwrap());
    assert_eq!(result["depth"], 3);
    let lines = result["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["best"], "a1a8");
    assert_eq!(lines[0]["mate"], 1);
    assert_eq!(lines[0]["whiteScore"], lines[0]["score"]);
    let black = json(
        analyse(
            "orthodox",
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1",
            2,
            0.0,
            2,
            JsValue::NULL,
        )
        .unwrap(),
    );
    let first = &black["lines"][0];
    assert_eq!(
        first["whiteScore"].as_i64().unwrap(),
        -first["score"].as_i64().unwrap()
    );
    assert!(analyse("orthodox", fen, 0, 0.0, 2, JsValue::NULL).is_err());
    assert!(analyse("orthodox", "8/8 w", 3, 0.0, 2, JsValue::NULL).is_err());
}

#[wasm_bindgen_test]
fn choices_and_status_cross_as_objects() {
    let g = Game::new("grolman", Some("k7/8/8/8/8/5NN1/8/4K2R w K - 0 1".into()), None).unwrap();
    let c: serde_json::Value = serde_wasm_bindgen::from_value(g.choices("e1g1").unwrap()).unwrap();
    assert_eq!(c["complete"], false);
    assert_eq!(c["open"]["kind"], "follower");
    assert_eq!(c["open"]["options"].as_array().unwrap().len(), 2);
    let s: serde_json::Value = serde_wasm_bindgen::from_value(g.status().unwrap()).unwrap();
    assert_eq!(s["state"], "ongoing");
    assert_eq!(s["result"], "*");
    let pgn = read_pgn(&write_pgn("grolman", None, vec![], None).unwrap()).unwrap();
    assert_eq!(text(&pgn, "variant"), "grolman");
}

#[wasm_bindgen_test]
fn leads_list_each_leading_move_once() {
    let g = Game::new("grolman", Some("k7/4P3/8/8/8/8/8/4K3 w - - 0 1".into()), None).unwrap();
    let leads: Vec<serde_json::Value> = serde_wasm_bindgen::from_value(g.leads().unwrap()).unwrap();
    // e7-e8 (one entry for four promotions) and five king moves.
    assert_eq!(leads.len(), 6);
    assert!(leads.iter().any(|l| l["from"] == "e7" && l["to"] == "e8"));
}

#[wasm_bindgen_test]
fn turns_led_by_one_leader() {
    let g = Game::new("grolman", Some("k7/8/8/8/8/5NN1/8/4K2R w K - 0 1".into()), None).unwrap();
    let turns: Vec<serde_json::Value> =
        serde_wasm_bindgen::from_value(g.turns_led_by("e1", "g1").unwrap()).unwrap();
    assert_eq!(turns.len(), 2);
    assert!(g.turns_led_by("e9", "g1").is_err());
}

fn json(value: JsValue) -> serde_json::Value {
    serde_wasm_bindgen::from_value(value).unwrap()
}

#[wasm_bindgen_test]
fn status_names_the_checked_king_and_the_move_number() {
    let g = Game::new("orthodox", Some("4k3/8/8/8/8/8/8/4KQ2 b - - 3 41".into()), None).unwrap();
    let s = json(g.status().unwrap());
    assert_eq!(s["check"], false);
    assert_eq!(s["checkSquare"], serde_json::Value::Null);
    assert_eq!(s["moveNumber"], 41);
    let g = Game::new("orthodox", Some("4k3/8/8/8/8/8/8/4RK2 b - - 0 7".into()), None).unwrap();
    let s = json(g.status().unwrap());
    assert_eq!(s["checkSquare"], "e8");
    assert_eq!(s["moveNumber"], 7);
}

#[wasm_bindgen_test]
fn played_turns_carry_their_move_number_and_side() {
    let mut g = Game::new("grolman", Some("4k3/8/8/8/8/8/4P3/4K3 b - - 0 12".into()), None).unwrap();
    let t = json(g.play("e8d8").unwrap());
    assert_eq!(
        (t["moveNumber"].clone(), t["color"].clone()),
        (12.into(), "black".into())
    );
    g.play("e2e4").unwrap();
    let history = json(g.history().unwrap());
    assert_eq!(history[1]["moveNumber"], 13);
    assert_eq!(history[1]["color"], "white");
    assert_eq!(history[1]["notation"], "e4 (Ke1-e2)");
    let undone = json(g.undo().unwrap());
    assert_eq!(undone["moveNumber"], 13);
}

#[wasm_bindgen_test]
fn a_lead_says_when_it_is_en_passant() {
    let mut g = Game::new("grolman", Some("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2".into()), None).unwrap();
    let t = json(g.play("e5d6").unwrap());
    assert_eq!(t["events"][0]["enPassant"], true);
    assert_eq!(t["events"][0]["capture"]["square"], "d5");
    let t = json(g.play("e8f8").unwrap());
    assert_eq!(t["events"][0]["enPassant"], false);
}

#[wasm_bindgen_test]
fn castling_leads_name_their_rook_in_camel_case() {
    let mut g = Game::new("grolman", Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1".into()), None).unwrap();
    let leads = json(g.leads().unwrap());
    let (castles, others): (Vec<_>, Vec<_>) = leads
        .as_array()
        .unwrap()
        .iter()
        .partition(|l| !l["rook"].is_null());
    assert_eq!(castles.len(), 1);
    assert_eq!(
        (castles[0]["from"].clone(), castles[0]["to"].clone()),
        ("e1".into(), "g1".into())
    );
    assert_eq!(castles[0]["rook"], "h1");
    assert_eq!(others.len(), 14);
    let t = json(g.play("e1g1").unwrap());
    assert_eq!(t["events"][0]["castle"]["rookFrom"], "h1");
    assert_eq!(t["events"][0]["castle"]["rookTo"], "f1");
}

#[wasm_bindgen_test]
fn variants_are_listed_with_display_names_and_aliases() {
    let list = json(variants().unwrap());
    let grolman = list
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == "grolman")
        .unwrap();
    assert_eq!(grolman["displayName"], "Grolman chess");
    assert_eq!(grolman["aliases"], serde_json::json!(["kazan"]));
    assert_eq!(grolman["condition"], "Grolman chess");
    let orthodox = list
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == "orthodox")
        .unwrap();
    assert_eq!(orthodox["condition"], serde_json::Value::Null);
    assert_eq!(list.as_array().unwrap().len(), 3);
    assert_eq!(Game::new("Kazan", None, None).unwrap().variant(), "grolman");
}

#[wasm_bindgen_test]
fn diagram_facts_count_and_list_the_units() {
    let facts = json(diagram_facts("4k3/8/8/8/8/8/4P3/R3K3 w Q - 0 1").unwrap());
    assert_eq!(facts["unitCount"], "(3+1)");
    assert_eq!(
        (facts["white"].clone(), facts["black"].clone()),
        (3.into(), 1.into())
    );
    // Strongest kind first, each kind by square: the page words them in its language.
    assert_eq!(
        facts["units"],
        serde_json::json!({
            "white": [{"role": "king", "square": "e1"}, {"role": "rook", "square": "a1"}, {"role": "pawn", "square": "e2"}],
            "black": [{"role": "king", "square": "e8"}],
        })
    );
    assert_eq!(facts["placement"], "4k3/8/8/8/8/8/4P3/R3K3");
    assert!(diagram_facts("8/8 w").is_err());
}

fn examined(pieces: &str, turn: &str, castling: &str, ep: Option<&str>) -> serde_json::Value {
    let units: Vec<serde_json::Value> = pieces
        .split_whitespace()
        .map(|u| {
            let (color, role, square) = (&u[0..1], &u[1..2], &u[2..4]);
            let color = if color == "w" { "white" } else { "black" };
            let role = match role {
                "K" => "king",
                "Q" => "queen",
                "R" => "rook",
                "B" => "bishop",
                "N" => "knight",
                _ => "pawn",
            };
            serde_json::json!({ "square": square, "color": color, "role": role })
        })
        .collect();
    let setup = serde_json::json!({ "pieces": units, "turn": turn, "castling": castling, "enPassant": ep });
    let value = setup
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap();
    serde_wasm_bindgen::from_value(examine_setup(value).unwrap()).unwrap()
}

#[wasm_bindgen_test]
fn the_editor_is_told_which_castling_rights_the_placement_allows_and_loses_the_others() {
    let e = examined("wKe1 wRa1 bKe8 bRh8 bRa7", "white", "KQkq", None);
    assert_eq!(e["possibleCastling"], "Qk");
    assert_eq!(e["fen"], "4k2r/r7/8/8/8/8/8/R3K3 w Qk - 0 1");
    assert_eq!(e["error"], serde_json::Value::Null);
}

#[wasm_bindgen_test]
fn the_editor_is_told_the_possible_en_passant_squares_and_keeps_a_possible_one() {
    let e = examined("wKe1 wPd4 wPe4 bKe8", "black", "-", Some("e3"));
    assert_eq!(e["possibleEnPassant"], serde_json::json!(["d3", "e3"]));
    assert_eq!(e["fen"], "4k3/8/8/8/3PP3/8/8/4K3 b - e3 0 1");
    let gone = examined("wKe1 wPd4 bKe8", "black", "-", Some("e3"));
    assert_eq!(gone["fen"], "4k3/8/8/8/3P4/8/8/4K3 b - - 0 1");
}

#[wasm_bindgen_test]
fn an_illegal_setup_still_has_a_fen_and_the_crates_reason() {
    let e = examined("wKe1 wPa8", "white", "-", None);
    assert_eq!(e["fen"], "P7/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(e["error"]["message"], "black has no king");
    assert_eq!(e["error"]["code"], "setup.no-king");
    assert_eq!(e["error"]["facts"]["color"], "black");
    let setup: serde_json::Value =
        serde_wasm_bindgen::from_value(setup_of("P7/8/8/8/8/8/8/4K3 w - - 0 1").unwrap()).unwrap();
    assert_eq!(setup["pieces"].as_array().unwrap().len(), 2);
    assert!(setup_of("9/8/8/8/8/8/8/8 w - - 0 1").is_err());
}

#[wasm_bindgen_test]
fn a_threat_or_set_play_is_shown_on_the_position_with_the_other_side_to_move() {
    assert_eq!(
        pass_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", None).unwrap(),
        "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1"
    );
    // The side in check may not pass.
    assert!(pass_fen("4k3/8/8/8/8/8/8/4K2r w - - 0 1", None).is_err());
}

#[wasm_bindgen_test]
fn the_tree_crosses_with_side_lines_and_notes_and_bad_ids_or_notes_are_errors() {
    let mut g = Game::new("orthodox", None, None).unwrap();
    g.play("e2e4").unwrap();
    g.play("e7e5").unwrap();
    g.go_to(1).unwrap();
    g.play("c7c5").unwrap();
    let note = serde_json::json!({"comment": "The Sicilian.", "nags": [1], "shapes": [{"color": "green", "from": "c7", "to": "c5"}]});
    g.set_note(3, js(&note)).unwrap();
    let tree = json(g.tree().unwrap());
    assert_eq!(tree["current"], 3);
    assert_eq!(tree["nodes"][0]["turn"], serde_json::Value::Null);
    assert_eq!(tree["nodes"][1]["children"], serde_json::json!([2, 3]));
    assert_eq!(tree["nodes"][3]["turn"]["notation"], "c5");
    assert_eq!(tree["nodes"][3]["turn"]["moveNumber"], 1);
    assert_eq!(tree["nodes"][3]["turn"]["color"], "black");
    assert_eq!(tree["nodes"][3]["note"], note);
    assert_eq!(g.main_line(), ["e2e4", "e7e5"]);
    assert_eq!(g.tree_codes(), "e2e4 e7e5 (c7c5 $1 {The Sicilian. [%cal Gc7c5]})");
    assert!(g.go_to(9).is_err());
    let bad = serde_json::json!({"comment": "x", "nags": [], "shapes": [{"color": "pink", "from": "c7", "to": "c5"}]});
    assert!(g.set_note(3, js(&bad)).is_err());
    assert_eq!(json(g.tree().unwrap())["nodes"][3]["note"], note);
    let mut back = Game::new("orthodox", None, None).unwrap();
    back.read_tree_codes(&g.tree_codes()).unwrap();
    assert_eq!(back.tree_codes(), g.tree_codes());
    assert!(back.read_tree_codes("e2e4 (").is_err());
}

/// A JSON value as a plain JS object, as the page passes one.
fn js(value: &serde_json::Value) -> JsValue {
    use serde::Serialize;
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap()
}

/// The `code` and `facts` an error thrown by the facade carries, read as JavaScript reads them.
fn error_data(error: impl Into<JsValue>) -> serde_json::Value {
    use wasm_bindgen::JsCast;
    let value: JsValue = error.into();
    assert!(value.is_instance_of::<js_sys_error::Error>(), "not a JS Error");
    serde_wasm_bindgen::from_value(value).unwrap()
}

mod js_sys_error {
    use wasm_bindgen::prelude::*;
    #[wasm_bindgen]
    extern "C" {
        pub type Error;
    }
}

#[wasm_bindgen_test]
fn every_thrown_error_carries_its_code_and_facts() {
    let bad_fen = error_data(
        Game::new("grolman", Some("8/8/8/8/8/8/8/9 w - - 0 1".into()), None)
            .err()
            .unwrap(),
    );
    assert_eq!(bad_fen["code"], "fen.bad-digit");
    assert_eq!(bad_fen["facts"]["rank"], 1);
    assert_eq!(bad_fen["facts"]["digit"], "9");
    let mut g = Game::new("grolman", None, None).unwrap();
    let illegal = error_data(g.play("e2e5").err().unwrap());
    assert_eq!(illegal["code"], "turn.illegal");
    assert_eq!(illegal["facts"]["turn"], "e2e5");
    assert_eq!(illegal["facts"]["cause"]["code"], "turn.no-lead-to");
    assert_eq!(illegal["facts"]["cause"]["facts"]["to"], "e5");
    let variant = error_data(Game::new("shogi", None, None).err().unwrap());
    assert_eq!(variant["code"], "variant.unknown");
    assert_eq!(variant["facts"]["name"], "shogi");
    let pgn = error_data(read_pgn("1. e4 {unclosed").err().unwrap());
    assert_eq!(pgn["code"], "pgn.at");
    assert_eq!(pgn["facts"]["cause"]["code"], "pgn.unclosed-comment");
    let square = error_data(g.turns_led_by("e2", "z9").err().unwrap());
    assert_eq!(square["code"], "facade.not-a-square");
    let no_king = error_data(pieces_of("8/8/8/8/8/8/8/8 w - - 0 1", None).err().unwrap());
    assert_eq!(no_king["code"], "fen.illegal-position");
    assert_eq!(no_king["facts"]["cause"]["code"], "setup.no-king");
    assert_eq!(no_king["facts"]["cause"]["facts"]["color"], "white");
    let codes = grolman_wasm::fail::all_codes();
    for data in [&bad_fen, &illegal, &variant, &pgn, &square, &no_king] {
        assert!(codes.contains(&data["code"].as_str().unwrap()));
    }
}

#[wasm_bindgen_test]
fn a_pgn_game_crosses_as_the_description_the_page_keeps_side_lines_and_notes_included() {
    let mut g = Game::new("orthodox", None, None).unwrap();
    g.play("e2e4").unwrap();
    g.play("e7e5").unwrap();
    g.go_to(1).unwrap();
    g.play("c7c5").unwrap();
    let note = serde_json::json!({"comment": "The Sicilian.", "nags": [1], "shapes": []});
    g.set_note(3, js(&note)).unwrap();
    let pgn = write_pgn("orthodox", None, g.main_line(), Some(g.tree_codes())).unwrap();
    assert!(pgn.contains("1. e4 e5 (1... c5 $1 {The Sicilian.})"), "{pgn}");
    let read = read_pgn(&pgn).unwrap();
    assert_eq!(text(&read, "variant"), "orthodox");
    assert_eq!(text(&read, "fen"), grolman::START_FEN);
    assert_eq!(text(&read, "tree"), g.tree_codes());
    // The bare main line goes by its codes; a turn that cannot be played is named.
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let pgn = write_pgn(
        "grolman",
        Some(fen.into()),
        vec!["e2e4".into()],
        Some(String::new()),
    )
    .unwrap();
    assert!(
        pgn.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]") && pgn.contains("1. e4"),
        "{pgn}"
    );
    assert_eq!(text(&read_pgn(&pgn).unwrap(), "tree"), "e2e4,e1e2");
    assert!(write_pgn("grolman", None, vec!["e2e5".into()], None).is_err());
    assert!(write_pgn("crazyhouse", None, vec![], None).is_err());
}

#[wasm_bindgen_test]
fn a_note_is_read_field_by_field_and_a_bad_field_is_named() {
    let mut g = Game::new("orthodox", None, None).unwrap();
    g.play("e2e4").unwrap();
    g.set_note(1, js(&serde_json::json!({"comment": "Best by test."})))
        .unwrap();
    assert_eq!(
        json(g.tree().unwrap())["nodes"][1]["note"],
        serde_json::json!({"comment": "Best by test.", "nags": [], "shapes": []})
    );
    let message = |note: serde_json::Value| {
        let mut g = Game::new("orthodox", None, None).unwrap();
        g.play("e2e4").unwrap();
        let e = g.set_note(1, js(&note)).unwrap_err();
        let e: JsValue = e.into();
        js_sys::Reflect::get(&e, &"message".into())
            .unwrap()
            .as_string()
            .unwrap()
    };
    assert_eq!(
        message(serde_json::json!({"comment": 5})),
        "bad note: comment must be a string"
    );
    assert_eq!(
        message(serde_json::json!({"nags": [300]})),
        "bad note: a NAG must be a whole number from 0 to 255"
    );
    assert_eq!(
        message(serde_json::json!({"nags": 1})),
        "bad note: nags must be a list"
    );
    assert_eq!(
        message(serde_json::json!({"shapes": [{"color": "red", "from": "e9", "to": "e4"}]})),
        "bad note: \"e9\" is not a square"
    );
    assert_eq!(message(serde_json::json!("x")), "bad note: expected an object");
}

#[wasm_bindgen_test]
fn a_turn_is_shown_in_a_languages_letters_and_a_bad_letter_set_is_an_error() {
    let mut g = Game::new("grolman", None, None).unwrap();
    let t = g.play("e2e4").unwrap();
    assert_eq!(
        notation_in(&text(&t, "notation"), "R D T A C").unwrap(),
        "e4 (Cg1-e2, Th1-g1)"
    );
    assert_eq!(notation_in("Kf2 [a1=B]", "Кр Ф Л С К").unwrap(), "Крf2 [a1=С]");
    assert!(notation_in("e4", "K Q R").is_err());
}

#[wasm_bindgen_test]
fn a_problems_position_opens_without_the_kings_it_names_only() {
    let fen = "k1R5/pp6/8/8/7p/8/8/8 b - - 1 2";
    let no_king = error_data(Game::new("orthodox", Some(fen.into()), None).err().unwrap());
    assert_eq!(no_king["code"], "fen.illegal-position");
    assert!(Game::new("orthodox", Some(fen.into()), Some("b".into())).is_err());
    assert!(Game::new("orthodox", Some(fen.into()), Some("x".into())).is_err());
    let g = Game::new("orthodox", Some(fen.into()), Some("w".into())).unwrap();
    assert_eq!(g.kingless(), "w");
    assert_eq!(Game::new("orthodox", None, None).unwrap().kingless(), "");
    assert!(pass_fen("8/8/8/8/8/8/8/R3K3 w - - 0 1", None).is_err());
    assert_eq!(
        pass_fen("8/8/8/8/8/8/8/R3K3 w - - 0 1", Some("b".into())).unwrap(),
        "8/8/8/8/8/8/8/R3K3 b - - 0 1"
    );
}

//! Properties of random games in all three rule sets (proptest). From a few varied positions,
//! random turn sequences are played; at every position reached:
//! - replaying a turn's events on the position before it gives the position after it;
//! - each unit moves at most once per turn;
//! - every follower is of the weakest kind among the candidates, which are exactly the units
//!   that could move to the vacated squares (computed here independently of the crate);
//! - the number of legal turns is `perft(1)`;
//! - every turn's code and literature notation, read back, name that same turn;
//! - positions round-trip through FEN;
//! - each turn's key worked out from its parent's is its own key;
//! - the turns of the leading moves taken one at a time are all the turns, in the same order;
//! - the captures, the quiet leading moves and each unit's leading moves, generated apart, are
//!   those among all the leading moves, in their order;
//!
//! and over whole games: undo restores the exact previous position, and PGN export then import
//! gives the same positions.
//!
//! Tatarstan positions have hundreds or thousands of turns (owner choices multiply them), so a
//! walk stops once it has seen a budget of turns; the slow lookups run on a sample of turns.

// Beside this file, not in tests/, so that Cargo does not build it as a test of its own.
#[path = "properties/replay.rs"]
mod replay;

use std::collections::HashSet;

use grolman::notation::{self, literature};
use grolman::{
    for_each_turn, for_each_turn_of, leads, leads_from, leads_of, perft, Game, Lead, LeadSet, Position,
    Rules, Square, Turn, Variant, START_FEN,
};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use replay::{
    each_unit_moves_at_most_once, events_replay_to_the_position_after, every_follower_is_of_the_weakest_kind,
};

/// Positions with castling, en passant, pins, checks, promotions and owner choices.
const FENS: &[&str] = &[
    START_FEN,
    "r3k2r/pppq1pbp/2npbnp1/4p3/4P3/2NPBNP1/PPPQ1PBP/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "4r1k1/8/8/8/8/8/4N3/4KB2 w - - 0 1",
    "4k3/8/b7/8/8/8/4K3/2N5 w - - 0 1",
    "4k3/8/8/8/8/8/1p6/n3K3 w - - 0 1",
];

/// Tatarstan positions light enough to walk: in full armies most units transform and the
/// owners' choices multiply the turns into the thousands.
const TATARSTAN_FENS: &[&str] = &[
    "4k3/8/8/8/8/8/1p6/n3K3 w - - 0 1",
    "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1",
    "2k5/1pp1n3/8/3N4/8/8/2PP1B2/4K2R w K - 0 1",
    "4r1k1/8/8/8/8/8/4N3/4KB2 w - - 0 1",
    "4k3/8/b7/8/8/8/4K3/2N5 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "4k3/pp3ppp/8/8/8/8/PPP2PPP/R3K2R w KQ - 0 1",
    "r1b1k2r/8/8/8/8/8/8/R1B1K2R w KQkq - 0 1",
    "4k3/1P6/8/3pP3/8/8/6p1/4K2R w K d6 0 1",
];

/// How hard to test one rule set: cases, turns to play at most, and turns seen per walk.
struct Plan {
    fens: &'static [&'static str],
    cases: u32,
    plies: usize,
    budget: usize,
}

fn plan(variant: Variant) -> Plan {
    match variant {
        Variant::Orthodox | Variant::Grolman => Plan {
            fens: FENS,
            cases: 96,
            plies: 40,
            budget: 1200,
        },
        Variant::Tatarstan => Plan {
            fens: TATARSTAN_FENS,
            cases: 64,
            plies: 16,
            budget: 400,
        },
    }
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// Walks random games in `variant` and checks every position reached with all its legal turns.
fn for_random_positions(
    variant: Variant,
    check: impl Fn(&Position, &[Turn], Rules) -> Result<(), TestCaseError>,
) {
    let plan = plan(variant);
    let rules = Rules::new(variant);
    let mut runner = TestRunner::new(config(plan.cases));
    let strategy = (0..plan.fens.len(), vec(any::<u32>(), 1..=plan.plies));
    let result = runner.run(&strategy, |(i, picks)| {
        let mut pos = Position::from_fen(plan.fens[i]).expect("test position is valid");
        let mut seen = 0;
        for pick in picks {
            let turns = notation::legal_turns(&pos, rules);
            check(&pos, &turns, rules)
                .map_err(|e| TestCaseError::fail(format!("{variant} at {}: {e}", pos.fen())))?;
            seen += turns.len();
            if turns.is_empty() || seen > plan.budget {
                break;
            }
            pos = turns[pick as usize % turns.len()].after.clone();
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// Plays a random game in `variant` through [`Game`] and hands over each turn with the game
/// before it was played.
fn for_random_games(variant: Variant, check: impl Fn(&mut Game, &Turn) -> Result<(), TestCaseError>) {
    for_random_games_then(variant, check, |_| Ok(()));
}

fn for_random_games_then(
    variant: Variant,
    each_turn: impl Fn(&mut Game, &Turn) -> Result<(), TestCaseError>,
    at_end: impl Fn(&Game) -> Result<(), TestCaseError>,
) {
    let plan = plan(variant);
    let rules = Rules::new(variant);
    let mut runner = TestRunner::new(config(plan.cases));
    let strategy = (0..plan.fens.len(), vec(any::<u32>(), 1..=plan.plies));
    let result = runner.run(&strategy, |(i, picks)| {
        let start = Position::from_fen(plan.fens[i]).expect("test position is valid");
        let mut game = Game::from_position(rules, start);
        let mut seen = 0;
        for pick in picks {
            let turns = game.legal_turns();
            seen += turns.len();
            let Some(turn) = turns.get(pick as usize % turns.len().max(1)) else {
                break;
            };
            each_turn(&mut game, turn)
                .map_err(|e| TestCaseError::fail(format!("{variant}, {}: {e}", game.position().fen())))?;
            game.play(&turn.code)
                .map_err(|e| TestCaseError::fail(format!("playing {}: {e}", turn.code)))?;
            if seen > plan.budget {
                break;
            }
        }
        at_end(&game)
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

fn turns_count_is_perft_one(before: &Position, turns: &[Turn], rules: Rules) -> Result<(), TestCaseError> {
    prop_assert_eq!(turns.len() as u64, perft(before, rules, 1));
    let codes: HashSet<&str> = turns.iter().map(|t| t.code.as_str()).collect();
    prop_assert_eq!(codes.len(), turns.len(), "two turns share a code");
    Ok(())
}

/// The slow lookups run on at most about 16 turns of a position.
fn sample(turns: &[Turn]) -> impl Iterator<Item = &Turn> {
    turns.iter().step_by((turns.len() / 16).max(1))
}

fn codes_name_their_turn(_: &Position, turns: &[Turn], _: Rules) -> Result<(), TestCaseError> {
    for turn in sample(turns) {
        let found = grolman::find_by_code(turns, &turn.code)
            .map_err(|e| TestCaseError::fail(format!("{}: {e}", turn.code)))?;
        prop_assert_eq!(&found.code, &turn.code);
        prop_assert_eq!(&found.fen, &turn.fen);
    }
    Ok(())
}

fn notation_names_its_turn(before: &Position, turns: &[Turn], _: Rules) -> Result<(), TestCaseError> {
    for turn in sample(turns) {
        let found = literature::find(before, turns, &turn.notation)
            .map_err(|e| TestCaseError::fail(format!("{}: {e}", turn.notation)))?;
        prop_assert_eq!(&found.code, &turn.code, "{}", turn.notation);
    }
    Ok(())
}

fn positions_round_trip_through_fen(
    before: &Position,
    turns: &[Turn],
    _: Rules,
) -> Result<(), TestCaseError> {
    for pos in std::iter::once(before).chain(turns.iter().map(|t| &t.after)) {
        let fen = pos.fen();
        let read = Position::from_fen(&fen).map_err(|e| TestCaseError::fail(format!("{fen}: {e}")))?;
        prop_assert_eq!(&read, pos);
        prop_assert_eq!(read.fen(), fen);
    }
    Ok(())
}

fn undo_restores_the_previous_position(game: &mut Game, turn: &Turn) -> Result<(), TestCaseError> {
    let before = game.position().clone();
    let fen = before.fen();
    let status = game.status();
    let played = game
        .play(&turn.code)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&played.code, &turn.code);
    prop_assert_eq!(game.position(), &turn.after);
    let undone = game.undo().map(|t| t.code);
    prop_assert_eq!(undone.as_deref(), Some(turn.code.as_str()));
    prop_assert_eq!(game.position(), &before);
    prop_assert_eq!(game.position().fen(), fen);
    prop_assert_eq!(game.status(), status);
    Ok(())
}

fn keys_follow_from_the_parent_key(pos: &Position, turns: &[Turn], _: Rules) -> Result<(), TestCaseError> {
    let key = pos.key();
    for t in turns {
        prop_assert_eq!(t.after.key_from(pos, key), t.after.key(), "{}", t.code);
    }
    Ok(())
}

/// What a turn is to the generator: its steps, owner choices and the position after it.
type Played = (Vec<grolman::Step>, Vec<grolman::OwnerPromotion>, Position);

fn turns_of_each_lead_are_all_the_turns(
    pos: &Position,
    _: &[Turn],
    rules: Rules,
) -> Result<(), TestCaseError> {
    let mut all: Vec<Played> = Vec::new();
    for_each_turn(pos, rules, false, &mut |v| {
        all.push((v.steps.to_vec(), v.owner_promotions.to_vec(), v.after.clone()));
        false
    });
    let mut each: Vec<Played> = Vec::new();
    let mut candidates = Vec::new();
    leads(pos, rules, &mut candidates);
    for lead in candidates {
        for_each_turn_of(pos, rules, &[lead], &mut |v| {
            each.push((v.steps.to_vec(), v.owner_promotions.to_vec(), v.after.clone()));
            false
        });
    }
    prop_assert_eq!(each, all);
    Ok(())
}

/// The captures and then the quiet leading moves are the leading moves, each set in the order of
/// all of them (so that a search taking them stage by stage meets ties alike), and the leading
/// moves of the unit on each square are those of all that start there.
fn lead_sets_split_the_leads(pos: &Position, _: &[Turn], rules: Rules) -> Result<(), TestCaseError> {
    let mut all = Vec::new();
    leads(pos, rules, &mut all);
    for (set, capture) in [(LeadSet::Captures, true), (LeadSet::Quiet, false)] {
        let mut some = Vec::new();
        leads_of(pos, rules, set, &mut some);
        let want: Vec<Lead> = all
            .iter()
            .copied()
            .filter(|l| l.is_capture() == capture)
            .collect();
        prop_assert_eq!(some, want, "{:?}", set);
    }
    for from in (0..64).map(Square::new) {
        let mut some = Vec::new();
        leads_from(pos, rules, from, &mut some);
        let want: Vec<Lead> = all.iter().copied().filter(|l| l.from == from).collect();
        prop_assert_eq!(some, want, "from {}", from);
    }
    Ok(())
}

fn pgn_round_trips(game: &Game) -> Result<(), TestCaseError> {
    let pgn = game.pgn();
    let read = Game::from_pgn(&pgn).map_err(|e| TestCaseError::fail(format!("{e}\n{pgn}")))?;
    prop_assert_eq!(read.variant(), game.variant());
    prop_assert_eq!(read.start_position(), game.start_position());
    let fens = |g: &Game| g.history().iter().map(|t| t.fen.clone()).collect::<Vec<_>>();
    prop_assert_eq!(fens(&read), fens(game), "{}", pgn);
    prop_assert_eq!(read.pgn(), pgn);
    Ok(())
}

macro_rules! position_property {
    ($($name:ident: $variant:ident, $check:ident;)*) => {$(
        #[test]
        fn $name() {
            for_random_positions(Variant::$variant, $check);
        }
    )*};
}

position_property! {
    orthodox_turn_events_replay_to_the_position_after: Orthodox, events_replay_to_the_position_after;
    grolman_turn_events_replay_to_the_position_after: Grolman, events_replay_to_the_position_after;
    tatarstan_turn_events_replay_to_the_position_after: Tatarstan, events_replay_to_the_position_after;
    orthodox_units_move_at_most_once_per_turn: Orthodox, each_unit_moves_at_most_once;
    grolman_units_move_at_most_once_per_turn: Grolman, each_unit_moves_at_most_once;
    tatarstan_units_move_at_most_once_per_turn: Tatarstan, each_unit_moves_at_most_once;
    grolman_followers_are_of_the_weakest_candidate_kind: Grolman, every_follower_is_of_the_weakest_kind;
    tatarstan_followers_are_of_the_weakest_candidate_kind: Tatarstan, every_follower_is_of_the_weakest_kind;
    orthodox_turn_count_is_perft_one: Orthodox, turns_count_is_perft_one;
    grolman_turn_count_is_perft_one: Grolman, turns_count_is_perft_one;
    tatarstan_turn_count_is_perft_one: Tatarstan, turns_count_is_perft_one;
    orthodox_turn_codes_read_back_to_their_turn: Orthodox, codes_name_their_turn;
    grolman_turn_codes_read_back_to_their_turn: Grolman, codes_name_their_turn;
    tatarstan_turn_codes_read_back_to_their_turn: Tatarstan, codes_name_their_turn;
    orthodox_literature_notation_reads_back_to_its_turn: Orthodox, notation_names_its_turn;
    grolman_literature_notation_reads_back_to_its_turn: Grolman, notation_names_its_turn;
    tatarstan_literature_notation_reads_back_to_its_turn: Tatarstan, notation_names_its_turn;
    orthodox_positions_round_trip_through_fen: Orthodox, positions_round_trip_through_fen;
    grolman_positions_round_trip_through_fen: Grolman, positions_round_trip_through_fen;
    tatarstan_positions_round_trip_through_fen: Tatarstan, positions_round_trip_through_fen;
    orthodox_turn_keys_follow_from_the_parent_key: Orthodox, keys_follow_from_the_parent_key;
    grolman_turn_keys_follow_from_the_parent_key: Grolman, keys_follow_from_the_parent_key;
    tatarstan_turn_keys_follow_from_the_parent_key: Tatarstan, keys_follow_from_the_parent_key;
    orthodox_turns_of_each_lead_are_all_the_turns: Orthodox, turns_of_each_lead_are_all_the_turns;
    grolman_turns_of_each_lead_are_all_the_turns: Grolman, turns_of_each_lead_are_all_the_turns;
    tatarstan_turns_of_each_lead_are_all_the_turns: Tatarstan, turns_of_each_lead_are_all_the_turns;
    orthodox_lead_sets_split_the_leads: Orthodox, lead_sets_split_the_leads;
    grolman_lead_sets_split_the_leads: Grolman, lead_sets_split_the_leads;
}

#[test]
fn orthodox_undo_restores_the_previous_position() {
    for_random_games(Variant::Orthodox, undo_restores_the_previous_position);
}

#[test]
fn grolman_undo_restores_the_previous_position() {
    for_random_games(Variant::Grolman, undo_restores_the_previous_position);
}

#[test]
fn tatarstan_undo_restores_the_previous_position() {
    for_random_games(Variant::Tatarstan, undo_restores_the_previous_position);
}

#[test]
fn orthodox_games_round_trip_through_pgn() {
    for_random_games_then(Variant::Orthodox, |_, _| Ok(()), pgn_round_trips);
}

#[test]
fn grolman_games_round_trip_through_pgn() {
    for_random_games_then(Variant::Grolman, |_, _| Ok(()), pgn_round_trips);
}

#[test]
fn tatarstan_games_round_trip_through_pgn() {
    for_random_games_then(Variant::Tatarstan, |_, _| Ok(()), pgn_round_trips);
}

/// Full armies in Tatarstan chess write turns of some 500 characters: dozens of
/// transformations. Their notation must still read back, alone and inside PGN.
#[test]
fn tatarstan_long_turns_read_back_from_notation_and_pgn() {
    let fen = "r3k2r/pppq1pbp/2npbnp1/4p3/4P3/2NPBNP1/PPPQ1PBP/R3K2R w KQkq - 0 1";
    let pos = Position::from_fen(fen).unwrap();
    let turns = notation::legal_turns(&pos, Variant::Tatarstan.into());
    let long = turns.iter().max_by_key(|t| t.notation.len()).unwrap();
    assert!(long.notation.len() > 400, "{}", long.notation);
    let found = literature::find(&pos, &turns, &long.notation).unwrap();
    assert_eq!(found.code, long.code);

    let mut game = Game::new(Variant::Tatarstan, Some(fen)).unwrap();
    game.play(&long.code).unwrap();
    let read = Game::from_pgn(&game.pgn()).unwrap();
    assert_eq!(read.position(), game.position());
}

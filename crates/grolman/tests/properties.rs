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

use std::collections::HashSet;

use grolman::notation::{self, literature};
use grolman::{
    for_each_turn, for_each_turn_of, leads, leads_from, leads_of, perft, Color, Event, FollowReason, Game,
    Lead, LeadSet, Piece, Position, Role, Rules, Square, Turn, Variant, START_FEN,
};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

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

/// A placement as a plain array, so that the replay does not depend on the crate's board.
type Placement = [Option<Piece>; 64];

fn placement(pos: &Position) -> Placement {
    let mut p = [None; 64];
    for sq in Square::all() {
        p[sq.index()] = pos.board().piece_at(sq);
    }
    p
}

fn at(file: i8, rank: i8) -> usize {
    Square::from_coords(file as u8, rank as u8).index()
}

/// Whether every square strictly between `from` and `from + n * (df, dr)` is empty.
fn line_clear(board: &Placement, from: Square, df: i8, dr: i8, n: i8) -> bool {
    let (f, r) = (from.file() as i8, from.rank() as i8);
    (1..n).all(|i| board[at(f + df * i, r + dr * i)].is_none())
}

/// docs/rules.md 1.3: whether `piece` on `from` could make a non-capturing move of its own kind to
/// the empty square `to` (pawns straight ahead, double step from the initial rank; no castling).
fn could_move(board: &Placement, piece: Piece, from: Square, to: Square) -> bool {
    if board[to.index()].is_some() || from == to {
        return false;
    }
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    let (adf, adr) = (df.abs(), dr.abs());
    let diagonal = adf == adr && line_clear(board, from, df.signum(), dr.signum(), adf);
    let straight = (df == 0 || dr == 0) && line_clear(board, from, df.signum(), dr.signum(), adf.max(adr));
    match piece.role {
        Role::Pawn => {
            let (forward, initial) = match piece.color {
                Color::White => (1, 1),
                Color::Black => (-1, 6),
            };
            df == 0
                && (dr == forward
                    || (dr == 2 * forward
                        && from.rank() as i8 == initial
                        && board[at(from.file() as i8, from.rank() as i8 + forward)].is_none()))
        }
        Role::Knight => (adf, adr) == (1, 2) || (adf, adr) == (2, 1),
        Role::King => adf.max(adr) == 1,
        Role::Bishop => diagonal,
        Role::Rook => straight,
        Role::Queen => diagonal || straight,
    }
}

/// What the replay knows when it reaches an event.
struct Replay {
    board: Placement,
    /// Squares where the units that moved in this turn now stand.
    arrived: HashSet<Square>,
    /// The squares vacated by the last step, to be filled by the next follower.
    vacated: Vec<Square>,
}

/// Replays the events of `turn` on `before`, calling `look` before applying each event. Checks
/// only that each event fits the board it is applied to.
fn replay(
    before: &Position,
    turn: &Turn,
    mut look: impl FnMut(&Replay, &Event) -> Result<(), TestCaseError>,
) -> Result<Placement, TestCaseError> {
    let mut r = Replay {
        board: placement(before),
        arrived: HashSet::new(),
        vacated: Vec::new(),
    };
    for event in &turn.events {
        look(&r, event)?;
        match event {
            Event::Lead {
                from,
                to,
                piece,
                capture,
                promotion,
                castle,
                en_passant,
            } => {
                prop_assert_eq!(r.board[from.index()], Some(*piece), "leader not on {}", from);
                // En passant is the one capture whose victim is not on the leader's square.
                prop_assert_eq!(
                    *en_passant,
                    capture.is_some_and(|c| c.square != *to),
                    "en passant flag wrong on {}{}",
                    from,
                    to
                );
                if let Some(c) = capture {
                    prop_assert_eq!(
                        r.board[c.square.index()],
                        Some(c.piece),
                        "victim not on {}",
                        c.square
                    );
                    r.board[c.square.index()] = None;
                }
                prop_assert!(r.board[to.index()].is_none(), "leader lands on occupied {}", to);
                r.board[from.index()] = None;
                r.board[to.index()] = Some(Piece::new(piece.color, promotion.unwrap_or(piece.role)));
                r.arrived.insert(*to);
                r.vacated = vec![*from];
                if let Some(c) = castle {
                    let rook = r.board[c.rook_from.index()].take();
                    prop_assert_eq!(
                        rook,
                        Some(Piece::new(piece.color, Role::Rook)),
                        "no rook to castle with"
                    );
                    prop_assert!(
                        r.board[c.rook_to.index()].is_none(),
                        "castling rook lands on a unit"
                    );
                    r.board[c.rook_to.index()] = rook;
                    r.arrived.insert(c.rook_to);
                    r.vacated.push(c.rook_from);
                }
            }
            Event::Follow {
                from,
                to,
                piece,
                promotion,
                ..
            } => {
                prop_assert_eq!(r.board[from.index()], Some(*piece), "follower not on {}", from);
                prop_assert!(r.board[to.index()].is_none(), "follower lands on occupied {}", to);
                r.board[from.index()] = None;
                r.board[to.index()] = Some(Piece::new(piece.color, promotion.unwrap_or(piece.role)));
                r.arrived.insert(*to);
                r.vacated = vec![*from];
            }
            Event::Transform {
                square,
                color,
                from,
                to,
                promotion,
                ..
            } => {
                prop_assert_eq!(
                    r.board[square.index()],
                    Some(Piece::new(*color, *from)),
                    "transformed unit not on {}",
                    square
                );
                r.board[square.index()] = Some(Piece::new(*color, promotion.unwrap_or(*to)));
            }
            Event::Candidates { .. } | Event::Stage { .. } | Event::RightLapsed { .. } => {}
        }
    }
    Ok(r.board)
}

fn show(board: &Placement) -> String {
    let mut s = String::new();
    for rank in (0..8).rev() {
        for file in 0..8 {
            s.push(board[at(file, rank)].map_or('.', |p| p.char()));
        }
        s.push('/');
    }
    s
}

/// The castling squares (king or rook) whose move, capture or transformation ends a right:
/// (square, colour, king side?).
const CASTLING_SQUARES: [(Square, Color, Option<bool>); 6] = [
    (Square::E1, Color::White, None),
    (Square::H1, Color::White, Some(true)),
    (Square::A1, Color::White, Some(false)),
    (Square::E8, Color::Black, None),
    (Square::H8, Color::Black, Some(true)),
    (Square::A8, Color::Black, Some(false)),
];

fn rights(pos: &Position) -> [bool; 4] {
    use grolman::CastlingSide::{King, Queen};
    let c = pos.castling();
    [
        c.has(Color::White, King),
        c.has(Color::White, Queen),
        c.has(Color::Black, King),
        c.has(Color::Black, Queen),
    ]
}

fn right_index(color: Color, king_side: bool) -> usize {
    color.index() * 2 + usize::from(!king_side)
}

/// Replaying the events gives the placement after the turn; the side to move, castling rights,
/// en passant square and clocks follow from the same events (docs/rules.md 1.8-1.10, 3.7).
fn events_replay_to_the_position_after(
    before: &Position,
    turns: &[Turn],
    _: Rules,
) -> Result<(), TestCaseError> {
    for turn in turns {
        let board = replay(before, turn, |_, _| Ok(()))?;
        let after = placement(&turn.after);
        prop_assert!(
            board == after,
            "{}: replay gives {} but the turn ends on {}",
            turn.code,
            show(&board),
            show(&after)
        );
        prop_assert_eq!(turn.after.fen(), turn.fen.clone());
        prop_assert_eq!(turn.after.turn(), before.turn().other());

        let mut touched: Vec<Square> = Vec::new();
        let mut reset = false;
        let mut double_step = None;
        for e in &turn.events {
            match e {
                Event::Lead {
                    from,
                    to,
                    piece,
                    capture,
                    castle,
                    ..
                } => {
                    touched.extend([*from, *to]);
                    touched.extend(castle.iter().map(|c| c.rook_from));
                    reset |= piece.role == Role::Pawn || capture.is_some();
                    if piece.role == Role::Pawn && from.rank().abs_diff(to.rank()) == 2 {
                        double_step = Some((*from, *to));
                    }
                }
                Event::Follow { from, to, piece, .. } => {
                    touched.extend([*from, *to]);
                    reset |= piece.role == Role::Pawn;
                    if piece.role == Role::Pawn && from.rank().abs_diff(to.rank()) == 2 {
                        double_step = Some((*from, *to));
                    }
                }
                Event::Transform { square, .. } => touched.push(*square),
                _ => {}
            }
        }
        let mut expected = rights(before);
        for (sq, color, side) in CASTLING_SQUARES {
            if touched.contains(&sq) {
                for king_side in side.map_or(vec![true, false], |k| vec![k]) {
                    expected[right_index(color, king_side)] = false;
                }
            }
        }
        prop_assert_eq!(rights(&turn.after), expected, "{}: castling rights", turn.code);

        let ep = double_step
            .filter(|(_, to)| board[to.index()].is_some_and(|p| p.role == Role::Pawn))
            .map(|(from, to)| Square::from_coords(from.file(), (from.rank() + to.rank()) / 2));
        prop_assert_eq!(turn.after.ep_square(), ep, "{}: en passant square", turn.code);

        let halfmoves = if reset { 0 } else { before.halfmoves() + 1 };
        prop_assert_eq!(
            turn.after.halfmoves(),
            halfmoves,
            "{}: half-move clock",
            turn.code
        );
        let fullmoves = before.fullmoves() + u32::from(before.turn() == Color::Black);
        prop_assert_eq!(
            turn.after.fullmoves(),
            fullmoves,
            "{}: full-move number",
            turn.code
        );
        prop_assert!(
            !turn.after.board().king_attacked(before.turn()),
            "{}: mover in check",
            turn.code
        );
        prop_assert_eq!(turn.check, turn.after.is_check(), "{}: check flag", turn.code);
    }
    Ok(())
}

/// docs/rules.md 1.3: a unit that moved stands on its destination; no later step starts there.
fn each_unit_moves_at_most_once(
    before: &Position,
    turns: &[Turn],
    rules: Rules,
) -> Result<(), TestCaseError> {
    for turn in turns {
        let mut steps = 0;
        replay(before, turn, |r, e| {
            if let Event::Follow { from, .. } = e {
                prop_assert!(
                    !r.arrived.contains(from),
                    "{}: the unit on {} moves a second time",
                    turn.code,
                    from
                );
            }
            if matches!(e, Event::Lead { .. } | Event::Follow { .. }) {
                steps += 1;
            }
            Ok(())
        })?;
        prop_assert_eq!(
            steps,
            turn.steps.len(),
            "{}: steps and events disagree",
            turn.code
        );
        for (i, step) in turn.steps.iter().enumerate() {
            prop_assert!(
                turn.steps[..i].iter().all(|earlier| earlier.to != step.from),
                "{}: step {} starts where an earlier step ended",
                turn.code,
                step
            );
        }
        prop_assert!(turn.steps.len() <= 16, "{}: more than 15 followers", turn.code);
        if !rules.variant.has_chain() {
            prop_assert_eq!(turn.steps.len(), 1, "{}: followers in orthodox chess", turn.code);
        }
    }
    Ok(())
}

/// A candidate as listed: its square, its kind, the vacated square it can reach.
type Listed = (Square, Role, Square);

/// docs/rules.md 1.3-1.5: each `Candidates` event lists exactly the unmoved units that could move
/// to a vacated square; the follower after it is of the weakest listed kind and among them;
/// no candidates ends the chain.
fn every_follower_is_of_the_weakest_kind(
    before: &Position,
    turns: &[Turn],
    rules: Rules,
) -> Result<(), TestCaseError> {
    let us = before.turn();
    for turn in turns {
        // The candidates announced just before, and whether the chain has ended.
        let mut open: Option<(Vec<Listed>, Option<Role>, bool)> = None;
        let mut ended = false;
        replay(before, turn, |r, e| {
            match e {
                Event::Candidates {
                    vacated,
                    units,
                    weakest,
                    choice,
                } => {
                    prop_assert!(!ended, "{}: candidates after the chain ended", turn.code);
                    prop_assert_eq!(vacated, &r.vacated, "{}: vacated squares", turn.code);
                    let mut expected = Vec::new();
                    for (i, p) in r.board.iter().enumerate() {
                        let sq = Square::new(i as u8);
                        let Some(p) = *p else { continue };
                        if p.color != us || r.arrived.contains(&sq) {
                            continue;
                        }
                        for &v in vacated {
                            if could_move(&r.board, p, sq, v) {
                                expected.push((sq, p.role, v));
                            }
                        }
                    }
                    let mut listed: Vec<Listed> = units.iter().map(|c| (c.square, c.role, c.to)).collect();
                    expected.sort();
                    listed.sort();
                    prop_assert_eq!(&listed, &expected, "{}: candidates for {:?}", turn.code, vacated);
                    let least = listed.iter().map(|c| c.1).min();
                    prop_assert_eq!(*weakest, least, "{}: weakest kind", turn.code);
                    let of_weakest = listed.iter().filter(|c| Some(c.1) == least).count();
                    prop_assert_eq!(*choice, of_weakest > 1, "{}: choice flag", turn.code);
                    ended = listed.is_empty();
                    open = Some((listed, least, *choice));
                }
                Event::Follow {
                    from,
                    to,
                    piece,
                    reason,
                    ..
                } => {
                    let Some((listed, least, choice)) = open.take() else {
                        return Err(TestCaseError::fail(format!(
                            "{}: follower {from}-{to} without candidates",
                            turn.code
                        )));
                    };
                    prop_assert_eq!(
                        Some(piece.role),
                        least,
                        "{}: follower {} not weakest",
                        turn.code,
                        from
                    );
                    prop_assert!(
                        listed.contains(&(*from, piece.role, *to)),
                        "{}: follower {}-{} is not a listed candidate",
                        turn.code,
                        from,
                        to
                    );
                    let why = if listed.len() == 1 {
                        FollowReason::Only
                    } else if choice {
                        FollowReason::Choice
                    } else {
                        FollowReason::Weakest
                    };
                    prop_assert_eq!(*reason, why, "{}: reason of follower {}", turn.code, from);
                }
                Event::Lead { .. } => {}
                Event::Stage { .. } | Event::Transform { .. } => {
                    prop_assert!(
                        open.as_ref().is_none_or(|o| o.0.is_empty()),
                        "{}: transformation before the chain ended",
                        turn.code
                    );
                }
                Event::RightLapsed { .. } => {}
            }
            Ok(())
        })?;
        if rules.variant.has_chain() {
            prop_assert!(ended, "{}: the chain stops while a candidate remains", turn.code);
        }
    }
    Ok(())
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

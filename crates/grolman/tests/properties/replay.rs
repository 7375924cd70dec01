//! The crate's turns replayed by an independent reading of docs/rules.md 1.3-1.5, 1.8-1.10 and
//! 3.7: a plain placement array, the follower rule worked out here from the kinds' moves, and
//! the checks of a turn's events against them (the position after, units moving once, the
//! weakest candidate following).

use std::collections::HashSet;

use grolman::{Color, Event, FollowReason, Piece, Position, Role, Rules, Square, Turn};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

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
pub(crate) fn events_replay_to_the_position_after(
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
pub(crate) fn each_unit_moves_at_most_once(
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
pub(crate) fn every_follower_is_of_the_weakest_kind(
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

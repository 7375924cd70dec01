//! The mating side's turn before its last in orthodox helpmates (three half-moves before the
//! mate: a turn of the mating side, one of the mated side, the mate). After most of those
//! turns the bound (`problem/intelligent.rs`, one turn to each side) rules out mate, and
//! playing them to find out was most of a helpmate's time. Here the bound's own argument is
//! turned around: for each unit of the mating side, the destinations after which the bound
//! can still allow a mate are worked out once for the position, as squares, and a turn to any
//! other square is never played.
//!
//! With one turn to each side left after the turn judged, the bound allows a mate on a square
//! `S` (the mated king's square, or a neighbour it walks to with its turn) when the check and
//! every flight of `S` that the mated side does not hold are attacked on an empty board by the
//! mating side's units after one move of one of them, but for flights that the mated side's
//! one turn can block (docs/design.md). The unit `u` that moves now to `d` takes part in one
//! of three ways: it stays on `d` while another unit `v` (or none) moves; or it moves on from
//! `d` to a square `e`. In each way what the other units meet is known before `d` is, so what
//! is left for `u` is a set of requirements, and the squares that attack all of them are an
//! intersection of attack sets: `d` must be one of them (or one move from one, in the third
//! way). Every requirement set the bound could accept is so covered; the squares found are a
//! superset of the destinations the bound allows (a test checks this on random positions).
//!
//! A capture takes a unit from the mated side, so the mate asks at least as much after it,
//! but for a capture beside the mated king, which frees a square for it. That one, en
//! passant, promotions and pawn moves are always played, and every turn when either side may
//! castle.

use grolman::{between, Bitboard, Board, Color, Lead, LeadKind, Piece, Position, Role, Square};

use super::intelligent::{blockers_reach_on, castles, Mate, Unit};
use super::reach::{attacks, chebyshev, moves, Model};
use super::sets::{Needs, Sets};

/// For the mating side, to move: the destinations of each of its units after which a mate
/// may still follow with one turn to each side.
pub struct Approach {
    /// The squares of the mating side's units and where each may usefully go.
    useful: [(Square, Bitboard); 16],
    len: usize,
    /// The mated king's neighbours.
    around: Bitboard,
    /// What each unit (as in `useful`) attacks beside the mated king, seen through it.
    guards: [Bitboard; 16],
}

impl Approach {
    /// The destinations for the mating side (to move) against `mated`, in orthodox chess;
    /// `None` when not known (a side may castle, or `mated` has no king).
    pub fn of(pos: &Position, memory: &mut ApproachMemory) -> Option<Approach> {
        let board = pos.board();
        let mating = pos.turn();
        let mated = mating.other();
        let king = board.king_of(mated)?;
        if castles(pos, Color::White) + castles(pos, Color::Black) != 0 {
            return None;
        }
        let model = Model::Shared;
        let mut attackers = [Unit::NONE; 16];
        let mut n = 0;
        for sq in board.by_color(mating) {
            attackers[n] = Unit::attacker(model, mating, sq, board.role_at(sq).expect("occupied"));
            n += 1;
        }
        // The mated side's one move comes after this turn, which may vacate a square of the
        // mating side (and arrives on one): its lines are traced with those squares empty.
        let reach1 = blockers_reach_on(board, mated, king, board.occupied() & !board.by_color(mating));
        // The bound as it is asked after the turn: one turn to each side.
        let mate = Mate {
            checks: Bitboard::ALL,
            covers: Bitboard::ALL,
            reach1,
            // Only blocks in one move are asked about here (`Mate::block_cost` up to 1).
            reach2: Bitboard::EMPTY,
            model,
            mating,
            held: board.by_color(mated).without(king),
            attackers: &attackers[..n],
            mated_budget: 1,
            mating_budget: 1,
            exact_single_moves: true,
            steps: Bitboard::ALL,
        };
        let mut approach = Approach {
            useful: [(Square::new(0), Bitboard::EMPTY); 16],
            len: n,
            around: grolman::king_attacks(king),
            guards: [Bitboard::EMPTY; 16],
        };
        let seen = board.occupied().without(king);
        for (i, a) in mate.attackers.iter().enumerate() {
            approach.useful[i].0 = a.sq;
            approach.guards[i] = Board::attacks_of(Piece::new(mating, a.role), a.sq, seen) & approach.around;
        }
        let units = Units::of(board, mating);
        for target in grolman::king_attacks(king).with(king) {
            approach.add_target(&mate, board, king, target, &units, memory);
        }
        Some(approach)
    }

    /// Adds the destinations from which the mating side's units may help towards a mate on
    /// `target`.
    fn add_target(
        &mut self,
        mate: &Mate<'_>,
        board: &Board,
        king: Square,
        target: Square,
        units: &Units,
        memory: &mut ApproachMemory,
    ) {
        let walk = chebyshev(king, target);
        // As the bound: a unit of the mated side on the target must leave it first, which the
        // king's walk leaves no turn for, and the mating side has no turn before the mate to
        // take it.
        if mate.held.contains(target) && walk >= 1 {
            return;
        }
        // The flights the mated side's one turn may block instead (when its king stays): those
        // it reaches in one move (`Mate::block_cost`).
        let around = grolman::king_attacks(target);
        let blockable = match walk {
            0 => around & !mate.held & mate.reach1,
            _ => Bitboard::EMPTY,
        };
        let key = units.key(window(around, mate.held, blockable, target));
        let count = mate.attackers.len();
        let meeting = memory.remembered(key, count, || meeting(mate, target, blockable));
        for (u, &useful) in meeting.iter().enumerate().take(count) {
            if useful.any() {
                self.useful[u].1 |= useful & self.unguarded(mate, board, king, target, u);
            }
        }
    }

    /// Where the unit `u` may go for the mated king to step to `target` after its move (its
    /// one move then, the bound's walk): the other units attack what they attack now but for
    /// lines that `u` cuts by arriving (seen through the king, which leaves), and `u` must not
    /// attack `target` from its new square. All squares when the king stays.
    fn unguarded(&self, mate: &Mate<'_>, board: &Board, king: Square, target: Square, u: usize) -> Bitboard {
        if target == king {
            return Bitboard::ALL;
        }
        let a = &mate.attackers[u];
        // The squares from which a unit of `a`'s kind attacks `target` (kings and pieces attack
        // both ways; pawns are never judged here).
        let seen = board.occupied().without(king).without(a.sq);
        let mut squares = !Board::attacks_of(Piece::new(mate.mating, a.role), target, seen);
        for (v, b) in mate.attackers.iter().enumerate() {
            if v == u || !self.guards[v].contains(target) {
                continue;
            }
            squares &= match b.role {
                Role::Bishop | Role::Rook | Role::Queen => between(b.sq, target),
                _ => Bitboard::EMPTY,
            };
        }
        squares
    }

    /// Whether the leading move `lead` on `board` may still lead to a mate: it is not a plain
    /// move of a piece, or it goes to a square found useful.
    pub fn may_follow(&self, board: &Board, lead: &Lead) -> bool {
        // A capture beside the mated king frees a square the king may walk to, which the
        // squares were not worked out for; one elsewhere only takes away what the mated side
        // holds or may block with, so it asks at least as much of the square.
        let plain = match lead.kind {
            LeadKind::Quiet => true,
            LeadKind::Capture => !self.around.contains(lead.to),
            _ => false,
        };
        if !plain || lead.promotion.is_some() || board.role_at(lead.from) == Some(Role::Pawn) {
            return true;
        }
        self.useful[..self.len]
            .iter()
            .find(|(sq, _)| *sq == lead.from)
            .is_none_or(|(_, to)| to.contains(lead.to))
    }
}

/// What [`meeting`] depends on beside the target, remembered for the positions that share
/// it: the mating side's units, the same along all of the mated side's moves before this turn
/// but for captures, and the mated king's neighbourhood, which most of those moves leave as it
/// is. Orthodox h#3 4a asks for 118 k targets, 13 k of them not remembered (with 4,096 slots
/// 30 k; each worked out costs some microseconds).
pub struct ApproachMemory {
    /// Per slot a key ([`Units::key`]) and the squares of up to [`MEMORY_UNITS`] units; a
    /// key of zeros marks the slot empty (a real key has its last word's full bit set).
    slots: Vec<([u64; 3], [Bitboard; MEMORY_UNITS])>,
}

/// Slots of an [`ApproachMemory`] (88 bytes each, 360 kB).
const MEMORY_SLOTS: usize = 1 << 14;

/// The most units of the mating side whose squares are remembered; with more, they are
/// worked out every time.
const MEMORY_UNITS: usize = 8;

impl ApproachMemory {
    pub fn new() -> ApproachMemory {
        ApproachMemory {
            slots: vec![([0; 3], [Bitboard::EMPTY; MEMORY_UNITS]); MEMORY_SLOTS],
        }
    }

    /// The squares of the `count` units under `key`, worked out by `work` when not
    /// remembered.
    fn remembered(
        &mut self,
        key: [u64; 3],
        count: usize,
        work: impl FnOnce() -> [Bitboard; 16],
    ) -> [Bitboard; 16] {
        if count > MEMORY_UNITS {
            return work();
        }
        let mut h = 0u64;
        for w in key {
            h = (h ^ w).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            h ^= h >> 29;
        }
        let slot =
            &mut self.slots[(h.wrapping_mul(0x94d0_49bb_1331_11eb) >> 40) as usize & (MEMORY_SLOTS - 1)];
        let mut squares = [Bitboard::EMPTY; 16];
        if slot.0 == key {
            squares[..MEMORY_UNITS].copy_from_slice(&slot.1);
            return squares;
        }
        squares = work();
        slot.0 = key;
        slot.1.copy_from_slice(&squares[..MEMORY_UNITS]);
        squares
    }
}

/// The mating side's units as a key: their squares, and their kinds in the order of the
/// squares with the side's colour.
struct Units {
    squares: Bitboard,
    kinds: u64,
}

impl Units {
    fn of(board: &Board, mating: Color) -> Units {
        let squares = board.by_color(mating);
        let kinds = squares
            .into_iter()
            .enumerate()
            .fold(mating.index() as u64, |k, (i, sq)| {
                let role = board.role_at(sq).expect("occupied");
                k | (role.index() as u64 + 1) << (3 * i + 1)
            });
        Units { squares, kinds }
    }

    /// The key of a target whose neighbourhood is `window` ([`window`]).
    fn key(&self, window: u64) -> [u64; 3] {
        [self.squares.0, self.kinds, window]
    }
}

/// What [`meeting`] reads of the mated side around `target` (its neighbours `around`): which
/// of them it holds and which it may block with its one turn.
fn window(around: Bitboard, held: Bitboard, blockable: Bitboard, target: Square) -> u64 {
    let mut w = 1 << 28 | (target.index() as u64) << 16;
    for (j, sq) in around.into_iter().enumerate() {
        w |= u64::from(held.contains(sq)) << j | u64::from(blockable.contains(sq)) << (8 + j);
    }
    w
}

/// For each of the mating side's units, the squares from which it may help towards a mate
/// with the mated king on `target`, where the mated side's one turn may block the flights of
/// `blockable` instead (before the squares that guard `target` are taken out,
/// [`Approach::unguarded`]): what the position holds beside `target` alone decides them, so
/// many positions share them ([`ApproachMemory`]).
fn meeting(mate: &Mate<'_>, target: Square, blockable: Bitboard) -> [Bitboard; 16] {
    let mut needs = [target; 9];
    let mut count = 1;
    for f in grolman::king_attacks(target) & !mate.held {
        needs[count] = f;
        count += 1;
    }
    let needs = &needs[..count];
    let all: Needs = (1 << count) - 1;
    let blockable = needs
        .iter()
        .enumerate()
        .filter(|&(_, &f)| blockable.contains(f))
        .fold(0 as Needs, |b, (i, _)| b | 1 << i);
    let units = mate.attackers;
    let mut now = [0 as Needs; 16];
    let mut one = [Sets::EMPTY; 16];
    for (i, a) in units.iter().enumerate() {
        now[i] = mate.options(a, needs, 0).items[0];
        one[i] = mate.options(a, needs, 1);
    }
    let now = &now[..units.len()];
    let mut meeting = [Bitboard::EMPTY; 16];
    for (u, a) in units.iter().enumerate() {
        if a.role == Role::Pawn {
            continue;
        }
        let mut from = [Bitboard::EMPTY; 9];
        for (f, &t) in from.iter_mut().zip(needs) {
            *f = attacks(mate.model, a.role, mate.mating.other(), t);
        }
        let from = &from[..needs.len()];
        let others = fold_except(now, u, usize::MAX);
        // What is left for `u` on its new square, kept as complements: a larger
        // complement (fewer requirements) asks less of the square.
        let mut left = Sets::EMPTY;
        left.push(!(all & !others));
        for (v, sets) in one.iter().enumerate().take(units.len()) {
            if v == u {
                continue;
            }
            let rest = fold_except(now, u, v);
            for &o in sets.as_slice() {
                left.push(!(all & !(o | rest)));
            }
        }
        let mut useful = Bitboard::EMPTY;
        for &complement in left.as_slice() {
            useful |= squares_meeting(a.role, from, all & !complement, blockable);
        }
        // Or `u` moves twice: on from its new square to one that meets what is left.
        let second = squares_meeting(a.role, from, all & !others, blockable);
        for e in second {
            useful |= moves(mate.model, a.role, mate.mating, e);
        }
        meeting[u] = useful;
    }
    meeting
}

/// The squares from which a unit of `role` attacks every requirement of `required` but, at
/// most, one of `blockable` (left to the mated side's turn), on an empty board: `from[i]` are
/// the squares from which it attacks the requirement `i` (a king never gives check).
fn squares_meeting(role: Role, from: &[Bitboard], required: Needs, blockable: Needs) -> Bitboard {
    if role == Role::King && required & 1 != 0 {
        return Bitboard::EMPTY;
    }
    let mut squares = Bitboard::ALL;
    let mut r = required & !blockable;
    while r != 0 {
        let i = r.trailing_zeros() as usize;
        r &= r - 1;
        squares &= from[i];
    }
    // Of the blockable ones: the squares attacking all so far, and all but at most one.
    let mut all = Bitboard::ALL;
    let mut all_but_one = Bitboard::ALL;
    let mut r = required & blockable;
    while r != 0 {
        let i = r.trailing_zeros() as usize;
        r &= r - 1;
        all_but_one = (all_but_one & from[i]) | all;
        all &= from[i];
    }
    squares & all_but_one
}

/// The union of `now` but for the units `skip1` and `skip2`.
fn fold_except(now: &[Needs], skip1: usize, skip2: usize) -> Needs {
    now.iter()
        .enumerate()
        .filter(|&(j, _)| j != skip1 && j != skip2)
        .fold(0, |m, (_, &o)| m | o)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grolman::random::{position_of, Xorshift};
    use grolman::{for_each_turn, Rules, Variant};

    use crate::problem::intelligent::mate_reachable;

    /// A turn that opens a line of the mated side's units towards its king's flights is kept
    /// (their reach is traced with the mating side's squares empty): found by a larger run of
    /// the random test below when it was traced on the board as it stands.
    #[test]
    fn a_turn_that_opens_a_line_of_the_mated_side_is_kept() {
        let rules: Rules = Variant::Orthodox.into();
        let pos = Position::from_fen("2b1r3/7k/3P4/8/N2Q4/2b5/1pr5/1b5K w - - 0 1").unwrap();
        let approach = Approach::of(&pos, &mut ApproachMemory::new()).expect("no castling");
        let mut seen = false;
        for_each_turn(&pos, rules, false, &mut |v| {
            if format!("{}{}", v.lead.from, v.lead.to) == "d4g1" {
                assert!(mate_reachable(v.after, rules, Color::Black, 1, 1, &mut None));
                assert!(approach.may_follow(pos.board(), &v.lead));
                seen = true;
            }
            false
        });
        assert!(seen);
    }

    /// The squares remembered by an [`ApproachMemory`] are those worked out afresh, on the
    /// positions after each move of the mated side on random orthodox positions (so with the
    /// mating side's units as they were, and the mated side's held and blocking squares moved
    /// or not beside each target), one memory for all of them.
    #[test]
    fn remembered_destinations_are_those_worked_out_afresh() {
        let rules: Rules = Variant::Orthodox.into();
        let mut rng = Xorshift(0x6a09_e667_f3bc_c908);
        let roles = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];
        let mut memory = ApproachMemory::new();
        let (mut positions, mut useful) = (0, 0);
        while positions < 300 {
            let board = rng.attack_board(&roles, 3, 7);
            let Some(pos) = position_of(board, Color::Black) else {
                continue;
            };
            positions += 1;
            for_each_turn(&pos, rules, false, &mut |v| {
                let remembered = Approach::of(v.after, &mut memory).expect("no castling");
                let afresh = Approach::of(v.after, &mut ApproachMemory::new()).expect("no castling");
                assert_eq!(remembered.useful, afresh.useful, "{}", v.after.fen());
                useful += afresh.useful.iter().filter(|(_, to)| to.any()).count();
                false
            });
        }
        assert!(useful > 1000, "{useful}");
    }

    /// Every turn of the mating side after which the bound, with one turn to each side, still
    /// allows a mate goes to a square [`Approach`] found useful, on random orthodox positions
    /// (captures, king moves and promotions among the turns).
    #[test]
    fn every_turn_the_bound_allows_after_is_kept() {
        let rules: Rules = Variant::Orthodox.into();
        let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
        let roles = [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Rook,
            Role::Queen,
        ];
        let (mut allowed, mut dropped, mut positions) = (0, 0, 0);
        while positions < 1500 {
            // Few attackers and many units of the mated side, as in helpmates.
            let board = rng.attack_board(&roles, 3, 6);
            let Some(pos) = position_of(board, Color::White) else {
                continue;
            };
            positions += 1;
            let approach = Approach::of(&pos, &mut ApproachMemory::new()).expect("no castling");
            for_each_turn(&pos, rules, false, &mut |v| {
                let kept = approach.may_follow(pos.board(), &v.lead);
                if mate_reachable(v.after, rules, Color::Black, 1, 1, &mut None) {
                    assert!(kept, "{} {:?}", pos.fen(), v.lead);
                    allowed += 1;
                } else if !kept {
                    dropped += 1;
                }
                false
            });
        }
        // The test must see both: turns that the bound allows after, and turns dropped.
        assert!(allowed > 1000 && dropped > 5000, "{allowed} {dropped}");
    }
}

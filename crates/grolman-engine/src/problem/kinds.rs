//! The kinds a side may still have in Tatarstan chess, for the bound (`problem/intelligent.rs`):
//! a unit there moves and attacks like any kind it may become, and the kinds it may become are
//! far fewer than all of them when its side cannot promote.
//!
//! Why a side's kinds only shrink, promotions aside (docs/rules.md 3.2-3.5): a unit changes kind
//! only into the kind of a unit of its own colour that defends it, kings never change nor make
//! kings, and captures only take units away. A new kind comes only from a promotion: a pawn
//! moving onto its last rank, or a unit turned into a pawn there by a pawn of its colour.
//!
//! When a promotion can come (ranks counted from the side's own first rank, 0 to 7): in a pawn
//! stage a pawn turns the units it defends into pawns, one rank further, so a stage lifts the
//! highest pawn only along a staircase of other units of its colour, at most one rank per unit.
//! Units of a side move only in its own turns (the other side's turns take some away), so the
//! phases between two of its turns lift no pawn above what a pawn stage on the position now
//! would ([`highest_pawn`]). In one turn of its own a pawn climbs at most two ranks (a double
//! step) and the stage after it at most one rank per other unit. So with `n` units that are not
//! kings, `t` turns of its own can lift the highest pawn by at most `t * (n + 1)` ranks, and a
//! side whose highest pawn stays below the last rank keeps the kinds it has now.

use std::sync::OnceLock;

use grolman::{pawn_attacks, Bitboard, Board, Color, Piece, Role, Square};

use super::reach::{empty_board_moves, relative_rank};

/// A set of kinds that are not kings, one bit per [`Role::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Kinds(u8);

impl Kinds {
    /// Every kind but the king.
    pub(super) const ALL: Kinds = Kinds(0b1_1111);
    pub(super) const NONE: Kinds = Kinds(0);

    /// The one kind `role` (none for a king).
    pub(super) fn of(role: Role) -> Kinds {
        Kinds(1 << role.index() & Kinds::ALL.0)
    }

    pub(super) fn has(self, role: Role) -> bool {
        self.0 & 1 << role.index() != 0
    }

    /// The kinds of `self` and of `other`.
    pub(super) fn or(self, other: Kinds) -> Kinds {
        Kinds(self.0 | other.0)
    }

    /// The kinds both of `self` and of `other`.
    pub(super) fn and(self, other: Kinds) -> Kinds {
        Kinds(self.0 & other.0)
    }
}

/// The kinds the units of `color` other than its king may have from now until `turns` more
/// turns of its own (and the other side's between them) have been played.
pub(super) fn kinds_within(board: &Board, color: Color, turns: u32) -> Kinds {
    let own = board.by_color(color);
    kinds_of_units(&Role::ALL.map(|r| board.by_role(r) & own), color, turns)
}

/// [`kinds_within`] for the units of `color` given by kind (`Role::ALL` order).
pub(super) fn kinds_of_units(units: &[Bitboard; 6], color: Color, turns: u32) -> Kinds {
    let now = Role::STAGES
        .into_iter()
        .filter(|&r| units[r.index()].any())
        .fold(Kinds(0), |k, r| Kinds(k.0 | Kinds::of(r).0));
    let own = Role::STAGES
        .iter()
        .fold(Bitboard::EMPTY, |b, r| b | units[r.index()]);
    let Some(highest) = highest_pawn(units[Role::Pawn.index()], own, color) else {
        return now;
    };
    if u32::from(highest) + turns * (own.count() + 1) < 7 {
        now
    } else {
        Kinds::ALL
    }
}

/// The highest rank (from `color`'s side) that a pawn of `color` would stand on after a pawn
/// stage: its `pawns` and the units of `own` (its units but the king) that they turn into
/// pawns, wave after wave; `None` without a pawn.
fn highest_pawn(mut pawns: Bitboard, own: Bitboard, color: Color) -> Option<u8> {
    pawns.any().then_some(())?;
    loop {
        let defended = pawns.fold(Bitboard::EMPTY, |b, sq| b | pawn_attacks(color, sq)) & own;
        let more = pawns | defended;
        if more == pawns {
            break;
        }
        pawns = more;
    }
    pawns.map(|sq| relative_rank(color, sq)).max()
}

/// What a unit that may be of any kind of a set does on an empty board, worked out once.
struct Sets {
    /// `[kinds][color][square]`: the squares it attacks.
    attacks: Vec<Bitboard>,
    /// The squares one move takes it to.
    moves: Vec<Bitboard>,
    /// The squares it attacks now or after one move.
    attacked_after_move: Vec<Bitboard>,
    /// The squares one or two moves take it to.
    reached_in_two: Vec<Bitboard>,
}

fn index(kinds: Kinds, color: Color, sq: Square) -> usize {
    (usize::from(kinds.0) * 2 + color.index()) * 64 + sq.index()
}

fn sets() -> &'static Sets {
    static SETS: OnceLock<Sets> = OnceLock::new();
    SETS.get_or_init(|| {
        let size = 32 * 2 * 64;
        let mut s = Sets {
            attacks: vec![Bitboard::EMPTY; size],
            moves: vec![Bitboard::EMPTY; size],
            attacked_after_move: vec![Bitboard::EMPTY; size],
            reached_in_two: vec![Bitboard::EMPTY; size],
        };
        for mask in 0..32u8 {
            for color in Color::ALL {
                for i in 0..64 {
                    let sq = Square::new(i);
                    let at = index(Kinds(mask), color, sq);
                    for role in Role::STAGES.into_iter().filter(|&r| Kinds(mask).has(r)) {
                        s.attacks[at] |= Board::attacks_of(Piece::new(color, role), sq, Bitboard::EMPTY);
                        s.moves[at] |= empty_board_moves(role, color, sq);
                    }
                }
            }
        }
        for mask in 0..32u8 {
            for color in Color::ALL {
                for i in 0..64 {
                    let sq = Square::new(i);
                    let at = index(Kinds(mask), color, sq);
                    let moves = s.moves[at];
                    s.attacked_after_move[at] = moves.fold(s.attacks[at], |b, to| {
                        b | s.attacks[index(Kinds(mask), color, to)]
                    });
                    s.reached_in_two[at] =
                        moves.fold(moves, |b, to| b | s.moves[index(Kinds(mask), color, to)]);
                }
            }
        }
        s
    })
}

/// The squares that a unit of `color` on `sq` attacks as some kind of `kinds`.
#[inline]
pub(super) fn attacks(kinds: Kinds, color: Color, sq: Square) -> Bitboard {
    sets().attacks[index(kinds, color, sq)]
}

/// The squares that one move of some kind of `kinds` takes a unit of `color` on `sq` to.
#[inline]
pub(super) fn moves(kinds: Kinds, color: Color, sq: Square) -> Bitboard {
    sets().moves[index(kinds, color, sq)]
}

/// The squares that a unit of `color` on `sq` attacks as some kind of `kinds`, now or after one
/// move as some kind of `kinds`.
#[inline]
pub(super) fn attacked_after_move(kinds: Kinds, color: Color, sq: Square) -> Bitboard {
    sets().attacked_after_move[index(kinds, color, sq)]
}

/// The squares that one or two moves of kinds of `kinds` take a unit of `color` on `sq` to.
#[inline]
pub(super) fn reached_in_two(kinds: Kinds, color: Color, sq: Square) -> Bitboard {
    sets().reached_in_two[index(kinds, color, sq)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use grolman::random::{position_of, Xorshift};
    use grolman::{for_each_turn, Position, Rules, Variant};

    /// The kinds other than the king that `color` has on `board`.
    fn kinds_of(board: &Board, color: Color) -> Kinds {
        let own = board.by_color(color);
        Role::STAGES
            .into_iter()
            .filter(|&r| (board.by_role(r) & own).any())
            .fold(Kinds(0), |k, r| Kinds(k.0 | Kinds::of(r).0))
    }

    /// Random Tatarstan positions of 4 to 11 units, pawns among them (some a few ranks from
    /// promoting, beside units of their colour that a pawn stage may turn).
    fn random_position(rng: &mut Xorshift) -> Position {
        loop {
            let board = rng.board(|rng| 2 + rng.below(8), |rng, _| rng.color());
            if let Some(pos) = position_of(board, rng.color()) {
                return pos;
            }
        }
    }

    /// Along random Tatarstan games, a side never has a kind that [`kinds_within`] of the
    /// starting position left out for the number of its own turns played so far; and the
    /// games meet many positions where it left some out while the side had pawns.
    #[test]
    fn a_side_never_gains_a_kind_that_kinds_within_leaves_out() {
        let rules: Rules = Variant::Tatarstan.into();
        let mut rng = Xorshift(0x51_7cc1_b727_220a);
        let mut narrowed_with_pawns = 0;
        for _ in 0..600 {
            let start = random_position(&mut rng);
            let bounds: Vec<[Kinds; 2]> = (0..4)
                .map(|t| Color::ALL.map(|c| kinds_within(start.board(), c, t)))
                .collect();
            let mut own_turns = [0usize; 2];
            let mut pos = start.clone();
            for ply in 0..=6 {
                for c in Color::ALL {
                    let have = kinds_of(pos.board(), c);
                    let bound = bounds[own_turns[c.index()].min(3)][c.index()];
                    assert!(
                        have.0 & !bound.0 == 0,
                        "{} after {own_turns:?} own turns: {c:?} has {have:?}, bound {bound:?}; from {}",
                        pos.fen(),
                        start.fen()
                    );
                    let pawns = (start.board().by_role(Role::Pawn) & start.board().by_color(c)).any();
                    if pawns && bound != Kinds::ALL {
                        narrowed_with_pawns += 1;
                    }
                }
                let mut afters = Vec::new();
                if ply == 6 {
                    break;
                }
                for_each_turn(&pos, rules, false, &mut |v| {
                    afters.push(v.after.clone());
                    false
                });
                if afters.is_empty() {
                    break;
                }
                own_turns[pos.turn().index()] += 1;
                pos = afters.swap_remove(rng.below(afters.len() as u64) as usize);
            }
        }
        assert!(narrowed_with_pawns > 500, "{narrowed_with_pawns}");
    }
}

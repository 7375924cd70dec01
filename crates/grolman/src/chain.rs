//! Followers (RULES.md 1.3-1.5): which units could move to a vacated square, and which kind is
//! the weakest among them.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::{Board, Units};
use crate::turn::Candidate;
use crate::types::{Color, Role, Square};

/// Units of `us` among `unmoved` that could make a non-capturing move of kind `role` to the
/// empty square `v`.
#[inline]
pub(crate) fn reachers<B: Units>(board: &B, us: Color, unmoved: Bitboard, v: Square, role: Role) -> Bitboard {
    let own = unmoved & board.by_role(role);
    if own.is_empty() {
        return Bitboard::EMPTY;
    }
    let occ = board.occupied();
    match role {
        Role::Pawn => {
            let mut bb = Bitboard::EMPTY;
            if let Some(one) = v.offset(-us.forward()) {
                if own.contains(one) {
                    bb.set(one);
                } else if v.rank() == us.double_step_rank() && !occ.contains(one) {
                    if let Some(two) = one.offset(-us.forward()) {
                        if own.contains(two) {
                            bb.set(two);
                        }
                    }
                }
            }
            bb
        }
        Role::Knight => attacks::knight_attacks(v) & own,
        Role::Bishop => attacks::bishop_attacks(v, occ) & own,
        Role::Rook => attacks::rook_attacks(v, occ) & own,
        Role::Queen => attacks::queen_attacks(v, occ) & own,
        Role::King => attacks::king_attacks(v) & own,
    }
}

/// The weakest kind that has a unit able to reach `v`, with those units. The same rule as
/// [`reachers`] kind by kind, with each slider line looked up once.
#[inline]
pub(crate) fn weakest<B: Units>(
    board: &B,
    us: Color,
    unmoved: Bitboard,
    v: Square,
) -> Option<(Role, Bitboard)> {
    let pawns = unmoved & board.by_role(Role::Pawn);
    if pawns.any() {
        // The pawn one step behind `v`, or two steps behind over an empty square.
        let target = Bitboard::from_square(v);
        let (one, two) = match us {
            Color::White => (target.south(), target.south().south()),
            Color::Black => (target.north(), target.north().north()),
        };
        let mut found = one & pawns;
        if found.is_empty() && v.rank() == us.double_step_rank() && (one & board.occupied()).is_empty() {
            found = two & pawns;
        }
        if found.any() {
            return Some((Role::Pawn, found));
        }
    }
    let knights = attacks::knight_attacks(v) & unmoved & board.by_role(Role::Knight);
    if knights.any() {
        return Some((Role::Knight, knights));
    }
    let queens = board.by_role(Role::Queen);
    let sliders = unmoved & (board.by_role(Role::Bishop) | board.by_role(Role::Rook) | queens);
    if sliders.any() {
        let occ = board.occupied();
        let diag = attacks::bishop_attacks(v, occ) & sliders;
        let bishops = diag & board.by_role(Role::Bishop);
        if bishops.any() {
            return Some((Role::Bishop, bishops));
        }
        let ortho = attacks::rook_attacks(v, occ) & sliders;
        let rooks = ortho & board.by_role(Role::Rook);
        if rooks.any() {
            return Some((Role::Rook, rooks));
        }
        let q = (diag | ortho) & queens;
        if q.any() {
            return Some((Role::Queen, q));
        }
    }
    let kings = attacks::king_attacks(v) & unmoved & board.by_role(Role::King);
    kings.any().then_some((Role::King, kings))
}

/// Every unit of every kind that could reach one of the vacated squares, weakest kind first,
/// then by square.
pub(crate) fn all_candidates(
    board: &Board,
    us: Color,
    unmoved: Bitboard,
    vacated: &[Square],
) -> Vec<Candidate> {
    let mut out = Vec::new();
    for role in Role::ALL {
        for &v in vacated {
            for square in reachers(board, us, unmoved, v, role) {
                out.push(Candidate { square, role, to: v });
            }
        }
    }
    out
}

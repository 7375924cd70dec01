//! Followers (RULES.md 1.3-1.5): which units could move to a vacated square, and which kind is
//! the weakest among them.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Units;
use crate::turn::Candidate;
use crate::types::{Color, Role, Square};

/// The pawns among `pawns` that could step to the empty square `v`: one step straight forward,
/// or the double step from the initial rank over an empty square.
#[inline]
fn pawns_reaching(us: Color, pawns: Bitboard, occ: Bitboard, v: Square) -> Bitboard {
    if pawns.is_empty() {
        return pawns;
    }
    let target = Bitboard::from_square(v);
    let (one, two) = match us {
        Color::White => (target.south(), target.south().south()),
        Color::Black => (target.north(), target.north().north()),
    };
    let single = one & pawns;
    if single.is_empty() && v.rank() == us.double_step_rank() && (one & occ).is_empty() {
        two & pawns
    } else {
        single
    }
}

/// The units of `us` among `unmoved` that could make a non-capturing move of their own kind to
/// the empty square `v`, by kind (indexed by `Role::index`):
/// - pawn: one step straight forward, or the double step from its initial rank over an empty
///   square;
/// - knight: a jump; king: one step (never castling);
/// - bishop, rook, queen: along a line with every square between empty.
///
/// Whether `v` itself is occupied does not change the answer (attacks from a square do not
/// look at the square), which the perft counter relies on.
#[inline]
pub(crate) fn reach<B: Units>(board: &B, us: Color, unmoved: Bitboard, v: Square) -> [Bitboard; 6] {
    let mut out = [Bitboard::EMPTY; 6];
    let occ = board.occupied();
    out[0] = pawns_reaching(us, unmoved & board.by_role(Role::Pawn), occ, v);
    out[1] = attacks::knight_attacks(v) & unmoved & board.by_role(Role::Knight);
    let queens = board.by_role(Role::Queen);
    let sliders = unmoved & (board.by_role(Role::Bishop) | board.by_role(Role::Rook) | queens);
    if sliders.any() {
        let diag = attacks::bishop_attacks(v, occ) & sliders;
        let ortho = attacks::rook_attacks(v, occ) & sliders;
        out[2] = diag & board.by_role(Role::Bishop);
        out[3] = ortho & board.by_role(Role::Rook);
        out[4] = (diag | ortho) & queens;
    }
    out[5] = attacks::king_attacks(v) & unmoved & board.by_role(Role::King);
    out
}

/// The weakest kind that has a unit able to reach `v`, with those units: [`reach`] kind by
/// kind, stopping at the first found.
#[inline]
pub(crate) fn weakest<B: Units>(
    board: &B,
    us: Color,
    unmoved: Bitboard,
    v: Square,
) -> Option<(Role, Bitboard)> {
    let occ = board.occupied();
    let pawns = pawns_reaching(us, unmoved & board.by_role(Role::Pawn), occ, v);
    if pawns.any() {
        return Some((Role::Pawn, pawns));
    }
    let knights = attacks::knight_attacks(v) & unmoved & board.by_role(Role::Knight);
    if knights.any() {
        return Some((Role::Knight, knights));
    }
    let queens = board.by_role(Role::Queen);
    let sliders = unmoved & (board.by_role(Role::Bishop) | board.by_role(Role::Rook) | queens);
    if sliders.any() {
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
        let queens = (diag | ortho) & queens;
        if queens.any() {
            return Some((Role::Queen, queens));
        }
    }
    let kings = attacks::king_attacks(v) & unmoved & board.by_role(Role::King);
    kings.any().then_some((Role::King, kings))
}

/// The follower choice after a leader vacates one square, or two after castling (RULES.md 1.5):
/// the weakest kind able to reach either square, and its units for each square.
#[inline]
pub(crate) fn followers<B: Units>(
    board: &B,
    us: Color,
    unmoved: Bitboard,
    vacated: [Option<Square>; 2],
) -> Option<(Role, [Bitboard; 2])> {
    // One vacated square (every lead but castling): its weakest followers.
    if let [Some(v), None] = vacated {
        return weakest(board, us, unmoved, v).map(|(role, bb)| (role, [bb, Bitboard::EMPTY]));
    }
    let mut best: Option<(Role, [Bitboard; 2])> = None;
    for (i, v) in vacated.iter().enumerate() {
        let Some((role, bb)) = v.and_then(|v| weakest(board, us, unmoved, v)) else {
            continue;
        };
        match &mut best {
            Some((b, _)) if *b < role => {}
            Some((b, found)) if *b == role => found[i] = bb,
            _ => {
                let mut found = [Bitboard::EMPTY; 2];
                found[i] = bb;
                best = Some((role, found));
            }
        }
    }
    best
}

/// Every unit of every kind that could reach one of the vacated squares, weakest kind first,
/// then by square.
pub(crate) fn all_candidates<B: Units>(
    board: &B,
    us: Color,
    unmoved: Bitboard,
    vacated: &[Square],
) -> Vec<Candidate> {
    let reaches: Vec<[Bitboard; 6]> = vacated.iter().map(|&v| reach(board, us, unmoved, v)).collect();
    let mut out = Vec::new();
    for role in Role::ALL {
        for (&to, r) in vacated.iter().zip(&reaches) {
            for square in r[role.index()] {
                out.push(Candidate { square, role, to });
            }
        }
    }
    out
}

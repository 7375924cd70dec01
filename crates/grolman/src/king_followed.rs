//! The units that only their own king could follow (docs/rules.md 1.3), all at once: what
//! [`crate::first_followers`] answers square by square, asked of every unit next to the king
//! at nearly every node of a search (the evaluation's chain terms), where most squares are
//! ruled out by a set operation instead of a walk of every kind.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::types::{Color, Role};

/// The units of `us` whose first follower would be their own king alone: those next to the
/// king that no pawn step, knight jump or free line of another unit of `us` reaches. The same
/// squares as those for which [`crate::first_followers`] answers the king.
///
/// ```
/// use grolman::{king_followed, Bitboard, Color, Position, Square};
/// // The knight on d2 has only the king behind it; a knight on b1 would follow it first.
/// let alone = Position::from_fen("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1").unwrap();
/// assert_eq!(king_followed(alone.board(), Color::White), Bitboard::from_square(Square::parse("d2").unwrap()));
/// let helped = Position::from_fen("4k3/8/8/8/8/8/3N4/1N2K3 w - - 0 1").unwrap();
/// assert_eq!(king_followed(helped.board(), Color::White), Bitboard::EMPTY);
/// ```
pub fn king_followed(board: &Board, us: Color) -> Bitboard {
    let Some(king) = board.king_of(us) else {
        return Bitboard::EMPTY;
    };
    let own = board.by_color(us);
    let occ = board.occupied();
    let mut left = attacks::king_attacks(king) & own;
    for knight in board.by_role(Role::Knight) & own {
        left &= !attacks::knight_attacks(knight);
    }
    // A pawn steps onto the square ahead of it, or two ahead from its first rank over an
    // empty square; whether the square stepped onto is empty does not matter here.
    let pawns = board.by_role(Role::Pawn) & own;
    let first = pawns & Bitboard::rank(us.pawn_rank());
    left &= !match us {
        Color::White => pawns.north() | (first.north() & !occ).north(),
        Color::Black => pawns.south() | (first.south() & !occ).south(),
    };
    if left.is_empty() {
        return left;
    }
    let queens = board.by_role(Role::Queen);
    let diag = (board.by_role(Role::Bishop) | queens) & own;
    let ortho = (board.by_role(Role::Rook) | queens) & own;
    let mut out = Bitboard::EMPTY;
    for v in left {
        if (attacks::bishop_attacks(v, occ) & diag).is_empty()
            && (attacks::rook_attacks(v, occ) & ortho).is_empty()
        {
            out.set(v);
        }
    }
    out
}

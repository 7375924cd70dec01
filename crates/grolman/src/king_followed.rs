//! The units that only their own king could follow (docs/rules.md 1.3), all at once: what
//! [`crate::first_followers`] answers square by square, asked of every unit next to the king
//! at nearly every node of a search (the evaluation's chain terms), where most squares are
//! ruled out by a set operation instead of a walk of every kind.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::types::{Color, Piece, Role};

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
    let mut left = attacks::king_attacks(king) & own & !pawn_steps(board, us);
    for knight in board.by_role(Role::Knight) & own {
        left &= !attacks::knight_attacks(knight);
    }
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

/// [`king_followed`] for an evaluation that has worked out, for mobility, `reached`: the
/// squares that the knights of `us` jump to and its line pieces reach over the board's units
/// (bishops and queens on diagonals, rooks and queens on files and ranks). A line reaches from
/// a unit to a square exactly when it reaches from that square to the unit, so what is left to
/// ask is only the pawns' steps.
pub fn king_followed_past(board: &Board, us: Color, reached: Bitboard) -> Bitboard {
    let Some(king) = board.king_of(us) else {
        return Bitboard::EMPTY;
    };
    attacks::king_attacks(king) & board.by_color(us) & !reached & !pawn_steps(board, us)
}

/// The squares the pawns of `us` step onto: the square ahead of each, or two ahead from its
/// first rank over an empty square; whether the square stepped onto is empty does not matter
/// to who follows into it.
fn pawn_steps(board: &Board, us: Color) -> Bitboard {
    let pawns = board.by_piece(Piece::new(us, Role::Pawn));
    let first = pawns & Bitboard::rank(us.pawn_rank());
    let occ = board.occupied();
    match us {
        Color::White => pawns.north() | (first.north() & !occ).north(),
        Color::Black => pawns.south() | (first.south() & !occ).south(),
    }
}

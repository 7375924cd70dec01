//! Static evaluation, in centipawns from the side to move's point of view: material, a little
//! placement, and mobility counted from attack sets (no move generation). In Tatarstan chess the
//! material is also counted as the next transformation phase would leave it, since every defended
//! unit is about to change kind (docs/rules.md 3.3-3.4).

use grolman::{
    bishop_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks, Bitboard, Board, Color, Piece,
    Position, Role, Square, Variant,
};

/// Centipawn values by kind, weakest first; the king counts nothing.
pub const VALUES: [i32; 6] = [100, 310, 330, 500, 950, 0];

const MOBILITY: [i32; 6] = [0, 4, 4, 2, 1, 0];

/// Pawn bonus by ranks advanced from the pawn's starting rank.
const PAWN_ADVANCE: [i32; 8] = [0, 0, 4, 10, 20, 36, 60, 0];

/// Bonus for standing in the centre, by distance from it (0 = one of the four centre squares).
const CENTRE: [i32; 4] = [12, 8, 3, 0];

fn centre_distance(sq: Square) -> usize {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    let df = (2 * f - 7).abs() / 2;
    let dr = (2 * r - 7).abs() / 2;
    df.max(dr) as usize
}

fn attacks(piece: Piece, sq: Square, occ: Bitboard) -> Bitboard {
    match piece.role {
        Role::Pawn => pawn_attacks(piece.color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occ),
        Role::Rook => rook_attacks(sq, occ),
        Role::Queen => queen_attacks(sq, occ),
        Role::King => grolman::king_attacks(sq),
    }
}

/// Material of White minus Black.
fn material(board: &Board) -> i32 {
    let mut score = 0;
    for role in Role::ALL {
        let w = board.by_piece(Piece::new(Color::White, role)).count() as i32;
        let b = board.by_piece(Piece::new(Color::Black, role)).count() as i32;
        score += (w - b) * VALUES[role.index()];
    }
    score
}

/// The board after one transformation phase on the current placement (docs/rules.md 3.3), with
/// last-rank pawns left as pawns: cheap and good enough to see what is about to change.
pub fn predicted_phase(board: &Board) -> Board {
    let mut board = board.clone();
    let occ = board.occupied();
    for kind in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let mut changed = Bitboard::EMPTY;
        let mut fresh = board.by_role(kind);
        while fresh.any() {
            let mut targets = Bitboard::EMPTY;
            for color in Color::ALL {
                let mut defended = Bitboard::EMPTY;
                for sq in fresh & board.by_color(color) {
                    defended |= attacks(Piece::new(color, kind), sq, occ);
                }
                targets |= defended & board.by_color(color);
            }
            targets = targets & !board.by_role(kind) & !board.by_role(Role::King) & !changed;
            for sq in targets {
                board.set_role(sq, kind);
            }
            changed |= targets;
            fresh = targets;
        }
    }
    board
}

/// True when neither side can mate: kings alone, or one minor piece in all (docs/rules.md 1.10).
pub fn dead_material(board: &Board) -> bool {
    let units = board.occupied().count();
    units == 2 || (units == 3 && (board.by_role(Role::Knight) | board.by_role(Role::Bishop)).count() == 1)
}

/// The evaluation of `pos` for the side to move.
pub fn evaluate(pos: &Position, variant: Variant) -> i32 {
    let board = pos.board();
    let occ = board.occupied();
    let mut score = material(board);
    if variant == Variant::Tatarstan {
        score = (score + material(&predicted_phase(board))) / 2;
    }
    for (sq, piece) in board.pieces() {
        let sign = if piece.color == Color::White { 1 } else { -1 };
        let own = board.by_color(piece.color);
        let mut s = match piece.role {
            Role::Pawn => {
                let advanced = match piece.color {
                    Color::White => sq.rank() as usize - 1,
                    Color::Black => 6 - sq.rank() as usize,
                };
                PAWN_ADVANCE[advanced.min(7)] + CENTRE[centre_distance(sq)] / 2
            }
            Role::Knight | Role::Bishop => CENTRE[centre_distance(sq)],
            _ => 0,
        };
        let m = MOBILITY[piece.role.index()];
        if m != 0 {
            s += m * (attacks(piece, sq, occ) & !own).count() as i32;
        }
        score += sign * s;
    }
    let tempo = 10;
    match pos.turn() {
        Color::White => score + tempo,
        Color::Black => -score + tempo,
    }
}

/// Whether the side to move can capture something with a leading move (a cheap test that lets
/// quiescence stop without generating turns).
pub fn has_capture(pos: &Position) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let enemy = board.by_color(us.other());
    let occ = board.occupied();
    if pos.ep_square().is_some() {
        return true;
    }
    let mut own = board.by_color(us);
    Iterator::any(&mut own, |sq| {
        board
            .piece_at(sq)
            .is_some_and(|p| (attacks(p, sq, occ) & enemy).any())
    })
}

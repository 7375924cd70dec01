//! Mate in one turn by targeted generation: the last turn of a helpmate or of a direct mate
//! must give check, so only the turns that may give check are played out, and each is kept
//! only when it checks and leaves the other side without a legal turn.
//!
//! Which leading moves may give check: in orthodox chess a move checks by the unit that moved
//! (from its destination, as what it promotes to), by a line it opens (its departure square lay
//! between the king and a rook, bishop or queen of the mover's, with nothing else between),
//! or by castling's rook or en passant's removed pawn; [`may_check`] keeps exactly those
//! (a superset: a line opened may be closed again by the destination). In Grolman chess a
//! follower can give check and in Tatarstan chess a transformation can, so there every leading
//! move is played out and the check is read off the position after the turn.

use grolman::{
    bishop_attacks, for_each_turn_of, has_legal_turn, rook_attacks, Bitboard, Board, Lead, LeadKind, Piece,
    Position, Role, Rules, Square, Variant,
};

/// Whether the side to move has a turn that mates.
pub fn mates_in_one(pos: &Position, rules: Rules) -> bool {
    let mut leads = Vec::with_capacity(64);
    grolman::leads(pos, rules, &mut leads);
    if rules.variant == Variant::Orthodox {
        let Some(check) = Checks::of(pos) else {
            return false;
        };
        leads.retain(|l| check.may_check(pos.board(), l));
    }
    let mut mates = false;
    for_each_turn_of(pos, rules, &leads, &mut |v| {
        mates = v.after.is_check() && !has_legal_turn(v.after, rules);
        mates
    });
    mates
}

/// What tells, in orthodox chess, whether a leading move of the side to move may check.
struct Checks {
    /// The king of the side not to move.
    king: Square,
    /// Units of the mover that stand alone between that king and a line piece of the mover's.
    openers: Bitboard,
}

impl Checks {
    /// `None` when the side not to move has no king (nothing can mate it).
    fn of(pos: &Position) -> Option<Checks> {
        let board = pos.board();
        let us = pos.turn();
        let king = board.king_of(us.other())?;
        let own = board.by_color(us);
        let occ = board.occupied();
        let diagonal = (board.by_role(Role::Bishop) | board.by_role(Role::Queen)) & own;
        let straight = (board.by_role(Role::Rook) | board.by_role(Role::Queen)) & own;
        // A unit of ours first on a line from the king opens it when a line piece of ours
        // stands right behind it.
        let mut openers = Bitboard::EMPTY;
        let seen = bishop_attacks(king, occ);
        for first in seen & own {
            if (bishop_attacks(king, occ.without(first)) & !seen & diagonal).any() {
                openers.set(first);
            }
        }
        let seen = rook_attacks(king, occ);
        for first in seen & own {
            if (rook_attacks(king, occ.without(first)) & !seen & straight).any() {
                openers.set(first);
            }
        }
        Some(Checks { king, openers })
    }

    fn may_check(&self, board: &Board, lead: &Lead) -> bool {
        if matches!(lead.kind, LeadKind::Castle(_) | LeadKind::EnPassant) || self.openers.contains(lead.from)
        {
            return true;
        }
        let Some(piece) = board.piece_at(lead.from) else {
            return true;
        };
        let role = lead.promotion.unwrap_or(piece.role);
        let occ = board.occupied().without(lead.from).with(lead.to);
        Board::attacks_of(Piece::new(piece.color, role), lead.to, occ).contains(self.king)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grolman::for_each_turn;

    /// Every orthodox turn that checks starts with a leading move that [`Checks`] keeps, on
    /// positions with discovered checks, promotions, castling and en passant.
    #[test]
    fn every_checking_orthodox_turn_is_kept() {
        let rules: Rules = Variant::Orthodox.into();
        let fens = [
            // A knight before a bishop and a pawn before a rook (discovered checks).
            "4k3/8/2N5/8/B7/3p4/4P3/4R1K1 w - - 0 1",
            // Promotions with check, one of them capturing.
            "1r2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1",
            // Castling on either side, its rook checking.
            "5k2/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
            // En passant that opens the rank to the king.
            "8/8/8/R2Pp2k/8/8/8/K7 w - e6 0 1",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            let check = Checks::of(&pos).unwrap();
            let mut checking = 0;
            for_each_turn(&pos, rules, false, &mut |v| {
                if v.after.is_check() {
                    checking += 1;
                    assert!(check.may_check(pos.board(), &v.lead), "{fen}: {:?}", v.lead);
                }
                false
            });
            assert!(checking > 0, "{fen} has checks");
        }
    }
}

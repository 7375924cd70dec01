//! Mate in one turn by targeted generation: the last turn of a helpmate or of a direct mate
//! must give check, so only the turns that may give check are played out, and each is kept
//! only when it checks and leaves the other side without a legal turn.
//!
//! In orthodox and Grolman chess the leading moves whose turns cannot check are dropped before
//! any chain is walked ([`grolman::CheckFilter`]: the unit that moved, a line that the one
//! square left empty opens, a follower on a square that a chain may vacate). In Tatarstan chess
//! a transformation may make any unit a checker; there the generator drops a turn that cannot
//! check before its transformation phase ([`grolman::for_each_checking_turn_of`]).

use grolman::{
    bishop_attacks, for_each_checking_turn_of, has_legal_turn, knight_attacks, pawn_attacks, rook_attacks,
    Bitboard, CheckFilter, Color, Lead, LeadKind, Position, Role, Rules, Square, Variant, Visit,
};

/// Whether the side to move has a turn that mates.
pub fn mates_in_one(pos: &Position, rules: Rules) -> bool {
    let mut mates = false;
    for_each_checking_turn(pos, rules, &mut |v| {
        mates = !has_legal_turn(v.after, rules);
        mates
    });
    mates
}

/// Calls `visit` for every legal turn of the side to move that checks, in the order of
/// [`grolman::for_each_turn`]; the visitor returns `true` to stop.
pub fn for_each_checking_turn(pos: &Position, rules: Rules, visit: &mut impl FnMut(&Visit<'_>) -> bool) {
    let mut leads = Vec::with_capacity(64);
    grolman::leads(pos, rules, &mut leads);
    if rules.variant == Variant::Tatarstan {
        let Some(filter) = TatarstanChecks::of(pos) else {
            return;
        };
        leads.retain(|l| filter.may_check(l));
    } else {
        let Some(filter) = CheckFilter::of(pos, rules) else {
            return;
        };
        leads.retain(|l| filter.may_check(pos, l));
    }
    for_each_checking_turn_of(pos, rules, &leads, visit);
}

/// What tells, before its chain is walked, whether a Tatarstan leading move may start a turn
/// that checks the other king (the phase may make a checker of a unit that is none now, so
/// [`CheckFilter`] does not apply). Why it keeps every checking turn (docs/rules.md 1.3-1.6,
/// 3.2-3.5):
/// - A follower only ever moves onto a square that one of ours has just left, so after the
///   chain our units stand on the squares they held, less one square `w` of ours that the
///   chain left empty, plus the leader's destination `b`. (Castling and en passant empty
///   two squares: they are always kept.)
/// - The phase moves nothing, and a unit changes only into the kind of a unit of ours that
///   defends it, so every kind after the phase is one that we had after the chain. The chain
///   changes a kind only by a promotion, and so does the phase (a unit turned into a pawn on
///   our last rank): none is possible without a pawn of ours on the rank before the last (to
///   move there), or a pawn of ours and a unit of ours on the last rank (to defend it there).
///   Without one, every checker is of a kind we have now (kings never check: a king beside
///   the other king is attacked by it).
/// - So the king can be in check only from one of our squares or `b`, by a kind we may have:
///   a knight's jump, a pawn's capture, or a line blocked by no unit but `w`, which `b` does
///   not block. A line that `w` alone blocks is one that nothing blocks from `w`, a square of
///   ours before the turn, to the king; so it is enough to ask for lines that nothing blocks
///   from our squares and `b` (on the board before the turn, with `b` filled).
struct TatarstanChecks {
    them: Color,
    king: Square,
    own: Bitboard,
    occupied: Bitboard,
    /// Our kinds that are not kings, `Role::ALL` order.
    kinds: [bool; 6],
    pawns: bool,
    /// A pawn of ours may promote in any turn.
    promotes: bool,
    last_rank: Bitboard,
}

impl TatarstanChecks {
    /// `None` when the side not to move has no king.
    fn of(pos: &Position) -> Option<TatarstanChecks> {
        let board = pos.board();
        let us = pos.turn();
        let king = board.king_of(us.other())?;
        let own = board.by_color(us);
        let pawns = (board.by_role(Role::Pawn) & own).any();
        let last = us.last_rank();
        // The rank a pawn promotes from: the mirror of the pawns' first rank (forward() is a
        // square step, not a rank step).
        let before_last = 7 - us.pawn_rank();
        let last_rank = Bitboard::rank(last);
        Some(TatarstanChecks {
            them: us.other(),
            king,
            own,
            occupied: board.occupied(),
            kinds: Role::ALL.map(|r| r != Role::King && (board.by_role(r) & own).any()),
            pawns,
            promotes: (board.by_role(Role::Pawn) & own & Bitboard::rank(before_last)).any()
                || (pawns && (own & last_rank).any()),
            last_rank,
        })
    }

    fn may_check(&self, lead: &Lead) -> bool {
        if matches!(lead.kind, LeadKind::Castle(_) | LeadKind::EnPassant) {
            return true;
        }
        let b = lead.to;
        let any = self.promotes || (self.pawns && self.last_rank.contains(b));
        let has = |r: Role| any || self.kinds[r.index()] || lead.promotion == Some(r);
        let occupied = self.occupied.with(b);
        let k = self.king;
        let from = self.own.with(b);
        if has(Role::Knight) && (knight_attacks(k) & from).any() {
            return true;
        }
        if has(Role::Pawn) && (pawn_attacks(self.them, k) & from).any() {
            return true;
        }
        let open = |s: Square, line: fn(Square, Bitboard) -> Bitboard| {
            let between = line(s, Bitboard::from_square(k)) & line(k, Bitboard::from_square(s));
            (between & occupied).is_empty()
        };
        let diagonal = has(Role::Bishop) || has(Role::Queen);
        let straight = has(Role::Rook) || has(Role::Queen);
        for s in from {
            if diagonal && bishop_attacks(k, Bitboard::EMPTY).contains(s) && open(s, bishop_attacks) {
                return true;
            }
            if straight && rook_attacks(k, Bitboard::EMPTY).contains(s) && open(s, rook_attacks) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grolman::random::{position_of, Xorshift};
    use grolman::{Board, Piece};

    /// Random legal Tatarstan positions of 4 to 21 units, either side to move, pawns on the
    /// ranks before the last among them.
    fn random_positions(count: usize) -> Vec<Position> {
        let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
        let mut out = Vec::new();
        while out.len() < count {
            let mut board = Board::default();
            let units = 4 + rng.below(18);
            for i in 0..units {
                let piece = match i {
                    0 => Piece::new(Color::White, Role::King),
                    1 => Piece::new(Color::Black, Role::King),
                    _ => Piece::new(
                        Color::ALL[rng.below(2) as usize],
                        Role::ALL[rng.below(5) as usize],
                    ),
                };
                rng.put(&mut board, piece);
            }
            if let Some(pos) = position_of(board, Color::ALL[rng.below(2) as usize]) {
                out.push(pos);
            }
        }
        out
    }

    /// Every leading move that [`TatarstanChecks`] drops starts no turn that checks, on random
    /// positions; and it drops many.
    #[test]
    fn the_tatarstan_check_filter_drops_no_checking_turn() {
        let rules: Rules = Variant::Tatarstan.into();
        let (mut dropped, mut leads_seen) = (0, 0);
        for pos in random_positions(3000) {
            let filter = TatarstanChecks::of(&pos).unwrap();
            let mut leads = Vec::new();
            grolman::leads(&pos, rules, &mut leads);
            for lead in leads {
                leads_seen += 1;
                if filter.may_check(&lead) {
                    continue;
                }
                dropped += 1;
                for_each_checking_turn_of(&pos, rules, &[lead], &mut |v| {
                    panic!("{} {lead:?}: the turn {:?} checks", pos.fen(), v.steps);
                });
            }
        }
        assert!(dropped * 5 > leads_seen, "{dropped} of {leads_seen} dropped");
    }
}

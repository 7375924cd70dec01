//! What tells, before its chain is walked, whether a Tatarstan leading move may start a turn
//! that checks the other king (the phase may make a checker of a unit that is none now, so
//! [`grolman::CheckFilter`] does not apply). The mate test (`problem/mate1.rs`) plays out only
//! the leads it keeps. Why it keeps every checking turn (docs/rules.md 1.3-1.6, 3.2-3.5):
//! - A follower only ever moves onto a square that one of ours has just left, so after the
//!   chain our units stand on the squares they held, less one square `w` that the chain left
//!   empty, plus the leader's destination `b`. `w` lies in the closure `D` of the leader's
//!   square under "a unit of ours could move there" on the board before the turn (during a
//!   chain one square waits empty and `b` is filled, so no line is freer than before the turn;
//!   the reasoning of `grolman::CheckFilter`). The units on `D` after the chain are followers,
//!   of the kinds of the units on `D` (a pawn following onto our last rank may become any
//!   kind); every other unit keeps its square and kind, and the leader stands on `b`.
//!   (Castling and en passant empty two squares: they are always kept.)
//! - So a line after the chain is blocked by what blocked it before the turn, with `b`
//!   filled, less at most one square of `D`.
//! - The phase moves nothing, and a unit ends it of kind `k` other than its kind after the
//!   chain only when, in the stage of `k`, a unit of ours of kind `k` defends it (stands where
//!   a `k` would attack it from), or when a pawn of ours turned it into a pawn on our last
//!   rank and we chose `k` (3.5). Kinds come only from units that have them, or from a
//!   promotion: none is possible without a pawn of ours on the rank before the last (to move
//!   there), or a pawn of ours and a unit of ours on the last rank (to defend it there).
//!   Kings never change kind, and never check (a king beside the other king is attacked by it).
//! - So the king can be in check only by a unit of ours on a square `s` (one of ours or `b`)
//!   from which a `k` of a kind we may have attacks it, through a line so blocked; and that
//!   unit is a `k` after the chain, or a square of ours or `b` stands where a `k` would
//!   defend `s` from through a line so blocked, or a pawn of ours may defend `s` on our last
//!   rank.

use grolman::{
    between, king_attacks, knight_attacks, pawn_attacks, Bitboard, Board, Color, Lead, LeadKind, Piece,
    Position, Role, Square,
};

pub(super) struct TatarstanChecks {
    us: Color,
    king: Square,
    own: Bitboard,
    occupied: Bitboard,
    /// Per kind (`Role::ALL` order; none for the king): the squares from which a unit of ours
    /// of that kind attacks their king on an empty board.
    rays: [Bitboard; 6],
    /// Our kinds that are not kings, `Role::ALL` order.
    kinds: [bool; 6],
    pawns: bool,
    /// A pawn of ours may promote in any turn.
    promotes: bool,
    last_rank: Bitboard,
}

/// What may move behind a leader: the closure `D` of its square (which it holds) and the kinds
/// of the units on `D` but the leader, which may follow (`Role::ALL` order).
#[derive(Clone, Copy)]
struct Behind {
    vacated: Bitboard,
    kinds: [bool; 6],
}

/// The squares from which a unit of `us` of kind `role` (not a king) attacks `target` on an
/// empty board.
pub(super) fn attacked_from(us: Color, role: Role, target: Square) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(us.other(), target),
        _ => Board::attacks_of(Piece::new(us, role), target, Bitboard::EMPTY),
    }
}

impl TatarstanChecks {
    /// `None` when the side not to move has no king.
    pub(super) fn of(pos: &Position) -> Option<TatarstanChecks> {
        let board = pos.board();
        let us = pos.turn();
        let king = board.king_of(us.other())?;
        let own = board.by_color(us);
        let pawns = (board.by_role(Role::Pawn) & own).any();
        // The rank a pawn promotes from: the mirror of the pawns' first rank.
        let before_last = 7 - us.pawn_rank();
        let last_rank = Bitboard::rank(us.last_rank());
        Some(TatarstanChecks {
            us,
            king,
            own,
            occupied: board.occupied(),
            rays: Role::ALL.map(|r| match r {
                Role::King => Bitboard::EMPTY,
                _ => attacked_from(us, r, king),
            }),
            kinds: Role::ALL.map(|r| r != Role::King && (board.by_role(r) & own).any()),
            pawns,
            promotes: (board.by_role(Role::Pawn) & own & Bitboard::rank(before_last)).any()
                || (pawns && (own & last_rank).any()),
            last_rank,
        })
    }

    /// Keeps of `leads` (leading moves of the position the filter was made for, on `board`)
    /// those that may start a turn that checks, in their order: a lead dropped starts none.
    /// What does not depend on the leader's destination is worked out once per square that
    /// leaders leave ([`grolman::leads`] gives a unit's leads together).
    pub(super) fn retain(&self, board: &Board, leads: &mut Vec<Lead>) {
        let mut last: Option<(Square, Leader)> = None;
        leads.retain(|lead| {
            let leader = match last {
                Some((from, leader)) if from == lead.from => leader,
                _ => {
                    let leader = self.leader(board, lead.from);
                    last = Some((lead.from, leader));
                    leader
                }
            };
            self.may_check(lead, &leader)
        });
    }

    /// What may move behind a leader from `from`.
    fn behind(&self, board: &Board, from: Square) -> Behind {
        let mut vacated = Bitboard::from_square(from);
        let mut todo = vacated;
        let mut kinds = [false; 6];
        while let Some(v) = todo.first() {
            todo.clear(v);
            let free = self.own & !vacated;
            let target = Bitboard::from_square(v);
            // A pawn one step or two behind (more than the double step allows: a bound).
            let (one, two) = match self.us {
                Color::White => (target.south(), target.south().south()),
                Color::Black => (target.north(), target.north().north()),
            };
            let diagonal = grolman::bishop_attacks(v, self.occupied);
            let straight = grolman::rook_attacks(v, self.occupied);
            let reach = [
                (one | two) & board.by_role(Role::Pawn),
                knight_attacks(v) & board.by_role(Role::Knight),
                diagonal & board.by_role(Role::Bishop),
                straight & board.by_role(Role::Rook),
                (diagonal | straight) & board.by_role(Role::Queen),
                king_attacks(v) & board.by_role(Role::King),
            ];
            for role in Role::ALL {
                let units = reach[role.index()] & free;
                if units.any() {
                    kinds[role.index()] = true;
                    vacated |= units;
                    todo |= units;
                }
            }
        }
        Behind { vacated, kinds }
    }

    /// Blocked on `occupied` (the board before the turn) by nothing between `s` and `t`, or by
    /// one square of `d`, which the chain may leave empty. (The leader's destination, filled
    /// after the chain, is not counted as a blocker: a bound.)
    fn open(&self, d: Bitboard, s: Square, t: Square) -> bool {
        let blockers = between(s, t) & self.occupied;
        blockers.is_empty() || (!blockers.more_than_one() && (blockers & d).any())
    }

    /// What a leader from `from` leaves to its destination: whether some unit of ours other
    /// than the leader may check whatever the destination, and if not, the squares on which
    /// one would check as a kind if a unit on the destination defended it.
    fn leader(&self, board: &Board, from: Square) -> Leader {
        let behind = self.behind(board, from);
        let d = behind.vacated;
        let mut pending = [Bitboard::EMPTY; 6];
        for role in Role::STAGES {
            if !(self.promotes || self.kinds[role.index()]) {
                continue;
            }
            for s in self.rays[role.index()] & self.own {
                if !self.open(d, s, self.king) {
                    continue;
                }
                // The unit on `s` after the chain, and whether it may be of kind `role`.
                let (king, now) = if d.contains(s) {
                    let follows = behind.kinds[role.index()]
                        || (behind.kinds[Role::Pawn.index()] && self.last_rank.contains(s));
                    (false, follows)
                } else {
                    let stays = board.role_at(s);
                    (stays == Some(Role::King), stays == Some(role))
                };
                if king {
                    continue;
                }
                if now || self.defended(d, role, s, self.own.without(s)) {
                    return Leader {
                        role: Role::King,
                        d,
                        checks: true,
                        pending,
                    };
                }
                pending[role.index()].set(s);
            }
        }
        Leader {
            role: board.role_at(from).unwrap_or(Role::King),
            d,
            checks: false,
            pending,
        }
    }

    /// Whether a unit of ours on `s` may be turned into a `role` by the phase: a square of
    /// `from` stands where a `role` would defend it from, or a pawn would on our last rank.
    fn defended(&self, d: Bitboard, role: Role, s: Square, from: Bitboard) -> bool {
        for t in attacked_from(self.us, role, s) & from {
            if self.open(d, t, s) {
                return true;
            }
        }
        (self.promotes || self.kinds[Role::Pawn.index()])
            && self.last_rank.contains(s)
            && (attacked_from(self.us, Role::Pawn, s) & from).any()
    }

    /// Whether `lead`, its leader's squares left to it as `leader` tells, may start a turn
    /// that checks: `false` proves that none of its turns does.
    fn may_check(&self, lead: &Lead, leader: &Leader) -> bool {
        // Castling and en passant empty two squares; a promotion may bring a kind we have not.
        if leader.checks
            || matches!(lead.kind, LeadKind::Castle(_) | LeadKind::EnPassant)
            || lead.promotion.is_some()
            || (self.pawns && self.last_rank.contains(lead.to))
        {
            return true;
        }
        let b = lead.to;
        let d = leader.d;
        // Kings neither check nor defend.
        if leader.role == Role::King {
            return false;
        }
        // The leader on `b`: of its kind, or turned by a unit of ours defending it.
        for role in Role::STAGES {
            let has = self.promotes || self.kinds[role.index()];
            if has
                && self.rays[role.index()].contains(b)
                && self.open(d, b, self.king)
                && (leader.role == role || self.defended(d, role, b, self.own))
            {
                return true;
            }
        }
        // A unit that would check as a kind that the leader on `b` defends it into.
        for role in Role::STAGES {
            let defends = match role {
                Role::Pawn => pawn_attacks(self.us, b),
                _ => Board::attacks_of(Piece::new(self.us, role), b, Bitboard::EMPTY),
            };
            for s in leader.pending[role.index()] & defends {
                if self.open(d, b, s) {
                    return true;
                }
            }
        }
        let pending = leader.pending.iter().fold(Bitboard::EMPTY, |u, &p| u | p);
        (self.promotes || self.kinds[Role::Pawn.index()])
            && (pending & self.last_rank & pawn_attacks(self.us, b)).any()
    }
}

/// What [`TatarstanChecks::leader`] works out for one square that leaders leave.
#[derive(Clone, Copy)]
struct Leader {
    /// The leader's kind (a king checks nothing).
    role: Role,
    /// The closure of its square.
    d: Bitboard,
    /// A unit of ours other than the leader may check after some turn, wherever it goes.
    checks: bool,
    /// By kind: squares of ours from which a unit would check as that kind, were it turned
    /// into it; no unit of ours but the leader on its destination may defend it there.
    pending: [Bitboard; 6],
}

#[cfg(test)]
mod tests {
    use super::*;
    use grolman::random::{position_of, Xorshift};
    use grolman::{for_each_checking_turn_of, Rules, Variant};

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
                    _ => Piece::new(rng.color(), rng.role()),
                };
                rng.put(&mut board, piece);
            }
            if let Some(pos) = position_of(board, rng.color()) {
                out.push(pos);
            }
        }
        out
    }

    /// Every leading move that [`TatarstanChecks`] drops starts no turn that checks, on random
    /// positions; and it drops most of them.
    #[test]
    fn the_tatarstan_check_filter_drops_no_checking_turn() {
        let rules: Rules = Variant::Tatarstan.into();
        let (mut dropped, mut leads_seen, mut checking) = (0, 0, 0);
        for pos in random_positions(3000) {
            let filter = TatarstanChecks::of(&pos).unwrap();
            let mut leads = Vec::new();
            grolman::leads(&pos, rules, &mut leads);
            let mut kept = leads.clone();
            filter.retain(pos.board(), &mut kept);
            for lead in leads {
                leads_seen += 1;
                let keeps = kept.contains(&lead);
                dropped += usize::from(!keeps);
                for_each_checking_turn_of(&pos, rules, &[lead], &mut |v| {
                    assert!(keeps, "{} {lead:?}: the turn {:?} checks", pos.fen(), v.steps);
                    checking += 1;
                    false
                });
            }
        }
        assert!(
            dropped * 5 > leads_seen * 2 && checking > 5000,
            "{dropped} of {leads_seen} dropped, {checking} checking turns"
        );
    }
}

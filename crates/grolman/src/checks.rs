//! Which leading moves may start a turn that gives check, told before any chain is walked
//! ([`CheckFilter`]), for orthodox and Grolman chess: a mating turn must check, so a solver
//! plays out only the leads kept. (In Tatarstan chess a transformation may make any unit a
//! checker; there the generator drops non-checking turns before their phase instead:
//! `for_each_checking_turn_of`.)
//!
//! Why it keeps every checking turn (docs/rules.md 1.3-1.6). During a chain exactly one of our
//! squares waits empty for a follower, the leader's destination `b` is filled, and every other
//! square holds what it held before the turn. So a follower reaches its square along lines no
//! freer than before the turn, and the squares a chain can vacate lie in the closure `D` of the
//! leader's square `a` under "a unit of ours could move there" (non-capturing, on the board
//! before the turn; [`crate::chain`]'s rule). After the turn the occupancy is the one before,
//! with `b` filled and one square `w` of `D` empty (`a` when nothing follows), and the units
//! that moved are the leader on `b` and followers of the closure's kinds on squares of `D`
//! (a pawn following onto its last rank may become any kind). So the other king can be in check
//! only from:
//! - the leader on `b`, its line to the king blocked at most by `w`;
//! - a follower on a square of `D`, its line blocked at most by `w`;
//! - a unit that did not move, whose line to the king was blocked by `w` alone.
//!
//! Castling and en passant (two squares vacated, or a pawn taken off elsewhere) are always kept.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::chain;
use crate::movegen::{Lead, LeadKind};
use crate::position::Position;
use crate::types::{Color, Piece, Role, Square};
use crate::variant::{Rules, Variant};

/// What tells, before its chains are walked, whether a leading move of the side to move may
/// start a turn that checks the other king.
pub struct CheckFilter {
    us: Color,
    /// The king of the side not to move.
    king: Square,
    /// Our units that stand alone between that king and a line piece of ours.
    openers: Bitboard,
    chains: bool,
}

impl CheckFilter {
    /// The filter for the side to move in `pos`; `None` when the other side has no king or
    /// the rule set is Tatarstan chess (which the filter does not cover).
    pub fn of(pos: &Position, rules: Rules) -> Option<CheckFilter> {
        if rules.variant == Variant::Tatarstan {
            return None;
        }
        let board = &pos.board;
        let us = pos.turn;
        let king = board.king_of(us.other())?;
        let own = board.by_color(us);
        let occ = board.occupied();
        let diagonal = (board.by_role(Role::Bishop) | board.by_role(Role::Queen)) & own;
        let straight = (board.by_role(Role::Rook) | board.by_role(Role::Queen)) & own;
        // A unit of ours first on a line from the king opens it when a line piece of ours
        // stands right behind it.
        let mut openers = Bitboard::EMPTY;
        let seen = attacks::bishop_attacks(king, occ);
        for first in seen & own {
            if (attacks::bishop_attacks(king, occ.without(first)) & !seen & diagonal).any() {
                openers.set(first);
            }
        }
        let seen = attacks::rook_attacks(king, occ);
        for first in seen & own {
            if (attacks::rook_attacks(king, occ.without(first)) & !seen & straight).any() {
                openers.set(first);
            }
        }
        Some(CheckFilter {
            us,
            king,
            openers,
            chains: rules.variant.has_chain(),
        })
    }

    /// Whether `lead`, a leading move of `pos` (the position the filter was made for), may
    /// start a turn that checks: `false` proves that none of its turns does.
    pub fn may_check(&self, pos: &Position, lead: &Lead) -> bool {
        self.may_check_behind(pos, lead, self.behind(&pos.board, lead.from))
    }

    /// Keeps of `leads` (leading moves of `pos`, the position the filter was made for) those
    /// that [`CheckFilter::may_check`] keeps and `also` keeps too, in their order; `also` is
    /// told what may move behind each. That is worked out once per square that leaders leave,
    /// so a unit's leading moves share it when they come together (as [`crate::leads`] gives
    /// them).
    pub fn retain_where(
        &self,
        pos: &Position,
        leads: &mut Vec<Lead>,
        mut also: impl FnMut(&Lead, &Behind) -> bool,
    ) {
        let mut last: Option<(Square, Behind)> = None;
        leads.retain(|lead| {
            let behind = match last {
                Some((from, behind)) if from == lead.from => behind,
                _ => {
                    let behind = self.behind(&pos.board, lead.from);
                    last = Some((lead.from, behind));
                    behind
                }
            };
            self.may_check_behind(pos, lead, behind) && also(lead, &behind)
        });
    }

    fn behind(&self, board: &Board, from: Square) -> Behind {
        if self.chains {
            Behind::of_chain(board, self.us, from)
        } else {
            Behind {
                vacated: Bitboard::from_square(from),
                kinds: [false; 6],
            }
        }
    }

    /// [`CheckFilter::may_check`] with what may follow its leader, `behind`.
    fn may_check_behind(&self, pos: &Position, lead: &Lead, behind: Behind) -> bool {
        if matches!(lead.kind, LeadKind::Castle(_) | LeadKind::EnPassant) {
            return true;
        }
        let board = &pos.board;
        let Some(piece) = board.piece_at(lead.from) else {
            return true;
        };
        let Behind { vacated, kinds } = behind;
        let followed = kinds.iter().any(|&k| k);
        // The squares that may be empty at the end of the turn: `a` alone when nothing can
        // follow, else any square of the closure.
        let empty = if followed {
            vacated
        } else {
            Bitboard::from_square(lead.from)
        };
        let occ = board.occupied().with(lead.to);
        if (self.openers & empty).any() {
            return true;
        }
        let role = lead.promotion.unwrap_or(piece.role);
        if role != Role::King && self.attacks_through(role, lead.to, occ, empty) {
            return true;
        }
        if !followed {
            return false;
        }
        // A follower on a square of the closure, of a kind that follows (or any kind that a
        // pawn following onto our last rank becomes).
        let promotes = kinds[Role::Pawn.index()];
        for v in vacated {
            for r in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                let arrives =
                    kinds[r.index()] || (promotes && r != Role::Pawn && v.rank() == self.us.last_rank());
                if arrives && self.attacks_through(r, v, occ, empty) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a unit of ours of kind `role` on `from` attacks the king with the occupancy
    /// `occ` less at most one square of `empty`.
    fn attacks_through(&self, role: Role, from: Square, occ: Bitboard, empty: Bitboard) -> bool {
        let piece = Piece::new(self.us, role);
        if !Board::attacks_of(piece, from, Bitboard::EMPTY).contains(self.king) {
            return false;
        }
        let blockers = attacks::between(from, self.king) & occ;
        blockers.is_empty() || (!blockers.more_than_one() && (blockers & empty).any())
    }
}

/// What may move in a turn behind a leader, on the board before the turn: the squares its
/// chain may vacate (the closure `D` of the leader's square, which it holds) and the kinds of
/// the units that may follow (`Role::ALL` order). Without chains, the leader's square alone.
#[derive(Clone, Copy, Debug)]
pub struct Behind {
    pub vacated: Bitboard,
    pub kinds: [bool; 6],
}

impl Behind {
    /// What may move behind a leader of `us` from `from`, on `board` before the turn, in a
    /// rule set with chains: the closure of `from` under "a unit of ours that has not moved
    /// could move there".
    pub fn of_chain(board: &Board, us: Color, from: Square) -> Behind {
        let own = board.by_color(us);
        let mut vacated = Bitboard::from_square(from);
        let mut todo = vacated;
        let mut kinds = [false; 6];
        while let Some(v) = todo.first() {
            todo.clear(v);
            let reach = chain::reach(board, us, own & !vacated, v);
            for role in Role::ALL {
                let units = reach[role.index()];
                if units.any() {
                    kinds[role.index()] = true;
                    vacated |= units;
                    todo |= units;
                }
            }
        }
        Behind { vacated, kinds }
    }
}

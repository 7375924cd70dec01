//! Which leading moves of Grolman chess may start a legal turn, or a legal turn that gives
//! check, told before any chain is walked ([`LeadFilter`]), from sets worked out once per
//! position and shared by all its leading moves. A search asks it where most leading moves come
//! to nothing: in check, where most leave the king attacked, and for a pruned leading move,
//! whose turns are searched only when they check. What it keeps is played out by the generator,
//! which alone says which turns there are.

use crate::attacks::{self, between};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::movegen::{Lead, LeadKind};
use crate::position::Position;
use crate::types::{Color, Piece, Role, Square};
use crate::variant::{Rules, Variant};

/// What a [`LeadFilter`] asks of a leading move's turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnGoal {
    /// Some turn is legal: the mover's king is not attacked after it (docs/rules.md 1.6).
    Legal,
    /// Some turn is legal and attacks the other king.
    Check,
}

/// The squares of `us` from which a chain may go on to vacate a square of `targets` (docs/rules.md
/// 1.3): `targets`' own squares and, again and again, every square of ours that a unit of ours on
/// one of them could move to were it empty. A chain empties its leader's square, then each
/// follower's: a square is vacated only when its unit could move to the square vacated before.
/// During a chain just one of our squares waits empty and the leader's destination is filled, so
/// a follower's line is no freer than on the board before the turn, where this is worked out: a
/// leader whose square is not in the set vacates no square of `targets`.
fn chain_sources(board: &Board, us: Color, targets: Bitboard) -> Bitboard {
    let own = board.by_color(us);
    let occ = board.occupied();
    let mut sources = targets & own;
    let mut todo = sources;
    while let Some(x) = todo.first() {
        todo.clear(x);
        let reach = match board.role_at(x) {
            Some(Role::Pawn) => pawn_steps(us, x, occ),
            Some(role) => Board::attacks_of(Piece::new(us, role), x, occ),
            None => Bitboard::EMPTY,
        };
        let fresh = reach & own & !sources;
        sources |= fresh;
        todo |= fresh;
    }
    sources
}

/// The squares a pawn of `us` on `x` steps to when they are empty: one forward, and two from
/// its first rank over an empty square.
fn pawn_steps(us: Color, x: Square, occ: Bitboard) -> Bitboard {
    let Some(one) = x.offset(us.forward()) else {
        return Bitboard::EMPTY;
    };
    let mut steps = Bitboard::from_square(one);
    if x.rank() == us.pawn_rank() && !occ.contains(one) {
        if let Some(two) = one.offset(us.forward()) {
            steps.set(two);
        }
    }
    steps
}

/// Whether a unit `piece` on `from` attacks `king` once at most one square of `own` between
/// them is emptied (the square a chain leaves empty), the squares of `clear` taken as empty.
fn attacks_past_one(
    piece: Piece,
    from: Square,
    king: Square,
    occ: Bitboard,
    own: Bitboard,
    clear: Bitboard,
) -> bool {
    if !Board::attacks_of(piece, from, Bitboard::EMPTY).contains(king) {
        return false;
    }
    let blockers = between(from, king) & occ & !clear;
    blockers.is_empty() || (!blockers.more_than_one() && (blockers & own).any())
}

/// Which leading moves of Grolman chess may start a legal turn, or a legal checking turn, told
/// from sets worked out once per position, before any chain is walked; what it keeps is then
/// walked by the generator. `false` proves that no turn of the lead meets the
/// goal; `true` claims nothing.
pub struct LeadFilter {
    goal: TurnGoal,
    /// The leaders whose chains may vacate a square that matters (see [`LeadFilter::of`]).
    sources: Bitboard,
    /// In check: the squares whose filling by the leader ends the check (the one checker, and
    /// the squares between it and the king), else empty.
    resolving: Bitboard,
    /// In check: the leaders whose chains may move the king onto a square that one unit of the
    /// other side attacks, and the squares whose filling by the leader takes that unit or shuts
    /// its line.
    rescued: Bitboard,
    rescuing: Bitboard,
    /// The king of the side to move ([`TurnGoal::Legal`]) or of the other side ([`TurnGoal::Check`]).
    king: Option<Square>,
    us: Color,
    all: bool,
}

impl LeadFilter {
    /// The filter of `pos` for `goal`, in Grolman chess (under other rules it keeps every lead):
    /// - [`TurnGoal::Legal`], in check: the king leads, the leader takes the one checker or lands
    ///   between it and the king (nothing else that moves can: the other side's units stay, and
    ///   only our squares empty), or the chain may move the king, which needs a square of ours
    ///   next to the king vacated that is not attacked now, or
    ///   attacked by one unit that the leader takes or shuts out (`sources`, `rescued`:
    ///   [`chain_sources`] of those squares). Not in check, every lead is kept.
    /// - [`TurnGoal::Check`]: after a turn the occupancy is the one before with the leader's
    ///   destination filled and one square `w` of ours emptied (docs/rules.md 1.3, as
    ///   [`crate::CheckFilter`] says), so the other king is attacked only by the leader past at
    ///   most `w`, or by a follower on a square a chain vacated past at most `w`: that needs a
    ///   chain to vacate a square where a unit of ours that could step there would check, and
    ///   `sources` holds the leaders that may. (Not through `w` by a line piece that did not
    ///   move: that piece could step onto `w` itself, so some unit follows onto it and `w` is
    ///   not left empty.)
    pub fn of(pos: &Position, rules: Rules, goal: TurnGoal) -> LeadFilter {
        let board = &pos.board;
        let us = pos.turn;
        let mut filter = LeadFilter {
            goal,
            sources: Bitboard::EMPTY,
            resolving: Bitboard::EMPTY,
            rescued: Bitboard::EMPTY,
            rescuing: Bitboard::EMPTY,
            king: None,
            us,
            all: true,
        };
        if rules.variant != Variant::Grolman {
            return filter;
        }
        let own = board.by_color(us);
        let occ = board.occupied();
        match goal {
            TurnGoal::Legal => {
                let Some(king) = board.king_of(us) else {
                    return filter;
                };
                let checkers = board.attackers(king, us.other(), occ);
                if checkers.is_empty() {
                    return filter;
                }
                if let (Some(c), false) = (checkers.first(), checkers.more_than_one()) {
                    filter.resolving = between(c, king).with(c);
                }
                // The king can only follow onto a square of ours next to it, and is attacked
                // there after the turn by what attacks that square now unless the leader takes
                // that one attacker or lands between: the other side's units stay, and the only
                // square of ours left empty opens lines. (Not through the king's own square: a
                // follower may fill it.)
                let (mut safe, mut saved) = (Bitboard::EMPTY, Bitboard::EMPTY);
                for v in attacks::king_attacks(king) & own {
                    let attackers = board.attackers(v, us.other(), occ);
                    match attackers.first() {
                        None => safe.set(v),
                        Some(e) if !attackers.more_than_one() => {
                            saved.set(v);
                            filter.rescuing |= between(e, v).with(e);
                        }
                        Some(_) => {}
                    }
                }
                filter.sources = chain_sources(board, us, safe);
                filter.rescued = chain_sources(board, us, saved);
                filter.king = Some(king);
            }
            TurnGoal::Check => {
                let Some(king) = board.king_of(us.other()) else {
                    return filter;
                };
                // Squares of ours where a unit of ours that could step there would check past
                // at most one square of ours (a pawn onto the last rank as any kind).
                let mut targets = Bitboard::EMPTY;
                for x in own {
                    let Some(role) = board.role_at(x) else { continue };
                    let reach = match role {
                        Role::Pawn => pawn_steps(us, x, occ),
                        _ => Board::attacks_of(Piece::new(us, role), x, occ),
                    } & own
                        & !targets;
                    for v in reach {
                        let roles: &[Role] = if role == Role::Pawn && v.rank() == us.last_rank() {
                            &Role::PROMOTIONS
                        } else {
                            core::slice::from_ref(&role)
                        };
                        let clear = Bitboard::from_square(x);
                        if roles
                            .iter()
                            .any(|&r| attacks_past_one(Piece::new(us, r), v, king, occ, own, clear))
                        {
                            targets.set(v);
                        }
                    }
                }
                filter.sources = chain_sources(board, us, targets);
                filter.king = Some(king);
            }
        }
        filter.all = false;
        filter
    }

    /// Whether `lead`, a leading move of the filter's position `pos`, may start a turn that
    /// meets the filter's goal: `false` proves that none does.
    pub fn may(&self, pos: &Position, lead: &Lead) -> bool {
        let Some(king) = self.king else {
            return true;
        };
        if self.all
            || self.sources.contains(lead.from)
            || matches!(lead.kind, LeadKind::Castle(_) | LeadKind::EnPassant)
        {
            return true;
        }
        match self.goal {
            TurnGoal::Legal => {
                lead.from == king
                    || self.resolving.contains(lead.to)
                    || (self.rescued.contains(lead.from) && self.rescuing.contains(lead.to))
            }
            TurnGoal::Check => {
                let board = &pos.board;
                let Some(role) = lead.promotion.or_else(|| board.role_at(lead.from)) else {
                    return true;
                };
                attacks_past_one(
                    Piece::new(self.us, role),
                    lead.to,
                    king,
                    board.occupied(),
                    board.by_color(self.us),
                    Bitboard::from_square(lead.from),
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::{position_of, Xorshift};
    use crate::turns::{for_each_checking_turn_of, for_each_turn_of, Visit};

    /// Every leading move of random Grolman positions (many in check, many with checks to
    /// give): a lead the filter drops has no turn that the generator visits (`for_each_turn_of`
    /// for [`TurnGoal::Legal`], `for_each_checking_turn_of` for [`TurnGoal::Check`]).
    #[test]
    fn a_dropped_lead_has_no_turn_of_the_goal_on_random_positions() {
        let rules: Rules = Variant::Grolman.into();
        let mut rng = Xorshift(0x5ce7_c4a1_9e0b_d213);
        let (mut leads, mut positions) = (Vec::new(), 0);
        // Per goal: leads with no such turn, and of those the ones dropped.
        let mut none = [0u32; 2];
        let mut dropped = [0u32; 2];
        while positions < 4000 {
            let board = rng.board(|r| 6 + r.below(20), |r, _| r.color());
            let Some(pos) = position_of(board, rng.color()) else {
                continue;
            };
            positions += 1;
            leads.clear();
            crate::movegen::leads(&pos, rules, &mut leads);
            let filters = [TurnGoal::Legal, TurnGoal::Check].map(|g| LeadFilter::of(&pos, rules, g));
            for &lead in &leads {
                for (g, goal) in [TurnGoal::Legal, TurnGoal::Check].into_iter().enumerate() {
                    let mut any = false;
                    let mut visit = |_: &Visit<'_>| {
                        any = true;
                        true
                    };
                    match goal {
                        TurnGoal::Legal => for_each_turn_of(&pos, rules, &[lead], &mut visit),
                        TurnGoal::Check => for_each_checking_turn_of(&pos, rules, &[lead], &mut visit),
                    }
                    let kept = filters[g].may(&pos, &lead);
                    assert!(kept || !any, "{goal:?}: {lead:?} dropped in {}", pos.fen());
                    none[g] += u32::from(!any);
                    dropped[g] += u32::from(!kept);
                }
            }
        }
        // Most leads that come to nothing are dropped (74,950 leads with no legal turn, 56,214
        // dropped; 136,302 with no checking turn, 112,247 dropped).
        assert!(
            (0..2).all(|g| dropped[g] * 3 > none[g] * 2),
            "{dropped:?} of {none:?}"
        );
    }

    #[test]
    fn a_lead_is_kept_that_opens_a_line_to_the_king_or_follows_onto_a_checking_square() {
        let rules: Rules = Variant::Grolman.into();
        let kept = |fen: &str, from: &str, to: &str, goal| {
            let pos = Position::from_fen(fen).unwrap();
            let (from, to) = (Square::parse(from).unwrap(), Square::parse(to).unwrap());
            let mut leads = Vec::new();
            crate::movegen::leads(&pos, rules, &mut leads);
            let lead = *leads.iter().find(|l| l.from == from && l.to == to).unwrap();
            LeadFilter::of(&pos, rules, goal).may(&pos, &lead)
        };
        // The rook on c4 shuts the queen's diagonal a2-g8; its lead opens it (and the queen
        // follows onto c4, checking from there).
        let open = "6k1/8/8/8/2R5/8/Q7/K7 w - - 0 1";
        assert!(kept(open, "c4", "c5", TurnGoal::Check));
        // The knight on a1 leads; the rook on a3 follows onto a1 and checks along the first rank.
        let follows = "8/8/8/8/3K4/R7/8/N6k w - - 0 1";
        assert!(kept(follows, "a1", "b3", TurnGoal::Check));
        // A knight far from the king, which nothing follows: no check.
        assert!(!kept(
            "7k/8/8/8/8/8/8/N3K3 w - - 0 1",
            "a1",
            "b3",
            TurnGoal::Check
        ));
        // In check from the rook on e8: the rook's lead that neither blocks nor takes, with
        // nothing of ours next to the king to move it, is dropped; the block on e2 is kept.
        let check = "4r2k/8/8/8/8/8/R7/4K3 w - - 0 1";
        assert!(!kept(check, "a2", "a3", TurnGoal::Legal));
        assert!(kept(check, "a2", "e2", TurnGoal::Legal));
        // Not in check, every lead is kept.
        assert!(kept("7k/8/8/8/8/8/R7/4K3 w - - 0 1", "a2", "a3", TurnGoal::Legal));
    }
}

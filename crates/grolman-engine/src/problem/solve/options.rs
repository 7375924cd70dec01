//! What the solving options change at a node of the search (docs/solver.md, Options): the
//! castling that `CastlingMutuallyExclusive` takes away, the passes of `NullMoves`, the flights
//! of `MaxFlightsquares`, the threat of `Threat`, the budget of `NonTrivial`. The search in
//! [`super`] asks these; the report's trees ([`crate::problem::tree`]) ask the same ones.

use std::borrow::Cow;

use grolman::{notation, Castling, CastlingSide, Color, Lead, Position, Turn};

use super::Solver;
use crate::problem::Aim;
use crate::turns::{children, Children};

impl Solver<'_> {
    /// `Option CastlingMutuallyExclusive`: `after`, a turn played in `before`, with the
    /// castling rights of the other side that its castling excludes dropped (as Popeye: the
    /// rook that castled names the other side's rook that may no longer).
    pub(in crate::problem) fn after<'p>(&self, before: &Position, after: &'p Position) -> Cow<'p, Position> {
        let pairs = &self.options.exclusive_castling;
        if pairs.is_empty() {
            return Cow::Borrowed(after);
        }
        let mover = before.turn();
        let (Some(from), Some(to)) = (before.board().king_of(mover), after.board().king_of(mover)) else {
            return Cow::Borrowed(after);
        };
        // A king moves two files in one turn by castling only (as leader; a follower steps).
        let side = match i32::from(to.file()) - i32::from(from.file()) {
            2 if to.rank() == from.rank() => CastlingSide::King,
            -2 if to.rank() == from.rank() => CastlingSide::Queen,
            _ => return Cow::Borrowed(after),
        };
        if !before.castling().has(mover, side) {
            return Cow::Borrowed(after);
        }
        let excluded = pairs
            .iter()
            .filter_map(|&(white, black)| match mover {
                Color::White if white == side => Some(Castling::bit(Color::Black, black)),
                Color::Black if black == side => Some(Castling::bit(Color::White, white)),
                _ => None,
            })
            .fold(0, |m, b| m | b);
        let rights = after.castling().0;
        if rights & excluded == 0 {
            return Cow::Borrowed(after);
        }
        let mut setup = after.setup();
        setup.castling = Castling(rights & !excluded);
        // Fewer castling rights never make a legal position illegal.
        Position::from_setup_with(setup, after.kingless()).map_or(Cow::Borrowed(after), Cow::Owned)
    }

    /// The legal turns of `pos` as [`notation::legal_turns`] gives them, each position after
    /// one corrected by [`Solver::after`].
    pub(in crate::problem) fn legal_turns(&mut self, pos: &Position) -> Vec<Turn> {
        self.legal_turns_where(pos, |_| true)
    }

    /// [`Solver::legal_turns`] of the leading moves that pass `lead_filter`; which of them
    /// mate is asked of [`Solver::stuck`].
    pub(in crate::problem) fn legal_turns_where(
        &mut self,
        pos: &Position,
        lead_filter: impl FnMut(&Lead) -> bool,
    ) -> Vec<Turn> {
        let rules = self.rules;
        let mut turns = notation::legal_turns_judged(pos, rules, lead_filter, &mut |after| self.stuck(after));
        if !self.options.exclusive_castling.is_empty() {
            for t in &mut turns {
                if let Cow::Owned(p) = self.after(pos, &t.after) {
                    t.after = p;
                }
            }
        }
        turns
    }

    /// `Option NullMoves`: the position after the side to move passes, when it may.
    pub(in crate::problem) fn pass(&self, pos: &Position) -> Option<Position> {
        if self.options.null_moves {
            null_move(pos)
        } else {
            None
        }
    }

    /// `Option MaxFlightsquares k`: the defender (to move, with play to come after its turn) has
    /// defended when more than `k` of its turns move its king, as Popeye's program counts
    /// (each turn whose king ends elsewhere: a step, castling, or in Grolman chess a king that
    /// follows; turns that differ only in the attacker's owner choices are one).
    pub(in crate::problem) fn too_many_flights(&self, pos: &Position, ch: &Children) -> bool {
        let Some(most) = self.options.max_flights else {
            return false;
        };
        let Some(king) = pos.board().king_of(pos.turn()) else {
            return false;
        };
        let flights = (0..ch.groups.len())
            .filter(|&g| ch.members(g)[0].after.board().king_of(pos.turn()) != Some(king))
            .count();
        flights > most as usize
    }

    /// `Option Threat t`: after an attacker turn with more than `t` of its turns still to
    /// come, the defender has defended when passing would leave the attacker no win within `t`
    /// (a check always threatens). With `t` or fewer turns to come the option does not apply,
    /// as in Popeye ("the remainder of play is too short").
    pub(super) fn threatens(&mut self, pos: &Position, n: u32, aim: Aim) -> bool {
        let Some(t) = self.options.threat else {
            return true;
        };
        if n - 1 <= t {
            return true;
        }
        match null_move(pos) {
            Some(null) => self.attack(&null, t, aim),
            None => true,
        }
    }

    /// `Option NonTrivial m k`: a defender turn is trivial when the attacker answers it with a
    /// win within `k` (for `k` = 0 none is). With more than `k` attacker turns to come, every
    /// non-trivial turn of the defender beyond the first spends one of the `m` the attacker may
    /// grant along the whole line (Popeye's budget); when they would run out the defender has
    /// defended. `then` runs with the budget spent, which is given back afterwards.
    pub(super) fn granting(
        &mut self,
        pos: &Position,
        n: u32,
        aim: Aim,
        then: impl FnOnce(&mut Self) -> bool,
    ) -> bool {
        let Some(spent) = self.spent(pos, n, aim) else {
            return false;
        };
        self.non_trivial_left -= spent;
        let r = then(self);
        self.non_trivial_left += spent;
        r
    }

    /// How much of the NonTrivial budget the defender's node `pos` (after an attacker turn
    /// leaving `n - 1`) spends (0 without the option, or with `k` or fewer turns to come);
    /// `None` when it would need more than is left.
    pub(in crate::problem) fn spent(&mut self, pos: &Position, n: u32, aim: Aim) -> Option<u32> {
        let Some((_, k)) = self.options.non_trivial else {
            return Some(0);
        };
        if n - 1 <= k {
            return Some(0);
        }
        let ch = children(pos, self.rules);
        let pass = self.pass(pos);
        let mut non_trivial = 0;
        for g in 0..ch.groups.len() + usize::from(pass.is_some()) {
            // With k = 0 every turn is non-trivial, as in Popeye; a pass (NullMoves) is one
            // more turn, never a mate.
            let trivial = k > 0
                && if g < ch.groups.len() {
                    ch.members(g).iter().any(|x| {
                        (aim == Aim::SelfMate && self.reached(&x.after))
                            || self.attack(&self.after(pos, &x.after), k, aim)
                    })
                } else {
                    pass.as_ref().is_some_and(|p| self.attack(p, k, aim))
                };
            if !trivial {
                non_trivial += 1;
                if non_trivial > self.non_trivial_left + 1 {
                    return None;
                }
            }
        }
        Some(non_trivial.saturating_sub(1))
    }
}

/// The position with the other side to move and nothing else changed; `None` when the side to
/// move is in check (it may not pass; so a series turn that checks can only be the last).
pub(in crate::problem) fn null_move(pos: &Position) -> Option<Position> {
    pos.passed().ok()
}

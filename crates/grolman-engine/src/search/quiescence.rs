//! The quiescence search: below the last full depth, captures only (every turn when in check),
//! until the position is quiet, so that the evaluation is not taken in the middle of an exchange.

use grolman::{LeadFilter, Position, Role, TurnGoal, Variant};

use super::{Engine, INF, MATE, MAX_PLY};
use crate::eval::{self, VALUES};
use crate::order::Stages;
use crate::turns;

/// Quiescence looks at most this many captures deep; chains make captures rare, but a bound
/// keeps a wild position from running away.
const QUIESCENCE_PLIES: u32 = 6;
/// In Tatarstan chess a position after the transformation phase has a few thousand turns and
/// many captures, so quiescence looks one capture deep and at the most valuable captures only.
const TATARSTAN_QUIESCENCE_PLIES: u32 = 0;
const TATARSTAN_QUIESCENCE_CAPTURES: usize = 8;
/// Captures that cannot bring the score near alpha are skipped (delta pruning).
const DELTA_MARGIN: i32 = 200;

impl Engine {
    pub(super) fn quiescence(
        &mut self,
        pos: &Position,
        key: u64,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        self.pv_len[ply] = 0;
        self.tick();
        if self.aborted {
            return 0;
        }
        if ply >= MAX_PLY - 2 {
            return self.evaluate(pos, key);
        }
        let tatarstan = self.rules.variant == Variant::Tatarstan;
        let max_plies = if tatarstan {
            TATARSTAN_QUIESCENCE_PLIES
        } else {
            QUIESCENCE_PLIES
        };
        let in_check = pos.is_check();
        let mut best = -INF;
        let mut stand = -INF;
        if !in_check {
            stand = self.evaluate(pos, key);
            if stand >= beta || qply >= max_plies || !eval::has_capture(pos) {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        } else if qply >= max_plies {
            return self.evaluate(pos, key);
        }
        // Out of check only captures are searched: leave the quiet turns unplayed.
        let mut leads = core::mem::take(&mut self.leads[ply]);
        let mut kids = core::mem::take(&mut self.kids[ply]);
        let mut stages = Stages::new(self.rules, None, !in_check);
        let mut legal = 0;
        let mut evasions: Option<LeadFilter> = None;
        while let Some(lead) = self
            .order
            .next_lead(pos, self.rules, &mut stages, &mut leads, ply)
        {
            if !in_check {
                // Delta pruning: a capture that cannot bring the score near alpha is not played.
                let victim = pos.board().role_at(lead.to).unwrap_or(Role::Pawn);
                if stand + VALUES[victim.index()] + DELTA_MARGIN <= alpha {
                    continue;
                }
                if tatarstan && legal == TATARSTAN_QUIESCENCE_CAPTURES {
                    break;
                }
            }
            if in_check
                && !evasions
                    .get_or_insert_with(|| LeadFilter::of(pos, self.rules, TurnGoal::Legal))
                    .may(pos, &lead)
            {
                // Most evasions leave the king attacked: told before their turns are played.
                continue;
            }
            turns::children_of(pos, key, self.rules, &[lead], &mut kids);
            if !kids.is_empty() {
                legal += 1;
            }
            let mut cut = false;
            for g in 0..kids.groups.len() {
                let (score, reply) = self.group(kids.members(g), 0, alpha, beta, ply, Some(qply));
                if self.aborted {
                    cut = true;
                    break;
                }
                if score > best {
                    best = score;
                }
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, reply);
                    if alpha >= beta {
                        cut = true;
                        break;
                    }
                }
            }
            if cut {
                break;
            }
        }
        self.leads[ply] = leads;
        self.kids[ply] = kids;
        if in_check && legal == 0 && !self.aborted {
            // In check with no turn: mate.
            return -MATE + ply as i32;
        }
        best
    }
}

//! Mate in one turn by targeted generation: the last turn of a helpmate or of a direct mate
//! must give check, so only the turns that may give check are played out, and each is kept
//! only when it checks and leaves the other side without a legal turn.
//!
//! In orthodox and Grolman chess the leading moves whose turns cannot check are dropped before
//! any chain is walked ([`grolman::CheckFilter`]: the unit that moved, a line that the one
//! square left empty opens, a follower on a square that a chain may vacate). In Tatarstan chess
//! a transformation may make any unit a checker; there the generator drops a turn that cannot
//! check before its transformation phase ([`grolman::for_each_checking_turn_of`]).

use grolman::{for_each_checking_turn_of, has_legal_turn, CheckFilter, Position, Rules, Variant};

/// Whether the side to move has a turn that mates.
pub fn mates_in_one(pos: &Position, rules: Rules) -> bool {
    let mut leads = Vec::with_capacity(64);
    grolman::leads(pos, rules, &mut leads);
    if rules.variant != Variant::Tatarstan {
        let Some(filter) = CheckFilter::of(pos, rules) else {
            return false;
        };
        leads.retain(|l| filter.may_check(pos, l));
    }
    let mut mates = false;
    for_each_checking_turn_of(pos, rules, &leads, &mut |v| {
        mates = !has_legal_turn(v.after, rules);
        mates
    });
    mates
}

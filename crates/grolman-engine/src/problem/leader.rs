//! Grolman chess, the mating side's last turn in the bound (`problem/intelligent.rs`): one unit
//! leads, and the others stay or follow onto squares that units of their side held before the
//! turn. The bound's other ways let every unit move anywhere its kind goes, as in a turn of
//! many leaders; this is what makes it tight enough to drop most of a helpmate's last moves
//! of the mated side (`problem/solve.rs`, two half-moves before the mate) and of the mating
//! turns it would otherwise play out.
//!
//! Why it is sound (docs/rules.md 1.3-1.5): a turn has one leading move, a follower moves onto
//! a square `V` that a unit of its side has just left, by a non-capturing move of its own kind,
//! and every unit moves at most once. Each `V` is the leader's square or one a follower left,
//! so a square the side held before the turn. So after the turn every unit but the leader
//! stands on its square, or on another square its side held that its kind moves to on an
//! empty board (a pawn following onto its last rank may be of any kind there); the leader
//! stands where one move takes it. Attacks are counted on an empty board, as in the rest of the
//! bound. Castling moves two units in one leading move: the bound keeps its looser ways then.

use grolman::{knight_attacks, queen_attacks, Bitboard, Role, Square};

use super::intelligent::{Mate, Unit};
use super::reach::{attacks, moves, relative_rank};
use super::sets::{Needs, Sets};

impl Mate<'_> {
    /// Whether the attackers, one leading and the others staying or following, meet every
    /// requirement of `required` (bits of `needs`) together.
    pub(super) fn by_one_leader(&self, needs: &[Square], required: Needs) -> bool {
        let held = self.attackers.iter().fold(Bitboard::EMPTY, |b, a| b.with(a.sq));
        // The ways met by the units so far with none of them leading, and with one.
        let mut unled = Sets::one(0);
        let mut led = Sets::EMPTY;
        for a in self.attackers {
            let mut stays = Sets::EMPTY;
            for &s in self.options(a, needs, 0).as_slice() {
                stays.push(s & required);
            }
            for v in (moves(self.model, a.role, self.mating, a.sq) & held).without(a.sq) {
                stays.push(self.met_from(a, v, needs) & required);
            }
            let mut leads = Sets::EMPTY;
            for &s in self.options(a, needs, 1).as_slice() {
                leads.push(s & required);
            }
            let mut next_unled = Sets::EMPTY;
            let mut next_led = Sets::EMPTY;
            unled.join(&stays, &mut next_unled);
            led.join(&stays, &mut next_led);
            unled.join(&leads, &mut next_led);
            unled = next_unled;
            led = next_led;
        }
        led.as_slice().contains(&required)
    }

    /// The requirements that `a` meets after following onto `v` (a king never checks).
    fn met_from(&self, a: &Unit, v: Square, needs: &[Square]) -> Needs {
        let attacked = if a.role == Role::Pawn && relative_rank(self.mating, v) == 7 {
            queen_attacks(v, Bitboard::EMPTY) | knight_attacks(v)
        } else {
            attacks(self.model, a.role, self.mating, v)
        };
        let mut m = 0;
        for (i, &t) in needs.iter().enumerate() {
            if attacked.contains(t) && !(i == 0 && a.role == Role::King) {
                m |= 1 << i;
            }
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use grolman::random::positions;
    use grolman::{for_each_turn, Color, Rules, Variant};

    use crate::problem::intelligent::{mate_in_one_bound_on_random_positions, mate_reachable};
    use crate::problem::mate1::mates_in_one;

    /// Where the bound with one leader says that White's last turn cannot mate, White has no
    /// mate in one, on random Grolman positions; and it says so of most of them.
    #[test]
    fn no_grolman_mate_in_one_where_one_leader_cannot_give_it() {
        let rules: Rules = Variant::Grolman.into();
        let (mates, ruled_out) = mate_in_one_bound_on_random_positions(rules, 6000, 0x6a09_e667_f3bc_c908);
        assert!(
            mates > 100 && ruled_out > 3000,
            "{mates} mates, {ruled_out} ruled out"
        );
    }

    /// Where the bound with one leader says that Black's move and White's last turn cannot
    /// end in mate, none of Black's turns leaves White a mate in one, on random Grolman
    /// positions.
    #[test]
    fn no_grolman_helpmate_in_one_where_one_leader_cannot_give_it() {
        let rules: Rules = Variant::Grolman.into();
        let (mut mates, mut ruled_out) = (0, 0);
        for pos in positions(1500, Color::Black, 3, 0xbb67_ae85_84ca_a73b) {
            let reachable = mate_reachable(&pos, rules, Color::Black, 1, 1, &mut None);
            ruled_out += usize::from(!reachable);
            for_each_turn(&pos, rules, false, &mut |v| {
                if mates_in_one(v.after, rules) {
                    assert!(reachable, "{} then {:?}", pos.fen(), v.steps);
                    mates += 1;
                }
                false
            });
        }
        assert!(
            mates > 100 && ruled_out > 100,
            "{mates} mates, {ruled_out} ruled out"
        );
    }
}

//! The bound (`problem/intelligent.rs`) for the Tatarstan mating side's last turn when the
//! mated side has none before it (the last ply of a helpmate, the last turn of a direct mate):
//! each unit of the mating side attacks only as a kind it may have after that turn, not as
//! every kind its side may have, and only one of them leads. Why (docs/rules.md 1.3-1.7,
//! 3.2-3.5):
//! - In its turn one unit of the mating side leads with a move of its own kind; each other one
//!   stays or follows with a move of its own kind onto a square that one of its side has just
//!   left, so onto a square its side held (the Grolman bound's one leader, `problem/leader.rs`).
//!   A pawn that arrives on its last rank may become any kind. Kings neither defend nor
//!   transform. (Castling moves two units: a side that may castle is not judged here.)
//! - A unit on `s` ends a phase of kind `k` other than its kind before it only when, in the
//!   stage of `k`, a unit of its side of kind `k` defends it, so stands where a `k` would
//!   attack `s` from on an empty board (waves only turn units that such a unit defends); or
//!   when a pawn of its side turns it into a pawn on its last rank and it promotes (3.5).
//! - In the mated side's escape the mating side's units stand where they stood after the
//!   mating turn (less one it may take), so the phase after the escape turns them under the
//!   same condition. The kinds that may exist at all are those of [`kinds_of_units`].
//! - So a unit that stands on `s` after the turn attacks, then and after the mated side's
//!   reply, at most as its kind, or as a kind of its side for which another unit may stand
//!   where that kind would defend `s`, or as any kind when it may be a pawn on its last rank
//!   there. As in the rest of the bound (on an empty board), the mate needs a check by a unit
//!   that is not a king, and every neighbour of the mated king that its side does not hold
//!   attacked (else the king leads there).

use grolman::{king_attacks, Bitboard, Color, Role, Square};

use super::kinds::{self, kinds_of_units, Kinds};
use super::sets::{Needs, Sets};
use super::sides::Sides;
use super::tatchecks::attacked_from;

/// Whether the mating side's one turn left may mate the king of `sides`, whose side has no turn
/// before it (`false` is a proof that it may not), on an empty board.
pub(super) fn mate_in_one_reachable(sides: &Sides) -> bool {
    let last = Last::of(sides.mated.other(), sides.king, sides.held, &sides.mating);
    last.reachable(|k, s| last.bits(kinds::attacks(k, last.mating, s)))
}

/// The mated king's requirements and the mating side's units, for [`Last::reachable`].
struct Last {
    mating: Color,
    needs: [Square; 9],
    n: usize,
    kinds: Kinds,
    last_rank: Bitboard,
    /// The units that are not kings, by square.
    units: Bitboard,
    kings: Bitboard,
    roles: [(Square, Role); 16],
    count: usize,
}

impl Last {
    fn of(mating: Color, king: Square, held: Bitboard, by_role: &[Bitboard; 6]) -> Last {
        let mut needs = [king; 9];
        let mut n = 1;
        for f in king_attacks(king) & !held {
            needs[n] = f;
            n += 1;
        }
        let mut roles = [(king, Role::King); 16];
        let mut count = 0;
        for role in Role::STAGES {
            for sq in by_role[role.index()] {
                roles[count] = (sq, role);
                count += 1;
            }
        }
        let kinds = kinds_of_units(by_role, mating, 1);
        let units = Role::STAGES
            .iter()
            .fold(Bitboard::EMPTY, |b, r| b | by_role[r.index()]);
        Last {
            mating,
            needs,
            n,
            kinds,
            last_rank: Bitboard::rank(mating.last_rank()),
            units,
            kings: by_role[Role::King.index()],
            roles,
            count,
        }
    }

    fn needs(&self) -> &[Square] {
        &self.needs[..self.n]
    }

    /// The requirements among those attacked squares.
    fn bits(&self, attacked: Bitboard) -> Needs {
        let mut m = 0;
        for (i, &t) in self.needs().iter().enumerate() {
            if attacked.contains(t) {
                m |= 1 << i;
            }
        }
        m
    }

    /// The kinds a unit on `s` may be turned into by units that may stand on `others`.
    fn turned(&self, s: Square, others: Bitboard) -> Kinds {
        Role::STAGES
            .into_iter()
            .filter(|&r| self.kinds.has(r) && (others & attacked_from(self.mating, r, s)).any())
            .fold(Kinds::NONE, |k, r| k.or(Kinds::of(r)))
    }

    /// Whether the units may meet every requirement together, a unit of kinds `k` on `s`
    /// meeting `attacked(k, s)`.
    fn reachable(&self, attacked: impl Fn(Kinds, Square) -> Needs) -> bool {
        // The kinds each unit may move as, and where it may stand after the turn as the leader
        // or as a follower (onto a square that one of its side held).
        let mut start = [Kinds::NONE; 16];
        let mut leads = [Bitboard::EMPTY; 16];
        let mut follows = [Bitboard::EMPTY; 16];
        let held = self.units | self.kings;
        for i in 0..self.count {
            let (sq, role) = self.roles[i];
            let k = Kinds::of(role);
            start[i] = k;
            leads[i] = kinds::moves(k, self.mating, sq).with(sq);
            follows[i] = (leads[i] & held).with(sq);
        }
        let king_moves = self.kings.fold(Bitboard::EMPTY, |b, k| b | king_attacks(k));
        // Each unit in turn leads, a king among them.
        (0..self.count + usize::from(self.kings.any())).any(|leader| {
            let mut stand = follows;
            if leader < self.count {
                stand[leader] = leads[leader];
            }
            let king_stands = match leader == self.count {
                true => king_moves,
                false => king_moves & held,
            };
            self.met_together(&start, &stand, king_stands, &attacked)
        })
    }

    /// Whether the units, each of kinds `start` (turned as [`Last::turned`] allows) on a square
    /// of `stand`, the kings on their squares or on `king_stands`, may meet every requirement
    /// together.
    fn met_together(
        &self,
        start: &[Kinds; 16],
        stand: &[Bitboard; 16],
        king_stands: Bitboard,
        attacked: &impl Fn(Kinds, Square) -> Needs,
    ) -> bool {
        let required: Needs = (1 << self.n) - 1;
        let mut met = Sets::one(0);
        // The king never checks.
        for k in self.kings {
            let mut ways = Sets::one(self.bits(king_attacks(k)) & required & !1);
            for to in king_attacks(k) & king_stands {
                ways.push(self.bits(king_attacks(to)) & required & !1);
            }
            let mut next = Sets::EMPTY;
            met.join(&ways, &mut next);
            met = next;
        }
        for i in 0..self.count {
            let others = (0..self.count)
                .filter(|&j| j != i)
                .fold(Bitboard::EMPTY, |b, j| b | stand[j]);
            let mut ways = Sets::EMPTY;
            for s in stand[i] {
                let k = promoted(start[i].or(self.turned(s, others)), s, self.last_rank);
                ways.push(attacked(k, s) & required);
            }
            let mut next = Sets::EMPTY;
            met.join(&ways, &mut next);
            met = next;
            if met.as_slice().contains(&required) {
                return true;
            }
        }
        met.as_slice().contains(&required)
    }
}

/// `k`, or every kind when a unit of kinds `k` on `s` may be a pawn on its last rank (it
/// promotes).
fn promoted(k: Kinds, s: Square, last_rank: Bitboard) -> Kinds {
    if k.has(Role::Pawn) && last_rank.contains(s) {
        Kinds::ALL
    } else {
        k
    }
}

#[cfg(test)]
mod tests {
    use grolman::{Color, Position, Rules, Variant};

    use crate::problem::intelligent::{mate_in_one_bound_on_random_positions, mate_reachable};
    use crate::problem::mate1::mates_in_one;

    /// Where the bound says that White's last turn cannot mate by the kinds its units may have
    /// after it, White has no mate in one, on random Tatarstan positions; and it says so of
    /// many of them.
    #[test]
    fn no_tatarstan_mate_in_one_where_the_kinds_its_units_may_have_cannot_give_it() {
        let rules: Rules = Variant::Tatarstan.into();
        let (mates, ruled_out) = mate_in_one_bound_on_random_positions(rules, 6000, 0x3c6e_f372_fe94_f82b);
        assert!(
            mates > 1000 && ruled_out > 1500,
            "{mates} mates, {ruled_out} ruled out"
        );
    }

    /// A pawn that arrives on its last rank attacks as the kind it promotes to: a8=Q mates.
    #[test]
    fn a_pawn_promoting_on_its_last_rank_may_mate() {
        let rules: Rules = Variant::Tatarstan.into();
        let pos = Position::from_fen("7k/P7/6K1/8/8/8/8/8 w - - 0 1").unwrap();
        assert!(mates_in_one(&pos, rules));
        assert!(mate_reachable(&pos, rules, Color::Black, 0, 1, &mut None));
    }
}

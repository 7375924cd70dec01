//! What the bound (`problem/intelligent.rs`) reads of a position, apart from the position, so
//! that it can judge what a move leaves without the move being played (`problem/near.rs`).

use grolman::{Bitboard, Color, Role, Square};

use super::intelligent::{Mate, Unit};
use super::kinds::kinds_of_units;
use super::reach::{attacked_within, chebyshev, Model};
use super::tatlast::mate_in_one_reachable;

/// What [`mate_reachable`] reads of a position: the mated king, the squares its side holds,
/// the mating side's units by kind (`Role::ALL` order) and whether that side may castle.
pub(super) struct Sides {
    pub(super) model: Model,
    pub(super) mated: Color,
    pub(super) king: Square,
    pub(super) held: Bitboard,
    pub(super) mating: [Bitboard; 6],
    pub(super) mating_castles: bool,
    /// The squares its king may walk to ([`Mate::steps`]).
    pub(super) steps: Bitboard,
}

impl Sides {
    /// [`mate_reachable`] with the mated side's `mated_budget` turns (castling counted) and
    /// `reach`, where its units other than the king arrive in one move and in two. The square
    /// `hint` is tried first and the square found is left in it: the verdict is the same, but
    /// a square that allowed a mate in a position like this one (the last one asked with as
    /// many turns, a move or two away) saves trying the many that do not.
    pub(super) fn reachable(
        &self,
        reach: (Bitboard, Bitboard),
        mated_budget: u32,
        mating_turns: u32,
        hint: &mut Option<Square>,
    ) -> bool {
        let model = self.model;
        let mating = self.mated.other();
        let king = self.king;
        // Tatarstan, the mating side's last turn with none of the mated side's before it: by
        // the kinds each unit may have after it (problem/tatlast.rs).
        if model == Model::AnyKind && mated_budget == 0 && mating_turns == 1 && !self.mating_castles {
            let verdict = mate_in_one_reachable(self);
            if verdict {
                *hint = Some(king);
            }
            return verdict;
        }
        let mut attackers = [Unit::NONE; 16];
        let mut n_attackers = 0;
        // In the order of the squares, as the board lists them (the sets merge in order
        // when full).
        let all = self.mating.iter().fold(Bitboard::EMPTY, |b, &r| b | r);
        for sq in all {
            let role = Role::ALL
                .into_iter()
                .find(|r| self.mating[r.index()].contains(sq))
                .expect("a unit");
            attackers[n_attackers] = match model {
                // Tatarstan: as any kind the mating side may still have (problem/kinds.rs);
                // with no turn of the mated side before it, its last move as its own kind.
                Model::AnyKind if role != Role::King => {
                    let kinds = kinds_of_units(&self.mating, mating, mating_turns);
                    Unit::of_kinds(kinds, mating, sq, role, false, mated_budget == 0)
                }
                _ => Unit::attacker(model, mating, sq, role),
            };
            n_attackers += 1;
        }
        let mating_budget = mating_turns + u32::from(self.mating_castles);
        // What the attackers can attack within their turns, for checks and for flights.
        let within = |a: &Unit| match mating_budget {
            0 => a.now,
            1 => a.further,
            _ if model == Model::AnyKind && a.role != Role::King => Bitboard::ALL,
            w => attacked_within(a.role, mating, a.sq, w),
        };
        let mut checks = Bitboard::EMPTY;
        let mut covers = Bitboard::EMPTY;
        for a in &attackers[..n_attackers] {
            let w = within(a);
            covers |= w;
            if a.role != Role::King {
                checks |= w;
            }
        }
        let mate = Mate {
            checks,
            covers,
            reach1: reach.0,
            reach2: reach.1,
            model,
            mating,
            held: self.held,
            attackers: &attackers[..n_attackers],
            mated_budget,
            mating_budget,
            exact_single_moves: !self.mating_castles,
            steps: self.steps,
        };
        if let Some(h) = *hint {
            if mate.possible_on(h, chebyshev(king, h)) {
                return true;
            }
        }
        let reach = mate.mated_budget.min(7) as u8;
        let (kf, kr) = (king.file(), king.rank());
        for rank in kr.saturating_sub(reach)..=(kr + reach).min(7) {
            for file in kf.saturating_sub(reach)..=(kf + reach).min(7) {
                let target = Square::from_coords(file, rank);
                if Some(target) != *hint && mate.possible_on(target, chebyshev(king, target)) {
                    *hint = Some(target);
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use grolman::random::{position_of, Xorshift};
    use grolman::{for_each_turn, Rules, Variant};

    use super::*;
    use crate::problem::intelligent::mate_reachable;

    /// A hint changes which square is tried first, never the verdict: on random positions
    /// and those after each of their turns, in all three rule sets and with zero to two turns
    /// to the mated side, the bound with any square as hint (the king's, one of the board's,
    /// the one a sibling left) says what it says without one, and a square it leaves allows
    /// the mate when tried alone.
    #[test]
    fn a_hint_never_changes_the_bounds_verdict() {
        let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
        let (mut mates, mut none) = (0, 0);
        for variant in [Variant::Orthodox, Variant::Grolman, Variant::Tatarstan] {
            let rules: Rules = variant.into();
            let mut positions = 0;
            while positions < 40 {
                let board = rng.board(
                    |rng| 3 + rng.below(8),
                    |_, i| if i % 3 == 0 { Color::Black } else { Color::White },
                );
                let Some(pos) = position_of(board, Color::Black) else {
                    continue;
                };
                positions += 1;
                let mut sibling = None;
                for_each_turn(&pos, rules, false, &mut |v| {
                    let king = v.after.board().king_of(Color::Black);
                    let any = Some(Square::new(rng.below(64) as u8));
                    for (mated_turns, mating_turns) in [(0, 1), (1, 1), (1, 2), (2, 2)] {
                        let bound = |hint: &mut Option<Square>| {
                            mate_reachable(v.after, rules, Color::Black, mated_turns, mating_turns, hint)
                        };
                        let verdict = bound(&mut None);
                        for hint in [king, any, sibling] {
                            let mut h = hint;
                            assert_eq!(bound(&mut h), verdict, "{variant:?} {} {hint:?}", v.after.fen());
                            if h != hint {
                                let mut alone = h;
                                assert!(verdict && bound(&mut alone) && alone == h);
                            }
                        }
                        bound(&mut sibling);
                        if verdict {
                            mates += 1;
                        } else {
                            none += 1;
                        }
                    }
                    false
                });
            }
        }
        // Both verdicts must be seen.
        assert!(mates > 500 && none > 500, "{mates} {none}");
    }
}

//! What the transformation phase can do to an attack on one square, told without running it:
//! whether a unit of a colour *may* attack the square after the phase ([`may_attack`]: `false`
//! proves it attacks it after no choice of the owners), and whether one *must* ([`must_attack`]:
//! `true` proves it does after every choice). The turn generator asks the first for the turns
//! that may check and for the turns sure to be legal, the second for the turns sure to be
//! illegal, and runs the phase only for the others.
//!
//! Why they hold (docs/rules.md 3.2-3.6): the phase moves nothing, so the occupancy, and with
//! it every line, is the one after the chain. Kings never change kind. A unit that changes kind
//! ends as kind `k` only when, in the stage of `k`, a unit of its colour of kind `k` (not a
//! king) defends it, that is stands where a unit of kind `k` would attack it from; the only
//! other way to a new kind is the owner's choice for a unit turned into a pawn on its last rank
//! (3.5), which needs a pawn of its colour defending it.

use crate::attacks;
use crate::board::Units;
use crate::types::{Color, Role, Square};

/// Whether, after the phase, a unit of `color` on `p` may attack `target`, the occupancy
/// being `p`'s (which the phase keeps). `false` proves that none does, whatever the owners
/// choose: no king of `color` stands beside `target`, no unit attacks it as its own kind, and
/// none of the others that would attack it as some kind can be turned into one: a unit on a
/// line from `target` (which only a queen, a rook, a bishop or a pawn attacks along) has no
/// unit of `color` on a line from it, where a queen, rook, bishop or pawn would defend it; one
/// a knight's jump away has no unit of `color` a jump away from it, nor, on its owner's last
/// rank, where a pawn would turn it into a pawn for its owner to choose a knight.
pub(crate) fn may_attack<P: Units>(p: &P, color: Color, target: Square) -> bool {
    let occ = p.occupied();
    let own = p.by_color(color);
    let kings = own & p.by_role(Role::King);
    let others = own & !kings;
    // Kings never change kind, and a unit that attacks `target` now may keep its kind.
    if p.attackers(target, color, occ).any() {
        return true;
    }
    for sq in attacks::queen_attacks(target, occ) & others {
        if (attacks::queen_attacks(sq, occ) & others).any() {
            return true;
        }
    }
    for sq in attacks::knight_attacks(target) & others {
        let mut defenders = attacks::knight_attacks(sq);
        if sq.rank() == color.last_rank() {
            defenders |= attacks::pawn_attacks(color.other(), sq);
        }
        if (defenders & others).any() {
            return true;
        }
    }
    false
}

/// Whether, after the phase, a unit of `color` on `p` attacks `target` whatever the owners
/// choose. `true` proves it: a king of `color` stands beside `target`, or a unit attacks it as
/// its own kind and no unit of `color` stands on a line or a jump away from it, where a unit
/// of any kind would defend it, so it keeps its kind.
#[cfg_attr(feature = "inline-hot", inline(always))]
pub(crate) fn must_attack<P: Units>(p: &P, color: Color, target: Square) -> bool {
    let occ = p.occupied();
    let own = p.by_color(color);
    let kings = own & p.by_role(Role::King);
    let others = own & !kings;
    if (attacks::king_attacks(target) & kings).any() {
        return true;
    }
    for sq in p.attackers(target, color, occ) & others {
        if ((attacks::queen_attacks(sq, occ) | attacks::knight_attacks(sq)) & others).is_empty() {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::{may_attack, must_attack};
    use crate::board::Board;
    use crate::position::{Castling, Position};
    use crate::random::Xorshift;
    use crate::transform::phase;
    use crate::types::{Color, Piece, Role, Square};

    /// A random placement, sparse to crowded, a king of each colour now and then, units on the
    /// last ranks included (legality does not matter to the phase).
    fn random_board(rng: &mut Xorshift) -> Board {
        let mut board = Board::empty();
        let density = 5 + rng.below(45);
        for sq in Square::all() {
            if rng.below(100) < density {
                let color = Color::ALL[rng.below(2) as usize];
                let kinds = if rng.below(6) == 0 { 6 } else { 5 };
                let role = Role::ALL[rng.below(kinds) as usize];
                board.put(sq, Piece::new(color, role));
            }
        }
        board
    }

    /// On random placements, every square and both colours: whatever the whole phase makes
    /// attack a square after some choice of the owners, [`may_attack`] allows; whatever
    /// [`must_attack`] claims is attacked after every choice.
    #[test]
    fn the_bounds_hold_against_every_outcome_of_the_phase() {
        let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
        let (mut ruled_out, mut proven) = (0, 0);
        for trial in 0..1500 {
            let board = random_board(&mut rng);
            let mut pos = Position {
                board: board.clone(),
                turn: Color::Black,
                castling: Castling::NONE,
                ep: None,
                halfmoves: 0,
                fullmoves: 1,
            };
            let mut outcomes: Vec<Board> = Vec::new();
            phase::<false, _>(
                &mut pos,
                Color::White,
                &mut Vec::new(),
                &mut Vec::new(),
                &mut |after, _, _| {
                    outcomes.push(after.board.clone());
                    false
                },
            );
            assert_eq!(pos.board, board, "the phase gives its position back as it came");
            for color in Color::ALL {
                for target in Square::all() {
                    let attacked = |b: &Board| b.attackers(target, color, b.occupied()).any();
                    let some = outcomes.iter().any(attacked);
                    let every = outcomes.iter().all(attacked);
                    let context = format!("trial {trial}, {color:?} on {target:?}, {board:?}");
                    if !may_attack(&board, color, target) {
                        assert!(!some, "may_attack ruled out an attack: {context}");
                        ruled_out += 1;
                    }
                    if must_attack(&board, color, target) {
                        assert!(every, "must_attack claimed an attack: {context}");
                        proven += u32::from(!board.attackers(target, color, board.occupied()).is_empty());
                    }
                }
            }
        }
        assert!(
            ruled_out > 10_000 && proven > 1000,
            "{ruled_out} ruled out, {proven} proven"
        );
    }
}

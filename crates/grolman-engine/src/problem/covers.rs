//! The mated side's last move before an orthodox mate in one, judged in bulk: the bound
//! (`problem/intelligent.rs`, the mating side's one turn left, none of the mated side's)
//! allows a mate when the mating side's units, one of them after one move on an empty board,
//! attack the mated king and every neighbour of it that its side does not hold. A quiet move
//! of the mated side that is not its king's changes only which neighbours it holds, so the
//! verdicts for every set of held neighbours are worked out once per position, from what each
//! unit of the mating side attacks beside the king now and from each square it may go to; each
//! such move is then judged by one bit instead of the bound's memory ([`super::near::Bound`]),
//! whose look-ups missed the cache (orthodox h#3 4a: 29.5 k such positions, 648 k look-ups).

use grolman::{
    king_attacks, knight_attacks, pawn_attacks, queen_attacks, Bitboard, Board, Color, Lead, Role, Square,
};

use super::intelligent::Unit;
use super::near::window;
use super::reach::{attacks, relative_rank, Model};

/// For the mated king on its square and the mating side's units as they stand: per set of
/// the king's squares (itself and its neighbours, as a 3x3 window) that must be attacked,
/// whether the mating side's last move may attack them all (the check among them).
pub struct Covers {
    king: Square,
    around: Bitboard,
    /// Bit `w` of the 512: the squares of window `w` may all be attacked.
    met: [u64; 8],
}

/// The window bit of the king's own square (the check).
const CHECK: u64 = 1 << 4;

impl Covers {
    /// For `mated`'s king on `king` against the other side's units on `board` but the one on
    /// `taken` (if any), orthodox chess, the mating side with one turn and no castling.
    pub fn of(board: &Board, mated: Color, king: Square, taken: Option<Square>) -> Covers {
        let mating = mated.other();
        let around = king_attacks(king);
        let zone = around.with(king);
        let seen = |role: Role, attacked: Bitboard| {
            let w = window(attacked & zone, king);
            // A king never gives check.
            match role {
                Role::King => w & !CHECK,
                _ => w,
            }
        };
        let mut units = [Unit::NONE; 16];
        let mut now = [0u64; 16];
        let mut n = 0;
        for sq in board.by_color(mating) {
            if Some(sq) == taken {
                continue;
            }
            let a = Unit::attacker(Model::Shared, mating, sq, board.role_at(sq).expect("occupied"));
            now[n] = seen(a.role, a.now);
            units[n] = a;
            n += 1;
        }
        let mut met = [0u64; 8];
        let mut mark = |w: u64| met[(w >> 6) as usize] |= 1 << (w & 63);
        let together = now[..n].iter().fold(0, |m, &o| m | o);
        mark(together);
        // The squares from which some unit attacks a square of the zone: no other arrival
        // changes what is met.
        for (i, a) in units[..n].iter().enumerate() {
            let others = now[..n]
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .fold(0, |m, (_, &o)| m | o);
            if a.role == Role::Pawn {
                for to in a.moves {
                    if relative_rank(mating, to) == 7 {
                        mark(others | seen(Role::Queen, queen_attacks(to, Bitboard::EMPTY)));
                        mark(others | seen(Role::Knight, knight_attacks(to)));
                    } else {
                        mark(others | seen(Role::Pawn, pawn_attacks(mating, to)));
                    }
                }
                continue;
            }
            let useful = zone.fold(Bitboard::EMPTY, |b, t| {
                b | attacks(Model::Shared, a.role, mated, t)
            });
            for to in a.moves & useful {
                mark(others | seen(a.role, attacks(Model::Shared, a.role, mating, to)));
            }
        }
        Covers {
            king,
            around,
            met: subsets(met),
        }
    }

    /// The verdicts of [`Covers::of`] for the king on `king`, remembered as `met`.
    pub fn remembered(king: Square, met: [u64; 8]) -> Covers {
        Covers {
            king,
            around: king_attacks(king),
            met,
        }
    }

    /// What [`Covers::remembered`] needs beside the king.
    pub fn met(&self) -> [u64; 8] {
        self.met
    }

    /// Whether the mated side's leading move `lead` on `board` leaves the bound allowing a
    /// mate: a move that takes nothing or what these verdicts were worked out without, of its
    /// king to the square they were worked out for or of another unit.
    pub fn after(&self, board: &Board, lead: &Lead) -> bool {
        let mated = board.piece_at(lead.from).map_or(Color::White, |p| p.color);
        self.allows(board.by_color(mated).without(lead.from).with(lead.to))
    }

    /// Whether the bound allows a mate with the mated side holding `held` (the king stays).
    pub fn allows(&self, held: Bitboard) -> bool {
        let w = window(self.around & !held, self.king) | CHECK;
        self.met[(w >> 6) as usize] >> (w & 63) & 1 != 0
    }
}

/// Every subset of a marked window marked too: what attacks a set of squares attacks each of
/// its subsets.
fn subsets(mut met: [u64; 8]) -> [u64; 8] {
    // Bits 0-5 of a window within a word, 6-8 across words.
    const HAS: [u64; 6] = [
        0xaaaa_aaaa_aaaa_aaaa,
        0xcccc_cccc_cccc_cccc,
        0xf0f0_f0f0_f0f0_f0f0,
        0xff00_ff00_ff00_ff00,
        0xffff_0000_ffff_0000,
        0xffff_ffff_0000_0000,
    ];
    for word in met.iter_mut() {
        for (b, has) in HAS.iter().enumerate() {
            *word |= (*word & has) >> (1 << b);
        }
    }
    for b in 0..3 {
        for i in 0..8 {
            if i >> b & 1 != 0 {
                met[i & !(1 << b)] |= met[i];
            }
        }
    }
    met
}

#[cfg(test)]
mod tests {
    use grolman::random::{position_of, Xorshift};
    use grolman::{for_each_turn, Rules, Variant};

    use super::super::intelligent::mate_reachable;
    use super::super::mate1::mates_in_one;
    use super::super::near::Bound;
    use super::*;

    /// The verdict [`Bound::may_follow`] gives on each move of the mated side (by the
    /// [`Covers`] but for en passant) is the bound's on the position the move leaves, and so
    /// no move after which White mates in one is dropped, on random orthodox positions with
    /// Black to move (its king's moves, captures, pawn promotions of both sides among them), one
    /// memory for all.
    #[test]
    fn the_mated_side_s_last_moves_are_judged_as_the_bound_judges_them() {
        let rules: Rules = Variant::Orthodox.into();
        let mut rng = Xorshift(0x6a09_e667_f3bc_c908);
        let roles = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];
        let mut bound = Bound::new();
        let (mut kept, mut dropped, mut mates, mut positions) = (0, 0, 0, 0);
        while positions < 3000 {
            // Few attackers and many units of the mated side, as in helpmates.
            let (attackers, others) = (2 + rng.below(4), 2 + rng.below(7));
            let board = rng.attack_board(&roles, attackers, others);
            let Some(pos) = position_of(board, Color::Black) else {
                continue;
            };
            positions += 1;
            let mut last = bound.last_move(&pos, rules, Color::Black).expect("no castling");
            for_each_turn(&pos, rules, false, &mut |v| {
                let verdict = bound.may_follow(&mut last, pos.board(), &v.lead);
                let reference = mate_reachable(v.after, rules, Color::Black, 0, 1, &mut None);
                assert_eq!(verdict, reference, "{} {:?}", pos.fen(), v.lead);
                if mates_in_one(v.after, rules) {
                    assert!(verdict, "{} {:?}", pos.fen(), v.lead);
                    mates += 1;
                }
                if verdict {
                    kept += 1;
                } else {
                    dropped += 1;
                }
                false
            });
        }
        // The test must see moves kept, dropped, and followed by a mate.
        assert!(
            kept > 4000 && dropped > 5000 && mates > 500,
            "{kept} {dropped} {mates}"
        );
    }
}

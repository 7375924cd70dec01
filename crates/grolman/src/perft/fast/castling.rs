//! Castling turns at the last ply, counted from the kept reach sets and kept while the squares
//! that decided them hold (`Kept::castled`).

use super::count::Facts;
use super::kept::{Castled, Kept};
use super::walk::{Chains, ChainsMark, Steps, Walk};
use crate::bitboard::Bitboard;
use crate::chain;
use crate::movegen::{self, LeadKind};
use crate::position::{Castling, CastlingSide};
use crate::types::{Role, Square};

/// The legal castling turns of `facts`' position (0 without castling rights): kept ones while
/// they hold, else every castling lead and its chains, each tested for the king.
pub(super) fn turns(facts: &Facts<'_>, kept: &mut Kept, walk: &mut Walk<'_>) -> u64 {
    let Facts {
        pos,
        us,
        occ,
        ref threats,
        ref units,
        ..
    } = *facts;
    let rights = [CastlingSide::King, CastlingSide::Queen].map(|side| pos.castling().has(us, side));
    if !facts.rules.castling_allowed() || rights == [false; 2] {
        return 0;
    }
    if kept.castled.rights == Some(rights) {
        return kept.castled.turns;
    }
    let everyone = kept.everyone();
    let mut castles = std::mem::take(&mut kept.castles);
    castles.clear();
    let mut castled = Castled {
        rights: Some(rights),
        seen: movegen::castles(pos, |lead| castles.push(lead)),
        visited: Bitboard::EMPTY,
        turns: 0,
    };
    for &lead in &castles {
        let LeadKind::Castle(side) = lead.kind else {
            continue;
        };
        // The reach sets hold for the chains after castling: the squares it fills and
        // empties are on the back rank, where no line passes them to reach a square
        // that waits for a follower. The king has moved: every chain is tested.
        let (king_from, rook_from, king_to, rook_to) = Castling::squares(us, side);
        castled.visited |= Bitboard::from_square(king_from).with(rook_from);
        let number = |sq: Square, role: Role| {
            let mut bits = kept.of_kind[role.index()];
            while bits != 0 {
                let i = bits.trailing_zeros() as usize & 15;
                if kept.square_of[i] == sq {
                    return units[role.index()].contains(sq).then_some(i);
                }
                bits &= bits - 1;
            }
            None
        };
        let (Some(k), Some(r)) = (number(king_from, Role::King), number(rook_from, Role::Rook)) else {
            continue;
        };
        let unmoved = everyone & !(1 << k) & !(1 << r);
        let after = occ
            .without(king_from)
            .without(rook_from)
            .with(king_to)
            .with(rook_to);
        let mut safe = |occupied: Bitboard| {
            let (attackers, seen) = threats.on_seen(king_to, occupied);
            castled.seen |= seen;
            u64::from(attackers.is_empty())
        };
        // Every chain from the two squares castling vacated (docs/rules.md 1.5), each tested
        // for the king.
        walk.reset(None);
        let mut space = AfterCastling {
            chains: walk.space::<false>(&kept.reached_by, unmoved, None, Steps::NONE),
            after,
            filled: None,
            safe: &mut safe,
        };
        castled.turns += chain::walk_chains(&mut space, [Some(king_from), Some(rook_from)], 1);
        castled.visited |= walk.visited;
    }
    kept.castles = castles;
    let turns = castled.turns;
    kept.castled = castled;
    turns
}

/// The chains after castling: walked as any other ([`Chains`]), each counted where it leaves
/// the king safe on `after`, the occupancy after castling, with the square the first follower
/// filled (`filled`, one of the two castling vacated) and without the one the chain left
/// empty.
struct AfterCastling<'c, 'w, 'a, F> {
    chains: Chains<'w, 'a, false>,
    after: Bitboard,
    filled: Option<Square>,
    safe: &'c mut F,
}

impl<F: FnMut(Bitboard) -> u64> chain::Space for AfterCastling<'_, '_, '_, F> {
    type Units = u32;
    type Note = ();
    type Mark = (ChainsMark, Option<Square>);

    const EACH_PROMOTION: bool = false;

    #[inline(always)]
    fn last_rank(&self) -> u8 {
        self.chains.last_rank()
    }

    #[inline(always)]
    fn followers(&mut self, vacated: [Option<Square>; 2]) -> (chain::Followers<u32>, ()) {
        self.chains.followers(vacated)
    }

    #[inline(always)]
    fn step(&mut self, unit: usize, to: Square, role: Role, promotion: Option<Role>, (): ()) -> Square {
        self.filled = self.filled.or(Some(to));
        self.chains.step(unit, to, role, promotion, ())
    }

    #[inline(always)]
    fn mark(&self) -> Self::Mark {
        (self.chains.mark(), self.filled)
    }

    #[inline(always)]
    fn back_to(&mut self, (mark, filled): Self::Mark) {
        self.chains.back_to(mark);
        self.filled = filled;
    }

    #[inline(always)]
    fn end(&mut self, vacated: [Option<Square>; 2], mult: u32) -> u64 {
        let occupied = vacated.into_iter().flatten().fold(
            self.filled.map_or(self.after, |f| self.after.with(f)),
            Bitboard::without,
        );
        u64::from(mult) * (self.safe)(occupied)
    }
}

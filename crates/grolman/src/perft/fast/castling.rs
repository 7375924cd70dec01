//! Castling turns at the last ply, counted from the kept reach sets and kept while the squares
//! that decided them hold (`Kept::castled`).

use super::count::Facts;
use super::kept::{Castled, Kept};
use super::walk::{Numbered, Steps, Walk};
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
        let reach = Numbered {
            reached_by: &kept.reached_by,
            same_kind: walk.same_kind,
            role_of: walk.role_of,
        };
        // The first followers (docs/rules.md 1.5): of the weakest kind that reaches either square
        // castling vacated, to either.
        let vacated = [Some(king_from), Some(rook_from)];
        let Some((_, found)) = chain::followers(&reach, unmoved, vacated) else {
            castled.turns += safe(after);
            continue;
        };
        for (filled, mut followers) in [king_from, rook_from].into_iter().zip(found) {
            while followers != 0 {
                let j = followers.trailing_zeros() as usize & 15;
                followers &= followers - 1;
                walk.reset(Bitboard::EMPTY);
                walk.chains_apart::<false>(
                    &kept.reached_by,
                    unmoved & !(1 << j),
                    kept.square_of[j],
                    None,
                    Steps::NONE,
                );
                for chain in &walk.ends {
                    castled.turns += u64::from(chain.mult) * safe(after.with(filled).without(chain.vacated));
                }
                castled.visited |= walk.visited;
            }
        }
    }
    kept.castles = castles;
    let turns = castled.turns;
    kept.castled = castled;
    turns
}

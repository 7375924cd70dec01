//! Each unit's moves, kept: the own squares it could step into if they were vacated (its
//! reach set), the squares it may lead to, and the squares that decided them; and turned
//! around, who reaches each square (`Kept::reached_by`). Worked out again only for the units
//! that a change on the board may have touched.

use super::count::Facts;
use super::kept::Kept;
use crate::attacks;
use crate::bitboard::Bitboard;
use crate::types::{Color, Role, Square};

impl Kept {
    /// Works out again the moves of the units whose moves some change since the last position
    /// may have touched (the squares `touched`; all of them when `renumber`). Returns the own
    /// squares whose reach sets changed (`renumbered` among them) and the units whose
    /// destinations changed.
    #[inline(always)]
    pub(super) fn refresh_moves(
        &mut self,
        facts: &Facts<'_>,
        (touched, renumbered, renumber): (Bitboard, Bitboard, bool),
    ) -> (Bitboard, u32) {
        let Facts {
            us,
            occ,
            own,
            enemy,
            pawns,
            ref units,
            ..
        } = *facts;
        let everyone = self.everyone();
        let mut stale_moves = 0u32;
        for (i, seen) in self.moves_seen.iter().enumerate() {
            stale_moves |= u32::from((*seen & touched).any()) << i;
        }
        if renumber {
            stale_moves = everyone;
        }
        let here = |role: Role, from: Square| {
            Bitboard(0u64.wrapping_sub(u64::from(units[role.index()].contains(from))))
        };
        let mut reach_changed = renumbered;
        let mut retargeted = 0u32;
        let forward = us.forward();
        let (one, two) = match us {
            Color::White => {
                let one = pawns.north() & !(occ & !own);
                (one, (one & Bitboard::rank(2) & !occ).north() & !(occ & !own))
            }
            Color::Black => {
                let one = pawns.south() & !(occ & !own);
                (one, (one & Bitboard::rank(5) & !occ).south() & !(occ & !own))
            }
        };
        let mut bits = stale_moves & self.of_kind[Role::Pawn.index()];
        while bits != 0 {
            let i = bits.trailing_zeros() as usize & 15;
            bits &= bits - 1;
            let from = self.square_of[i];
            // The squares one and two steps ahead, where the pawn may step (empty) or which it
            // reaches (ours); always on the board for the sets to hold them.
            let ahead = |steps: i8| {
                Bitboard::from_square(Square::new((from.u8() as i8 + steps * forward) as u8 & 63))
            };
            let on_board = here(Role::Pawn, from);
            let step = one & ahead(1) & on_board;
            let double = two & ahead(2) & on_board;
            let takes = attacks::pawn_attacks(us, from);
            let (changed_here, targeted) = self.moves(
                i,
                (step | double) & own,
                (takes & enemy & on_board) | ((step | double) & !own),
                (takes | ahead(1) | ahead(2)).with(from),
            );
            reach_changed |= changed_here;
            retargeted |= u32::from(targeted) << i;
        }
        // The other kinds in one loop without a branch by kind: each unit's moves are those of
        // every kind, each kept only for a unit of that kind.
        let mut others = stale_moves & !self.of_kind[Role::Pawn.index()];
        while others != 0 {
            let i = others.trailing_zeros() as usize & 15;
            others &= others - 1;
            let (from, role) = (self.square_of[i], self.role_of[i]);
            let is = |r: Role| Bitboard(0u64.wrapping_sub(u64::from(role == r)));
            let diag = is(Role::Bishop) | is(Role::Queen);
            let ortho = is(Role::Rook) | is(Role::Queen);
            let moves = ((attacks::knight_attacks(from) & is(Role::Knight))
                | (attacks::king_attacks(from) & is(Role::King))
                | (attacks::bishop_attacks(from, occ) & diag)
                | (attacks::rook_attacks(from, occ) & ortho))
                & here(role, from);
            let (changed_here, targeted) = self.moves(i, moves & own, moves & !own, moves.with(from));
            reach_changed |= changed_here;
            retargeted |= u32::from(targeted) << i;
        }
        (reach_changed, retargeted)
    }

    /// Sets unit `i`'s moves: the own squares it reaches, the squares it may lead to, and
    /// the squares that decided them. Returns the own squares whose reach sets changed, and
    /// whether the squares it may lead to did.
    #[inline]
    fn moves(&mut self, i: usize, reaches: Bitboard, targets: Bitboard, seen: Bitboard) -> (Bitboard, bool) {
        let reach_changed = self.reaches[i] ^ reaches;
        // Mostly none or one or two squares: those two without a branch (an empty set
        // changes only the spare entry after the 64 squares), the rest in a loop.
        let mut rest = reach_changed.0;
        for _ in 0..2 {
            self.reached_by[rest.trailing_zeros() as usize] ^= 1 << i;
            rest &= rest.wrapping_sub(1);
        }
        while rest != 0 {
            self.reached_by[rest.trailing_zeros() as usize] ^= 1 << i;
            rest &= rest - 1;
        }
        self.reaches[i] = reaches;
        let retargeted = self.targets[i] != targets;
        self.targets[i] = targets;
        self.moves_seen[i] = seen;
        self.leaders = (self.leaders & !(1 << i)) | (u32::from(targets.any()) << i);
        // A unit without a leading move counts nothing in the plain pass.
        let kept = self.plain_turns[i] & 0u64.wrapping_sub(u64::from(targets.any()));
        self.plain_total = self.plain_total.wrapping_sub(self.plain_turns[i] - kept);
        self.plain_turns[i] = kept;
        (reach_changed, retargeted)
    }
}

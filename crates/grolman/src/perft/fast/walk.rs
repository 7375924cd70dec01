//! The chains behind a leader, walked over numbered units and the kept table of who reaches
//! each square (`Kept::reached_by`), without playing them: [`chain::walk_chains`], the walk of
//! the follower rule, on sets of unit numbers, where the lowest number of a set is of its
//! weakest kind.

use crate::bitboard::Bitboard;
use crate::chain::{self, Blocked, Placed, Reach};
use crate::types::{Role, Square};

/// One finished chain: the square left empty, where the king went if it moved, how many
/// turns it stands for (a follower's promotion choices) and its followers.
#[derive(Clone, Copy)]
pub(super) struct Chain {
    pub(super) vacated: Square,
    pub(super) king: Option<Square>,
    pub(super) mult: u32,
    pub(super) steps: Steps,
}

/// The followers of a chain in order, by number: four bits each from the lowest, and their
/// count in the top four bits (a chain has at most 15).
#[derive(Clone, Copy, Default)]
pub(super) struct Steps(u64);

impl Steps {
    pub(super) const NONE: Steps = Steps(0);

    #[inline]
    pub(super) fn then(self, unit: usize) -> Steps {
        let len = self.0 >> 60;
        Steps((self.0 + (1 << 60)) | ((unit as u64 & 15) << (4 * len)))
    }

    #[inline]
    pub(super) fn len(self) -> usize {
        (self.0 >> 60) as usize
    }

    /// The `k`th follower.
    #[inline]
    pub(super) fn get(self, k: usize) -> usize {
        (self.0 >> (4 * k)) as usize & 15
    }
}

/// The chains behind a leader. Units are sets of bits, numbered as `Kept::number` numbers them.
pub(super) struct Walk<'a> {
    /// [`crate::attacks::between`] by table.
    pub(super) between: &'static [[u64; 64]; 64],
    pub(super) square_of: &'a [Square; 16],
    pub(super) role_of: &'a [Role; 16],
    /// The units of each unit's kind.
    pub(super) same_kind: &'a [u32; 16],
    pub(super) last_rank: u8,
    /// The square the leader landed on, which no follower may cross.
    pub(super) block: Option<Square>,
    // What `chains` found: every finished chain, and the squares whose occupancy decided a
    // follower (a leader landing there is counted apart).
    pub(super) ends: Vec<Chain>,
    pub(super) sensitive: Bitboard,
    /// The squares vacated on the way.
    pub(super) visited: Bitboard,
}

impl<'a> Walk<'a> {
    pub(super) fn reset(&mut self, block: Option<Square>) {
        self.ends.clear();
        self.visited = Bitboard::EMPTY;
        self.sensitive = Bitboard::EMPTY;
        self.block = block;
    }

    #[inline]
    fn between(&self, a: Square, b: Square) -> Bitboard {
        Bitboard(self.between[a.index()][b.index()])
    }

    /// Walks every chain from the vacated square `v` ([`chain::walk_chains`]), given who
    /// reaches each square, among the `unmoved` units; `king` is where the king went if it
    /// moved, `steps` the followers so far. With `BLOCKED`, no follower crosses `block`.
    #[inline(always)]
    pub(super) fn chains<const BLOCKED: bool>(
        &mut self,
        reached_by: &[u32; 65],
        unmoved: u32,
        v: Square,
        king: Option<Square>,
        steps: Steps,
    ) {
        chain::walk_chains(
            &mut self.space::<BLOCKED>(reached_by, unmoved, king, steps),
            [Some(v), None],
            1,
        );
    }

    /// The space [`Walk::chains`] walks, for a walk that does more at the end of a chain
    /// (castling).
    #[inline(always)]
    pub(super) fn space<'w, const BLOCKED: bool>(
        &'w mut self,
        reached_by: &'w [u32; 65],
        unmoved: u32,
        king: Option<Square>,
        steps: Steps,
    ) -> Chains<'w, 'a, BLOCKED> {
        Chains {
            walk: self,
            reached_by,
            unmoved,
            king,
            steps,
        }
    }

    /// [`Walk::chains`], not inlined: for the few leaders counted apart.
    #[inline(never)]
    pub(super) fn chains_apart<const BLOCKED: bool>(
        &mut self,
        reached_by: &[u32; 65],
        unmoved: u32,
        v: Square,
        king: Option<Square>,
        steps: Steps,
    ) {
        self.chains::<BLOCKED>(reached_by, unmoved, v, king, steps);
    }
}

/// The space [`Walk::chains`] walks: the numbered units not yet moved, where the king went if
/// it moved, and the followers so far; what it finds goes to the [`Walk`].
pub(super) struct Chains<'w, 'a, const BLOCKED: bool> {
    walk: &'w mut Walk<'a>,
    reached_by: &'w [u32; 65],
    unmoved: u32,
    king: Option<Square>,
    steps: Steps,
}

/// Where a walk of [`Chains`] is: its units not yet moved, where the king went, the followers.
pub(super) type ChainsMark = (u32, Option<Square>, Steps);

impl<const BLOCKED: bool> Reach for Chains<'_, '_, BLOCKED> {
    type Units = u32;

    #[inline(always)]
    fn weakest(&self, unmoved: u32, v: Square) -> Option<(Role, u32)> {
        let numbered = Numbered {
            reached_by: self.reached_by,
            square_of: self.walk.square_of,
            same_kind: self.walk.same_kind,
            role_of: self.walk.role_of,
        };
        match self.walk.block {
            Some(block) if BLOCKED => Blocked {
                reach: &numbered,
                block,
            }
            .weakest(unmoved, v),
            _ => numbered.weakest(unmoved, v),
        }
    }
}

impl<const BLOCKED: bool> chain::Space for Chains<'_, '_, BLOCKED> {
    type Units = u32;
    type Note = ();
    type Mark = ChainsMark;

    /// The kinds of moved units never matter at the last ply.
    const EACH_PROMOTION: bool = false;

    #[inline(always)]
    fn last_rank(&self) -> u8 {
        self.walk.last_rank
    }

    #[inline(always)]
    fn followers(&mut self, vacated: [Option<Square>; 2]) -> (chain::Followers<u32>, ()) {
        if let Some(v) = vacated[0] {
            self.walk.visited.set(v);
        }
        if let Some(v) = vacated[1] {
            self.walk.visited.set(v);
        }
        (chain::followers(&*self, self.unmoved, vacated), ())
    }

    #[inline(always)]
    fn step(&mut self, unit: usize, to: Square, role: Role, _promotion: Option<Role>, (): ()) -> Square {
        let from = self.walk.square_of[unit & 15];
        // Only a line or a double step has squares between: a knight's jump, a king's step
        // and a single pawn step have none, so `between` can be taken regardless.
        self.walk.sensitive |= self.walk.between(to, from);
        if role == Role::King {
            self.king = Some(to);
        }
        self.unmoved &= !(1 << unit);
        self.steps = self.steps.then(unit);
        from
    }

    #[inline(always)]
    fn mark(&self) -> Self::Mark {
        (self.unmoved, self.king, self.steps)
    }

    #[inline(always)]
    fn back_to(&mut self, (unmoved, king, steps): Self::Mark) {
        (self.unmoved, self.king, self.steps) = (unmoved, king, steps);
    }

    #[inline(always)]
    fn end(&mut self, vacated: [Option<Square>; 2], mult: u32) -> u64 {
        if let Some(v) = vacated[0] {
            self.walk.ends.push(Chain {
                vacated: v,
                king: self.king,
                mult,
                steps: self.steps,
            });
        }
        0
    }
}

/// The counter's view of who could follow (for [`chain::followers`] and the walk): the kept
/// table of the units that reach each square on the position's occupancy, and the numbering
/// (the lowest number of a set is of its weakest kind).
pub(super) struct Numbered<'a> {
    pub(super) reached_by: &'a [u32; 65],
    pub(super) square_of: &'a [Square; 16],
    pub(super) same_kind: &'a [u32; 16],
    pub(super) role_of: &'a [Role; 16],
}

impl Reach for Numbered<'_> {
    type Units = u32;

    #[inline(always)]
    fn weakest(&self, unmoved: u32, v: Square) -> Option<(Role, u32)> {
        let candidates = self.reached_by[v.index()] & unmoved;
        if candidates == 0 {
            return None;
        }
        let lowest = candidates.trailing_zeros() as usize & 15;
        Some((self.role_of[lowest], candidates & self.same_kind[lowest]))
    }
}

impl Placed for Numbered<'_> {
    #[inline(always)]
    fn standing_on(&self, unmoved: u32, v: Square, squares: Bitboard) -> u32 {
        let mut rest = self.reached_by[v.index()] & unmoved;
        let mut on = 0;
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            on |= u32::from(squares.contains(self.square_of[j & 15])) << j;
        }
        on
    }
}

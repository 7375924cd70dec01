//! The chains behind a leader, walked over numbered units and the kept table of who reaches
//! each square (`Kept::reached_by`), without playing them: the follower rule of
//! [`crate::chain`] (weakest kind first, ties branch, a pawn following onto its last rank
//! promotes) on sets of unit numbers, where the lowest number of a set is of its weakest kind.

use crate::bitboard::Bitboard;
use crate::chain::{self, Reach};
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
    /// A square the leader landed on, which no follower may cross.
    pub(super) block: Bitboard,
    // What `explore` found: every finished chain, and the squares whose occupancy decided a
    // follower (a leader landing there is counted apart).
    pub(super) ends: Vec<Chain>,
    pub(super) sensitive: Bitboard,
    /// The squares vacated on the way.
    pub(super) visited: Bitboard,
}

impl Walk<'_> {
    pub(super) fn reset(&mut self, block: Bitboard) {
        self.ends.clear();
        self.visited = Bitboard::EMPTY;
        self.sensitive = Bitboard::EMPTY;
        self.block = block;
    }

    #[inline]
    fn between(&self, a: Square, b: Square) -> Bitboard {
        Bitboard(self.between[a.index()][b.index()])
    }

    /// [`Walk::explore`] behind one follower of a tie.
    #[inline(never)]
    pub(super) fn branch<const BLOCKED: bool>(
        &mut self,
        reached_by: &[u32; 65],
        unmoved: u32,
        v: Square,
        mult: u32,
        king: Option<Square>,
        steps: Steps,
    ) {
        self.explore::<BLOCKED>(reached_by, unmoved, v, mult, king, steps);
    }

    /// Walks every chain from the vacated square `v`, given who reaches each square; a forced
    /// step loops, a tie branches.
    #[inline(always)]
    pub(super) fn explore<const BLOCKED: bool>(
        &mut self,
        reached_by: &[u32; 65],
        mut unmoved: u32,
        mut v: Square,
        mut mult: u32,
        mut king: Option<Square>,
        mut steps: Steps,
    ) {
        let reach = Numbered {
            reached_by,
            same_kind: self.same_kind,
            role_of: self.role_of,
        };
        loop {
            self.visited.set(v);
            // The units whose line to `v` crosses the square the leader landed on.
            let mut crossing = 0;
            if BLOCKED {
                let mut rest = reached_by[v.index()] & unmoved;
                while rest != 0 {
                    let j = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if (self.between(v, self.square_of[j & 15]) & self.block).any() {
                        crossing |= 1 << j;
                    }
                }
            }
            let Some((role, found)) = reach.weakest(unmoved & !crossing, v) else {
                self.ends.push(Chain {
                    vacated: v,
                    king,
                    mult,
                    steps,
                });
                return;
            };
            // A pawn following onto its last rank promotes: four choices.
            mult <<= 2 * u32::from(chain::promotes(role, v, self.last_rank));
            if role == Role::King {
                king = Some(v);
            }
            // Only a line or a double step has squares between: a knight's jump, a king's
            // step and a single pawn step have none, so `between` can be taken regardless.
            if found & (found - 1) != 0 {
                let mut rest = found;
                while rest != 0 {
                    let j = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let from = self.square_of[j & 15];
                    self.sensitive |= self.between(v, from);
                    self.branch::<BLOCKED>(reached_by, unmoved & !(1 << j), from, mult, king, steps.then(j));
                }
                return;
            }
            let weakest = found.trailing_zeros() as usize;
            let from = self.square_of[weakest & 15];
            self.sensitive |= self.between(v, from);
            v = from;
            unmoved &= !(1 << weakest);
            steps = steps.then(weakest);
        }
    }
}

/// The counter's view of who could follow (for [`chain::followers`] and the walk): the kept
/// table of the units that reach each square, and the numbering (the lowest number of a set
/// is of its weakest kind).
pub(super) struct Numbered<'a> {
    pub(super) reached_by: &'a [u32; 65],
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

//! The Tatarstan counter's chains counted by the state they reach ([`Memo`]).

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::chain::{Blocked, Reach, ReachTable};
use crate::transform::Kinds;
use crate::types::{Color, Role, Square};

/// One kind of chain end: the square left empty, where our king went if it followed, and how
/// many chains end so.
#[derive(Clone, Copy)]
pub(super) struct End {
    pub(super) left: Square,
    pub(super) king: Option<Square>,
    pub(super) chains: u64,
}

/// The chains of one position counted by the state they reach. While a chain is walked, every
/// square but the one waiting for a follower holds what it held before the turn (the leader's
/// destination aside), and whether the waiting square is occupied does not change who reaches
/// it ([`ReachTable`]); the units that have not moved stand where they stood. So who follows
/// into the waiting square `v` depends only on `v`, the set of units that have not moved and
/// the leader's destination (a square it may block), and so do the chains from there: chains
/// that reach one state by different orders of the same followers are counted once. A state's
/// chains without a destination to block are kept with the squares that decided them
/// ([`Memo::lines_to`]); they hold for every destination but those. Those squares are worked out only
/// for the states without a destination that a tie reaches: the states with one are asked only
/// for their ends, and so are those where a leading move's chains begin.
pub(super) struct Memo {
    slots: Vec<MemoSlot>,
    /// Each state's ends, in a run.
    pub(super) ends: Vec<End>,
    /// The ends being gathered, a run per state being counted.
    stack: Vec<End>,
    stamp: u32,
    used: usize,
    /// [`attacks::between_table`].
    between: &'static [[u64; 64]; 64],
    /// Who of ours reaches each square on the position's occupancy ([`Memo::followers`]).
    reach: ReachTable,
}

impl Default for Memo {
    fn default() -> Self {
        Memo {
            slots: Vec::new(),
            ends: Vec::new(),
            stack: Vec::new(),
            stamp: 0,
            used: 0,
            between: attacks::between_table(),
            reach: ReachTable::default(),
        }
    }
}

#[derive(Clone, Copy, Default)]
struct MemoSlot {
    unmoved: Bitboard,
    waiting: u8,
    /// The leader's destination, 64 for none.
    block: u8,
    stamp: u32,
    start: u32,
    len: u32,
    /// The squares that decided the chains, without a destination (else empty).
    sensitive: Bitboard,
}

/// The chains from one state: one end, or a run of kept ends whose king, when a forced
/// follower's step before them moved it, went to `king`.
#[derive(Clone, Copy)]
pub(super) enum Found {
    One(End),
    Run {
        start: usize,
        len: usize,
        king: Option<Square>,
    },
}

impl Memo {
    const SLOTS: usize = 1 << 14;

    pub(super) fn restart(&mut self) {
        if self.slots.is_empty() {
            self.slots = vec![MemoSlot::default(); Memo::SLOTS];
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill(MemoSlot::default());
            self.stamp = 1;
        }
        self.ends.clear();
        self.used = 0;
        self.reach.forget();
    }

    #[inline]
    fn slot(&self, waiting: Square, unmoved: Bitboard, block: u8) -> (usize, Option<MemoSlot>) {
        let mask = Memo::SLOTS - 1;
        let key = unmoved.0 ^ (u64::from(waiting.u8()) << 56) ^ (u64::from(block) << 48);
        let mut i = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 50) as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot.stamp != self.stamp {
                return (i, None);
            }
            if slot.unmoved == unmoved && slot.waiting == waiting.u8() && slot.block == block {
                return (i, Some(slot));
            }
            i = (i + 1) & mask;
        }
    }

    /// The chains from the state where `waiting` waits for a follower among `unmoved` (units
    /// of `ours`, of the side `us`), the leader on `block`. `ours` is the position's, the same
    /// in every call until [`Memo::restart`]: who reaches each square is kept.
    pub(super) fn chains(
        &mut self,
        ours: &Kinds,
        us: Color,
        waiting: Square,
        unmoved: Bitboard,
        block: Option<Square>,
    ) -> Found {
        if self.used * 2 > Memo::SLOTS {
            self.restart();
        }
        self.state(ours, us, waiting, unmoved, block, false).0
    }

    /// [`Memo::chains`], with `decided` and without a destination the squares that decided
    /// them (else empty): forced steps walked on, the first tie counted by [`Memo::ties`].
    fn state(
        &mut self,
        ours: &Kinds,
        us: Color,
        waiting: Square,
        unmoved: Bitboard,
        block: Option<Square>,
        decided: bool,
    ) -> (Found, Bitboard) {
        let decided = decided && block.is_none();
        let (mut waiting, mut unmoved, mut king) = (waiting, unmoved, None);
        let mut sensitive = Bitboard::EMPTY;
        loop {
            let found = self.followers(ours, us, waiting, unmoved, block);
            let (role, units) = found.unwrap_or((Role::King, Bitboard::EMPTY));
            let Some(unit) = units.first() else {
                let end = End {
                    left: waiting,
                    king,
                    chains: 1,
                };
                return (Found::One(end), sensitive);
            };
            if decided {
                sensitive |= self.lines_to(waiting, units);
            }
            if units.more_than_one() {
                let (start, len, decided) = self.ties(ours, us, waiting, unmoved, block);
                return (Found::Run { start, len, king }, sensitive | decided);
            }
            if role == Role::King {
                king = Some(waiting);
            }
            unmoved.clear(unit);
            waiting = unit;
        }
    }

    /// The chains from a state where several units may follow, kept: a run of `self.ends`
    /// (start, length), and the squares that decided them. Without a block they are kept
    /// once, and serve every block but those squares.
    fn ties(
        &mut self,
        ours: &Kinds,
        us: Color,
        waiting: Square,
        unmoved: Bitboard,
        block: Option<Square>,
    ) -> (usize, usize, Bitboard) {
        let (_, kept) = self.slot(waiting, unmoved, 64);
        match (kept, block) {
            (Some(s), None) => return (s.start as usize, s.len as usize, s.sensitive),
            (Some(s), Some(b)) if !s.sensitive.contains(b) => {
                return (s.start as usize, s.len as usize, s.sensitive)
            }
            (None, Some(b)) => {
                // The chains without the block first: most blocks change none of them.
                let (start, len, sensitive) = self.ties(ours, us, waiting, unmoved, None);
                if !sensitive.contains(b) {
                    return (start, len, sensitive);
                }
            }
            _ => {}
        }
        let block_square = block.map_or(64, Square::u8);
        if block.is_some() {
            if let (_, Some(s)) = self.slot(waiting, unmoved, block_square) {
                return (s.start as usize, s.len as usize, s.sensitive);
            }
        }
        let base = self.stack.len();
        let mut sensitive = Bitboard::EMPTY;
        if let Some((role, units)) = self.followers(ours, us, waiting, unmoved, block) {
            if block.is_none() {
                sensitive = self.lines_to(waiting, units);
            }
            let king_steps = (role == Role::King).then_some(waiting);
            for unit in units {
                let (found, decided) = self.state(ours, us, unit, unmoved.without(unit), block, true);
                sensitive |= decided;
                let (run, king) = match found {
                    Found::One(end) => {
                        self.gather(
                            base,
                            End {
                                king: end.king.or(king_steps),
                                ..end
                            },
                        );
                        continue;
                    }
                    Found::Run { start, len, king } => (start..start + len, king.or(king_steps)),
                };
                for k in run {
                    let end = self.ends[k];
                    self.gather(
                        base,
                        End {
                            king: end.king.or(king),
                            ..end
                        },
                    );
                }
            }
        }
        let start = self.ends.len();
        self.ends.extend_from_slice(&self.stack[base..]);
        self.stack.truncate(base);
        let len = self.ends.len() - start;
        // Past three quarters full, states are counted without being kept.
        if self.used * 4 < Memo::SLOTS * 3 {
            // Found again: the states counted meanwhile may have taken the free slot.
            let (free, _) = self.slot(waiting, unmoved, block_square);
            self.slots[free] = MemoSlot {
                unmoved,
                waiting: waiting.u8(),
                block: block_square,
                stamp: self.stamp,
                start: start as u32,
                len: len as u32,
                sensitive,
            };
            self.used += 1;
        }
        (start, len, sensitive)
    }

    /// Adds `end` to the ends gathered from `base` on.
    #[inline]
    fn gather(&mut self, base: usize, end: End) {
        match self.stack[base..]
            .iter_mut()
            .find(|e| e.left == end.left && e.king == end.king)
        {
            Some(e) => e.chains += end.chains,
            None => self.stack.push(end),
        }
    }

    /// Who follows into `waiting` (units of `ours`, of the side `us`, among `unmoved`), the
    /// leader on `block`: the rule's answer on the position's table ([`ReachTable`],
    /// [`Blocked`]).
    #[inline]
    fn followers(
        &mut self,
        ours: &Kinds,
        us: Color,
        waiting: Square,
        unmoved: Bitboard,
        block: Option<Square>,
    ) -> Option<(Role, Bitboard)> {
        self.reach.learn(ours, us, waiting);
        match block {
            Some(block) => Blocked {
                reach: &self.reach,
                block,
            }
            .weakest(unmoved, waiting),
            None => self.reach.weakest(unmoved, waiting),
        }
    }

    /// The squares where a unit landing would stop one of the followers `units` (the weakest
    /// able) from reaching the vacated square `v`: those between `v` and each slider, and the
    /// square a pawn's double step passes over (a knight's or king's step passes over none).
    /// Only they may change who follows into `v`: a unit landing can only block, and blocking
    /// a stronger unit changes nothing.
    #[inline]
    fn lines_to(&self, v: Square, units: Bitboard) -> Bitboard {
        let from_v = &self.between[v.index()];
        Bitboard(units.fold(0, |bb, s| bb | from_v[s.index()]))
    }
}

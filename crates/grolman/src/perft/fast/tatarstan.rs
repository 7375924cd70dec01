//! The Tatarstan counter: the general generator above the last ply, and at the last ply every
//! leading move and its chains played in place, each chain's end judged without running the
//! whole transformation phase.
//!
//! Whether a turn is legal depends only on the other side's kinds after the phase (only they
//! attack our king), on the occupancy and on our king's square: the colours never interact in
//! the phase (docs/rules.md 3.4), and 1.6 asks nothing of our own kinds. So at the last ply:
//! - the other side's phase is run once per occupancy and set of its units (what a capture
//!   left of them), which all the turns of the position that end with them share; kept are
//!   the squares it attacks after each combination of its owners' choices (3.5);
//! - our own phase is run only to the end of the pawn stage, and only when a unit of ours
//!   stands on our last rank: each of ours that turns into a pawn there multiplies the turns
//!   by its four choices, which are all legal or all not.

use crate::attacks;
use crate::board::Units;
use crate::chain;
use crate::movegen::{self, Lead, LeadKind};
use crate::position::Position;
use crate::step;
use crate::transform::{self, Kinds, LastRank, Placement};
use crate::turns::for_each_turn;
use crate::types::{Color, Role, Square};
use crate::variant::Rules;
use crate::Bitboard;

/// Tatarstan perft: the general generator down to the last ply, then [`count`].
pub(super) fn perft(pos: &Position, rules: Rules, depth: u32, scratch: &mut Scratch) -> u64 {
    match depth {
        0 => 1,
        1 => count(pos, rules, scratch),
        _ => {
            let mut n = 0;
            for_each_turn(pos, rules, false, &mut |v| {
                n += perft(v.after, rules, depth - 1, scratch);
                false
            });
            n
        }
    }
}

/// The number of legal turns of `pos` (every tie, promotion and owner choice a turn of its own).
pub(super) fn count(pos: &Position, rules: Rules, scratch: &mut Scratch) -> u64 {
    let us = pos.turn();
    let board = &pos.board;
    scratch.restart();
    let mut leads = Vec::with_capacity(64);
    movegen::leads(pos, rules, &mut leads);
    leads.sort_by_key(|l| l.from);
    // With no unit of ours on our last rank, none stands there at the end of a chain unless
    // the leader lands there (followers only fill squares that our units left), so our phase
    // offers no choice, and a leader's chains can be walked once for all its destinations.
    let shareable = (board.by_color(us) & Bitboard::rank(us.last_rank())).is_empty();
    let mut work = pos.clone();
    let mut n = 0;
    for run in leads.chunk_by(|a, b| a.from == b.from) {
        let mut walked = false;
        for &lead in run {
            let shared = shareable
                && matches!(
                    lead.kind,
                    LeadKind::Quiet | LeadKind::Capture | LeadKind::DoubleStep
                )
                && lead.to.rank() != us.last_rank();
            if shared {
                if !walked {
                    walk_lifted(pos, lead.from, scratch);
                    walked = true;
                }
                if lead.kind == LeadKind::Capture || !scratch.chains.sensitive.contains(lead.to) {
                    n += scratch.count_lifted(pos, lead);
                    continue;
                }
            }
            n += count_played(&mut work, lead, scratch);
        }
    }
    super::checked(pos, rules, 1, n)
}

/// The legal turns of one leading move, its chains walked with the leader on its destination.
fn count_played(work: &mut Position, lead: Lead, scratch: &mut Scratch) -> u64 {
    let us = work.turn();
    let made = step::make_lead(work, lead);
    let (moved, vacated) = chain::after_lead(lead, made.castle);
    let mut space = Ours::<false> {
        us,
        ours: Kinds::of(&work.board, us),
        unmoved: work.board.by_color(us) & !moved,
        theirs: Kinds::of(&work.board, us.other()),
        played: [None; 16],
        len: 0,
        scratch,
    };
    let n = chain::walk_chains(&mut space, vacated, 1);
    step::unmake_lead(work, lead, &made);
    n
}

/// Walks the chains behind the unit on `from` with that unit lifted off the board, into
/// `scratch.chains`: they hold for every destination that blocks none of their followers'
/// lines (`Chains::sensitive`), and for every capture (a captured unit's square stays occupied).
fn walk_lifted(pos: &Position, from: Square, scratch: &mut Scratch) {
    let us = pos.turn();
    let mut ours = Kinds::of(&pos.board, us);
    if let Some(role) = pos.board.role_at(from) {
        ours.remove(from, role);
    }
    scratch.chains.ends.clear();
    scratch.chains.sensitive = Bitboard::EMPTY;
    let mut space = Ours::<true> {
        us,
        ours,
        unmoved: ours.by_color(us),
        theirs: ours,
        played: [None; 16],
        len: 0,
        scratch,
    };
    chain::walk_chains(&mut space, [Some(from), None], 1);
}

/// The chains behind a lifted leader ([`walk_lifted`]), each kind of end once: the square left
/// empty, where our king stands (`None` when it is the leader), and how many chains end so.
#[derive(Default)]
pub(super) struct Chains {
    ends: Vec<(Square, Option<Square>, u64)>,
    /// The squares whose occupancy decided a follower: a leader landing on one of them may
    /// change the chains.
    sensitive: Bitboard,
}

/// Our units alone, as the space the chains are walked in ([`chain::Space`]): each follower
/// moved on our sets, and moved back. At the end of each chain, with `LIFTED` the end is
/// noted in `scratch.chains` (the leader lifted off: [`walk_lifted`]), else judged.
struct Ours<'a, const LIFTED: bool> {
    us: Color,
    ours: Kinds,
    unmoved: Bitboard,
    /// The other side's units after the leading move.
    theirs: Kinds,
    /// The followers played (from, to, kind, promotion): at most 15 in a chain.
    played: [Option<(Square, Square, Role, Option<Role>)>; 16],
    len: usize,
    scratch: &'a mut Scratch,
}

/// The squares where a unit landing would stop one of the followers `units` (the weakest able)
/// from reaching the vacated square `v`: those between `v` and each slider, and the square a
/// pawn's double step passes over (a knight's or king's step passes over none). Only they may
/// change who follows into `v`: a unit landing can only block, and blocking a stronger unit
/// changes nothing.
#[inline]
fn lines_to(v: Square, units: Bitboard) -> Bitboard {
    units.fold(Bitboard::EMPTY, |bb, s| bb | attacks::between(v, s))
}

impl<const LIFTED: bool> chain::Space for Ours<'_, LIFTED> {
    type Units = Bitboard;
    type Note = ();
    type Mark = usize;

    // A follower's promotion leaves a unit on our last rank whose kind does not matter, but
    // whether it is a pawn does (a pawn there cannot turn into one); each choice is walked.
    const EACH_PROMOTION: bool = true;

    #[inline(always)]
    fn last_rank(&self) -> u8 {
        self.us.last_rank()
    }

    #[inline(always)]
    fn followers(&mut self, vacated: [Option<Square>; 2]) -> (chain::Followers<Bitboard>, ()) {
        let reach = chain::OnBoard {
            board: &self.ours,
            us: self.us,
        };
        let best = chain::followers(&reach, self.unmoved, vacated);
        if let (true, Some((_, found))) = (LIFTED, best) {
            for (v, units) in vacated.into_iter().zip(found) {
                if let Some(v) = v {
                    self.scratch.chains.sensitive |= lines_to(v, units);
                }
            }
        }
        (best, ())
    }

    #[inline(always)]
    fn step(&mut self, from: Square, to: Square, role: Role, promotion: Option<Role>, (): ()) -> Square {
        self.ours.shift(from, to, role);
        if let Some(promotion) = promotion {
            self.ours.retype(Bitboard::from_square(to), promotion);
        }
        self.unmoved.clear(from);
        if let Some(slot) = self.played.get_mut(self.len) {
            *slot = Some((from, to, role, promotion));
        }
        self.len += 1;
        from
    }

    #[inline(always)]
    fn mark(&self) -> usize {
        self.len
    }

    #[inline(always)]
    fn back_to(&mut self, mark: usize) {
        while self.len > mark {
            self.len -= 1;
            let Some((from, to, role, promotion)) = self.played.get(self.len).copied().flatten() else {
                continue;
            };
            if promotion.is_some() {
                self.ours.retype(Bitboard::from_square(to), role);
            }
            self.ours.shift(to, from, role);
            self.unmoved.set(from);
        }
    }

    #[inline]
    fn end(&mut self, vacated: [Option<Square>; 2], mult: u32) -> u64 {
        let king = self.ours.by_role(Role::King).first();
        if LIFTED {
            let ends = &mut self.scratch.chains.ends;
            let (Some(left), mult) = (vacated[0], u64::from(mult)) else {
                return 0;
            };
            match ends.iter_mut().find(|e| e.0 == left && e.1 == king) {
                Some(e) => e.2 += mult,
                None => ends.push((left, king, mult)),
            }
            return 0;
        }
        let occupied = self.ours.occupied();
        let safe = self
            .scratch
            .safe_outcomes(self.theirs.with_occupancy(occupied), self.us.other(), king);
        if safe == 0 {
            return 0;
        }
        u64::from(mult) * safe * our_choices(&self.ours, self.us)
    }
}

/// The number of combinations of the owner's choices of `us` after the pawn stage: four for
/// each unit of ours that turns into a pawn on our last rank.
#[inline]
fn our_choices(ours: &Kinds, us: Color) -> u64 {
    let on_last_rank = ours.by_color(us)
        & Bitboard::rank(us.last_rank())
        & !ours.by_role(Role::Pawn)
        & !ours.by_role(Role::King);
    if on_last_rank.is_empty() {
        return 1;
    }
    let mut ours = *ours;
    let mut last_rank = LastRank::default();
    transform::stage::<_, false>(&mut ours, Role::Pawn, &mut Vec::new(), Some(&mut last_rank));
    1 << (2 * last_rank.len())
}

/// The squares the units of `color` attack.
#[inline]
fn attacked(kinds: &Kinds, color: Color) -> Bitboard {
    let occ = kinds.occupied();
    Role::ALL.into_iter().fold(Bitboard::EMPTY, |bb, role| {
        bb | transform::defended(role, color, kinds.by_role(role), occ)
    })
}

/// The other side's phases of one position, by occupancy and set of its units: the squares
/// they attack after each of their owners' combinations.
pub(super) struct Scratch {
    /// The chains of the leader being counted, when they are walked lifted.
    chains: Chains,
    slots: Vec<Slot>,
    /// The attacked sets, each slot's in a run.
    attacked: Vec<Bitboard>,
    /// Slots of other stamps are empty.
    stamp: u32,
    used: usize,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    occupied: Bitboard,
    units: Bitboard,
    stamp: u32,
    start: u32,
    len: u32,
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            chains: Chains::default(),
            slots: vec![Slot::default(); Scratch::SLOTS],
            attacked: Vec::new(),
            stamp: 0,
            used: 0,
        }
    }
}

impl Scratch {
    const SLOTS: usize = 1 << 12;

    /// Forgets every phase (a new position: the other side's kinds may differ).
    fn restart(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill(Slot::default());
            self.stamp = 1;
        }
        self.attacked.clear();
        self.used = 0;
    }

    /// How many combinations of the choices of `them` after the phase on their units `theirs` leave `king`
    /// (ours) unattacked: all of them when we have no king.
    #[inline]
    fn safe_outcomes(&mut self, theirs: Kinds, them: Color, king: Option<Square>) -> u64 {
        let (occupied, units) = (theirs.occupied(), theirs.by_color(them));
        let mask = Scratch::SLOTS - 1;
        let hash = (occupied.0 ^ units.0.rotate_left(23)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut i = (hash >> 52) as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot.stamp != self.stamp {
                break;
            }
            if slot.occupied == occupied && slot.units == units {
                return self.count_safe(slot, king);
            }
            i = (i + 1) & mask;
        }
        if self.used * 2 > Scratch::SLOTS {
            self.restart();
            return self.safe_outcomes(theirs, them, king);
        }
        let start = self.attacked.len();
        let mut kinds = theirs;
        let mut last_rank = LastRank::default();
        transform::stage::<_, false>(&mut kinds, Role::Pawn, &mut Vec::new(), Some(&mut last_rank));
        self.each_choice(kinds, &last_rank, 0, them);
        let slot = Slot {
            occupied,
            units,
            stamp: self.stamp,
            start: start as u32,
            len: (self.attacked.len() - start) as u32,
        };
        self.slots[i] = slot;
        self.used += 1;
        self.count_safe(slot, king)
    }

    /// The legal turns of `lead` from the chains of its leader walked lifted
    /// (`self.chains`): each end judged with the leader on its destination.
    fn count_lifted(&mut self, pos: &Position, lead: Lead) -> u64 {
        let board = &pos.board;
        let them = pos.turn().other();
        let mut theirs = Kinds::of(board, them);
        if let Some(taken) = board.role_at(lead.to) {
            theirs.remove(lead.to, taken);
        }
        let king_leads = board.by_role(Role::King).contains(lead.from);
        let filled = board.occupied().with(lead.to);
        let mut n = 0;
        for k in 0..self.chains.ends.len() {
            let (left, king, mult) = self.chains.ends[k];
            let king = if king_leads { Some(lead.to) } else { king };
            n += mult * self.safe_outcomes(theirs.with_occupancy(filled.without(left)), them, king);
        }
        n
    }

    #[inline]
    fn count_safe(&self, slot: Slot, king: Option<Square>) -> u64 {
        let run = &self.attacked[slot.start as usize..(slot.start + slot.len) as usize];
        match king {
            Some(k) => run.iter().filter(|a| !a.contains(k)).count() as u64,
            None => run.len() as u64,
        }
    }

    /// The owner's choices for the `i`th square of `last_rank` on, each followed by the later
    /// stages; the attacked set of each combination kept.
    fn each_choice(&mut self, kinds: Kinds, last_rank: &LastRank, i: usize, them: Color) {
        let Some(sq) = last_rank.get(i) else {
            let mut kinds = kinds;
            transform::later_stages::<_, false>(&mut kinds, &mut Vec::new());
            self.attacked.push(attacked(&kinds, them));
            return;
        };
        for role in Role::PROMOTIONS {
            let mut next = kinds;
            next.retype(Bitboard::from_square(sq), role);
            self.each_choice(next, last_rank, i + 1, them);
        }
    }
}

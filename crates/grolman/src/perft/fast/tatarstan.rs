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

use super::chain_states::{Found, Memo};

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
    let n = count_until(pos, rules, scratch, false);
    super::checked(pos, rules, 1, n)
}

/// Whether `pos` has a legal turn: [`count`], stopped at the first leading move that has one.
pub(super) fn any_legal(pos: &Position, rules: Rules, scratch: &mut Scratch) -> bool {
    count_until(pos, rules, scratch, true) > 0
}

/// The legal turns of `pos`, or with `first` those of the leading moves up to the first that
/// has some.
fn count_until(pos: &Position, rules: Rules, scratch: &mut Scratch, first: bool) -> u64 {
    let us = pos.turn();
    let board = &pos.board;
    scratch.restart(pos);
    let mut leads = Vec::with_capacity(64);
    movegen::leads(pos, rules, &mut leads);
    if first && pos.is_check() {
        // Out of check, a king's step is the likeliest way: those first.
        let mut front = 0;
        for i in 0..leads.len() {
            if board.by_role(Role::King).contains(leads[i].from) {
                leads.swap(front, i);
                front += 1;
            }
        }
    }
    // With no unit of ours on our last rank, none stands there at the end of a chain unless
    // the leader lands there (followers only fill squares that our units left): our phase
    // offers no choice, no follower promotes, and the chains can be counted by the state they
    // reach ([`Memo`]).
    let shareable = (board.by_color(us) & Bitboard::rank(us.last_rank())).is_empty();
    let mut work = pos.clone();
    let mut n = 0;
    for lead in leads {
        let counted = shareable
            && matches!(
                lead.kind,
                LeadKind::Quiet | LeadKind::Capture | LeadKind::DoubleStep
            )
            && lead.to.rank() != us.last_rank();
        n += if counted {
            scratch.count_by_memo(pos, lead, first)
        } else {
            count_played(&mut work, lead, scratch, first)
        };
        if first && n > 0 {
            break;
        }
    }
    n
}

/// The legal turns of one leading move, its chains walked with the leader on its destination;
/// with `first`, only until one is found, and a count that is only right in being 0 or not.
fn count_played(work: &mut Position, lead: Lead, scratch: &mut Scratch, first: bool) -> u64 {
    let us = work.turn();
    let made = step::make_lead(work, lead);
    let (moved, vacated) = chain::after_lead(lead, made.castle);
    let mut space = Ours {
        us,
        ours: Kinds::of(&work.board, us),
        unmoved: work.board.by_color(us) & !moved,
        theirs: Kinds::of(&work.board, us.other()),
        played: [None; 16],
        len: 0,
        scratch,
        first,
        found: false,
    };
    let n = chain::walk_chains(&mut space, vacated, 1);
    step::unmake_lead(work, lead, &made);
    n
}

/// A follower's step: from, to, kind, promotion.
type Played = (Square, Square, Role, Option<Role>);

/// Our units alone, as the space the chains are walked in ([`chain::Space`]): each follower
/// moved on our sets, and moved back; the end of each chain judged.
struct Ours<'a> {
    us: Color,
    ours: Kinds,
    unmoved: Bitboard,
    /// The other side's units after the leading move.
    theirs: Kinds,
    /// The followers played (from, to, kind, promotion): at most 15 in a chain.
    played: [Option<Played>; 16],
    len: usize,
    scratch: &'a mut Scratch,
    /// Only whether there is a legal turn is asked, and `found` says so.
    first: bool,
    found: bool,
}

impl chain::Space for Ours<'_> {
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
        (chain::followers(&reach, self.unmoved, vacated), ())
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
    fn end(&mut self, _vacated: [Option<Square>; 2], mult: u32) -> u64 {
        let king = self.ours.by_role(Role::King).first();
        let theirs = self.theirs.with_occupancy(self.ours.occupied());
        let safe = self
            .scratch
            .phases
            .safe(theirs, self.us.other(), king, self.first);
        if safe == 0 {
            return 0;
        }
        self.found = true;
        u64::from(mult) * safe * our_choices(&self.ours, self.us)
    }

    #[inline(always)]
    fn stopped(&self) -> bool {
        self.found && self.first
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

/// What the counter keeps for one position: its chains by state, and the other side's phases.
#[derive(Default)]
pub(super) struct Scratch {
    memo: Memo,
    phases: Phases,
}

impl Scratch {
    /// A new position: forgets everything.
    fn restart(&mut self, pos: &Position) {
        self.memo.restart();
        self.phases.restart(pos);
    }

    /// The legal turns of `lead`, its chains counted by [`Memo`]: each kind of end judged
    /// once, with the leader on its destination.
    fn count_by_memo(&mut self, pos: &Position, lead: Lead, first: bool) -> u64 {
        let board = &pos.board;
        let (us, them) = (pos.turn(), pos.turn().other());
        // A capture leaves the occupancy as it was; any other lead fills its destination.
        let block = (lead.kind != LeadKind::Capture).then_some(lead.to);
        let ours = Kinds::of(board, us);
        let found = self
            .memo
            .chains(&ours, us, lead.from, ours.by_color(us).without(lead.from), block);
        let mut theirs = Kinds::of(board, them);
        if let Some(taken) = board.role_at(lead.to) {
            theirs.remove(lead.to, taken);
        }
        let king = if board.by_role(Role::King).contains(lead.from) {
            Some(lead.to)
        } else {
            board.king_of(us)
        };
        let filled = board.occupied().with(lead.to);
        let one;
        let (ends, king) = match found {
            Found::One(end) => {
                one = [end];
                (&one[..], king)
            }
            Found::Run {
                start,
                len,
                king: moved,
            } => (&self.memo.ends[start..start + len], moved.or(king)),
        };
        let mut n = 0;
        for end in ends {
            let king = end.king.or(king);
            n += end.chains
                * self
                    .phases
                    .safe(theirs.with_occupancy(filled.without(end.left)), them, king, first);
            if first && n > 0 {
                break;
            }
        }
        n
    }
}

/// The other side's phases of one position, by occupancy and set of its units: the squares
/// they attack after each of their owners' combinations.
pub(super) struct Phases {
    slots: Vec<Slot>,
    /// The attacked sets, each slot's in a run.
    attacked: Vec<Bitboard>,
    /// Slots of other stamps are empty.
    stamp: u32,
    used: usize,
    /// The other side's units before the turn, the occupancy then, and the squares their
    /// lines reach then (a queen's from each unit but the king, which never changes kind):
    /// a turn that changes the occupancy nowhere on them leaves each unit's attacks, whatever
    /// its kind, as they were, and so the phase.
    before: (Bitboard, Bitboard, Bitboard),
}

#[derive(Clone, Copy, Default)]
struct Slot {
    occupied: Bitboard,
    units: Bitboard,
    stamp: u32,
    start: u32,
    len: u32,
}

impl Default for Phases {
    fn default() -> Self {
        Phases {
            slots: vec![Slot::default(); Phases::SLOTS],
            attacked: Vec::new(),
            stamp: 0,
            used: 0,
            before: (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY),
        }
    }
}

impl Phases {
    const SLOTS: usize = 1 << 12;

    /// Forgets every phase (the other side's kinds may differ in `pos`).
    fn restart(&mut self, pos: &Position) {
        self.forget();
        let board = &pos.board;
        let units = board.by_color(pos.turn().other());
        let occ = board.occupied();
        let lines = (units & !board.by_role(Role::King))
            .fold(Bitboard::EMPTY, |bb, sq| bb | attacks::queen_attacks(sq, occ));
        self.before = (units, occ, lines);
    }

    fn forget(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill(Slot::default());
            self.stamp = 1;
        }
        self.attacked.clear();
        self.used = 0;
    }

    /// [`Phases::safe_outcomes`], told without the phase where `transform::may_attack` proves
    /// that none attacks our king (then every outcome is safe, and with no unit of `them` on
    /// their last rank there is one: no owner's choice; with `first`, when only 0 or not
    /// matters, 1 either way), or `transform::must_attack` that every one does. Most ends of
    /// a quiet position are of the first sort: 89 % of those of Tatarstan perft 3 from the
    /// start, which ran the phase for 64 % of them.
    #[inline]
    fn safe(&mut self, theirs: Kinds, them: Color, king: Option<Square>, first: bool) -> u64 {
        if let Some(k) = king {
            if !transform::may_attack(&theirs, them, k) {
                if first || (theirs.by_color(them) & Bitboard::rank(them.last_rank())).is_empty() {
                    return 1;
                }
            } else if transform::must_attack(&theirs, them, k) {
                return 0;
            }
        }
        self.safe_outcomes(theirs, them, king)
    }

    /// How many combinations of the choices of `them` after the phase on their units `theirs`
    /// leave `king` (ours) unattacked: all of them when we have no king.
    #[inline]
    fn safe_outcomes(&mut self, theirs: Kinds, them: Color, king: Option<Square>) -> u64 {
        let units = theirs.by_color(them);
        let (units_before, occ_before, lines) = self.before;
        let mut occupied = theirs.occupied();
        if units == units_before && ((occupied ^ occ_before) & lines).is_empty() {
            occupied = occ_before;
        }
        let mask = Phases::SLOTS - 1;
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
        if self.used * 2 > Phases::SLOTS {
            self.forget();
            return self.safe_outcomes(theirs, them, king);
        }
        let start = self.attacked.len();
        let mut kinds = theirs.with_occupancy(occupied);
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

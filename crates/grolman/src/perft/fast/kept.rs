//! What the Grolman counter keeps from one position to the next ([`Kept`], one per level of
//! the tree in [`Scratch`]), what makes each part of it stale, and the sums of legal turns
//! worked out from the kept verdicts. The invariants are written at the top of `fast/mod.rs`.

use super::walk::{Chain, Walk};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::movegen::Lead;
use crate::types::{Color, Role, Square};

/// What Grolman perft keeps from one position to the next, for the last ply (`levels[0]`)
/// and the one above it (`levels[1]`).
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) levels: [Kept; 2],
}

/// What the counter keeps from one position to the next: the numbering of our units; each
/// unit's moves, until a change on a square that decided them; the chains walked, each
/// leader's kept until a reach set of a square its chains vacate changes, or until our units
/// are no longer among those numbered; the sums of the plain pass; the verdicts on chains
/// that moved the king, until a change on a square that decided them; and the castling
/// turns.
pub(super) struct Kept {
    /// The squares of the units numbered, by kind (a position's own may lack some).
    pub(super) numbered: [Bitboard; 6],
    /// The square and kind of each number; the numbers of each kind run from `kind_start[kind]`
    /// to `kind_start[kind + 1]`, weakest kind first (`of_kind` holds them as sets of bits).
    pub(super) square_of: [Square; 16],
    pub(super) role_of: [Role; 16],
    pub(super) of_kind: [u32; 6],
    pub(super) kind_start: [u8; 7],
    /// The numbers of each number's kind, as a set of bits (`of_kind` of its kind).
    pub(super) same_kind: [u32; 16],
    /// Each unit's moves (see `Kept::moves`): its reach set (`reaches`, the own squares it
    /// could step into were they vacated), where it may lead to, and the squares that decided
    /// them; the units with a leading move; and `reached_by`, the units that reach each square
    /// (`reaches` turned around; a spare 65th entry takes the changes of an empty set).
    pub(super) reaches: [Bitboard; 16],
    pub(super) reached_by: [u32; 65],
    pub(super) targets: [Bitboard; 16],
    pub(super) moves_seen: [Bitboard; 16],
    pub(super) leaders: u32,
    /// The leaders whose sums in the plain pass hold (`plain_turns`, 0 for a unit that does not
    /// lead, and `plain_total` their total), and those of them with more to count apart (`apart`).
    pub(super) plain_kept: u32,
    pub(super) plain_turns: [u64; 16],
    pub(super) plain_total: u64,
    pub(super) apart: u32,
    /// The turns the plain pass counted apart for each of those (`apart_turns`), which hold
    /// while it keeps its sums and the verdicts their epoch (`apart_kept`, and `apart_total`
    /// their total).
    pub(super) apart_turns: [u64; 16],
    pub(super) apart_kept: u32,
    pub(super) apart_total: u64,
    /// The leaders whose chains are in `chains`.
    pub(super) walked: u32,
    /// The squares each leader's chains vacate, its own included.
    pub(super) visited: [Bitboard; 16],
    /// The chains of each leader (by number) landing on a square that blocks a follower's
    /// line.
    pub(super) blocked: [Vec<Blocked>; 16],
    pub(super) chains: [LeaderChains; 16],
    pub(super) kept_chains: Vec<Chain>,
    /// The verdict on each kept chain that moved the king (by its place in `kept_chains`): the
    /// leader's destinations that leave the king safe.
    pub(super) verdicts: Vec<Bitboard>,
    /// Verdicts are kept by leader (not in check, nothing pinned): those renewed in its
    /// `epoch` hold while none of the squares that decided them (`verdicts_seen`) changes, and then
    /// the epoch moves on. `live` holds the leaders with such squares.
    pub(super) epoch: [u64; 16],
    pub(super) verdicts_seen: [Bitboard; 16],
    pub(super) live: u32,
    /// The epoch of the verdicts on each leader's chains (`chains`), the destinations they
    /// were last summed for (for a king that leads, none other was judged), and the sum.
    pub(super) judged: [u64; 16],
    pub(super) judged_dests: [Bitboard; 16],
    pub(super) judged_turns: [u64; 16],
    /// The units of the last position counted: by kind, and the white ones; and the side
    /// numbered.
    pub(super) contents: [Bitboard; 7],
    pub(super) us: Color,
    /// Room for the chains a walk finds.
    pub(super) ends: Vec<Chain>,
    /// Room for the castlings of a position.
    pub(super) castles: Vec<Lead>,
    /// The castlings counted last.
    pub(super) castled: Castled,
}

impl Default for Kept {
    fn default() -> Kept {
        Kept {
            numbered: [Bitboard::EMPTY; 6],
            square_of: [Square::A1; 16],
            role_of: [Role::Pawn; 16],
            of_kind: [0; 6],
            kind_start: [0; 7],
            same_kind: [0; 16],
            reaches: [Bitboard::EMPTY; 16],
            reached_by: [0; 65],
            targets: [Bitboard::EMPTY; 16],
            moves_seen: [Bitboard::EMPTY; 16],
            leaders: 0,
            plain_kept: 0,
            plain_turns: [0; 16],
            plain_total: 0,
            apart: 0,
            apart_turns: [0; 16],
            apart_kept: 0,
            apart_total: 0,
            walked: 0,
            visited: [Bitboard::EMPTY; 16],
            blocked: std::array::from_fn(|_| Vec::new()),
            chains: std::array::from_fn(|_| LeaderChains::default()),
            kept_chains: Vec::new(),
            verdicts: Vec::new(),
            epoch: [1; 16],
            verdicts_seen: [Bitboard::EMPTY; 16],
            live: 0,
            judged: [0; 16],
            judged_dests: [Bitboard::EMPTY; 16],
            judged_turns: [0; 16],
            contents: [Bitboard::EMPTY; 7],
            us: Color::White,
            ends: Vec::new(),
            castles: Vec::new(),
            castled: Castled::default(),
        }
    }
}

impl Kept {
    /// The numbers in use, as a set of bits.
    #[inline]
    pub(super) fn everyone(&self) -> u32 {
        (1u32 << self.kind_start[6]) - 1
    }

    /// Numbers `units`, the units of `us` (by kind): each keeps its number if it stands where
    /// a unit of its kind was numbered, or takes the number of one no longer here. Returns
    /// whether all had to be numbered afresh (as when the other side was numbered), and the
    /// squares whose number changed hands.
    #[inline]
    pub(super) fn number(&mut self, us: Color, units: &[Bitboard; 6]) -> (bool, Bitboard) {
        if us != self.us {
            self.us = us;
            return (true, self.renumber(units));
        }
        let mut renumbered = Bitboard::EMPTY;
        for (r, now) in units.iter().enumerate() {
            let mut new = *now & !self.numbered[r];
            if new.is_empty() {
                continue;
            }
            let gone = self.numbered[r] & !*now;
            if new.count() > gone.count() {
                return (true, self.renumber(units));
            }
            for sq in
                &mut self.square_of[usize::from(self.kind_start[r])..usize::from(self.kind_start[r + 1])]
            {
                if let (true, Some(to)) = (gone.contains(*sq), new.first()) {
                    renumbered |= Bitboard::from_square(*sq).with(to);
                    self.numbered[r] = self.numbered[r].without(*sq).with(to);
                    new.clear(to);
                    *sq = to;
                }
            }
        }
        (false, renumbered)
    }

    /// Numbers `units` afresh, weakest kind first (16 at most).
    fn renumber(&mut self, units: &[Bitboard; 6]) -> Bitboard {
        let mut n = 0;
        self.of_kind = [0; 6];
        for (r, now) in units.iter().enumerate() {
            self.kind_start[r] = n as u8;
            for sq in *now {
                if n < 16 {
                    self.square_of[n] = sq;
                    self.role_of[n] = Role::ALL[r];
                    self.of_kind[r] |= 1 << n;
                    n += 1;
                }
            }
        }
        self.kind_start[6] = n as u8;
        for (same_kind, role) in self.same_kind.iter_mut().zip(&self.role_of).take(n) {
            *same_kind = self.of_kind[role.index()];
        }
        self.numbered = *units;
        Bitboard::ALL
    }

    /// Kept chains past which all are dropped at the next change (when some reach sets
    /// change, the chains walked again are added and the stale ones left in place). Few
    /// enough to stay in the nearest cache (8 KB, and 4 KB of verdicts): with 4096, as many
    /// instructions but 3 % slower on Kiwipete when the other core is busy.
    pub(super) const MAX_CHAINS: usize = 512;

    /// Keeps the chains a walk found, those that moved the king first.
    #[inline(never)]
    pub(super) fn keep(&mut self, walk: &Walk) -> LeaderChains {
        let start = self.kept_chains.len() as u32;
        if let [chain] = walk.ends[..] {
            // The common case: one chain.
            self.kept_chains.push(chain);
            self.verdicts.push(Bitboard::EMPTY);
            let mid = start + u32::from(chain.king.is_some());
            return LeaderChains {
                king_moved: start..mid,
                king_stayed: mid..start + 1,
                plain: u64::from(chain.mult) * u64::from(chain.king.is_none()),
                ends: Bitboard(u64::from(chain.king.is_none()) << chain.vacated.index()),
                sensitive: walk.sensitive,
                promotes: chain.mult > 1,
            };
        }
        let (mut plain, mut most, mut ends) = (0, 0, Bitboard::EMPTY);
        self.kept_chains
            .extend(walk.ends.iter().filter(|l| l.king.is_some()));
        let mid = self.kept_chains.len() as u32;
        for chain in &walk.ends {
            most = most.max(chain.mult);
            if chain.king.is_none() {
                self.kept_chains.push(*chain);
                plain += u64::from(chain.mult);
                ends.set(chain.vacated);
            }
        }
        self.verdicts.resize(self.kept_chains.len(), Bitboard::EMPTY);
        LeaderChains {
            king_moved: start..mid,
            king_stayed: mid..self.kept_chains.len() as u32,
            plain,
            ends,
            sensitive: walk.sensitive,
            promotes: most > 1,
        }
    }

    /// The squares whose unit differs in `board` from the last position counted (all of them
    /// if the other side was to move there); drops the verdicts they decided.
    #[inline]
    pub(super) fn moved_on(&mut self, board: &Board, us: Color) -> Bitboard {
        let mut now = [board.by_color(Color::White); 7];
        for role in Role::ALL {
            now[role.index()] = board.by_role(role);
        }
        let mut changed = Bitboard::EMPTY;
        for (then, units) in self.contents.iter().zip(&now) {
            changed |= *then ^ *units;
        }
        if us != self.us {
            changed = Bitboard::ALL;
        }
        self.contents = now;
        if (self.castled.seen & changed).any() {
            self.castled.rights = None;
        }
        let mut dropped = 0u32;
        for (i, seen) in self.verdicts_seen.iter().enumerate() {
            dropped |= u32::from((*seen & changed).any()) << i;
        }
        dropped &= self.live;
        while dropped != 0 {
            self.drop_verdicts(dropped.trailing_zeros() as usize & 15);
            dropped &= dropped - 1;
        }
        changed
    }

    /// Drops what no longer holds now that the units were all numbered afresh (`renumber`),
    /// or the reach sets of the squares `reach_changed` changed, and the units `retargeted`
    /// have new destinations: every chain and sum for the former (or when too many chains
    /// are kept); for the latter, the chains (with their verdicts) of the leaders whose
    /// chains vacate such a square, the castling turns likewise, and the plain sums of those
    /// leaders and of the units retargeted.
    #[inline(always)]
    pub(super) fn drop_stale(&mut self, renumber: bool, reach_changed: Bitboard, retargeted: u32) {
        if renumber || self.kept_chains.len() > Kept::MAX_CHAINS {
            self.walked = 0;
            self.castled.rights = None;
            self.plain_turns = [0; 16];
            self.plain_total = 0;
            (0..16).for_each(|i| self.drop_verdicts(i));
            self.kept_chains.clear();
            self.verdicts.clear();
            self.blocked.iter_mut().for_each(Vec::clear);
        } else if reach_changed.any() {
            if (self.castled.visited & reach_changed).any() {
                self.castled.rights = None;
            }
            let mut stale = 0u32;
            for (i, visited) in self.visited.iter().enumerate() {
                stale |= u32::from((*visited & reach_changed).any()) << i;
            }
            self.walked &= !stale;
            let mut bits = stale;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize & 15;
                bits &= bits - 1;
                self.drop_verdicts(i);
                self.blocked[i].clear();
            }
        }
        // The plain sums hold for the units whose chains and destinations are the same (a
        // unit on a new square has its chains walked again: its square was among the changed
        // ones, and its chains vacate it).
        self.plain_kept &= self.walked & !retargeted;
    }

    /// Checks (in debug builds) that the running totals are the sums they stand for:
    /// `plain_total` of `plain_turns`, `apart_total` of the `apart_turns` of `apart_kept`.
    #[inline]
    pub(super) fn debug_check_totals(&self) {
        if cfg!(debug_assertions) {
            let plain = self.plain_turns.iter().fold(0u64, |sum, n| sum.wrapping_add(*n));
            debug_assert_eq!(self.plain_total, plain, "the running total of the plain sums");
            let apart = (0..16)
                .filter(|i| self.apart_kept & (1 << i) != 0)
                .fold(0u64, |sum, i| sum.wrapping_add(self.apart_turns[i]));
            debug_assert_eq!(
                self.apart_total, apart,
                "the running total of the turns counted apart"
            );
        }
    }

    /// Ends the epoch of leader `i`'s verdicts.
    pub(super) fn drop_verdicts(&mut self, i: usize) {
        self.epoch[i] += 1;
        self.release(i);
        self.verdicts_seen[i] = Bitboard::EMPTY;
        self.live &= !(1 << i);
    }

    /// Takes leader `i`'s turns counted apart out of their running total, if they are in it.
    #[inline]
    pub(super) fn release(&mut self, i: usize) {
        let in_total = u64::from((self.apart_kept >> i) & 1);
        self.apart_total = self.apart_total.wrapping_sub(self.apart_turns[i] * in_total);
        self.apart_kept &= !(1 << i);
    }

    /// The legal turns of leader `i`'s kept chains that moved the king, with each destination
    /// in `dests`: from the kept verdicts, which `verdict` renews when they no longer hold.
    pub(super) fn judge(
        &mut self,
        i: usize,
        chains: &LeaderChains,
        dests: Bitboard,
        king_leads: bool,
        verdict: impl Fn(&Chain, Bitboard, bool) -> (Bitboard, Bitboard),
    ) -> u64 {
        let same_epoch = self.judged[i] == self.epoch[i];
        if same_epoch && dests == self.judged_dests[i] {
            return self.judged_turns[i];
        }
        let kings = chains.king_moved.start as usize..chains.king_moved.end as usize;
        let (kept_chains, verdicts) = (&self.kept_chains[kings.clone()], &mut self.verdicts[kings]);
        if !same_epoch || (king_leads && (dests & !self.judged_dests[i]).any()) {
            let mut seen = Bitboard::EMPTY;
            for (chain, kept) in kept_chains.iter().zip(verdicts.iter_mut()) {
                let decided;
                (*kept, decided) = verdict(chain, dests, king_leads);
                seen |= decided;
            }
            self.verdicts_seen[i] |= seen;
            self.live |= 1 << i;
            self.judged[i] = self.epoch[i];
        }
        let mut tally = Tally::default();
        for (chain, kept) in kept_chains.iter().zip(verdicts.iter()) {
            tally.add(chain.mult, *kept, dests);
        }
        self.judged_dests[i] = dests;
        self.judged_turns[i] = tally.total(dests);
        self.judged_turns[i]
    }

    /// The legal turns of leader `i`'s blocked chains `k` that moved the king, from the kept
    /// verdict on them, which `verdict` renews when it no longer holds.
    pub(super) fn judge_blocked(
        &mut self,
        i: usize,
        k: usize,
        king_leads: bool,
        verdict: impl Fn(&Chain, Bitboard, bool) -> (Bitboard, Bitboard),
    ) -> u64 {
        let blocked = &self.blocked[i][k];
        if blocked.judged == self.epoch[i] {
            return blocked.turns;
        }
        let to = Bitboard::from_square(blocked.to);
        let kings = blocked.chains.king_moved.start as usize..blocked.chains.king_moved.end as usize;
        let (mut tally, mut seen) = (Tally::default(), Bitboard::EMPTY);
        for chain in &self.kept_chains[kings] {
            let (kept, decided) = verdict(chain, to, king_leads);
            tally.add(chain.mult, kept, to);
            seen |= decided;
        }
        let turns = tally.total(to);
        self.verdicts_seen[i] |= seen;
        self.live |= 1 << i;
        let renewed = &mut self.blocked[i][k];
        renewed.judged = self.epoch[i];
        renewed.turns = turns;
        turns
    }
}

/// The finished chains behind one leader, as ranges of `Kept::kept_chains`.
#[derive(Default, Clone)]
pub(super) struct LeaderChains {
    /// Those that moved the king.
    pub(super) king_moved: core::ops::Range<u32>,
    pub(super) king_stayed: core::ops::Range<u32>,
    /// How many of the others there are (promotion choices counted), and the squares they
    /// empty.
    pub(super) plain: u64,
    pub(super) ends: Bitboard,
    /// The squares whose occupancy decided a follower.
    pub(super) sensitive: Bitboard,
    /// Whether a follower promotes in some of them.
    pub(super) promotes: bool,
}

/// The legal castling turns of a position with our castling `rights` (king's side, queen's
/// side); they hold while the squares that decided them (`seen`) keep their units and no
/// reach set of a square their chains vacate (`visited`) changes. `rights` is `None` when
/// they no longer hold.
#[derive(Default)]
pub(super) struct Castled {
    pub(super) rights: Option<[bool; 2]>,
    pub(super) seen: Bitboard,
    pub(super) visited: Bitboard,
    pub(super) turns: u64,
}

/// A leader's chains when it lands on `to`, a square that blocks a follower's line; the epoch
/// of the verdict on them, and the legal turns it found.
pub(super) struct Blocked {
    pub(super) to: Square,
    pub(super) chains: LeaderChains,
    pub(super) judged: u64,
    pub(super) turns: u64,
}

/// A sum of legal turns over chains, from their verdicts.
#[derive(Default)]
pub(super) struct Tally {
    /// The turns of the chains whose king is safe wherever the leader goes, to be multiplied
    /// once by the number of destinations.
    safe: u64,
    turns: u64,
}

impl Tally {
    #[inline]
    pub(super) fn add(&mut self, mult: u32, verdict: Bitboard, dests: Bitboard) {
        if verdict == Bitboard::ALL {
            self.safe += u64::from(mult);
        } else {
            self.turns += u64::from(mult) * u64::from((dests & verdict).count());
        }
    }

    #[inline]
    pub(super) fn total(&self, dests: Bitboard) -> u64 {
        self.turns + self.safe * u64::from(dests.count())
    }
}

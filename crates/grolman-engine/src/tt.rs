//! The transposition table: one entry per slot, indexed by the rules crate's Zobrist key. The
//! best turn is remembered as its leading move (searched first, before the other leading moves
//! are played out) and the key of the position it leads to, which names the turn among its
//! leading move's without storing its chain.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The score is at least this (a beta cut-off).
    Lower,
    /// The score is at most this (every turn failed low).
    Upper,
}

#[derive(Clone, Copy)]
pub struct Entry {
    pub key: u64,
    /// The best turn, as [`turn_tag`] of the key of the position it leads to.
    pub best: u32,
    /// The best turn's leading move, by [`crate::search`]'s `lead_code`.
    pub lead: u16,
    /// Centipawns or a mate score: all fit in 16 bits.
    pub score: i16,
    /// From 1 to 255 (the search stores no entry below depth 1, and goes at most
    /// `MAX_PLY` deep).
    pub depth: i16,
    pub bound: Bound,
}

/// How an entry names its best turn among its leading move's turns: the high 32 bits of the key
/// of the position after it. Two turns of one leading move whose keys share them (about one
/// pair in 2^32) would only be tried in another order.
pub fn turn_tag(key: u64) -> u32 {
    (key >> 32) as u32
}

/// The key's bits that a slot's index gives (a table has at least 1024 slots): a slot keeps its
/// depth and bound there instead, so that it holds an entry in 16 bytes and still checks the
/// whole key.
const LOW: u64 = 1023;

/// An entry in 16 bytes (an `Option<Entry>` took 24, one slot in four across two cache lines):
/// `check` holds the key's bits above [`LOW`], the depth in bits 2 to 9 and the bound in bits 0
/// and 1. An empty slot is all zero: its depth 0 is no entry's.
#[derive(Clone, Copy, Default)]
struct Slot {
    check: u64,
    best: u32,
    lead: u16,
    score: i16,
}

impl Slot {
    fn depth(self) -> i16 {
        (self.check >> 2 & 0xff) as i16
    }

    fn holds(self, key: u64) -> bool {
        (self.check ^ key) & !LOW == 0 && self.depth() > 0
    }
}

pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
}

impl Table {
    /// A table of at least 1024 slots, a power of two: as many as when a slot took 24 bytes,
    /// half of what `megabytes` MB of them would be (so that searches keep their trees), which
    /// is now a third of `megabytes` MB.
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let want = (bytes / 24).max(1024);
        let size = (want.next_power_of_two() / 2).max(1024);
        Table {
            slots: vec![Slot::default(); size],
            mask: size - 1,
        }
    }

    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slots[key as usize & self.mask];
        slot.holds(key).then(|| Entry {
            key,
            best: slot.best,
            lead: slot.lead,
            score: slot.score,
            depth: slot.depth(),
            bound: match slot.check & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
        })
    }

    /// Stores an entry; a deeper entry of another position is kept unless this one is exact.
    pub fn store(&mut self, entry: Entry) {
        debug_assert!((1..=255).contains(&entry.depth), "depth {}", entry.depth);
        let slot = &mut self.slots[entry.key as usize & self.mask];
        let keep = slot.depth() > 0
            && !slot.holds(entry.key)
            && slot.depth() > entry.depth + 2
            && entry.bound != Bound::Exact;
        if !keep {
            let bound = match entry.bound {
                Bound::Exact => 0,
                Bound::Lower => 1,
                Bound::Upper => 2,
            };
            *slot = Slot {
                check: entry.key & !LOW | (entry.depth.clamp(0, 255) as u64) << 2 | bound,
                best: entry.best,
                lead: entry.lead,
                score: entry.score,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grolman::random::Xorshift;

    fn entry(key: u64, depth: i16, bound: Bound, n: u64) -> Entry {
        Entry {
            key,
            best: n as u32 ^ 0xdead_beef,
            lead: (n % 0x7fff) as u16,
            score: (n % 60_000) as i16 - 30_000,
            depth,
            bound,
        }
    }

    #[test]
    fn an_entry_comes_back_whole_and_only_under_its_own_key() {
        let mut table = Table::new(1);
        let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
        let bounds = [Bound::Exact, Bound::Lower, Bound::Upper];
        for n in 0..5000u64 {
            // Each in a slot of its own (a 1 MB table has 32,768).
            let key = rng.next_u64() & !0x7fff | n;
            let e = entry(key, (n % 255) as i16 + 1, bounds[n as usize % 3], n);
            table.store(e);
            let got = table.probe(key).expect("just stored");
            assert_eq!(
                (got.key, got.best, got.lead, got.score, got.depth, got.bound),
                (e.key, e.best, e.lead, e.score, e.depth, e.bound)
            );
            // The same slot, another key: differing in any bit above the index's.
            for bit in [10, 20, 40, 63] {
                assert!(table.probe(key ^ 1 << bit).is_none(), "bit {bit}");
            }
        }
    }

    #[test]
    fn an_empty_table_holds_nothing_even_for_a_key_with_no_high_bits() {
        let mut table = Table::new(1);
        assert!(table.probe(0).is_none());
        assert!(table.probe(5).is_none());
        table.store(entry(7, 3, Bound::Lower, 1));
        table.clear();
        assert!(table.probe(7).is_none());
    }

    #[test]
    fn a_deeper_entry_of_another_position_is_kept_unless_the_new_one_is_exact() {
        let mut table = Table::new(1);
        let (a, b) = (1 << 40 | 9, 2 << 40 | 9);
        table.store(entry(a, 10, Bound::Lower, 1));
        table.store(entry(b, 7, Bound::Upper, 2));
        assert_eq!(table.probe(a).map(|e| e.depth), Some(10));
        assert!(table.probe(b).is_none());
        table.store(entry(b, 8, Bound::Upper, 3));
        assert_eq!(table.probe(b).map(|e| e.depth), Some(8));
        table.store(entry(a, 20, Bound::Lower, 4));
        table.store(entry(b, 1, Bound::Exact, 5));
        assert_eq!(table.probe(b).map(|e| e.depth), Some(1));
    }

    #[test]
    fn a_slot_takes_16_bytes_and_the_slot_count_is_the_old_one() {
        assert_eq!(core::mem::size_of::<Slot>(), 16);
        // 8 and 16 MB held 262,144 and 524,288 slots of 24 bytes.
        assert_eq!(Table::new(8).slots.len(), 1 << 18);
        assert_eq!(Table::new(16).slots.len(), 1 << 19);
    }
}

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
    pub best: u64,
    /// The best turn's leading move, by [`crate::search`]'s `lead_code`.
    pub lead: u16,
    /// Centipawns or a mate score: all fit in 16 bits, which keeps an entry at 24 bytes.
    pub score: i16,
    pub depth: i16,
    pub bound: Bound,
}

pub struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of about `megabytes` MB (at least 1024 slots).
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let want = (bytes / core::mem::size_of::<Option<Entry>>()).max(1024);
        let size = want.next_power_of_two() / 2;
        Table {
            slots: vec![None; size.max(1024)],
            mask: size.max(1024) - 1,
        }
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores an entry; a deeper entry of another position is kept unless this one is exact.
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        let keep = matches!(slot, Some(old) if old.key != entry.key && old.depth > entry.depth + 2
            && entry.bound != Bound::Exact);
        if !keep {
            *slot = Some(entry);
        }
    }
}
